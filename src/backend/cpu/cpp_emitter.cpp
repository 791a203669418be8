// The C++ emitter: one thin rendering of the FusedKernel description.
#include "backend/cpu/cpp_emitter.h"
#include "backend/cpu/jit_support_text.h"
#include "kernel/constant_literal.h"

#include <cmath>
#include <iomanip>
#include <limits>
#include <sstream>
#include <unordered_set>

namespace mxcore::cpu {

using kernel::FusedKernel;
using kernel::InputKind;
using kernel::NodeKind;

namespace {

// Exact decimal (17 significant digits round-trip a double, and the floats
// stored in it), or a numeric_limits expression for inf/nan.
std::string float_literal(double x) {
  if (std::isnan(x)) return "std::numeric_limits<double>::quiet_NaN()";
  if (std::isinf(x)) {
    return x > 0 ? "std::numeric_limits<double>::infinity()"
                 : "(-std::numeric_limits<double>::infinity())";
  }
  std::ostringstream os;
  os << std::scientific << std::setprecision(17) << x;
  return "(" + os.str() + ")";
}

std::string ctype(Dtype t) { return dtype_ctype(t); }

// Half types live in memory as 16-bit patterns and in registers as float,
// rounded to the half type after every op: the eager kernels' semantics
// (math in float, one rounding per op), and loops GCC can vectorize.
bool is_half(Dtype t) { return t == float16 || t == bfloat16; }
std::string value_t(Dtype t) { return is_half(t) ? "float" : ctype(t); }
std::string storage_t(Dtype t) { return is_half(t) ? "uint16_t" : ctype(t); }
std::string load_value(Dtype t, const std::string& e) {
  if (t == float16) return "mxcore_jit::mxj_half_to_float(" + e + ")";
  if (t == bfloat16) return "mxcore_jit::mxj_bf16_to_float(" + e + ")";
  return e;
}
std::string store_value(Dtype t, const std::string& e) {
  if (t == float16) return "mxcore_jit::mxj_float_to_half(" + e + ")";
  if (t == bfloat16) return "mxcore_jit::mxj_float_to_bf16(" + e + ")";
  return e;
}
std::string round_value(Dtype t, const std::string& e) {
  if (t == float16) return "mxcore_jit::mxj_round_half(float(" + e + "))";
  if (t == bfloat16) return "mxcore_jit::mxj_round_bf16(float(" + e + "))";
  return e;
}

// Identifier-safe, bounded: kernel library names may be long or carry
// characters a symbol cannot.
std::string sanitize(const std::string& s, size_t max_len) {
  std::string out;
  for (char c : s) {
    if (out.size() >= max_len) break;
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
              (c >= '0' && c <= '9') || c == '_';
    out += ok ? c : '_';
  }
  return out;
}

// A half value that only feeds output stores needs no rounding of its own:
// the store's round-to-nearest-even conversion gives the same bits.
bool feeds_only_stores(const FusedKernel& k, const std::string& name) {
  for (auto& n : k.tape) {
    for (auto& in : n.inputs) {
      if (in == name) return false;
    }
  }
  for (auto& o : k.outputs) {
    if (o.value == name) return true;
  }
  return false;
}

void emit_node(std::ostream& os, const FusedKernel& k, const kernel::FusedNode& n,
               const char* indent) {
  auto rounded = [&](const std::string& e) {
    return feeds_only_stores(k, n.name) ? e : round_value(n.dtype, e);
  };
  os << indent << "const " << value_t(n.dtype) << " " << n.name << " = ";
  switch (n.kind) {
    case NodeKind::astype: {
      Dtype from = k.dtype_of(n.inputs[0]);
      if (!is_half(n.dtype)) {
        os << "mxcore_jit::cast<" << ctype(n.dtype) << ">(" << n.inputs[0] << ");\n";
      } else if (from == float64) { // one rounding, straight from double
        os << "float(mxcore_jit::cast<" << ctype(n.dtype) << ">(" << n.inputs[0] << "));\n";
      } else {
        os << rounded("mxcore_jit::cast<float>(" + n.inputs[0] + ")") << ";\n";
      }
      return;
    }
    case NodeKind::broadcast:
    case NodeKind::alias:
    case NodeKind::reduce: // row kernels: the accumulated value (emit_row)
      // Broadcasting lives in the strides: the value is the input's.
      os << n.inputs[0] << ";\n";
      return;
    default:
      break;
  }
  std::string call = "kernel_ops::" + n.op + "{}(";
  for (size_t i = 0; i < n.inputs.size(); ++i) {
    call += (i ? ", " : "") + n.inputs[i];
  }
  os << rounded(call + ")") << ";\n";
}

// Reads the per-element inputs, runs the tape, stores the outputs.
// `load(input)` / `store(output)` give the element expressions.
template <typename Load, typename Store>
void emit_body(std::ostream& os, const FusedKernel& k, const char* indent,
               Load&& load, Store&& store) {
  for (auto& in : k.inputs) {
    if (in.kind == InputKind::contiguous || in.kind == InputKind::strided) {
      os << indent << "const " << value_t(in.dtype) << " " << in.name << " = "
         << load_value(in.dtype, load(in)) << ";\n";
    }
  }
  for (auto& n : k.tape) emit_node(os, k, n, indent);
  for (auto& o : k.outputs) {
    os << indent << store(o) << " = " << store_value(o.dtype, o.value) << ";\n";
  }
}

// Pointers and loop-invariant values shared by both variants.
void emit_arguments(std::ostream& os, const FusedKernel& k) {
  int arg = 0;
  for (auto& in : k.inputs) {
    auto t = storage_t(in.dtype);
    switch (in.kind) {
      case InputKind::constant:
        os << "  const " << value_t(in.dtype) << " " << in.name << " = "
           << (is_half(in.dtype) ? "float(" + float_literal(in.value.real) + ")"
                                 : cpp_constant(in.dtype, in.value))
           << ";\n";
        break;
      case InputKind::scalar:
        os << "  const " << value_t(in.dtype) << " " << in.name << " = "
           << load_value(in.dtype, "*static_cast<const " + t + "*>(args[" +
                                       std::to_string(arg++) + "])")
           << ";\n";
        break;
      case InputKind::row:
      case InputKind::column:
        os << "  const " << t << "* __restrict " << in.name
           << "_ptr = static_cast<const " << t << "*>(args[" << arg++ << "]);\n";
        break;
      default:
        os << "  const " << t << "* __restrict " << in.name
           << "_ptr = static_cast<const " << t << "*>(args[" << arg++ << "]);\n";
    }
  }
  for (auto& o : k.outputs) {
    auto t = storage_t(o.dtype);
    os << "  " << t << "* __restrict " << o.name << "_ptr = static_cast<" << t
       << "*>(args[" << arg++ << "]);\n";
  }
}

const char* vectorize_pragma =
    "#if defined(__clang__)\n"
    "#pragma clang loop vectorize(enable)\n"
    "#else\n"
    "#pragma GCC ivdep\n"
    "#endif\n";

void emit_contiguous(std::ostream& os, const FusedKernel& k) {
  os << "void " << cpp_symbol_name(k) << "(void** args, int64_t begin, int64_t end) {\n";
  emit_arguments(os, k);
  os << vectorize_pragma;
  os << "  for (index_t i = index_t(begin); i < index_t(end); ++i) {\n";
  emit_body(os, k, "    ",
            [](auto& in) { return in.name + "_ptr[i]"; },
            [](auto& o) { return o.name + "_ptr[i]"; });
  os << "  }\n}\n";
}

void emit_strided(std::ostream& os, const FusedKernel& k) {
  const int N = k.ndim;
  os << "void " << cpp_symbol_name(k)
     << "(void** args, const int64_t* shape, const int64_t* strides,\n"
     << "    int64_t row_begin, int64_t row_end) {\n";
  emit_arguments(os, k);
  os << "  constexpr int N = " << N << ";\n"
     << "  const index_t inner = index_t(shape[N - 1]);\n";
  std::vector<std::string> strided;
  for (auto& in : k.inputs) {
    if (in.kind == InputKind::strided) strided.push_back(in.name);
  }
  os << "  bool unit_inner = true;\n";
  for (size_t s = 0; s < strided.size(); ++s) {
    auto& nm = strided[s];
    os << "  const int64_t* " << nm << "_strides = strides + " << s * N << ";\n"
       << "  const index_t " << nm << "_inner = index_t(" << nm << "_strides[N - 1]);\n"
       << "  unit_inner = unit_inner && " << nm << "_inner == 1;\n"
       << "  int64_t " << nm << "_off = 0;\n";
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
    auto t = storage_t(k.dtype_of(nm));
    os << "    const " << t << "* __restrict " << nm << "_row = " << nm << "_ptr + "
       << nm << "_off;\n";
  }
  for (auto& o : k.outputs) {
    auto t = storage_t(o.dtype);
    os << "    " << t << "* __restrict " << o.name << "_row = " << o.name
       << "_ptr + row * int64_t(inner);\n";
  }
  auto store = [](auto& o) { return o.name + "_row[j]"; };
  os << "    if (unit_inner) {\n" << vectorize_pragma
     << "      for (index_t j = 0; j < inner; ++j) {\n";
  emit_body(os, k, "        ", [](auto& in) { return in.name + "_row[j]"; }, store);
  os << "      }\n    } else {\n"
     << "      for (index_t j = 0; j < inner; ++j) {\n";
  emit_body(os, k, "        ",
            [](auto& in) { return in.name + "_row[j * " + in.name + "_inner]"; }, store);
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

// ---- row kernels (fused_kernel.h): one row at a time, one pass per
// reduction over the row (in L1 after the first), then one pass storing the
// per-element outputs.

// Names of the per-element values (inputs and nodes) that `targets` need,
// in tape order: what one pass over the row must compute.
std::vector<std::string> element_closure(const FusedKernel& k,
                                         const std::vector<std::string>& targets) {
  std::unordered_set<std::string> need(targets.begin(), targets.end());
  for (auto it = k.tape.rbegin(); it != k.tape.rend(); ++it) {
    if (!need.count(it->name) || it->level != kernel::Level::element) continue;
    for (auto& in : it->inputs) need.insert(in);
  }
  std::vector<std::string> order;
  for (auto& in : k.inputs) {
    if (need.count(in.name) && k.level_of(in.name) == kernel::Level::element) {
      order.push_back(in.name);
    }
  }
  for (auto& n : k.tape) {
    if (need.count(n.name) && n.level == kernel::Level::element) order.push_back(n.name);
  }
  return order;
}

// Half inputs read per element are converted a block of columns at a time
// into float scratch (F16C where the CPU has it: one instruction per 8
// values) rather than one value at a time in every pass; half outputs are
// computed into scratch and converted the same way. Blocks stay in L1.
constexpr int row_block = 512;

bool block_converted(const kernel::FusedInput& in) {
  return is_half(in.dtype) &&
         (in.kind == InputKind::contiguous || in.kind == InputKind::column);
}

std::string block_conversion(Dtype t, bool to_float) {
  std::string h = t == float16 ? "half" : "bf16";
  return "mxcore_jit::mxj_" + (to_float ? h + "_block_to_float" : "float_block_to_" + h);
}

// Converts the current block [c0, c0 + cn) of the half inputs among `values`.
void emit_block_loads(std::ostream& os, const FusedKernel& k,
                      const std::vector<std::string>& values, const char* indent) {
  std::unordered_set<std::string> used(values.begin(), values.end());
  for (auto& in : k.inputs) {
    if (!block_converted(in) || !used.count(in.name)) continue;
    os << indent << block_conversion(in.dtype, true) << "(" << in.name << "_blk, " << in.name
       << (in.kind == InputKind::column ? "_ptr" : "_row") << " + c0, cn);\n";
  }
}

// One pass's per-element values at column c0 + j of the current block.
void emit_element_values(std::ostream& os, const FusedKernel& k,
                         const std::vector<std::string>& values, const char* indent) {
  for (auto& name : values) {
    bool is_input = false;
    for (auto& in : k.inputs) {
      if (in.name != name) continue;
      is_input = true;
      std::string value = block_converted(in)
          ? in.name + "_blk[j]"
          : load_value(in.dtype, in.name + (in.kind == InputKind::column ? "_ptr" : "_row") +
                                     "[c0 + j]");
      os << indent << "const " << value_t(in.dtype) << " " << in.name << " = " << value << ";\n";
    }
    if (is_input) continue;
    for (auto& n : k.tape) {
      if (n.name == name) emit_node(os, k, n, indent);
    }
  }
}

const char* block_loop =
    "for (int64_t c0 = 0; c0 < cols; c0 += row_block) {\n";
const char* block_size = "const int64_t cn = cols - c0 < row_block ? cols - c0 : row_block;\n";

// The pass computing reduction n of the current row into n.name.
void emit_reduction(std::ostream& os, const FusedKernel& k, const kernel::FusedNode& n) {
  auto out_t = ctype(n.dtype);
  auto out_v = value_t(n.dtype);
  auto& v = n.inputs[0];
  auto values = element_closure(k, {v});
  std::string A = "mxcore_jit::acc_t<" + out_t + ">";
  std::string op = "mxcore_jit::" + n.op;
  std::string fold = op + "::fold(part[l], mxcore_jit::cast<" + A + ">(" + v + "));\n";
  os << "    " << out_v << " " << n.name << ";\n    {\n"
     << "      constexpr int lanes = 16; // independent folds: the pass vectorizes\n"
     << "      " << A << " part[lanes];\n"
     << "      for (int l = 0; l < lanes; ++l) part[l] = " << op << "::init<" << A << ">();\n"
     << "      " << block_loop << "        " << block_size;
  emit_block_loads(os, k, values, "        ");
  os << "        int64_t j0 = 0;\n"
     << "        for (; j0 + lanes <= cn; j0 += lanes) {\n"
     << "          for (int l = 0; l < lanes; ++l) {\n"
     << "            const int64_t j = j0 + l;\n";
  emit_element_values(os, k, values, "            ");
  os << "            " << fold << "          }\n        }\n"
     << "        for (int64_t j = j0; j < cn; ++j) {\n"
     << "          const int l = 0;\n";
  emit_element_values(os, k, values, "          ");
  os << "          " << fold << "        }\n      }\n"
     << "      " << A << " acc = part[0];\n"
     << "      for (int l = 1; l < lanes; ++l) " << op << "::fold(acc, part[l]);\n"
     << "      " << n.name << " = "
     << (is_half(n.dtype) ? round_value(n.dtype, "acc")
                          : "mxcore_jit::cast<" + out_t + ">(acc)")
     << ";\n    }\n";
}

void emit_row(std::ostream& os, const FusedKernel& k) {
  using kernel::Level;
  os << "void " << cpp_symbol_name(k)
     << "(void** args, int64_t cols, int64_t row_begin, int64_t row_end) {\n";
  emit_arguments(os, k);
  os << "  constexpr int64_t row_block = " << row_block << ";\n";
  for (auto& in : k.inputs) {
    if (block_converted(in)) os << "  alignas(32) float " << in.name << "_blk[row_block];\n";
  }
  for (auto& o : k.outputs) {
    if (!o.per_row && is_half(o.dtype)) {
      os << "  alignas(32) float " << o.name << "_blk[row_block];\n";
    }
  }
  for (auto& n : k.tape) { // loop invariants
    if (n.level == Level::uniform) emit_node(os, k, n, "  ");
  }
  os << "  for (int64_t row = row_begin; row < row_end; ++row) {\n";
  for (auto& in : k.inputs) {
    auto t = storage_t(in.dtype);
    if (in.kind == InputKind::contiguous) {
      os << "    const " << t << "* __restrict " << in.name << "_row = " << in.name
         << "_ptr + row * cols;\n";
    } else if (in.kind == InputKind::row) {
      os << "    const " << value_t(in.dtype) << " " << in.name << " = "
         << load_value(in.dtype, in.name + "_ptr[row]") << ";\n";
    }
  }
  // Per-row values in tape order: a reduction is a pass over the row.
  for (auto& n : k.tape) {
    if (n.kind == NodeKind::reduce) {
      emit_reduction(os, k, n);
    } else if (n.level == Level::row) {
      emit_node(os, k, n, "    ");
    }
  }
  std::vector<std::string> element_targets;
  for (auto& o : k.outputs) {
    if (o.per_row) {
      os << "    " << o.name << "_ptr[row] = " << store_value(o.dtype, o.value) << ";\n";
    } else {
      element_targets.push_back(o.value);
    }
  }
  if (!element_targets.empty()) {
    for (auto& o : k.outputs) {
      if (o.per_row) continue;
      auto t = storage_t(o.dtype);
      os << "    " << t << "* __restrict " << o.name << "_row = " << o.name
         << "_ptr + row * cols;\n";
    }
    auto values = element_closure(k, element_targets);
    os << "    " << block_loop << "      " << block_size;
    emit_block_loads(os, k, values, "      ");
    os << vectorize_pragma << "      for (int64_t j = 0; j < cn; ++j) {\n";
    emit_element_values(os, k, values, "        ");
    for (auto& o : k.outputs) {
      if (o.per_row) continue;
      if (is_half(o.dtype)) {
        os << "        " << o.name << "_blk[j] = " << o.value << ";\n";
      } else {
        os << "        " << o.name << "_row[c0 + j] = " << store_value(o.dtype, o.value) << ";\n";
      }
    }
    os << "      }\n";
    for (auto& o : k.outputs) {
      if (!o.per_row && is_half(o.dtype)) {
        os << "      " << block_conversion(o.dtype, false) << "(" << o.name << "_row + c0, "
           << o.name << "_blk, cn);\n";
      }
    }
    os << "    }\n";
  }
  os << "  }\n}\n";
}

} // namespace

std::string cpp_constant(Dtype dtype, const kernel::ConstantValue& v) {
  static const kernel::LiteralStyle style{
      ctype, float_literal, "ULL", "LL", "std::numeric_limits<int64_t>::min()", true};
  return kernel::constant_literal(dtype, v, style);
}

std::string cpp_symbol_name(const FusedKernel& k) {
  return "mxk_" + sanitize(k.name, 160) + "_" + k.variant();
}

std::string emit_cpp_source(const FusedKernel& k) {
  std::ostringstream os;
  os << "// mxcore fused kernel " << k.name << " (" << k.variant() << ")\n"
     << "#define MXCORE_JIT\n"
     << kernel_ops_text << "\n" << jit_conversions_text
     << (k.row ? jit_row_reduce_text : "")
     << "using namespace mxcore;\n"
     << "using index_t = " << (k.large_index ? "int64_t" : "int32_t") << ";\n\n"
     << "extern \"C\" {\n\n";
  if (k.row) {
    emit_row(os, k);
  } else if (k.contiguous) {
    emit_contiguous(os, k);
  } else {
    emit_strided(os, k);
  }
  os << "\n} // extern \"C\"\n";
  return os.str();
}

} // namespace mxcore::cpu
