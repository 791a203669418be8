// Python bindings of the transposed convolutions and convolve (conv1d/2d/3d
// and conv_general are bound in ops_numerics.cpp).
#include "convert.h"

using namespace mxcore;

namespace {

// An int (repeated n times) or a sequence of n ints.
std::vector<int> ints(const py::object& obj, int n, const char* op, const char* what) {
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

// Binds conv_transpose{nd}d: stride/padding/dilation/output_padding are ints or nd-tuples.
void def_conv_transpose(py::module_& m, int nd, const char* doc) {
  std::string name = "conv_transpose" + std::to_string(nd) + "d";
  m.def(name.c_str(), [nd, name](const array& input, const array& weight,
                                 const py::object& stride, const py::object& padding,
                                 const py::object& dilation, const py::object& output_padding,
                                 int groups, mxpy::StreamArg s) {
    if (int(input.ndim()) != nd + 2 || int(weight.ndim()) != nd + 2) {
      throw std::invalid_argument("[" + name + "] Input and weight must be " +
                                  std::to_string(nd + 2) + " dimensional.");
    }
    const char* op = name.c_str();
    return conv_transpose_general(input, weight, ints(stride, nd, op, "stride"),
                                  ints(padding, nd, op, "padding"),
                                  ints(dilation, nd, op, "dilation"),
                                  ints(output_padding, nd, op, "output_padding"), groups, s);
  }, py::arg("input"), py::arg("weight"), py::pos_only(), py::arg("stride") = 1,
     py::arg("padding") = 0, py::arg("dilation") = 1, py::arg("output_padding") = 0,
     py::arg("groups") = 1, py::kw_only(), py::arg("stream") = py::none(), doc);
}

} // namespace

void init_ops_conv(py::module_& m) {
  def_conv_transpose(m, 1, "1D transposed convolution over an input with several channels.");
  def_conv_transpose(m, 2, "2D transposed convolution over an input with several channels.");
  def_conv_transpose(m, 3, "3D transposed convolution over an input with several channels.");
  m.def("convolve", [](const array& a, const array& v, const std::string& mode,
                       mxpy::StreamArg s) { return convolve(a, v, mode, s); },
        py::arg("a"), py::arg("v"), py::pos_only(), py::arg("mode") = "full", py::kw_only(),
        py::arg("stream") = py::none(), "The discrete convolution of 1D arrays.");
}
