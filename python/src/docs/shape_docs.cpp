// Docstrings: shape (see docstrings.h).
#include "docstrings.h"

namespace mxpy::docs {

std::vector<Entry> shape_entries() {
  return {
  };
}

} // namespace mxpy::docs
