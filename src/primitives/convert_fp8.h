// ConvertFP8: floats <-> E4M3 "fn" float8 codes stored as uint8 (MLX's
// primitive behind to_fp8/from_fp8). E4M3: 1 sign, 4 exponent (bias 7) and 3
// mantissa bits; no infinities, 0x7f/0xff are NaN, the largest finite value
// is 448. Encoding rounds to nearest-even and saturates at +-448 (inf and NaN
// included, as MLX does).
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

#include "mxcore/primitives.h"

namespace mxcore {

class ConvertFP8 : public UnaryPrimitive {
 public:
  // to_fp8: float -> uint8 codes; otherwise codes -> out_dtype (floating).
  ConvertFP8(Stream stream, bool to_fp8, Dtype out_dtype)
      : UnaryPrimitive(stream), to_fp8_(to_fp8), out_dtype_(out_dtype) {}

  void eval_cpu(const std::vector<array>& inputs, array& out) override;
  MXCORE_TRANSFORM_DECLS
  MXCORE_DEFINE_INPUT_OUTPUT_SHAPE()
  const char* name() const override { return to_fp8_ ? "ToFP8" : "FromFP8"; }
  bool is_equivalent(const Primitive& other) const override {
    auto& o = static_cast<const ConvertFP8&>(other);
    return to_fp8_ == o.to_fp8_ && out_dtype_ == o.out_dtype_;
  }

  bool to_fp8() const { return to_fp8_; }

  // State, read by export (src/export/).
  Dtype out_dtype() const { return out_dtype_; }
 private:
  bool to_fp8_;
  Dtype out_dtype_;
};

// The scalar conversions, shared by every backend's kernel.
namespace fp8 {

inline constexpr float kMinNormal = 0x1p-6f;    // smallest normal E4M3 value
inline constexpr float kSubnormalStep = 0x1p-9f; // spacing of the subnormals
inline constexpr float kMaxFinite = 448.0f;

inline uint8_t encode(float x) {
  uint32_t bits;
  std::memcpy(&bits, &x, sizeof(bits));
  uint8_t sign = static_cast<uint8_t>((bits >> 31) << 7);
  float a = std::fabs(x);
  a = std::isnan(a) ? kMaxFinite : std::fmin(a, kMaxFinite);
  // Round to nearest-even on the grid of a's binade (or the subnormal grid).
  float step = kSubnormalStep;
  if (a >= kMinNormal) step = std::ldexp(1.0f, std::ilogb(a) - 3);
  float v = std::fmin(std::nearbyint(a / step) * step, kMaxFinite);
  if (v < kMinNormal) return sign | static_cast<uint8_t>(v / kSubnormalStep);
  uint32_t vbits;
  std::memcpy(&vbits, &v, sizeof(vbits));
  uint32_t biased = (vbits >> 23) - 120; // exponent bias 127 -> 7
  return sign | static_cast<uint8_t>((biased << 3) | ((vbits >> 20) & 7));
}

inline float decode(uint8_t code) {
  int exponent = (code >> 3) & 15;
  float mantissa = static_cast<float>(code & 7);
  float magnitude = exponent == 0 ? mantissa * kSubnormalStep
                                  : (1.0f + mantissa / 8.0f) * std::ldexp(1.0f, exponent - 7);
  if ((code & 127) == 127) magnitude = std::nanf("");
  return code >= 128 ? -magnitude : magnitude;
}

} // namespace fp8

} // namespace mxcore
