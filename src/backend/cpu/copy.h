// Strided copies with dtype conversion, and layout flags of views.
#pragma once

#include "mxcore/array.h"

namespace mxcore::cpu {

// Copies src into the already-allocated dst (any strides), converting dtype.
void copy_into(const array& src, array& dst);
// Allocates dst row-major and copies src into it.
void copy_to_row_major(const array& src, array& dst);

// Flags of a view with the given shape and strides.
array::Flags view_flags(const Shape& shape, const Strides& strides);
// Number of elements spanned in memory by a view (for data_size), assuming
// non-negative strides; views with negative strides report size().
size_t view_data_size(const Shape& shape, const Strides& strides);

// Makes out a view of in with new shape/strides and an element offset.
void make_view(const array& in, array& out, const Strides& strides, int64_t offset = 0);

} // namespace mxcore::cpu
