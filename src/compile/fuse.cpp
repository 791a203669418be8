// Fusion: walk the tape backwards growing regions of elementwise primitives
// (unary, binary, ternary, broadcast) on one stream with one output shape, and
// replace each region by one multi-output Compiled primitive.
//
// A region may also grow across reductions over the last axis (row regions,
// see row_region.h): the region is first grown with those allowed; when it
// then holds no reduction, or is not a valid row region, it is grown again
// elementwise-only, exactly as before.
//
// A member whose users outside the region are all already placed (later in
// the tape) joins too and is written as one more output of the region.
//
// A cheap full-size input of a row region with users elsewhere (the centred
// input of a layer norm, which its backward also reads) is not read either:
// the region gets its own copy and recomputes it, so the value need not be
// written to memory and read back (see recomputable()). Elementwise-only
// regions do not recompute: their copies of a batch norm's affine chain ran
// slower than reading its result (CNN step, measured).
#include <algorithm>
#include <iterator>

#include "compile/compile_impl.h"
#include "compile/compiled.h"
#include "compile/row_region.h"
#include "kernel/op.h"
#include "kernel/row_layout.h"

namespace mxcore::detail {

namespace {

constexpr int max_compile_depth = 11;
// Row regions are deeper (a layernorm is ~16 nodes from output to input) but
// each node is cheap next to the memory passes it saves: a cut through a
// chain of row ops materializes float32 intermediates and a broadcast row,
// so a chain of ten layernorms or softmaxes stays one kernel (the row loop
// caches long recompute chains and reuses its row buffers, so its work stays
// linear in the depth).
constexpr int max_row_depth = 192;

// Same rank, equal except the last dim, where one side is 1: a full shape
// and its row-reduced shape.
bool same_rows(const Shape& a, const Shape& b) {
  if (a.size() != b.size() || a.empty()) return false;
  for (size_t d = 0; d + 1 < a.size(); ++d) {
    if (a[d] != b[d]) return false;
  }
  return a.back() == b.back() || a.back() == 1 || b.back() == 1;
}
constexpr size_t max_compile_arrays = 24;
// Members with outside users a region may also write (each is one more
// output buffer of the kernel).
constexpr size_t max_exported_outputs = 8;
// A member with more users than this is not exported (keeps the scan of its
// users short).
constexpr size_t max_export_users = 64;

// Copies of shared cheap members one region may recompute.
constexpr int max_recomputed = 12;

using Parents = std::vector<std::pair<array, int>>;

// Elementwise ops about as cheap as a load of their result (no exp, no
// division): recomputing one in a second region costs less than writing it
// to memory and reading it back.
bool is_cheap_op(const Primitive& p) {
  auto op = kernel::find_op(p.name());
  if (!op) return false;
  switch (*op) {
    case kernel::Op::Add: case kernel::Op::Subtract: case kernel::Op::Multiply:
    case kernel::Op::Negative: case kernel::Op::Abs: case kernel::Op::Square:
    case kernel::Op::Maximum: case kernel::Op::Minimum: case kernel::Op::AsType:
    case kernel::Op::Select: case kernel::Op::Equal: case kernel::Op::NotEqual:
    case kernel::Op::Less: case kernel::Op::LessEqual: case kernel::Op::Greater:
    case kernel::Op::GreaterEqual: case kernel::Op::LogicalNot:
    case kernel::Op::LogicalAnd: case kernel::Op::LogicalOr:
      return true;
    default:
      return false;
  }
}

// How many inputs of the region's members are `id`: the number of entries of
// parents_map[id] whose parent is in the region.
size_t uses_by(const std::vector<array>& members, std::uintptr_t id) {
  size_t n = 0;
  for (auto& m : members) {
    for (auto& in : m.inputs()) n += in.id() == id;
  }
  return n;
}

// Moves the `count` entries of `pairs` whose parent is in `region` out of it
// (both parts keep their order). The scan starts at the back and stops at the
// last of them: regions grow from the end of the tape, whose users are the
// newest entries, so a list shared by a whole graph (one scalar feeding 10^5
// ops) is touched only at its tail and compiling stays linear.
Parents take_parents_in(Parents& pairs, const std::unordered_set<std::uintptr_t>& region,
                        size_t count) {
  size_t begin = pairs.size(), found = 0;
  while (begin > 0 && found < count) found += region.count(pairs[--begin].first.id());
  auto kept_end = std::stable_partition(pairs.begin() + begin, pairs.end(), [&](auto& p) {
    return region.count(p.first.id()) == 0;
  });
  Parents taken(std::make_move_iterator(kept_end), std::make_move_iterator(pairs.end()));
  pairs.erase(kept_end, pairs.end());
  return taken;
}

// Parents of x inside `divider` (the region, whose nodes are `members`)
// switch to a copy y of x; the others keep x. Lets a broadcast feed both a
// fused region and outside users.
// x by value: it is often a reference into a parent's inputs, which this
// rewires.
array split_one(array x, ParentsMap& parents_map,
                const std::unordered_set<std::uintptr_t>& divider,
                const std::vector<array>& members) {
  array y(x.shape(), x.dtype(), x.primitive_ptr(), x.inputs());
  size_t count = uses_by(members, x.id());
  auto moved = take_parents_in(parents_map[x.id()], divider, count);
  for (auto& p : moved) p.first.inputs()[p.second] = y;
  parents_map[y.id()] = std::move(moved);
  // y is a new user of x's inputs.
  for (size_t i = 0; i < y.inputs().size(); ++i) {
    parents_map[y.inputs()[i].id()].push_back({y, static_cast<int>(i)});
  }
  return y;
}

// Undoes split_one: the parents of the copy y use x again and y leaves the
// graph (a region grown and then abandoned must leave the graph as it was).
void unsplit(const array& x, const array& y, ParentsMap& parents_map) {
  auto& x_parents = parents_map[x.id()];
  if (auto it = parents_map.find(y.id()); it != parents_map.end()) {
    for (auto& p : it->second) {
      p.first.inputs()[p.second] = x;
      x_parents.push_back(std::move(p));
    }
    parents_map.erase(it);
  }
  // y was pushed last onto its inputs' lists: look from the back.
  for (size_t i = 0; i < y.inputs().size(); ++i) {
    auto& pairs = parents_map[y.inputs()[i].id()];
    for (size_t k = pairs.size(); k-- > 0;) {
      if (pairs[k].first.id() == y.id() && pairs[k].second == static_cast<int>(i)) {
        pairs.erase(pairs.begin() + static_cast<std::ptrdiff_t>(k));
        break;
      }
    }
  }
}

// Removes the parents that are in `region` (whose nodes are `members`) from
// the list of `id`.
void drop_parents_in(ParentsMap& parents_map, std::uintptr_t id,
                     const std::unordered_set<std::uintptr_t>& region,
                     const std::vector<array>& members) {
  take_parents_in(parents_map[id], region, uses_by(members, id));
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
  // Arrays already on new_tape (and every output of the Compiled primitives
  // made so far). Everything later in the tape than the node being visited
  // is placed or fused, so a placed array is never an ancestor of it.
  std::unordered_set<std::uintptr_t> placed;
  std::vector<array> placed_outputs; // keeps their ids from being reused
  auto place = [&](const array& a) {
    new_tape.push_back(a);
    placed.insert(a.id());
  };
  for (int i = static_cast<int>(tape.size()) - 1; i >= 0; --i) {
    auto& arr = tape[i];
    if (global_cache.count(arr.id())) continue;

    // First pass: collect the fusable region rooted at arr. A node joins only
    // when all its parents are in the region (or it is a broadcast, which is
    // split so outside parents keep their own copy).
    std::unordered_set<std::uintptr_t> cache;
    std::unordered_set<std::uintptr_t> input_set;
    std::vector<array> members; // the region, as collected
    // Region inputs by id, with the depth they were met at, for regrowing.
    std::unordered_map<std::uintptr_t, std::pair<array, int>> input_arrays;
    auto add_input = [&](const array& a, int depth) {
      input_set.insert(a.id());
      auto [it, fresh] = input_arrays.insert({a.id(), {a, depth}});
      if (!fresh) it->second.second = std::min(it->second.second, depth);
    };
    bool row_mode = true;       // reductions over the last axis may join
    // Set on the second try of a row region: members must have this full
    // shape or its reduced one; anything else (a causal mask's (seq, 1) and
    // (1, seq) positions) stays outside as an input.
    std::optional<Shape> row_full;
    // Members that are not graph outputs but have users outside the region.
    std::unordered_set<std::uintptr_t> export_ids;
    std::vector<array> splits; // copies made by split_one in this region
    std::vector<array> split_origins; // what each of them copies
    // A split copy that did not join the region is a new graph node: it goes
    // on the tape right before its user (new_tape is reversed at the end).
    auto push_unfused_splits = [&]() {
      for (auto& b : splits) {
        if (!cache.count(b.id())) place(b);
      }
    };
    // Grows the region from `root` in depth-first pre-order, with an explicit
    // stack (no recursion, whatever the graph). A pending visit names the
    // user and the input position, read when visited: a split may rewire the
    // user's input to a copy in the meantime.
    struct PendingInput {
      array user;
      int input;
      int depth;
    };
    std::vector<PendingInput> pending;
    // Whether every user of a is in the region (all_in) or, failing that, the
    // ones outside are all placed so a may be exported (placed_outside). The
    // scan stops at the first user that rules a out: a node shared by a
    // whole graph (a broadcast scalar feeding 10^5 ops) costs one step per
    // region, not one per user.
    auto users_inside_or_placed = [&](const array& a, bool& all_in, bool& placed_outside) {
      auto& users = parents_map.at(a.id());
      bool may_export = !is_broadcast(a.primitive()) && users.size() <= max_export_users;
      all_in = placed_outside = true;
      for (auto& [p, idx] : users) {
        if (cache.count(p.id())) continue;
        all_in = false;
        if (!may_export || !placed.count(p.id())) {
          placed_outside = false;
          return;
        }
      }
    };
    // Whether the region should recompute its own copy of a, a cheap
    // full-size member with users elsewhere, rather than read it: a copy
    // reads at most one full-size array the region does not already read
    // (broadcast rows and scalars are small), so it never moves more memory
    // than reading a, and a need not be written when all its users recompute
    // it. Copies give the same values: the same ops on the same inputs.
    int recomputed = 0;
    auto recomputable = [&](const array& a, const Shape& shape) {
      if (a.shape() != shape || !is_cheap_op(a.primitive())) return false;
      int new_full_inputs = 0;
      for (auto& in : a.inputs()) {
        if (in.size() <= 1 || (in.has_primitive() && is_broadcast(in.primitive()))) continue;
        if (cache.count(in.id()) || input_set.count(in.id())) continue;
        ++new_full_inputs;
      }
      return new_full_inputs <= 1;
    };
    // Visits a (at depth): it joins the region, becomes a region input, or,
    // a broadcast with outside users, is split and its copy visited instead.
    auto visit = [&](array a, int depth, const Stream& s, const Shape& shape) {
      for (;;) {
        if (cache.count(a.id())) return;
        bool is_output = output_map.count(a.id()) > 0;
        bool fusable = a.has_primitive() &&
                       (is_fusable(a.primitive()) ||
                        (row_mode && is_row_reduce(a)));
        // Whether a may be written as one of the region's outputs.
        bool output_shape_ok = a.shape() == shape || (row_mode && same_rows(a.shape(), shape));
        if (depth >= (row_mode ? max_row_depth : max_compile_depth) || !fusable ||
            a.primitive().stream() != s || (is_output && !output_shape_ok) ||
            (row_full && !fits_row_region(a, *row_full))) {
          add_input(a, depth);
          return;
        }
        bool all_parents_in = true;
        bool outside_parents_placed = true;
        if (depth > 0) {
          users_inside_or_placed(a, all_parents_in, outside_parents_placed);
        }
        bool exported = false;
        if (!all_parents_in) {
          if (is_broadcast(a.primitive())) {
            array b = split_one(a, parents_map, cache, members);
            splits.push_back(b);
            split_origins.push_back(std::move(a));
            a = std::move(b);
            continue; // visit the copy at the same depth
          }
          // Every outside user is already placed (after this region in the
          // new tape, and no ancestor of it): a joins and the region also
          // writes it as an extra output, so the values a backward graph
          // reuses from the forward one do not cut the forward region.
          if (!outside_parents_placed || !output_shape_ok ||
              export_ids.size() >= max_exported_outputs) {
            add_input(a, depth);
            return;
          }
          exported = true;
          export_ids.insert(a.id());
        }
        if (is_output || exported) {
          add_input(a, depth);
        } else {
          input_set.erase(a.id());
        }
        if (input_set.size() >= max_compile_arrays) return;
        cache.insert(a.id());
        members.push_back(a);
        // Reversed, so the first input is visited first.
        for (size_t k = a.inputs().size(); k-- > 0;) {
          pending.push_back({a, static_cast<int>(k), depth + 1});
        }
        return;
      }
    };
    auto recurse = [&](const array& root, int depth, const Stream& s, const Shape& shape) {
      visit(root, depth, s, shape);
      while (!pending.empty()) {
        PendingInput next = std::move(pending.back());
        pending.pop_back();
        visit(next.user.inputs()[next.input], next.depth, s, shape);
      }
    };

    // The region's result must be computed here, and not by a broadcast
    // (materializing a broadcast could blow up memory).
    bool row_region = false;
    if (arr.has_primitive() && !is_broadcast(arr.primitive())) {
      Stream s = arr.primitive().stream();
      recurse(arr, 0, s, arr.shape());
      // A node used by several region members (the x of a layernorm feeds
      // both reductions and the output) was first met before all its users
      // joined: grow again from the inputs whose users are now all inside, at
      // the depth they were met (restarting shallower would let a long chain
      // regrow to its very start, once per region).
      auto regrow = [&]() {
        for (bool grew = row_mode; grew && input_set.size() < max_compile_arrays;) {
          grew = false;
          std::vector<std::pair<array, int>> candidates;
          for (auto id : input_set) candidates.push_back(input_arrays.at(id));
          for (auto& [c, depth] : candidates) {
            if (cache.count(c.id()) || output_map.count(c.id()) || !c.has_primitive()) continue;
            bool all_in = true, placed_outside = true;
            users_inside_or_placed(c, all_in, placed_outside);
            if (!all_in && !placed_outside) continue;
            size_t before = cache.size();
            recurse(c, std::max(depth, 1), s, arr.shape());
            grew |= cache.size() > before;
          }
        }
      };
      // Then a row region recomputes its own copies of the cheap inputs that
      // still have users elsewhere (only now: a user met later may have
      // joined since), and grows from them; the copies are undone with the
      // other splits when the region turns out not to be a row region.
      auto recompute_shared_inputs = [&]() {
        for (bool grew = true; grew;) {
          grew = false;
          std::vector<std::pair<array, int>> candidates;
          for (auto id : input_set) candidates.push_back(input_arrays.at(id));
          for (auto& [c, depth] : candidates) {
            if (recomputed >= max_recomputed || input_set.size() + 1 >= max_compile_arrays) {
              return;
            }
            if (cache.count(c.id()) || output_map.count(c.id()) || !c.has_primitive() ||
                !is_fusable(c.primitive()) || c.primitive().stream() != s ||
                depth >= (row_mode ? max_row_depth : max_compile_depth) ||
                !recomputable(c, arr.shape())) {
              continue;
            }
            bool all_in = true, placed_outside = true;
            users_inside_or_placed(c, all_in, placed_outside);
            if (all_in) continue; // the region's own node (regrow's business)
            array copy = split_one(c, parents_map, cache, members);
            splits.push_back(copy);
            split_origins.push_back(c);
            input_set.erase(c.id()); // its region users read the copy now
            ++recomputed;
            recurse(copy, std::max(depth, 1), s, arr.shape());
            regrow();
            grew = true;
          }
        }
      };
      // Undoes the region grown so far, to grow it again another way.
      auto reset = [&]() {
        // Latest first: a copy may itself have been split.
        for (size_t k = splits.size(); k-- > 0;) {
          unsplit(split_origins[k], splits[k], parents_map);
        }
        splits.clear();
        split_origins.clear();
        cache.clear();
        input_set.clear();
        input_arrays.clear();
        members.clear();
        export_ids.clear();
        recomputed = 0;
      };
      auto is_row_region = [&]() {
        if (!has_reduce(members)) return false;
        std::vector<array> region_outputs{arr};
        for (auto& m : members) {
          if (output_map.count(m.id()) || export_ids.count(m.id())) region_outputs.push_back(m);
        }
        return row_region_shape(members, region_outputs).has_value();
      };
      regrow();
      recompute_shared_inputs();
      row_region = is_row_region();
      // The reductions agree but some member has another shape: grow the row
      // region again with such members left outside, when the root fits.
      if (auto full = row_region || !has_reduce(members) ? std::nullopt : row_reduce_shape(members);
          full && fits_row_region(arr, *full)) {
        reset();
        row_full = full;
        recurse(arr, 0, s, arr.shape());
        regrow();
        recompute_shared_inputs();
        row_region = is_row_region();
        // Only if the row kernel can read what was left outside (else the
        // elementwise region below serves better than a dense copy).
        for (auto id : input_set) {
          row_region = row_region && kernel::row_readable_shape(input_arrays.at(id).first.shape(), *full);
        }
        row_full.reset();
      }
      if (!row_region) { // grow it again, elementwise only
        reset();
        row_mode = false;
        recurse(arr, 0, s, arr.shape());
      }
    }
    if (cache.size() <= 1) { // one primitive is not worth fusing
      place(arr);
      push_unfused_splits();
      continue;
    }

    // Second pass: the region's tape in topological order and its inputs.
    input_set.clear();
    std::vector<array> region_inputs;
    std::vector<array> fused_tape;
    std::unordered_set<std::uintptr_t> tape_set;
    // Post-order walk of the members with an explicit stack.
    struct Frame {
      array node;
      size_t next_input;
    };
    std::vector<Frame> frames;
    auto enter = [&](const array& a) {
      if (!cache.count(a.id())) {
        if (input_set.insert(a.id()).second) region_inputs.push_back(a);
        return;
      }
      if (tape_set.insert(a.id()).second) frames.push_back({a, 0});
    };
    enter(arr);
    while (!frames.empty()) {
      auto& top = frames.back();
      if (top.next_input < top.node.inputs().size()) {
        array in = top.node.inputs()[top.next_input++]; // enter() may move `top`
        enter(in);
        continue;
      }
      fused_tape.push_back(std::move(top.node));
      frames.pop_back();
    }

    // Region members that are graph outputs or have outside users become
    // extra outputs.
    std::vector<array> old_outputs;
    for (size_t j = 0; j + 1 < fused_tape.size(); ++j) {
      auto& f = fused_tape[j];
      if (output_map.count(f.id()) || export_ids.count(f.id())) {
        old_outputs.push_back(f);
        drop_parents_in(parents_map, f.id(), cache, members); // now siblings
      } else {
        parents_map.erase(f.id());
      }
      global_cache.insert(f.id());
    }
    old_outputs.push_back(arr);

    std::vector<Shape> shapes;
    std::vector<Dtype> types;
    for (auto& o : old_outputs) {
      // Row regions mix full and row-reduced outputs (checked above).
      if (!row_region && o.shape() != old_outputs.back().shape()) {
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

    place(compiled_outputs.back());
    for (auto& o : compiled_outputs) {
      placed.insert(o.id());
      placed_outputs.push_back(o);
    }
    push_unfused_splits();

    // The region's inputs now feed the Compiled outputs.
    for (size_t k = 0; k < region_inputs.size(); ++k) {
      drop_parents_in(parents_map, region_inputs[k].id(), cache, members);
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
