// Shape ops: broadcasting, reshape, transpose and friends.
#include <algorithm>
#include <numeric>

#include "ops/util.h"
#include "primitives/shape.h"

namespace mxcore {

Shape broadcast_shapes(const Shape& s1, const Shape& s2) {
  int n = static_cast<int>(std::max(s1.size(), s2.size()));
  Shape out(n);
  for (int i = 0; i < n; ++i) {
    int a = i < n - static_cast<int>(s1.size()) ? 1 : s1[i - (n - s1.size())];
    int b = i < n - static_cast<int>(s2.size()) ? 1 : s2[i - (n - s2.size())];
    if (a == b || b == 1) {
      out[i] = a;
    } else if (a == 1) {
      out[i] = b;
    } else {
      throw std::invalid_argument("[broadcast_shapes] Shapes " + shape_str(s1) +
                                  " and " + shape_str(s2) + " cannot be broadcast.");
    }
  }
  return out;
}

array broadcast_to(const array& a, const Shape& shape, StreamOrDevice s) {
  if (a.shape() == shape) return a;
  if (static_cast<int>(shape.size()) < a.ndim()) {
    throw std::invalid_argument("[broadcast_to] Cannot broadcast array of shape " +
                                shape_str(a.shape()) + " to shape " + shape_str(shape) + ".");
  }
  auto bshape = broadcast_shapes(a.shape(), shape);
  if (bshape != shape) {
    throw std::invalid_argument("[broadcast_to] Cannot broadcast array of shape " +
                                shape_str(a.shape()) + " to shape " + shape_str(shape) + ".");
  }
  return array(shape, a.dtype(), std::make_shared<Broadcast>(to_stream(s), shape), {a});
}

std::vector<array> broadcast_arrays(const std::vector<array>& inputs, StreamOrDevice s) {
  Shape shape;
  for (auto& in : inputs) shape = broadcast_shapes(shape, in.shape());
  std::vector<array> out;
  for (auto& in : inputs) out.push_back(broadcast_to(in, shape, s));
  return out;
}

array reshape(const array& a, Shape shape, StreamOrDevice s) {
  int infer = -1;
  size_t known = 1;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] == -1) {
      if (infer >= 0) {
        throw std::invalid_argument("[reshape] Reshape can only infer one dimension.");
      }
      infer = static_cast<int>(i);
    } else if (shape[i] < 0) {
      throw std::invalid_argument("[reshape] Invalid negative dimension " +
                                  std::to_string(shape[i]) + ".");
    } else {
      known *= shape[i];
    }
  }
  if (infer >= 0) {
    if (known == 0 || a.size() % known != 0) {
      throw std::invalid_argument("[reshape] Cannot infer the shape of an array of size " +
                                  std::to_string(a.size()) + " into shape " +
                                  shape_str(shape) + ".");
    }
    shape[infer] = static_cast<int>(a.size() / known);
    known *= shape[infer];
  }
  if (known != a.size()) {
    throw std::invalid_argument("[reshape] Cannot reshape array of size " +
                                std::to_string(a.size()) + " into shape " +
                                shape_str(shape) + ".");
  }
  if (shape == a.shape()) return a;
  return array(shape, a.dtype(), std::make_shared<Reshape>(to_stream(s), shape), {a});
}

array transpose(const array& a, std::vector<int> axes, StreamOrDevice s) {
  if (static_cast<int>(axes.size()) != a.ndim()) {
    throw std::invalid_argument("[transpose] Received " + std::to_string(axes.size()) +
                                " axes for array with " + std::to_string(a.ndim()) +
                                " dimensions.");
  }
  for (auto& ax : axes) ax = normalize_axis(ax, a.ndim(), "transpose");
  auto sorted = axes;
  std::sort(sorted.begin(), sorted.end());
  if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) {
    throw std::invalid_argument("[transpose] Repeat axes not allowed.");
  }
  Shape shape(axes.size());
  for (size_t i = 0; i < axes.size(); ++i) shape[i] = a.shape(axes[i]);
  return array(shape, a.dtype(), std::make_shared<Transpose>(to_stream(s), axes), {a});
}

array transpose(const array& a, StreamOrDevice s) {
  std::vector<int> axes(a.ndim());
  std::iota(axes.rbegin(), axes.rend(), 0);
  return transpose(a, axes, s);
}

array moveaxis(const array& a, int source, int destination, StreamOrDevice s) {
  int src = normalize_axis(source, a.ndim(), "moveaxis");
  int dst = normalize_axis(destination, a.ndim(), "moveaxis");
  if (src == dst) return a;
  std::vector<int> axes(a.ndim());
  std::iota(axes.begin(), axes.end(), 0);
  axes.erase(axes.begin() + src);
  axes.insert(axes.begin() + dst, src);
  return transpose(a, axes, s);
}

array swapaxes(const array& a, int axis1, int axis2, StreamOrDevice s) {
  int a1 = normalize_axis(axis1, a.ndim(), "swapaxes");
  int a2 = normalize_axis(axis2, a.ndim(), "swapaxes");
  std::vector<int> axes(a.ndim());
  std::iota(axes.begin(), axes.end(), 0);
  std::swap(axes[a1], axes[a2]);
  return transpose(a, axes, s);
}

} // namespace mxcore
