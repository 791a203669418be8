#include "axpby.h"

#include <stdexcept>

namespace mx = mxcore;

namespace axpby_ext {

mx::array axpby(const mx::array& x, const mx::array& y, float alpha, float beta,
                mx::StreamOrDevice s) {
  if (!mx::is_floating_point(x.dtype()) || !mx::is_floating_point(y.dtype())) {
    throw std::invalid_argument("[axpby] x and y must be floating-point arrays.");
  }
  // The kernel below handles float32: other dtypes are converted around it.
  auto inputs = mx::broadcast_arrays({mx::astype(x, mx::float32, s), mx::astype(y, mx::float32, s)}, s);
  mx::Dtype out_dtype = mx::promote_types(x.dtype(), y.dtype());
  mx::array out(inputs[0].shape(), mx::float32,
                std::make_shared<Axpby>(mx::to_stream(s), alpha, beta),
                {mx::contiguous(inputs[0], false, s), mx::contiguous(inputs[1], false, s)});
  return mx::astype(out, out_dtype, s);
}

void Axpby::eval_cpu(const std::vector<mx::array>& inputs, std::vector<mx::array>& outputs) {
  const mx::array& x = inputs[0];
  const mx::array& y = inputs[1];
  mx::array& out = outputs[0];
  out.set_data(mx::allocator::malloc(out.nbytes()));
  const float* xp = x.data<float>();
  const float* yp = y.data<float>();
  float* op = out.data<float>();
  for (size_t i = 0; i < out.size(); ++i) op[i] = alpha_ * xp[i] + beta_ * yp[i];
}

std::vector<mx::array> Axpby::jvp(const std::vector<mx::array>&,
                                  const std::vector<mx::array>& tangents,
                                  const std::vector<int>& argnums) {
  mx::array result = mx::zeros_like(tangents[0]);
  for (size_t i = 0; i < argnums.size(); ++i) {
    float scale = argnums[i] == 0 ? alpha_ : beta_;
    result = mx::add(result, mx::multiply(mx::array(scale), tangents[i]));
  }
  return {result};
}

std::vector<mx::array> Axpby::vjp(const std::vector<mx::array>&,
                                  const std::vector<mx::array>& cotangents,
                                  const std::vector<int>& argnums,
                                  const std::vector<mx::array>&) {
  std::vector<mx::array> grads;
  for (int arg : argnums) {
    grads.push_back(mx::multiply(mx::array(arg == 0 ? alpha_ : beta_), cotangents[0]));
  }
  return grads;
}

std::pair<std::vector<mx::array>, std::vector<int>> Axpby::vmap(
    const std::vector<mx::array>& inputs, const std::vector<int>& axes) {
  // Move both batch axes to the front, then apply the op to the batched arrays.
  std::vector<mx::array> moved;
  for (size_t i = 0; i < inputs.size(); ++i) {
    mx::array a = inputs[i];
    if (axes[i] > 0) a = mx::moveaxis(a, axes[i], 0);
    moved.push_back(a);
  }
  int x_axis = axes[0] >= 0 ? 0 : -1;
  int y_axis = axes[1] >= 0 ? 0 : -1;
  // An unbatched input gains a leading dim of 1 so the two broadcast.
  if (x_axis < 0) moved[0] = mx::expand_dims(moved[0], 0);
  if (y_axis < 0) moved[1] = mx::expand_dims(moved[1], 0);
  return {{axpby(moved[0], moved[1], alpha_, beta_, stream())}, {0}};
}

bool Axpby::is_equivalent(const mx::Primitive& other) const {
  auto* o = dynamic_cast<const Axpby*>(&other);
  return o && o->alpha_ == alpha_ && o->beta_ == beta_;
}

} // namespace axpby_ext
