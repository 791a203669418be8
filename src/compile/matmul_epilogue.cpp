#include "compile/matmul_epilogue.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <unordered_map>
#include <unordered_set>

#include "primitives/matmul.h"

namespace mxcore {

MatmulEpilogue::MatmulEpilogue(Stream stream, std::shared_ptr<Compiled> region, size_t slot)
    : Primitive(stream), region_(std::move(region)), slot_(slot) {}

void MatmulEpilogue::print(std::ostream& os) {
  os << "MatmulEpilogue(";
  region_->print(os);
  os << ")";
}

bool MatmulEpilogue::is_equivalent(const Primitive& other) const {
  const auto& o = static_cast<const MatmulEpilogue&>(other);
  return slot_ == o.slot_ && region_->is_equivalent(*o.region_);
}

namespace detail {

namespace {

bool epilogues_enabled() {
  const char* env = std::getenv("MXCORE_GEMM_EPILOGUE");
  return env == nullptr || std::strcmp(env, "0") != 0;
}

bool is_elementwise(const Primitive& p) {
  auto k = p.kind();
  return k == PrimitiveKind::unary || k == PrimitiveKind::binary ||
         k == PrimitiveKind::ternary;
}

// A float32 2-D product on the CPU that nothing but `user`'s group reads.
bool fusable_product(const array& mm, const array& user, const ParentsMap& parents_map,
                     const std::unordered_set<std::uintptr_t>& output_ids) {
  if (!mm.has_primitive() || typeid(mm.primitive()) != typeid(Matmul)) return false;
  if (output_ids.count(mm.id()) || mm.ndim() != 2 || mm.dtype() != float32) return false;
  if (mm.primitive().stream() != user.primitive().stream() ||
      mm.primitive().stream().device.type != Device::cpu) {
    return false;
  }
  for (auto& in : mm.inputs()) {
    if (in.dtype() != float32) return false;
  }
  auto it = parents_map.find(mm.id());
  if (it == parents_map.end() || it->second.empty()) return false;
  for (auto& [parent, pos] : it->second) {
    if (&parent.primitive() != &user.primitive()) return false;
  }
  return true;
}

} // namespace

void compile_matmul_epilogues(std::vector<array>& tape, ParentsMap& parents_map,
                              const std::vector<array>& inputs, std::vector<array>& outputs) {
  if (!epilogues_enabled()) return;
  std::unordered_set<std::uintptr_t> output_ids, input_ids;
  for (auto& o : outputs) output_ids.insert(o.id());
  for (auto& in : inputs) input_ids.insert(in.id());
  std::unordered_set<std::uintptr_t> removed;  // products folded into their user
  for (auto& node : tape) {
    if (!node.has_primitive()) continue;
    auto* compiled = dynamic_cast<Compiled*>(&node.primitive());
    const bool lone = compiled == nullptr && is_elementwise(node.primitive()) &&
                      node.outputs().size() == 1;
    if (compiled != nullptr && (compiled->program() == nullptr || compiled->program()->row)) {
      continue;
    }
    if (compiled == nullptr && !lone) continue;
    // The user's outputs have the product's shape; the product is one input.
    size_t slot = node.inputs().size();
    int uses = 0;
    for (size_t i = 0; i < node.inputs().size(); ++i) {
      auto& in = node.inputs()[i];
      if (in.has_primitive() && typeid(in.primitive()) == typeid(Matmul) &&
          !removed.count(in.id()) && fusable_product(in, node, parents_map, output_ids)) {
        slot = i;
      }
    }
    if (slot == node.inputs().size()) continue;
    const array mm = node.inputs()[slot];
    for (auto& in : node.inputs()) uses += in.id() == mm.id();
    bool same_shape = uses == 1;
    for (auto& o : node.outputs()) same_shape &= o.shape() == mm.shape();
    if (!same_shape) continue;

    std::shared_ptr<Compiled> region;
    if (compiled != nullptr) {
      region = std::static_pointer_cast<Compiled>(node.primitive_ptr());
    } else {  // a one-node region, as compile_fuse would make of a larger one
      std::unordered_set<std::uintptr_t> constant_ids;
      for (auto& in : node.inputs()) {
        if (in.size() == 1 && !in.has_primitive() && in.is_evaluated() &&
            !input_ids.count(in.id())) {
          constant_ids.insert(in.id());
        }
      }
      region = std::make_shared<Compiled>(node.primitive().stream(), node.inputs(),
                                          std::vector<array>{node}, std::vector<array>{node},
                                          std::move(constant_ids));
      if (region->program() == nullptr) continue;
    }
    std::vector<array> new_inputs = mm.inputs();
    for (size_t i = 0; i < node.inputs().size(); ++i) {
      if (i != slot) new_inputs.push_back(node.inputs()[i]);
    }
    std::vector<array> old_outputs = node.outputs();
    std::vector<Shape> shapes;
    std::vector<Dtype> dtypes;
    for (auto& o : old_outputs) {
      shapes.push_back(o.shape());
      dtypes.push_back(o.dtype());
    }
    auto fused = array::make_arrays(
        std::move(shapes), dtypes,
        std::make_shared<MatmulEpilogue>(node.primitive().stream(), region, slot), new_inputs);

    // The inputs feed the fused node now; the product is gone.
    auto drop_user = [&](const array& in) {
      auto it = parents_map.find(in.id());
      if (it == parents_map.end()) return;
      auto& pairs = it->second;
      pairs.erase(std::remove_if(pairs.begin(), pairs.end(),
                                 [&](auto& p) {
                                   return &p.first.primitive() == &node.primitive() ||
                                          p.first.id() == mm.id();
                                 }),
                  pairs.end());
    };
    for (auto& in : new_inputs) drop_user(in);
    for (size_t k = 0; k < new_inputs.size(); ++k) {
      auto& pairs = parents_map[new_inputs[k].id()];
      for (auto& o : fused) pairs.push_back({o, static_cast<int>(k)});
    }
    parents_map.erase(mm.id());
    removed.insert(mm.id());
    for (size_t o = 0; o < old_outputs.size(); ++o) {
      merge_one(fused[o], old_outputs[o], parents_map);
      for (auto& out : outputs) {
        if (out.id() == old_outputs[o].id()) out = fused[o];
      }
    }
    node = fused.back();
  }
  if (removed.empty()) return;
  std::vector<array> kept;
  kept.reserve(tape.size());
  for (auto& a : tape) {
    if (!removed.count(a.id())) kept.push_back(std::move(a));
  }
  tape = std::move(kept);
}

} // namespace detail

} // namespace mxcore
