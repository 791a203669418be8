"""searchsorted (a vectorised binary search) and unique (sort, mark run starts,
then binary-search the run ids), compositions with static output shapes,
so they vmap and compile."""

from . import _core as _mx
from ._on_stream import on_stream


def _arr(a):
    return a if isinstance(a, _mx.array) else _mx.array(a)


def _nan_last_less(x, y):
    # x < y in the order of mx.sort: NaN after every number.
    lt = x < y
    if _mx.issubdtype(x.dtype, _mx.inexact):
        lt = _mx.logical_or(lt, _mx.logical_and(_mx.isnan(y), _mx.logical_not(_mx.isnan(x))))
    return lt


@on_stream
def searchsorted(sorted_sequence, values, /, side="left", *, stream=None):
    """Indices (uint32) that keep ``sorted_sequence`` sorted when inserting ``values``."""
    seq, values = _arr(sorted_sequence), _arr(values)
    if seq.ndim != 1:
        raise ValueError("[searchsorted] The sorted sequence must be 1-D but has "
                         f"{seq.ndim} dimensions.")
    if side not in ("left", "right"):
        raise ValueError(f"[searchsorted] Invalid side '{side}'. Expected 'left' or 'right'.")
    dtype = _mx.result_type(seq, values)
    seq, values = seq.astype(dtype), values.astype(dtype)
    n = seq.shape[0]
    lo = _mx.zeros(values.shape, _mx.int32)
    hi = _mx.full(values.shape, n, _mx.int32)
    # Binary search, one take per halving: O(values * log n).
    for _ in range(max(n, 1).bit_length()):
        mid = (lo + hi) // 2
        s = _mx.take(seq, _mx.minimum(mid, max(n - 1, 0)), stream=stream) if n else values
        if side == "left":
            go_right = _nan_last_less(s, values)
        else:
            go_right = _mx.logical_not(_nan_last_less(values, s))
        go_right = _mx.logical_and(go_right, lo < hi)
        lo = _mx.where(go_right, mid + 1, lo)
        hi = _mx.where(go_right, hi, _mx.where(lo < hi, mid, hi))
    return _mx.stop_gradient(lo).astype(_mx.uint32)


@on_stream
def unique(a, /, size, return_index=False, return_inverse=False, return_counts=False,
           fill_value=None, *, stream=None):
    """The sorted unique elements of the flattened array, padded/truncated to ``size``."""
    a = _arr(a)
    if size < 0:
        raise ValueError(f"[unique] Received negative size {size}.")
    flat = _mx.reshape(a, (-1,))
    m = flat.size
    if m == 0 and size > 0 and fill_value is None:
        raise ValueError(
            "[unique] A fill value is required for an empty input with a non-zero size.")
    order = _mx.argsort(flat, stream=stream)
    s = _mx.take(flat, order, stream=stream)
    if m:
        # NaN != NaN, so each NaN is its own unique element (as in MLX).
        new = _mx.concatenate([_mx.array([True]), _mx.not_equal(s[1:], s[:-1])])
        group = _mx.cumsum(new.astype(_mx.int32)) - 1
    else:
        group = _mx.zeros((0,), _mx.int32)
    k = _mx.arange(size, dtype=_mx.int32)
    start = searchsorted(group, k, "left").astype(_mx.int32) if m else k * 0
    end = searchsorted(group, k, "right").astype(_mx.int32) if m else k * 0
    valid = start < end
    safe = _mx.minimum(start, max(m - 1, 0))
    if m:
        vals = _mx.take(s, safe)
        first = s[0]
    else:
        vals = _mx.zeros((size,), a.dtype)
        first = _mx.zeros((), a.dtype)
    fill = first if fill_value is None else _arr(fill_value).astype(a.dtype)
    values = _mx.where(valid, vals, fill)
    outs = [values]
    if return_index:
        # Stable argsort: the first element of each run is the first occurrence.
        idx = _mx.take(order, safe) if m else k
        outs.append(_mx.where(valid, idx, _mx.take(order, 0) if m else 0).astype(_mx.uint32))
    if return_inverse:
        inv = _mx.take(group, _mx.argsort(order)) if m else group
        inv = _mx.minimum(inv, max(size - 1, 0))
        outs.append(_mx.reshape(inv, a.shape).astype(_mx.uint32))
    if return_counts:
        outs.append((end - start).astype(_mx.int32))
    return outs[0] if len(outs) == 1 else tuple(outs)
