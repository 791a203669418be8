// The CUDA dialect: the C++ dialect's spellings (functors, casts, half
// rounding), grid positions from blockIdx/threadIdx, shapes and strides
// passed by value (no per-launch uploads).
#include "backend/cuda/cuda_dialect.h"

#include <cstdlib>
#include <stdexcept>

#include "backend/cpu/cpp_dialect.h"
#include "backend/cpu/jit_support_text.h"
#include "backend/cpu/kernel_ops_pieces.h"
#include "kernel/cstyle_renderer.h"

namespace mxcore::cuda {

using kernel::Op;

namespace {

bool is_half(Dtype t) { return t == float16 || t == bfloat16; }

// The shared scalar-math text is written against GCC's builtins: NVRTC
// spells them as CUDA's math functions (global ones: math::exp must not
// find itself), infinities and NaNs as constexpr bit casts. It has no
// _Float16 either: float16_t only has to parse (half values are float in
// registers, uint16_t in memory).
std::string cuda_head() {
  std::string s =
      "#define MXCORE_JIT\n"
      "struct mxc_float16_stand_in { unsigned short bits; };\n"
      "#define _Float16 mxc_float16_stand_in\n"
      "#define __builtin_memcpy memcpy\n"
      "#define __FLT_MAX__ 3.40282346638528859811704183484516925e+38F\n"
      "#define __DBL_MAX__ double(1.79769313486231570814527423731704357e+308L)\n"
      "#define __builtin_inff() __builtin_bit_cast(float, 0x7f800000u)\n"
      "#define __builtin_inf() __builtin_bit_cast(double, 0x7ff0000000000000ull)\n"
      "#define __builtin_nanf(s) __builtin_bit_cast(float, 0x7fc00000u)\n"
      "#define __builtin_nan(s) __builtin_bit_cast(double, 0x7ff8000000000000ull)\n";
  for (const char* f : {"sqrt", "exp", "log", "log10", "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "expm1", "log1p", "log2", "erf", "fabs", "floor", "ceil", "rint", "atan2", "hypot", "fmod", "pow", "copysign", "fma"}) {
    s += std::string("#define __builtin_") + f + " ::" + f + "\n";
    s += std::string("#define __builtin_") + f + "f ::" + f + "f\n";
  }
  return s;
}

// Shapes and strides by value: up to 8 collapsed dims (layout planning
// collapses dims first; more raise before launch).
// Half conversions in one hardware instruction each (cvt, round to nearest
// even, subnormals kept): the same values as the shared text's bit-twiddling
// versions (mxj_*), which cost 10-15 instructions and made f16 row kernels
// compute-bound. NaN comes out as a canonical NaN.
const char* cuda_support = R"(template <typename T> struct mxc_dims { T v[8]; __device__ T operator[](int i) const { return v[i]; } };
__device__ inline float mxc_half_to_float(uint16_t h) { float f; asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(h)); return f; }
__device__ inline uint16_t mxc_float_to_half(float x) { uint16_t h; asm("cvt.rn.f16.f32 %0, %1;" : "=h"(h) : "f"(x)); return h; }
__device__ inline float mxc_round_half(float x) { return mxc_half_to_float(mxc_float_to_half(x)); }
__device__ inline float mxc_bf16_to_float(uint16_t h) { return __uint_as_float(unsigned(h) << 16); }
__device__ inline uint16_t mxc_float_to_bf16(float x) {
#if __CUDA_ARCH__ >= 800
  uint16_t h; asm("cvt.rn.bf16.f32 %0, %1;" : "=h"(h) : "f"(x)); return h;
#else
  return mxcore_jit::mxj_float_to_bf16(x);
#endif
}
__device__ inline float mxc_round_bf16(float x) { return mxc_bf16_to_float(mxc_float_to_bf16(x)); }
)";

class CudaDialect final : public kernel::Dialect {
 public:
  Family family() const override { return Family::grid; }

  std::string value_type(Dtype t) const override {
    return is_half(t) ? "float" : dtype_ctype(t);
  }
  std::string storage_type(Dtype t) const override {
    return is_half(t) ? "uint16_t" : dtype_ctype(t);
  }
  std::string index_type(bool large) const override { return large ? "int64_t" : "int32_t"; }
  std::string offset_type(bool large) const override { return large ? "int64_t" : "int32_t"; }

  std::string load(Dtype t, const std::string& e) const override {
    if (t == float16) return "mxc_half_to_float(" + e + ")";
    if (t == bfloat16) return "mxc_bf16_to_float(" + e + ")";
    return e;
  }
  std::string store(Dtype t, const std::string& e) const override {
    if (t == float16) return "mxc_float_to_half(" + e + ")";
    if (t == bfloat16) return "mxc_float_to_bf16(" + e + ")";
    return e;
  }
  std::string round(Dtype t, const std::string& e) const override {
    if (t == float16) return "mxc_round_half(float(" + e + "))";
    if (t == bfloat16) return "mxc_round_bf16(float(" + e + "))";
    return e;
  }
  std::string op_call(Op op, const std::vector<std::string>& args) const override {
    std::string call = std::string("kernel_ops::") + kernel::op_name(op) + "{}(";
    for (size_t i = 0; i < args.size(); ++i) call += (i ? ", " : "") + args[i];
    return call + ")";
  }
  std::string cast(Dtype to, Dtype from, const std::string& x, bool round_result) const override {
    if (!is_half(to)) return "mxcore_jit::cast<" + dtype_ctype(to) + ">(" + x + ")";
    if (from == float64) return "float(mxcore_jit::cast<" + dtype_ctype(to) + ">(" + x + "))";
    auto e = "mxcore_jit::cast<float>(" + x + ")";
    return round_result ? round(to, e) : e;
  }
  std::string constant(Dtype t, const kernel::ConstantValue& v) const override {
    if (is_half(t)) return "float(" + cpu::cpp_constant(float64, v) + ")";
    return cpu::cpp_constant(t, v);
  }

  std::string kernel_name(const kernel::FusedProgram& p,
                          const kernel::KernelVariant& v) const override {
    return cpu::cpp_symbol_name(p, v) + (v.work_per_thread > 1
                                             ? "_n" + std::to_string(v.work_per_thread)
                                             : "");
  }
  std::string preamble(const kernel::FusedProgram& p,
                       const kernel::KernelVariant& v) const override {
    return cuda_preamble(p, v.loop == kernel::LoopKind::row);
  }

  std::string accumulator_type(Dtype t) const override {
    return "mxcore_jit::acc_t<" + dtype_ctype(t) + ">";
  }
  std::string convert(const std::string& type, const std::string& x) const override {
    return "mxcore_jit::cast<" + type + ">(" + x + ")";
  }
  std::string reduce_result(Dtype t, const std::string& acc) const override {
    return is_half(t) ? round(t, acc) : convert(dtype_ctype(t), acc);
  }

  // No __restrict__: an output may take over (donation) an input's buffer.
  std::string buffer_param(const std::string& type, bool is_const) const override {
    return std::string(is_const ? "const " : "") + type + "*";
  }
  std::string constant_param(const std::string& type, bool by_reference) const override {
    return by_reference ? "const " + type : "mxc_dims<" + type + ">";
  }
  std::string grid_kernel_open(const std::string& name,
                               const std::vector<kernel::KernelArg>& args) const override {
    std::string s = "extern \"C\" __global__ void __launch_bounds__(" +
                    std::to_string(block_threads) + ") " + name + "(";
    for (size_t i = 0; i < args.size(); ++i) {
      s += (i ? ",\n    " : "\n    ") + args[i].type + " " + args[i].name;
    }
    return s + ") {\n";
  }
  // Blocks may span several rows (y) of a strided kernel with short rows.
  std::string thread_position(char axis) const override {
    if (axis == 'x') return "(blockIdx.x * blockDim.x + threadIdx.x)";
    if (axis == 'y') return "(blockIdx.y * blockDim.y + threadIdx.y)";
    return std::string("blockIdx.") + axis;
  }
  std::string grid_size(char axis) const override {
    if (axis == 'x') return "(gridDim.x * blockDim.x)";
    if (axis == 'y') return "(gridDim.y * blockDim.y)";
    return std::string("gridDim.") + axis;
  }
};

} // namespace

std::string reduce_init(kernel::Op op, const std::string& acc_type) {
  return std::string("mxcore_jit::") + kernel::op_name(op) + "::init<" + acc_type + ">()";
}

std::string reduce_fold(kernel::Op op, const std::string& acc, const std::string& x) {
  return std::string("mxcore_jit::") + kernel::op_name(op) + "::fold(" + acc + ", " + x + ")";
}

const kernel::Dialect& cuda_dialect() {
  static const CudaDialect dialect;
  return dialect;
}

namespace {
const std::string shared_erf_call = "erf_float(float(x))";
} // namespace

std::string cuda_preamble(const kernel::FusedProgram& p, bool row) {
  std::vector<std::string> functors;
  auto check = [](Dtype t) {
    if (t == complex64) {
      throw std::invalid_argument("[cuda] complex64 has no GPU kernels in mxcore yet.");
    }
  };
  for (auto& in : p.inputs) check(in.dtype);
  for (auto& o : p.outputs) check(o.dtype);
  for (auto& n : p.tape) {
    check(n.dtype);
    auto kind = kernel::op_kind(n.op);
    if (kind == kernel::NodeKind::unary || kind == kernel::NodeKind::binary ||
        kind == kernel::NodeKind::ternary) {
      functors.push_back(kernel::op_name(n.op));
    }
  }
  if (row) functors.insert(functors.end(), {"Maximum", "Minimum"});
  std::string ops = cpu::kernel_ops_preamble(functors);
  // float erf through the device library's erff (<= 2 ulp, as the shared
  // polynomial): half the instructions, and f16 gelu was compute-bound on it.
  // Where the shared text changes, the portable version stays (same values).
  // MXCORE_CUDA_PORTABLE_ERF=1 keeps it everywhere (tuning sweeps).
  static const bool portable_erf = [] {
    const char* e = std::getenv("MXCORE_CUDA_PORTABLE_ERF");
    return e && std::string(e) == "1";
  }();
  for (size_t at = portable_erf ? std::string::npos : ops.find(shared_erf_call);
       at != std::string::npos;
       at = ops.find(shared_erf_call, at)) {
    ops.replace(at, shared_erf_call.size(), "::erff(float(x))");
  }
  std::string s = std::string("// mxcore CUDA kernel ") + p.name + "\n" + cuda_head() +
                  ops + "\n" + cpu::jit_conversions_text +
                  (row ? cpu::jit_row_reduce_text : "") + "using namespace mxcore;\n" +
                  cuda_support;
  return s;
}

} // namespace mxcore::cuda
