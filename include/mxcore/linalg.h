// mxcore::linalg — MLX's mx.linalg: norms and LAPACK-backed factorizations.
// Factorizations take float32 or float64 inputs of shape (..., M, N) and
// batch over the leading dims.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "mxcore/ops.h"

namespace mxcore::linalg {

// Vector norm (one axis) or matrix norm (two axes). ord: a number (0, +-1,
// +-2, +-inf or any p for vectors), or "fro" / "nuc" for matrices. With
// neither ord nor axis: the 2-norm of the flattened array.
array norm(const array& a, double ord,
           const std::optional<std::vector<int>>& axis = std::nullopt,
           bool keepdims = false, StreamOrDevice s = {});
array norm(const array& a, const std::string& ord,
           const std::optional<std::vector<int>>& axis = std::nullopt,
           bool keepdims = false, StreamOrDevice s = {});
array norm(const array& a, const std::optional<std::vector<int>>& axis = std::nullopt,
           bool keepdims = false, StreamOrDevice s = {});

array inv(const array& a, StreamOrDevice s = {});
array tri_inv(const array& a, bool upper = false, StreamOrDevice s = {});
array cholesky(const array& a, bool upper = false, StreamOrDevice s = {});
// Inverse of A from its Cholesky factor.
array cholesky_inv(const array& l, bool upper = false, StreamOrDevice s = {});
array pinv(const array& a, StreamOrDevice s = {});

// Reduced QR: Q (..., M, K), R (..., K, N).
std::pair<array, array> qr(const array& a, StreamOrDevice s = {});
// {U, S, Vt} (full U and Vt) or {S}.
std::vector<array> svd(const array& a, bool compute_uv = true, StreamOrDevice s = {});
// Eigenvalues (ascending) and eigenvectors (columns) of a symmetric matrix.
std::pair<array, array> eigh(const array& a, std::string UPLO = "L", StreamOrDevice s = {});
array eigvalsh(const array& a, std::string UPLO = "L", StreamOrDevice s = {});

// Eigenvalues and right eigenvectors (columns) of a general square matrix,
// as complex64.
std::pair<array, array> eig(const array& a, StreamOrDevice s = {});
array eigvals(const array& a, StreamOrDevice s = {});

// {P, L, U} with A = L[P] @ U (P: row indices, uint32).
std::vector<array> lu(const array& a, StreamOrDevice s = {});
// {LU, pivots}: LAPACK's packed factors and 0-based row swaps.
std::pair<array, array> lu_factor(const array& a, StreamOrDevice s = {});

// b: (..., N) or (..., N, NRHS).
array solve(const array& a, const array& b, StreamOrDevice s = {});
array solve_triangular(const array& a, const array& b, bool upper = false,
                       StreamOrDevice s = {});

array cross(const array& a, const array& b, int axis = -1, StreamOrDevice s = {});

} // namespace mxcore::linalg
