"""mxcore: a lazy array library with composable function transformations and
a graph compiler. The API mirrors ``mlx.core``: ``import mxcore as mx``."""

import sys as _sys

from . import _core
from ._core import *  # noqa: F401,F403
from ._stream import stream  # noqa: F401
from ._io import load, savez, savez_compressed  # noqa: F401
from ._gguf import save_gguf  # noqa: F401

from ._api_extra import *  # noqa: F401,F403

# `import mxcore.fft` / `from mxcore.linalg import norm`, as with mlx.core.
for _name in ("fft", "linalg", "random", "fast", "metal", "cuda", "distributed"):
    _sys.modules[__name__ + "." + _name] = globals()[_name]

__version__ = "0.1.0"
