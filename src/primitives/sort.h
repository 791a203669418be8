// Sorting along one axis (MLX's Sort, ArgSort, Partition, ArgPartition as one
// primitive with a mode) and GatherAxis, which picks elements along an axis
// by index (used by the sort and scan derivatives and random.permutation).
#pragma once

#include "mxcore/ops.h"
#include "mxcore/primitives.h"

namespace mxcore {

class Sort : public UnaryPrimitive {
 public:
  enum Mode { Values, Indices, PartitionValues, PartitionIndices };

  // kth is used by the partition modes only (already in [0, n)).
  Sort(Stream stream, Mode mode, int axis, int kth = 0)
      : UnaryPrimitive(stream), mode_(mode), axis_(axis), kth_(kth) {}

  void eval_cpu(const std::vector<array>& inputs, array& out) override;
  MXCORE_TRANSFORM_DECLS
  MXCORE_DEFINE_INPUT_OUTPUT_SHAPE()

  const char* name() const override;
  void print(std::ostream& os) override;
  bool is_equivalent(const Primitive& other) const override {
    auto& o = static_cast<const Sort&>(other);
    return mode_ == o.mode_ && axis_ == o.axis_ && kth_ == o.kth_;
  }

  // State, read by export (src/export/).
  Mode mode() const { return mode_; }
  int axis() const { return axis_; }
  int kth() const { return kth_; }
 private:
  bool returns_indices() const { return mode_ == Indices || mode_ == PartitionIndices; }
  // The indices whose order the values modes follow.
  array order(const array& x);

  Mode mode_;
  int axis_;
  int kth_;
};

// Inputs (x, idx) of one rank, equal shapes except along axis; the output has
// idx's shape: out[..., i, ...] = x[..., idx[..., i, ...], ...]. When
// `permutation` is set each line of idx is a permutation, so the vjp is the
// gather by the inverse permutation (a general gather's vjp needs a scatter).
class GatherAxis : public UnaryPrimitive {
 public:
  GatherAxis(Stream stream, int axis, bool permutation)
      : UnaryPrimitive(stream), axis_(axis), permutation_(permutation) {}

  void eval_cpu(const std::vector<array>& inputs, array& out) override;
  MXCORE_TRANSFORM_DECLS
  std::vector<Shape> output_shapes(const std::vector<array>& inputs) override {
    return {inputs[1].shape()};
  }
  MXCORE_DEFINE_NAME(GatherAxis)
  bool is_equivalent(const Primitive& other) const override {
    auto& o = static_cast<const GatherAxis&>(other);
    return axis_ == o.axis_ && permutation_ == o.permutation_;
  }

  // State, read by export (src/export/).
  int axis() const { return axis_; }
  bool permutation() const { return permutation_; }
 private:
  int axis_;
  bool permutation_;
};

// Builds a GatherAxis node (axis already normalized; idx integral).
array gather_axis(const array& x, const array& idx, int axis, StreamOrDevice s = {},
                  bool permutation = false);

} // namespace mxcore
