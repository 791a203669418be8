// Simplify a traced graph: merge equal scalar constants, drop no-op
// primitives, and merge equivalent nodes (common subexpressions).
#include <algorithm>
#include <cstring>
#include <map>

#include "compile/compile_impl.h"

namespace mxcore::detail {

void merge_one(array& dst, array& src, ParentsMap& parents_map) {
  auto src_it = parents_map.find(src.id());
  if (src_it == parents_map.end()) return;
  // References into an unordered_map survive a rehash; iterators do not.
  auto& src_parents = src_it->second;
  auto& pairs = parents_map[dst.id()];
  for (auto& parent : src_parents) {
    parent.first.inputs()[parent.second] = dst;
    pairs.push_back(parent);
  }
  // src may have been a parent of dst: it is gone now. Checked on src's few
  // inputs first; scanning dst's parents on every merge is quadratic when
  // many nodes merge into one (a scalar shared by a long chain).
  bool src_uses_dst = false;
  for (auto& in : src.inputs()) src_uses_dst |= in.id() == dst.id();
  if (src_uses_dst) {
    pairs.erase(std::remove_if(pairs.begin(), pairs.end(),
                               [&](auto& p) { return p.first.id() == src.id(); }),
                pairs.end());
  }
  // Forget src so nothing fuses with it again.
  parents_map.erase(src.id());
}

namespace {

// src and dst come from equivalent primitives: their siblings merge pairwise.
void merge(array& dst, array& src, ParentsMap& parents_map) {
  auto sources = src.outputs();
  auto dests = dst.outputs();
  for (size_t i = 0; i < sources.size(); ++i) merge_one(dests[i], sources[i], parents_map);
}

uint64_t splitmix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

struct VecU64Hash {
  size_t operator()(const std::vector<uint64_t>& s) const noexcept {
    uint64_t h = 0x243f6a8885a308d3ull ^ (uint64_t)s.size() * 0x9e3779b97f4a7c15ull;
    for (uint64_t x : s) h = splitmix64(x ^ splitmix64(h + 0x9e3779b97f4a7c15ull));
    return (size_t)h;
  }
};

// A scalar whose value can be read now.
bool is_scalar_constant(const array& a) { return a.is_evaluated() && a.ndim() == 0; }

std::pair<uint64_t, Dtype::Val> scalar_key(const array& a) {
  uint64_t v = 0;
  std::memcpy(&v, a.raw_data(), std::min<size_t>(a.itemsize(), sizeof(v)));
  return {v, a.dtype().val};
}

// Same primitive type and parameters applied to the very same inputs.
bool array_equivalent(const array& a, const array& b) {
  if (!a.has_primitive() || !b.has_primitive()) return false;
  if (a.primitive_id() == b.primitive_id()) return false; // siblings
  const auto& pa = a.primitive();
  const auto& pb = b.primitive();
  if (typeid(pa) != typeid(pb)) return false;
  if (a.inputs().size() != b.inputs().size()) return false;
  for (size_t i = 0; i < a.inputs().size(); ++i) {
    if (a.inputs()[i].id() != b.inputs()[i].id()) return false;
  }
  return pa.is_equivalent(pb);
}

void merge_scalars(std::vector<array>& tape, ParentsMap& parents_map) {
  std::map<std::pair<uint64_t, Dtype::Val>, array> scalars;
  for (auto& a : tape) {
    if (is_scalar_constant(a)) scalars.insert({scalar_key(a), a});
  }
  std::vector<array> new_tape;
  for (auto& arr : tape) {
    if (is_scalar_constant(arr)) {
      auto& rep = scalars.find(scalar_key(arr))->second;
      if (rep.id() != arr.id()) {
        merge(rep, arr, parents_map);
        continue; // orphaned now
      }
    }
    new_tape.push_back(std::move(arr));
  }
  tape = std::move(new_tape);
}

void remove_noops(std::vector<array>& tape, ParentsMap& parents_map,
                  std::vector<array>& outputs) {
  std::unordered_map<std::uintptr_t, array> output_map;
  for (auto& o : outputs) output_map.insert({o.id(), o});
  std::vector<array> new_tape;
  for (auto& arr : tape) {
    if (!arr.has_primitive() || !is_noop(arr.primitive())) {
      new_tape.push_back(std::move(arr));
      continue;
    }
    merge_one(arr.inputs()[0], arr, parents_map);
    if (auto it = output_map.find(arr.id()); it != output_map.end()) {
      it->second = arr.inputs()[0];
    }
  }
  tape = std::move(new_tape);
  for (auto& o : outputs) {
    // Chains of no-ops: follow the replacements to the end.
    array cur = o;
    for (auto it = output_map.find(cur.id());
         it != output_map.end() && it->second.id() != cur.id();
         it = output_map.find(cur.id())) {
      cur = it->second;
    }
    o = cur;
  }
}

// Merges equivalent parents of `a`. Returns true when `a` has no parents and
// is no output (so it can leave the tape).
bool merge_parents(const array& a, ParentsMap& parents_map,
                   std::unordered_map<std::uintptr_t, uint32_t>& tape_order,
                   const std::unordered_set<std::uintptr_t>& output_set) {
  auto parents = parents_map.find(a.id());
  if (parents == parents_map.end()) return !output_set.count(a.id());

  // Copy: merging mutates the parents map (and may rehash it).
  auto plist = parents->second;
  size_t n = plist.size();
  std::vector<bool> mask(n, false);
  auto try_merge = [&](size_t dst_idx, size_t src_idx) {
    // Keep the earlier node so its users still come after it.
    if (tape_order[plist[src_idx].first.id()] < tape_order[plist[dst_idx].first.id()]) {
      std::swap(src_idx, dst_idx);
    }
    auto& src = plist[src_idx].first;
    auto& dst = plist[dst_idx].first;
    if (src.id() != dst.id() && array_equivalent(src, dst) && !output_set.count(src.id())) {
      merge(dst, src, parents_map);
      mask[src_idx] = true;
    }
  };
  auto merge_group = [&](const std::vector<size_t>& group) {
    for (size_t i = 0; i < group.size(); ++i) {
      if (mask[group[i]]) continue;
      for (size_t j = i + 1; j < group.size(); ++j) {
        if (mask[group[j]]) continue;
        try_merge(group[i], group[j]);
      }
    }
  };

  if (n > 100) {
    // Many parents: only compare those with the same inputs and primitive type.
    std::unordered_map<std::vector<uint64_t>, std::vector<size_t>, VecU64Hash> groups;
    for (size_t i = 0; i < n; ++i) {
      auto& cur = plist[i].first;
      std::vector<uint64_t> key;
      key.reserve(cur.inputs().size() + 2);
      for (auto& in : cur.inputs()) key.push_back(in.id());
      key.push_back(cur.inputs().size());
      key.push_back(cur.has_primitive() ? typeid(cur.primitive()).hash_code() : 0);
      groups[key].push_back(i);
    }
    for (auto& [_, group] : groups) merge_group(group);
  } else {
    std::vector<size_t> all(n);
    for (size_t i = 0; i < n; ++i) all[i] = i;
    merge_group(all);
  }

  // Drop merged parents so we don't keep merging with them.
  auto it = parents_map.find(a.id());
  if (it != parents_map.end()) {
    auto& live = it->second;
    std::unordered_set<std::uintptr_t> gone;
    for (size_t i = 0; i < n; ++i) {
      if (mask[i]) gone.insert(plist[i].first.id());
    }
    live.erase(std::remove_if(live.begin(), live.end(),
                              [&](auto& p) { return gone.count(p.first.id()) > 0; }),
               live.end());
  }
  return false;
}

} // namespace

void compile_simplify(std::vector<array>& tape, ParentsMap& parents_map,
                      std::vector<array>& outputs, int passes) {
  merge_scalars(tape, parents_map);
  remove_noops(tape, parents_map, outputs);

  std::unordered_map<std::uintptr_t, uint32_t> tape_order;
  for (uint32_t i = 0; i < tape.size(); ++i) tape_order.insert({tape[i].id(), i});
  std::unordered_set<std::uintptr_t> output_set;
  for (auto& o : outputs) output_set.insert(o.id());

  // Several passes: merging parents can make grandparents equivalent.
  for (int pass = 0; pass < passes; ++pass) {
    std::vector<array> new_tape;
    for (auto& arr : tape) {
      bool discard = merge_parents(arr, parents_map, tape_order, output_set);
      for (auto& s : arr.siblings()) {
        discard &= merge_parents(s, parents_map, tape_order, output_set);
      }
      // No parents and not an output, siblings included: orphaned.
      if (!discard) new_tape.push_back(std::move(arr));
    }
    tape = std::move(new_tape);
  }
}

} // namespace mxcore::detail
