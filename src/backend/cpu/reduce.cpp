// Eager reductions: picks the op's kernel; the loops are in reducer.h, built
// once per op in reduce_sum.cpp, reduce_prod.cpp, reduce_min_max.cpp and
// reduce_logical.cpp.
#include "backend/cpu/reducer.h"

namespace mxcore::cpu {

extern template void reduce_dispatch<reduce_ops::And>(const array&, array&, const std::vector<int>&);
extern template void reduce_dispatch<reduce_ops::Or>(const array&, array&, const std::vector<int>&);
extern template void reduce_dispatch<reduce_ops::Sum>(const array&, array&, const std::vector<int>&);
extern template void reduce_dispatch<reduce_ops::Prod>(const array&, array&, const std::vector<int>&);
extern template void reduce_dispatch<reduce_ops::Min>(const array&, array&, const std::vector<int>&);
extern template void reduce_dispatch<reduce_ops::Max>(const array&, array&, const std::vector<int>&);

void reduce(const array& in, array& out, Reduce::ReduceType type,
            const std::vector<int>& axes) {
  out.set_data(allocator::malloc(out.nbytes()));
  switch (type) {
    case Reduce::And: return reduce_dispatch<reduce_ops::And>(in, out, axes);
    case Reduce::Or: return reduce_dispatch<reduce_ops::Or>(in, out, axes);
    case Reduce::Sum: return reduce_dispatch<reduce_ops::Sum>(in, out, axes);
    case Reduce::Prod: return reduce_dispatch<reduce_ops::Prod>(in, out, axes);
    case Reduce::Min: return reduce_dispatch<reduce_ops::Min>(in, out, axes);
    case Reduce::Max: return reduce_dispatch<reduce_ops::Max>(in, out, axes);
  }
}

} // namespace mxcore::cpu

namespace mxcore {

void Reduce::eval_cpu(const std::vector<array>& inputs, array& out) {
  cpu::reduce(inputs[0], out, reduce_type_, axes_);
}

} // namespace mxcore
