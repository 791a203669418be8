// BLAS matmul kernel (CPU backend): called by the primitives' eval_cpu.
#pragma once

#include "primitives/matmul.h"

namespace mxcore::cpu {

// out = alpha * a @ b + beta * c (c may be null when beta == 0). a: (..., M, K),
// b: (..., K, N) with equal batch dims, any strides; out is allocated here.
void matmul(const array& a, const array& b, array& out, float alpha = 1.0f,
            float beta = 0.0f, const array* c = nullptr);

// out = a @ b for integer and bool types, exact (wrapping as NumPy); same
// operand contract as matmul (matmul_integer.cpp).
void integer_matmul(const array& a, const array& b, array& out);

} // namespace mxcore::cpu
