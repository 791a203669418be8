// mxcore.utils' tree functions with mlx.utils' signatures and behaviour:
// tree_map, tree_map_with_path, tree_flatten (to dotted keys), tree_unflatten,
// tree_reduce and tree_merge, over the containers of trees.h.
#include <algorithm>
#include <string>

#include "trees.h"

namespace mxpy {

namespace {

bool leaf_by_choice(const py::object& is_leaf, py::handle node) {
  return !is_leaf.is_none() && py::bool_(is_leaf(node));
}

// The key of a child in a dotted path: list position or dict key.
py::list child_keys(py::handle node) {
  py::list keys;
  if (PyDict_Check(node.ptr())) {
    for (auto item : py::reinterpret_borrow<py::dict>(node)) keys.append(item.first);
  } else {
    for (size_t i = 0; i < py::len(node); ++i) keys.append(py::int_(i));
  }
  return keys;
}

py::object child_path(const py::object& path, py::handle key) {
  std::string prefix = py::bool_(path) ? std::string(py::str(path)) + "." : "";
  return py::str(prefix + std::string(py::str(key)));
}

// tree_map and tree_map_with_path: fn(leaf, *rest) or fn(path, leaf, *rest);
// the rest trees are indexed like `tree` (they may hold more).
py::object map_impl(const py::object& fn, py::handle tree, const std::vector<py::object>& rest,
                    const py::object& is_leaf, bool with_path, const py::object& path) {
  auto call = [&]() {
    py::list call_args;
    if (with_path) call_args.append(path);
    call_args.append(tree);
    for (auto& r : rest) call_args.append(r);
    return fn(*call_args);
  };
  if (leaf_by_choice(is_leaf, tree) || !is_container(tree)) return call();
  std::vector<py::object> children;
  for (auto key : child_keys(tree)) {
    std::vector<py::object> sub;
    for (auto& r : rest) sub.push_back(r[key]);
    children.push_back(map_impl(fn, tree[key], sub, is_leaf, with_path,
                                with_path ? child_path(path, key) : py::none()));
  }
  if (PyDict_Check(tree.ptr())) {
    // As mlx.utils: a mapped dict is a plain dict.
    py::dict out;
    size_t i = 0;
    for (auto item : py::reinterpret_borrow<py::dict>(tree)) out[item.first] = children[i++];
    return std::move(out);
  }
  return rebuild_container(tree, std::move(children));
}

void flatten_into(py::handle tree, const std::string& prefix, const py::object& is_leaf,
                  const py::object& destination) {
  if (leaf_by_choice(is_leaf, tree) || !is_container(tree)) {
    auto key = py::str(prefix.empty() ? std::string() : prefix.substr(1));
    if (PyDict_Check(destination.ptr())) {
      destination[key] = tree;
    } else {
      destination.attr("append")(py::make_tuple(key, tree));
    }
    return;
  }
  for (auto key : child_keys(tree)) {
    flatten_into(tree[key], prefix + "." + std::string(py::str(key)), is_leaf, destination);
  }
}

py::object unflatten_impl(const py::list& items) {
  if (items.size() == 1) {
    auto pair = items[0];
    if (std::string(py::str(pair[py::int_(0)])).empty()) return pair[py::int_(1)];
  }
  // Children grouped by the first path component, in first-seen order.
  py::dict children;
  for (auto pair : items) {
    std::string key = py::str(pair[py::int_(0)]);
    auto dot = key.find('.');
    std::string head = key.substr(0, dot);
    std::string tail = dot == std::string::npos ? "" : key.substr(dot + 1);
    py::str head_key(head);
    if (!children.contains(head_key)) children[head_key] = py::list();
    children[head_key].attr("append")(py::make_tuple(py::str(tail), pair[py::int_(1)]));
  }
  // A list when every key is an integer (and no two spell the same one).
  std::vector<std::pair<long long, py::object>> indices;
  bool is_list = true;
  py::set seen;
  for (auto item : children) {
    try {
      auto index = py::int_(py::reinterpret_borrow<py::object>(item.first));
      seen.add(index);
      indices.emplace_back(index.cast<long long>(), py::reinterpret_borrow<py::object>(item.first));
    } catch (py::error_already_set& e) {
      if (!e.matches(PyExc_ValueError)) throw;
      is_list = false;
      break;
    }
  }
  if (is_list && py::len(seen) == py::len(children)) {
    std::sort(indices.begin(), indices.end(),
              [](auto& a, auto& b) { return a.first < b.first; });
    py::list out;
    for (auto& [i, key] : indices) {
      while (static_cast<long long>(out.size()) < i) out.append(py::dict());
      out.append(unflatten_impl(children[key]));
    }
    return std::move(out);
  }
  py::dict out;
  for (auto item : children) {
    out[item.first] = unflatten_impl(py::reinterpret_borrow<py::list>(item.second));
  }
  return std::move(out);
}

py::object reduce_impl(const py::object& fn, py::handle tree, py::object accumulator,
                       const py::object& is_leaf) {
  auto leaf = [&](py::handle node) -> py::object {
    if (accumulator.is_none()) return py::reinterpret_borrow<py::object>(node);
    return fn(accumulator, node);
  };
  if (leaf_by_choice(is_leaf, tree) || !is_container(tree)) return leaf(tree);
  for (auto key : child_keys(tree)) accumulator = reduce_impl(fn, tree[key], accumulator, is_leaf);
  return accumulator;
}

bool is_empty_container(py::handle tree) { return is_container(tree) && py::len(tree) == 0; }

py::object merge_impl(py::object a, py::object b, const py::object& merge_fn) {
  bool empty_a = is_empty_container(a), empty_b = is_empty_container(b);
  if (empty_a && empty_b) {
    if (Py_TYPE(a.ptr()) != Py_TYPE(b.ptr())) {
      auto name = [](py::handle x) { return std::string(py::str(py::type::handle_of(x).attr("__name__"))); };
      throw py::value_error("Cannot merge " + name(a) + " with " + name(b));
    }
    return py::type::handle_of(a)();
  }
  if (empty_a) a = py::none();
  if (empty_b) b = py::none();
  if (a.is_none()) return b;
  if (b.is_none()) return a;
  bool seq_a = PyList_Check(a.ptr()) || PyTuple_Check(a.ptr());
  bool seq_b = PyList_Check(b.ptr()) || PyTuple_Check(b.ptr());
  if (seq_a && seq_b) {
    size_t n = std::max(py::len(a), py::len(b));
    std::vector<py::object> children;
    for (size_t i = 0; i < n; ++i) {
      py::object ai = i < py::len(a) ? py::object(a[py::int_(i)]) : py::none();
      py::object bi = i < py::len(b) ? py::object(b[py::int_(i)]) : py::none();
      children.push_back(merge_impl(ai, bi, merge_fn));
    }
    // As zip_longest: the result is as long as the longer tree.
    return rebuild_container(a, std::move(children));
  }
  if (PyDict_Check(a.ptr()) && PyDict_Check(b.ptr())) {
    auto da = py::reinterpret_borrow<py::dict>(a), db = py::reinterpret_borrow<py::dict>(b);
    py::dict out;
    for (auto item : da) {
      out[item.first] = merge_impl(py::reinterpret_borrow<py::object>(item.second),
                                   db.contains(item.first) ? py::object(db[item.first])
                                                           : py::object(py::none()),
                                   merge_fn);
    }
    for (auto item : db) {
      if (!da.contains(item.first)) {
        out[item.first] = merge_impl(py::none(), py::reinterpret_borrow<py::object>(item.second),
                                     merge_fn);
      }
    }
    return std::move(out);
  }
  if (merge_fn.is_none()) {
    throw py::value_error(
        "Trees contain elements at the same locations but no merge function was provided");
  }
  return merge_fn(a, b);
}

} // namespace

void init_tree_utils(py::module_& parent) {
  auto m = parent.def_submodule("_trees", "Internal: the tree functions of mxcore.utils.");
  m.def(
      "tree_map",
      [](const py::object& fn, const py::object& tree, py::args rest, const py::object& is_leaf) {
        return map_impl(fn, tree, rest.cast<std::vector<py::object>>(), is_leaf, false,
                        py::none());
      },
      py::arg("fn"), py::arg("tree"), py::kw_only(), py::arg("is_leaf") = py::none(),
      R"pbdoc(
        Applies ``fn`` to the leaves of the Python tree ``tree`` and returns a
        new tree with the results. Each tree of ``rest`` holds at least the
        structure of ``tree``; its matching nodes are extra arguments of
        ``fn``. ``is_leaf(node)`` may declare containers leaves.
      )pbdoc");
  m.def(
      "tree_map_with_path",
      [](const py::object& fn, const py::object& tree, py::args rest, const py::object& is_leaf,
         const py::object& path) {
        return map_impl(fn, tree, rest.cast<std::vector<py::object>>(), is_leaf, true, path);
      },
      py::arg("fn"), py::arg("tree"), py::kw_only(), py::arg("is_leaf") = py::none(),
      py::arg("path") = py::none(),
      R"pbdoc(
        Like :func:`tree_map`, but ``fn`` receives the dotted path of each
        leaf first (``"model.0.w"``); ``path`` prefixes every path.
      )pbdoc");
  m.def(
      "tree_flatten",
      [](const py::object& tree, const std::string& prefix, const py::object& is_leaf,
         py::object destination) {
        if (destination.is_none()) destination = py::list();
        if (!PyList_Check(destination.ptr()) && !PyDict_Check(destination.ptr())) {
          throw py::value_error("Destination should be either a list or a dictionary or None");
        }
        flatten_into(tree, prefix, is_leaf, destination);
        return destination;
      },
      py::arg("tree"), py::arg("prefix") = "", py::arg("is_leaf") = py::none(),
      py::arg("destination") = py::none(),
      R"pbdoc(
        Flattens a Python tree to ``(dotted key, leaf)`` pairs:
        ``tree_flatten([[[0]]]) == [("0.0.0", 0)]``. The first character of
        ``prefix`` is dropped (``prefix=".hello"`` gives ``"hello.0.0.0"``).
        ``destination``, a list or a dict, receives the pairs.
      )pbdoc");
  m.def(
      "tree_unflatten",
      [](const py::object& tree) {
        py::list items;
        if (PyDict_Check(tree.ptr())) {
          for (auto item : py::reinterpret_borrow<py::dict>(tree)) {
            items.append(py::make_tuple(item.first, item.second));
          }
        } else {
          for (auto item : tree) items.append(item);
        }
        return unflatten_impl(items);
      },
      py::arg("tree"),
      R"pbdoc(
        Rebuilds a Python tree from ``(dotted key, value)`` pairs (a list or a
        dict): integer keys make lists, other keys dicts.
      )pbdoc");
  m.def(
      "tree_reduce",
      [](const py::object& fn, const py::object& tree, const py::object& initializer,
         const py::object& is_leaf) { return reduce_impl(fn, tree, initializer, is_leaf); },
      py::arg("fn"), py::arg("tree"), py::arg("initializer") = py::none(),
      py::arg("is_leaf") = py::none(),
      R"pbdoc(
        Reduces the leaves of ``tree`` with ``fn(accumulator, leaf)``, starting
        from ``initializer`` (or the first leaf when it is ``None``).
      )pbdoc");
  m.def("tree_merge", &merge_impl, py::arg("tree_a"), py::arg("tree_b"),
        py::arg("merge_fn") = py::none(),
        R"pbdoc(
        Merges two Python trees into one holding the leaves of both (a deep
        ``dict.update``; empty containers are empty subtrees). Leaves present
        in both are combined by ``merge_fn(a, b)``, or raise ValueError.
      )pbdoc");
}

} // namespace mxpy
