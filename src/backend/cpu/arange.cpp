// The Arange kernel: each element is computed from its index (start + i * step)
// rather than accumulated, so long ranges do not drift (NumPy computes alike).
#include <cmath>

#include "kernel/dtype_dispatch.h"
#include "primitives/creation.h"

namespace mxcore {

void Arange::eval_cpu(const std::vector<array>&, array& out) {
  out.set_data(allocator::malloc(out.nbytes()));
  const int64_t n = out.size();
  dispatch_all_types(out.dtype(), [&](auto tag) {
    using T = MXCORE_TAG_TYPE(tag);
    T* ptr = out.data<T>();
    if constexpr (std::is_same_v<T, bool>) {
      for (int64_t i = 0; i < n; ++i) ptr[i] = (start_ + i * step_) != 0;
    } else if constexpr (std::is_same_v<T, complex64_t>) {
      for (int64_t i = 0; i < n; ++i) {
        ptr[i] = complex64_t(static_cast<float>(start_ + i * step_), 0.0f);
      }
    } else {
      if constexpr (std::is_integral_v<T>) {
        // MLX's rule for integer dtypes: the step is the difference of start
        // and start + step, each truncated to T (arange(0.5, 5, 1.5) is 0 2 4).
        auto s0 = static_cast<int64_t>(static_cast<T>(static_cast<int64_t>(start_)));
        auto st = static_cast<int64_t>(static_cast<T>(static_cast<int64_t>(start_ + step_))) - s0;
        for (int64_t i = 0; i < n; ++i) ptr[i] = static_cast<T>(s0 + i * st);
      } else {
        for (int64_t i = 0; i < n; ++i) {
          ptr[i] = static_cast<T>(start_ + static_cast<double>(i) * step_);
        }
      }
    }
  });
}

} // namespace mxcore
