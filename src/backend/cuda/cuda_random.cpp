// RandomBits on the GPU: threefry2x32 (20 rounds) with the CPU kernel's
// counter layout (each hash gives two words, half a key's block apart), so
// for the same key the bits, and every mx.random sampler built on them,
// are the CPU's on the GPU. A thread per hash.
#include <stdexcept>

#include "backend/cuda/cuda_fused.h"
#include "backend/cuda/cuda_kernels.h"
#include "primitives/random_bits.h"

namespace mxcore::cuda {

namespace {

const char* const random_source = R"(
__device__ inline uint2 threefry2x32(uint32_t k0, uint32_t k1, uint32_t c0, uint32_t c1) {
  const uint32_t rotations[2][4] = {{13, 15, 26, 6}, {17, 29, 16, 24}};
  const uint32_t ks[3] = {k0, k1, k0 ^ k1 ^ 0x1BD11BDAu};
  uint32_t x0 = c0 + ks[0], x1 = c1 + ks[1];
#pragma unroll
  for (uint32_t i = 0; i < 5; ++i) {
#pragma unroll
    for (int r = 0; r < 4; ++r) {
      const uint32_t rot = rotations[i % 2][r];
      x0 += x1;
      x1 = (x1 << rot) | (x1 >> (32 - rot));
      x1 ^= x0;
    }
    x0 += ks[(i + 1) % 3];
    x1 += ks[(i + 2) % 3] + i + 1;
  }
  return make_uint2(x0, x1);
}
// Word w of key k's block (bytes_per_key bytes at out + k * bytes_per_key).
__device__ inline void put_word(unsigned char* out, int64_t k, int64_t bytes_per_key, int64_t w,
                                uint32_t value) {
  unsigned char* dst = out + k * bytes_per_key + w * 4;
  const int64_t room = bytes_per_key - w * 4;
  if (room >= 4 && (bytes_per_key % 4) == 0) {
    *reinterpret_cast<uint32_t*>(dst) = value;
  } else {
    for (int b = 0; b < 4 && b < room; ++b) dst[b] = (unsigned char)(value >> (8 * b));
  }
}
extern "C" __global__ void mxh_random_bits(const uint32_t* keys, unsigned char* out,
    int64_t num_keys, int64_t bytes_per_key) {
  const int64_t words = (bytes_per_key + 3) / 4, half = words / 2;
  const bool odd = words % 2;
  const int64_t per_key = half + odd;
  const int64_t n = num_keys * per_key;
  for (idx_t i = idx_t(blockIdx.x) * blockDim.x + threadIdx.x; i < idx_t(n);
       i += idx_t(gridDim.x) * blockDim.x) {
    const idx_t k = i / idx_t(per_key), j = i % idx_t(per_key);
    const uint32_t k0 = keys[2 * k], k1 = keys[2 * k + 1];
    if (j < half) {
      uint2 r = threefry2x32(k0, k1, uint32_t(j), uint32_t(j + half + odd));
      put_word(out, k, bytes_per_key, j, r.x);
      put_word(out, k, bytes_per_key, j + half + odd, r.y);
    } else {
      put_word(out, k, bytes_per_key, half, threefry2x32(k0, k1, uint32_t(half), 0).x);
    }
  }
}
)";

void random_bits(RandomBits& r, const std::vector<array>& inputs, std::vector<array>& outputs) {
  const array& keys_in = inputs[0];
  array& out = outputs[0];
  const Stream& s = r.stream();
  allocate_device(out);
  const int64_t num_keys = static_cast<int64_t>(keys_in.size() / 2);
  if (num_keys == 0 || out.size() == 0) return;
  if (keys_in.dtype() != uint32) {
    throw std::invalid_argument("[random_bits] The keys must be uint32.");
  }
  // Keys as (num_keys, 2) row-major words.
  array keys = keys_in.flags().row_contiguous ? keys_in : dense_copy(keys_in, keys_in.shape(), s);
  const int64_t bytes_per_key = static_cast<int64_t>(out.size() / num_keys) * out.itemsize();
  const bool large = needs_large_index({static_cast<int64_t>(out.nbytes())});
  CUfunction fn = find_or_build(large ? "mxh_random_bits_large" : "mxh_random_bits",
                                [&](std::string* sym) {
                                  *sym = "mxh_random_bits";
                                  return kernel_head() + index_typedef(large) + random_source;
                                });
  CUdeviceptr k = device_address(keys, s), y = device_address(out, s);
  int64_t nk = num_keys, bpk = bytes_per_key;
  std::vector<void*> args{&k, &y, &nk, &bpk};
  const int64_t words = (bytes_per_key + 3) / 4;
  launch_threads(fn, num_keys * (words / 2 + words % 2), args, cuda_stream(s));
}

} // namespace

void add_random_kernels(backend::KernelTable& table) { table.add<RandomBits>(random_bits); }

} // namespace mxcore::cuda
