// Index windows shared by the gather and scatter kernels (CPU backend).
#pragma once

#include "primitives/indexing.h"

namespace mxcore::cpu {

// Element offsets into `a` of each window start, one per position of the
// broadcast index shape (row-major), after wrapping negative indices and
// checking that every window fits. Throws std::out_of_range naming `op`.
// `shape`/`strides` describe the indexed array (strides in elements).
std::vector<int64_t> window_offsets(const char* op, const Shape& shape, const Strides& strides,
                                    const std::vector<array>& indices,
                                    const std::vector<int>& axes, const Shape& window);

} // namespace mxcore::cpu
