// Stockham mixed-radix FFT and Bluestein's algorithm. Twiddles are computed
// in double precision and rounded once; arithmetic is in float.
#include "backend/cpu/fft_plan.h"

#include <algorithm>
#include <cmath>
#include <mutex>
#include <numbers>
#include <stdexcept>
#include <unordered_map>
#include <utility>

namespace mxcore::cpu {

namespace {

// exp(-2 pi i num / den), exact reduction of num modulo den first.
cfloat unit_root(int64_t num, int64_t den) {
  num %= den;
  double angle = -2.0 * std::numbers::pi * static_cast<double>(num) / static_cast<double>(den);
  return {static_cast<float>(std::cos(angle)), static_cast<float>(std::sin(angle))};
}

// Radices handled directly; any other prime factor sends the length to Bluestein.
constexpr int kMaxGenericRadix = 13;

std::vector<int> small_radices(int64_t n) {
  std::vector<int> radices;
  while (n % 4 == 0) { radices.push_back(4); n /= 4; }
  if (n % 2 == 0) { radices.push_back(2); n /= 2; }
  for (int p = 3; p <= kMaxGenericRadix; p += 2) {
    while (n % p == 0) { radices.push_back(p); n /= p; }
  }
  if (n != 1) return {};
  return radices;
}

// The smallest m >= n whose prime factors are 2, 3 and 5 (the fastest
// Stockham radices): Bluestein's padded length.
int64_t next_smooth(int64_t n) {
  for (int64_t m = n;; ++m) {
    int64_t r = m;
    for (int p : {2, 3, 5}) {
      while (r % p == 0) r /= p;
    }
    if (r == 1) return m;
  }
}

// Value t of kFFTLanes lines, as two vectors (GCC's vector extension) of
// real and imaginary parts: the lane passes' value type, with the operations
// the butterflies use on std::complex, computed the same way.
typedef float LaneVector __attribute__((vector_size(4 * kFFTLanes), aligned(4), may_alias));
struct Lanes {
  LaneVector re, im;
};
inline Lanes operator+(Lanes a, Lanes b) { return {a.re + b.re, a.im + b.im}; }
inline Lanes operator-(Lanes a, Lanes b) { return {a.re - b.re, a.im - b.im}; }
inline Lanes operator*(float c, Lanes a) { return {c * a.re, c * a.im}; }
inline Lanes& operator+=(Lanes& a, Lanes b) { return a = a + b; }
using cpu::cmul;  // (the one-line overloads, fft_plan.h)
using cpu::times_minus_i;
inline Lanes cmul(Lanes a, cfloat b) {
  return {a.re * b.real() - a.im * b.imag(), a.re * b.imag() + a.im * b.real()};
}

inline Lanes times_minus_i(Lanes v) { return {v.im, -v.re}; }

// The butterfly of radix R (2, 3, 4, 5) on twiddled inputs v: outputs
// y[f] = sum_r v[r] exp(-2 pi i r f / R). One spelling for one line
// (V = cfloat) and for kFFTLanes lines (V = Lanes): both give the same bits.
template <int R, typename V>
inline void butterfly(const V* v, V* y) {
  if constexpr (R == 2) {
    y[0] = v[0] + v[1];
    y[1] = v[0] - v[1];
  } else if constexpr (R == 4) {
    V t0 = v[0] + v[2], t1 = v[0] - v[2];
    V t2 = v[1] + v[3], t3 = times_minus_i(v[1] - v[3]);
    y[0] = t0 + t2;
    y[1] = t1 + t3;
    y[2] = t0 - t2;
    y[3] = t1 - t3;
  } else if constexpr (R == 5) {
    constexpr float c1 = 0.309016994374947424f;   // cos(2 pi / 5)
    constexpr float c2 = -0.809016994374947424f;  // cos(4 pi / 5)
    constexpr float s1 = 0.951056516295153572f;   // sin(2 pi / 5)
    constexpr float s2 = 0.587785252292473129f;   // sin(4 pi / 5)
    V t1 = v[1] + v[4], t2 = v[2] + v[3];
    V t3 = v[1] - v[4], t4 = v[2] - v[3];
    V a1 = v[0] + c1 * t1 + c2 * t2;
    V a2 = v[0] + c2 * t1 + c1 * t2;
    V b1 = times_minus_i(s1 * t3 + s2 * t4);
    V b2 = times_minus_i(s2 * t3 - s1 * t4);
    y[0] = v[0] + t1 + t2;
    y[1] = a1 + b1;  // a1 - i (s1 t3 + s2 t4)
    y[4] = a1 - b1;
    y[2] = a2 + b2;
    y[3] = a2 - b2;
  } else if constexpr (R == 3) {
    constexpr float s = 0.866025403784438647f;  // sin(2 pi / 3)
    V t1 = v[1] + v[2];
    V t2 = v[0] - 0.5f * t1;
    V t3 = times_minus_i(s * (v[1] - v[2]));  // -i sin(2 pi / 3) (v1 - v2)
    y[0] = v[0] + t1;
    y[1] = t2 + t3;
    y[2] = t2 - t3;
  }
}

// A small DFT of any radix (O(R^2)) on twiddled inputs, as butterfly().
template <typename V>
inline void small_dft(int radix, const V* v, const cfloat* roots, V* y) {
  for (int f = 0; f < radix; ++f) {
    V acc = v[0];
    for (int r = 1; r < radix; ++r) acc += cmul(v[r], roots[(r * f) % radix]);
    y[f] = acc;
  }
}

// kFFTLanes lines in split layout, read from src and written to dst.
struct LaneLines {
  using V = Lanes;
  const float* src_re;
  const float* src_im;
  float* dst_re;
  float* dst_im;
  V load(int64_t t) const {
    return {*reinterpret_cast<const LaneVector*>(src_re + t * kFFTLanes),
            *reinterpret_cast<const LaneVector*>(src_im + t * kFFTLanes)};
  }
  void store(int64_t t, V v) const {
    *reinterpret_cast<LaneVector*>(dst_re + t * kFFTLanes) = v.re;
    *reinterpret_cast<LaneVector*>(dst_im + t * kFFTLanes) = v.im;
  }
  LaneLines at(int64_t s, int64_t d) const {
    return {src_re + s * kFFTLanes, src_im + s * kFFTLanes, dst_re + d * kFFTLanes,
            dst_im + d * kFFTLanes};
  }
};

// One Stockham pass of radix R (2, 3, 4, 5 at compile time; 0: any, through
// small_dft) over one line: for butterfly j = q * span + k, inputs
// src[j + r * m], outputs dst[q * span * R + k + r * span]. (Written through
// an accessor like the lane pass below, it ran at half this speed: GCC kept
// the accessor's pointers on the stack.)
template <int R>
void radix_pass(const cfloat* src, cfloat* dst, int64_t n, int radix, int64_t span,
                const cfloat* tw, const cfloat* roots) {
  constexpr int N = R > 0 ? R : kMaxGenericRadix;
  const int rad = R > 0 ? R : radix;
  const int64_t m = n / rad;
  const int64_t groups = m / span;
  for (int64_t q = 0; q < groups; ++q) {
    for (int64_t k = 0; k < span; ++k) {
      const int64_t j = q * span + k;
      cfloat v[N], y[N];
      v[0] = src[j];
      for (int r = 1; r < rad; ++r) v[r] = cmul(src[j + r * m], tw[k * (rad - 1) + (r - 1)]);
      if constexpr (R > 0) {
        butterfly<R>(v, y);
      } else {
        small_dft(rad, v, roots, y);
      }
      cfloat* out = dst + q * span * rad + k;
      for (int f = 0; f < rad; ++f) out[f * span] = y[f];
    }
  }
}

// The same pass over kFFTLanes lines at once.
template <int R>
void radix_pass_lanes(const LaneLines io, int64_t n, int radix, int64_t span, const cfloat* tw,
                      const cfloat* roots) {
  constexpr int N = R > 0 ? R : kMaxGenericRadix;
  const int rad = R > 0 ? R : radix;
  const int64_t m = n / rad;
  const int64_t groups = m / span;
  for (int64_t q = 0; q < groups; ++q) {
    const LaneLines in = io.at(q * span, 0);
    const LaneLines out = io.at(0, q * span * rad);
    for (int64_t k = 0; k < span; ++k) {
      Lanes v[N], y[N];
      v[0] = in.load(k);
      for (int r = 1; r < rad; ++r) v[r] = cmul(in.load(k + r * m), tw[k * (rad - 1) + (r - 1)]);
      if constexpr (R > 0) {
        butterfly<R>(v, y);
      } else {
        small_dft(rad, v, roots, y);
      }
      for (int f = 0; f < rad; ++f) out.store(k + f * span, y[f]);
    }
  }
}

constexpr int L = kFFTLanes;

// Lines times a per-position factor c[t] (cmul's formula), in split layout.
void times_lanes(float* re, float* im, const cfloat* c, int64_t n) {
  for (int64_t t = 0; t < n; ++t) {
    const float cr = c[t].real(), ci = c[t].imag();
    for (int l = 0; l < L; ++l) {
      float ar = re[t * L + l], ai = im[t * L + l];
      re[t * L + l] = ar * cr - ai * ci;
      im[t * L + l] = ar * ci + ai * cr;
    }
  }
}

} // namespace

bool FFTPlan::init_four_step() {
  if (n_ < kFourStepMin || small_radices(n_).empty()) return false;
  // n1 the largest divisor up to sqrt(n); both factors within what lane
  // transforms take.
  int64_t n1 = 1;
  for (int64_t d = 1; d * d <= n_; ++d) {
    if (n_ % d == 0) n1 = d;
  }
  const int64_t n2 = n_ / n1;
  if (n1 < 64 || n2 > kFourStepMin / 4) return false;
  four_step_n1_ = n1;
  four_step_rows_ = fft_plan(n1);
  four_step_columns_ = fft_plan(n2);
  four_step_twiddles_.resize(n_);
  for (int64_t k2 = 0; k2 < n2; ++k2) {
    for (int64_t j1 = 0; j1 < n1; ++j1) four_step_twiddles_[k2 * n1 + j1] = unit_root(j1 * k2, n_);
  }
  return true;
}

FFTPlan::FFTPlan(int64_t n) : n_(n) {
  if (init_four_step()) return;
  std::vector<int> radices = small_radices(n);
  if (!radices.empty() || n == 1) {
    int64_t span = 1;
    for (int radix : radices) {
      Stage st{radix, span, twiddles_.size(), roots_.size()};
      // Twiddle of input r of the butterfly at position k within its span.
      for (int64_t k = 0; k < span; ++k) {
        for (int r = 1; r < radix; ++r) twiddles_.push_back(unit_root(r * k, span * radix));
      }
      if (radix > 5) {
        for (int r = 0; r < radix; ++r) roots_.push_back(unit_root(r, radix));
      }
      stages_.push_back(st);
      span *= radix;
    }
    return;
  }
  // Bluestein: X[k] = c[k] * sum_j (x[j] c[j]) conj(c[k - j]), c[k] = exp(-pi i k^2 / n),
  // a linear convolution computed as a cyclic one of length m >= 2n - 1.
  int64_t m = next_smooth(2 * n - 1);
  padded_ = fft_plan(m);
  chirp_.resize(n);
  for (int64_t k = 0; k < n; ++k) {
    // k^2 mod 2n keeps the angle exact for large k.
    int64_t k2 = static_cast<int64_t>((static_cast<unsigned __int128>(k) * k) % (2 * n));
    chirp_[k] = unit_root(k2, 2 * n);
  }
  filter_.assign(m, cfloat(0.0f, 0.0f));
  filter_[0] = std::conj(chirp_[0]);
  for (int64_t k = 1; k < n; ++k) filter_[k] = filter_[m - k] = std::conj(chirp_[k]);
  std::vector<cfloat> work(padded_->work_size());
  padded_->forward(filter_.data(), work.data());
  const float inv_m = 1.0f / static_cast<float>(m);
  for (auto& f : filter_) f *= inv_m;
}

int64_t FFTPlan::work_size() const {
  return padded_ ? padded_->size() + padded_->work_size() : n_;
}

void FFTPlan::forward(cfloat* data, cfloat* work) const {
  if (four_step_rows_) {
    four_step(data, work);
  } else if (padded_) {
    bluestein(data, work);
  } else {
    stockham(data, work);
  }
}

void FFTPlan::backward(cfloat* data, cfloat* work) const {
  // conj(F(conj(x))) is the unnormalized inverse.
  for (int64_t i = 0; i < n_; ++i) data[i] = std::conj(data[i]);
  forward(data, work);
  for (int64_t i = 0; i < n_; ++i) data[i] = std::conj(data[i]);
}

void FFTPlan::stockham(cfloat* data, cfloat* work) const {
  const cfloat* src = data;
  cfloat* dst = work;
  for (const Stage& st : stages_) {
    const cfloat* tw = twiddles_.data() + st.twiddle_at;
    const cfloat* roots = roots_.data() + st.roots_at;
    switch (st.radix) {
      case 2: radix_pass<2>(src, dst, n_, 2, st.span, tw, roots); break;
      case 3: radix_pass<3>(src, dst, n_, 3, st.span, tw, roots); break;
      case 4: radix_pass<4>(src, dst, n_, 4, st.span, tw, roots); break;
      case 5: radix_pass<5>(src, dst, n_, 5, st.span, tw, roots); break;
      default: radix_pass<0>(src, dst, n_, st.radix, st.span, tw, roots);
    }
    cfloat* next_dst = (dst == work) ? data : work;
    src = dst;
    dst = next_dst;
  }
  if (src != data) std::copy(src, src + n_, data);
}

int64_t FFTPlan::lanes_work_size() const {
  return 2 * L * (padded_ ? padded_->size() : n_) + (padded_ ? padded_->lanes_work_size() : 0);
}

void FFTPlan::forward_lanes(float* re, float* im, float* work) const {
  if (four_step_rows_) {
    // Lanes serve lines of at most kFourStepMin / 4 values (fft.cpp), and
    // Bluestein pads those to fewer than kFourStepMin.
    throw std::logic_error("[fft] Lane transforms of a four-step length.");
  }
  if (padded_) {
    bluestein_lanes(re, im, work);
  } else {
    stockham_lanes(re, im, work);
  }
}

void FFTPlan::backward_lanes(float* re, float* im, float* work) const {
  // conj(F(conj(x))), as backward().
  for (int64_t i = 0; i < n_ * L; ++i) im[i] = -im[i];
  forward_lanes(re, im, work);
  for (int64_t i = 0; i < n_ * L; ++i) im[i] = -im[i];
}

void FFTPlan::stockham_lanes(float* re, float* im, float* work) const {
  float* wre = work;
  float* wim = work + n_ * L;
  LaneLines io{re, im, wre, wim};
  for (const Stage& st : stages_) {
    const cfloat* tw = twiddles_.data() + st.twiddle_at;
    const cfloat* roots = roots_.data() + st.roots_at;
    switch (st.radix) {
      case 2: radix_pass_lanes<2>(io, n_, 2, st.span, tw, roots); break;
      case 3: radix_pass_lanes<3>(io, n_, 3, st.span, tw, roots); break;
      case 4: radix_pass_lanes<4>(io, n_, 4, st.span, tw, roots); break;
      case 5: radix_pass_lanes<5>(io, n_, 5, st.span, tw, roots); break;
      default: radix_pass_lanes<0>(io, n_, st.radix, st.span, tw, roots);
    }
    const bool into_work = io.dst_re == wre;
    io = {io.dst_re, io.dst_im, into_work ? re : wre, into_work ? im : wim};
  }
  if (io.src_re != re) {
    std::copy(wre, wre + n_ * L, re);
    std::copy(wim, wim + n_ * L, im);
  }
}

void FFTPlan::bluestein(cfloat* data, cfloat* work) const {
  const int64_t m = padded_->size();
  cfloat* a = work;
  cfloat* sub_work = work + m;
  for (int64_t k = 0; k < n_; ++k) a[k] = cmul(data[k], chirp_[k]);
  std::fill(a + n_, a + m, cfloat(0.0f, 0.0f));
  padded_->forward(a, sub_work);
  for (int64_t k = 0; k < m; ++k) a[k] = cmul(a[k], filter_[k]);
  padded_->backward(a, sub_work);
  for (int64_t k = 0; k < n_; ++k) data[k] = cmul(a[k], chirp_[k]);
}

void FFTPlan::bluestein_lanes(float* re, float* im, float* work) const {
  const int64_t m = padded_->size();
  float* ar = work;
  float* ai = work + m * L;
  float* sub_work = work + 2 * m * L;
  std::copy(re, re + n_ * L, ar);
  std::copy(im, im + n_ * L, ai);
  times_lanes(ar, ai, chirp_.data(), n_);
  std::fill(ar + n_ * L, ar + m * L, 0.0f);
  std::fill(ai + n_ * L, ai + m * L, 0.0f);
  padded_->forward_lanes(ar, ai, sub_work);
  times_lanes(ar, ai, filter_.data(), m);
  padded_->backward_lanes(ar, ai, sub_work);
  times_lanes(ar, ai, chirp_.data(), n_);
  std::copy(ar, ar + n_ * L, re);
  std::copy(ai, ai + n_ * L, im);
}

std::shared_ptr<const FFTPlan> fft_plan(int64_t n) {
  static std::mutex mutex;
  static std::unordered_map<int64_t, std::shared_ptr<const FFTPlan>> cache;
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = cache.find(n);
    if (it != cache.end()) return it->second;
  }
  // Built outside the lock: a Bluestein plan asks the cache for its padded plan.
  auto plan = std::make_shared<const FFTPlan>(n);
  std::lock_guard<std::mutex> lock(mutex);
  // Plans for many distinct lengths would pile up; start over past a bound.
  if (cache.size() >= 256) cache.clear();
  return cache.emplace(n, std::move(plan)).first->second;
}

} // namespace mxcore::cpu
