#include "primitives/custom.h"

#include <algorithm>
#include <sstream>

#include "mxcore/ops.h"

namespace mxcore {

namespace {
std::string shape_text(const Shape& shape) {
  std::ostringstream os;
  os << "(";
  for (size_t i = 0; i < shape.size(); ++i) os << (i ? ", " : "") << shape[i];
  os << (shape.size() == 1 ? ",)" : ")");
  return os.str();
}
} // namespace

// ---- CustomTransforms
std::vector<Shape> CustomTransforms::output_shapes(
    const std::vector<array>& inputs) {
  std::vector<Shape> shapes;
  for (size_t i = num_arguments(inputs); i < inputs.size(); ++i) {
    shapes.push_back(inputs[i].shape());
  }
  return shapes;
}

std::vector<array> CustomTransforms::vjp(const std::vector<array>& primals,
                                         const std::vector<array>& cotangents,
                                         const std::vector<int>& argnums,
                                         const std::vector<array>& outputs) {
  int n = num_arguments(primals);
  std::vector<array> arguments(primals.begin(), primals.begin() + n);
  auto all_vjps = vjp_fun_(arguments, cotangents, outputs);
  if (static_cast<int>(all_vjps.size()) != n) {
    std::ostringstream msg;
    msg << "[custom_function] The vjp function returned " << all_vjps.size()
        << " cotangents but the function has " << n << " array inputs.";
    throw std::invalid_argument(msg.str());
  }
  std::vector<array> vjps;
  for (int arg : argnums) {
    if (arg >= n) {
      // A gradient-stopped output of the wrapped function: no gradient flows.
      vjps.push_back(zeros_like(primals[arg], stream()));
      continue;
    }
    if (all_vjps[arg].shape() != primals[arg].shape()) {
      std::ostringstream msg;
      msg << "[custom_function] The vjp function returned a cotangent of shape "
          << shape_text(all_vjps[arg].shape()) << " for input " << arg
          << " of shape " << shape_text(primals[arg].shape()) << ".";
      throw std::invalid_argument(msg.str());
    }
    vjps.push_back(all_vjps[arg]);
  }
  return vjps;
}

std::vector<array> CustomTransforms::jvp(const std::vector<array>& primals,
                                         const std::vector<array>& tangents,
                                         const std::vector<int>& argnums) {
  int n = num_arguments(primals);
  std::vector<array> arguments(primals.begin(), primals.begin() + n);
  std::vector<array> arg_tangents;
  std::vector<int> arg_nums;
  for (size_t i = 0; i < argnums.size(); ++i) {
    if (argnums[i] < n) {
      arg_tangents.push_back(tangents[i]);
      arg_nums.push_back(argnums[i]);
    }
  }
  auto jvps = jvp_fun_(arguments, arg_tangents, arg_nums);
  if (static_cast<int>(jvps.size()) != num_outputs_) {
    std::ostringstream msg;
    msg << "[custom_function] The jvp function returned " << jvps.size()
        << " tangents but the function has " << num_outputs_ << " outputs.";
    throw std::invalid_argument(msg.str());
  }
  return jvps;
}

std::pair<std::vector<array>, std::vector<int>> CustomTransforms::vmap(
    const std::vector<array>& inputs, const std::vector<int>& axes) {
  int n = num_arguments(inputs);
  std::vector<array> arguments(inputs.begin(), inputs.begin() + n);
  std::vector<int> arg_axes(axes.begin(), axes.begin() + n);
  auto result = vmap_fun_(arguments, arg_axes);
  if (static_cast<int>(result.first.size()) != num_outputs_ ||
      result.second.size() != result.first.size()) {
    std::ostringstream msg;
    msg << "[custom_function] The vmap function returned "
        << result.first.size() << " outputs and " << result.second.size()
        << " axes but the function has " << num_outputs_ << " outputs.";
    throw std::invalid_argument(msg.str());
  }
  return result;
}

// ---- Depends
std::vector<Shape> Depends::output_shapes(const std::vector<array>& inputs) {
  std::vector<Shape> shapes;
  for (int i = 0; i < num_forwarded_; ++i) shapes.push_back(inputs[i].shape());
  return shapes;
}

std::vector<array> Depends::vjp(const std::vector<array>& primals,
                                const std::vector<array>& cotangents,
                                const std::vector<int>& argnums,
                                const std::vector<array>&) {
  std::vector<array> vjps;
  for (int arg : argnums) {
    vjps.push_back(arg < num_forwarded_ ? cotangents[arg]
                                        : zeros_like(primals[arg], stream()));
  }
  return vjps;
}

std::vector<array> Depends::jvp(const std::vector<array>& primals,
                                const std::vector<array>& tangents,
                                const std::vector<int>& argnums) {
  std::vector<array> jvps;
  for (int i = 0; i < num_forwarded_; ++i) {
    auto it = std::find(argnums.begin(), argnums.end(), i);
    jvps.push_back(it != argnums.end() ? tangents[it - argnums.begin()]
                                       : zeros_like(primals[i], stream()));
  }
  return jvps;
}

std::pair<std::vector<array>, std::vector<int>> Depends::vmap(
    const std::vector<array>& inputs, const std::vector<int>& axes) {
  std::vector<array> forwarded(inputs.begin(), inputs.begin() + num_forwarded_);
  std::vector<array> deps(inputs.begin() + num_forwarded_, inputs.end());
  return {depends(forwarded, deps),
          std::vector<int>(axes.begin(), axes.begin() + num_forwarded_)};
}

std::vector<array> depends(const std::vector<array>& inputs,
                           const std::vector<array>& dependencies) {
  std::vector<array> all_inputs = inputs;
  all_inputs.insert(all_inputs.end(), dependencies.begin(), dependencies.end());
  std::vector<Shape> shapes;
  std::vector<Dtype> dtypes;
  for (auto& in : inputs) {
    shapes.push_back(in.shape());
    dtypes.push_back(in.dtype());
  }
  auto stream = to_stream({});
  return array::make_arrays(
      std::move(shapes), dtypes,
      std::make_shared<Depends>(stream, static_cast<int>(inputs.size())),
      all_inputs);
}

} // namespace mxcore
