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

std::optional<Shape> row_reduce_shape(const std::vector<array>& members) {
  std::optional<Shape> full;
  for (auto& m : members) {
    if (!as_reduce(m.primitive())) continue;
    if (!is_row_reduce(m)) return std::nullopt;
    auto& in = m.inputs()[0];
    if (full && *full != in.shape()) return std::nullopt;
    full = in.shape();
  }
  return full;
}

bool fits_row_region(const array& a, const Shape& full) {
  if (a.shape() == full) return true;
  if (a.ndim() != static_cast<int>(full.size()) || full.empty() || a.shape().back() != 1) {
    return false;
  }
  for (size_t d = 0; d + 1 < full.size(); ++d) {
    if (a.shape(static_cast<int>(d)) != full[d]) return false;
  }
  return true;
}

std::optional<Shape> row_region_shape(const std::vector<array>& members,
                                      const std::vector<array>& outputs) {
  auto full = row_reduce_shape(members);
  if (!full) return std::nullopt;
  for (auto& m : members) {
    if (!fits_row_region(m, *full)) return std::nullopt;
  }
  for (auto& o : outputs) {
    if (!fits_row_region(o, *full)) return std::nullopt;
  }
  return full;
}

} // namespace mxcore::detail
