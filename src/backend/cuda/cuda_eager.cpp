// Eager GPU kernels of the elementwise, copy and view primitives, and
// arange. Elementwise ops (every dtype but complex64; half types computed
// in float) and copies (complex64 too, as 8-byte bits) run as one-node fused programs through the same
// renderer and variants as compiled regions; views share their input's
// buffer as on the CPU; a host input crosses to the device once, where a
// kernel first needs it.
#include <cmath>
#include <stdexcept>
#include <type_traits>

#include "backend/cuda/cuda_backend.h"
#include "backend/cuda/cuda_dialect.h"
#include "backend/cuda/cuda_fused.h"
#include "kernel/op.h"
#include "kernel/strides.h"
#include "primitives/creation.h"
#include "primitives/custom.h"
#include "primitives/elementwise.h"
#include "primitives/shape.h"
#include "primitives/view.h"

namespace mxcore::cuda {

using kernel::FusedProgram;
using kernel::Op;

kernel::FusedProgram single_op_program(Op op, const std::vector<Dtype>& in_dtypes, Dtype out) {
  FusedProgram p;
  p.name = std::string("mxe_") + kernel::op_name(op);
  kernel::FusedNode n;
  n.name = "t0";
  n.dtype = out;
  n.op = op;
  n.kind = kernel::op_kind(op);
  for (size_t i = 0; i < in_dtypes.size(); ++i) {
    kernel::FusedInput in{"in" + std::to_string(i), in_dtypes[i], kernel::InputClass::vector,
                          {}, {}};
    p.inputs.push_back(in);
    p.constant_inputs.push_back(false);
    n.inputs.push_back(in.name);
    p.name += "_" + dtype_ctype(in_dtypes[i]);
  }
  p.name += "_to_" + dtype_ctype(out);
  p.tape.push_back(n);
  p.outputs.push_back({"out0", "t0", out});
  p.row = n.kind == kernel::NodeKind::reduce;
  return p;
}

array dense_copy(const array& x, const Shape& shape, const Stream& s) {
  if (x.dtype() == complex64) {
    // The renderer has no complex64: its 8 bytes move as uint64.
    array bits(x.shape(), uint64, nullptr, {});
    bits.copy_shared_buffer(x, x.strides(), x.flags(), x.data_size());
    array copied = dense_copy(bits, shape, s);
    array out(shape, complex64, nullptr, {});
    out.copy_shared_buffer(copied);
    return out;
  }
  auto p = single_op_program(Op::Copy, {x.dtype()}, x.dtype());
  p.inputs[0].traced_shape = x.shape();
  std::vector<array> outs{array(shape, x.dtype(), nullptr, {})};
  run_fused(p, {x}, outs, s, /*row_major=*/true);
  return outs[0];
}

namespace {

// An elementwise primitive: its op (by name) as a one-node program.
void elementwise(Primitive& prim, const std::vector<array>& inputs,
                 std::vector<array>& outputs) {
  auto op = kernel::find_op(prim.name());
  if (!op) {
    throw std::runtime_error(std::string("[eval] Primitive '") + prim.name() +
                             "' has no kernel for " + "the gpu (backend 'cuda').");
  }
  std::vector<Dtype> dtypes;
  for (auto& in : inputs) dtypes.push_back(in.dtype());
  auto p = single_op_program(*op, dtypes, outputs[0].dtype());
  for (size_t i = 0; i < inputs.size(); ++i) p.inputs[i].traced_shape = inputs[i].shape();
  run_fused(p, inputs, outputs, prim.stream());
}

template <typename P>
void add_elementwise(backend::KernelTable& t) {
  t.add<P>([](P& p, const std::vector<array>& in, std::vector<array>& out) {
    elementwise(p, in, out);
  });
}

// The same layout in device memory: x's whole buffer copied over once.
array on_device_copy(const array& x, const Stream& s) {
  if (on_device(x) || x.raw_data() == nullptr) return x;
  auto& data = x.data_shared_ptr();
  const size_t size = data->buffer.size;
  allocator::Buffer dev = device_allocator().malloc(size);
  check(driver()->cuMemcpyHtoDAsync(reinterpret_cast<CUdeviceptr>(dev.ptr), data->buffer.ptr,
                                    size, cuda_stream(s)),
        "cuMemcpyHtoD");
  array base({1}, uint8, nullptr, {}); // only a holder of the device block
  base.set_data(dev, [](allocator::Buffer b) { device_allocator().free(b); });
  array out(x.shape(), x.dtype(), nullptr, {});
  const int64_t offset = static_cast<char*>(x.raw_data()) - static_cast<char*>(data->buffer.ptr);
  // copy_shared_buffer counts the offset in the base's elements (bytes here).
  out.copy_shared_buffer(base, x.strides(), x.flags(), x.data_size(), offset);
  return out;
}

// Copy-like primitives share their input, which first moves to the device:
// an explicit copy to the gpu stream is how data gets there.
void share_on_device(Primitive& prim, const std::vector<array>& inputs,
                     std::vector<array>& outputs, size_t first_input) {
  for (size_t o = 0; o < outputs.size(); ++o) {
    outputs[o].copy_shared_buffer(on_device_copy(inputs[first_input + o], prim.stream()));
  }
}

// Pure views: the CPU kernel only sets strides and never touches data.
template <typename P>
void add_view(backend::KernelTable& t) {
  t.add<P>([](P& p, const std::vector<array>& in, std::vector<array>& out) {
    p.eval_cpu(in, out[0]);
  });
}

// Views that copy when the input is not row-major: a device copy first. A
// reshape whose dims split or merge only where the strides allow (a slice of
// a wider row, split into heads) stays a view.
template <typename P>
void add_view_of_row_major(backend::KernelTable& t) {
  t.add<P>([](P& p, const std::vector<array>& in, std::vector<array>& out) {
    bool view = in[0].flags().row_contiguous;
    if constexpr (std::is_same_v<P, Reshape>) {
      view = view || reshape_view_strides(in[0].shape(), in[0].strides(), out[0].shape());
    }
    if (view) {
      p.eval_cpu(in, out[0]);
      return;
    }
    std::vector<array> dense{dense_copy(in[0], in[0].shape(), p.stream())};
    for (size_t i = 1; i < in.size(); ++i) dense.push_back(in[i]);
    p.eval_cpu(dense, out[0]);
  });
}

void arange(Arange& a, const std::vector<array>&, std::vector<array>& outputs) {
  array& out = outputs[0];
  allocate_device(out);
  const int64_t n = out.size();
  if (n == 0) return;
  const Dtype t = out.dtype();
  if (t == complex64) throw std::invalid_argument("[cuda] arange has no complex64 kernel.");
  const auto& d = cuda_dialect();
  const bool exact_int =
      is_integral(t) && std::floor(a.start()) == a.start() && std::floor(a.step()) == a.step();
  std::string value;
  if (t == bool_) {
    value = "(start + double(i) * step) != 0.0";
  } else if (exact_int) {
    value = d.store(t, "(" + d.storage_type(t) + ")(int64_t(start) + i * int64_t(step))");
  } else {
    value = d.store(t, "(" + d.value_type(t) + ")(start + double(i) * step)");
  }
  const std::string symbol = "mxe_arange_" + dtype_ctype(t) + (exact_int ? "_int" : "");
  kernel::FusedProgram none;
  none.name = symbol;
  std::string source = cuda_preamble(none, false) + "extern \"C\" __global__ void " + symbol +
                       "(" + d.storage_type(t) +
                       "* out, double start, double step, int64_t n) {\n"
                       "  const int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;\n"
                       "  if (i < n) out[i] = " + value + ";\n}\n";
  CUfunction fn = find_or_build(symbol, source, symbol);
  CUdeviceptr ptr = reinterpret_cast<CUdeviceptr>(out.raw_data());
  double start = a.start(), step = a.step();
  std::vector<void*> args{&ptr, &start, &step, const_cast<int64_t*>(&n)};
  Launch l;
  l.block[0] = block_threads;
  l.grid[0] = static_cast<unsigned>((n + block_threads - 1) / block_threads);
  launch(fn, l, args, cuda_stream(a.stream()));
}

} // namespace

void add_eager_kernels(backend::KernelTable& t) {
#define MXCORE_CUDA_ADD(NAME, CLASS) MXCORE_CUDA_ADD_##CLASS(NAME)
#define MXCORE_CUDA_ADD_unary(NAME) add_elementwise<NAME>(t);
#define MXCORE_CUDA_ADD_binary(NAME) add_elementwise<NAME>(t);
#define MXCORE_CUDA_ADD_ternary(NAME) add_elementwise<NAME>(t);
#define MXCORE_CUDA_ADD_astype(NAME)
#define MXCORE_CUDA_ADD_broadcast(NAME)
#define MXCORE_CUDA_ADD_alias(NAME)
#define MXCORE_CUDA_ADD_reduce(NAME)
  // Equal/NaNEqual and the bitwise ops are one class each (below).
#define Equal Abs
#define NaNEqual Abs
#define BitwiseAnd Abs
#define BitwiseOr Abs
#define BitwiseXor Abs
#define LeftShift Abs
#define RightShift Abs
  MXCORE_KERNEL_OPS(MXCORE_CUDA_ADD)
#undef Equal
#undef NaNEqual
#undef BitwiseAnd
#undef BitwiseOr
#undef BitwiseXor
#undef LeftShift
#undef RightShift
  add_elementwise<Equal>(t);
  add_elementwise<BitwiseBinary>(t);
  t.add<AsType>([](AsType& p, const std::vector<array>& in, std::vector<array>& out) {
    if (in[0].dtype() == complex64 && out[0].dtype() == complex64) {
      // A same-dtype AsType is a row-major copy (full, zeros): bits, no renderer.
      out[0].copy_shared_buffer(dense_copy(in[0], in[0].shape(), p.stream()));
      return;
    }
    elementwise(p, in, out);
  });
  t.add<Copy>([](Copy& p, const std::vector<array>& in, std::vector<array>& out) {
    share_on_device(p, in, out, 0);
  });
  t.add<StopGradient>([](StopGradient& p, const std::vector<array>& in, std::vector<array>& out) {
    share_on_device(p, in, out, 0);
  });
  t.add<Depends>([](Depends& p, const std::vector<array>& in, std::vector<array>& out) {
    share_on_device(p, in, out, 0);
  });
  t.add<CustomTransforms>(
      [](CustomTransforms& p, const std::vector<array>& in, std::vector<array>& out) {
        share_on_device(p, in, out, in.size() - out.size());
      });
  add_view<Broadcast>(t);
  add_view<Transpose>(t);
  add_view<Slice>(t);
  add_view_of_row_major<Reshape>(t);
  add_view_of_row_major<AsStrided>(t);
  add_view_of_row_major<View>(t);
  t.add<Arange>(arange);
}

} // namespace mxcore::cuda
