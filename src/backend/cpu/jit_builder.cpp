// Compiler discovery, the on-disk kernel cache and dlopen.
#include "backend/cpu/jit_builder.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <mutex>
#include <random>
#include <sstream>
#include <unordered_map>
#include <vector>

extern char** environ;

namespace mxcore::cpu {

namespace fs = std::filesystem;

namespace {

// No -ffast-math: NaN and inf must behave as in the eager kernels.
// -fno-trapping-math lets GCC if-convert the branch-free float functors of
// kernel_ops.h (selects between polynomial pieces) and vectorize them.
const std::vector<std::string> jit_flags = {
    "-std=c++20", "-O3", "-march=native", "-fPIC", "-shared",
    "-fno-math-errno", "-fno-trapping-math", "-ffp-contract=fast", "-w"};

std::atomic<int64_t> compiler_runs{0};
std::atomic<bool> force_large{false};

// FNV-1a: stable across processes and builds (std::hash is not promised to be).
uint64_t stable_hash(const std::string& s) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : s) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

std::string hex(uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof(buf), "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

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

std::once_flag warn_once;
void warn_unavailable(const std::string& why) {
  std::call_once(warn_once, [&] {
    std::cerr << "[mxcore] warning: " << why
              << "; compiled functions run with eager kernels instead.\n";
  });
}

// Runs argv with stdout/stderr to log_path; returns the exit status or -1.
int run_process(const std::vector<std::string>& argv, const std::string& log_path) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, log_path.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  std::vector<char*> args;
  for (auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid;
  int rc = posix_spawn(&pid, argv[0].c_str(), &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) return -1;
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return -1;
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string read_tail(const std::string& path, size_t max_chars) {
  std::ifstream f(path);
  std::string s((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  return s.size() > max_chars ? "..." + s.substr(s.size() - max_chars) : s;
}

std::string unique_suffix() {
  static std::atomic<uint64_t> counter{0};
  std::random_device rd;
  return std::to_string(::getpid()) + "_" + std::to_string(counter++) + "_" +
         hex(rd()).substr(8);
}

// Whether the compiler builds a trivial shared object: tells a broken
// toolchain (stop using the JIT) from one kernel that does not compile.
bool toolchain_works_uncached(const std::string& dir);

struct JitState {
  std::mutex mtx;
  std::unordered_map<std::string, void*> functions; // key -> symbol (nullptr: failed)
  std::unordered_map<std::string, std::string> sources; // kernel name -> source
  std::string last_source;
  bool compiler_worked = false;
  bool disabled = false;
};
JitState& state() {
  static auto* s = new JitState(); // never destroyed: kernels may run at exit
  return *s;
}

bool toolchain_works_uncached(const std::string& dir) {
  auto tmp = dir + "/probe.tmp_" + unique_suffix();
  {
    std::ofstream f(tmp + ".cpp");
    f << "extern \"C\" int mxcore_probe() { return 1; }\n";
    if (!f) return false;
  }
  std::vector<std::string> argv{jit_compiler()};
  argv.insert(argv.end(), jit_flags.begin(), jit_flags.end());
  argv.insert(argv.end(), {tmp + ".cpp", "-o", tmp + ".so"});
  compiler_runs++;
  bool ok = run_process(argv, tmp + ".log") == 0;
  std::error_code ec;
  for (auto ext : {".cpp", ".so", ".log"}) fs::remove(tmp + ext, ec);
  return ok;
}

} // namespace

const std::string& jit_compiler() {
  static const std::string cxx = [] {
    auto c = find_compiler();
    if (c.empty()) {
      const char* env = std::getenv("MXCORE_CXX");
      warn_unavailable(env && *env ? std::string("MXCORE_CXX=") + env +
                                         " is not an executable C++ compiler"
                                   : std::string("no C++ compiler found"));
    }
    return c;
  }();
  return cxx;
}

bool jit_available() {
  return !jit_compiler().empty() && !state().disabled;
}

// -march=native kernels are only valid on the CPU they were built for: the
// cache directory is keyed by the CPU model and feature flags too (a home
// directory shared across machines must not hand out illegal instructions).
std::string cpu_identity() {
  std::ifstream info("/proc/cpuinfo");
  std::string line, model, flags;
  while (std::getline(info, line) && (model.empty() || flags.empty())) {
    if (model.empty() && line.rfind("model name", 0) == 0) model = line;
    if (flags.empty() && line.rfind("flags", 0) == 0) flags = line;
  }
  return model + "|" + flags;
}

const std::string& jit_cache_dir() {
  static const std::string dir = [] {
    fs::path base;
    bool chosen = false;
    if (const char* d = std::getenv("MXCORE_CACHE_DIR"); d && *d) {
      base = d;
      chosen = true;
    } else if (const char* x = std::getenv("XDG_CACHE_HOME"); x && *x) {
      base = fs::path(x) / "mxcore";
    } else if (const char* h = std::getenv("HOME"); h && *h) {
      base = fs::path(h) / ".cache" / "mxcore";
    } else {
      base = fs::temp_directory_path() / ("mxcore-" + std::to_string(::getuid()));
    }
    // Kernels built by another compiler or with other flags are not reused;
    // the compiler binary's size and mtime stand for its version.
    std::string id = jit_compiler();
    struct stat st;
    if (::stat(id.c_str(), &st) == 0) {
      id += ":" + std::to_string(st.st_size) + ":" + std::to_string(st.st_mtime);
    }
    for (auto& f : jit_flags) id += " " + f;
    id += " " + cpu_identity();
    auto dir = base / hex(stable_hash(id));
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (!chosen) ::chmod(base.c_str(), 0700); // private: we dlopen what is in there
    return dir.string();
  }();
  return dir;
}

void* jit_find(const std::string& key) {
  auto& s = state();
  std::lock_guard lock(s.mtx);
  auto it = s.functions.find(key);
  return it == s.functions.end() ? nullptr : it->second;
}

void* jit_load(const std::string& key, const std::string& kernel_name,
               const std::string& stem, const std::string& symbol,
               const std::string& source) {
  if (!jit_available()) return nullptr;
  auto& s = state();
  std::lock_guard lock(s.mtx); // one build at a time; others wait for it
  if (auto it = s.functions.find(key); it != s.functions.end()) return it->second;
  s.sources[kernel_name] = source;
  s.last_source = source;

  auto toolchain_works = [&] {
    s.compiler_worked = toolchain_works_uncached(jit_cache_dir());
    return s.compiler_worked;
  };
  auto fail = [&](const std::string& msg) -> void* {
    if (!s.compiler_worked && !toolchain_works()) {
      // The compiler has never worked here: stop trying, warn once.
      s.disabled = true;
      warn_unavailable(msg);
    } else {
      std::cerr << "[mxcore] warning: " << msg
                << "; this compiled function runs with eager kernels.\n";
    }
    s.functions[key] = nullptr;
    return nullptr;
  };

  const std::string& dir = jit_cache_dir();
  auto base = dir + "/" + stem + "_" + hex(stable_hash(source));
  auto lib_path = base + ".so";
  if (::access(lib_path.c_str(), R_OK) != 0) {
    // Build under unique names, then rename: concurrent processes never see
    // a half-written library, and the last rename wins harmlessly.
    auto tmp = base + ".tmp_" + unique_suffix();
    {
      std::ofstream f(tmp + ".cpp");
      f << source;
      if (!f) return fail("cannot write kernel source to " + dir);
    }
    std::vector<std::string> argv{jit_compiler()};
    argv.insert(argv.end(), jit_flags.begin(), jit_flags.end());
    argv.insert(argv.end(), {tmp + ".cpp", "-o", tmp + ".so"});
    compiler_runs++;
    int rc = run_process(argv, tmp + ".log");
    if (rc != 0) {
      auto log = read_tail(tmp + ".log", 2000);
      std::error_code ec;
      fs::remove(tmp + ".so", ec);
      fs::rename(tmp + ".log", base + ".failed.log", ec);
      fs::rename(tmp + ".cpp", base + ".failed.cpp", ec);
      return fail("the C++ compiler " + jit_compiler() + " failed on kernel " +
                  stem + " (exit " + std::to_string(rc) + "; source kept at " +
                  base + ".failed.cpp):\n" + log);
    }
    std::error_code ec;
    fs::rename(tmp + ".cpp", base + ".cpp", ec);
    fs::remove(tmp + ".log", ec);
    fs::rename(tmp + ".so", lib_path, ec);
    if (ec) return fail("cannot move the built kernel into " + dir);
  }
  s.compiler_worked = true; // a usable library exists: the toolchain works

  // Libraries stay loaded for the life of the process.
  void* lib = ::dlopen(lib_path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!lib) return fail(std::string("cannot load ") + lib_path + ": " + ::dlerror());
  void* fn = ::dlsym(lib, symbol.c_str());
  if (!fn) return fail("symbol " + symbol + " missing from " + lib_path);
  s.functions[key] = fn;
  return fn;
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

void set_jit_force_large_index(bool force) { force_large = force; }
bool jit_force_large_index() { return force_large.load(); }

} // namespace mxcore::cpu
