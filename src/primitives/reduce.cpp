#include "primitives/reduce.h"

#include <numeric>

#include "mxcore/ops.h"
#include "primitives/elementwise_rules.h"
#include "primitives/shape.h"
#include "transforms_impl.h"

namespace mxcore {

// ---------------------------------------------------------------- Reduce

const char* Reduce::name() const {
  switch (reduce_type_) {
    case And: return "And";
    case Or: return "Or";
    case Sum: return "Sum";
    case Prod: return "Prod";
    case Min: return "Min";
    case Max: return "Max";
  }
  return "Reduce";
}

std::vector<Shape> Reduce::output_shapes(const std::vector<array>& inputs) {
  Shape shape = inputs[0].shape();
  for (int ax : axes_) shape[ax] = 1;
  return {shape};
}

// d(out)/d(in) for each input element, with `out` keeping the reduced dims.
array Reduce::derivative(const array& in, const array& out) {
  auto s = stream();
  switch (reduce_type_) {
    case Sum:
      return ones_like(in, s);
    case Prod: {
      // The product of the other elements, without dividing by zero:
      // with no zero it is out / x; with exactly one zero, only that zero's
      // derivative is non-zero (the product of the non-zeros); with more, 0.
      array zero = array(0, in.dtype());
      array is_zero = equal(in, zero, s);
      array n_zeros = sum(astype(is_zero, int32, s), axes_, true, s);
      array nonzero = where(is_zero, array(1, in.dtype()), in, s);
      array prod_nonzero = prod(nonzero, axes_, true, s);
      array none_zero = divide(broadcast_to(prod_nonzero, in.shape(), s), nonzero, s);
      array one_zero = where(is_zero, broadcast_to(prod_nonzero, in.shape(), s), zero, s);
      array d = where(equal(n_zeros, array(0, int32), s), none_zero,
                      where(equal(n_zeros, array(1, int32), s), one_zero, zero, s), s);
      return astype(d, in.dtype(), s);
    }
    case Min:
    case Max: {
      // Ties share the gradient evenly (as MLX).
      array mask = equal(in, out, s);
      array count = sum(mask, axes_, true, s);
      return divide(astype(mask, in.dtype(), s), astype(count, in.dtype(), s), s);
    }
    default:
      throw std::invalid_argument(std::string("[") + name() +
                                  "] The derivative of a boolean reduction is not defined.");
  }
}

std::vector<array> Reduce::vjp(const std::vector<array>& primals,
                               const std::vector<array>& cotangents,
                               const std::vector<int>&,
                               const std::vector<array>& outputs) {
  const array& in = primals[0];
  const array& cotan = cotangents[0];
  auto s = stream();
  if (reduce_type_ == Sum) {
    if (!detail::in_dynamic_tracing()) return {broadcast_to(cotan, in.shape(), s)};
    // Shapeless compile: `in` is a shape-only input, so the broadcast follows
    // the input of each call (as full_like's does).
    return {array(in.shape(), cotan.dtype(), std::make_shared<Broadcast>(s, in.shape()),
                  {cotan, in})};
  }
  // A complex product's derivative is conjugated (MLX's convention, see
  // conj_if_complex); Min/Max masks are real.
  array d = detail::conj_if_complex(derivative(in, outputs[0]), s);
  return {multiply(broadcast_to(cotan, in.shape(), s), d, s)};
}

std::vector<array> Reduce::jvp(const std::vector<array>& primals,
                               const std::vector<array>& tangents,
                               const std::vector<int>&) {
  auto s = stream();
  const array& in = primals[0];
  if (reduce_type_ == Sum) return {sum(tangents[0], axes_, true, s)};
  array out = array(output_shapes(primals)[0], in.dtype(),
                    std::make_shared<Reduce>(s, reduce_type_, axes_), {in});
  array d = derivative(in, out);
  return {sum(multiply(tangents[0], d, s), axes_, true, s)};
}

std::pair<std::vector<array>, std::vector<int>> Reduce::vmap(
    const std::vector<array>& inputs, const std::vector<int>& axes) {
  int bax = axes[0];
  std::vector<int> reduce_axes = axes_;
  if (bax >= 0) {
    for (auto& ax : reduce_axes) {
      if (ax >= bax) ++ax;
    }
  }
  auto s = stream();
  const array& in = inputs[0];
  array out = [&] {
    switch (reduce_type_) {
      case And: return all(in, reduce_axes, true, s);
      case Or: return any(in, reduce_axes, true, s);
      case Sum: return sum(in, reduce_axes, true, s);
      case Prod: return prod(in, reduce_axes, true, s);
      case Min: return min(in, reduce_axes, true, s);
      default: return max(in, reduce_axes, true, s);
    }
  }();
  // The reduced dims are kept, so the batch axis stays where it was.
  return {{out}, {bax}};
}

// ---------------------------------------------------------------- ArgReduce

std::vector<Shape> ArgReduce::output_shapes(const std::vector<array>& inputs) {
  Shape shape = inputs[0].shape();
  shape[axis_] = 1;
  return {shape};
}

std::vector<array> ArgReduce::jvp(const std::vector<array>& primals,
                                  const std::vector<array>&,
                                  const std::vector<int>&) {
  return {zeros(output_shapes(primals)[0], uint32, stream())};
}

std::vector<array> ArgReduce::vjp(const std::vector<array>& primals,
                                  const std::vector<array>&,
                                  const std::vector<int>&,
                                  const std::vector<array>&) {
  return {zeros_like(primals[0], stream())};
}

std::pair<std::vector<array>, std::vector<int>> ArgReduce::vmap(
    const std::vector<array>& inputs, const std::vector<int>& axes) {
  int ax = axis_ + ((axes[0] >= 0 && axis_ >= axes[0]) ? 1 : 0);
  auto s = stream();
  array out = reduce_type_ == ArgMax ? argmax(inputs[0], ax, true, s)
                                     : argmin(inputs[0], ax, true, s);
  return {{out}, axes};
}

} // namespace mxcore
