// Helpers shared by the .npy and .safetensors readers and writers.
#pragma once

#include <optional>

#include "mxcore/io.h"

namespace mxcore::io_detail {

// Evaluates a and returns it, or a row-major copy of it when it is neither
// row- nor column-contiguous. `fortran` says the result is column-major (and
// not row-major), so its bytes are in Fortran order.
array dense_for_write(array a, bool& fortran);

// Evaluates a and returns it, or a row-major copy when it is not row-contiguous.
array row_major_for_write(array a);

// Writes the size() elements of a dense (row- or column-contiguous) array.
void write_data(io::Writer& out, const array& a);

// shape_size(shape) * dtype.size, or std::invalid_argument naming op on overflow
// or a negative dimension.
size_t checked_nbytes(const Shape& shape, Dtype dtype, const char* op);

// Reads a row-major array of the given shape and dtype, sequentially or at an
// offset. swap_bytes reverses the bytes of each scalar (a complex64 holds two).
// Bool bytes are normalised to 0/1 so that every bool is a valid bool.
array read_array(io::Reader& in, const Shape& shape, Dtype dtype,
                 std::optional<size_t> offset = std::nullopt, bool swap_bytes = false);

// read_array, deferred to eval (a Load primitive on a CPU stream) when `in` is
// a file on disk (a sequential read then reads at tell() and does not advance:
// one array per .npy); other readers (Python file objects) read now.
array read_array_lazy(const std::shared_ptr<io::Reader>& in, const Shape& shape, Dtype dtype,
                      std::optional<size_t> offset, bool swap_bytes, StreamOrDevice s);

} // namespace mxcore::io_detail
