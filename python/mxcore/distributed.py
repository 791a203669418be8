"""mx.distributed: no communication backend is built, so init() gives the
singleton group (rank 0 of 1) and the collectives are identities on it, as
in MLX when it runs as a single process."""

from . import _core as _mx
from ._on_stream import on_stream

_BACKENDS = ("any", "mpi", "nccl", "jaccl", "ring")


class Group:
    """A group of processes that can communicate: here always one process."""

    def rank(self):
        """The rank of this process in the group."""
        return 0

    def size(self):
        """The number of processes in the group."""
        return 1

    def split(self, color, key=-1):
        """Split the group into subgroups by color (not possible for one process)."""
        raise RuntimeError("Cannot split the distributed group further.")

    def __repr__(self):
        return "Group(rank=0, size=1)"


_global_group = None


def _check_backend(backend):
    if backend not in _BACKENDS:
        raise ValueError("[distributed] The only valid values for backend are 'any', 'mpi', "
                         f"'nccl', 'jaccl' and 'ring' but '{backend}' was provided.")


def is_available(backend="any"):
    """Whether a communication backend is available: none is, here."""
    _check_backend(backend)
    return False


def init(strict=False, backend="any", **kwargs):
    """The global group: the singleton group, or RuntimeError when ``strict``."""
    global _global_group
    _check_backend(backend)
    if strict:
        raise RuntimeError("[distributed] Couldn't initialize any backend")
    if _global_group is None:
        _global_group = Group()
    return _global_group


def _copy(x, stream):
    x = x if isinstance(x, _mx.array) else _mx.array(x)
    # A new array equal to x: where() keeps gradients and works under vmap/compile.
    return _mx.where(True, x, x, stream=stream)


@on_stream
def all_sum(x, *, group=None, stream=None):
    """All-reduce sum over the group (x itself for one process)."""
    return _copy(x, stream)


@on_stream
def all_max(x, *, group=None, stream=None):
    """All-reduce max over the group (x itself for one process)."""
    return _copy(x, stream)


@on_stream
def all_min(x, *, group=None, stream=None):
    """All-reduce min over the group (x itself for one process)."""
    return _copy(x, stream)


@on_stream
def all_gather(x, *, group=None, stream=None):
    """Concatenate x from every process along the first axis (x for one process)."""
    return _copy(x, stream)


@on_stream
def sum_scatter(x, *, group=None, stream=None):
    """Sum over the group and shard along the first axis (x for one process)."""
    return _copy(x, stream)


@on_stream
def send(x, dst, *, group=None, stream=None):
    """Send x to process ``dst``: impossible in a singleton group."""
    raise ValueError("Cannot send to a singleton group")


@on_stream
def recv(shape, dtype, src, *, group=None, stream=None):
    """Receive an array from process ``src``: impossible in a singleton group."""
    raise ValueError("Cannot recv from a singleton group")


@on_stream
def recv_like(x, src, *, group=None, stream=None):
    """Receive an array like x from process ``src``: impossible in a singleton group."""
    raise ValueError("Cannot recv from a singleton group")
