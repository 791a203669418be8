// Spelling a fused kernel's constant input as a source literal. The C++ and
// MSL dialects share the case analysis and differ only in the LiteralStyle.
#pragma once

#include <string>

#include "kernel/fused_program.h"

namespace mxcore::kernel {

struct LiteralStyle {
  std::string (*type_name)(Dtype);      // "uint8_t", "half", ...
  std::string (*float_literal)(double); // a floating value (nan/inf included)
  const char* unsigned_suffix;          // integer literal suffixes
  const char* signed_suffix;
  const char* int64_min;                // INT64_MIN has no literal
  bool wrap_float32;                    // float32 as type_name(float32)(...)
};

// The literal of `v` as a value of dtype `t`; half types are constructed
// from a float literal (exact: the value came from that type).
std::string constant_literal(Dtype t, const ConstantValue& v, const LiteralStyle& style);

} // namespace mxcore::kernel
