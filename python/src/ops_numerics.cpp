// Python bindings of the numerics helpers and convolutions.
#include "convert.h"

using namespace mxcore;

namespace {

std::optional<array> optional_bound(const py::object& obj, Dtype hint) {
  if (obj.is_none()) return std::nullopt;
  return mxpy::to_array(obj, hint);
}

// An int (repeated n times) or a sequence of n ints.
std::vector<int> int_or_seq(const py::object& obj, int n, const char* op, const char* what) {
  if (py::isinstance<py::sequence>(obj)) {
    auto v = obj.cast<std::vector<int>>();
    if (int(v.size()) != n) {
      throw std::invalid_argument(std::string("[") + op + "] " + what + " must be an int or a "
                                  "sequence of " + std::to_string(n) + " ints.");
    }
    return v;
  }
  return std::vector<int>(n, obj.cast<int>());
}

} // namespace

void init_ops_numerics(py::module_& m) {
  m.def("clip", [](const py::object& a, const py::object& a_min, const py::object& a_max,
                   mxpy::StreamArg s) {
    array x = mxpy::to_array(a);
    return clip(x, optional_bound(a_min, x.dtype()), optional_bound(a_max, x.dtype()), s);
  }, py::arg("a"), py::pos_only(), py::arg("a_min"), py::arg("a_max"), py::kw_only(),
     py::arg("stream") = py::none(),
     "Clip the values of the array between the given minimum and maximum.");

  m.def("isclose", [](const py::object& a, const py::object& b, double rtol, double atol,
                      bool equal_nan, mxpy::StreamArg s) {
    auto [x, y] = mxpy::to_arrays(a, b);
    return isclose(x, y, rtol, atol, equal_nan, s);
  }, py::arg("a"), py::arg("b"), py::pos_only(), py::arg("rtol") = 1e-5, py::arg("atol") = 1e-8,
     py::kw_only(), py::arg("equal_nan") = false, py::arg("stream") = py::none(),
     "Returns a boolean array where two arrays are element-wise equal within a tolerance.");
  m.def("allclose", [](const py::object& a, const py::object& b, double rtol, double atol,
                       bool equal_nan, mxpy::StreamArg s) {
    auto [x, y] = mxpy::to_arrays(a, b);
    return allclose(x, y, rtol, atol, equal_nan, s);
  }, py::arg("a"), py::arg("b"), py::pos_only(), py::arg("rtol") = 1e-5, py::arg("atol") = 1e-8,
     py::kw_only(), py::arg("equal_nan") = false, py::arg("stream") = py::none(),
     "Approximate comparison of two arrays.");
  m.def("array_equal", [](const py::object& a, const py::object& b, bool equal_nan,
                          mxpy::StreamArg s) {
    auto [x, y] = mxpy::to_arrays(a, b);
    return array_equal(x, y, equal_nan, s);
  }, py::arg("a"), py::arg("b"), py::arg("equal_nan") = false, py::arg("stream") = py::none(),
     "Array equality check.");
  m.def("nan_to_num", [](const py::object& a, float nan, std::optional<float> posinf,
                         std::optional<float> neginf, mxpy::StreamArg s) {
    return nan_to_num(mxpy::to_array(a), nan, posinf, neginf, s);
  }, py::arg("a"), py::arg("nan") = 0.0f, py::arg("posinf") = py::none(),
     py::arg("neginf") = py::none(), py::kw_only(), py::arg("stream") = py::none(),
     "Replace NaN and Inf values with finite numbers.");
  m.def("softmax", [](const py::object& a, const py::object& axis, bool precise,
                      mxpy::StreamArg s) {
    array x = mxpy::to_array(a);
    if (axis.is_none()) return softmax(x, precise, s);
    return softmax(x, mxpy::to_axes(axis), precise, s);
  }, py::arg("a"), py::pos_only(), py::arg("axis") = py::none(), py::kw_only(),
     py::arg("precise") = false, py::arg("stream") = py::none(),
     "Perform the softmax along the given axis.");
  m.def("degrees", [](const py::object& a, mxpy::StreamArg s) {
    return degrees(mxpy::to_array(a), s);
  }, py::arg("a"), py::pos_only(), py::kw_only(), py::arg("stream") = py::none(),
     "Convert angles from radians to degrees.");
  m.def("radians", [](const py::object& a, mxpy::StreamArg s) {
    return radians(mxpy::to_array(a), s);
  }, py::arg("a"), py::pos_only(), py::kw_only(), py::arg("stream") = py::none(),
     "Convert angles from degrees to radians.");

  // ---- convolutions
  m.def("conv1d", [](const array& input, const array& weight, int stride, int padding,
                     int dilation, int groups, mxpy::StreamArg s) {
    return conv1d(input, weight, stride, padding, dilation, groups, s);
  }, py::arg("input"), py::arg("weight"), py::pos_only(), py::arg("stride") = 1,
     py::arg("padding") = 0, py::arg("dilation") = 1, py::arg("groups") = 1, py::kw_only(),
     py::arg("stream") = py::none(), "1D convolution over an input with several channels.");
  m.def("conv2d", [](const array& input, const array& weight, const py::object& stride,
                     const py::object& padding, const py::object& dilation, int groups,
                     mxpy::StreamArg s) {
    auto st = int_or_seq(stride, 2, "conv2d", "stride");
    auto pd = int_or_seq(padding, 2, "conv2d", "padding");
    auto dl = int_or_seq(dilation, 2, "conv2d", "dilation");
    return conv2d(input, weight, {st[0], st[1]}, {pd[0], pd[1]}, {dl[0], dl[1]}, groups, s);
  }, py::arg("input"), py::arg("weight"), py::pos_only(), py::arg("stride") = 1,
     py::arg("padding") = 0, py::arg("dilation") = 1, py::arg("groups") = 1, py::kw_only(),
     py::arg("stream") = py::none(), "2D convolution over an input with several channels.");
  m.def("conv3d", [](const array& input, const array& weight, const py::object& stride,
                     const py::object& padding, const py::object& dilation, int groups,
                     mxpy::StreamArg s) {
    auto st = int_or_seq(stride, 3, "conv3d", "stride");
    auto pd = int_or_seq(padding, 3, "conv3d", "padding");
    auto dl = int_or_seq(dilation, 3, "conv3d", "dilation");
    return conv3d(input, weight, {st[0], st[1], st[2]}, {pd[0], pd[1], pd[2]},
                  {dl[0], dl[1], dl[2]}, groups, s);
  }, py::arg("input"), py::arg("weight"), py::pos_only(), py::arg("stride") = 1,
     py::arg("padding") = 0, py::arg("dilation") = 1, py::arg("groups") = 1, py::kw_only(),
     py::arg("stream") = py::none(), "3D convolution over an input with several channels.");
  m.def("conv_general", [](const array& input, const array& weight, const py::object& stride,
                           const py::object& padding, const py::object& kernel_dilation,
                           const py::object& input_dilation, int groups, bool flip,
                           mxpy::StreamArg s) {
    int nd = std::max(int(input.ndim()) - 2, 1);
    std::vector<int> lo, hi;
    // padding: int, sequence of ints, or a pair (low, high) of sequences.
    if (py::isinstance<py::sequence>(padding) && py::len(padding) == 2 &&
        py::isinstance<py::sequence>(padding[py::int_(0)])) {
      lo = int_or_seq(padding[py::int_(0)], nd, "conv_general", "padding");
      hi = int_or_seq(padding[py::int_(1)], nd, "conv_general", "padding");
    } else {
      lo = hi = int_or_seq(padding, nd, "conv_general", "padding");
    }
    return conv_general(input, weight, int_or_seq(stride, nd, "conv_general", "stride"), lo, hi,
                        int_or_seq(kernel_dilation, nd, "conv_general", "kernel_dilation"),
                        int_or_seq(input_dilation, nd, "conv_general", "input_dilation"),
                        groups, flip, s);
  }, py::arg("input"), py::arg("weight"), py::pos_only(), py::arg("stride") = 1,
     py::arg("padding") = 0, py::arg("kernel_dilation") = 1, py::arg("input_dilation") = 1,
     py::arg("groups") = 1, py::arg("flip") = false, py::kw_only(),
     py::arg("stream") = py::none(), "General convolution over an input with several channels.");

  // quantize / dequantize / quantized_matmul: python/src/ops_quantized.cpp
}
