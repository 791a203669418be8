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
#include "backend/cpu/fft_lanes.h"
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
// of `stride` complex values (none for stride 0: lines transformed where they
// lie) and work the plan's work space.
template <typename Block>
void for_line_blocks(const AxisLines& lines, const FFTPlan& plan, int64_t stride,
                     Block&& block) {
  const int64_t n = plan.size();
  const int64_t total = lines.outer * lines.inner;
  if (total == 0) return;
  // Roughly n log n work per line; split once a chunk has enough of it.
  const int64_t grain = std::max<int64_t>(1, elementwise_grain / (4 * n));
  // Blocks of long lines would need large scratch buffers (and gain nothing).
  const int64_t block_lines =
      stride > 0 ? std::clamp<int64_t>((int64_t(1) << 16) / stride, 1, kBlockLines) : 1;
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

constexpr int64_t L = kFFTLanes;

// Whether lines of transform length n go kFFTLanes at a time through the
// plan's lane transforms: enough lines to fill most lanes, and lines short
// enough that their split copies stay in L2.
bool use_lanes(const AxisLines& lines, int64_t n) {
  return lines.outer * lines.inner >= L / 2 && n <= kFourStepMin / 4;
}

// Calls group(line0, count, re, im, work) for groups of up to kFFTLanes
// consecutive lines line0, line0 + 1, ... (line i = (i / inner, i % inner));
// re and im hold `stride` values of each lane in split layout (value t of
// lane l at [t * L + l], unused lanes zero), work the plan's lane work space.
template <typename Group>
void for_line_groups(const AxisLines& lines, const FFTPlan& plan, int64_t stride,
                     Group&& group) {
  const int64_t total = lines.outer * lines.inner;
  const int64_t groups = (total + L - 1) / L;
  const int64_t grain = std::max<int64_t>(1, elementwise_grain / (4 * plan.size() * L));
  parallel_for(groups, grain, [&](int64_t begin, int64_t end) {
    std::vector<float> re(stride * L), im(stride * L), work(plan.lanes_work_size());
    for (int64_t g = begin; g < end; ++g) {
      const int64_t count = std::min(L, total - g * L);
      if (count < L) {
        std::fill(re.begin(), re.end(), 0.0f);
        std::fill(im.begin(), im.end(), 0.0f);
      }
      group(g * L, count, re.data(), im.data(), work.data());
    }
  });
}

// Offset of line i's first value in a row-major buffer of `len` along the axis.
inline int64_t line_offset(const AxisLines& lines, int64_t len, int64_t i) {
  return (i / lines.inner) * len * lines.inner + i % lines.inner;
}

// Where lines line0 .. line0 + count - 1 start in a buffer of from_len along
// the axis and in one of to_len.
inline void line_offsets(const AxisLines& lines, int64_t line0, int64_t count, int64_t from_len,
                         int64_t to_len, int64_t* from, int64_t* to) {
  for (int64_t l = 0; l < count; ++l) {
    from[l] = line_offset(lines, from_len, line0 + l);
    to[l] = line_offset(lines, to_len, line0 + l);
  }
}

// Complex-to-complex along `axis` from src into data (src may be data);
// results are multiplied by scale.
void c2c_axis(const cfloat* src, cfloat* data, const Shape& shape, int axis, bool inverse,
              float scale) {
  const int64_t n = shape[axis];
  AxisLines lines(shape, axis);
  auto plan = fft_plan(n);
  if (use_lanes(lines, n)) {
    const int64_t is = lines.inner;
    for_line_groups(lines, *plan, n, [&](int64_t line0, int64_t count, float* re, float* im,
                                         float* work) {
      int64_t off[L];
      for (int64_t l = 0; l < count; ++l) off[l] = line_offset(lines, n, line0 + l);
      // Eight whole rows: four values of each at a time through a transpose.
      const bool rows = is == 1 && count == L;
      const int64_t t4 = rows ? n / 4 * 4 : 0;
      for (int64_t t = 0; t < t4; t += 4) rows_to_lanes(src + off[0], n, t, re, im);
      for (int64_t t = t4; t < n; ++t) {
        for (int64_t l = 0; l < count; ++l) {
          cfloat v = src[off[l] + t * is];
          re[t * L + l] = v.real(), im[t * L + l] = v.imag();
        }
      }
      inverse ? plan->backward_lanes(re, im, work) : plan->forward_lanes(re, im, work);
      for (int64_t t = 0; t < t4; t += 4) lanes_to_rows(re, im, t, scale, data + off[0], n);
      for (int64_t t = t4; t < n; ++t) {
        for (int64_t l = 0; l < count; ++l) {
          data[off[l] + t * is] = cfloat(re[t * L + l], im[t * L + l]) * scale;
        }
      }
    });
    return;
  }
  if (lines.inner == 1) {
    // Rows: each transformed where it lies (no scratch: a 2^20-point line
    // had zeroed 8 MB of it every call).
    for_line_blocks(lines, *plan, 0, [&](int64_t o, int64_t, int64_t, cfloat*, cfloat* work) {
      cfloat* row = data + o * n;
      if (src != data) std::copy(src + o * n, src + (o + 1) * n, row);
      inverse ? plan->backward(row, work) : plan->forward(row, work);
      if (scale != 1.0f) {
        for (int64_t t = 0; t < n; ++t) row[t] *= scale;
      }
    });
    return;
  }
  for_line_blocks(lines, *plan, n, [&](int64_t o, int64_t c, int64_t count, cfloat* scratch,
                                       cfloat* work) {
    const cfloat* from = src + o * n * lines.inner + c;
    cfloat* base = data + o * n * lines.inner + c;
    for (int64_t t = 0; t < n; ++t) {
      for (int64_t b = 0; b < count; ++b) scratch[b * n + t] = from[t * lines.inner + b];
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

// unpack_real_spectrum on kFFTLanes lines in split layout.
void unpack_real_spectrum_lanes(float* zr, float* zi, int64_t m, const cfloat* w) {
  for (int64_t l = 0; l < L; ++l) {
    float z0r = zr[l], z0i = zi[l];
    zr[l] = z0r + z0i, zi[l] = 0.0f;
    zr[m * L + l] = z0r - z0i, zi[m * L + l] = 0.0f;
  }
  for (int64_t k = 1; 2 * k <= m; ++k) {
    const int64_t r = m - k;
    const float wkr = w[k].real(), wki = w[k].imag(), wrr = w[r].real(), wri = w[r].imag();
    for (int64_t l = 0; l < L; ++l) {
      float ar = zr[k * L + l], ai = zi[k * L + l];
      float br = zr[r * L + l], bi = -zi[r * L + l];
      float er = 0.5f * (ar + br), ei = 0.5f * (ai + bi);
      float hr = 0.5f * (ar - br), hi = 0.5f * (ai - bi);
      float odr = hi, odi = -hr;  // times_minus_i
      zr[k * L + l] = er + (wkr * odr - wki * odi);
      zi[k * L + l] = ei + (wkr * odi + wki * odr);
      float cor = odr, coi = -odi;  // conj(od)
      zr[r * L + l] = er + (wrr * cor - wri * coi);
      zi[r * L + l] = -ei + (wrr * coi + wri * cor);
    }
  }
}

// pack_real_spectrum on kFFTLanes lines in split layout.
void pack_real_spectrum_lanes(float* xr, float* xi, int64_t m, const cfloat* w) {
  float x0[L], xm[L];
  for (int64_t l = 0; l < L; ++l) x0[l] = xr[l], xm[l] = xr[m * L + l];
  for (int64_t k = 1; 2 * k <= m; ++k) {
    const int64_t r = m - k;
    const float cwr = w[k].real(), cwi = -w[k].imag();  // conj(w[k])
    for (int64_t l = 0; l < L; ++l) {
      float ar = xr[k * L + l], ai = xi[k * L + l];
      float br = xr[r * L + l], bi = -xi[r * L + l];
      float er = ar + br, ei = ai + bi;
      float dr = ar - br, di = ai - bi;
      float odr = dr * cwr - di * cwi, odi = dr * cwi + di * cwr;
      xr[k * L + l] = er + -odi, xi[k * L + l] = ei + odr;  // e + i od
      xr[r * L + l] = er + odi, xi[r * L + l] = -ei + odr;  // conj(e) + i conj(od)
    }
  }
  for (int64_t l = 0; l < L; ++l) xr[l] = x0[l] + xm[l], xi[l] = x0[l] - xm[l];
}

// A real transform of n values along `axis` of a real shape: n / 2 + 1
// complex values on the complex side, computed through a complex transform
// of m = n / 2 packed values (n even, w its twiddles) or of n (n odd).
struct RealLines {
  int64_t n, half;
  bool packed;
  int64_t m, stride;  // complex transform length; scratch values per line
  AxisLines lines;
  std::shared_ptr<const FFTPlan> plan;
  std::vector<cfloat> w;

  RealLines(const Shape& real_shape, int axis)
      : n(real_shape[axis]),
        half(n / 2 + 1),
        packed(n % 2 == 0),
        m(packed ? n / 2 : n),
        stride(std::max(m, half)),
        lines(real_shape, axis),
        plan(fft_plan(m)),
        w(packed ? half_twiddles(n) : std::vector<cfloat>{}) {}
};

// Real-to-complex along the last transformed axis: `in` (row-major float,
// length n on axis) to `out` (row-major complex, length n / 2 + 1).
void r2c_axis(const float* in, cfloat* out, const Shape& in_shape, int axis) {
  const RealLines r(in_shape, axis);
  const int64_t n = r.n, half = r.half, m = r.m, stride = r.stride;
  const bool packed = r.packed;
  const AxisLines& lines = r.lines;
  const auto& plan = r.plan;
  const std::vector<cfloat>& w = r.w;
  if (use_lanes(lines, m)) {
    const int64_t is = lines.inner;
    for_line_groups(lines, *plan, stride, [&](int64_t line0, int64_t count, float* re,
                                              float* im, float* work) {
      int64_t from[L], to[L];
      line_offsets(lines, line0, count, n, half, from, to);
      // Eight whole rows: a real row of even length reads as complex pairs.
      const bool rows = is == 1 && count == L;
      const int64_t t4 = rows && packed ? m / 4 * 4 : 0;
      const auto* pairs = reinterpret_cast<const cfloat*>(in + from[0]);
      for (int64_t t = 0; t < t4; t += 4) rows_to_lanes(pairs, m, t, re, im);
      for (int64_t t = t4; t < m; ++t) {
        for (int64_t l = 0; l < count; ++l) {
          re[t * L + l] = packed ? in[from[l] + 2 * t * is] : in[from[l] + t * is];
          im[t * L + l] = packed ? in[from[l] + (2 * t + 1) * is] : 0.0f;
        }
      }
      plan->forward_lanes(re, im, work);
      if (packed) unpack_real_spectrum_lanes(re, im, m, w.data());
      const int64_t h4 = rows ? half / 4 * 4 : 0;
      for (int64_t t = 0; t < h4; t += 4) lanes_to_rows(re, im, t, 1.0f, out + to[0], half);
      for (int64_t t = h4; t < half; ++t) {
        for (int64_t l = 0; l < count; ++l) {
          out[to[l] + t * is] = cfloat(re[t * L + l], im[t * L + l]);
        }
      }
    });
    return;
  }
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
  const RealLines r(out_shape, axis);
  const int64_t n = r.n, half = r.half, m = r.m, stride = r.stride;
  const bool packed = r.packed;
  const AxisLines& lines = r.lines;
  const auto& plan = r.plan;
  const std::vector<cfloat>& w = r.w;
  if (use_lanes(lines, m)) {
    const int64_t is = lines.inner;
    for_line_groups(lines, *plan, stride, [&](int64_t line0, int64_t count, float* re,
                                              float* im, float* work) {
      int64_t from[L], to[L];
      line_offsets(lines, line0, count, half, n, from, to);
      const bool rows = is == 1 && count == L;
      const int64_t h4 = rows ? half / 4 * 4 : 0;
      for (int64_t t = 0; t < h4; t += 4) rows_to_lanes(in + from[0], half, t, re, im);
      for (int64_t t = h4; t < half; ++t) {
        for (int64_t l = 0; l < count; ++l) {
          cfloat v = in[from[l] + t * is];
          re[t * L + l] = v.real(), im[t * L + l] = v.imag();
        }
      }
      if (packed) {
        pack_real_spectrum_lanes(re, im, m, w.data());
      } else {
        for (int64_t t = half; t < n; ++t) {
          for (int64_t l = 0; l < L; ++l) {
            re[t * L + l] = re[(n - t) * L + l], im[t * L + l] = -im[(n - t) * L + l];
          }
        }
      }
      plan->backward_lanes(re, im, work);
      // Eight whole rows of even length: the real pairs as complex values.
      const int64_t t4 = rows && packed ? m / 4 * 4 : 0;
      for (int64_t t = 0; t < t4; t += 4) {
        lanes_to_rows(re, im, t, scale, reinterpret_cast<cfloat*>(out + to[0]), m);
      }
      for (int64_t t = t4; t < m; ++t) {
        for (int64_t l = 0; l < count; ++l) {
          if (packed) {
            out[to[l] + 2 * t * is] = re[t * L + l] * scale;
            out[to[l] + (2 * t + 1) * is] = im[t * L + l] * scale;
          } else {
            out[to[l] + t * is] = re[t * L + l] * scale;
          }
        }
      }
    });
    return;
  }
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
    // Complex-to-complex runs in place after its first pass: on the input's
    // buffer when nothing else uses it; else the first pass reads a
    // row-major input where it is.
    const cpu::cfloat* src = nullptr;
    if (in.flags().row_contiguous && in.is_donatable()) {
      out.move_shared_buffer(in);
    } else {
      out.set_data(allocator::malloc(out.nbytes()));
      if (in.flags().row_contiguous) {
        src = in.data<cpu::cfloat>();
      } else {
        cpu::copy_into(in, out);
      }
    }
    auto* data = out.data<cpu::cfloat>();
    for (size_t i = 0; i < axes_.size(); ++i) {
      bool final_pass = i + 1 == axes_.size();
      cpu::c2c_axis(i == 0 && src ? src : data, data, out.shape(), axes_[i], inverse_,
                    final_pass ? scale : 1.0f);
    }
    return;
  }
  out.set_data(allocator::malloc(out.nbytes()));
  if (!inverse_) {
    // rfftn: the real transform along the last axis, then complex ones.
    array dense = cpu::row_major(in);
    cpu::r2c_axis(dense.data<float>(), out.data<cpu::cfloat>(), in.shape(), last);
    for (size_t i = 0; i + 1 < axes_.size(); ++i) {
      cpu::c2c_axis(out.data<cpu::cfloat>(), out.data<cpu::cfloat>(), out.shape(), axes_[i], false,
                    1.0f);
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
    cpu::c2c_axis(spectrum.data<cpu::cfloat>(), spectrum.data<cpu::cfloat>(), spectrum.shape(),
                  axes_[i], true, 1.0f);
  }
  cpu::c2r_axis(spectrum.data<cpu::cfloat>(), out.data<float>(), out.shape(), last, scale);
}

} // namespace mxcore
