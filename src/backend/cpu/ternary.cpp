// CPU kernel of Select (the one ternary elementwise primitive).
#include "backend/cpu/ternary.h"
#include "primitives/elementwise.h"

namespace mxcore {

void Select::eval_cpu(const std::vector<array>& inputs, array& out) {
  cpu::select_op(inputs[0], inputs[1], inputs[2], out, name());
}

} // namespace mxcore
