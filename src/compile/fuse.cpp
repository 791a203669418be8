// Fusion: walk the tape backwards growing regions of elementwise primitives
// (unary, binary, ternary, broadcast) on one stream with one output shape, and
// replace each region by one multi-output Compiled primitive.
#include <algorithm>
#include <functional>

#include "compile/compile_impl.h"
#include "compile/compiled.h"

namespace mxcore::detail {

namespace {

constexpr int max_compile_depth = 11;
constexpr size_t max_compile_arrays = 24;

// Parents of x inside `divider` switch to a copy y of x; the others keep x.
// Lets a broadcast feed both a fused region and outside users.
array split_one(const array& x, ParentsMap& parents_map,
                const std::unordered_set<std::uintptr_t>& divider) {
  array y(x.shape(), x.dtype(), x.primitive_ptr(), x.inputs());
  auto& x_parents = parents_map[x.id()];
  auto& y_parents = parents_map[y.id()];
  for (auto it = x_parents.begin(); it != x_parents.end();) {
    if (divider.count(it->first.id())) {
      it->first.inputs()[it->second] = y;
      y_parents.emplace_back(std::move(*it));
      it = x_parents.erase(it);
    } else {
      ++it;
    }
  }
  // y is a new user of x's inputs.
  for (size_t i = 0; i < y.inputs().size(); ++i) {
    parents_map[y.inputs()[i].id()].push_back({y, static_cast<int>(i)});
  }
  return y;
}

// Removes the parents that are in `region` from the list of `id`.
void drop_parents_in(ParentsMap& parents_map, std::uintptr_t id,
                     const std::unordered_set<std::uintptr_t>& region) {
  auto& pairs = parents_map[id];
  pairs.erase(std::remove_if(pairs.begin(), pairs.end(),
                             [&](auto& p) { return region.count(p.first.id()) > 0; }),
              pairs.end());
}

} // namespace

void compile_fuse(std::vector<array>& tape, ParentsMap& parents_map,
                  const std::vector<array>& inputs, std::vector<array>& outputs) {
  std::unordered_map<std::uintptr_t, array> output_map;
  for (auto& o : outputs) output_map.insert({o.id(), o});
  std::unordered_set<std::uintptr_t> input_ids;
  for (auto& in : inputs) input_ids.insert(in.id());

  std::vector<array> new_tape;
  std::unordered_set<std::uintptr_t> global_cache; // already fused
  for (int i = static_cast<int>(tape.size()) - 1; i >= 0; --i) {
    auto& arr = tape[i];
    if (global_cache.count(arr.id())) continue;

    // First pass: collect the fusable region rooted at arr. A node joins only
    // when all its parents are in the region (or it is a broadcast, which is
    // split so outside parents keep their own copy).
    std::unordered_set<std::uintptr_t> cache;
    std::unordered_set<std::uintptr_t> input_set;
    std::vector<array> splits; // copies made by split_one in this region
    // A split copy that did not join the region is a new graph node: it goes
    // on the tape right before its user (new_tape is reversed at the end).
    auto push_unfused_splits = [&]() {
      for (auto& b : splits) {
        if (!cache.count(b.id())) new_tape.push_back(b);
      }
    };
    std::function<void(const array&, int, const Stream&, const Shape&)> recurse;
    recurse = [&](const array& a, int depth, const Stream& s, const Shape& shape) {
      if (cache.count(a.id())) return;
      bool is_output = output_map.count(a.id()) > 0;
      if (depth >= max_compile_depth || !a.has_primitive() ||
          a.primitive().stream() != s || !is_fusable(a.primitive()) ||
          (is_output && a.shape() != shape)) {
        input_set.insert(a.id());
        return;
      }
      bool all_parents_in = true;
      if (depth > 0) {
        for (auto& [p, idx] : parents_map.at(a.id())) {
          if (!cache.count(p.id())) {
            all_parents_in = false;
            break;
          }
        }
      }
      if (!all_parents_in) {
        if (is_broadcast(a.primitive())) {
          array b = split_one(a, parents_map, cache);
          splits.push_back(b);
          recurse(b, depth, s, shape);
        } else {
          input_set.insert(a.id());
        }
        return;
      }
      if (is_output) {
        input_set.insert(a.id());
      } else {
        input_set.erase(a.id());
      }
      if (input_set.size() >= max_compile_arrays) return;
      cache.insert(a.id());
      for (auto& in : a.inputs()) recurse(in, depth + 1, s, shape);
    };

    // The region's result must be computed here, and not by a broadcast
    // (materializing a broadcast could blow up memory).
    if (arr.has_primitive() && !is_broadcast(arr.primitive())) {
      Stream s = arr.primitive().stream();
      recurse(arr, 0, s, arr.shape());
    }
    if (cache.size() <= 1) { // one primitive is not worth fusing
      new_tape.push_back(arr);
      push_unfused_splits();
      continue;
    }

    // Second pass: the region's tape in topological order and its inputs.
    input_set.clear();
    std::vector<array> region_inputs;
    std::vector<array> fused_tape;
    std::unordered_set<std::uintptr_t> tape_set;
    std::function<void(const array&)> recurse_tape;
    recurse_tape = [&](const array& a) {
      if (!cache.count(a.id())) {
        if (input_set.insert(a.id()).second) region_inputs.push_back(a);
        return;
      }
      if (!tape_set.insert(a.id()).second) return;
      for (auto& in : a.inputs()) recurse_tape(in);
      fused_tape.push_back(a);
    };
    recurse_tape(arr);

    // Region members that are graph outputs become extra outputs.
    std::vector<array> old_outputs;
    for (size_t j = 0; j + 1 < fused_tape.size(); ++j) {
      auto& f = fused_tape[j];
      if (output_map.count(f.id())) {
        old_outputs.push_back(f);
        drop_parents_in(parents_map, f.id(), cache); // now siblings
      } else {
        parents_map.erase(f.id());
      }
      global_cache.insert(f.id());
    }
    old_outputs.push_back(arr);

    std::vector<Shape> shapes;
    std::vector<Dtype> types;
    for (auto& o : old_outputs) {
      if (o.shape() != old_outputs.back().shape()) {
        throw std::runtime_error(
            "[compile] Compilation failed. Tried to fuse operations with "
            "different output shapes");
      }
      shapes.push_back(o.shape());
      types.push_back(o.dtype());
    }
    // Scalars computed before the call (not inputs) are inlined by kernels.
    std::unordered_set<std::uintptr_t> constant_ids;
    for (auto& in : region_inputs) {
      if (in.size() == 1 && !in.has_primitive() && in.is_evaluated() &&
          !input_ids.count(in.id())) {
        constant_ids.insert(in.id());
      }
    }
    auto compiled_outputs = array::make_arrays(
        std::move(shapes), types,
        std::make_shared<Compiled>(old_outputs.back().primitive().stream(),
                                   region_inputs, old_outputs, std::move(fused_tape),
                                   std::move(constant_ids)),
        region_inputs);

    new_tape.push_back(compiled_outputs.back());
    push_unfused_splits();

    // The region's inputs now feed the Compiled outputs.
    for (size_t k = 0; k < region_inputs.size(); ++k) {
      drop_parents_in(parents_map, region_inputs[k].id(), cache);
      auto& pairs = parents_map[region_inputs[k].id()];
      for (auto& o : compiled_outputs) pairs.push_back({o, static_cast<int>(k)});
    }
    // Users of the old outputs (and the graph outputs) use the new ones.
    for (size_t o = 0; o < old_outputs.size(); ++o) {
      merge_one(compiled_outputs[o], old_outputs[o], parents_map);
      if (auto it = output_map.find(old_outputs[o].id()); it != output_map.end()) {
        it->second = compiled_outputs[o];
      }
    }
  }

  std::reverse(new_tape.begin(), new_tape.end());
  tape = std::move(new_tape);
  for (auto& o : outputs) o = output_map.at(o.id());
}

} // namespace mxcore::detail
