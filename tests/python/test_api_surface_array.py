"""What a user tries next on mx.array and dtypes, written the MLX way:
methods' keyword forms, astype/view, size fields, tolist/item per dtype,
__format__, __repr__ exactly as MLX prints it, Dtype, DtypeCategory,
issubdtype, finfo and iinfo. Values come from NumPy or are written by hand
(the printed forms are MLX 0.32's)."""

import numpy as np
import pytest

import mxcore as mx

DTYPES = ["bool_", "uint8", "uint16", "uint32", "uint64", "int8", "int16", "int32", "int64", "float16", "bfloat16",
          "float32", "float64", "complex64"]


@pytest.fixture
def a():
    return np.arange(12, dtype=np.float32).reshape(3, 4) - 5


def test_reduction_methods_by_keyword(a):
    x = mx.array(a)
    np.testing.assert_allclose(np.array(x.sum(axis=1, keepdims=True)), a.sum(axis=1, keepdims=True))
    np.testing.assert_allclose(np.array(x.mean(axis=(0, 1))), a.mean())
    np.testing.assert_allclose(np.array(x.var(axis=0, keepdims=True, ddof=1)), a.var(axis=0, keepdims=True, ddof=1))
    np.testing.assert_allclose(np.array(x.std(0, False, 1)), a.std(axis=0, ddof=1), rtol=1e-6)
    np.testing.assert_array_equal(np.array(x.max(axis=-1)), a.max(axis=-1))
    np.testing.assert_array_equal(np.array(x.min(axis=0, keepdims=True)), a.min(axis=0, keepdims=True))
    np.testing.assert_array_equal(np.array(x.prod(axis=None, keepdims=True)), a.prod(keepdims=True))
    np.testing.assert_array_equal(np.array(x.argmax(axis=1, keepdims=True)), a.argmax(axis=1)[:, None])
    np.testing.assert_array_equal(np.array(x.argmin(axis=0)), a.argmin(axis=0))
    np.testing.assert_array_equal(np.array(x.any(axis=0)), a.any(axis=0))
    np.testing.assert_array_equal(np.array(x.all(axis=1, keepdims=True)), a.all(axis=1, keepdims=True))
    np.testing.assert_allclose(np.array(x.logsumexp(axis=1)), np.log(np.exp(a).sum(axis=1)), rtol=1e-6)
    # cumsum(reverse, inclusive=False): the sum of the later elements
    want = np.flip(np.cumsum(np.flip(a, 1), axis=1), 1) - a
    np.testing.assert_array_equal(np.array(x.cumsum(axis=1, reverse=True, inclusive=False)), want)


def test_shape_methods_by_keyword(a):
    x = mx.array(a)
    assert x.flatten(start_axis=0, end_axis=-1).shape == (12,)
    assert x[None].squeeze(axis=0).shape == (3, 4)
    assert [p.shape for p in x.split(2, axis=1)] == [(3, 2), (3, 2)]
    assert x.moveaxis(0, 1).shape == (4, 3) and x.swapaxes(0, 1).shape == (4, 3)
    assert x.transpose(1, 0).shape == x.transpose((1, 0)).shape == x.T.shape == (4, 3)
    assert x.reshape(2, 6).shape == x.reshape((2, 6)).shape == (2, 6)
    np.testing.assert_array_equal(np.array(x.diagonal(offset=1, axis1=0, axis2=1)), np.diagonal(a, 1))
    np.testing.assert_array_equal(np.array(x.round(decimals=1)), np.round(a, 1))
    want = a.copy()
    want[0, 1] += 5
    np.testing.assert_array_equal(np.array(x.at[0, 1].add(5)), want)


def test_astype_and_view_with_stream(a):
    x = mx.array(a)
    got = x.astype(mx.int16, stream=mx.cpu)
    assert got.dtype == mx.int16
    np.testing.assert_array_equal(np.array(got), a.astype(np.int16))
    assert x.astype(mx.float16, mx.cpu).dtype == mx.float16
    assert x.astype(dtype=mx.uint8).dtype == mx.uint8
    np.testing.assert_array_equal(np.array(x.view(mx.int32)), a.view(np.int32))
    np.testing.assert_array_equal(np.array(x.view(dtype=mx.uint8, stream=mx.cpu)), a.view(np.uint8))
    assert x.view(mx.uint8).shape == (3, 16)


@pytest.mark.parametrize("name", DTYPES)
def test_size_fields(name):
    dt = getattr(mx, name)
    x = mx.zeros((3, 5), dtype=dt)
    itemsize = {"bool_": 1, "uint8": 1, "int8": 1, "uint16": 2, "int16": 2, "float16": 2, "bfloat16": 2,
                "uint32": 4, "int32": 4, "float32": 4}.get(name, 8)
    assert (x.itemsize, x.nbytes, x.size, x.ndim, x.shape) == (itemsize, 15 * itemsize, 15, 2, (3, 5))
    assert dt.size == itemsize
    scalar = mx.array(1, dtype=dt)
    assert (scalar.size, scalar.ndim, scalar.shape, scalar.nbytes) == (1, 0, (), itemsize)


TOLIST = {
    "bool_": ([[False, True], [True, True]], bool),
    "uint8": ([[0, 1], [2, 3]], int), "uint16": ([[0, 1], [2, 3]], int), "uint32": ([[0, 1], [2, 3]], int),
    "uint64": ([[0, 1], [2, 3]], int), "int8": ([[0, 1], [2, 3]], int), "int16": ([[0, 1], [2, 3]], int),
    "int32": ([[0, 1], [2, 3]], int), "int64": ([[0, 1], [2, 3]], int),
    # thirds rounded to each type, written out as MLX returns them
    "float16": ([[0.0, 0.333251953125], [0.66650390625, 1.0]], float),
    "bfloat16": ([[0.0, 0.333984375], [0.66796875, 1.0]], float),
    "float32": ([[0.0, 0.3333333432674408], [0.6666666865348816, 1.0]], float),
    "float64": ([[0.0, 0.3333333333333333], [0.6666666666666666, 1.0]], float),
    "complex64": ([[1j, 1 + 1j], [2 + 1j, 3 + 1j]], complex),
}


def sample(name):
    x = mx.array([[0, 1], [2, 3]]).astype(getattr(mx, name))
    if name == "complex64":
        return x + 1j
    if name in ("float16", "bfloat16", "float32", "float64"):
        return x / 3
    return x


@pytest.mark.parametrize("name", DTYPES)
def test_tolist_and_item_give_python_types(name):
    x = sample(name)
    want, kind = TOLIST[name]
    got = x.tolist()
    assert got == want
    assert all(type(v) is kind for row in got for v in row)
    item = x[1, 1].item()
    assert item == want[1][1] and type(item) is kind
    assert x[1, 1].tolist() == want[1][1]  # a 0-d array's tolist is its scalar
    # through a transposed (non-contiguous) view too
    assert x.T.tolist() == [list(col) for col in zip(*want)]


def test_tolist_extremes_and_empty():
    assert mx.array([2 ** 64 - 1], mx.uint64).tolist() == [18446744073709551615]
    assert mx.array([-(2 ** 63), 2 ** 63 - 1], mx.int64).tolist() == [-(2 ** 63), 2 ** 63 - 1]
    assert mx.zeros((2, 0)).tolist() == [[], []]
    assert mx.zeros((0,)).tolist() == []


def test_format_like_the_scalar():
    for value, dtype in ((1234.5678, mx.float32), (255, mx.int32), (True, mx.bool_), (1.5, mx.float16)):
        x = mx.array(value, dtype=dtype)
        scalar = x.item()
        for spec in (".3e", "g", "10.4f", "<8", "+", ""):
            assert format(x, spec) == format(scalar, spec), (value, spec)
    assert f"{mx.array(255):x}" == "ff" and f"{mx.array(7):>4}" == "   7"
    assert format(mx.array(1 + 2j), ".1f") == "1.0+2.0j"
    with pytest.raises(ValueError, match="Unknown format code 'd'"):
        format(mx.array(1.5), "d")
    with pytest.raises(TypeError, match=r"unsupported format string passed to mx\.array\.__format__"):
        f"{mx.arange(3):>4}"
    assert f"{mx.arange(3)}" == "array([0, 1, 2], dtype=int32)"


REPRS = [
    (lambda: mx.arange(6).reshape(2, 3), "array([[0, 1, 2],\n       [3, 4, 5]], dtype=int32)"),
    (lambda: mx.array(True), "array(True, dtype=bool)"),
    (lambda: mx.array([[False, True]]), "array([[False, True]], dtype=bool)"),
    (lambda: mx.array(1 / 3), "array(0.333333, dtype=float32)"),
    (lambda: mx.array([1 / 3]).astype(mx.float16), "array([0.333252], dtype=float16)"),
    (lambda: mx.array([1 / 3, 100]).astype(mx.bfloat16), "array([0.333984, 100], dtype=bfloat16)"),
    (lambda: mx.array([1 / 3], mx.float64), "array([0.333333], dtype=float64)"),
    (lambda: mx.array([1e-5, 1.0, 1e5]), "array([1e-05, 1, 100000], dtype=float32)"),
    (lambda: mx.array([-1.5, 2e10, 1e-7]), "array([-1.5, 2e+10, 1e-07], dtype=float32)"),
    (lambda: mx.array([float("nan"), float("inf"), -float("inf")]), "array([nan, inf, -inf], dtype=float32)"),
    (lambda: mx.array([1 + 2j, -3.5 - 1j]), "array([1+2j, -3.5-1j], dtype=complex64)"),
    (lambda: mx.array([-(2 ** 63), 2 ** 63 - 1], mx.int64),
     "array([-9223372036854775808, 9223372036854775807], dtype=int64)"),
    (lambda: mx.array([2 ** 64 - 1], mx.uint64), "array([18446744073709551615], dtype=uint64)"),
    (lambda: mx.zeros((0, 3)), "array([], dtype=float32)"),
    (lambda: mx.arange(8).reshape(2, 2, 2),
     "array([[[0, 1],\n        [2, 3]],\n       [[4, 5],\n        [6, 7]]], dtype=int32)"),
    (lambda: mx.arange(2000), "array([0, 1, 2, ..., 1997, 1998, 1999], dtype=int32)"),
    (lambda: mx.arange(20).astype(mx.float32) / 7,
     "array([0, 0.142857, 0.285714, ..., 2.42857, 2.57143, 2.71429], dtype=float32)"),
    (lambda: mx.ones((3, 30)),
     "array([[1, 1, 1, ..., 1, 1, 1],\n       [1, 1, 1, ..., 1, 1, 1],\n       [1, 1, 1, ..., 1, 1, 1]], dtype=float32)"),
]


@pytest.mark.parametrize("make,text", REPRS, ids=[t.split("dtype=")[-1][:-1] + str(i) for i, (_, t) in enumerate(REPRS)])
def test_repr_as_mlx_prints_it(make, text):
    x = make()
    assert repr(x) == text
    assert str(x) == text


def test_dtype_objects():
    assert repr(mx.float32) == str(mx.float32) == "mlx.core.float32"
    assert repr(mx.bool_) == "mlx.core.bool"
    assert repr([mx.float32, mx.bool_]) == "[mlx.core.float32, mlx.core.bool]"
    assert mx.float32 == mx.float32 and mx.float32 != mx.int32
    assert {mx.float32: 1}[mx.float32] == 1 and hash(mx.int8) == hash(mx.int8)
    assert isinstance(mx.float32, mx.Dtype)
    assert repr(mx.floating) == "DtypeCategory.floating" and mx.floating == mx.floating


CATEGORIES = {
    "complexfloating": {"complex64"},
    "floating": {"float16", "bfloat16", "float32", "float64"},
    "inexact": {"float16", "bfloat16", "float32", "float64", "complex64"},
    "signedinteger": {"int8", "int16", "int32", "int64"},
    "unsignedinteger": {"uint8", "uint16", "uint32", "uint64"},
    "integer": {"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"},
    "number": set(DTYPES) - {"bool_"},
    "generic": set(DTYPES),
}


@pytest.mark.parametrize("category", sorted(CATEGORIES))
def test_issubdtype_table(category):
    cat = getattr(mx, category)
    assert {d for d in DTYPES if mx.issubdtype(getattr(mx, d), cat)} == CATEGORIES[category]
    assert isinstance(cat, mx.DtypeCategory)
    # a category is a subtype of the categories containing it (NumPy's tree)
    for other, members in CATEGORIES.items():
        assert mx.issubdtype(cat, getattr(mx, other)) == CATEGORIES[category].issubset(members)


def test_issubdtype_of_dtypes_and_bad_input():
    assert mx.issubdtype(mx.float32, mx.float32) and not mx.issubdtype(mx.float32, mx.float64)
    assert not mx.issubdtype(mx.floating, mx.float32)
    with pytest.raises(ValueError, match=r"\[issubdtype\] Received invalid type for second input"):
        mx.issubdtype(mx.float32, "float")
    with pytest.raises(ValueError, match=r"\[issubdtype\] Received invalid type for first input"):
        mx.issubdtype(np.float32, mx.floating)


@pytest.mark.parametrize("name", ["float16", "float32", "float64"])
def test_finfo_against_numpy(name):
    f, ref = mx.finfo(getattr(mx, name)), np.finfo(getattr(np, name))
    assert (f.min, f.max, f.eps, f.bits) == (float(ref.min), float(ref.max), float(ref.eps), ref.bits)
    assert f.smallest_normal == float(ref.smallest_normal) and f.dtype == getattr(mx, name)


def test_finfo_bfloat16_complex_and_repr():
    f = mx.finfo(mx.bfloat16)
    # bfloat16: 8 exponent bits like float32, 7 mantissa bits
    assert f.max == (2 - 2 ** -7) * 2.0 ** 127 and f.min == -f.max and f.eps == 2 ** -7 and f.bits == 16
    c = mx.finfo(mx.complex64)
    assert (c.min, c.max, c.eps) == (mx.finfo(mx.float32).min, mx.finfo(mx.float32).max, mx.finfo(mx.float32).eps)
    assert repr(mx.finfo(mx.float16)) == "finfo(min=-65504, max=65504, dtype=float16)"
    assert repr(mx.finfo(mx.float32)) == "finfo(min=-3.40282e+38, max=3.40282e+38, dtype=float32)"
    with pytest.raises(ValueError, match=r"\[finfo\] dtype int32 is not inexact"):
        mx.finfo(mx.int32)


@pytest.mark.parametrize("name", ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"])
def test_iinfo_against_numpy(name):
    i, ref = mx.iinfo(getattr(mx, name)), np.iinfo(getattr(np, name))
    assert (i.min, i.max, i.dtype) == (int(ref.min), int(ref.max), getattr(mx, name))
    assert repr(i) == f"iinfo(min={ref.min}, max={ref.max}, dtype={name})"


@pytest.mark.parametrize("dtype,name", [(mx.bool_, "bool"), (mx.float32, "float32")])
def test_iinfo_rejects_other_types_with_mlx_message(dtype, name):
    with pytest.raises(ValueError, match=rf"\[iinfo\] Only integer types supported but {name} was provided"):
        mx.iinfo(dtype)
