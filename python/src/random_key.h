// The key a Python-level sampler uses: the given one, or the next subkey of
// the global key held in `mx.random.state` (python/src/random_bindings.cpp).
#pragma once

#include <optional>

#include "mxcore/array.h"

namespace mxpy {

mxcore::array key_or_next(const std::optional<mxcore::array>& key);

} // namespace mxpy
