"""Shared helpers of test_io.py and test_io_gguf.py: sample data of every dtype
and exact comparisons (bfloat16 values are exactly representable)."""

import struct

import numpy as np

import mxcore as mx

NP_DTYPES = ["bool", "uint8", "uint16", "uint32", "uint64", "int8", "int16", "int32",
             "int64", "float16", "float32", "float64", "complex64"]
ALL_DTYPES = NP_DTYPES + ["bfloat16"]
SHAPES = [(), (0,), (0, 3), (5,), (2, 3, 4)]


def mx_dtype(name):
    return getattr(mx, "bool_" if name == "bool" else name)


def sample(shape, name, seed=0):
    return np.asarray(_sample(shape, name, seed))


def _sample(shape, name, seed):
    """A NumPy array of dtype `name` (float32 values exactly representable in
    bfloat16 for 'bfloat16') with varied values."""
    rng = np.random.default_rng(seed)
    if name == "bool":
        return rng.random(shape) > 0.5
    if name == "complex64":
        return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(np.complex64)
    if name == "bfloat16":
        x = rng.standard_normal(shape).astype(np.float32)
        return (x.view(np.uint32) & np.uint32(0xFFFF0000)).view(np.float32)
    dt = np.dtype(name)
    if dt.kind in "ui":
        info = np.iinfo(dt)
        return rng.integers(info.min, info.max, size=shape, dtype=dt, endpoint=True)
    return (rng.standard_normal(shape) * 100).astype(dt)


def to_mx(x, name=None):
    """x as an mx array of dtype `name` (default: x's own dtype; mx.array alone
    would turn float64 into float32, like MLX)."""
    name = name or str(x.dtype)
    if name == "bfloat16":
        return to_mx(x).astype(mx.bfloat16)
    return mx.array(x, dtype=mx_dtype(name))


def as_np(a):
    """Exact NumPy view of an mx array (bfloat16 widened exactly to float32)."""
    if a.dtype == mx.bfloat16:
        a = a.astype(mx.float32)
    return np.array(a)


def assert_same(a, expected, name):
    assert a.dtype == mx_dtype(name)
    assert tuple(a.shape) == tuple(expected.shape)
    np.testing.assert_array_equal(as_np(a), expected)


def bf16_bytes(x):
    """bfloat16 bytes of float32 values exactly representable in bfloat16."""
    return (np.asarray(x, np.float32).view(np.uint32) >> 16).astype("<u2").tobytes()


def le_bytes(x, name):
    if name == "bfloat16":
        return bf16_bytes(x)
    return np.ascontiguousarray(x).astype(x.dtype.newbyteorder("<")).tobytes()


def gguf_file(path, tensors):
    """A GGUF v3 file of tensors [(name, row-major shape, ggml type, block bytes)]."""
    head = b"GGUF" + struct.pack("<IQQ", 3, len(tensors), 0)
    infos, blob = b"", b""
    for name, shape, ttype, raw in tensors:
        encoded = name.encode()
        infos += struct.pack("<Q", len(encoded)) + encoded + struct.pack("<I", len(shape))
        infos += b"".join(struct.pack("<Q", d) for d in reversed(shape))
        infos += struct.pack("<IQ", ttype, len(blob))
        blob += raw + b"\0" * (-len(raw) % 32)
    header = head + infos
    path.write_bytes(header + b"\0" * (-len(header) % 32) + blob)
    return path
