#include "primitives/sort.h"

namespace mxcore {

// ---------------------------------------------------------------- Sort

const char* Sort::name() const {
  switch (mode_) {
    case Values: return "Sort";
    case Indices: return "ArgSort";
    case PartitionValues: return "Partition";
    case PartitionIndices: return "ArgPartition";
  }
  return "Sort";
}

void Sort::print(std::ostream& os) {
  os << name() << "(" << axis_;
  if (mode_ == PartitionValues || mode_ == PartitionIndices) os << ",kth=" << kth_;
  os << ")";
}

array Sort::order(const array& x) {
  bool partition = mode_ == PartitionValues || mode_ == PartitionIndices;
  return partition ? argpartition(x, kth_, axis_, stream()) : argsort(x, axis_, stream());
}

std::vector<array> Sort::jvp(const std::vector<array>& primals,
                             const std::vector<array>& tangents, const std::vector<int>&) {
  if (returns_indices()) return {zeros(primals[0].shape(), uint32, stream())};
  return {gather_axis(tangents[0], order(primals[0]), axis_, stream(), true)};
}

std::vector<array> Sort::vjp(const std::vector<array>& primals,
                             const std::vector<array>& cotangents, const std::vector<int>&,
                             const std::vector<array>&) {
  if (returns_indices()) return {zeros_like(primals[0], stream())};
  // out = x gathered by a permutation p, so x's cotangent is the cotangent
  // gathered by p's inverse, argsort(p).
  array inverse = argsort(order(primals[0]), axis_, stream());
  return {gather_axis(cotangents[0], inverse, axis_, stream(), true)};
}

std::pair<std::vector<array>, std::vector<int>> Sort::vmap(const std::vector<array>& inputs,
                                                           const std::vector<int>& axes) {
  int ax = axis_ + ((axes[0] >= 0 && axis_ >= axes[0]) ? 1 : 0);
  auto s = stream();
  array out = [&] {
    switch (mode_) {
      case Values: return sort(inputs[0], ax, s);
      case Indices: return argsort(inputs[0], ax, s);
      case PartitionValues: return partition(inputs[0], kth_, ax, s);
      default: return argpartition(inputs[0], kth_, ax, s);
    }
  }();
  return {{out}, axes};
}

// ---------------------------------------------------------------- GatherAxis

std::vector<array> GatherAxis::jvp(const std::vector<array>& primals,
                                   const std::vector<array>& tangents,
                                   const std::vector<int>& argnums) {
  if (argnums.size() != 1 || argnums[0] != 0) {
    throw std::invalid_argument("[GatherAxis] Cannot differentiate with respect to indices.");
  }
  return {gather_axis(tangents[0], primals[1], axis_, stream(), permutation_)};
}

std::vector<array> GatherAxis::vjp(const std::vector<array>& primals,
                                   const std::vector<array>& cotangents,
                                   const std::vector<int>& argnums,
                                   const std::vector<array>&) {
  std::vector<array> out;
  for (int arg : argnums) {
    if (arg == 1) {
      out.push_back(zeros_like(primals[1], stream()));
    } else if (permutation_) {
      array inverse = argsort(primals[1], axis_, stream());
      out.push_back(gather_axis(cotangents[0], inverse, axis_, stream(), true));
    } else {
      throw std::invalid_argument(
          "[GatherAxis] The vjp of a general gather needs a scatter, not available yet.");
    }
  }
  return out;
}

std::pair<std::vector<array>, std::vector<int>> GatherAxis::vmap(
    const std::vector<array>& inputs, const std::vector<int>& axes) {
  // Move both batch axes to the front (broadcasting an unbatched operand) and
  // gather one axis further in.
  auto s = stream();
  int batch = axes[0] >= 0 ? inputs[0].shape(axes[0]) : inputs[1].shape(axes[1]);
  std::vector<array> moved;
  for (int i = 0; i < 2; ++i) {
    const array& a = inputs[i];
    if (axes[i] >= 0) {
      moved.push_back(moveaxis(a, axes[i], 0, s));
    } else {
      Shape shape = a.shape();
      shape.insert(shape.begin(), batch);
      moved.push_back(broadcast_to(expand_dims(a, 0, s), shape, s));
    }
  }
  return {{gather_axis(moved[0], moved[1], axis_ + 1, s, permutation_)}, {0}};
}

} // namespace mxcore
