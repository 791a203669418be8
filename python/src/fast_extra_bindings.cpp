// mx.fast additions: cross_entropy, and the custom-kernel builders, which
// return a kernel whose call raises, as MLX does without a Metal or CUDA backend.
#include <string>

#include "convert.h"
#include "mxcore/ops_extra.h"

using namespace mxcore;

namespace {

py::cpp_function no_backend_kernel(const std::string& op, const std::string& backend) {
  std::string message = "[" + op + "] No " + backend + " back-end.";
  return py::cpp_function([message](const py::args&, const py::kwargs&) -> py::object {
    throw std::runtime_error(message);
  });
}

} // namespace

void init_fast_extra(py::module_& parent) {
  auto m = parent.attr("fast").cast<py::module_>();
  m.def("cross_entropy", [](const py::object& logits, const py::object& targets,
                            mxpy::StreamArg s) {
    return fast::cross_entropy(mxpy::to_array(logits), mxpy::to_array(targets), s);
  }, py::arg("logits"), py::arg("targets"), py::kw_only(), py::arg("stream") = py::none(),
     "Cross entropy loss with class indices as targets, over the last axis.");
  m.def("metal_kernel", [](const std::string&, const py::object&, const py::object&,
                           const std::string&, const std::string&, bool, bool,
                           const py::object&) {
    return no_backend_kernel("metal_kernel", "Metal");
  }, py::arg("name"), py::arg("input_names"), py::arg("output_names"), py::arg("source"),
     py::arg("header") = "", py::arg("ensure_row_contiguous") = true,
     py::arg("atomic_outputs") = false, py::arg("compile_options") = py::none(),
     "A custom Metal kernel: calling it raises, as there is no Metal back-end.");
  m.def("cuda_kernel", [](const std::string&, const py::object&, const py::object&,
                          const std::string&, const std::string&, bool, int) {
    return no_backend_kernel("cuda_kernel", "CUDA");
  }, py::arg("name"), py::arg("input_names"), py::arg("output_names"), py::arg("source"),
     py::arg("header") = "", py::arg("ensure_row_contiguous") = true,
     py::arg("shared_memory") = 0,
     "A custom CUDA kernel: calling it raises, as there is no CUDA back-end.");
  m.def("precompiled_cuda_kernel", [](const py::kwargs&) -> py::object {
    throw std::runtime_error("[precompiled_cuda_kernel] No CUDA back-end.");
  }, "Run a precompiled CUDA kernel: raises, as there is no CUDA back-end.");
}
