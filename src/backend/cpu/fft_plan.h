// One-dimensional complex FFT plans: a self-sorting (Stockham) mixed-radix
// transform for lengths whose prime factors are all small, and Bluestein's
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

 private:
  struct Stage {
    int radix;
    int64_t span;        // product of the radices of the earlier stages
    size_t twiddle_at;   // offset of this stage's (radix - 1) * span twiddles
    size_t roots_at;     // offset of exp(-2 pi i r / radix) for generic radices
  };
  void stockham(cfloat* data, cfloat* work) const;
  void bluestein(cfloat* data, cfloat* work) const;

  int64_t n_;
  std::vector<Stage> stages_;       // empty when Bluestein is used
  std::vector<cfloat> twiddles_;
  std::vector<cfloat> roots_;
  // Bluestein: chirp[k] = exp(-pi i k^2 / n), and the transform of the
  // conjugate chirp filter, pre-divided by the padded length.
  std::shared_ptr<const FFTPlan> padded_;
  std::vector<cfloat> chirp_;
  std::vector<cfloat> filter_;
};

// The cached plan for length n (n >= 1).
std::shared_ptr<const FFTPlan> fft_plan(int64_t n);

} // namespace mxcore::cpu
