// Builders for elementwise graph nodes: promotion, broadcasting, node creation.
#pragma once

#include <memory>
#include <stdexcept>
#include <string>

#include "ops/util.h"

namespace mxcore {

// Throws "[op] Not supported for complex64." for ops without complex support.
inline void check_not_complex(Dtype t, const char* op) {
  if (t == complex64) {
    throw std::invalid_argument(std::string("[") + op + "] Not supported for complex64.");
  }
}

// out = Prim(a) with a cast to in_dtype first; out has out_dtype.
template <typename Prim, typename... Args>
array make_unary(const array& a, Dtype in_dtype, Dtype out_dtype, StreamOrDevice s,
                 Args&&... args) {
  auto stream = to_stream(s);
  array x = astype(a, in_dtype, stream);
  return array(x.shape(), out_dtype,
               std::make_shared<Prim>(stream, std::forward<Args>(args)...), {x});
}

// out = Prim(a, b) with both cast to in_dtype and broadcast together.
template <typename Prim, typename... Args>
array make_binary(const array& a, const array& b, Dtype in_dtype, Dtype out_dtype,
                  StreamOrDevice s, Args&&... args) {
  auto stream = to_stream(s);
  auto shape = broadcast_shapes(a.shape(), b.shape());
  array x = broadcast_to(astype(a, in_dtype, stream), shape, stream);
  array y = broadcast_to(astype(b, in_dtype, stream), shape, stream);
  return array(shape, out_dtype,
               std::make_shared<Prim>(stream, std::forward<Args>(args)...), {x, y});
}

} // namespace mxcore
