#include "io/io_util.h"

#include <sys/stat.h>

#include <algorithm>
#include <limits>

#include "io/load_primitive.h"
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

array read_array(io::Reader& in, const Shape& shape, Dtype dtype,
                 std::optional<size_t> offset, bool swap_bytes) {
  size_t nbytes = checked_nbytes(shape, dtype, "load");
  auto buffer = allocator::malloc(nbytes);
  try {
    read_into(in, static_cast<char*>(buffer.ptr), nbytes, dtype, offset, swap_bytes);
  } catch (...) {
    allocator::free(buffer);
    throw;
  }
  return array(buffer, shape, dtype);
}

array read_array_lazy(const std::shared_ptr<io::Reader>& in, const Shape& shape, Dtype dtype,
                      std::optional<size_t> at, bool swap_bytes, StreamOrDevice s) {
  // Only files read lazily: positioned reads on a file descriptor need no GIL
  // and stay valid after the file is closed, renamed or removed by its path.
  auto* file = dynamic_cast<io::FileReader*>(in.get());
  if (!file) return read_array(*in, shape, dtype, at, swap_bytes);
  size_t offset = at.value_or(in->tell());
  size_t nbytes = checked_nbytes(shape, dtype, "load");
  // Data missing already when load runs is the loader's error, as before.
  struct stat st;
  if (::stat(file->label().c_str(), &st) == 0 &&
      offset + nbytes > static_cast<size_t>(st.st_size)) {
    throw std::runtime_error("[read] Unable to read " + std::to_string(nbytes) +
                             " bytes from file " + file->label() + ".");
  }
  Stream stream = to_stream(s);
  if (stream.device != Device::cpu) stream = default_stream(Device::cpu);
  return array(shape, dtype, std::make_shared<Load>(stream, in, offset, swap_bytes), {});
}

} // namespace mxcore::io_detail
