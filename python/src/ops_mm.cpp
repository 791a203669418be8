// Python bindings of gather_mm, block_masked_mm and segmented_mm; also calls
// the init functions of the quantized products and linalg.det / slogdet.
#include "bindings.h"
#include "convert.h"
#include "mxcore/gather_mm.h"

using namespace mxcore;

void init_ops_quantized(py::module_& m); // python/src/ops_quantized.cpp
void init_linalg_det(py::module_& m);    // python/src/ops_linalg_det.cpp

void init_ops_mm(py::module_& m) {
  init_ops_quantized(m);
  init_linalg_det(m);
  m.def("gather_mm", [](const array& a, const array& b, const std::optional<array>& lhs,
                        const std::optional<array>& rhs, bool sorted, mxpy::StreamArg s) {
    return gather_mm(a, b, lhs, rhs, sorted, s);
  }, py::arg("a"), py::arg("b"), py::pos_only(), py::arg("lhs_indices") = py::none(),
     py::arg("rhs_indices") = py::none(), py::kw_only(), py::arg("sorted_indices") = false,
     py::arg("stream") = py::none(),
     "Matrix multiplication with matrix-level gather: a and b gathered along their "
     "flattened batch dims by lhs_indices and rhs_indices, then multiplied.");
  m.def("block_masked_mm", [](const array& a, const array& b, int block_size,
                              const std::optional<array>& mask_out,
                              const std::optional<array>& mask_lhs,
                              const std::optional<array>& mask_rhs, mxpy::StreamArg s) {
    return block_masked_mm(a, b, block_size, mask_out, mask_lhs, mask_rhs, s);
  }, py::arg("a"), py::arg("b"), py::pos_only(), py::arg("block_size") = 64,
     py::arg("mask_out") = py::none(), py::arg("mask_lhs") = py::none(),
     py::arg("mask_rhs") = py::none(), py::kw_only(), py::arg("stream") = py::none(),
     "Matrix multiplication with blocks of size block_size x block_size masked out.");
  m.def("segmented_mm", [](const array& a, const array& b, const array& segments,
                           mxpy::StreamArg s) { return segmented_mm(a, b, segments, s); },
     py::arg("a"), py::arg("b"), py::pos_only(), py::arg("segments"), py::kw_only(),
     py::arg("stream") = py::none(),
     "Matrix multiplication of a (M, K) and b (K, N) per segment [start, end) of the inner "
     "dimension; segments (..., 2) gives (..., M, N).");
}
