"""mxcore: a lazy array library with composable function transformations and
a graph compiler. The API mirrors ``mlx.core``: ``import mxcore as mx``."""

import os as _os
import sys as _sys

import numpy as _numpy  # noqa: F401  (first: its own BLAS keeps the user's thread settings)


def _load_core():
    # mxcore's OpenBLAS runs single-threaded inside the kernel pool's budget
    # (thread_pool.cpp). Told so before it loads, it starts no threads; started,
    # its idle threads spin on the cores for their first ~0.1 s.
    saved = _os.environ.get("OPENBLAS_NUM_THREADS")
    _os.environ["OPENBLAS_NUM_THREADS"] = "1"
    try:
        from . import _core
    finally:
        if saved is None:
            del _os.environ["OPENBLAS_NUM_THREADS"]
        else:
            _os.environ["OPENBLAS_NUM_THREADS"] = saved
    return _core


_core = _load_core()
from ._core import *  # noqa: F401,F403
from ._stream import stream  # noqa: F401
from ._stream import stream as StreamContext  # noqa: F401  (the type mx.stream() returns)
from ._io import load, savez, savez_compressed  # noqa: F401
from ._gguf import save_gguf  # noqa: F401
from ._einsum_path import einsum_path  # noqa: F401
from ._array_like import ArrayLike  # noqa: F401
from ._paths import cmake_dir, include_dir  # noqa: F401
from . import metal, cuda  # noqa: F401  (submodules of mlx.core)
from . import _stft, _gated_delta

# Functions of the C++ submodules written in Python (compositions of ops).
_core.fft.stft, _core.fft.istft = _stft.stft, _stft.istft
_core.fast.gated_delta_update = _gated_delta.gated_delta_update

# `import mxcore.fft` / `from mxcore.linalg import norm`, as with mlx.core: the
# C++ submodules of _core are registered under the package's name here, once,
# at import time (the Python submodules above are registered by their import).
for _name in ("fft", "linalg", "random", "fast", "distributed"):
    _sys.modules[__name__ + "." + _name] = getattr(_core, _name)

__version__ = "0.1.0"
