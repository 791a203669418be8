// The lazy array: a handle to a shared descriptor that is either evaluated
// (has data) or the output of a primitive applied to input arrays.
#pragma once

#include <complex>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <memory>
#include <stdexcept>
#include <vector>

#include "mxcore/dtype.h"
#include "mxcore/memory.h"

namespace mxcore {

class Primitive;

using Shape = std::vector<int32_t>;
using Strides = std::vector<int64_t>;

class array {
 public:
  // A refcounted data buffer; several arrays (views) may share one.
  struct Data {
    allocator::Buffer buffer;
    // Called instead of allocator::free for foreign memory.
    std::function<void(allocator::Buffer)> deleter;
    explicit Data(allocator::Buffer b) : buffer(b) {}
    Data(allocator::Buffer b, std::function<void(allocator::Buffer)> d)
        : buffer(b), deleter(std::move(d)) {}
    static std::shared_ptr<Data> make_ptr(allocator::Buffer b) {
      return std::make_shared<Data>(b);
    }
    Data(const Data&) = delete;
    Data& operator=(const Data&) = delete;
    ~Data();
  };

  struct Flags {
    // The elements occupy one dense block (some permutation of dims).
    bool contiguous : 1;
    bool row_contiguous : 1;
    bool col_contiguous : 1;
  };

  enum class Status {
    unscheduled, // has a primitive, not evaluated
    evaluated,   // data is present
  };

  // ---- construction
  template <typename T>
  explicit array(T val, Dtype dtype = dtype_of<T>);
  array(std::complex<float> val, Dtype dtype = complex64);
  template <typename T>
  array(std::initializer_list<T> data);
  template <typename T>
  array(std::initializer_list<T> data, Dtype dtype);
  template <typename It>
  array(It begin, Shape shape, Dtype dtype = dtype_of<typename std::iterator_traits<It>::value_type>);
  template <typename T>
  array(std::initializer_list<T> data, Shape shape, Dtype dtype = dtype_of<T>);
  // Takes ownership of an allocator buffer laid out row-major.
  array(allocator::Buffer data, Shape shape, Dtype dtype,
        std::function<void(allocator::Buffer)> deleter = {});
  // A lazy output of a primitive.
  array(Shape shape, Dtype dtype, std::shared_ptr<Primitive> primitive,
        std::vector<array> inputs);

  static std::vector<array> make_arrays(
      std::vector<Shape> shapes,
      const std::vector<Dtype>& dtypes,
      const std::shared_ptr<Primitive>& primitive,
      const std::vector<array>& inputs);

  array(const array&) = default;
  array(array&&) = default;
  array& operator=(const array&) &;
  array& operator=(array&&) &;
  ~array();

  // ---- metadata
  Dtype dtype() const { return desc_->dtype; }
  size_t itemsize() const { return desc_->dtype.size; }
  size_t size() const { return desc_->size; }
  size_t nbytes() const { return size() * itemsize(); }
  int ndim() const { return static_cast<int>(desc_->shape.size()); }
  const Shape& shape() const { return desc_->shape; }
  // Negative dims count from the end; throws std::out_of_range.
  int shape(int dim) const;
  const Strides& strides() const { return desc_->strides; }
  int64_t strides(int dim) const;
  Flags flags() const { return desc_->flags; }

  // ---- data
  template <typename T>
  T item();
  template <typename T>
  T item() const;
  template <typename T>
  T* data() { return static_cast<T*>(desc_->data_ptr); }
  template <typename T>
  const T* data() const { return static_cast<const T*>(desc_->data_ptr); }
  void* raw_data() const { return desc_->data_ptr; }
  // Elements reachable through the buffer (>= size() for broadcasts).
  size_t data_size() const { return desc_->data_size; }
  size_t buffer_size() const;
  const std::shared_ptr<Data>& data_shared_ptr() const { return desc_->data; }
  bool is_donatable() const;

  // ---- graph
  uintptr_t id() const { return reinterpret_cast<uintptr_t>(desc_.get()); }
  uintptr_t primitive_id() const {
    return reinterpret_cast<uintptr_t>(desc_->primitive.get());
  }
  bool has_primitive() const { return desc_->primitive != nullptr; }
  Primitive& primitive() const { return *desc_->primitive; }
  const std::shared_ptr<Primitive>& primitive_ptr() const { return desc_->primitive; }
  std::vector<array>& inputs() { return desc_->inputs; }
  const std::vector<array>& inputs() const { return desc_->inputs; }
  // eval's graph walk: false if this node was reached already in walk
  // `walk` (each eval numbers its walk), else marks it and returns true.
  bool visit(uint64_t walk) const {
    if (desc_->walk == walk) return false;
    desc_->walk = walk;
    return true;
  }
  // Appends this array's primitive's outputs, in order (this one included).
  void append_outputs(std::vector<array>& outs) const;
  // The other outputs of this array's primitive.
  const std::vector<array>& siblings() const { return desc_->siblings; }
  std::vector<array>& siblings() { return desc_->siblings; }
  // All outputs of the primitive, this one included, in order.
  std::vector<array> outputs() const;
  uint32_t sibling_position() const { return desc_->position; }
  void set_siblings(std::vector<array> siblings, uint32_t position);
  // Drop the primitive and inputs (after evaluation).
  void detach();

  Status status() const { return desc_->status; }
  bool is_evaluated() const { return desc_->status == Status::evaluated; }
  void set_status(Status s) const { desc_->status = s; }
  void eval();
  bool is_tracer() const;
  void set_tracer(bool t) { desc_->is_tracer = t; }

  // ---- used by kernels to fill outputs
  void set_data(allocator::Buffer buffer,
                std::function<void(allocator::Buffer)> deleter = {});
  void set_data(std::shared_ptr<Data> data, size_t data_size, Strides strides,
                Flags flags);
  // A view of `other`'s buffer with new strides (offset in elements).
  void copy_shared_buffer(const array& other, const Strides& strides,
                          Flags flags, size_t data_size, int64_t offset = 0);
  void copy_shared_buffer(const array& other);
  // Take `other`'s buffer (other must be donatable and of the same size).
  void move_shared_buffer(array other);

  // Shape changes of an unevaluated placeholder (shapeless compile).
  void set_shape(Shape shape);

  bool operator==(const array&) const = delete; // use mxcore::equal

 private:
  struct ArrayDesc {
    Shape shape;
    Strides strides;
    size_t size;
    Dtype dtype;
    std::shared_ptr<Primitive> primitive;
    Status status;
    bool is_tracer = false;
    std::shared_ptr<Data> data;
    void* data_ptr = nullptr;
    size_t data_size = 0;
    Flags flags{};
    std::vector<array> inputs;
    std::vector<array> siblings;
    uint32_t position = 0;
    uint64_t walk = 0; // the last eval walk that reached it (array::visit)

    ArrayDesc(Shape shape, Dtype dtype);
    ArrayDesc(Shape shape, Dtype dtype, std::shared_ptr<Primitive> primitive,
              std::vector<array> inputs);
    ~ArrayDesc();
    void init();
  };

  void init_from_host(const void* src, size_t bytes);
  template <typename It>
  void init(It begin);

  std::shared_ptr<ArrayDesc> desc_;
};

// Row-major strides for a shape.
Strides row_major_strides(const Shape& shape);
size_t shape_size(const Shape& shape);

// ---- template implementations

namespace detail {
// Converts a scalar of any supported host type to T.
template <typename T, typename U>
inline T cast_scalar(U v) {
  if constexpr (std::is_same_v<T, complex64_t>) {
    if constexpr (std::is_same_v<U, complex64_t>) {
      return v;
    } else {
      return complex64_t(static_cast<float>(v), 0.0f);
    }
  } else if constexpr (std::is_same_v<U, complex64_t>) {
    return static_cast<T>(v.real());
  } else if constexpr (std::is_same_v<U, bfloat16_t> || std::is_same_v<U, float16_t>) {
    return static_cast<T>(static_cast<float>(v));
  } else if constexpr (std::is_same_v<T, bool>) {
    return v != U(0);
  } else {
    return static_cast<T>(v);
  }
}

// Writes n values converted to dtype into dst.
template <typename It>
void fill_converted(It begin, size_t n, Dtype dtype, void* dst);
} // namespace detail

template <typename T>
array::array(T val, Dtype dtype)
    : desc_(std::make_shared<ArrayDesc>(Shape{}, dtype)) {
  T v[1] = {val};
  init(v);
}

inline array::array(std::complex<float> val, Dtype dtype)
    : desc_(std::make_shared<ArrayDesc>(Shape{}, dtype)) {
  complex64_t v[1] = {val};
  init(v);
}

template <typename T>
array::array(std::initializer_list<T> data)
    : desc_(std::make_shared<ArrayDesc>(
          Shape{static_cast<int32_t>(data.size())}, dtype_of<T>)) {
  init(data.begin());
}

template <typename T>
array::array(std::initializer_list<T> data, Dtype dtype)
    : desc_(std::make_shared<ArrayDesc>(
          Shape{static_cast<int32_t>(data.size())}, dtype)) {
  init(data.begin());
}

template <typename It>
array::array(It begin, Shape shape, Dtype dtype)
    : desc_(std::make_shared<ArrayDesc>(std::move(shape), dtype)) {
  init(begin);
}

template <typename T>
array::array(std::initializer_list<T> data, Shape shape, Dtype dtype)
    : desc_(std::make_shared<ArrayDesc>(std::move(shape), dtype)) {
  if (data.size() != size()) {
    throw std::invalid_argument(
        "[array] Data size and provided shape mismatch in array construction.");
  }
  init(data.begin());
}

template <typename It>
void array::init(It begin) {
  set_data(allocator::malloc(nbytes()));
  detail::fill_converted(begin, size(), dtype(), raw_data());
}

namespace detail {
template <typename It>
void fill_converted(It begin, size_t n, Dtype dtype, void* dst) {
  using U = typename std::iterator_traits<It>::value_type;
  auto fill = [&](auto* out) {
    using T = std::remove_pointer_t<decltype(out)>;
    auto it = begin;
    for (size_t i = 0; i < n; ++i, ++it) out[i] = cast_scalar<T, U>(*it);
  };
  switch (dtype.val) {
    case Dtype::Val::bool_: fill(static_cast<bool*>(dst)); break;
    case Dtype::Val::uint8: fill(static_cast<uint8_t*>(dst)); break;
    case Dtype::Val::uint16: fill(static_cast<uint16_t*>(dst)); break;
    case Dtype::Val::uint32: fill(static_cast<uint32_t*>(dst)); break;
    case Dtype::Val::uint64: fill(static_cast<uint64_t*>(dst)); break;
    case Dtype::Val::int8: fill(static_cast<int8_t*>(dst)); break;
    case Dtype::Val::int16: fill(static_cast<int16_t*>(dst)); break;
    case Dtype::Val::int32: fill(static_cast<int32_t*>(dst)); break;
    case Dtype::Val::int64: fill(static_cast<int64_t*>(dst)); break;
    case Dtype::Val::float16: fill(static_cast<float16_t*>(dst)); break;
    case Dtype::Val::float32: fill(static_cast<float*>(dst)); break;
    case Dtype::Val::float64: fill(static_cast<double*>(dst)); break;
    case Dtype::Val::bfloat16: fill(static_cast<bfloat16_t*>(dst)); break;
    case Dtype::Val::complex64: fill(static_cast<complex64_t*>(dst)); break;
  }
}

template <typename T>
T read_scalar(const void* src, Dtype dtype) {
  switch (dtype.val) {
    case Dtype::Val::bool_: return cast_scalar<T>(*static_cast<const bool*>(src));
    case Dtype::Val::uint8: return cast_scalar<T>(*static_cast<const uint8_t*>(src));
    case Dtype::Val::uint16: return cast_scalar<T>(*static_cast<const uint16_t*>(src));
    case Dtype::Val::uint32: return cast_scalar<T>(*static_cast<const uint32_t*>(src));
    case Dtype::Val::uint64: return cast_scalar<T>(*static_cast<const uint64_t*>(src));
    case Dtype::Val::int8: return cast_scalar<T>(*static_cast<const int8_t*>(src));
    case Dtype::Val::int16: return cast_scalar<T>(*static_cast<const int16_t*>(src));
    case Dtype::Val::int32: return cast_scalar<T>(*static_cast<const int32_t*>(src));
    case Dtype::Val::int64: return cast_scalar<T>(*static_cast<const int64_t*>(src));
    case Dtype::Val::float16: return cast_scalar<T>(*static_cast<const float16_t*>(src));
    case Dtype::Val::float32: return cast_scalar<T>(*static_cast<const float*>(src));
    case Dtype::Val::float64: return cast_scalar<T>(*static_cast<const double*>(src));
    case Dtype::Val::bfloat16: return cast_scalar<T>(*static_cast<const bfloat16_t*>(src));
    case Dtype::Val::complex64: return cast_scalar<T>(*static_cast<const complex64_t*>(src));
  }
  return T{};
}
} // namespace detail

template <typename T>
T array::item() {
  if (size() != 1) {
    throw std::invalid_argument("[item] Only size-1 arrays can be converted to scalars.");
  }
  eval();
  return detail::read_scalar<T>(raw_data(), dtype());
}

template <typename T>
T array::item() const {
  if (size() != 1) {
    throw std::invalid_argument("[item] Only size-1 arrays can be converted to scalars.");
  }
  if (!is_evaluated()) {
    throw std::invalid_argument("[item] Cannot read an unevaluated const array.");
  }
  return detail::read_scalar<T>(raw_data(), dtype());
}

} // namespace mxcore
