// Cumulative ops: cumsum, cumprod, cummax, cummin, logcumsumexp (the Scan primitive).
#include "ops/util.h"
#include "primitives/scan.h"

namespace mxcore {

namespace {

array make_scan(const array& a, int axis, bool reverse, bool inclusive, Scan::ReduceType type,
                Dtype out_type, const char* op, StreamOrDevice s) {
  int ax = normalize_axis(axis, a.ndim(), op);
  auto stream = to_stream(s);
  array in = (a.dtype() == out_type || a.dtype() == bool_) ? a : astype(a, out_type, stream);
  return array(a.shape(), out_type,
               std::make_shared<Scan>(stream, type, ax, reverse, inclusive), {in});
}

} // namespace

array cumsum(const array& a, int axis, bool reverse, bool inclusive, StreamOrDevice s) {
  // Bools count in int32 (as MLX); other types keep their dtype.
  Dtype t = a.dtype() == bool_ ? int32 : a.dtype();
  return make_scan(a, axis, reverse, inclusive, Scan::Sum, t, "cumsum", s);
}

array cumprod(const array& a, int axis, bool reverse, bool inclusive, StreamOrDevice s) {
  return make_scan(a, axis, reverse, inclusive, Scan::Prod, a.dtype(), "cumprod", s);
}

array cummax(const array& a, int axis, bool reverse, bool inclusive, StreamOrDevice s) {
  return make_scan(a, axis, reverse, inclusive, Scan::Max, a.dtype(), "cummax", s);
}

array cummin(const array& a, int axis, bool reverse, bool inclusive, StreamOrDevice s) {
  return make_scan(a, axis, reverse, inclusive, Scan::Min, a.dtype(), "cummin", s);
}

array logcumsumexp(const array& a, int axis, bool reverse, bool inclusive, StreamOrDevice s) {
  // Bools are not passed through to the kernel as for cumsum: log-add-exp needs floats.
  Dtype t = at_least_float(a.dtype());
  return make_scan(a.dtype() == bool_ ? astype(a, t, to_stream(s)) : a, axis, reverse, inclusive,
                   Scan::LogAddExp, t, "logcumsumexp", s);
}

} // namespace mxcore
