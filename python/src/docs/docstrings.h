// The reference docstrings of the Python API (MLX style: summary, Args,
// Returns), kept apart from the bindings: one table per area under docs/,
// applied once after every binding is defined. A function's doc becomes its
// pybind11 signature line(s) followed by the table's text.
#pragma once

#include <vector>

// The tables are plain text: declared without pybind11, so that they build in
// a fraction of a second (the one function taking the module is in
// apply_docstrings.cpp).
namespace pybind11 {
class module_;
}
namespace py = pybind11;

namespace mxpy::docs {

struct Entry {
  const char* path; // "zeros", "random.normal", "array.sum"
  const char* text;
};

// One per docs/*.cpp file.
std::vector<Entry> creation_entries();
std::vector<Entry> elementwise_entries();
std::vector<Entry> binary_entries();
std::vector<Entry> shape_entries();
std::vector<Entry> reduce_entries();
std::vector<Entry> indexing_entries();
std::vector<Entry> linalg_entries();
std::vector<Entry> random_entries();
std::vector<Entry> fft_entries();
std::vector<Entry> fast_entries();
std::vector<Entry> transforms_entries();
std::vector<Entry> device_memory_entries();
std::vector<Entry> io_entries();
std::vector<Entry> misc_entries();
std::vector<Entry> array_method_entries();

// Replaces the docs of every entry found in `core` (mxcore._core); raises
// if an entry names nothing, so the tables cannot drift from the API.
void apply(py::module_& core);

} // namespace mxpy::docs
