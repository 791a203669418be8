// The MSL dialect: native half and bfloat types (no per-op rounding), the
// Metal preamble's op functors, buffers in the device / constant address
// spaces, the thread position from [[thread_position_in_grid]].
#include "backend/metal/msl_dialect.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <iomanip>
#include <sstream>
#include <stdexcept>

#include "backend/metal/embedded_sources.h"
#include "kernel/constant_literal.h"
#include "kernel/cstyle_renderer.h"

namespace mxcore::metal {

using kernel::KernelVariant;
using kernel::LoopKind;

namespace {

std::string float_literal(double x) {
  if (std::isnan(x)) return "NAN";
  if (std::isinf(x)) return x > 0 ? "INFINITY" : "(-INFINITY)";
  std::ostringstream os;
  // 9 significant digits round-trip every float (Metal has no double).
  os << std::scientific << std::setprecision(8) << static_cast<float>(x) << "f";
  return "(" + os.str() + ")";
}

// Threads of a row kernel's group (a power of two); the scratch of its folds.
constexpr int max_row_threads = 256;

class MslDialect final : public kernel::Dialect {
 public:
  Family family() const override { return Family::grid; }
  bool supports_row_loops() const override { return true; }

  std::string value_type(Dtype t) const override { return msl_type(t); }
  std::string storage_type(Dtype t) const override { return msl_type(t); }
  std::string index_type(bool large) const override { return large ? "int64_t" : "uint"; }
  std::string offset_type(bool large) const override { return large ? "int64_t" : "int"; }

  std::string load(Dtype, const std::string& e) const override { return e; }
  std::string store(Dtype, const std::string& e) const override { return e; }
  std::string round(Dtype, const std::string& e) const override { return e; }
  std::string op_call(kernel::Op op, const std::vector<std::string>& args) const override {
    std::string call = std::string(kernel::op_name(op)) + "()(";
    for (size_t i = 0; i < args.size(); ++i) call += (i ? ", " : "") + args[i];
    return call + ")";
  }
  std::string cast(Dtype to, Dtype from, const std::string& x, bool) const override {
    auto t = msl_type(to);
    if (to == bool_) {
      return from == complex64 ? "(" + x + ".real != 0 || " + x + ".imag != 0)"
                               : "bool(" + x + " != " + msl_type(from) + "(0))";
    }
    if (from == complex64 && to != complex64) return "static_cast<" + t + ">(" + x + ".real)";
    if (to == complex64 && from != complex64) {
      return "complex64_t(static_cast<float>(" + x + "), 0.0f)";
    }
    if (from == bfloat16 || from == float16) {
      return "static_cast<" + t + ">(static_cast<float>(" + x + "))";
    }
    return "static_cast<" + t + ">(" + x + ")";
  }
  std::string constant(Dtype t, const kernel::ConstantValue& v) const override {
    return msl_constant(t, v);
  }

  std::string kernel_name(const kernel::FusedProgram& p, const KernelVariant& v) const override {
    std::string name = p.name;
    if (v.loop == LoopKind::contiguous) {
      name += "_contiguous";
    } else if (v.loop == LoopKind::strided) {
      name += v.dynamic_ndim ? "_strided_dynamic" : "_strided_" + std::to_string(v.ndim);
    } else {
      name += "_row";
    }
    if (v.large_index) name += "_large";
    if (v.work_per_thread > 1) name += "_n" + std::to_string(v.work_per_thread);
    return name;
  }
  std::string preamble(const kernel::FusedProgram&, const KernelVariant& v) const override {
    std::string text = msl_header() + embedded_source("op_functors.h");
    if (v.loop == LoopKind::row) text += embedded_source("row_fold.h");
    return text;
  }

  // ---- row variant: the shared row loop, one threadgroup per row
  // (kernels/row_fold.h); each thread takes columns lid, lid + lanes, ...
  // one at a time, and nothing is cached in whole-row buffers (expensive
  // values are recomputed).
  std::string accumulator_type(Dtype t) const override {
    return t == float16 || t == bfloat16 ? "float" : msl_type(t);
  }
  std::string convert(const std::string& type, const std::string& x) const override {
    return "static_cast<" + type + ">(" + x + ")";
  }
  std::string row_fold_type(kernel::Op op, const std::string& acc) const override {
    return std::string("RowGroupFold<Row") + kernel::op_name(op) + ", " + acc + ">";
  }
  std::string row_fold_result(Dtype t, const std::string& fold) const override {
    return "static_cast<" + msl_type(t) + ">(" + fold + ".finish(" +
           row_scratch(accumulator_type(t)) + ", mx_lid, mx_lanes))";
  }
  // The threadgroup array the folds of accumulator type `acc` combine in.
  static std::string row_scratch(const std::string& acc) {
    std::string id;
    for (char c : acc) id += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
    return "mx_row_scratch_" + id;
  }
  std::string row_kernel_open(const kernel::FusedProgram& p, const KernelVariant& v) const override {
    const auto name = kernel_name(p, v);
    std::string s = "[[host_name(\"" + name + "\")]]\n[[kernel]] void " + name + "(\n";
    for (auto& a : msl_row_kernel_args(p, v)) {
      s += "    " + a.type + " " + a.name + " [[buffer(" + std::to_string(a.buffer) + ")]],\n";
    }
    s += "    uint3 mx_group [[threadgroup_position_in_grid]],\n"
         "    uint mx_lid [[thread_index_in_threadgroup]],\n"
         "    uint3 mx_size [[threads_per_threadgroup]]) {\n"
         "  const uint mx_lanes = mx_size.x;\n";
    std::vector<std::string> declared;
    for (auto& n : p.tape) {
      if (n.kind != kernel::NodeKind::reduce) continue;
      const auto acc = accumulator_type(n.dtype);
      if (std::find(declared.begin(), declared.end(), acc) != declared.end()) continue;
      declared.push_back(acc);
      s += "  threadgroup " + acc + " " + row_scratch(acc) + "[" + std::to_string(max_row_threads) +
           "];\n";
    }
    return s;
  }
  std::string row_loop_open() const override {
    return "  {\n    const int64_t row = int64_t(mx_group.x);\n";
  }
  int row_block_columns(int) const override { return 1; }
  std::string row_block_loop() const override {
    return "for (int64_t c0 = mx_lid; c0 < cols; c0 += mx_lanes) {\n";
  }
  std::string row_block_size() const override { return "const int64_t cn = 1;\n"; }
  bool row_caches() const override { return false; }
  std::string pointer_address_space() const override { return "device "; }

  std::string buffer_param(const std::string& type, bool is_const) const override {
    return std::string("device ") + (is_const ? "const " : "") + type + "*";
  }
  std::string constant_param(const std::string& type, bool by_reference) const override {
    return "constant const " + type + (by_reference ? "&" : "*");
  }
  std::string grid_kernel_open(const std::string& name,
                               const std::vector<kernel::KernelArg>& args) const override {
    std::string s = "[[host_name(\"" + name + "\")]]\n[[kernel]] void " + name + "(\n";
    for (auto& a : args) {
      s += "    " + a.type + " " + a.name + " [[buffer(" + std::to_string(a.buffer) + ")]],\n";
    }
    return s + "    uint3 pos [[thread_position_in_grid]],\n" +
           "    uint3 grid [[threads_per_grid]]) {\n";
  }
  std::string thread_position(char axis) const override { return std::string("pos.") + axis; }
  std::string grid_size(char axis) const override { return std::string("grid.") + axis; }
};

} // namespace

const kernel::Dialect& msl_dialect() {
  static const MslDialect dialect;
  return dialect;
}

std::string msl_type(Dtype t) {
  switch (t.val) {
    case Dtype::Val::bool_: return "bool";
    case Dtype::Val::uint8: return "uint8_t";
    case Dtype::Val::uint16: return "uint16_t";
    case Dtype::Val::uint32: return "uint32_t";
    case Dtype::Val::uint64: return "uint64_t";
    case Dtype::Val::int8: return "int8_t";
    case Dtype::Val::int16: return "int16_t";
    case Dtype::Val::int32: return "int32_t";
    case Dtype::Val::int64: return "int64_t";
    case Dtype::Val::float16: return "half";
    case Dtype::Val::float32: return "float";
    case Dtype::Val::bfloat16: return "bfloat16_t";
    case Dtype::Val::complex64: return "complex64_t";
    case Dtype::Val::float64: break;
  }
  throw std::invalid_argument("[compile] float64 is not supported on the GPU.");
}

std::string msl_constant(Dtype t, const kernel::ConstantValue& v) {
  if (t == float64) msl_type(t); // throws: Metal has no double
  static const kernel::LiteralStyle style{
      msl_type, float_literal, "ul", "l", "int64_t(-9223372036854775807l - 1)", false};
  return kernel::constant_literal(t, v, style);
}

std::string msl_kernel_name(const kernel::FusedProgram& p, const KernelVariant& v) {
  return msl_dialect().kernel_name(p, v);
}

std::vector<kernel::KernelArg> msl_kernel_args(const kernel::FusedProgram& p,
                                               const KernelVariant& v) {
  return kernel::grid_kernel_args(msl_dialect(), p, v);
}

std::vector<kernel::KernelArg> msl_row_kernel_args(const kernel::FusedProgram& p,
                                                   const KernelVariant& v) {
  const auto& d = msl_dialect();
  std::vector<kernel::KernelArg> args;
  int b = 0;
  for (size_t i = 0; i < p.inputs.size(); ++i) {
    if (v.input_kinds[i] == kernel::InputKind::constant) continue;
    args.push_back({d.buffer_param(msl_type(p.inputs[i].dtype), true), p.inputs[i].name + "_ptr", b++});
  }
  for (auto& o : p.outputs) args.push_back({d.buffer_param(msl_type(o.dtype), false), o.name + "_ptr", b++});
  args.push_back({d.constant_param("int64_t", true), "cols", b++});
  return args;
}

uint32_t msl_row_threads(int64_t cols) {
  uint32_t n = 1;
  while (n < uint32_t(max_row_threads) && int64_t(n) < cols) n *= 2;
  return n;
}

std::string emit_msl_kernel(const kernel::FusedProgram& p, const KernelVariant& v) {
  return kernel::render_kernel_function(msl_dialect(), p, v);
}

std::vector<KernelVariant> msl_library_variants(const kernel::FusedProgram& p, int max_ndim,
                                                int work_per_thread) {
  std::vector<KernelVariant> vs;
  auto add = [&](LoopKind loop, int ndim, bool dynamic, bool large) {
    auto v = kernel::default_variant(p, loop, ndim, large);
    v.dynamic_ndim = dynamic;
    v.work_per_thread = work_per_thread;
    vs.push_back(std::move(v));
  };
  for (bool large : {false, true}) {
    add(LoopKind::contiguous, 0, false, large);
    for (int d = 1; d <= max_ndim; ++d) add(LoopKind::strided, d, false, large);
    add(LoopKind::strided, 0, true, large);
  }
  return vs;
}

std::string emit_msl_library(const kernel::FusedProgram& p, int max_ndim, int work_per_thread) {
  std::string lib;
  for (auto& v : msl_library_variants(p, max_ndim, work_per_thread)) {
    lib += emit_msl_kernel(p, v) + "\n";
  }
  return lib;
}

const char* msl_header() {
  return "#include <metal_stdlib>\nusing namespace metal;\n";
}

} // namespace mxcore::metal
