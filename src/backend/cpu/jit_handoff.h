// Builds that outlive their process. A short program exits while background
// builds are still queued or running (jit_background.h); killing them would
// make every run of it start on eager kernels and build the same kernels
// again. Instead the exiting process hands them off: one compiler run in a
// detached session builds them all into a private directory of the kernel
// cache (under the JIT timeout, niced), and the next process that misses a
// kernel adopts the finished object: validated, HMAC-authenticated and
// stored under each kernel's own entry, as if it had built it itself.
#pragma once

#include <vector>

#include "backend/cpu/jit_builder.h"

namespace mxcore::cpu {

// At exit: starts the detached build of `requests` (those not loaded yet
// and not failed). Nothing when the JIT is off, the cache is a private root
// removed at exit, or $MXCORE_JIT_HANDOFF=0.
void jit_hand_off(const std::vector<JitRequest>& requests);

// Stores the kernels of every finished handoff in the cache and removes its
// directory (also those that failed or were abandoned long ago); returns how
// many kernels were stored. Scans on a process's first cache miss, and later
// ones only while a handoff seen before is still running (at most every
// 100 ms): a miss costs no directory scan otherwise.
int jit_adopt_handoffs_if_due();

} // namespace mxcore::cpu
