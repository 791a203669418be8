"""``mx.ArrayLike``: what an op accepts where it takes an array (an array, a
Python scalar, a NumPy array or a nested sequence), for annotations as MLX
programs write them (``def f(x: mx.ArrayLike)``). The same union as the type
stubs' alias, so a checker and the run time agree."""

from collections.abc import Sequence

import numpy

from ._core import array

ArrayLike = array | bool | int | float | complex | numpy.ndarray | Sequence
