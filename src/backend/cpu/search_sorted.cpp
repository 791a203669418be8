// Eager searchsorted: a binary search of each value in the 1-D sorted
// sequence, with sort's order (NaN last; complex by real then imaginary part).
#include <algorithm>
#include <cmath>

#include "kernel/dtype_dispatch.h"
#include "backend/cpu/kernel_math.h"
#include "backend/cpu/row_major.h"
#include "backend/cpu/strided.h"
#include "backend/cpu/thread_pool.h"
#include "primitives/search_sorted.h"

namespace mxcore {

namespace {

template <typename T>
bool nan_last_less(T a, T b) {
  if constexpr (kernel_ops::is_complex_v<T>) {
    if (kernel_ops::isnan_any(a)) return false;
    if (kernel_ops::isnan_any(b)) return true;
    return a.real() < b.real() || (a.real() == b.real() && a.imag() < b.imag());
  } else if constexpr (std::is_integral_v<T>) {
    return a < b;
  } else {
    // Halves compare as float; float and double as themselves.
    using C = std::conditional_t<std::is_same_v<T, double>, double, float>;
    C ca = static_cast<C>(a), cb = static_cast<C>(b);
    if (std::isnan(ca)) return false;
    return std::isnan(cb) || ca < cb;
  }
}

template <typename T>
void search(const array& seq, const array& values, array& out, bool right) {
  const T* s = seq.data<T>();
  const int64_t n = seq.size();
  const T* v = values.data<T>();
  uint32_t* dst = out.data<uint32_t>();
  auto less = [](T a, T b) { return nan_last_less(a, b); };
  cpu::parallel_for(values.size(), cpu::elementwise_grain / 16, [&](int64_t b, int64_t e) {
    for (int64_t i = b; i < e; ++i) {
      const T* at = right ? std::upper_bound(s, s + n, v[i], less)
                          : std::lower_bound(s, s + n, v[i], less);
      dst[i] = static_cast<uint32_t>(at - s);
    }
  });
}

} // namespace

void SearchSorted::eval_cpu(const std::vector<array>& inputs, array& out) {
  array seq = cpu::row_major_input(inputs[0]);
  array values = cpu::row_major_input(inputs[1]);
  out.set_data(allocator::malloc(out.nbytes()));
  dispatch_all_types(values.dtype(), [&](auto tag) {
    search<MXCORE_TAG_TYPE(tag)>(seq, values, out, right_);
  });
}

} // namespace mxcore
