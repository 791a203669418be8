// Docstrings: transforms (see docstrings.h).
#include "docstrings.h"

namespace mxpy::docs {

std::vector<Entry> transforms_entries() {
  return {
  };
}

} // namespace mxpy::docs
