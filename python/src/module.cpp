#include "bindings.h"
#include "docs/docstrings.h"

#include "mxcore/utils.h"

PYBIND11_MODULE(_core, m) {
  m.doc() = "mxcore: lazy arrays, function transformations and a graph compiler";
  mxcore::set_print_python_style(true);
  init_errors(m);
  init_dtype(m);
  init_device(m);
  init_array(m);
  init_memory(m);
  init_ops_creation(m);
  init_ops_elementwise(m);
  init_ops_shape(m);
  init_ops_reduce(m);
  init_ops_linalg(m);
  init_ops_extra(m);
  init_random(m);
  init_transforms(m);
  init_compile(m);
  init_ops_api(m);
  init_device_api(m);
  init_fast_extra(m);
  init_random_extra(m);
  init_export(m);
  init_dlpack(m);
  init_distributed(m);
  init_metal(m);
  init_cuda(m);
  mxpy::docs::apply(m); // last: the tables document what the areas above defined
}
