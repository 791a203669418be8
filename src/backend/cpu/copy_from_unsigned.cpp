// Converting copies from the bool and unsigned integer dtypes to every dtype.
#include "backend/cpu/copy_convert.h"

namespace mxcore::cpu {

template void copy_from<bool>(const array&, array&);
template void copy_from<uint8_t>(const array&, array&);
template void copy_from<uint16_t>(const array&, array&);
template void copy_from<uint32_t>(const array&, array&);
template void copy_from<uint64_t>(const array&, array&);

} // namespace mxcore::cpu
