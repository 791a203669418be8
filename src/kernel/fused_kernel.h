// The one description of a fused kernel. Every emitter (C++ for the CPU JIT,
// MSL for Metal) renders this structure; none of them walks the traced graph
// itself.
//
// Elementwise kernels compute every node per element. Row kernels (row =
// true) also hold reduction nodes over the last axis: the kernel walks rows
// of the full shape F = (rows..., cols), cols being a runtime argument; each
// value has a level (uniform, per row, per element of the row), and a
// reduction folds a per-element value of its row into a per-row value.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_set>
#include <vector>

#include "mxcore/array.h"

namespace mxcore::kernel {

// How the kernel reads one input.
enum class InputKind {
  constant,   // a captured scalar, inlined into the source
  scalar,     // one element read once (ndim 0 or a broadcast single value)
  contiguous, // read at the flat index
  strided,    // read through per-dimension strides
  // Row kernels only:
  row,    // one value per row: element `row` of a row-major (rows..., 1) buffer
  column, // one value per column, the same for every row: element j
};

// Where a value of a row kernel varies (elementwise kernels: element).
enum class Level { uniform, row, element };

// A constant's value, wide enough for every dtype.
struct ConstantValue {
  double real = 0; // floating types (and complex's real part)
  double imag = 0; // complex only
  int64_t i = 0;   // signed ints and bool
  uint64_t u = 0;  // unsigned ints
};

struct FusedInput {
  std::string name;
  Dtype dtype;
  InputKind kind;
  ConstantValue value; // constants only
};

enum class NodeKind { unary, binary, ternary, broadcast, astype, alias, reduce };

struct FusedNode {
  std::string name;
  Dtype dtype = float32;
  std::string op; // the primitive's name(), e.g. "Exp", "Select", "Sum"
  NodeKind kind;
  Level level = Level::element;
  std::vector<std::string> inputs; // names of inputs or earlier nodes
};

struct FusedOutput {
  std::string name;  // the output buffer's name
  std::string value; // the input or node it stores
  Dtype dtype;
  // Row kernels: stored once per row (the output has shape (rows..., 1)
  // while the full shape's cols may differ) rather than per element.
  bool per_row = false;
};

struct FusedKernel {
  std::string name; // kernel library name (without variant suffix)
  std::vector<FusedInput> inputs;
  std::vector<FusedNode> tape; // topological order
  std::vector<FusedOutput> outputs;
  bool contiguous = true;
  int ndim = 0;             // strided variants: number of (collapsed) dims
  bool large_index = false; // 64-bit element indices
  bool row = false;         // a row kernel (see above); contiguous is then unused

  // Level of an input or node by name (row kernels).
  Level level_of(const std::string& value_name) const;
  // Dtype of an input or node by name; throws if unknown.
  Dtype dtype_of(const std::string& value_name) const;
  // The non-constant inputs, in argument order.
  std::vector<const FusedInput*> runtime_inputs() const;
  // A short tag naming the variant: "contiguous", "strided_3", "row",
  // + "_large".
  std::string variant() const;
};

// Reads a scalar array (evaluated) into a ConstantValue.
ConstantValue read_constant(const array& scalar);

// Builds the description from a traced graph. kinds[i] is the kind of
// tape_inputs[i] (constants must be marked constant there; their values are
// read from constant_values[i], an evaluated scalar array).
FusedKernel describe_fused_kernel(const std::string& name,
                                  const std::vector<array>& tape_inputs,
                                  const std::vector<array>& constant_values,
                                  const std::vector<InputKind>& kinds,
                                  const std::vector<array>& tape,
                                  const std::vector<array>& tape_outputs,
                                  bool contiguous, int ndim, bool large_index);

// The row-kernel description of a tape with reductions over the last axis.
// kinds[i] is constant, scalar, contiguous (full, row-major), row or column;
// per_row_outputs[i] says whether output i is stored once per row.
FusedKernel describe_row_kernel(const std::string& name,
                                const std::vector<array>& tape_inputs,
                                const std::vector<array>& constant_values,
                                const std::vector<InputKind>& kinds,
                                const std::vector<array>& tape,
                                const std::vector<array>& tape_outputs,
                                const std::vector<bool>& per_row_outputs);
} // namespace mxcore::kernel
