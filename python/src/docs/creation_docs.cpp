// Docstrings: creation (see docstrings.h).
#include "docstrings.h"

namespace mxpy::docs {

std::vector<Entry> creation_entries() {
  return {
      {"zeros", R"(Create an array filled with zeros.

Args:
    shape (int or list(int)): The shape of the output array.
    dtype (Dtype, optional): The data type of the output. Default: ``float32``.

Returns:
    array: The array of zeros with the given shape and dtype.)"},
  };
}

} // namespace mxpy::docs
