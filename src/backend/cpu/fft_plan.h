// One-dimensional complex FFT plans: a self-sorting (Stockham) mixed-radix
// transform for lengths whose prime factors are all small, the four-step
// algorithm for long such lengths (fft_four_step.cpp), and Bluestein's
// chirp-z algorithm (through a 5-smooth transform) for the rest. Plans are
// immutable and cached by length, so threads share them.
#pragma once

#include <complex>
#include <cstdint>
#include <memory>
#include <vector>

namespace mxcore::cpu {

using cfloat = std::complex<float>;

// std::complex's operator* handles inf/nan specially through a library call;
// the plain formula is what an FFT wants.
inline cfloat cmul(cfloat a, cfloat b) {
  return {a.real() * b.real() - a.imag() * b.imag(),
          a.real() * b.imag() + a.imag() * b.real()};
}
inline cfloat times_minus_i(cfloat v) { return {v.imag(), -v.real()}; }

// Lines a lane transform (FFTPlan::forward_lanes) takes at once: one
// 256-bit vector of floats, the widest the library's AVX build has (GCC
// lowers wider vector-extension types to scalar code there: 16 lanes ran
// 3x slower than 8).
constexpr int kFFTLanes = 8;

// Smooth lengths from here on run the four-step algorithm; lane transforms
// serve lines of at most a quarter of it (fft.cpp), whose Bluestein padding
// stays below it.
constexpr int64_t kFourStepMin = int64_t(1) << 16;

class FFTPlan {
 public:
  explicit FFTPlan(int64_t n);

  int64_t size() const { return n_; }
  // Elements of scratch space forward() needs.
  int64_t work_size() const;
  // In-place forward DFT: X[k] = sum_j x[j] exp(-2 pi i jk / n).
  void forward(cfloat* data, cfloat* work) const;
  // In-place inverse DFT without the 1/n factor.
  void backward(cfloat* data, cfloat* work) const;

  // The same transforms of kFFTLanes lines at once, split into real and
  // imaginary parts: value t of line l at re[t * kFFTLanes + l]. Every
  // butterfly then runs on whole vectors of lines, whatever its span (the
  // one-line passes vectorize only along spans, which the first stages lack).
  // Same operations in the same order as forward(): the same results.
  // `work` holds lanes_work_size() floats.
  int64_t lanes_work_size() const;
  void forward_lanes(float* re, float* im, float* work) const;
  void backward_lanes(float* re, float* im, float* work) const;

 private:
  void stockham(cfloat* data, cfloat* work) const;
  void bluestein(cfloat* data, cfloat* work) const;
  void stockham_lanes(float* re, float* im, float* work) const;
  void bluestein_lanes(float* re, float* im, float* work) const;
  // Four-step plans (fft_four_step.cpp): whether n is one (then set up).
  bool init_four_step();
  void four_step(cfloat* data, cfloat* work) const;

  int64_t n_;
  struct Stage {
    int radix;
    int64_t span;        // product of the radices of the earlier stages
    size_t twiddle_at;   // offset of this stage's (radix - 1) * span twiddles
    size_t roots_at;     // offset of exp(-2 pi i r / radix) for generic radices
  };
  std::vector<Stage> stages_;       // empty when Bluestein is used
  std::vector<cfloat> twiddles_;
  std::vector<cfloat> roots_;
  // Bluestein: chirp[k] = exp(-pi i k^2 / n), and the transform of the
  // conjugate chirp filter, pre-divided by the padded length.
  std::shared_ptr<const FFTPlan> padded_;
  std::vector<cfloat> chirp_;
  std::vector<cfloat> filter_;
  // Four-step: n = n1 * n2, the data an n2 x n1 matrix; transforms of its
  // columns (length n2) and rows (length n1) run as lane transforms, with
  // four_step_twiddles_[k2 * n1 + j1] = exp(-2 pi i j1 k2 / n) between them.
  int64_t four_step_n1_ = 0;
  std::shared_ptr<const FFTPlan> four_step_columns_, four_step_rows_;
  std::vector<cfloat> four_step_twiddles_;
};

// The cached plan for length n (n >= 1).
std::shared_ptr<const FFTPlan> fft_plan(int64_t n);

} // namespace mxcore::cpu
