"""mxcore: a lazy array library with composable function transformations and
a graph compiler. The API mirrors ``mlx.core``: ``import mxcore as mx``."""

from . import _core
from ._core import *  # noqa: F401,F403
from ._compile import compile, export_to_dot  # noqa: F401
from ._stream import stream  # noqa: F401

__version__ = "0.1.0"
from ._api_extra import *  # noqa: F401,F403
