// mxcore::fft — MLX's mx.fft: discrete Fourier transforms (complex64 results,
// float32 for the inverse real transforms) and frequency shifts.
// `n` pads with zeros or crops each transformed axis of the input to the
// given size before transforming (for irfft*, the size of the real output).
#pragma once

#include <vector>

#include "mxcore/ops.h"

namespace mxcore::fft {

// Scaling: Backward leaves the forward transform unscaled and divides the
// inverse by n; Ortho scales both by 1/sqrt(n); Forward divides the forward by n.
enum class FFTNorm { Backward, Ortho, Forward };

array fftn(const array& a, const Shape& n, const std::vector<int>& axes,
           FFTNorm norm = FFTNorm::Backward, StreamOrDevice s = {});
array fftn(const array& a, const std::vector<int>& axes, FFTNorm norm = FFTNorm::Backward,
           StreamOrDevice s = {});
array fftn(const array& a, FFTNorm norm = FFTNorm::Backward, StreamOrDevice s = {});

array ifftn(const array& a, const Shape& n, const std::vector<int>& axes,
            FFTNorm norm = FFTNorm::Backward, StreamOrDevice s = {});
array ifftn(const array& a, const std::vector<int>& axes, FFTNorm norm = FFTNorm::Backward,
            StreamOrDevice s = {});
array ifftn(const array& a, FFTNorm norm = FFTNorm::Backward, StreamOrDevice s = {});

array rfftn(const array& a, const Shape& n, const std::vector<int>& axes,
            FFTNorm norm = FFTNorm::Backward, StreamOrDevice s = {});
array rfftn(const array& a, const std::vector<int>& axes, FFTNorm norm = FFTNorm::Backward,
            StreamOrDevice s = {});
array rfftn(const array& a, FFTNorm norm = FFTNorm::Backward, StreamOrDevice s = {});

// Without n, the last axis' output size is 2 * (input size - 1).
array irfftn(const array& a, const Shape& n, const std::vector<int>& axes,
             FFTNorm norm = FFTNorm::Backward, StreamOrDevice s = {});
array irfftn(const array& a, const std::vector<int>& axes, FFTNorm norm = FFTNorm::Backward,
             StreamOrDevice s = {});
array irfftn(const array& a, FFTNorm norm = FFTNorm::Backward, StreamOrDevice s = {});

inline array fft(const array& a, int n, int axis, FFTNorm norm = FFTNorm::Backward,
                 StreamOrDevice s = {}) {
  return fftn(a, {n}, {axis}, norm, s);
}
inline array fft(const array& a, int axis = -1, FFTNorm norm = FFTNorm::Backward,
                 StreamOrDevice s = {}) {
  return fftn(a, {axis}, norm, s);
}
inline array ifft(const array& a, int n, int axis, FFTNorm norm = FFTNorm::Backward,
                  StreamOrDevice s = {}) {
  return ifftn(a, {n}, {axis}, norm, s);
}
inline array ifft(const array& a, int axis = -1, FFTNorm norm = FFTNorm::Backward,
                  StreamOrDevice s = {}) {
  return ifftn(a, {axis}, norm, s);
}
inline array rfft(const array& a, int n, int axis, FFTNorm norm = FFTNorm::Backward,
                  StreamOrDevice s = {}) {
  return rfftn(a, {n}, {axis}, norm, s);
}
inline array rfft(const array& a, int axis = -1, FFTNorm norm = FFTNorm::Backward,
                  StreamOrDevice s = {}) {
  return rfftn(a, {axis}, norm, s);
}
inline array irfft(const array& a, int n, int axis, FFTNorm norm = FFTNorm::Backward,
                   StreamOrDevice s = {}) {
  return irfftn(a, {n}, {axis}, norm, s);
}
inline array irfft(const array& a, int axis = -1, FFTNorm norm = FFTNorm::Backward,
                   StreamOrDevice s = {}) {
  return irfftn(a, {axis}, norm, s);
}

inline array fft2(const array& a, const Shape& n, const std::vector<int>& axes,
                  FFTNorm norm = FFTNorm::Backward, StreamOrDevice s = {}) {
  return fftn(a, n, axes, norm, s);
}
inline array fft2(const array& a, const std::vector<int>& axes = {-2, -1},
                  FFTNorm norm = FFTNorm::Backward, StreamOrDevice s = {}) {
  return fftn(a, axes, norm, s);
}
inline array ifft2(const array& a, const Shape& n, const std::vector<int>& axes,
                   FFTNorm norm = FFTNorm::Backward, StreamOrDevice s = {}) {
  return ifftn(a, n, axes, norm, s);
}
inline array ifft2(const array& a, const std::vector<int>& axes = {-2, -1},
                   FFTNorm norm = FFTNorm::Backward, StreamOrDevice s = {}) {
  return ifftn(a, axes, norm, s);
}
inline array rfft2(const array& a, const Shape& n, const std::vector<int>& axes,
                   FFTNorm norm = FFTNorm::Backward, StreamOrDevice s = {}) {
  return rfftn(a, n, axes, norm, s);
}
inline array rfft2(const array& a, const std::vector<int>& axes = {-2, -1},
                   FFTNorm norm = FFTNorm::Backward, StreamOrDevice s = {}) {
  return rfftn(a, axes, norm, s);
}
inline array irfft2(const array& a, const Shape& n, const std::vector<int>& axes,
                    FFTNorm norm = FFTNorm::Backward, StreamOrDevice s = {}) {
  return irfftn(a, n, axes, norm, s);
}
inline array irfft2(const array& a, const std::vector<int>& axes = {-2, -1},
                    FFTNorm norm = FFTNorm::Backward, StreamOrDevice s = {}) {
  return irfftn(a, axes, norm, s);
}

// Rolls each axis (all axes by default) by size / 2 so that the zero
// frequency is centred; ifftshift undoes it.
array fftshift(const array& a, StreamOrDevice s = {});
array fftshift(const array& a, const std::vector<int>& axes, StreamOrDevice s = {});
array ifftshift(const array& a, StreamOrDevice s = {});
array ifftshift(const array& a, const std::vector<int>& axes, StreamOrDevice s = {});
// The sample frequencies of an n-point fft / rfft with sample spacing d:
// [0, 1, ..., ceil(n/2)-1, -floor(n/2), ..., -1] / (n d) and
// [0, 1, ..., n/2] / (n d), in float32 (NumPy's fftfreq/rfftfreq).
array fftfreq(int n, double d = 1.0, StreamOrDevice s = {});
array rfftfreq(int n, double d = 1.0, StreamOrDevice s = {});

} // namespace mxcore::fft
