#include "io/load_primitive.h"

#include <algorithm>

namespace mxcore::io_detail {

namespace {

void byteswap(char* data, size_t count, size_t width) {
  for (size_t i = 0; i < count; ++i, data += width) std::reverse(data, data + width);
}

} // namespace

void read_into(io::Reader& in, char* ptr, size_t nbytes, Dtype dtype,
               std::optional<size_t> offset, bool swap_bytes) {
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
}

void Load::eval_cpu(const std::vector<array>&, array& out) {
  auto buffer = allocator::malloc(out.nbytes());
  try {
    read_into(*reader_, static_cast<char*>(buffer.ptr), out.nbytes(), out.dtype(), offset_,
              swap_bytes_);
  } catch (...) {
    allocator::free(buffer);
    throw;
  }
  out.set_data(buffer);
}

} // namespace mxcore::io_detail
