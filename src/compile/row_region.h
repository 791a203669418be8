// Row regions: fused regions that contain reductions over the last axis.
//
// A row region computes, for each row of a "full" shape F = (rows..., cols),
// elementwise expressions over the row, reduces some of them to one value per
// row (shape R = (rows..., 1)), and uses those values in later expressions.
// The CPU JIT runs such a region as one kernel that walks one row at a time
// (see kernel/cstyle_row_loop.cpp). The fuser (fuse.cpp) asks the questions
// below; everything else about the region is checked here, in one place.
#pragma once

#include <optional>
#include <vector>

#include "mxcore/array.h"
#include "mxcore/primitives.h"

namespace mxcore::detail {

// Whether a (which has a primitive) is a Sum/Prod/Min/Max over exactly the
// last axis of a real (non-complex) input: a reduction a row kernel computes.
bool is_row_reduce(const array& a);

// Whether any tape node is a reduction (so the region needs a row kernel).
bool has_reduce(const std::vector<array>& tape);

// The shape F the reductions among members reduce when they all are row
// reductions of one shape; nothing otherwise (or when there are none).
std::optional<Shape> row_reduce_shape(const std::vector<array>& members);

// Whether a has a row region's full shape F or its reduced shape R.
bool fits_row_region(const array& a, const Shape& full);

// The full shape F of a region (members and the region's outputs), or nothing
// when the region is not a valid row region: every reduction must be a row
// reduction of the same shape F, and every member and output must have shape
// F or R.
std::optional<Shape> row_region_shape(const std::vector<array>& members,
                                      const std::vector<array>& outputs);

} // namespace mxcore::detail
