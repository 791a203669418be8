// The graph walk shared by vjp, jvp and vmap: which nodes depend on the
// transformed inputs, in an order where inputs come before their users.
#pragma once

#include <cstdint>
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

// Walks the graph of `outputs` iteratively (no recursion: deep graphs must not
// overflow the stack). `marked` holds the ids of the source arrays; every node
// that depends on one is appended to the returned tape (one entry per sibling
// group, in topological order) and its outputs' ids are added to `marked`.
// Visited nodes lose their tracer flag, as the transform consumes them.
std::vector<array> dependent_tape(const std::vector<array>& outputs,
                                  std::unordered_set<std::uintptr_t>& marked,
                                  TapeKind kind);

// The stream a transform uses for arrays built next to `a`.
Stream stream_of(const array& a);

} // namespace mxcore::detail
