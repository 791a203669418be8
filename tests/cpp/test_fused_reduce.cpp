// Row kernels: reductions over the last axis fused with their elementwise
// neighbours, through the JIT directly (describe + emit + run) and through
// compile (fusion into one Compiled node).
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <functional>

#include "backend/cpu/compiled_jit.h"
#include "backend/cpu/cpp_dialect.h"
#include "backend/cpu/jit_builder.h"
#include "jit_test_util.h"
#include "kernel/kernel_variant.h"
#include "mxcore/compile.h"
#include "mxcore/transforms.h"
#include "test_framework.h"

using namespace mxcore;
using namespace jittest;

namespace {

struct FreshCache {
  std::string dir;
  FreshCache() {
    char tmpl[] = "/tmp/mxcore_fused_reduce_XXXXXX";
    dir = ::mkdtemp(tmpl);
    ::setenv("MXCORE_CACHE_DIR", dir.c_str(), 1);
  }
  ~FreshCache() {
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
  }
} fresh_cache;

int counter = 0;

// Like jittest::trace, but leaves outside `inputs` (the scalars that mean
// and var create) become extra inputs, as compile's fuser makes them.
Traced trace_with_leaves(const std::vector<array>& inputs, const std::vector<array>& ys,
                         std::vector<array>& real_inputs) {
  Traced t{inputs, {}, ys};
  std::unordered_set<uintptr_t> seen;
  for (auto& x : inputs) seen.insert(x.id());
  std::function<void(const array&)> visit = [&](const array& a) {
    if (!seen.insert(a.id()).second) return;
    if (!a.has_primitive() || a.is_evaluated()) {
      t.tape_inputs.push_back(a);
      real_inputs.push_back(a);
      return;
    }
    for (auto& in : a.inputs()) visit(in);
    t.tape.push_back(a);
  };
  for (auto& y : ys) visit(y);
  return t;
}

// Runs inputs -> ys as a row kernel; empty when the JIT declined.
std::vector<array> run_row(const std::vector<array>& inputs, const std::vector<array>& ys,
                           std::vector<array> real_inputs = {}) {
  if (real_inputs.empty()) real_inputs = inputs;
  auto t = trace_with_leaves(inputs, ys, real_inputs);
  // (sum over a length-1 axis builds no Reduce: then the program is
  // elementwise.)
  auto outs = output_placeholders(ys);
  bool ok = run_compiled_jit(real_inputs, outs, t, {},
                             "rowtest" + std::to_string(counter++) + "_" +
                                 std::to_string(::getpid()));
  if (!ok) return {};
  return outs;
}

array uniform_input(Shape shape, Dtype dtype) {
  size_t n = 1;
  for (auto d : shape) n *= d;
  std::vector<float> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = std::sin(0.37f * float(i) + 0.1f);
  auto x = astype(array(v.begin(), shape), dtype);
  eval(x);
  return x;
}

array layernorm(const array& x, const array& w, const array& b) {
  auto x32 = astype(x, float32);
  auto mu = mean(x32, -1, true);
  auto v = var(x32, -1, true);
  auto y = multiply(subtract(x32, mu), rsqrt(add(v, array(1e-4f))));
  return add(multiply(w, astype(y, x.dtype())), b);
}

} // namespace

TEST_CASE("row kernel: layernorm matches eager over dtypes and shapes") {
  for (auto dtype : {float32, float16, bfloat16}) {
    for (Shape shape : {Shape{4, 37}, Shape{1, 16}, Shape{5, 1}, Shape{2, 3, 20}}) {
      auto x = uniform_input(shape, dtype);
      auto w = uniform_input({shape.back()}, dtype);
      auto b = uniform_input({shape.back()}, dtype);
      auto y = layernorm(x, w, b);
      auto got = run_row({x, w, b}, {y});
      CHECK(got.size() == 1);
      eval(y);
      double tol = dtype == float32 ? 1e-5 : dtype == float16 ? 4e-3 : 3e-2;
      CHECK(all_close(got[0], y, tol));
    }
  }
}

TEST_CASE("row kernel: softmax, per-row output and max with NaN") {
  auto x = uniform_input({6, 50}, float32);
  auto m = max(x, -1, true);
  auto e = exp(subtract(x, m));
  auto s = sum(e, -1, true);
  auto sm = divide(e, s);
  auto got = run_row({x}, {sm, s});
  CHECK(got.size() == 2);
  eval({sm, s});
  CHECK(all_close(got[0], sm, 1e-6));
  CHECK(all_close(got[1], s, 1e-6));

  std::vector<float> v{1, NAN, 3, 4, 5, 6};
  auto xn = array(v.begin(), {2, 3});
  auto mxn = max(multiply(xn, array(2.0f)), -1, true);
  auto gotn = run_row({xn}, {mxn});
  CHECK(gotn.size() == 1);
  CHECK(std::isnan(gotn[0].data<float>()[0]));
  CHECK(gotn[0].data<float>()[1] == 12.0f);
}

TEST_CASE("row kernel: unsupported input layout declines") {
  auto x = uniform_input({8, 6}, float32);
  auto y = sum(exp(x), -1, true);
  auto xt = transpose(uniform_input({6, 8}, float32));
  eval(xt);
  CHECK(run_row({x}, {y}, {xt}).empty());
}

TEST_CASE("row kernel: the program and its emitted passes") {
  auto x = uniform_input({3, 8}, float32);
  auto y = divide(exp(x), sum(exp(x), -1, true));
  std::vector<array> real{x};
  auto t = trace_with_leaves({x}, {y}, real);
  auto p = program_of(t, {}, "k");
  CHECK(p.row);
  CHECK((p.row_shape == Shape{3, 8}));
  int reductions = 0;
  for (auto& n : p.tape) {
    if (n.kind == kernel::NodeKind::reduce) {
      ++reductions;
      CHECK(n.op == kernel::Op::Sum);
    }
  }
  CHECK(reductions == 1);
  kernel::KernelVariant v;
  v.loop = kernel::LoopKind::row;
  v.input_kinds = {kernel::InputKind::contiguous};
  v.per_row_outputs = {false};
  auto src = cpu::emit_cpp_source(p, v);
  CHECK(src.find("mxcore_jit::RowFold<mxcore_jit::Sum") != std::string::npos);
  CHECK(src.find("(void** args, int64_t cols, int64_t row_begin, int64_t row_end)") !=
        std::string::npos);
}

TEST_CASE("compile: layernorm fuses into one Compiled node") {
  auto w = uniform_input({32}, float16);
  auto b = uniform_input({32}, float16);
  auto fn = compile([w, b](const std::vector<array>& in) {
    return std::vector<array>{layernorm(in[0], w, b)};
  });
  auto x = uniform_input({7, 32}, float16);
  auto y = fn({x})[0];
  CHECK(std::string(y.primitive().name()) == "Compiled");
  for (auto& in : y.inputs()) CHECK(in.is_evaluated());
  auto want = layernorm(x, w, b);
  eval({y, want});
  CHECK(all_close(y, want, 4e-3));
}
