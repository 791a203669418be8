// quantize / dequantize with the calling op's name in their error messages,
// for the ops built on them (qqmm, gather_qqmm).
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

} // namespace mxcore::detail
