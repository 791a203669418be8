// Elementwise primitives' derivative and vmap rules, checked against finite
// differences and per-example loops by calling the rules directly.
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "mxcore/mxcore.h"
#include "primitives/elementwise.h"
#include "test_framework.h"

using namespace mxcore;

namespace {

// Values of any array (any strides, any real dtype) as doubles, row-major.
std::vector<double> values(array a) {
  a = astype(a, float64);
  eval(a);
  std::vector<double> out;
  const double* p = a.data<double>();
  std::vector<int> idx(a.ndim(), 0);
  for (size_t n = 0; n < a.size(); ++n) {
    int64_t off = 0;
    for (int d = 0; d < a.ndim(); ++d) off += idx[d] * a.strides()[d];
    out.push_back(p[off]);
    for (int d = a.ndim() - 1; d >= 0; --d) {
      if (++idx[d] < a.shape(d)) break;
      idx[d] = 0;
    }
  }
  return out;
}

bool all_close(const std::vector<double>& a, const std::vector<double>& b,
               double rtol, double atol, const std::string& what) {
  if (a.size() != b.size()) {
    std::cerr << what << ": size " << a.size() << " vs " << b.size() << "\n";
    return false;
  }
  for (size_t i = 0; i < a.size(); ++i) {
    if (!(std::abs(a[i] - b[i]) <= atol + rtol * std::abs(b[i]))) {
      std::cerr << what << ": element " << i << ": " << a[i] << " vs " << b[i] << "\n";
      return false;
    }
  }
  return true;
}

using Unary = std::function<array(const array&)>;
using Binary = std::function<array(const array&, const array&)>;

struct UnaryCase {
  const char* name;
  Unary fn;
  std::vector<double> xs; // inside the op's smooth domain
};

std::vector<UnaryCase> unary_cases() {
  std::vector<double> any = {-1.3, -0.4, 0.3, 0.9, 2.1};
  std::vector<double> pos = {0.2, 0.7, 1.5, 3.0};
  std::vector<double> unit = {-0.8, -0.3, 0.1, 0.6};
  std::vector<double> above1 = {1.2, 1.9, 3.5};
  return {
      {"abs", [](const array& x) { return abs(x); }, any},
      {"negative", [](const array& x) { return negative(x); }, any},
      {"square", [](const array& x) { return square(x); }, any},
      {"sqrt", [](const array& x) { return sqrt(x); }, pos},
      {"rsqrt", [](const array& x) { return rsqrt(x); }, pos},
      {"exp", [](const array& x) { return exp(x); }, any},
      {"expm1", [](const array& x) { return expm1(x); }, any},
      {"log", [](const array& x) { return log(x); }, pos},
      {"log2", [](const array& x) { return log2(x); }, pos},
      {"log10", [](const array& x) { return log10(x); }, pos},
      {"log1p", [](const array& x) { return log1p(x); }, pos},
      {"sin", [](const array& x) { return sin(x); }, any},
      {"cos", [](const array& x) { return cos(x); }, any},
      {"tan", [](const array& x) { return tan(x); }, unit},
      {"arcsin", [](const array& x) { return arcsin(x); }, unit},
      {"arccos", [](const array& x) { return arccos(x); }, unit},
      {"arctan", [](const array& x) { return arctan(x); }, any},
      {"sinh", [](const array& x) { return sinh(x); }, any},
      {"cosh", [](const array& x) { return cosh(x); }, any},
      {"tanh", [](const array& x) { return tanh(x); }, any},
      {"arcsinh", [](const array& x) { return arcsinh(x); }, any},
      {"arccosh", [](const array& x) { return arccosh(x); }, above1},
      {"arctanh", [](const array& x) { return arctanh(x); }, unit},
      {"erf", [](const array& x) { return erf(x); }, any},
      {"erfinv", [](const array& x) { return erfinv(x); }, unit},
      {"sigmoid", [](const array& x) { return sigmoid(x); }, any},
  };
}

// Central differences of an elementwise function at each element.
std::vector<double> finite_difference(const Unary& f, const std::vector<double>& xs) {
  const double h = 1e-6;
  Shape shape{static_cast<int>(xs.size())};
  array x(xs.begin(), shape, float64);
  array hi = f(add(x, array(h, float64)));
  array lo = f(subtract(x, array(h, float64)));
  auto a = values(hi), b = values(lo);
  std::vector<double> out;
  for (size_t i = 0; i < a.size(); ++i) out.push_back((a[i] - b[i]) / (2 * h));
  return out;
}

} // namespace

TEST_CASE("unary vjp and jvp rules match finite differences") {
  for (auto& c : unary_cases()) {
    Shape shape{static_cast<int>(c.xs.size())};
    array x(c.xs.begin(), shape, float64);
    array y = c.fn(x);
    array cot = ones(shape, float64);
    // Evaluating y detaches it from its graph: take the rules' inputs first.
    auto prim = y.primitive_ptr();
    auto inputs = y.inputs();
    auto expected = finite_difference(c.fn, c.xs);
    auto vjp = prim->vjp(inputs, {cot}, {0}, {y});
    auto jvp = prim->jvp(inputs, {cot}, {0});
    CHECK(all_close(values(vjp.at(0)), expected, 1e-5, 1e-6, std::string(c.name) + " vjp"));
    CHECK(all_close(values(jvp.at(0)), expected, 1e-5, 1e-6, std::string(c.name) + " jvp"));
  }
}

TEST_CASE("binary vjp and jvp rules match finite differences") {
  struct BinaryCase {
    const char* name;
    Binary fn;
  };
  std::vector<BinaryCase> cases = {
      {"add", [](const array& a, const array& b) { return add(a, b); }},
      {"subtract", [](const array& a, const array& b) { return subtract(a, b); }},
      {"multiply", [](const array& a, const array& b) { return multiply(a, b); }},
      {"divide", [](const array& a, const array& b) { return divide(a, b); }},
      {"remainder", [](const array& a, const array& b) { return remainder(a, b); }},
      {"power", [](const array& a, const array& b) { return power(a, b); }},
      {"maximum", [](const array& a, const array& b) { return maximum(a, b); }},
      {"minimum", [](const array& a, const array& b) { return minimum(a, b); }},
      {"logaddexp", [](const array& a, const array& b) { return logaddexp(a, b); }},
      {"arctan2", [](const array& a, const array& b) { return arctan2(a, b); }},
  };
  // Positive bases for power; no ties for maximum/minimum; away from
  // remainder's jumps.
  std::vector<double> av = {0.7, 1.9, 2.5, 3.3};
  std::vector<double> bv = {1.1, 0.6, 2.9, -1.4};
  Shape shape{4};
  array a(av.begin(), shape, float64);
  array b(bv.begin(), shape, float64);
  array cot = ones(shape, float64);
  for (auto& c : cases) {
    array y = c.fn(a, b);
    auto prim = y.primitive_ptr();
    auto inputs = y.inputs();
    auto vjps = prim->vjp(inputs, {cot}, {0, 1}, {y});
    auto jvp = prim->jvp(inputs, {cot, multiply(cot, array(2.0, float64))}, {0, 1});
    auto jvp_b = prim->jvp(inputs, {cot}, {1});
    auto da = finite_difference([&](const array& x) { return c.fn(x, b); }, av);
    auto db = finite_difference([&](const array& x) { return c.fn(a, x); }, bv);
    CHECK(all_close(values(vjps.at(0)), da, 1e-5, 1e-6, std::string(c.name) + " vjp a"));
    CHECK(all_close(values(vjps.at(1)), db, 1e-5, 1e-6, std::string(c.name) + " vjp b"));
    // jvp with tangents (1, 2): da + 2 db.
    std::vector<double> both;
    for (size_t i = 0; i < da.size(); ++i) both.push_back(da[i] + 2 * db[i]);
    CHECK(all_close(values(jvp.at(0)), both, 1e-5, 1e-6, std::string(c.name) + " jvp"));
    // Only the second argument.
    CHECK(all_close(values(jvp_b.at(0)), db, 1e-5, 1e-6, std::string(c.name) + " jvp b"));
  }
}

TEST_CASE("piecewise constant ops have zero derivatives") {
  array x({0.3f, -1.7f, 2.2f});
  array cot = ones({3});
  std::vector<array> outs = {floor(x), ceil(x), round(x), sign(x), less(x, x),
                             equal(x, x), greater_equal(x, x)};
  for (auto& y : outs) {
    std::string name = y.primitive().name();
    auto v = y.primitive().vjp(y.inputs(), {cot}, {0}, {y});
    CHECK(all_close(values(v.at(0)), {0, 0, 0}, 0, 0, name));
    CHECK(v.at(0).shape() == x.shape());
  }
  array i({5, 6, 7});
  array z = bitwise_and(i, i);
  auto v = z.primitive().vjp(z.inputs(), {ones_like(i)}, {0, 1}, {z});
  CHECK(v.size() == 2);
  CHECK(all_close(values(v.at(1)), {0, 0, 0}, 0, 0, "bitwise_and"));
}

TEST_CASE("select vjp routes the cotangent by the condition") {
  array cond({true, false, true});
  array x({1.0f, 2.0f, 3.0f});
  array y({4.0f, 5.0f, 6.0f});
  array out = where(cond, x, y);
  array cot({10.0f, 20.0f, 30.0f});
  auto v = out.primitive().vjp(out.inputs(), {cot}, {1, 2}, {out});
  auto j = out.primitive().jvp(out.inputs(), {cot}, {2});
  CHECK(all_close(values(out), {1, 5, 3}, 0, 0, "where"));
  CHECK(all_close(values(v.at(0)), {10, 0, 30}, 0, 0, "where vjp x"));
  CHECK(all_close(values(v.at(1)), {0, 20, 0}, 0, 0, "where vjp y"));
  CHECK(all_close(values(j.at(0)), {0, 20, 0}, 0, 0, "where jvp y"));
}

TEST_CASE("divmod is one primitive with two outputs") {
  array a({7, -7, 7, -7});
  array b({2, 2, -2, -2});
  auto qr = divmod(a, b);
  CHECK(qr.size() == 2);
  CHECK(qr[0].primitive().kind() == PrimitiveKind::other);
  CHECK(qr[0].primitive_id() == qr[1].primitive_id());
  CHECK(all_close(values(qr[0]), {3, -4, -4, 3}, 0, 0, "divmod q"));
  CHECK(all_close(values(qr[1]), {1, 1, -1, -1}, 0, 0, "divmod r"));
}

TEST_CASE("vmap rules match a per-example loop") {
  // a: (3, 4) batched on axis 1; b: (3,) unbatched. out[i] = f(a[:, i], b).
  std::vector<double> av, bv = {0.5, -1.5, 2.0};
  for (int i = 0; i < 12; ++i) av.push_back(0.25 * i - 1.0);
  array a(av.begin(), {3, 4}, float64);
  array b(bv.begin(), {3}, float64);
  std::vector<std::pair<const char*, Binary>> cases = {
      {"add", [](const array& x, const array& y) { return add(x, y); }},
      {"multiply", [](const array& x, const array& y) { return multiply(x, y); }},
      {"maximum", [](const array& x, const array& y) { return maximum(x, y); }},
      {"less", [](const array& x, const array& y) { return less(x, y); }},
      {"arctan2", [](const array& x, const array& y) { return arctan2(x, y); }},
  };
  for (auto& [name, fn] : cases) {
    array probe = fn(a, broadcast_to(reshape(b, {3, 1}), {3, 4}));
    auto [outs, out_axes] = probe.primitive().vmap({a, b}, {1, -1});
    array out = moveaxis(outs.at(0), out_axes.at(0), 0);
    CHECK(out.shape() == (Shape{4, 3}));
    // Loop reference: f on the batch's elements one scalar at a time.
    std::vector<double> expected;
    for (int i = 0; i < 4; ++i) {
      for (int j = 0; j < 3; ++j) {
        expected.push_back(values(fn(array(av[j * 4 + i], float64), array(bv[j], float64)))[0]);
      }
    }
    CHECK(all_close(values(out), expected, 1e-12, 0, std::string(name) + " vmap"));
  }
  // Unary: the batch axis passes through.
  auto [outs, axes] = exp(a).primitive().vmap({a}, {1});
  CHECK(axes.at(0) == 1);
  CHECK(all_close(values(outs.at(0)), values(exp(a)), 0, 0, "exp vmap"));
  // Select with a batched condition.
  array cond = greater(a, array(0.0, float64));
  array sel = where(cond, a, array(0.0, float64));
  auto [souts, saxes] = sel.primitive().vmap({cond, a, array(0.0, float64)}, {1, 1, -1});
  array s0 = moveaxis(souts.at(0), saxes.at(0), 1);
  std::vector<double> relu;
  for (double v : av) relu.push_back(v > 0 ? v : 0);
  CHECK(all_close(values(s0), relu, 0, 0, "where vmap"));
}

TEST_CASE("primitive names and kinds feed the JIT") {
  array x({1.0f});
  array i({1});
  CHECK(std::string(log2(x).primitive().name()) == "Log2");
  CHECK(std::string(rsqrt(x).primitive().name()) == "Rsqrt");
  CHECK(std::string(left_shift(i, i).primitive().name()) == "LeftShift");
  CHECK(std::string(bitwise_xor(i, i).primitive().name()) == "BitwiseXor");
  CHECK(exp(x).primitive().kind() == PrimitiveKind::unary);
  CHECK(add(x, x).primitive().kind() == PrimitiveKind::binary);
  CHECK(where(array(true), x, x).primitive().kind() == PrimitiveKind::ternary);
  array e(x.shape(), bool_, std::make_shared<Equal>(default_stream(default_device()), true),
          {x, x});
  CHECK(std::string(e.primitive().name()) == "NaNEqual");
}

TEST_CASE("C++ operators") {
  array a({6, -7, 8});
  array b({4, 2, 3});
  CHECK(all_close(values(a - b), {2, -9, 5}, 0, 0, "-"));
  CHECK(all_close(values(a / b), {1.5, -3.5, 8.0 / 3}, 1e-6, 0, "/"));
  CHECK(all_close(values(a % b), {2, 1, 2}, 0, 0, "%"));
  CHECK(all_close(values(a < b), {0, 1, 0}, 0, 0, "<"));
  CHECK(all_close(values(a <= b), {0, 1, 0}, 0, 0, "<="));
  CHECK(all_close(values(a > b), {1, 0, 1}, 0, 0, ">"));
  CHECK(all_close(values(a >= b), {1, 0, 1}, 0, 0, ">="));
  CHECK(all_close(values(a & b), {4, 0, 0}, 0, 0, "&"));
  CHECK(all_close(values(a | b), {6, -5, 11}, 0, 0, "|"));
  CHECK(all_close(values(a ^ b), {2, -5, 11}, 0, 0, "^"));
  CHECK(all_close(values(a << b), {96, -28, 64}, 0, 0, "<<"));
  CHECK(all_close(values(a >> array(1)), {3, -4, 4}, 0, 0, ">>"));
  CHECK(all_close(values(~a), {-7, 6, -9}, 0, 0, "~"));
  array t({true, false, true});
  array f({true, true, false});
  CHECK(all_close(values(t && f), {1, 0, 0}, 0, 0, "&&"));
  CHECK(all_close(values(t || f), {1, 1, 1}, 0, 0, "||"));
  CHECK((a + 1).dtype() == int32);
  CHECK((a * 1.5).dtype() == float32);
  CHECK_THROWS_AS(bitwise_and(array(1.0f), array(2.0f)), std::runtime_error);
  CHECK_THROWS_AS(add(array({1, 2, 3}), array({1, 2})), std::invalid_argument);
  CHECK_THROWS_AS(negative(array(true)), std::invalid_argument);
  CHECK_THROWS_AS(erf(array(complex64_t(1.0f, 1.0f))), std::invalid_argument);
}
