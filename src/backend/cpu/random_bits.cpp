// CPU kernel of RandomBits: threefry2x32 counters hashed per key, in parallel.
#include <cstring>

#include "backend/cpu/thread_pool.h"
#include "primitives/random_bits.h"

namespace mxcore {

namespace {

// Threefry-2x32 with 20 rounds (Salmon et al., "Parallel random numbers: as
// easy as 1, 2, 3"), the generator MLX uses.
inline std::pair<uint32_t, uint32_t> threefry2x32(uint32_t k0, uint32_t k1,
                                                  uint32_t c0, uint32_t c1) {
  constexpr uint32_t rotations[2][4] = {{13, 15, 26, 6}, {17, 29, 16, 24}};
  const uint32_t ks[3] = {k0, k1, k0 ^ k1 ^ 0x1BD11BDAu};
  uint32_t x0 = c0 + ks[0];
  uint32_t x1 = c1 + ks[1];
  for (uint32_t i = 0; i < 5; ++i) {
    for (uint32_t r : rotations[i % 2]) {
      x0 += x1;
      x1 = (x1 << r) | (x1 >> (32 - r));
      x1 ^= x0;
    }
    x0 += ks[(i + 1) % 3];
    x1 += ks[(i + 2) % 3] + i + 1;
  }
  return {x0, x1};
}

// Words [i0, i1) of one key's first half and their partners half + odd
// further on: the loop GCC vectorizes (the hash is integer adds, rotates and
// xors of independent counters).
inline void hash_range(uint32_t k0, uint32_t k1, size_t i0, size_t i1, size_t partner,
                       uint32_t* words) {
  for (size_t i = i0; i < i1; ++i) {
    auto [a, b] = threefry2x32(k0, k1, static_cast<uint32_t>(i),
                               static_cast<uint32_t>(i + partner));
    words[i] = a;
    words[i + partner] = b;
  }
}

// The same loop compiled for AVX2 (8 lanes instead of SSE2's 4), picked at
// run time; integer math, so the bits are the same.
__attribute__((target("avx2"), flatten)) void hash_range_avx2(uint32_t k0, uint32_t k1,
                                                              size_t i0, size_t i1,
                                                              size_t partner, uint32_t* words) {
  hash_range(k0, k1, i0, i1, partner, words);
}

void hash_words(uint32_t k0, uint32_t k1, size_t i0, size_t i1, size_t partner,
                uint32_t* words) {
  static const bool avx2 = __builtin_cpu_supports("avx2");
  if (avx2) {
    hash_range_avx2(k0, k1, i0, i1, partner, words);
  } else {
    hash_range(k0, k1, i0, i1, partner, words);
  }
}

} // namespace

void RandomBits::eval_cpu(const std::vector<array>& inputs, array& out) {
  // Contiguous copy of the keys: (num_keys, 2) uint32.
  array keys = inputs[0];
  out.set_data(allocator::malloc(out.nbytes()));
  size_t num_keys = keys.size() / 2;
  size_t elems_per_key = num_keys ? out.size() / num_keys : 0;
  size_t bytes_per_key = elems_per_key * out.itemsize();
  // Words of 32 bits per key; each hash yields two words written half a
  // block apart so results do not depend on how the output is chunked.
  size_t words = (bytes_per_key + 3) / 4;
  size_t half = words / 2;
  bool odd = words % 2;
  auto* dst = static_cast<char*>(out.raw_data());
  const auto* kdata = keys.data<uint32_t>();
  const auto& kst = keys.strides();
  int knd = keys.ndim();
  auto key_at = [&](size_t k, int j) {
    // Unravel key index k over all but the last dim of keys.
    int64_t off = j * kst[knd - 1];
    size_t rem = k;
    for (int d = knd - 2; d >= 0; --d) {
      off += static_cast<int64_t>(rem % keys.shape(d)) * kst[d];
      rem /= keys.shape(d);
    }
    return kdata[off];
  };
  // A key's words straight into the output when they fill it exactly, else
  // through a buffer (narrow dtypes whose bytes end mid-word).
  const bool direct = bytes_per_key % 4 == 0;
  auto finish_key = [&](size_t k, uint32_t k0, uint32_t* w) {
    if (odd) w[half] = threefry2x32(k0, key_at(k, 1), static_cast<uint32_t>(half), 0).first;
    if (!direct) std::memcpy(dst + k * bytes_per_key, w, bytes_per_key);
  };
  if (num_keys >= static_cast<size_t>(cpu::num_threads()) || half < 4096) {
    cpu::parallel_for(static_cast<int64_t>(num_keys), 1, [&](int64_t kb, int64_t ke) {
      std::vector<uint32_t> buf(direct ? 0 : words + 1);
      for (int64_t k = kb; k < ke; ++k) {
        uint32_t* w = direct ? reinterpret_cast<uint32_t*>(dst + k * bytes_per_key) : buf.data();
        const uint32_t k0 = key_at(k, 0), k1 = key_at(k, 1);
        hash_words(k0, k1, 0, half, half + odd, w);
        finish_key(k, k0, w);
      }
    });
    return;
  }
  // Few keys with many words each (mx.random.uniform(shape) has one): the
  // pool splits each key's counters.
  std::vector<uint32_t> buf(direct ? 0 : words + 1);
  for (size_t k = 0; k < num_keys; ++k) {
    uint32_t* w = direct ? reinterpret_cast<uint32_t*>(dst + k * bytes_per_key) : buf.data();
    const uint32_t k0 = key_at(k, 0), k1 = key_at(k, 1);
    cpu::parallel_for(static_cast<int64_t>(half), 4096, [&](int64_t b, int64_t e) {
      hash_words(k0, k1, size_t(b), size_t(e), half + odd, w);
    });
    finish_key(k, k0, w);
  }
}

} // namespace mxcore
