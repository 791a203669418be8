// Docstrings: indexing (see docstrings.h).
#include "docs/docstrings.h"

namespace mxpy::docs {

std::vector<Entry> indexing_entries() {
  return {
  };
}

} // namespace mxpy::docs
