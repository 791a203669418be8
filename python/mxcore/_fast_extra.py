"""mx.fast additions: cross_entropy (the unfused form MLX runs on the CPU,
logsumexp(logits) - logits[target], reduced in the logits' dtype and
returned as float32), and the custom-kernel builders, which build a kernel
object whose call raises as MLX does without a Metal or CUDA back-end."""

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


def _no_backend(op, backend):
    def kernel(*args, **kwargs):
        raise RuntimeError(f"[{op}] No {backend} back-end.")
    return kernel


def metal_kernel(name, input_names, output_names, source, header="",
                 ensure_row_contiguous=True, atomic_outputs=False, compile_options=None):
    """A custom Metal kernel: calling it raises, as there is no Metal back-end."""
    return _no_backend("metal_kernel", "Metal")


def cuda_kernel(name, input_names, output_names, source, header="",
                ensure_row_contiguous=True, shared_memory=0):
    """A custom CUDA kernel: calling it raises, as there is no CUDA back-end."""
    return _no_backend("cuda_kernel", "CUDA")


def precompiled_cuda_kernel(**kwargs):
    """Run a precompiled CUDA kernel: raises, as there is no CUDA back-end."""
    raise RuntimeError("[precompiled_cuda_kernel] No CUDA back-end.")


_mx.fast.cross_entropy = cross_entropy
_mx.fast.metal_kernel = metal_kernel
_mx.fast.cuda_kernel = cuda_kernel
_mx.fast.precompiled_cuda_kernel = precompiled_cuda_kernel
