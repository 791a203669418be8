// Eager FFT: transforms run one axis at a time over row-major buffers. Each
// pass gathers a block of neighbouring lines into a contiguous scratch (the
// lines of a non-last axis are interleaved in memory, so reading a block
// row by row stays cache friendly), transforms each line with a cached
// 1-D plan, and scatters the results back. Blocks run on the thread pool.
#include <algorithm>
#include <cstring>
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
// (o, c), (o, c + 1), ...; scratch holds kBlockLines * n complex values and
// work the plan's work space.
template <typename Block>
void for_line_blocks(const AxisLines& lines, const FFTPlan& plan, Block&& block) {
  const int64_t n = plan.size();
  const int64_t total = lines.outer * lines.inner;
  if (total == 0) return;
  // Roughly n log n work per line; split once a chunk has enough of it.
  const int64_t grain = std::max<int64_t>(1, elementwise_grain / (4 * n));
  parallel_for(total, grain, [&](int64_t begin, int64_t end) {
    std::vector<cfloat> scratch(kBlockLines * n);
    std::vector<cfloat> work(plan.work_size());
    for (int64_t i = begin; i < end;) {
      int64_t o = i / lines.inner, c = i % lines.inner;
      int64_t count = std::min({kBlockLines, lines.inner - c, end - i});
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
  for_line_blocks(lines, *plan, [&](int64_t o, int64_t c, int64_t count, cfloat* scratch,
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

// Real-to-complex along the last transformed axis: `in` (row-major float,
// length n on axis) to `out` (row-major complex, length n / 2 + 1).
void r2c_axis(const float* in, cfloat* out, const Shape& in_shape, int axis) {
  const int64_t n = in_shape[axis];
  const int64_t half = n / 2 + 1;
  AxisLines lines(in_shape, axis);
  auto plan = fft_plan(n);
  for_line_blocks(lines, *plan, [&](int64_t o, int64_t c, int64_t count, cfloat* scratch,
                                    cfloat* work) {
    const float* src = in + o * n * lines.inner + c;
    cfloat* dst = out + o * half * lines.inner + c;
    for (int64_t t = 0; t < n; ++t) {
      for (int64_t b = 0; b < count; ++b) scratch[b * n + t] = cfloat(src[t * lines.inner + b], 0);
    }
    for (int64_t b = 0; b < count; ++b) plan->forward(scratch + b * n, work);
    for (int64_t t = 0; t < half; ++t) {
      for (int64_t b = 0; b < count; ++b) dst[t * lines.inner + b] = scratch[b * n + t];
    }
  });
}

// Complex-to-real along the last transformed axis: `in` (row-major complex,
// n / 2 + 1 on axis) holds half of a Hermitian spectrum; `out` (row-major
// float, n on axis) gets the real part of its inverse transform times scale.
void c2r_axis(const cfloat* in, float* out, const Shape& out_shape, int axis, float scale) {
  const int64_t n = out_shape[axis];
  const int64_t half = n / 2 + 1;
  AxisLines lines(out_shape, axis);
  auto plan = fft_plan(n);
  for_line_blocks(lines, *plan, [&](int64_t o, int64_t c, int64_t count, cfloat* scratch,
                                    cfloat* work) {
    const cfloat* src = in + o * half * lines.inner + c;
    float* dst = out + o * n * lines.inner + c;
    for (int64_t t = 0; t < half; ++t) {
      for (int64_t b = 0; b < count; ++b) scratch[b * n + t] = src[t * lines.inner + b];
    }
    for (int64_t b = 0; b < count; ++b) {
      cfloat* line = scratch + b * n;
      for (int64_t t = half; t < n; ++t) line[t] = std::conj(line[n - t]);
      plan->backward(line, work);
    }
    for (int64_t t = 0; t < n; ++t) {
      for (int64_t b = 0; b < count; ++b) {
        dst[t * lines.inner + b] = scratch[b * n + t].real() * scale;
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
  out.set_data(allocator::malloc(out.nbytes()));
  if (out.size() == 0) return;

  // 1/n over every transformed axis (the output sizes: for irfftn the input
  // holds only half of the last one), applied once in the last pass.
  double n_total = 1;
  for (int ax : axes_) n_total *= out.shape(ax);
  const float scale = inverse_ ? static_cast<float>(1.0 / n_total) : 1.0f;
  const int last = axes_.back();

  if (!real_) {
    cpu::copy_into(in, out);
    auto* data = out.data<cpu::cfloat>();
    for (size_t i = 0; i < axes_.size(); ++i) {
      bool final_pass = i + 1 == axes_.size();
      cpu::c2c_axis(data, out.shape(), axes_[i], inverse_, final_pass ? scale : 1.0f);
    }
    return;
  }
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
