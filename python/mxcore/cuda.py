"""mx.cuda: the CUDA backend (NVIDIA GPUs).

The backend registers itself when mxcore loads on a machine with an NVIDIA
driver and GPU; ``mx.gpu`` is then that GPU. NVRTC and cuBLAS are loaded
when first needed, from the system's library path or the ``nvidia-*``
wheels' lib folders, which this module adds to ``MXCORE_CUDA_LIBRARY_PATH``
at import (scripts/cuda_deps.sh installs the wheels)."""

import glob as _glob
import os as _os
import site as _site
import sys as _sys

from . import _core


def _wheel_library_dirs():
    roots = list(_sys.path)
    try:
        roots += _site.getsitepackages() + [_site.getusersitepackages()]
    except AttributeError:  # virtualenvs without site.getsitepackages
        pass
    dirs = []
    for root in roots:
        if not root or not _os.path.isdir(_os.path.join(root, "nvidia")):
            continue
        for pattern in ("nvidia/cu*/lib", "nvidia/*/lib"):
            for d in sorted(_glob.glob(_os.path.join(root, pattern))):
                if d not in dirs:
                    dirs.append(d)
    return dirs


def _extend_library_path():
    known = _os.environ.get("MXCORE_CUDA_LIBRARY_PATH", "")
    dirs = [d for d in known.split(":") if d]
    for d in _wheel_library_dirs():
        if d not in dirs:
            dirs.append(d)
    if dirs:
        _os.environ["MXCORE_CUDA_LIBRARY_PATH"] = ":".join(dirs)


_extend_library_path()


def is_available():
    """Whether the CUDA backend is available (an NVIDIA GPU and driver are present)."""
    return _core._cuda_is_available()


def stream_handle(stream=None):
    """The ``CUstream`` handle (an int) of a gpu stream, the default one if None:
    for ``torch.cuda.ExternalStream`` or CUDA events around mxcore work."""
    return _core._cuda_stream_handle(stream)
