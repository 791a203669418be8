"""Module-aware transforms: gradients and checkpointing with respect to a
model's trainable parameters, and gradient averaging across processes."""

from functools import wraps
from typing import Callable, Optional

import mxcore as mx
from mxcore.nn.layers.base import Module
from mxcore.utils import tree_map


def value_and_grad(model: Module, fn: Callable):
    """Return a function computing ``fn(*args, **kwargs)`` and its gradient
    with respect to ``model.trainable_parameters()`` (a tree of the same
    structure)."""

    def with_parameters(params, *args, **kwargs):
        model.update(params)
        return fn(*args, **kwargs)

    value_and_grad_fn = mx.value_and_grad(with_parameters)

    @wraps(fn)
    def wrapped(*args, **kwargs):
        return value_and_grad_fn(model.trainable_parameters(), *args, **kwargs)

    return wrapped


def checkpoint(module: Module, fn: Optional[Callable] = None):
    """Return ``fn`` (default: the module itself) with gradient checkpointing
    over the module's trainable parameters and the call's inputs: the
    intermediates are recomputed in the backward pass."""
    if fn is None:
        # The module, not module.__call__, so a later patched __call__ is used.
        fn = module

    def with_parameters(params, *args, **kwargs):
        module.update(params)
        return fn(*args, **kwargs)

    checkpointed = mx.checkpoint(with_parameters)

    @wraps(fn)
    def wrapped(*args, **kwargs):
        return checkpointed(module.trainable_parameters(), *args, **kwargs)

    return wrapped


def average_gradients(gradients, group=None, all_reduce_size: int = 32 * 1024**2, communication_stream=None):
    """Average a gradient tree over the processes of ``group`` (default: the
    global group) with ``mx.distributed.all_sum``. A single process returns
    ``gradients`` unchanged. ``all_reduce_size`` is accepted for MLX's
    signature; each array is reduced on its own (mxcore has no multi-process
    backend whose messages grouping would pay off)."""
    group = group or mx.distributed.init()
    size = group.size()
    if size == 1:
        return gradients
    return tree_map(lambda g: mx.distributed.all_sum(g, group=group, stream=communication_stream) / size, gradients)
