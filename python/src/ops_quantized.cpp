// Python bindings of quantize, dequantize, quantized_matmul, gather_qmm, qqmm
// and gather_qqmm (MLX 0.32 signatures; None group_size / bits take the
// mode's defaults).
#include "bindings.h"
#include "convert.h"
#include "mxcore/quantized.h"

using namespace mxcore;

void init_ops_quantized(py::module_& m) {
  m.def("quantize", [](const array& w, std::optional<int> group_size, std::optional<int> bits,
                       const std::string& mode, const std::optional<array>& global_scale,
                       mxpy::StreamArg s) {
    auto out = quantize(w, group_size, bits, mode, global_scale, s);
    py::tuple t(out.size());
    for (size_t i = 0; i < out.size(); ++i) t[i] = py::cast(out[i]);
    return t;
  }, py::arg("w"), py::pos_only(), py::arg("group_size") = py::none(),
     py::arg("bits") = py::none(), py::arg("mode") = "affine", py::kw_only(),
     py::arg("global_scale") = py::none(), py::arg("stream") = py::none(),
     "Quantize the array w. Returns (w_q, scales, biases) for mode 'affine' and "
     "(w_q, scales) for 'mxfp4', 'mxfp8' and 'nvfp4'.");
  m.def("dequantize", [](const array& w, const array& scales, const std::optional<array>& biases,
                         std::optional<int> group_size, std::optional<int> bits,
                         const std::string& mode, const std::optional<array>& global_scale,
                         std::optional<Dtype> dtype, mxpy::StreamArg s) {
    return dequantize(w, scales, biases, group_size, bits, mode, global_scale, dtype, s);
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
    return gather_qmm(x, w, scales, biases, lhs, rhs, transpose, group_size, bits, mode,
                      global_scale, sorted_indices, s);
  }, py::arg("x"), py::arg("w"), py::pos_only(), py::arg("scales"),
     py::arg("biases") = py::none(), py::arg("lhs_indices") = py::none(),
     py::arg("rhs_indices") = py::none(), py::arg("transpose") = true,
     py::arg("group_size") = py::none(), py::arg("bits") = py::none(),
     py::arg("mode") = "affine", py::arg("global_scale") = py::none(), py::kw_only(),
     py::arg("sorted_indices") = false, py::arg("stream") = py::none(),
     "Quantized matrix multiplication with matrix-level gather (the quantized gather_mm).");
  m.def("qqmm", [](const array& x, const array& w, const std::optional<array>& scales,
                   std::optional<int> group_size, std::optional<int> bits, const std::string& mode,
                   const std::optional<array>& global_scale_x,
                   const std::optional<array>& global_scale_w, mxpy::StreamArg s) {
    return qqmm(x, w, scales, group_size, bits, mode, global_scale_x, global_scale_w, s);
  }, py::arg("x"), py::arg("w"), py::arg("scales") = py::none(),
     py::arg("group_size") = py::none(), py::arg("bits") = py::none(),
     py::arg("mode") = "nvfp4", py::arg("global_scale_x") = py::none(),
     py::arg("global_scale_w") = py::none(), py::kw_only(), py::arg("stream") = py::none(),
     "Matrix multiplication x @ w.T with x quantized on the fly and w quantized (packed uint32 "
     "with scales) or quantized on the fly.");
  m.def("gather_qqmm", [](const array& x, const array& w, const std::optional<array>& scales,
                          const std::optional<array>& lhs, const std::optional<array>& rhs,
                          std::optional<int> group_size, std::optional<int> bits,
                          const std::string& mode, const std::optional<array>& global_scale_x,
                          const std::optional<array>& global_scale_w, bool sorted_indices,
                          mxpy::StreamArg s) {
    return gather_qqmm(x, w, scales, lhs, rhs, group_size, bits, mode, global_scale_x,
                       global_scale_w, sorted_indices, s);
  }, py::arg("x"), py::arg("w"), py::pos_only(), py::arg("scales") = py::none(),
     py::arg("lhs_indices") = py::none(), py::arg("rhs_indices") = py::none(),
     py::arg("group_size") = py::none(), py::arg("bits") = py::none(),
     py::arg("mode") = "nvfp4", py::arg("global_scale_x") = py::none(),
     py::arg("global_scale_w") = py::none(), py::kw_only(), py::arg("sorted_indices") = false,
     py::arg("stream") = py::none(), "Fused qqmm with matrix-level gather.");
}
