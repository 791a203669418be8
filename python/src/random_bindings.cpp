// mx.random: the key-based generator. The global key lives in the Python list
// `mx.random.state` so that compile can capture it as state (inputs/outputs).
#include "convert.h"
#include "random_key.h"
#include "mxcore/random.h"

#include <chrono>

using namespace mxcore;
using mxpy::key_or_next;
using mxpy::to_array;
using mxpy::to_shape;

namespace {

class PyKeySequence {
 public:
  explicit PyKeySequence(uint64_t seed) { state_.append(py::cast(random::key(seed))); }
  void seed(uint64_t s) { state_[0] = py::cast(random::key(s)); }
  array next() {
    auto [a, b] = random::split(state_[0].cast<array>());
    state_[0] = py::cast(a);
    return b;
  }
  py::list state() { return state_; }

 private:
  py::list state_;
};

PyKeySequence& default_key() {
  static PyKeySequence* ks = new PyKeySequence(static_cast<uint64_t>(
      std::chrono::system_clock::now().time_since_epoch().count()));
  return *ks;
}

} // namespace

array mxpy::key_or_next(const std::optional<array>& key) {
  return key ? *key : default_key().next();
}

void init_random(py::module_& parent) {
  auto m = parent.def_submodule("random", "Key-based random number generation.");
  m.attr("state") = default_key().state();

  m.def("seed", [](uint64_t s) { default_key().seed(s); }, py::arg("seed"),
        "Seed the global PRNG.");
  m.def("key", &random::key, py::arg("seed"), "Get a PRNG key from a seed.");
  m.def("split", [](const array& key, int num, mxpy::StreamArg s) {
    return random::split(key, num, s);
  }, py::arg("key"), py::arg("num") = 2, py::arg("stream") = py::none(),
     "Split a PRNG key into sub keys.");
  m.def("bits", [](const py::object& shape, int width, std::optional<array> key,
                   mxpy::StreamArg s) {
    return random::bits(to_shape(shape), width, key_or_next(key), s);
  }, py::arg("shape") = Shape{}, py::arg("width") = 4, py::arg("key") = py::none(),
     py::arg("stream") = py::none());
  m.def("uniform", [](const py::object& low, const py::object& high, const py::object& shape,
                      std::optional<Dtype> dtype, std::optional<array> key, mxpy::StreamArg s) {
    Dtype t = dtype.value_or(float32);
    return random::uniform(to_array(low, t), to_array(high, t), to_shape(shape), t,
                           key_or_next(key), s);
  }, py::arg("low") = 0, py::arg("high") = 1, py::arg("shape") = Shape{},
     py::arg("dtype") = float32, py::arg("key") = py::none(), py::arg("stream") = py::none(),
     "Uniformly distributed random numbers in the half-open interval [low, high).");
  m.def("normal", [](const py::object& shape, std::optional<Dtype> dtype,
                     const py::object& loc, const py::object& scale,
                     std::optional<array> key, mxpy::StreamArg s) {
    Dtype t = dtype.value_or(float32);
    array l = loc.is_none() ? array(0.0f, t) : to_array(loc, t);
    array sc = scale.is_none() ? array(1.0f, t) : to_array(scale, t);
    return random::normal(to_shape(shape), t, l, sc, key_or_next(key), s);
  }, py::arg("shape") = Shape{}, py::arg("dtype") = float32, py::arg("loc") = py::none(),
     py::arg("scale") = py::none(), py::arg("key") = py::none(), py::arg("stream") = py::none(),
     "Normally distributed random numbers.");
  m.def("randint", [](const py::object& low, const py::object& high, const py::object& shape,
                      std::optional<Dtype> dtype, std::optional<array> key, mxpy::StreamArg s) {
    return random::randint(to_array(low), to_array(high), to_shape(shape),
                           dtype.value_or(int32), key_or_next(key), s);
  }, py::arg("low"), py::arg("high"), py::arg("shape") = Shape{}, py::arg("dtype") = int32,
     py::arg("key") = py::none(), py::arg("stream") = py::none(),
     "Random integers in the half-open interval [low, high).");
  m.def("bernoulli", [](const py::object& p, const py::object& shape,
                        std::optional<array> key, mxpy::StreamArg s) {
    std::optional<Shape> sh;
    if (!shape.is_none()) sh = to_shape(shape);
    return random::bernoulli(to_array(p), sh, key_or_next(key), s);
  }, py::arg("p") = 0.5, py::arg("shape") = py::none(), py::arg("key") = py::none(),
     py::arg("stream") = py::none(), "Bernoulli random values with probability p.");
  m.def("truncated_normal", [](const py::object& lower, const py::object& upper,
                               const py::object& shape, std::optional<Dtype> dtype,
                               std::optional<array> key, mxpy::StreamArg s) {
    std::optional<Shape> sh;
    if (!shape.is_none()) sh = to_shape(shape);
    return random::truncated_normal(to_array(lower), to_array(upper), sh,
                                    dtype.value_or(float32), key_or_next(key), s);
  }, py::arg("lower"), py::arg("upper"), py::arg("shape") = py::none(),
     py::arg("dtype") = float32, py::arg("key") = py::none(), py::arg("stream") = py::none());
  m.def("gumbel", [](const py::object& shape, std::optional<Dtype> dtype,
                     std::optional<array> key, mxpy::StreamArg s) {
    return random::gumbel(to_shape(shape), dtype.value_or(float32), key_or_next(key), s);
  }, py::arg("shape") = Shape{}, py::arg("dtype") = float32, py::arg("key") = py::none(),
     py::arg("stream") = py::none());
  m.def("categorical", [](const array& logits, int axis, const py::object& shape,
                          std::optional<int> num_samples, std::optional<array> key,
                          mxpy::StreamArg s) {
    std::optional<Shape> sh;
    if (!shape.is_none()) sh = to_shape(shape);
    return random::categorical(logits, axis, sh, num_samples, key_or_next(key), s);
  }, py::arg("logits"), py::arg("axis") = -1, py::arg("shape") = py::none(),
     py::arg("num_samples") = py::none(), py::arg("key") = py::none(),
     py::arg("stream") = py::none(), "Sample from a categorical distribution given logits.");
  m.def("permutation", [](const py::object& x, int axis, std::optional<array> key,
                          mxpy::StreamArg s) {
    if (py::isinstance<py::int_>(x)) {
      if (x.cast<int64_t>() < 0) {
        throw std::invalid_argument("[permutation] The size must be non-negative, got " +
                                    std::string(py::str(x)) + ".");
      }
      // A permutation of arange(x) is uint32 in MLX (it comes from argsort).
      return astype(random::permutation(x.cast<int>(), key_or_next(key), s), uint32, s);
    }
    // As MLX: an int or an array, not another Python scalar.
    if (x.is_none() || py::isinstance<py::float_>(x) || py::isinstance<py::str>(x) ||
        PyComplex_Check(x.ptr())) {
      throw py::type_error("[permutation] x must be an int or an array, got " +
                           std::string(py::str(py::type::handle_of(x).attr("__name__"))) + ".");
    }
    return random::permutation(mxpy::to_array(x), axis, key_or_next(key), s);
  }, py::arg("x"), py::arg("axis") = 0, py::arg("key") = py::none(),
     py::arg("stream") = py::none(),
     "Generate a random permutation or permute the entries of an array along an axis.");
}
