#include "io/io_util.h"

#include <algorithm>
#include <limits>

#include "mxcore/primitives.h"
#include "primitives/elementwise.h"

namespace mxcore::io_detail {

array dense_for_write(array a, bool& fortran) {
  a.eval();
  if (a.flags().row_contiguous) {
    fortran = false;
    return a;
  }
  if (a.flags().col_contiguous) {
    fortran = true;
    return a;
  }
  // Broadcasts, slices with gaps, permutations other than the full reversal.
  fortran = false;
  return row_major_for_write(std::move(a));
}

array row_major_for_write(array a) {
  a.eval();
  if (a.flags().row_contiguous) return a;
  // A same-dtype AsType copies to row-major any input it cannot donate, and
  // `a` stays referenced here; evaluated on the CPU, where the bytes are read.
  array dense(a.shape(), a.dtype(),
              std::make_shared<AsType>(default_stream(Device::cpu), a.dtype()), {a});
  dense.eval();
  if (!dense.flags().row_contiguous) {
    throw std::logic_error("[save] Expected a row-major copy of the array.");
  }
  return dense;
}

void write_data(io::Writer& out, const array& a) {
  if (a.size() == 0) return;
  out.write(static_cast<const char*>(a.raw_data()), a.nbytes());
}

size_t checked_nbytes(const Shape& shape, Dtype dtype, const char* op) {
  size_t n = dtype.size;
  for (auto d : shape) {
    if (d < 0) {
      throw std::invalid_argument(std::string("[") + op + "] Negative dimension in shape.");
    }
    if (d != 0 && n > std::numeric_limits<size_t>::max() / static_cast<size_t>(d)) {
      throw std::invalid_argument(std::string("[") + op + "] Array size overflows.");
    }
    n *= static_cast<size_t>(d);
  }
  return n;
}

namespace {

void byteswap(char* data, size_t count, size_t width) {
  for (size_t i = 0; i < count; ++i, data += width) std::reverse(data, data + width);
}

} // namespace

array read_array(io::Reader& in, const Shape& shape, Dtype dtype,
                 std::optional<size_t> offset, bool swap_bytes) {
  size_t nbytes = checked_nbytes(shape, dtype, "load");
  auto buffer = allocator::malloc(nbytes);
  try {
    char* ptr = static_cast<char*>(buffer.ptr);
    if (nbytes > 0) {
      if (offset) {
        in.read(ptr, nbytes, *offset);
      } else {
        in.read(ptr, nbytes);
      }
    }
    if (swap_bytes && dtype.size > 1) {
      size_t width = dtype == complex64 ? 4 : dtype.size;
      byteswap(ptr, nbytes / width, width);
    }
    if (dtype == bool_) {
      for (size_t i = 0; i < nbytes; ++i) ptr[i] = ptr[i] != 0;
    }
  } catch (...) {
    allocator::free(buffer);
    throw;
  }
  return array(buffer, shape, dtype);
}

} // namespace mxcore::io_detail
