// Docstrings: fast (see docstrings.h).
#include "docstrings.h"

namespace mxpy::docs {

std::vector<Entry> fast_entries() {
  return {
  };
}

} // namespace mxpy::docs
