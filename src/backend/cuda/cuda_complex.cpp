// complex64 in the hand-written GPU kernels (arg-reductions, scans, sorts,
// scatter sum/prod): a device struct whose operators follow the CPU's
// kernel_ops: lexicographic order, `a != a` when a part is NaN, and the
// CPU's log1p/exp formulas in LogAddExp. The renderer's elementwise dialect
// has no complex64 (cuda_dialect.h).
#include "backend/cuda/cuda_kernels.h"

namespace mxcore::cuda {

const char* const cuda_complex_text = R"(
__device__ inline float mxc_inf() { return __int_as_float(0x7f800000); }
struct __align__(8) mxc_complex {
  float re, im;
  mxc_complex() = default; // trivial: allowed in __shared__ arrays
  __device__ mxc_complex(float r, float i = 0.0f) : re(r), im(i) {}
};
// Rounded products without contraction into FMAs, as the CPU's eager build.
__device__ inline mxc_complex operator+(mxc_complex a, mxc_complex b) {
  return mxc_complex(a.re + b.re, a.im + b.im);
}
__device__ inline mxc_complex operator-(mxc_complex a, mxc_complex b) {
  return mxc_complex(a.re - b.re, a.im - b.im);
}
__device__ inline mxc_complex operator*(mxc_complex a, mxc_complex b) {
  return mxc_complex(__fsub_rn(__fmul_rn(a.re, b.re), __fmul_rn(a.im, b.im)),
                     __fadd_rn(__fmul_rn(a.re, b.im), __fmul_rn(a.im, b.re)));
}
__device__ inline bool operator==(mxc_complex a, mxc_complex b) { return a.re == b.re && a.im == b.im; }
__device__ inline bool operator!=(mxc_complex a, mxc_complex b) { return !(a == b); }
__device__ inline bool operator>(mxc_complex a, mxc_complex b) {
  return a.re > b.re || (a.re == b.re && a.im > b.im);
}
__device__ inline bool operator<(mxc_complex a, mxc_complex b) { return b > a; }
__device__ inline bool mxc_nan_any(mxc_complex a) { return a.re != a.re || a.im != a.im; }
__device__ inline mxc_complex mxc_exp(mxc_complex z) {
  const float m = expf(z.re);
  return mxc_complex(m * cosf(z.im), m * sinf(z.im));
}
__device__ inline mxc_complex mxc_log1p(mxc_complex z) {
  const float x = z.re, y = z.im, theta = atan2f(y, x + 1.0f);
  if (hypotf(x, y) < 0.5f) {
    const float r = x * (2.0f + x) + y * y;
    return r == 0.0f ? mxc_complex(x, theta) : mxc_complex(0.5f * log1pf(r), theta);
  }
  return mxc_complex(logf(hypotf(x + 1.0f, y)), theta);
}
// The larger (lexicographically) plus log1p(exp(smaller - larger)); NaN parts give NaN.
__device__ inline mxc_complex mxc_logaddexp(mxc_complex x, mxc_complex y) {
  if (mxc_nan_any(x) || mxc_nan_any(y)) return mxc_complex(__int_as_float(0x7fc00000), __int_as_float(0x7fc00000));
  const bool x_wins = x > y;
  const mxc_complex hi = x_wins ? x : y, lo = x_wins ? y : x;
  if (lo.re == -mxc_inf() || hi.re == mxc_inf()) return hi;
  return hi + mxc_log1p(mxc_exp(lo - hi));
}
// Maximum/Minimum as the CPU's: x when x has a NaN part or wins.
__device__ inline mxc_complex mxc_maximum(mxc_complex x, mxc_complex y) {
  return (mxc_nan_any(x) || x > y) ? x : y;
}
__device__ inline mxc_complex mxc_minimum(mxc_complex x, mxc_complex y) {
  return (mxc_nan_any(x) || y > x) ? x : y;
}
)";

} // namespace mxcore::cuda
