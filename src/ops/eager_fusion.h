// Composite ops called eagerly (softmax, logsumexp, layer and RMS norm, rope) run
// as one shapeless compiled function per op and settings: the fused row
// kernel a compiled program gets (one pass over each row where the
// composite's primitives take five), from the first call on (while its
// kernel builds in the background the call runs on the eager kernels, with
// the same results). Inside transforms and compile, with compile disabled,
// off the default CPU stream, or on empty arrays the composite runs as
// written.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "mxcore/array.h"
#include "mxcore/ops.h"

namespace mxcore::detail {

using Composite = std::function<std::vector<array>(const std::vector<array>&)>;

// composite(inputs), fused when it applies. `op_id` names the op (the
// address of a static), `settings` every non-array argument the composite
// depends on (axes, flags, eps bits). A composite that reads its inputs'
// shapes (slices, reshapes to given shapes) is traced once per shape
// (shapeless = false).
std::vector<array> run_fused(const void* op_id, std::vector<uint64_t> settings,
                             const std::vector<array>& inputs, StreamOrDevice s,
                             const Composite& composite, bool shapeless = true);

} // namespace mxcore::detail
