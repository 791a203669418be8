// Strided copies with dtype conversion, and views (flags from kernel/strides.h).
#pragma once

#include "mxcore/array.h"

namespace mxcore::cpu {

// Copies src into the already-allocated dst (any strides), converting dtype.
void copy_into(const array& src, array& dst);
// Allocates dst row-major and copies src into it.
void copy_to_row_major(const array& src, array& dst);

// Makes out a view of in with new shape/strides and an element offset.
void make_view(const array& in, array& out, const Strides& strides, int64_t offset = 0);

} // namespace mxcore::cpu
