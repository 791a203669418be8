// Docstrings: io (see docstrings.h).
#include "docstrings.h"

namespace mxpy::docs {

std::vector<Entry> io_entries() {
  return {
  };
}

} // namespace mxpy::docs
