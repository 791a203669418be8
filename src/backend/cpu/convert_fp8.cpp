// Eager fp8 (E4M3) conversions, element by element over a row-major input.
#include "kernel/dtype_dispatch.h"
#include "backend/cpu/row_major.h"
#include "backend/cpu/strided.h"
#include "backend/cpu/thread_pool.h"
#include "primitives/convert_fp8.h"

namespace mxcore {

void ConvertFP8::eval_cpu(const std::vector<array>& inputs, array& out) {
  array in = cpu::row_major_input(inputs[0]);
  out.set_data(allocator::malloc(out.nbytes()));
  const int64_t n = in.size();
  if (to_fp8_) {
    uint8_t* dst = out.data<uint8_t>();
    dispatch_float_types(in.dtype(), "to_fp8", [&](auto tag) {
      using T = MXCORE_TAG_TYPE(tag);
      const T* src = in.data<T>();
      cpu::parallel_for(n, cpu::elementwise_grain, [&](int64_t b, int64_t e) {
        for (int64_t i = b; i < e; ++i) dst[i] = fp8::encode(static_cast<float>(src[i]));
      });
    });
    return;
  }
  const uint8_t* src = in.data<uint8_t>();
  dispatch_float_types(out.dtype(), "from_fp8", [&](auto tag) {
    using T = MXCORE_TAG_TYPE(tag);
    T* dst = out.data<T>();
    cpu::parallel_for(n, cpu::elementwise_grain, [&](int64_t b, int64_t e) {
      for (int64_t i = b; i < e; ++i) dst[i] = static_cast<T>(fp8::decode(src[i]));
    });
  });
}

} // namespace mxcore
