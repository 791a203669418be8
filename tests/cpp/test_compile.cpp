// compile: trace, simplify, fuse, replace, the cache and the Compiled primitive.
#include <algorithm>
#include <cmath>
#include <sstream>
#include <thread>

#include "compile/compiled.h"
#include "mxcore/compile.h"
#include "mxcore/graph_utils.h"
#include "mxcore/mxcore.h"
#include "test_framework.h"

using namespace mxcore;

namespace {

std::vector<float> to_vec(array a) {
  eval(a);
  // Copy through a row-major array: a may be a broadcast view.
  array c = copy(astype(a, float32));
  eval(c);
  return std::vector<float>(c.data<float>(), c.data<float>() + c.size());
}

bool all_close(array a, array b, float tol = 1e-5f) {
  auto x = to_vec(a);
  auto y = to_vec(b);
  if (x.size() != y.size() || a.shape() != b.shape()) return false;
  for (size_t i = 0; i < x.size(); ++i) {
    if (std::abs(x[i] - y[i]) > tol * (1 + std::abs(y[i]))) return false;
  }
  return true;
}

int count_name(const std::vector<array>& outs, const std::string& name) {
  auto names = graph_primitive_names(outs);
  return static_cast<int>(std::count(names.begin(), names.end(), name));
}

std::vector<array> gelu_like(const std::vector<array>& in) {
  auto& x = in[0];
  auto& y = in[1];
  return {exp(-x) * y + x};
}

} // namespace

TEST_CASE("compiled equals eager over dtypes, broadcasts and views") {
  for (Dtype t : {float32, float64, float16}) {
    array x = astype(array({0.5f, -1.0f, 2.0f, 0.25f, 3.0f, -0.5f}, {2, 3}), t);
    array y = astype(array({1.0f, 2.0f, 3.0f}), t); // broadcast
    auto cfun = compile(gelu_like);
    auto got = cfun({x, y})[0];
    auto want = gelu_like({x, y})[0];
    CHECK(got.dtype() == t);
    CHECK(all_close(got, want, t == float16 ? 1e-2f : 1e-5f));
    // A transposed (non-contiguous) input.
    array xt = transpose(x);
    array yt = astype(array({1.0f, 2.0f}), t);
    CHECK(all_close(cfun({xt, yt})[0], gelu_like({xt, yt})[0], t == float16 ? 1e-2f : 1e-5f));
  }
  // Integers: add and multiply keep the dtype.
  auto ifun = compile([](const std::vector<array>& in) {
    return std::vector<array>{in[0] * in[1] + in[0]};
  });
  array a({1, 2, 3});
  array b({4, 5, 6});
  auto r = ifun({a, b})[0];
  CHECK(r.dtype() == int32);
  eval(r);
  CHECK(r.data<int32_t>()[0] == 5 && r.data<int32_t>()[2] == 21);
}

TEST_CASE("an elementwise chain fuses into one Compiled node") {
  array x({1.0f, 2.0f, 3.0f});
  array y({0.5f, 0.5f, 0.5f});
  auto out = compile(gelu_like)({x, y})[0];
  CHECK(out.has_primitive());
  auto* c = dynamic_cast<Compiled*>(&out.primitive());
  CHECK(c != nullptr);
  if (c) {
    std::ostringstream os;
    c->print(os);
    CHECK(os.str() == "Compiled(Negative, Exp, Multiply, Add)");
  }
  CHECK(count_name({out}, "Compiled") == 1);
  CHECK(count_name({out}, "Exp") == 0);
  std::ostringstream dot;
  export_to_dot(dot, {out});
  CHECK(dot.str().find("Compiled(Negative, Exp, Multiply, Add)") != std::string::npos);
  CHECK(dot.str().rfind("digraph {", 0) == 0);
  CHECK(all_close(out, gelu_like({x, y})[0]));
}

TEST_CASE("the cache: same signature no retrace, new shape/dtype/ndim retraces") {
  auto cfun = compile([](const std::vector<array>& in) {
    return std::vector<array>{exp(in[0]) + in[0]};
  });
  size_t base = detail::compile_trace_count();
  cfun({array({1.0f, 2.0f})});
  CHECK(detail::compile_trace_count() == base + 1);
  cfun({array({3.0f, 4.0f})});
  CHECK(detail::compile_trace_count() == base + 1);
  cfun({array({3.0f, 4.0f, 5.0f})}); // shape
  CHECK(detail::compile_trace_count() == base + 2);
  cfun({array({3.0, 4.0}, float64)}); // dtype
  CHECK(detail::compile_trace_count() == base + 3);
  cfun({array({3.0f, 4.0f}, {2, 1})}); // ndim
  CHECK(detail::compile_trace_count() == base + 4);
  cfun({array({1.0f, 2.0f})}); // back to the first: cached
  CHECK(detail::compile_trace_count() == base + 4);
}

TEST_CASE("shapeless compile does not retrace on shape changes") {
  auto fun = [](const std::vector<array>& in) {
    return std::vector<array>{exp(-in[0]) * in[1] + in[0]};
  };
  auto cfun = compile(fun, /* shapeless */ true);
  size_t base = detail::compile_trace_count();
  for (int n : {2, 5, 17}) {
    std::vector<float> xs(n), ys(n);
    for (int i = 0; i < n; ++i) {
      xs[i] = 0.1f * i;
      ys[i] = 1.0f + i;
    }
    array x(xs.begin(), {n});
    array y(ys.begin(), {n});
    auto out = cfun({x, y})[0];
    CHECK(out.shape() == Shape{n});
    CHECK(all_close(out, fun({x, y})[0]));
  }
  CHECK(detail::compile_trace_count() == base + 1);
  cfun({array({1.0f}, {1, 1}), array({1.0f}, {1, 1})}); // ndim changes
  CHECK(detail::compile_trace_count() == base + 2);
}

TEST_CASE("simplify merges common subexpressions and equal scalars") {
  set_compile_mode(CompileMode::no_fuse);
  auto cse = compile([](const std::vector<array>& in) {
    return std::vector<array>{exp(in[0]) + exp(in[0])};
  });
  array x({1.0f, 2.0f});
  auto out = cse({x})[0];
  CHECK(count_name({out}, "Exp") == 1);
  CHECK(all_close(out, exp(x) + exp(x)));

  auto scalars = compile([](const std::vector<array>& in) {
    return std::vector<array>{in[0] * array(2.0f) + in[0] * array(2.0f)};
  });
  out = scalars({x})[0];
  CHECK(count_name({out}, "Multiply") == 1);
  CHECK(all_close(out, x * array(4.0f)));

  auto noops = compile([](const std::vector<array>& in) {
    return std::vector<array>{exp(copy(stop_gradient(in[0])))};
  });
  out = noops({x})[0];
  CHECK(count_name({out}, "Copy") == 0);
  CHECK(count_name({out}, "StopGradient") == 0);
  CHECK(all_close(out, exp(x)));

  // no_simplify keeps the duplicates.
  set_compile_mode(CompileMode::no_simplify);
  auto dup = compile([](const std::vector<array>& in) {
    return std::vector<array>{exp(in[0]) * exp(in[0])};
  });
  out = dup({x})[0];
  CHECK(all_close(out, exp(x) * exp(x)));
  set_compile_mode(CompileMode::enabled);
}

TEST_CASE("multi-output regions and outputs inside a region") {
  auto cfun = compile([](const std::vector<array>& in) {
    auto e = exp(-in[0]);
    return std::vector<array>{e, e * in[1] + in[1]};
  });
  array x({1.0f, -2.0f, 0.5f});
  array y({2.0f, 3.0f, 4.0f});
  auto outs = cfun({x, y});
  // Both come out of one Compiled primitive.
  CHECK(outs[0].has_primitive() && outs[1].has_primitive());
  CHECK(outs[0].primitive_id() == outs[1].primitive_id());
  CHECK(outs[0].has_primitive() && std::string(outs[0].primitive().name()) == "Compiled");
  CHECK(all_close(outs[0], exp(-x)));
  CHECK(all_close(outs[1], exp(-x) * y + y));
}

TEST_CASE("a broadcast shared with an unfusable user is split") {
  auto cfun = compile([](const std::vector<array>& in) {
    auto b = broadcast_to(in[0], {2, 3});
    return std::vector<array>{exp(b) + in[1], transpose(b)};
  });
  array x({1.0f, 2.0f, 3.0f});
  array y({1.0f, 1.0f, 1.0f, 2.0f, 2.0f, 2.0f}, {2, 3});
  auto outs = cfun({x, y});
  auto b = broadcast_to(x, {2, 3});
  CHECK(all_close(outs[0], exp(b) + y));
  CHECK(all_close(outs[1], transpose(b)));
}

TEST_CASE("uncaptured inputs are an error") {
  array x({1.0f, 2.0f});
  auto cfun = compile([x](const std::vector<array>& in) {
    return std::vector<array>{x + in[0]};
  });
  CHECK_THROWS_AS(cfun({x}), std::invalid_argument);
  // A closure array that is not an input is a constant: fine.
  array z({5.0f, 6.0f});
  CHECK(all_close(cfun({z})[0], x + z));
}

TEST_CASE("Compiled refuses transforms; kernel names identify graphs") {
  array x({1.0f, 2.0f});
  array y({3.0f, 4.0f});
  auto f1 = compile([](const std::vector<array>& in) { return gelu_like(in); });
  auto f2 = compile([](const std::vector<array>& in) { return gelu_like(in); });
  auto o1 = f1({x, y})[0];
  auto o2 = f2({x, y})[0];
  auto& c1 = dynamic_cast<Compiled&>(o1.primitive());
  auto& c2 = dynamic_cast<Compiled&>(o2.primitive());
  CHECK(c1.kernel_lib() == c2.kernel_lib());
  CHECK(c1.is_equivalent(c2));
  auto o3 = f1({astype(x, float64), astype(y, float64)})[0];
  CHECK(dynamic_cast<Compiled&>(o3.primitive()).kernel_lib() != c1.kernel_lib());
  // Different inlined constants, different kernels.
  auto k2 = compile([](const std::vector<array>& in) {
    return std::vector<array>{exp(in[0] * array(2.0f))};
  })({x})[0];
  auto k3 = compile([](const std::vector<array>& in) {
    return std::vector<array>{exp(in[0] * array(3.0f))};
  })({x})[0];
  auto& ck2 = dynamic_cast<Compiled&>(k2.primitive());
  auto& ck3 = dynamic_cast<Compiled&>(k3.primitive());
  CHECK(ck2.constant_ids().size() == 1);
  CHECK(ck2.kernel_lib() != ck3.kernel_lib());
  CHECK(all_close(k3, exp(x * array(3.0f))));

  CHECK_THROWS_AS(c1.vjp({x, y}, {x}, {0}, {o1}), std::invalid_argument);
  CHECK_THROWS_AS(c1.jvp({x, y}, {x}, {0}), std::invalid_argument);
  CHECK_THROWS_AS(c1.vmap({x, y}, {0, 0}), std::invalid_argument);
  // output_shapes follows the tape for new shapes.
  array x5 = zeros({5});
  auto shapes = c1.output_shapes({x5, x5});
  CHECK(shapes.size() == 1 && shapes[0] == Shape{5});
}

TEST_CASE("disable_compile runs the function itself") {
  disable_compile();
  size_t base = detail::compile_trace_count();
  auto cfun = compile(gelu_like);
  array x({1.0f, 2.0f});
  auto out = cfun({x, x})[0];
  CHECK(detail::compile_trace_count() == base);
  CHECK(count_name({out}, "Compiled") == 0);
  CHECK(get_compile_mode() == CompileMode::disabled);
  enable_compile();
  out = cfun({x, x})[0];
  CHECK(count_name({out}, "Compiled") == 1);
  CHECK(detail::compile_trace_count() == base + 1);
}

TEST_CASE("compiled functions called from several threads") {
  auto cfun = compile([](const std::vector<array>& in) {
    return std::vector<array>{exp(-in[0]) * in[0] + in[0]};
  });
  std::vector<int> ok(8, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] {
      for (int it = 0; it < 20; ++it) {
        int n = 1 + (t + it) % 4; // a few shapes: concurrent traces and hits
        std::vector<float> xs(n, 0.1f * t);
        array x(xs.begin(), {n});
        auto out = cfun({x})[0];
        eval(out);
        float v = 0.1f * t;
        float want = std::exp(-v) * v + v;
        bool good = out.size() == static_cast<size_t>(n);
        for (int i = 0; i < n; ++i) good &= std::abs(out.data<float>()[i] - want) < 1e-5f;
        ok[t] += good;
      }
    });
  }
  for (auto& th : threads) th.join();
  for (int t = 0; t < 8; ++t) CHECK(ok[t] == 20);
}

TEST_CASE("long chains compile without deep recursion") {
  auto cfun = compile([](const std::vector<array>& in) {
    array y = in[0];
    for (int i = 0; i < 20000; ++i) y = y + in[1];
    return std::vector<array>{y};
  });
  array x({1.0f});
  array one({1.0f});
  auto out = cfun({x, one})[0];
  CHECK(to_vec(out)[0] == 20001.0f);
}

TEST_CASE("compile_clear_cache forces a retrace") {
  auto cfun = compile(gelu_like);
  array x({1.0f});
  cfun({x, x});
  size_t base = detail::compile_trace_count();
  cfun({x, x});
  CHECK(detail::compile_trace_count() == base);
  compile_clear_cache();
  cfun({x, x});
  CHECK(detail::compile_trace_count() == base + 1);
}
