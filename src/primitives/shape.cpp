#include "primitives/shape.h"

#include <algorithm>
#include <climits>
#include <numeric>
#include <optional>

#include "mxcore/ops.h"
#include "ops/util.h"

namespace mxcore {


// ---- Broadcast
std::vector<Shape> Broadcast::output_shapes(const std::vector<array>& inputs) {
  if (inputs.size() == 1) return {shape_};
  Shape shape = inputs[0].shape();
  for (size_t i = 1; i < inputs.size(); ++i) shape = broadcast_shapes(shape, inputs[i].shape());
  return {shape};
}
std::vector<array> Broadcast::jvp(const std::vector<array>& primals,
                                  const std::vector<array>& tangents,
                                  const std::vector<int>& argnums) {
  // Only inputs[0] carries values; the extra inputs only give the shape.
  Shape shape = output_shapes(primals)[0];
  if (argnums.empty() || argnums[0] != 0) {
    return {zeros(shape, primals[0].dtype(), stream())};
  }
  return {broadcast_to(tangents[0], shape, stream())};
}
std::vector<array> Broadcast::vjp(const std::vector<array>& primals,
                                  const std::vector<array>& cotangents,
                                  const std::vector<int>& argnums,
                                  const std::vector<array>&) {
  const array& in = primals[0];
  const array& cot = cotangents[0];
  std::vector<array> vjps;
  for (int arg : argnums) {
    if (arg != 0) {
      vjps.push_back(zeros_like(primals[arg], stream()));
      continue;
    }
    int diff = cot.ndim() - in.ndim();
    std::vector<int> reduce_axes;
    for (int i = 0; i < cot.ndim(); ++i) {
      if (i < diff || in.shape(i - diff) != cot.shape(i)) reduce_axes.push_back(i);
    }
    array g = reduce_axes.empty() ? cot : sum(cot, reduce_axes, true, stream());
    vjps.push_back(reshape(g, in.shape(), stream()));
  }
  return vjps;
}
std::pair<std::vector<array>, std::vector<int>> Broadcast::vmap(
    const std::vector<array>& inputs, const std::vector<int>& axes) {
  array in = inputs[0];
  int ax = axes[0];
  // The per-example target shape: the extra inputs without their batch axis.
  Shape target = shape_;
  if (inputs.size() > 1) {
    Shape unbatched = in.shape();
    if (ax >= 0) unbatched.erase(unbatched.begin() + ax);
    target = unbatched;
    for (size_t i = 1; i < inputs.size(); ++i) {
      Shape s = inputs[i].shape();
      if (axes[i] >= 0) s.erase(s.begin() + axes[i]);
      target = broadcast_shapes(target, s);
    }
  }
  if (ax < 0) return {{broadcast_to(in, target, stream())}, {-1}};
  // Move the batch axis to the front and broadcast the rest.
  in = moveaxis(in, ax, 0, stream());
  int rank = in.ndim() - 1;
  Shape in_shape = in.shape();
  in_shape.insert(in_shape.begin() + 1, static_cast<int>(target.size()) - rank, 1);
  in = reshape(in, in_shape, stream());
  target.insert(target.begin(), in.shape(0));
  return {{broadcast_to(in, target, stream())}, {0}};
}

// ---- Reshape
std::optional<Strides> reshape_view_strides(const Shape& shape, const Strides& strides,
                                            const Shape& new_shape) {
  if (shape_size(shape) == 0) return row_major_strides(new_shape);
  // Size-1 dims carry no layout information.
  Shape old_shape;
  Strides old_strides;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] != 1) {
      old_shape.push_back(shape[i]);
      old_strides.push_back(strides[i]);
    }
  }
  // Match groups of old and new dims with equal products (NumPy's no-copy
  // reshape): each group must be contiguous within itself in the old layout.
  const int on = static_cast<int>(old_shape.size());
  const int nn = static_cast<int>(new_shape.size());
  Strides out(nn, 1);
  int oi = 0, oj = 1, ni = 0, nj = 1;
  while (ni < nn && oi < on) {
    int64_t np = new_shape[ni];
    int64_t op = old_shape[oi];
    while (np != op) {
      if (np < op) {
        np *= new_shape[nj++];
      } else {
        op *= old_shape[oj++];
      }
    }
    for (int k = oi; k < oj - 1; ++k) {
      if (old_strides[k] != old_shape[k + 1] * old_strides[k + 1]) return std::nullopt;
    }
    out[nj - 1] = old_strides[oj - 1];
    for (int k = nj - 1; k > ni; --k) out[k - 1] = out[k] * new_shape[k];
    ni = nj++;
    oi = oj++;
  }
  return out;
}

namespace {

// Shapeless reshape by groups: the traced input and output dims other than 1
// are matched into groups of equal product (as NumPy matches a reshape); a
// changed input dim that is a group of its own gives its new size to its
// output dim (e.g. (2,3) -> (2,1,3), as vmap of x[None] builds). Size-1
// output dims stay 1. Returns nothing when a changed dim is merged or split,
// or a traced 1 grew.
std::optional<Shape> reshape_by_groups(const Shape& traced_in, const Shape& traced_out,
                                       const Shape& in) {
  std::vector<int> ins, outs;
  for (size_t i = 0; i < traced_in.size(); ++i) {
    if (traced_in[i] != 1) ins.push_back(static_cast<int>(i));
    else if (in[i] != 1) return std::nullopt;
  }
  for (size_t j = 0; j < traced_out.size(); ++j) {
    if (traced_out[j] != 1) outs.push_back(static_cast<int>(j));
  }
  Shape out = traced_out;
  size_t a = 0, b = 0;
  while (a < ins.size() && b < outs.size()) {
    size_t a_end = a + 1, b_end = b + 1;
    int64_t p_in = traced_in[ins[a]], p_out = traced_out[outs[b]];
    while (p_in != p_out) {
      if (p_in < p_out) {
        if (a_end == ins.size()) return std::nullopt;
        p_in *= traced_in[ins[a_end++]];
      } else {
        if (b_end == outs.size()) return std::nullopt;
        p_out *= traced_out[outs[b_end++]];
      }
    }
    bool changed = false;
    int64_t new_size = 1;
    for (size_t k = a; k < a_end; ++k) {
      changed |= in[ins[k]] != traced_in[ins[k]];
      new_size *= in[ins[k]];
    }
    if (changed) {
      // Only a dim moved past inserted or removed 1s follows; a merge of
      // changed dims is ambiguous (the traced -1 is gone) and left to fail.
      if (a_end - a != 1 || b_end - b != 1 || new_size > INT32_MAX) return std::nullopt;
      out[outs[b]] = static_cast<int32_t>(new_size);
    }
    a = a_end;
    b = b_end;
  }
  if (a != ins.size() || b != outs.size()) return std::nullopt;
  return out;
}

// A traced reshape that only appended 1s (x[..., None, None], as a scatter's
// updates get their window dims) keeps appending them, even where a traced 1
// grew and the groups above are ambiguous.
std::optional<Shape> appended_ones(const Shape& traced_in, const Shape& traced_out,
                                   const Shape& in) {
  if (traced_out.size() < traced_in.size() ||
      !std::equal(traced_in.begin(), traced_in.end(), traced_out.begin()) ||
      std::any_of(traced_out.begin() + traced_in.size(), traced_out.end(),
                  [](int d) { return d != 1; })) {
    return std::nullopt;
  }
  Shape out = in;
  out.resize(traced_out.size(), 1);
  return out;
}

} // namespace

std::vector<Shape> Reshape::output_shapes(const std::vector<array>& inputs) {
  const Shape& in = inputs[0].shape();
  if (in == in_shape_ || (in_shape_.empty() && inputs[0].size() == shape_size(shape_))) {
    return {shape_};
  }
  if (!inserted_axes_.empty() && in.size() + inserted_axes_.size() == shape_.size()) {
    Shape out = in;
    for (int ax : inserted_axes_) out.insert(out.begin() + ax, 1);
    return {out};
  }
  if (flatten_axes_.first >= 0) {
    if (auto out = requested_output_shape(inputs[0])) return {*out};
  }
  if (in.size() == in_shape_.size()) {
    if (auto out = reshape_by_groups(in_shape_, shape_, in)) return {*out};
    if (auto out = appended_ones(in_shape_, shape_, in)) return {*out};
  }
  // Shapeless compile: exactly one input dim may change; the output dim whose
  // prefix (or suffix) product lines up with that input dim absorbs it; else
  // MLX's rule: the requested shape with its -1 inferred, or as written.
  auto fail = [&]() -> std::vector<Shape> {
    if (auto out = requested_output_shape(inputs[0])) return {*out};
    const Shape& written = requested_.empty() ? shape_ : requested_;
    throw std::invalid_argument("[reshape] Cannot reshape array of size " +
                                std::to_string(inputs[0].size()) + " into shape " +
                                shape_str(written) + " (shapeless compile traced it from " +
                                shape_str(in_shape_) + " to " + shape_str(shape_) + ").");
  };
  if (in.size() != in_shape_.size()) return fail();
  int changed = -1;
  for (size_t i = 0; i < in.size(); ++i) {
    if (in[i] != in_shape_[i]) {
      if (changed >= 0) return fail();
      changed = static_cast<int>(i);
    }
  }
  auto prod = [](const Shape& s, size_t b, size_t e) {
    int64_t p = 1;
    for (size_t i = b; i < e; ++i) p *= s[i];
    return p;
  };
  int64_t prefix = prod(in_shape_, 0, changed);
  int64_t suffix = prod(in_shape_, changed + 1, in_shape_.size());
  for (size_t j = 0; j < shape_.size(); ++j) {
    bool aligned = prod(shape_, 0, j) == prefix || prod(shape_, j + 1, shape_.size()) == suffix;
    int64_t scaled = static_cast<int64_t>(shape_[j]) * in[changed];
    if (aligned && in_shape_[changed] != 0 && scaled % in_shape_[changed] == 0) {
      Shape out = shape_;
      out[j] = static_cast<int32_t>(scaled / in_shape_[changed]);
      if (shape_size(out) == inputs[0].size()) return {out};
    }
  }
  return fail();
}
std::optional<Shape> Reshape::requested_output_shape(const array& input) const {
  const Shape& in = input.shape();
  if (flatten_axes_.first >= 0) {
    auto [start, end] = flatten_axes_;
    if (end >= static_cast<int>(in.size())) return std::nullopt;
    Shape out(in.begin(), in.begin() + start);
    int64_t flat = 1;
    for (int i = start; i <= end; ++i) flat *= in[i];
    if (flat > INT32_MAX) return std::nullopt;
    out.push_back(static_cast<int32_t>(flat));
    out.insert(out.end(), in.begin() + end + 1, in.end());
    return out;
  }
  Shape out = requested_.empty() ? shape_ : requested_;
  int64_t known = 1;
  int infer = -1;
  for (size_t i = 0; i < out.size(); ++i) {
    if (out[i] == -1) {
      infer = static_cast<int>(i);
    } else {
      known *= out[i];
    }
  }
  int64_t size = static_cast<int64_t>(input.size());
  if (infer >= 0) {
    if (known == 0 || size % known != 0 || size / known > INT32_MAX) return std::nullopt;
    out[infer] = static_cast<int32_t>(size / known);
    return out;
  }
  if (known == size) return out;
  return std::nullopt;
}

std::vector<array> Reshape::jvp(const std::vector<array>&,
                                const std::vector<array>& tangents,
                                const std::vector<int>&) {
  return {reshape(tangents[0], shape_, stream())};
}
std::vector<array> Reshape::vjp(const std::vector<array>& primals,
                                const std::vector<array>& cotangents,
                                const std::vector<int>&,
                                const std::vector<array>&) {
  return {reshape(cotangents[0], primals[0].shape(), stream())};
}
std::pair<std::vector<array>, std::vector<int>> Reshape::vmap(
    const std::vector<array>& inputs, const std::vector<int>& axes) {
  array in = inputs[0];
  if (axes[0] < 0) return {{reshape(in, shape_, stream())}, {-1}};
  in = moveaxis(in, axes[0], 0, stream());
  Shape target = shape_;
  target.insert(target.begin(), in.shape(0));
  return {{reshape(in, target, stream())}, {0}};
}

// ---- Transpose
std::vector<Shape> Transpose::output_shapes(const std::vector<array>& inputs) {
  Shape shape(axes_.size());
  for (size_t i = 0; i < axes_.size(); ++i) shape[i] = inputs[0].shape(axes_[i]);
  return {shape};
}
std::vector<array> Transpose::jvp(const std::vector<array>&,
                                  const std::vector<array>& tangents,
                                  const std::vector<int>&) {
  return {transpose(tangents[0], axes_, stream())};
}
std::vector<array> Transpose::vjp(const std::vector<array>&,
                                  const std::vector<array>& cotangents,
                                  const std::vector<int>&,
                                  const std::vector<array>&) {
  std::vector<int> inverse(axes_.size());
  for (size_t i = 0; i < axes_.size(); ++i) inverse[axes_[i]] = static_cast<int>(i);
  return {transpose(cotangents[0], inverse, stream())};
}
std::pair<std::vector<array>, std::vector<int>> Transpose::vmap(
    const std::vector<array>& inputs, const std::vector<int>& axes) {
  array in = inputs[0];
  if (axes[0] < 0) return {{transpose(in, axes_, stream())}, {-1}};
  in = moveaxis(in, axes[0], 0, stream());
  std::vector<int> perm = {0};
  for (int a : axes_) perm.push_back(a + 1);
  return {{transpose(in, perm, stream())}, {0}};
}

} // namespace mxcore
