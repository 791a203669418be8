// Internal state shared by eval, the transforms and compile.
#pragma once

#include <vector>

#include "mxcore/array.h"

namespace mxcore::detail {

// While > 0 on this thread, a transform or compile is tracing: arrays marked as
// tracers may not be evaluated.
struct InTracing {
  explicit InTracing(bool dynamic = false, bool grad = false);
  ~InTracing();
  InTracing(const InTracing&) = delete;
  InTracing& operator=(const InTracing&) = delete;

 private:
  bool dynamic_;
  bool grad_;
};
bool in_tracing();
// True when tracing for compile with shapeless / dynamic shapes.
bool in_dynamic_tracing();
// True inside a gradient transform (vjp/jvp), so compile keeps the graph.
bool in_grad_tracing();

// While > 0, eval keeps the graph (used by compile's trace of a function that
// evaluates intermediates).
struct RetainGraph {
  RetainGraph();
  ~RetainGraph();
};
bool retain_graph();

// Evaluate arrays; the walk is iterative and the graph is detached afterwards.
void eval_impl(std::vector<array> outputs);
// Raises (once) the first error an async_eval met; synchronize calls it.
void rethrow_async_error();

} // namespace mxcore::detail
