// The build of emitted sources and the in-memory table of loaded kernels.
// The compiler and its flags are jit_toolchain.*, the disk cache
// kernel_cache.*, the compiler process compiler_process.*.
#include "backend/cpu/jit_builder.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <optional>
#include <sstream>
#include <unordered_map>
#include <vector>

#include "backend/cpu/compiler_process.h"
#include "backend/cpu/elf_check.h"
#include "backend/cpu/jit_handoff.h"
#include "backend/cpu/jit_warning.h"
#include "backend/cpu/kernel_cache.h"
#include "compile/compile_log.h"

namespace mxcore::cpu {

namespace {
std::atomic<int64_t> compiler_runs{0};
std::atomic<bool> shutting_down{false}; // the process exits: no more builds, no warnings
std::atomic<bool> force_large{false};

// The bytes of a compiler's output file (without following a symlink).
std::optional<std::string> read_output(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  std::string out;
  char buf[1 << 16];
  ssize_t n;
  while ((n = ::read(fd, buf, sizeof(buf))) > 0 || (n < 0 && errno == EINTR)) {
    if (n > 0) out.append(buf, size_t(n));
  }
  ::close(fd);
  if (n < 0) return std::nullopt;
  return out;
}

// Whether `source` was written to `path` as a new 0600 file.
bool write_source(const std::string& path, const std::string& source) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd < 0) return false;
  const char* p = source.data();
  size_t left = source.size();
  while (left > 0) {
    ssize_t n = ::write(fd, p, left);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    p += n;
    left -= size_t(n);
  }
  return ::close(fd) == 0 && left == 0;
}

// One compiler run over `source` in a fresh build directory.
struct BuildResult {
  enum class Failure { none, no_directory, compiler, timeout, invalid_output };
  Failure failure = Failure::none;
  std::string object; // the validated shared object
  std::string detail; // for failures: what happened
  std::string log;    // for compiler failures: the tail of its output
  std::string build_dir; // kept until the caller is done (removed by ~BuildResult)
  ~BuildResult() { kernel_cache_remove_build_dir(build_dir); }
};

void build(const std::string& source, const std::string& symbol, BuildResult& r) {
  r.build_dir = kernel_cache_make_build_dir();
  if (r.build_dir.empty() || !write_source(r.build_dir + "/k.cpp", source)) {
    r.failure = BuildResult::Failure::no_directory;
    r.detail = "no private directory to build kernels in";
    return;
  }
  auto argv = jit_compiler_command(r.build_dir + "/k.cpp", r.build_dir + "/k.so");
  compiler_runs++;
  double timeout = jit_timeout_seconds();
  auto run = run_with_timeout(argv, r.build_dir + "/k.log", timeout);
  if (run.outcome == ProcessResult::Outcome::timed_out) {
    r.failure = BuildResult::Failure::timeout;
    std::ostringstream ss;
    ss << "the C++ compiler " << jit_compiler() << " did not finish within " << timeout
       << " s (MXCORE_JIT_TIMEOUT) and was killed";
    r.detail = ss.str();
    return;
  }
  if (!run.succeeded()) {
    r.failure = BuildResult::Failure::compiler;
    r.detail = run.describe();
    r.log = read_log_tail(r.build_dir + "/k.log", 2000);
    return;
  }
  auto object = read_output(r.build_dir + "/k.so");
  std::string problem = object ? shared_object_problem(*object, symbol) : "missing";
  if (!problem.empty()) {
    r.failure = BuildResult::Failure::invalid_output;
    r.detail = "the C++ compiler " + jit_compiler() +
               " exited 0 but its output is not a usable shared object (" + problem + ")";
    return;
  }
  r.object = std::move(*object);
}

// Whether the compiler builds a trivial shared object: tells a broken
// toolchain (stop using the JIT) from one kernel that does not compile.
bool toolchain_works() {
  BuildResult r;
  build("extern \"C\" int mxcore_probe() { return 1; }\n", "mxcore_probe", r);
  return r.failure == BuildResult::Failure::none;
}

struct JitState {
  std::mutex build_mtx; // one build at a time; held while the compiler runs
  std::mutex mtx;       // the tables below; never held while compiling
  std::unordered_map<std::string, void*> functions; // key -> symbol (nullptr: failed)
  std::unordered_map<std::string, std::string> sources; // kernel name -> source
  std::string last_source;
  bool compiler_worked = false;
  std::atomic<bool> disabled{false};
};
JitState& state() {
  static auto* s = new JitState(); // never destroyed: kernels may run at exit
  return *s;
}

} // namespace

bool jit_batchable(const std::string& source) {
  return source.find("#define MXCORE_JIT_COMPLEX") == std::string::npos;
}

std::string jit_batch_unit(const std::vector<const std::string*>& sources) {
  std::string unit;
  for (size_t k = 0; k < sources.size(); ++k) {
    unit += "namespace mxcore_batch_" + std::to_string(k) + " {\n";
    unit += *sources[k];
    unit += "\n} // namespace mxcore_batch_" + std::to_string(k) + "\n";
  }
  return unit;
}

namespace {

// The verified entry loaded, or nullptr (a rejected one is deleted: warned).
// MXCORE_LOG=compile: the kernel's source beside its cache entry (0600), so
// the log can point at it; "" when it cannot be written.
std::string logged_source(const std::string& entry, const std::string& source) {
  auto dir = kernel_cache_directory();
  if (dir.empty()) return "";
  auto path = dir + "/" + entry + ".source.cpp";
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0600);
  if (fd < 0) return "";
  bool ok = ::write(fd, source.data(), source.size()) == static_cast<ssize_t>(source.size());
  ::close(fd);
  return ok ? path : "";
}

void log_kernel(const std::string& what, const std::string& stem, const std::string& entry,
                const std::string& source) {
  if (!detail::compile_log_enabled()) return;
  auto path = logged_source(entry, source);
  detail::compile_log("kernel " + stem + ": " + what +
                      (path.empty() ? "" : "; source " + path));
}

void* load_verified(const std::string& entry, const std::string& symbol) {
  std::string rejected;
  void* lib = kernel_cache_load(entry, symbol, &rejected);
  if (!rejected.empty()) {
    jit_warn_once("rejected-entry", "discarded the kernel cache entry " + entry + " because " +
                                        rejected + "; it is rebuilt.");
  }
  return lib;
}

// A miss looks once more after adopting what builds handed off by exited
// processes have finished (the first miss of a process, then while some run).
void* load_cached(const std::string& entry, const std::string& symbol) {
  if (void* lib = load_verified(entry, symbol)) return lib;
  return jit_adopt_handoffs_if_due() > 0 ? load_verified(entry, symbol) : nullptr;
}

} // namespace

bool jit_available() {
  return !jit_compiler().empty() && !state().disabled;
}

const std::string& jit_cache_dir() {
  thread_local std::string dir;
  dir = kernel_cache_directory();
  return dir;
}

bool jit_lookup(const std::string& key, void*& fn) {
  auto& s = state();
  std::lock_guard lock(s.mtx);
  auto it = s.functions.find(key);
  if (it == s.functions.end()) return false;
  fn = it->second;
  return true;
}

void* jit_load_cached(const std::string& key, const std::string& kernel_name,
                      const std::string& stem, const std::string& symbol,
                      const std::string& source) {
  if (!jit_available()) return nullptr;
  auto& s = state();
  {
    std::lock_guard lock(s.mtx);
    if (auto it = s.functions.find(key); it != s.functions.end()) return it->second;
    s.sources[kernel_name] = source;
    s.last_source = source;
  }
  auto entry = jit_entry_name(stem, symbol, source);
  if (!entry) {
    s.disabled = true;
    return nullptr;
  }
  void* lib = load_cached(*entry, symbol);
  void* fn = lib ? ::dlsym(lib, symbol.c_str()) : nullptr;
  if (!fn) return nullptr; // a missing symbol is reported by the build that follows
  log_kernel("kernel cache hit", stem, *entry, source);
  std::lock_guard lock(s.mtx);
  s.functions[key] = fn;
  return fn;
}

void* jit_load(const std::string& key, const std::string& kernel_name,
               const std::string& stem, const std::string& symbol,
               const std::string& source) {
  if (!jit_available()) return nullptr;
  auto& s = state();
  std::lock_guard build_lock(s.build_mtx); // others building wait for this one
  {
    std::lock_guard lock(s.mtx);
    if (auto it = s.functions.find(key); it != s.functions.end()) return it->second;
    s.sources[kernel_name] = source;
    s.last_source = source;
  }
  auto finish = [&](void* fn) {
    std::lock_guard lock(s.mtx);
    s.functions[key] = fn;
    return fn;
  };
  // A failure of `kind` falls back to eager kernels with one warning per
  // kind; a compiler that cannot build even a trivial probe switches the JIT
  // off.
  auto fail = [&](const std::string& kind, const std::string& msg) -> void* {
    if (shutting_down) return finish(nullptr); // killed at exit: not the compiler's fault
    if (!s.compiler_worked) s.compiler_worked = toolchain_works();
    if (!s.compiler_worked) {
      s.disabled = true;
      jit_warn_unavailable(msg);
    } else {
      jit_warn_once(kind, msg + "; this compiled function runs with eager kernels.");
    }
    return finish(nullptr);
  };

  auto entry = jit_entry_name(stem, symbol, source);
  if (!entry) {
    s.disabled = true;
    return finish(nullptr);
  }
  void* lib = load_cached(*entry, symbol);
  if (lib) {
    log_kernel("kernel cache hit", stem, *entry, source);
  } else {
    if (shutting_down) return nullptr;
    BuildResult built;
    auto started = std::chrono::steady_clock::now();
    build(source, symbol, built);
    switch (built.failure) {
      case BuildResult::Failure::none:
        break;
      case BuildResult::Failure::no_directory:
        return fail("cache", built.detail);
      case BuildResult::Failure::timeout:
        return fail("timeout", built.detail);
      case BuildResult::Failure::invalid_output:
        return fail("invalid-output", built.detail);
      case BuildResult::Failure::compiler: {
        // A compiler killed at exit left no failure worth keeping: nothing
        // beside the cache entry (a .failed.cpp with an empty log misled).
        if (shutting_down) return finish(nullptr);
        auto kept = kernel_cache_keep(built.build_dir + "/k.cpp", *entry + ".failed.cpp");
        kernel_cache_keep(built.build_dir + "/k.log", *entry + ".failed.log");
        return fail("compile-error", "the C++ compiler " + jit_compiler() + " failed on kernel " +
                                         stem + " (" + built.detail +
                                         (kept.empty() ? "" : "; source kept at " + kept) +
                                         "):\n" + built.log);
      }
    }
    std::string error;
    lib = kernel_cache_store(*entry, built.object, symbol, &error);
    if (!lib) return fail("load", "cannot store or load kernel " + stem + ": " + error);
    auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                  std::chrono::steady_clock::now() - started).count();
    log_kernel("built by " + jit_compiler() + " in " + std::to_string(ms) + " ms", stem, *entry,
               source);
  }
  s.compiler_worked = true; // a usable library exists: the toolchain works

  // Libraries stay loaded for the life of the process.
  void* fn = ::dlsym(lib, symbol.c_str());
  if (!fn) return fail("load", "symbol " + symbol + " missing from kernel " + *entry);
  return finish(fn);
}

void jit_load_batch(const std::vector<JitRequest>& requests) {
  if (!jit_available()) return;
  auto& s = state();
  // Kernels loaded already or found on disk need no build.
  std::vector<const JitRequest*> missing;
  std::vector<std::string> entries;
  for (auto& r : requests) {
    void* fn = nullptr;
    if (jit_lookup(r.key, fn)) continue;
    if (jit_load_cached(r.key, r.kernel_name, r.stem, r.symbol, r.source)) continue;
    if (!jit_available()) return;
    auto entry = jit_entry_name(r.stem, r.symbol, r.source);
    if (!entry) return;
    missing.push_back(&r);
    entries.push_back(*entry);
  }
  auto one_by_one = [&](size_t from) {
    for (size_t i = from; i < missing.size(); ++i) {
      auto& r = *missing[i];
      jit_load(r.key, r.kernel_name, r.stem, r.symbol, r.source);
    }
  };
  std::vector<size_t> batch; // positions in `missing` that can share a unit
  std::vector<const std::string*> sources;
  for (size_t i = 0; i < missing.size(); ++i) {
    if (!jit_batchable(missing[i]->source)) continue;
    batch.push_back(i);
    sources.push_back(&missing[i]->source);
  }
  if (batch.size() < 2 || shutting_down) return one_by_one(0);

  auto unit = jit_batch_unit(sources);
  BuildResult::Failure failure;
  {
    std::lock_guard build_lock(s.build_mtx);
    BuildResult built;
    build(unit, missing[batch[0]]->symbol, built);
    for (size_t k = 0; k < batch.size() && built.failure == BuildResult::Failure::none; ++k) {
      if (!shared_object_problem(built.object, missing[batch[k]]->symbol).empty()) {
        built.failure = BuildResult::Failure::invalid_output;
      }
    }
    failure = built.failure;
    for (size_t k = 0; k < batch.size() && failure == BuildResult::Failure::none; ++k) {
      auto& r = *missing[batch[k]];
      std::string error;
      void* lib = kernel_cache_store(entries[batch[k]], built.object, r.symbol, &error);
      void* fn = lib ? ::dlsym(lib, r.symbol.c_str()) : nullptr;
      if (!fn) continue; // built (and reported) alone below
      log_kernel("built in one compiler run with " + std::to_string(batch.size() - 1) +
                     " other kernel(s)", r.stem, entries[batch[k]], r.source);
      s.compiler_worked = true;
      std::lock_guard lock(s.mtx);
      s.functions[r.key] = fn;
      s.sources[r.kernel_name] = r.source;
      s.last_source = r.source;
    }
  }
  if (failure == BuildResult::Failure::none || failure == BuildResult::Failure::compiler) {
    // The rest (after a compile error: every kernel) one at a time, so a bad
    // kernel is reported as itself; jit_load skips those loaded above.
    return one_by_one(0);
  }
  // A compiler that hangs, lies or has nowhere to build fails every kernel
  // alike: the first one alone reproduces it (warning once, or switching the
  // JIT off), and the others are not tried again, one timeout each (unless
  // the first one builds alone after all).
  if (jit_load(missing[0]->key, missing[0]->kernel_name, missing[0]->stem, missing[0]->symbol,
               missing[0]->source)) {
    return one_by_one(1);
  }
  std::lock_guard lock(s.mtx);
  for (auto* r : missing) s.functions.try_emplace(r->key, nullptr);
}

std::string last_jit_source() {
  auto& s = state();
  std::lock_guard lock(s.mtx);
  return s.last_source;
}

std::string jit_source(const std::string& kernel_name) {
  auto& s = state();
  std::lock_guard lock(s.mtx);
  auto it = s.sources.find(kernel_name);
  return it == s.sources.end() ? "" : it->second;
}

int64_t jit_compiler_invocations() { return compiler_runs.load(); }

void jit_shutdown() {
  shutting_down = true;
  kill_running_compilers();
}

void set_jit_force_large_index(bool force) { force_large = force; }
bool jit_force_large_index() { return force_large.load(); }

} // namespace mxcore::cpu
