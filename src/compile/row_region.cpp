#include "compile/row_region.h"

#include "primitives/reduce.h"

namespace mxcore::detail {

namespace {
const Reduce* as_reduce(const Primitive& p) { return dynamic_cast<const Reduce*>(&p); }
} // namespace

bool is_row_reduce(const array& a) {
  auto* r = as_reduce(a.primitive());
  if (!r || a.inputs().size() != 1) return false;
  auto& input = a.inputs()[0];
  if (input.ndim() == 0) return false;
  switch (r->reduce_type()) {
    case Reduce::Sum:
    case Reduce::Prod:
    case Reduce::Min:
    case Reduce::Max:
      break;
    default:
      return false; // And/Or stay eager kernels
  }
  return r->axes() == std::vector<int>{input.ndim() - 1} &&
         kindof(input.dtype()) != Dtype::Kind::c;
}

bool has_reduce(const std::vector<array>& tape) {
  for (auto& a : tape) {
    if (a.has_primitive() && as_reduce(a.primitive())) return true;
  }
  return false;
}

std::optional<Shape> row_region_shape(const std::vector<array>& members,
                                      const std::vector<array>& outputs) {
  std::optional<Shape> full;
  for (auto& m : members) {
    if (!as_reduce(m.primitive())) continue;
    if (!is_row_reduce(m)) return std::nullopt;
    auto& in = m.inputs()[0];
    if (full && *full != in.shape()) return std::nullopt;
    full = in.shape();
  }
  if (!full) return std::nullopt;
  Shape reduced = *full;
  reduced.back() = 1;
  auto fits = [&](const array& a) { return a.shape() == *full || a.shape() == reduced; };
  for (auto& m : members) {
    if (!fits(m)) return std::nullopt;
  }
  for (auto& o : outputs) {
    if (!fits(o)) return std::nullopt;
  }
  return full;
}

} // namespace mxcore::detail
