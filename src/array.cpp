#include "mxcore/array.h"
#include "mxcore/backend.h"

#include <numeric>

#include "mxcore/primitives.h"
#include "mxcore/transforms.h"
#include "transforms_impl.h"

namespace mxcore {

Strides row_major_strides(const Shape& shape) {
  Strides strides(shape.size(), 1);
  for (int i = static_cast<int>(shape.size()) - 2; i >= 0; --i) {
    strides[i] = strides[i + 1] * std::max<int64_t>(shape[i + 1], 1);
  }
  return strides;
}

size_t shape_size(const Shape& shape) {
  size_t n = 1;
  for (auto s : shape) {
    if (s < 0) {
      throw std::invalid_argument("[array] Shape dimensions must be non-negative.");
    }
    n *= static_cast<size_t>(s);
  }
  return n;
}

array::Data::~Data() {
  if (deleter) {
    deleter(buffer);
  } else {
    allocator::free(buffer);
  }
}

array::ArrayDesc::ArrayDesc(Shape shape_, Dtype dtype_)
    : shape(std::move(shape_)), dtype(dtype_), status(Status::evaluated) {
  init();
}

array::ArrayDesc::ArrayDesc(Shape shape_, Dtype dtype_,
                            std::shared_ptr<Primitive> primitive_,
                            std::vector<array> inputs_)
    : shape(std::move(shape_)),
      dtype(dtype_),
      primitive(std::move(primitive_)),
      status(Status::unscheduled),
      inputs(std::move(inputs_)) {
  init();
  for (auto& in : inputs) {
    is_tracer |= in.is_tracer();
  }
}

void array::ArrayDesc::init() {
  strides = row_major_strides(shape);
  size = shape_size(shape);
}

namespace {
// Handles whose release was deferred by the outermost ~ArrayDesc of this
// thread; null when no release is under way.
thread_local std::vector<array>* deferred_releases = nullptr;

// Empties the sibling lists of a whole group (`own` is one member's list)
// before dropping any handle: a dropped handle runs ~array, whose cycle check
// would otherwise see a half-cleared group (counts that look like "only the
// group holds it") and clear the lists being walked here, dropping handles
// twice.
void release_sibling_lists(std::vector<array>& own) {
  std::vector<array> group = std::move(own);
  own.clear();
  std::vector<std::vector<array>> lists;
  lists.reserve(group.size());
  for (auto& s : group) {
    lists.push_back(std::move(s.siblings()));
    s.siblings().clear();
  }
  // `lists` and `group` are destroyed here, every list already empty.
}
} // namespace

// Destroying the head of a long chain must not recurse once per node (nor
// once per sibling group: a chain of multi-output ops releases through
// ~array's cycle breaking). The outermost descriptor destructor of a thread
// drains a queue of handles; nested ones only hand their handles to it.
array::ArrayDesc::~ArrayDesc() {
  if (inputs.empty() && siblings.empty()) return;
  auto defer = [](std::vector<array>& handles, std::vector<array>& queue) {
    for (auto& h : handles) queue.push_back(std::move(h));
    handles.clear();
  };
  if (deferred_releases) {
    defer(inputs, *deferred_releases);
    defer(siblings, *deferred_releases);
    return;
  }
  std::vector<array> queue;
  deferred_releases = &queue;
  defer(inputs, queue);
  defer(siblings, queue);
  while (!queue.empty()) {
    // Dropping the handle may free its descriptor, which queues its own.
    array handle = std::move(queue.back());
    queue.pop_back();
  }
  deferred_releases = nullptr;
}

array::array(allocator::Buffer data, Shape shape, Dtype dtype,
             std::function<void(allocator::Buffer)> deleter)
    : desc_(std::make_shared<ArrayDesc>(std::move(shape), dtype)) {
  set_data(data, std::move(deleter));
}

array::array(Shape shape, Dtype dtype, std::shared_ptr<Primitive> primitive,
             std::vector<array> inputs)
    : desc_(std::make_shared<ArrayDesc>(std::move(shape), dtype,
                                        std::move(primitive), std::move(inputs))) {}

std::vector<array> array::make_arrays(std::vector<Shape> shapes,
                                      const std::vector<Dtype>& dtypes,
                                      const std::shared_ptr<Primitive>& primitive,
                                      const std::vector<array>& inputs) {
  std::vector<array> outputs;
  for (size_t i = 0; i < shapes.size(); ++i) {
    outputs.emplace_back(std::move(shapes[i]), dtypes[i], primitive, inputs);
  }
  for (size_t i = 0; i < outputs.size(); ++i) {
    auto siblings = outputs;
    siblings.erase(siblings.begin() + i);
    outputs[i].set_siblings(std::move(siblings), static_cast<uint32_t>(i));
  }
  return outputs;
}

array& array::operator=(const array& other) & {
  if (desc_ != other.desc_) {
    array tmp(std::move(*this)); // run our destructor logic on the old value
    desc_ = other.desc_;
  }
  return *this;
}

array& array::operator=(array&& other) & {
  if (this != &other) {
    array tmp(std::move(*this));
    desc_ = std::move(other.desc_);
  }
  return *this;
}

// Siblings hold each other; when only the sibling group itself references its
// members, break the cycle so the group is freed.
array::~array() {
  if (!desc_) return;
  auto n = desc_->siblings.size();
  if (n == 0) return;
  bool do_detach = desc_.use_count() == static_cast<long>(n + 1);
  for (auto& s : desc_->siblings) {
    do_detach &= s.desc_.use_count() == static_cast<long>(n);
    if (!do_detach) return;
  }
  if (do_detach) {
    auto keep = desc_;
    release_sibling_lists(keep->siblings);
  }
}

int array::shape(int dim) const {
  int nd = ndim();
  int d = dim < 0 ? dim + nd : dim;
  if (d < 0 || d >= nd) {
    throw std::out_of_range("[array::shape] Axis " + std::to_string(dim) +
                            " is out of bounds for array with " +
                            std::to_string(nd) + " dimensions.");
  }
  return desc_->shape[d];
}

int64_t array::strides(int dim) const {
  int nd = ndim();
  int d = dim < 0 ? dim + nd : dim;
  if (d < 0 || d >= nd) {
    throw std::out_of_range("[array::strides] Axis out of bounds.");
  }
  return desc_->strides[d];
}

size_t array::buffer_size() const {
  return desc_->data ? desc_->data->buffer.size : 0;
}

bool array::is_donatable() const {
  // Only this handle refers to the descriptor and only the descriptor to the buffer.
  return desc_.use_count() == 1 && desc_->data && desc_->data.use_count() == 1;
}

std::vector<array> array::outputs() const {
  std::vector<array> outs;
  outs.reserve(desc_->siblings.size() + 1);
  append_outputs(outs);
  return outs;
}

void array::append_outputs(std::vector<array>& outs) const {
  auto& sibs = desc_->siblings;
  for (size_t i = 0; i < sibs.size() + 1; ++i) {
    if (i == desc_->position) {
      outs.push_back(*this);
    } else {
      outs.push_back(sibs[i < desc_->position ? i : i - 1]);
    }
  }
}

void array::set_siblings(std::vector<array> siblings, uint32_t position) {
  desc_->siblings = std::move(siblings);
  desc_->position = position;
}

void array::detach() {
  auto keep = desc_;
  for (auto& s : keep->siblings) {
    s.desc_->primitive = nullptr;
    s.desc_->inputs.clear();
    s.desc_->position = 0;
  }
  keep->primitive = nullptr;
  keep->inputs.clear();
  keep->position = 0;
  release_sibling_lists(keep->siblings);
}

void array::eval() {
  if (!is_evaluated()) {
    mxcore::eval({*this});
  }
  backend::ensure_host_readable(*this); // the host reads what eval() returns
}

bool array::is_tracer() const {
  return (desc_->is_tracer && detail::in_tracing()) || detail::retain_graph();
}

void array::set_data(allocator::Buffer buffer,
                     std::function<void(allocator::Buffer)> deleter) {
  desc_->data = std::make_shared<Data>(buffer, std::move(deleter));
  desc_->data_ptr = buffer.ptr;
  desc_->data_size = size();
  desc_->strides = row_major_strides(desc_->shape);
  desc_->flags.contiguous = true;
  desc_->flags.row_contiguous = true;
  int non_unit = 0;
  for (auto s : desc_->shape) non_unit += (s != 1);
  desc_->flags.col_contiguous = non_unit <= 1;
  desc_->status = Status::evaluated;
}

void array::set_data(std::shared_ptr<Data> data, size_t data_size,
                     Strides strides, Flags flags) {
  desc_->data = std::move(data);
  desc_->data_ptr = desc_->data->buffer.ptr;
  desc_->data_size = data_size;
  desc_->strides = std::move(strides);
  desc_->flags = flags;
  desc_->status = Status::evaluated;
}

void array::copy_shared_buffer(const array& other, const Strides& strides,
                               Flags flags, size_t data_size, int64_t offset) {
  desc_->data = other.desc_->data;
  desc_->strides = strides;
  desc_->flags = flags;
  desc_->data_size = data_size;
  desc_->data_ptr = static_cast<char*>(other.desc_->data_ptr) +
                    offset * static_cast<int64_t>(other.itemsize());
  desc_->status = Status::evaluated;
}

void array::copy_shared_buffer(const array& other) {
  copy_shared_buffer(other, other.strides(), other.flags(), other.data_size());
}

void array::move_shared_buffer(array other) {
  desc_->data = std::move(other.desc_->data);
  desc_->strides = other.strides();
  desc_->flags = other.flags();
  desc_->data_size = other.data_size();
  desc_->data_ptr = other.desc_->data_ptr;
  desc_->status = Status::evaluated;
}

void array::set_shape(Shape shape) {
  desc_->shape = std::move(shape);
  desc_->init();
}

} // namespace mxcore
