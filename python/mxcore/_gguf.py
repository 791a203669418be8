"""The GGUF format (https://github.com/ggerganov/ggml/blob/master/docs/gguf.md):
mx.save_gguf and the loader behind mx.load(..., format="gguf").

Layout (versions 2 and 3, little-endian): b"GGUF", u32 version, u64 tensor
count, u64 metadata count; metadata key/value pairs; tensor infos (name,
u32 n_dims, u64 dims innermost first, u32 type, u64 offset); padding to the
alignment (metadata "general.alignment", default 32); the tensor data, each
tensor at its offset from the start of that block. The header is parsed here
with struct; tensor bytes move through _core._read_raw / _core._write_raw.

Quantized types load as MLX 0.32.4 loads them: Q4_0, Q4_1 and Q8_0 as MLX's
affine triple (_quantized_triple), Q2_K, Q4_K and Q6_K dequantized to float16
(_gguf_kquants.py); MLX refuses every other quantized type, and so do we.
"""

import os
import struct

from . import _core, _gguf_kquants

__all__ = ["save_gguf", "load_gguf"]

_MAGIC = b"GGUF"
_DEFAULT_ALIGNMENT = 32

# Tensor types (ggml_type).
_TENSOR_TYPES = {
    0: _core.float32,
    1: _core.float16,
    24: _core.int8,
    25: _core.int16,
    26: _core.int32,
    27: _core.int64,
    28: _core.float64,
    30: _core.bfloat16,
}
_TENSOR_TYPE_OF = {dtype: code for code, dtype in _TENSOR_TYPES.items()}
_Q4_0, _Q4_1, _Q8_0 = 2, 3, 8
# Bytes of one block of 32 values: f16 scale [, f16 min], then the codes.
_BLOCK_BYTES = {_Q4_0: 18, _Q4_1: 20, _Q8_0: 34}
_QUANTIZED_NAMES = {
    2: "Q4_0", 3: "Q4_1", 6: "Q5_0", 7: "Q5_1", 8: "Q8_0", 9: "Q8_1", 10: "Q2_K",
    11: "Q3_K", 12: "Q4_K", 13: "Q5_K", 14: "Q6_K", 15: "Q8_K", 16: "IQ2_XXS",
    17: "IQ2_XS", 18: "IQ3_XXS", 19: "IQ1_S", 20: "IQ4_NL", 21: "IQ3_S", 22: "IQ2_S",
    23: "IQ4_XS", 29: "IQ1_M", 34: "TQ1_0", 35: "TQ2_0",
}

# Metadata value types (gguf_type).
_UINT8, _INT8, _UINT16, _INT16, _UINT32, _INT32, _FLOAT32, _BOOL = range(8)
_STRING, _ARRAY, _UINT64, _INT64, _FLOAT64 = range(8, 13)
_META_TYPES = {
    _UINT8: _core.uint8, _INT8: _core.int8, _UINT16: _core.uint16, _INT16: _core.int16,
    _UINT32: _core.uint32, _INT32: _core.int32, _FLOAT32: _core.float32, _BOOL: _core.bool_,
    _UINT64: _core.uint64, _INT64: _core.int64, _FLOAT64: _core.float64,
}
_META_TYPE_OF = {dtype: code for code, dtype in _META_TYPES.items()}
_META_FORMATS = {_UINT8: "<B", _INT8: "<b", _UINT16: "<H", _INT16: "<h", _UINT32: "<I",
                 _INT32: "<i", _FLOAT32: "<f", _BOOL: "<?", _UINT64: "<Q", _INT64: "<q",
                 _FLOAT64: "<d"}


def _dtype_name(dtype):
    return str(dtype).rsplit(".", 1)[-1]


# ----------------------------------------------------------------------------- reading


class _Reader:
    def __init__(self, file):
        self.file = file

    def bytes(self, n):
        data = self.file.read(n)
        if len(data) != n:
            raise RuntimeError("[load_gguf] Invalid GGUF file: unexpected end of file.")
        return data

    def unpack(self, fmt):
        return struct.unpack(fmt, self.bytes(struct.calcsize(fmt)))[0]

    def string(self):
        n = self.unpack("<Q")
        if n > (1 << 30):
            raise RuntimeError("[load_gguf] Invalid GGUF file: string too long.")
        try:
            return self.bytes(n).decode("utf-8")
        except UnicodeDecodeError as e:
            raise RuntimeError("[load_gguf] Invalid GGUF file: a string is not UTF-8.") from e

    def value(self, vtype, stream):
        if vtype == _STRING:
            return self.string()
        if vtype == _ARRAY:
            etype, n = self.unpack("<I"), self.unpack("<Q")
            if n >= 2**31:
                raise RuntimeError("[load_gguf] Invalid GGUF file: metadata array too long.")
            if etype == _STRING:
                return [self.string() for _ in range(n)]
            if etype not in _META_TYPES:
                raise RuntimeError(f"[load_gguf] Unsupported metadata array type {etype}.")
            dtype = _META_TYPES[etype]
            # Numeric arrays (tokenizer scores, ...) are read in one piece.
            start = self.file.tell()
            out = _core._read_raw(self.file, start, (n,), dtype, stream=stream)
            self.file.seek(start + n * dtype.size)
            return out
        if vtype in _META_TYPES:
            return _core.array(self.unpack(_META_FORMATS[vtype]), dtype=_META_TYPES[vtype])
        raise RuntimeError(f"[load_gguf] Unsupported metadata type {vtype}.")


def load_gguf(file, *, stream=None):
    """(arrays, metadata) of a GGUF file (a path or a binary file object)."""
    if isinstance(file, (str, bytes, os.PathLike)):
        try:
            handle = open(os.fsdecode(file), "rb")
        except OSError as e:
            raise ValueError(f"[load_gguf] Failed to open {os.fsdecode(file)}") from e
        with handle:
            return _load(handle, stream)
    return _load(file, stream)


def _load(file, stream):
    base = file.tell()
    r = _Reader(file)
    if r.bytes(4) != _MAGIC:
        raise RuntimeError("[load_gguf] Invalid GGUF file: bad magic.")
    version = r.unpack("<I")
    if version not in (2, 3):
        raise RuntimeError(f"[load_gguf] Unsupported GGUF version {version}.")
    n_tensors, n_meta = r.unpack("<Q"), r.unpack("<Q")
    metadata = {}
    for _ in range(n_meta):
        key = r.string()
        metadata[key] = r.value(r.unpack("<I"), stream)
    alignment = metadata.get("general.alignment", _DEFAULT_ALIGNMENT)
    if not isinstance(alignment, int):
        alignment = int(alignment.item())
    if alignment <= 0:
        raise RuntimeError("[load_gguf] Invalid GGUF file: bad general.alignment.")
    infos = []
    for _ in range(n_tensors):
        name = r.string()
        n_dims = r.unpack("<I")
        if n_dims > 64:
            raise RuntimeError(f"[load_gguf] Invalid GGUF file: tensor '{name}' has {n_dims} dims.")
        dims = [r.unpack("<Q") for _ in range(n_dims)]
        ttype, offset = r.unpack("<I"), r.unpack("<Q")
        if (ttype not in _TENSOR_TYPES and ttype not in _BLOCK_BYTES
                and ttype not in _gguf_kquants.BLOCK_BYTES):
            kind = _QUANTIZED_NAMES.get(ttype, f"type {ttype}")
            # MLX's error (its GGUF reader cannot convert the type to float16).
            raise RuntimeError(
                f"[load_gguf] gguf_tensor_to_f16 failed: tensor '{name}' has GGUF type "
                f"{kind}, which cannot be loaded (loadable quantized types: Q4_0, Q4_1, "
                "Q8_0, Q2_K, Q4_K, Q6_K).")
        if any(d >= 2**31 for d in dims):
            raise RuntimeError(f"[load_gguf] Invalid GGUF file: tensor '{name}' is too large.")
        infos.append((name, tuple(reversed(dims)), ttype, offset))
    header_end = file.tell() - base
    data_start = base + (header_end + alignment - 1) // alignment * alignment
    arrays = {}
    for name, shape, ttype, offset in infos:
        if ttype in _BLOCK_BYTES and (not shape or shape[-1] % 32 != 0):
            raise RuntimeError(f"[load_gguf] tensor {name} has incompatible last dim shape: "
                               f"{shape[-1] if shape else 0}")
        if ttype in _gguf_kquants.BLOCK_BYTES and _prod(shape) % 256 != 0:
            raise RuntimeError(f"[load_gguf] tensor {name} has {_prod(shape)} values, not a "
                               f"multiple of the {_QUANTIZED_NAMES[ttype]} block of 256.")
        try:
            if ttype in _TENSOR_TYPES:
                arrays[name] = _core._read_raw(file, data_start + offset, shape,
                                               _TENSOR_TYPES[ttype], stream=stream)
                continue
            if ttype in _gguf_kquants.BLOCK_BYTES:
                blocks = _core._read_raw(
                    file, data_start + offset,
                    (_prod(shape) // 256, _gguf_kquants.BLOCK_BYTES[ttype]), _core.uint8,
                    stream=stream)
                arrays[name] = _gguf_kquants.dequantize(blocks, ttype, shape)
                continue
            n_blocks = _prod(shape) // 32
            blocks = _core._read_raw(file, data_start + offset,
                                     (n_blocks, _BLOCK_BYTES[ttype]), _core.uint8, stream=stream)
        except RuntimeError as e:
            raise RuntimeError(
                f"[load_gguf] Invalid GGUF file: the data of tensor '{name}' lies beyond the "
                "end of the file.") from e
        weight, scales, biases = _quantized_triple(blocks, ttype, shape)
        # MLX drops the last len(".weight") characters of the name (whatever
        # they are) for the scales' and biases' keys.
        prefix = name[:len(name) - 7] if len(name) >= 7 else name
        arrays[name] = weight
        for key, value in ((prefix + ".scales", scales), (prefix + ".biases", biases)):
            if key in arrays:
                raise RuntimeError(f"[load_gguf] Duplicate parameter name {key} this can "
                                   "happen when loading quantized tensors.")
            arrays[key] = value
    return arrays, metadata


def _prod(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def _quantized_triple(blocks, ttype, shape):
    """GGUF blocks of 32 values -> MLX's affine triple (weight, scales, biases)
    with group size 32: Q4_0 and Q4_1 as 4-bit, Q8_0 as 8-bit codes packed
    little-endian into uint32, float16 scales and biases. The value of a code
    q is q * scale + bias: Q4_0 stores q' = q - 8 (bias -8 * scale), Q8_0 the
    int8 q' = q - 128 (bias -128 * scale), Q4_1 its own bias (the min)."""
    u32 = _core.uint32
    halves = _core.view(blocks[:, :4 if ttype == _Q4_1 else 2], _core.float16)
    scales = halves[:, 0]
    if ttype == _Q4_1:
        biases = halves[:, 1]
    else:
        biases = scales * _core.array(-8.0 if ttype == _Q4_0 else -128.0, _core.float16)
    if ttype == _Q8_0:
        codes = _core.bitwise_xor(blocks[:, 2:], _core.array(128, _core.uint8))
        per_word = 4
    else:
        # Byte j holds values j (low nibble) and j + 16 (high nibble).
        qs = blocks[:, 4 if ttype == _Q4_1 else 2:]
        codes = _core.concatenate([_core.bitwise_and(qs, _core.array(15, _core.uint8)),
                                   _core.right_shift(qs, _core.array(4, _core.uint8))], axis=1)
        per_word = 8
    bits = 32 // per_word
    shifts = _core.arange(0, 32, bits, dtype=u32)
    words = _core.reshape(_core.astype(codes, u32), (-1, per_word))
    # The fields are disjoint, so their sum is their bitwise or.
    words = _core.sum(_core.left_shift(words, shifts), axis=-1)
    side = tuple(shape[:-1]) + (shape[-1] // 32,)
    weight = _core.reshape(words, tuple(shape[:-1]) + (shape[-1] // per_word,))
    return weight, _core.reshape(scales, side), _core.reshape(biases, side)


# ----------------------------------------------------------------------------- writing


class _Writer:
    def __init__(self, file):
        self.file, self.count = file, 0

    def bytes(self, data):
        self.file.write(data)
        self.count += len(data)

    def pack(self, fmt, value):
        self.bytes(struct.pack(fmt, value))

    def string(self, s):
        data = s.encode("utf-8")
        self.pack("<Q", len(data))
        self.bytes(data)

    def array(self, a):
        _core._write_raw(self.file, a)
        self.count += a.nbytes


def _check_metadata(metadata):
    if metadata is None:
        return {}
    if not isinstance(metadata, dict):
        raise TypeError("[save_gguf] Metadata must be a dictionary.")
    for key, value in metadata.items():
        if not isinstance(key, str):
            raise TypeError("[save_gguf] Metadata keys must be strings.")
        if isinstance(value, str):
            continue
        if isinstance(value, list):
            if not all(isinstance(v, str) for v in value):
                raise TypeError(f"[save_gguf] Metadata list '{key}' must hold only strings.")
            continue
        if not isinstance(value, _core.array):
            raise TypeError(
                f"[save_gguf] Metadata '{key}' must be an array, a str or a list of str, "
                f"not {type(value).__name__}.")
        if value.ndim > 1:
            raise RuntimeError("[save_gguf] Cannot save arrays with more than one dimension.")
        if value.dtype not in _META_TYPE_OF:
            raise ValueError(
                f"[save_gguf] array type {_dtype_name(value.dtype)} not support for metadata.")
    return metadata


def save_gguf(file, arrays, metadata=None):
    """Write named arrays, and optional metadata, to a GGUF file.

    Args:
        file (str, pathlib.Path or file): Where to write; ``.gguf`` is appended
            to a path without that suffix.
        arrays (dict(str, array)): The tensors, by name.
        metadata (dict, optional): Key/value metadata; each value is a scalar
            or 1-D array, a string or a list of strings. Default: ``None``.

    Returns:
        None
    """
    if not isinstance(arrays, dict):
        raise TypeError("[save_gguf] Arrays must be a dictionary.")
    for key, a in arrays.items():
        if not isinstance(key, str) or not isinstance(a, _core.array):
            raise TypeError("[save_gguf] Arrays must be a dictionary with string keys and "
                            "array values.")
        if a.dtype not in _TENSOR_TYPE_OF:
            raise RuntimeError(f"[save_gguf] dtype {_dtype_name(a.dtype)} is not supported")
    metadata = _check_metadata(metadata)
    alignment = metadata.get("general.alignment")
    alignment = _DEFAULT_ALIGNMENT if alignment is None else int(alignment.item())
    if isinstance(file, (str, bytes, os.PathLike)):
        file = os.fsdecode(file)
        if not file.endswith(".gguf"):
            file += ".gguf"
        with open(file, "wb") as handle:
            _save(handle, arrays, metadata, alignment)
    elif hasattr(file, "write"):
        _save(file, arrays, metadata, alignment)
    else:
        raise ValueError("[save_gguf] Input must be a file-like object, or string")


def _save(file, arrays, metadata, alignment):
    w = _Writer(file)
    w.bytes(_MAGIC)
    w.pack("<I", 3)
    w.pack("<Q", len(arrays))
    w.pack("<Q", len(metadata))
    for key, value in metadata.items():
        w.string(key)
        if isinstance(value, str):
            w.pack("<I", _STRING)
            w.string(value)
        elif isinstance(value, list):
            w.pack("<I", _ARRAY)
            w.pack("<I", _STRING)
            w.pack("<Q", len(value))
            for s in value:
                w.string(s)
        elif value.ndim == 0:
            w.pack("<I", _META_TYPE_OF[value.dtype])
            w.array(value)
        else:
            w.pack("<I", _ARRAY)
            w.pack("<I", _META_TYPE_OF[value.dtype])
            w.pack("<Q", value.size)
            w.array(value)
    offset = 0
    for name, a in arrays.items():
        w.string(name)
        w.pack("<I", a.ndim)
        for d in reversed(a.shape):
            w.pack("<Q", d)
        w.pack("<I", _TENSOR_TYPE_OF[a.dtype])
        w.pack("<Q", offset)
        offset += (a.nbytes + alignment - 1) // alignment * alignment
    w.bytes(b"\0" * (-w.count % alignment))
    for a in arrays.values():
        w.array(a)
        w.bytes(b"\0" * (-a.nbytes % alignment))
