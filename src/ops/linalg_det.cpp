// det and slogdet. Values come from LAPACK's LU (A = P L U, unit L):
// det = (-1)^swaps * prod(diag U). Derivatives are attached with
// custom_function (the LU itself is not differentiated):
// d log|det| = tr(A^-1 dA) and d det = det * tr(A^-1 dA).
#include "mxcore/linalg_det.h"

#include "mxcore/linalg.h"
#include "mxcore/transforms.h"
#include "ops/util.h"

namespace mxcore::linalg {

namespace {

Dtype compute_type(Dtype t) { return t == float64 ? float64 : float32; }

Dtype result_dtype(Dtype t, const char* op) {
  if (is_complex(t)) {
    throw std::invalid_argument(std::string("[") + op + "] Complex inputs are not supported.");
  }
  return is_floating_point(t) ? t : float32;
}

void check_square(const array& a, const char* op) {
  if (a.ndim() < 2) {
    throw std::invalid_argument(std::string("[") + op +
                                "] Arrays must have >= 2 dimensions. Received array with " +
                                std::to_string(a.ndim()) + " dimensions.");
  }
  if (a.shape(-1) != a.shape(-2)) {
    throw std::invalid_argument(std::string("[") + op + "] Only defined for square matrices.");
  }
}

Shape batch_of(const array& a) { return Shape(a.shape().begin(), a.shape().end() - 2); }

// {diag(U), (-1)^swaps} of the LU factorization; a in float32/float64.
std::pair<array, array> lu_diagonal(const array& a, Stream s) {
  auto [lu, pivots] = lu_factor(stop_gradient(a, s), s);
  const int n = a.shape(-1);
  array d = diagonal(lu, 0, -2, -1, s);
  array swaps = sum(astype(not_equal(pivots, arange(0.0, double(n), 1.0, uint32, s), s), int32, s),
                    -1, false, s);
  array odd = astype(bitwise_and(swaps, array(1, int32), s), a.dtype(), s);
  array parity = subtract(array(1.0, a.dtype()), multiply(array(2.0, a.dtype()), odd, s), s);
  return {d, parity};
}

// A^-T scaled by factor (..., ) per matrix.
array scaled_inverse_transpose(const array& a, const array& factor, Stream s) {
  array inv_t = swapaxes(inv(a, s), -1, -2, s);
  return multiply(inv_t, expand_dims(factor, {-2, -1}, s), s);
}

// tr(A^-1 T) per matrix, as sum(A^-T o T).
array trace_inverse_times(const array& a, const array& t, Stream s) {
  array inv_t = swapaxes(inv(a, s), -1, -2, s);
  return sum(multiply(inv_t, t, s), std::vector<int>{-2, -1}, false, s);
}

} // namespace

array det(const array& a_in, StreamOrDevice sd) {
  auto s = to_stream(sd);
  check_square(a_in, "linalg::det");
  const Dtype out_type = result_dtype(a_in.dtype(), "linalg::det");
  array a = astype(a_in, compute_type(out_type), s);
  if (a.shape(-1) == 0) return ones(batch_of(a), out_type, s);
  auto value = [s](const array& x) {
    auto [d, parity] = lu_diagonal(x, s);
    return multiply(parity, prod(d, -1, false, s), s);
  };
  auto fn = custom_function(
      [value](const std::vector<array>& in) -> std::vector<array> { return {value(in[0])}; },
      [s](const std::vector<array>& primals, const std::vector<array>& cotangents,
          const std::vector<array>& outputs) -> std::vector<array> {
        return {scaled_inverse_transpose(primals[0], multiply(cotangents[0], outputs[0], s), s)};
      },
      [s, value](const std::vector<array>& primals, const std::vector<array>& tangents,
                 const std::vector<int>&) -> std::vector<array> {
        // d det = det * tr(A^-1 dA)
        return {multiply(value(primals[0]), trace_inverse_times(primals[0], tangents[0], s), s)};
      });
  return astype(fn({a})[0], out_type, s);
}

std::pair<array, array> slogdet(const array& a_in, StreamOrDevice sd) {
  auto s = to_stream(sd);
  check_square(a_in, "linalg::slogdet");
  const Dtype out_type = result_dtype(a_in.dtype(), "linalg::slogdet");
  array a = astype(a_in, compute_type(out_type), s);
  if (a.shape(-1) == 0) {
    return {ones(batch_of(a), out_type, s), zeros(batch_of(a), out_type, s)};
  }
  auto fn = custom_function(
      [s](const std::vector<array>& in) -> std::vector<array> {
        auto [d, parity] = lu_diagonal(in[0], s);
        array sgn = multiply(parity, prod(sign(d, s), -1, false, s), s);
        return {sgn, sum(log(abs(d, s), s), -1, false, s)};
      },
      [s](const std::vector<array>& primals, const std::vector<array>& cotangents,
          const std::vector<array>&) -> std::vector<array> {
        // The sign is piecewise constant: only log|det| carries a gradient.
        return {scaled_inverse_transpose(primals[0], cotangents[1], s)};
      },
      [s](const std::vector<array>& primals, const std::vector<array>& tangents,
          const std::vector<int>&) -> std::vector<array> {
        // d log|det| = tr(A^-1 dA); the sign's tangent is 0.
        array dlog = trace_inverse_times(primals[0], tangents[0], s);
        return {zeros_like(dlog, s), dlog};
      });
  auto out = fn({a});
  return {astype(out[0], out_type, s), astype(out[1], out_type, s)};
}

} // namespace mxcore::linalg
