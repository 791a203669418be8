// Docstrings: array method (see docstrings.h).
#include "docstrings.h"

namespace mxpy::docs {

std::vector<Entry> array_method_entries() {
  return {
  };
}

} // namespace mxpy::docs
