// Contiguity, dim collapsing, index width and donation for fused kernels.
#include "kernel/layout.h"

#include <climits>
#include <cstdlib>

#include "kernel/strides.h"

namespace mxcore::kernel {

namespace {

bool is_dense(const array& a) {
  return a.flags().contiguous && a.data_size() == a.size();
}

// Strides of x broadcast to out_shape (0 along broadcast dims).
Strides broadcast_strides(const array& x, const Shape& out_shape) {
  Strides s(out_shape.size(), 0);
  size_t lead = out_shape.size() - x.ndim();
  for (int i = 0; i < x.ndim(); ++i) {
    s[lead + i] = x.shape(i) == 1 ? 0 : x.strides()[i];
  }
  return s;
}

constexpr int64_t max_small_index = INT32_MAX;

} // namespace

KernelVariant FusedLayout::variant() const {
  KernelVariant v;
  v.loop = contiguous ? LoopKind::contiguous : LoopKind::strided;
  v.ndim = static_cast<int>(shape.size());
  v.large_index = large_index;
  v.input_kinds = kinds;
  return v;
}

KernelVariant FusedLayout::range_variant() const {
  KernelVariant v = variant();
  if (contiguous) return v;
  size_t s = 0; // strides are listed for the strided inputs, in input order
  for (auto& k : v.input_kinds) {
    if (k != InputKind::strided) continue;
    if (strides[s++].back() == 0) k = InputKind::broadcast_inner;
  }
  return v;
}

FusedLayout plan_fused_layout(const std::vector<array>& inputs,
                              const std::vector<bool>& is_constant,
                              const Shape& out_shape,
                              bool force_large_index) {
  FusedLayout l;
  l.size = static_cast<int64_t>(shape_size(out_shape));
  l.kinds.resize(inputs.size());
  std::vector<size_t> vectors;
  for (size_t i = 0; i < inputs.size(); ++i) {
    auto& x = inputs[i];
    if (is_constant[i]) {
      l.kinds[i] = InputKind::constant;
    } else if (x.size() == 1 || x.data_size() == 1) {
      l.kinds[i] = InputKind::scalar; // one value, however broadcast
    } else {
      vectors.push_back(i);
    }
  }

  // Contiguous when every vector input covers the output with one dense
  // layout: all row-major, or all dense with identical (e.g. transposed) strides.
  bool all_row = true, all_same_dense = true;
  for (auto i : vectors) {
    auto& x = inputs[i];
    bool same_shape = x.shape() == out_shape;
    all_row &= same_shape && x.flags().row_contiguous;
    all_same_dense &= same_shape && is_dense(x) &&
                      x.strides() == inputs[vectors[0]].strides();
  }
  l.contiguous = vectors.empty() || all_row || all_same_dense;
  if (l.contiguous) {
    for (auto i : vectors) l.kinds[i] = InputKind::contiguous;
    if (vectors.empty() || all_row) {
      l.out_strides = row_major_strides(out_shape);
      l.out_flags = {true, true, false};
      int non_unit = 0;
      for (auto d : out_shape) non_unit += (d != 1);
      l.out_flags.col_contiguous = non_unit <= 1;
    } else {
      l.out_strides = inputs[vectors[0]].strides();
      l.out_flags = inputs[vectors[0]].flags();
    }
    l.large_index = force_large_index || l.size > max_small_index;
    return l;
  }

  // Strided: broadcast every vector input to the output shape, then merge
  // dims that are contiguous for all of them (the row-major output included).
  auto out_strides = row_major_strides(out_shape);
  std::vector<Strides> bstrides;
  bstrides.reserve(vectors.size());
  std::vector<const Strides*> ptrs{&out_strides};
  for (auto i : vectors) {
    l.kinds[i] = InputKind::strided;
    bstrides.push_back(broadcast_strides(inputs[i], out_shape));
  }
  for (auto& s : bstrides) ptrs.push_back(&s);
  auto [cshape, cstrides] = collapse_dims(out_shape, ptrs);
  if (cshape.empty()) { // every dim is 1
    cshape.push_back(1);
    for (auto& s : cstrides) s.push_back(0);
  }
  l.shape = std::move(cshape);
  l.strides.assign(cstrides.begin() + 1, cstrides.end());

  // 64-bit indices only when an element offset can leave int32.
  bool large = force_large_index || l.size > max_small_index;
  for (auto& s : l.strides) {
    int64_t span = 0;
    for (size_t d = 0; d < s.size(); ++d) span += (l.shape[d] - 1) * std::llabs(s[d]);
    large |= span > max_small_index;
  }
  l.large_index = large;
  return l;
}

void allocate_fused_outputs(const std::vector<array>& inputs,
                            const std::vector<bool>& is_constant,
                            std::vector<array>& outputs,
                            const FusedLayout& layout) {
  std::vector<bool> used(inputs.size(), false);
  Strides row_major = row_major_strides(outputs[0].shape());
  for (auto& out : outputs) {
    bool donated = false;
    for (size_t i = 0; i < inputs.size() && !donated; ++i) {
      auto& in = inputs[i];
      if (used[i] || is_constant[i] || layout.kinds[i] == InputKind::scalar ||
          in.itemsize() != out.itemsize() || in.shape() != out.shape() ||
          !in.is_donatable()) {
        continue;
      }
      if (layout.contiguous) {
        // Every vector input shares out_strides here.
        out.copy_shared_buffer(in, layout.out_strides, layout.out_flags, in.data_size());
      } else {
        if (!in.flags().row_contiguous) continue;
        out.copy_shared_buffer(in, row_major, in.flags(), in.data_size());
      }
      used[i] = donated = true;
    }
    if (donated) continue;
    if (layout.contiguous && !layout.out_flags.row_contiguous) {
      size_t n = static_cast<size_t>(layout.size);
      out.set_data(array::Data::make_ptr(allocator::malloc(n * out.itemsize())), n,
                   layout.out_strides, layout.out_flags);
    } else {
      out.set_data(allocator::malloc(out.nbytes()));
    }
  }
}

} // namespace mxcore::kernel
