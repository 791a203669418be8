// mx.fft: fft, ifft, fft2, ifft2, fftn, ifftn, rfft, irfft, rfft2, irfft2,
// rfftn, irfftn, fftshift, ifftshift. As in MLX, `stream` may be passed
// positionally here.
#include <deque>
#include <optional>
#include <string>
#include <variant>

#include "convert.h"
#include "mxcore/fft.h"

using namespace mxcore;
using fft::FFTNorm;

namespace {

FFTNorm parse_norm(const std::string& norm, const char* name) {
  if (norm == "backward") return FFTNorm::Backward;
  if (norm == "ortho") return FFTNorm::Ortho;
  if (norm == "forward") return FFTNorm::Forward;
  throw std::invalid_argument(std::string("[") + name +
                              "] Invalid norm. Expected one of {'backward', 'ortho', 'forward'}.");
}

enum class Kind { fftn, ifftn, rfftn, irfftn };

// The n-dimensional forms: s without axes is an error (as in MLX); neither
// means every axis.
array transform_nd(Kind kind, const char* name, const array& a,
                   const std::optional<std::vector<int>>& s,
                   const std::optional<std::vector<int>>& axes, const std::string& norm,
                   StreamOrDevice stream) {
  FFTNorm nrm = parse_norm(norm, name);
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

array transform_1d(Kind kind, const char* name, const array& a, std::optional<int> n, int axis,
                   const std::string& norm, StreamOrDevice stream) {
  FFTNorm nrm = parse_norm(norm, name);
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

const char* kSizeNote1d =
    "\n\n``n`` pads the input with zeros or truncates it along ``axis`` (default: its size);\n"
    "``norm`` is one of \"backward\", \"ortho\", \"forward\".";
const char* kSizeNoteNd =
    "\n\n``s`` pads the input with zeros or truncates it along ``axes`` (``axes`` is required\n"
    "with ``s``); ``norm`` is one of \"backward\", \"ortho\", \"forward\".";

void def_1d(py::module_& m, const char* name, Kind kind, const std::string& summary) {
  static std::deque<std::string> docs;  // stable storage for the char pointers
  docs.push_back(summary + kSizeNote1d);
  m.def(name, [kind, name](const array& a, std::optional<int> n, int axis,
                           const std::string& norm, mxpy::StreamArg s) {
    return transform_1d(kind, name, a, n, axis, norm, s);
  },
        py::arg("a"), py::arg("n") = py::none(), py::arg("axis") = -1,
        py::arg("norm") = "backward", py::arg("stream") = py::none(), docs.back().c_str());
}

void def_nd(py::module_& m, const char* name, Kind kind, bool two_d, const std::string& summary) {
  static std::deque<std::string> docs;  // stable storage for the char pointers
  docs.push_back(summary + kSizeNoteNd);
  const char* doc = docs.back().c_str();
  auto fn = [kind, name](const array& a, const std::optional<std::vector<int>>& s,
                         const std::optional<std::vector<int>>& axes, const std::string& norm,
                         mxpy::StreamArg stream) {
    return transform_nd(kind, name, a, s, axes, norm, stream);
  };
  if (two_d) {
    m.def(name, fn, py::arg("a"), py::arg("s") = py::none(),
          py::arg("axes") = std::vector<int>{-2, -1}, py::arg("norm") = "backward",
          py::arg("stream") = py::none(), doc);
  } else {
    m.def(name, fn, py::arg("a"), py::arg("s") = py::none(), py::arg("axes") = py::none(),
          py::arg("norm") = "backward", py::arg("stream") = py::none(), doc);
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
  def_1d(m, "fft", Kind::fftn, "One dimensional discrete Fourier Transform.");
  def_1d(m, "ifft", Kind::ifftn, "One dimensional inverse discrete Fourier Transform.");
  def_1d(m, "rfft", Kind::rfftn,
         "One dimensional discrete Fourier Transform on a real input (the output has\n"
         "``n // 2 + 1`` frequencies along ``axis``; a complex input's imaginary part is dropped).");
  def_1d(m, "irfft", Kind::irfftn,
         "The inverse of :func:`rfft`: a real output of size ``n`` along ``axis``\n"
         "(default ``2 * (a.shape[axis] - 1)``).");
  def_nd(m, "fft2", Kind::fftn, true, "Two dimensional discrete Fourier Transform.");
  def_nd(m, "ifft2", Kind::ifftn, true, "Two dimensional inverse discrete Fourier Transform.");
  def_nd(m, "rfft2", Kind::rfftn, true,
         "Two dimensional real discrete Fourier Transform (the last axis in ``axes`` is halved).");
  def_nd(m, "irfft2", Kind::irfftn, true, "The inverse of :func:`rfft2`.");
  def_nd(m, "fftn", Kind::fftn, false,
         "n-dimensional discrete Fourier Transform (all axes when ``axes`` is None).");
  def_nd(m, "ifftn", Kind::ifftn, false, "n-dimensional inverse discrete Fourier Transform.");
  def_nd(m, "rfftn", Kind::rfftn, false,
         "n-dimensional real discrete Fourier Transform (the last axis in ``axes`` is halved).");
  def_nd(m, "irfftn", Kind::irfftn, false,
         "The inverse of :func:`rfftn`: the last axis in ``axes`` has size ``s[-1]``\n"
         "(default ``2 * (a.shape[axes[-1]] - 1)``).");
  def_shift(m, "fftshift", false);
  def_shift(m, "ifftshift", true);
  m.def("fftfreq", [](int n, double d, mxpy::StreamArg s) { return fft::fftfreq(n, d, s); },
        py::arg("n"), py::arg("d") = 1.0, py::arg("stream") = py::none(),
        "The sample frequencies of an ``n``-point :func:`fft` with sample spacing ``d``.");
  m.def("rfftfreq", [](int n, double d, mxpy::StreamArg s) { return fft::rfftfreq(n, d, s); },
        py::arg("n"), py::arg("d") = 1.0, py::arg("stream") = py::none(),
        "The non-negative sample frequencies of an ``n``-point :func:`rfft` with spacing ``d``.");
}
