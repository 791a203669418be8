// mx.fft op builders: argument checks, zero padding / cropping to the
// requested sizes, dtype promotion (inputs become complex64, or float32 for
// rfftn), the FFT primitive, and the norm scaling.
#include "mxcore/errors.h"
#include "mxcore/fft.h"

#include <cmath>
#include <set>
#include <sstream>
#include <stdexcept>

#include "ops/util.h"
#include "primitives/fft.h"

namespace mxcore::fft {

namespace {

// MLX's message format: (a,b,c).
std::string tuple_str(const std::vector<int>& v) {
  std::ostringstream os;
  os << "(";
  for (size_t i = 0; i < v.size(); ++i) os << (i ? "," : "") << v[i];
  os << ")";
  return os.str();
}

[[noreturn]] void invalid_axis(int ndim) {
  throw axis_error("[fftn] Invalid axis received for array with " +
                          std::to_string(ndim) + " dimensions.");
}

// Sizes of the given axes, checked to be in range.
Shape axis_sizes(const array& a, const std::vector<int>& axes) {
  Shape n;
  for (int ax : axes) {
    int axis = ax < 0 ? ax + a.ndim() : ax;
    if (axis < 0 || axis >= a.ndim()) invalid_axis(a.ndim());
    n.push_back(a.shape(axis));
  }
  return n;
}

std::vector<int> all_axes(const array& a) {
  std::vector<int> axes(a.ndim());
  for (int i = 0; i < a.ndim(); ++i) axes[i] = i;
  return axes;
}

array fft_impl(const array& a, Shape n, const std::vector<int>& axes, bool real, bool inverse,
               FFTNorm norm, StreamOrDevice s) {
  if (a.ndim() < 1) {
    throw std::invalid_argument("[fftn] Requires array with at least one dimension.");
  }
  if (n.size() != axes.size()) {
    throw std::invalid_argument("[fftn] Shape and axes have different sizes.");
  }
  if (axes.empty()) return a;

  std::vector<int> valid_axes;
  for (int ax : axes) valid_axes.push_back(ax < 0 ? ax + a.ndim() : ax);
  std::set<int> unique_axes(valid_axes.begin(), valid_axes.end());
  if (unique_axes.size() != axes.size()) {
    throw std::invalid_argument("[fftn] Duplicated axis received " + tuple_str(axes));
  }
  if (*unique_axes.begin() < 0 || *unique_axes.rbegin() >= a.ndim()) invalid_axis(a.ndim());
  for (int size : n) {
    if (size <= 0) {
      throw std::invalid_argument("[fftn] Invalid FFT output size requested " +
                                  tuple_str(std::vector<int>(n.begin(), n.end())));
    }
  }

  // The input sizes: n itself, except for irfftn whose n is the size of the
  // real output and whose input holds n / 2 + 1 frequencies on the last axis.
  Shape in_shape = a.shape();
  for (size_t i = 0; i < valid_axes.size(); ++i) in_shape[valid_axes[i]] = n[i];
  if (real && inverse) in_shape[valid_axes.back()] = n.back() / 2 + 1;

  array in = a;
  Shape stop = a.shape();
  bool crop = false, grow = false;
  std::vector<std::pair<int, int>> pad_width(a.ndim(), {0, 0});
  for (int d = 0; d < a.ndim(); ++d) {
    if (in_shape[d] < a.shape(d)) {
      stop[d] = in_shape[d];
      crop = true;
    } else if (in_shape[d] > a.shape(d)) {
      pad_width[d].second = in_shape[d] - a.shape(d);
      grow = true;
    }
  }
  if (crop) in = slice(in, Shape(a.ndim(), 0), stop, s);
  if (grow) in = pad(in, pad_width, zeros({}, in.dtype(), s), "constant", s);

  Stream stream = to_stream(s);
  bool odd_out = real && inverse && n.back() % 2 == 1;
  Dtype in_type = real && !inverse ? float32 : complex64;
  array out = FFT::make(astype(in, in_type, s), valid_axes, inverse, real, odd_out, stream);

  if (norm == FFTNorm::Backward) return out;
  // The primitive divides inverse transforms by n (backward normalization).
  double n_total = 1;
  for (int size : n) n_total *= size;
  double scale = norm == FFTNorm::Ortho ? std::sqrt(n_total) : n_total;
  if (!inverse) scale = 1.0 / scale;
  return multiply(out, array(static_cast<float>(scale), float32), s);
}

// Default sizes for irfftn: the input sizes, except 2 (m - 1) on the last axis.
Shape irfft_sizes(const array& a, const std::vector<int>& axes) {
  Shape n = axis_sizes(a, axes);
  if (!n.empty()) n.back() = 2 * (n.back() - 1);
  return n;
}

array shift_impl(const array& a, const std::vector<int>& axes, bool inverse, StreamOrDevice s) {
  if (axes.empty()) return a;
  std::vector<int> shifts;
  for (int ax : axes) {
    int axis = ax < 0 ? ax + a.ndim() : ax;
    if (axis < 0 || axis >= a.ndim()) {
      throw axis_error((inverse ? "[ifftshift] Invalid axis " : "[fftshift] Invalid axis ") +
                              std::to_string(ax) + " for array with " +
                              std::to_string(a.ndim()) + " dimensions.");
    }
    int half = a.shape(axis) / 2;
    shifts.push_back(inverse ? -half : half);
  }
  return roll(a, shifts, axes, s);
}

} // namespace

array fftn(const array& a, const Shape& n, const std::vector<int>& axes, FFTNorm norm,
           StreamOrDevice s) {
  return fft_impl(a, n, axes, false, false, norm, s);
}
array fftn(const array& a, const std::vector<int>& axes, FFTNorm norm, StreamOrDevice s) {
  return fft_impl(a, axis_sizes(a, axes), axes, false, false, norm, s);
}
array fftn(const array& a, FFTNorm norm, StreamOrDevice s) {
  return fftn(a, all_axes(a), norm, s);
}

array ifftn(const array& a, const Shape& n, const std::vector<int>& axes, FFTNorm norm,
            StreamOrDevice s) {
  return fft_impl(a, n, axes, false, true, norm, s);
}
array ifftn(const array& a, const std::vector<int>& axes, FFTNorm norm, StreamOrDevice s) {
  return fft_impl(a, axis_sizes(a, axes), axes, false, true, norm, s);
}
array ifftn(const array& a, FFTNorm norm, StreamOrDevice s) {
  return ifftn(a, all_axes(a), norm, s);
}

array rfftn(const array& a, const Shape& n, const std::vector<int>& axes, FFTNorm norm,
            StreamOrDevice s) {
  return fft_impl(a, n, axes, true, false, norm, s);
}
array rfftn(const array& a, const std::vector<int>& axes, FFTNorm norm, StreamOrDevice s) {
  return fft_impl(a, axis_sizes(a, axes), axes, true, false, norm, s);
}
array rfftn(const array& a, FFTNorm norm, StreamOrDevice s) {
  return rfftn(a, all_axes(a), norm, s);
}

array irfftn(const array& a, const Shape& n, const std::vector<int>& axes, FFTNorm norm,
             StreamOrDevice s) {
  return fft_impl(a, n, axes, true, true, norm, s);
}
array irfftn(const array& a, const std::vector<int>& axes, FFTNorm norm, StreamOrDevice s) {
  return fft_impl(a, irfft_sizes(a, axes), axes, true, true, norm, s);
}
array irfftn(const array& a, FFTNorm norm, StreamOrDevice s) {
  return irfftn(a, all_axes(a), norm, s);
}

array fftshift(const array& a, StreamOrDevice s) { return shift_impl(a, all_axes(a), false, s); }
array fftshift(const array& a, const std::vector<int>& axes, StreamOrDevice s) {
  return shift_impl(a, axes, false, s);
}
array ifftshift(const array& a, StreamOrDevice s) { return shift_impl(a, all_axes(a), true, s); }
array ifftshift(const array& a, const std::vector<int>& axes, StreamOrDevice s) {
  return shift_impl(a, axes, true, s);
}

namespace {

void check_frequency_args(const char* op, int n, double d) {
  if (n <= 0) throw std::invalid_argument(std::string("[") + op + "] `n` must be greater than 0.");
  if (d == 0.0) throw std::invalid_argument(std::string("[") + op + "] `d` must be non-zero.");
}

// The scale is computed in double so n * d does not round before the division.
array frequency_scale(int n, double d) {
  return array(static_cast<float>(1.0 / (static_cast<double>(n) * d)), float32);
}

} // namespace

array fftfreq(int n, double d, StreamOrDevice s) {
  check_frequency_args("fftfreq", n, d);
  // Non-negative frequencies first, then the negative ones in increasing order.
  array bins = concatenate({arange(0, (n + 1) / 2, 1, s), arange(-(n / 2), 0, 1, s)}, 0, s);
  return multiply(astype(bins, float32, s), frequency_scale(n, d), s);
}

array rfftfreq(int n, double d, StreamOrDevice s) {
  check_frequency_args("rfftfreq", n, d);
  return multiply(astype(arange(0, n / 2 + 1, 1, s), float32, s), frequency_scale(n, d), s);
}

} // namespace mxcore::fft
