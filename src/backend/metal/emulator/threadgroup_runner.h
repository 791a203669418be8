// Runs one dispatch of an emulated kernel over its grid, a threadgroup at a
// time. Threads of a group whose library uses threadgroup_barrier run as
// fibers (ucontext) on the calling OS thread: each runs until it reaches a
// barrier, and the group passes the barrier only when every thread has
// reached it (a barrier some threads skip is reported, as it would hang a
// GPU). Other kernels run their threads in a plain loop.
//
// A memory fault inside the kernel (a guard page of a device buffer, see
// emulated_buffer.h) is caught and reported as std::runtime_error naming
// the kernel; faults elsewhere go to the previous signal handler.
#pragma once

#include <string>

#include "backend/metal/device_api.h"
#include "backend/metal/emulator/launch_abi.h"

namespace mxcore::metal::emulator {

// uniform: dispatch_threadgroups (every group full); otherwise
// dispatch_threads (grid threads exactly; edge groups partial).
void run_dispatch(const mxemu_Table& table, const mxemu_Entry& entry, void* const* buffers,
                  api::Size3 grid_or_groups, api::Size3 group, bool uniform);

} // namespace mxcore::metal::emulator
