// The rules of CompiledColumnSum and the compile pass that makes them.
#include "compile/column_sum.h"

#include <algorithm>
#include <sstream>

#include "primitives/reduce.h"

namespace mxcore {

CompiledColumnSum::CompiledColumnSum(Stream stream, std::shared_ptr<Compiled> region, int summed,
                                     int reduced_axes, bool keep)
    : Primitive(stream), region_(std::move(region)), summed_(summed),
      reduced_axes_(reduced_axes), keep_(keep) {}

size_t CompiledColumnSum::sums_output() const {
  return keep_ ? region_->tape_outputs().size() : size_t(summed_);
}

std::vector<Shape> CompiledColumnSum::output_shapes(const std::vector<array>& inputs) {
  auto shapes = region_->output_shapes(inputs);
  Shape sums = shapes[summed_];
  for (int d = 0; d < reduced_axes_; ++d) sums[d] = 1;
  if (keep_) {
    shapes.push_back(std::move(sums));
  } else {
    shapes[summed_] = std::move(sums);
  }
  return shapes;
}

void CompiledColumnSum::print(std::ostream& os) {
  os << "CompiledColumnSum(" << summed_ << (keep_ ? " kept" : "") << " of ";
  region_->print(os);
  os << ")";
}

bool CompiledColumnSum::is_equivalent(const Primitive& other) const {
  const auto& o = static_cast<const CompiledColumnSum&>(other);
  return summed_ == o.summed_ && reduced_axes_ == o.reduced_axes_ && keep_ == o.keep_ &&
         region_->is_equivalent(*o.region_);
}

namespace detail {

namespace {

// Below this many summed elements the region and the Sum stay apart (one
// pass over a few cache lines either way).
constexpr int64_t kMinColumnSumElements = int64_t(1) << 12;
// The eager column reduction folds in chunk order only up to this many
// columns (reducer.h); wider sums keep their Sum.
constexpr int64_t kMaxColumns = 2048;

// How many leading axes a Sum over `axes` of rank `ndim` reduces, or 0 when
// its axes are not a leading run that keeps at least the last axis.
int leading_axes(const std::vector<int>& axes, int ndim) {
  for (size_t i = 0; i < axes.size(); ++i) {
    if (axes[i] != int(i)) return 0;
  }
  return int(axes.size()) < ndim ? int(axes.size()) : 0;
}

// The Sum `sum` (a tape node) qualifies; returns its leading axis count and
// whether its input has other users (or is a graph output) in `keep`.
int qualifying_sum(const array& sum, const ParentsMap& parents_map,
                   const std::unordered_set<std::uintptr_t>& output_ids, bool& keep) {
  if (!sum.has_primitive() || sum.dtype() != float32 ||
      sum.primitive().device().type != Device::cpu) {
    return 0;
  }
  auto* reduce = dynamic_cast<const Reduce*>(&sum.primitive());
  if (!reduce || reduce->reduce_type() != Reduce::Sum) return 0;
  const array& x = sum.inputs()[0];
  const int axes = leading_axes(reduce->axes(), x.ndim());
  if (axes == 0 || x.dtype() != float32 || !x.has_primitive() ||
      x.size() < kMinColumnSumElements) {
    return 0;
  }
  int64_t cols = 1;
  for (int d = axes; d < x.ndim(); ++d) cols *= x.shape(d);
  if (cols > kMaxColumns) return 0;
  auto it = parents_map.find(x.id());
  if (it == parents_map.end() || it->second.empty()) return 0;
  keep = it->second.size() != 1 || output_ids.count(x.id()) > 0;
  return axes;
}

// A lone elementwise primitive as a one-node region.
std::shared_ptr<Compiled> region_of_one(const array& x,
                                        const std::unordered_set<std::uintptr_t>& graph_inputs,
                                        std::vector<array>& region_inputs) {
  std::unordered_set<std::uintptr_t> seen, constant_ids;
  for (auto& in : x.inputs()) {
    if (!seen.insert(in.id()).second) continue;
    region_inputs.push_back(in);
    // Scalars computed before the call are inlined (as compile_fuse does).
    if (in.size() == 1 && !in.has_primitive() && in.is_evaluated() &&
        !graph_inputs.count(in.id())) {
      constant_ids.insert(in.id());
    }
  }
  return std::make_shared<Compiled>(x.primitive().stream(), region_inputs, std::vector<array>{x},
                                    std::vector<array>{x}, std::move(constant_ids));
}

} // namespace

void compile_fuse_column_sums(std::vector<array>& tape, ParentsMap& parents_map,
                              const std::vector<array>& inputs, std::vector<array>& outputs) {
  std::unordered_set<std::uintptr_t> output_ids, graph_inputs;
  for (auto& o : outputs) output_ids.insert(o.id());
  for (auto& in : inputs) graph_inputs.insert(in.id());
  std::unordered_map<std::uintptr_t, size_t> position; // tape index of each node's arrays
  for (size_t t = 0; t < tape.size(); ++t) {
    if (!tape[t].has_primitive()) continue;
    for (auto& o : tape[t].outputs()) position[o.id()] = t;
  }
  std::vector<bool> removed(tape.size(), false);

  for (size_t t = 0; t < tape.size(); ++t) {
    array sum = tape[t];
    bool keep = false;
    const int axes = qualifying_sum(sum, parents_map, output_ids, keep);
    if (axes == 0) continue;
    array x = sum.inputs()[0];
    auto pos = position.find(x.id());
    if (pos == position.end() || removed[pos->second]) continue;

    std::shared_ptr<Compiled> region;
    std::vector<array> node_inputs;
    std::vector<array> old_outputs;
    int summed = 0;
    if (auto compiled = std::dynamic_pointer_cast<Compiled>(x.primitive_ptr())) {
      if (!compiled->program() || compiled->program()->row) continue;
      region = compiled;
      node_inputs = x.inputs();
      old_outputs = x.outputs();
      summed = int(x.sibling_position());
    } else if (is_fusable(x.primitive()) && !is_broadcast(x.primitive()) &&
               x.siblings().empty()) {
      region = region_of_one(x, graph_inputs, node_inputs);
      if (!region->program()) continue;
      old_outputs = {x};
    } else {
      continue;
    }

    std::vector<Shape> shapes;
    std::vector<Dtype> types;
    for (auto& o : old_outputs) {
      shapes.push_back(o.shape());
      types.push_back(o.dtype());
    }
    if (keep) {
      shapes.push_back(sum.shape());
      types.push_back(sum.dtype());
    } else {
      shapes[summed] = sum.shape();
    }
    auto fused = array::make_arrays(
        std::move(shapes), types,
        std::make_shared<CompiledColumnSum>(x.primitive().stream(), region, summed, axes, keep),
        node_inputs);
    const size_t sums_index = keep ? old_outputs.size() : size_t(summed);

    // The region's inputs feed the new node instead of the old one.
    std::unordered_map<std::uintptr_t, size_t> old_index;
    for (size_t k = 0; k < old_outputs.size(); ++k) old_index[old_outputs[k].id()] = k;
    for (auto& in : node_inputs) {
      auto it = parents_map.find(in.id());
      if (it == parents_map.end()) continue;
      auto& pairs = it->second;
      std::vector<std::pair<array, int>> kept;
      for (auto& p : pairs) {
        if (old_index.count(p.first.id())) continue;
        kept.push_back(p);
      }
      for (size_t i = 0; i < node_inputs.size(); ++i) {
        if (node_inputs[i].id() != in.id()) continue;
        for (auto& f : fused) kept.push_back({f, int(i)});
      }
      pairs = std::move(kept);
    }
    // Users of the old outputs (and of the Sum) use the new ones.
    for (size_t k = 0; k < fused.size(); ++k) {
      array& source = k == sums_index ? sum : old_outputs[k];
      merge_one(fused[k], source, parents_map);
      for (auto& o : outputs) {
        if (o.id() == source.id()) o = fused[k];
      }
    }
    parents_map.erase(x.id());
    tape[pos->second] = fused[sums_index];
    for (auto& f : fused) position[f.id()] = pos->second;
    removed[t] = true;
  }

  std::vector<array> kept;
  kept.reserve(tape.size());
  for (size_t t = 0; t < tape.size(); ++t) {
    if (!removed[t]) kept.push_back(std::move(tape[t]));
  }
  tape = std::move(kept);
}

} // namespace detail

} // namespace mxcore
