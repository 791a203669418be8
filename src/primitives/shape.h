// Shape primitives: views (broadcast, reshape, transpose, slice) and copies
// that rearrange data.
#pragma once

#include <optional>

#include "mxcore/primitives.h"

namespace mxcore {

// Broadcasts inputs[0] to shape(). Shapeless compile gives it extra inputs
// (the other operands of the elementwise op it feeds): then the output shape
// is inputs[0] broadcast against them, so it follows new input shapes.
class Broadcast : public UnaryPrimitive {
 public:
  Broadcast(Stream stream, Shape shape) : UnaryPrimitive(stream), shape_(std::move(shape)) {}
  void eval_cpu(const std::vector<array>& inputs, array& out) override;
  MXCORE_TRANSFORM_DECLS
  MXCORE_DEFINE_NAME(Broadcast)
  bool is_equivalent(const Primitive& other) const override {
    return shape_ == static_cast<const Broadcast&>(other).shape_;
  }
  std::vector<Shape> output_shapes(const std::vector<array>& inputs) override;
  const Shape& shape() const { return shape_; }
  PrimitiveKind kind() const override { return PrimitiveKind::broadcast; }

 private:
  Shape shape_;
};

class Reshape : public UnaryPrimitive {
 public:
  // in_shape: the input's shape when the node was built; shapeless compile
  // maps a change of one input dim onto the output dim that absorbs it.
  // requested: the shape as the caller wrote it, -1 included, or a flatten of
  // the axes [flatten_axes.first, flatten_axes.second]; shapeless compile
  // infers the -1 (or the flattened dim) from the sizes of each call, as MLX.
  // inserted_axes: the output axes expand_dims added (sorted); shapeless
  // compile inserts 1s there into each call's shape (MLX's ExpandDims).
  Reshape(Stream stream, Shape shape, Shape in_shape = {}, Shape requested = {},
          std::pair<int, int> flatten_axes = {-1, -1}, std::vector<int> inserted_axes = {})
      : UnaryPrimitive(stream), shape_(std::move(shape)), in_shape_(std::move(in_shape)),
        requested_(std::move(requested)), flatten_axes_(flatten_axes),
        inserted_axes_(std::move(inserted_axes)) {}
  void eval_cpu(const std::vector<array>& inputs, array& out) override;
  MXCORE_TRANSFORM_DECLS
  MXCORE_DEFINE_NAME(Reshape)
  bool is_equivalent(const Primitive& other) const override {
    auto& o = static_cast<const Reshape&>(other);
    return shape_ == o.shape_ && requested_ == o.requested_ && flatten_axes_ == o.flatten_axes_ &&
           inserted_axes_ == o.inserted_axes_;
  }
  std::vector<Shape> output_shapes(const std::vector<array>& inputs) override;

  // State, read by export (src/export/).
  const Shape& shape() const { return shape_; }
  const Shape& in_shape() const { return in_shape_; }
  const Shape& requested() const { return requested_; }
  std::pair<int, int> flatten_axes() const { return flatten_axes_; }
  const std::vector<int>& inserted_axes() const { return inserted_axes_; }
 private:
  std::optional<Shape> requested_output_shape(const array& input) const;
  Shape shape_;
  Shape in_shape_;
  Shape requested_;
  std::pair<int, int> flatten_axes_;
  std::vector<int> inserted_axes_;
};

class Transpose : public UnaryPrimitive {
 public:
  Transpose(Stream stream, std::vector<int> axes)
      : UnaryPrimitive(stream), axes_(std::move(axes)) {}
  void eval_cpu(const std::vector<array>& inputs, array& out) override;
  MXCORE_TRANSFORM_DECLS
  MXCORE_DEFINE_NAME(Transpose)
  bool is_equivalent(const Primitive& other) const override {
    return axes_ == static_cast<const Transpose&>(other).axes_;
  }
  std::vector<Shape> output_shapes(const std::vector<array>& inputs) override;

  // State, read by export (src/export/).
  const std::vector<int>& axes() const { return axes_; }
 private:
  std::vector<int> axes_;
};

// A strided window of the input: a view (negative strides included).
class Slice : public UnaryPrimitive {
 public:
  // start/stop/strides are already normalized against the input shape.
  Slice(Stream stream, Shape start, Shape stop, Shape strides)
      : UnaryPrimitive(stream), start_(std::move(start)), stop_(std::move(stop)),
        strides_(std::move(strides)) {}
  void eval_cpu(const std::vector<array>& inputs, array& out) override;
  MXCORE_TRANSFORM_DECLS
  MXCORE_DEFINE_NAME(Slice)
  bool is_equivalent(const Primitive& other) const override;
  // No output_shapes (as MLX): the window was fixed at trace time, so a
  // shapeless compile of a slice raises rather than reusing stale bounds.

  // State, read by export (src/export/).
  const Shape& start() const { return start_; }
  const Shape& stop() const { return stop_; }
  const Shape& strides() const { return strides_; }
 private:
  Shape start_, stop_, strides_;
};

// Inputs (src, update): a copy of src with the window replaced by update
// (update already has the window's shape and src's dtype).
class SliceUpdate : public UnaryPrimitive {
 public:
  SliceUpdate(Stream stream, Shape start, Shape stop, Shape strides)
      : UnaryPrimitive(stream), start_(std::move(start)), stop_(std::move(stop)),
        strides_(std::move(strides)) {}
  void eval_cpu(const std::vector<array>& inputs, array& out) override;
  MXCORE_TRANSFORM_DECLS
  MXCORE_DEFINE_NAME(SliceUpdate)
  bool is_equivalent(const Primitive& other) const override;
  // The source's shape, once the update still fills the window fixed at
  // trace time inside it (shapeless compile: else ValueError, never a write
  // out of bounds).
  std::vector<Shape> output_shapes(const std::vector<array>& inputs) override;

  // State, read by export (src/export/).
  const Shape& start() const { return start_; }
  const Shape& stop() const { return stop_; }
  const Shape& strides() const { return strides_; }
 private:
  Shape start_, stop_, strides_;
};

// Joins inputs of one dtype along axis_ (a copy).
class Concatenate : public UnaryPrimitive {
 public:
  Concatenate(Stream stream, int axis) : UnaryPrimitive(stream), axis_(axis) {}
  void eval_cpu(const std::vector<array>& inputs, array& out) override;
  MXCORE_TRANSFORM_DECLS
  MXCORE_DEFINE_NAME(Concatenate)
  bool is_equivalent(const Primitive& other) const override {
    return axis_ == static_cast<const Concatenate&>(other).axis_;
  }
  std::vector<Shape> output_shapes(const std::vector<array>& inputs) override;

  // State, read by export (src/export/).
  int axis() const { return axis_; }
 private:
  int axis_;
};

// An arbitrary view (shape, strides, offset in elements) of the row-major
// input. vjp and vmap are not supported (they need scatter).
class AsStrided : public UnaryPrimitive {
 public:
  AsStrided(Stream stream, Shape shape, Strides strides, size_t offset)
      : UnaryPrimitive(stream), shape_(std::move(shape)), strides_(std::move(strides)),
        offset_(offset) {}
  void eval_cpu(const std::vector<array>& inputs, array& out) override;
  std::vector<array> jvp(const std::vector<array>& primals,
                         const std::vector<array>& tangents,
                         const std::vector<int>& argnums) override;
  std::vector<array> vjp(const std::vector<array>& primals,
                         const std::vector<array>& cotangents,
                         const std::vector<int>& argnums,
                         const std::vector<array>& outputs) override;
  MXCORE_DEFINE_NAME(AsStrided)
  bool is_equivalent(const Primitive& other) const override;
  std::vector<Shape> output_shapes(const std::vector<array>&) override { return {shape_}; }

  // State, read by export (src/export/).
  const Shape& shape() const { return shape_; }
  const Strides& strides() const { return strides_; }
  size_t offset() const { return offset_; }
 private:
  Shape shape_;
  Strides strides_;
  size_t offset_;
};

// Output shape of slicing `shape` with normalized start/stop/strides.
Shape slice_shape(const Shape& shape, const Shape& start, const Shape& stop,
                  const Shape& strides);
// Strides that express reshaping (shape, strides) to new_shape as a view, or
// nothing when a copy is needed.
std::optional<Strides> reshape_view_strides(const Shape& shape, const Strides& strides,
                                            const Shape& new_shape);

} // namespace mxcore
