// The CPU JIT builder: finds a C++ compiler, builds emitted sources into
// shared objects (the compiler runs under a timeout and its output is
// validated), keeps them in the verified on-disk cache of kernel_cache.h,
// loads them and keeps the function pointers in memory.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "backend/cpu/jit_toolchain.h"

namespace mxcore::cpu {

// Whether the JIT can build: a compiler was found and has not failed.
bool jit_available();

// The checked directory holding built kernels: kernels/ under
// $MXCORE_CACHE_DIR, else $XDG_CACHE_HOME/mxcore or ~/.cache/mxcore (a
// private temporary directory when that is unsafe or there is no HOME).
const std::string& jit_cache_dir();

// Whether `key` was loaded (or failed: fn == nullptr) in this process.
bool jit_lookup(const std::string& key, void*& fn);

// The kernel from the verified disk cache, loaded now, or nullptr when the
// cache has no entry for it: never runs the compiler (background builds
// check the cache in the caller's thread, a cache hit costs one dlopen).
void* jit_load_cached(const std::string& key, const std::string& kernel_name,
                      const std::string& stem, const std::string& symbol,
                      const std::string& source);

// Loads `symbol` from the shared object built from `source` (reusing a
// verified cache entry named by stem + hash of source, compiler and flags),
// compiling it if needed. Returns nullptr if it cannot (no compiler, or the
// build failed, timed out or produced no valid object: one warning per kind
// of failure). kernel_name groups sources for jit_source().
void* jit_load(const std::string& key, const std::string& kernel_name,
               const std::string& stem, const std::string& symbol,
               const std::string& source);

// One kernel to build: the arguments of jit_load.
struct JitRequest {
  std::string key, kernel_name, stem, symbol, source;
};

// Loads every requested kernel as jit_load does, building those missing from
// the disk cache in ONE compiler run: each source goes into a namespace of
// its own in one translation unit (the compiler starts, links and loads
// once), and the object is stored under each kernel's own entry. If that
// build fails, each kernel is built alone (so one bad kernel is reported as
// itself and does not cost the others). Complex kernels (which include
// <complex>) are built alone.
void jit_load_batch(const std::vector<JitRequest>& requests);

// Debugging: the emitted source of the last kernel loaded, and the last one
// loaded for a kernel library name ("" if none).
std::string last_jit_source();
std::string jit_source(const std::string& kernel_name);

// Number of compiler runs in this process (tests check cache reuse).
int64_t jit_compiler_invocations();

// At exit: kills the compilers still running (background builds) and starts
// no other; what they were building is handed off (jit_handoff.h).
void jit_shutdown();

// What a build outside this file (jit_handoff.cpp) needs beside the
// toolchain: whether a source can share a translation unit with others (complex kernels
// include <complex>, which cannot sit inside a namespace),
bool jit_batchable(const std::string& source);
// and that unit: each source in a namespace of its own.
std::string jit_batch_unit(const std::vector<const std::string*>& sources);

// Tests: force 64-bit indices in every variant chosen from now on.
void set_jit_force_large_index(bool force);
bool jit_force_large_index();

} // namespace mxcore::cpu
