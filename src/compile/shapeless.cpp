// Shapeless compile: broadcasts that feed elementwise primitives follow the
// input shapes of each call instead of the shape seen at trace time.
#include <algorithm>
#include <typeinfo>
#include <unordered_map>

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

// Rewrites the tape's broadcasts into ones whose shape follows each call.
struct BroadcastRewrite {
  ParentsMap& parents_map;
  std::vector<array>& new_tape;
  std::vector<array>& replaced; // broadcasts that may have lost all users
  // A replaced broadcast's follower: the other elementwise users of the same
  // broadcast take it too (the exponent of x ** 2 is reused by its vjp as
  // b - 1, whose operands are all broadcasts of scalars and carry no shape).
  std::unordered_map<std::uintptr_t, array> followers;

  void use_followers(array& node) {
    auto& ins = node.inputs();
    for (size_t i = 0; i < ins.size(); ++i) {
      auto it = followers.find(ins[i].id());
      if (it == followers.end()) continue;
      remove_parent(parents_map, ins[i].id(), node, static_cast<int>(i));
      parents_map[it->second.id()].push_back({node, static_cast<int>(i)});
      ins[i] = it->second;
    }
  }

  // node.inputs()[i], a plain Broadcast, becomes a Broadcast of the same
  // source whose shape is that source broadcast against `shape_inputs`.
  void follow(array& node, size_t i, const std::vector<array>& shape_inputs) {
    auto& ins = node.inputs();
    array old = ins[i];
    std::vector<array> b_inputs{old.inputs()[0]};
    b_inputs.insert(b_inputs.end(), shape_inputs.begin(), shape_inputs.end());
    array b(old.shape(), old.dtype(), old.primitive_ptr(), b_inputs);
    for (size_t j = 0; j < b_inputs.size(); ++j) {
      parents_map[b_inputs[j].id()].push_back({b, static_cast<int>(j)});
    }
    parents_map[b.id()].push_back({node, static_cast<int>(i)});
    remove_parent(parents_map, old.id(), node, static_cast<int>(i));
    ins[i] = b;
    new_tape.push_back(b);
    replaced.push_back(old);
    followers.insert({old.id(), b});
  }

  // Operands ins[first, last) that the op builder broadcast together: only
  // broadcasts reaching exactly the common shape of the unbroadcast operands
  // follow it; one that goes further is an explicit broadcast_to and keeps
  // its fixed shape.
  void follow_together(array& node, size_t first, size_t last, const Shape& traced_common) {
    auto& ins = node.inputs();
    Shape common;
    for (size_t i = first; i < last; ++i) {
      common = broadcast_shapes(common, unbroadcast(ins[i]).shape());
    }
    if (common != traced_common) return;
    for (size_t i = first; i < last; ++i) {
      if (!is_plain_broadcast(ins[i])) continue;
      std::vector<array> others;
      for (size_t j = first; j < last; ++j) {
        if (j != i) others.push_back(unbroadcast(ins[j]));
      }
      follow(node, i, others);
    }
  }

  // A scatter's updates are broadcast to I + window (I: the indices' shape).
  // They follow I through the first index with the window's 1s appended,
  // when their own source gives the whole window.
  void follow_scatter_updates(array& node) {
    auto& ins = node.inputs();
    size_t u = ins.size() - 1;
    if (u < 2 || !is_plain_broadcast(ins[u])) return;
    const array& idx = ins[1];
    Shape expanded = idx.shape();
    expanded.insert(expanded.end(), node.ndim(), 1);
    try {
      if (broadcast_shapes(ins[u].inputs()[0].shape(), expanded) != ins[u].shape()) return;
    } catch (const std::invalid_argument&) {
      return;
    }
    array e(expanded, idx.dtype(),
            std::make_shared<Reshape>(node.primitive().stream(), expanded, idx.shape()), {idx});
    parents_map[idx.id()].push_back({e, 0});
    new_tape.push_back(e);
    follow(node, u, {e});
  }
};

} // namespace

// An elementwise op builder broadcasts its operands to their common shape
// (Broadcast(x, shape)) before the binary/ternary primitive, which bakes the
// trace-time shape into the graph. Each such Broadcast gets the other
// operands' unbroadcast sources as extra inputs, so Broadcast::output_shapes
// recomputes the common shape from the shapes of the call (as MLX's
// BroadcastAxes does). The index arrays of a gather or scatter are broadcast
// together the same way (e.g. take_along_axis's positions against the given
// indices), and a scatter's updates follow its indices. The broadcast stays
// fusable: the JIT reads only its first input. Broadcasts left without users
// are dropped.
void compile_shapeless_broadcasts(std::vector<array>& tape, ParentsMap& parents_map,
                                  const std::vector<array>& outputs) {
  std::unordered_set<std::uintptr_t> output_ids;
  for (auto& o : outputs) output_ids.insert(o.id());

  std::vector<array> new_tape;
  new_tape.reserve(tape.size());
  std::vector<array> replaced;
  BroadcastRewrite rewrite{parents_map, new_tape, replaced};
  for (auto& node : tape) {
    if (!node.has_primitive()) {
      new_tape.push_back(node);
      continue;
    }
    auto kind = node.primitive().kind();
    auto& type = typeid(node.primitive());
    size_t n = node.inputs().size();
    if (kind == PrimitiveKind::binary || kind == PrimitiveKind::ternary) {
      rewrite.use_followers(node);
      rewrite.follow_together(node, 0, n, node.shape());
    } else if (type == typeid(Gather) && n > 2) {
      rewrite.follow_together(node, 1, n, node.inputs()[1].shape());
    } else if (type == typeid(Scatter)) {
      if (n > 3) rewrite.follow_together(node, 1, n - 1, node.inputs()[1].shape());
      rewrite.follow_scatter_updates(node);
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

namespace {

[[noreturn]] void throw_whole_axis(const char* op, size_t axis, int traced, int now) {
  throw std::invalid_argument(
      std::string("[") + op + "] Axis " + std::to_string(axis) +
      " was updated whole at trace time (size " + std::to_string(traced) + ") and is " +
      std::to_string(now) + " now: shapeless compile cannot follow a full-axis slice in an update.");
}

// x[:, i:j] = v: the window's full-axis dims keep their traced stop.
void check_shapeless_slice_update(const array& traced, const std::vector<array>& real_inputs) {
  auto& su = static_cast<const SliceUpdate&>(traced.primitive());
  const Shape& traced_src = traced.inputs()[0].shape();
  const Shape& src = real_inputs[0].shape();
  if (src == traced_src || src.size() != traced_src.size()) return;
  for (size_t d = 0; d < src.size(); ++d) {
    bool whole = su.start()[d] == 0 && su.strides()[d] == 1 && su.stop()[d] == traced_src[d];
    if (whole && src[d] != traced_src[d]) throw_whole_axis("slice_update", d, traced_src[d], src[d]);
  }
}

} // namespace

// An update's window over an axis it does not index covered the whole axis
// at trace time (a.at[:, i] = v, x[:, 1:2] = v): when its updates kept that
// extent and the axis changed, only part of the axis would be written. It
// raises instead (MLX follows here; mxcore's updates keep the traced extent).
void check_shapeless_update(const array& traced, const std::vector<array>& real_inputs) {
  if (typeid(traced.primitive()) == typeid(SliceUpdate)) {
    check_shapeless_slice_update(traced, real_inputs);
    return;
  }
  if (typeid(traced.primitive()) != typeid(Scatter)) return;
  auto& sc = static_cast<const Scatter&>(traced.primitive());
  const Shape& traced_src = traced.inputs()[0].shape();
  const Shape& src = real_inputs[0].shape();
  const Shape& traced_upd = traced.inputs().back().shape();
  const Shape& upd = real_inputs.back().shape();
  if (src == traced_src || src.size() != traced_src.size() || upd.size() != traced_upd.size()) {
    return;
  }
  size_t lead = traced_upd.size() - traced_src.size();
  for (size_t d = 0; d < src.size(); ++d) {
    bool indexed = std::find(sc.axes().begin(), sc.axes().end(), static_cast<int>(d)) !=
                   sc.axes().end();
    // Updates that followed the axis (a gather's vjp) still cover it.
    if (!indexed && traced_upd[lead + d] == traced_src[d] && upd[lead + d] != src[d]) {
      throw_whole_axis(sc.name(), d, traced_src[d], src[d]);
    }
  }
}

} // namespace mxcore::detail
