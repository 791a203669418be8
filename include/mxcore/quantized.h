// Quantization with MLX 0.32's mode-aware signatures. A missing group_size or
// bits takes the mode's default (affine: 64 / 4, mxfp4: 32 / 4, mxfp8: 32 / 8).
//   affine: w ~= scale * q + bias, q in [0, 2^bits), bits in {1,2,3,4,5,6,8},
//           group_size in {32, 64, 128}; scales/biases have w's dtype.
//   mxfp4 / mxfp8: w ~= 2^(e - 127) * fp4_e2m1(q) / fp8_e4m3(q), group_size
//           32, bits 4 / 8; e is a uint8 (e8m0) scale per group; no biases.
//   nvfp4 raises std::invalid_argument (not supported).
// The q values of a row form one little-endian bit stream packed into uint32
// words (element j occupies stream bits [j * bits, (j + 1) * bits)).
#pragma once

#include <optional>
#include <string>

#include "mxcore/ops.h"

namespace mxcore {

// Returns {w_q, scales, biases} (affine) or {w_q, scales} (mx modes).
std::vector<array> quantize(const array& w, std::optional<int> group_size,
                            std::optional<int> bits, const std::string& mode = "affine",
                            StreamOrDevice s = {});
// dtype defaults to the scales' dtype (affine) or bfloat16 (mx modes).
array dequantize(const array& w, const array& scales, const std::optional<array>& biases,
                 std::optional<int> group_size, std::optional<int> bits,
                 const std::string& mode = "affine", std::optional<Dtype> dtype = std::nullopt,
                 StreamOrDevice s = {});
// x @ dequantize(w).T (transpose) or x @ dequantize(w).
array quantized_matmul(const array& x, const array& w, const array& scales,
                       const std::optional<array>& biases, bool transpose,
                       std::optional<int> group_size, std::optional<int> bits,
                       const std::string& mode = "affine", StreamOrDevice s = {});
// gather_mm(x, dequantize(w) (transposed when transpose), lhs, rhs).
array gather_qmm(const array& x, const array& w, const array& scales,
                 const std::optional<array>& biases, std::optional<array> lhs_indices,
                 std::optional<array> rhs_indices, bool transpose,
                 std::optional<int> group_size, std::optional<int> bits,
                 const std::string& mode = "affine", bool sorted_indices = false,
                 StreamOrDevice s = {});

} // namespace mxcore
