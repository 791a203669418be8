#!/usr/bin/env bash
# Installs mxcore (with its C++ tests built alongside) and runs every test:
# the C++ tests under ctest, then the Python tests under pytest.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
python3 -m pip install --upgrade pip >/dev/null 2>&1 || true
export CMAKE_BUILD_PARALLEL_LEVEL="${CMAKE_BUILD_PARALLEL_LEVEL:-2}"
# Without build isolation the persistent build/wheel records stable paths, so
# a rebuild after a one-file change recompiles only that file.
bash scripts/pip_build_deps.sh
echo "Building the mxcore wheel in build/wheel (a fresh build takes about 5 minutes" \
     "on 2 cores; rebuilds recompile only what changed)."
rm -rf build/dist
python3 -m pip wheel -v . --no-deps --no-build-isolation -w build/dist \
  -Ccmake.define.MXCORE_BUILD_TESTS=ON -Cbuild-dir=build/wheel -Cbuild.verbose=true
wheel="$(ls build/dist/mxcore-*.whl)"
# The same version may be installed already: replace it, then add what it needs.
python3 -m pip install --force-reinstall --no-deps "$wheel"
python3 -m pip install "${wheel}[test]"
export MXCORE_TEST_WHEEL="$root/$wheel"
# The C++ tests run from the build tree: point them at the installed BLAS wheel.
blas_dir="$(python3 -c 'import scipy_openblas32 as s; print(s.get_lib_dir())')"
LD_LIBRARY_PATH="$blas_dir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
  ctest --test-dir build/wheel --output-on-failure
cd tests/python
python3 -m pytest -q -p no:cacheprovider .
