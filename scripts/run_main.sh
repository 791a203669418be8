#!/usr/bin/env bash
# Installs mxcore and runs the main job: the compiled-vs-eager benchmark.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
export CMAKE_BUILD_PARALLEL_LEVEL="${CMAKE_BUILD_PARALLEL_LEVEL:-2}"
python3 -m pip install . -Cbuild-dir=build/wheel
python3 benchmarks/demo.py
