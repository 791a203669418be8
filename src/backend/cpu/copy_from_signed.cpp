// Converting copies from the signed integer dtypes to every dtype.
#include "backend/cpu/copy_convert.h"

namespace mxcore::cpu {

template void copy_from<int8_t>(const array&, array&);
template void copy_from<int16_t>(const array&, array&);
template void copy_from<int32_t>(const array&, array&);
template void copy_from<int64_t>(const array&, array&);

} // namespace mxcore::cpu
