// mx.random.laplace and mx.random.multivariate_normal (include/mxcore/ops_extra.h).
#include "convert.h"
#include "mxcore/ops_extra.h"
#include "random_key.h"

using namespace mxcore;

void init_random_extra(py::module_& parent) {
  auto m = parent.attr("random").cast<py::module_>();
  m.def("laplace", [](const py::object& shape, std::optional<Dtype> dtype, float loc, float scale,
                      std::optional<array> key, mxpy::StreamArg s) {
    return random::laplace(mxpy::to_shape(shape), dtype.value_or(float32), loc, scale,
                           mxpy::key_or_next(key), s);
  }, py::arg("shape") = Shape{}, py::arg("dtype") = float32, py::arg("loc") = 0.0,
     py::arg("scale") = 1.0, py::arg("key") = py::none(), py::arg("stream") = py::none(),
     "Sample from a Laplace distribution with mean ``loc`` and scale ``scale``.");
  m.def("multivariate_normal", [](const py::object& mean, const py::object& cov,
                                  const py::object& shape, Dtype dtype, std::optional<array> key,
                                  mxpy::StreamArg s) {
    return random::multivariate_normal(mxpy::to_array(mean), mxpy::to_array(cov),
                                       mxpy::to_shape(shape), dtype, mxpy::key_or_next(key), s);
  }, py::arg("mean"), py::arg("cov"), py::arg("shape") = Shape{}, py::arg("dtype") = float32,
     py::arg("key") = py::none(), py::arg("stream") = py::none(),
     "Jointly normal samples with the given mean (..., n) and covariance (..., n, n).");
}
