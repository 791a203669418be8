// gather_mm, block_masked_mm and segmented_mm (MLX semantics). gather_mm is
// a GatherMM node; the masked and segmented products are compositions of
// broadcasting, multiplication and matmul, so every transform applies.
#include "mxcore/gather_mm.h"

#include "ops/util.h"
#include "primitives/gather_mm.h"

namespace mxcore {

namespace {

Shape batch_shape(const array& x) { return Shape(x.shape().begin(), x.shape().end() - 2); }

void check_no_scalars(const array& a, const array& b, const char* op) {
  if (a.ndim() == 0 || b.ndim() == 0) {
    throw std::invalid_argument(std::string("[") + op +
                                "] Got 0 dimension input. Inputs must have at least one "
                                "dimension.");
  }
}

void check_inner(const array& a, const array& b, const char* op) {
  if (a.shape(-1) != b.shape(-2)) {
    std::ostringstream msg;
    msg << "[" << op << "] Last dimension of first input with shape " << shape_str(a.shape())
        << " must match second to last dimension of second input with shape "
        << shape_str(b.shape()) << ".";
    throw std::invalid_argument(msg.str());
  }
}

Dtype real_floating_type(const array& a, const array& b, const char* op) {
  Dtype t = promote_types(a.dtype(), b.dtype());
  if (!is_floating_point(t)) {
    std::ostringstream msg;
    msg << "[" << op << "] Only real floating point types are supported but " << a.dtype()
        << " and " << b.dtype() << " were provided which results in " << t
        << ", which is not a real floating point type.";
    throw std::invalid_argument(msg.str());
  }
  return t;
}

// Applies mask (..., ceil(R / bs), ceil(C / bs)) to x (..., R, C): each mask
// entry covers a bs x bs block. A bool mask selects (a masked-out block is 0
// even where x is inf or nan, as in MLX); any other mask multiplies.
array apply_block_mask(const array& x, const array& mask, int block, const Shape& batch,
                       const char* name, Stream s) {
  const int rows = x.shape(-2), cols = x.shape(-1);
  const int tr = (rows + block - 1) / block, tc = (cols + block - 1) / block;
  if (mask.ndim() < 2) {
    throw std::invalid_argument(std::string("[block_masked_mm] ") + name +
                                " must have at least 2 dimensions but got shape " +
                                shape_str(mask.shape()) + ".");
  }
  const bool select = mask.dtype() == bool_;
  Shape tiles = batch;
  tiles.push_back(tr);
  tiles.push_back(tc);
  array m = broadcast_to(select ? mask : astype(mask, x.dtype(), s), tiles, s);
  const int nd = m.ndim();
  m = expand_dims(expand_dims(m, nd, s), nd - 1, s); // (..., tr, 1, tc, 1)
  Shape full = batch;
  for (int d : {tr, block, tc, block}) full.push_back(d);
  m = broadcast_to(m, full, s);
  Shape flat = batch;
  flat.push_back(tr * block);
  flat.push_back(tc * block);
  m = reshape(m, flat, s);
  Shape start(m.ndim(), 0), stop = m.shape();
  stop[nd - 2] = rows;
  stop[nd - 1] = cols;
  m = slice(m, start, stop, s);
  return select ? where(m, x, array(0.0, x.dtype()), s) : multiply(x, m, s);
}

} // namespace

array gather_mm(array a, array b, std::optional<array> lhs_indices,
                std::optional<array> rhs_indices, bool sorted_indices, StreamOrDevice sd) {
  if (!lhs_indices && !rhs_indices) {
    real_floating_type(a, b, "gather_mm");  // as MLX; matmul itself takes integers
    return matmul(a, b, sd);
  }
  auto s = to_stream(sd);
  check_no_scalars(a, b, "gather_mm");
  const bool a_vec = a.ndim() == 1, b_vec = b.ndim() == 1;
  if (a_vec) a = expand_dims(a, 0, s);
  if (b_vec) b = expand_dims(b, -1, s);
  check_inner(a, b, "gather_mm");
  for (const auto* idx : {&lhs_indices, &rhs_indices}) {
    if (*idx && !is_integral((*idx)->dtype())) {
      throw std::invalid_argument(
          "[gather_mm] Got indices with invalid dtype. Indices must be integral.");
    }
  }
  Dtype t = real_floating_type(a, b, "gather_mm");
  a = astype(a, t, s);
  b = astype(b, t, s);
  // A missing index enumerates its operand's batch in order.
  auto all_of = [&](const array& x) {
    Shape batch = batch_shape(x);
    int64_t count = 1;
    for (int d : batch) count *= d;
    return reshape(arange(0.0, double(count), 1.0, uint32, s), batch, s);
  };
  array lhs = lhs_indices ? *lhs_indices : all_of(a);
  array rhs = rhs_indices ? *rhs_indices : all_of(b);
  array out = gather_mm_indexed(a, b, lhs, rhs, sorted_indices, s);
  if (a_vec) out = squeeze(out, -2, s);
  if (b_vec) out = squeeze(out, -1, s);
  return out;
}

array block_masked_mm(array a, array b, int block_size, std::optional<array> mask_out,
                      std::optional<array> mask_lhs, std::optional<array> mask_rhs,
                      StreamOrDevice sd) {
  if (!mask_out && !mask_lhs && !mask_rhs) {
    real_floating_type(a, b, "block_masked_mm");  // as MLX; matmul itself takes integers
    return matmul(a, b, sd);
  }
  auto s = to_stream(sd);
  if (block_size <= 0) {
    throw std::invalid_argument("[block_masked_mm] block_size must be positive but got " +
                                std::to_string(block_size) + ".");
  }
  check_no_scalars(a, b, "block_masked_mm");
  const bool a_vec = a.ndim() == 1, b_vec = b.ndim() == 1;
  if (a_vec) a = expand_dims(a, 0, s);
  if (b_vec) b = expand_dims(b, -1, s);
  check_inner(a, b, "block_masked_mm");
  Dtype t = real_floating_type(a, b, "block_masked_mm");
  a = astype(a, t, s);
  b = astype(b, t, s);
  Shape batch = broadcast_shapes(batch_shape(a), batch_shape(b));
  if (mask_lhs) a = apply_block_mask(a, *mask_lhs, block_size, batch, "mask_lhs", s);
  if (mask_rhs) b = apply_block_mask(b, *mask_rhs, block_size, batch, "mask_rhs", s);
  array out = matmul(a, b, s);
  if (mask_out) out = apply_block_mask(out, *mask_out, block_size, batch, "mask_out", s);
  if (a_vec) out = squeeze(out, -2, s);
  if (b_vec) out = squeeze(out, -1, s);
  return out;
}

array segmented_mm(array a, array b, array segments, StreamOrDevice sd) {
  auto s = to_stream(sd);
  if (a.ndim() != 2 || b.ndim() != 2) {
    throw std::invalid_argument("[segmented_mm] Batched matmul not supported");
  }
  if (segments.ndim() < 1 || segments.shape(-1) != 2) {
    throw std::invalid_argument("[segmented_mm] The segments should have shape (..., 2) but " +
                                shape_str(segments.shape()) + " was provided.");
  }
  if (!is_integral(segments.dtype())) {
    throw std::invalid_argument(
        "[segmented_mm] Got segments with invalid dtype. Segments must be integral.");
  }
  Dtype t = real_floating_type(a, b, "segmented_mm");
  check_inner(a, b, "segmented_mm");
  a = astype(a, t, s);
  b = astype(b, t, s);
  const int k = a.shape(-1);
  // mask[..., j] = start <= j < end: segment i keeps the inner products over
  // its own range; empty or reversed segments give zeros.
  array seg = astype(segments, int64, s);
  Shape seg_shape(segments.shape().begin(), segments.shape().end() - 1);
  Shape bounds = seg_shape;
  bounds.push_back(1);
  array start = reshape(slice(seg, Shape(seg.ndim(), 0), [&] {
    Shape stop = seg.shape();
    stop.back() = 1;
    return stop;
  }(), s), bounds, s);
  array end = reshape(slice(seg, [&] {
    Shape begin(seg.ndim(), 0);
    begin.back() = 1;
    return begin;
  }(), seg.shape(), s), bounds, s);
  array j = arange(0.0, double(k), 1.0, int64, s);
  array mask = astype(logical_and(greater_equal(j, start, s), less(j, end, s), s), t, s);
  // (..., 1, K) * (M, K) -> (..., M, K), then @ (K, N).
  array masked = multiply(expand_dims(mask, -2, s), a, s);
  return matmul(masked, b, s);
}

} // namespace mxcore
