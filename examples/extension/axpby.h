// axpby(x, y, alpha, beta) = alpha * x + beta * y as a custom primitive: the
// pattern for adding an operation to mxcore from outside the library.
#pragma once

#include "mxcore/mxcore.h"
#include "mxcore/primitives.h"

namespace axpby_ext {

mxcore::array axpby(const mxcore::array& x, const mxcore::array& y, float alpha,
                    float beta, mxcore::StreamOrDevice s = {});

class Axpby : public mxcore::Primitive {
 public:
  Axpby(mxcore::Stream stream, float alpha, float beta)
      : mxcore::Primitive(stream), alpha_(alpha), beta_(beta) {}

  // The CPU kernel: inputs arrive evaluated, broadcast and row-contiguous.
  void eval_cpu(const std::vector<mxcore::array>& inputs,
                std::vector<mxcore::array>& outputs) override;

  // d/dx = alpha, d/dy = beta.
  std::vector<mxcore::array> jvp(const std::vector<mxcore::array>& primals,
                                 const std::vector<mxcore::array>& tangents,
                                 const std::vector<int>& argnums) override;
  std::vector<mxcore::array> vjp(const std::vector<mxcore::array>& primals,
                                 const std::vector<mxcore::array>& cotangents,
                                 const std::vector<int>& argnums,
                                 const std::vector<mxcore::array>& outputs) override;
  // Elementwise: batching is the same op on the batched inputs.
  std::pair<std::vector<mxcore::array>, std::vector<int>> vmap(
      const std::vector<mxcore::array>& inputs, const std::vector<int>& axes) override;

  const char* name() const override { return "Axpby"; }
  bool is_equivalent(const mxcore::Primitive& other) const override;

 private:
  float alpha_;
  float beta_;
};

} // namespace axpby_ext
