#!/usr/bin/env bash
# Builds mxcore with the CUDA backend, runs the GPU tests and the GPU
# benchmark, on a machine with an NVIDIA GPU. Within 10 minutes on an H200,
# the build included. Logs go to $OUT (or build/gpu) when set.
#   bash tests/gpu/run.sh [--no-bench]
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="${OUT:-$root/build/gpu}"
mkdir -p "$out"
jobs="$(nproc)"
echo "== build ($jobs jobs)"
start=$(date +%s)
build="$root/build/gpu-build"
# The system compiler, whose libstdc++ is the one Python and numpy load: a
# separate toolchain (/opt/gcc on the lent H200, set in its environment as
# CXX) produced a library whose iostreams crashed at the first formatted write.
# MXCORE_GPU_CXX overrides.
if [[ -n "${MXCORE_GPU_CXX:-}" ]]; then export CXX="$MXCORE_GPU_CXX"
elif [[ -x /usr/bin/g++ ]]; then export CXX=/usr/bin/g++; fi
{ cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Dev -DCMAKE_CXX_FLAGS=-O1 -DMXCORE_BUILD_CUDA=ON \
    -DMXCORE_BUILD_PYTHON=ON -DMXCORE_BUILD_TESTS=OFF -DMXCORE_DEV_INPLACE=ON \
    -Dpybind11_DIR="$(python3 -m pybind11 --cmakedir)" &&
  cmake --build "$build" -j "$jobs"; } >"$out/build.log" 2>&1 \
  || { tail -50 "$out/build.log"; exit 1; }
grep -q "CUDA backend: on" "$out/build.log" || { echo "the CUDA backend was not built"; exit 1; }
echo "build: $(( $(date +%s) - start )) s"
export PYTHONPATH="$root/python${PYTHONPATH:+:$PYTHONPATH}"
export MXCORE_CACHE_DIR="${MXCORE_CACHE_DIR:-$root/build/gpu-cache}"
mkdir -p "$MXCORE_CACHE_DIR" && chmod 700 "$MXCORE_CACHE_DIR"
python3 -c "import mxcore as mx; assert mx.cuda.is_available(), 'no CUDA backend'; print('mx.gpu:', mx.gpu)"
echo "== smoke"
if ! python3 -X faulthandler "$root/tests/gpu/smoke.py" >"$out/smoke.log" 2>&1; then
  tail -20 "$out/smoke.log"
  command -v cuda-gdb >/dev/null && cuda-gdb -batch -ex run -ex "bt 6" -ex "x/6i \$pc" -ex "info registers" -ex "frame 3" -ex "x/6i \$pc-24" \
    --args "$(python3 -c 'import sys; print(sys.executable)')" "$root/tests/gpu/smoke.py" 2>&1 \
    | grep -v "^\[New Thread\|^\[Thread" | head -90 | tee "$out/smoke_gdb.log"
else
  cat "$out/smoke.log"
fi
echo "== GPU tests"
start=$(date +%s)
xdist=""
python3 -c "import xdist" 2>/dev/null && xdist="-n 8"
status=0
(cd "$root/tests/gpu" && python3 -m pytest -q $xdist -p no:cacheprovider . 2>&1 | tee "$out/tests.log") || status=1
echo "tests: $(( $(date +%s) - start )) s"
if [[ "${1:-}" != "--no-bench" ]]; then
  echo "== GPU benchmark"
  python3 "$root/benchmarks/gpu_bench.py" 2>&1 | tee "$out/bench.log" || status=1
fi
exit $status
