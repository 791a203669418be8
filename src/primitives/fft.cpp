// FFT primitive rules. The transform is linear, so its jvp applies the same
// transform to the tangent, and its vjp is the adjoint (conjugate transpose)
// transform, with MLX's masks for the halved real spectrum.
#include "primitives/fft.h"

#include "mxcore/ops.h"

namespace mxcore {

Shape FFT::output_shape(Shape shape) const {
  if (real_) {
    int& last = shape[axes_.back()];
    last = inverse_ ? 2 * (last - 1) + (odd_out_ ? 1 : 0) : last / 2 + 1;
  }
  return shape;
}

Dtype FFT::input_dtype() const { return real_ && !inverse_ ? float32 : complex64; }
Dtype FFT::output_dtype() const { return real_ && inverse_ ? float32 : complex64; }

array FFT::make(const array& in, std::vector<int> axes, bool inverse, bool real, bool odd_out,
                Stream s) {
  auto prim = std::make_shared<FFT>(s, std::move(axes), inverse, real, odd_out);
  Shape shape = prim->output_shape(in.shape());
  Dtype dtype = prim->output_dtype();
  return array(std::move(shape), dtype, std::move(prim), {in});
}

std::vector<array> FFT::jvp(const std::vector<array>&, const std::vector<array>& tangents,
                            const std::vector<int>&) {
  return {make(astype(tangents[0], input_dtype(), stream()), axes_, inverse_, real_, odd_out_,
               stream())};
}

namespace {

// Along `axis` of an ndim-dimensional array: `inner` for positions strictly
// between 0 and `last`, `edge` elsewhere (the DC and Nyquist bins of a real
// spectrum of length len appear once, the others twice).
array spectrum_mask(int ndim, int axis, int len, int last, const array& inner,
                    const array& edge, Stream s) {
  Shape shape(ndim, 1);
  shape[axis] = len;
  array idx = reshape(arange(len, s), shape, s);
  array interior = logical_and(greater(idx, array(0), s), less(idx, array(last), s), s);
  return where(interior, inner, edge, s);
}

} // namespace

std::vector<array> FFT::vjp(const std::vector<array>& primals,
                            const std::vector<array>& cotangents, const std::vector<int>&,
                            const std::vector<array>&) {
  const array& in = primals[0];
  const array& cot = cotangents[0];
  const Stream s = stream();
  const int last_axis = axes_.back();
  double n_elements = 1;
  for (int ax : axes_) n_elements *= inverse_ ? cot.shape(ax) : in.shape(ax);

  if (real_ && inverse_) {
    // irfftn: the adjoint is rfftn, with the bins that the forward pass used
    // twice (as themselves and their conjugates) counted twice.
    int len = in.shape(last_axis);
    int last = len - 1 + cot.shape(last_axis) % 2;
    array mask = spectrum_mask(in.ndim(), last_axis, len, last,
                               array(2.0 / n_elements, complex64),
                               array(1.0 / n_elements, complex64), s);
    array spectrum = make(astype(cot, float32, s), axes_, false, true, false, s);
    return {multiply(spectrum, mask, s)};
  }
  if (real_) {
    // rfftn: the adjoint is n * irfftn of the spectrum with the bins that
    // irfftn will use twice halved.
    int len = cot.shape(last_axis);
    bool odd = in.shape(last_axis) % 2;
    int last = len - 1 + (odd ? 1 : 0);
    array mask = spectrum_mask(in.ndim(), last_axis, len, last, array(0.5f, complex64),
                               array(1.0f, complex64), s);
    array signal = make(multiply(astype(cot, complex64, s), mask, s), axes_, true, true, odd, s);
    return {multiply(signal, array(static_cast<float>(n_elements), float32), s)};
  }
  // fftn <-> ifftn: F^H = n F^{-1}.
  float scale = static_cast<float>(inverse_ ? 1.0 / n_elements : n_elements);
  array adjoint = make(astype(cot, complex64, s), axes_, !inverse_, false, false, s);
  return {multiply(adjoint, array(scale, float32), s)};
}

std::pair<std::vector<array>, std::vector<int>> FFT::vmap(const std::vector<array>& inputs,
                                                          const std::vector<int>& axes) {
  int batch = axes[0];
  std::vector<int> fft_axes = axes_;
  if (batch >= 0) {
    for (int& ax : fft_axes) {
      if (ax >= batch) ++ax;
    }
  }
  return {{make(inputs[0], std::move(fft_axes), inverse_, real_, odd_out_, stream())}, {batch}};
}

} // namespace mxcore
