// vjp, jvp, grad, vmap, custom_function and checkpoint in C++, checked
// against hand-derived derivatives and element-by-element loops.
#include <cmath>
#include <vector>

#include "mxcore/mxcore.h"
#include "test_framework.h"

using namespace mxcore;

namespace {

// Elements in row-major order, whatever the strides of the evaluated array.
std::vector<float> values(array a) {
  a = astype(a, float32);
  eval(a);
  std::vector<float> out(a.size());
  std::vector<int> index(a.ndim(), 0);
  for (size_t i = 0; i < a.size(); ++i) {
    int64_t offset = 0;
    for (int d = 0; d < a.ndim(); ++d) offset += index[d] * a.strides()[d];
    out[i] = a.data<float>()[offset];
    for (int d = a.ndim() - 1; d >= 0; --d) {
      if (++index[d] < a.shape(d)) break;
      index[d] = 0;
    }
  }
  return out;
}

bool all_close(array a, const std::vector<float>& expected, float tol = 1e-5f) {
  auto got = values(a);
  if (got.size() != expected.size()) return false;
  for (size_t i = 0; i < got.size(); ++i) {
    if (std::abs(got[i] - expected[i]) > tol * (1 + std::abs(expected[i]))) return false;
  }
  return true;
}

// f(x) = x * x * exp(-x);  f'(x) = (2x - x^2) exp(-x)
array f(const array& x) { return x * x * exp(-x); }
float df(float x) { return (2 * x - x * x) * std::exp(-x); }
// f''(x) = (2 - 4x + x^2) exp(-x)
float d2f(float x) { return (2 - 4 * x + x * x) * std::exp(-x); }

} // namespace

TEST_CASE("vjp of x*x*exp(-x) matches the hand derivative") {
  std::vector<float> xs = {-1.0f, 0.5f, 2.0f};
  array x(xs.begin(), {3});
  array ct({1.0f, 2.0f, -3.0f});
  auto [out, vjp_x] = vjp(f, x, ct);
  std::vector<float> expected, expected_out;
  std::vector<float> cts = {1.0f, 2.0f, -3.0f};
  for (size_t i = 0; i < 3; ++i) {
    expected.push_back(cts[i] * df(xs[i]));
    expected_out.push_back(xs[i] * xs[i] * std::exp(-xs[i]));
  }
  CHECK(all_close(vjp_x, expected));
  CHECK(all_close(out, expected_out));
}

TEST_CASE("jvp agrees with vjp for a two-input function") {
  auto g = [](const std::vector<array>& in) {
    return std::vector<array>{in[0] * in[1] + exp(in[0]), in[1] * in[1]};
  };
  array a({0.3f, -0.7f});
  array b({1.5f, 2.0f});
  array ta({1.0f, 0.0f});
  array tb({0.0f, 1.0f});
  auto [outs, jvps] = jvp(g, {a, b}, {ta, tb});
  // d(out0) = (b + e^a) ta + a tb ; d(out1) = 2 b tb
  CHECK(all_close(jvps[0], {1.5f + std::exp(0.3f), -0.7f}));
  CHECK(all_close(jvps[1], {0.0f, 4.0f}));
  // <ct, J t> == <J^T ct, t>
  array c0({0.2f, -1.0f});
  array c1({3.0f, 0.5f});
  auto [outs2, vjps] = vjp(g, {a, b}, {c0, c1});
  auto jv0 = values(jvps[0]), jv1 = values(jvps[1]);
  auto cv0 = values(c0), cv1 = values(c1);
  float lhs = 0;
  for (int i = 0; i < 2; ++i) lhs += cv0[i] * jv0[i] + cv1[i] * jv1[i];
  auto va = values(vjps[0]), vb = values(vjps[1]);
  auto tav = values(ta), tbv = values(tb);
  float rhs = 0;
  for (int i = 0; i < 2; ++i) rhs += va[i] * tav[i] + vb[i] * tbv[i];
  CHECK_CLOSE(lhs, rhs, 1e-5f);
}

TEST_CASE("grad and grad of grad of a scalar function") {
  auto g1 = grad(f);
  auto g2 = grad(g1);
  for (float v : {-0.5f, 0.25f, 1.5f}) {
    CHECK_CLOSE(g1(array(v)).item<float>(), df(v), 1e-5f);
    CHECK_CLOSE(g2(array(v)).item<float>(), d2f(v), 1e-4f);
  }
}

TEST_CASE("value_and_grad with argnums and auxiliary outputs") {
  auto fn = [](const std::vector<array>& in) {
    return std::vector<array>{in[0] * in[1] * in[2], exp(in[0])};
  };
  auto vg = value_and_grad(fn, std::vector<int>{2, 0});
  auto [vals, grads] = vg({array(2.0f), array(3.0f), array(5.0f)});
  CHECK_CLOSE(vals[0].item<float>(), 30.0f, 1e-5f);
  CHECK_CLOSE(vals[1].item<float>(), std::exp(2.0f), 1e-4f);
  // Gradients come in increasing argument order: d/dx0 = 15, d/dx2 = 6.
  CHECK(grads.size() == 2);
  CHECK_CLOSE(grads[0].item<float>(), 15.0f, 1e-5f);
  CHECK_CLOSE(grads[1].item<float>(), 6.0f, 1e-5f);
  CHECK_THROWS_AS(value_and_grad(fn, std::vector<int>{3})({array(1.0f), array(1.0f), array(1.0f)}),
                  std::invalid_argument);
  CHECK_THROWS_AS(value_and_grad(fn, std::vector<int>{})({array(1.0f)}), std::invalid_argument);
}

TEST_CASE("grad of a non-scalar output and unused inputs") {
  auto vec = [](const array& x) { return x * x; };
  CHECK_THROWS_AS(grad(vec)(array({1.0f, 2.0f})), std::invalid_argument);
  auto unused = [](const std::vector<array>& in) { return in[0] * in[0]; };
  auto gs = grad(unused, std::vector<int>{0, 1})({array(3.0f), array({1.0f, 2.0f})});
  CHECK_CLOSE(gs[0].item<float>(), 6.0f, 1e-6f);
  CHECK(gs[1].shape() == Shape{2});
  CHECK(all_close(gs[1], {0.0f, 0.0f}));
}

TEST_CASE("stop_gradient blocks the gradient") {
  auto fn = [](const array& x) { return x * stop_gradient(x); };
  // d/dx (x * sg(x)) = sg(x) = x
  CHECK_CLOSE(grad(fn)(array(3.0f)).item<float>(), 3.0f, 1e-6f);
  auto all_stopped = [](const array& x) { return stop_gradient(x * x); };
  CHECK_CLOSE(grad(all_stopped)(array(3.0f)).item<float>(), 0.0f, 0.0f);
}

TEST_CASE("vmap over several in and out axes matches a loop") {
  // a: (2, 3) mapped on axis 1, b: (3,) mapped on axis 0, c: (2,) unmapped.
  array a({1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f}, {2, 3});
  array b({0.5f, -1.0f, 2.0f});
  array c({10.0f, 20.0f});
  auto fn = [](const std::vector<array>& in) {
    return std::vector<array>{in[0] * in[1] + in[2], exp(in[0])};
  };
  auto out0 = vmap(fn, {1, 0, -1}, {0, 1})({a, b, c});
  CHECK(out0[0].shape() == (Shape{3, 2}));
  CHECK(out0[1].shape() == (Shape{2, 3}));
  auto av = values(a), bv = values(b);
  std::vector<float> expected0, expected1;
  for (int j = 0; j < 3; ++j) {
    for (int i = 0; i < 2; ++i) expected0.push_back(av[i * 3 + j] * bv[j] + (i ? 20.0f : 10.0f));
  }
  for (int i = 0; i < 2; ++i) {
    for (int j = 0; j < 3; ++j) expected1.push_back(std::exp(av[i * 3 + j]));
  }
  CHECK(all_close(out0[0], expected0));
  CHECK(all_close(out0[1], expected1, 1e-5f));
}

TEST_CASE("vmap: unbatched outputs are repeated, nested vmap, errors") {
  auto constant = [](const array&) { return array(7.0f); };
  auto rep = vmap(constant)(array({1.0f, 2.0f, 3.0f}));
  CHECK(rep.shape() == Shape{3});
  CHECK(all_close(rep, {7.0f, 7.0f, 7.0f}));

  array m({1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f}, {2, 3});
  auto inner = [](const array& x) { return x * x; };
  auto nested = vmap(vmap(inner, 0, 0), 1, 0)(m); // (3, 2)
  CHECK(nested.shape() == (Shape{3, 2}));
  CHECK(all_close(nested, {1.0f, 16.0f, 4.0f, 25.0f, 9.0f, 36.0f}));

  auto add2 = [](const array& x, const array& y) { return x + y; };
  CHECK_THROWS_AS(vmap(add2)(array({1.0f, 2.0f}), array({1.0f, 2.0f, 3.0f})),
                  std::invalid_argument);
  CHECK_THROWS_AS(vmap(inner, 2, 0)(m), std::invalid_argument);
  CHECK_THROWS_AS(vmap(inner, 0, 0)(array(1.0f)), std::invalid_argument);
  CHECK_THROWS_AS(vmap(inner, 0, 5)(m), std::invalid_argument);
}

TEST_CASE("grad inside vmap gives per-example gradients") {
  std::vector<float> xs = {-1.0f, 0.0f, 0.5f, 3.0f};
  auto per_example = vmap(grad(f))(array(xs.begin(), {4}));
  std::vector<float> expected;
  for (float v : xs) expected.push_back(df(v));
  CHECK(all_close(per_example, expected, 1e-5f));
}

TEST_CASE("custom_function rules are used") {
  auto fn = [](const std::vector<array>& in) { return std::vector<array>{exp(in[0])}; };
  int vjp_calls = 0, jvp_calls = 0, vmap_calls = 0;
  VJPRule my_vjp = [&](const std::vector<array>&, const std::vector<array>& cts,
                       const std::vector<array>&) {
    ++vjp_calls;
    return std::vector<array>{cts[0] * array(100.0f)};
  };
  JVPRule my_jvp = [&](const std::vector<array>&, const std::vector<array>& ts,
                       const std::vector<int>&) {
    ++jvp_calls;
    return std::vector<array>{ts[0] * array(-2.0f)};
  };
  VmapRule my_vmap = [&](const std::vector<array>& in, const std::vector<int>& axes) {
    ++vmap_calls;
    return std::make_pair(std::vector<array>{exp(in[0]) + array(1.0f)}, axes);
  };
  auto custom = custom_function(fn, my_vjp, my_jvp, my_vmap);
  auto out = custom({array(0.0f)});
  CHECK_CLOSE(out[0].item<float>(), 1.0f, 1e-6f);
  auto [o, g] = vjp(custom, {array(0.5f)}, {array(1.0f)});
  CHECK_CLOSE(g[0].item<float>(), 100.0f, 1e-6f);
  auto [o2, t] = jvp(custom, {array(0.5f)}, {array(1.5f)});
  CHECK_CLOSE(t[0].item<float>(), -3.0f, 1e-6f);
  auto v = vmap(custom)({array({0.0f, 0.0f})});
  CHECK(all_close(v[0], {2.0f, 2.0f}));
  CHECK(vjp_calls == 1 && jvp_calls == 1 && vmap_calls == 1);

  // Rules left out fall back to differentiating fn.
  auto only_vjp = custom_vjp(fn, my_vjp);
  auto [o3, t3] = jvp(only_vjp, {array(0.5f)}, {array(2.0f)});
  CHECK_CLOSE(t3[0].item<float>(), 2.0f * std::exp(0.5f), 1e-5f);
}

TEST_CASE("checkpoint gives the same gradient") {
  auto body = [](const std::vector<array>& in) {
    return std::vector<array>{f(in[0]) * in[1]};
  };
  auto ck = checkpoint(body);
  auto loss = [&](const std::vector<array>& in) { return ck(in)[0]; };
  auto plain = [&](const std::vector<array>& in) { return body(in)[0]; };
  std::vector<array> args = {array(0.7f), array(-2.0f)};
  auto g1 = grad(loss, std::vector<int>{0, 1})(args);
  auto g2 = grad(plain, std::vector<int>{0, 1})(args);
  CHECK_CLOSE(g1[0].item<float>(), g2[0].item<float>(), 1e-6f);
  CHECK_CLOSE(g1[1].item<float>(), g2[1].item<float>(), 1e-6f);
  CHECK_CLOSE(g1[0].item<float>(), -2.0f * df(0.7f), 1e-5f);
}

TEST_CASE("vjp on a deep chain does not recurse") {
  auto chain = [](const array& x) {
    array y = x;
    for (int i = 0; i < 20000; ++i) y = y * array(1.0f);
    return y;
  };
  auto [out, g] = vjp(chain, array(2.0f), array(1.0f));
  CHECK_CLOSE(g.item<float>(), 1.0f, 0.0f);
}
