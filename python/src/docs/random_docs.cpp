// Docstrings: random (see docstrings.h).
#include "docstrings.h"

namespace mxpy::docs {

std::vector<Entry> random_entries() {
  return {
  };
}

} // namespace mxpy::docs
