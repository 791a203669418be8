// qqmm / gather_qqmm: matmuls with both operands quantized (MLX 0.32). Each
// operand goes through quantize -> dequantize in its mode and the product is
// an ordinary (gather_)matmul in x's dtype, so the results equal
// dequantize-then-matmul exactly. The vjp is MLX's: the cotangent is itself
// multiplied in quantized form (dx = qqmm(g, w.T), dw = qqmm(g.T, x.T)); a
// packed w stands in with its dequantized values and gets no gradient.
#include <sstream>
#include <stdexcept>

#include "mxcore/gather_mm.h"
#include "mxcore/quantized.h"
#include "mxcore/transforms.h"
#include "ops/quantized_ops.h"
#include "ops/util.h"

namespace mxcore {

namespace {

struct QQParams {
  std::string mode;
  std::optional<int> group_size, bits;
};

void check_mode(const std::string& mode, const char* op) {
  if (mode == "nvfp4" || mode == "mxfp8" || mode == "mxfp4") return;
  if (mode == "affine") {
    throw std::invalid_argument(std::string("[") + op + "] Quantization mode 'affine' is not "
                                "supported; the supported modes are 'nvfp4', 'mxfp8' and "
                                "'mxfp4'.");
  }
  throw std::invalid_argument(std::string("[") + op + "] Invalid quantization mode '" + mode +
                              "'.");
}

void check_operand_dtype(const array& a, const char* which, const char* op) {
  if (!is_floating_point(a.dtype()) || a.dtype() == float64) {
    throw std::invalid_argument(std::string("[") + op + "] Only real floating types except "
                                "float64 are supported but " + which + " argument dtype == " +
                                dtype_name(a.dtype()) + ".");
  }
}

void check_global_scales(const std::string& mode, const std::optional<array>& gx,
                         const std::optional<array>& gw, const char* op) {
  if (mode == "nvfp4" && gx.has_value() != gw.has_value()) {
    throw std::invalid_argument(std::string("[") + op + "] For nvfp4 mode, either both "
                                "global_scale_x and global_scale_w must be provided, or "
                                "neither.");
  }
}

// a's values after quantization (dtype kept); quantize checks the
// parameters and the global scale.
array round_trip(const array& a, const QQParams& p, const std::optional<array>& global_scale,
                 const char* op, Stream s) {
  auto q = detail::quantize_as(op, a, p.group_size, p.bits, p.mode, global_scale, s);
  return detail::dequantize_as(op, q[0], q[1], std::nullopt, p.group_size, p.bits, p.mode,
                               global_scale, a.dtype(), s);
}

// w's dequantized (N, K) values in dtype t: the given packed weight, or w
// quantized on the fly.
array weight_values(const array& w, const std::optional<array>& scales, const QQParams& p,
                    const std::optional<array>& global_scale, Dtype t, const char* op,
                    Stream s) {
  if (w.dtype() == uint32) {
    if (!scales) {
      throw std::invalid_argument(std::string("[") + op + "] Scales must be provided if second "
                                  "argument is quantized.");
    }
    return detail::dequantize_as(op, w, *scales, std::nullopt, p.group_size, p.bits, p.mode,
                                 global_scale, t, s);
  }
  check_operand_dtype(w, "second", op);
  if (scales) {
    throw std::invalid_argument(std::string("[") + op + "] Scales must not be provided when the "
                                "second argument is not quantized.");
  }
  return astype(round_trip(w, p, global_scale, op, s), t, s);
}

void check_inner_dims(const array& x, const array& wd, const array& w, const char* op) {
  if (x.shape(-1) != wd.shape(-1)) {
    std::ostringstream msg;
    msg << "[" << op << "] Last dimension of first input with shape " << shape_str(x.shape())
        << " must match the last dimension of the " << (w.dtype() == uint32 ? "expanded " : "")
        << "second input with shape " << shape_str(wd.shape()) << ".";
    throw std::invalid_argument(msg.str());
  }
}

} // namespace

array qqmm(const array& in_x, const array& w, const std::optional<array>& scales,
           std::optional<int> group_size, std::optional<int> bits, const std::string& mode,
           const std::optional<array>& global_scale_x,
           const std::optional<array>& global_scale_w, StreamOrDevice sd) {
  auto s = to_stream(sd);
  check_mode(mode, "qqmm");
  QQParams p{mode, group_size, bits};
  // gemv and flattened leading dimensions, as MLX allows.
  array x = in_x.ndim() == 1 ? expand_dims(in_x, 0, s)
                             : (w.ndim() == 2 && in_x.ndim() > 2 ? flatten(in_x, 0, -2, s) : in_x);
  if (x.ndim() > 2 || w.ndim() != 2) {
    throw std::invalid_argument("[qqmm] Only 2D inputs are supported but x.ndim() == " +
                                std::to_string(x.ndim()) + " and w.ndim() == " +
                                std::to_string(w.ndim()) + ".");
  }
  check_operand_dtype(x, "first", "qqmm");
  check_global_scales(mode, global_scale_x, global_scale_w, "qqmm");

  // Inputs: x, w, then the global scales when given (scales of a packed w
  // are captured: they carry no gradient).
  std::vector<array> inputs{x, w};
  const bool with_global = global_scale_x.has_value();
  if (with_global) {
    inputs.push_back(*global_scale_x);
    inputs.push_back(*global_scale_w);
  }
  auto forward = [p, scales, s](const std::vector<array>& in) {
    std::optional<array> gx, gw;
    if (in.size() == 4) gx = in[2], gw = in[3];
    array xd = round_trip(in[0], p, gx, "qqmm", s);
    array wd = weight_values(in[1], scales, p, gw, in[0].dtype(), "qqmm", s);
    check_inner_dims(in[0], wd, in[1], "qqmm");
    return std::vector<array>{matmul(xd, swapaxes(wd, -1, -2, s), s)};
  };
  auto vjp_rule = [p, scales, s](const std::vector<array>& primals,
                                 const std::vector<array>& cotangents,
                                 const std::vector<array>&) {
    const array& g = cotangents[0];
    std::optional<array> g_amax, gx, gw;
    if (primals.size() == 4) {
      g_amax = astype(max(abs(g, s), false, s), float32, s);
      gx = primals[2], gw = primals[3];
    }
    const bool w_quantized = primals[1].dtype() == uint32;
    array w_values = w_quantized ? weight_values(primals[1], scales, p, gw, primals[0].dtype(),
                                                 "qqmm", s)
                                 : primals[1];
    std::vector<array> vjps;
    vjps.push_back(qqmm(g, swapaxes(w_values, -1, -2, s), std::nullopt, p.group_size, p.bits,
                        p.mode, g_amax, gw, s));
    vjps.push_back(w_quantized ? zeros_like(primals[1], s)
                               : qqmm(swapaxes(g, -1, -2, s), swapaxes(primals[0], -1, -2, s),
                                      std::nullopt, p.group_size, p.bits, p.mode, g_amax, gx, s));
    for (size_t i = 2; i < primals.size(); ++i) vjps.push_back(zeros_like(primals[i], s));
    return vjps;
  };
  array out = custom_vjp(forward, vjp_rule)(inputs)[0];
  if (in_x.ndim() > 2) {
    Shape shape = in_x.shape();
    shape.back() = out.shape(-1);
    out = reshape(out, shape, s);
  } else if (in_x.ndim() == 1) {
    out = squeeze(out, 0, s);
  }
  return out;
}

array gather_qqmm(const array& x, const array& w, const std::optional<array>& scales,
                  std::optional<array> lhs_indices, std::optional<array> rhs_indices,
                  std::optional<int> group_size, std::optional<int> bits, const std::string& mode,
                  const std::optional<array>& global_scale_x,
                  const std::optional<array>& global_scale_w, bool sorted_indices,
                  StreamOrDevice sd) {
  auto s = to_stream(sd);
  check_mode(mode, "gather_qqmm");
  QQParams p{mode, group_size, bits};
  if (x.ndim() < 2 || w.ndim() < 2) {
    throw std::invalid_argument("[gather_qqmm] The inputs must have at least two dimensions but "
                                "got shapes " + shape_str(x.shape()) + " and " +
                                shape_str(w.shape()) + ".");
  }
  for (const auto* idx : {&lhs_indices, &rhs_indices}) {
    if (*idx && !is_integral((*idx)->dtype())) {
      throw std::invalid_argument(
          "[gather_qqmm] Got indices with invalid dtype. Indices must be integral.");
    }
  }
  check_operand_dtype(x, "first", "gather_qqmm");
  check_global_scales(mode, global_scale_x, global_scale_w, "gather_qqmm");
  array xd = round_trip(x, p, global_scale_x, "gather_qqmm", s);
  array wd = weight_values(w, scales, p, global_scale_w, x.dtype(), "gather_qqmm", s);
  check_inner_dims(x, wd, w, "gather_qqmm");
  // Missing indices enumerate the operand's batch (as MLX's defaults do).
  auto enumerate = [&](const array& a) {
    int64_t count = 1;
    for (int i = 0; i + 2 < a.ndim(); ++i) count *= a.shape(i);
    return reshape(arange(0.0, double(count), 1.0, uint32, s),
                   Shape(a.shape().begin(), a.shape().end() - 2), s);
  };
  if (!lhs_indices) lhs_indices = enumerate(x);
  if (!rhs_indices) rhs_indices = enumerate(w);
  return gather_mm(xd, swapaxes(wd, -1, -2, s), std::move(lhs_indices), std::move(rhs_indices),
                   sorted_indices, s);
}

} // namespace mxcore
