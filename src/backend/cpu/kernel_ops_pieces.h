// The JIT preamble cut to what one kernel uses: the embedded text of
// scalar_traits.h + scalar_types.h + kernel_math.h + kernel_ops.h is split at
// kernel_ops.h's "//~ piece" markers, so a kernel's source holds the common
// head, the functors its ops name (with the pieces they need) and the tail.
#pragma once

#include <string>
#include <vector>

namespace mxcore::cpu {

// The preamble text for functors named as kernel_ops.h names them ("Exp",
// "Add"). Throws std::logic_error for a name no piece defines.
std::string kernel_ops_preamble(const std::vector<std::string>& functors);

// Every piece's name, in file order (tests).
std::vector<std::string> kernel_ops_piece_names();

} // namespace mxcore::cpu
