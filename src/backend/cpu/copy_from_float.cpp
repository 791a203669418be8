// Converting copies from the floating and complex dtypes to every dtype.
#include "backend/cpu/copy_convert.h"

namespace mxcore::cpu {

template void copy_from<float16_t>(const array&, array&);
template void copy_from<bfloat16_t>(const array&, array&);
template void copy_from<float>(const array&, array&);
template void copy_from<double>(const array&, array&);
template void copy_from<complex64_t>(const array&, array&);

} // namespace mxcore::cpu
