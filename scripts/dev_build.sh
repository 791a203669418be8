#!/usr/bin/env bash
# Development build: compiles libmxcore, the extension (into python/mxcore) and
# the C++ tests in build/dev (or $1). Then: PYTHONPATH=python pytest tests/python
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-$root/build/dev}"
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Dev \
  -DCMAKE_CXX_FLAGS="${MXCORE_DEV_CXXFLAGS:--O1}" \
  -DMXCORE_BUILD_PYTHON=ON -DMXCORE_BUILD_TESTS=ON -DMXCORE_DEV_INPLACE=ON \
  -Dpybind11_DIR="$(python3 -m pybind11 --cmakedir)" >/dev/null
cmake --build "$build" -j "${CMAKE_BUILD_PARALLEL_LEVEL:-2}"
