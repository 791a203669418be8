// BLAS matmul kernel (CPU backend): called by the primitives' eval_cpu.
#pragma once

#include "backend/cpu/gemm/gemm.h"
#include "primitives/matmul.h"

namespace mxcore::cpu {

// out = alpha * a @ b + beta * c (c may be null when beta == 0). a: (..., M, K),
// b: (..., K, N) with equal batch dims, any strides; out is allocated here.
void matmul(const array& a, const array& b, array& out, float alpha = 1.0f,
            float beta = 0.0f, const array* c = nullptr);

// out = a @ b (float32) into a buffer laid out row-major in the axis order
// `order` (Matmul's out_order: the last axis stays last); same operands.
void matmul_in_order(const array& a, const array& b, array& out, const std::vector<int>& order);

// Whether out = a @ b runs on mxcore's GEMM (float32, 2-D a and b) in the
// current mode: only then can matmul_with_epilogue fuse an epilogue.
bool matmul_runs_own(const array& a, const array& b);

// out = a @ b with `epilogue` run on each finished block of out (2-D float32
// operands, any strides; out already allocated, row-major). On the own GEMM
// when the mode still says so (it is read again), else the plain path and
// then the epilogue over all of out: either way the values of matmul().
void matmul_with_epilogue(const array& a, const array& b, array& out,
                          const gemm::Epilogue& epilogue);

// out = a @ b for integer and bool types, exact (wrapping as NumPy); same
// operand contract as matmul (matmul_integer.cpp).
void integer_matmul(const array& a, const array& b, array& out);

} // namespace mxcore::cpu
