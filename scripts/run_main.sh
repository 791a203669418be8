#!/usr/bin/env bash
# Installs mxcore and runs the main job: a short lazy-evaluation demo, then the
# compiled-vs-eager benchmark (peers such as MLX, torch and JAX are compared
# when installed; see benchmarks/compile_bench.py).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
export CMAKE_BUILD_PARALLEL_LEVEL="${CMAKE_BUILD_PARALLEL_LEVEL:-2}"
python3 -m pip install . -Cbuild-dir=build/wheel
python3 benchmarks/demo.py
python3 benchmarks/compile_bench.py "$@"
