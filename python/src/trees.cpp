#include "trees.h"

#include <stdexcept>
#include <unordered_map>

namespace mxpy {

namespace {

// Marks the position of an array leaf in a structure.
py::handle placeholder() {
  // Leaked on purpose: it must outlive every structure, even at shutdown.
  static py::object* sentinel = new py::object(py::module_::import("builtins").attr("object")());
  return *sentinel;
}

bool is_array(py::handle obj) {
  // Cached: pybind11's isinstance looks the type up on every call, and the
  // compile call path asks this for every leaf.
  static PyTypeObject* array_type =
      reinterpret_cast<PyTypeObject*>(py::type::of<array>().ptr());
  return PyObject_TypeCheck(obj.ptr(), array_type);
}

bool same_kind(py::handle a, py::handle b) {
  return (PyList_Check(a.ptr()) && PyList_Check(b.ptr())) ||
         (PyTuple_Check(a.ptr()) && PyTuple_Check(b.ptr())) ||
         (PyDict_Check(a.ptr()) && PyDict_Check(b.ptr()));
}

void check_prefix(const std::vector<py::object>& subtrees) {
  auto& first = subtrees[0];
  for (size_t i = 1; i < subtrees.size(); ++i) {
    auto& other = subtrees[i];
    if (!is_container(other)) continue; // a leaf prefix covers the subtree
    if (!same_kind(first, other) || py::len(first) != py::len(other)) {
      throw std::invalid_argument(
          "[tree_map] Additional input tree is not a valid prefix of the first tree.");
    }
  }
}

// The children of a container in order (a dict's values in key order).
std::vector<py::object> children_of(py::handle node) {
  std::vector<py::object> children;
  if (PyDict_Check(node.ptr())) {
    children.reserve(PyDict_Size(node.ptr()));
    for (auto item : py::reinterpret_borrow<py::dict>(node)) {
      children.push_back(py::reinterpret_borrow<py::object>(item.second));
    }
  } else {
    auto seq = py::reinterpret_steal<py::object>(PySequence_Fast(node.ptr(), ""));
    if (!seq) throw py::error_already_set();
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq.ptr());
    PyObject** items = PySequence_Fast_ITEMS(seq.ptr());
    children.reserve(n);
    for (Py_ssize_t i = 0; i < n; ++i) {
      children.push_back(py::reinterpret_borrow<py::object>(items[i]));
    }
  }
  return children;
}

// Replaces the array leaves of tree by update(leaf) in place (see tree_fill).
py::object update_in_place(py::handle tree, const std::function<py::object(py::handle)>& update) {
  if (PyList_Check(tree.ptr())) {
    auto list = py::reinterpret_borrow<py::list>(tree);
    for (size_t i = 0; i < list.size(); ++i) list[i] = update_in_place(list[i], update);
    return list;
  }
  if (PyDict_Check(tree.ptr())) {
    auto dict = py::reinterpret_borrow<py::dict>(tree);
    // Values are assigned after the walk: a dict must not change while it
    // is iterated.
    std::vector<std::pair<py::object, py::object>> updated;
    for (auto item : dict) {
      updated.emplace_back(py::reinterpret_borrow<py::object>(item.first),
                           update_in_place(item.second, update));
    }
    for (auto& [key, value] : updated) dict[key] = value;
    return dict;
  }
  if (PyTuple_Check(tree.ptr())) {
    std::vector<py::object> children;
    for (auto& child : children_of(tree)) children.push_back(update_in_place(child, update));
    return rebuild_container(tree, std::move(children));
  }
  if (is_array(tree)) return update(tree);
  return py::reinterpret_borrow<py::object>(tree);
}

} // namespace

py::object rebuild_container(py::handle node, std::vector<py::object> children) {
  PyObject* type = reinterpret_cast<PyObject*>(Py_TYPE(node.ptr()));
  if (PyDict_Check(node.ptr())) {
    py::dict out;
    size_t i = 0;
    for (auto item : py::reinterpret_borrow<py::dict>(node)) out[item.first] = children[i++];
    if (PyDict_CheckExact(node.ptr())) return std::move(out);
    PyObject* rebuilt = PyObject_CallOneArg(type, out.ptr());
    if (rebuilt) return py::reinterpret_steal<py::object>(rebuilt);
    PyErr_Clear(); // e.g. defaultdict: no constructor from a dict
    return std::move(out);
  }
  if (PyList_CheckExact(node.ptr())) {
    py::list out(children.size());
    for (size_t i = 0; i < children.size(); ++i) out[i] = std::move(children[i]);
    return std::move(out);
  }
  py::tuple items(children.size());
  for (size_t i = 0; i < children.size(); ++i) items[i] = std::move(children[i]);
  if (PyTuple_CheckExact(node.ptr())) return std::move(items);
  py::handle cls(type);
  if (PyTuple_Check(node.ptr()) && py::hasattr(cls, "_fields")) return cls(*items); // named tuple
  return cls(items);
}

void tree_visit(py::handle tree, const std::function<void(py::handle)>& visitor) {
  if (!is_container(tree)) {
    visitor(tree);
    return;
  }
  for (auto& child : children_of(tree)) tree_visit(child, visitor);
}

void tree_visit(const std::vector<py::object>& trees,
                const std::function<void(const std::vector<py::object>&)>& visitor) {
  auto& first = trees[0];
  if (!is_container(first)) {
    visitor(trees);
    return;
  }
  check_prefix(trees);
  if (PyDict_Check(first.ptr())) {
    for (auto item : py::reinterpret_borrow<py::dict>(first)) {
      std::vector<py::object> sub;
      for (auto& t : trees) {
        if (!PyDict_Check(t.ptr())) {
          sub.push_back(t);
          continue;
        }
        auto d = py::reinterpret_borrow<py::dict>(t);
        if (!d.contains(item.first)) {
          throw std::invalid_argument(
              "[tree_map] Additional input tree is not a valid prefix of the first tree.");
        }
        sub.push_back(d[item.first]);
      }
      tree_visit(sub, visitor);
    }
    return;
  }
  size_t n = py::len(first);
  for (size_t i = 0; i < n; ++i) {
    std::vector<py::object> sub;
    for (auto& t : trees) {
      sub.push_back(is_container(t) ? py::object(t[py::int_(i)]) : t);
    }
    tree_visit(sub, visitor);
  }
}

py::object tree_map(py::handle tree, const std::function<py::object(py::handle)>& transform) {
  if (!is_container(tree)) return transform(tree);
  auto children = children_of(tree);
  for (auto& child : children) child = tree_map(child, transform);
  return rebuild_container(tree, std::move(children));
}

std::vector<array> tree_flatten(py::handle tree, bool strict) {
  std::vector<array> flat;
  tree_visit(tree, [&](py::handle leaf) {
    if (is_array(leaf)) {
      flat.push_back(py::cast<array>(leaf));
    } else if (strict) {
      throw std::invalid_argument("[tree_flatten] The argument should contain only arrays");
    }
  });
  return flat;
}

py::object tree_unflatten(py::handle tree, const std::vector<array>& values, int index) {
  return tree_map(tree, [&](py::handle leaf) -> py::object {
    if (is_array(leaf)) return py::cast(values.at(index++));
    return py::reinterpret_borrow<py::object>(leaf);
  });
}

std::pair<std::vector<array>, py::object> tree_flatten_with_structure(py::handle tree,
                                                                      bool strict) {
  std::vector<array> flat;
  auto structure = tree_map(tree, [&](py::handle leaf) -> py::object {
    if (is_array(leaf)) {
      flat.push_back(py::cast<array>(leaf));
      return py::reinterpret_borrow<py::object>(placeholder());
    }
    if (strict) {
      throw std::invalid_argument("[tree_flatten] The argument should contain only arrays");
    }
    return py::reinterpret_borrow<py::object>(leaf);
  });
  return {std::move(flat), std::move(structure)};
}

py::object tree_unflatten_from_structure(py::handle structure,
                                         const std::vector<array>& values, int index) {
  return tree_map(structure, [&](py::handle leaf) -> py::object {
    if (leaf.is(placeholder())) return py::cast(values.at(index++));
    return py::reinterpret_borrow<py::object>(leaf);
  });
}

py::object tree_fill(py::handle tree, const std::vector<array>& values, size_t index) {
  return update_in_place(tree, [&](py::handle) { return py::cast(values.at(index++)); });
}

py::object tree_replace(py::handle tree, const std::vector<array>& old,
                        const std::vector<array>& new_values) {
  std::unordered_map<std::uintptr_t, size_t> position;
  for (size_t i = 0; i < old.size(); ++i) position.emplace(old[i].id(), i);
  return update_in_place(tree, [&](py::handle leaf) -> py::object {
    auto it = position.find(py::cast<const array&>(leaf).id());
    if (it == position.end()) return py::reinterpret_borrow<py::object>(leaf);
    return py::cast(new_values[it->second]);
  });
}

} // namespace mxpy
