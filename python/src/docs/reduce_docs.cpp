// Docstrings: reduce (see docstrings.h).
#include "docstrings.h"

namespace mxpy::docs {

std::vector<Entry> reduce_entries() {
  return {
  };
}

} // namespace mxpy::docs
