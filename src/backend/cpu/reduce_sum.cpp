// The eager sum reduction kernels, every input dtype (loops in reducer.h).
#include "backend/cpu/reducer.h"

namespace mxcore::cpu {

template void reduce_dispatch<reduce_ops::Sum>(const array&, array&, const std::vector<int>&);

} // namespace mxcore::cpu
