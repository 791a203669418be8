// Eager Metal kernels written as .metal files (kernels/*.metal, embedded at
// build time): reductions, arg-reductions, arange, matmul and sort. Each call
// instantiates the kernel template for its dtypes (one small library per
// instantiation, built once and cached like the CPU JIT's kernels). What is
// not here and not elementwise (fused_kernels.cpp) runs its CPU kernel on the
// same unified buffers (docs/METAL.md).
#include <algorithm>
#include <limits>

#include "backend/metal/eager_support.h"
#include "backend/metal/metal_backend.h"
#include "backend/metal/msl_dialect.h"
#include "kernel/dtype_dispatch.h"
#include "primitives/creation.h"
#include "primitives/matmul.h"
#include "primitives/reduce.h"
#include "primitives/sort.h"

namespace mxcore::metal {

namespace {

// The input's dims split into kept (output order) and reduced ones.
struct ReduceLayout {
  std::vector<int> kept_shape, reduced_shape;
  std::vector<int64_t> kept_strides, reduced_strides;
  int64_t reduced_size = 1;
};

ReduceLayout split_dims(const array& in, const std::vector<int>& axes) {
  ReduceLayout l;
  for (int d = 0; d < in.ndim(); ++d) {
    bool reduced = std::find(axes.begin(), axes.end(), d) != axes.end();
    (reduced ? l.reduced_shape : l.kept_shape).push_back(int(in.shape(d)));
    (reduced ? l.reduced_strides : l.kept_strides).push_back(int64_t(in.strides()[d]));
    if (reduced) l.reduced_size *= in.shape(d);
  }
  return l;
}

void bind_kept(CommandEncoder& enc, const ReduceLayout& l) {
  enc.set_vector(at_least_one(l.kept_shape), 2);
  enc.set_vector(at_least_one(l.kept_strides), 3);
  enc.set_value<int>(int(l.kept_shape.size()), 4);
}

void eval_reduce(Reduce& r, const std::vector<array>& inputs, std::vector<array>& outputs) {
  const array& in = inputs[0];
  array& out = outputs[0];
  if (in.size() == 0 || in.dtype() == complex64 || out.dtype() == complex64) {
    cpu_fallback(r, inputs, outputs);
    return;
  }
  auto& b = backend_of(r);
  b.allocate(out);
  if (out.size() == 0) return;
  auto l = split_dims(in, r.axes());
  const Dtype acc = is_half(out.dtype()) ? float32 : out.dtype();
  const char* op = nullptr;
  double init = 0;
  switch (r.reduce_type()) {
    case Reduce::Sum: op = "ReduceSum"; init = 0; break;
    case Reduce::Prod: op = "ReduceProd"; init = 1; break;
    case Reduce::Max: op = "ReduceMax"; init = -std::numeric_limits<double>::infinity(); break;
    case Reduce::Min: op = "ReduceMin"; init = std::numeric_limits<double>::infinity(); break;
    case Reduce::And: op = "ReduceAnd"; init = 1; break;
    case Reduce::Or: op = "ReduceOr"; init = 0; break;
  }
  if (acc == bool_ && r.reduce_type() == Reduce::Max) init = 0; // false, not -inf (true)
  if (acc == bool_ && r.reduce_type() == Reduce::Min) init = 1;
  const std::string args =
      msl_type(in.dtype()) + ", " + msl_type(out.dtype()) + ", " + msl_type(acc) + ", " + op;
  const std::string name = std::string("reduce_") + op + "_" + dtype_name(in.dtype()) + "_" +
                           dtype_name(out.dtype());
  auto& enc = b.encoder(r.stream());
  set_instantiated_kernel(enc, "reduce.metal", "reduce", args, name);
  enc.set_array(in, 0);
  enc.set_array(out, 1);
  bind_kept(enc, l);
  enc.set_vector(at_least_one(l.reduced_shape), 5);
  enc.set_vector(at_least_one(l.reduced_strides), 6);
  enc.set_value<int>(int(l.reduced_shape.size()), 7);
  enc.set_value<int64_t>(l.reduced_size, 8);
  auto init_bytes = value_bytes(acc, init);
  enc.set_bytes(init_bytes.data(), init_bytes.size(), 9);
  enc.dispatch_threadgroups({uint64_t(out.size()), 1, 1}, {row_threads(l.reduced_size), 1, 1});
}

void eval_arg_reduce(ArgReduce& r, const std::vector<array>& inputs, std::vector<array>& outputs) {
  const array& in = inputs[0];
  array& out = outputs[0];
  if (in.size() == 0 || in.dtype() == complex64) {
    cpu_fallback(r, inputs, outputs);
    return;
  }
  auto& b = backend_of(r);
  b.allocate(out);
  auto l = split_dims(in, {r.axis()});
  const bool is_max = r.reduce_type() == ArgReduce::ArgMax;
  const std::string name = std::string(is_max ? "argmax_" : "argmin_") + dtype_name(in.dtype());
  auto& enc = b.encoder(r.stream());
  set_instantiated_kernel(enc, "reduce.metal", "arg_reduce",
                          msl_type(in.dtype()) + (is_max ? ", true" : ", false"), name);
  enc.set_array(in, 0);
  enc.set_array(out, 1);
  bind_kept(enc, l);
  enc.set_value<int64_t>(l.reduced_size, 5);
  enc.set_value<int64_t>(l.reduced_strides[0], 6);
  enc.dispatch_threadgroups({uint64_t(out.size()), 1, 1}, {row_threads(l.reduced_size), 1, 1});
}

void eval_arange(Arange& a, const std::vector<array>& inputs, std::vector<array>& outputs) {
  array& out = outputs[0];
  if (out.dtype() == bool_ || out.dtype() == complex64) {
    cpu_fallback(a, inputs, outputs);
    return;
  }
  auto& b = backend_of(a);
  b.allocate(out);
  if (out.size() == 0) return;
  auto& enc = b.encoder(a.stream());
  set_instantiated_kernel(enc, "arange.metal", "arange", msl_type(out.dtype()),
                          std::string("arange_") + dtype_name(out.dtype()));
  auto start = value_bytes(out.dtype(), a.start());
  auto step = value_bytes(out.dtype(), a.step());
  enc.set_bytes(start.data(), start.size(), 0);
  enc.set_bytes(step.data(), step.size(), 1);
  enc.set_array(out, 2);
  enc.dispatch_threads({uint64_t(out.size()), 1, 1}, {std::min<uint64_t>(out.size(), 256), 1, 1});
}

void eval_matmul(Matmul& m, const std::vector<array>& inputs, std::vector<array>& outputs) {
  const array& a = inputs[0];
  const array& bm = inputs[1];
  array& out = outputs[0];
  const Dtype t = out.dtype();
  if ((t != float32 && t != float16 && t != bfloat16) || a.dtype() != t || bm.dtype() != t) {
    cpu_fallback(m, inputs, outputs);
    return;
  }
  auto& b = backend_of(m);
  b.allocate(out);
  if (out.size() == 0) return;
  const int nd = a.ndim();
  const int M = int(a.shape(nd - 2)), K = int(a.shape(nd - 1)), N = int(bm.shape(nd - 1));
  std::vector<int> batch_shape;
  std::vector<int64_t> batch_strides;
  uint64_t batch = 1;
  for (int d = 0; d < nd - 2; ++d) {
    batch_shape.push_back(int(out.shape(d)));
    batch *= uint64_t(out.shape(d));
  }
  for (const array* x : {&a, &bm}) {
    for (int d = 0; d < nd - 2; ++d) batch_strides.push_back(x->shape(d) == 1 ? 0 : x->strides()[d]);
  }
  std::vector<int64_t> matrix_strides{a.strides()[nd - 2], a.strides()[nd - 1],
                                      bm.strides()[nd - 2], bm.strides()[nd - 1]};
  auto& enc = b.encoder(m.stream());
  const std::string acc = is_half(t) ? "float" : msl_type(t);
  set_instantiated_kernel(enc, "matmul.metal", "gemm", msl_type(t) + ", " + acc,
                          std::string("gemm_") + dtype_name(t));
  enc.set_array(a, 0);
  enc.set_array(bm, 1);
  enc.set_array(out, 2);
  enc.set_vector(std::vector<int>{M, N, K}, 3);
  enc.set_vector(matrix_strides, 4);
  enc.set_vector(at_least_one(batch_shape), 5);
  enc.set_vector(at_least_one(batch_strides), 6);
  enc.set_value<int>(nd - 2, 7);
  constexpr uint64_t tile = 16;
  enc.dispatch_threadgroups({(uint64_t(N) + tile - 1) / tile, (uint64_t(M) + tile - 1) / tile, batch},
                            {tile, tile, 1});
}

// Sort / ArgSort of rows up to 1024 long; longer rows, the partition modes
// and complex64 run the CPU kernel.
void eval_sort(Sort& s, const std::vector<array>& inputs, std::vector<array>& outputs) {
  const array& in = inputs[0];
  array& out = outputs[0];
  const bool indices = s.mode() == Sort::Indices;
  const int axis = s.axis();
  const int n = in.ndim() ? int(in.shape(axis)) : 1;
  if ((s.mode() != Sort::Values && !indices) || in.dtype() == complex64 || n > 1024 ||
      in.size() == 0 || in.ndim() == 0) {
    cpu_fallback(s, inputs, outputs);
    return;
  }
  auto& b = backend_of(s);
  b.allocate(out); // row-major
  auto l = split_dims(in, {axis});
  std::vector<int64_t> out_strides(out.ndim(), 1);
  for (int d = out.ndim() - 2; d >= 0; --d) out_strides[d] = out_strides[d + 1] * out.shape(d + 1);
  std::vector<int64_t> kept_strides = l.kept_strides;
  for (int d = 0; d < out.ndim(); ++d) {
    if (d != axis) kept_strides.push_back(out_strides[d]);
  }
  uint32_t threads = 1;
  while (int(threads) < n) threads *= 2;
  auto& enc = b.encoder(s.stream());
  set_instantiated_kernel(enc, "sort.metal", "sort_rows",
                          msl_type(in.dtype()) + (indices ? ", true" : ", false"),
                          std::string(indices ? "argsort_" : "sort_") + dtype_name(in.dtype()));
  enc.set_array(in, 0);
  enc.set_array(out, indices ? 2 : 1);
  enc.set_array(out, indices ? 1 : 2); // unused by this instantiation
  enc.set_value<int>(n, 3);
  enc.set_vector(std::vector<int64_t>{int64_t(in.strides()[axis]), out_strides[axis]}, 4);
  enc.set_vector(at_least_one(l.kept_shape), 5);
  enc.set_vector(at_least_one(kept_strides), 6);
  enc.set_value<int>(int(l.kept_shape.size()), 7);
  enc.dispatch_threadgroups({uint64_t(in.size() / n), 1, 1}, {threads, 1, 1});
}

} // namespace

void register_eager_kernels(backend::KernelTable& table) {
  add_kernel<Reduce>(table, eval_reduce);
  add_kernel<ArgReduce>(table, eval_arg_reduce);
  add_kernel<Arange>(table, eval_arange);
  add_kernel<Matmul>(table, eval_matmul);
  add_kernel<Sort>(table, eval_sort);
}

} // namespace mxcore::metal
