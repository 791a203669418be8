// The two halves of vmap, separate so that the Python binding can learn the
// output structure (for pytree out_axes) between tracing and replaying.
#pragma once

#include <utility>
#include <vector>

#include "mxcore/transforms.h"

namespace mxcore::detail {

// Runs fun on placeholder inputs without the batch axis (in_axes[i] == -1:
// input i is used as is). Returns (placeholder inputs, traced outputs).
std::pair<std::vector<array>, std::vector<array>> vmap_trace(
    const ArrayFn& fun, const std::vector<array>& inputs,
    const std::vector<int>& in_axes);

// Replays the traced graph on the real inputs with each primitive's vmap rule
// and moves the batch axis of output i to out_axes[i] (-1: the output must
// not be batched and is returned as traced).
std::vector<array> vmap_replace(const std::vector<array>& inputs,
                                const std::vector<array>& s_inputs,
                                const std::vector<array>& s_outputs,
                                const std::vector<int>& in_axes,
                                const std::vector<int>& out_axes);

} // namespace mxcore::detail
