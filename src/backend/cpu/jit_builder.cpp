// Compiler discovery, the build of emitted sources, and the in-memory table
// of loaded kernels. The disk cache is kernel_cache.*, the compiler process
// compiler_process.*.
#include "backend/cpu/jit_builder.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <climits>
#include <cstdlib>
#include <fstream>
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
// No -ffast-math: NaN and inf must behave as in the eager kernels.
// -fno-trapping-math lets GCC if-convert the branch-free float functors of
// kernel_ops.h (selects between polynomial pieces) and vectorize them.
// Build time (g++ 12, gelu kernel, CPU time of the whole compiler run):
// sources include no standard header, so g++ spends its time on the kernel.
// -O3 costs ~30 ms over -O2 but -O2 leaves the loops scalar (-O2 with the
// dynamic cost model costs as much as -O3); -pipe skips the temporary
// assembly file; kernels neither throw nor need RTTI or unwind tables.
// -mprefer-vector-width=512: GCC keeps AVX-512 CPUs to 256-bit vectors by
// default; the fused kernels' polynomial math (gelu's erf) runs 1.4x faster
// in 512-bit registers (1.05 -> 0.75 ms for 2^20 floats on one core here).
// Without AVX-512 the flag changes nothing.
constexpr const char* jit_compile_flags[] = {
    "-std=c++20", "-O3", "-march=native", "-mprefer-vector-width=512", "-fPIC", "-pipe",
    "-fno-exceptions", "-fno-rtti", "-fno-asynchronous-unwind-tables", "-fno-plt",
    "-fno-math-errno", "-fno-trapping-math", "-ffp-contract=fast", "-w"};
// Linking: kernels call nothing from the C++ runtime or libm, so the default
// link line (crt files, libstdc++, libm, libgcc_s, libc: ~25 ms of ld) is
// replaced by libgcc alone (its half-precision conversion helpers); the rare
// libc symbol (memcpy, memset emitted by GCC) resolves at dlopen against the
// process, where libc is always loaded.
constexpr const char* jit_link_flags[] = {"-shared", "-nostdlib"};
constexpr const char* jit_link_libraries[] = {"-lgcc"};

std::atomic<int64_t> compiler_runs{0};
std::atomic<bool> shutting_down{false}; // the process exits: no more builds, no warnings
std::atomic<bool> force_large{false};

bool is_executable(const std::string& path) {
  struct stat st;
  return !path.empty() && ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) &&
         ::access(path.c_str(), X_OK) == 0;
}

std::string search_path(const std::string& name) {
  const char* path = std::getenv("PATH");
  if (!path) return "";
  std::stringstream ss(path);
  std::string dir;
  while (std::getline(ss, dir, ':')) {
    if (dir.empty()) continue;
    auto cand = dir + "/" + name;
    if (is_executable(cand)) return cand;
  }
  return "";
}

std::string resolve(const std::string& name) {
  if (name.find('/') != std::string::npos) return is_executable(name) ? name : "";
  return search_path(name);
}

std::string find_compiler() {
  if (const char* env = std::getenv("MXCORE_CXX"); env && *env) {
    return resolve(env); // an explicit choice: no silent substitute
  }
  for (const char* name : {"c++", "g++", "clang++"}) {
    if (auto p = search_path(name); !p.empty()) return p;
  }
#ifdef MXCORE_DEFAULT_CXX
  if (auto p = resolve(MXCORE_DEFAULT_CXX); !p.empty()) return p;
#endif
  return "";
}

// Warned once; the JIT is switched off afterwards.
void warn_unavailable(const std::string& why) {
  jit_warn_once("unavailable", why + "; compiled functions run with eager kernels instead.");
}

std::string read_tail(const std::string& path, size_t max_chars) {
  std::ifstream f(path);
  std::string s((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  return s.size() > max_chars ? "..." + s.substr(s.size() - max_chars) : s;
}

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
    r.log = read_tail(r.build_dir + "/k.log", 2000);
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

// -march=native kernels are only valid on the CPU they were built for: the
// entry names cover the CPU model and feature flags too (a home directory
// shared across machines must not hand out illegal instructions).
std::string cpu_identity() {
  std::ifstream info("/proc/cpuinfo");
  std::string line, model, flags;
  while (std::getline(info, line) && (model.empty() || flags.empty())) {
    if (model.empty() && line.rfind("model name", 0) == 0) model = line;
    if (flags.empty() && line.rfind("flags", 0) == 0) flags = line;
  }
  return model + "|" + flags;
}

// Names the private cache entry that holds a compiler's `--version` output,
// keyed by the binary it resolves to (symlinks followed) with its mtime and
// size, so a second process reads it instead of running the compiler, and an
// upgraded or replaced compiler is probed again; HMAC-verified like every
// entry. "" when the compiler cannot be statted.
std::string version_probe_entry(const std::string& compiler) {
  char real[PATH_MAX];
  struct stat st;
  if (::realpath(compiler.c_str(), real) == nullptr || ::stat(real, &st) != 0) return "";
  std::ostringstream key;
  key << real << "|" << st.st_mtim.tv_sec << "." << st.st_mtim.tv_nsec << "|" << st.st_size
      << "|" << st.st_ino;
  // ".probe", not ".kernel": it is no kernel (the cache's size cap and
  // clearing still cover it).
  std::string name = kernel_entry_name("compiler_version", {compiler, key.str()});
  return name.substr(0, name.size() - std::string(".kernel").size()) + ".probe";
}

// The compiler's path and `--version` output, probed once per compiler
// binary (cached across processes): part of every entry name, so an upgraded
// compiler never reuses old objects. nullopt (after a warning, with the JIT
// switched off) if it does not answer.
const std::optional<std::string>& compiler_identity() {
  // Leaked, like every table here: a background build may still read it at exit.
  static const auto* id = new std::optional<std::string>([]() -> std::optional<std::string> {
    const std::string probe_entry = version_probe_entry(jit_compiler());
    std::string version;
    if (!probe_entry.empty() && kernel_cache_read_blob(probe_entry, &version)) {
      return jit_compiler() + "\n" + version;
    }
    auto dir = kernel_cache_make_build_dir();
    if (dir.empty()) {
      warn_unavailable("no private directory to build kernels in");
      return std::nullopt;
    }
    double timeout = jit_timeout_seconds();
    auto run = run_with_timeout({jit_compiler(), "--version"}, dir + "/version.log", timeout);
    version = read_tail(dir + "/version.log", 4000);
    kernel_cache_remove_build_dir(dir);
    if (!run.succeeded()) {
      std::ostringstream why;
      why << "the C++ compiler " << jit_compiler() << " --version ";
      if (run.outcome == ProcessResult::Outcome::timed_out) {
        why << "did not answer within " << timeout << " s (MXCORE_JIT_TIMEOUT)";
      } else {
        why << "failed (" << run.describe() << ")";
      }
      warn_unavailable(why.str());
      return std::nullopt;
    }
    if (!probe_entry.empty()) kernel_cache_write_blob(probe_entry, version);
    return jit_compiler() + "\n" + version;
  }());
  return *id;
}

} // namespace

// The cache entry name of a kernel: covers the source, the compiler, the
// flags and the CPU. nullopt when the compiler does not answer (warned).
std::optional<std::string> jit_entry_name(const std::string& stem, const std::string& symbol,
                                          const std::string& source) {
  const auto& identity = compiler_identity();
  if (!identity) return std::nullopt;
  static const auto* flags = new std::string([] {
    std::string all;
    for (auto& f : jit_compile_flags) all += std::string(f) + " ";
    for (auto& f : jit_link_flags) all += std::string(f) + " ";
    for (auto& f : jit_link_libraries) all += std::string(f) + " ";
    return all;
  }());
  static const auto* cpu = new std::string(cpu_identity());
  return kernel_entry_name(stem, {*identity, *flags, *cpu, symbol, source});
}

std::vector<std::string> jit_compiler_command(const std::string& source_path,
                                              const std::string& output_path) {
  std::vector<std::string> argv{jit_compiler()};
  argv.insert(argv.end(), std::begin(jit_compile_flags), std::end(jit_compile_flags));
  argv.insert(argv.end(), std::begin(jit_link_flags), std::end(jit_link_flags));
  argv.insert(argv.end(), {source_path, "-o", output_path});
  argv.insert(argv.end(), std::begin(jit_link_libraries), std::end(jit_link_libraries));
  return argv;
}

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

const std::string& jit_compiler() {
  static const auto* cxx = new std::string([] {
    auto c = find_compiler();
    if (c.empty()) {
      const char* env = std::getenv("MXCORE_CXX");
      warn_unavailable(env && *env ? std::string("MXCORE_CXX=") + env +
                                         " is not an executable C++ compiler"
                                   : std::string("no C++ compiler found"));
    }
    return c;
  }());
  return *cxx;
}

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
      warn_unavailable(msg);
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
