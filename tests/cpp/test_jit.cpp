// The CPU JIT: emitted kernels against the eager kernels, layouts, donation,
// the disk cache across processes and the no-compiler fallback.
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>

#include "backend/cpu/jit_builder.h"
#include "jit_test_util.h"
#include "test_framework.h"

using namespace mxcore;
using namespace jittest;

extern char** environ;

namespace {

// Every run starts from an empty private kernel cache (children inherit it).
struct FreshCache {
  std::string dir;
  FreshCache() {
    if (std::getenv("MXCORE_JIT_TEST_CHILD")) return;
    char tmpl[] = "/tmp/mxcore_jit_test_XXXXXX";
    dir = ::mkdtemp(tmpl);
    ::setenv("MXCORE_CACHE_DIR", dir.c_str(), 1);
  }
  ~FreshCache() {
    std::error_code ec;
    if (!dir.empty()) std::filesystem::remove_all(dir, ec);
  }
} fresh_cache;

int name_counter = 0;
std::string unique_name(const std::string& label) {
  return "test" + std::to_string(name_counter++) + "_" + label + "_" +
         std::to_string(::getpid());
}

// Runs the graph inputs -> ys through the JIT on real_inputs (defaults to the
// inputs themselves); returns the JIT outputs, or nothing if it declined.
std::vector<array> run_jit(const std::vector<array>& inputs, const std::vector<array>& ys,
                           std::vector<array> real_inputs = {},
                           const std::unordered_set<uintptr_t>& constants = {},
                           const std::string& label = "k") {
  auto t = trace(inputs, ys);
  if (real_inputs.empty()) real_inputs = inputs;
  auto outs = output_placeholders(ys);
  bool ok = run_compiled_jit(real_inputs, outs, t, constants, unique_name(label));
  if (!ok) return {};
  return outs;
}

bool check_against_eager(std::vector<array> jit_outs, std::vector<array> ys) {
  if (jit_outs.size() != ys.size()) return false;
  for (size_t i = 0; i < ys.size(); ++i) {
    ys[i].eval();
    if (!all_close(jit_outs[i], ys[i], tolerance(ys[i].dtype()))) {
      std::cerr << "mismatch in output " << i << " dtype " << ys[i].dtype() << "\n";
      return false;
    }
  }
  return true;
}

array sample(Dtype t, Shape shape) {
  std::vector<float> v(shape_size(shape));
  for (size_t i = 0; i < v.size(); ++i) v[i] = float(int(i % 7) - 2) * 0.75f;
  if (is_integral(t) || t == bool_) {
    for (auto& x : v) x = std::abs(std::round(x * 2));
  }
  return array(v.begin(), shape, t);
}

// Runs a child copy of this test binary in `mode`; returns its exit status.
int run_child(const std::string& mode, const std::vector<std::string>& extra_env,
              const std::string& stderr_path) {
  std::vector<std::string> env{"MXCORE_JIT_TEST_CHILD=" + mode};
  for (char** e = environ; *e; ++e) env.push_back(*e);
  for (auto& e : extra_env) env.push_back(e);
  std::vector<char*> envp;
  for (auto& e : env) envp.push_back(e.data());
  envp.push_back(nullptr);
  std::string exe = std::filesystem::read_symlink("/proc/self/exe");
  char* argv[] = {exe.data(), nullptr};
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 2, stderr_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  pid_t pid;
  if (posix_spawn(&pid, exe.c_str(), &fa, nullptr, argv, envp.data()) != 0) return -1;
  posix_spawn_file_actions_destroy(&fa);
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string read_file(const std::string& p) {
  std::ifstream f(p);
  return std::string((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}

// The graph the cache test builds in both processes: same name, same source.
bool cache_graph_ok(const std::string& name) {
  auto x = array({1.0f, 2.0f, -3.0f, 0.5f});
  auto y = exp(negative(x)) + x;
  auto t = trace({x}, {y});
  auto outs = output_placeholders({y});
  if (!run_compiled_jit({x}, outs, t, {}, name)) {
    return false;
  }
  return check_against_eager(outs, {y});
}

} // namespace

TEST_CASE("jit: exp/negative/add chain over every float dtype") {
  for (Dtype t : {float32, float64, float16, bfloat16, complex64}) {
    auto x = sample(t, {3, 5});
    auto y = exp(negative(x)) + x;
    auto outs = run_jit({x}, {y});
    CHECK(outs.size() == 1);
    CHECK(check_against_eager(outs, {y}));
  }
}

TEST_CASE("jit: integer dtypes, multiple outputs") {
  for (Dtype t : {int8, int16, int32, int64, uint8, uint16, uint32, uint64}) {
    auto x = sample(t, {4, 3});
    auto y1 = x * x + x;
    auto y2 = negative(x) + y1;
    auto outs = run_jit({x}, {y1, y2});
    CHECK(outs.size() == 2);
    CHECK(check_against_eager(outs, {y1, y2}));
  }
}

TEST_CASE("jit: AsType between dtypes, bool outputs") {
  auto x = array({0.0f, 1.5f, -0.0f, std::numeric_limits<float>::quiet_NaN(),
                  -2.25f, 300.0f, std::numeric_limits<float>::infinity()});
  for (Dtype t : {bool_, float16, bfloat16, complex64, float64, int32}) {
    auto y = astype(x, t);
    auto outs = run_jit({x}, {y});
    CHECK(check_against_eager(outs, {y}));
  }
  // Out of and back into float: complex keeps its real part, half types via float.
  auto c = astype(astype(x, complex64) * astype(x, complex64), float32);
  CHECK(check_against_eager(run_jit({x}, {c}), {c}));
  auto h = astype(astype(x, bfloat16), float16) + astype(astype(x, float16), float16);
  CHECK(check_against_eager(run_jit({x}, {h}), {h}));
  auto b = astype(astype(x, bool_), float32) + x;
  CHECK(check_against_eager(run_jit({x}, {b}), {b}));
  auto xi = array({0, 3, -1, 0});
  auto yi = astype(astype(xi, bool_), int32) + xi;
  CHECK(check_against_eager(run_jit({xi}, {yi}), {yi}));
}

TEST_CASE("jit: transposed (strided) and uniformly transposed (contiguous) inputs") {
  for (Dtype t : {float32, float16, int32}) {
    auto a = sample(t, {4, 6});
    auto at = transpose(a);
    at.eval(); // a view: (6, 4) with strides (1, 6)
    auto b = sample(t, {6, 4});
    auto y = at * b + at;
    auto outs = run_jit({at, b}, {y});
    CHECK(check_against_eager(outs, {y}));
    CHECK(cpu::last_jit_source().find("strided_2") != std::string::npos);
    // Every input transposed the same way: the contiguous variant, and the
    // output keeps the inputs' layout.
    auto bt = transpose(sample(t, {4, 6}));
    bt.eval();
    auto w = at * bt + bt;
    auto outs2 = run_jit({at, bt}, {w});
    CHECK(check_against_eager(outs2, {w}));
    CHECK(cpu::last_jit_source().find("_contiguous") != std::string::npos);
    CHECK(outs2.size() == 1 && outs2[0].strides() == at.strides());
  }
}

TEST_CASE("jit: 3-d strided with broadcast inputs and Broadcast nodes") {
  auto a = sample(float32, {2, 3, 4});
  auto at = transpose(a, {2, 0, 1}); // (4, 2, 3)
  at.eval();
  auto col = sample(float32, {4, 1, 1});
  auto row = sample(float32, {3});
  auto y = at * col + row; // broadcasts become Broadcast nodes in the tape
  auto outs = run_jit({at, col, row}, {y});
  CHECK(check_against_eager(outs, {y}));
  auto y2 = exp(col) + row; // only broadcast inputs
  CHECK(check_against_eager(run_jit({col, row}, {y2}), {y2}));
}

TEST_CASE("jit: scalar inputs and inlined constants incl. inf/nan/-0") {
  auto x = array({0.0f, 1.0f, -2.0f, 3.5f});
  auto s = array(2.5f); // a runtime scalar
  auto y = x * s + s;
  CHECK(check_against_eager(run_jit({x, s}, {y}), {y}));
  for (float c : {std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity(),
                  std::numeric_limits<float>::quiet_NaN(), -0.0f, 1.0f / 3.0f, 1e-38f}) {
    auto k = array(c);
    auto z = x * k + negative(k);
    auto outs = run_jit({x, k}, {z}, {}, {k.id()});
    CHECK(check_against_eager(outs, {z}));
    CHECK(cpu::last_jit_source().find("const float in1 = float(") != std::string::npos); // inlined
  }
  // Typed constants: half, bfloat16, complex, int64 extremes, bool.
  auto h = array({1.0f, -2.0f}, float16);
  auto hc = array(0.333251953125f, float16);
  auto hy = h * hc;
  CHECK(check_against_eager(run_jit({h, hc}, {hy}, {}, {hc.id()}), {hy}));
  auto bf = array({1.0f, -2.0f}, bfloat16);
  auto bc = array(std::numeric_limits<float>::quiet_NaN(), bfloat16);
  auto by = bf + bc;
  CHECK(check_against_eager(run_jit({bf, bc}, {by}, {}, {bc.id()}), {by}));
  auto cx = array({1.0f, 2.0f}, complex64);
  auto cc = array(std::complex<float>(0.5f, -std::numeric_limits<float>::infinity()));
  auto cy = cx * cc;
  CHECK(check_against_eager(run_jit({cx, cc}, {cy}, {}, {cc.id()}), {cy}));
  auto ix = array({int64_t(1), int64_t(-1)});
  auto ic = array(std::numeric_limits<int64_t>::min());
  auto iy = ix * ic;
  CHECK(check_against_eager(run_jit({ix, ic}, {iy}, {}, {ic.id()}), {iy}));
  auto ux = array({uint64_t(1), uint64_t(2)});
  auto uc = array(std::numeric_limits<uint64_t>::max());
  auto uy = ux + uc;
  CHECK(check_against_eager(run_jit({ux, uc}, {uy}, {}, {uc.id()}), {uy}));
}

TEST_CASE("jit: forced 64-bit index variants") {
  cpu::set_jit_force_large_index(true);
  auto x = sample(float32, {5, 7});
  auto y = exp(x) + x;
  CHECK(check_against_eager(run_jit({x}, {y}), {y}));
  CHECK(cpu::last_jit_source().find("using index_t = int64_t") != std::string::npos);
  CHECK(cpu::last_jit_source().find("contiguous_large") != std::string::npos);
  auto xt = transpose(x);
  xt.eval();
  auto b = sample(float32, {7, 5});
  auto v = xt * b;
  CHECK(check_against_eager(run_jit({xt, b}, {v}), {v}));
  CHECK(cpu::last_jit_source().find("strided_2_large") != std::string::npos);
  cpu::set_jit_force_large_index(false);
}

TEST_CASE("jit: donation reuses an input buffer") {
  // Contiguous: the placeholder stands in the tape; the real input is held
  // only by the inputs vector, so it can be donated.
  auto ph = array({0.0f, 0.0f, 0.0f, 0.0f});
  auto y = exp(negative(ph)) + ph;
  auto t = trace({ph}, {y});
  std::vector<array> real{array({1.0f, 2.0f, 3.0f, 4.0f})};
  void* buf = real[0].raw_data();
  auto outs = output_placeholders({y});
  CHECK(run_compiled_jit(real, outs, t, {}, unique_name("donate")));
  CHECK(outs[0].raw_data() == buf);
  CHECK_CLOSE(element(outs[0], 1).real(), std::exp(-2.0) + 2.0, 1e-6);

  // Strided: the row-contiguous input is donated, the transposed one is read.
  auto pa = sample(float32, {3, 2});
  auto pb = sample(float32, {3, 2});
  auto z = pa * pb;
  auto tz = trace({pa, pb}, {z});
  auto bt = transpose(sample(float32, {2, 3}));
  bt.eval();
  std::vector<array> real2{bt, sample(float32, {3, 2})};
  bt = array(0.0f); // only real2 holds the view now (its buffer is shared)
  void* buf2 = real2[1].raw_data();
  auto outs2 = output_placeholders({z});
  auto expect = multiply(real2[0], real2[1]);
  CHECK(run_compiled_jit(real2, outs2, tz, {}, unique_name("donate_strided")));
  // real2[1] is also held by `expect`'s graph: not donatable. Drop that and retry.
  CHECK(outs2[0].raw_data() != buf2);
  expect.eval();
  CHECK(all_close(outs2[0], expect, 1e-6));
  std::vector<array> real3{real2[0], sample(float32, {3, 2})};
  void* buf3 = real3[1].raw_data();
  auto outs3 = output_placeholders({z});
  CHECK(run_compiled_jit(real3, outs3, tz, {}, unique_name("donate_strided2")));
  CHECK(outs3[0].raw_data() == buf3);
  // A broadcast input is never donated even when donatable.
  auto pc = sample(float32, {3, 2});
  auto pr = sample(float32, {2});
  auto r = pc + pr;
  auto tr = trace({pc, pr}, {r});
  std::vector<array> real4{transpose(sample(float32, {2, 3})), array({1.0f, 2.0f})};
  real4[0].eval();
  void* buf4 = real4[1].raw_data();
  auto outs4 = output_placeholders({r});
  CHECK(run_compiled_jit(real4, outs4, tr, {}, unique_name("nodonate")));
  CHECK(outs4[0].raw_data() != buf4);
}

TEST_CASE("jit: empty outputs and size-1 shapes") {
  auto x = sample(float32, {0, 3});
  auto y = exp(x);
  auto outs = run_jit({x}, {y});
  CHECK(outs.size() == 1 && outs[0].size() == 0);
  auto a = sample(float32, {1, 1});
  auto b = sample(float32, {1, 1});
  auto c = a + b;
  CHECK(check_against_eager(run_jit({a, b}, {c}), {c}));
}

namespace {
// A primitive no kernel op stands for.
class NoSuchOp : public UnaryPrimitive {
 public:
  using UnaryPrimitive::UnaryPrimitive;
  void eval_cpu(const std::vector<array>&, array&) override {}
  const char* name() const override { return "NoSuchOp"; }
  PrimitiveKind kind() const override { return PrimitiveKind::unary; }
};
} // namespace

TEST_CASE("jit: a primitive without a kernel op has no program") {
  auto x = array({1.0f, 2.0f});
  auto bad = array(x.shape(), float32, std::make_shared<NoSuchOp>(default_stream(default_device())),
                   {x});
  auto t = trace({x}, {bad});
  CHECK_THROWS_AS(program_of(t, {}, unique_name("noop")), std::invalid_argument);
}

TEST_CASE("jit: a kernel that fails to compile falls back, others keep working") {
  auto x = array({1.0f, 2.0f});
  auto good = exp(x);
  CHECK(check_against_eager(run_jit({x}, {good}), {good})); // the toolchain works
  // Select of one operand: no functor overload matches, the build fails.
  auto y = exp(x);
  auto t = trace({x}, {y});
  auto program = program_of(t, {}, unique_name("bad"));
  program.tape[0].op = kernel::Op::Select;
  auto outs = output_placeholders({y});
  CHECK(!cpu::eval_compiled_jit(program, {x}, outs));
  CHECK(!outs[0].is_evaluated());
  CHECK(cpu::jit_available());
  auto again = negative(x) + x;
  CHECK(check_against_eager(run_jit({x}, {again}), {again}));
}

TEST_CASE("jit: source is kept for debugging and vectorizable") {
  auto x = sample(float32, {8});
  auto y = exp(x) * x;
  auto t = trace({x}, {y});
  auto outs = output_placeholders({y});
  auto name = unique_name("src");
  CHECK(run_compiled_jit({x}, outs, t, {}, name));
  auto src = cpu::jit_source(name);
  CHECK(src == cpu::last_jit_source());
  CHECK(src.find("#define MXCORE_JIT") != std::string::npos);
  CHECK(src.find("#pragma GCC ivdep") != std::string::npos);
  CHECK(src.find("kernel_ops::Exp{}(in0)") != std::string::npos);
  CHECK(src.find("__restrict") != std::string::npos);
  CHECK(cpu::jit_source("no such kernel").empty());
}

TEST_CASE("jit: a second process reuses the on-disk kernel") {
  auto name = "cache_reuse_" + std::to_string(::getpid());
  auto before = cpu::jit_compiler_invocations();
  CHECK(cache_graph_ok(name));
  CHECK(cpu::jit_compiler_invocations() == before + 1);
  CHECK(cache_graph_ok(name)); // in-memory hit
  CHECK(cpu::jit_compiler_invocations() == before + 1);
  auto err = std::string(std::getenv("MXCORE_CACHE_DIR")) + "/child_cache.err";
  CHECK(run_child("cache", {"MXCORE_JIT_TEST_NAME=" + name}, err) == 0);
}

TEST_CASE("jit: no compiler -> false with one warning") {
  auto err = std::string(std::getenv("MXCORE_CACHE_DIR")) + "/child_nocxx.err";
  CHECK(run_child("nocxx", {"MXCORE_CXX=/nonexistent/c++"}, err) == 0);
  auto text = read_file(err);
  size_t count = 0;
  for (size_t p = text.find("warning"); p != std::string::npos; p = text.find("warning", p + 1)) {
    ++count;
  }
  CHECK(count == 1);
  CHECK(text.find("MXCORE_CXX") != std::string::npos);
}

namespace {
// Child modes run before main() and exit: 0 on success.
int child_main(const std::string& mode) {
  if (mode == "cache") {
    const char* name = std::getenv("MXCORE_JIT_TEST_NAME");
    if (!name || !cache_graph_ok(name)) return 2;
    return cpu::jit_compiler_invocations() == 0 ? 0 : 3;
  }
  if (mode == "nocxx") {
    for (int i = 0; i < 3; ++i) {
      auto x = array({1.0f, 2.0f});
      auto y = exp(x);
      auto t = trace({x}, {y});
      auto outs = output_placeholders({y});
      if (run_compiled_jit({x}, outs, t, {}, unique_name("nocxx"))) {
        return 4;
      }
      if (outs[0].is_evaluated()) return 5; // untouched for the eager fallback
    }
    return cpu::jit_available() ? 6 : 0;
  }
  return 7;
}
struct ChildMode {
  ChildMode() {
    if (const char* m = std::getenv("MXCORE_JIT_TEST_CHILD")) {
      int rc = 1;
      try {
        rc = child_main(m);
      } catch (const std::exception& e) {
        std::cerr << "child: " << e.what() << "\n";
      }
      std::cerr.flush();
      std::_Exit(rc);
    }
  }
} child_mode;
} // namespace

namespace {
// Exactly the eager values (NaN where eager has NaN): interleaving streams
// changes which elements a loop iteration computes, never how.
bool same_as_eager(const std::vector<array>& jit_outs, std::vector<array> ys) {
  if (jit_outs.size() != ys.size()) return false;
  for (size_t i = 0; i < ys.size(); ++i) {
    ys[i].eval();
    if (jit_outs[i].shape() != ys[i].shape() || jit_outs[i].dtype() != ys[i].dtype()) return false;
    for (int64_t k = 0; k < int64_t(ys[i].size()); ++k) {
      auto g = element(jit_outs[i], k), w = element(ys[i], k);
      bool nan = std::isnan(g.real()) && std::isnan(w.real());
      if (!nan && g != w) {
        std::cerr << "output " << i << " element " << k << ": " << g << " != " << w << "\n";
        return false;
      }
    }
  }
  return true;
}

// gelu's constants, inlined into the kernel as compile inlines them.
struct GeluConstants {
  array one, half_sqrt2, two;
  explicit GeluConstants(Dtype t)
      : one(array(1.0f, t)), half_sqrt2(array(0.70710678f, t)), two(array(2.0f, t)) {}
  array gelu(const array& x) const { return x * (one + erf(x * half_sqrt2)) / two; }
  std::vector<array> inputs() const { return {one, half_sqrt2, two}; }
  std::unordered_set<uintptr_t> ids() const { return {one.id(), half_sqrt2.id(), two.id()}; }
};

std::vector<array> with(std::vector<array> a, const std::vector<array>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}
} // namespace

TEST_CASE("jit: chains of polynomial functors interleave four streams") {
  GeluConstants g(float32);
  auto x = sample(float32, {37});
  auto source_of = [&](const array& y) {
    auto ins = with({x}, g.inputs());
    CHECK(same_as_eager(run_jit(ins, {y}, ins, g.ids(), "streams"), {y}));
    return cpu::last_jit_source();
  };
  auto deep = source_of(g.gelu(g.gelu(x)));
  CHECK(deep.find("const index_t span = index_t((end - begin) / 4);") != std::string::npos);
  CHECK(deep.find("in0_ptr[i + 3 * span]") != std::string::npos);
  CHECK(source_of(g.gelu(x)).find("span") == std::string::npos); // one functor: one stream
  // A body GCC would no longer vectorize as four copies gets two.
  auto long_chain = g.gelu(g.gelu(g.gelu(g.gelu(x))));
  auto two = source_of(long_chain);
  CHECK(two.find("const index_t span = index_t((end - begin) / 2);") != std::string::npos);
  // Loop invariants run once, before the loop: they add no latency.
  auto s = array(0.9f);
  auto y = exp(x * exp(power(s, s)));
  CHECK(same_as_eager(run_jit({x, s}, {y}), {y}));
  CHECK(cpu::last_jit_source().find("span") == std::string::npos);
}

TEST_CASE("jit: interleaved streams give the eager bits at every length") {
  GeluConstants g(float32);
  // Lengths around multiples of the stream count and the vector width, so
  // the streams' own vector tails and the last few elements all run.
  for (int64_t n : {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 63, 64, 65, 67, 129, 1031, 4099}) {
    std::vector<float> v(n);
    for (int64_t i = 0; i < n; ++i) v[i] = std::sin(0.37f * float(i)) * 3.0f;
    auto x = array(v.begin(), {int(n)});
    auto s = array(0.5f); // a runtime scalar
    // Two outputs (one an intermediate), an invariant node (s * s).
    auto mid = g.gelu(x) * s;
    auto y = exp(negative(g.gelu(mid))) + s * s;
    auto ins = with({x, s}, g.inputs());
    CHECK(same_as_eager(run_jit(ins, {y, mid}, ins, g.ids()), {y, mid}));
    if (n > 1) { // (one element is a scalar input: no loop at all)
      CHECK(cpu::last_jit_source().find("in0_ptr[i + 1 * span]") != std::string::npos);
    }
  }
  for (Dtype t : {float64, float16, bfloat16}) {
    auto x = sample(t, {5, 13});
    auto y = exp(negative(exp(x * x)));
    CHECK(same_as_eager(run_jit({x}, {y}), {y}));
  }
}
