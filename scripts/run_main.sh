#!/usr/bin/env bash
# Installs mxcore and runs the main job: a short lazy-evaluation demo, then
# the benchmark suite (short mode: kernels, training and decoding steps, first
# call latency) side by side with every installed peer, then the seed's
# compile_bench. Extra arguments go to the suite (e.g. --full).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
export CMAKE_BUILD_PARALLEL_LEVEL="${CMAKE_BUILD_PARALLEL_LEVEL:-2}"
bash scripts/pip_build_deps.sh
echo "Building mxcore in build/wheel (a fresh build takes several minutes on 2 cores;" \
     "rebuilds recompile only what changed)."
python3 -m pip install -v . --no-build-isolation -Cbuild-dir=build/wheel -Cbuild.verbose=true
python3 benchmarks/demo.py
python3 benchmarks/run_suite.py "$@"
python3 benchmarks/compile_bench.py
