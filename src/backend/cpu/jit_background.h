// Background builds of JIT kernels: with them on, a Compiled primitive whose
// kernel is neither loaded nor in the disk cache queues its build and runs
// on the eager kernels meanwhile; calls after the build finished use the
// kernel. A real program's first run then costs about its eager run instead
// of a compiler run per kernel, one after another.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

namespace mxcore::cpu {

// On by default: a first call runs on the eager kernels while its kernels
// build. $MXCORE_JIT_BACKGROUND=0 (read once) or set_jit_background(false)
// make a first call build its kernels before returning.
bool jit_background();
void set_jit_background(bool on);

// The kernel under `key` when it is loaded or a verified disk cache entry
// exists (loaded now: one dlopen); otherwise queues its build (once per key)
// and returns nullptr: the caller evaluates with the eager kernels. nullptr
// too for a kernel whose build failed (warned once by the builder).
// render() gives the source; it is not called while the build is pending.
void* jit_find_or_queue(const std::string& key, const std::string& kernel_name,
                        const std::string& stem, const std::string& symbol,
                        const std::function<std::string()>& render);

// Blocks until every queued build has finished (tests, benchmarks).
void jit_wait_for_background_builds();

// Builds queued or running now.
int64_t jit_background_pending();

} // namespace mxcore::cpu
