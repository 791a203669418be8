// Docstrings: linalg (see docstrings.h).
#include "docstrings.h"

namespace mxpy::docs {

std::vector<Entry> linalg_entries() {
  return {
  };
}

} // namespace mxpy::docs
