// Docstrings: device memory (see docstrings.h).
#include "docs/docstrings.h"

namespace mxpy::docs {

std::vector<Entry> device_memory_entries() {
  return {
  };
}

} // namespace mxpy::docs
