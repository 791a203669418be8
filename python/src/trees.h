// Pytrees: nested list / tuple / dict containers (subclasses and named tuples
// included) whose leaves are arrays or other objects. The one implementation
// of tree walks: the transforms, compile and mxcore.utils all use it.
#pragma once

#include <functional>
#include <utility>
#include <vector>

#include "bindings.h"
#include "mxcore/array.h"

namespace mxpy {

using mxcore::array;

// Lists, tuples and dicts (and their subclasses) are containers; anything
// else is a leaf.
inline bool is_container(py::handle obj) {
  return PyList_Check(obj.ptr()) || PyTuple_Check(obj.ptr()) || PyDict_Check(obj.ptr());
}

// A container of node's kind holding `children` (for a dict: the new values
// of its keys, in order). Lists and tuples keep their type (a named tuple is
// rebuilt from its fields); a dict subclass keeps its type when it can be
// built from a dict, else becomes a dict.
py::object rebuild_container(py::handle node, std::vector<py::object> children);

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

// In place: the array leaves of `tree` become values[index...] in order.
// Lists and dicts are updated in place; tuples are rebuilt and their parent
// updated. Returns the (possibly new) root.
py::object tree_fill(py::handle tree, const std::vector<array>& values, size_t index = 0);

// In place: each leaf that is the same array as old[i] becomes new_values[i].
py::object tree_replace(py::handle tree, const std::vector<array>& old,
                        const std::vector<array>& new_values);

// Binds mxcore.utils' tree functions (tree_map, tree_flatten, ...) in
// `_core._trees` (tree_utils_bindings.cpp).
void init_tree_utils(py::module_& m);

} // namespace mxpy
