// to_fp8 / from_fp8: checks; the ConvertFP8 primitive converts.
#include "mxcore/ops_extra.h"
#include "ops/util.h"
#include "primitives/convert_fp8.h"

namespace mxcore {

array to_fp8(array x, StreamOrDevice s) {
  if (!issubdtype(x.dtype(), floating)) {
    throw std::invalid_argument("[to_fp8] Only real floating types are supported but x.dtype() == " +
                                dtype_name(x.dtype()) + ".");
  }
  auto shape = x.shape();
  return array(std::move(shape), uint8, std::make_shared<ConvertFP8>(to_stream(s), true, uint8),
               {std::move(x)});
}

array from_fp8(array x, Dtype dtype, StreamOrDevice s) {
  if (x.dtype() != uint8) {
    throw std::invalid_argument("[from_fp8] Input must have type uint8 but x.dtype() == " +
                                dtype_name(x.dtype()) + ".");
  }
  if (!issubdtype(dtype, floating)) {
    throw std::invalid_argument("[from_fp8] Only real floating types are supported but dtype == " +
                                dtype_name(dtype) + ".");
  }
  auto shape = x.shape();
  return array(std::move(shape), dtype, std::make_shared<ConvertFP8>(to_stream(s), false, dtype),
               {std::move(x)});
}

} // namespace mxcore
