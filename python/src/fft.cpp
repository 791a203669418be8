// mx.fft: fft, ifft, fft2, ifft2, fftn, ifftn, rfft, irfft, rfft2, irfft2,
// rfftn, irfftn, fftshift, ifftshift. As in MLX, `stream` may be passed
// positionally here.
#include <optional>
#include <string>
#include <variant>

#include "convert.h"
#include "mxcore/fft.h"

using namespace mxcore;
using fft::FFTNorm;

namespace {

FFTNorm parse_norm(const std::string& norm) {
  if (norm == "backward") return FFTNorm::Backward;
  if (norm == "ortho") return FFTNorm::Ortho;
  if (norm == "forward") return FFTNorm::Forward;
  throw std::invalid_argument(
      "[fft] Invalid norm. Expected one of {'backward', 'ortho', 'forward'}.");
}

enum class Kind { fftn, ifftn, rfftn, irfftn };

// The n-dimensional forms: s without axes is an error (as in MLX); neither
// means every axis.
array transform_nd(Kind kind, const char* name, const array& a,
                   const std::optional<std::vector<int>>& s,
                   const std::optional<std::vector<int>>& axes, const std::string& norm,
                   StreamOrDevice stream) {
  FFTNorm nrm = parse_norm(norm);
  if (s && !axes) {
    throw std::invalid_argument(std::string("[") + name +
                                "] `axes` should not be `None` if `s` is not `None`.");
  }
  if (s) {
    Shape n(s->begin(), s->end());
    switch (kind) {
      case Kind::fftn: return fft::fftn(a, n, *axes, nrm, stream);
      case Kind::ifftn: return fft::ifftn(a, n, *axes, nrm, stream);
      case Kind::rfftn: return fft::rfftn(a, n, *axes, nrm, stream);
      default: return fft::irfftn(a, n, *axes, nrm, stream);
    }
  }
  if (axes) {
    switch (kind) {
      case Kind::fftn: return fft::fftn(a, *axes, nrm, stream);
      case Kind::ifftn: return fft::ifftn(a, *axes, nrm, stream);
      case Kind::rfftn: return fft::rfftn(a, *axes, nrm, stream);
      default: return fft::irfftn(a, *axes, nrm, stream);
    }
  }
  switch (kind) {
    case Kind::fftn: return fft::fftn(a, nrm, stream);
    case Kind::ifftn: return fft::ifftn(a, nrm, stream);
    case Kind::rfftn: return fft::rfftn(a, nrm, stream);
    default: return fft::irfftn(a, nrm, stream);
  }
}

array transform_1d(Kind kind, const array& a, std::optional<int> n, int axis,
                   const std::string& norm, StreamOrDevice stream) {
  FFTNorm nrm = parse_norm(norm);
  if (n) {
    switch (kind) {
      case Kind::fftn: return fft::fft(a, *n, axis, nrm, stream);
      case Kind::ifftn: return fft::ifft(a, *n, axis, nrm, stream);
      case Kind::rfftn: return fft::rfft(a, *n, axis, nrm, stream);
      default: return fft::irfft(a, *n, axis, nrm, stream);
    }
  }
  switch (kind) {
    case Kind::fftn: return fft::fft(a, axis, nrm, stream);
    case Kind::ifftn: return fft::ifft(a, axis, nrm, stream);
    case Kind::rfftn: return fft::rfft(a, axis, nrm, stream);
    default: return fft::irfft(a, axis, nrm, stream);
  }
}

const char* kDoc1d =
    "One dimensional discrete Fourier transform (or its inverse / real form) along ``axis``.\n"
    "``n`` pads with zeros or truncates the input along ``axis`` (for irfft: the output size).";
const char* kDocNd =
    "Discrete Fourier transform (or its inverse / real form) over ``axes``.\n"
    "``s`` gives the sizes of the transformed axes: the input is padded with zeros or\n"
    "truncated to them (for irfft forms: the output sizes).";

void def_1d(py::module_& m, const char* name, Kind kind) {
  m.def(name, [kind](const array& a, std::optional<int> n, int axis, const std::string& norm,
                     mxpy::StreamArg s) { return transform_1d(kind, a, n, axis, norm, s); },
        py::arg("a"), py::arg("n") = py::none(), py::arg("axis") = -1,
        py::arg("norm") = "backward", py::arg("stream") = py::none(), kDoc1d);
}

void def_nd(py::module_& m, const char* name, Kind kind, bool two_d) {
  auto fn = [kind, name](const array& a, const std::optional<std::vector<int>>& s,
                         const std::optional<std::vector<int>>& axes, const std::string& norm,
                         mxpy::StreamArg stream) {
    return transform_nd(kind, name, a, s, axes, norm, stream);
  };
  if (two_d) {
    m.def(name, fn, py::arg("a"), py::arg("s") = py::none(),
          py::arg("axes") = std::vector<int>{-2, -1}, py::arg("norm") = "backward",
          py::arg("stream") = py::none(), kDocNd);
  } else {
    m.def(name, fn, py::arg("a"), py::arg("s") = py::none(), py::arg("axes") = py::none(),
          py::arg("norm") = "backward", py::arg("stream") = py::none(), kDocNd);
  }
}

void def_shift(py::module_& m, const char* name, bool inverse) {
  m.def(name, [inverse](const array& a,
                        const std::optional<std::variant<int, std::vector<int>>>& axes,
                        mxpy::StreamArg s) {
    if (!axes) return inverse ? fft::ifftshift(a, s) : fft::fftshift(a, s);
    std::vector<int> ax = std::holds_alternative<int>(*axes)
                              ? std::vector<int>{std::get<int>(*axes)}
                              : std::get<std::vector<int>>(*axes);
    return inverse ? fft::ifftshift(a, ax, s) : fft::fftshift(a, ax, s);
  }, py::arg("a"), py::arg("axes") = py::none(), py::arg("stream") = py::none(),
     inverse ? "The inverse of :func:`fftshift`."
             : "Shift the zero-frequency component to the center of the spectrum.\n"
               "``axes``: an int or a sequence of ints; ``None`` shifts all axes.");
}

} // namespace

void init_fft(py::module_& parent) {
  auto m = parent.def_submodule("fft", "mxcore.fft: discrete Fourier transforms.");
  def_1d(m, "fft", Kind::fftn);
  def_1d(m, "ifft", Kind::ifftn);
  def_1d(m, "rfft", Kind::rfftn);
  def_1d(m, "irfft", Kind::irfftn);
  def_nd(m, "fft2", Kind::fftn, true);
  def_nd(m, "ifft2", Kind::ifftn, true);
  def_nd(m, "rfft2", Kind::rfftn, true);
  def_nd(m, "irfft2", Kind::irfftn, true);
  def_nd(m, "fftn", Kind::fftn, false);
  def_nd(m, "ifftn", Kind::ifftn, false);
  def_nd(m, "rfftn", Kind::rfftn, false);
  def_nd(m, "irfftn", Kind::irfftn, false);
  def_shift(m, "fftshift", false);
  def_shift(m, "ifftshift", true);
}
