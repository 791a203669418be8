// Eager sort / argsort / partition / argpartition on the GPU. Lines of
// 257..4096 keys of 32 bits or fewer take the block radix sort
// (cuda_radix_sort.cpp); the others a bitonic sort
// of each line over (value, position) keys (NaN last, ties by position), so
// the order is the stable sort's, the same as the CPU's. A line of up to
// 4096 elements sorts in one block's shared memory; longer lines sort in
// global memory: one launch per step whose partners are a tile or more
// apart, the steps within 2048-key tiles in shared memory. complex64 sorts
// lexicographically, values with a NaN part last (cuda_complex.cpp). Partitions are full sorts (a
// sorted line is a valid partition for every kth).
#include <stdexcept>

#include "backend/cuda/cuda_kernels.h"
#include "backend/cuda/cuda_radix_sort.h"
#include "primitives/sort.h"

namespace mxcore::cuda {

namespace {

constexpr int64_t block_sort_limit = 4096;
constexpr uint32_t tile_keys = 2048; // keys per shared-memory tile of long lines

std::string sort_source(Dtype t, const std::string& symbol) {
  return kernel_head() + type_text("in", t) +
         // Keys at positions >= len are padding: after everything.
         "__device__ inline bool key_less(in_v a, uint32_t ai, in_v b, uint32_t bi, uint32_t len) {\n"
         "  if (ai >= len) return false;\n"
         "  if (bi >= len) return true;\n"
         "  const bool an = a != a, bn = b != b;\n"
         "  if (an != bn) return bn;\n"
         "  if (!an) { if (a < b) return true; if (b < a) return false; }\n"
         "  return ai < bi;\n"
         "}\n"
         // Orders keys p and p ^ j of v/ix; the direction comes from the
         // key's position in its line, at (a tile's) offset `at` before p.
         "__device__ inline void bitonic_step(in_v* v, uint32_t* ix, uint32_t p, uint32_t j,\n"
         "                                    uint32_t k, uint32_t len, uint32_t at = 0) {\n"
         "  const uint32_t q = p ^ j;\n"
         "  if (q <= p) return;\n"
         "  const bool up = ((at + p) & k) == 0;\n"
         "  const bool swap = up ? key_less(v[q], ix[q], v[p], ix[p], len)\n"
         "                       : key_less(v[p], ix[p], v[q], ix[q], len);\n"
         "  if (swap) {\n"
         "    in_v tv = v[p]; v[p] = v[q]; v[q] = tv;\n"
         "    uint32_t ti = ix[p]; ix[p] = ix[q]; ix[q] = ti;\n"
         "  }\n"
         "}\n"
         "extern \"C\" __global__ void __launch_bounds__(1024) " + symbol +
         "_block(const in_s* x, in_s* values, uint32_t* indices, int64_t rows, uint32_t len,\n"
         "    uint32_t n2) {\n"
         "  extern __shared__ double smem[];\n"
         "  uint32_t* ix = reinterpret_cast<uint32_t*>(smem);\n"
         "  in_v* v = reinterpret_cast<in_v*>(ix + n2);\n"
         "  for (int64_t row = blockIdx.x; row < rows; row += gridDim.x) {\n"
         "    for (uint32_t p = threadIdx.x; p < n2; p += blockDim.x) {\n"
         "      ix[p] = p;\n"
         "      v[p] = p < len ? in_load(x[row * len + p]) : in_v(0);\n"
         "    }\n"
         "    __syncthreads();\n"
         "    for (uint32_t k = 2; k <= n2; k <<= 1) {\n"
         "      for (uint32_t j = k >> 1; j > 0; j >>= 1) {\n"
         "        for (uint32_t p = threadIdx.x; p < n2; p += blockDim.x) bitonic_step(v, ix, p, j, k, len);\n"
         "        __syncthreads();\n"
         "      }\n"
         "    }\n"
         "    for (uint32_t p = threadIdx.x; p < len; p += blockDim.x) {\n"
         "      if (values) values[row * len + p] = in_store(v[p]);\n"
         "      else indices[row * len + p] = ix[p];\n"
         "    }\n"
         "    __syncthreads();\n"
         "  }\n"
         "}\n"
         // Long lines: keys in global memory (rows x n2), a launch per step.
         "extern \"C\" __global__ void " + symbol +
         "_init(const in_s* x, in_v* v, uint32_t* ix, int64_t rows, uint32_t len, uint32_t n2) {\n"
         "  const int64_t n = rows * n2;\n"
         "  for (int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n;\n"
         "       i += int64_t(gridDim.x) * blockDim.x) {\n"
         "    const int64_t row = i / n2; const uint32_t p = uint32_t(i % n2);\n"
         "    ix[i] = p;\n"
         "    v[i] = p < len ? in_load(x[row * len + p]) : in_v(0);\n"
         "  }\n"
         "}\n"
         "extern \"C\" __global__ void " + symbol +
         "_step(in_v* v, uint32_t* ix, int64_t rows, uint32_t len, uint32_t n2, uint32_t j,\n"
         "    uint32_t k) {\n"
         "  const int64_t n = rows * n2;\n"
         "  for (int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n;\n"
         "       i += int64_t(gridDim.x) * blockDim.x) {\n"
         "    const int64_t row = i / n2;\n"
         "    bitonic_step(v + row * n2, ix + row * n2, uint32_t(i % n2), j, k, len);\n"
         "  }\n"
         "}\n"
         // Steps of j < tile (k from k_lo to k_hi) on tiles of keys in shared memory.
         "extern \"C\" __global__ void __launch_bounds__(1024) " + symbol +
         "_tile(in_v* v, uint32_t* ix, uint32_t len, uint32_t n2, uint32_t k_lo, uint32_t k_hi,\n"
         "    uint32_t tile) {\n"
         "  extern __shared__ double smem[];\n"
         "  uint32_t* tx = reinterpret_cast<uint32_t*>(smem);\n"
         "  in_v* tv = reinterpret_cast<in_v*>(tx + tile);\n"
         "  const int64_t base = int64_t(blockIdx.x) * tile;\n"
         "  const uint32_t at = uint32_t(base % n2);\n"
         "  for (uint32_t l = threadIdx.x; l < tile; l += blockDim.x) { tv[l] = v[base + l]; tx[l] = ix[base + l]; }\n"
         "  __syncthreads();\n"
         "  for (uint32_t k = k_lo; k <= k_hi; k <<= 1) {\n"
         "    for (uint32_t j = (k >> 1) < (tile >> 1) ? (k >> 1) : (tile >> 1); j > 0; j >>= 1) {\n"
         "      for (uint32_t l = threadIdx.x; l < tile; l += blockDim.x) bitonic_step(tv, tx, l, j, k, len, at);\n"
         "      __syncthreads();\n"
         "    }\n"
         "  }\n"
         "  for (uint32_t l = threadIdx.x; l < tile; l += blockDim.x) { v[base + l] = tv[l]; ix[base + l] = tx[l]; }\n"
         "}\n"
         "extern \"C\" __global__ void " + symbol +
         "_store(const in_v* v, const uint32_t* ix, in_s* values, uint32_t* indices, int64_t rows,\n"
         "    uint32_t len, uint32_t n2) {\n"
         "  const int64_t n = rows * len;\n"
         "  for (int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n;\n"
         "       i += int64_t(gridDim.x) * blockDim.x) {\n"
         "    const int64_t at = (i / len) * n2 + i % len;\n"
         "    if (values) values[i] = in_store(v[at]);\n"
         "    else indices[i] = ix[at];\n"
         "  }\n"
         "}\n";
}

void sort(Sort& sp, const std::vector<array>& inputs, std::vector<array>& outputs) {
  const array& in = inputs[0];
  array& out = outputs[0];
  const Stream& s = sp.stream();
  const Dtype t = in.dtype();
  if (in.ndim() > 0 && in.shape(sp.axis()) >= (int64_t(1) << 31)) {
    throw std::invalid_argument("[sort] The GPU sorts lines of fewer than 2^31 elements.");
  }
  const bool indices = sp.mode() == Sort::Indices || sp.mode() == Sort::PartitionIndices;
  Lines l = lines_along(in, sp.axis(), s);
  Shape permuted;
  for (int d : l.perm) permuted.push_back(in.shape(d));
  array result(permuted, out.dtype(), nullptr, {});
  allocate_device(result);
  if (in.size() > 0) {
    CUstream stream = cuda_stream(s);
    if (radix_sortable(t, l.len)) {
      const std::string radix = "mxh_radix_sort_" + dtype_name(t);
      CUfunction fn = find_or_build(radix, [&](std::string* sym) {
        *sym = radix;
        return radix_sort_source(t, radix);
      });
      CUdeviceptr x = device_address(l.dense, s), res = device_address(result, s);
      launch_radix_sort(fn, x, indices ? 0 : res, indices ? res : 0, l.rows, l.len, t, stream);
      adopt_lines_layout(out, result, l.perm);
      return;
    }
    const std::string symbol = "mxh_sort_" + dtype_ctype(t);
    auto fns = find_or_build_all(symbol, [&] { return sort_source(t, symbol); },
                                 {symbol + "_block", symbol + "_init", symbol + "_step",
                                  symbol + "_tile", symbol + "_store"});
    CUdeviceptr x = device_address(l.dense, s), res = device_address(result, s);
    CUdeviceptr values = indices ? 0 : res, index_out = indices ? res : 0;
    int64_t rows = l.rows;
    uint32_t len = static_cast<uint32_t>(l.len), n2 = 2;
    while (n2 < len) n2 <<= 1;
    const int64_t value_size = (t == float16 || t == bfloat16) ? 4 : size_of(t);
    if (n2 <= block_sort_limit) {
      std::vector<void*> args{&x, &values, &index_out, &rows, &len, &n2};
      Launch shape;
      shape.block[0] = static_cast<unsigned>(std::min<uint32_t>(n2, 1024));
      shape.grid[0] = static_cast<unsigned>(std::min<int64_t>(rows, 1 << 20));
      shape.shared_bytes = static_cast<unsigned>(n2 * (4 + value_size));
      launch(fns[0], shape, args, stream);
    } else {
      const int64_t keys = rows * static_cast<int64_t>(n2);
      const int64_t value_words = (keys * value_size + 3) / 4;
      if (value_words >= (int64_t(1) << 31)) {
        throw std::invalid_argument("[sort] The lines are too large to sort on the GPU.");
      }
      // Scratch keys: values (as 32-bit words) and positions.
      array key_values({static_cast<int32_t>(value_words)}, uint32, nullptr, {});
      array key_index({static_cast<int32_t>(keys)}, uint32, nullptr, {});
      allocate_device(key_values);
      allocate_device(key_index);
      CUdeviceptr kv = device_address(key_values, s), ki = device_address(key_index, s);
      std::vector<void*> init_args{&x, &kv, &ki, &rows, &len, &n2};
      launch_threads(fns[1], keys, init_args, stream);
      // Steps with j below the tile run on tiles in shared memory; the rest
      // (partners a tile or more apart) one launch each.
      uint32_t tile = tile_keys;
      auto tile_steps = [&](uint32_t k_lo, uint32_t k_hi) {
        std::vector<void*> tile_args{&kv, &ki, &len, &n2, &k_lo, &k_hi, &tile};
        Launch shape;
        shape.block[0] = 1024;
        shape.grid[0] = static_cast<unsigned>(keys / tile);
        shape.shared_bytes = static_cast<unsigned>(tile * (4 + value_size));
        launch(fns[3], shape, tile_args, stream);
      };
      tile_steps(2, tile);
      for (uint32_t k = tile << 1; k <= n2; k <<= 1) {
        for (uint32_t j = k >> 1; j >= tile; j >>= 1) {
          std::vector<void*> step_args{&kv, &ki, &rows, &len, &n2, &j, &k};
          launch_threads(fns[2], keys, step_args, stream);
        }
        tile_steps(k, k);
      }
      std::vector<void*> store_args{&kv, &ki, &values, &index_out, &rows, &len, &n2};
      launch_threads(fns[4], rows * static_cast<int64_t>(len), store_args, stream);
    }
  }
  adopt_lines_layout(out, result, l.perm);
}

} // namespace

void add_sort_kernels(backend::KernelTable& table) { table.add<Sort>(sort); }

} // namespace mxcore::cuda
