// The shared walks of strided.h (for_each_run_shared, strided_apply), one
// copy per operand count.
#include "backend/cpu/strided.h"

namespace mxcore::cpu {

template <size_t N>
void for_each_run_shared(const StridedLayout<N>& layout, int64_t start, int64_t end,
                         RunFn<N> fn, void* ctx) {
  for_each_run<N>(layout, start, end,
                  [&](const std::array<int64_t, N>& off, int64_t n,
                      const std::array<int64_t, N>& st) { fn(ctx, off, n, st); });
}

template void for_each_run_shared<1>(const StridedLayout<1>&, int64_t, int64_t, RunFn<1>,
                                     void*);
template void for_each_run_shared<2>(const StridedLayout<2>&, int64_t, int64_t, RunFn<2>,
                                     void*);

template <size_t N>
void strided_apply_runs(const Shape& shape, const std::array<const Strides*, N>& strides,
                        RunFn<N> fn, void* ctx, int64_t grain) {
  auto layout = collapse_dims<N>(shape, strides);
  int64_t total = layout.size();
  parallel_for(total, grain, [&](int64_t begin, int64_t end) {
    for_each_run<N>(layout, begin, end,
                    [&](const std::array<int64_t, N>& off, int64_t n,
                        const std::array<int64_t, N>& st) { fn(ctx, off, n, st); });
  });
}

template void strided_apply_runs<2>(const Shape&, const std::array<const Strides*, 2>&, RunFn<2>,
                                    void*, int64_t);
template void strided_apply_runs<3>(const Shape&, const std::array<const Strides*, 3>&, RunFn<3>,
                                    void*, int64_t);
template void strided_apply_runs<4>(const Shape&, const std::array<const Strides*, 4>&, RunFn<4>,
                                    void*, int64_t);

} // namespace mxcore::cpu
