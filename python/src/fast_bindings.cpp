// mx.fast: layer_norm, rms_norm, rope and scaled_dot_product_attention.
#include "convert.h"
#include "mxcore/fast.h"

using namespace mxcore;

void init_fast(py::module_& parent) {
  auto m = parent.def_submodule("fast", "Fast implementations of common operations.");
  m.def("layer_norm", [](const array& x, const std::optional<array>& weight,
                         const std::optional<array>& bias, float eps, mxpy::StreamArg s) {
    return fast::layer_norm(x, weight, bias, eps, s);
  }, py::arg("x"), py::arg("weight"), py::arg("bias"), py::arg("eps"), py::kw_only(),
     py::arg("stream") = py::none(), "Layer normalization over the last axis.");
  m.def("rms_norm", [](const array& x, const std::optional<array>& weight, float eps,
                       mxpy::StreamArg s) {
    return fast::rms_norm(x, weight, eps, s);
  }, py::arg("x"), py::arg("weight"), py::arg("eps"), py::kw_only(),
     py::arg("stream") = py::none(), "Root Mean Square normalization over the last axis.");
  // offset: an int, or an array (a scalar or one offset per batch entry).
  m.def("rope", [](const array& a, int dims, bool traditional, std::optional<float> base,
                   float scale, const py::object& offset, const std::optional<array>& freqs,
                   mxpy::StreamArg s) {
    if (py::isinstance<array>(offset)) {
      return fast::rope(a, dims, traditional, base, scale, offset.cast<array>(), freqs, s);
    }
    return fast::rope(a, dims, traditional, base, scale, offset.cast<int>(), freqs, s);
  }, py::arg("a"), py::arg("dims"), py::kw_only(), py::arg("traditional"), py::arg("base"),
     py::arg("scale"), py::arg("offset"), py::arg("freqs") = py::none(),
     py::arg("stream") = py::none(), "Apply rotary positional encoding to the input.");
  m.def("scaled_dot_product_attention", [](const array& q, const array& k, const array& v,
                                           float scale, const py::object& mask,
                                           const std::optional<array>& sinks, bool force_fused,
                                           mxpy::StreamArg s) {
    (void)force_fused; // MLX's switch for its fused GPU kernel; one implementation here
    if (mask.is_none()) return fast::scaled_dot_product_attention(q, k, v, scale, "", {}, sinks, s);
    if (py::isinstance<py::str>(mask)) {
      return fast::scaled_dot_product_attention(q, k, v, scale, mask.cast<std::string>(), {},
                                                sinks, s);
    }
    return fast::scaled_dot_product_attention(q, k, v, scale, "", mxpy::to_array(mask), sinks, s);
  }, py::arg("q"), py::arg("k"), py::arg("v"), py::kw_only(), py::arg("scale"),
     py::arg("mask") = py::none(), py::arg("sinks") = py::none(), py::arg("force_fused") = false,
     py::arg("stream") = py::none(),
     "Scaled dot product attention: softmax(scale * q @ k^T + mask) @ v.");
}
