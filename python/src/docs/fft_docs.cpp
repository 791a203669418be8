// Docstrings: fft (see docstrings.h).
#include "docstrings.h"

namespace mxpy::docs {

std::vector<Entry> fft_entries() {
  return {
  };
}

} // namespace mxpy::docs
