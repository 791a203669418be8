// Eager reductions on the GPU: the reduced axes are moved last (a device
// copy unless they already are, row-major), then a one-node row program
// folds each row in one block: all, row, column and general reductions
// through the one row kernel.
#include <numeric>
#include <stdexcept>

#include "backend/cuda/cuda_backend.h"
#include "backend/cuda/cuda_fused.h"
#include "kernel/strides.h"
#include "primitives/reduce.h"
#include "primitives/shape.h"

namespace mxcore::cuda {

using kernel::Op;

namespace {

void reduce(Reduce& r, const std::vector<array>& inputs, std::vector<array>& outputs) {
  const array& in = inputs[0];
  array& out = outputs[0];
  const Stream& s = r.stream();
  std::vector<bool> reduced(in.ndim(), false);
  for (int a : r.axes()) reduced[a] = true;
  std::vector<int> perm;
  int64_t rows = 1, cols = 1;
  for (int d = 0; d < in.ndim(); ++d) {
    if (!reduced[d]) {
      perm.push_back(d);
      rows *= in.shape(d);
    }
  }
  for (int d = 0; d < in.ndim(); ++d) {
    if (reduced[d]) {
      perm.push_back(d);
      cols *= in.shape(d);
    }
  }
  // in viewed as rows x cols, row-major.
  bool trailing = true;
  for (size_t i = 0; i < perm.size(); ++i) trailing &= perm[i] == static_cast<int>(i);
  array dense = in;
  if (!(trailing && in.flags().row_contiguous)) {
    Shape permuted;
    Strides st;
    for (int d : perm) {
      permuted.push_back(in.shape(d));
      st.push_back(in.strides()[d]);
    }
    array view(permuted, in.dtype(), nullptr, {});
    view.copy_shared_buffer(in, st, kernel::view_flags(permuted, st), in.data_size());
    dense = dense_copy(view, permuted, s);
  }
  const Shape matrix{static_cast<int32_t>(rows), static_cast<int32_t>(cols)};
  array flat(matrix, in.dtype(), nullptr, {});
  flat.copy_shared_buffer(dense, row_major_strides(matrix), kernel::view_flags(matrix, row_major_strides(matrix)),
                          static_cast<size_t>(rows * cols));

  Op op = Op::Sum;
  Dtype value = in.dtype();
  switch (r.reduce_type()) {
    case Reduce::Sum: op = Op::Sum; break;
    case Reduce::Prod: op = Op::Prod; break;
    case Reduce::Max: op = Op::Max; break;
    case Reduce::Min: op = Op::Min; break;
    case Reduce::And: op = Op::Min; value = bool_; break; // all: the minimum of bools
    case Reduce::Or: op = Op::Max; value = bool_; break;  // any: the maximum
  }
  auto p = single_op_program(op, {in.dtype()}, out.dtype());
  if (value != in.dtype()) { // logical reductions read x != 0
    kernel::FusedNode cast{"c0", bool_, Op::AsType, kernel::NodeKind::astype, {"in0"}};
    p.tape[0].inputs = {"c0"};
    p.tape.insert(p.tape.begin(), cast);
    p.name += "_logical";
  }
  p.inputs[0].traced_shape = matrix;
  p.row_shape = matrix;
  std::vector<array> row_out{array({matrix[0], 1}, out.dtype(), nullptr, {})};
  run_fused(p, {flat}, row_out, s);
  out.copy_shared_buffer(row_out[0], row_major_strides(out.shape()),
                         kernel::view_flags(out.shape(), row_major_strides(out.shape())),
                         out.size());
}

} // namespace

void add_reduce_kernels(backend::KernelTable& table) { table.add<Reduce>(reduce); }

} // namespace mxcore::cuda
