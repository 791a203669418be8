#include "kernel/op.h"

#include <string>
#include <unordered_map>

namespace mxcore::kernel {

namespace {

struct OpInfo {
  const char* name;
  NodeKind kind;
};

constexpr OpInfo op_table[] = {
#define MXCORE_OP_INFO(NAME, CLASS) {#NAME, NodeKind::CLASS},
    MXCORE_KERNEL_OPS(MXCORE_OP_INFO)
#undef MXCORE_OP_INFO
};

} // namespace

const char* op_name(Op op) { return op_table[static_cast<size_t>(op)].name; }

NodeKind op_kind(Op op) { return op_table[static_cast<size_t>(op)].kind; }

std::optional<Op> find_op(std::string_view primitive_name) {
  static const auto by_name = [] {
    std::unordered_map<std::string_view, Op> m;
    for (size_t i = 0; i < std::size(op_table); ++i) m.emplace(op_table[i].name, Op(i));
    return m;
  }();
  auto it = by_name.find(primitive_name);
  if (it == by_name.end()) return std::nullopt;
  return it->second;
}

const std::vector<Op>& all_ops() {
  static const auto ops = [] {
    std::vector<Op> v;
    for (size_t i = 0; i < std::size(op_table); ++i) v.push_back(Op(i));
    return v;
  }();
  return ops;
}

} // namespace mxcore::kernel
