#include "kernel/constant_literal.h"

#include <cstdint>
#include <limits>

namespace mxcore::kernel {

std::string constant_literal(Dtype t, const ConstantValue& v, const LiteralStyle& style) {
  auto wrap = [&](Dtype as, const std::string& x) { return style.type_name(as) + "(" + x + ")"; };
  auto real = [&] { return wrap(float32, style.float_literal(v.real)); };
  switch (t.val) {
    case Dtype::Val::bool_:
      return v.i ? "true" : "false";
    case Dtype::Val::uint8:
    case Dtype::Val::uint16:
    case Dtype::Val::uint32:
    case Dtype::Val::uint64:
      return wrap(t, std::to_string(v.u) + style.unsigned_suffix);
    case Dtype::Val::int8:
    case Dtype::Val::int16:
    case Dtype::Val::int32:
    case Dtype::Val::int64:
      if (v.i == std::numeric_limits<int64_t>::min()) return style.int64_min;
      return wrap(t, std::to_string(v.i) + style.signed_suffix);
    case Dtype::Val::float64:
      return wrap(t, style.float_literal(v.real));
    case Dtype::Val::float32:
      return style.wrap_float32 ? real() : style.float_literal(v.real);
    case Dtype::Val::float16:
    case Dtype::Val::bfloat16:
      return wrap(t, style.wrap_float32 ? real() : style.float_literal(v.real));
    case Dtype::Val::complex64: {
      auto part = [&](double x) {
        return style.wrap_float32 ? wrap(float32, style.float_literal(x)) : style.float_literal(x);
      };
      return style.type_name(t) + "(" + part(v.real) + ", " + part(v.imag) + ")";
    }
  }
  return "";
}

} // namespace mxcore::kernel
