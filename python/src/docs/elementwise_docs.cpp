// Docstrings: elementwise (see docstrings.h).
#include "docstrings.h"

namespace mxpy::docs {

std::vector<Entry> elementwise_entries() {
  return {
  };
}

} // namespace mxpy::docs
