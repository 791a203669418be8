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
from io_helpers import (ALL_DTYPES, NP_DTYPES, SHAPES, as_np, assert_same, bf16_bytes,
                        le_bytes, mx_dtype, sample, to_mx)

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


def test_npy_sequential_arrays_in_one_file_object():
    # Like np.load, a load leaves the file just past the array it read.
    buf = io.BytesIO()
    for a in [mx.array([1, 2]), mx.ones((2, 2), dtype=mx.float16), mx.array(True)]:
        mx.save(buf, a)
    buf.seek(0)
    first, second, third = (mx.load(buf, format="npy") for _ in range(3))
    assert first.tolist() == [1, 2] and second.tolist() == [[1.0, 1.0], [1.0, 1.0]]
    assert second.dtype == mx.float16 and third.item() is True
    assert buf.read() == b""


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
    np.save(tmp_path / "s.npy", np.zeros(2, dtype=[("a", "<f4"), ("b", "<i4")]))
    with pytest.raises(ValueError, match="Structured dtypes are not supported"):
        mx.load(tmp_path / "s.npy")
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
