// Gradient and vmap rules of Reduce, ArgReduce, Matmul and AddMM, called
// directly on the primitives and compared with finite differences / loops.
#include <numeric>

#include "mxcore/mxcore.h"
#include "primitives/matmul.h"
#include "primitives/reduce.h"
#include "test_framework.h"

using namespace mxcore;

namespace {

// Row-major float64 values of x (any strides).
std::vector<double> values(array x) {
  x = astype(x, float64);
  eval(x);
  std::vector<double> out(x.size());
  std::vector<int> idx(x.ndim(), 0);
  for (size_t i = 0; i < x.size(); ++i) {
    int64_t off = 0;
    for (int d = 0; d < x.ndim(); ++d) off += idx[d] * x.strides()[d];
    out[i] = x.data<double>()[off];
    for (int d = x.ndim() - 1; d >= 0; --d) {
      if (++idx[d] < x.shape(d)) break;
      idx[d] = 0;
    }
  }
  return out;
}

array from_values(const std::vector<double>& v, const Shape& shape) {
  return array(v.begin(), shape, float64);
}

std::vector<double> seq(size_t n, double scale, double shift) {
  std::vector<double> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = std::sin(1.3 * i + 0.7) * scale + shift;
  return v;
}

bool all_close(const std::vector<double>& a, const std::vector<double>& b, double tol) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (std::abs(a[i] - b[i]) > tol * (1 + std::abs(b[i]))) {
      std::cerr << "  mismatch at " << i << ": " << a[i] << " vs " << b[i] << "\n";
      return false;
    }
  }
  return true;
}

// d/dx_i of sum(cot * f(x)) by central differences.
std::vector<double> numeric_vjp(const std::function<array(const array&)>& f,
                                const std::vector<double>& x, const Shape& shape,
                                const array& cot) {
  std::vector<double> g(x.size());
  const double eps = 1e-6;
  for (size_t i = 0; i < x.size(); ++i) {
    auto xp = x, xm = x;
    xp[i] += eps;
    xm[i] -= eps;
    double fp = values(sum(multiply(f(from_values(xp, shape)), cot)))[0];
    double fm = values(sum(multiply(f(from_values(xm, shape)), cot)))[0];
    g[i] = (fp - fm) / (2 * eps);
  }
  return g;
}

void check_reduce_vjp_jvp(const std::function<array(const array&)>& f,
                          const std::vector<double>& xv, const Shape& shape) {
  array x = from_values(xv, shape);
  array y = f(x);
  CHECK(y.has_primitive());
  // Hold the primitive: evaluating y detaches it from its graph.
  auto prim = y.primitive_ptr();
  array cot = from_values(seq(y.size(), 1.0, 0.5), y.shape());
  auto grads = prim->vjp({x}, {cot}, {0}, {y});
  CHECK(grads.size() == 1);
  CHECK(grads[0].shape() == x.shape());
  auto expected = numeric_vjp(f, xv, shape, cot);
  CHECK(all_close(values(grads[0]), expected, 1e-5));
  // jvp: <grad(sum(cot * f)), t> for tangent t with cot = 1 at each output.
  array t = from_values(seq(xv.size(), 1.0, 0.0), shape);
  auto tangents = prim->jvp({x}, {t}, {0});
  auto ones_cot = ones_like(y);
  auto g1 = prim->vjp({x}, {ones_cot}, {0}, {y})[0];
  // For reductions, each output's jvp is the sum over its inputs of g1 * t.
  auto red = dynamic_cast<Reduce*>(prim.get());
  CHECK(red != nullptr);
  auto expected_jvp = values(sum(multiply(g1, t), red->axes(), true));
  CHECK(all_close(values(tangents[0]), expected_jvp, 1e-9));
}

} // namespace

TEST_CASE("Reduce vjp/jvp: sum, prod, max, min against finite differences") {
  Shape shape{3, 4, 2};
  auto xv = seq(24, 1.0, 1.5);
  check_reduce_vjp_jvp([](const array& x) { return sum(x, {1}, true); }, xv, shape);
  check_reduce_vjp_jvp([](const array& x) { return sum(x, {0, 2}, true); }, xv, shape);
  check_reduce_vjp_jvp([](const array& x) { return prod(x, {1}, true); }, xv, shape);
  check_reduce_vjp_jvp([](const array& x) { return prod(x, {0, 2}, true); }, xv, shape);
  check_reduce_vjp_jvp([](const array& x) { return max(x, {1}, true); }, xv, shape);
  check_reduce_vjp_jvp([](const array& x) { return min(x, {0, 2}, true); }, xv, shape);
  check_reduce_vjp_jvp([](const array& x) { return max(x, {0, 1, 2}, true); }, xv, shape);
}

TEST_CASE("Reduce vjp: prod with zeros, max with ties") {
  array x = array({2.0f, 0.0f, 3.0f, 0.0f, 0.0f, 5.0f, 1.0f, 2.0f, 4.0f}, {3, 3});
  array y = prod(x, {1}, true);
  auto g = values(y.primitive().vjp({x}, {ones_like(y)}, {0}, {y})[0]);
  CHECK(all_close(g, {0, 6, 0, 0, 0, 0, 8, 4, 2}, 0));
  array m = array({1.0f, 3.0f, 3.0f, 2.0f, 2.0f, 2.0f}, {2, 3});
  array mx_ = max(m, {1}, true);
  auto gm = values(mx_.primitive().vjp({m}, {ones_like(mx_)}, {0}, {mx_})[0]);
  CHECK(all_close(gm, {0, 0.5, 0.5, 1.0 / 3, 1.0 / 3, 1.0 / 3}, 1e-7));
}

TEST_CASE("Reduce vmap matches a loop over the batch") {
  const int B = 3;
  auto xv = seq(B * 4 * 5, 1.0, 0.0);
  array xb = from_values(xv, {B, 4, 5});
  for (auto type : {Reduce::Sum, Reduce::Prod, Reduce::Max, Reduce::Min}) {
    for (int bax : {0, 1}) {
      // The batch at axis `bax`: the per-example array is (4, 5).
      array in = bax == 0 ? xb : transpose(xb, {1, 0, 2});
      Reduce prim(default_stream(default_device()), type, {1});
      auto [outs, out_axes] = prim.vmap({in}, {bax});
      CHECK(out_axes[0] == bax);
      array out = bax == 0 ? outs[0] : transpose(outs[0], {1, 0, 2});
      CHECK(out.shape() == (Shape{B, 4, 1}));
      std::vector<double> expected;
      for (int b = 0; b < B; ++b) {
        std::vector<double> ex(xv.begin() + b * 20, xv.begin() + (b + 1) * 20);
        array e = from_values(ex, {4, 5});
        array r(Shape{4, 1}, float64, std::make_shared<Reduce>(prim.stream(), type, std::vector<int>{1}), {e});
        auto rv = values(r);
        expected.insert(expected.end(), rv.begin(), rv.end());
      }
      CHECK(all_close(values(out), expected, 1e-12));
    }
  }
}

TEST_CASE("ArgReduce: zero gradients, vmap shifts the axis") {
  array x = from_values(seq(12, 1.0, 0.0), {3, 4});
  array y = argmax(x, 1, true);
  auto aprim = y.primitive_ptr();
  auto g = aprim->vjp({x}, {zeros_like(y)}, {0}, {y});
  CHECK(g[0].shape() == x.shape());
  CHECK(all_close(values(g[0]), std::vector<double>(12, 0.0), 0));
  auto t = aprim->jvp({x}, {ones_like(x)}, {0});
  CHECK(t[0].shape() == (Shape{3, 1}) && t[0].dtype() == uint32);

  // Per example (4,) reduced over axis 0; batch of 3 at axis 0 then axis 1.
  ArgReduce prim(default_stream(default_device()), ArgReduce::ArgMax, 0);
  auto [o0, a0] = prim.vmap({x}, {0});
  CHECK(a0[0] == 0);
  auto expected = values(argmax(x, 1, true));
  CHECK(all_close(values(o0[0]), expected, 0));
  auto [o1, a1] = prim.vmap({transpose(x)}, {1});
  CHECK(a1[0] == 1);
  CHECK(all_close(values(o1[0]), expected, 0));
}

TEST_CASE("Matmul vjp/jvp against finite differences") {
  auto av = seq(2 * 3 * 4, 1.0, 0.1);
  auto bv = seq(4 * 5, 0.7, -0.2);
  array a = from_values(av, {2, 3, 4});
  array b = broadcast_to(from_values(bv, {4, 5}), {2, 4, 5});
  array y = matmul(a, b);
  auto prim = y.primitive_ptr();
  array cot = from_values(seq(2 * 3 * 5, 1.0, 0.3), y.shape());
  auto grads = prim->vjp({a, b}, {cot}, {0, 1}, {y});
  auto ga = numeric_vjp([&](const array& x) { return matmul(x, b); }, av, {2, 3, 4}, cot);
  CHECK(all_close(values(grads[0]), ga, 1e-5));
  auto bfull = values(b);
  auto gb = numeric_vjp([&](const array& x) { return matmul(a, x); }, bfull, {2, 4, 5}, cot);
  CHECK(all_close(values(grads[1]), gb, 1e-5));

  array ta = from_values(seq(24, 1.0, 0.0), {2, 3, 4});
  array tb = from_values(seq(40, 1.0, 0.5), {2, 4, 5});
  auto jv = prim->jvp({a, b}, {ta, tb}, {0, 1});
  auto expected = values(add(matmul(ta, b), matmul(a, tb)));
  CHECK(all_close(values(jv[0]), expected, 1e-12));
}

TEST_CASE("Matmul vmap: batched and unbatched operands") {
  const int B = 3;
  auto av = seq(B * 2 * 4, 1.0, 0.0);
  auto bv = seq(4 * 5, 1.0, 0.2);
  array a = from_values(av, {2, B, 4}); // batch at axis 1
  array b = from_values(bv, {4, 5});    // unbatched
  Matmul prim(default_stream(default_device()));
  auto [outs, axes] = prim.vmap({a, b}, {1, -1});
  CHECK(axes[0] == 0);
  CHECK(outs[0].shape() == (Shape{B, 2, 5}));
  auto expected = values(matmul(transpose(a, {1, 0, 2}), b));
  CHECK(all_close(values(outs[0]), expected, 1e-12));
  // Both batched, the second at its last axis.
  array bb = from_values(seq(4 * 5 * B, 1.0, 0.0), {4, 5, B});
  auto [o2, ax2] = prim.vmap({a, bb}, {1, 2});
  CHECK(ax2[0] == 0);
  auto expected2 = values(matmul(transpose(a, {1, 0, 2}), transpose(bb, {2, 0, 1})));
  CHECK(all_close(values(o2[0]), expected2, 1e-12));
}

TEST_CASE("AddMM vjp against finite differences") {
  auto av = seq(3 * 4, 1.0, 0.1);
  auto bv = seq(4 * 2, 0.5, 0.0);
  auto cv = seq(3 * 2, 1.0, 1.0);
  array a = from_values(av, {3, 4});
  array b = from_values(bv, {4, 2});
  array c = from_values(cv, {3, 2});
  array y = addmm(c, a, b, 2.0f, 0.5f);
  array cot = from_values(seq(6, 1.0, 0.0), {3, 2});
  auto g = y.primitive().vjp({a, b, c}, {cot}, {0, 1, 2}, {y});
  CHECK(all_close(values(g[0]),
                  numeric_vjp([&](const array& x) { return addmm(c, x, b, 2.0f, 0.5f); }, av, {3, 4}, cot),
                  1e-5));
  CHECK(all_close(values(g[1]),
                  numeric_vjp([&](const array& x) { return addmm(c, a, x, 2.0f, 0.5f); }, bv, {4, 2}, cot),
                  1e-5));
  CHECK(all_close(values(g[2]),
                  numeric_vjp([&](const array& x) { return addmm(x, a, b, 2.0f, 0.5f); }, cv, {3, 2}, cot),
                  1e-5));
}

TEST_CASE("output_shapes of Reduce, ArgReduce, Matmul") {
  array x = zeros({2, 3, 4});
  Reduce r(default_stream(default_device()), Reduce::Sum, {0, 2});
  CHECK(r.output_shapes({x})[0] == (Shape{1, 3, 1}));
  ArgReduce ar(default_stream(default_device()), ArgReduce::ArgMin, 1);
  CHECK(ar.output_shapes({x})[0] == (Shape{2, 1, 4}));
  Matmul mm(default_stream(default_device()));
  CHECK(mm.output_shapes({x, zeros({2, 4, 7})})[0] == (Shape{2, 3, 7}));
}
