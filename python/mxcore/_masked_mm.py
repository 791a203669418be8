"""segmented_mm and block_masked_mm as compositions of masks and matmul
(MLX's CPU semantics): differentiable, vmappable, compilable."""

from . import _core as _mx
from ._on_stream import on_stream


def _arr(a):
    return a if isinstance(a, _mx.array) else _mx.array(a)


def _check_float(a, b, op):
    out = _mx.result_type(a, b)
    if not _mx.issubdtype(out, _mx.floating):
        name = lambda t: str(t).split(".")[-1]
        raise ValueError(
            f"[{op}] Only real floating point types are supported but {name(a.dtype)} and "
            f"{name(b.dtype)} were provided which results in {name(out)}, which is not a "
            "real floating point type.")
    return out


@on_stream
def segmented_mm(a, b, /, segments, *, stream=None):
    """For each (start, end) pair in ``segments`` (shape (..., 2)), the product of
    a[:, start:end] (M x K) and b[start:end, :] (K x N): a (..., M, N) result."""
    a, b, segments = _arr(a), _arr(b), _arr(segments)
    if a.ndim != 2 or b.ndim != 2:
        raise ValueError("[segmented_mm] Batched matmul not supported")
    if not _mx.issubdtype(segments.dtype, _mx.integer):
        raise ValueError("[segmented_mm] Got segments with invalid dtype. Segments must "
                         "be integral.")
    if segments.ndim < 1 or segments.shape[-1] != 2:
        raise ValueError("[segmented_mm] The last dimension of segments must be 2 "
                         "(start, end).")
    if a.shape[1] != b.shape[0]:
        raise ValueError(f"[segmented_mm] Last dimension of a ({a.shape[1]}) must match "
                         f"the first dimension of b ({b.shape[0]}).")
    dtype = _check_float(a, b, "segmented_mm")
    k = _mx.arange(a.shape[1], dtype=_mx.int32)
    start = segments[..., 0:1].astype(_mx.int32)
    end = segments[..., 1:2].astype(_mx.int32)
    # One row of the inner dimension mask per segment: (..., K).
    mask = _mx.logical_and(k >= start, k < end).astype(dtype)
    masked_a = a.astype(dtype) * mask[..., None, :]  # (..., M, K)
    return _mx.matmul(masked_a, b.astype(dtype))


def _expand_mask(mask, block_size, rows, cols, dtype):
    # Each mask entry covers a block_size x block_size tile; size-1 dims broadcast.
    mask = _arr(mask)
    if mask.ndim < 2:
        raise ValueError("[block_masked_mm] Masks must have at least 2 dimensions.")
    if mask.shape[-2] != 1:
        mask = _mx.repeat(mask, block_size, axis=-2)[..., :rows, :]
    if mask.shape[-1] != 1:
        mask = _mx.repeat(mask, block_size, axis=-1)[..., :cols]
    return mask.astype(dtype)


@on_stream
def block_masked_mm(a, b, /, block_size=64, mask_out=None, mask_lhs=None, mask_rhs=None, *,
                    stream=None):
    """Batched matmul with block_size x block_size tiles of a, b and the output
    scaled by (or, for bool masks, kept or zeroed by) the matching mask entry."""
    a, b = _arr(a), _arr(b)
    if a.ndim < 2 or b.ndim < 2:
        raise ValueError("[block_masked_mm] Inputs must have at least 2 dimensions.")
    if not isinstance(block_size, int) or block_size <= 0:
        raise ValueError("[block_masked_mm] block_size must be a positive integer.")
    dtype = _check_float(a, b, "block_masked_mm")
    a, b = a.astype(dtype), b.astype(dtype)
    m, k = a.shape[-2:]
    n = b.shape[-1]
    if mask_lhs is not None:
        a = a * _expand_mask(mask_lhs, block_size, m, k, dtype)
    if mask_rhs is not None:
        b = b * _expand_mask(mask_rhs, block_size, k, n, dtype)
    out = _mx.matmul(a, b)
    if mask_out is not None:
        out = out * _expand_mask(mask_out, block_size, m, n, dtype)
    return out
