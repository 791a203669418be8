"""GGUF: round trips of every plain tensor type and of metadata, files built by
hand from the spec (independent of our writer), an independent parse of our
writer's output, and errors."""

import struct

import numpy as np
import pytest

import mxcore as mx
from io_helpers import assert_same, le_bytes, mx_dtype, sample, to_mx

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
    # Q5_0 (Q4_0, Q4_1 and Q8_0 load: test_gguf_quantized.py).
    (tmp_path / "q.gguf").write_bytes(build_gguf({"q": (6, (32,), b"\0" * 22)}))
    with pytest.raises(RuntimeError, match="Q5_0"):  # MLX's type
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
