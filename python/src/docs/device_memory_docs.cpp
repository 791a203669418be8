// Docstrings: device memory (see docstrings.h).
#include "docstrings.h"

namespace mxpy::docs {

std::vector<Entry> device_memory_entries() {
  return {
  };
}

} // namespace mxpy::docs
