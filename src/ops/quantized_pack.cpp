// The bit streams of quantized rows: `bits`-bit values packed little-endian
// into uint32 words, as composed ops (so every transform and compile apply).
#include <numeric>

#include "ops/quantized_ops.h"

namespace mxcore::detail {

namespace {

// The smallest run of values that fills whole words: `elements` values of
// `bits` bits in `words` uint32 words (8 in 1 for 4 bits, 32 in 3 for 3 bits).
// Element j lands in word[j] at bit shift[j]; when the field crosses a word
// boundary its high part is the low (spill_shift[j] = 32 - shift[j] bits
// later) part of word[j] + 1.
struct BlockLayout {
  int elements, words;
  std::vector<uint32_t> word, shift, spill_shift, spills;
};

BlockLayout block_layout(int bits) {
  BlockLayout l;
  const int common = std::gcd(bits, 32);
  l.elements = 32 / common;
  l.words = bits / common;
  for (int j = 0; j < l.elements; ++j) {
    const int offset = j * bits, sh = offset % 32;
    const bool spills = sh + bits > 32;
    l.word.push_back(offset / 32);
    l.shift.push_back(sh);
    l.spill_shift.push_back(spills ? 32 - sh : 0);
    l.spills.push_back(spills ? 1 : 0);
  }
  return l;
}

array u32(const std::vector<uint32_t>& v, Shape shape) {
  return array(v.begin(), std::move(shape), uint32);
}

} // namespace

// The values of each block go to their words through 0/1 routing matrices:
// a word is the sum of its (disjoint) shifted fields.

array pack_bits(const array& q, int bits, Stream s) {
  const BlockLayout l = block_layout(bits);
  const int n = l.elements, nw = l.words;
  std::vector<uint32_t> to_word(n * nw, 0), to_next(n * nw, 0);
  for (int j = 0; j < n; ++j) {
    to_word[j * nw + l.word[j]] = 1;
    if (l.spills[j]) to_next[j * nw + l.word[j] + 1] = 1;
  }
  Shape blocks = q.shape();
  const int length = blocks.back();
  blocks.back() = length / n;
  blocks.push_back(n);
  blocks.push_back(1);
  array qb = reshape(q, blocks, s);
  array low = left_shift(qb, u32(l.shift, {n, 1}), s);
  // A non-spilling field's high part is masked out by to_next.
  array high = right_shift(qb, u32(l.spill_shift, {n, 1}), s);
  array parts = add(multiply(low, u32(to_word, {n, nw}), s),
                    multiply(high, u32(to_next, {n, nw}), s), s);
  // The fields never overlap, so their sum is their bitwise or.
  array words = sum(parts, -2, false, s);
  Shape out = q.shape();
  out.back() = length * bits / 32;
  return reshape(words, out, s);
}

array unpack_bits(const array& w, int bits, Stream s) {
  const BlockLayout l = block_layout(bits);
  const int n = l.elements;
  std::vector<uint32_t> next(n);
  for (int j = 0; j < n; ++j) next[j] = l.spills[j] ? l.word[j] + 1 : l.word[j];
  Shape blocks = w.shape();
  const int words = blocks.back();
  blocks.back() = words / l.words;
  blocks.push_back(l.words);
  array wb = reshape(w, blocks, s);
  array low = right_shift(take(wb, u32(l.word, {n}), -1, s), u32(l.shift, {n}), s);
  array high = multiply(left_shift(take(wb, u32(next, {n}), -1, s), u32(l.spill_shift, {n}), s),
                        u32(l.spills, {n}), s);
  array q = bitwise_and(add(low, high, s), array(uint32_t((1ull << bits) - 1), uint32), s);
  Shape out = w.shape();
  out.back() = words * 32 / bits;
  return reshape(q, out, s);
}

} // namespace mxcore::detail
