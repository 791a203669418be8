"""mx.load, mx.savez and mx.savez_compressed (MLX's API).

The .npy and .safetensors codecs are in C++ (``_core.save``, ``_core._load_npy``,
``_core._load_safetensors``); an .npz file is a zip archive of .npy members, so
it is built here on the standard library's zipfile (which provides deflate).
"""

import os
import zipfile

from . import _core

__all__ = ["load", "savez", "savez_compressed"]


def _is_path(file):
    return isinstance(file, (str, bytes, os.PathLike))


def _infer_format(file):
    # MLX reads the name of a file object; one without a name needs format=.
    name = os.fsdecode(file) if _is_path(file) else file.name
    ext = os.path.splitext(os.fsdecode(name))[1]
    if not ext:
        raise ValueError("[load] Could not infer file format from extension")
    return ext[1:]


def _load_npz(file, stream):
    try:
        archive = zipfile.ZipFile(os.fsdecode(file) if _is_path(file) else file, "r")
    except (zipfile.BadZipFile, OSError, EOFError, ValueError) as e:
        raise ValueError(
            "[load_npz] Input must be a zip file or a file-like object that can be "
            "opened with zipfile.ZipFile"
        ) from e
    arrays = {}
    with archive:
        for name in archive.namelist():
            key = name[:-4] if name.endswith(".npy") else name
            with archive.open(name) as member:
                arrays[key] = _core._load_npy(member, stream=stream)
    return arrays


def load(file, /, format=None, return_metadata=False, *, stream=None):
    """Read arrays from a ``.npy``, ``.npz``, ``.safetensors`` or ``.gguf`` file.

    Args:
        file (str, pathlib.Path or file): The file to read.
        format (str, optional): ``"npy"``, ``"npz"``, ``"safetensors"`` or
            ``"gguf"``; ``None`` takes it from the file's extension.
            Default: ``None``.
        return_metadata (bool, optional): Also return the file's metadata
            (safetensors and GGUF). Default: ``False``.

    Returns:
        array or dict(str, array): One array for ``.npy``, else the arrays by
        name; with ``return_metadata``, a pair ``(arrays, metadata)``.
    """
    if format is None:
        format = _infer_format(file)
    if format in ("npy", "npz") and return_metadata:
        raise ValueError(f"[load] metadata not supported for format {format}")
    if format == "npy":
        return _core._load_npy(file, stream=stream)
    if format == "npz":
        return _load_npz(file, stream)
    if format == "safetensors":
        arrays, metadata = _core._load_safetensors(file, stream=stream)
        return (arrays, metadata) if return_metadata else arrays
    if format == "gguf":
        from ._gguf import load_gguf

        arrays, metadata = load_gguf(file, stream=stream)
        return (arrays, metadata) if return_metadata else arrays
    raise ValueError(f"[load] Unknown file format {format}")


def _savez(op, file, args, kwargs, compression):
    arrays = {f"arr_{i}": a for i, a in enumerate(args)}
    for key, a in kwargs.items():
        if key in arrays:
            raise ValueError(f"[{op}] Cannot use un-named variables and keyword {key}")
        arrays[key] = a
    for key, a in arrays.items():
        if not isinstance(a, _core.array):
            raise TypeError(f"[{op}] Expected an array for '{key}', got {type(a).__name__}.")
    if _is_path(file):
        file = os.fsdecode(file)
        if not file.endswith(".npz"):
            file += ".npz"
    elif not hasattr(file, "write"):
        raise ValueError(f"[{op}] Input must be a file-like object, or string")
    with zipfile.ZipFile(file, "w", compression=compression, allowZip64=True) as archive:
        for key, a in arrays.items():
            # force_zip64: the member size is not known before it is written.
            with archive.open(key + ".npy", "w", force_zip64=True) as member:
                _core.save(member, a)


def savez(file, *args, **kwargs):
    """Write arrays to one uncompressed ``.npz`` file (NumPy's archive format).

    Args:
        file (str, pathlib.Path or file): Where to write; ``.npz`` is appended
            to a path without that suffix.
        *args (array): Arrays stored as ``arr_0``, ``arr_1``, ...
        **kwargs (array): Arrays stored under their keyword's name.

    Returns:
        None
    """
    _savez("savez", file, args, kwargs, zipfile.ZIP_STORED)


def savez_compressed(file, *args, **kwargs):
    """Write arrays to one compressed ``.npz`` file (NumPy's archive format).

    Args:
        file (str, pathlib.Path or file): Where to write; ``.npz`` is appended
            to a path without that suffix.
        *args (array): Arrays stored as ``arr_0``, ``arr_1``, ...
        **kwargs (array): Arrays stored under their keyword's name.

    Returns:
        None
    """
    _savez("savez_compressed", file, args, kwargs, zipfile.ZIP_DEFLATED)
