// Docstrings: transforms (see docstrings.h).
#include "docs/docstrings.h"

namespace mxpy::docs {

std::vector<Entry> transforms_entries() {
  return {
  };
}

} // namespace mxpy::docs
