// Determinants (MLX's linalg.det and linalg.slogdet), from an LU factorization.
#pragma once

#include <utility>

#include "mxcore/ops.h"

namespace mxcore::linalg {

// det of each matrix in the last two dims; integers compute in float32, half
// types in float32 and return their own type. Differentiable (d det / dA =
// det * A^-T; singular matrices give non-finite gradients).
array det(const array& a, StreamOrDevice s = {});
// {sign, log|det|}: sign in {-1, 0, 1}; a singular matrix gives {0, -inf}.
std::pair<array, array> slogdet(const array& a, StreamOrDevice s = {});

} // namespace mxcore::linalg
