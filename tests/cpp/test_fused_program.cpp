// The fused program: the op table covers every fusable primitive, and a
// traced graph becomes inputs with classes, constants, ops and outputs.
#include "jit_test_util.h"
#include "kernel/cstyle_renderer.h"
#include "kernel/kernel_variant.h"
#include "primitives/elementwise.h"
#include "primitives/reduce.h"
#include "primitives/shape.h"
#include "test_framework.h"

using namespace mxcore;
using namespace jittest;

namespace {

// Every primitive the fuser may put in a region (compile_impl.h's
// is_fusable, noops, and the row reductions).
std::vector<std::shared_ptr<Primitive>> fusable_primitives() {
  auto s = default_stream(default_device());
  std::vector<std::shared_ptr<Primitive>> ps;
#define MXCORE_TEST_ADD(NAME) ps.push_back(std::make_shared<NAME>(s));
  MXCORE_TEST_ADD(Abs) MXCORE_TEST_ADD(Negative) MXCORE_TEST_ADD(Sign) MXCORE_TEST_ADD(Square)
  MXCORE_TEST_ADD(Sqrt) MXCORE_TEST_ADD(Rsqrt) MXCORE_TEST_ADD(Exp) MXCORE_TEST_ADD(Expm1)
  MXCORE_TEST_ADD(Log) MXCORE_TEST_ADD(Log2) MXCORE_TEST_ADD(Log10) MXCORE_TEST_ADD(Log1p)
  MXCORE_TEST_ADD(Sin) MXCORE_TEST_ADD(Cos) MXCORE_TEST_ADD(Tan) MXCORE_TEST_ADD(ArcSin)
  MXCORE_TEST_ADD(ArcCos) MXCORE_TEST_ADD(ArcTan) MXCORE_TEST_ADD(Sinh) MXCORE_TEST_ADD(Cosh)
  MXCORE_TEST_ADD(Tanh) MXCORE_TEST_ADD(ArcSinh) MXCORE_TEST_ADD(ArcCosh)
  MXCORE_TEST_ADD(ArcTanh) MXCORE_TEST_ADD(Erf) MXCORE_TEST_ADD(ErfInv)
  MXCORE_TEST_ADD(Sigmoid) MXCORE_TEST_ADD(Floor) MXCORE_TEST_ADD(Ceil) MXCORE_TEST_ADD(Round)
  MXCORE_TEST_ADD(LogicalNot) MXCORE_TEST_ADD(BitwiseInvert) MXCORE_TEST_ADD(Conjugate)
  MXCORE_TEST_ADD(Real) MXCORE_TEST_ADD(Imag)
  MXCORE_TEST_ADD(Add) MXCORE_TEST_ADD(Subtract) MXCORE_TEST_ADD(Multiply)
  MXCORE_TEST_ADD(Divide) MXCORE_TEST_ADD(Remainder) MXCORE_TEST_ADD(Power)
  MXCORE_TEST_ADD(Maximum) MXCORE_TEST_ADD(Minimum) MXCORE_TEST_ADD(LogAddExp)
  MXCORE_TEST_ADD(ArcTan2) MXCORE_TEST_ADD(NotEqual) MXCORE_TEST_ADD(Less)
  MXCORE_TEST_ADD(LessEqual) MXCORE_TEST_ADD(Greater) MXCORE_TEST_ADD(GreaterEqual)
  MXCORE_TEST_ADD(LogicalAnd) MXCORE_TEST_ADD(LogicalOr) MXCORE_TEST_ADD(Select)
  MXCORE_TEST_ADD(Copy) MXCORE_TEST_ADD(StopGradient)
#undef MXCORE_TEST_ADD
  ps.push_back(std::make_shared<Equal>(s, false));
  ps.push_back(std::make_shared<Equal>(s, true));
  for (auto op : {BitwiseBinary::And, BitwiseBinary::Or, BitwiseBinary::Xor,
                  BitwiseBinary::LeftShift, BitwiseBinary::RightShift}) {
    ps.push_back(std::make_shared<BitwiseBinary>(s, op));
  }
  ps.push_back(std::make_shared<AsType>(s, float16));
  ps.push_back(std::make_shared<Broadcast>(s, Shape{2, 3}));
  for (auto r : {Reduce::Sum, Reduce::Prod, Reduce::Min, Reduce::Max}) {
    ps.push_back(std::make_shared<Reduce>(s, r, std::vector<int>{1}));
  }
  return ps;
}

kernel::NodeKind expected_kind(Primitive& p) {
  if (dynamic_cast<AsType*>(&p)) return kernel::NodeKind::astype;
  if (dynamic_cast<Reduce*>(&p)) return kernel::NodeKind::reduce;
  switch (p.kind()) {
    case PrimitiveKind::unary: return kernel::NodeKind::unary;
    case PrimitiveKind::binary: return kernel::NodeKind::binary;
    case PrimitiveKind::ternary: return kernel::NodeKind::ternary;
    case PrimitiveKind::broadcast: return kernel::NodeKind::broadcast;
    case PrimitiveKind::noop: return kernel::NodeKind::alias;
    default: throw std::logic_error("not fusable");
  }
}

} // namespace

TEST_CASE("ops: every fusable primitive maps to an op of its kind") {
  auto ps = fusable_primitives();
  std::unordered_set<int> seen;
  for (auto& p : ps) {
    auto op = kernel::find_op(p->name());
    CHECK(op.has_value());
    if (!op) {
      std::cerr << "no op for " << p->name() << "\n";
      continue;
    }
    CHECK(std::string(kernel::op_name(*op)) == p->name());
    CHECK(kernel::op_kind(*op) == expected_kind(*p));
    seen.insert(int(*op));
  }
  // ... and every op stands for one of them.
  CHECK(seen.size() == kernel::all_ops().size());
  CHECK(!kernel::find_op("NoSuchOp").has_value());
  CHECK(!kernel::find_op("And").has_value()); // And/Or reductions stay eager
}

TEST_CASE("program: inputs, constants, ops and outputs of a traced graph") {
  auto x = array({1.0f, -2.0f, 3.0f});
  auto s = array(2.0f);
  auto c = array(int32_t(-7));
  auto y = exp(x) * s;
  auto z = astype(y, int32) + c;
  auto t = trace({x, s, c}, {y, z});
  auto p = program_of(t, {c.id()}, "p");
  CHECK(p.name == "p");
  CHECK(p.inputs.size() == 3);
  CHECK(p.inputs[0].input_class == kernel::InputClass::vector);
  CHECK(p.inputs[1].input_class == kernel::InputClass::scalar);
  CHECK(p.inputs[2].input_class == kernel::InputClass::constant);
  CHECK(p.inputs[2].value.i == -7);
  CHECK((p.constant_inputs == std::vector<bool>{false, false, true}));
  CHECK(p.inputs[0].traced_shape == Shape{3});
  std::vector<kernel::Op> ops;
  for (auto& n : p.tape) ops.push_back(n.op);
  using kernel::Op;
  CHECK((ops == std::vector<Op>{Op::Exp, Op::Broadcast, Op::Multiply, Op::AsType, Op::Broadcast,
                                Op::Add}));
  CHECK((p.tape[2].inputs == std::vector<std::string>{"t0", "t1"}));
  CHECK(!p.row);
  CHECK(p.outputs.size() == 2);
  CHECK(p.outputs[0].value == "t2");
  CHECK(p.outputs[1].dtype == int32);
  // The derived name (seed 002): equal graphs share it, another constant does not.
  std::vector<bool> is_const{false, false, true};
  auto name = kernel::fused_program_name(t.tape_inputs, is_const, t.tape, t.tape_outputs);
  auto x2 = array({4.0f, 5.0f, 6.0f});
  auto s2 = array(3.0f);
  auto c2 = array(int32_t(-7));
  auto y2 = exp(x2) * s2;
  auto z2 = astype(y2, int32) + c2;
  auto t2 = trace({x2, s2, c2}, {y2, z2});
  CHECK(kernel::fused_program_name(t2.tape_inputs, is_const, t2.tape, t2.tape_outputs) == name);
  auto c3 = array(int32_t(8));
  auto z3 = astype(exp(x2) * s2, int32) + c3;
  auto y3 = z3.inputs()[0].inputs()[0];
  auto t3 = trace({x2, s2, c3}, {y3, z3});
  CHECK(kernel::fused_program_name(t3.tape_inputs, is_const, t3.tape, t3.tape_outputs) != name);
  CHECK(name.find("Exp") != std::string::npos);
}

TEST_CASE("variant: tags and keys") {
  auto x = array({1.0f, 2.0f});
  auto s = array(2.0f);
  auto p = program_of(trace({x, s}, {exp(x) * s}), {}, "v");
  auto c = kernel::default_variant(p, kernel::LoopKind::contiguous);
  CHECK(c.tag() == "contiguous");
  CHECK(c.key() == "contiguous|VS|");
  auto st = kernel::default_variant(p, kernel::LoopKind::strided, 3, true);
  CHECK(st.tag() == "strided_3_large");
  CHECK(st.key() == "strided_3_large|GS|");
}

namespace {
// What a new grid backend writes: a CUDA-like dialect is only its spellings.
class CudaLikeDialect final : public kernel::Dialect {
 public:
  Family family() const override { return Family::grid; }
  std::string value_type(Dtype t) const override { return storage_type(t); }
  std::string storage_type(Dtype t) const override {
    if (t == float16) return "__half";
    return dtype_ctype(t);
  }
  std::string index_type(bool large) const override { return large ? "int64_t" : "uint32_t"; }
  std::string offset_type(bool large) const override { return large ? "int64_t" : "int"; }
  std::string load(Dtype, const std::string& e) const override { return e; }
  std::string store(Dtype, const std::string& e) const override { return e; }
  std::string round(Dtype, const std::string& e) const override { return e; }
  std::string op_call(kernel::Op op, const std::vector<std::string>& args) const override {
    std::string call = std::string("ops::") + kernel::op_name(op) + "{}(";
    for (size_t i = 0; i < args.size(); ++i) call += (i ? ", " : "") + args[i];
    return call + ")";
  }
  std::string cast(Dtype to, Dtype, const std::string& x, bool) const override {
    return "static_cast<" + storage_type(to) + ">(" + x + ")";
  }
  std::string constant(Dtype t, const kernel::ConstantValue& v) const override {
    return storage_type(t) + "(" + std::to_string(v.real) + ")";
  }
  std::string kernel_name(const kernel::FusedProgram& p,
                          const kernel::KernelVariant& v) const override {
    return p.name + "_" + v.tag();
  }
  std::string preamble(const kernel::FusedProgram&, const kernel::KernelVariant&) const override {
    return "#include \"ops.cuh\"\n";
  }
  std::string buffer_param(const std::string& type, bool is_const) const override {
    return std::string(is_const ? "const " : "") + type + "* __restrict__";
  }
  std::string constant_param(const std::string& type, bool by_reference) const override {
    return "const " + type + (by_reference ? "" : "*");
  }
  std::string grid_kernel_open(const std::string& name,
                               const std::vector<kernel::KernelArg>& args) const override {
    std::string s = "extern \"C\" __global__ void " + name + "(";
    for (size_t i = 0; i < args.size(); ++i) {
      s += (i ? ", " : "") + args[i].type + " " + args[i].name;
    }
    return s + ") {\n";
  }
  std::string thread_position(char a) const override {
    return std::string("(blockIdx.") + a + " * blockDim." + a + " + threadIdx." + a + ")";
  }
  std::string grid_size(char a) const override {
    return std::string("(gridDim.") + a + " * blockDim." + a + ")";
  }
};
} // namespace

TEST_CASE("renderer: a third dialect renders the same program") {
  auto x = array({1.0f, 2.0f, 3.0f});
  auto s = array(2.0f);
  auto p = program_of(trace({x, s}, {exp(x) * s}), {}, "cu");
  CudaLikeDialect cuda;
  auto c = kernel::render_kernel(cuda, p, kernel::default_variant(p, kernel::LoopKind::contiguous));
  CHECK(c.find("extern \"C\" __global__ void cu_contiguous(const float* __restrict__ in0_ptr") !=
        std::string::npos);
  CHECK(c.find("(blockIdx.x * blockDim.x + threadIdx.x)") != std::string::npos);
  CHECK(c.find("const float in1 = in1_ptr[0];") != std::string::npos);
  CHECK(c.find("ops::Exp{}(in0)") != std::string::npos);
  CHECK(c.find("const uint32_t size") != std::string::npos);
  auto st = kernel::render_kernel(cuda, p, kernel::default_variant(p, kernel::LoopKind::strided, 2));
  CHECK(st.find("in0_strides[ndim - 1]") != std::string::npos);
  kernel::KernelVariant row;
  row.loop = kernel::LoopKind::row;
  row.input_kinds = {kernel::InputKind::contiguous, kernel::InputKind::scalar};
  CHECK_THROWS_AS(kernel::render_kernel(cuda, p, row), std::invalid_argument);
}
