// Docstrings: linalg (see docstrings.h).
#include "docs/docstrings.h"

namespace mxpy::docs {

std::vector<Entry> linalg_entries() {
  return {
  };
}

} // namespace mxpy::docs
