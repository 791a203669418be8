// Docstrings: shape (see docstrings.h).
#include "docs/docstrings.h"

namespace mxpy::docs {

std::vector<Entry> shape_entries() {
  return {
  };
}

} // namespace mxpy::docs
