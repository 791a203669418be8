// eval: an iterative topological walk over the lazy graph.
#include <array>
#include <atomic>
#include <chrono>
#include <ctime>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <unordered_map>

#include "eval_profile.h"
#include "mxcore/backend.h"
#include "mxcore/eval_interrupt.h"
#include "mxcore/primitives.h"
#include "mxcore/transforms.h"
#include "transforms_impl.h"

namespace mxcore {

namespace detail {

namespace {
thread_local int tracing_depth = 0;
thread_local int dynamic_tracing_depth = 0;
thread_local int grad_tracing_depth = 0;
thread_local int retain_graph_depth = 0;

// One evaluation at a time: primitives and the graph are not thread safe.
std::recursive_mutex& eval_mutex() {
  static std::recursive_mutex m;
  return m;
}
} // namespace

InTracing::InTracing(bool dynamic, bool grad) {
  ++tracing_depth;
  dynamic_tracing_depth += dynamic;
  grad_tracing_depth += grad;
  dynamic_ = dynamic;
  grad_ = grad;
}
InTracing::~InTracing() {
  --tracing_depth;
  dynamic_tracing_depth -= dynamic_;
  grad_tracing_depth -= grad_;
}
bool in_tracing() { return tracing_depth > 0; }
bool in_dynamic_tracing() { return dynamic_tracing_depth > 0; }
bool in_grad_tracing() { return grad_tracing_depth > 0; }

RetainGraph::RetainGraph() { ++retain_graph_depth; }
RetainGraph::~RetainGraph() { --retain_graph_depth; }
bool retain_graph() { return retain_graph_depth > 0; }

namespace {
std::atomic<EvalInterruptCheck> interrupt_check{nullptr};

// Runs the host's interrupt check when enough time has passed since the last
// one: asking the host (for Python, taking the GIL) per primitive would cost
// more than many primitives do.
class InterruptPoller {
 public:
  void poll() {
    EvalInterruptCheck check = interrupt_check.load(std::memory_order_relaxed);
    if (check == nullptr) return;
    int64_t now = coarse_now_ns();
    if (now - last_ns_ < 50'000'000) return;
    last_ns_ = now;
    try {
      check();
    } catch (...) {
      interrupted_ = true;
      throw;
    }
  }
  // Whether the host's check stopped this evaluation (async_eval lets those
  // exceptions through at once: they are the host's, not the graph's).
  static bool interrupted() { return interrupted_; }
  static void clear_interrupted() { interrupted_ = false; }

 private:
  // The coarse clock (a few ms resolution, enough for a 50 ms period) costs
  // a few ns; the precise one as much as a small primitive's bookkeeping.
  static int64_t coarse_now_ns() {
    timespec ts;
    ::clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
    return int64_t(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
  }
  int64_t last_ns_ = coarse_now_ns();
  static thread_local bool interrupted_;
};
thread_local bool InterruptPoller::interrupted_ = false;

// The first error of an async_eval, raised by the next synchronize as MLX's
// stream workers report theirs.
std::mutex pending_error_mutex;
std::exception_ptr pending_async_error;

// The walk number of each eval (under the eval mutex): a node reached in
// this walk carries it (array::visit), so the walk needs no set of ids.
uint64_t walks = 0;

struct Frame {
  array node;
  size_t next_input;
};

// The vectors of one eval, kept per thread with their capacity: an eval of
// a 10^4-node graph allocates none of them again (large allocations also
// make glibc consolidate every small chunk freed since). Nested evals (a
// primitive evaluating inside eval) take their own.
struct EvalBuffers {
  std::vector<array> tape;
  std::vector<Frame> stack;
  std::vector<array> outs;
};

class BorrowedBuffers {
 public:
  BorrowedBuffers() {
    if (spare().empty()) {
      owned_ = std::make_unique<EvalBuffers>();
    } else {
      owned_ = std::move(spare().back());
      spare().pop_back();
    }
  }
  ~BorrowedBuffers() {
    // Nothing stays referenced (an exception can leave tape entries).
    owned_->tape.clear();
    owned_->stack.clear();
    owned_->outs.clear();
    constexpr size_t keep_capacity = size_t(1) << 20; // at most 16 MB of slots kept
    if (owned_->tape.capacity() > keep_capacity) owned_->tape.shrink_to_fit();
    if (owned_->stack.capacity() > keep_capacity) owned_->stack.shrink_to_fit();
    spare().push_back(std::move(owned_));
  }
  EvalBuffers* operator->() { return owned_.get(); }

 private:
  static std::vector<std::unique_ptr<EvalBuffers>>& spare() {
    thread_local std::vector<std::unique_ptr<EvalBuffers>> buffers;
    return buffers;
  }
  std::unique_ptr<EvalBuffers> owned_;
};

// Makes a's stream wait for each input computed on another stream in this eval.
void order_after_inputs(const array& a, const std::unordered_map<uintptr_t, Stream>& producers) {
  const Stream& here = a.primitive().stream();
  for (auto& in : a.inputs()) {
    auto it = producers.find(in.id());
    if (it == producers.end()) continue;
    const Stream& there = it->second;
    if (there == here) continue;
    auto event = backend::backend_for(there.device).signal_event(there);
    backend::backend_for(here.device).wait_event(here, *event);
  }
}
} // namespace

void eval_impl(std::vector<array> outputs) {
  std::lock_guard lock(eval_mutex());

  // Post-order DFS with an explicit stack: a chain of 10^5 nodes must not
  // overflow the C++ stack.
  BorrowedBuffers buffers;
  auto& tape = buffers->tape;
  auto& stack = buffers->stack;
  const uint64_t walk = ++walks;
  for (auto& out : outputs) {
    if (out.is_evaluated() || !out.visit(walk)) continue;
    stack.push_back({out, 0});
    while (!stack.empty()) {
      auto& top = stack.back();
      auto& ins = top.node.inputs();
      if (top.next_input < ins.size()) {
        const array& in = ins[top.next_input++];
        if (!in.is_evaluated() && in.visit(walk)) stack.push_back({in, 0});
        continue;
      }
      // Siblings count as visited once one of them is scheduled.
      for (auto& s : top.node.siblings()) s.visit(walk);
      tape.push_back(std::move(top.node));
      stack.pop_back();
    }
  }

  // Work on one stream runs in order; only when the graph spans streams does
  // each primitive wait (through an event) for inputs made on another stream.
  std::vector<Stream> streams;
  for (auto& node : tape) {
    if (node.is_evaluated() || !node.has_primitive()) continue;
    const Stream& s = node.primitive().stream();
    bool known = false;
    for (auto& t : streams) known = known || t == s;
    if (!known) streams.push_back(s);
  }
  const bool several_streams = streams.size() > 1;
  std::unordered_map<uintptr_t, Stream> producers; // array id -> stream that made it
  // The streams finish the work already given to them before an interrupt
  // leaves eval, so every array marked evaluated really is.
  auto synchronize_streams = [&]() {
    for (auto& s : streams) backend::backend_for(s.device).synchronize(s);
  };
  InterruptPoller interrupts;
  std::optional<EvalProfileTimer> profile;
  if (eval_profile_enabled()) profile.emplace();

  for (auto& slot : tape) {
    try {
      interrupts.poll();
    } catch (...) {
      synchronize_streams();
      throw;
    }
    array a = std::move(slot); // the tape no longer holds it: inputs can be donated
    if (a.is_evaluated()) continue;
    if (!a.has_primitive()) {
      if (in_tracing()) {
        // A tracer (print or item inside compile/vmap): MLX's ValueError.
        throw std::invalid_argument(
            "[eval] Attempting to eval an array during function transformations like "
            "compile or vmap is not allowed.");
      }
      // RuntimeError, as MLX (typically a compiled function's uncaptured state).
      throw std::runtime_error(
          "[eval] Attempting to eval an array without a primitive.\n"
          "If you are compiling a function, make sure all the inputs "
          "and outputs are captured:\n"
          "https://ml-explore.github.io/mlx/build/html/usage/compile.html#pure-functions.\n"
          "If you are not using compile, this may be a bug. "
          "Please file an issue.");
    }
    auto& outs = buffers->outs;
    outs.clear();
    a.append_outputs(outs);
    auto& prim = a.primitive();
    if (several_streams) order_after_inputs(a, producers);
    try {
      if (profile) profile->before_kernel();
      backend::backend_for(prim.device()).eval(prim, a.inputs(), outs);
      if (profile) profile->after_kernel(prim, outs);
    } catch (...) {
      // A kernel that failed after placing its output leaves it unevaluated,
      // so a later eval runs it again and reports the same error.
      for (auto& o : outs) o.set_status(array::Status::unscheduled);
      synchronize_streams();
      throw;
    }
    for (auto& o : outs) o.set_status(array::Status::evaluated);
    if (several_streams) {
      for (auto& o : outs) producers.emplace(o.id(), prim.stream());
    }
    if (!a.is_tracer()) {
      a.detach();
    }
  }
  // eval returns with its results ready on every stream it used.
  synchronize_streams();
}

} // namespace detail

void set_eval_interrupt_check(EvalInterruptCheck check) { detail::interrupt_check.store(check); }

void eval(std::vector<array> outputs) { detail::eval_impl(std::move(outputs)); }

// On the CPU the work runs here; what is asynchronous is where errors appear.
void async_eval(std::vector<array> outputs) {
  if (detail::in_tracing()) {
    throw std::invalid_argument("[async_eval] Not allowed inside a graph transformation.");
  }
  detail::InterruptPoller::clear_interrupted();
  try {
    detail::eval_impl(std::move(outputs));
  } catch (...) {
    if (detail::InterruptPoller::interrupted()) throw;
    std::lock_guard lock(detail::pending_error_mutex);
    if (!detail::pending_async_error) detail::pending_async_error = std::current_exception();
  }
}

namespace detail {
void rethrow_async_error() {
  std::exception_ptr error;
  {
    std::lock_guard lock(pending_error_mutex);
    std::swap(error, pending_async_error);
  }
  if (error) std::rethrow_exception(error);
}
} // namespace detail

} // namespace mxcore
