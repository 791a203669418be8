"""mlx.core functions that are compositions of existing ops.

Each is built from differentiable, vmappable primitives, so grad, vmap and
compile work through them without extra rules. Names, signatures, defaults
and error messages follow mlx.core 0.32.
"""

import math as _math

from . import _core as _mx
from ._on_stream import on_stream

__all__ = [
    "e", "pi", "inf", "nan", "euler_gamma", "newaxis",
    "flip", "trunc", "logical_xor", "count_nonzero", "median", "unstack",
    "vecdot", "diff", "searchsorted", "unique", "broadcast_shapes", "isdtype",
    "empty", "empty_like", "full_like", "minmax", "positive", "contiguous",
    "matrix_transpose", "permute_dims", "pow", "asarray", "astype", "acos",
    "acosh", "asin", "asinh", "atan", "atan2", "atanh", "bitwise_left_shift",
    "bitwise_right_shift", "cumulative_sum", "cumulative_prod", "einsum_path",
    "matrix_norm", "hanning", "hamming", "bartlett", "blackman",
    "from_dlpack", "clear_streams", "device_info", "new_thread_local_stream",
    "new_thread_unsafe_stream", "ThreadLocalStream", "StreamContext", "hadamard_transform",
    "metal", "cuda", "distributed", "to_fp8", "from_fp8",
]

e = _math.e
pi = _math.pi
inf = float("inf")
nan = float("nan")
euler_gamma = 0.5772156649015329
newaxis = None

# ---------------------------------------------------------------- aliases
acos = _mx.arccos
acosh = _mx.arccosh
asin = _mx.arcsin
asinh = _mx.arcsinh
atan = _mx.arctan
atan2 = _mx.arctan2
atanh = _mx.arctanh
pow = _mx.power
bitwise_left_shift = _mx.left_shift
bitwise_right_shift = _mx.right_shift
matrix_norm = _mx.linalg.norm
ThreadLocalStream = _mx.Stream
from ._stream import stream as StreamContext  # noqa: E402  (the type mx.stream() returns)


def cumulative_sum(a, /, axis=None, **kwargs):
    """See :func:`cumsum`."""
    return _mx.cumsum(a, axis, **kwargs)


def cumulative_prod(a, /, axis=None, **kwargs):
    """See :func:`cumprod`."""
    return _mx.cumprod(a, axis, **kwargs)


def _arr(a):
    return a if isinstance(a, _mx.array) else _mx.array(a)


def _norm_axis(axis, ndim, op, exc=IndexError):
    if axis < -ndim or axis >= ndim:
        raise exc(f"[{op}] axis {axis} is out of bounds for array with {ndim} dimensions.")
    return axis % ndim


def _norm_axes(axis, ndim, op, allow_duplicates=False):
    if axis is None:
        return list(range(ndim))
    axes = [axis] if isinstance(axis, int) else list(axis)
    out = [_norm_axis(ax, ndim, op) for ax in axes]
    if len(set(out)) != len(out):
        if not allow_duplicates:
            raise ValueError(f"[{op}] Received duplicate axis.")
        out = sorted(set(out))
    return out


# ------------------------------------------------------------------ shapes
@on_stream
def permute_dims(a, /, axes=None, *, stream=None):
    """See :func:`transpose`."""
    if axes is None:
        return _mx.transpose(a, stream=stream)
    return _mx.transpose(a, axes, stream=stream)


@on_stream
def matrix_transpose(a, /, *, stream=None):
    """Transpose the last two dimensions of the array."""
    a = _arr(a)
    if a.ndim < 2:
        raise ValueError(
            "[matrix_transpose] Input array must have at least 2 dimensions.")
    return _mx.swapaxes(a, -1, -2, stream=stream)


@on_stream
def flip(a, /, axis=None, *, stream=None):
    """Reverse the order of elements along the given axis (all axes if None)."""
    a = _arr(a)
    axes = _norm_axes(axis, a.ndim, "flip", allow_duplicates=True)
    if not axes:
        return a
    index = [slice(None)] * a.ndim
    for ax in axes:
        index[ax] = slice(None, None, -1)
    return a[tuple(index)]


@on_stream
def unstack(x, /, *, axis=0, stream=None):
    """Split an array into a tuple of arrays along ``axis``, removing it."""
    x = _arr(x)
    if x.ndim == 0 or axis < -x.ndim or axis >= x.ndim:
        raise IndexError(
            f"[unstack] Axis {axis} is out of bounds for array with {x.ndim} dimensions.")
    axis %= x.ndim
    lead = (slice(None),) * axis
    return tuple(x[lead + (i,)] for i in range(x.shape[axis]))


def broadcast_shapes(*shapes):
    """The shape that results from broadcasting the given shapes together."""
    if not shapes:
        raise ValueError("[broadcast_shapes] Must provide at least one shape.")
    out = []
    for shape in shapes:
        shape = [int(d) for d in shape]
        n = max(len(out), len(shape))
        a = [1] * (n - len(out)) + out
        b = [1] * (n - len(shape)) + shape
        res = []
        for x, y in zip(a, b):
            if x != y and x != 1 and y != 1:
                fmt = lambda s: "(" + ",".join(str(d) for d in s) + ")"
                raise ValueError(f"[broadcast_shapes] Shapes {fmt(out)} and {fmt(shape)} "
                                 "cannot be broadcast.")
            res.append(y if x == 1 else x)
        out = res
    return tuple(out)


@on_stream
def contiguous(a, /, allow_col_major=False, *, stream=None):
    """Force an array to be row contiguous, copying it."""
    a = _arr(a)
    if allow_col_major and a.ndim <= 1:
        return a
    # where() writes a fresh row-contiguous output.
    return _mx.where(True, a, a, stream=stream)


# ----------------------------------------------------------------- dtypes
_DTYPE_KINDS = {
    "bool": lambda t: t == _mx.bool_,
    "signed integer": lambda t: _mx.issubdtype(t, _mx.signedinteger),
    "unsigned integer": lambda t: _mx.issubdtype(t, _mx.unsignedinteger),
    "integral": lambda t: _mx.issubdtype(t, _mx.integer),
    "real floating": lambda t: _mx.issubdtype(t, _mx.floating),
    "complex floating": lambda t: _mx.issubdtype(t, _mx.complexfloating),
    "numeric": lambda t: t != _mx.bool_,
}


def isdtype(dtype, kind):
    """Whether ``dtype`` belongs to one of the kinds (dtypes or kind strings)."""
    if not isinstance(dtype, _mx.Dtype):
        raise TypeError("isdtype(): incompatible function arguments: `dtype` must be a Dtype.")
    kinds = kind if isinstance(kind, tuple) else (kind,)
    for k in kinds:
        if isinstance(k, _mx.Dtype):
            if dtype == k:
                return True
        elif isinstance(k, str):
            if k not in _DTYPE_KINDS:
                raise ValueError(f"[isdtype] Unknown data type kind: '{k}'.")
            if _DTYPE_KINDS[k](dtype):
                return True
        else:
            raise TypeError("[isdtype] kind must be a Dtype, a string or a tuple of them.")
    return False


@on_stream
def astype(a, dtype, /, *, stream=None):
    """Cast the array to ``dtype``."""
    return _arr(a).astype(dtype, stream=stream)


def asarray(a, dtype=None, *, copy=None):
    """Convert the input to an array (an mx.array input is returned when possible)."""
    if isinstance(a, _mx.array):
        if dtype is not None and dtype != a.dtype:
            if copy is False:
                raise ValueError("Unable to avoid copy while creating an array as requested.")
            return a.astype(dtype)
        return _mx.array(a) if copy else a
    if copy is False:
        raise ValueError("Unable to avoid copy while creating an array as requested.")
    return _mx.array(a, dtype=dtype)


# --------------------------------------------------------------- creation
@on_stream
def empty(shape, dtype=_mx.float32, *, stream=None):
    """An array of the given shape (filled with zeros)."""
    return _mx.zeros(shape, dtype, stream=stream)


@on_stream
def empty_like(a, /, dtype=None, *, stream=None):
    """An array like ``a`` (filled with zeros)."""
    a = _arr(a)
    return _mx.zeros(a.shape, a.dtype if dtype is None else dtype, stream=stream)


@on_stream
def full_like(a, vals, dtype=None, *, stream=None):
    """An array like ``a`` filled with ``vals`` (broadcast), of ``a``'s dtype by default."""
    a = _arr(a)
    shape = a.shape
    if isinstance(vals, _mx.array):
        shape = broadcast_shapes(shape, vals.shape)  # MLX lets vals widen the shape
    dtype = a.dtype if dtype is None else dtype
    out = _mx.full(shape, vals, dtype, stream=stream)
    # full treats dtype as a hint for Python floats; full_like always has it.
    return out if out.dtype == dtype else out.astype(dtype, stream=stream)


def _window(M, op, fn):
    if not isinstance(M, int):
        raise TypeError(f"{op}(): M must be an int.")
    if M < 1:
        return _mx.zeros((0,), _mx.float32)
    if M == 1:
        return _mx.ones((1,), _mx.float32)
    # NumPy's symmetric form (n from 1-M to M-1 in steps of 2, angles pi*n/(M-1)),
    # in float64 so both ends agree exactly, then float32.
    n = _mx.arange(1 - M, M, 2, dtype=_mx.float64)
    return fn(n, M - 1).astype(_mx.float32)


@on_stream
def hanning(M, *, stream=None):
    """The Hanning window: 0.5 - 0.5 cos(2 pi n / (M - 1)), 0 <= n < M."""
    return _window(M, "hanning", lambda n, d: 0.5 + 0.5 * _mx.cos(pi * n / d))


@on_stream
def hamming(M, *, stream=None):
    """The Hamming window: 0.54 - 0.46 cos(2 pi n / (M - 1)), 0 <= n < M."""
    return _window(M, "hamming", lambda n, d: 0.54 + 0.46 * _mx.cos(pi * n / d))


@on_stream
def bartlett(M, *, stream=None):
    """The Bartlett (triangular) window: 1 - |2n / (M - 1) - 1|, 0 <= n < M."""
    return _window(M, "bartlett", lambda n, d: 1.0 - _mx.abs(n / d))


@on_stream
def blackman(M, *, stream=None):
    """The Blackman window: 0.42 - 0.5 cos(2 pi n/(M-1)) + 0.08 cos(4 pi n/(M-1))."""
    return _window(M, "blackman", lambda n, d: 0.42 + 0.5 * _mx.cos(pi * n / d)
                   + 0.08 * _mx.cos(2 * pi * n / d))


# ------------------------------------------------------------ elementwise
@on_stream
def trunc(a, /, *, stream=None):
    """Element-wise truncation towards zero."""
    a = _arr(a)
    if a.dtype == _mx.complex64:
        raise ValueError("[trunc] Not supported for complex64.")
    if not _mx.issubdtype(a.dtype, _mx.floating):
        return a
    return _mx.where(a < 0, _mx.ceil(a, stream=stream), _mx.floor(a, stream=stream),
                     stream=stream)


@on_stream
def positive(a, /, *, stream=None):
    """Element-wise unary plus: a copy of the input."""
    a = _arr(a)
    return _mx.where(True, a, a, stream=stream)


@on_stream
def logical_xor(a, b, /, *, stream=None):
    """Element-wise logical exclusive or."""
    a, b = _arr(a), _arr(b)
    return _mx.not_equal(a.astype(_mx.bool_), b.astype(_mx.bool_), stream=stream)


# ------------------------------------------------------------- reductions
@on_stream
def count_nonzero(a, /, *, axis=None, keepdims=False, stream=None):
    """The number of non-zero elements along the given axes (int32)."""
    a = _arr(a)
    nz = _mx.not_equal(a, _mx.zeros((), a.dtype), stream=stream)
    return _mx.sum(nz, axis=axis, keepdims=keepdims, stream=stream).astype(_mx.int32)


@on_stream
def minmax(a, /, axis=None, keepdims=False, *, stream=None):
    """The minimum and maximum over the given axes."""
    return (_mx.min(a, axis=axis, keepdims=keepdims, stream=stream),
            _mx.max(a, axis=axis, keepdims=keepdims, stream=stream))


@on_stream
def median(a, /, axis=None, keepdims=False, *, stream=None):
    """The median over the given axes (NaN if a NaN is present)."""
    a = _arr(a)
    axes = _norm_axes(axis, a.ndim, "median")
    rest = [i for i in range(a.ndim) if i not in axes]
    x = _mx.transpose(a, rest + axes) if a.ndim else a
    kept = [a.shape[i] for i in rest]
    n = 1
    for ax in axes:
        n *= a.shape[ax]
    if n == 0:
        raise ValueError("[median] Cannot take median along empty axis.")
    x = _mx.reshape(x, kept + [n])
    if not _mx.issubdtype(x.dtype, _mx.inexact):
        x = x.astype(_mx.float32)
    x = _mx.sort(x, axis=-1, stream=stream)
    lo = x[..., (n - 1) // 2]
    hi = x[..., n // 2]
    out = lo if n % 2 else (lo + hi) * 0.5
    # NaN sorts last: any NaN in the slice makes the median NaN.
    out = _mx.where(_mx.isnan(x[..., -1]), x[..., -1], out)
    if keepdims:
        shape = [1 if i in axes else a.shape[i] for i in range(a.ndim)]
        out = _mx.reshape(out, shape)
    return out


@on_stream
def vecdot(a, b, /, *, axis=-1, stream=None):
    """The vector dot product sum(conj(a) * b) along ``axis``."""
    a, b = _arr(a), _arr(b)
    # MLX requires equal ranks (the other axes broadcast, the summed one does not).
    if a.ndim == 0 or a.ndim != b.ndim:
        raise ValueError("[vecdot] axis is out of bounds.")
    if not (-a.ndim <= axis < a.ndim and -b.ndim <= axis < b.ndim):
        raise ValueError("[vecdot] axis is out of bounds.")
    if a.shape[axis] != b.shape[axis]:
        raise ValueError("[vecdot] a and b must have the same size along axis.")
    if a.dtype == _mx.complex64 or b.dtype == _mx.complex64:
        a = _mx.conj(a)
    return _mx.sum(a * b, axis=axis, stream=stream)


@on_stream
def diff(a, /, n=1, axis=-1, *, stream=None):
    """The n-th discrete difference along ``axis`` (not_equal for bool)."""
    a = _arr(a)
    if n < 0:
        raise ValueError("[diff] Order `n` must be non-negative.")
    if a.ndim == 0 or axis < -a.ndim or axis >= a.ndim:
        raise IndexError("[diff] Axis is out of bounds for the array.")
    axis %= a.ndim
    head = [slice(None)] * a.ndim
    tail = [slice(None)] * a.ndim
    head[axis] = slice(1, None)
    tail[axis] = slice(None, -1)
    for _ in range(n):
        if a.shape[axis] == 0:
            break
        if a.dtype == _mx.bool_:
            a = _mx.not_equal(a[tuple(head)], a[tuple(tail)], stream=stream)
        else:
            a = _mx.subtract(a[tuple(head)], a[tuple(tail)], stream=stream)
    return a


# ----------------------------------------------------------------- devices
def from_dlpack(x, /, *, copy=None):
    """An array with the data of a DLPack-compatible object (always a copy here)."""
    if copy is False:
        raise ValueError("Unable to avoid copy while creating an array as requested.")
    if isinstance(x, _mx.array):
        return _mx.array(x)
    import numpy as np
    return _mx.array(np.from_dlpack(x))


def clear_streams():
    """Destroy the streams created in the current thread (nothing to free here)."""
    return None


def device_info(d=None):
    """Information about a device: a dict with ``architecture`` and ``device_name``."""
    import platform
    dev = d if d is not None else _mx.default_device()
    kind = getattr(dev, "type", dev)
    if kind != _mx.cpu:
        raise ValueError("[device_info] Only the CPU device is available.")
    name = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    name = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return {"architecture": platform.machine(), "device_name": name}


def new_thread_local_stream(device):
    """Make a new stream (streams here are usable from any thread)."""
    return _mx.new_stream(device)


def new_thread_unsafe_stream(device):
    """Make a new stream that can be used in any thread."""
    return _mx.new_stream(device)


def _mT(self):
    """Transpose of the last two dimensions (see :func:`matrix_transpose`)."""
    return matrix_transpose(self)


_mx.array.mT = property(_mT)

from . import metal, cuda, distributed  # noqa: E402,F401  (submodules of mlx.core)
from ._fp8 import from_fp8, to_fp8  # noqa: E402,F401
from ._search import searchsorted, unique  # noqa: E402,F401
from ._einsum_path import einsum_path  # noqa: E402,F401
from ._hadamard import hadamard_transform  # noqa: E402,F401
from . import _fast_extra  # noqa: E402,F401  (adds mx.fast.cross_entropy, *_kernel)
from . import _random_extra  # noqa: E402,F401  (adds mx.random.laplace, multivariate_normal)
