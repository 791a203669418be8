// The eager exp, sigmoid, tanh and erf kernels run an AVX2 + FMA clone of
// their loop on a CPU with FMA: it gives the bits of the same functors
// called here, in code built for baseline x86-64 (where every fused
// multiply-add is libm's fmaf, exact without FMA hardware too).
#include <cstdint>
#include <cstring>
#include <functional>
#include <vector>

#include "backend/cpu/kernel_ops.h"
#include "mxcore/ops.h"
#include "test_framework.h"

using namespace mxcore;

namespace {

// Every 61st float32 bit pattern (NaNs, infinities, denormals, both zeros
// among them), and the edges.
std::vector<float> sweep() {
  std::vector<float> xs;
  for (uint64_t u = 0; u < (1ull << 32); u += 61 * 4099) {
    uint32_t b = static_cast<uint32_t>(u);
    float f;
    std::memcpy(&f, &b, 4);
    xs.push_back(f);
  }
  for (uint32_t b : {0x00000000u, 0x80000000u, 0x00000001u, 0x807fffffu, 0x7f800000u, 0xff800000u,
                     0x7fc00000u, 0x7f812345u, 0xffffe000u, 0x3f800000u, 0x42b20000u}) {
    float f;
    std::memcpy(&f, &b, 4);
    xs.push_back(f);
  }
  return xs;
}

template <typename Op>
int mismatches(const std::vector<float>& xs, const std::function<array(const array&)>& eager) {
  array x(xs.begin(), {static_cast<int>(xs.size())}, float32);
  array y = eager(x);
  y.eval();
  const float* got = y.data<float>();
  int bad = 0;
  for (size_t i = 0; i < xs.size(); ++i) {
    float want = Op{}(xs[i]);
    uint32_t a, b;
    std::memcpy(&a, &want, 4);
    std::memcpy(&b, &got[i], 4);
    bad += a != b; // NaN payloads too
  }
  return bad;
}

} // namespace

TEST_CASE("eager exp, sigmoid, tanh and erf give the baseline build's bits") {
  auto xs = sweep();
  CHECK(xs.size() > 17000);
  CHECK(mismatches<kernel_ops::Exp>(xs, [](const array& a) { return mxcore::exp(a); }) == 0);
  CHECK(mismatches<kernel_ops::Sigmoid>(xs, [](const array& a) { return mxcore::sigmoid(a); }) == 0);
  CHECK(mismatches<kernel_ops::Tanh>(xs, [](const array& a) { return mxcore::tanh(a); }) == 0);
  CHECK(mismatches<kernel_ops::Erf>(xs, [](const array& a) { return mxcore::erf(a); }) == 0);
}
