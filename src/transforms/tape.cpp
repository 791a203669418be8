#include "transforms/tape.h"

#include <typeinfo>

#include "mxcore/ops.h"
#include "primitives/custom.h"
#include "primitives/elementwise.h"

namespace mxcore::detail {

namespace {

bool is_stop_gradient(const array& a) {
  return a.has_primitive() && typeid(a.primitive()) == typeid(StopGradient);
}

// How many of a's inputs the transform follows.
size_t followed_inputs(const array& a, TapeKind kind) {
  if (!a.has_primitive()) return 0;
  if (kind == TapeKind::gradient && is_stop_gradient(a)) return 0;
  if (kind == TapeKind::vmap) {
    if (auto* custom = dynamic_cast<CustomTransforms*>(&a.primitive())) {
      return custom->num_arguments(a.inputs());
    }
  }
  return a.inputs().size();
}

} // namespace

Stream stream_of(const array& a) {
  return a.has_primitive() ? a.primitive().stream() : to_stream({});
}

std::vector<TapeNode> dependent_tape(const std::vector<array>& outputs,
                                     std::unordered_set<std::uintptr_t>& marked,
                                     TapeKind kind) {
  std::unordered_set<std::uintptr_t> visited(marked.begin(), marked.end());
  std::vector<TapeNode> tape;
  struct Frame {
    array node;
    size_t next_input;
    size_t num_inputs;
  };
  std::vector<Frame> stack;

  auto enter = [&](const array& a) {
    if (!visited.insert(a.id()).second) return;
    for (auto& s : a.siblings()) visited.insert(s.id());
    stack.push_back({a, 0, followed_inputs(a, kind)});
  };

  for (auto& out : outputs) {
    enter(out);
    while (!stack.empty()) {
      auto& top = stack.back();
      if (top.next_input < top.num_inputs) {
        array in = top.node.inputs()[top.next_input++];
        enter(in);
        continue;
      }
      array a = std::move(top.node);
      size_t n = top.num_inputs;
      stack.pop_back();

      a.set_tracer(false);
      for (auto& s : a.siblings()) s.set_tracer(false);
      bool depends = false;
      for (size_t i = 0; i < n && !depends; ++i) {
        depends = marked.count(a.inputs()[i].id()) > 0;
      }
      if (!depends) continue;
      marked.insert(a.id());
      for (auto& s : a.siblings()) marked.insert(s.id());
      tape.push_back({a.primitive_ptr(), a.inputs(), a.outputs()});
    }
  }
  return tape;
}

} // namespace mxcore::detail
