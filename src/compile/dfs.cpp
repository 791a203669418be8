// DFS of a traced graph: the tape (topological order), the parents of every
// array, and a deep copy of the graph that later passes may rewrite.
#include "compile/compile_impl.h"

namespace mxcore::detail {

namespace {

[[noreturn]] void throw_uncaptured() {
  throw std::invalid_argument(
      "[compile] Attempting to compile a function with uncaptured inputs is "
      "not allowed.");
}

// Iterative post-order walk (a long chain must not overflow the stack).
void build_tape(const std::vector<array>& inputs, const std::vector<array>& outputs,
                const std::vector<array>& original_inputs, std::vector<array>& tape,
                ParentsMap& parents_map) {
  std::unordered_set<std::uintptr_t> input_set;
  std::unordered_set<std::uintptr_t> original_input_set;
  for (size_t i = 0; i < inputs.size(); ++i) {
    input_set.insert(inputs[i].id());
    original_input_set.insert(original_inputs[i].id());
  }

  std::unordered_set<std::uintptr_t> done;
  struct Frame {
    array node;
    size_t next_input;
  };
  std::vector<Frame> stack;

  // Visiting a node: the checks MLX makes on entry to its recursion.
  auto enter = [&](const array& a) {
    auto id = a.id();
    if (done.count(id)) return;
    // A real input reached through a closure, or a placeholder of another
    // trace (e.g. leaked through a side effect), is not an input we can feed.
    if (original_input_set.count(id) ||
        (!a.has_primitive() && !a.is_evaluated() && !input_set.count(id))) {
      throw_uncaptured();
    }
    stack.push_back({a, 0});
  };

  for (auto& out : outputs) {
    enter(out);
    while (!stack.empty()) {
      auto& top = stack.back();
      auto& ins = top.node.inputs();
      if (top.next_input < ins.size()) {
        int i = static_cast<int>(top.next_input++);
        const array& in = ins[i];
        auto& parents = parents_map[in.id()];
        parents.push_back({top.node, i});
        for (auto& s : top.node.siblings()) parents.push_back({s, i});
        // `top` may dangle after enter() grows the stack.
        enter(in);
        continue;
      }
      array node = std::move(top.node);
      stack.pop_back();
      if (done.count(node.id())) continue;
      done.insert(node.id());
      for (auto& s : node.siblings()) done.insert(s.id());
      tape.push_back(std::move(node));
    }
  }
}

} // namespace

std::pair<std::vector<array>, ParentsMap> compile_dfs(
    const std::vector<array>& inputs, std::vector<array>& outputs,
    const std::vector<array>& original_inputs) {
  std::vector<array> tape;
  ParentsMap parents_map;
  build_tape(inputs, outputs, original_inputs, tape, parents_map);

  // Deep copy the tape and parents map, keeping the inputs and outputs: the
  // traced arrays may be shared with the user (captured state, nested
  // compiles) and must not be rewired by simplify and fuse.
  std::unordered_set<std::uintptr_t> io_set;
  std::unordered_map<std::uintptr_t, array> old_to_new;
  for (auto& o : outputs) {
    old_to_new.insert({o.id(), o});
    io_set.insert(o.id());
    for (auto& s : o.siblings()) {
      old_to_new.insert({s.id(), s});
      io_set.insert(s.id());
    }
  }
  for (auto& in : inputs) {
    io_set.insert(in.id());
    old_to_new.insert({in.id(), in});
  }

  std::vector<array> new_tape;
  new_tape.reserve(tape.size());
  for (auto& arr : tape) {
    if (!arr.has_primitive() || io_set.count(arr.id())) {
      old_to_new.insert({arr.id(), arr});
      new_tape.push_back(arr);
      continue;
    }
    std::vector<array> new_inputs;
    new_inputs.reserve(arr.inputs().size());
    for (auto& in : arr.inputs()) new_inputs.push_back(old_to_new.at(in.id()));
    if (!arr.siblings().empty()) {
      std::vector<Dtype> types;
      std::vector<Shape> shapes;
      auto outs = arr.outputs();
      for (auto& o : outs) {
        types.push_back(o.dtype());
        shapes.push_back(o.shape());
      }
      auto copies = array::make_arrays(std::move(shapes), types, arr.primitive_ptr(),
                                       new_inputs);
      for (size_t i = 0; i < outs.size(); ++i) old_to_new.insert({outs[i].id(), copies[i]});
      new_tape.push_back(copies[arr.sibling_position()]);
    } else {
      array copy(arr.shape(), arr.dtype(), arr.primitive_ptr(), std::move(new_inputs));
      old_to_new.insert({arr.id(), copy});
      new_tape.push_back(std::move(copy));
    }
  }
  // The outputs themselves are kept, their inputs now point into the copy.
  io_set.clear();
  for (auto& o : outputs) {
    if (!io_set.insert(o.id()).second) continue;
    for (auto& in : o.inputs()) in = old_to_new.at(in.id());
    for (auto& s : o.siblings()) {
      io_set.insert(s.id());
      for (auto& in : s.inputs()) in = old_to_new.at(in.id());
    }
  }

  ParentsMap new_parents_map;
  for (auto& [id, vec] : parents_map) {
    for (auto& [a, _] : vec) a = old_to_new.at(a.id());
    new_parents_map[old_to_new.at(id).id()] = std::move(vec);
  }
  return {std::move(new_tape), std::move(new_parents_map)};
}

} // namespace mxcore::detail
