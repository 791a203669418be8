// Conversions between Python objects and arrays.
#pragma once

#include <optional>

#include "bindings.h"
#include "mxcore/array.h"
#include "mxcore/ops.h"

namespace mxpy {

using mxcore::array;
using mxcore::Dtype;

// Python scalar, nested list/tuple, NumPy array, buffer or mx.array → array.
// Python scalars are weakly typed: they take `hint` where it fits (MLX's rule).
array to_array(const py::handle& obj, std::optional<Dtype> hint = std::nullopt);
// Converts a pair, letting a scalar on one side adopt the other's dtype.
std::pair<array, array> to_arrays(const py::handle& a, const py::handle& b);
bool is_python_scalar(const py::handle& obj);
// The array constructor's conversion: dtype is exact (not a weak hint), so
// e.g. large Python ints in a list reach int64 without passing through int32.
array to_array_as(const py::handle& obj, std::optional<Dtype> dtype);

// A shape argument: an int or a sequence of ints.
mxcore::Shape to_shape(const py::handle& obj);
// An axis argument: an int or a sequence of ints.
std::vector<int> to_axes(const py::handle& obj);
// Each element of a sequence as an array.
std::vector<array> to_array_list(const py::handle& seq);

// Evaluates a and returns a NumPy array (a copy), or raises for bfloat16.
py::object to_numpy(array a);
py::object tolist(array a);

// The keyword argument `stream` of every op.
using StreamArg = mxcore::StreamOrDevice;

} // namespace mxpy
