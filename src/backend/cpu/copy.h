// Strided copies with dtype conversion, and views (flags from kernel/strides.h).
#pragma once

#include "mxcore/array.h"

namespace mxcore::cpu {

// Copies src into the already-allocated dst (any strides), converting dtype.
void copy_into(const array& src, array& dst);
// Allocates dst row-major and copies src into it.
void copy_to_row_major(const array& src, array& dst);

// True for an array of 2^14 elements or more read across its rows: after
// merging dims, unit stride on the second-to-last and a large one on the
// last (a transpose). Elementwise kernels lay such an input out row-major
// first (row_major_copy: tiles of 16 x 16, through registers for 4-byte
// types) rather than reading it column by column beside row-major ones.
bool reads_across_rows(const array& a);
// Whether an elementwise kernel lays x out row-major first: x is read across
// its rows beside an operand that is neither a scalar nor read the same way
// (beside those the kernel walks x in memory order, the output taking its
// layout).
bool needs_row_layout(const array& x, const array& other);
// A row-major, evaluated copy of a.
array row_major_copy(const array& a);

// Makes out a view of in with new shape/strides and an element offset.
void make_view(const array& in, array& out, const Strides& strides, int64_t offset = 0);

} // namespace mxcore::cpu
