// The C++ dialect: half types live in memory as 16-bit patterns and in
// registers as float, rounded to the half type after every op (the eager
// kernels' semantics: math in float, one rounding per op), in loops GCC can
// vectorize. Ops are the kernel_ops.h functors the eager kernels use.
#include "backend/cpu/cpp_dialect.h"

#include <cmath>
#include <cstdlib>
#include <iomanip>
#include <sstream>

#include "backend/cpu/jit_support_text.h"
#include "backend/cpu/kernel_ops_half_round.h"
#include "backend/cpu/kernel_ops_pieces.h"
#include "backend/cpu/kernel_ops_row_fold.h"
#include "kernel/constant_literal.h"
#include "kernel/cstyle_renderer.h"
#include "mxcore/scalar_types.h"

namespace mxcore::cpu {

using kernel::Op;

namespace {

// Exact decimal (17 significant digits round-trip a double, and the floats
// stored in it), or a builtin for inf/nan (kernels include no <limits>).
std::string float_literal(double x) {
  if (std::isnan(x)) return "__builtin_nan(\"\")";
  if (std::isinf(x)) return x > 0 ? "__builtin_inf()" : "(-__builtin_inf())";
  std::ostringstream os;
  os << std::scientific << std::setprecision(17) << x;
  return "(" + os.str() + ")";
}

std::string ctype(Dtype t) { return dtype_ctype(t); }
bool is_half(Dtype t) { return t == float16 || t == bfloat16; }

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

// Whether any value of the program is complex: only then does its kernel
// include <complex> (the one standard header a kernel may need).
bool has_complex_values(const kernel::FusedProgram& p) {
  for (auto& in : p.inputs) {
    if (in.dtype == complex64) return true;
  }
  for (auto& n : p.tape) {
    if (n.dtype == complex64) return true;
  }
  for (auto& o : p.outputs) {
    if (o.dtype == complex64) return true;
  }
  return false;
}

// The kernel_ops.h functors the kernel calls: its elementwise ops, and the
// Maximum / Minimum the row kernels' folds use.
std::vector<std::string> functors_used(const kernel::FusedProgram& p,
                                       const kernel::KernelVariant& v) {
  std::vector<std::string> names;
  for (auto& n : p.tape) {
    auto kind = kernel::op_kind(n.op);
    if (kind == kernel::NodeKind::unary || kind == kernel::NodeKind::binary ||
        kind == kernel::NodeKind::ternary) {
      names.push_back(kernel::op_name(n.op));
    }
  }
  if (v.loop == kernel::LoopKind::row) names.insert(names.end(), {"Maximum", "Minimum"});
  return names;
}

const char* vectorize_pragma =
    "#if defined(__clang__)\n"
    "#pragma clang loop vectorize(enable)\n"
    "#else\n"
    "#pragma GCC ivdep\n"
    "#endif\n";

// Every op rounds on its own, as in the eager kernels (built without FMA
// contraction): a fused kernel gives the eager bits. This overrides the
// builder's -ffp-contract=fast for the whole source (exp and erf spell their
// fused multiply-adds out, kernel_math.h, so they are FMAs either way).
// MXCORE_JIT_FMA=1 opts out (read once): the remaining a * b + c (log, tanh's
// small-argument polynomial, the program's own arithmetic) fuse too, and
// results may differ from eager in the last bit.
bool fma_allowed() {
  static const bool allowed = [] {
    const char* env = std::getenv("MXCORE_JIT_FMA");
    return env && *env && std::string(env) != "0";
  }();
  return allowed;
}

const char* no_contraction_text =
    "#if defined(__clang__)\n"
    "#pragma clang fp contract(off)\n"
    "#else\n"
    "#pragma GCC optimize(\"fp-contract=off\")\n"
    "#endif\n";

class CppDialect final : public kernel::Dialect {
 public:
  Family family() const override { return Family::range; }

  std::string value_type(Dtype t) const override { return is_half(t) ? "float" : ctype(t); }
  // bool lives in memory as its byte: GCC 12 vectorizes no loop that loads
  // a bool array, but does one that tests loaded bytes against 0.
  std::string storage_type(Dtype t) const override {
    if (t == bool_) return "uint8_t";
    return is_half(t) ? "uint16_t" : ctype(t);
  }
  std::string index_type(bool large) const override { return large ? "int64_t" : "int32_t"; }
  std::string offset_type(bool) const override { return "int64_t"; }

  std::string load(Dtype t, const std::string& e) const override {
    if (t == bool_) return "(" + e + " != 0)";
    if (t == float16) return "mxcore_jit::mxj_half_to_float(" + e + ")";
    if (t == bfloat16) return "mxcore_jit::mxj_bf16_to_float(" + e + ")";
    return e;
  }
  std::string store(Dtype t, const std::string& e) const override {
    if (t == float16) return "mxcore_jit::mxj_float_to_half(" + e + ")";
    if (t == bfloat16) return "mxcore_jit::mxj_float_to_bf16(" + e + ")";
    return e;
  }
  std::string round(Dtype t, const std::string& e) const override {
    if (t == float16) return "mxcore_jit::round_to_half(float(" + e + "))";
    if (t == bfloat16) return "mxcore_jit::mxj_round_bf16(float(" + e + "))";
    return e;
  }
  std::string op_call(Op op, const std::vector<std::string>& args) const override {
    std::string call = std::string("kernel_ops::") + kernel::op_name(op) + "{}(";
    for (size_t i = 0; i < args.size(); ++i) call += (i ? ", " : "") + args[i];
    return call + ")";
  }
  std::string cast(Dtype to, Dtype from, const std::string& x, bool round_result) const override {
    if (!is_half(to)) return "mxcore_jit::cast<" + ctype(to) + ">(" + x + ")";
    if (from == float64) { // one rounding, straight from double
      return "float(mxcore_jit::cast<" + ctype(to) + ">(" + x + "))";
    }
    auto e = "mxcore_jit::cast<float>(" + x + ")";
    return round_result ? round(to, e) : e;
  }
  std::string constant(Dtype t, const kernel::ConstantValue& v) const override {
    return is_half(t) ? "float(" + float_literal(v.real) + ")" : cpp_constant(t, v);
  }

  std::string kernel_name(const kernel::FusedProgram& p,
                          const kernel::KernelVariant& v) const override {
    return "mxk_" + sanitize(p.name, 160) + "_" + v.tag();
  }
  std::string preamble(const kernel::FusedProgram& p,
                       const kernel::KernelVariant& v) const override {
    std::ostringstream os;
    os << "// mxcore fused kernel " << p.name << " (" << v.tag() << ")\n"
       << (fma_allowed() ? "" : no_contraction_text) << "#define MXCORE_JIT\n"
       << (has_complex_values(p) ? "#define MXCORE_JIT_COMPLEX\n" : "")
       << kernel_ops_preamble(functors_used(p, v)) << "\n" << jit_conversions_text
       << jit_half_round_text
       << (v.loop == kernel::LoopKind::row ? jit_row_reduce_text : "")
       << (v.loop == kernel::LoopKind::row ? jit_row_fold_text : "")
       << "using namespace mxcore;\n"
       << "using index_t = " << index_type(v.large_index) << ";\n\n"
       << "extern \"C\" {\n\n";
    return os.str();
  }
  std::string postamble() const override { return "\n} // extern \"C\"\n"; }

  std::string restrict_qualifier() const override { return " __restrict"; }
  std::string vectorize_hint() const override { return vectorize_pragma; }
  std::string buffer_binding(const std::string& ptr_name, const std::string& type,
                             bool is_const, int arg) const override {
    auto c = is_const ? "const " : "";
    return "  " + std::string(c) + type + "* __restrict " + ptr_name + " = static_cast<" + c +
           type + "*>(args[" + std::to_string(arg) + "]);\n";
  }
  std::string scalar_element(const std::string&, Dtype t, int arg) const override {
    return "*static_cast<const " + storage_type(t) + "*>(args[" + std::to_string(arg) + "])";
  }

  std::string accumulator_type(Dtype t) const override {
    return "mxcore_jit::acc_t<" + ctype(t) + ">";
  }
  std::string convert(const std::string& type, const std::string& x) const override {
    return "mxcore_jit::cast<" + type + ">(" + x + ")";
  }
  std::string row_fold_type(Op op, const std::string& acc_type) const override {
    return std::string("mxcore_jit::RowFold<mxcore_jit::") + kernel::op_name(op) + ", " +
           acc_type + ">";
  }
  // Once per call of the kernel (a range of rows), not per row.
  std::string row_buffer(const std::string& type, const std::string& name,
                         const std::string& count) const override {
    return "  " + type + "* __restrict " + name + " = static_cast<" + type +
           "*>(__builtin_malloc(sizeof(" + type + ") * (" + count + ")));\n";
  }
  std::string row_buffer_release(const std::string& name) const override {
    return "  __builtin_free(" + name + ");\n";
  }
  std::string reduce_result(Dtype t, const std::string& acc) const override {
    return is_half(t) ? round(t, acc) : convert(ctype(t), acc);
  }
  // F16C block conversions of half rows (jit_support_text.h).
  std::string block_conversion(Dtype t, bool to_float) const override {
    if (!is_half(t)) return "";
    std::string h = t == float16 ? "half" : "bf16";
    return "mxcore_jit::mxj_" + (to_float ? h + "_block_to_float" : "float_block_to_" + h);
  }
};

} // namespace

const kernel::Dialect& cpp_dialect() {
  static const CppDialect dialect;
  return dialect;
}

std::string cpp_constant(Dtype dtype, const kernel::ConstantValue& v) {
  static const kernel::LiteralStyle style{
      ctype, float_literal, "ULL", "LL", "(-9223372036854775807LL - 1)", true};
  return kernel::constant_literal(dtype, v, style);
}

std::string cpp_symbol_name(const kernel::FusedProgram& p, const kernel::KernelVariant& v) {
  return cpp_dialect().kernel_name(p, v);
}

std::string emit_cpp_source(const kernel::FusedProgram& p, const kernel::KernelVariant& v) {
  return kernel::render_kernel(cpp_dialect(), p, v);
}

} // namespace mxcore::cpu
