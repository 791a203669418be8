// Ctrl-C during a long eval: eval runs with the GIL released, so Python's own
// signal handling cannot run until it returns. A SIGINT handler chained in
// front of Python's notes the signal; eval's interrupt check (between
// primitives, see mxcore/eval_interrupt.h) sees the note, takes the GIL and
// lets Python run its handler, whose exception (KeyboardInterrupt) leaves eval.
//
// The check takes the GIL only after a signal arrived: taking it on every
// check would make eval wait for other Python threads, and deadlock against
// a thread that holds the GIL while waiting for eval's lock.
#include <pybind11/pybind11.h>

#include <atomic>
#include <csignal>

#include "eval_interrupt.h"
#include "mxcore/eval_interrupt.h"

namespace py = pybind11;

namespace {

std::atomic<bool> sigint_pending{false};
struct sigaction python_sigint_action; // the handler ours runs after noting the signal
unsigned long main_thread_ident = 0;   // Python runs signal handlers on this thread only

void note_sigint(int sig, siginfo_t* info, void* context) {
  sigint_pending.store(true, std::memory_order_relaxed);
  if (python_sigint_action.sa_flags & SA_SIGINFO) {
    python_sigint_action.sa_sigaction(sig, info, context);
  } else {
    python_sigint_action.sa_handler(sig);
  }
}

bool is_real_handler(const struct sigaction& action) {
  if (action.sa_flags & SA_SIGINFO) return action.sa_sigaction != nullptr;
  return action.sa_handler != SIG_DFL && action.sa_handler != SIG_IGN &&
         action.sa_handler != nullptr;
}

// Puts note_sigint in front of the current SIGINT handler, unless it already
// is there. Done again on later checks: `signal.signal(SIGINT, ...)` in Python
// replaces the process's handler with Python's own. A default or ignored
// SIGINT is left alone (Python would not raise on it either).
void chain_sigint_handler() {
  struct sigaction current;
  if (sigaction(SIGINT, nullptr, &current) != 0) return;
  if ((current.sa_flags & SA_SIGINFO) && current.sa_sigaction == note_sigint) return;
  if (!is_real_handler(current)) return;
  python_sigint_action = current;
  struct sigaction ours = current;
  ours.sa_flags |= SA_SIGINFO;
  ours.sa_sigaction = note_sigint;
  sigaction(SIGINT, &ours, nullptr);
}

bool python_is_running() {
#if PY_VERSION_HEX >= 0x030D0000
  return Py_IsInitialized() && !Py_IsFinalizing();
#else
  return Py_IsInitialized() && !_Py_IsFinalizing();
#endif
}

void check_python_signals() {
  if (PyThread_get_thread_ident() != main_thread_ident) return;
  chain_sigint_handler();
  if (!sigint_pending.exchange(false, std::memory_order_relaxed)) return;
  if (!python_is_running()) return;
  py::gil_scoped_acquire gil;
  if (PyErr_CheckSignals() != 0) throw py::error_already_set();
}

} // namespace

namespace mxpy {

void interrupt_again() {
  sigint_pending.store(true, std::memory_order_relaxed);
  PyErr_SetInterrupt();
}

void init_eval_interrupt(py::module_&) {
  main_thread_ident =
      py::module_::import("threading").attr("main_thread")().attr("ident").cast<unsigned long>();
  chain_sigint_handler();
  mxcore::set_eval_interrupt_check(&check_python_signals);
}

} // namespace mxpy
