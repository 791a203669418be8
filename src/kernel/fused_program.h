// The fused program: the one backend-neutral description of a fused region,
// made once when its Compiled primitive is built. Every backend turns
// (program, per-call variant: kernel_variant.h) into a kernel; none of them
// walks the traced graph itself.
//
// Elementwise programs compute every node per element. Row programs
// (row = true) also hold reductions over the last axis: a kernel walks rows
// of the full shape F = (rows..., cols) and folds per-element values of a row
// into one value per row, which later nodes may use.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "kernel/op.h"
#include "mxcore/array.h"

namespace mxcore::kernel {

// What an input is to the program (seed 002's C / S / V).
enum class InputClass {
  constant, // a captured scalar, inlined into the source
  scalar,   // a runtime scalar (ndim 0)
  vector,   // a runtime array; each call's layout says how it is read
};

// A constant's value, wide enough for every dtype.
struct ConstantValue {
  double real = 0; // floating types (and complex's real part)
  double imag = 0; // complex only
  int64_t i = 0;   // signed ints and bool
  uint64_t u = 0;  // unsigned ints
};

struct FusedInput {
  std::string name; // "in0", "in1", ...
  Dtype dtype;
  InputClass input_class;
  Shape traced_shape;  // the shape at trace time (layout planning compares)
  ConstantValue value; // constants only
};

struct FusedNode {
  std::string name; // "t0", "t1", ...
  Dtype dtype = float32;
  Op op;
  NodeKind kind;
  std::vector<std::string> inputs; // names of inputs or earlier nodes
};

struct FusedOutput {
  std::string name;  // the output buffer's name: "out0", ...
  std::string value; // the input or node it stores
  Dtype dtype;
};

struct FusedProgram {
  // The kernel library name: everything the generated code depends on
  // (seed 002), so equal graphs share one kernel.
  std::string name;
  std::vector<FusedInput> inputs;
  std::vector<FusedNode> tape; // topological order
  std::vector<FusedOutput> outputs;
  std::vector<bool> constant_inputs; // per input: is it inlined
  bool row = false;                   // holds reductions over the last axis
  Shape row_shape;                    // row programs: the traced full shape F

  // Dtype of an input or node by name; throws if unknown.
  Dtype dtype_of(const std::string& value_name) const;
  // The input of that name, or nullptr for a node.
  const FusedInput* find_input(const std::string& value_name) const;
};

// The kernel library name of a traced region: per tape node its dtype,
// whether it is an output, its primitive and inputs; the input classes; the
// runtime inputs' dtypes; a hash of the constants' bytes.
std::string fused_program_name(const std::vector<array>& tape_inputs,
                               const std::vector<bool>& is_constant,
                               const std::vector<array>& tape,
                               const std::vector<array>& tape_outputs);

// The program of a traced region (tape_inputs[i] stands for the i-th real
// input; constants are evaluated scalars, read now). Throws
// std::invalid_argument when a tape primitive has no kernel op (op.h).
FusedProgram make_fused_program(std::string name, const std::vector<array>& tape_inputs,
                                const std::vector<bool>& is_constant,
                                const std::vector<array>& tape,
                                const std::vector<array>& tape_outputs);

// Reads a scalar array (evaluated) into a ConstantValue.
ConstantValue read_constant(const array& scalar);

} // namespace mxcore::kernel
