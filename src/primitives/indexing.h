// Gather and Scatter: indexing by arrays of integers (MLX's semantics).
//
// Gather(a, indices..., axes, slice_sizes): the indices broadcast together to a
// shape I; for every position p of I a window of shape slice_sizes (one size
// per axis of a) is read starting at a[..., indices_k[p] on axes[k], 0 on the
// other axes, ...]. Output shape: I + slice_sizes.
//
// Scatter(a, indices..., updates, axes): the reverse. updates has shape
// I + window (one size per axis of a); each window is written into a copy of a
// (None: last write wins) or combined with it (Sum/Prod/Max/Min accumulate,
// duplicates included).
//
// Negative indices wrap once; an index whose window leaves the array is an
// error (std::out_of_range naming the op), raised before any data is written.
#pragma once

#include "mxcore/primitives.h"

namespace mxcore {

class Gather : public UnaryPrimitive {
 public:
  Gather(Stream stream, std::vector<int> axes, Shape slice_sizes)
      : UnaryPrimitive(stream), axes_(std::move(axes)), slice_sizes_(std::move(slice_sizes)) {}
  void eval_cpu(const std::vector<array>& inputs, array& out) override;
  MXCORE_TRANSFORM_DECLS
  std::vector<Shape> output_shapes(const std::vector<array>& inputs) override;
  MXCORE_DEFINE_NAME(Gather)
  bool is_equivalent(const Primitive& other) const override;
  const std::vector<int>& axes() const { return axes_; }
  const Shape& slice_sizes() const { return slice_sizes_; }

 private:
  std::vector<int> axes_;
  Shape slice_sizes_;
};

class Scatter : public UnaryPrimitive {
 public:
  enum ReduceType { None, Sum, Prod, Max, Min };
  Scatter(Stream stream, ReduceType reduce, std::vector<int> axes)
      : UnaryPrimitive(stream), reduce_(reduce), axes_(std::move(axes)) {}
  void eval_cpu(const std::vector<array>& inputs, array& out) override;
  MXCORE_TRANSFORM_DECLS
  MXCORE_DEFINE_INPUT_OUTPUT_SHAPE()
  const char* name() const override;
  void print(std::ostream& os) override { os << name(); }
  bool is_equivalent(const Primitive& other) const override;
  ReduceType reduce_type() const { return reduce_; }
  const std::vector<int>& axes() const { return axes_; }

 private:
  std::vector<array> scatter_prod_vjp(const std::vector<array>& primals, const array& cot,
                                      const std::vector<int>& argnums);
  ReduceType reduce_;
  std::vector<int> axes_;
};

} // namespace mxcore
