#include "kernel/row_layout.h"

namespace mxcore::kernel {

namespace {

// Whether x, broadcast to `full` (x's dims aligned to the right), has only
// its last dim varying, with unit stride.
bool is_column_shape(const Shape& x, const Shape& full) {
  if (x.empty() || x.size() > full.size() || x.back() != full.back()) return false;
  for (size_t d = 0; d + 1 < x.size(); ++d) {
    if (x[d] != 1) return false;
  }
  return true;
}

bool is_column(const array& x, const Shape& full) {
  return is_column_shape(x.shape(), full) && x.strides().back() == 1;
}

// Whether x has the full shape but one value per row: its last dim
// broadcast (stride 0) over row-major rows, as broadcast(sum(..., keepdims))
// leaves it when a region boundary falls between the broadcast and its user.
// Such an input is read like a (rows..., 1) one.
bool is_broadcast_row(const array& x, const Shape& full) {
  if (x.shape() != full || full.empty() || x.strides().back() != 0) return false;
  int64_t expected = 1;
  for (int d = x.ndim() - 2; d >= 0; --d) {
    if (x.shape(d) != 1 && x.strides()[d] != expected) return false;
    expected *= x.shape(d);
  }
  return true;
}

// The rows of x when it is a row-major matrix whose dims (leading 1s
// dropped) are the last dims of `full` with the same last dim, repeated over
// the leading rest; 0 otherwise.
int64_t tile_rows_of_shape(const Shape& x, const Shape& full) {
  size_t d0 = 0;
  while (d0 < x.size() && x[d0] == 1) ++d0;
  const size_t dims = x.size() - d0;
  if (dims < 2 || dims >= full.size()) return 0;
  const size_t offset = full.size() - dims;
  for (size_t d = 0; d < dims; ++d) {
    if (x[d0 + d] != full[offset + d]) return 0;
  }
  return static_cast<int64_t>(shape_size(x)) / full.back();
}

int64_t tile_rows_of(const array& x, const Shape& full) {
  return x.flags().row_contiguous ? tile_rows_of_shape(x.shape(), full) : 0;
}

} // namespace

bool row_readable_shape(const Shape& x, const Shape& full) {
  if (shape_size(x) == 1 || x == full || full.empty()) return true;
  Shape reduced = full;
  reduced.back() = 1;
  return x == reduced || is_column_shape(x, full) || tile_rows_of_shape(x, full) > 0;
}

KernelVariant RowLayout::variant() const {
  KernelVariant v;
  v.loop = LoopKind::row;
  v.input_kinds = kinds;
  v.per_row_outputs = per_row_outputs;
  return v;
}

Shape row_full_shape(const FusedProgram& program, const std::vector<array>& inputs,
                     const std::vector<array>& outputs) {
  const Shape& traced = program.row_shape;
  bool same = true;
  for (size_t i = 0; i < inputs.size(); ++i) {
    same &= inputs[i].shape() == program.inputs[i].traced_shape;
  }
  if (same || traced.empty()) return traced;
  Shape full = outputs[0].shape();
  if (full.size() != traced.size()) return traced; // plan_row_layout rejects it
  int64_t cols = 1;
  for (auto& o : outputs) {
    if (o.shape().back() != 1) cols = o.shape().back();
  }
  for (auto& x : inputs) {
    if (x.ndim() > 0 && x.shape().back() != 1) cols = x.shape().back();
  }
  full.back() = static_cast<int32_t>(cols);
  return full;
}

RowLayout plan_row_layout(const std::vector<array>& inputs,
                          const std::vector<bool>& is_constant,
                          const std::vector<array>& outputs, const Shape& full_shape) {
  RowLayout l;
  l.cols = full_shape.empty() ? 1 : full_shape.back();
  l.rows = l.cols == 0 ? 0 : static_cast<int64_t>(shape_size(full_shape)) / l.cols;
  if (l.cols == 0) { // rows from the leading dims
    l.rows = 1;
    for (size_t d = 0; d + 1 < full_shape.size(); ++d) l.rows *= full_shape[d];
  }
  Shape reduced = full_shape;
  if (!reduced.empty()) reduced.back() = 1;
  l.kinds.resize(inputs.size());
  l.tiled.assign(inputs.size(), false);
  for (size_t i = 0; i < inputs.size(); ++i) {
    auto& x = inputs[i];
    if (is_constant[i]) {
      l.kinds[i] = InputKind::constant;
    } else if (x.size() == 1 || x.data_size() == 1) {
      l.kinds[i] = InputKind::scalar;
    } else if (x.shape() == full_shape && x.flags().row_contiguous) {
      l.kinds[i] = InputKind::contiguous;
    } else if ((x.shape() == reduced && x.flags().row_contiguous) ||
               is_broadcast_row(x, full_shape)) {
      l.kinds[i] = InputKind::row;
    } else if (is_column(x, full_shape)) {
      l.kinds[i] = InputKind::column;
    } else if (int64_t t = tile_rows_of(x, full_shape);
               t > 0 && (l.tile_rows == 0 || l.tile_rows == t)) {
      l.kinds[i] = InputKind::contiguous; // within one tile
      l.tiled[i] = true;
      l.tile_rows = t;
    } else {
      return l; // unsupported
    }
  }
  for (auto& o : outputs) {
    if (o.shape() == full_shape) {
      l.per_row_outputs.push_back(false);
    } else if (o.shape() == reduced) {
      l.per_row_outputs.push_back(true);
    } else {
      return l;
    }
  }
  l.supported = true;
  return l;
}

std::vector<int64_t> row_arg_strides(const std::vector<array>& inputs,
                                     const std::vector<bool>& is_constant,
                                     const std::vector<array>& outputs,
                                     const RowLayout& layout) {
  std::vector<int64_t> strides;
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (is_constant[i]) continue;
    int64_t per_row = 0;
    if (!layout.tiled[i] && layout.kinds[i] == InputKind::contiguous) {
      per_row = layout.cols;
    } else if (layout.kinds[i] == InputKind::row) {
      // (rows..., 1) row-major, or a full-shape array whose rows are one
      // value each (stride 0 along them): one element per row either way.
      per_row = 1;
    }
    strides.push_back(per_row * inputs[i].itemsize());
  }
  for (size_t o = 0; o < outputs.size(); ++o) {
    strides.push_back((layout.per_row_outputs[o] ? 1 : layout.cols) * outputs[o].itemsize());
  }
  return strides;
}

void allocate_row_outputs(const std::vector<array>& inputs, std::vector<array>& outputs,
                          const RowLayout& layout) {
  std::vector<bool> used(inputs.size(), false);
  for (size_t o = 0; o < outputs.size(); ++o) {
    auto& out = outputs[o];
    bool donated = false;
    for (size_t i = 0; i < inputs.size() && !layout.per_row_outputs[o]; ++i) {
      auto& in = inputs[i];
      if (used[i] || layout.kinds[i] != InputKind::contiguous ||
          in.itemsize() != out.itemsize() || in.shape() != out.shape() ||
          !in.is_donatable()) {
        continue;
      }
      out.copy_shared_buffer(in, in.strides(), in.flags(), in.data_size());
      used[i] = donated = true;
      break;
    }
    if (!donated) out.set_data(allocator::malloc(out.nbytes()));
  }
}

} // namespace mxcore::kernel
