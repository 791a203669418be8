// random::laplace and random::multivariate_normal, composed from the
// key-based uniform and normal samplers (so a given key gives a given sample).
#include <cmath>

#include "mxcore/linalg.h"
#include "mxcore/ops_extra.h"
#include "mxcore/random.h"
#include "ops/util.h"

namespace mxcore::random {

array laplace(const Shape& shape, Dtype dtype, float loc, float scale,
              const std::optional<array>& key, StreamOrDevice s) {
  if (!issubdtype(dtype, floating)) {
    throw std::invalid_argument("[laplace] Only real floating point types are supported.");
  }
  auto stream = to_stream(s);
  // u in (-1, 1): the open lower end keeps log1p(-|u|) finite.
  array u = uniform(array(std::nextafter(-1.0f, 0.0f)), array(1.0f), shape, float32, key, stream);
  // The inverse CDF, with MLX's sign convention so a key gives MLX's sample.
  array samples = multiply(sign(u, stream), log1p(negative(abs(u, stream), stream), stream), stream);
  array out = add(multiply(samples, array(scale), stream), array(loc), stream);
  return astype(out, dtype, stream);
}

array multivariate_normal(const array& mean, const array& cov, const Shape& shape, Dtype dtype,
                          const std::optional<array>& key, StreamOrDevice s) {
  if (dtype != float32) {
    throw std::invalid_argument("[multivariate_normal] dtype must be float32.");
  }
  if (mean.ndim() < 1) {
    throw std::invalid_argument("[multivariate_normal] mean must have at least one dimension.");
  }
  if (cov.ndim() < 2) {
    throw std::invalid_argument("[multivariate_normal] cov must have at least two dimensions.");
  }
  int n = mean.shape(-1);
  if (cov.shape(-1) != n || cov.shape(-2) != n) {
    throw std::invalid_argument("[multivariate_normal] mean and cov must have compatible shapes.");
  }
  const char* batch_error =
      "[multivariate_normal] shape must be broadcast-compatible with the batch shapes of mean "
      "and cov.";
  Shape batch;
  try {
    batch = broadcast_shapes(std::vector<Shape>{shape,
                                                Shape(mean.shape().begin(), mean.shape().end() - 1),
                                                Shape(cov.shape().begin(), cov.shape().end() - 2)});
  } catch (const std::invalid_argument&) {
    throw std::invalid_argument(batch_error);
  }
  if (!shape.empty() && batch != shape) throw std::invalid_argument(batch_error);
  auto stream = to_stream(s);
  // The symmetric square root U sqrt(S) V^T of the PSD covariance (MLX's
  // choice, so that a key gives MLX's samples); rows of z @ std have covariance cov.
  auto usv = linalg::svd(astype(cov, float32, stream), true, Device(Device::cpu));
  array root = expand_dims(sqrt(maximum(usv[1], array(0.0f), stream), stream), -2, stream);
  array std_dev = matmul(multiply(usv[0], root, stream), usv[2], stream);
  Shape z_shape = batch;
  z_shape.push_back(n);
  array z = normal(z_shape, float32, array(0.0f), array(1.0f), key, stream);
  array correlated = squeeze(matmul(expand_dims(z, -2, stream), std_dev, stream), -2, stream);
  return add(astype(mean, float32, stream), correlated, stream);
}

} // namespace mxcore::random
