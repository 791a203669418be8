// A row-major view of an evaluated input, for kernels that read it densely.
#pragma once

#include "backend/cpu/copy.h"

namespace mxcore::cpu {

// `a` itself when it is row contiguous, else a row-major copy.
inline array row_major_input(const array& a) {
  if (a.flags().row_contiguous) return a;
  array dense(a.shape(), a.dtype(), nullptr, {});
  copy_to_row_major(a, dense);
  return dense;
}

} // namespace mxcore::cpu
