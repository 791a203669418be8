// The handoff of unfinished background builds at exit, and their adoption by
// a later process. A handoff directory (private, inside the checked cache)
// holds k.cpp (the kernels in one unit), manifest (one "entry symbol" line a
// kernel, written last: the directory is complete once it exists), k.log,
// and k.so, which appears under that name only when the compiler succeeded.
#include "backend/cpu/jit_handoff.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <mutex>
#include <sstream>
#include <thread>
#include <unordered_set>

#include "backend/cpu/compiler_process.h"
#include "backend/cpu/elf_check.h"
#include "backend/cpu/kernel_cache.h"
#include "backend/cpu/private_files.h"
#include "compile/compile_log.h"

extern char** environ;

namespace mxcore::cpu {

namespace {

// Run by /bin/sh in a session of its own, so nothing of it outlives the
// timeout: the compiler in the background; a watchdog that kills the whole
// session when the time is up; on success the object renamed to k.so (its
// name appears only once it is complete); then the session killed, which
// removes the watchdog's sleep. Arguments: directory, seconds, command.
constexpr const char* handoff_script = R"(cd "$1" || exit 1
t=$2
shift 2
"$@" >k.log 2>&1 </dev/null &
c=$!
(sleep "$t"; kill -KILL 0) &
if wait "$c"; then mv -f k.part k.so; fi
kill -KILL 0
)";

constexpr int handoff_niceness = 10;    // as the background builds: idle cores first
constexpr uint64_t max_object_bytes = uint64_t(1) << 30;

bool handoff_enabled() {
  const char* env = std::getenv("MXCORE_JIT_HANDOFF");
  return !(env && std::strcmp(env, "0") == 0);
}

// Seconds the detached compiler may run: the JIT timeout, whole seconds.
int handoff_timeout_seconds() {
  return std::max(1, static_cast<int>(std::ceil(jit_timeout_seconds())));
}

bool plain_name(const std::string& s, const char* extra) {
  if (s.empty() || s.size() > 255) return false;
  for (char c : s) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              std::strchr(extra, c) != nullptr;
    if (!ok) return false;
  }
  return s[0] != '.';
}

// Starts the detached build; the spawning thread lowers its own priority,
// which the compiler inherits (it cannot be raised again, hence a thread).
void spawn_detached(const std::vector<std::string>& argv) {
  std::thread([&argv] {
    ::setpriority(PRIO_PROCESS, static_cast<id_t>(::gettid()), handoff_niceness);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    for (int fd = 0; fd <= 2; ++fd) {
      posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY,
                                       0);
    }
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    sigset_t none, defaults;
    sigemptyset(&none);
    sigemptyset(&defaults);
    // Nothing ignored that the script relies on (Python ignores SIGPIPE).
    for (int sig : {SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD}) sigaddset(&defaults, sig);
    posix_spawnattr_setsigmask(&attr, &none);
    posix_spawnattr_setsigdefault(&attr, &defaults);
    short flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF;
#ifdef POSIX_SPAWN_SETSID
    flags |= POSIX_SPAWN_SETSID; // off the terminal: a later Ctrl-C is not for it
#else
    posix_spawnattr_setpgroup(&attr, 0);
    flags |= POSIX_SPAWN_SETPGROUP;
#endif
    posix_spawnattr_setflags(&attr, flags);
    std::vector<char*> args;
    for (auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    pid_t pid = -1;
    posix_spawn(&pid, argv[0].c_str(), &actions, &attr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
  }).join();
}

// The bytes of dir/name, a plain file of this user (no link), or nullopt.
std::optional<std::string> read_private(int dir, const char* name, struct stat* st) {
  Fd fd(::openat(dir, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC));
  if (!fd.ok() || ::fstat(fd.get(), st) != 0 || !S_ISREG(st->st_mode) ||
      st->st_uid != ::geteuid()) {
    return std::nullopt;
  }
  std::string data;
  if (!read_all(fd.get(), data, max_object_bytes)) return std::nullopt;
  return data;
}

enum class Handoff { adopted, running, dead };

// Adopts one handoff directory: its kernels into the cache (counted in
// *stored) and the directory removed, unless its build still runs.
Handoff adopt(const std::string& path, int* stored) {
  Fd dir(::open(path.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
  if (!dir.ok()) return Handoff::dead;
  auto now = std::chrono::system_clock::now();
  auto age = [&](const struct stat& st) {
    return now - std::chrono::system_clock::time_point(
                     std::chrono::seconds(st.st_mtim.tv_sec) +
                     std::chrono::nanoseconds(st.st_mtim.tv_nsec));
  };
  // Past this age a build that left no object has failed or was killed.
  const auto given_up = std::chrono::seconds(handoff_timeout_seconds() + 30);
  struct stat st;
  auto manifest = read_private(dir.get(), "manifest", &st);
  if (!manifest) {
    // Still being written, or left half-written by a crash.
    if (::fstat(dir.get(), &st) == 0 && age(st) < given_up) return Handoff::running;
    kernel_cache_remove_build_dir(path);
    return Handoff::dead;
  }
  struct stat object_st;
  auto object = read_private(dir.get(), "k.so", &object_st);
  if (!object) {
    if (age(st) < given_up) return Handoff::running;
    kernel_cache_remove_build_dir(path);
    return Handoff::dead;
  }
  std::istringstream lines(*manifest);
  std::string entry, symbol;
  int here = 0;
  while (lines >> entry >> symbol) {
    // Names as this library makes them; the object must hold the kernel.
    if (!plain_name(entry, "_-.") || !plain_name(symbol, "_")) continue;
    if (!shared_object_problem(*object, symbol).empty()) continue;
    if (kernel_cache_write_blob(entry, *object)) ++here;
  }
  kernel_cache_remove_build_dir(path);
  *stored += here;
  if (detail::compile_log_enabled() && here > 0) {
    detail::compile_log("adopted " + std::to_string(here) +
                        " kernel(s) built after an earlier process exited");
  }
  return Handoff::adopted;
}

} // namespace

void jit_hand_off(const std::vector<JitRequest>& requests) {
  if (!handoff_enabled() || !jit_available()) return;
  std::vector<const std::string*> sources;
  std::string manifest;
  std::unordered_set<std::string> seen;
  for (auto& r : requests) {
    void* fn = nullptr;
    if (jit_lookup(r.key, fn) || !jit_batchable(r.source) || !seen.insert(r.key).second) {
      continue; // loaded, failed, or <complex> (which cannot share the unit)
    }
    auto entry = jit_entry_name(r.stem, r.symbol, r.source);
    if (!entry) return;
    sources.push_back(&r.source);
    manifest += *entry + " " + r.symbol + "\n";
  }
  if (sources.empty()) return;
  auto path = kernel_cache_make_handoff_dir();
  if (path.empty()) return;
  Fd dir(::open(path.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
  if (!dir.ok() || !write_private_file(dir.get(), "k.cpp", jit_batch_unit(sources)) ||
      !write_private_file(dir.get(), "manifest", manifest)) {
    kernel_cache_remove_build_dir(path);
    return;
  }
  std::vector<std::string> argv{"/bin/sh", "-c", handoff_script, "mxcore-jit-handoff", path,
                                std::to_string(handoff_timeout_seconds())};
  // Full paths: the compiler's command line names its directory (as the
  // shell's does), so the processes of a handoff can be found by it.
  auto command = jit_compiler_command(path + "/k.cpp", path + "/k.part");
  argv.insert(argv.end(), command.begin(), command.end());
  spawn_detached(argv);
}

int jit_adopt_handoffs_if_due() {
  static std::mutex mtx;
  static std::chrono::steady_clock::time_point next_scan{}; // the first miss scans
  std::lock_guard lock(mtx);
  auto now = std::chrono::steady_clock::now();
  if (now < next_scan) return 0;
  int stored = 0;
  bool running = false;
  for (auto& path : kernel_cache_handoff_dirs()) {
    running |= adopt(path, &stored) == Handoff::running;
  }
  next_scan = running ? now + std::chrono::milliseconds(100)
                      : std::chrono::steady_clock::time_point::max();
  return stored;
}

} // namespace mxcore::cpu
