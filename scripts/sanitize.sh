#!/usr/bin/env bash
# AddressSanitizer + UndefinedBehaviorSanitizer run: builds the library, the
# extension and the C++ tests with -fsanitize=address,undefined -g1 -O1 into
# build/asan (or $MXCORE_ASAN_BUILD), runs ctest and a Python subset (or, with
# `all`, the whole suite) under them, and fails on any sanitizer report.
# Run before each release; docs/SANITIZERS.md records the last result.
#   bash scripts/sanitize.sh [all | pytest files...]   (default: the subset below)
# Environment:
#   CMAKE_BUILD_PARALLEL_LEVEL  build and ctest jobs (default 2)
#   MXCORE_SANITIZE_PYTEST_JOBS pytest-xdist workers (default: serial)
#   MXCORE_SANITIZE_CTEST=0     skip the C++ tests
#   MXCORE_SANITIZE_DEADLINE    epoch second at which the Python run is stopped
#                               (so the reports are still printed; default none)
#   PYTHONPATH                  kept (after the sanitized package), so a
#                               scipy_openblas32 installed with --target is found
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${MXCORE_ASAN_BUILD:-$root/build/asan}"
jobs="${CMAKE_BUILD_PARALLEL_LEVEL:-2}"
# -g1: line tables, enough for symbolized reports at a fraction of -g's cost.
# UBSan recovers (each report printed once, the run goes on, and the grep at
# the end fails it), so one run lists every report; ASan stops at its first.
flags="-fsanitize=address,undefined -fno-omit-frame-pointer -g1 -O1"
started=$(date +%s)
stamp() { echo "[sanitize] $1 at +$(( $(date +%s) - started ))s"; }

asan_rt="$(g++ -print-file-name=libasan.so)"
ubsan_rt="$(g++ -print-file-name=libubsan.so)"
if [ ! -e "$asan_rt" ] || [ ! -e "$ubsan_rt" ]; then
  echo "sanitize: g++ has no libasan.so/libubsan.so ($asan_rt, $ubsan_rt)" >&2
  exit 2
fi

cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Dev \
  -DCMAKE_CXX_FLAGS="$flags" \
  -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" \
  -DCMAKE_SHARED_LINKER_FLAGS="-fsanitize=address,undefined" \
  -DCMAKE_MODULE_LINKER_FLAGS="-fsanitize=address,undefined" \
  -DMXCORE_BUILD_PYTHON=ON -DMXCORE_BUILD_TESTS=ON -DMXCORE_DEV_INPLACE=OFF -DMXCORE_SANITIZER_BUILD=ON \
  -Dpybind11_DIR="$(python3 -m pybind11 --cmakedir)" >/dev/null
cmake --build "$build" -j "$jobs"
stamp "built"

# A package directory of the Python sources and the sanitized extension, so
# the development extension in python/mxcore is left alone.
pkg="$build/python/mxcore"
rm -rf "$pkg"
mkdir -p "$pkg"
for f in "$root"/python/mxcore/*; do
  case "$(basename "$f")" in _core*|__pycache__|share) ;; *) ln -sf "$f" "$pkg/" ;; esac
done
ln -sf "$(ls "$build"/_core*.so | head -n 1)" "$pkg/"

log="$build/sanitize.log"
: > "$log"
export ASAN_OPTIONS="detect_leaks=0:halt_on_error=1:abort_on_error=0:log_path=$build/asan-report"
# GCC's UBSan ignores log_path next to ASan: its reports go to stderr, which
# pytest must not capture (--capture=sys below) so they reach the log.
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=0"
rm -f "$build"/asan-report.*
status=0

if [ "${MXCORE_SANITIZE_CTEST:-1}" != 0 ]; then
  ctest --test-dir "$build" -j "$jobs" --timeout 300 --output-on-failure \
    --output-log "$build/ctest-full.log" 2>&1 | tee -a "$log" || status=1
  # A recovered UBSan report does not fail its test: find it in every output.
  grep -h -A25 "runtime error:" "$build/ctest-full.log" | tee -a "$log" || true
  stamp "ctest done"
fi

if [ "${1:-}" = "all" ]; then
  tests=()
  # Packaging tests build wheels, CMake projects and venvs (not library code);
  # the MPI tests need MPICH's mpiexec (the `mpich` wheel), absent on some hosts.
  have_mpich=0
  if mpiexec --version 2>/dev/null | grep -qiE "hydra|mpich"; then have_mpich=1; fi
  for f in "$root"/tests/python/test_*.py; do
    case "$(basename "$f")" in
      test_packaging.py) continue ;;
      test_distributed_mpi.py) [ "$have_mpich" = 1 ] || { echo "sanitize: no MPICH mpiexec, skipping test_distributed_mpi.py"; continue; } ;;
    esac
    tests+=("$(basename "$f")")
  done
elif [ "$#" -gt 0 ]; then
  tests=("$@")
else
  tests=(test_indexing.py test_indexing_advanced.py test_array.py test_creation.py
         test_elementwise.py test_shape.py test_reduce.py test_transforms.py test_vmap.py
         test_compile.py test_bad_input.py test_interrupts.py)
fi
pytest_args=(-q -p no:cacheprovider -rf --capture=sys)
if [ -n "${MXCORE_SANITIZE_PYTEST_JOBS:-}" ]; then
  pytest_args+=(-n "$MXCORE_SANITIZE_PYTEST_JOBS")
fi
runner=()
if [ -n "${MXCORE_SANITIZE_DEADLINE:-}" ]; then
  left=$(( MXCORE_SANITIZE_DEADLINE - $(date +%s) ))
  [ "$left" -lt 10 ] && left=10
  runner=(timeout --signal=INT --kill-after=15 "$left")
fi
# The Python interpreter is not sanitized: the runtime is preloaded for it.
(cd "$root/tests/python" &&
  LD_PRELOAD="$asan_rt:$ubsan_rt" PYTHONPATH="$build/python${PYTHONPATH:+:$PYTHONPATH}" \
    MXCORE_CACHE_DIR="$build/jit-cache" \
    "${runner[@]}" python3 -m pytest "${pytest_args[@]}" "${tests[@]}") 2>&1 | tee -a "$log" || status=1
stamp "pytest done"

if ls "$build"/asan-report.* >/dev/null 2>&1; then
  echo "sanitizer reports:" | tee -a "$log"
  cat "$build"/asan-report.* | tee -a "$log"
  status=1
fi
if grep -qE "ERROR: AddressSanitizer|runtime error:" "$log"; then status=1; fi
[ "$status" -eq 0 ] && echo "sanitize: clean" || echo "sanitize: FAILED (see $log)"
exit "$status"
