// Output allocation and layout classification for elementwise kernels.
#include "backend/cpu/binary.h"
#include "backend/cpu/ternary.h"
#include "backend/cpu/unary.h"
#include "kernel/strides.h"

namespace mxcore::cpu {

namespace {
bool is_dense(const array& a) {
  return a.flags().contiguous && a.data_size() == a.size();
}
} // namespace

[[noreturn]] void throw_unsupported_dtype(const char* op, Dtype dtype) {
  throw std::invalid_argument(std::string("[") + op + "] Not supported for dtype " +
                              dtype_name(dtype) + ".");
}

bool prepare_unary_output(const array& in, array& out) {
  if (in.flags().contiguous) {
    // Keep in's layout (possibly transposed) and write over its data range.
    if (in.is_donatable() && in.itemsize() == out.itemsize()) {
      out.copy_shared_buffer(in);
    } else {
      auto n = in.data_size();
      out.set_data(array::Data::make_ptr(allocator::malloc(n * out.itemsize())), n,
                   in.strides(), in.flags());
    }
    return true;
  }
  out.set_data(allocator::malloc(out.nbytes()));
  return false;
}

BinaryLayout get_binary_layout(const array& a, const array& b) {
  bool a_scalar = a.data_size() == 1;
  bool b_scalar = b.data_size() == 1;
  // Two broadcast scalars give a broadcast scalar (as in MLX): one element
  // computed, read through zero strides (the exponent of a power's gradient
  // is such a scalar minus one).
  if (a_scalar && b_scalar) return BinaryLayout::scalar_scalar;
  if (a_scalar && is_dense(b)) return BinaryLayout::scalar_vector;
  if (b_scalar && is_dense(a)) return BinaryLayout::vector_scalar;
  if (is_dense(a) && is_dense(b) && a.strides() == b.strides()) {
    return BinaryLayout::vector_vector;
  }
  return BinaryLayout::general;
}

void prepare_binary_output(const array& a, const array& b, array& out,
                           BinaryLayout layout) {
  auto share_or_alloc = [&](const array& like) {
    for (const array* in : {&a, &b}) {
      if (in->is_donatable() && in->itemsize() == out.itemsize() &&
          in->data_size() == like.data_size() && in->strides() == like.strides()) {
        out.copy_shared_buffer(*in);
        return;
      }
    }
    auto n = like.data_size();
    out.set_data(array::Data::make_ptr(allocator::malloc(n * out.itemsize())), n,
                 like.strides(), like.flags());
  };
  switch (layout) {
    case BinaryLayout::scalar_scalar:
      if (out.size() <= 1) {
        out.set_data(allocator::malloc(out.itemsize()));
      } else {
        Strides zeros(out.ndim(), 0);
        out.set_data(array::Data::make_ptr(allocator::malloc(out.itemsize())), 1, zeros,
                     kernel::view_flags(out.shape(), zeros));
      }
      break;
    case BinaryLayout::scalar_vector:
      share_or_alloc(b);
      break;
    case BinaryLayout::vector_scalar:
    case BinaryLayout::vector_vector:
      share_or_alloc(a);
      break;
    case BinaryLayout::general:
      out.set_data(allocator::malloc(out.nbytes()));
      break;
  }
}

bool same_dense_layout(const array& a, const array& b, const array& c) {
  return is_dense(a) && is_dense(b) && is_dense(c) && a.strides() == b.strides() &&
         a.strides() == c.strides();
}

void prepare_ternary_output(const array& a, const array& b, const array& c,
                            array& out, bool same_layout) {
  if (!same_layout) {
    out.set_data(allocator::malloc(out.nbytes()));
    return;
  }
  for (const array* in : {&a, &b, &c}) {
    if (in->is_donatable() && in->itemsize() == out.itemsize()) {
      out.copy_shared_buffer(*in);
      return;
    }
  }
  auto n = a.data_size();
  out.set_data(array::Data::make_ptr(allocator::malloc(n * out.itemsize())), n,
               a.strides(), a.flags());
}

} // namespace mxcore::cpu
