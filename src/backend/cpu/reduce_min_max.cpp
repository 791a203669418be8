// The eager min and max reduction kernels, every input dtype (loops in reducer.h).
#include "backend/cpu/reducer.h"

namespace mxcore::cpu {

template void reduce_dispatch<reduce_ops::Min>(const array&, array&, const std::vector<int>&);
template void reduce_dispatch<reduce_ops::Max>(const array&, array&, const std::vector<int>&);

} // namespace mxcore::cpu
