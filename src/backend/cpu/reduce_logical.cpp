// The eager all and any reduction kernels, every input dtype (loops in reducer.h).
#include "backend/cpu/reducer.h"

namespace mxcore::cpu {

template void reduce_dispatch<reduce_ops::And>(const array&, array&, const std::vector<int>&);
template void reduce_dispatch<reduce_ops::Or>(const array&, array&, const std::vector<int>&);

} // namespace mxcore::cpu
