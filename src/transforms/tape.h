// The graph walk shared by vjp, jvp and vmap: which nodes depend on the
// transformed inputs, in an order where inputs come before their users.
#pragma once

#include <cstdint>
#include <memory>
#include <unordered_set>
#include <vector>

#include "mxcore/array.h"
#include "mxcore/primitives.h"
#include "mxcore/stream.h"

namespace mxcore::detail {

enum class TapeKind {
  // vjp/jvp: a stop_gradient node blocks dependence (and is not entered).
  gradient,
  // vmap: every primitive propagates the batch; a custom function's forwarded
  // outputs are not entered (its vmap rule replaces the traced body).
  vmap,
};

// One node of a transform's tape, copied out of the graph: a rule that
// evaluates an array (a custom vjp calling .item() on a cotangent) detaches the
// evaluated nodes, so the walk must not read primitive/inputs/siblings from
// the arrays afterwards.
struct TapeNode {
  std::shared_ptr<Primitive> primitive;
  std::vector<array> inputs;
  std::vector<array> outputs; // the node's sibling group, in output order
};

// Walks the graph of `outputs` iteratively (no recursion: deep graphs must not
// overflow the stack). `marked` holds the ids of the source arrays; every node
// that depends on one is appended to the returned tape (one entry per sibling
// group, in topological order) and its outputs' ids are added to `marked`.
// Visited nodes lose their tracer flag, as the transform consumes them.
std::vector<TapeNode> dependent_tape(const std::vector<array>& outputs,
                                  std::unordered_set<std::uintptr_t>& marked,
                                  TapeKind kind);

// The stream a transform uses for arrays built next to `a`.
Stream stream_of(const array& a);

} // namespace mxcore::detail
