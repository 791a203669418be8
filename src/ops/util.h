// Helpers shared by the op builders.
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "mxcore/ops.h"

namespace mxcore {

// Maps a possibly negative axis into [0, ndim); throws axis_error
// (mxcore/errors.h) naming the op.
int normalize_axis(int axis, int ndim, const char* op);
// Normalizes, sorts and checks for duplicates.
std::vector<int> normalize_axes(const std::vector<int>& axes, int ndim, const char* op);
std::string shape_str(const Shape& shape);

// broadcast_arrays as mx.broadcast_arrays calls it: under shapeless compile
// the broadcasts follow each call's common shape. (The op builders keep
// broadcast_arrays: compile's shapeless rewrite follows theirs.)
std::vector<array> broadcast_arrays_following(const std::vector<array>& inputs,
                                              StreamOrDevice s = {});

// Result dtype of an arithmetic op on a and b.
inline Dtype result_type(const array& a, const array& b) {
  return promote_types(a.dtype(), b.dtype());
}
// Promotes integers and bools to float32 (for exp, sqrt, divide, ...).
inline Dtype at_least_float(Dtype t) {
  return is_inexact(t) ? t : float32;
}

} // namespace mxcore
