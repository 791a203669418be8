// Docstrings: fft (see docstrings.h).
#include "docs/docstrings.h"

namespace mxpy::docs {

std::vector<Entry> fft_entries() {
  return {
  };
}

} // namespace mxpy::docs
