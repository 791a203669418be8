"""``on_stream``: run a Python-level composition on its ``stream`` argument.

The compositions in _api_extra, _fp8, _hadamard, ... call many ops; rather
than threading ``stream=`` through each, the decorator makes the requested
stream (or device) the default for the duration of the call."""

import functools
import inspect
from typing import Any, Callable, TypeVar, cast

from ._stream import stream as _stream_context

_F = TypeVar("_F", bound=Callable[..., Any])


def on_stream(fn: _F) -> _F:
    params = list(inspect.signature(fn).parameters.values())
    names = [p.name for p in params]
    index = names.index("stream")
    positional = params[index].kind in (inspect.Parameter.POSITIONAL_ONLY,
                                        inspect.Parameter.POSITIONAL_OR_KEYWORD)

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        s = kwargs.get("stream")
        if s is None and positional and len(args) > index:
            s = args[index]
        if s is None:
            return fn(*args, **kwargs)
        with _stream_context(s):
            return fn(*args, **kwargs)

    return cast(_F, wrapper)  # the same signature, for type checkers
