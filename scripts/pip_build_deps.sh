#!/usr/bin/env bash
# Installs the build requirements named in pyproject.toml into the current
# environment, so `pip install --no-build-isolation` can build in a persistent
# build/wheel: without isolation the build tree records stable include paths,
# and a rebuild after a one-file change recompiles only that file.
set -euo pipefail
python3 -m pip install -q "scikit-build-core>=0.9" "pybind11>=2.12" \
  "scipy-openblas32>=0.3.27" ninja cmake
