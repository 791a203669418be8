// Scan (cumsum / cumprod / cummax / cummin / logcumsumexp) on Metal:
// kernels/scan.metal, one threadgroup per line, any input layout, a
// row-major output. complex64 scans on the CPU.
#include <limits>

#include "backend/metal/eager_support.h"
#include "backend/metal/msl_dialect.h"
#include "primitives/scan.h"

namespace mxcore::metal {

namespace {

void eval_scan(Scan& s, const std::vector<array>& inputs, std::vector<array>& outputs) {
  const array& in = inputs[0];
  array& out = outputs[0];
  const bool log_add_exp = s.reduce_type() == Scan::LogAddExp;
  if (in.dtype() == complex64 || (log_add_exp && !is_inexact(in.dtype()))) {
    cpu_fallback(s, inputs, outputs); // complex64; logcumsumexp of integers raises there
    return;
  }
  auto& b = backend_of(s);
  b.allocate(out);
  if (out.size() == 0) return;
  const int axis = s.axis();
  const Dtype t_out = out.dtype();
  const Dtype acc = is_half(t_out) ? float32 : t_out;
  const char* op = "ReduceSum";
  double init = 0;
  switch (s.reduce_type()) {
    case Scan::Sum: op = "ReduceSum"; init = 0; break;
    case Scan::Prod: op = "ReduceProd"; init = 1; break;
    case Scan::Max: op = "ReduceMax"; init = -std::numeric_limits<double>::infinity(); break;
    case Scan::Min: op = "ReduceMin"; init = std::numeric_limits<double>::infinity(); break;
    case Scan::LogAddExp: op = "ReduceLogAddExp"; init = -std::numeric_limits<double>::infinity(); break;
  }
  if (acc == bool_) init = s.reduce_type() == Scan::Min ? 1 : 0; // max: false, min: true
  std::vector<int> kept_shape;
  std::vector<int64_t> kept_strides, out_kept;
  auto out_strides = row_major(out.shape());
  for (int d = 0; d < in.ndim(); ++d) {
    if (d == axis) continue;
    kept_shape.push_back(int(in.shape(d)));
    kept_strides.push_back(in.strides()[d]);
    out_kept.push_back(out_strides[d]);
  }
  kept_strides.insert(kept_strides.end(), out_kept.begin(), out_kept.end());
  const int64_t length = in.shape(axis);
  const std::string flags = std::string(s.inclusive() ? "true" : "false") + ", " +
                            (s.reverse() ? "true" : "false");
  const std::string name = std::string("scan_") + op + "_" + dtype_name(in.dtype()) + "_" +
                           dtype_name(t_out) + (s.inclusive() ? "_inclusive" : "_exclusive") +
                           (s.reverse() ? "_reverse" : "");
  auto& enc = b.encoder(s.stream());
  set_instantiated_kernel(enc, "scan.metal", "scan_lines",
                          msl_type(in.dtype()) + ", " + msl_type(t_out) + ", " + msl_type(acc) +
                              ", " + op + ", " + flags,
                          name);
  enc.set_array(in, 0);
  enc.set_array(out, 1);
  enc.set_value<int64_t>(length, 2);
  enc.set_vector(std::vector<int64_t>{int64_t(in.strides()[axis]), out_strides[axis]}, 3);
  enc.set_vector(at_least_one(kept_shape), 4);
  enc.set_vector(at_least_one(kept_strides), 5);
  enc.set_value<int>(int(kept_shape.size()), 6);
  auto init_bytes = value_bytes(acc, init);
  enc.set_bytes(init_bytes.data(), init_bytes.size(), 7);
  enc.dispatch_threadgroups({uint64_t(out.size() / length), 1, 1}, {row_threads(length), 1, 1});
}

} // namespace

void register_scan_kernels(backend::KernelTable& table) { add_kernel<Scan>(table, eval_scan); }

} // namespace mxcore::metal
