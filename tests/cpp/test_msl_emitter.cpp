// The MSL dialect, verified without Apple hardware: the library rendered from
// a fused program is compiled as C++ against the emulator's shim
// (src/backend/metal/emulator/msl_shim.h, embedded in the library), every
// kernel variant is called once per grid position, and the results must
// equal the eager CPU ones. The same program also renders in the C++ dialect.
#include <dlfcn.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "backend/cpu/cpp_dialect.h"
#include "backend/cpu/jit_builder.h"
#include "backend/metal/compiled_source.h"
#include "backend/metal/embedded_sources.h"
#include "backend/metal/msl_dialect.h"
#include "jit_test_util.h"
#include "kernel/layout.h"
#include "test_framework.h"

using namespace mxcore;
using namespace jittest;
namespace fs = std::filesystem;

namespace {

using RunFn = void (*)(void**, unsigned, unsigned, unsigned);

// extern "C" drivers: call the kernel at every grid position.
std::string drivers(const kernel::FusedProgram& k, const std::vector<kernel::KernelVariant>& vs) {
  std::ostringstream os;
  for (auto& v : vs) {
    auto name = metal::msl_kernel_name(k, v);
    auto args = metal::msl_kernel_args(k, v);
    os << "extern \"C\" void run_" << name
       << "(void** b, unsigned gx, unsigned gy, unsigned gz) {\n"
       << "  for (uint z = 0; z < gz; ++z) for (uint y = 0; y < gy; ++y)\n"
       << "  for (uint x = 0; x < gx; ++x) " << name << "(";
    for (size_t i = 0; i < args.size(); ++i) {
      auto t = args[i].type;
      if (t.back() == '&') {
        os << "*(" << t.substr(0, t.size() - 1) << "*)b[" << i << "], ";
      } else {
        os << "(" << t << ")b[" << i << "], ";
      }
    }
    os << "uint3{x, y, z}, uint3{gx, gy, gz});\n}\n";
  }
  return os.str();
}

// Builds the emitted library with the shim into a shared object and loads it.
void* build_library(const kernel::FusedProgram& k, const std::vector<kernel::KernelVariant>& vs,
                    const std::string& msl) {
  char tmpl[] = "/tmp/mxcore_msl_test_XXXXXX";
  fs::path dir = ::mkdtemp(tmpl);
  std::ofstream(dir / "metal_shim.h") << metal::embedded_source("launch_abi.h") << "\n"
                                     << metal::embedded_source("msl_shim.h");
  {
    std::ofstream f(dir / "kernels.cpp");
    f << "#define MXCORE_JIT\n" << cpu::kernel_ops_text << "\n#include \"metal_shim.h\"\n"
      << msl << "\n" << drivers(k, vs);
  }
  std::ofstream(dir / "kernels.metal") << msl; // kept next to it for reading
  auto cmd = cpu::jit_compiler() + " -std=c++20 -O1 -fPIC -shared -Wno-attributes " +
             (dir / "kernels.cpp").string() + " -o " + (dir / "kernels.so").string() +
             " 2> " + (dir / "build.log").string();
  if (std::system(cmd.c_str()) != 0) {
    std::ifstream log(dir / "build.log");
    std::cerr << "MSL-as-C++ build failed (" << dir << "):\n" << log.rdbuf() << "\n";
    return nullptr;
  }
  void* lib = ::dlopen((dir / "kernels.so").c_str(), RTLD_NOW | RTLD_LOCAL);
  std::error_code ec;
  fs::remove_all(dir, ec);
  return lib;
}

// Runs every variant that can serve these real inputs and compares each
// output with the eager result. Returns the number of variants run.
int run_variants(const std::vector<array>& inputs, const std::vector<array>& ys,
                 const std::unordered_set<uintptr_t>& constants, int wpt) {
  auto t = trace(inputs, ys);
  std::vector<bool> is_const(inputs.size());
  for (size_t i = 0; i < inputs.size(); ++i) is_const[i] = constants.count(inputs[i].id());
  auto layout = kernel::plan_fused_layout(inputs, is_const, ys[0].shape());
  auto k = program_of(t, constants, "msl_test");
  auto vs = metal::msl_library_variants(k, 4, wpt);
  auto lib = build_library(k, vs, metal::emit_msl_library(k, 4, wpt));
  if (!lib) return -1;
  for (auto y : ys) y.eval(); // handles share the descriptor
  const int64_t size = layout.size;
  int ran = 0;
  for (auto& v : vs) {
    bool contiguous = v.loop == kernel::LoopKind::contiguous;
    if (contiguous != layout.contiguous) continue;
    std::vector<int> shape;
    std::vector<std::vector<int64_t>> strides = layout.strides;
    if (!contiguous) {
      int nd = int(layout.shape.size());
      int want = v.dynamic_ndim ? nd : v.ndim;
      if (want < nd) continue;
      // Leading unit dims let every fixed-ndim variant serve this layout.
      for (int d = nd; d < want; ++d) {
        shape.push_back(1);
        for (auto& s : strides) s.insert(s.begin(), 0);
      }
      for (auto d : layout.shape) shape.push_back(int(d));
    }
    std::vector<std::vector<char>> out_bufs;
    for (auto& y : ys) out_bufs.emplace_back(y.nbytes());
    std::vector<void*> bufs;
    size_t s = 0;
    for (size_t i = 0; i < inputs.size(); ++i) {
      if (is_const[i]) continue;
      bufs.push_back(inputs[i].raw_data());
      if (!contiguous && v.input_kinds[i] == kernel::InputKind::strided) {
        bufs.push_back(strides[s++].data());
      }
    }
    for (auto& b : out_bufs) bufs.push_back(b.data());
    uint32_t size32 = uint32_t(size);
    int ndim = int(shape.size());
    unsigned gx, gy = 1, gz = 1;
    if (contiguous) {
      bufs.push_back(v.large_index ? static_cast<void*>(const_cast<int64_t*>(&size))
                                   : static_cast<void*>(&size32));
      gx = unsigned((size + wpt - 1) / wpt);
    } else {
      bufs.push_back(shape.data());
      if (v.dynamic_ndim) bufs.push_back(&ndim);
      gx = unsigned((shape.back() + wpt - 1) / wpt);
      if (ndim > 1) gy = shape[ndim - 2];
      for (int d = 0; d < ndim - 2; ++d) gz *= shape[d];
    }
    auto fn = reinterpret_cast<RunFn>(::dlsym(lib, ("run_" + metal::msl_kernel_name(k, v)).c_str()));
    if (!fn) return -1;
    fn(bufs.data(), gx, gy, gz);
    for (size_t o = 0; o < ys.size(); ++o) {
      array got(allocator::Buffer{out_bufs[o].data()}, ys[o].shape(), ys[o].dtype(),
                [](allocator::Buffer) {});
      if (!all_close(got, ys[o], tolerance(ys[o].dtype()))) {
        std::cerr << "variant " << metal::msl_kernel_name(k, v) << " output " << o
                  << " differs\n";
        return -1;
      }
    }
    ++ran;
  }
  return ran;
}

array sample(Dtype t, Shape shape) {
  std::vector<float> v(shape_size(shape));
  for (size_t i = 0; i < v.size(); ++i) v[i] = float(int(i % 5) - 2) * 0.5f;
  return array(v.begin(), shape, t);
}

} // namespace

TEST_CASE("msl: contiguous variants (plain, large, work per thread) per dtype") {
  for (Dtype t : {float32, float16, bfloat16}) {
    for (int wpt : {1, 3}) {
      auto x = sample(t, {5, 7});
      auto s = array(1.5f, t);
      auto y = exp(negative(x)) * s + x;
      auto b = astype(y, bool_);
      CHECK(run_variants({x, s}, {y, b}, {}, wpt) == 2); // small and large index
    }
  }
  auto xi = array({1, -2, 3, 0, 5, -6, 7});
  auto yi = xi * xi + negative(xi);
  CHECK(run_variants({xi}, {yi, astype(yi, float32)}, {}, 2) == 2);
}

TEST_CASE("msl: strided 1..4, dynamic and large variants with broadcasts") {
  auto a = sample(float32, {3, 4, 5});
  auto at = transpose(a, {2, 0, 1}); // (5, 3, 4), not contiguous in row order
  at.eval();
  auto col = sample(float32, {5, 1, 1});
  auto row = sample(float32, {4});
  // Collapsed ndim 3: fixed 3 and 4 plus dynamic, each small and large.
  // (A fresh graph per run: running one evaluates it.)
  for (int wpt : {1, 2}) {
    auto y = at * col + exp(row);
    CHECK(run_variants({at, col, row}, {y}, {}, wpt) == 6);
  }
  auto m = transpose(sample(float16, {6, 4}));
  m.eval();
  auto r = sample(float16, {4, 6});
  auto z = m * r + astype(m, float32);
  CHECK(run_variants({m, r}, {z}, {}, 3) == 8); // ndim 2 ... 4 and dynamic, x2
}

TEST_CASE("msl: inlined constants incl. inf and nan") {
  auto x = array({0.0f, 1.0f, -2.0f, 4.0f});
  for (float c : {std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity(),
                  std::numeric_limits<float>::quiet_NaN(), 0.1f}) {
    auto k = array(c);
    auto y = x * k + x;
    CHECK(run_variants({x, k}, {y}, {k.id()}, 1) == 2);
  }
  auto h = array({1.0f, 2.0f}, float16);
  auto hk = array(0.1f, float16);
  auto hy = h * hk;
  CHECK(run_variants({h, hk}, {hy}, {hk.id()}, 1) == 2);
}

TEST_CASE("msl: source shape and float64 rejection") {
  auto x = array({1.0f, 2.0f});
  auto y = exp(x);
  auto k = program_of(trace({x}, {y}), {}, "k");
  auto contiguous = kernel::default_variant(k, kernel::LoopKind::contiguous);
  auto src = metal::emit_msl_kernel(k, contiguous);
  CHECK(src.find("[[kernel]] void k_contiguous(") != std::string::npos);
  CHECK(src.find("[[thread_position_in_grid]]") != std::string::npos);
  CHECK(src.find("Exp()(in0)") != std::string::npos);
  CHECK(metal::emit_msl_library(k, 7).find("k_strided_dynamic_large") != std::string::npos);
  // The backend's entry: header + kernel.
  auto lib = metal::compiled_kernel_source(k, contiguous);
  CHECK(lib.find(metal::msl_header()) == 0);
  CHECK(lib.find(src) != std::string::npos);
  auto xd = array({1.0, 2.0});
  auto yd = exp(xd);
  auto kd = program_of(trace({xd}, {yd}), {}, "kd");
  CHECK_THROWS_AS(metal::emit_msl_kernel(kd, kernel::default_variant(kd, kernel::LoopKind::contiguous)),
                  std::invalid_argument);
}

TEST_CASE("msl: row programs render as one threadgroup per row, the C++ dialect's as loops") {
  auto x = sample(float32, {3, 4});
  auto y = exp(x - max(x, -1, true));
  auto k = program_of(trace({x}, {y}), {}, "r");
  CHECK(k.row);
  kernel::KernelVariant v;
  v.loop = kernel::LoopKind::row;
  v.input_kinds = {kernel::InputKind::contiguous};
  v.per_row_outputs = {false};
  auto msl = metal::emit_msl_kernel(k, v);
  CHECK(msl.find("[[kernel]] void r_row(") != std::string::npos);
  CHECK(msl.find("RowGroupFold<RowMax, float> fold(cols);") != std::string::npos);
  CHECK(msl.find("for (int64_t c0 = mx_lid; c0 < cols; c0 += mx_lanes)") != std::string::npos);
  CHECK(cpu::emit_cpp_source(k, v).find("mxcore_jit::RowFold<mxcore_jit::Max") != std::string::npos);
}

TEST_CASE("one program, two dialects: same nodes, each dialect's spelling") {
  auto x = sample(float16, {4, 5});
  auto s = array(2.0f, float16);
  auto y = astype(exp(negative(x)) * s, float32);
  auto k = program_of(trace({x, s}, {y}), {s.id()}, "two");
  auto v = kernel::default_variant(k, kernel::LoopKind::contiguous);
  auto cpp = cpu::emit_cpp_source(k, v);
  auto msl = metal::compiled_kernel_source(k, v);
  for (auto& n : k.tape) { // every node is computed in both
    CHECK(cpp.find(" " + n.name + " = ") != std::string::npos);
    CHECK(msl.find(" " + n.name + " = ") != std::string::npos);
  }
  // Half math: float registers rounded per op in C++, native half in MSL.
  CHECK(cpp.find("mxcore_jit::round_to_half(float(kernel_ops::Exp{}(t0)))") != std::string::npos);
  CHECK(msl.find("const half t1 = Exp()(t0);") != std::string::npos);
  CHECK(cpp.find("const float in1 = float(") != std::string::npos); // constant inlined
  CHECK(msl.find("const half in1 = half(") != std::string::npos);
  CHECK(cpp.find("void mxk_two_contiguous(void** args, int64_t begin, int64_t end)") !=
        std::string::npos);
  CHECK(msl.find("[[kernel]] void two_contiguous(") != std::string::npos);
  CHECK(msl.find("device float* out0_ptr [[buffer(1)]]") != std::string::npos);
}
