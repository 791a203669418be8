#include "primitives/matmul.h"

#include <numeric>
#include <optional>

#include "mxcore/ops.h"
#include "ops/util.h"
#include "primitives/shape.h"

namespace mxcore {

namespace {

// Swaps the last two axes; conjugates complex matrices (the adjoint).
array adjoint(const array& x, Stream s) {
  std::vector<int> axes(x.ndim());
  std::iota(axes.begin(), axes.end(), 0);
  std::swap(axes[x.ndim() - 1], axes[x.ndim() - 2]);
  array y = transpose(x, axes, s);
  return x.dtype() == complex64 ? conjugate(y, s) : y;
}

bool is_transposed_matrix(const array& x) {
  return x.ndim() == 2 && x.has_primitive() && typeid(x.primitive()) == typeid(Transpose);
}

// d(a @ b)/da = cotan @ b^H, d/db = a^H @ cotan. When the operand is itself a
// transposed matrix (x @ w.T in a Linear layer), the transpose's own vjp
// turns that product around again; computing it turned around, (b cotan^H)^H
// or (cotan^H a)^H, lets the two transposes cancel and hands w a row-major
// gradient (an optimizer's update would otherwise read it column by column).
array matmul_cotangent(int arg, const array& a, const array& b, const array& cotan, Stream s) {
  if (arg == 0) {
    return is_transposed_matrix(a) ? adjoint(matmul(b, adjoint(cotan, s), s), s)
                                   : matmul(cotan, adjoint(b, s), s);
  }
  return is_transposed_matrix(b) ? adjoint(matmul(adjoint(cotan, s), a, s), s)
                                 : matmul(adjoint(a, s), cotan, s);
}

// Moves a batch axis to the front; unbatched operands broadcast against the
// leading batch axis because their trailing dims already line up.
array batch_to_front(const array& x, int axis, Stream s) {
  return axis > 0 ? moveaxis(x, axis, 0, s) : x;
}

// The op builder checked the operands; under shapeless compile each call's
// shapes are checked again (a traced inner dim of 1 may have grown in one
// operand only), so a kernel never reads past its operands.
Shape matmul_shape(const array& a, const array& b, const char* op) {
  if (a.ndim() < 2 || b.ndim() < 2 || a.shape(-1) != b.shape(-2)) {
    throw std::invalid_argument(std::string("[") + op +
                                "] Last dimension of first input with shape " +
                                shape_str(a.shape()) +
                                " must match second to last dimension of second input with "
                                "shape " + shape_str(b.shape()) + ".");
  }
  Shape a_batch(a.shape().begin(), a.shape().end() - 2);
  Shape b_batch(b.shape().begin(), b.shape().end() - 2);
  if (a_batch != b_batch) {
    throw std::invalid_argument(std::string("[") + op + "] Batch dimensions of inputs with " +
                                "shapes " + shape_str(a.shape()) + " and " +
                                shape_str(b.shape()) + " do not match (shapeless compile).");
  }
  Shape shape = a.shape();
  shape.back() = b.shape(-1);
  return shape;
}

} // namespace

// ---------------------------------------------------------------- Matmul

void Matmul::print(std::ostream& os) {
  os << name();
  if (out_order_.empty()) return;
  os << "(out_order";
  for (int axis : out_order_) os << " " << axis;
  os << ")";
}

std::vector<Shape> Matmul::output_shapes(const std::vector<array>& inputs) {
  return {matmul_shape(inputs[0], inputs[1], "matmul")};
}

std::vector<array> Matmul::jvp(const std::vector<array>& primals,
                               const std::vector<array>& tangents,
                               const std::vector<int>& argnums) {
  auto s = stream();
  std::optional<array> out;
  for (size_t i = 0; i < argnums.size(); ++i) {
    array term = argnums[i] == 0 ? matmul(tangents[i], primals[1], s)
                                 : matmul(primals[0], tangents[i], s);
    out = out ? add(*out, term, s) : term;
  }
  return {*out};
}

std::vector<array> Matmul::vjp(const std::vector<array>& primals,
                               const std::vector<array>& cotangents,
                               const std::vector<int>& argnums,
                               const std::vector<array>&) {
  auto s = stream();
  const array& cotan = cotangents[0];
  std::vector<array> vjps;
  for (int arg : argnums) {
    vjps.push_back(matmul_cotangent(arg, primals[0], primals[1], cotan, s));
  }
  return vjps;
}

std::pair<std::vector<array>, std::vector<int>> Matmul::vmap(
    const std::vector<array>& inputs, const std::vector<int>& axes) {
  auto s = stream();
  array a = batch_to_front(inputs[0], axes[0], s);
  array b = batch_to_front(inputs[1], axes[1], s);
  int out_axis = (axes[0] >= 0 || axes[1] >= 0) ? 0 : -1;
  return {{matmul(a, b, s)}, {out_axis}};
}

// ---------------------------------------------------------------- AddMM

std::vector<Shape> AddMM::output_shapes(const std::vector<array>& inputs) {
  return {matmul_shape(inputs[0], inputs[1], "addmm")};
}

std::vector<array> AddMM::jvp(const std::vector<array>& primals,
                              const std::vector<array>& tangents,
                              const std::vector<int>& argnums) {
  auto s = stream();
  std::optional<array> out;
  for (size_t i = 0; i < argnums.size(); ++i) {
    const array& t = tangents[i];
    array term = argnums[i] == 0
        ? multiply(matmul(t, primals[1], s), array(alpha_, t.dtype()), s)
        : argnums[i] == 1
            ? multiply(matmul(primals[0], t, s), array(alpha_, t.dtype()), s)
            : multiply(t, array(beta_, t.dtype()), s);
    out = out ? add(*out, term, s) : term;
  }
  return {*out};
}

std::vector<array> AddMM::vjp(const std::vector<array>& primals,
                              const std::vector<array>& cotangents,
                              const std::vector<int>& argnums,
                              const std::vector<array>&) {
  auto s = stream();
  const array& cotan = cotangents[0];
  // x * 1 is x for every float (NaN and -0 included): the usual alpha =
  // beta = 1 costs no pass over the cotangents.
  auto scaled = [&](const array& x, float k) {
    return k == 1.0f ? x : multiply(x, array(k, x.dtype()), s);
  };
  std::vector<array> vjps;
  for (int arg : argnums) {
    vjps.push_back(arg < 2 ? scaled(matmul_cotangent(arg, primals[0], primals[1], cotan, s), alpha_)
                           : scaled(cotan, beta_));
  }
  return vjps;
}

std::pair<std::vector<array>, std::vector<int>> AddMM::vmap(
    const std::vector<array>& inputs, const std::vector<int>& axes) {
  auto s = stream();
  array a = batch_to_front(inputs[0], axes[0], s);
  array b = batch_to_front(inputs[1], axes[1], s);
  array c = batch_to_front(inputs[2], axes[2], s);
  int out_axis = (axes[0] >= 0 || axes[1] >= 0 || axes[2] >= 0) ? 0 : -1;
  return {{addmm(c, a, b, alpha_, beta_, s)}, {out_axis}};
}

} // namespace mxcore
