#include "trees.h"

#include <stdexcept>

namespace mxpy {

namespace {

// Marks the position of an array leaf in a structure.
py::handle placeholder() {
  // Leaked on purpose: it must outlive every structure, even at shutdown.
  static py::object* sentinel = new py::object(py::module_::import("builtins").attr("object")());
  return *sentinel;
}

bool is_container(py::handle obj) {
  return py::isinstance<py::list>(obj) || py::isinstance<py::tuple>(obj) ||
         py::isinstance<py::dict>(obj);
}

void check_prefix(const std::vector<py::object>& subtrees) {
  auto& first = subtrees[0];
  for (size_t i = 1; i < subtrees.size(); ++i) {
    auto& other = subtrees[i];
    if (!is_container(other)) continue; // a leaf prefix covers the subtree
    bool same_kind = (py::isinstance<py::list>(first) && py::isinstance<py::list>(other)) ||
                     (py::isinstance<py::tuple>(first) && py::isinstance<py::tuple>(other)) ||
                     (py::isinstance<py::dict>(first) && py::isinstance<py::dict>(other));
    if (!same_kind || py::len(first) != py::len(other)) {
      throw std::invalid_argument(
          "[tree_map] Additional input tree is not a valid prefix of the first tree.");
    }
  }
}

} // namespace

void tree_visit(py::handle tree, const std::function<void(py::handle)>& visitor) {
  if (py::isinstance<py::list>(tree) || py::isinstance<py::tuple>(tree)) {
    for (auto item : tree) tree_visit(item, visitor);
  } else if (py::isinstance<py::dict>(tree)) {
    for (auto item : py::reinterpret_borrow<py::dict>(tree)) tree_visit(item.second, visitor);
  } else {
    visitor(tree);
  }
}

void tree_visit(const std::vector<py::object>& trees,
                const std::function<void(const std::vector<py::object>&)>& visitor) {
  auto& first = trees[0];
  if (!is_container(first)) {
    visitor(trees);
    return;
  }
  check_prefix(trees);
  if (py::isinstance<py::dict>(first)) {
    for (auto item : py::reinterpret_borrow<py::dict>(first)) {
      std::vector<py::object> sub;
      for (auto& t : trees) {
        if (!py::isinstance<py::dict>(t)) {
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
  if (py::isinstance<py::list>(tree)) {
    py::list out;
    for (auto item : tree) out.append(tree_map(item, transform));
    return out;
  }
  if (py::isinstance<py::tuple>(tree)) {
    auto t = py::reinterpret_borrow<py::tuple>(tree);
    py::tuple out(t.size());
    for (size_t i = 0; i < t.size(); ++i) out[i] = tree_map(t[i], transform);
    return out;
  }
  if (py::isinstance<py::dict>(tree)) {
    py::dict out;
    for (auto item : py::reinterpret_borrow<py::dict>(tree)) {
      out[item.first] = tree_map(item.second, transform);
    }
    return out;
  }
  return transform(tree);
}

std::vector<array> tree_flatten(py::handle tree, bool strict) {
  std::vector<array> flat;
  tree_visit(tree, [&](py::handle leaf) {
    if (py::isinstance<array>(leaf)) {
      flat.push_back(py::cast<array>(leaf));
    } else if (strict) {
      throw std::invalid_argument("[tree_flatten] The argument should contain only arrays");
    }
  });
  return flat;
}

py::object tree_unflatten(py::handle tree, const std::vector<array>& values, int index) {
  return tree_map(tree, [&](py::handle leaf) -> py::object {
    if (py::isinstance<array>(leaf)) return py::cast(values.at(index++));
    return py::reinterpret_borrow<py::object>(leaf);
  });
}

std::pair<std::vector<array>, py::object> tree_flatten_with_structure(py::handle tree,
                                                                      bool strict) {
  std::vector<array> flat;
  auto structure = tree_map(tree, [&](py::handle leaf) -> py::object {
    if (py::isinstance<array>(leaf)) {
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

} // namespace mxpy
