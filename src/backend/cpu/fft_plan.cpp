// Stockham mixed-radix FFT and Bluestein's algorithm. Twiddles are computed
// in double precision and rounded once; arithmetic is in float.
#include "backend/cpu/fft_plan.h"

#include <algorithm>
#include <cmath>
#include <mutex>
#include <numbers>
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

// One Stockham pass of radix R (compile-time for 2, 3, 4, 5): for butterfly
// j = q * span + k, inputs src[j + r * m], outputs dst[q * span * R + k + r * span].
template <int R>
void radix_pass(const cfloat* src, cfloat* dst, int64_t n, int64_t span, const cfloat* tw) {
  const int64_t m = n / R;
  const int64_t groups = m / span;
  for (int64_t q = 0; q < groups; ++q) {
    for (int64_t k = 0; k < span; ++k) {
      const int64_t j = q * span + k;
      cfloat v[R];
      v[0] = src[j];
      for (int r = 1; r < R; ++r) v[r] = cmul(src[j + r * m], tw[k * (R - 1) + (r - 1)]);
      cfloat* out = dst + q * span * R + k;
      if constexpr (R == 2) {
        out[0] = v[0] + v[1];
        out[span] = v[0] - v[1];
      } else if constexpr (R == 4) {
        cfloat t0 = v[0] + v[2], t1 = v[0] - v[2];
        cfloat t2 = v[1] + v[3], d = v[1] - v[3];
        cfloat t3{d.imag(), -d.real()};  // -i * d
        out[0] = t0 + t2;
        out[span] = t1 + t3;
        out[2 * span] = t0 - t2;
        out[3 * span] = t1 - t3;
      } else if constexpr (R == 5) {
        constexpr float c1 = 0.309016994374947424f;   // cos(2 pi / 5)
        constexpr float c2 = -0.809016994374947424f;  // cos(4 pi / 5)
        constexpr float s1 = 0.951056516295153572f;   // sin(2 pi / 5)
        constexpr float s2 = 0.587785252292473129f;   // sin(4 pi / 5)
        cfloat t1 = v[1] + v[4], t2 = v[2] + v[3];
        cfloat t3 = v[1] - v[4], t4 = v[2] - v[3];
        cfloat a1 = v[0] + c1 * t1 + c2 * t2;
        cfloat a2 = v[0] + c2 * t1 + c1 * t2;
        cfloat b1 = s1 * t3 + s2 * t4;
        cfloat b2 = s2 * t3 - s1 * t4;
        out[0] = v[0] + t1 + t2;
        out[span] = {a1.real() + b1.imag(), a1.imag() - b1.real()};      // a1 - i b1
        out[4 * span] = {a1.real() - b1.imag(), a1.imag() + b1.real()};  // a1 + i b1
        out[2 * span] = {a2.real() + b2.imag(), a2.imag() - b2.real()};
        out[3 * span] = {a2.real() - b2.imag(), a2.imag() + b2.real()};
      } else if constexpr (R == 3) {
        constexpr float s = 0.866025403784438647f;  // sin(2 pi / 3)
        cfloat t1 = v[1] + v[2];
        cfloat t2 = v[0] - 0.5f * t1;
        cfloat d = v[1] - v[2];
        cfloat t3{s * d.imag(), -s * d.real()};  // -i sin(2 pi / 3) d
        out[0] = v[0] + t1;
        out[span] = t2 + t3;
        out[2 * span] = t2 - t3;
      }
    }
  }
}

// The same pass for any small radix, with an O(R^2) DFT.
void generic_pass(const cfloat* src, cfloat* dst, int64_t n, int radix, int64_t span,
                  const cfloat* tw, const cfloat* roots) {
  const int64_t m = n / radix;
  const int64_t groups = m / span;
  cfloat v[kMaxGenericRadix];
  for (int64_t q = 0; q < groups; ++q) {
    for (int64_t k = 0; k < span; ++k) {
      const int64_t j = q * span + k;
      v[0] = src[j];
      for (int r = 1; r < radix; ++r) {
        v[r] = cmul(src[j + r * m], tw[k * (radix - 1) + (r - 1)]);
      }
      cfloat* out = dst + q * span * radix + k;
      for (int f = 0; f < radix; ++f) {
        cfloat acc = v[0];
        for (int r = 1; r < radix; ++r) acc += cmul(v[r], roots[(r * f) % radix]);
        out[f * span] = acc;
      }
    }
  }
}

} // namespace

FFTPlan::FFTPlan(int64_t n) : n_(n) {
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
  if (padded_) {
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
    switch (st.radix) {
      case 2: radix_pass<2>(src, dst, n_, st.span, tw); break;
      case 3: radix_pass<3>(src, dst, n_, st.span, tw); break;
      case 4: radix_pass<4>(src, dst, n_, st.span, tw); break;
      case 5: radix_pass<5>(src, dst, n_, st.span, tw); break;
      default:
        generic_pass(src, dst, n_, st.radix, st.span, tw, roots_.data() + st.roots_at);
    }
    cfloat* next_dst = (dst == work) ? data : work;
    src = dst;
    dst = next_dst;
  }
  if (src != data) std::copy(src, src + n_, data);
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
