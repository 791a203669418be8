"""Serialization: .npy, .npz and .safetensors round trips over every dtype,
interop with NumPy's own reader and writer, safetensors files built by hand
from the spec (independent of our writer), metadata, paths, file objects and
errors."""

import io
import json
import pathlib
import struct
import zipfile

import numpy as np
import pytest

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


# ----------------------------------------------------------------------------- npy


@pytest.mark.parametrize("name", ALL_DTYPES)
@pytest.mark.parametrize("shape", SHAPES)
def test_npy_round_trip(tmp_path, name, shape):
    x = sample(shape, name)
    path = tmp_path / "a.npy"
    mx.save(str(path), to_mx(x, name))
    assert_same(mx.load(str(path)), x, name)


@pytest.mark.parametrize("name", NP_DTYPES)
def test_numpy_reads_our_npy(tmp_path, name):
    x = sample((3, 4), name)
    mx.save(tmp_path / "a.npy", to_mx(x))
    y = np.load(tmp_path / "a.npy")
    assert y.dtype == x.dtype
    np.testing.assert_array_equal(y, x)


def test_bfloat16_npy_is_two_byte_void(tmp_path):
    # MLX's convention: NumPy has no bfloat16, so the items are opaque '<V2'.
    x = sample((2, 3), "bfloat16")
    mx.save(tmp_path / "a.npy", to_mx(x, "bfloat16"))
    y = np.load(tmp_path / "a.npy")
    assert y.dtype == np.dtype("V2")
    assert y.tobytes() == bf16_bytes(x)


@pytest.mark.parametrize("name", ["int32", "float16", "bfloat16", "complex64", "bool"])
def test_npy_non_contiguous(tmp_path, name):
    x = sample((4, 6, 5), name)
    a = to_mx(x, name)
    cases = [
        (a.transpose(2, 1, 0), x.transpose(2, 1, 0)),  # column-major
        (a.transpose(1, 0, 2), x.transpose(1, 0, 2)),  # neither
        (a[1:3, ::2, 1:], x[1:3, ::2, 1:]),
        (a[::-1, :, ::-2], x[::-1, :, ::-2]),
        (mx.broadcast_to(a[:1], (3, 6, 5)), np.broadcast_to(x[:1], (3, 6, 5))),
        (a[2], x[2]),
    ]
    for view, expected in cases:
        mx.save(tmp_path / "v.npy", view)
        assert_same(mx.load(tmp_path / "v.npy"), expected, name)
        if name != "bfloat16":
            np.testing.assert_array_equal(np.load(tmp_path / "v.npy"), expected)


def test_npy_header_layout(tmp_path):
    mx.save(tmp_path / "a.npy", mx.arange(6).reshape(2, 3).T)
    raw = (tmp_path / "a.npy").read_bytes()
    assert raw[:8] == b"\x93NUMPY\x01\x00"
    (hlen,) = struct.unpack("<H", raw[8:10])
    assert (10 + hlen) % 64 == 0 and raw[10 + hlen - 1:10 + hlen] == b"\n"
    header = raw[10:10 + hlen].decode()
    assert "'fortran_order': True" in header and "'shape': (3, 2)" in header
    # Column-major bytes are the row-major bytes of the 2x3 original.
    assert raw[10 + hlen:] == np.arange(6, dtype="<i4").tobytes()


@pytest.mark.parametrize("name", NP_DTYPES)
def test_read_numpy_fortran_and_big_endian(tmp_path, name):
    x = sample((3, 4, 2), name)
    np.save(tmp_path / "f.npy", np.asfortranarray(x))
    assert_same(mx.load(tmp_path / "f.npy"), x, name)
    big = x.astype(x.dtype.newbyteorder(">"))
    np.save(tmp_path / "b.npy", big)
    assert_same(mx.load(tmp_path / "b.npy"), x, name)
    np.save(tmp_path / "fb.npy", np.asfortranarray(big))
    assert_same(mx.load(tmp_path / "fb.npy"), x, name)


def test_read_numpy_format_versions(tmp_path):
    x = sample((3, 5), "float32")
    for version in [(1, 0), (2, 0), (3, 0)]:
        with open(tmp_path / "v.npy", "wb") as f:
            np.lib.format.write_array(f, x, version=version)
        np.testing.assert_array_equal(np.array(mx.load(tmp_path / "v.npy")), x)


def test_loaded_fortran_array_is_usable(tmp_path):
    x = np.asfortranarray(np.arange(12, dtype=np.float32).reshape(3, 4))
    np.save(tmp_path / "f.npy", x)
    a = mx.load(tmp_path / "f.npy")
    np.testing.assert_array_equal(np.array(a + 1), x + 1)
    np.testing.assert_array_equal(np.array(a.reshape(-1)), x.reshape(-1))
    np.testing.assert_array_equal(np.array(a.T @ a), x.T @ x)


def test_bool_bytes_are_normalised(tmp_path):
    np.save(tmp_path / "b.npy", np.array([0, 1, 2, 255], dtype=np.uint8))
    raw = bytearray((tmp_path / "b.npy").read_bytes())
    raw = raw.replace(b"'|u1'", b"'|b1'")
    (tmp_path / "b.npy").write_bytes(bytes(raw))
    a = mx.load(tmp_path / "b.npy")
    assert a.dtype == mx.bool_
    assert a.tolist() == [False, True, True, True]
    assert (a.astype(mx.uint8)).tolist() == [0, 1, 1, 1]


def test_save_appends_npy_extension(tmp_path):
    mx.save(str(tmp_path / "noext"), mx.array([1, 2]))
    mx.save(str(tmp_path / "x.txt"), mx.array([3]))
    mx.save(tmp_path / "p.npy", mx.array([4]))
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["noext.npy", "p.npy", "x.txt.npy"]
    assert mx.load(tmp_path / "x.txt.npy").tolist() == [3]


def test_npy_file_objects(tmp_path):
    x = sample((4, 3), "float64")
    buf = io.BytesIO()
    buf.write(b"prefix")
    mx.save(buf, to_mx(x))
    buf.seek(6)
    np.testing.assert_array_equal(np.array(mx.load(buf, format="npy")), x)
    buf.seek(6)
    np.testing.assert_array_equal(np.load(buf), x)
    with open(tmp_path / "f.npy", "wb") as f:
        mx.save(f, to_mx(x))
    with open(tmp_path / "f.npy", "rb") as f:
        # the format comes from the file object's name
        np.testing.assert_array_equal(np.array(mx.load(f)), x)
    with pytest.raises(AttributeError):
        mx.load(io.BytesIO(b""))  # no name to infer the format from


def test_load_stream_argument(tmp_path):
    mx.save(tmp_path / "a.npy", mx.array([1, 2]))
    assert mx.load(tmp_path / "a.npy", stream=mx.cpu).tolist() == [1, 2]
    assert mx.load(str(tmp_path / "a.npy"), "npy", False, stream=None).tolist() == [1, 2]


def test_npy_errors(tmp_path):
    with pytest.raises(RuntimeError, match=r"\[load\] Failed to open file"):
        mx.load(tmp_path / "missing.npy")
    (tmp_path / "bad.npy").write_bytes(b"x" * 200)
    with pytest.raises(RuntimeError, match=r"\[load\] Invalid header"):
        mx.load(tmp_path / "bad.npy")
    (tmp_path / "short.npy").write_bytes(b"\x93NU")
    with pytest.raises(RuntimeError, match=r"\[read\]"):
        mx.load(tmp_path / "short.npy")
    header = b"{'descr': '<f4', 'fortran_order': False, 'shape': (4,), }".ljust(117) + b"\n"
    good = b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header
    (tmp_path / "trunc.npy").write_bytes(good + b"\0" * 8)  # 16 bytes needed
    with pytest.raises(RuntimeError, match=r"\[read\]"):
        mx.load(tmp_path / "trunc.npy")
    for bad in [b"{'descr': '<f4', 'shape': (4,)}", b"{'descr': '<f4', 'fortran_order': Maybe, 'shape': (4,)}",
                b"{'descr': '<f4', 'fortran_order': False, 'shape': (4, x)}", b"nonsense"]:
        h = bad.ljust(117) + b"\n"
        (tmp_path / "h.npy").write_bytes(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(h)) + h + b"\0" * 16)
        with pytest.raises(RuntimeError, match=r"\[load\] Invalid header"):
            mx.load(tmp_path / "h.npy")
    for arr in [np.array(["ab"]), np.array([1 + 2j]), np.array([1.0], dtype=np.float128)
                if hasattr(np, "float128") else np.array(["c"])]:
        np.save(tmp_path / "u.npy", arr)
        with pytest.raises(ValueError, match="Unsupported array protocol type-string"):
            mx.load(tmp_path / "u.npy")
    with pytest.raises(ValueError, match=r"\[save\] Input must be a file-like object"):
        mx.save(123, mx.array(1))
    with pytest.raises(TypeError):
        mx.save(tmp_path / "l.npy", [1, 2])


def test_load_format_errors(tmp_path):
    mx.save(tmp_path / "a.npy", mx.array([1]))
    with pytest.raises(ValueError, match=r"\[load\] Unknown file format foo"):
        mx.load(tmp_path / "a.npy", format="foo")
    (tmp_path / "x.foo").write_bytes(b"")
    with pytest.raises(ValueError, match=r"\[load\] Unknown file format foo"):
        mx.load(tmp_path / "x.foo")
    with pytest.raises(ValueError, match="Could not infer file format"):
        mx.load(tmp_path / "noext")
    with pytest.raises(ValueError, match="metadata not supported for format npy"):
        mx.load(tmp_path / "a.npy", return_metadata=True)


# ----------------------------------------------------------------------------- npz


@pytest.mark.parametrize("compressed", [False, True])
def test_npz_round_trip_every_dtype(tmp_path, compressed):
    xs = {name: sample((3, 2), name, seed=i) for i, name in enumerate(ALL_DTYPES)}
    save = mx.savez_compressed if compressed else mx.savez
    save(tmp_path / "z", **{k: to_mx(v, k) for k, v in xs.items()})
    assert (tmp_path / "z.npz").exists()
    out = mx.load(tmp_path / "z.npz")
    assert set(out) == set(xs)
    for name, x in xs.items():
        assert_same(out[name], x, name)
    with zipfile.ZipFile(tmp_path / "z.npz") as z:
        kinds = {i.compress_type for i in z.infolist()}
    assert kinds == {zipfile.ZIP_DEFLATED if compressed else zipfile.ZIP_STORED}


@pytest.mark.parametrize("compressed", [False, True])
def test_numpy_reads_our_npz(tmp_path, compressed):
    x, y = sample((2, 3), "float32"), sample((4,), "int64")
    t = sample((3, 5), "complex64")
    save = mx.savez_compressed if compressed else mx.savez
    save(str(tmp_path / "z.npz"), to_mx(x), to_mx(y), t=to_mx(t).T, e=mx.zeros((0, 2)))
    with np.load(tmp_path / "z.npz") as f:
        assert sorted(f.files) == ["arr_0", "arr_1", "e", "t"]
        np.testing.assert_array_equal(f["arr_0"], x)
        np.testing.assert_array_equal(f["arr_1"], y)
        np.testing.assert_array_equal(f["t"], t.T)
        assert f["e"].shape == (0, 2)


@pytest.mark.parametrize("compressed", [False, True])
def test_we_read_numpy_npz(tmp_path, compressed):
    xs = {n: sample((2, 3), n, seed=3) for n in NP_DTYPES}
    xs["fortran"] = np.asfortranarray(sample((3, 4), "float32"))
    xs["big"] = sample((5,), "int32").astype(">i4")
    (np.savez_compressed if compressed else np.savez)(tmp_path / "n.npz", **xs)
    out = mx.load(tmp_path / "n.npz")
    assert set(out) == set(xs)
    for k, x in xs.items():
        np.testing.assert_array_equal(as_np(out[k]), x)


def test_npz_file_objects_and_errors(tmp_path):
    buf = io.BytesIO()
    mx.savez(buf, a=mx.array([1, 2]), b=mx.array(3.5))
    buf.seek(0)
    out = mx.load(buf, format="npz")
    assert out["a"].tolist() == [1, 2] and out["b"].item() == 3.5
    with pytest.raises(ValueError, match="Cannot use un-named variables and keyword arr_0"):
        mx.savez(tmp_path / "q.npz", mx.array(1), arr_0=mx.array(2))
    with pytest.raises(TypeError):
        mx.savez(tmp_path / "q.npz", [1, 2])
    with pytest.raises(ValueError, match=r"\[load_npz\]"):
        mx.load(tmp_path / "missing.npz")
    (tmp_path / "bad.npz").write_bytes(b"garbage")
    with pytest.raises(ValueError, match=r"\[load_npz\]"):
        mx.load(tmp_path / "bad.npz")
    mx.savez(tmp_path / "m.npz", mx.array(1))
    with pytest.raises(ValueError, match="metadata not supported for format npz"):
        mx.load(tmp_path / "m.npz", return_metadata=True)


# ----------------------------------------------------------------------------- safetensors

ST_NAMES = {"bool": "BOOL", "uint8": "U8", "uint16": "U16", "uint32": "U32", "uint64": "U64",
            "int8": "I8", "int16": "I16", "int32": "I32", "int64": "I64", "float16": "F16",
            "float32": "F32", "float64": "F64", "bfloat16": "BF16", "complex64": "C64"}


def le_bytes(x, name):
    if name == "bfloat16":
        return bf16_bytes(x)
    return np.ascontiguousarray(x).astype(x.dtype.newbyteorder("<")).tobytes()


def build_safetensors(tensors, metadata=None, pad=0):
    """A safetensors file built from the spec: {name: (dtype, shape, bytes)}."""
    header, blob = {}, b""
    if metadata is not None:
        header["__metadata__"] = metadata
    # Reverse key order and data order differ on purpose.
    for name, (dtype, shape, data) in reversed(list(tensors.items())):
        header[name] = {"dtype": dtype, "shape": list(shape),
                        "data_offsets": [len(blob), len(blob) + len(data)]}
        blob += data
    text = json.dumps(header).encode() + b" " * pad
    return struct.pack("<Q", len(text)) + text + blob


def test_read_hand_built_safetensors_every_dtype(tmp_path):
    xs = {n: sample((2, 3), n, seed=7) for n in ALL_DTYPES}
    xs["scalar"] = np.float32(2.5) * np.ones((), np.float32)
    xs["empty"] = np.zeros((0, 4), np.float16)
    tensors = {n: (ST_NAMES.get(n, ST_NAMES[str(x.dtype)]), x.shape, le_bytes(x, n))
               for n, x in xs.items()}
    meta = {"format": "pt", "note": "quote \" backslash \\ unicode \u00e9\u4e2d"}
    (tmp_path / "h.safetensors").write_bytes(build_safetensors(tensors, meta, pad=5))
    arrays, metadata = mx.load(tmp_path / "h.safetensors", return_metadata=True)
    assert metadata == meta
    assert set(arrays) == set(xs)
    for n in ALL_DTYPES:
        assert_same(arrays[n], xs[n], n)
    assert_same(arrays["scalar"], xs["scalar"], "float32")
    assert_same(arrays["empty"], xs["empty"], "float16")


def test_read_float8_as_uint8(tmp_path):
    data = bytes([0x38, 0x40, 0xFF])
    (tmp_path / "f8.safetensors").write_bytes(
        build_safetensors({"a": ("F8_E4M3", (3,), data), "b": ("F8_E5M2", (1,), b"\x3c")}))
    out = mx.load(tmp_path / "f8.safetensors")
    assert out["a"].dtype == mx.uint8 and out["a"].tolist() == [0x38, 0x40, 0xFF]
    assert out["b"].tolist() == [0x3C]


def test_our_safetensors_follow_the_spec(tmp_path):
    xs = {n: sample((3, 2), n, seed=11) for n in ALL_DTYPES}
    arrays = {n: to_mx(x, n) for n, x in xs.items()}
    arrays["transposed"] = to_mx(xs["int32"]).T
    arrays["sliced"] = to_mx(xs["float64"])[::2, 1:]
    expected = dict(xs, transposed=xs["int32"].T, sliced=xs["float64"][::2, 1:])
    mx.save_safetensors(str(tmp_path / "o"), arrays, metadata={"k": "v", "é": "ü"})
    raw = (tmp_path / "o.safetensors").read_bytes()
    (n,) = struct.unpack("<Q", raw[:8])
    assert (8 + n) % 8 == 0
    header = json.loads(raw[8:8 + n].decode("utf-8"))
    assert header.pop("__metadata__") == {"k": "v", "é": "ü"}
    assert set(header) == set(expected)
    blob = raw[8 + n:]
    spans = []
    for name, info in header.items():
        x = expected[name]
        dname = name if name in ST_NAMES else str(x.dtype)
        assert info["dtype"] == ST_NAMES[dname]
        assert info["shape"] == list(x.shape)
        b, e = info["data_offsets"]
        assert blob[b:e] == le_bytes(x, dname)
        spans.append((b, e))
    # The tensors tile the data block exactly.
    spans.sort()
    assert spans[0][0] == 0 and spans[-1][1] == len(blob)
    assert all(a[1] == b[0] for a, b in zip(spans, spans[1:]))


@pytest.mark.parametrize("name", ALL_DTYPES)
def test_safetensors_round_trip(tmp_path, name):
    x = sample((4, 5), name)
    arrays = {"x": to_mx(x, name), "t": to_mx(x, name).T, "e": mx.zeros((0,), mx_dtype(name)),
              "s": to_mx(x, name)[1, 2]}
    mx.save_safetensors(tmp_path / "r.safetensors", arrays)
    out = mx.load(tmp_path / "r.safetensors")
    assert_same(out["x"], x, name)
    assert_same(out["t"], x.T, name)
    assert_same(out["s"], x[1, 2], name)
    assert tuple(out["e"].shape) == (0,) and out["e"].dtype == mx_dtype(name)
    arrays2, meta = mx.load(tmp_path / "r.safetensors", return_metadata=True)
    assert meta == {}


def test_safetensors_file_objects_and_paths(tmp_path):
    buf = io.BytesIO(b"junk")
    buf.seek(4)
    mx.save_safetensors(buf, {"a": mx.array([1.5, 2.5])}, {"m": "1"})
    buf.seek(4)
    arrays, meta = mx.load(buf, format="safetensors", return_metadata=True)
    assert arrays["a"].tolist() == [1.5, 2.5] and meta == {"m": "1"}
    p = pathlib.Path(tmp_path) / "p.safetensors"
    mx.save_safetensors(p, {"b": mx.array([True, False])})
    with open(p, "rb") as f:
        assert mx.load(f)["b"].tolist() == [True, False]


def test_safetensors_errors(tmp_path):
    def write(data):
        (tmp_path / "e.safetensors").write_bytes(data)
        return tmp_path / "e.safetensors"

    with pytest.raises(RuntimeError, match=r"\[load_safetensors\] Failed to open file"):
        mx.load(tmp_path / "missing.safetensors")
    with pytest.raises(RuntimeError, match=r"\[load_safetensors\] The JSON header is 1000 bytes"):
        mx.load(write(struct.pack("<Q", 1000) + b"{}"))
    with pytest.raises(RuntimeError, match=r"\[load_safetensors\]"):
        mx.load(write(struct.pack("<Q", 1 << 60) + b"{}"))
    with pytest.raises(RuntimeError, match=r"\[load_safetensors\] Invalid JSON"):
        mx.load(write(struct.pack("<Q", 5) + b"{abc}"))
    with pytest.raises(RuntimeError, match=r"\[read\]"):
        mx.load(write(b"\0\0"))
    assert mx.load(write(struct.pack("<Q", 2) + b"{}")) == {}
    f4 = ("F32", (2,), b"\0" * 8)
    with pytest.raises(RuntimeError, match=r"exceeding the size of the file"):
        mx.load(write(build_safetensors({"a": f4})[:-4]))
    with pytest.raises(RuntimeError, match=r"invalid data offsets \(0, 4\). Expecting 8 bytes"):
        mx.load(write(build_safetensors({"a": ("F32", (2,), b"\0" * 4)})))
    with pytest.raises(RuntimeError, match="Unsupported dtype Q32"):
        mx.load(write(build_safetensors({"a": ("Q32", (2,), b"\0" * 8)})))
    bad_entries = [b'{"a": 3}', b'{"a": {"dtype": "F32", "shape": [-1], "data_offsets": [0, 0]}}',
                   b'{"a": {"dtype": "F32", "shape": [1]}}', b'{"__metadata__": {"k": 1}}', b'[]']
    for text in bad_entries:
        with pytest.raises(RuntimeError, match=r"\[load_safetensors\]"):
            mx.load(write(struct.pack("<Q", len(text)) + text))
    with pytest.raises(ValueError, match="Metadata must be a dictionary"):
        mx.save_safetensors(tmp_path / "m", {"a": mx.array(1)}, {"k": 1})
    with pytest.raises(TypeError):
        mx.save_safetensors(tmp_path / "m", {"a": [1, 2]})
    with pytest.raises(ValueError):
        mx.save_safetensors(tmp_path / "m", {"__metadata__": mx.array(1)})


# ----------------------------------------------------------------------------- gguf

GGUF_TYPES = {"float32": 0, "float16": 1, "int8": 24, "int16": 25, "int32": 26, "int64": 27,
              "float64": 28, "bfloat16": 30}
META_CODES = {"uint8": (0, "<B"), "int8": (1, "<b"), "uint16": (2, "<H"), "int16": (3, "<h"),
              "uint32": (4, "<I"), "int32": (5, "<i"), "float32": (6, "<f"), "bool": (7, "<?"),
              "uint64": (10, "<Q"), "int64": (11, "<q"), "float64": (12, "<d")}


def gguf_str(s):
    b = s.encode()
    return struct.pack("<Q", len(b)) + b


def build_gguf(tensors, metadata=(), alignment=32, version=3):
    """GGUF bytes from the spec: tensors {name: (type code, shape, bytes)},
    metadata [(key, type code, encoded value)]."""
    out = b"GGUF" + struct.pack("<IQQ", version, len(tensors), len(metadata))
    for key, code, value in metadata:
        out += gguf_str(key) + struct.pack("<I", code) + value
    blob = b""
    for name, (code, shape, data) in tensors.items():
        blob += b"\0" * (-len(blob) % alignment)
        out += gguf_str(name) + struct.pack("<I", len(shape))
        out += b"".join(struct.pack("<Q", d) for d in reversed(shape))
        out += struct.pack("<IQ", code, len(blob))
        blob += data
    return out + b"\0" * (-len(out) % alignment) + blob


def parse_gguf(raw):
    """An independent reader of our writer's output: (tensors, metadata) with
    tensors {name: (type code, shape, bytes)} and metadata {key: (type, raw)}."""
    pos = 0

    def take(fmt):
        nonlocal pos
        v = struct.unpack_from(fmt, raw, pos)
        pos += struct.calcsize(fmt)
        return v[0] if len(v) == 1 else v

    def string():
        nonlocal pos
        n = take("<Q")
        pos += n
        return raw[pos - n:pos].decode()

    assert raw[:4] == b"GGUF"
    pos = 4
    version, n_t, n_kv = take("<IQQ")
    assert version == 3
    meta = {}
    for _ in range(n_kv):
        key, code = string(), take("<I")
        if code == 8:
            meta[key] = (8, string())
        elif code == 9:
            etype, n = take("<IQ")
            if etype == 8:
                meta[key] = (9, [string() for _ in range(n)])
            else:
                fmt = {c: f for c, f in META_CODES.values()}[etype]
                meta[key] = (9, [take(fmt) for _ in range(n)])
        else:
            fmt = {c: f for c, f in META_CODES.values()}[code]
            meta[key] = (code, take(fmt))
    infos = []
    for _ in range(n_t):
        name, nd = string(), take("<I")
        dims = [take("<Q") for _ in range(nd)]
        code, off = take("<IQ")
        infos.append((name, code, tuple(reversed(dims)), off))
    start = pos + (-pos % 32)
    sizes = {0: 4, 1: 2, 24: 1, 25: 2, 26: 4, 27: 8, 28: 8, 30: 2}
    tensors = {}
    for name, code, shape, off in infos:
        assert off % 32 == 0
        n = int(np.prod(shape)) * sizes[code]
        tensors[name] = (code, shape, raw[start + off:start + off + n])
    return tensors, meta


def test_gguf_round_trip_every_dtype(tmp_path):
    arrays, expected = {}, {}
    for i, name in enumerate(GGUF_TYPES):
        x = sample((3, 4), name, seed=i)
        arrays[name], expected[name] = to_mx(x, name), x
    arrays["scalar"], expected["scalar"] = mx.array(2.5), np.float32(2.5) * np.ones((), np.float32)
    arrays["empty"], expected["empty"] = mx.zeros((0, 3)), np.zeros((0, 3), np.float32)
    x = sample((2, 3, 5), "int32")
    arrays["transposed"], expected["transposed"] = to_mx(x).transpose(2, 0, 1), x.transpose(2, 0, 1)
    mx.save_gguf(str(tmp_path / "g"), arrays)
    out = mx.load(tmp_path / "g.gguf")
    assert set(out) == set(expected)
    for k, x in expected.items():
        assert_same(out[k], x, k if k in GGUF_TYPES else str(x.dtype))
    # The file as the spec reads it.
    tensors, meta = parse_gguf((tmp_path / "g.gguf").read_bytes())
    assert meta == {}
    for k, (code, shape, data) in tensors.items():
        x = expected[k]
        dname = k if k in GGUF_TYPES else str(x.dtype)
        assert code == GGUF_TYPES[dname] and shape == x.shape
        assert data == le_bytes(x, dname)


def test_gguf_metadata_round_trip(tmp_path):
    meta = {"name": "llama \u00e9", "tokens": ["a", "", "\u4e2d"], "empty": [],
            "vec": mx.array([1.5, 2.5]), "ids": mx.array([1, 2, 3], dtype=mx.int64)}
    for dname in META_CODES:
        meta["s_" + dname] = mx.array(1, dtype=mx_dtype(dname))
    mx.save_gguf(tmp_path / "m.gguf", {"w": mx.array([1.0])}, meta)
    arrays, loaded = mx.load(tmp_path / "m.gguf", return_metadata=True)
    assert arrays["w"].tolist() == [1.0]
    assert set(loaded) == set(meta)
    assert loaded["name"] == meta["name"] and loaded["tokens"] == meta["tokens"]
    assert loaded["empty"] == []
    for k in ["vec", "ids"] + ["s_" + d for d in META_CODES]:
        assert loaded[k].dtype == meta[k].dtype and tuple(loaded[k].shape) == tuple(meta[k].shape)
        assert loaded[k].tolist() == meta[k].tolist()
    _, raw_meta = parse_gguf((tmp_path / "m.gguf").read_bytes())
    assert raw_meta["name"] == (8, "llama \u00e9")
    assert raw_meta["ids"] == (9, [1, 2, 3])
    for dname, (code, _) in META_CODES.items():
        assert raw_meta["s_" + dname] == (code, True if dname == "bool" else 1)


def test_read_hand_built_gguf(tmp_path):
    x = sample((2, 3), "float16")
    y = sample((4,), "bfloat16")
    z = sample((3, 1, 2), "int64")
    tensors = {"x": (1, x.shape, le_bytes(x, "float16")), "y": (30, y.shape, le_bytes(y, "bfloat16")),
               "z": (27, z.shape, le_bytes(z, "int64"))}
    metadata = [("general.alignment", 4, struct.pack("<I", 64)),
                ("general.name", 8, gguf_str("hand")),
                ("scores", 9, struct.pack("<IQ", 6, 3) + struct.pack("<3f", 0.5, -1, 2)),
                ("vocab", 9, struct.pack("<IQ", 8, 2) + gguf_str("x") + gguf_str("yz")),
                ("flag", 7, b"\x01")]
    for version in (2, 3):
        (tmp_path / "h.gguf").write_bytes(build_gguf(tensors, metadata, alignment=64, version=version))
        arrays, meta = mx.load(tmp_path / "h.gguf", return_metadata=True)
        assert_same(arrays["x"], x, "float16")
        assert_same(arrays["y"], y, "bfloat16")
        assert_same(arrays["z"], z, "int64")
        assert meta["general.alignment"].item() == 64 and meta["general.alignment"].dtype == mx.uint32
        assert meta["general.name"] == "hand" and meta["vocab"] == ["x", "yz"]
        assert meta["scores"].tolist() == [0.5, -1.0, 2.0] and meta["flag"].item() is True
    with open(tmp_path / "h.gguf", "rb") as f:
        assert_same(mx.load(f)["x"], x, "float16")


def test_gguf_errors(tmp_path):
    with pytest.raises(ValueError, match=r"\[load_gguf\] Failed to open"):
        mx.load(tmp_path / "missing.gguf")
    (tmp_path / "bad.gguf").write_bytes(b"garbage garbage garbage")
    with pytest.raises(RuntimeError, match=r"\[load_gguf\]"):
        mx.load(tmp_path / "bad.gguf")
    (tmp_path / "short.gguf").write_bytes(b"GGUF\x03\x00\x00\x00\x05")
    with pytest.raises(RuntimeError, match=r"\[load_gguf\]"):
        mx.load(tmp_path / "short.gguf")
    (tmp_path / "q.gguf").write_bytes(build_gguf({"q": (2, (32,), b"\0" * 18)}))
    with pytest.raises(ValueError, match="Q4_0"):
        mx.load(tmp_path / "q.gguf")
    truncated = build_gguf({"a": (0, (8,), b"\0" * 32)})[:-8]
    (tmp_path / "t.gguf").write_bytes(truncated)
    with pytest.raises(RuntimeError, match=r"\[load_gguf\]"):
        mx.load(tmp_path / "t.gguf")
    for dt in [mx.bool_, mx.uint8, mx.uint32, mx.complex64]:
        with pytest.raises(RuntimeError, match=r"\[save_gguf\] dtype .* is not supported"):
            mx.save_gguf(tmp_path / "e.gguf", {"a": mx.array([1, 0], dtype=dt)})
    with pytest.raises(RuntimeError, match="more than one dimension"):
        mx.save_gguf(tmp_path / "e.gguf", {}, {"m": mx.zeros((2, 2))})
    with pytest.raises(ValueError, match="not support for metadata"):
        mx.save_gguf(tmp_path / "e.gguf", {}, {"m": mx.array([1 + 2j])})
    with pytest.raises(TypeError):
        mx.save_gguf(tmp_path / "e.gguf", {}, {"m": 3})
    with pytest.raises(TypeError):
        mx.save_gguf(tmp_path / "e.gguf", {"a": [1.0]})
