// Quantization with MLX 0.32's mode-aware signatures. A missing group_size or
// bits takes the mode's default (affine: 64 / 4, mxfp4: 32 / 4, mxfp8: 32 / 8,
// nvfp4: 16 / 4).
//   affine: w ~= scale * q + bias, q in [0, 2^bits), bits in {1,2,3,4,5,6,8},
//           group_size in {32, 64, 128}; scales/biases have w's dtype.
//   mxfp4 / mxfp8: w ~= 2^(e - 127) * fp4_e2m1(q) / fp8_e4m3(q), group_size
//           32, bits 4 / 8; e is a uint8 (e8m0) scale per group; no biases.
//   nvfp4:  w ~= fp8_e4m3(scale) * fp4_e2m1(q) [* global_scale / (448 * 6)],
//           group_size 16, bits 4; the uint8 scale holds an e4m3 code. The
//           optional float32 global_scale (typically max|w| of the whole
//           tensor) widens the range the e4m3 scales cover.
// The q values of a row form one little-endian bit stream packed into uint32
// words (element j occupies stream bits [j * bits, (j + 1) * bits)).
#pragma once

#include <optional>
#include <string>

#include "mxcore/ops.h"

namespace mxcore {

// Returns {w_q, scales, biases} (affine) or {w_q, scales} (fp modes).
// global_scale (a float32 scalar) is for nvfp4 only.
std::vector<array> quantize(const array& w, std::optional<int> group_size,
                            std::optional<int> bits, const std::string& mode = "affine",
                            const std::optional<array>& global_scale = std::nullopt,
                            StreamOrDevice s = {});
// dtype defaults to the scales' dtype (affine) or bfloat16 (fp modes).
array dequantize(const array& w, const array& scales, const std::optional<array>& biases,
                 std::optional<int> group_size, std::optional<int> bits,
                 const std::string& mode = "affine",
                 const std::optional<array>& global_scale = std::nullopt,
                 std::optional<Dtype> dtype = std::nullopt, StreamOrDevice s = {});
// x @ dequantize(w).T (transpose) or x @ dequantize(w).
array quantized_matmul(const array& x, const array& w, const array& scales,
                       const std::optional<array>& biases, bool transpose,
                       std::optional<int> group_size, std::optional<int> bits,
                       const std::string& mode = "affine", StreamOrDevice s = {});
// gather_mm(x, dequantize(w) (transposed when transpose), lhs, rhs). The
// nvfp4 global_scale has one float32 entry per matrix of w (shape
// w.shape[:-2]).
array gather_qmm(const array& x, const array& w, const array& scales,
                 const std::optional<array>& biases, std::optional<array> lhs_indices,
                 std::optional<array> rhs_indices, bool transpose,
                 std::optional<int> group_size, std::optional<int> bits,
                 const std::string& mode = "affine",
                 const std::optional<array>& global_scale = std::nullopt,
                 bool sorted_indices = false, StreamOrDevice s = {});

// Both operands quantized (modes nvfp4, mxfp8, mxfp4): x is quantized and
// dequantized on the fly; w is used as given when it is packed uint32 (then
// scales are required) and quantized on the fly otherwise. Returns
// x_d @ w_d.T in x's dtype. nvfp4 global scales come both or neither.
array qqmm(const array& x, const array& w, const std::optional<array>& scales = std::nullopt,
           std::optional<int> group_size = std::nullopt, std::optional<int> bits = std::nullopt,
           const std::string& mode = "nvfp4",
           const std::optional<array>& global_scale_x = std::nullopt,
           const std::optional<array>& global_scale_w = std::nullopt, StreamOrDevice s = {});
// qqmm with gather_mm's matrix-level gather over the batch dimensions.
array gather_qqmm(const array& x, const array& w, const std::optional<array>& scales,
                  std::optional<array> lhs_indices, std::optional<array> rhs_indices,
                  std::optional<int> group_size = std::nullopt,
                  std::optional<int> bits = std::nullopt, const std::string& mode = "nvfp4",
                  const std::optional<array>& global_scale_x = std::nullopt,
                  const std::optional<array>& global_scale_w = std::nullopt,
                  bool sorted_indices = false, StreamOrDevice s = {});

} // namespace mxcore
