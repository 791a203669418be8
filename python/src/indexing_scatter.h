// Writing through an index (indexing_scatter.cpp).
#pragma once

#include "indexing_parse.h"

namespace mxpy::indexing {

// Arguments of a scatter that writes `value` at a[idx] for any index: arrays
// and ints are indices; partial slices become aranged indices; full slices stay
// window dims. Updates are laid out as B + partial-slice dims + window.
struct ScatterArgs {
  std::vector<array> indices;
  std::vector<int> axes;
  array updates;
};

ScatterArgs scatter_args(const array& a, const py::object& idx, const array& value,
                         const char* op);
// a[idx] = val.
void set_item(array& a, const py::object& idx, const py::object& val);

} // namespace mxpy::indexing
