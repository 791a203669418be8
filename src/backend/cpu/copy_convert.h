// The strided converting copy from one source type Tin to every dtype. The
// (source x destination) dtype pairs are instantiated in three translation
// units by source family (copy_from_unsigned.cpp, copy_from_signed.cpp,
// copy_from_float.cpp) so they build in parallel; copy.cpp dispatches.
#pragma once

#include "backend/cpu/strided.h"
#include "kernel/dtype_dispatch.h"
#include "mxcore/array.h"

namespace mxcore::cpu {

template <typename Tin>
void copy_from(const array& src, array& dst) {
  dispatch_all_types(dst.dtype(), [&](auto out_tag) {
    using Tout = MXCORE_TAG_TYPE(out_tag);
    const Tin* s = src.data<Tin>();
    Tout* d = dst.data<Tout>();
    strided_apply<2>(dst.shape(), {&src.strides(), &dst.strides()},
                     [&](const std::array<int64_t, 2>& off, int64_t n,
                         const std::array<int64_t, 2>& st) {
                       const Tin* x = s + off[0];
                       Tout* y = d + off[1];
                       if (st[0] == 1 && st[1] == 1) {
                         for (int64_t i = 0; i < n; ++i) {
                           y[i] = detail::cast_scalar<Tout>(x[i]);
                         }
                       } else {
                         for (int64_t i = 0; i < n; ++i) {
                           y[i * st[1]] = detail::cast_scalar<Tout>(x[i * st[0]]);
                         }
                       }
                     });
  });
}

#define MXCORE_COPY_FROM(T) extern template void copy_from<T>(const array&, array&);
MXCORE_COPY_FROM(bool)
MXCORE_COPY_FROM(uint8_t)
MXCORE_COPY_FROM(uint16_t)
MXCORE_COPY_FROM(uint32_t)
MXCORE_COPY_FROM(uint64_t)
MXCORE_COPY_FROM(int8_t)
MXCORE_COPY_FROM(int16_t)
MXCORE_COPY_FROM(int32_t)
MXCORE_COPY_FROM(int64_t)
MXCORE_COPY_FROM(float16_t)
MXCORE_COPY_FROM(bfloat16_t)
MXCORE_COPY_FROM(float)
MXCORE_COPY_FROM(double)
MXCORE_COPY_FROM(complex64_t)
#undef MXCORE_COPY_FROM

} // namespace mxcore::cpu
