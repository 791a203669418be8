// What one C-style language says about a fused kernel; the renderer
// (cstyle_renderer.h) writes everything else once. Two families of
// execution: range dialects (the CPU) export a function that walks a range
// of elements or rows in loops; grid dialects (Metal, CUDA) run one thread
// per element (or work_per_thread elements) of a grid and take their
// buffers as parameters. A new dialect is types, qualifiers, casts, op
// spellings, where the thread index comes from and its preamble.
#pragma once

#include <string>
#include <vector>

#include "kernel/kernel_variant.h"

namespace mxcore::kernel {

// A grid kernel's parameter: its declaration type, name and buffer index.
struct KernelArg {
  std::string type;
  std::string name;
  int buffer;
};

class Dialect {
 public:
  virtual ~Dialect() = default;

  enum class Family { range, grid };
  virtual Family family() const = 0;
  // Row loops (reductions fused with elementwise ops): range dialects only.
  virtual bool supports_row_loops() const { return family() == Family::range; }

  // ---- types
  // A value in registers, and in memory (half types may differ).
  virtual std::string value_type(Dtype t) const = 0;
  virtual std::string storage_type(Dtype t) const = 0;
  // Element indices (grid dialects; range dialects define index_t).
  virtual std::string index_type(bool large) const = 0;
  // Element offsets: signed, views may have negative strides.
  virtual std::string offset_type(bool large) const = 0;

  // ---- expressions
  virtual std::string load(Dtype t, const std::string& element) const = 0;
  virtual std::string store(Dtype t, const std::string& value) const = 0;
  // Rounds a computed value to its dtype (half math in float rounds per op).
  virtual std::string round(Dtype t, const std::string& value) const = 0;
  // The functor of an elementwise op applied to args.
  virtual std::string op_call(Op op, const std::vector<std::string>& args) const = 0;
  // AsType; round_result: the value feeds more than output stores.
  virtual std::string cast(Dtype to, Dtype from, const std::string& x,
                           bool round_result) const = 0;
  // A constant input's value as a register-typed expression.
  virtual std::string constant(Dtype t, const ConstantValue& v) const = 0;

  // ---- kernel frame
  virtual std::string kernel_name(const FusedProgram& p, const KernelVariant& v) const = 0;
  // Text before and after the kernel function(s).
  virtual std::string preamble(const FusedProgram& p, const KernelVariant& v) const = 0;
  virtual std::string postamble() const { return ""; }

  // Range dialects: the line binding argument `arg` of `void** args` to a
  // buffer pointer named ptr_name; a scalar's element read from it.
  virtual std::string restrict_qualifier() const { return ""; }
  virtual std::string vectorize_hint() const { return ""; }
  virtual std::string buffer_binding(const std::string& ptr_name, const std::string& type,
                                     bool is_const, int arg) const;
  virtual std::string scalar_element(const std::string& name, Dtype t, int arg) const;

  // Range dialects, row loops: reductions' accumulators, the type of a
  // reduction's row fold (constructed from the row length `cols`, given
  // blocks with add(block, c0, n), its result in member acc), whole-row
  // scratch buffers (a declaration of `name`, `count` elements, and its
  // release at the kernel's end), and block conversion of half rows into
  // float scratch ("" when there is none).
  virtual std::string accumulator_type(Dtype t) const;
  virtual std::string convert(const std::string& type, const std::string& x) const;
  virtual std::string row_fold_type(Op op, const std::string& acc_type) const;
  virtual std::string row_buffer(const std::string& type, const std::string& name,
                                 const std::string& count) const;
  virtual std::string row_buffer_release(const std::string& name) const;
  virtual std::string reduce_result(Dtype t, const std::string& acc) const;
  virtual std::string block_conversion(Dtype t, bool to_float) const;

  // Row loops, their frame (defaults: the range dialects' loops, which a
  // grid dialect replaces to run one threadgroup per row): the function's
  // opening, the loop over rows, columns per block, the loop over the
  // blocks of a row and one block's size, whether expensive values may be
  // cached in whole-row buffers, and the value of a finished row fold
  // (named `fold`).
  virtual std::string row_kernel_open(const FusedProgram& p, const KernelVariant& v) const;
  virtual std::string row_loop_open() const;
  virtual int row_block_columns(int range_columns) const { return range_columns; }
  virtual std::string row_block_loop() const;
  virtual std::string row_block_size() const;
  virtual bool row_caches() const { return true; }
  virtual std::string row_fold_result(Dtype t, const std::string& fold) const {
    return reduce_result(t, fold + ".acc");
  }
  // The address space of pointers declared in a kernel body ("device " in
  // MSL; none on the CPU).
  virtual std::string pointer_address_space() const { return ""; }

  // Grid dialects: parameter types in their address spaces, the function's
  // opening up to its body, and the thread's position / the grid's size
  // along axis 'x', 'y' or 'z'.
  virtual std::string buffer_param(const std::string& type, bool is_const) const;
  virtual std::string constant_param(const std::string& type, bool by_reference) const;
  virtual std::string grid_kernel_open(const std::string& name,
                                       const std::vector<KernelArg>& args) const;
  virtual std::string thread_position(char axis) const;
  virtual std::string grid_size(char axis) const;
};

} // namespace mxcore::kernel
