// Python bindings of the function transformations (MLX's API): eval, vjp, jvp,
// grad, value_and_grad, vmap, checkpoint and the custom_function decorator.
// Pytree arguments are flattened to arrays with trees.h.
#include <algorithm>
#include <memory>
#include <numeric>
#include <optional>
#include <sstream>

#include "mxcore/errors.h"
#include "bindings.h"
#include "eval_interrupt.h"
#include "mxcore/ops.h"
#include "mxcore/transforms.h"
#include "transforms/vmap.h"
#include "trees.h"

namespace mx = mxcore;
using mx::array;
using namespace mxpy;

namespace {

std::string type_name(py::handle obj) {
  return py::str(py::type::handle_of(obj).attr("__name__"));
}

std::string shape_text(const mx::Shape& shape) {
  std::ostringstream os;
  os << "(";
  for (size_t i = 0; i < shape.size(); ++i) os << (i ? ", " : "") << shape[i];
  os << (shape.size() == 1 ? ",)" : ")");
  return os.str();
}

// A Python object shared by C++ closures that may be destroyed anywhere (for
// instance when eval frees a graph): the last owner takes the GIL to release it.
std::shared_ptr<py::object> share(py::object obj) {
  return std::shared_ptr<py::object>(new py::object(std::move(obj)), [](py::object* o) {
    py::gil_scoped_acquire gil;
    delete o;
  });
}

// fun(*primals) returning an array or a list/tuple of arrays.
mx::ArrayFn array_list_function(const py::function& fun) {
  return [fun](const std::vector<array>& primals) {
    py::object out = fun(*py::cast(primals));
    if (py::isinstance<array>(out)) return std::vector<array>{py::cast<array>(out)};
    return py::cast<std::vector<array>>(out);
  };
}

// ---------------------------------------------------------------- grad

std::vector<int> parse_argnums(const py::object& argnums) {
  if (py::isinstance<py::int_>(argnums)) return {py::cast<int>(argnums)};
  if (py::isinstance<py::list>(argnums) || py::isinstance<py::tuple>(argnums)) {
    std::vector<int> out;
    for (auto a : argnums) {
      if (!py::isinstance<py::int_>(a)) {
        throw py::type_error("argnums must be an int or a sequence of ints.");
      }
      out.push_back(py::cast<int>(a));
    }
    return out;
  }
  throw py::type_error("argnums must be an int or a sequence of ints.");
}

std::vector<std::string> parse_argnames(const py::object& argnames) {
  if (py::isinstance<py::str>(argnames)) return {py::cast<std::string>(argnames)};
  if (py::isinstance<py::list>(argnames) || py::isinstance<py::tuple>(argnames)) {
    std::vector<std::string> out;
    for (auto a : argnames) {
      if (!py::isinstance<py::str>(a)) {
        throw py::type_error("argnames must be a str or a sequence of str.");
      }
      out.push_back(py::cast<std::string>(a));
    }
    return out;
  }
  throw py::type_error("argnames must be a str or a sequence of str.");
}

using ValueAndGradPy = std::function<std::pair<py::object, py::object>(py::args, py::kwargs)>;

ValueAndGradPy py_value_and_grad(const py::function& fun, const py::object& argnums_obj,
                                 const py::object& argnames_obj, const std::string& tag,
                                 bool scalar_only) {
  auto argnames = parse_argnames(argnames_obj);
  std::vector<int> argnums;
  if (!argnums_obj.is_none()) {
    argnums = parse_argnums(argnums_obj);
  } else if (argnames.empty()) {
    argnums = {0};
  }
  if (argnums.empty() && argnames.empty()) {
    throw std::invalid_argument(tag + " Gradient wrt no argument requested");
  }
  // Gradients come back in increasing argument order (as in MLX).
  std::sort(argnums.begin(), argnums.end());
  if (!argnums.empty() && argnums[0] < 0) {
    std::ostringstream msg;
    msg << tag << " Can't compute the gradient of negative argument index " << argnums[0];
    throw std::invalid_argument(msg.str());
  }
  if (std::adjacent_find(argnums.begin(), argnums.end()) != argnums.end()) {
    throw std::invalid_argument(tag + " Repeat argument number not allowed.");
  }

  return [fun, argnums, argnames, tag, scalar_only](py::args args, py::kwargs kwargs) {
    if (!argnums.empty() && argnums.back() >= static_cast<int>(args.size())) {
      std::ostringstream msg;
      msg << tag << " Can't compute the gradient of argument index " << argnums.back()
          << " because the function is called with only " << args.size()
          << " positional arguments.";
      throw std::invalid_argument(msg.str());
    }
    for (auto& key : argnames) {
      if (!kwargs.contains(key)) {
        std::ostringstream msg;
        msg << tag << " Can't compute the gradient of keyword argument '" << key
            << "' because the function is called with the following keyword arguments {";
        for (auto item : kwargs) msg << py::cast<std::string>(item.first) << ",";
        msg << "}";
        throw std::invalid_argument(msg.str());
      }
    }

    // The differentiated arrays, argument after argument; counts[j] is where
    // argument j's arrays start.
    std::vector<array> arrays;
    std::vector<int> counts(1, 0);
    for (int i : argnums) {
      auto flat = tree_flatten(args[i]);
      arrays.insert(arrays.end(), flat.begin(), flat.end());
      counts.push_back(static_cast<int>(flat.size()));
    }
    for (auto& key : argnames) {
      auto flat = tree_flatten(kwargs[key.c_str()]);
      arrays.insert(arrays.end(), flat.begin(), flat.end());
      counts.push_back(static_cast<int>(flat.size()));
    }
    std::partial_sum(counts.begin(), counts.end(), counts.begin());
    std::vector<int> gradient_indices(arrays.size());
    std::iota(gradient_indices.begin(), gradient_indices.end(), 0);

    py::object py_value_out;
    auto inner = [&](const std::vector<array>& a) {
      py::list args_copy;
      py::dict kwargs_copy;
      size_t j = 0;
      for (size_t i = 0; i < args.size(); ++i) {
        if (j < argnums.size() && static_cast<int>(i) == argnums[j]) {
          args_copy.append(tree_unflatten(args[i], a, counts[j]));
          ++j;
        } else {
          args_copy.append(args[i]);
        }
      }
      for (auto& key : argnames) {
        kwargs_copy[key.c_str()] = tree_unflatten(kwargs[key.c_str()], a, counts[j]);
        ++j;
      }
      for (auto item : kwargs) {
        if (!kwargs_copy.contains(item.first)) kwargs_copy[item.first] = item.second;
      }
      py_value_out = fun(*py::tuple(args_copy), **kwargs_copy);

      if (!py::isinstance<array>(py_value_out)) {
        std::ostringstream msg;
        if (scalar_only) {
          msg << tag << " The return value of the function whose gradient we want to "
              << "compute should be a scalar array; but " << type_name(py_value_out)
              << " was returned.";
          throw std::invalid_argument(msg.str());
        }
        if (!py::isinstance<py::tuple>(py_value_out)) {
          msg << tag << " The return value of the function whose gradient we want to "
              << "compute should be either a scalar array or a tuple with the first value "
              << "being a scalar array (Union[array, tuple[array, Any, ...]]); but "
              << type_name(py_value_out) << " was returned.";
          throw std::invalid_argument(msg.str());
        }
        auto ret = py::reinterpret_borrow<py::tuple>(py_value_out);
        if (ret.size() == 0) {
          msg << tag << " The return value of the function whose gradient we want to "
              << "compute should be either a scalar array or a non-empty tuple. The first "
              << "value should be a scalar array and the rest can be anything. Instead, "
              << "we got an empty tuple.";
          throw std::invalid_argument(msg.str());
        }
        if (!py::isinstance<array>(ret[0])) {
          msg << tag << " The return value of the function whose gradient we want to "
              << "compute should be either a scalar array or a tuple with the first value "
              << "being a scalar array (Union[array, tuple[array, Any, ...]]); but it was a "
              << "tuple with the first value being of type " << type_name(ret[0]) << " .";
          throw std::invalid_argument(msg.str());
        }
      }
      return tree_flatten(py_value_out, false);
    };
    auto [values, gradients] = mx::value_and_grad(inner, gradient_indices)(arrays);

    // One argument: its gradient tree; several: a tuple of them; keyword
    // arguments: (positional, {name: gradient tree}).
    py::object positional;
    if (argnums.size() == 1) {
      positional = tree_unflatten(args[argnums[0]], gradients, counts[0]);
    } else if (argnums.size() > 1) {
      py::tuple grads(argnums.size());
      for (size_t i = 0; i < argnums.size(); ++i) {
        grads[i] = tree_unflatten(args[argnums[i]], gradients, counts[i]);
      }
      positional = grads;
    } else {
      positional = py::none();
    }
    py::object py_grads = positional;
    if (!argnames.empty()) {
      py::dict keyword;
      for (size_t i = 0; i < argnames.size(); ++i) {
        auto& k = argnames[i];
        keyword[k.c_str()] =
            tree_unflatten(kwargs[k.c_str()], gradients, counts[i + argnums.size()]);
      }
      py_grads = py::make_tuple(positional, keyword);
    }
    return std::make_pair(tree_unflatten(py_value_out, values), py_grads);
  };
}

// ---------------------------------------------------------------- vmap

// Flattens a prefix tree of axes (int or None) against `tree`; -1 is None.
// Output axes may be one past the traced output's last axis.
std::vector<int> flat_axes(const py::object& tree, const py::object& axes, bool output) {
  std::vector<int> flat;
  bool encountered_tuple = false;
  auto to_axis = [&](const py::object& ax, const array& x) {
    int axis = py::cast<int>(ax);
    int limit = x.ndim() + (output ? 1 : 0);
    int normalized = axis < 0 ? axis + limit : axis;
    if (normalized < 0 || normalized >= limit) {
      std::ostringstream msg;
      msg << "[vmap] Invalid" << (output ? " output " : " ") << "vectorization axis "
          << axis << " for array with shape " << shape_text(x.shape());
      throw mxcore::axis_error(msg.str());
    }
    return normalized;
  };
  tree_visit(std::vector<py::object>{tree, axes}, [&](const std::vector<py::object>& leaves) {
    if (!py::isinstance<array>(leaves[0])) {
      throw std::invalid_argument("[vmap] The arguments should contain only arrays");
    }
    auto x = py::cast<array>(leaves[0]);
    py::object ax = leaves[1];
    if (py::isinstance<py::tuple>(ax)) {
      // vmap(f, in_axes=(0,))(x): a 1-tuple for a single array argument.
      encountered_tuple = true;
      auto t = py::reinterpret_borrow<py::tuple>(ax);
      if (t.size() != 1) throw std::invalid_argument("[vmap] axis must be int or None.");
      ax = t[0];
    }
    if (ax.is_none()) {
      flat.push_back(-1);
    } else if (py::isinstance<py::int_>(ax) && !py::isinstance<py::bool_>(ax)) {
      flat.push_back(to_axis(ax, x));
    } else {
      throw std::invalid_argument("[vmap] axis must be int or None.");
    }
  });
  if (encountered_tuple && !py::isinstance<array>(tree)) {
    throw std::invalid_argument("[vmap] axis must be int or None.");
  }
  return flat;
}

py::cpp_function py_vmap(const py::function& fun, const py::object& in_axes,
                         const py::object& out_axes) {
  return py::cpp_function([fun, in_axes, out_axes](py::args args) {
    auto inputs = tree_flatten(args, true);
    auto in_flat = flat_axes(args.size() == 1 ? py::object(args[0]) : py::object(args),
                             in_axes, false);
    py::object py_outputs;
    auto traced = [&](const std::vector<array>& a) {
      py_outputs = fun(*tree_unflatten(args, a));
      return tree_flatten(py_outputs, true);
    };
    auto [s_inputs, s_outputs] = mx::detail::vmap_trace(traced, inputs, in_flat);
    auto out_flat = flat_axes(py_outputs, out_axes, true);
    auto outputs = mx::detail::vmap_replace(inputs, s_inputs, s_outputs, in_flat, out_flat);
    return tree_unflatten(py_outputs, outputs);
  });
}

// ---------------------------------------------------------------- checkpoint

// fun(*args, **kwargs) as a function of the flat arrays of (args, kwargs);
// records the output structure for the caller.
struct StructuredFunction {
  std::shared_ptr<py::object> fun;
  std::shared_ptr<py::object> input_structure;
  std::shared_ptr<std::shared_ptr<py::object>> output_structure;

  std::vector<array> operator()(const std::vector<array>& inputs) const {
    py::gil_scoped_acquire gil;
    auto call = py::reinterpret_borrow<py::tuple>(
        tree_unflatten_from_structure(*input_structure, inputs));
    py::object result = (*fun)(*py::tuple(call[0]), **py::dict(call[1]));
    auto [outputs, structure] = tree_flatten_with_structure(result, false);
    *output_structure = share(std::move(structure));
    return outputs;
  }
};

py::cpp_function py_checkpoint(const py::function& fun) {
  auto shared_fun = share(fun);
  return py::cpp_function([shared_fun](py::args args, py::kwargs kwargs) {
    auto [inputs, structure] = tree_flatten_with_structure(py::make_tuple(args, kwargs), false);
    auto output_structure = std::make_shared<std::shared_ptr<py::object>>();
    StructuredFunction inner{shared_fun, share(structure), output_structure};
    auto outputs = mx::checkpoint(inner)(inputs);
    return tree_unflatten_from_structure(**output_structure, outputs);
  });
}

// ---------------------------------------------------------------- custom_function

// The `mx.custom_function` decorator: calls go through mx::custom_function
// with the user's vjp / jvp / vmap rules adapted to pytrees.
class PyCustomFunction {
 public:
  explicit PyCustomFunction(py::function fun) : fun_(share(std::move(fun))) {}

  py::object call(py::args args, py::kwargs kwargs) {
    if (!vjp_ && !jvp_ && !vmap_) return (*fun_)(*args, **kwargs);
    auto [inputs, structure] = tree_flatten_with_structure(py::make_tuple(args, kwargs), false);
    auto input_structure = share(structure);
    auto output_structure = std::make_shared<std::shared_ptr<py::object>>();
    StructuredFunction inner{fun_, input_structure, output_structure};

    std::optional<mx::VJPRule> vjp_rule;
    if (vjp_) vjp_rule = make_vjp(vjp_, input_structure, output_structure);
    std::optional<mx::JVPRule> jvp_rule;
    if (jvp_) jvp_rule = make_jvp(jvp_, input_structure);
    std::optional<mx::VmapRule> vmap_rule;
    if (vmap_) vmap_rule = make_vmap(vmap_, input_structure);

    auto outputs = mx::custom_function(inner, vjp_rule, jvp_rule, vmap_rule)(inputs);
    return tree_unflatten_from_structure(**output_structure, outputs);
  }

  void set_vjp(py::function f) { vjp_ = share(std::move(f)); }
  void set_jvp(py::function f) { jvp_ = share(std::move(f)); }
  void set_vmap(py::function f) { vmap_ = share(std::move(f)); }

 private:
  // (args, kwargs) rebuilt from the flat inputs; a single positional
  // argument is passed as itself, several as a tuple.
  static std::pair<py::object, py::dict> unpack(const py::object& structure,
                                                const std::vector<array>& flat) {
    auto call = py::reinterpret_borrow<py::tuple>(tree_unflatten_from_structure(structure, flat));
    auto args = py::reinterpret_borrow<py::tuple>(call[0]);
    py::object primals = args.size() == 1 ? py::object(args[0]) : py::object(args);
    return {primals, py::reinterpret_borrow<py::dict>(call[1])};
  }

  static mx::VJPRule make_vjp(std::shared_ptr<py::object> f,
                              std::shared_ptr<py::object> input_structure,
                              std::shared_ptr<std::shared_ptr<py::object>> output_structure) {
    return [f, input_structure, output_structure](const std::vector<array>& primals,
                                                  const std::vector<array>& cotangents,
                                                  const std::vector<array>& outputs) {
      py::gil_scoped_acquire gil;
      auto [args, kwargs] = unpack(*input_structure, primals);
      auto cts = tree_unflatten_from_structure(**output_structure, cotangents);
      auto outs = tree_unflatten_from_structure(**output_structure, outputs);
      return tree_flatten((*f)(args, cts, outs, **kwargs), false);
    };
  }

  static mx::JVPRule make_jvp(std::shared_ptr<py::object> f,
                              std::shared_ptr<py::object> input_structure) {
    return [f, input_structure](const std::vector<array>& primals,
                                const std::vector<array>& tangents,
                                const std::vector<int>& argnums) {
      py::gil_scoped_acquire gil;
      auto call = py::reinterpret_borrow<py::tuple>(
          tree_unflatten_from_structure(*input_structure, primals));
      auto args = py::reinterpret_borrow<py::tuple>(call[0]);
      if (py::len(call[1]) > 0) {
        throw std::invalid_argument(
            "[custom jvp] Function should only accept positional arguments");
      }
      // Tangents in the structure of the arguments; None where none is given.
      std::vector<bool> have(primals.size(), false);
      for (int a : argnums) have[a] = true;
      size_t array_index = 0, tangent_index = 0;
      auto tans = py::reinterpret_borrow<py::tuple>(tree_map(args, [&](py::handle leaf) {
        if (py::isinstance<array>(leaf) && have[array_index++]) {
          return py::cast(tangents[tangent_index++]);
        }
        return py::object(py::none());
      }));
      py::object result = args.size() == 1 ? (*f)(args[0], tans[0]) : (*f)(args, tans);
      return tree_flatten(result, false);
    };
  }

  static mx::VmapRule make_vmap(std::shared_ptr<py::object> f,
                                std::shared_ptr<py::object> input_structure) {
    return [f, input_structure](const std::vector<array>& inputs, const std::vector<int>& axes) {
      py::gil_scoped_acquire gil;
      auto call = py::reinterpret_borrow<py::tuple>(
          tree_unflatten_from_structure(*input_structure, inputs));
      auto args = py::reinterpret_borrow<py::tuple>(call[0]);
      if (py::len(call[1]) > 0) {
        throw std::invalid_argument(
            "[custom vmap] Function should only accept positional arguments");
      }
      size_t array_index = 0;
      auto py_axes = py::reinterpret_borrow<py::tuple>(tree_map(args, [&](py::handle leaf) {
        if (!py::isinstance<array>(leaf)) return py::object(py::none());
        int axis = axes[array_index++];
        return axis >= 0 ? py::object(py::int_(axis)) : py::object(py::none());
      }));
      py::object result =
          args.size() == 1 ? (*f)(args[0], py_axes[0]) : (*f)(args, py_axes);
      if (!py::isinstance<py::tuple>(result) || py::len(result) != 2) {
        throw std::invalid_argument(
            "[custom vmap] Vmap function should return a tuple with 2 items.");
      }
      auto pair = py::reinterpret_borrow<py::tuple>(result);
      std::vector<array> outputs;
      std::vector<int> out_axes;
      tree_visit(std::vector<py::object>{pair[0], pair[1]},
                 [&](const std::vector<py::object>& leaves) {
                   if (!py::isinstance<array>(leaves[0])) return;
                   outputs.push_back(py::cast<array>(leaves[0]));
                   out_axes.push_back(leaves[1].is_none() ? -1 : py::cast<int>(leaves[1]));
                 });
      return std::make_pair(outputs, out_axes);
    };
  }

  std::shared_ptr<py::object> fun_;
  std::shared_ptr<py::object> vjp_;
  std::shared_ptr<py::object> jvp_;
  std::shared_ptr<py::object> vmap_;
};

// Without the GIL other Python threads run during a long eval, and eval may
// wait for another thread's eval without holding the GIL that thread needs.
void eval_without_gil(std::vector<array> arrays) {
  py::gil_scoped_release release;
  mx::eval(std::move(arrays));
}

} // namespace

void init_transforms(py::module_& m) {
  mxpy::init_eval_interrupt(m);
  // stop_gradient is an op; bound here only if the ops bindings have not.
  if (!py::hasattr(m, "stop_gradient")) {
    m.def(
        "stop_gradient",
        [](const array& a, mx::StreamOrDevice s) { return mx::stop_gradient(a, s); },
        py::arg("a"), py::kw_only(), py::arg("stream") = py::none(),
        "Stop gradients from being computed through ``a``.");
  }
  m.def(
      "eval",
      [](py::args args) { eval_without_gil(tree_flatten(args, false)); },
      R"pbdoc(
        Evaluate an :class:`array` or tree of :class:`array`.

        Args:
            *args (arrays or trees of arrays): Each argument can be a single array
              or a tree of arrays (list, tuple or dict). Leaves which are not
              arrays are ignored.
      )pbdoc");
  m.def(
      "async_eval",
      [](py::args args) {
        auto arrays = tree_flatten(args, false);
        py::gil_scoped_release release;
        mx::async_eval(std::move(arrays));
      },
      "Asynchronously evaluate an :class:`array` or tree of :class:`array`.");

  m.def(
      "vjp",
      [](const py::function& fun, const std::vector<array>& primals,
         const std::vector<array>& cotangents) {
        return mx::vjp(array_list_function(fun), primals, cotangents);
      },
      py::arg("fun"), py::arg("primals"), py::arg("cotangents"),
      R"pbdoc(
        Compute the vector-Jacobian product of ``fun`` at ``primals`` with
        ``cotangents``. Returns ``(outputs, vjps)``.
      )pbdoc");
  m.def(
      "jvp",
      [](const py::function& fun, const std::vector<array>& primals,
         const std::vector<array>& tangents) {
        return mx::jvp(array_list_function(fun), primals, tangents);
      },
      py::arg("fun"), py::arg("primals"), py::arg("tangents"),
      R"pbdoc(
        Compute the Jacobian-vector product of ``fun`` at ``primals`` with
        ``tangents``. Returns ``(outputs, jvps)``.
      )pbdoc");
  m.def(
      "value_and_grad",
      [](const py::function& fun, const py::object& argnums, const py::object& argnames) {
        return py::cpp_function(
            py_value_and_grad(fun, argnums, argnames, "[value_and_grad]", false));
      },
      py::arg("fun"), py::arg("argnums") = py::none(), py::arg("argnames") = py::list(),
      R"pbdoc(
        Returns a function which computes the value and gradient of ``fun``.
        ``fun`` returns a scalar loss or a tuple whose first element is the
        scalar loss. ``argnums`` (int or sequence of int) defaults to ``0``
        when ``argnames`` (str or list of str) is empty.
      )pbdoc");
  m.def(
      "grad",
      [](const py::function& fun, const py::object& argnums, const py::object& argnames) {
        auto fn = py_value_and_grad(fun, argnums, argnames, "[grad]", true);
        return py::cpp_function(
            [fn](py::args args, py::kwargs kwargs) { return fn(args, kwargs).second; });
      },
      py::arg("fun"), py::arg("argnums") = py::none(), py::arg("argnames") = py::list(),
      R"pbdoc(
        Returns a function which computes the gradient of the scalar-valued
        ``fun`` with respect to the arguments in ``argnums`` / ``argnames``.
      )pbdoc");
  m.def("vmap", &py_vmap, py::arg("fun"), py::arg("in_axes") = 0, py::arg("out_axes") = 0,
        R"pbdoc(
        Returns a vectorized version of ``fun``. ``in_axes`` / ``out_axes``:
        an int or a prefix tree of the inputs / outputs giving the vectorized
        axis of each, or ``None`` for arrays that are not vectorized.
      )pbdoc");
  m.def("checkpoint", &py_checkpoint, py::arg("fun"),
        R"pbdoc(
        Returns ``fun`` with gradient checkpointing: its intermediates are
        recomputed in the backward pass instead of being kept.
      )pbdoc");

  py::class_<PyCustomFunction>(m, "custom_function", R"pbdoc(
      Set up a function for custom gradient and vmap definitions. Use as a
      decorator; then ``@f.vjp``, ``@f.jvp`` and ``@f.vmap`` define the rules.
    )pbdoc")
      .def(py::init<py::function>(), py::arg("f"))
      .def("__call__", &PyCustomFunction::call)
      .def(
          "vjp",
          [](py::object self, py::function f) {
            self.cast<PyCustomFunction&>().set_vjp(std::move(f));
            return self;
          },
          py::arg("f"))
      .def(
          "jvp",
          [](py::object self, py::function f) {
            self.cast<PyCustomFunction&>().set_jvp(std::move(f));
            return self;
          },
          py::arg("f"))
      .def(
          "vmap",
          [](py::object self, py::function f) {
            self.cast<PyCustomFunction&>().set_vmap(std::move(f));
            return self;
          },
          py::arg("f"));

  // mxcore.utils' tree functions: the same tree walks, bound for Python.
  init_tree_utils(m);
}
