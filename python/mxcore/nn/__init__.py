"""Neural network building blocks with the API of ``mlx.nn``: ``Module``,
layers, initialisers, ``value_and_grad`` and ``quantize``, written on top of
``mxcore`` ops."""

from mxcore.nn import init
from mxcore.nn.layers import *  # noqa: F401,F403
from mxcore.nn.layers import Module  # noqa: F401
from mxcore.nn.utils import average_gradients, checkpoint, value_and_grad  # noqa: F401

from mxcore.nn import losses  # noqa: F401
