"""``mx.compile``: the Python wrapper around the C++ compile cache.

Arguments are pytrees: their arrays become the inputs of the compiled graph;
everything else (ints, floats, bools, strings, None and the tree structure
itself) is a compile-time constant that is part of the cache key. State
captured with ``inputs=`` is read before each call and state captured with
``outputs=`` is written back after it.
"""

import functools
import os
import struct
import weakref

from . import _core
from ._tree import tree_fill, tree_flatten, tree_replace, tree_unflatten

__all__ = ["compile", "export_to_dot"]

_MASK = (1 << 64) - 1

# Large primes tag each kind of node so the structure of the arguments is
# part of the key (a list of two ints differs from a tuple of two ints).
_ARRAY = 18446744073709551557
_LIST = 18446744073709551533
_DICT = 18446744073709551521
_TUPLE = 18446744073709551437
_END = 18446744073709551427
_INT = 18446744073709551359
_FLOAT = 18446744073709551337
_BOOL = 18446744073709551293
_STR = 18446744073709551263
_NONE = 18446744073709551253


def _type_name(obj):
    return type(obj).__name__


def _signature(obj, constants):
    """Appends obj's structure and constant values to ``constants``; raises
    for leaves that are neither arrays nor constants."""
    if isinstance(obj, _core.array):
        constants.append(_ARRAY)
    elif isinstance(obj, (list, tuple)):
        constants.append(_LIST if isinstance(obj, list) else _TUPLE)
        constants.append(len(obj))
        for child in obj:
            _signature(child, constants)
        constants.append(_END)
    elif isinstance(obj, dict):
        constants.append(_DICT)
        constants.append(len(obj))
        for k, v in obj.items():
            constants.append(hash(k) & _MASK)
            _signature(v, constants)
        constants.append(_END)
    elif isinstance(obj, bool):
        constants.extend((_BOOL, int(obj)))
    elif isinstance(obj, int):
        # Arbitrary precision: fold in 64-bit chunks with the sign.
        constants.extend((_INT, 1 if obj < 0 else 0))
        v = abs(obj)
        while True:
            constants.append(v & _MASK)
            v >>= 64
            if not v:
                break
    elif isinstance(obj, float):
        constants.extend((_FLOAT, struct.unpack("<Q", struct.pack("<d", obj))[0]))
    elif isinstance(obj, str):
        constants.extend((_STR, hash(obj) & _MASK))
    elif obj is None:
        constants.append(_NONE)
    else:
        raise ValueError(
            "[compile] Function arguments must be trees of arrays or constants "
            "(floats, ints, or strings), but received type "
            f"{type(obj).__module__}.{type(obj).__qualname__}."
        )


def _is_array(x):
    return isinstance(x, _core.array)


def _state_arrays(tree):
    """The arrays of a captured state tree (other leaves are ignored)."""
    if tree is None:
        return []
    return [x for x in tree_flatten(tree)[0] if _is_array(x)]


def compile(fun=None, inputs=None, outputs=None, shapeless=False):
    """Returns a compiled function which produces the same output as ``fun``.

    Args:
        fun (Callable): A function which takes a variable number of trees of
            arrays (and constants) and returns a variable number of trees of
            arrays.
        inputs (list or dict, optional): Additional implicit inputs: a tree of
            arrays (e.g. ``mx.random.state`` or a model's state) the function
            reads without receiving them as arguments. Default: ``None``.
        outputs (list or dict, optional): Additional implicit outputs: a tree
            of containers the function updates; they are written back after
            each call. Default: ``None``.
        shapeless (bool, optional): A function compiled with ``shapeless=True``
            is not recompiled when the input shapes change (the number of
            dimensions and dtypes still count). Default: ``False``.
    """
    if fun is None:
        return functools.partial(
            compile, inputs=inputs, outputs=outputs, shapeless=shapeless
        )
    if not callable(fun):
        raise TypeError(f"[compile] Expected a callable, got {_type_name(fun)}.")
    fun_id = id(fun)

    @functools.wraps(fun)
    def compiled(*args, **kwargs):
        constants = []
        _signature(args, constants)
        _signature(kwargs, constants)
        leaves, structure = tree_flatten((args, kwargs))
        array_slots = [i for i, x in enumerate(leaves) if _is_array(x)]
        num_args = len(array_slots)
        flat_inputs = [leaves[i] for i in array_slots] + _state_arrays(inputs)

        def trace(tracers):
            # Captured inputs see tracers while the function runs.
            state_tracers = tracers[num_args:]
            state_originals = _state_arrays(inputs)
            if inputs is not None:
                tree_fill(inputs, state_tracers, _is_array)
            try:
                new_leaves = list(leaves)
                for slot, t in zip(array_slots, tracers[:num_args]):
                    new_leaves[slot] = t
                call_args, call_kwargs = tree_unflatten(structure, new_leaves)
                result = fun(*call_args, **call_kwargs)
                out_leaves, out_structure = tree_flatten(result)
                out_slots = [i for i, x in enumerate(out_leaves) if _is_array(x)]
                flat_outputs = [out_leaves[i] for i in out_slots]
                num_outputs = len(flat_outputs)
                flat_outputs += _state_arrays(outputs)
            finally:
                # Tracers still in the captured inputs go back to the arrays
                # they stood for (the function may have replaced some).
                if inputs is not None:
                    tree_replace(inputs, state_tracers, state_originals)
            constant_leaves = [
                None if _is_array(x) else x for x in out_leaves
            ]
            return flat_outputs, (out_structure, out_slots, constant_leaves, num_outputs)

        flat_outputs, extra = _core._compile_call(
            fun_id, trace, flat_inputs, constants, shapeless
        )
        out_structure, out_slots, constant_leaves, num_outputs = extra
        if outputs is not None:
            tree_fill(outputs, flat_outputs[num_outputs:], _is_array)
        out_leaves = list(constant_leaves)
        for slot, a in zip(out_slots, flat_outputs[:num_outputs]):
            out_leaves[slot] = a
        return tree_unflatten(out_structure, out_leaves)

    # When the compiled function dies, its cache entries go too.
    weakref.finalize(compiled, _core._compile_erase, fun_id)
    return compiled


def export_to_dot(file, *args, **kwargs):
    """Writes the graph computing ``args`` (trees of arrays) as graphviz dot.

    ``file`` is a path or a file-like object. Keyword arguments name arrays
    (``export_to_dot("g.dot", out, x=x)``) and add them to the graph.
    Fused regions of a compiled function show as ``Compiled(...)`` nodes.
    """
    arrays = [x for x in tree_flatten(args)[0] if _is_array(x)]
    names = []
    for name, value in kwargs.items():
        for i, x in enumerate(a for a in tree_flatten(value)[0] if _is_array(a)):
            names.append((x, name if i == 0 else f"{name}_{i}"))
            arrays.append(x)
    text = _core._export_to_dot(arrays, names)
    if isinstance(file, (str, os.PathLike)):
        with open(file, "w") as f:
            f.write(text)
    else:
        file.write(text)
