// Eager FFT: transforms run one axis at a time over row-major buffers (real
// transforms of even length through a half-length complex one). Each pass
// gathers a block of neighbouring lines into a contiguous scratch (the lines
// of a non-last axis are interleaved in memory, so reading a block row by
// row stays cache friendly), transforms each line with a cached 1-D plan,
// and scatters the results back. Blocks run on the thread pool.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <numbers>
#include <stdexcept>
#include <vector>

#include "backend/cpu/copy.h"
#include "backend/cpu/fft_plan.h"
#include "backend/cpu/strided.h"
#include "backend/cpu/thread_pool.h"
#include "primitives/fft.h"

namespace mxcore {

namespace cpu {
namespace {

constexpr int64_t kBlockLines = 16;

// Lines along one axis of a row-major array: line (o, c) with o < outer and
// c < inner starts at o * len * inner + c and steps by inner.
struct AxisLines {
  int64_t outer = 1;
  int64_t inner = 1;

  AxisLines(const Shape& shape, int axis) {
    for (int d = 0; d < axis; ++d) outer *= shape[d];
    for (int d = axis + 1; d < static_cast<int>(shape.size()); ++d) inner *= shape[d];
  }
};

// Calls block(o, c, count, scratch, work) for runs of up to kBlockLines lines
// (o, c), (o, c + 1), ... (fewer for long lines); scratch holds `count` lines
// of `stride` complex values and work the plan's work space.
template <typename Block>
void for_line_blocks(const AxisLines& lines, const FFTPlan& plan, int64_t stride,
                     Block&& block) {
  const int64_t n = plan.size();
  const int64_t total = lines.outer * lines.inner;
  if (total == 0) return;
  // Roughly n log n work per line; split once a chunk has enough of it.
  const int64_t grain = std::max<int64_t>(1, elementwise_grain / (4 * n));
  // Blocks of long lines would need large scratch buffers (and gain nothing).
  const int64_t block_lines = std::clamp<int64_t>((int64_t(1) << 16) / stride, 1, kBlockLines);
  parallel_for(total, grain, [&](int64_t begin, int64_t end) {
    std::vector<cfloat> scratch(block_lines * stride);
    std::vector<cfloat> work(plan.work_size());
    for (int64_t i = begin; i < end;) {
      int64_t o = i / lines.inner, c = i % lines.inner;
      int64_t count = std::min({block_lines, lines.inner - c, end - i});
      block(o, c, count, scratch.data(), work.data());
      i += count;
    }
  });
}

// Complex-to-complex along `axis`, in place; results are multiplied by scale.
void c2c_axis(cfloat* data, const Shape& shape, int axis, bool inverse, float scale) {
  const int64_t n = shape[axis];
  AxisLines lines(shape, axis);
  auto plan = fft_plan(n);
  for_line_blocks(lines, *plan, n, [&](int64_t o, int64_t c, int64_t count, cfloat* scratch,
                                       cfloat* work) {
    cfloat* base = data + o * n * lines.inner + c;
    for (int64_t t = 0; t < n; ++t) {
      for (int64_t b = 0; b < count; ++b) scratch[b * n + t] = base[t * lines.inner + b];
    }
    for (int64_t b = 0; b < count; ++b) {
      inverse ? plan->backward(scratch + b * n, work) : plan->forward(scratch + b * n, work);
    }
    for (int64_t t = 0; t < n; ++t) {
      for (int64_t b = 0; b < count; ++b) base[t * lines.inner + b] = scratch[b * n + t] * scale;
    }
  });
}

// exp(-2 pi i k / n) for k <= n / 2: the twiddles that split the transform
// of an even-length real signal packed as n / 2 complex values.
std::vector<cfloat> half_twiddles(int64_t n) {
  std::vector<cfloat> w(n / 2 + 1);
  for (int64_t k = 0; k <= n / 2; ++k) {
    double angle = -2.0 * std::numbers::pi * static_cast<double>(k) / static_cast<double>(n);
    w[k] = cfloat(static_cast<float>(std::cos(angle)), static_cast<float>(std::sin(angle)));
  }
  return w;
}

inline cfloat times_minus_i(cfloat v) { return {v.imag(), -v.real()}; }
inline cfloat times_i(cfloat v) { return {-v.imag(), v.real()}; }

// An even-length real signal x of n = 2m samples is transformed as the m
// complex values z[j] = x[2j] + i x[2j+1]. With E and O the transforms of
// the even and odd samples (Hermitian, as transforms of real sequences),
// Z = E + i O and X[k] = E[k] + w^k O[k], X[k + m] = E[k] - w^k O[k].

// Z (m values, overwritten) -> X[0..m] (m + 1 values).
void unpack_real_spectrum(cfloat* z, int64_t m, const cfloat* w) {
  cfloat z0 = z[0];
  z[0] = {z0.real() + z0.imag(), 0.0f};
  z[m] = {z0.real() - z0.imag(), 0.0f};
  for (int64_t k = 1; 2 * k <= m; ++k) {
    int64_t r = m - k;
    cfloat a = z[k], b = std::conj(z[r]);
    cfloat e = 0.5f * (a + b);                  // E[k]; E[r] = conj(E[k])
    cfloat od = times_minus_i(0.5f * (a - b));  // O[k]; O[r] = conj(O[k])
    z[k] = e + cmul(w[k], od);
    z[r] = std::conj(e) + cmul(w[r], std::conj(od));
  }
}

// X[0..m] (m + 1 values) -> 2 Z (m values); the imaginary parts of X[0] and
// X[m] are ignored, as a complex-to-real transform does.
void pack_real_spectrum(cfloat* x, int64_t m, const cfloat* w) {
  float x0 = x[0].real(), xm = x[m].real();
  for (int64_t k = 1; 2 * k <= m; ++k) {
    int64_t r = m - k;
    cfloat a = x[k], b = std::conj(x[r]);
    cfloat e = a + b;                            // 2 E[k]
    cfloat od = cmul(a - b, std::conj(w[k]));    // 2 O[k]
    x[k] = e + times_i(od);
    x[r] = std::conj(e) + times_i(std::conj(od));
  }
  x[0] = {x0 + xm, x0 - xm};
}

// Real-to-complex along the last transformed axis: `in` (row-major float,
// length n on axis) to `out` (row-major complex, length n / 2 + 1).
void r2c_axis(const float* in, cfloat* out, const Shape& in_shape, int axis) {
  const int64_t n = in_shape[axis];
  const int64_t half = n / 2 + 1;
  const bool packed = n % 2 == 0;
  const int64_t m = packed ? n / 2 : n;      // complex transform length
  const int64_t stride = std::max(m, half);  // scratch per line
  AxisLines lines(in_shape, axis);
  auto plan = fft_plan(m);
  const std::vector<cfloat> w = packed ? half_twiddles(n) : std::vector<cfloat>{};
  for_line_blocks(lines, *plan, stride, [&](int64_t o, int64_t c, int64_t count,
                                            cfloat* scratch, cfloat* work) {
    const int64_t is = lines.inner;
    const float* src = in + o * n * is + c;
    cfloat* dst = out + o * half * is + c;
    for (int64_t t = 0; t < m; ++t) {
      for (int64_t b = 0; b < count; ++b) {
        scratch[b * stride + t] = packed ? cfloat(src[2 * t * is + b], src[(2 * t + 1) * is + b])
                                         : cfloat(src[t * is + b], 0.0f);
      }
    }
    for (int64_t b = 0; b < count; ++b) {
      plan->forward(scratch + b * stride, work);
      if (packed) unpack_real_spectrum(scratch + b * stride, m, w.data());
    }
    for (int64_t t = 0; t < half; ++t) {
      for (int64_t b = 0; b < count; ++b) dst[t * is + b] = scratch[b * stride + t];
    }
  });
}

// Complex-to-real along the last transformed axis: `in` (row-major complex,
// n / 2 + 1 on axis) holds half of a Hermitian spectrum; `out` (row-major
// float, n on axis) gets its unnormalized inverse transform times scale.
void c2r_axis(const cfloat* in, float* out, const Shape& out_shape, int axis, float scale) {
  const int64_t n = out_shape[axis];
  const int64_t half = n / 2 + 1;
  const bool packed = n % 2 == 0;
  const int64_t m = packed ? n / 2 : n;
  const int64_t stride = std::max(m, half);
  AxisLines lines(out_shape, axis);
  auto plan = fft_plan(m);
  const std::vector<cfloat> w = packed ? half_twiddles(n) : std::vector<cfloat>{};
  for_line_blocks(lines, *plan, stride, [&](int64_t o, int64_t c, int64_t count,
                                            cfloat* scratch, cfloat* work) {
    const int64_t is = lines.inner;
    const cfloat* src = in + o * half * is + c;
    float* dst = out + o * n * is + c;
    for (int64_t t = 0; t < half; ++t) {
      for (int64_t b = 0; b < count; ++b) scratch[b * stride + t] = src[t * is + b];
    }
    for (int64_t b = 0; b < count; ++b) {
      cfloat* line = scratch + b * stride;
      if (packed) {
        pack_real_spectrum(line, m, w.data());
      } else {
        // The full Hermitian spectrum; the imaginary part of the result
        // (from the imaginary part of X[0]) is dropped.
        for (int64_t t = half; t < n; ++t) line[t] = std::conj(line[n - t]);
      }
      plan->backward(line, work);
    }
    for (int64_t t = 0; t < m; ++t) {
      for (int64_t b = 0; b < count; ++b) {
        cfloat v = scratch[b * stride + t] * scale;
        if (packed) {
          dst[2 * t * is + b] = v.real();
          dst[(2 * t + 1) * is + b] = v.imag();
        } else {
          dst[t * is + b] = v.real();
        }
      }
    }
  });
}

// A row-major copy of `a`, or `a` itself when it already is one.
array row_major(const array& a) {
  if (a.flags().row_contiguous) return a;
  array dense(a.shape(), a.dtype(), nullptr, {});
  copy_to_row_major(a, dense);
  return dense;
}

} // namespace
} // namespace cpu

void FFT::eval_cpu(const std::vector<array>& inputs, array& out) {
  const array& in = inputs[0];
  if (in.dtype() != input_dtype()) {
    throw std::runtime_error("[FFT] Unexpected input dtype.");
  }
  if (out.size() == 0) {
    out.set_data(allocator::malloc(out.nbytes()));
    return;
  }

  // 1/n over every transformed axis (the output sizes: for irfftn the input
  // holds only half of the last one), applied once in the last pass.
  double n_total = 1;
  for (int ax : axes_) n_total *= out.shape(ax);
  const float scale = inverse_ ? static_cast<float>(1.0 / n_total) : 1.0f;
  const int last = axes_.back();

  if (!real_) {
    // Complex-to-complex runs in place: on the input's buffer when nothing
    // else uses it.
    if (in.flags().row_contiguous && in.is_donatable()) {
      out.move_shared_buffer(in);
    } else {
      out.set_data(allocator::malloc(out.nbytes()));
      cpu::copy_into(in, out);
    }
    auto* data = out.data<cpu::cfloat>();
    for (size_t i = 0; i < axes_.size(); ++i) {
      bool final_pass = i + 1 == axes_.size();
      cpu::c2c_axis(data, out.shape(), axes_[i], inverse_, final_pass ? scale : 1.0f);
    }
    return;
  }
  out.set_data(allocator::malloc(out.nbytes()));
  if (!inverse_) {
    // rfftn: the real transform along the last axis, then complex ones.
    array dense = cpu::row_major(in);
    cpu::r2c_axis(dense.data<float>(), out.data<cpu::cfloat>(), in.shape(), last);
    for (size_t i = 0; i + 1 < axes_.size(); ++i) {
      cpu::c2c_axis(out.data<cpu::cfloat>(), out.shape(), axes_[i], false, 1.0f);
    }
    return;
  }
  // irfftn: complex inverses along the other axes, then the real one.
  if (in.shape(last) != out.shape(last) / 2 + 1) {
    throw std::runtime_error("[FFT] Input size does not match the real output size.");
  }
  array spectrum(in.shape(), complex64, nullptr, {});
  spectrum.set_data(allocator::malloc(spectrum.nbytes()));
  cpu::copy_into(in, spectrum);
  for (size_t i = 0; i + 1 < axes_.size(); ++i) {
    cpu::c2c_axis(spectrum.data<cpu::cfloat>(), spectrum.shape(), axes_[i], true, 1.0f);
  }
  cpu::c2r_axis(spectrum.data<cpu::cfloat>(), out.data<float>(), out.shape(), last, scale);
}

} // namespace mxcore
