// Integer and bool matmul (beyond MLX, as NumPy): exact products with no BLAS.
// Operands are copied row-major (batch broadcasts expanded), then each output
// row is accumulated over k with rows of b, so the innermost loop walks
// contiguous memory. Integers wrap on overflow as NumPy's do; the sums run in
// an unsigned type, where wrapping is defined. bool is
// "any (a and b)": the product in the boolean semiring.
#include <algorithm>
#include <cstring>
#include <vector>
#include <type_traits>

#include "backend/cpu/copy.h"
#include "backend/cpu/matmul.h"
#include "backend/cpu/thread_pool.h"
#include "kernel/dtype_dispatch.h"

namespace mxcore::cpu {

namespace {

array row_major(const array& x) {
  array y(allocator::malloc(x.nbytes()), x.shape(), x.dtype());
  copy_into(x, y);
  return y;
}

// Multiply-adds below which one thread does all rows.
constexpr int64_t parallel_integer_work = int64_t(1) << 18;

// Unsigned, and at least as wide as unsigned int: a narrower type would be
// promoted to (signed) int in the multiply, where 65535 * 65535 overflows.
// Truncating the wider wrapped sum gives the same bits as wrapping in T.
template <typename T>
struct accumulator {
  using type = std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned,
                                  std::make_unsigned_t<T>>;
};
template <>
struct accumulator<bool> {
  using type = uint8_t;
};

template <typename T>
void integer_matmul_typed(const array& a, const array& b, array& out) {
  using Acc = typename accumulator<T>::type;
  const int64_t m = out.shape(-2), n = out.shape(-1), k = a.shape(-1);
  const int64_t products = out.size() / (m * n);
  array A = row_major(a), B = row_major(b);
  const T* pa = A.data<T>();
  const T* pb = B.data<T>();
  T* pc = out.data<T>();
  auto rows = [&](int64_t begin, int64_t end) {
    std::vector<Acc> acc(n);
    for (int64_t r = begin; r < end; ++r) {
      const int64_t p = r / m, i = r % m;
      const T* arow = pa + p * m * k + i * k;
      const T* b0 = pb + p * k * n;
      std::fill(acc.begin(), acc.end(), Acc(0));
      for (int64_t kk = 0; kk < k; ++kk) {
        const Acc x = static_cast<Acc>(arow[kk]);
        if (x == 0) continue;
        const T* brow = b0 + kk * n;
        if constexpr (std::is_same_v<T, bool>) {
          for (int64_t j = 0; j < n; ++j) acc[j] |= static_cast<Acc>(brow[j]);
        } else {
          for (int64_t j = 0; j < n; ++j) acc[j] += x * static_cast<Acc>(brow[j]);
        }
      }
      T* crow = pc + r * n;
      for (int64_t j = 0; j < n; ++j) crow[j] = static_cast<T>(acc[j]);
    }
  };
  const int64_t total_rows = products * m;
  if (total_rows * n * k < parallel_integer_work) {
    rows(0, total_rows);
  } else {
    parallel_for(total_rows, 1, rows);
  }
}

} // namespace

void integer_matmul(const array& a, const array& b, array& out) {
  out.set_data(allocator::malloc(out.nbytes()));
  if (out.size() == 0) return;
  if (a.shape(-1) == 0) {
    std::memset(out.raw_data(), 0, out.nbytes());
    return;
  }
  dispatch_all_types(out.dtype(), [&](auto tag) {
    using T = MXCORE_TAG_TYPE(tag);
    if constexpr (std::is_integral_v<T>) {
      integer_matmul_typed<T>(a, b, out);
    } else {
      throw std::invalid_argument("[matmul] integer_matmul called with " +
                                  dtype_name(out.dtype()) + ".");
    }
  });
}

} // namespace mxcore::cpu
