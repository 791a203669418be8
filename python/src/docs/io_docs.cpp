// Docstrings: io (see docstrings.h).
#include "docs/docstrings.h"

namespace mxpy::docs {

std::vector<Entry> io_entries() {
  return {
  };
}

} // namespace mxpy::docs
