// Docstrings: misc (see docstrings.h).
#include "docs/docstrings.h"

namespace mxpy::docs {

std::vector<Entry> misc_entries() {
  return {
  };
}

} // namespace mxpy::docs
