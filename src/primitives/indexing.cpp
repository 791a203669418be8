// Gather and Scatter: shapes and transformation rules (kernels live in
// backend/cpu/gather.cpp and scatter.cpp).
#include <numeric>

#include "mxcore/ops.h"
#include "primitives/elementwise.h"
#include "primitives/indexing.h"

namespace mxcore {

namespace {

constexpr const char* kIndicesVjpError =
    "[gather] Cannot calculate VJP with respect to indices. Use stop_gradient on indices to "
    "stop gradients from being computed.";
constexpr const char* kScatterIndicesVjpError =
    "[scatter] Cannot calculate VJP with respect to indices. Use stop_gradient on indices to "
    "stop gradients from being computed.";

// Whether an index reaching a vjp is one the gradient was asked for (the
// transform's handle of a primal, a Copy), which MLX refuses. An index computed
// from the primals by another op (argmax, ...) gets zeros instead: its
// producer's own rule would drop the cotangent anyway.
bool is_differentiated_index(const array& index) {
  return index.has_primitive() && dynamic_cast<const Copy*>(&index.primitive()) != nullptr;
}

// Lays every index array out as [batch or 1] + K per-example dims (K the
// largest per-example rank), so they broadcast with the batch first.
// Returns whether any index is batched.
bool batch_first_indices(std::vector<array>& indices, const std::vector<int>& axes,
                         size_t first, size_t count, Stream s) {
  int K = 0;
  bool batched = false;
  for (size_t k = 0; k < count; ++k) {
    int nd = indices[first + k].ndim() - (axes[first + k] >= 0);
    K = std::max(K, nd);
    batched |= axes[first + k] >= 0;
  }
  for (size_t k = 0; k < count; ++k) {
    array x = indices[first + k];
    int ax = axes[first + k];
    Shape shape;
    if (ax >= 0) {
      x = moveaxis(x, ax, 0, s);
      shape = Shape(x.shape().begin() + 1, x.shape().end());
    } else {
      shape = x.shape();
    }
    shape.insert(shape.begin(), K - static_cast<int>(shape.size()), 1);
    shape.insert(shape.begin(), ax >= 0 ? x.shape(0) : 1);
    indices[first + k] = reshape(x, shape, s);
  }
  return batched;
}

int per_example_rank(const std::vector<array>& indices, const std::vector<int>& axes,
                     size_t first, size_t count) {
  int K = 0;
  for (size_t k = 0; k < count; ++k) {
    K = std::max(K, indices[first + k].ndim() - (axes[first + k] >= 0));
  }
  return K;
}

array batch_arange(int n, int K, Stream s) {
  Shape shape(K + 1, 1);
  shape[0] = n;
  return reshape(arange(0, n, 1, s), shape, s);
}

std::vector<int> shifted(const std::vector<int>& axes) {
  std::vector<int> out;
  for (int a : axes) out.push_back(a + 1);
  return out;
}

} // namespace

// ---- Gather
std::vector<Shape> Gather::output_shapes(const std::vector<array>& inputs) {
  Shape shape = inputs.size() > 1 ? inputs[1].shape() : Shape{};
  for (size_t k = 2; k < inputs.size(); ++k) shape = broadcast_shapes(shape, inputs[k].shape());
  shape.insert(shape.end(), slice_sizes_.begin(), slice_sizes_.end());
  return {shape};
}

bool Gather::is_equivalent(const Primitive& other) const {
  auto& o = static_cast<const Gather&>(other);
  return axes_ == o.axes_ && slice_sizes_ == o.slice_sizes_;
}

std::vector<array> Gather::jvp(const std::vector<array>& primals,
                               const std::vector<array>& tangents,
                               const std::vector<int>& argnums) {
  std::vector<array> indices(primals.begin() + 1, primals.end());
  for (size_t i = 0; i < argnums.size(); ++i) {
    // Only the source carries a derivative; indices are piecewise constant.
    if (argnums[i] == 0) return {gather(tangents[i], indices, axes_, slice_sizes_, stream())};
  }
  Shape shape = output_shapes(primals)[0];
  return {zeros(shape, primals[0].dtype(), stream())};
}

std::vector<array> Gather::vjp(const std::vector<array>& primals,
                               const std::vector<array>& cotangents,
                               const std::vector<int>& argnums, const std::vector<array>&) {
  std::vector<array> indices(primals.begin() + 1, primals.end());
  std::vector<array> out;
  for (int arg : argnums) {
    if (arg == 0) {
      // Every read window sends its cotangent back; repeated reads add up.
      out.push_back(scatter_add(zeros_like(primals[0], stream()), indices, cotangents[0], axes_,
                                stream()));
    } else if (is_differentiated_index(primals[arg])) {
      throw std::invalid_argument(kIndicesVjpError);
    } else {
      out.push_back(zeros_like(primals[arg], stream()));
    }
  }
  return out;
}

std::pair<std::vector<array>, std::vector<int>> Gather::vmap(const std::vector<array>& inputs,
                                                             const std::vector<int>& axes) {
  auto s = stream();
  array src = inputs[0];
  std::vector<array> indices(inputs.begin() + 1, inputs.end());
  std::vector<int> idx_axes(axes.begin() + 1, axes.end());
  bool src_batched = axes[0] >= 0;
  bool idx_batched = std::any_of(idx_axes.begin(), idx_axes.end(), [](int a) { return a >= 0; });
  if (!src_batched && !idx_batched) {
    return {{gather(src, indices, axes_, slice_sizes_, s)}, {-1}};
  }
  if (src_batched) src = moveaxis(src, axes[0], 0, s);
  if (src_batched && !idx_batched) {
    // The batch is one more full window axis of the source.
    Shape sizes = slice_sizes_;
    sizes.insert(sizes.begin(), src.shape(0));
    array out = gather(src, indices, shifted(axes_), sizes, s);
    int idx_rank = out.ndim() - static_cast<int>(sizes.size());
    return {{out}, {idx_rank}};
  }
  int K = per_example_rank(indices, idx_axes, 0, indices.size());
  batch_first_indices(indices, idx_axes, 0, indices.size(), s);
  if (!src_batched) {
    return {{gather(src, indices, axes_, slice_sizes_, s)}, {0}};
  }
  // Both batched: example b reads from source b through an aranged index.
  int n = src.shape(0);
  indices.insert(indices.begin(), batch_arange(n, K, s));
  std::vector<int> ax = shifted(axes_);
  ax.insert(ax.begin(), 0);
  Shape sizes = slice_sizes_;
  sizes.insert(sizes.begin(), 1);
  array out = gather(src, indices, ax, sizes, s);
  return {{squeeze(out, K + 1, s)}, {0}};
}

// ---- Scatter
// out = src * P, where P holds at each position the product of the updates
// sent there (1 elsewhere). d/dsrc = cot * P. Update j at position p gets
// cot * src * (product of the other updates at p): computed from the product
// of the nonzero updates and a count of zeros, so zero updates need no division.
std::vector<array> Scatter::scatter_prod_vjp(const std::vector<array>& primals,
                                             const array& cot,
                                             const std::vector<int>& argnums) {
  auto s = stream();
  const array& src = primals[0];
  const array& upd = primals.back();
  size_t upd_arg = primals.size() - 1;
  std::vector<array> indices(primals.begin() + 1, primals.end() - 1);
  int idx_rank = upd.ndim() - src.ndim();
  Shape window(upd.shape().begin() + idx_rank, upd.shape().end());
  std::vector<array> out;
  for (int arg : argnums) {
    if (arg == 0) {
      array ones = ones_like(src, s);
      out.push_back(multiply(cot, scatter_prod(ones, indices, astype(upd, src.dtype(), s), axes_, s), s));
    } else if (static_cast<size_t>(arg) == upd_arg) {
      array is_zero = equal(upd, zeros_like(upd, s), s);
      array nonzero_upd = where(is_zero, ones_like(upd, s), upd, s);
      array nonzero_prod = scatter_prod(ones_like(src, s), indices, nonzero_upd, axes_, s);
      array zero_count =
          scatter_add(zeros(src.shape(), int32, s), indices, astype(is_zero, int32, s), axes_, s);
      auto at_updates = [&](const array& x) { return gather(x, indices, axes_, window, s); };
      array prod_at = reshape(at_updates(nonzero_prod), upd.shape(), s);
      array zeros_at = reshape(at_updates(zero_count), upd.shape(), s);
      array others_if_nonzero = where(equal(zeros_at, array(0), s), divide(prod_at, nonzero_upd, s),
                                      zeros_like(prod_at, s), s);
      array others_if_zero =
          where(equal(zeros_at, array(1), s), prod_at, zeros_like(prod_at, s), s);
      array others = where(is_zero, others_if_zero, others_if_nonzero, s);
      array cot_src = reshape(at_updates(multiply(cot, src, s)), upd.shape(), s);
      out.push_back(astype(multiply(cot_src, others, s), upd.dtype(), s));
    } else if (is_differentiated_index(primals[arg])) {
      throw std::invalid_argument(kScatterIndicesVjpError);
    } else {
      out.push_back(zeros_like(primals[arg], s));
    }
  }
  return out;
}

std::vector<array> Scatter::jvp(const std::vector<array>& primals,
                                const std::vector<array>& tangents,
                                const std::vector<int>& argnums) {
  if (reduce_ != None && reduce_ != Sum) {
    throw std::invalid_argument(std::string("[") + name() + "] JVP is only implemented for "
                                "scatter and scatter_add.");
  }
  size_t upd_arg = primals.size() - 1;
  array t_src = zeros_like(primals[0], stream());
  array t_upd = zeros_like(primals[upd_arg], stream());
  for (size_t i = 0; i < argnums.size(); ++i) {
    if (argnums[i] == 0) t_src = tangents[i];
    if (static_cast<size_t>(argnums[i]) == upd_arg) t_upd = tangents[i];
  }
  std::vector<array> indices(primals.begin() + 1, primals.end() - 1);
  if (reduce_ == None) return {scatter(t_src, indices, t_upd, axes_, stream())};
  return {scatter_add(t_src, indices, t_upd, axes_, stream())};
}

std::vector<array> Scatter::vjp(const std::vector<array>& primals,
                                const std::vector<array>& cotangents,
                                const std::vector<int>& argnums,
                                const std::vector<array>& outputs) {
  if (reduce_ == Prod) return scatter_prod_vjp(primals, cotangents[0], argnums);
  auto s = stream();
  const array& cot = cotangents[0];
  const array& src = primals[0];
  const array& upd = primals.back();
  size_t upd_arg = primals.size() - 1;
  std::vector<array> indices(primals.begin() + 1, primals.end() - 1);
  int idx_rank = upd.ndim() - src.ndim();
  Shape window(upd.shape().begin() + idx_rank, upd.shape().end());
  std::vector<array> out;
  for (int arg : argnums) {
    if (arg == 0) {
      if (reduce_ == None) {
        // Overwritten positions do not depend on the source.
        out.push_back(scatter(cot, indices, zeros_like(upd, s), axes_, s));
      } else if (reduce_ == Sum) {
        out.push_back(cot);
      } else {
        // Max/Min: the source receives the cotangent where it won.
        array zero = zeros_like(cot, s);
        out.push_back(where(equal(outputs[0], src, s), cot, zero, s));
      }
    } else if (static_cast<size_t>(arg) == upd_arg) {
      array g = gather(cot, indices, axes_, window, s);
      if (reduce_ == Max || reduce_ == Min) {
        array won = equal(gather(outputs[0], indices, axes_, window, s), upd, s);
        g = where(won, g, zeros_like(g, s), s);
      }
      out.push_back(g);
    } else if (is_differentiated_index(primals[arg])) {
      throw std::invalid_argument(kScatterIndicesVjpError);
    } else {
      out.push_back(zeros_like(primals[arg], s));
    }
  }
  return out;
}

std::pair<std::vector<array>, std::vector<int>> Scatter::vmap(const std::vector<array>& inputs,
                                                              const std::vector<int>& axes) {
  auto s = stream();
  size_t n_idx = inputs.size() - 2;
  auto apply = [&](const array& a, const std::vector<array>& idx, const array& u,
                   const std::vector<int>& ax) {
    switch (reduce_) {
      case None: return scatter(a, idx, u, ax, s);
      case Sum: return scatter_add(a, idx, u, ax, s);
      case Prod: return scatter_prod(a, idx, u, ax, s);
      case Max: return scatter_max(a, idx, u, ax, s);
      case Min: return scatter_min(a, idx, u, ax, s);
    }
    return scatter(a, idx, u, ax, s);
  };
  if (std::all_of(axes.begin(), axes.end(), [](int a) { return a < 0; })) {
    std::vector<array> idx(inputs.begin() + 1, inputs.end() - 1);
    return {{apply(inputs[0], idx, inputs.back(), axes_)}, {-1}};
  }
  int n = 0;
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (axes[i] >= 0) n = inputs[i].shape(axes[i]);
  }
  // Source with the batch first (broadcast when unbatched: the kernel copies it).
  array src = inputs[0];
  if (axes[0] >= 0) {
    src = moveaxis(src, axes[0], 0, s);
  } else {
    Shape shape = src.shape();
    shape.insert(shape.begin(), n);
    src = broadcast_to(expand_dims(src, 0, s), shape, s);
  }
  std::vector<array> indices(inputs.begin() + 1, inputs.end() - 1);
  std::vector<int> idx_axes(axes.begin() + 1, axes.end() - 1);
  int K = per_example_rank(indices, idx_axes, 0, n_idx);
  batch_first_indices(indices, idx_axes, 0, n_idx, s);
  indices.insert(indices.begin(), batch_arange(n, K, s));
  // Updates: [n] + I + window, with a size-1 window dim for the batch axis.
  array upd = inputs.back();
  int upd_axis = axes.back();
  if (upd_axis >= 0) {
    upd = moveaxis(upd, upd_axis, 0, s);
  } else {
    Shape shape = upd.shape();
    shape.insert(shape.begin(), n);
    upd = broadcast_to(expand_dims(upd, 0, s), shape, s);
  }
  Shape upd_shape = upd.shape();
  upd_shape.insert(upd_shape.begin() + 1 + K, 1);
  upd = reshape(upd, upd_shape, s);
  std::vector<int> ax = shifted(axes_);
  ax.insert(ax.begin(), 0);
  return {{apply(src, indices, upd, ax)}, {0}};
}

} // namespace mxcore
