// Eager folds along one axis on the GPU: argmin/argmax (a block per line,
// first extreme wins ties, NaN counts as the extreme, as on the CPU) and
// scans (cumsum/cumprod/cummax/cummin/logcumsumexp, inclusive or
// exclusive, either direction: a warp per line, 32 elements at a time
// through a shuffle scan with the carry of the chunks before); complex64 as
// on the CPU (lexicographic order, cuda_complex.cpp), its non-associative
// folds a thread per line. The lines
// are laid out as dense rows first (cuda_kernels.h).
#include <stdexcept>

#include "backend/cuda/cuda_kernels.h"
#include "primitives/reduce.h"
#include "primitives/scan.h"

namespace mxcore::cuda {

namespace {

constexpr int arg_threads = 256;

// complex64's order is not transitive once a part is NaN ((1, nan) beats
// (2, 0), which beats it back), so no tree of comparisons gives the CPU's
// answer: a thread walks each line in the CPU's order.
bool sequential_lines(Dtype t) { return t == complex64; }

std::string arg_reduce_source(Dtype t, bool is_max, const std::string& symbol) {
  const std::string cmp = is_max ? ">" : "<";
  const std::string head = kernel_head() + type_text("in", t) +
                           "__device__ inline bool better(in_v a, in_v b) { return (a " + cmp +
                           " b) || (a != a && b == b); }\n";
  if (sequential_lines(t)) {
    return head + "extern \"C\" __global__ void __launch_bounds__(256) " + symbol +
           "(const in_s* x, uint32_t* out, int64_t rows, int64_t len) {\n"
           "  const int64_t step = int64_t(gridDim.x) * blockDim.x;\n"
           "  for (int64_t row = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; row < rows; row += step) {\n"
           "    const in_s* line = x + row * len;\n"
           "    in_v best = in_load(line[0]);\n"
           "    uint32_t at = 0;\n"
           "    for (int64_t k = 1; k < len; ++k) {\n"
           "      in_v v = in_load(line[k]);\n"
           "      if (better(v, best)) { best = v; at = uint32_t(k); }\n"
           "    }\n"
           "    out[row] = at;\n"
           "  }\n"
           "}\n";
  }
  return head +
         "extern \"C\" __global__ void __launch_bounds__(256) " + symbol +
         "(const in_s* x, uint32_t* out, int64_t rows, int64_t len) {\n"
         "  __shared__ in_v best_v[256];\n"
         "  __shared__ int64_t best_i[256];\n"
         "  const int t = threadIdx.x;\n"
         "  for (int64_t row = blockIdx.x; row < rows; row += gridDim.x) {\n"
         "    const in_s* line = x + row * len;\n"
         "    in_v best = in_v(0);\n"
         "    int64_t at = -1;\n"
         "    for (int64_t k = t; k < len; k += blockDim.x) {\n"
         "      in_v v = in_load(line[k]);\n"
         "      if (at < 0 || better(v, best)) { best = v; at = k; }\n"
         "    }\n"
         "    best_v[t] = best; best_i[t] = at;\n"
         "    __syncthreads();\n"
         "    for (int w = blockDim.x / 2; w > 0; w >>= 1) {\n"
         "      if (t < w) {\n"
         "        in_v v = best_v[t + w], b = best_v[t];\n"
         "        int64_t i = best_i[t + w], j = best_i[t];\n"
         "        if (i >= 0 && (j < 0 || better(v, b) || (!better(b, v) && i < j))) {\n"
         "          best_v[t] = v; best_i[t] = i;\n"
         "        }\n"
         "      }\n"
         "      __syncthreads();\n"
         "    }\n"
         "    if (t == 0) out[row] = uint32_t(best_i[0] < 0 ? 0 : best_i[0]);\n"
         "    __syncthreads();\n"
         "  }\n"
         "}\n";
}

void arg_reduce(ArgReduce& r, const std::vector<array>& inputs, std::vector<array>& outputs) {
  const array& in = inputs[0];
  array& out = outputs[0];
  const Stream& s = r.stream();
  allocate_device(out);
  if (out.size() == 0 || in.size() == 0) return;
  Lines l = lines_along(in, r.axis(), s);
  const bool is_max = r.reduce_type() == ArgReduce::ArgMax;
  const std::string symbol =
      std::string("mxh_arg") + (is_max ? "max_" : "min_") + dtype_ctype(in.dtype());
  CUfunction fn = find_or_build(symbol, [&](std::string* sym) {
    *sym = symbol;
    return arg_reduce_source(in.dtype(), is_max, symbol);
  });
  CUdeviceptr x = device_address(l.dense, s), y = device_address(out, s);
  int64_t rows = l.rows, len = l.len;
  std::vector<void*> args{&x, &y, &rows, &len};
  Launch launch_shape;
  launch_shape.block[0] = arg_threads;
  const int64_t blocks = sequential_lines(in.dtype()) ? (rows + arg_threads - 1) / arg_threads : rows;
  launch_shape.grid[0] = static_cast<unsigned>(std::min<int64_t>(blocks, 1 << 20));
  launch(fn, launch_shape, args, cuda_stream(s));
}

kernel::Op scan_fold_op(Scan::ReduceType t) {
  switch (t) {
    case Scan::Sum: return kernel::Op::Sum;
    case Scan::Prod: return kernel::Op::Prod;
    case Scan::Max: return kernel::Op::Max;
    case Scan::Min: return kernel::Op::Min;
    case Scan::LogAddExp: break;
  }
  return kernel::Op::LogAddExp;
}

// complex64's max/min keep a NaN-part value only on one side, and its
// log-add-exp is defined up to 2*pi*i, so a shuffle scan's other grouping
// gives other values: these scans walk each line in order, a thread a line.
bool sequential_scan(Dtype out_t, Scan::ReduceType type) {
  return sequential_lines(out_t) && type != Scan::Sum && type != Scan::Prod;
}

std::string scan_source(Dtype in_t, Dtype out_t, Scan::ReduceType type, const std::string& symbol) {
  std::string init, fold;
  if (out_t == complex64) {
    // The CPU's complex folds: Maximum/Minimum keep a NaN-part value.
    switch (type) {
      case Scan::Sum: init = "acc_v(0.0f)"; fold = "a = a + x;"; break;
      case Scan::Prod: init = "acc_v(1.0f)"; fold = "a = a * x;"; break;
      case Scan::Max: init = "acc_v(-mxc_inf(), -mxc_inf())"; fold = "a = mxc_maximum(x, a);"; break;
      case Scan::Min: init = "acc_v(mxc_inf(), mxc_inf())"; fold = "a = mxc_minimum(x, a);"; break;
      case Scan::LogAddExp: init = "acc_v(-mxc_inf(), 0.0f)"; fold = "a = mxc_logaddexp(a, x);"; break;
    }
  } else if (type == Scan::LogAddExp) {
    init = "mxcore_jit::Max::init<acc_v>()"; // -inf
    fold = "a = kernel_ops::LogAddExp{}(a, x);";
  } else {
    const std::string name = kernel::op_name(scan_fold_op(type));
    init = "mxcore_jit::" + name + "::init<acc_v>()";
    fold = "mxcore_jit::" + name + "::fold(a, x);";
  }
  std::vector<kernel::Op> functors;
  if (type == Scan::LogAddExp && out_t != complex64) functors.push_back(kernel::Op::LogAddExp);
  const std::string head = kernel_head(functors) + type_text("in", in_t) + type_text("out", out_t) +
                           "typedef out_v acc_v;\n"
                           "__device__ inline void fold(acc_v& a, acc_v x) { " + fold + " }\n";
  if (sequential_scan(out_t, type)) {
    return head + "extern \"C\" __global__ void __launch_bounds__(256) " + symbol +
           "(const in_s* x, out_s* y, int64_t rows, int64_t len, int reverse, int inclusive) {\n"
           "  const int64_t step = int64_t(gridDim.x) * blockDim.x;\n"
           "  for (int64_t row = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; row < rows; row += step) {\n"
           "    const in_s* xl = x + row * len;\n"
           "    out_s* yl = y + row * len;\n"
           "    acc_v a = " + init + ";\n"
           "    for (int64_t t = 0; t < len; ++t) {\n"
           "      const int64_t k = reverse ? len - 1 - t : t;\n"
           "      const acc_v v = acc_v(in_load(xl[k]));\n"
           "      if (inclusive) { fold(a, v); yl[k] = out_store(a); }\n"
           "      else { yl[k] = out_store(a); fold(a, v); }\n"
           "    }\n"
           "  }\n"
           "}\n";
  }
  return head +
         "extern \"C\" __global__ void __launch_bounds__(256) " + symbol +
         "(const in_s* x, out_s* y, int64_t rows, int64_t len, int reverse, int inclusive) {\n"
         "  const int lane = threadIdx.x & 31;\n"
         "  const int64_t warps = int64_t(gridDim.x) * (blockDim.x / 32);\n"
         "  for (int64_t row = int64_t(blockIdx.x) * (blockDim.x / 32) + threadIdx.x / 32;\n"
         "       row < rows; row += warps) {\n"
         "    const in_s* xl = x + row * len;\n"
         "    out_s* yl = y + row * len;\n"
         "    acc_v carry = " + init + ";\n"
         "    for (int64_t base = 0; base < len; base += 32) {\n"
         "      const int64_t t = base + lane;\n"
         "      const int64_t k = reverse ? len - 1 - t : t;\n"
         "      acc_v v = t < len ? acc_v(in_load(xl[k])) : " + init + ";\n"
         "      for (int off = 1; off < 32; off <<= 1) {\n"
         "        acc_v o = mxc_shfl(v, lane - off, false);\n"
         "        if (lane >= off) { fold(o, v); v = o; }\n"
         "      }\n"
         "      acc_v incl = carry;\n"
         "      fold(incl, v);\n"
         "      acc_v prev = mxc_shfl(incl, lane == 0 ? 0 : lane - 1, false);\n"
         "      if (t < len) yl[k] = out_store(inclusive ? incl : (lane == 0 ? carry : prev));\n"
         "      carry = mxc_shfl(incl, 31, false);\n"
         "    }\n"
         "  }\n"
         "}\n";
}

void scan(Scan& sc, const std::vector<array>& inputs, std::vector<array>& outputs) {
  const array& in = inputs[0];
  array& out = outputs[0];
  const Stream& s = sc.stream();
  if (sc.reduce_type() == Scan::LogAddExp && !is_floating_point(in.dtype()) &&
      in.dtype() != complex64) {
    throw std::invalid_argument("[logcumsumexp] Unsupported dtype.");
  }
  Lines l = lines_along(in, sc.axis(), s);
  Shape permuted;
  for (int d : l.perm) permuted.push_back(in.shape(d));
  array result(permuted, out.dtype(), nullptr, {});
  allocate_device(result);
  if (in.size() > 0) {
    const std::string symbol = std::string("mxh_scan_") + std::to_string(sc.reduce_type()) +
                               "_" + dtype_ctype(in.dtype()) + "_" + dtype_ctype(out.dtype());
    CUfunction fn = find_or_build(symbol, [&](std::string* sym) {
      *sym = symbol;
      return scan_source(in.dtype(), out.dtype(), sc.reduce_type(), symbol);
    });
    CUdeviceptr x = device_address(l.dense, s), y = device_address(result, s);
    int64_t rows = l.rows, len = l.len;
    int reverse = sc.reverse(), inclusive = sc.inclusive();
    std::vector<void*> args{&x, &y, &rows, &len, &reverse, &inclusive};
    Launch launch_shape;
    launch_shape.block[0] = 256;
    const int64_t per_block = sequential_scan(out.dtype(), sc.reduce_type()) ? 256 : 8;
    launch_shape.grid[0] =
        static_cast<unsigned>(std::min<int64_t>((rows + per_block - 1) / per_block, 1 << 20));
    launch(fn, launch_shape, args, cuda_stream(s));
  }
  adopt_lines_layout(out, result, l.perm);
}

} // namespace

void add_scan_kernels(backend::KernelTable& table) {
  table.add<ArgReduce>(arg_reduce);
  table.add<Scan>(scan);
}

} // namespace mxcore::cuda
