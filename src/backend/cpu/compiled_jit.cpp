// Compiled::eval_cpu's JIT path: plan the layout, find or build the kernel
// variant, allocate (donating) outputs and run it over the thread pool.
#include "backend/cpu/compiled_jit.h"

#include <algorithm>

#include "backend/cpu/cpp_emitter.h"
#include "backend/cpu/jit_builder.h"
#include "backend/cpu/thread_pool.h"
#include "kernel/fused_kernel.h"
#include "kernel/layout.h"
#include "kernel/row_layout.h"
#include "primitives/reduce.h"

namespace mxcore::cpu {

using kernel::InputKind;

namespace {

// Elements per task: large enough to amortise the dispatch.
constexpr int64_t jit_grain = 1 << 16;

using ContiguousFn = void (*)(void**, int64_t, int64_t);
using StridedFn = void (*)(void**, const int64_t*, const int64_t*, int64_t, int64_t);
using RowFn = void (*)(void**, int64_t, int64_t, int64_t);

char kind_letter(InputKind k) {
  switch (k) {
    case InputKind::constant: return 'C';
    case InputKind::scalar: return 'S';
    case InputKind::contiguous: return 'V';
    case InputKind::strided: return 'G';
    case InputKind::row: return 'R';
    case InputKind::column: return 'K';
  }
  return '?';
}

// Everything the emitted source depends on beyond the kernel library name:
// the variant, index width, input kinds and dtypes, output dtypes.
std::string variant_key(const std::string& kernel_name, const kernel::FusedLayout& l,
                        const std::vector<array>& inputs, const std::vector<array>& outputs) {
  std::string key = kernel_name;
  key += l.contiguous ? "|c" : "|s" + std::to_string(l.shape.size());
  key += l.large_index ? "L|" : "|";
  for (size_t i = 0; i < inputs.size(); ++i) {
    key += kind_letter(l.kinds[i]);
    key += char('a' + static_cast<int>(inputs[i].dtype().val));
  }
  key += '|';
  for (auto& o : outputs) key += char('a' + static_cast<int>(o.dtype().val));
  return key;
}

// The full shape (rows..., cols) of a row kernel for these real inputs: the
// traced one, or under shapeless compile the outputs' leading dims and the
// last dim of whatever spans a row.
Shape row_full_shape(const std::vector<array>& inputs, const std::vector<array>& outputs,
                     const std::vector<array>& tape_inputs, const std::vector<array>& tape) {
  Shape traced;
  for (auto& a : tape) {
    if (dynamic_cast<const Reduce*>(&a.primitive())) {
      traced = a.inputs()[0].shape(); // the first reduction's input
      break;
    }
  }
  bool same = true;
  for (size_t i = 0; i < inputs.size(); ++i) same &= inputs[i].shape() == tape_inputs[i].shape();
  if (same || traced.empty()) return traced;
  Shape full = outputs[0].shape();
  if (full.size() != traced.size()) return traced; // plan_row_layout rejects it
  int64_t cols = 1;
  for (auto& o : outputs) {
    if (o.shape().back() != 1) cols = o.shape().back();
  }
  for (auto& x : inputs) {
    if (x.ndim() > 0 && x.shape().back() != 1) cols = x.shape().back();
  }
  full.back() = static_cast<int32_t>(cols);
  return full;
}

bool eval_row_jit(const std::vector<array>& inputs, std::vector<array>& outputs,
                  const std::vector<array>& tape_inputs,
                  const std::vector<array>& tape_outputs, const std::vector<array>& tape,
                  const std::vector<bool>& is_constant, const std::string& kernel_name) {
  auto full = row_full_shape(inputs, outputs, tape_inputs, tape);
  auto layout = kernel::plan_row_layout(inputs, is_constant, outputs, full);
  if (!layout.supported) return false; // e.g. a transposed input: run eagerly

  std::string key = kernel_name + "|row|";
  for (size_t i = 0; i < inputs.size(); ++i) {
    key += kind_letter(layout.kinds[i]);
    key += char('a' + static_cast<int>(inputs[i].dtype().val));
  }
  key += '|';
  for (size_t o = 0; o < outputs.size(); ++o) {
    key += char('a' + static_cast<int>(outputs[o].dtype().val));
    key += layout.per_row_outputs[o] ? 'r' : 'e';
  }
  void* fn = jit_find(key);
  if (!fn) {
    auto desc = kernel::describe_row_kernel(kernel_name, tape_inputs, inputs, layout.kinds,
                                            tape, tape_outputs, layout.per_row_outputs);
    auto source = emit_cpp_source(desc);
    auto symbol = cpp_symbol_name(desc);
    fn = jit_load(key, kernel_name, symbol, symbol, source);
    if (!fn) return false;
  }
  kernel::allocate_row_outputs(inputs, outputs, layout);
  if (layout.rows == 0) return true;

  std::vector<void*> args;
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (!is_constant[i]) args.push_back(inputs[i].raw_data());
  }
  for (auto& o : outputs) args.push_back(o.raw_data());
  auto f = reinterpret_cast<RowFn>(fn);
  const int64_t cols = layout.cols;
  parallel_for(layout.rows, std::max<int64_t>(1, jit_grain / std::max<int64_t>(cols, 1)),
               [&](int64_t b, int64_t e) { f(args.data(), cols, b, e); });
  return true;
}

} // namespace

bool eval_compiled_jit(const std::vector<array>& inputs,
                       std::vector<array>& outputs,
                       const std::vector<array>& tape_inputs,
                       const std::vector<array>& tape_outputs,
                       const std::vector<array>& tape,
                       const std::unordered_set<uintptr_t>& constant_ids,
                       const std::string& kernel_name, bool row_kernel) {
  if (!jit_available()) return false;
  std::vector<bool> is_constant(inputs.size());
  for (size_t i = 0; i < inputs.size(); ++i) {
    is_constant[i] = constant_ids.count(tape_inputs[i].id()) > 0;
  }
  if (row_kernel) {
    return eval_row_jit(inputs, outputs, tape_inputs, tape_outputs, tape, is_constant,
                        kernel_name);
  }
  auto layout = kernel::plan_fused_layout(inputs, is_constant, outputs[0].shape(),
                                          jit_force_large_index());

  if (layout.size == 0) { // nothing to compute
    kernel::allocate_fused_outputs(inputs, is_constant, outputs, layout);
    return true;
  }

  // Find the variant, building it on first use (before touching outputs, so
  // the caller can still fall back to eager kernels).
  auto key = variant_key(kernel_name, layout, inputs, outputs);
  void* fn = jit_find(key);
  if (!fn) {
    auto desc = kernel::describe_fused_kernel(
        kernel_name, tape_inputs, inputs, layout.kinds, tape, tape_outputs,
        layout.contiguous, static_cast<int>(layout.shape.size()), layout.large_index);
    auto source = emit_cpp_source(desc);
    auto symbol = cpp_symbol_name(desc);
    fn = jit_load(key, kernel_name, symbol, symbol, source);
    if (!fn) return false;
  }

  kernel::allocate_fused_outputs(inputs, is_constant, outputs, layout);

  std::vector<void*> args;
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (!is_constant[i]) args.push_back(inputs[i].raw_data());
  }
  for (auto& o : outputs) args.push_back(o.raw_data());

  if (layout.contiguous) {
    auto f = reinterpret_cast<ContiguousFn>(fn);
    parallel_for(layout.size, jit_grain,
                 [&](int64_t b, int64_t e) { f(args.data(), b, e); });
  } else {
    auto f = reinterpret_cast<StridedFn>(fn);
    const int64_t inner = layout.shape.back();
    const int64_t rows = layout.size / inner;
    std::vector<int64_t> strides;
    for (auto& s : layout.strides) strides.insert(strides.end(), s.begin(), s.end());
    parallel_for(rows, std::max<int64_t>(1, jit_grain / inner), [&](int64_t b, int64_t e) {
      f(args.data(), layout.shape.data(), strides.data(), b, e);
    });
  }
  return true;
}

} // namespace mxcore::cpu
