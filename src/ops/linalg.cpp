// Linear algebra ops: matmul and addmm (NumPy's 1-D promotion rules and
// batch broadcasting). addmm takes floating point and complex types only, as
// MLX; matmul also takes integers and bools (as NumPy), computed exactly.
#include "ops/util.h"
#include "primitives/matmul.h"

namespace mxcore {

namespace {

struct MatmulOperands {
  array a;
  array b;
  Dtype dtype;
  Shape out_shape;       // shape the caller sees (1-D operands squeezed)
};

// Promotes 1-D operands to matrices, checks shapes and dtypes, promotes
// types and broadcasts batch dims so both operands have the same rank.
MatmulOperands prepare_matmul(array a, array b, Dtype out_type, const char* op,
                              bool allow_integer, Stream s) {
  if (a.ndim() == 0 || b.ndim() == 0) {
    throw std::invalid_argument(std::string("[") + op +
                                "] Got 0 dimension input. Inputs must have at "
                                "least one dimension.");
  }
  const bool a_vec = a.ndim() == 1, b_vec = b.ndim() == 1;
  if (a_vec) a = reshape(a, {1, a.shape(0)}, s);
  if (b_vec) b = reshape(b, {b.shape(0), 1}, s);
  if (a.shape(-1) != b.shape(-2)) {
    std::ostringstream msg;
    msg << "[" << op << "] Last dimension of first input with shape "
        << shape_str(a.shape()) << " must match second to last dimension of"
        << " second input with shape " << shape_str(b.shape()) << ".";
    throw std::invalid_argument(msg.str());
  }
  if (!is_inexact(out_type) && !allow_integer) {
    std::ostringstream msg;
    msg << "[" << op << "] Only floating point types are supported but "
        << a.dtype() << " and " << b.dtype() << " were provided which results in "
        << out_type << ", which is not a floating point type.";
    throw std::invalid_argument(msg.str());
  }
  a = astype(a, out_type, s);
  b = astype(b, out_type, s);
  if (a.ndim() > 2 || b.ndim() > 2) {
    Shape batch = broadcast_shapes(Shape(a.shape().begin(), a.shape().end() - 2),
                                   Shape(b.shape().begin(), b.shape().end() - 2));
    Shape sa = batch, sb = batch;
    sa.insert(sa.end(), a.shape().end() - 2, a.shape().end());
    sb.insert(sb.end(), b.shape().end() - 2, b.shape().end());
    a = broadcast_to(a, sa, s);
    b = broadcast_to(b, sb, s);
  }
  Shape out_shape = a.shape();
  out_shape.back() = b.shape(-1);
  if (b_vec) out_shape.pop_back();
  if (a_vec) out_shape.erase(out_shape.end() - (b_vec ? 1 : 2));
  return {a, b, out_type, out_shape};
}

// A stack of matrices times one matrix (a Linear layer over a batch of
// sequences) is a single product: whether it applies, and a's batch folded
// into its rows.
bool folds_into_rows(const array& a, const array& b, Dtype out_type) {
  return a.ndim() > 2 && b.ndim() == 2 && a.shape(-1) == b.shape(0) && is_inexact(out_type);
}

array rows_of(const array& a, Dtype out_type, Stream s) {
  int64_t rows = 1;
  for (int i = 0; i + 1 < a.ndim(); ++i) rows *= a.shape(i);
  return reshape(astype(a, out_type, s), {static_cast<int>(rows), a.shape(-1)}, s);
}

void check_addmm_c(const Shape& c, const Shape& out) {
  bool fits = c.size() <= out.size();
  for (size_t i = 0; fits && i < c.size(); ++i) {
    auto n = c[c.size() - 1 - i];
    fits = n == 1 || n == out[out.size() - 1 - i];
  }
  if (!fits) {
    throw std::invalid_argument("[addmm] Input c with shape " + shape_str(c) +
                                " cannot be broadcast to the output shape " + shape_str(out) +
                                ".");
  }
}

} // namespace

array matmul(const array& in_a, const array& in_b, StreamOrDevice s) {
  auto stream = to_stream(s);
  auto out_type = promote_types(in_a.dtype(), in_b.dtype());
  if (folds_into_rows(in_a, in_b, out_type)) {
    array a = rows_of(in_a, out_type, stream);
    array b = astype(in_b, out_type, stream);
    array out(Shape{a.shape(0), b.shape(1)}, out_type, std::make_shared<Matmul>(stream), {a, b});
    Shape out_shape = in_a.shape();
    out_shape.back() = in_b.shape(1);
    return reshape(out, out_shape, stream);
  }
  auto p = prepare_matmul(in_a, in_b, out_type, "matmul", /*allow_integer=*/true, stream);
  Shape full = p.a.shape();
  full.back() = p.b.shape(-1);
  array out(full, out_type, std::make_shared<Matmul>(stream), {p.a, p.b});
  return full == p.out_shape ? out : reshape(out, p.out_shape, stream);
}

array addmm(array c, array a, array b, const float& alpha, const float& beta,
            StreamOrDevice s) {
  auto stream = to_stream(s);
  auto out_type = promote_types(promote_types(a.dtype(), b.dtype()), c.dtype());
  // As in matmul: then the weight's gradient is one product too, not one per
  // batch entry summed.
  if (folds_into_rows(a, b, out_type)) {
    Shape out_shape = a.shape();
    out_shape.back() = b.shape(1);
    check_addmm_c(c.shape(), out_shape);
    array a2 = rows_of(a, out_type, stream);
    const int rows_i = a2.shape(0);
    c = astype(c, out_type, stream);
    const int c_last = c.ndim() > 0 ? c.shape(-1) : 1;
    // A bias (one row for every row) broadcasts as a view; anything else is
    // laid out over the batch first.
    array c2 = c.size() == size_t(c_last)
        ? broadcast_to(reshape(c, {1, c_last}, stream), {rows_i, b.shape(1)}, stream)
        : reshape(broadcast_to(c, out_shape, stream), {rows_i, b.shape(1)}, stream);
    array out(Shape{rows_i, b.shape(1)}, out_type, std::make_shared<AddMM>(stream, alpha, beta),
              {a2, astype(b, out_type, stream), c2});
    return reshape(out, out_shape, stream);
  }
  const bool a_vec = a.ndim() == 1, b_vec = b.ndim() == 1;
  auto p = prepare_matmul(std::move(a), std::move(b), out_type, "addmm", /*allow_integer=*/false,
                          stream);
  Shape full = p.a.shape();
  full.back() = p.b.shape(-1);
  // c broadcasts against the result as the caller sees it.
  c = astype(c, out_type, stream);
  check_addmm_c(c.shape(), p.out_shape);
  c = broadcast_to(c, p.out_shape, stream);
  if (a_vec || b_vec) c = reshape(c, full, stream);
  array out(full, out_type, std::make_shared<AddMM>(stream, alpha, beta), {p.a, p.b, c});
  return full == p.out_shape ? out : reshape(out, p.out_shape, stream);
}

} // namespace mxcore
