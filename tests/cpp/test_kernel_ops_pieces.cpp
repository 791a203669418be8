// The JIT preamble is cut to the functors a kernel uses: every elementwise
// op has its piece, a selection holds its needs and nothing else, and the
// pieces together are the whole of kernel_ops.h's functors.
#include <stdexcept>
#include <string>

#include "backend/cpu/kernel_ops_pieces.h"
#include "kernel/op.h"
#include "test_framework.h"

using namespace mxcore;

namespace {
bool contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}
} // namespace

TEST_CASE("every elementwise op has a kernel_ops piece that defines its functor") {
  for (auto op : kernel::all_ops()) {
    auto kind = kernel::op_kind(op);
    if (kind != kernel::NodeKind::unary && kind != kernel::NodeKind::binary &&
        kind != kernel::NodeKind::ternary) {
      continue;
    }
    std::string name = kernel::op_name(op);
    auto text = cpu::kernel_ops_preamble({name});
    CHECK(contains(text, "struct " + name + " {") || contains(text, "(" + name + ","));
  }
}

TEST_CASE("a selection holds the named functors and their needs only") {
  auto add = cpu::kernel_ops_preamble({"Add"});
  CHECK(contains(add, "struct Add {"));
  CHECK(!contains(add, "struct Multiply {"));
  CHECK(!contains(add, "MXCORE_INEXACT_UNARY(Sin,"));
  CHECK(contains(add, "} // namespace mxcore::kernel_ops")); // the tail closes it

  auto maximum = cpu::kernel_ops_preamble({"Maximum"});
  CHECK(contains(maximum, "bool complex_greater(T x, T y)"));

  auto divmod = cpu::kernel_ops_preamble({"DivMod"});
  CHECK(contains(divmod, "struct Divide {") && contains(divmod, "struct Remainder {"));
  // Needs come first, in file order.
  CHECK(divmod.find("struct Divide {") < divmod.find("struct DivMod {"));

  // Asking twice for one functor includes it once.
  auto twice = cpu::kernel_ops_preamble({"Exp", "Exp"});
  auto first = twice.find("MXCORE_INEXACT_UNARY(Exp,");
  CHECK(first != std::string::npos);
  CHECK(twice.find("MXCORE_INEXACT_UNARY(Exp,", first + 1) == std::string::npos);
}

TEST_CASE("an unknown functor name is an error naming it") {
  bool threw = false;
  try {
    cpu::kernel_ops_preamble({"NoSuchOp"});
  } catch (const std::logic_error& e) {
    threw = contains(e.what(), "NoSuchOp");
  }
  CHECK(threw);
}

TEST_CASE("piece names are unique") {
  auto names = cpu::kernel_ops_piece_names();
  CHECK(names.size() > 50);
  for (size_t i = 0; i < names.size(); ++i) {
    for (size_t j = i + 1; j < names.size(); ++j) CHECK(names[i] != names[j]);
  }
}
