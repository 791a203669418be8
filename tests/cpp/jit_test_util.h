// Helpers shared by the JIT tests: trace a small graph into a tape, make its
// fused program, run it through the CPU JIT, and compare with the eager
// result element by element.
#pragma once

#include <complex>
#include <functional>
#include <string>
#include <unordered_set>
#include <vector>

#include "backend/cpu/compiled_jit.h"
#include "backend/cpu/jit_background.h"
#include "kernel/fused_program.h"
#include "mxcore/array.h"
#include "mxcore/ops.h"
#include "mxcore/primitives.h"

namespace jittest {

using namespace mxcore;

// These tests run kernels right after building them: the JIT builds before
// the first call returns (background builds would decline the first call).
inline const bool synchronous_jit_builds = (cpu::set_jit_background(false), true);

struct Traced {
  std::vector<array> tape_inputs;
  std::vector<array> tape;
  std::vector<array> tape_outputs;
};

// The nodes between inputs and outputs, in topological order.
inline Traced trace(const std::vector<array>& inputs, const std::vector<array>& outputs) {
  Traced t{inputs, {}, outputs};
  std::unordered_set<uintptr_t> seen;
  for (auto& x : inputs) seen.insert(x.id());
  std::function<void(const array&)> visit = [&](const array& a) {
    if (seen.count(a.id())) return;
    seen.insert(a.id());
    if (!a.has_primitive()) throw std::runtime_error("trace: leaf outside the inputs");
    for (auto& in : a.inputs()) visit(in);
    t.tape.push_back(a);
  };
  for (auto& y : outputs) visit(y);
  return t;
}

// The fused program of a traced graph. `name` replaces the derived kernel
// name so that each test builds its own kernel.
inline kernel::FusedProgram program_of(const Traced& t,
                                       const std::unordered_set<uintptr_t>& constants,
                                       const std::string& name) {
  std::vector<bool> is_constant;
  for (auto& x : t.tape_inputs) is_constant.push_back(constants.count(x.id()) > 0);
  return kernel::make_fused_program(name, t.tape_inputs, is_constant, t.tape, t.tape_outputs);
}

// Runs the traced graph through the CPU JIT on real inputs (Compiled's path).
inline bool run_compiled_jit(const std::vector<array>& real_inputs, std::vector<array>& outs,
                             const Traced& t, const std::unordered_set<uintptr_t>& constants,
                             const std::string& name) {
  return cpu::eval_compiled_jit(program_of(t, constants, name), real_inputs, outs);
}

// Unallocated arrays shaped like the outputs, as Compiled hands them over.
inline std::vector<array> output_placeholders(const std::vector<array>& ys) {
  std::vector<array> outs;
  for (auto& y : ys) outs.push_back(array(y.shape(), y.dtype(), y.primitive_ptr(), {}));
  return outs;
}

// Element at a flat (row-major) position, honouring strides.
inline std::complex<double> element(const array& a, int64_t flat) {
  int64_t off = 0;
  for (int d = a.ndim() - 1; d >= 0; --d) {
    off += (flat % a.shape(d)) * a.strides()[d];
    flat /= a.shape(d);
  }
  const char* p = static_cast<const char*>(a.raw_data()) + off * int64_t(a.itemsize());
  if (a.dtype() == complex64) {
    auto c = detail::read_scalar<complex64_t>(p, a.dtype());
    return {c.real(), c.imag()};
  }
  return {detail::read_scalar<double>(p, a.dtype()), 0.0};
}

inline bool close(double a, double b, double tol) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  if (std::isinf(a) || std::isinf(b)) return a == b;
  return std::abs(a - b) <= tol * (1 + std::abs(b));
}

// Whether got (JIT) equals want (eager) elementwise within tol.
inline bool all_close(const array& got, const array& want, double tol) {
  if (got.shape() != want.shape() || got.dtype() != want.dtype()) return false;
  for (int64_t i = 0; i < int64_t(want.size()); ++i) {
    auto g = element(got, i), w = element(want, i);
    if (!close(g.real(), w.real(), tol) || !close(g.imag(), w.imag(), tol)) {
      return false;
    }
  }
  return true;
}

inline double tolerance(Dtype t) {
  if (t == float16) return 2e-3;
  if (t == bfloat16) return 1e-2;
  if (t == float32 || t == complex64) return 1e-6;
  return 1e-12;
}

} // namespace jittest
