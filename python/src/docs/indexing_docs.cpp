// Docstrings: indexing (see docstrings.h).
#include "docstrings.h"

namespace mxpy::docs {

std::vector<Entry> indexing_entries() {
  return {
  };
}

} // namespace mxpy::docs
