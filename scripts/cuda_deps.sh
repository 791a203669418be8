#!/usr/bin/env bash
# Installs what the CUDA backend loads at run time when the system has no
# CUDA toolkit libraries: NVRTC and cuBLAS from their PyPI wheels (mx.cuda
# finds them in site-packages). The driver (libcuda) comes with the GPU.
set -euo pipefail
python3 -m pip install "nvidia-cuda-nvrtc>=13,<14" "nvidia-cublas>=13,<14" "$@"
