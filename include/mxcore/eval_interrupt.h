// A check that eval runs between primitives so that its host can stop a long
// evaluation (the Python bindings turn a pending Ctrl-C into KeyboardInterrupt).
#pragma once

namespace mxcore {

// The check aborts the evaluation by throwing; eval then returns the exception
// to its caller with every array either evaluated or untouched (still lazy, and
// can be evaluated later). It runs at most every few tens of milliseconds, on
// the evaluating thread. nullptr removes it.
using EvalInterruptCheck = void (*)();
void set_eval_interrupt_check(EvalInterruptCheck check);

} // namespace mxcore
