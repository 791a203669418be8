// mx.fast: fused-kernel entry points of MLX. On the CPU they are compositions
// of ordinary ops (so grad, vmap and compile apply unchanged).
#pragma once

#include <optional>
#include <string>

#include "mxcore/ops.h"

namespace mxcore::fast {

// (x - mean) / sqrt(var + eps) * weight + bias over the last axis.
array layer_norm(const array& x, const std::optional<array>& weight,
                 const std::optional<array>& bias, float eps, StreamOrDevice s = {});
// x / sqrt(mean(x^2) + eps) * weight over the last axis.
array rms_norm(const array& x, const std::optional<array>& weight, float eps,
               StreamOrDevice s = {});
// Rotary positional encoding of the first `dims` features of the last axis;
// positions run along axis -2 starting at `offset`. Either `base` or `freqs`.
array rope(const array& x, int dims, bool traditional, std::optional<float> base, float scale,
           int offset, const std::optional<array>& freqs = std::nullopt, StreamOrDevice s = {});
// offset as an array: a scalar, or one starting position per batch entry (B,).
array rope(const array& x, int dims, bool traditional, std::optional<float> base, float scale,
           const array& offset, const std::optional<array>& freqs = std::nullopt,
           StreamOrDevice s = {});
// softmax(scale * q @ k^T + mask) @ v with q (B, Hq, Lq, D), k/v (B, Hkv, Lk, D/Dv),
// Hq a multiple of Hkv (grouped-query attention). mask_mode: "" (use `mask` if
// given: bool selects, other dtypes are added) or "causal".
array scaled_dot_product_attention(const array& q, const array& k, const array& v, float scale,
                                   const std::string& mask_mode = "",
                                   const std::optional<array>& mask = std::nullopt,
                                   StreamOrDevice s = {});
// With attention sinks: one logit per query head (shape (Hq,)) that joins
// each softmax's denominator.
array scaled_dot_product_attention(const array& q, const array& k, const array& v, float scale,
                                   const std::string& mask_mode,
                                   const std::optional<array>& mask,
                                   const std::optional<array>& sinks, StreamOrDevice s);

} // namespace mxcore::fast
