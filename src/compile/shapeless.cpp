// Shapeless compile: broadcasts that feed elementwise primitives follow the
// input shapes of each call instead of the shape seen at trace time.
#include <algorithm>
#include <typeinfo>

#include "compile/compile_impl.h"
#include "mxcore/ops.h"
#include "primitives/indexing.h"
#include "primitives/shape.h"

namespace mxcore::detail {

namespace {

bool is_plain_broadcast(const array& a) {
  return a.has_primitive() && typeid(a.primitive()) == typeid(Broadcast) &&
         a.inputs().size() == 1;
}

// The operand before the op builder broadcast it.
const array& unbroadcast(const array& a) {
  return is_plain_broadcast(a) ? a.inputs()[0] : a;
}

void remove_parent(ParentsMap& parents_map, std::uintptr_t id, const array& parent, int pos) {
  auto it = parents_map.find(id);
  if (it == parents_map.end()) return;
  auto& pairs = it->second;
  for (auto p = pairs.begin(); p != pairs.end(); ++p) {
    if (p->first.id() == parent.id() && p->second == pos) {
      pairs.erase(p);
      return;
    }
  }
}

} // namespace

// An elementwise op builder broadcasts its operands to their common shape
// (Broadcast(x, shape)) before the binary/ternary primitive, which bakes the
// trace-time shape into the graph. Each such Broadcast gets the other
// operands' unbroadcast sources as extra inputs, so Broadcast::output_shapes
// recomputes the common shape from the shapes of the call (as MLX's
// BroadcastAxes does). The broadcast stays fusable: the JIT reads only its
// first input. Broadcasts left without users are dropped.
void compile_shapeless_broadcasts(std::vector<array>& tape, ParentsMap& parents_map,
                                  const std::vector<array>& outputs) {
  std::unordered_set<std::uintptr_t> output_ids;
  for (auto& o : outputs) output_ids.insert(o.id());

  std::vector<array> new_tape;
  new_tape.reserve(tape.size());
  std::vector<array> replaced; // broadcasts that may have lost all users
  for (auto& node : tape) {
    bool elementwise = node.has_primitive() &&
                       (node.primitive().kind() == PrimitiveKind::binary ||
                        node.primitive().kind() == PrimitiveKind::ternary);
    // A gather's index arrays are broadcast together the same way (e.g.
    // take_along_axis's positions against the given indices).
    bool gather = node.has_primitive() && typeid(node.primitive()) == typeid(Gather) &&
                  node.inputs().size() > 2;
    if (elementwise || gather) {
      auto& ins = node.inputs();
      const size_t first = gather ? 1 : 0;
      // Only broadcasts the op builder made reach exactly the common shape of
      // the unbroadcast operands; one that goes further is an explicit
      // broadcast_to and keeps its fixed shape.
      Shape common;
      for (size_t i = first; i < ins.size(); ++i) {
        common = broadcast_shapes(common, unbroadcast(ins[i]).shape());
      }
      if (common != (gather ? ins[first].shape() : node.shape())) {
        new_tape.push_back(node);
        continue;
      }
      for (size_t i = first; i < ins.size(); ++i) {
        if (!is_plain_broadcast(ins[i])) continue;
        array old = ins[i];
        std::vector<array> b_inputs{old.inputs()[0]};
        for (size_t j = first; j < ins.size(); ++j) {
          if (j != i) b_inputs.push_back(unbroadcast(ins[j]));
        }
        array b(old.shape(), old.dtype(), old.primitive_ptr(), b_inputs);
        for (size_t j = 0; j < b_inputs.size(); ++j) {
          parents_map[b_inputs[j].id()].push_back({b, static_cast<int>(j)});
        }
        parents_map[b.id()].push_back({node, static_cast<int>(i)});
        remove_parent(parents_map, old.id(), node, static_cast<int>(i));
        ins[i] = b;
        new_tape.push_back(b);
        replaced.push_back(old);
      }
    }
    new_tape.push_back(node);
  }

  std::unordered_set<std::uintptr_t> dead;
  for (auto& old : replaced) {
    if (dead.count(old.id()) || output_ids.count(old.id())) continue;
    auto it = parents_map.find(old.id());
    if (it != parents_map.end() && !it->second.empty()) continue;
    dead.insert(old.id());
    parents_map.erase(old.id());
    remove_parent(parents_map, old.inputs()[0].id(), old, 0);
  }
  tape.clear();
  for (auto& a : new_tape) {
    if (!dead.count(a.id())) tape.push_back(std::move(a));
  }
}

// A gather (indexing with arrays, take) keeps the whole of every source axis
// it does not index: its slice size there is the traced dim. Under shapeless
// compile such a slice follows the new dim of the call instead of keeping
// the trace-time size (MLX keeps it and returns a wrong shape).
std::shared_ptr<Primitive> shapeless_gather(const array& traced,
                                            const std::vector<array>& real_inputs) {
  if (typeid(traced.primitive()) != typeid(Gather)) return nullptr;
  auto& g = static_cast<const Gather&>(traced.primitive());
  const Shape& traced_src = traced.inputs()[0].shape();
  const Shape& src = real_inputs[0].shape();
  if (src == traced_src || src.size() != traced_src.size()) return nullptr;
  Shape sizes = g.slice_sizes();
  bool changed = false;
  for (size_t d = 0; d < sizes.size(); ++d) {
    bool indexed = std::find(g.axes().begin(), g.axes().end(), static_cast<int>(d)) !=
                   g.axes().end();
    if (!indexed && sizes[d] == traced_src[d] && src[d] != traced_src[d]) {
      sizes[d] = src[d];
      changed = true;
    }
  }
  if (!changed) return nullptr;
  return std::make_shared<Gather>(g.stream(), g.axes(), std::move(sizes));
}

} // namespace mxcore::detail
