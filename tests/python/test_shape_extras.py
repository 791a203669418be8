"""repeat, tile, pad, roll, diag, diagonal, trace, tri, tril, triu, meshgrid
and view against NumPy: dtypes, non-contiguous inputs, gradients, vmap,
compile and errors."""

import numpy as np
import pytest

import mxcore as mx

DTYPES = ["bool", "uint8", "uint32", "int8", "int16", "int32", "int64", "float16",
          "float32", "float64", "bfloat16", "complex64"]


def mx_dtype(name):
    return getattr(mx, "bool_" if name == "bool" else name)


def as_np(a):
    if a.dtype == mx.bfloat16:
        a = a.astype(mx.float32)
    return np.array(a)


def sample(dtype, shape, seed=0):
    v = np.random.default_rng(seed).integers(0, 9, size=shape)
    x = mx.array(v.astype(np.float32) if dtype == "bfloat16" else v.astype(
        np.bool_ if dtype == "bool" else dtype), dtype=mx_dtype(dtype))
    return x, as_np(x)


def inputs(dtype):
    x, x_np = sample(dtype, (4, 6))
    return [(x, x_np), (x.T, x_np.T), (x[::2, ::-2], x_np[::2, ::-2]),
            (mx.broadcast_to(x[:1], (3, 6)), np.broadcast_to(x_np[:1], (3, 6)))]


@pytest.mark.parametrize("dtype", DTYPES)
def test_repeat_tile_roll(dtype):
    for x, x_np in inputs(dtype):
        for axis in (None, 0, 1, -1):
            for r in (0, 1, 3):
                out = mx.repeat(x, r, axis)
                assert out.dtype == x.dtype
                np.testing.assert_array_equal(as_np(out), np.repeat(x_np, r, axis))
        for reps in (2, (2, 1), (1, 2, 3), (0, 2)):
            np.testing.assert_array_equal(as_np(mx.tile(x, reps)), np.tile(x_np, reps))
        for shift, axis in ((1, None), (-7, None), (2, 0), (-1, 1), ((1, 2), (0, 1)), (3, (0, 1))):
            np.testing.assert_array_equal(as_np(mx.roll(x, shift, axis)), np.roll(x_np, shift, axis))


@pytest.mark.parametrize("dtype", DTYPES)
def test_pad(dtype):
    for x, x_np in inputs(dtype):
        for width in (1, (2,), (1, 2), [(0, 1), (2, 0)], ((3, 3), (0, 0))):
            np.testing.assert_array_equal(as_np(mx.pad(x, width)), np.pad(x_np, width))
            np.testing.assert_array_equal(as_np(mx.pad(x, width, mode="edge")),
                                          np.pad(x_np, width, mode="edge"))
            if dtype != "bool":
                out = mx.pad(x, width, constant_values=5)
                assert out.dtype == x.dtype
                np.testing.assert_array_equal(as_np(out), np.pad(x_np, width, constant_values=5))


@pytest.mark.parametrize("dtype", DTYPES)
def test_diag_diagonal_trace(dtype):
    for x, x_np in inputs(dtype):
        for k in (-4, -1, 0, 2, 7):
            np.testing.assert_array_equal(as_np(mx.diag(x, k)), np.diag(x_np, k))
            np.testing.assert_array_equal(as_np(x.diagonal(k)), np.diagonal(x_np, k))
            np.testing.assert_array_equal(as_np(mx.diagonal(x, k, 1, 0)), np.diagonal(x_np, k, 1, 0))
        v = x_np[0]
        for k in (-2, 0, 3):
            np.testing.assert_array_equal(as_np(mx.diag(x[0], k)), np.diag(v, k))
    y, y_np = sample(dtype, (3, 4, 5), seed=1)
    for off, a1, a2 in ((0, 0, 1), (1, 2, 0), (-1, -1, 1)):
        np.testing.assert_array_equal(as_np(mx.diagonal(y, off, a1, a2)), np.diagonal(y_np, off, a1, a2))
        if dtype not in ("bool",):
            t = mx.trace(y, off, a1, a2)
            assert t.dtype in (y.dtype, mx.int32, mx.uint32)
            np.testing.assert_allclose(as_np(t).astype(np.complex128),
                                       np.trace(y_np.astype(np.complex128), off, a1, a2))
    np.testing.assert_allclose(np.array(mx.trace(y, dtype=mx.float32)),
                               np.trace(y_np.astype(np.float32)))


@pytest.mark.parametrize("dtype", ["bool", "int32", "float32", "float16"])
def test_tri_tril_triu(dtype):
    for n, m, k in ((3, None, 0), (3, 5, 1), (4, 2, -1), (0, 3, 0)):
        out = mx.tri(n, m, k, dtype=mx_dtype(dtype))
        assert out.dtype == mx_dtype(dtype)
        np.testing.assert_array_equal(as_np(out), np.tri(n, m, k).astype(np.float64 if dtype == "bool" else dtype).astype(dtype if dtype != "bool" else np.bool_))
    assert mx.tri(3).dtype == mx.float32
    y, y_np = sample(dtype, (2, 4, 5))
    for k in (-2, 0, 1, 6):
        np.testing.assert_array_equal(as_np(mx.tril(y, k)), np.tril(y_np, k))
        np.testing.assert_array_equal(as_np(mx.triu(y.transpose(0, 2, 1), k)),
                                      np.triu(y_np.transpose(0, 2, 1), k))


def test_meshgrid():
    a, b, c = np.arange(3), np.arange(4) * 2.0, np.array([5, 6])
    for indexing in ("xy", "ij"):
        for sparse in (False, True):
            out = mx.meshgrid(mx.array(a), mx.array(b), mx.array(c), sparse=sparse, indexing=indexing)
            ref = np.meshgrid(a, b, c, sparse=sparse, indexing=indexing)
            assert len(out) == 3
            for o, r in zip(out, ref):
                np.testing.assert_array_equal(np.array(o), r)
    out = mx.meshgrid(mx.array(a))
    np.testing.assert_array_equal(np.array(out[0]), np.meshgrid(a)[0])
    with pytest.raises(ValueError, match="meshgrid"):
        mx.meshgrid(mx.array(a), indexing="xx")


@pytest.mark.parametrize("src,dst", [("float32", "uint32"), ("float32", "int16"), ("int16", "float32"),
                                     ("uint8", "int8"), ("float64", "uint8"), ("int32", "float16"),
                                     ("float16", "uint16"), ("float32", "bfloat16")])
def test_view(src, dst):
    x_np = np.random.default_rng(0).standard_normal((3, 8)).astype(src)
    x = mx.array(x_np, dtype=mx_dtype(src))
    ref_dst = np.float32 if dst == "bfloat16" else dst
    for a, a_np in ((x, x_np), (x.T, x_np.T), (x[:, ::2], x_np[:, ::2])):
        if np.dtype(src).itemsize < np.dtype(dst if dst != "bfloat16" else "uint16").itemsize and \
                a_np.shape[-1] * np.dtype(src).itemsize % 4:
            continue
        out = mx.view(a, mx_dtype(dst))
        assert out.dtype == mx_dtype(dst)
        if dst == "bfloat16":
            bits = np.ascontiguousarray(a_np).view(np.uint16).astype(np.uint32) << 16
            expected = bits.view(np.float32)
            np.testing.assert_array_equal(as_np(out), expected)
        else:
            np.testing.assert_array_equal(np.array(out), np.ascontiguousarray(a_np).view(ref_dst))
    np.testing.assert_array_equal(np.array(x.view(mx.int32)), x_np.view(np.int32) if src == "float32" else np.array(x.view(mx.int32)))


def test_view_errors():
    with pytest.raises(ValueError, match="view"):
        mx.view(mx.array(1.0), mx.float16)
    with pytest.raises(ValueError, match="view"):
        mx.view(mx.zeros((2, 3), dtype=mx.int8), mx.int32)


def test_gradients():
    rng = np.random.default_rng(2)
    x_np = rng.standard_normal((4, 5))
    x = mx.array(x_np, dtype=mx.float64)
    cases = [
        (lambda a: mx.repeat(a, 3, 1), lambda a: np.repeat(a, 3, 1)),
        (lambda a: mx.tile(a, (2, 3)), lambda a: np.tile(a, (2, 3))),
        (lambda a: mx.pad(a, [(1, 2), (0, 3)]), lambda a: np.pad(a, [(1, 2), (0, 3)])),
        (lambda a: mx.pad(a, 2, mode="edge"), lambda a: np.pad(a, 2, mode="edge")),
        (lambda a: mx.roll(a, 2, 1), lambda a: np.roll(a, 2, 1)),
        (lambda a: mx.diagonal(a, 1), lambda a: np.diagonal(a, 1)),
        (lambda a: mx.diag(a[0], -1), lambda a: np.diag(a[0], -1)),
        (lambda a: mx.tril(a, 1), lambda a: np.tril(a, 1)),
        (lambda a: mx.triu(a), lambda a: np.triu(a)),
        (lambda a: mx.trace(a, 1)[None], lambda a: np.trace(a, 1)[None]),
    ]
    for f, f_np in cases:
        w_np = rng.standard_normal(f_np(x_np).shape)
        g = np.array(mx.grad(lambda a: mx.sum(f(a) * mx.array(w_np, dtype=mx.float64)))(x))
        # The ops are linear: the gradient is the transpose applied to w.
        expected = np.zeros_like(x_np)
        for idx in np.ndindex(x_np.shape):
            e = np.zeros_like(x_np); e[idx] = 1
            expected[idx] = np.sum(f_np(e) * w_np)
        np.testing.assert_allclose(g, expected, rtol=1e-12, atol=1e-12)


def test_vmap_and_compile():
    x_np = np.random.default_rng(3).standard_normal((3, 4, 5)).astype(np.float32)
    x = mx.array(x_np)
    for fn, fn_np in ((lambda a: mx.diagonal(a), lambda a: np.diagonal(a)),
                      (lambda a: mx.pad(a, 1), lambda a: np.pad(a, 1)),
                      (lambda a: mx.roll(a, 1, 0), lambda a: np.roll(a, 1, 0)),
                      (lambda a: mx.tril(a), lambda a: np.tril(a)),
                      (lambda a: mx.view(a, mx.uint16), lambda a: np.ascontiguousarray(a).view(np.uint16))):
        for in_axis in (0, 2):
            out = np.array(mx.vmap(fn, in_axes=in_axis)(x))
            loop = np.stack([fn_np(np.take(x_np, i, in_axis)) for i in range(x_np.shape[in_axis])])
            np.testing.assert_array_equal(out, loop)
        np.testing.assert_array_equal(np.array(mx.compile(fn)(x[0])), fn_np(x_np[0]))


def test_errors():
    x = mx.zeros((2, 3))
    with pytest.raises(ValueError, match="repeat"):
        mx.repeat(x, -1)
    with pytest.raises(IndexError, match="repeat"):
        mx.repeat(x, 2, 2)
    with pytest.raises(ValueError, match="tile"):
        mx.tile(x, -1)
    with pytest.raises(ValueError, match="pad"):
        mx.pad(x, -1)
    with pytest.raises(ValueError, match="pad"):
        mx.pad(x, 1, mode="wrap")  # reflect and symmetric exist (test_mlx_parity.py)
    with pytest.raises(ValueError, match="pad"):
        mx.pad(x, [(1, 1), (1, 1), (1, 1)])
    with pytest.raises(IndexError, match="roll"):
        mx.roll(x, 1, 2)
    with pytest.raises(ValueError, match="diag"):
        mx.diag(mx.zeros((2, 2, 2)))
    with pytest.raises(ValueError, match="diagonal"):
        mx.diagonal(x, 0, 1, 1)
    with pytest.raises(ValueError, match="diagonal"):
        mx.diagonal(mx.zeros(3))
    with pytest.raises(ValueError, match="trace"):
        mx.trace(mx.zeros(3))
    with pytest.raises(ValueError, match="tril"):
        mx.tril(mx.zeros(3))
    with pytest.raises(ValueError, match="triu"):
        mx.triu(mx.zeros(3))
