// Internal pieces of the compile pipeline (one pass per file in src/compile/).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "mxcore/compile.h"
#include "mxcore/primitives.h"
#include "mxcore/stream.h"

namespace mxcore::detail {

// Array id -> (parent, position of the array in the parent's inputs).
using ParentsMap =
    std::unordered_map<std::uintptr_t, std::vector<std::pair<array, int>>>;

// Read on every call of a compiled function, set from any thread.
std::atomic<CompileMode>& compile_mode();

// ---- classification (the fuser only looks at Primitive::kind())
inline bool is_broadcast(const Primitive& p) {
  return p.kind() == PrimitiveKind::broadcast;
}
inline bool is_noop(const Primitive& p) { return p.kind() == PrimitiveKind::noop; }
inline bool is_fusable(const Primitive& p) {
  auto k = p.kind();
  return k == PrimitiveKind::unary || k == PrimitiveKind::binary ||
         k == PrimitiveKind::ternary || k == PrimitiveKind::broadcast;
}

// ---- replay.cpp: the optimized tape as a list of steps over numbered
// slots (inputs, constants, then each step's outputs), so a call rebuilds the
// graph without hashing array ids. Not for shapeless entries (their shapes
// follow each call: compile_replace).
struct ReplayPlan {
  struct Step {
    std::shared_ptr<Primitive> primitive;
    std::vector<uint32_t> inputs; // slots
    std::vector<Shape> shapes;
    std::vector<Dtype> dtypes;
  };
  size_t num_inputs = 0;
  std::vector<array> constants; // slots num_inputs ...
  std::vector<Step> steps;      // outputs in slots after the constants, in order
  std::vector<uint32_t> outputs;
};
ReplayPlan make_replay_plan(const std::vector<array>& tape, const std::vector<array>& inputs,
                            const std::vector<array>& outputs);
std::vector<array> replay(const ReplayPlan& plan, const std::vector<array>& inputs);

// ---- cache.cpp
struct CacheEntry {
  CacheEntry(Stream stream, bool shapeless) : stream(stream), shapeless(shapeless) {}
  Stream stream;
  bool shapeless;
  // The key: input signature and constants.
  std::vector<int> ndims;
  std::vector<Shape> shapes; // empty when shapeless
  std::vector<Dtype> dtypes;
  std::vector<uint64_t> constants;

  // Filled once under build_mutex, read-only afterwards.
  std::mutex build_mutex;
  bool built = false;
  std::vector<array> inputs;  // tracers
  std::vector<array> outputs; // traced (simplified, fused) outputs
  std::vector<array> tape;
  std::shared_ptr<void> extra;
  ReplayPlan replay; // filled when !shapeless
};

// Finds (or creates, unbuilt) the entry for this call. Thread safe.
std::shared_ptr<CacheEntry> cache_find(std::uintptr_t fun_id,
                                       const std::vector<array>& inputs,
                                       bool shapeless,
                                       const std::vector<uint64_t>& constants);

// ---- trace.cpp: run fun on placeholder inputs.
std::tuple<std::vector<array>, std::vector<array>, std::shared_ptr<void>>
compile_trace(const ArrayFnWithExtra& fun, const std::vector<array>& inputs,
              bool shapeless);

// ---- dfs.cpp: tape (topological order) and parents map of a traced graph.
// The graph is deep-copied (inputs and outputs kept) so later passes may
// rewrite it freely.
std::pair<std::vector<array>, ParentsMap> compile_dfs(
    const std::vector<array>& inputs, std::vector<array>& outputs,
    const std::vector<array>& original_inputs);

// ---- shapeless.cpp: broadcasts feeding elementwise primitives recompute
// their shape from the operands (for shapeless compile).
void compile_shapeless_broadcasts(std::vector<array>& tape, ParentsMap& parents_map,
                                  const std::vector<array>& outputs);

// ---- simplify.cpp
void compile_simplify(std::vector<array>& tape, ParentsMap& parents_map,
                      std::vector<array>& outputs, int passes);
// Parents of src now use dst (src's siblings are left alone).
void merge_one(array& dst, array& src, ParentsMap& parents_map);

// ---- fuse.cpp: replace fusable regions by Compiled primitives.
void compile_fuse(std::vector<array>& tape, ParentsMap& parents_map,
                  const std::vector<array>& inputs, std::vector<array>& outputs);

// ---- replace.cpp: the tape rebuilt on real inputs.
std::vector<array> compile_replace(const std::vector<array>& tape,
                                   const std::vector<array>& trace_inputs,
                                   const std::vector<array>& trace_outputs,
                                   const std::vector<array>& inputs,
                                   bool shapeless);

void count_trace();

// Primitive::output_shapes for shapeless compile: an elementwise primitive of
// several inputs gives their broadcast shape (a dim 1 at trace time may grow)
// and raises ValueError when they do not broadcast; a broadcast to a fixed
// shape raises when its input no longer fits it.
std::vector<Shape> shapeless_output_shapes(Primitive& p, const std::vector<array>& inputs);

// ---- shapeless.cpp: a gather's whole-axis slices follow the call's shapes;
// nullptr when the traced primitive still fits the real inputs.
std::shared_ptr<Primitive> shapeless_gather(const array& traced,
                                            const std::vector<array>& real_inputs);
// Raises ValueError when a scatter or slice_update updated a whole axis at
// trace time and that axis changed (its fixed-extent updates would cover
// part of it).
void check_shapeless_update(const array& traced, const std::vector<array>& real_inputs);

} // namespace mxcore::detail
