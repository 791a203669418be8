// Reduction ops: sum, prod, max, min, all, any (the Reduce primitive),
// argmax/argmin (ArgReduce), and the compositions mean, var, std, logsumexp.
#include <cmath>
#include <numeric>
#include <set>

#include "mxcore/errors.h"
#include "ops/eager_fusion.h"
#include "ops/util.h"
#include "primitives/number_of_elements.h"
#include "primitives/reduce.h"
#include "transforms_impl.h"

namespace mxcore {

namespace {

struct ReduceShape {
  Shape kept_shape;          // input shape with reduced axes set to 1
  std::vector<int> axes;     // sorted, non-negative
  bool is_noop;              // every reduced axis has size 1 for good
};

// Validates axes like MLX: out of range → axis_error (mxcore/errors.h),
// duplicates → std::invalid_argument (ValueError).
ReduceShape compute_reduce_shape(const std::vector<int>& axes, const Shape& shape,
                                 const char* op) {
  int ndim = static_cast<int>(shape.size());
  std::set<int> axes_set;
  for (int ax : axes) {
    int a = ax < 0 ? ax + ndim : ax;
    if (a < 0 || a >= ndim) {
      std::ostringstream msg;
      msg << "[" << op << "] Invalid axis " << ax << " for array with " << ndim
          << " dimensions.";
      throw axis_error(msg.str());
    }
    axes_set.insert(a);
  }
  if (axes_set.size() != axes.size()) {
    throw std::invalid_argument(std::string("[") + op +
                                "] Duplicate axes detected in reduction.");
  }
  // Under shapeless compile a dim of 1 may grow at the call, so the
  // reduction stays in the graph.
  ReduceShape r{shape, {axes_set.begin(), axes_set.end()}, !detail::in_dynamic_tracing()};
  for (int a : r.axes) {
    r.is_noop &= shape[a] == 1;
    r.kept_shape[a] = 1;
  }
  return r;
}

std::vector<int> all_axes(const array& a) {
  std::vector<int> axes(a.ndim());
  std::iota(axes.begin(), axes.end(), 0);
  return axes;
}

// Removes size-1 axes (sorted) through reshape, so reductions do not depend
// on the squeeze op.
array drop_axes(const array& a, const std::vector<int>& axes, Stream s) {
  if (axes.empty()) return a;
  Shape shape;
  size_t j = 0;
  for (int d = 0; d < a.ndim(); ++d) {
    if (j < axes.size() && axes[j] == d) {
      ++j;
    } else {
      shape.push_back(a.shape(d));
    }
  }
  return reshape(a, shape, s);
}

// Sum/prod of bools and integers accumulate in at least 32 bits (MLX's rule).
Dtype sum_dtype(Dtype t) {
  if (t == bool_) return int32;
  if (is_signed_int(t)) return t.size <= 4 ? int32 : int64;
  if (is_unsigned(t)) return t.size <= 4 ? uint32 : uint64;
  return t;
}

Dtype at_least_float_promoted(Dtype t) {
  return is_inexact(t) ? t : promote_types(t, float32);
}

array make_reduce(const array& a, const std::vector<int>& axes, bool keepdims,
                  Reduce::ReduceType type, Dtype out_type, const char* op,
                  StreamOrDevice s) {
  auto stream = to_stream(s);
  auto r = compute_reduce_shape(axes, a.shape(), op);
  array out = r.is_noop
      ? astype(a, out_type, stream)
      : array(r.kept_shape, out_type, std::make_shared<Reduce>(stream, type, r.axes), {a});
  return keepdims ? out : drop_axes(out, r.axes, stream);
}

array make_arg_reduce(const array& a, int axis, bool keepdims,
                      ArgReduce::ReduceType type, const char* op, StreamOrDevice s) {
  if (a.size() == 0) {
    throw std::invalid_argument(std::string("[") + op + "] Cannot " + op +
                                " reduce zero size array.");
  }
  auto stream = to_stream(s);
  auto r = compute_reduce_shape({axis}, a.shape(), op);
  array out = r.is_noop
      ? zeros(r.kept_shape, uint32, stream)
      : array(r.kept_shape, uint32, std::make_shared<ArgReduce>(stream, type, r.axes[0]), {a});
  return keepdims ? out : drop_axes(out, r.axes, stream);
}

array arg_reduce_all(const array& a, bool keepdims, ArgReduce::ReduceType type,
                     const char* op, StreamOrDevice s) {
  auto stream = to_stream(s);
  array flat = reshape(a, {static_cast<int>(a.size())}, stream);
  array out = make_arg_reduce(flat, 0, true, type, op, stream);
  return reshape(out, keepdims ? Shape(a.ndim(), 1) : Shape{}, stream);
}

} // namespace

// ---------------------------------------------------------------- all / any

array all(const array& a, const std::vector<int>& axes, bool keepdims, StreamOrDevice s) {
  // Complex values reduce as bools (either part nonzero), not by their real part.
  const array x = a.dtype() == complex64 ? astype(a, bool_, s) : a;
  return make_reduce(x, axes, keepdims, Reduce::And, bool_, "all", s);
}
array all(const array& a, int axis, bool keepdims, StreamOrDevice s) {
  return all(a, std::vector<int>{axis}, keepdims, s);
}
array all(const array& a, bool keepdims, StreamOrDevice s) {
  return all(a, all_axes(a), keepdims, s);
}

array any(const array& a, const std::vector<int>& axes, bool keepdims, StreamOrDevice s) {
  // Complex values reduce as bools (either part nonzero), not by their real part.
  const array x = a.dtype() == complex64 ? astype(a, bool_, s) : a;
  return make_reduce(x, axes, keepdims, Reduce::Or, bool_, "any", s);
}
array any(const array& a, int axis, bool keepdims, StreamOrDevice s) {
  return any(a, std::vector<int>{axis}, keepdims, s);
}
array any(const array& a, bool keepdims, StreamOrDevice s) {
  return any(a, all_axes(a), keepdims, s);
}

// ---------------------------------------------------------------- sum / prod

array sum(const array& a, const std::vector<int>& axes, bool keepdims, StreamOrDevice s) {
  if (axes.empty()) return a; // as MLX: no axes is the identity
  return make_reduce(a, axes, keepdims, Reduce::Sum, sum_dtype(a.dtype()), "sum", s);
}
array sum(const array& a, int axis, bool keepdims, StreamOrDevice s) {
  return sum(a, std::vector<int>{axis}, keepdims, s);
}
array sum(const array& a, bool keepdims, StreamOrDevice s) {
  return sum(a, all_axes(a), keepdims, s);
}

array prod(const array& a, const std::vector<int>& axes, bool keepdims, StreamOrDevice s) {
  if (axes.empty()) return a;
  return make_reduce(a, axes, keepdims, Reduce::Prod, sum_dtype(a.dtype()), "prod", s);
}
array prod(const array& a, int axis, bool keepdims, StreamOrDevice s) {
  return prod(a, std::vector<int>{axis}, keepdims, s);
}
array prod(const array& a, bool keepdims, StreamOrDevice s) {
  return prod(a, all_axes(a), keepdims, s);
}

// ---------------------------------------------------------------- max / min

// MLX: max/min have no identity, so reducing an axis of size 0 is an error;
// an empty array reduced over nonempty axes gives an empty result.
static void check_no_empty_reduced_axis(const array& a, const std::vector<int>& axes, const char* op) {
  for (int ax : axes) {
    int n = ax < 0 ? ax + a.ndim() : ax;
    if (n >= 0 && n < a.ndim() && a.shape(n) == 0) {
      throw std::invalid_argument(std::string("[") + op + "] Cannot " + op +
                                  " reduce over axis " + std::to_string(n) + " with size 0.");
    }
  }
}

array max(const array& a, const std::vector<int>& axes, bool keepdims, StreamOrDevice s) {
  check_no_empty_reduced_axis(a, axes, "max");
  return make_reduce(a, axes, keepdims, Reduce::Max, a.dtype(), "max", s);
}
array max(const array& a, int axis, bool keepdims, StreamOrDevice s) {
  return max(a, std::vector<int>{axis}, keepdims, s);
}
array max(const array& a, bool keepdims, StreamOrDevice s) {
  return max(a, all_axes(a), keepdims, s);
}

array min(const array& a, const std::vector<int>& axes, bool keepdims, StreamOrDevice s) {
  check_no_empty_reduced_axis(a, axes, "min");
  return make_reduce(a, axes, keepdims, Reduce::Min, a.dtype(), "min", s);
}
array min(const array& a, int axis, bool keepdims, StreamOrDevice s) {
  return min(a, std::vector<int>{axis}, keepdims, s);
}
array min(const array& a, bool keepdims, StreamOrDevice s) {
  return min(a, all_axes(a), keepdims, s);
}

// ---------------------------------------------------------------- argmax / argmin

array argmax(const array& a, int axis, bool keepdims, StreamOrDevice s) {
  return make_arg_reduce(a, axis, keepdims, ArgReduce::ArgMax, "argmax", s);
}
array argmax(const array& a, bool keepdims, StreamOrDevice s) {
  return arg_reduce_all(a, keepdims, ArgReduce::ArgMax, "argmax", s);
}
array argmin(const array& a, int axis, bool keepdims, StreamOrDevice s) {
  return make_arg_reduce(a, axis, keepdims, ArgReduce::ArgMin, "argmin", s);
}
array argmin(const array& a, bool keepdims, StreamOrDevice s) {
  return arg_reduce_all(a, keepdims, ArgReduce::ArgMin, "argmin", s);
}

// ---------------------------------------------------------------- mean / var / std

array mean(const array& a, const std::vector<int>& axes, bool keepdims, StreamOrDevice s) {
  int ndim = a.ndim();
  for (int ax : axes) {
    if (ax < -ndim || ax >= ndim) {
      std::ostringstream msg;
      msg << "[mean] axis " << ax << " is out of bounds for array with " << ndim
          << " dimensions.";
      throw std::out_of_range(msg.str()); // IndexError, as MLX
    }
  }
  auto stream = to_stream(s);
  auto dtype = at_least_float_promoted(a.dtype());
  array normalizer = number_of_elements(a, axes, /* inverted = */ true, dtype, stream);
  return multiply(sum(a, axes, keepdims, stream), normalizer, stream);
}
array mean(const array& a, int axis, bool keepdims, StreamOrDevice s) {
  return mean(a, std::vector<int>{axis}, keepdims, s);
}
array mean(const array& a, bool keepdims, StreamOrDevice s) {
  return mean(a, all_axes(a), keepdims, s);
}

array var(const array& a, const std::vector<int>& axes, bool keepdims, int ddof,
          StreamOrDevice s) {
  auto stream = to_stream(s);
  auto dtype = at_least_float_promoted(a.dtype());
  array mu = mean(a, axes, true, stream);
  array centered = subtract(a, mu, stream);
  // Complex variance is the mean of |z - mean|^2, a float32 (as MLX).
  if (dtype == complex64) {
    dtype = float32;
    centered = abs(centered, stream);
  }
  array v = sum(multiply(centered, centered, stream), axes, keepdims, stream);
  if (ddof != 0) {
    array n = number_of_elements(a, axes, /* inverted = */ false, dtype, stream);
    return divide(v, maximum(subtract(n, array(ddof, dtype), stream), array(0, dtype), stream),
                  stream);
  }
  return multiply(v, number_of_elements(a, axes, /* inverted = */ true, dtype, stream), stream);
}
array var(const array& a, int axis, bool keepdims, int ddof, StreamOrDevice s) {
  return var(a, std::vector<int>{axis}, keepdims, ddof, s);
}
array var(const array& a, bool keepdims, int ddof, StreamOrDevice s) {
  return var(a, all_axes(a), keepdims, ddof, s);
}

array std(const array& a, const std::vector<int>& axes, bool keepdims, int ddof,
          StreamOrDevice s) {
  auto stream = to_stream(s);
  return sqrt(var(a, axes, keepdims, ddof, stream), stream);
}
array std(const array& a, int axis, bool keepdims, int ddof, StreamOrDevice s) {
  return std(a, std::vector<int>{axis}, keepdims, ddof, s);
}
array std(const array& a, bool keepdims, int ddof, StreamOrDevice s) {
  return std(a, all_axes(a), keepdims, ddof, s);
}

// ---------------------------------------------------------------- logsumexp

array logsumexp(const array& a, const std::vector<int>& axes, bool keepdims,
                StreamOrDevice s) {
  if (a.size() == 0) {
    throw std::invalid_argument("[logsumexp] Received empty array.");
  }
  if (a.ndim() == 0 && !axes.empty()) {
    throw std::invalid_argument(
        "[logsumexp] Received non-empty axes for array with 0 dimensions.");
  }
  auto stream = to_stream(s);
  auto r = compute_reduce_shape(axes, a.shape(), "logsumexp");
  // Integers and bools are summed as floats: a - max(a) in int8 would wrap.
  if (!is_inexact(a.dtype())) return logsumexp(astype(a, float32, stream), axes, keepdims, s);
  // Subtracting the max keeps exp in range; rows whose max is +-inf would
  // give inf - inf = nan, so they take the max itself.
  auto composite = [&](const std::vector<array>& in) -> std::vector<array> {
    array maxval = stop_gradient(max(in[0], axes, true, stream), stream);
    array out = log(sum(exp(subtract(in[0], maxval, stream), stream), axes, true, stream), stream);
    out = add(out, maxval, stream);
    return {where(isinf(maxval, stream), maxval, out, stream)};
  };
  // Fused with the reduced axes kept; dropping them is a view.
  static const char op_id = 0;
  std::vector<uint64_t> settings(r.axes.begin(), r.axes.end());
  array out = detail::run_fused(&op_id, std::move(settings), {a}, s, composite)[0];
  return keepdims ? out : drop_axes(out, r.axes, stream);
}
array logsumexp(const array& a, int axis, bool keepdims, StreamOrDevice s) {
  return logsumexp(a, std::vector<int>{axis}, keepdims, s);
}
array logsumexp(const array& a, bool keepdims, StreamOrDevice s) {
  return logsumexp(a, all_axes(a), keepdims, s);
}

} // namespace mxcore
