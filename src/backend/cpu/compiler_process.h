// Runs the JIT's compiler as a child process that cannot hang its caller: it
// gets its own process group, which is killed as a whole at the deadline.
#pragma once

#include <string>
#include <vector>

namespace mxcore::cpu {

struct ProcessResult {
  enum class Outcome { exited, killed_by_signal, timed_out, not_started };
  Outcome outcome = Outcome::not_started;
  int exit_code = -1; // when exited
  int signal = 0;     // when killed_by_signal
  bool succeeded() const { return outcome == Outcome::exited && exit_code == 0; }
  std::string describe() const; // "exit 1", "killed by signal 9", ...
};

// Runs argv (argv[0] is a path) with stdout and stderr sent to log_path
// (created 0600). After timeout_seconds the child and everything it started
// in its process group get SIGKILL.
ProcessResult run_with_timeout(const std::vector<std::string>& argv, const std::string& log_path,
                               double timeout_seconds);

// SIGKILL to the process group of every compiler run_with_timeout is waiting
// for (at exit: a background build must not outlive the process).
void kill_running_compilers();

// The last max_chars characters of a log file ("..." before them if cut).
std::string read_log_tail(const std::string& path, size_t max_chars);

// $MXCORE_JIT_TIMEOUT in seconds (a positive number), else 60.
double jit_timeout_seconds();

} // namespace mxcore::cpu
