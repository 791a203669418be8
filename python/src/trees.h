// Pytrees: nested list / tuple / dict containers whose leaves are arrays (or
// other objects). Used by the transforms to pass structured arguments through
// functions of flat array lists.
#pragma once

#include <functional>
#include <utility>
#include <vector>

#include "bindings.h"
#include "mxcore/array.h"

namespace mxpy {

using mxcore::array;

// Calls visitor on every leaf, depth first, in container order.
void tree_visit(py::handle tree, const std::function<void(py::handle)>& visitor);

// Walks trees[0] and, in lockstep, the other trees, which may be prefixes of
// it: a leaf of another tree stands for the whole matching subtree. The
// visitor receives one object per tree at each leaf of trees[0].
void tree_visit(const std::vector<py::object>& trees,
                const std::function<void(const std::vector<py::object>&)>& visitor);

// The same structure with every leaf replaced by transform(leaf).
py::object tree_map(py::handle tree, const std::function<py::object(py::handle)>& transform);

// The array leaves in order. strict: any other leaf raises ValueError.
std::vector<array> tree_flatten(py::handle tree, bool strict = true);

// `tree` with its array leaves replaced, in order, by values[index...].
py::object tree_unflatten(py::handle tree, const std::vector<array>& values, int index = 0);

// The array leaves, and the tree with each array leaf replaced by a
// placeholder (so the arrays themselves are not kept alive).
std::pair<std::vector<array>, py::object> tree_flatten_with_structure(py::handle tree,
                                                                      bool strict = true);
// Fills the placeholders of `structure` with values[index...].
py::object tree_unflatten_from_structure(py::handle structure,
                                         const std::vector<array>& values, int index = 0);

} // namespace mxpy
