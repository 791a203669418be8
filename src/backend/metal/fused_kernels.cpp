// Elementwise work on Metal through the one fused program and the MSL
// dialect of the one renderer: the Compiled primitive's program, and each
// eager unary / binary / ternary / astype primitive as a one-node program
// (so every op, dtype and layout the renderer handles runs on Metal with no
// second copy of its math). Contiguous, strided 1..4 and dynamic-ndim
// variants, 32- or 64-bit indices, several elements per thread for large
// contiguous outputs. Row programs (fused reductions: softmax, layer norm,
// rms norm, logsumexp) run the row variant, one threadgroup per row.
#include <algorithm>
#include <mutex>
#include <unordered_map>

#include "backend/cpu/jit_builder.h"
#include "backend/metal/compiled_source.h"
#include "backend/metal/metal_backend.h"
#include "backend/metal/msl_dialect.h"
#include "compile/compiled.h"
#include "kernel/fused_program.h"
#include "backend/cpu/copy.h"
#include "backend/metal/copy_kernels.h"
#include "kernel/layout.h"
#include "kernel/row_layout.h"
#include "primitives/elementwise.h"

namespace mxcore::metal {

namespace {

constexpr int max_fixed_ndim = 4;
constexpr int64_t large_contiguous = 1 << 16; // elements: 4 per thread from here

// The variant of this call: the planned one, dynamic ndim past the fixed
// ones, work per thread for large contiguous outputs.
kernel::KernelVariant metal_variant(const kernel::FusedLayout& layout) {
  auto v = layout.variant();
  if (!layout.contiguous && v.ndim > max_fixed_ndim) v.dynamic_ndim = true;
  if (layout.contiguous && layout.size >= large_contiguous) v.work_per_thread = 4;
  return v;
}

bool has_complex(const std::vector<array>& inputs, const std::vector<array>& outputs) {
  auto c = [](const array& a) { return a.dtype() == complex64; };
  return std::any_of(inputs.begin(), inputs.end(), c) ||
         std::any_of(outputs.begin(), outputs.end(), c);
}

void run_fused(const kernel::FusedProgram& program, Primitive& prim,
               const std::vector<array>& inputs, std::vector<array>& outputs) {
  // complex64 has no MSL spelling the emulator's C++ shares (.real members):
  // such programs run the CPU kernel on the same buffers.
  if (has_complex(inputs, outputs)) {
    cpu_fallback(prim, inputs, outputs);
    return;
  }
  // The JIT's test switch forces 64-bit indices here too.
  auto layout = kernel::plan_fused_layout(inputs, program.constant_inputs, outputs[0].shape(),
                                          cpu::jit_force_large_index());
  kernel::allocate_fused_outputs(inputs, program.constant_inputs, outputs, layout);
  if (layout.size == 0) return;
  auto v = metal_variant(layout);
  const auto name = msl_kernel_name(program, v);
  const auto library = name + "_" + std::to_string(std::hash<std::string>()(v.key()));
  auto& enc = backend_of(prim).encoder(prim.stream());
  enc.set_kernel(library, [&] { return compiled_kernel_source(program, v); }, name);

  // Arguments in kernel::grid_kernel_args order: inputs (+ their strides),
  // outputs, then the size or the shape (+ ndim).
  int slot = 0;
  size_t strided = 0;
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (program.constant_inputs[i]) continue;
    enc.set_array(inputs[i], slot++);
    if (!layout.contiguous && v.input_kinds[i] == kernel::InputKind::strided) {
      enc.set_vector(layout.strides[strided++], slot++);
    }
  }
  for (auto& o : outputs) enc.set_array(o, slot++);
  const uint64_t wpt = uint64_t(v.work_per_thread);
  api::Size3 grid;
  if (layout.contiguous) {
    if (v.large_index) {
      enc.set_value<int64_t>(layout.size, slot++);
    } else {
      enc.set_value<uint32_t>(uint32_t(layout.size), slot++);
    }
    grid = {(uint64_t(layout.size) + wpt - 1) / wpt, 1, 1};
  } else {
    std::vector<int> shape(layout.shape.begin(), layout.shape.end());
    const int nd = int(shape.size());
    enc.set_vector(shape, slot++);
    if (v.dynamic_ndim) enc.set_value<int>(nd, slot++);
    grid.x = (uint64_t(shape.back()) + wpt - 1) / wpt;
    grid.y = nd > 1 ? uint64_t(shape[nd - 2]) : 1;
    grid.z = 1;
    for (int d = 0; d < nd - 2; ++d) grid.z *= uint64_t(shape[d]);
  }
  const uint64_t limit = enc.max_threads_per_group();
  api::Size3 group{std::min<uint64_t>(grid.x, limit), 1, 1};
  group.y = std::min<uint64_t>(grid.y, limit / group.x);
  enc.dispatch_threads(grid, group);
}

// `x` as a row-major array of the full shape (broadcast where x has size 1),
// for inputs the row kernel cannot read in place (transposed, broadcast).
array dense_copy(MetalBackend& b, const Stream& stream, const array& x, const Shape& full) {
  Strides strides(full.size(), 0);
  const int diff = int(full.size()) - x.ndim();
  for (int d = 0; d < x.ndim(); ++d) {
    strides[d + diff] = x.shape(d) == 1 ? 0 : x.strides()[d];
  }
  array view(full, x.dtype(), nullptr, {});
  cpu::make_view(x, view, strides);
  array dense(full, x.dtype(), nullptr, {});
  copy_to_row_major(b, stream, view, dense);
  return dense;
}

void run_row(const kernel::FusedProgram& program, Primitive& prim, const std::vector<array>& inputs,
             std::vector<array>& outputs) {
  if (has_complex(inputs, outputs)) {
    cpu_fallback(prim, inputs, outputs);
    return;
  }
  auto& b = backend_of(prim);
  auto full = kernel::row_full_shape(program, inputs, outputs);
  auto layout = kernel::plan_row_layout(inputs, program.constant_inputs, outputs, full);
  std::vector<array> ins = inputs;
  if (!layout.supported) {
    Shape reduced = full;
    if (!reduced.empty()) reduced.back() = 1;
    for (size_t i = 0; i < inputs.size(); ++i) {
      auto& x = inputs[i];
      if (program.constant_inputs[i] || x.size() == 1 || x.data_size() == 1) continue;
      bool fine = x.flags().row_contiguous && (x.shape() == full || x.shape() == reduced);
      if (!fine) ins[i] = dense_copy(b, prim.stream(), x, full);
    }
    layout = kernel::plan_row_layout(ins, program.constant_inputs, outputs, full);
    if (!layout.supported) {
      cpu_fallback(prim, inputs, outputs); // an output layout the kernel cannot write
      return;
    }
  }
  for (auto& o : outputs) b.allocate(o);
  if (layout.rows == 0) return;
  auto v = layout.variant();
  const auto name = msl_kernel_name(program, v);
  const auto library = name + "_" + std::to_string(std::hash<std::string>()(v.key()));
  auto& enc = b.encoder(prim.stream());
  enc.set_kernel(library, [&] { return compiled_kernel_source(program, v); }, name);
  int slot = 0;
  for (size_t i = 0; i < ins.size(); ++i) {
    if (!program.constant_inputs[i]) enc.set_array(ins[i], slot++);
  }
  for (auto& o : outputs) enc.set_array(o, slot++);
  enc.set_value<int64_t>(layout.cols, slot++);
  enc.dispatch_threadgroups({uint64_t(layout.rows), 1, 1}, {msl_row_threads(layout.cols), 1, 1});
}

// One-node programs of eager primitives, made once per (op, dtypes, ranks).
const kernel::FusedProgram& single_op_program(Primitive& p, const std::vector<array>& inputs,
                                              const std::vector<array>& outputs) {
  std::string key = p.name();
  for (auto& in : inputs) key += std::string("|") + dtype_name(in.dtype()) + (in.ndim() ? "v" : "s");
  for (auto& o : outputs) key += std::string(">") + dtype_name(o.dtype());
  static std::mutex mtx;
  static auto* programs = new std::unordered_map<std::string, kernel::FusedProgram>();
  std::lock_guard lock(mtx);
  if (auto it = programs->find(key); it != programs->end()) return it->second;
  std::vector<array> placeholders;
  for (auto& in : inputs) placeholders.emplace_back(in.shape(), in.dtype(), nullptr, std::vector<array>{});
  array node(outputs[0].shape(), outputs[0].dtype(), outputs[0].primitive_ptr(), placeholders);
  std::vector<bool> is_constant(inputs.size(), false);
  auto name = kernel::fused_program_name(placeholders, is_constant, {node}, {node});
  auto program = kernel::make_fused_program(name, placeholders, is_constant, {node}, {node});
  return programs->emplace(key, std::move(program)).first->second;
}

void eval_single_op(Primitive& p, const std::vector<array>& inputs, std::vector<array>& outputs) {
  run_fused(single_op_program(p, inputs, outputs), p, inputs, outputs);
}

} // namespace

void register_elementwise_kernels(backend::KernelTable& table) {
  add_kernel<Compiled>(table, [](Compiled& c, const std::vector<array>& inputs,
                                 std::vector<array>& outputs) {
    const kernel::FusedProgram* program = c.program();
    if (program == nullptr) {
      cpu_fallback(c, inputs, outputs); // CPU kernel, unified memory
      return;
    }
    if (program->row) {
      run_row(*program, c, inputs, outputs);
    } else {
      run_fused(*program, c, inputs, outputs);
    }
  });
#define MXCORE_METAL_SINGLE_OP(NAME) \
  add_kernel<NAME>(table, [](NAME& p, const std::vector<array>& in, std::vector<array>& out) { \
    eval_single_op(p, in, out);                                                               \
  });
  MXCORE_METAL_SINGLE_OP(Abs) MXCORE_METAL_SINGLE_OP(Negative) MXCORE_METAL_SINGLE_OP(Sign)
  MXCORE_METAL_SINGLE_OP(Square) MXCORE_METAL_SINGLE_OP(Sqrt) MXCORE_METAL_SINGLE_OP(Rsqrt)
  MXCORE_METAL_SINGLE_OP(Exp) MXCORE_METAL_SINGLE_OP(Expm1) MXCORE_METAL_SINGLE_OP(Log)
  MXCORE_METAL_SINGLE_OP(Log2) MXCORE_METAL_SINGLE_OP(Log10) MXCORE_METAL_SINGLE_OP(Log1p)
  MXCORE_METAL_SINGLE_OP(Sin) MXCORE_METAL_SINGLE_OP(Cos) MXCORE_METAL_SINGLE_OP(Tan)
  MXCORE_METAL_SINGLE_OP(ArcSin) MXCORE_METAL_SINGLE_OP(ArcCos) MXCORE_METAL_SINGLE_OP(ArcTan)
  MXCORE_METAL_SINGLE_OP(Sinh) MXCORE_METAL_SINGLE_OP(Cosh) MXCORE_METAL_SINGLE_OP(Tanh)
  MXCORE_METAL_SINGLE_OP(ArcSinh) MXCORE_METAL_SINGLE_OP(ArcCosh) MXCORE_METAL_SINGLE_OP(ArcTanh)
  MXCORE_METAL_SINGLE_OP(Erf) MXCORE_METAL_SINGLE_OP(ErfInv) MXCORE_METAL_SINGLE_OP(Sigmoid)
  MXCORE_METAL_SINGLE_OP(Floor) MXCORE_METAL_SINGLE_OP(Ceil) MXCORE_METAL_SINGLE_OP(Round)
  MXCORE_METAL_SINGLE_OP(LogicalNot) MXCORE_METAL_SINGLE_OP(BitwiseInvert)
  MXCORE_METAL_SINGLE_OP(Add) MXCORE_METAL_SINGLE_OP(Subtract) MXCORE_METAL_SINGLE_OP(Multiply)
  MXCORE_METAL_SINGLE_OP(Divide) MXCORE_METAL_SINGLE_OP(Remainder) MXCORE_METAL_SINGLE_OP(Power)
  MXCORE_METAL_SINGLE_OP(Maximum) MXCORE_METAL_SINGLE_OP(Minimum)
  MXCORE_METAL_SINGLE_OP(LogAddExp) MXCORE_METAL_SINGLE_OP(ArcTan2)
  MXCORE_METAL_SINGLE_OP(NotEqual) MXCORE_METAL_SINGLE_OP(Less) MXCORE_METAL_SINGLE_OP(LessEqual)
  MXCORE_METAL_SINGLE_OP(Greater) MXCORE_METAL_SINGLE_OP(GreaterEqual)
  MXCORE_METAL_SINGLE_OP(LogicalAnd) MXCORE_METAL_SINGLE_OP(LogicalOr)
  MXCORE_METAL_SINGLE_OP(Equal) MXCORE_METAL_SINGLE_OP(BitwiseBinary)
  MXCORE_METAL_SINGLE_OP(Select) MXCORE_METAL_SINGLE_OP(AsType)
#undef MXCORE_METAL_SINGLE_OP
}

} // namespace mxcore::metal
