"""mx.fast.cross_entropy: the unfused form MLX runs on the CPU,
logsumexp(logits) - logits[target], reduced in the logits' dtype and
returned as float32."""

from . import _core as _mx
from ._on_stream import on_stream


def _shape_str(shape):
    return "(" + ",".join(str(d) for d in shape) + ")"


@on_stream
def cross_entropy(logits, targets, *, stream=None):
    """Cross entropy loss with class indices as targets, over the last axis."""
    logits = logits if isinstance(logits, _mx.array) else _mx.array(logits)
    targets = targets if isinstance(targets, _mx.array) else _mx.array(targets)
    if not _mx.issubdtype(targets.dtype, _mx.integer):
        name = str(targets.dtype).split(".")[-1]
        raise ValueError(
            f"[cross_entropy] targets must be integer class indices but got {name}.")
    if logits.ndim == 0 or targets.shape != logits.shape[:-1]:
        raise ValueError(f"[cross_entropy] targets shape {_shape_str(targets.shape)} does not "
                         f"match logits shape {_shape_str(logits.shape)} with the last axis "
                         "removed.")
    lse = _mx.logsumexp(logits, axis=-1)
    picked = _mx.take_along_axis(logits, targets[..., None], axis=-1)[..., 0]
    return (lse - picked).astype(_mx.float32)


_mx.fast.cross_entropy = cross_entropy
