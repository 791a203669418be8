// Matrix products with gathered, masked or segmented operands (MLX's
// gather_mm, block_masked_mm and segmented_mm).
#pragma once

#include <optional>

#include "mxcore/ops.h"

namespace mxcore {

// For a (..., M, K) and b (..., K, N): out[i] = a_flat[lhs[i]] @ b_flat[rhs[i]]
// where a_flat/b_flat are a and b with their batch dims flattened and the
// indices broadcast together. A missing index defaults to arange over its
// operand's batch; with both missing this is matmul. 1-D a or b are treated
// as a row / column vector and that dim is removed from the result.
array gather_mm(array a, array b, std::optional<array> lhs_indices = std::nullopt,
                std::optional<array> rhs_indices = std::nullopt, bool sorted_indices = false,
                StreamOrDevice s = {});

// a @ b where block (i, j) of size block_size x block_size of each operand
// (and of the output) is multiplied by mask[..., i, j]; bool masks zero blocks.
array block_masked_mm(array a, array b, int block_size = 64,
                      std::optional<array> mask_out = std::nullopt,
                      std::optional<array> mask_lhs = std::nullopt,
                      std::optional<array> mask_rhs = std::nullopt, StreamOrDevice s = {});

// a (..., M, K) @ b (..., K, N) restricted to each segment [start, end) of the
// inner dimension: segments (..., S, 2) gives out (..., S, M, N).
array segmented_mm(array a, array b, array segments, StreamOrDevice s = {});

} // namespace mxcore
