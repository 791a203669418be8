// Docstrings: creation (see docstrings.h).
#include "docs/docstrings.h"

namespace mxpy::docs {

std::vector<Entry> creation_entries() {
  return {
  };
}

} // namespace mxpy::docs
