#include "primitives/scan.h"

#include <limits>

#include "mxcore/ops.h"
#include "primitives/elementwise_rules.h"
#include "primitives/sort.h"

namespace mxcore {

namespace {

array flip_axis(const array& a, int axis, Stream s) {
  Shape start(a.ndim(), 0), stop = a.shape(), strides(a.ndim(), 1);
  start[axis] = -1;
  stop[axis] = -a.shape(axis) - 1;
  strides[axis] = -1;
  return slice(a, start, stop, strides, s);
}

// a shifted by one along axis towards higher indices (the first slot takes
// `fill`): turns an inclusive forward scan's input into the exclusive one's.
array shift_up(const array& a, int axis, const array& fill, Stream s) {
  Shape start(a.ndim(), 0), stop = a.shape();
  stop[axis] = a.shape(axis) - 1;
  Shape one = a.shape();
  one[axis] = 1;
  return concatenate({broadcast_to(astype(fill, a.dtype(), s), one, s), slice(a, start, stop, s)},
                     axis, s);
}
// a shifted by one towards lower indices (the last slot takes zero).
array shift_down(const array& a, int axis, Stream s) {
  Shape start(a.ndim(), 0), stop = a.shape();
  start[axis] = 1;
  Shape one = a.shape();
  one[axis] = 1;
  return concatenate({slice(a, start, stop, s), zeros(one, a.dtype(), s)}, axis, s);
}

// Index along `axis`, shaped to broadcast against an array of rank ndim.
array axis_index(int n, int axis, int ndim, Stream s) {
  Shape shape(ndim, 1);
  shape[axis] = n;
  return reshape(arange(0, n, 1, s), shape, s);
}

// vjp of a forward inclusive cummax/cummin. Each output takes its value from
// the latest position k <= i with x[k] == out[k] (a "start"); so the gradient
// of a start is the sum of the cotangents from it up to the next start, and
// zero elsewhere. Sums over those runs come from a reverse cumsum S:
// grad[j] = S[j] - S[next_start(j)].
array cum_extreme_vjp(const array& x, const array& out, const array& g, int axis, Stream s) {
  int n = x.shape(axis);
  array idx = axis_index(n, axis, x.ndim(), s);
  array is_start = equal(x, out, s);
  array start_idx = where(is_start, idx, array(n, int32), s);
  array next = minimum(cummin(start_idx, axis, true, false, s), array(n, int32), s);
  array S = cumsum(g, axis, true, true, s);
  Shape one = S.shape();
  one[axis] = 1;
  array S_pad = concatenate({S, zeros(one, S.dtype(), s)}, axis, s);
  array S_next = gather_axis(S_pad, next, axis, s);
  return where(is_start, subtract(S, S_next, s), zeros_like(S, s), s);
}

} // namespace

const char* Scan::name() const {
  switch (reduce_type_) {
    case Max: return "CumMax";
    case Min: return "CumMin";
    case Sum: return "CumSum";
    case Prod: return "CumProd";
    case LogAddExp: return "CumLogaddexp";
  }
  return "Scan";
}

void Scan::print(std::ostream& os) {
  os << name() << "(" << axis_ << (reverse_ ? ",reverse" : "")
     << (inclusive_ ? "" : ",exclusive") << ")";
}

std::vector<array> Scan::vjp(const std::vector<array>& primals,
                             const std::vector<array>& cotangents,
                             const std::vector<int>&, const std::vector<array>& outputs) {
  auto s = stream();
  const array& x = primals[0];
  const array& g = cotangents[0];
  switch (reduce_type_) {
    case Sum:
      return {cumsum(g, axis_, !reverse_, inclusive_, s)};
    case Prod: {
      // d out[i] / d x[j] is the product of the other scanned elements. Without
      // zeros that is out[i] / x[j]; the first zero of a line gets the scan of
      // the line with that zero replaced by one; later elements get zero.
      // For complex x every derivative is conjugated (MLX's convention, see
      // conj_if_complex): the product of conjugates is the conjugate product,
      // so the formulas below run on xc = conj(x) and outc = conj(out).
      const array xc = detail::conj_if_complex(x, s);
      const array outc = detail::conj_if_complex(outputs[0], s);
      array zero = array(0, xc.dtype());
      array excl = cumprod(xc, axis_, reverse_, false, s);
      array x_is_zero = equal(xc, zero, s);
      array before_zero = equal(excl, zero, s);
      array first_zero = logical_and(x_is_zero, logical_not(before_zero, s), s);
      auto partial = [&](const array& scanned) {
        return cumsum(multiply(scanned, g, s), axis_, !reverse_, inclusive_, s);
      };
      array safe_x = where(x_is_zero, array(1, xc.dtype()), xc, s);
      array with_one = cumprod(where(first_zero, array(1, xc.dtype()), xc, s), axis_, reverse_,
                               inclusive_, s);
      array regular = divide(partial(outc), safe_x, s);
      array grad = where(first_zero, partial(with_one),
                         where(before_zero, zeros_like(xc, s), regular, s), s);
      return {astype(grad, xc.dtype(), s)};
    }
    case Max:
    case Min: {
      auto scan = [&](const array& a) {
        return reduce_type_ == Max ? cummax(a, axis_, false, true, s)
                                   : cummin(a, axis_, false, true, s);
      };
      // Reduce to a forward inclusive scan: flip reversed lines, and move the
      // cotangent of an exclusive output onto the inclusive output before it.
      array xf = reverse_ ? flip_axis(x, axis_, s) : x;
      array gf = reverse_ ? flip_axis(g, axis_, s) : g;
      if (!inclusive_) gf = shift_down(gf, axis_, s);
      array grad = cum_extreme_vjp(xf, scan(xf), gf, axis_, s);
      return {reverse_ ? flip_axis(grad, axis_, s) : grad};
    }
    case LogAddExp: {
      // d out[i] / d x[j] = exp(x[j] - out[i]) for the j scanned into i.
      array w = exp(negative(outputs[0], s), s);
      return {multiply(exp(x, s), cumsum(multiply(g, w, s), axis_, !reverse_, inclusive_, s), s)};
    }
  }
  return {};
}

std::vector<array> Scan::jvp(const std::vector<array>& primals,
                             const std::vector<array>& tangents, const std::vector<int>&) {
  auto s = stream();
  const array& x = primals[0];
  const array& t = tangents[0];
  switch (reduce_type_) {
    case Sum:
      return {cumsum(t, axis_, reverse_, inclusive_, s)};
    case Prod: {
      // d out[i] = sum over scanned j of t[j] * (product of the others). Before
      // a line's first zero that is out * cumsum(t / x); after it only the
      // zero's own tangent survives, times the scan with that zero set to one.
      array zero = array(0, x.dtype());
      array one = array(1, x.dtype());
      array out = cumprod(x, axis_, reverse_, inclusive_, s);
      array x_is_zero = equal(x, zero, s);
      array first_zero = logical_and(
          x_is_zero, not_equal(cumprod(x, axis_, reverse_, false, s), zero, s), s);
      array safe_x = where(x_is_zero, one, x, s);
      array regular = multiply(out, cumsum(divide(t, safe_x, s), axis_, reverse_, inclusive_, s), s);
      array with_one = cumprod(where(first_zero, one, x, s), axis_, reverse_, inclusive_, s);
      array t_zero = cumsum(where(first_zero, t, zeros_like(t, s), s), axis_, reverse_, inclusive_, s);
      return {astype(where(equal(out, zero, s), multiply(with_one, t_zero, s), regular, s),
                     x.dtype(), s)};
    }
    case Max:
    case Min: {
      // The tangent of the element each output takes its value from.
      int n = x.shape(axis_);
      array idx = axis_index(n, axis_, x.ndim(), s);
      array incl = reduce_type_ == Max ? cummax(x, axis_, reverse_, true, s)
                                       : cummin(x, axis_, reverse_, true, s);
      array is_start = equal(x, incl, s);
      // Latest start so far in scan order.
      array src = reverse_ ? cummin(where(is_start, idx, array(n, int32), s), axis_, true, true, s)
                           : cummax(where(is_start, idx, array(-1, int32), s), axis_, false, true, s);
      array out = gather_axis(t, maximum(minimum(src, array(n - 1, int32), s), array(0, int32), s),
                              axis_, s);
      if (!inclusive_) {
        out = reverse_ ? shift_down(out, axis_, s) : shift_up(out, axis_, array(0), s);
      }
      return {out};
    }
    case LogAddExp: {
      array out = logcumsumexp(x, axis_, reverse_, inclusive_, s);
      // sum_j exp(x[j] - out[i]) t[j]
      return {multiply(exp(negative(out, s), s),
                       cumsum(multiply(exp(x, s), t, s), axis_, reverse_, inclusive_, s), s)};
    }
  }
  return {};
}

std::pair<std::vector<array>, std::vector<int>> Scan::vmap(const std::vector<array>& inputs,
                                                           const std::vector<int>& axes) {
  int ax = axis_ + ((axes[0] >= 0 && axis_ >= axes[0]) ? 1 : 0);
  auto s = stream();
  const array& x = inputs[0];
  array out = [&] {
    switch (reduce_type_) {
      case Sum: return cumsum(x, ax, reverse_, inclusive_, s);
      case Prod: return cumprod(x, ax, reverse_, inclusive_, s);
      case Max: return cummax(x, ax, reverse_, inclusive_, s);
      case Min: return cummin(x, ax, reverse_, inclusive_, s);
      default: return logcumsumexp(x, ax, reverse_, inclusive_, s);
    }
  }();
  return {{out}, axes};
}

} // namespace mxcore
