// The headers nearly every library file parses, precompiled once for libmxcore
// (target_precompile_headers in CMakeLists.txt): parsing them was ~0.8 of a
// typical file's ~2.5 CPU-s at -O3. Only the standard library and
// mxcore/array.h, which change rarely and which nearly every file includes
// anyway, so a change to any other header rebuilds only the files that use it.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <complex>
#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <numeric>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "mxcore/array.h"
