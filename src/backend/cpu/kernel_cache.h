// The JIT's on-disk kernel cache. Whatever it hands to dlopen runs with the
// user's rights, so nothing in it is trusted by name or location:
// - the root ($MXCORE_CACHE_DIR, else $XDG_CACHE_HOME/mxcore, else
//   ~/.cache/mxcore) is re-checked on every use: a directory owned by this
//   user and not writable by group or others; below it no symbolic links. An
//   unsafe root is refused with one warning for a fresh private mkdtemp
//   directory (also used when there is no HOME);
// - entries are named by a hash of everything that determines the object and
//   carry an HMAC-SHA-256 of it under a random per-user key (root/key, 0600);
//   the bytes are read once, verified, and the verified copy is loaded, so a
//   planted, corrupted or swapped file is deleted and rebuilt, never loaded;
// - files are written 0600 (directories 0700) whatever the umask, under a
//   temporary name and renamed into place, so concurrent processes are safe;
// - the entries are capped at $MXCORE_CACHE_MAX_MB (default 1024) megabytes,
//   least recently used evicted first.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace mxcore::cpu {

// The entry name for a kernel: the stem (sanitized) and the SHA-256 of the
// parts that determine its object (source, compiler identity, flags, ...).
std::string kernel_entry_name(const std::string& stem,
                              std::initializer_list<std::string_view> identity);

// dlopen handle of the verified entry `name` (which must export `symbol`), or
// nullptr if there is none or it fails verification; a rejected entry is
// deleted and *rejected says why.
void* kernel_cache_load(const std::string& name, const std::string& symbol,
                        std::string* rejected);

// Authenticates `object` (an already validated shared object), stores it
// under `name` and loads it. nullptr with *error set if it cannot.
void* kernel_cache_store(const std::string& name, const std::string& object,
                         const std::string& symbol, std::string* error);

// Entries of other kernel objects (GPU cubins), with the same checks and
// HMAC minus the shared-object ones: read gives the verified bytes (false if
// absent or rejected, a rejected entry is deleted); write stores them.
bool kernel_cache_read_blob(const std::string& name, std::string* bytes);
bool kernel_cache_write_blob(const std::string& name, const std::string& bytes);

// A fresh private (0700) scratch directory inside the cache for one compiler
// run, or "" if there is no usable cache; remove it with
// kernel_cache_remove_build_dir.
std::string kernel_cache_make_build_dir();
void kernel_cache_remove_build_dir(const std::string& path);

// Build directories that outlive their process (jit_handoff.h): a fresh one,
// or "" when there is no usable cache or it is a private root removed at
// exit; and the paths of those present, each a private directory of this
// user (a later process adopts what finished in them). Removed with
// kernel_cache_remove_build_dir, or as stale scratch after an hour.
std::string kernel_cache_make_handoff_dir();
std::vector<std::string> kernel_cache_handoff_dirs();

// Moves a file out of a build directory into the cache as `kept_name`
// (0600), for debugging a failed build; returns its new path ("" if not).
std::string kernel_cache_keep(const std::string& file_path, const std::string& kept_name);

// The checked directory holding the entries ("" if none is usable).
std::string kernel_cache_directory();

// Deletes every entry on disk. Kernels already loaded stay in use.
void clear_kernel_cache();

} // namespace mxcore::cpu
