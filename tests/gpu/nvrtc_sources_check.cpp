// Compiles the hand-written GPU kernels' sources with NVRTC for sm_90,
// without a GPU: a check of the kernel text on CPU-only machines (NVRTC
// runs anywhere). It includes the kernel files themselves, so their
// source functions (file-local) are in reach. After bash scripts/dev_build.sh:
//   W=$PWD; g++ -std=c++20 -I$W/src -I$W/include -I$W/build/dev/generated \
//     -I$W/build/dev tests/gpu/nvrtc_sources_check.cpp -L$W/build/dev -lmxcore \
//     -Wl,-rpath,$W/build/dev -o /tmp/nvrtc_check
//   MXCORE_CUDA_LIBRARY_PATH=<folder of libnvrtc.so.13> /tmp/nvrtc_check
// Prints one line per kernel and exits nonzero when any fails to compile.
#include "backend/cuda/cuda_scan.cpp"
#include "backend/cuda/cuda_sort.cpp"
#include "backend/cuda/cuda_indexing.cpp"
#include "backend/cuda/cuda_copy_into.cpp"
#include "backend/cuda/cuda_fused.h"
#include "kernel/kernel_variant.h"
#include <iostream>
namespace mxcore::cuda { std::string compile_cubin(const std::string&, const std::string&, int); }
using namespace mxcore;
using namespace mxcore::cuda;
int main() {
  int fails = 0;
  auto build = [&](const std::string& name, const std::string& src) {
    try { compile_cubin(src, name, 90); std::cout << "ok " << name << "\n"; }
    catch (std::exception& e) { ++fails; std::cout << "FAIL " << name << ": " << std::string(e.what()).substr(0, 3000) << "\n"; }
  };
  for (Dtype t : {complex64, float32, float16, int32, bool_}) {
    build("arg_" + dtype_name(t), arg_reduce_source(t, true, "mxh_argmax"));
    for (auto r : {Scan::Sum, Scan::Prod, Scan::Max, Scan::Min, Scan::LogAddExp}) {
      if (r == Scan::LogAddExp && !(t == complex64 || t == float32 || t == float16)) continue;
      build("scan_" + std::to_string(r) + dtype_name(t), scan_source(t, t, r, "mxh_scan"));
    }
    build("sort_" + dtype_name(t), sort_source(t, "mxh_sort"));
  }
  for (Dtype t : {float32, float16, bfloat16, int8, uint16, int32, uint32, bool_, int16, uint8})
    build("radix_" + dtype_name(t), radix_sort_source(t, "mxh_radix"));
  for (Dtype t : {complex64, float32, int32, uint32, int64, uint64, float64, float16, bfloat16})
    for (auto r : {Scatter::None, Scatter::Sum, Scatter::Prod, Scatter::Max, Scatter::Min}) {
      if (t == complex64 && (r == Scatter::Max || r == Scatter::Min)) continue;
      build("scatter_" + std::to_string(r) + dtype_name(t), scatter_source(t, r, false, "mxh_scatter"));
    }
  build("gather", gather_source(float32, false, "mxh_gather"));
  for (int u : {16, 8, 4, 2, 1}) {
    build("gather_rows" + std::to_string(u), gather_rows_source(u, int32, "mxh_gr"));
    build("copy_rows" + std::to_string(u), copy_rows_source(u, "mxh_cr"));
  }
  build("gather_rows_u64", gather_rows_source(16, uint64, "mxh_gr"));
  build("gather_rows_bool", gather_rows_source(16, uint8, "mxh_gr"));
  for (int v : {4, 2, 1}) build("scatter_add_rows" + std::to_string(v), scatter_add_rows_source(v, int32, "mxh_sar"));
  build("copy", copy_source(4, false, "mxh_copy"));
  // float erf goes through the device library's erff (cuda_dialect.cpp).
  std::string erf = kernel_head({kernel::Op::Erf});
  if (erf.find("::erff(float(x))") == std::string::npos) {
    ++fails;
    std::cout << "FAIL erf: the preamble kept the portable erf\n";
  }
  build("erf", erf + "extern \"C\" __global__ void k(float* y) { y[threadIdx.x] = kernel_ops::Erf{}(y[threadIdx.x]); }\n");
  // The vectorized loop's transfers, plain and with streaming hints (cuda_compiled.cpp).
  build("vector_transfers", kernel_head() +
        "extern \"C\" __global__ void k(const float* x, float* y) {\n"
        "  alignas(16) float v[8]; int i = threadIdx.x * 8;\n"
        "  mxc_load<2>(v, x + i); mxc_store<2>(y + i, v);\n"
        "  mxc_load_cs<2>(v, x + i); mxc_store_cs<2>(y + i, v); }\n");
  // A fused exp(x) * x in every loop the elementwise path renders: strided
  // (fixed and run-time ndim, 32- and 64-bit indices), contiguous, vectorized.
  {
    kernel::FusedProgram p;
    p.name = "mxh_fused";
    p.inputs.push_back({"in0", float32, {}, {}, {}});
    p.tape.push_back({"t0", float32, kernel::Op::Exp, kernel::NodeKind::unary, {"in0"}});
    p.tape.push_back({"t1", float32, kernel::Op::Multiply, kernel::NodeKind::binary, {"t0", "in0"}});
    p.outputs.push_back({"out0", "t1", float32});
    p.constant_inputs = {false};
    for (bool large : {false, true}) {
      for (int nd : {1, 3}) {
        auto v = kernel::default_variant(p, kernel::LoopKind::strided, nd, large);
        v.work_per_thread = 4;
        v.dynamic_ndim = nd == 1;
        std::string sym;
        build("fused_strided" + std::to_string(nd) + (large ? "_large" : ""), elementwise_source(p, v, 0, &sym));
      }
      auto v = kernel::default_variant(p, kernel::LoopKind::contiguous, 0, large);
      v.work_per_thread = 4;
      std::string sym;
      build(std::string("fused_contiguous") + (large ? "_large" : ""), elementwise_source(p, v, 0, &sym));
      for (int width : {4, 16}) build("fused_vec" + std::to_string(width), elementwise_source(p, v, width, &sym));
    }
  }
  // A softmax row program with a tiled mask added, in each row shape: a warp
  // per row (8 rows a block) for short rows, a block per row, long rows.
  {
    kernel::FusedProgram p;
    p.name = "mxh_row";
    p.row = true;
    p.inputs.push_back({"in0", float16, {}, {}, {}});
    p.inputs.push_back({"in1", float16, {}, {}, {}});
    using kernel::Op;
    using K = kernel::NodeKind;
    p.tape = {{"t0", float32, Op::AsType, K::astype, {"in0"}},
              {"t1", float32, Op::AsType, K::astype, {"in1"}},
              {"t2", float32, Op::Add, K::binary, {"t0", "t1"}},
              {"t3", float32, Op::Max, K::reduce, {"t2"}},
              {"t4", float32, Op::Subtract, K::binary, {"t2", "t3"}},
              {"t5", float32, Op::Exp, K::unary, {"t4"}},
              {"t6", float32, Op::Sum, K::reduce, {"t5"}},
              {"t7", float32, Op::Divide, K::binary, {"t5", "t6"}},
              {"t8", float16, Op::AsType, K::astype, {"t7"}}};
    p.outputs.push_back({"out0", "t8", float16});
    p.constant_inputs = {false, false};
    kernel::KernelVariant v;
    v.loop = kernel::LoopKind::row;
    v.input_kinds = {kernel::InputKind::contiguous, kernel::InputKind::contiguous};
    v.per_row_outputs = {false};
    for (int64_t cols : {64, 100, 1024, 4096, 40000}) {
      for (bool aligned : {true, false}) {
        auto shape = plan_row_shape(p, cols, aligned);
        std::string sym;
        build("row_softmax_" + std::to_string(cols) + "_" + shape.tag(), row_source(p, v, shape, &sym));
        build("row_softmax_tiled_" + std::to_string(cols), row_source(p, v, shape, &sym, {false, true}));
      }
    }
  }
  // Every elementwise functor through the shared preamble, called on float
  // (int for the bitwise ops, bool for the logical ones): catches builtins NVRTC lacks (cuda_head()).
  for (auto op : kernel::all_ops()) {
    auto kind = kernel::op_kind(op);
    std::string name = kernel::op_name(op);
    if (kind != kernel::NodeKind::unary && kind != kernel::NodeKind::binary) continue;
    bool integer = name.rfind("Bitwise", 0) == 0 || name.find("Shift") != std::string::npos ||
                   name == "Invert";
    if (name == "Conjugate" || name == "Real" || name == "Imag") continue;  // complex only
    std::string t = integer ? "int" : name.rfind("Logical", 0) == 0 ? "bool" : "float";
    std::string call = kind == kernel::NodeKind::unary ? "(y[i])" : "(y[i], y[i + 1])";
    build("functor_" + name, kernel_head({op}) + "extern \"C\" __global__ void k(" + t +
                                 "* y) { int i = threadIdx.x; y[i] = kernel_ops::" + name + "{}" +
                                 call + "; }\n");
  }
  std::cout << "fails " << fails << "\n";
  return fails != 0;
}
