// TEMPORARY (reduce branch): weak stand-ins for elementwise ops that the
// reductions and their gradients use but that other helpers own (subtract,
// divide, sqrt, log, equal, where, isinf, conjugate). The real definitions are
// strong symbols and replace these at link time once merged; the lead should
// delete this file when merging the elementwise branch. No gradients here.
#include <cmath>
#include <cstring>

#include "backend/cpu/binary.h"
#include "backend/cpu/unary.h"
#include "mxcore/primitives.h"
#include "ops/elementwise_util.h"

#define MXCORE_WEAK __attribute__((weak))

namespace mxcore {

namespace {

template <typename T>
using fp_t = std::conditional_t<std::is_floating_point_v<T>, T, float>;

enum class FallbackKind { Subtract, Divide, Sqrt, Log, Equal, Select, IsInf, Conj };

class ReduceFallbackOp : public UnaryPrimitive {
 public:
  ReduceFallbackOp(Stream s, FallbackKind k) : UnaryPrimitive(s), kind_(k) {}
  const char* name() const override { return "ReduceFallbackOp"; }

  void eval_cpu(const std::vector<array>& in, array& out) override {
    switch (kind_) {
      case FallbackKind::Subtract:
        return cpu::binary_op(in[0], in[1], out, [](auto x, auto y) {
          return decltype(x)(x - y);
        }, "subtract");
      case FallbackKind::Divide:
        return cpu::binary_op(in[0], in[1], out, [](auto x, auto y) {
          using T = decltype(x);
          if constexpr (std::is_same_v<T, bool>) {
            return T(x && y);
          } else if constexpr (kernel_ops::is_complex_v<T>) {
            return T(x / y);
          } else {
            return T(kernel_ops::compute_t<T>(x) / kernel_ops::compute_t<T>(y));
          }
        }, "divide");
      case FallbackKind::Equal:
        return cpu::binary_op_to<bool>(in[0], in[1], out, [](auto x, auto y) {
          return x == y;
        }, "equal");
      case FallbackKind::Sqrt:
      case FallbackKind::Log: {
        bool is_sqrt = kind_ == FallbackKind::Sqrt;
        return cpu::unary_op(in[0], out, [is_sqrt](auto x) {
          using T = decltype(x);
          if constexpr (kernel_ops::is_complex_v<T>) {
            return T(is_sqrt ? std::sqrt(x) : std::log(x));
          } else {
            auto v = static_cast<fp_t<kernel_ops::compute_t<T>>>(x);
            return T(is_sqrt ? std::sqrt(v) : std::log(v));
          }
        }, "sqrt/log");
      }
      case FallbackKind::IsInf:
        return cpu::unary_op_to<bool>(in[0], out, [](auto x) {
          using T = decltype(x);
          if constexpr (kernel_ops::is_complex_v<T>) {
            return std::isinf(x.real()) || std::isinf(x.imag());
          } else {
            return std::isinf(static_cast<double>(x));
          }
        }, "isinf");
      case FallbackKind::Conj:
        return cpu::unary_op(in[0], out, [](auto x) {
          using T = decltype(x);
          if constexpr (kernel_ops::is_complex_v<T>) {
            return T(std::conj(x));
          } else {
            return x;
          }
        }, "conjugate");
      case FallbackKind::Select: {
        out.set_data(allocator::malloc(out.nbytes()));
        const bool* c = in[0].data<bool>();
        auto sz = out.itemsize();
        const char* x = static_cast<const char*>(in[1].raw_data());
        const char* y = static_cast<const char*>(in[2].raw_data());
        char* d = static_cast<char*>(out.raw_data());
        cpu::strided_apply<4>(
            out.shape(), {&in[0].strides(), &in[1].strides(), &in[2].strides(), &out.strides()},
            [&](const std::array<int64_t, 4>& off, int64_t n, const std::array<int64_t, 4>& st) {
              for (int64_t i = 0; i < n; ++i) {
                const char* src = c[off[0] + i * st[0]] ? x + (off[1] + i * st[1]) * sz
                                                        : y + (off[2] + i * st[2]) * sz;
                std::memcpy(d + (off[3] + i * st[3]) * sz, src, sz);
              }
            });
        return;
      }
    }
  }

 private:
  FallbackKind kind_;
};

array fallback(FallbackKind k, std::vector<array> in, Dtype out_dtype, StreamOrDevice s) {
  Shape shape;
  for (auto& x : in) shape = broadcast_shapes(shape, x.shape());
  auto stream = to_stream(s);
  for (auto& x : in) x = broadcast_to(x, shape, stream);
  return array(shape, out_dtype, std::make_shared<ReduceFallbackOp>(stream, k), in);
}

} // namespace

MXCORE_WEAK array subtract(const array& a, const array& b, StreamOrDevice s) {
  auto t = result_type(a, b);
  return fallback(FallbackKind::Subtract, {astype(a, t, s), astype(b, t, s)}, t, s);
}
MXCORE_WEAK array divide(const array& a, const array& b, StreamOrDevice s) {
  auto t = at_least_float(result_type(a, b));
  return fallback(FallbackKind::Divide, {astype(a, t, s), astype(b, t, s)}, t, s);
}
MXCORE_WEAK array equal(const array& a, const array& b, StreamOrDevice s) {
  auto t = result_type(a, b);
  return fallback(FallbackKind::Equal, {astype(a, t, s), astype(b, t, s)}, bool_, s);
}
MXCORE_WEAK array sqrt(const array& a, StreamOrDevice s) {
  auto t = at_least_float(a.dtype());
  return fallback(FallbackKind::Sqrt, {astype(a, t, s)}, t, s);
}
MXCORE_WEAK array log(const array& a, StreamOrDevice s) {
  auto t = at_least_float(a.dtype());
  return fallback(FallbackKind::Log, {astype(a, t, s)}, t, s);
}
MXCORE_WEAK array isinf(const array& a, StreamOrDevice s) {
  return fallback(FallbackKind::IsInf, {a}, bool_, s);
}
MXCORE_WEAK array conjugate(const array& a, StreamOrDevice s) {
  return fallback(FallbackKind::Conj, {a}, a.dtype(), s);
}
MXCORE_WEAK array where(const array& c, const array& x, const array& y, StreamOrDevice s) {
  auto t = result_type(x, y);
  return fallback(FallbackKind::Select, {astype(c, bool_, s), astype(x, t, s), astype(y, t, s)},
                  t, s);
}

} // namespace mxcore
