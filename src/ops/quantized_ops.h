// Internals shared by the quantization files: quantize / dequantize with the
// calling op's name in their error messages (for qqmm, gather_qqmm), and the
// packing of values into uint32 bit streams (quantized_pack.cpp).
#pragma once

#include "mxcore/quantized.h"

namespace mxcore::detail {

std::vector<array> quantize_as(const char* op, const array& w, std::optional<int> group_size,
                               std::optional<int> bits, const std::string& mode,
                               const std::optional<array>& global_scale, Stream s);
array dequantize_as(const char* op, const array& w, const array& scales,
                    const std::optional<array>& biases, std::optional<int> group_size,
                    std::optional<int> bits, const std::string& mode,
                    const std::optional<array>& global_scale, std::optional<Dtype> dtype,
                    Stream s);

// quantized_matmul as the composition of ops (dequantize, then matmul) that
// every transform applies to; QuantizedMatmul's rules are its rules.
array quantized_matmul_composed(const array& x, const array& w, const array& scales,
                                const std::optional<array>& biases, bool transpose,
                                std::optional<int> group_size, std::optional<int> bits,
                                const std::string& mode, Stream s);

// q (..., L) uint32 with values < 2^bits -> (..., L * bits / 32): element j
// of a row occupies stream bits [j * bits, (j + 1) * bits). L must fill
// whole words in runs of 32 / gcd(bits, 32) values.
array pack_bits(const array& q, int bits, Stream s);
// Inverse of pack_bits: (..., W) uint32 -> (..., W * 32 / bits).
array unpack_bits(const array& w, int bits, Stream s);

} // namespace mxcore::detail
