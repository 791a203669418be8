// The JIT's toolchain: which compiler (found once), the flags it is called
// with, its identity (probed once per compiler binary, cached across
// processes) and the cache entry names built from them.
#include "backend/cpu/jit_toolchain.h"

#include <sys/stat.h>
#include <unistd.h>

#include <climits>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "backend/cpu/compiler_process.h"
#include "backend/cpu/jit_warning.h"
#include "backend/cpu/kernel_cache.h"

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
      jit_warn_unavailable("no private directory to build kernels in");
      return std::nullopt;
    }
    double timeout = jit_timeout_seconds();
    auto run = run_with_timeout({jit_compiler(), "--version"}, dir + "/version.log", timeout);
    version = read_log_tail(dir + "/version.log", 4000);
    kernel_cache_remove_build_dir(dir);
    if (!run.succeeded()) {
      std::ostringstream why;
      why << "the C++ compiler " << jit_compiler() << " --version ";
      if (run.outcome == ProcessResult::Outcome::timed_out) {
        why << "did not answer within " << timeout << " s (MXCORE_JIT_TIMEOUT)";
      } else {
        why << "failed (" << run.describe() << ")";
      }
      jit_warn_unavailable(why.str());
      return std::nullopt;
    }
    if (!probe_entry.empty()) kernel_cache_write_blob(probe_entry, version);
    return jit_compiler() + "\n" + version;
  }());
  return *id;
}

} // namespace

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

void jit_warn_unavailable(const std::string& why) {
  jit_warn_once("unavailable", why + "; compiled functions run with eager kernels instead.");
}

const std::string& jit_compiler() {
  static const auto* cxx = new std::string([] {
    auto c = find_compiler();
    if (c.empty()) {
      const char* env = std::getenv("MXCORE_CXX");
      jit_warn_unavailable(env && *env ? std::string("MXCORE_CXX=") + env +
                                         " is not an executable C++ compiler"
                                   : std::string("no C++ compiler found"));
    }
    return c;
  }());
  return *cxx;
}

} // namespace mxcore::cpu
