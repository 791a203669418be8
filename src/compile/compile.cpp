// compile's entry points: modes, the cache-keyed compile and the public API.
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <thread>
#include <algorithm>
#include <mutex>
#include <sstream>
#include <unordered_map>

#include "compile/column_sum.h"
#include "compile/compile_impl.h"
#include "compile/compile_log.h"
#include "compile/matmul_epilogue.h"
#include "compile/matmul_layout.h"
#include "mxcore/utils.h"
#include "transforms_impl.h"

namespace mxcore::detail {

std::atomic<CompileMode>& compile_mode() {
  static std::atomic<CompileMode> mode = [] {
    if (std::getenv("MXCORE_DISABLE_COMPILE") || std::getenv("MLX_DISABLE_COMPILE")) {
      return CompileMode::disabled;
    }
    return CompileMode::enabled;
  }();
  return mode;
}

namespace {

bool skip_compile() { return compile_mode() == CompileMode::disabled; }

// "trace #2 of function 0x...: inputs float32(2, 3), int32(4)" for MXCORE_LOG=compile.
void log_trace(std::uintptr_t fun_id, const std::vector<array>& inputs, bool shapeless) {
  static std::mutex mtx;
  static std::unordered_map<std::uintptr_t, int> traces;
  int n;
  {
    std::lock_guard lock(mtx);
    n = ++traces[fun_id];
  }
  std::ostringstream os;
  os << (n == 1 ? "trace" : "retrace") << " #" << n << " of function 0x" << std::hex << fun_id
     << std::dec << (shapeless ? " (shapeless)" : "") << ": inputs";
  if (inputs.empty()) os << " none";
  for (size_t i = 0; i < inputs.size(); ++i) {
    os << (i ? ", " : " ") << inputs[i].dtype() << inputs[i].shape();
  }
  if (n > 1) os << " (a new input signature)";
  compile_log(os.str());
}

// Milliseconds since `start`, for the phase times of MXCORE_LOG=compile.
double ms_since(std::chrono::steady_clock::time_point& start) {
  auto now = std::chrono::steady_clock::now();
  double ms = std::chrono::duration<double, std::milli>(now - start).count();
  start = now;
  return ms;
}

// Traces and optimizes the graph of one cache entry (under its build lock).
void build_entry(CacheEntry& entry, const ArrayFnWithExtra& fun,
                 const std::vector<array>& inputs, bool shapeless) {
  const bool log = compile_log_enabled();
  auto clock = std::chrono::steady_clock::now();
  double times[5] = {};
  auto [trace_inputs, trace_outputs, extra] = compile_trace(fun, inputs, shapeless);
  if (log) times[0] = ms_since(clock);
  auto [tape, parents_map] = compile_dfs(trace_inputs, trace_outputs, inputs);
  if (shapeless) compile_shapeless_broadcasts(tape, parents_map, trace_outputs);
  if (log) times[1] = ms_since(clock);
  const size_t traced_nodes = tape.size();
  CompileMode mode = compile_mode().load();
  if (mode != CompileMode::no_simplify) {
    compile_simplify(tape, parents_map, trace_outputs, /* passes */ 3);
  }
  if (log) times[2] = ms_since(clock);
  const size_t simplified_nodes = tape.size();
  if (mode != CompileMode::no_fuse) {
    compile_fuse(tape, parents_map, trace_inputs, trace_outputs);
    if (!shapeless) {
      compile_fuse_column_sums(tape, parents_map, trace_inputs, trace_outputs);
      compile_matmul_epilogues(tape, parents_map, trace_inputs, trace_outputs);
      compile_matmul_layouts(tape, parents_map, trace_outputs);
    }
  }
  if (log) times[3] = ms_since(clock);
  entry.inputs = std::move(trace_inputs);
  entry.outputs = std::move(trace_outputs);
  entry.tape = std::move(tape);
  if (!shapeless) entry.replay = make_replay_plan(entry.tape, entry.inputs, entry.outputs);
  entry.extra = std::move(extra);
  entry.built = true;
  if (log) {
    times[4] = ms_since(clock);
    std::ostringstream os;
    os.precision(3);
    os << "graph of " << traced_nodes << " nodes, " << simplified_nodes << " simplified, "
       << entry.tape.size() << " fused: trace " << times[0] << " ms, dfs " << times[1]
       << " ms, simplify " << times[2] << " ms, fuse " << times[3] << " ms, replay plan "
       << times[4] << " ms";
    compile_log(os.str());
  }
}

// The thread building an entry, to refuse a function that re-enters its own
// compile with the same signature (it would wait for itself forever).
thread_local std::vector<const CacheEntry*> entries_being_built;

} // namespace

ArraysAndExtra compile_call(const ArrayFnWithExtra& fun, std::uintptr_t fun_id, bool shapeless,
                            const std::vector<uint64_t>& constants,
                            const std::vector<array>& inputs) {
  // Disabled (checked per call so disable_compile() affects compiled
  // functions), or called inside another trace (a transform or an outer
  // compile): run the original so the outer trace sees its ops. Checking
  // in_tracing() and not only the inputs matters when the function closes
  // over a tracer: a compiled graph would bake it in as a constant and cut
  // the gradient.
  if (skip_compile() || in_tracing() ||
      std::any_of(inputs.begin(), inputs.end(), [](auto& in) { return in.is_tracer(); })) {
    return fun(inputs);
  }
  auto entry = cache_find(fun_id, inputs, shapeless, constants);
  for (auto* e : entries_being_built) {
    if (e == entry.get()) {
      throw std::runtime_error(
          "[compile] A compiled function called itself with the same input "
          "signature while being traced.");
    }
  }
  {
    std::lock_guard lock(entry->build_mutex);
    if (!entry->built) {
      entries_being_built.push_back(entry.get());
      try {
        if (compile_log_enabled()) log_trace(fun_id, inputs, shapeless);
        build_entry(*entry, fun, inputs, shapeless);
      } catch (...) {
        entries_being_built.pop_back();
        throw; // the entry stays unbuilt: the next call traces again
      }
      entries_being_built.pop_back();
    }
  }
  if (shapeless) {
    return {compile_replace(entry->tape, entry->inputs, entry->outputs, inputs, true),
            entry->extra};
  }
  return {replay(entry->replay, inputs), entry->extra};
}

ArrayFnWithExtra compile(ArrayFnWithExtra fun, std::uintptr_t fun_id, bool shapeless,
                         std::vector<uint64_t> constants) {
  if (!fun) {
    throw std::invalid_argument("[compile] Cannot compile a function without a target.");
  }
  return [fun = std::move(fun), fun_id, shapeless,
          constants = std::move(constants)](const std::vector<array>& inputs) {
    return compile_call(fun, fun_id, shapeless, constants, inputs);
  };
}

CompileFn compile(CompileFn fun, std::uintptr_t fun_id, bool shapeless,
                  std::vector<uint64_t> constants) {
  if (!fun) {
    throw std::invalid_argument("[compile] Cannot compile a function without a target.");
  }
  ArrayFnWithExtra with_extra = [fun = std::move(fun)](const std::vector<array>& inputs) {
    return ArraysAndExtra{fun(inputs), nullptr};
  };
  auto compiled = compile(std::move(with_extra), fun_id, shapeless, std::move(constants));
  return [compiled = std::move(compiled)](const std::vector<array>& inputs) {
    return compiled(inputs).first;
  };
}

} // namespace mxcore::detail

namespace mxcore {

namespace {
CompileFn compile_function_pointer(std::vector<array> (*fun)(const std::vector<array>&),
                                   bool shapeless) {
  return detail::compile(CompileFn(fun), reinterpret_cast<std::uintptr_t>(fun), shapeless);
}
} // namespace

CompileFn compile(CompileFn fun, bool shapeless) {
  if (!fun) {
    throw std::invalid_argument("[compile] Cannot compile a function without a target.");
  }
  using FunPtr = std::vector<array> (*)(const std::vector<array>&);
  if (auto* p = fun.target<FunPtr>(); p && *p) {
    return compile_function_pointer(*p, shapeless);
  }
  // The cache key is the address of a heap copy of fun; when the last copy of
  // the returned function dies, its cache entries go too.
  auto pfun = std::shared_ptr<CompileFn>(new CompileFn(std::move(fun)), [](CompileFn* p) {
    detail::compile_erase(reinterpret_cast<std::uintptr_t>(p));
    delete p;
  });
  auto fun_id = reinterpret_cast<std::uintptr_t>(pfun.get());
  return detail::compile(
      [pfun = std::move(pfun)](const std::vector<array>& inputs) { return (*pfun)(inputs); },
      fun_id, shapeless);
}

void set_compile_mode(CompileMode mode) { detail::compile_mode() = mode; }
CompileMode get_compile_mode() { return detail::compile_mode(); }
void disable_compile() { detail::compile_mode() = CompileMode::disabled; }
void enable_compile() { detail::compile_mode() = CompileMode::enabled; }

} // namespace mxcore
