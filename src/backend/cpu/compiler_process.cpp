#include "backend/cpu/compiler_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <set>
#include <thread>

extern char** environ;

namespace mxcore::cpu {

std::string ProcessResult::describe() const {
  switch (outcome) {
    case Outcome::exited:
      return "exit " + std::to_string(exit_code);
    case Outcome::killed_by_signal:
      return "killed by signal " + std::to_string(signal);
    case Outcome::timed_out:
      return "timed out";
    case Outcome::not_started:
      break;
  }
  return "could not be started";
}

namespace {

// A descriptor that becomes readable when `pid` exits (Linux 5.3+), or -1:
// waiting on it wakes the caller the moment the compiler finishes, where
// sleeping between polls would add up to one pause to every build.
int open_pid_fd(pid_t pid) {
#ifdef SYS_pidfd_open
  return static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));
#else
  (void)pid;
  return -1;
#endif
}

// Process groups of the compilers running now (leaked: read at exit).
std::mutex& running_mutex() {
  static auto* m = new std::mutex();
  return *m;
}
std::set<pid_t>& running_groups() {
  static auto* groups = new std::set<pid_t>();
  return *groups;
}
// Set (under running_mutex) once the compilers were killed at exit: nothing
// starts after that.
bool& compilers_stopped() {
  static bool stopped = false;
  return stopped;
}

// Reaps `pid` if it exited; the group leaves the running set in the same
// step, so kill_running_compilers() never signals a reused group id.
pid_t reap_if_exited(pid_t pid, int* status) {
  std::lock_guard lock(running_mutex());
  pid_t r = ::waitpid(pid, status, WNOHANG);
  if (r == pid || (r < 0 && errno != EINTR)) running_groups().erase(pid);
  return r;
}

} // namespace

void kill_running_compilers() {
  std::lock_guard lock(running_mutex());
  compilers_stopped() = true;
  // Leaders in the set are not reaped yet: no group id here has been reused.
  for (pid_t group : running_groups()) ::kill(-group, SIGKILL);
}

std::string read_log_tail(const std::string& path, size_t max_chars) {
  std::ifstream f(path);
  std::string s((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  return s.size() > max_chars ? "..." + s.substr(s.size() - max_chars) : s;
}

double jit_timeout_seconds() {
  if (const char* env = std::getenv("MXCORE_JIT_TIMEOUT"); env && *env) {
    char* end = nullptr;
    double v = std::strtod(env, &end);
    if (end != env && *end == '\0' && v > 0) return v;
  }
  return 60.0;
}

ProcessResult run_with_timeout(const std::vector<std::string>& argv, const std::string& log_path,
                               double timeout_seconds) {
  ProcessResult result;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, log_path.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0600);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  // A group of its own, so the deadline also kills cc1plus, as and ld; no
  // signals blocked, so SIGKILL and the usual defaults apply in the child.
  sigset_t no_signals;
  sigemptyset(&no_signals);
  posix_spawnattr_setsigmask(&attr, &no_signals);
  posix_spawnattr_setpgroup(&attr, 0);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK);
  std::vector<char*> args;
  for (auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = -1;
  int rc = 0;
  {
    // Spawned and recorded in one step under the lock: a kill at exit
    // either sees this compiler or comes first and keeps it from starting
    // (one spawned between the two steps outlived its process).
    std::lock_guard lock(running_mutex());
    rc = compilers_stopped()
             ? -1
             : posix_spawn(&pid, argv[0].c_str(), &actions, &attr, args.data(), environ);
    if (rc == 0) running_groups().insert(pid);
  }
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  if (rc != 0) return result;

  auto deadline = std::chrono::steady_clock::now() +
                  std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                      std::chrono::duration<double>(timeout_seconds));
  auto pause = std::chrono::microseconds(200);
  int status = 0;
  int pid_fd = open_pid_fd(pid);
  while (true) {
    pid_t r = reap_if_exited(pid, &status);
    if (r == pid) break;
    if (r < 0 && errno != EINTR) { // reaped elsewhere: unknown outcome
      if (pid_fd >= 0) ::close(pid_fd);
      return result;
    }
    auto now = std::chrono::steady_clock::now();
    if (pid_fd >= 0 && now < deadline) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now).count();
      pollfd exited{pid_fd, POLLIN, 0};
      ::poll(&exited, 1, static_cast<int>(std::min<long long>(left + 1, 1 << 30)));
      continue; // readable (exited), interrupted or at the deadline: look again
    }
    if (now >= deadline) {
      if (pid_fd >= 0) ::close(pid_fd);
      {
        std::lock_guard lock(running_mutex());
        running_groups().erase(pid);
      }
      // The leader is not reaped yet, so its pid (the group id) is not reused.
      ::kill(-pid, SIGKILL);
      while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
      }
      result.outcome = ProcessResult::Outcome::timed_out;
      return result;
    }
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::microseconds(20000));
  }
  if (pid_fd >= 0) ::close(pid_fd);
  if (WIFEXITED(status)) {
    result.outcome = ProcessResult::Outcome::exited;
    result.exit_code = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    result.outcome = ProcessResult::Outcome::killed_by_signal;
    result.signal = WTERMSIG(status);
  }
  return result;
}

} // namespace mxcore::cpu
