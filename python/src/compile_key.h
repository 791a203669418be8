// The compile-cache key of a call's arguments: the arrays of the argument
// trees (the inputs of the compiled graph) and an exact encoding of the rest
// (tree structure, dict keys, constants), so that two calls share a trace only
// when their non-array arguments are equal, not merely equal in hash.
#pragma once

#include <cstdint>
#include <vector>

#include "bindings.h"
#include "mxcore/array.h"

namespace mxpy {

// Appends the encoding of `tree` to `key` and its array leaves to `arrays`
// (in tree order, the order tree_unflatten fills them back). Two trees get
// the same encoding exactly when they have the same containers (types
// included), the same dict keys and equal constants of the same type; floats
// compare by their bits (0.0 and -0.0 differ, a NaN equals itself). Leaves
// other than arrays, None, bool, int, float and str raise ValueError.
void append_call_key(py::handle tree, std::vector<mxcore::array>& arrays,
                     std::vector<uint64_t>& key);

} // namespace mxpy
