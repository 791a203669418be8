// The Primitive interface: one subclass per operation. Concrete primitives
// live in src/primitives/; this header is public so C++ users can add their own.
#pragma once

#include <ostream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "mxcore/array.h"
#include "mxcore/stream.h"

namespace mxcore {

// How compile's fuser sees a primitive. Elementwise kinds are emitted by the
// JIT as a call of the functor named by print() (see backend/cpu/kernel_ops.h).
enum class PrimitiveKind { other, unary, binary, ternary, broadcast, noop };

class Primitive {
 public:
  explicit Primitive(Stream stream) : stream_(stream) {}
  virtual ~Primitive() = default;
  Primitive(const Primitive&) = delete;
  Primitive& operator=(const Primitive&) = delete;

  const Stream& stream() const { return stream_; }
  const Device& device() const { return stream_.device; }

  // Compute the outputs (already shaped, not yet allocated) from evaluated
  // inputs. eval_cpu is the CPU kernel (mxcore's are under src/backend/cpu/);
  // eval_gpu runs where the device's backend registered no kernel for this
  // primitive: custom primitives override it (see mxcore/backend.h).
  virtual void eval_cpu(const std::vector<array>& inputs,
                        std::vector<array>& outputs) = 0;
  virtual void eval_gpu(const std::vector<array>& inputs,
                        std::vector<array>& outputs);

  // Forward-mode derivative: one tangent per entry of argnums.
  virtual std::vector<array> jvp(const std::vector<array>& primals,
                                 const std::vector<array>& tangents,
                                 const std::vector<int>& argnums);
  // Reverse-mode derivative: one result per entry of argnums.
  virtual std::vector<array> vjp(const std::vector<array>& primals,
                                 const std::vector<array>& cotangents,
                                 const std::vector<int>& argnums,
                                 const std::vector<array>& outputs);
  // Batched version; axes[i] is the batch axis of inputs[i] or -1 if none.
  // Returns the outputs and their batch axes.
  virtual std::pair<std::vector<array>, std::vector<int>> vmap(
      const std::vector<array>& inputs, const std::vector<int>& axes);

  // Output shapes from input shapes, for shapeless compile.
  virtual std::vector<Shape> output_shapes(const std::vector<array>& inputs);

  virtual const char* name() const = 0;
  virtual void print(std::ostream& os) { os << name(); }
  // Same operation with the same parameters (inputs are compared separately).
  virtual bool is_equivalent(const Primitive&) const { return false; }
  virtual PrimitiveKind kind() const { return PrimitiveKind::other; }

 private:
  Stream stream_;
};

// A primitive with exactly one output.
class UnaryPrimitive : public Primitive {
 public:
  using Primitive::Primitive;
  virtual void eval_cpu(const std::vector<array>& inputs, array& out) = 0;
  void eval_cpu(const std::vector<array>& inputs,
                std::vector<array>& outputs) override {
    eval_cpu(inputs, outputs[0]);
  }
};

#define MXCORE_DEFINE_NAME(NAME) \
  const char* name() const override { return #NAME; }

// Declares the three transform rules of a primitive class.
#define MXCORE_TRANSFORM_DECLS                                           \
  std::vector<array> jvp(const std::vector<array>& primals,             \
                         const std::vector<array>& tangents,            \
                         const std::vector<int>& argnums) override;     \
  std::vector<array> vjp(const std::vector<array>& primals,             \
                         const std::vector<array>& cotangents,          \
                         const std::vector<int>& argnums,               \
                         const std::vector<array>& outputs) override;   \
  std::pair<std::vector<array>, std::vector<int>> vmap(                 \
      const std::vector<array>& inputs, const std::vector<int>& axes) override;

#define MXCORE_DEFINE_DEFAULT_IS_EQUIVALENT()                  \
  bool is_equivalent(const Primitive& other) const override { \
    return true;                                               \
  }

// For elementwise primitives whose output shape equals the first input's.
#define MXCORE_DEFINE_INPUT_OUTPUT_SHAPE()                               \
  std::vector<Shape> output_shapes(const std::vector<array>& inputs) override { \
    return {inputs[0].shape()};                                          \
  }

} // namespace mxcore
