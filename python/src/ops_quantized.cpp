// Python bindings of quantize, dequantize, quantized_matmul and gather_qmm
// (MLX 0.32 signatures; None group_size / bits take the mode's defaults).
#include "bindings.h"
#include "convert.h"
#include "mxcore/quantized.h"

using namespace mxcore;

namespace {

// nvfp4 is the only mode that uses a global scale, and it is not supported.
void reject_global_scale(const std::optional<array>& global_scale, const char* op) {
  if (global_scale) {
    throw std::invalid_argument(std::string("[") + op +
                                "] global_scale is only used by 'nvfp4' quantization, which is "
                                "not supported.");
  }
}

} // namespace

void init_ops_quantized(py::module_& m) {
  m.def("quantize", [](const array& w, std::optional<int> group_size, std::optional<int> bits,
                       const std::string& mode, const std::optional<array>& global_scale,
                       mxpy::StreamArg s) {
    reject_global_scale(global_scale, "quantize");
    auto out = quantize(w, group_size, bits, mode, s);
    py::tuple t(out.size());
    for (size_t i = 0; i < out.size(); ++i) t[i] = py::cast(out[i]);
    return t;
  }, py::arg("w"), py::pos_only(), py::arg("group_size") = py::none(),
     py::arg("bits") = py::none(), py::arg("mode") = "affine", py::kw_only(),
     py::arg("global_scale") = py::none(), py::arg("stream") = py::none(),
     "Quantize the array w. Returns (w_q, scales, biases) for mode 'affine' and "
     "(w_q, scales) for 'mxfp4' and 'mxfp8'.");
  m.def("dequantize", [](const array& w, const array& scales, const std::optional<array>& biases,
                         std::optional<int> group_size, std::optional<int> bits,
                         const std::string& mode, const std::optional<array>& global_scale,
                         std::optional<Dtype> dtype, mxpy::StreamArg s) {
    reject_global_scale(global_scale, "dequantize");
    return dequantize(w, scales, biases, group_size, bits, mode, dtype, s);
  }, py::arg("w"), py::pos_only(), py::arg("scales"), py::arg("biases") = py::none(),
     py::arg("group_size") = py::none(), py::arg("bits") = py::none(),
     py::arg("mode") = "affine", py::arg("global_scale") = py::none(),
     py::arg("dtype") = py::none(), py::kw_only(), py::arg("stream") = py::none(),
     "Dequantize the matrix w using quantization parameters.");
  m.def("quantized_matmul", [](const array& x, const array& w, const array& scales,
                               const std::optional<array>& biases, bool transpose,
                               std::optional<int> group_size, std::optional<int> bits,
                               const std::string& mode, mxpy::StreamArg s) {
    return quantized_matmul(x, w, scales, biases, transpose, group_size, bits, mode, s);
  }, py::arg("x"), py::arg("w"), py::pos_only(), py::arg("scales"),
     py::arg("biases") = py::none(), py::arg("transpose") = true,
     py::arg("group_size") = py::none(), py::arg("bits") = py::none(),
     py::arg("mode") = "affine", py::kw_only(), py::arg("stream") = py::none(),
     "Perform the matrix multiplication with the quantized matrix w.");
  m.def("gather_qmm", [](const array& x, const array& w, const array& scales,
                         const std::optional<array>& biases, const std::optional<array>& lhs,
                         const std::optional<array>& rhs, bool transpose,
                         std::optional<int> group_size, std::optional<int> bits,
                         const std::string& mode, const std::optional<array>& global_scale,
                         bool sorted_indices, mxpy::StreamArg s) {
    reject_global_scale(global_scale, "gather_qmm");
    return gather_qmm(x, w, scales, biases, lhs, rhs, transpose, group_size, bits, mode,
                      sorted_indices, s);
  }, py::arg("x"), py::arg("w"), py::pos_only(), py::arg("scales"),
     py::arg("biases") = py::none(), py::arg("lhs_indices") = py::none(),
     py::arg("rhs_indices") = py::none(), py::arg("transpose") = true,
     py::arg("group_size") = py::none(), py::arg("bits") = py::none(),
     py::arg("mode") = "affine", py::arg("global_scale") = py::none(), py::kw_only(),
     py::arg("sorted_indices") = false, py::arg("stream") = py::none(),
     "Quantized matrix multiplication with matrix-level gather (the quantized gather_mm).");
}
