// LAPACK-backed linear algebra kernels (CPU backend): called by the primitives' eval_cpu.
#pragma once

#include "primitives/linalg.h"

namespace mxcore::cpu {

// Kernels in src/backend/cpu/lapack.cpp; outputs are allocated there.
void inverse(const array& a, array& out, bool triangular, bool upper);
void cholesky(const array& a, array& out, bool upper);
void qr(const array& a, array& q, array& r);
void svd(const array& a, std::vector<array>& outputs, bool compute_uv);
void eigh(const array& a, std::vector<array>& outputs, char uplo, bool compute_vectors);
void lu_factor(const array& a, array& lu, array& pivots, array& perm);
void eig(const array& a, std::vector<array>& outputs, bool compute_vectors);

} // namespace mxcore::cpu
