#include "primitives/number_of_elements.h"

#include "kernel/dtype_dispatch.h"
#include "mxcore/ops.h"
#include "ops/util.h"
#include "transforms_impl.h"

namespace mxcore {

namespace {
double count(const Shape& shape, const std::vector<int>& axes) {
  double n = 1;
  for (int ax : axes) {
    // Axes come validated from the op, but also from imported files.
    if (ax < 0 || ax >= static_cast<int>(shape.size())) {
      throw std::invalid_argument("[NumberOfElements] Axis out of range for the input.");
    }
    n *= shape[ax];
  }
  return n;
}
} // namespace

void NumberOfElements::eval_cpu(const std::vector<array>& inputs, array& out) {
  double n = count(inputs[0].shape(), axes_);
  double value = inverted_ ? 1.0 / n : n;
  out.set_data(allocator::malloc(out.nbytes()));
  dispatch_all_types(out.dtype(), [&](auto tag) {
    using T = MXCORE_TAG_TYPE(tag);
    if constexpr (std::is_same_v<T, complex64_t>) {
      *out.data<T>() = complex64_t(static_cast<float>(value), 0.0f);
    } else {
      *out.data<T>() = static_cast<T>(value);
    }
  });
}

// The count does not vary with the input's values.
std::vector<array> NumberOfElements::jvp(const std::vector<array>&, const std::vector<array>&,
                                         const std::vector<int>&) {
  return {zeros({}, dtype_, stream())};
}

std::vector<array> NumberOfElements::vjp(const std::vector<array>& primals,
                                         const std::vector<array>&,
                                         const std::vector<int>& argnums,
                                         const std::vector<array>&) {
  std::vector<array> out;
  for (size_t i = 0; i < argnums.size(); ++i) out.push_back(zeros_like(primals[0], stream()));
  return out;
}

// Every example has the same count: the axes step over the batch axis.
std::pair<std::vector<array>, std::vector<int>> NumberOfElements::vmap(
    const std::vector<array>& inputs, const std::vector<int>& axes) {
  std::vector<int> shifted = axes_;
  if (axes[0] >= 0) {
    for (int& ax : shifted) ax += ax >= axes[0];
  }
  array out(Shape{}, dtype_,
            std::make_shared<NumberOfElements>(stream(), std::move(shifted), inverted_, dtype_),
            {inputs[0]});
  return {{out}, {-1}};
}

bool NumberOfElements::is_equivalent(const Primitive& other) const {
  auto& o = static_cast<const NumberOfElements&>(other);
  return axes_ == o.axes_ && inverted_ == o.inverted_ && dtype_ == o.dtype_;
}

array number_of_elements(const array& a, const std::vector<int>& axes, bool inverted, Dtype dtype,
                         StreamOrDevice s) {
  std::vector<int> normalized;
  for (int ax : axes) normalized.push_back(normalize_axis(ax, a.ndim(), "number_of_elements"));
  if (!detail::in_dynamic_tracing()) {
    double n = count(a.shape(), normalized);
    return array(inverted ? 1.0 / n : n, dtype);
  }
  return array(Shape{}, dtype,
               std::make_shared<NumberOfElements>(to_stream(s), std::move(normalized), inverted,
                                                  dtype),
               {a});
}

} // namespace mxcore
