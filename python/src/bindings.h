// Shared declarations of the pybind11 module: one init function per area.
#pragma once

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

namespace py = pybind11;

void init_dtype(py::module_& m);
void init_array(py::module_& m);
void init_device(py::module_& m);
void init_memory(py::module_& m);
void init_ops_elementwise(py::module_& m);
void init_ops_creation(py::module_& m);
void init_ops_shape(py::module_& m);
void init_ops_reduce(py::module_& m);
void init_ops_linalg(py::module_& m);
void init_transforms(py::module_& m);
void init_compile(py::module_& m);
void init_random(py::module_& m);
void init_ops_extra(py::module_& m);
// mlx.core's wider API on include/mxcore/ops_extra.h, after the areas above.
void init_ops_api(py::module_& m);       // ops_api_bindings.cpp
void init_device_api(py::module_& m);    // device_api_bindings.cpp
void init_fast_extra(py::module_& m);    // fast_extra_bindings.cpp
void init_random_extra(py::module_& m);  // random_extra_bindings.cpp
void init_export(py::module_& m);        // export_bindings.cpp
void init_dlpack(py::module_& m);        // dlpack_bindings.cpp
void init_distributed(py::module_& m);   // distributed_bindings.cpp
void init_metal(py::module_& m);         // metal_bindings.cpp
void init_errors(py::module_& m);        // errors_bindings.cpp
void init_cuda(py::module_& m);          // cuda_bindings.cpp
