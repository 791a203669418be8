#include "compile/matmul_layout.h"

#include <cstdlib>
#include <cstring>
#include <unordered_set>

#include "primitives/matmul.h"
#include "primitives/shape.h"

namespace mxcore::detail {

namespace {

bool layouts_enabled() {
  const char* env = std::getenv("MXCORE_MATMUL_LAYOUT");
  return env == nullptr || std::strcmp(env, "0") != 0;
}

bool is_identity(const std::vector<int>& axes) {
  for (size_t i = 0; i < axes.size(); ++i) {
    if (axes[i] != int(i)) return false;
  }
  return true;
}

// The axes every user of `mm` transposes it by, or empty when the users are
// not all one such transpose (or the order would move the last axis).
std::vector<int> users_order(const array& mm, const ParentsMap& parents_map) {
  auto it = parents_map.find(mm.id());
  if (it == parents_map.end() || it->second.empty()) return {};
  std::vector<int> order;
  for (auto& [user, pos] : it->second) {
    const auto* t = dynamic_cast<const Transpose*>(&user.primitive());
    if (t == nullptr || t->stream() != mm.primitive().stream()) return {};
    if (!order.empty() && t->axes() != order) return {};
    order = t->axes();
  }
  if (order.size() != size_t(mm.ndim()) || order.back() != mm.ndim() - 1 ||
      is_identity(order)) {
    return {};
  }
  return order;
}

} // namespace

void compile_matmul_layouts(std::vector<array>& tape, ParentsMap& parents_map,
                            const std::vector<array>& outputs) {
  if (!layouts_enabled()) return;
  std::unordered_set<std::uintptr_t> output_ids;
  for (auto& o : outputs) output_ids.insert(o.id());
  for (auto& node : tape) {
    if (!node.has_primitive() || typeid(node.primitive()) != typeid(Matmul)) continue;
    const auto& mm = static_cast<const Matmul&>(node.primitive());
    // A caller may read a returned array's strides (and its buffer, through
    // NumPy), so outputs keep the row-major layout.
    if (!mm.out_order().empty() || output_ids.count(node.id()) || node.ndim() < 3 ||
        node.dtype() != float32 || mm.stream().device.type != Device::cpu) {
      continue;
    }
    std::vector<int> order = users_order(node, parents_map);
    if (order.empty()) continue;
    array ordered(node.shape(), node.dtype(), std::make_shared<Matmul>(mm.stream(), order),
                  node.inputs());
    // The product's inputs feed the new node; its users read the new node.
    for (size_t k = 0; k < ordered.inputs().size(); ++k) {
      for (auto& [user, pos] : parents_map[ordered.inputs()[k].id()]) {
        if (user.id() == node.id()) user = ordered;
      }
    }
    merge_one(ordered, node, parents_map);
    node = ordered;
  }
}

} // namespace mxcore::detail
