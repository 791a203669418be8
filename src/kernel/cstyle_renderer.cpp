// The C-style renderer: nodes, arguments, bodies and the elementwise loops of
// both families (range: the CPU; grid: GPUs).
#include "kernel/cstyle_renderer.h"

#include <algorithm>
#include <stdexcept>

#include "kernel/cstyle_writer.h"

namespace mxcore::kernel {

namespace cstyle {

InputKind Writer::kind_of(const std::string& input_name) const {
  for (size_t i = 0; i < p.inputs.size(); ++i) {
    if (p.inputs[i].name == input_name) return v.input_kinds[i];
  }
  throw std::invalid_argument("[kernel] Unknown input " + input_name + ".");
}

bool Writer::feeds_only_stores(const std::string& name) const {
  for (auto& n : p.tape) {
    for (auto& in : n.inputs) {
      if (in == name) return false;
    }
  }
  for (auto& o : p.outputs) {
    if (o.value == name) return true;
  }
  return false;
}

void Writer::node(const FusedNode& n, const char* indent, bool rounded, const ElementFn& rename) {
  bool round = rounded && !feeds_only_stores(n.name);
  auto named = [&](const std::string& name) { return rename ? rename(name) : name; };
  std::vector<std::string> inputs;
  for (auto& in : n.inputs) inputs.push_back(named(in));
  os << indent << "const " << d.value_type(n.dtype) << " " << named(n.name) << " = ";
  switch (n.kind) {
    case NodeKind::astype:
      os << d.cast(n.dtype, p.dtype_of(n.inputs[0]), inputs[0], round) << ";\n";
      return;
    case NodeKind::broadcast:
    case NodeKind::alias:
    case NodeKind::reduce: // row loops: the accumulated value (range_row)
      // Broadcasting lives in the strides: the value is the input's.
      os << inputs[0] << ";\n";
      return;
    default:
      break;
  }
  auto call = d.op_call(n.op, inputs);
  os << (round ? d.round(n.dtype, call) : call) << ";\n";
}

std::string Writer::pointer(Dtype t, const std::string& name, bool is_const) const {
  return d.pointer_address_space() + (is_const ? "const " : "") + d.storage_type(t) + "*" +
         d.restrict_qualifier() + " " + name;
}

void Writer::arguments() {
  int arg = 0;
  for (size_t i = 0; i < p.inputs.size(); ++i) {
    auto& in = p.inputs[i];
    switch (kind_of(i)) {
      case InputKind::constant:
        os << "  const " << d.value_type(in.dtype) << " " << in.name << " = "
           << d.constant(in.dtype, in.value) << ";\n";
        break;
      case InputKind::scalar:
        os << "  const " << d.value_type(in.dtype) << " " << in.name << " = "
           << d.load(in.dtype, d.scalar_element(in.name, in.dtype, arg++)) << ";\n";
        break;
      default:
        os << d.buffer_binding(in.name + "_ptr", d.storage_type(in.dtype), true, arg++);
    }
  }
  for (auto& o : p.outputs) {
    os << d.buffer_binding(o.name + "_ptr", d.storage_type(o.dtype), false, arg++);
  }
}

// Inside the loop, one branchy scalar op (power's special cases) would keep
// GCC from vectorizing the whole loop; before it, the op runs once.
void Writer::loop_invariants(const char* indent) {
  auto invariant = [&](const std::string& name) {
    if (p.find_input(name)) {
      auto k = kind_of(name);
      return k == InputKind::constant || k == InputKind::scalar;
    }
    return std::find(invariants.begin(), invariants.end(), name) != invariants.end();
  };
  for (auto& n : p.tape) {
    if (n.kind == NodeKind::reduce || n.inputs.empty()) continue;
    if (std::all_of(n.inputs.begin(), n.inputs.end(), invariant)) {
      node(n, indent);
      invariants.push_back(n.name);
    }
  }
}

void Writer::body(const char* indent, const ElementFn& load, const ElementFn& store,
                  const std::vector<std::string>& as_values) {
  interleaved_body(
      indent, 1, [&](const std::string& n, int) { return load(n); },
      [&](const std::string& n, int) { return store(n); }, as_values);
}

void Writer::interleaved_body(const char* indent, int streams, const StreamElementFn& load,
                              const StreamElementFn& store,
                              const std::vector<std::string>& as_values) {
  auto is_value = [&](const std::string& name) {
    return std::find(as_values.begin(), as_values.end(), name) != as_values.end();
  };
  auto is_invariant = [&](const std::string& name) {
    return std::find(invariants.begin(), invariants.end(), name) != invariants.end();
  };
  auto per_element = [&](const std::string& name) {
    if (p.find_input(name)) {
      auto k = kind_of(name);
      return k == InputKind::contiguous || k == InputKind::strided;
    }
    return !is_invariant(name);
  };
  // One stream keeps the tape's names.
  auto renamed = [&](const std::string& name, int s) {
    return streams > 1 && per_element(name) ? name + "_s" + std::to_string(s) : name;
  };
  for (size_t i = 0; i < p.inputs.size(); ++i) {
    auto k = kind_of(i);
    if (k != InputKind::contiguous && k != InputKind::strided) continue;
    auto& in = p.inputs[i];
    for (int s = 0; s < streams; ++s) {
      os << indent << "const " << d.value_type(in.dtype) << " " << renamed(in.name, s) << " = "
         << (is_value(in.name) ? load(in.name, s) : d.load(in.dtype, load(in.name, s)))
         << ";\n";
    }
  }
  for (auto& n : p.tape) {
    if (is_invariant(n.name)) continue;
    for (int s = 0; s < streams; ++s) {
      node(n, indent, true, [&](const std::string& name) { return renamed(name, s); });
    }
  }
  for (auto& o : p.outputs) {
    for (int s = 0; s < streams; ++s) {
      auto value = renamed(o.value, s);
      os << indent << store(o.name, s) << " = "
         << (is_value(o.name) ? value : d.store(o.dtype, value)) << ";\n";
    }
  }
}

namespace {
// Rough latency of one op in a dependent chain, in units of an add: the
// polynomial functors (exp, erf, log, the trig family) run a few dozen
// dependent instructions.
int latency_weight(Op op) {
  switch (op) {
    case Op::Exp: case Op::Expm1: case Op::Log: case Op::Log2: case Op::Log10:
    case Op::Log1p: case Op::Sin: case Op::Cos: case Op::Tan: case Op::ArcSin:
    case Op::ArcCos: case Op::ArcTan: case Op::Sinh: case Op::Cosh: case Op::Tanh:
    case Op::ArcSinh: case Op::ArcCosh: case Op::ArcTanh: case Op::Erf: case Op::ErfInv:
    case Op::Sigmoid: case Op::Power: case Op::LogAddExp: case Op::ArcTan2:
      return 8;
    case Op::Divide: case Op::Sqrt: case Op::Rsqrt: case Op::Remainder:
      return 3;
    default:
      return 1;
  }
}

// Rough size of one op in the loop body GCC if-converts before vectorizing:
// the selects inside the polynomial functors count most. Past a body of
// ~160 units GCC 12 leaves the whole loop scalar (~8x slower); measured on
// chains of each functor in float32 and float16 (a half-typed node adds a
// rounding, 1), four and two streams, the budget below keeps a margin.
int body_weight(Op op) {
  switch (op) {
    case Op::Power:
      return 10;
    case Op::Erf: case Op::ErfInv:
      return 9;
    case Op::Sin: case Op::Cos: case Op::Tan: case Op::ArcSin: case Op::ArcCos:
    case Op::ArcTan: case Op::ArcTan2: case Op::LogAddExp:
      return 8;
    case Op::Sinh: case Op::Cosh: case Op::Tanh: case Op::ArcSinh: case Op::ArcCosh:
    case Op::ArcTanh: case Op::Sigmoid:
      return 6;
    case Op::Exp: case Op::Expm1: case Op::Log: case Op::Log2: case Op::Log10:
    case Op::Log1p:
      return 4;
    default:
      return 1;
  }
}
constexpr int streamed_body_budget = 128;
} // namespace

// Out-of-order cores overlap consecutive elements only as far as their
// reorder window reaches (~300 instructions on Zen 4): a chain of two
// polynomial functors (gelu after gelu, exp of an exp) is longer than that
// window allows to overlap, and runs at its latency. Interleaved streams
// give the core independent work again (on one core here, three chained
// gelus: two streams 1.2x, four 1.48x faster); a single functor gains
// nothing and keeps one stream. The streams multiply the loop body, so
// they stay within what GCC still vectorizes: four, else two, else one.
int Writer::latency_streams() const {
  std::vector<std::pair<std::string, int>> depth;
  int deepest = 0, size = 0;
  for (auto& n : p.tape) {
    // Loop invariants (Adam's 1 - b1**step) run once, before the loop.
    if (std::find(invariants.begin(), invariants.end(), n.name) != invariants.end()) continue;
    int d0 = 0;
    for (auto& in : n.inputs) {
      for (auto& [name, dd] : depth) {
        if (name == in) d0 = std::max(d0, dd);
      }
    }
    int dn = d0 + latency_weight(n.op);
    depth.emplace_back(n.name, dn);
    deepest = std::max(deepest, dn);
    size += body_weight(n.op) + (n.dtype == float16 || n.dtype == bfloat16 ? 1 : 0);
  }
  if (deepest < 16) return 1;
  for (int streams : {4, 2}) {
    if (streams * size <= streamed_body_budget) return streams;
  }
  return 1;
}

// ---- range loops: `begin..end` of flat indices, or of rows.

// Half inputs and outputs, where the dialect converts whole blocks (F16C /
// AVX-512 on the CPU: one instruction per 16 values, against a dozen integer
// ops per element converting inside the loop), go through float blocks.
void Writer::range_contiguous() {
  os << "void " << d.kernel_name(p, v) << "(void** args, int64_t begin, int64_t end) {\n";
  arguments();
  loop_invariants("  ");
  std::vector<std::string> blocked; // inputs, then outputs
  std::vector<Dtype> blocked_types;
  for (size_t i = 0; i < p.inputs.size(); ++i) {
    auto& in = p.inputs[i];
    if (kind_of(i) == InputKind::contiguous && !d.block_conversion(in.dtype, true).empty()) {
      blocked.push_back(in.name);
      blocked_types.push_back(in.dtype);
    }
  }
  const size_t blocked_inputs = blocked.size();
  for (auto& o : p.outputs) {
    if (!d.block_conversion(o.dtype, false).empty()) {
      blocked.push_back(o.name);
      blocked_types.push_back(o.dtype);
    }
  }
  if (!blocked.empty()) {
    // 512 values a block: the scratch of a few operands stays in L1.
    os << "  constexpr int64_t block = 512;\n";
    for (auto& name : blocked) os << "  alignas(64) float " << name << "_blk[block];\n";
    os << "  for (int64_t b0 = begin; b0 < end; b0 += block) {\n"
       << "    const int64_t bn = end - b0 < block ? end - b0 : block;\n";
    for (size_t k = 0; k < blocked_inputs; ++k) {
      os << "    " << d.block_conversion(blocked_types[k], true) << "(" << blocked[k] << "_blk, "
         << blocked[k] << "_ptr + b0, bn);\n";
    }
    auto at = [&](const std::string& n, int s) {
      bool is_block = std::find(blocked.begin(), blocked.end(), n) != blocked.end();
      auto j = s ? "j + " + std::to_string(s) + " * span" : std::string("j");
      return is_block ? n + "_blk[" + j + "]" : n + "_ptr[b0 + " + j + "]";
    };
    os << "    int64_t j0 = 0;\n";
    if (int streams = latency_streams(); streams > 1) {
      os << "    const int64_t span = bn / " << streams << ";\n"
         << d.vectorize_hint() << "    for (int64_t j = 0; j < span; ++j) {\n";
      interleaved_body("      ", streams, at, at, blocked);
      os << "    }\n"
         << "    j0 = span * " << streams << ";\n";
    }
    os << d.vectorize_hint() << "    for (int64_t j = j0; j < bn; ++j) {\n";
    interleaved_body("      ", 1, at, at, blocked);
    os << "    }\n";
    for (size_t k = blocked_inputs; k < blocked.size(); ++k) {
      os << "    " << d.block_conversion(blocked_types[k], false) << "(" << blocked[k]
         << "_ptr + b0, " << blocked[k] << "_blk, bn);\n";
    }
    os << "  }\n}\n";
    return;
  }
  if (int streams = latency_streams(); streams > 1) {
    // Stream k covers [begin + k * span, begin + (k + 1) * span); the last
    // few elements (fewer than `streams`) run in the plain loop below.
    os << "  const index_t span = index_t((end - begin) / " << streams << ");\n"
       << d.vectorize_hint()
       << "  for (index_t i = index_t(begin); i < index_t(begin) + span; ++i) {\n";
    auto at = [](const std::string& n, int s) {
      return n + "_ptr[i" + (s ? " + " + std::to_string(s) + " * span" : "") + "]";
    };
    interleaved_body("    ", streams, at, at);
    os << "  }\n"
       << "  begin += int64_t(span) * " << streams << ";\n";
  }
  os << d.vectorize_hint();
  os << "  for (index_t i = index_t(begin); i < index_t(end); ++i) {\n";
  body("    ", [](auto& n) { return n + "_ptr[i]"; }, [](auto& n) { return n + "_ptr[i]"; });
  os << "  }\n}\n";
}

// Rows are the flat indices of the N-1 outer dims, walked with an odometer;
// the inner dim is a loop, unit-stride for every input or not.
void Writer::range_strided() {
  const int N = v.ndim;
  os << "void " << d.kernel_name(p, v)
     << "(void** args, const int64_t* shape, const int64_t* strides,\n"
     << "    int64_t row_begin, int64_t row_end) {\n";
  arguments();
  loop_invariants("  ");
  os << "  constexpr int N = " << N << ";\n"
     << "  const index_t inner = index_t(shape[N - 1]);\n";
  // Every input walked by strides; those broadcast along the inner dim are
  // read once per row (hoisted), so they do not stop the unit-stride loop.
  std::vector<std::string> strided;
  std::vector<size_t> hoisted;
  for (size_t i = 0; i < p.inputs.size(); ++i) {
    auto k = kind_of(i);
    if (k == InputKind::broadcast_inner) hoisted.push_back(i);
    if (k == InputKind::strided || k == InputKind::broadcast_inner) {
      strided.push_back(p.inputs[i].name);
    }
  }
  os << "  bool unit_inner = true;\n";
  for (size_t s = 0; s < strided.size(); ++s) {
    auto& nm = strided[s];
    os << "  const int64_t* " << nm << "_strides = strides + " << s * N << ";\n";
    if (kind_of(nm) == InputKind::strided) {
      os << "  const index_t " << nm << "_inner = index_t(" << nm << "_strides[N - 1]);\n"
         << "  unit_inner = unit_inner && " << nm << "_inner == 1;\n";
    }
    os << "  int64_t " << nm << "_off = 0;\n";
  }
  // Position of row_begin in the outer dims (an odometer from then on).
  os << "  int64_t idx[N > 1 ? N - 1 : 1] = {};\n"
     << "  {\n    int64_t rem = row_begin;\n"
     << "    for (int d = N - 2; d >= 0; --d) {\n"
     << "      idx[d] = rem % shape[d];\n      rem /= shape[d];\n";
  for (auto& nm : strided) os << "      " << nm << "_off += idx[d] * " << nm << "_strides[d];\n";
  os << "    }\n  }\n";
  os << "  for (int64_t row = row_begin; row < row_end; ++row) {\n";
  for (auto& nm : strided) {
    if (kind_of(nm) == InputKind::broadcast_inner) continue;
    os << "    " << pointer(p.dtype_of(nm), nm + "_row", true) << " = " << nm << "_ptr + "
       << nm << "_off;\n";
  }
  for (auto i : hoisted) {
    auto& in = p.inputs[i];
    os << "    const " << d.value_type(in.dtype) << " " << in.name << " = "
       << d.load(in.dtype, in.name + "_ptr[" + in.name + "_off]") << ";\n";
  }
  for (auto& o : p.outputs) {
    os << "    " << pointer(o.dtype, o.name + "_row", false) << " = " << o.name
       << "_ptr + row * int64_t(inner);\n";
  }
  auto store = [](auto& n) { return n + "_row[j]"; };
  os << "    if (unit_inner) {\n" << d.vectorize_hint()
     << "      for (index_t j = 0; j < inner; ++j) {\n";
  body("        ", [](auto& n) { return n + "_row[j]"; }, store);
  os << "      }\n    } else {\n"
     << "      for (index_t j = 0; j < inner; ++j) {\n";
  body("        ", [](auto& n) { return n + "_row[j * " + n + "_inner]"; }, store);
  os << "      }\n    }\n";
  // Advance the odometer by one row.
  os << "    for (int d = N - 2; d >= 0; --d) {\n";
  for (auto& nm : strided) os << "      " << nm << "_off += " << nm << "_strides[d];\n";
  os << "      if (++idx[d] < shape[d]) break;\n";
  for (auto& nm : strided) {
    os << "      " << nm << "_off -= " << nm << "_strides[d] * shape[d];\n";
  }
  os << "      idx[d] = 0;\n    }\n  }\n}\n";
}

// ---- grid loops: each thread writes work_per_thread elements.

void Writer::grid_contiguous() {
  const auto idx = d.index_type(v.large_index);
  os << d.grid_kernel_open(d.kernel_name(p, v), grid_kernel_args(d, p, v))
     << "  constexpr int N_PER_THREAD = " << v.work_per_thread << ";\n";
  arguments();
  loop_invariants("  ");
  os << "  " << idx << " start = (" << idx << "(" << d.thread_position('x') << ") + " << idx
     << "(" << d.grid_size('x') << ") * " << idx << "(" << d.thread_position('y')
     << ")) * N_PER_THREAD;\n"
     << "  for (int w = 0; w < N_PER_THREAD; ++w) {\n"
     << "    " << idx << " out_index = start + w;\n"
     << "    if (out_index >= size) break;\n";
  auto at = [](auto& n) { return n + "_ptr[out_index]"; };
  body("    ", at, at);
  os << "  }\n}\n";
}

// x: inner positions (work_per_thread each), y: the next dim, z: the rest.
// y and z stride over their dims, so a grid smaller than them (CUDA's 65535
// blocks) still covers every row.
void Writer::grid_strided() {
  const auto idx = d.index_type(v.large_index);
  const auto loc = d.offset_type(v.large_index);
  os << d.grid_kernel_open(d.kernel_name(p, v), grid_kernel_args(d, p, v))
     << "  constexpr int N_PER_THREAD = " << v.work_per_thread << ";\n";
  arguments();
  loop_invariants("  ");
  if (!v.dynamic_ndim) os << "  constexpr int ndim = " << v.ndim << ";\n";
  const auto px = d.thread_position('x'), py = d.thread_position('y'),
             pz = d.thread_position('z');
  os << "  const " << idx << " inner = output_shape[ndim - 1];\n"
     << "  const " << idx << " rows_y = ndim > 1 ? " << idx << "(output_shape[ndim - 2]) : 1;\n"
     << "  " << idx << " rows_z = 1;\n"
     << "  for (int d = 0; d < ndim - 2; ++d) rows_z *= " << idx << "(output_shape[d]);\n"
     << "  const " << idx << " x0 = " << idx << "(" << px << ") * N_PER_THREAD;\n"
     << "  for (" << idx << " zz = " << pz << "; zz < rows_z; zz += " << d.grid_size('z')
     << ") {\n"
     << "  for (" << idx << " yy = " << py << "; yy < rows_y; yy += " << d.grid_size('y')
     << ") {\n"
     << "  const " << idx << " row = yy + rows_y * zz;\n";
  std::vector<std::string> strided;
  for (size_t i = 0; i < p.inputs.size(); ++i) {
    if (kind_of(i) == InputKind::strided) strided.push_back(p.inputs[i].name);
  }
  for (auto& nm : strided) {
    os << "  " << loc << " " << nm << "_loc = ndim > 1 ? " << loc << "(yy) * " << loc << "("
       << nm << "_strides[ndim - 2]) : " << loc << "(0);\n";
  }
  // The outer dims' positions from zz.
  os << "  " << idx << " rest = zz;\n"
     << "  for (int d = ndim - 3; d >= 0; --d) {\n"
     << "    " << loc << " i_d = " << loc << "(rest % " << idx << "(output_shape[d]));\n"
     << "    rest /= " << idx << "(output_shape[d]);\n";
  for (auto& nm : strided) {
    os << "    " << nm << "_loc += i_d * " << loc << "(" << nm << "_strides[d]);\n";
  }
  os << "  }\n"
     << "  for (int w = 0; w < N_PER_THREAD; ++w) {\n"
     << "    " << idx << " x = x0 + w;\n"
     << "    if (x >= inner) break;\n"
     << "    " << idx << " out_index = row * inner + x;\n";
  body(
      "    ",
      [&](auto& n) {
        return n + "_ptr[" + n + "_loc + " + loc + "(x) * " + loc + "(" + n +
               "_strides[ndim - 1])]";
      },
      [](auto& n) { return n + "_ptr[out_index]"; });
  os << "  }\n  }\n  }\n}\n";
}

} // namespace cstyle

std::vector<KernelArg> grid_kernel_args(const Dialect& d, const FusedProgram& p,
                                        const KernelVariant& v) {
  std::vector<KernelArg> args;
  int b = 0;
  const bool contiguous = v.loop == LoopKind::contiguous;
  for (size_t i = 0; i < p.inputs.size(); ++i) {
    auto& in = p.inputs[i];
    auto k = v.input_kinds[i];
    if (k == InputKind::constant) continue;
    args.push_back({d.buffer_param(d.storage_type(in.dtype), true), in.name + "_ptr", b++});
    if (k == InputKind::strided) {
      args.push_back({d.constant_param("int64_t", false), in.name + "_strides", b++});
    }
  }
  for (auto& o : p.outputs) {
    args.push_back({d.buffer_param(d.storage_type(o.dtype), false), o.name + "_ptr", b++});
  }
  if (contiguous) {
    args.push_back({d.constant_param(d.index_type(v.large_index), true), "size", b++});
  } else {
    args.push_back({d.constant_param("int", false), "output_shape", b++});
    if (v.dynamic_ndim) args.push_back({d.constant_param("int", true), "ndim", b++});
  }
  return args;
}

std::string render_kernel_function(const Dialect& d, const FusedProgram& p,
                                   const KernelVariant& v) {
  if (v.input_kinds.size() != p.inputs.size()) {
    throw std::invalid_argument("[kernel] The variant's input kinds do not match the program.");
  }
  cstyle::Writer w(d, p, v);
  bool range = d.family() == Dialect::Family::range;
  for (auto k : v.input_kinds) {
    if (k == InputKind::broadcast_inner && !(range && v.loop == LoopKind::strided)) {
      throw std::invalid_argument(
          "[kernel] Inputs read once per row (broadcast_inner) need a range strided loop.");
    }
  }
  switch (v.loop) {
    case LoopKind::row:
      if (!d.supports_row_loops()) {
        throw std::invalid_argument(
            "[kernel] Row kernels (fused reductions) are not supported by this backend.");
      }
      w.range_row();
      break;
    case LoopKind::contiguous:
      range ? w.range_contiguous() : w.grid_contiguous();
      break;
    case LoopKind::strided:
      range ? w.range_strided() : w.grid_strided();
      break;
  }
  return w.os.str();
}

std::string render_kernel(const Dialect& d, const FusedProgram& p, const KernelVariant& v) {
  auto function = render_kernel_function(d, p, v);
  return d.preamble(p, v) + function + d.postamble();
}

} // namespace mxcore::kernel
