// A block radix sort of lines of 257..4096 keys of up to 32 bits (cuda_sort.cpp
// sends them here): one 256-thread block per line, 16 keys per thread in
// registers, 4 bits per pass (8 passes; 4 for types of 16 bits or fewer).
// Each pass counts digits per thread in shared memory, scans the counts in
// digit-major order (so keys keep their order within a digit: the sort is
// stable, as the CPU's) and scatters through shared memory. Keys map values
// to unsigned order: NaN to the top (last, in their original order), -0.0 to
// +0.0 (equal, as the CPU compares them). Values are then read back from the
// line at the sorted positions, so they keep their bits.
#include "backend/cuda/cuda_radix_sort.h"

#include <string>

#include "backend/cuda/cuda_kernels.h"

namespace mxcore::cuda {

namespace {

constexpr int radix_threads = 256;
constexpr int radix_items = 16; // radix_threads * radix_items == radix_sort_limit

// The unsigned key of a value in registers (in_v).
std::string key_text(Dtype t) {
  if (is_floating_point(t) && t != float64) {
    return "  if (v != v) return 0xffffffffu;\n"
           "  const uint32_t b = v == 0.0f ? 0u : __float_as_uint(float(v));\n"
           "  return (b & 0x80000000u) ? ~b : (b | 0x80000000u);\n";
  }
  if (t == int32) return "  return uint32_t(v) ^ 0x80000000u;\n";
  if (t == int8 || t == int16) return "  return uint32_t(int32_t(v) + 32768);\n";
  return "  return uint32_t(v);\n"; // bool, uint8, uint16, uint32
}

} // namespace

bool radix_sortable(Dtype t, int64_t len) {
  return len > 256 && len <= radix_sort_limit && size_of(t) <= 4 && t != complex64;
}

int radix_passes(Dtype t) { return size_of(t) <= 2 && !is_floating_point(t) ? 4 : 8; }

std::string radix_sort_source(Dtype t, const std::string& symbol) {
  const std::string T = std::to_string(radix_threads), I = std::to_string(radix_items);
  return kernel_head() + type_text("in", t) +
         "__device__ inline uint32_t sort_key(in_v v) {\n" + key_text(t) + "}\n" +
         // Shared positions skewed by one word per 32: a thread's 16 consecutive
         // keys are read without bank conflicts.
         "__device__ inline int skew(int p) { return p + (p >> 5); }\n"
         "extern \"C\" __global__ void __launch_bounds__(" + T + ") " + symbol +
         "(const in_s* x, in_s* values, uint32_t* indices, int64_t rows, int len, int passes) {\n"
         "  constexpr int T = " + T + ", I = " + I + ", N = T * I, D = 16;\n"
         "  __shared__ uint32_t s_key[N + N / 32];\n"
         "  __shared__ uint32_t s_idx[N + N / 32];\n"
         "  __shared__ unsigned short s_count[D * T];\n"
         "  __shared__ uint32_t s_warp[T / 32];\n"
         "  const int t = threadIdx.x, lane = t & 31, warp = t >> 5;\n"
         "  for (int64_t row = blockIdx.x; row < rows; row += gridDim.x) {\n"
         "    const in_s* line = x + row * len;\n"
         "    for (int p = t; p < N; p += T) {\n"
         "      s_key[skew(p)] = p < len ? sort_key(in_load(line[p])) : 0xffffffffu;\n"
         "    }\n"
         "    __syncthreads();\n"
         "    uint32_t key[I], idx[I];\n"
         "#pragma unroll\n"
         "    for (int j = 0; j < I; ++j) { key[j] = s_key[skew(t * I + j)]; idx[j] = t * I + j; }\n"
         "    for (int pass = 0; pass < passes; ++pass) {\n"
         "      const int shift = 4 * pass;\n"
         "#pragma unroll\n"
         "      for (int d = 0; d < D; ++d) s_count[d * T + t] = 0;\n"
         "#pragma unroll\n"
         "      for (int j = 0; j < I; ++j) s_count[((key[j] >> shift) & 15u) * T + t] += 1;\n"
         "      __syncthreads();\n"
         // Exclusive scan of the D*T counts in digit-major order: thread t
         // scans entries [t*D, t*D + D), then the threads' totals.
         "      uint32_t run = 0;\n"
         "      unsigned short local[D];\n"
         "#pragma unroll\n"
         "      for (int e = 0; e < D; ++e) { local[e] = (unsigned short)run; run += s_count[t * D + e]; }\n"
         "      uint32_t incl = run;\n"
         "#pragma unroll\n"
         "      for (int o = 1; o < 32; o <<= 1) {\n"
         "        const uint32_t other = __shfl_up_sync(0xffffffffu, incl, o);\n"
         "        if (lane >= o) incl += other;\n"
         "      }\n"
         "      if (lane == 31) s_warp[warp] = incl;\n"
         "      __syncthreads();\n"
         "      uint32_t base = incl - run;\n"
         "      for (int w = 0; w < warp; ++w) base += s_warp[w];\n"
         "#pragma unroll\n"
         "      for (int e = 0; e < D; ++e) s_count[t * D + e] = (unsigned short)(base + local[e]);\n"
         "      __syncthreads();\n"
         "#pragma unroll\n"
         "      for (int j = 0; j < I; ++j) {\n"
         "        const int slot = int((key[j] >> shift) & 15u) * T + t;\n"
         "        const int at = s_count[slot];\n"
         "        s_count[slot] = (unsigned short)(at + 1);\n"
         "        s_key[skew(at)] = key[j];\n"
         "        s_idx[skew(at)] = idx[j];\n"
         "      }\n"
         "      __syncthreads();\n"
         "#pragma unroll\n"
         "      for (int j = 0; j < I; ++j) { key[j] = s_key[skew(t * I + j)]; idx[j] = s_idx[skew(t * I + j)]; }\n"
         "      __syncthreads();\n"
         "    }\n"
         "#pragma unroll\n"
         "    for (int j = 0; j < I; ++j) s_idx[skew(t * I + j)] = idx[j];\n"
         "    __syncthreads();\n"
         "    for (int p = t; p < len; p += T) {\n"
         "      const uint32_t from = s_idx[skew(p)];\n"
         "      if (values) values[row * len + p] = line[from];\n"
         "      else indices[row * len + p] = from;\n"
         "    }\n"
         "    __syncthreads();\n"
         "  }\n"
         "}\n";
}

void launch_radix_sort(CUfunction fn, CUdeviceptr x, CUdeviceptr values, CUdeviceptr indices,
                       int64_t rows, int64_t len, Dtype t, CUstream stream) {
  int n = static_cast<int>(len), passes = radix_passes(t);
  std::vector<void*> args{&x, &values, &indices, &rows, &n, &passes};
  Launch shape;
  shape.block[0] = radix_threads;
  shape.grid[0] = static_cast<unsigned>(std::min<int64_t>(rows, 1 << 20));
  launch(fn, shape, args, stream);
}

} // namespace mxcore::cuda
