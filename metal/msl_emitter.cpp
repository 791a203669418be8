// The MSL emitter: a thin rendering of the same FusedKernel description the
// C++ emitter uses.
#include "metal/msl_emitter.h"
#include "kernel/constant_literal.h"

#include <cmath>
#include <iomanip>
#include <limits>
#include <sstream>
#include <stdexcept>

namespace mxcore::metal {

using kernel::FusedKernel;
using kernel::InputKind;
using kernel::NodeKind;

namespace {

bool is_vector(const kernel::FusedInput& in) {
  return in.kind == InputKind::contiguous || in.kind == InputKind::strided;
}

std::string float_literal(double x) {
  if (std::isnan(x)) return "NAN";
  if (std::isinf(x)) return x > 0 ? "INFINITY" : "(-INFINITY)";
  std::ostringstream os;
  // 9 significant digits round-trip every float (Metal has no double).
  os << std::scientific << std::setprecision(8) << static_cast<float>(x) << "f";
  return "(" + os.str() + ")";
}

std::string index_type(const MslVariant& v) { return v.large_index ? "int64_t" : "uint"; }

void emit_node(std::ostream& os, const FusedKernel& k, const kernel::FusedNode& n) {
  auto t = msl_type(n.dtype);
  os << "    " << t << " " << n.name << " = ";
  switch (n.kind) {
    case NodeKind::astype: {
      auto from = k.dtype_of(n.inputs[0]);
      auto& x = n.inputs[0];
      if (n.dtype == bool_) {
        os << (from == complex64 ? "(" + x + ".real != 0 || " + x + ".imag != 0)"
                                 : "bool(" + x + " != " + msl_type(from) + "(0))");
      } else if (from == complex64 && n.dtype != complex64) {
        os << "static_cast<" << t << ">(" << x << ".real)";
      } else if (n.dtype == complex64 && from != complex64) {
        os << "complex64_t(static_cast<float>(" << x << "), 0.0f)";
      } else if (from == bfloat16 || from == float16) {
        os << "static_cast<" << t << ">(static_cast<float>(" << x << "))";
      } else {
        os << "static_cast<" << t << ">(" << x << ")";
      }
      os << ";\n";
      return;
    }
    case NodeKind::broadcast:
    case NodeKind::alias:
      os << n.inputs[0] << ";\n";
      return;
    default:
      break;
  }
  os << n.op << "()(";
  for (size_t i = 0; i < n.inputs.size(); ++i) os << (i ? ", " : "") << n.inputs[i];
  os << ");\n";
}

} // namespace

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

std::string msl_kernel_name(const FusedKernel& k, const MslVariant& v) {
  std::string name = k.name;
  if (v.contiguous) {
    name += "_contiguous";
  } else {
    name += v.dynamic ? "_strided_dynamic" : "_strided_" + std::to_string(v.ndim);
  }
  if (v.large_index) name += "_large";
  if (v.work_per_thread > 1) name += "_n" + std::to_string(v.work_per_thread);
  return name;
}

std::vector<MslArg> msl_kernel_args(const FusedKernel& k, const MslVariant& v) {
  std::vector<MslArg> args;
  int b = 0;
  for (auto& in : k.inputs) {
    if (in.kind == InputKind::constant) continue;
    args.push_back({"device const " + msl_type(in.dtype) + "*", in.name + "_ptr", b++});
    if (!v.contiguous && is_vector(in)) {
      args.push_back({"constant const int64_t*", in.name + "_strides", b++});
    }
  }
  for (auto& o : k.outputs) args.push_back({"device " + msl_type(o.dtype) + "*", o.name, b++});
  if (v.contiguous) {
    args.push_back({"constant const " + index_type(v) + "&", "size", b++});
  } else {
    args.push_back({"constant const int*", "output_shape", b++});
    if (v.dynamic) args.push_back({"constant const int&", "ndim", b++});
  }
  return args;
}

std::string emit_msl_kernel(const FusedKernel& k, const MslVariant& v) {
  const auto idx = index_type(v);
  // Element offsets are signed: views may have negative strides.
  const std::string loc = v.large_index ? "int64_t" : "int";
  if (k.row) {
    // Row kernels (reductions fused with elementwise ops) are CPU-only for
    // now; a Metal path for Compiled must run row regions eagerly.
    throw std::invalid_argument("[metal] Row kernels (fused reductions) are not supported.");
  }
  const auto name = msl_kernel_name(k, v);
  std::ostringstream os;
  os << "[[host_name(\"" << name << "\")]]\n[[kernel]] void " << name << "(\n";
  for (auto& a : msl_kernel_args(k, v)) {
    os << "    " << a.type << " " << a.name << " [[buffer(" << a.buffer << ")]],\n";
  }
  os << "    uint3 pos [[thread_position_in_grid]],\n"
     << "    uint3 grid [[threads_per_grid]]) {\n"
     << "  constexpr int N_PER_THREAD = " << v.work_per_thread << ";\n";
  // Loop-invariant values: constants and scalars.
  for (auto& in : k.inputs) {
    if (in.kind == InputKind::constant) {
      os << "  const " << msl_type(in.dtype) << " " << in.name << " = "
         << msl_constant(in.dtype, in.value) << ";\n";
    } else if (in.kind == InputKind::scalar) {
      os << "  const " << msl_type(in.dtype) << " " << in.name << " = " << in.name
         << "_ptr[0];\n";
    }
  }
  if (v.contiguous) {
    os << "  " << idx << " start = (" << idx << "(pos.x) + " << idx << "(grid.x) * " << idx
       << "(pos.y)) * N_PER_THREAD;\n"
       << "  for (int w = 0; w < N_PER_THREAD; ++w) {\n"
       << "    " << idx << " out_index = start + w;\n"
       << "    if (out_index >= size) break;\n";
  } else {
    if (!v.dynamic) os << "  constexpr int ndim = " << v.ndim << ";\n";
    os << "  const " << idx << " inner = output_shape[ndim - 1];\n"
       << "  const " << idx << " x0 = " << idx << "(pos.x) * N_PER_THREAD;\n"
       << "  const " << idx << " row = " << idx << "(pos.y) + " << idx << "(grid.y) * "
       << idx << "(pos.z);\n";
    for (auto& in : k.inputs) {
      if (is_vector(in)) {
        os << "  " << loc << " " << in.name << "_loc = ndim > 1 ? " << loc << "(pos.y) * "
           << loc << "(" << in.name << "_strides[ndim - 2]) : " << loc << "(0);\n";
      }
    }
    // Outer dims beyond the grid's y come from pos.z.
    os << "  " << idx << " rest = pos.z;\n"
       << "  for (int d = ndim - 3; d >= 0; --d) {\n"
       << "    " << loc << " i_d = " << loc << "(rest % " << idx << "(output_shape[d]));\n"
       << "    rest /= " << idx << "(output_shape[d]);\n";
    for (auto& in : k.inputs) {
      if (is_vector(in)) {
        os << "    " << in.name << "_loc += i_d * " << loc << "(" << in.name << "_strides[d]);\n";
      }
    }
    os << "  }\n"
       << "  for (int w = 0; w < N_PER_THREAD; ++w) {\n"
       << "    " << idx << " x = x0 + w;\n"
       << "    if (x >= inner) break;\n"
       << "    " << idx << " out_index = row * inner + x;\n";
  }
  for (auto& in : k.inputs) {
    if (!is_vector(in)) continue;
    os << "    " << msl_type(in.dtype) << " " << in.name << " = " << in.name << "_ptr[";
    if (v.contiguous) {
      os << "out_index];\n";
    } else {
      os << in.name << "_loc + " << loc << "(x) * " << loc << "(" << in.name
         << "_strides[ndim - 1])];\n";
    }
  }
  for (auto& n : k.tape) emit_node(os, k, n);
  for (auto& o : k.outputs) {
    os << "    " << o.name << "[out_index] = " << o.value << ";\n";
  }
  os << "  }\n}\n";
  return os.str();
}

std::vector<MslVariant> msl_library_variants(int max_ndim, int work_per_thread) {
  std::vector<MslVariant> vs;
  for (bool large : {false, true}) {
    vs.push_back({true, 0, false, large, work_per_thread});
    for (int d = 1; d <= max_ndim; ++d) vs.push_back({false, d, false, large, work_per_thread});
    vs.push_back({false, 0, true, large, work_per_thread});
  }
  return vs;
}

std::string emit_msl_library(const FusedKernel& k, int max_ndim, int work_per_thread) {
  std::string lib;
  for (auto& v : msl_library_variants(max_ndim, work_per_thread)) {
    lib += emit_msl_kernel(k, v) + "\n";
  }
  return lib;
}

const char* msl_header() {
  return "#include <metal_stdlib>\nusing namespace metal;\n";
}

} // namespace mxcore::metal
