// Docstrings: misc (see docstrings.h).
#include "docstrings.h"

namespace mxpy::docs {

std::vector<Entry> misc_entries() {
  return {
  };
}

} // namespace mxpy::docs
