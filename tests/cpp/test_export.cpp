// Function export: the primitive codecs round-trip every primitive class, and
// the C++ API exports, imports and validates function files.
#include <cstdio>
#include <fstream>
#include <set>
#include <typeinfo>

#include "export/primitive_codec.h"
#include "mxcore/export.h"
#include "mxcore/mxcore.h"
#include "mxcore/random.h"
#include "primitives/axis_index.h"
#include "primitives/conv.h"
#include "primitives/convert_fp8.h"
#include "primitives/creation.h"
#include "primitives/custom.h"
#include "primitives/elementwise.h"
#include "primitives/fft.h"
#include "primitives/gather_mm.h"
#include "primitives/hadamard.h"
#include "primitives/indexing.h"
#include "primitives/linalg.h"
#include "primitives/matmul.h"
#include "primitives/number_of_elements.h"
#include "primitives/quantized_matmul.h"
#include "primitives/random_bits.h"
#include "primitives/reduce.h"
#include "primitives/scan.h"
#include "primitives/search_sorted.h"
#include "primitives/shape.h"
#include "primitives/sort.h"
#include "primitives/view.h"
#include "test_framework.h"

using namespace mxcore;
using namespace mxcore::export_detail;

namespace {

std::vector<float> to_vec(array a) {
  array c = copy(astype(a, float32));
  eval(c);
  return std::vector<float>(c.data<float>(), c.data<float>() + c.size());
}

bool all_close(const array& a, const array& b, float tol = 1e-5f) {
  if (a.shape() != b.shape()) return false;
  auto x = to_vec(a), y = to_vec(b);
  for (size_t i = 0; i < x.size(); ++i) {
    if (std::abs(x[i] - y[i]) > tol * (1 + std::abs(y[i]))) return false;
  }
  return true;
}

std::string temp_path(const std::string& name) { return "/tmp/mxcore_test_export_" + name; }

std::vector<std::shared_ptr<Primitive>> one_of_each(Stream s) {
  ConvParams conv{{2, 1}, {1, 0}, {1, 2}, {1, 3}, {1, 1}, 2, true};
  std::vector<std::shared_ptr<Primitive>> p;
#define MXCORE_PLAIN(NAME) p.push_back(std::make_shared<NAME>(s));
  MXCORE_PLAIN(Abs) MXCORE_PLAIN(Negative) MXCORE_PLAIN(Sign) MXCORE_PLAIN(Square)
  MXCORE_PLAIN(Sqrt) MXCORE_PLAIN(Rsqrt) MXCORE_PLAIN(Exp) MXCORE_PLAIN(Expm1) MXCORE_PLAIN(Log)
  MXCORE_PLAIN(Log2) MXCORE_PLAIN(Log10) MXCORE_PLAIN(Log1p) MXCORE_PLAIN(Sin) MXCORE_PLAIN(Cos)
  MXCORE_PLAIN(Tan) MXCORE_PLAIN(ArcSin) MXCORE_PLAIN(ArcCos) MXCORE_PLAIN(ArcTan)
  MXCORE_PLAIN(Sinh) MXCORE_PLAIN(Cosh) MXCORE_PLAIN(Tanh) MXCORE_PLAIN(ArcSinh)
  MXCORE_PLAIN(ArcCosh) MXCORE_PLAIN(ArcTanh) MXCORE_PLAIN(Erf) MXCORE_PLAIN(ErfInv)
  MXCORE_PLAIN(Sigmoid) MXCORE_PLAIN(Floor) MXCORE_PLAIN(Ceil) MXCORE_PLAIN(Round)
  MXCORE_PLAIN(LogicalNot) MXCORE_PLAIN(BitwiseInvert) MXCORE_PLAIN(Conjugate)
  MXCORE_PLAIN(Real) MXCORE_PLAIN(Imag) MXCORE_PLAIN(Add) MXCORE_PLAIN(Subtract)
  MXCORE_PLAIN(Multiply) MXCORE_PLAIN(Divide) MXCORE_PLAIN(Remainder) MXCORE_PLAIN(Power)
  MXCORE_PLAIN(Maximum) MXCORE_PLAIN(Minimum) MXCORE_PLAIN(LogAddExp) MXCORE_PLAIN(ArcTan2)
  MXCORE_PLAIN(NotEqual) MXCORE_PLAIN(Less) MXCORE_PLAIN(LessEqual) MXCORE_PLAIN(Greater)
  MXCORE_PLAIN(GreaterEqual) MXCORE_PLAIN(LogicalAnd) MXCORE_PLAIN(LogicalOr)
  MXCORE_PLAIN(Select) MXCORE_PLAIN(DivMod) MXCORE_PLAIN(Copy) MXCORE_PLAIN(StopGradient)
  MXCORE_PLAIN(Matmul) MXCORE_PLAIN(QRF) MXCORE_PLAIN(LUF)
#undef MXCORE_PLAIN
  p.push_back(std::make_shared<Equal>(s, true));
  p.push_back(std::make_shared<BitwiseBinary>(s, BitwiseBinary::RightShift));
  p.push_back(std::make_shared<AsType>(s, bfloat16));
  p.push_back(std::make_shared<View>(s, int16));
  p.push_back(std::make_shared<ConvertFP8>(s, false, float16));
  p.push_back(std::make_shared<Hadamard>(s, 0.25f, true));
  p.push_back(std::make_shared<Broadcast>(s, Shape{2, 3, 4}));
  p.push_back(std::make_shared<Reshape>(s, Shape{6, -1}, Shape{2, 3, 4}));
  p.push_back(std::make_shared<Transpose>(s, std::vector<int>{2, 0, 1}));
  p.push_back(std::make_shared<Slice>(s, Shape{0, 1}, Shape{4, 5}, Shape{1, 2}));
  p.push_back(std::make_shared<SliceUpdate>(s, Shape{1}, Shape{3}, Shape{1}));
  p.push_back(std::make_shared<Concatenate>(s, -1));
  p.push_back(std::make_shared<AsStrided>(s, Shape{2, 2}, Strides{0, 3}, 5));
  p.push_back(std::make_shared<Arange>(s, 0.5, 0.25, 7));
  p.push_back(std::make_shared<Reduce>(s, Reduce::Prod, std::vector<int>{0, 2}));
  p.push_back(std::make_shared<ArgReduce>(s, ArgReduce::ArgMax, 1));
  p.push_back(std::make_shared<NumberOfElements>(s, std::vector<int>{0, 2}, true, float32));
  p.push_back(std::make_shared<AxisIndex>(s, 1));
  p.push_back(std::make_shared<Scan>(s, Scan::LogAddExp, 1, true, false));
  p.push_back(std::make_shared<Sort>(s, Sort::PartitionIndices, 0, 3));
  p.push_back(std::make_shared<GatherAxis>(s, 1, true));
  p.push_back(std::make_shared<Gather>(s, std::vector<int>{0}, Shape{1, 4}));
  p.push_back(std::make_shared<Scatter>(s, Scatter::Max, std::vector<int>{1}));
  p.push_back(std::make_shared<SearchSorted>(s, true));
  p.push_back(std::make_shared<RandomBits>(s, Shape{3, 2}, 2));
  p.push_back(std::make_shared<AddMM>(s, 0.5f, 2.0f));
  p.push_back(std::make_shared<GatherMM>(s, true));
  p.push_back(std::make_shared<QuantizedMatmul>(s, 32, 8));
  p.push_back(std::make_shared<Convolution>(s, conv));
  p.push_back(std::make_shared<ConvWeightGrad>(s, conv, Shape{4, 3, 3, 2}));
  p.push_back(std::make_shared<ConvInputGrad>(s, conv, Shape{1, 8, 8, 4}));
  p.push_back(std::make_shared<FFT>(s, std::vector<int>{0, 1}, true, true, true));
  p.push_back(std::make_shared<Inverse>(s, true, false));
  p.push_back(std::make_shared<Cholesky>(s, true));
  p.push_back(std::make_shared<SVD>(s, false));
  p.push_back(std::make_shared<Eigh>(s, 'U', true));
  p.push_back(std::make_shared<Eig>(s, false));
  return p;
}

std::vector<array> mlp(const Args& args, const Kwargs& kwargs) {
  auto h = maximum(matmul(args[0], kwargs.at("w")), array(0.0f));
  return {sum(h, 1), exp(args[0])};
}

void write_bytes(const std::string& path, const std::vector<char>& bytes, size_t n) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(n));
}

} // namespace

TEST_CASE("every primitive class round-trips through its codec") {
  Stream s = default_stream(default_device());
  auto prims = one_of_each(s);
  std::set<std::string> tags;
  for (auto& p : prims) {
    ByteWriter w;
    auto tag = write_primitive(*p, w);
    tags.insert(tag);
    ByteReader r(w.data().data(), w.data().size());
    auto back = read_primitive(tag, r, s);
    CHECK(typeid(*back) == typeid(*p));
    if (!back->is_equivalent(*p)) std::cerr << "not equivalent: " << tag << "\n";
    CHECK(back->is_equivalent(*p));
  }
  // CustomTransforms and Depends (no is_equivalent) are covered by the graph tests.
  CHECK(tags.size() == prims.size());
  CHECK(tags.size() + 2 == registered_primitive_count());
}

TEST_CASE("a truncated primitive state is a FormatError") {
  Stream s = default_stream(default_device());
  Slice slice(s, Shape{0, 1}, Shape{4, 5}, Shape{1, 2});
  ByteWriter w;
  auto tag = write_primitive(slice, w);
  for (size_t n = 0; n < w.data().size(); ++n) {
    ByteReader r(w.data().data(), n);
    CHECK_THROWS_AS(read_primitive(tag, r, s), FormatError);
  }
  ByteReader r(w.data().data(), w.data().size());
  CHECK_THROWS_AS(read_primitive("NoSuchPrimitive", r, s), FormatError);
  Reduce bad(s, Reduce::Sum, {0});
  ByteWriter wb;
  write_primitive(bad, wb);
  auto bytes = wb.data();
  bytes[0] = 17; // reduction type out of range
  ByteReader rb(bytes.data(), bytes.size());
  CHECK_THROWS_AS(read_primitive("Reduce", rb, s), FormatError);
}

TEST_CASE("export and import a function with keyword inputs") {
  auto path = temp_path("mlp.mxfn");
  array x = mxcore::random::normal({3, 4});
  array w = mxcore::random::normal({4, 5});
  export_function(path, mlp, {x}, {{"w", w}});
  auto f = import_function(path);
  CHECK(f.num_traces() == 1);
  array x2 = mxcore::random::normal({3, 4});
  auto got = f({x2}, {{"w", w}});
  auto expected = mlp({x2}, {{"w", w}});
  CHECK(got.size() == 2);
  CHECK(all_close(got[0], expected[0]));
  CHECK(all_close(got[1], expected[1]));
  CHECK_THROWS_AS(f({x2}), std::invalid_argument);
  CHECK_THROWS_AS(f({mxcore::random::normal({2, 4})}, {{"w", w}}), std::invalid_argument);
  std::remove(path.c_str());
}

TEST_CASE("an exporter writes several traces; shapeless accepts new shapes") {
  auto path = temp_path("traces.mxfn");
  ExportFn fun = [](const Args& a) {
    array out = a[0];
    for (size_t i = 1; i < a.size(); ++i) out = add(out, a[i]);
    return std::vector<array>{multiply(out, array(2.0f))};
  };
  auto e = exporter(path, fun, /* shapeless */ true);
  e({ones({2})});
  e({ones({2}), ones({2})});
  e.close();
  CHECK_THROWS_AS(e({ones({2})}), std::runtime_error);
  auto f = import_function(path);
  CHECK(f.num_traces() == 2 && f.shapeless());
  auto one = f({arange(5.0, float32)})[0];
  CHECK(all_close(one, multiply(arange(5.0, float32), array(2.0f))));
  auto two = f({reshape(ones({3, 2}), {6}), full({6}, 3.0f)})[0];
  CHECK(all_close(two, full({6}, 8.0f)));
  std::remove(path.c_str());
}

TEST_CASE("corrupt and truncated files raise runtime_error naming the file") {
  auto path = temp_path("corrupt.mxfn");
  export_function(path, mlp, {ones({2, 4})}, {{"w", ones({4, 3})}});
  std::ifstream in(path, std::ios::binary);
  std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  for (int i = 0; i < 20; ++i) {
    write_bytes(path, bytes, bytes.size() * i / 20);
    bool named = false;
    try {
      import_function(path);
    } catch (const std::runtime_error& err) {
      named = std::string(err.what()).find(path) != std::string::npos;
    }
    CHECK(named);
  }
  for (size_t pos = 0; pos < bytes.size(); pos += 7) {
    auto flipped = bytes;
    flipped[pos] ^= 0x10;
    write_bytes(path, flipped, flipped.size());
    CHECK_THROWS_AS(import_function(path), std::runtime_error);
  }
  std::remove(path.c_str());
}

TEST_CASE("a primitive without a codec cannot be exported") {
  struct Mystery : UnaryPrimitive {
    using UnaryPrimitive::UnaryPrimitive;
    void eval_cpu(const std::vector<array>& in, array& out) override { out.copy_shared_buffer(in[0]); }
    const char* name() const override { return "Mystery"; }
  };
  ExportFn fun = [](const Args& a) {
    auto p = std::make_shared<Mystery>(default_stream(default_device()));
    return std::vector<array>{array(a[0].shape(), a[0].dtype(), p, {a[0]})};
  };
  bool named = false;
  try {
    export_function(temp_path("mystery.mxfn"), fun, {ones({2})});
  } catch (const std::invalid_argument& e) {
    named = std::string(e.what()).find("Mystery") != std::string::npos;
  }
  CHECK(named);
}

TEST_CASE("export to a callback lists inputs, constants, nodes and outputs") {
  std::vector<ExportCallbackInput> records;
  ExportCallback callback = [&](const ExportCallbackInput& in) { records.push_back(in); };
  ExportKwargsFn fun = [](const Args& a, const Kwargs& kw) {
    return std::vector<array>{add(exp(a[0]), multiply(kw.at("y"), array(3.0f)))};
  };
  export_function(callback, fun, {ones({2})}, {{"y", ones({2})}});
  // inputs, keyword_inputs, constants, the nodes (exp, multiply, add and the
  // scalar's broadcast), outputs
  CHECK(records.size() >= 7);
  CHECK(records[0].type == "inputs" && records[0].arrays.size() == 1);
  CHECK(records[1].keywords.size() == 1 && records[1].keywords[0].first == "y");
  CHECK(records[2].constants.size() == 1);
  CHECK(records[3].name == "Exp" && records[3].input_names[0] == records[0].arrays[0].name);
  auto& last_node = records[records.size() - 2];
  CHECK(last_node.name == "Add");
  CHECK(records.back().type == "outputs" &&
        records.back().arrays[0].name == last_node.arrays[0].name);
}
