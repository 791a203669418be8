#!/usr/bin/env bash
# AddressSanitizer + UndefinedBehaviorSanitizer run: builds the library, the
# extension and the C++ tests with -fsanitize=address,undefined -g -O1 into
# build/asan (or $MXCORE_ASAN_BUILD), runs ctest and a Python subset under
# them, and fails on any sanitizer report. Run before each release.
#   bash scripts/sanitize.sh [pytest files...]   (default: the subset below)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${MXCORE_ASAN_BUILD:-$root/build/asan}"
flags="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined -g -O1"

cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Dev \
  -DCMAKE_CXX_FLAGS="$flags" \
  -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" \
  -DCMAKE_SHARED_LINKER_FLAGS="-fsanitize=address,undefined" \
  -DCMAKE_MODULE_LINKER_FLAGS="-fsanitize=address,undefined" \
  -DMXCORE_BUILD_PYTHON=ON -DMXCORE_BUILD_TESTS=ON -DMXCORE_DEV_INPLACE=OFF \
  -Dpybind11_DIR="$(python3 -m pybind11 --cmakedir)" >/dev/null
cmake --build "$build" -j "${CMAKE_BUILD_PARALLEL_LEVEL:-2}"

# A package directory of the Python sources and the sanitized extension, so
# the development extension in python/mxcore is left alone.
pkg="$build/python/mxcore"
mkdir -p "$pkg"
for f in "$root"/python/mxcore/*.py; do ln -sf "$f" "$pkg/"; done
ln -sf "$(ls "$build"/_core*.so | head -n 1)" "$pkg/"

log="$build/sanitize.log"
: > "$log"
export ASAN_OPTIONS="detect_leaks=0:halt_on_error=1:abort_on_error=0:log_path=$build/asan-report"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:log_path=$build/asan-report"
rm -f "$build"/asan-report.*
status=0

ctest --test-dir "$build" --output-on-failure 2>&1 | tee -a "$log" || status=1

if [ "$#" -gt 0 ]; then
  tests=("$@")
else
  tests=(test_indexing.py test_indexing_advanced.py test_array.py test_creation.py
         test_elementwise.py test_shape.py test_reduce.py test_transforms.py test_vmap.py
         test_compile.py test_bad_input.py test_interrupts.py)
fi
# The Python interpreter is not sanitized: the runtime is preloaded for it.
preload="$(g++ -print-file-name=libasan.so):$(g++ -print-file-name=libubsan.so)"
(cd "$root/tests/python" &&
  LD_PRELOAD="$preload" PYTHONPATH="$build/python" MXCORE_CACHE_DIR="$build/jit-cache" \
    python3 -m pytest -q -x -p no:cacheprovider "${tests[@]}") 2>&1 | tee -a "$log" || status=1

if ls "$build"/asan-report.* >/dev/null 2>&1; then
  echo "sanitizer reports:" | tee -a "$log"
  cat "$build"/asan-report.* | tee -a "$log"
  status=1
fi
if grep -qE "ERROR: AddressSanitizer|runtime error:" "$log"; then status=1; fi
[ "$status" -eq 0 ] && echo "sanitize: clean" || echo "sanitize: FAILED (see $log)"
exit "$status"
