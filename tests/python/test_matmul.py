"""matmul / addmm / @ against NumPy: dtypes, 1-D promotion, batch
broadcasting, transposed and broadcast (stride-0) operands, empty dims, errors."""

import numpy as np
import pytest

import mxcore as mx

FLOAT_DTYPES = {
    "float32": (mx.float32, 1e-5),
    "float64": (mx.float64, 1e-12),
    "float16": (mx.float16, 2e-2),
    "bfloat16": (mx.bfloat16, 5e-2),
}


def as_np(a):
    if a.dtype == mx.bfloat16:
        a = a.astype(mx.float32)
    return np.array(a)


def rounded(x, dtype):
    """x as NumPy sees it after conversion to the mx dtype."""
    return as_np(mx.array(x, dtype=dtype)).astype(np.float64)


def check_matmul(xa, xb, dtype, tol):
    a = mx.array(xa, dtype=dtype)
    b = mx.array(xb, dtype=dtype)
    out = mx.matmul(a, b)
    assert out.dtype == dtype
    expected = rounded(xa, dtype) @ rounded(xb, dtype)
    got = as_np(out)
    assert got.shape == expected.shape
    np.testing.assert_allclose(got, expected, rtol=tol, atol=tol * max(1, xa.shape[-1]))


SHAPES = [
    ((2, 3), (3, 4)),
    ((1, 5), (5, 1)),
    ((3,), (3, 4)),
    ((2, 3), (3,)),
    ((4,), (4,)),
    ((2, 3, 4), (4, 5)),
    ((4,), (2, 4, 3)),
    ((2, 3, 4), (4,)),
    ((2, 1, 3, 4), (5, 4, 6)),
    ((3, 4), (2, 4, 5)),
    ((7, 33), (33, 65)),
]


@pytest.mark.parametrize("name", list(FLOAT_DTYPES))
@pytest.mark.parametrize("shapes", SHAPES)
def test_matmul_shapes_and_dtypes(name, shapes):
    dtype, tol = FLOAT_DTYPES[name]
    rng = np.random.default_rng(0)
    xa = rng.standard_normal(shapes[0])
    xb = rng.standard_normal(shapes[1])
    check_matmul(xa, xb, dtype, tol)


def test_matmul_complex64():
    rng = np.random.default_rng(1)
    xa = (rng.standard_normal((2, 3, 4)) + 1j * rng.standard_normal((2, 3, 4))).astype(np.complex64)
    xb = (rng.standard_normal((4, 5)) + 1j * rng.standard_normal((4, 5))).astype(np.complex64)
    out = mx.matmul(mx.array(xa), mx.array(xb))
    assert out.dtype == mx.complex64
    np.testing.assert_allclose(np.array(out), xa @ xb, rtol=1e-5, atol=1e-5)
    # Mixed real/complex promotes to complex.
    xr = rng.standard_normal((5, 2)).astype(np.float32)
    out = mx.matmul(mx.array(xb), mx.array(xr))
    assert out.dtype == mx.complex64
    np.testing.assert_allclose(np.array(out), xb @ xr, rtol=1e-5, atol=1e-5)


def test_matmul_promotes_mixed_floats():
    a = mx.ones((2, 3), dtype=mx.float16)
    b = mx.ones((3, 2), dtype=mx.float32)
    out = a @ b
    assert out.dtype == mx.float32
    np.testing.assert_array_equal(np.array(out), np.full((2, 2), 3.0))


def test_matmul_transposed_operands_all_layouts():
    rng = np.random.default_rng(2)
    xa = rng.standard_normal((2, 5, 3)).astype(np.float32)
    xb = rng.standard_normal((2, 4, 5)).astype(np.float32)
    a = mx.array(xa)
    b = mx.array(xb)
    # Inner transposes are handed to BLAS as flags.
    at = mx.transpose(a, (0, 2, 1))
    bt = mx.transpose(b, (0, 2, 1))
    np.testing.assert_allclose(np.array(at @ bt), xa.transpose(0, 2, 1) @ xb.transpose(0, 2, 1),
                               rtol=1e-5, atol=1e-5)
    # Batch axis moved inside: the matrix dims are strided, operands are copied.
    xc = rng.standard_normal((3, 2, 5)).astype(np.float32)
    c = mx.transpose(mx.array(xc), (1, 0, 2))  # (2, 3, 5), batch stride 5
    np.testing.assert_allclose(np.array(c @ bt), xc.transpose(1, 0, 2) @ xb.transpose(0, 2, 1),
                               rtol=1e-5, atol=1e-5)
    xd = rng.standard_normal((5, 2, 3)).astype(np.float32)
    d = mx.transpose(mx.array(xd), (1, 0, 2))  # (2, 5, 3): rows strided by 6
    np.testing.assert_allclose(np.array(d @ at), xd.transpose(1, 0, 2) @ xa.transpose(0, 2, 1),
                               rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(np.array(mx.transpose(d, (0, 2, 1)) @ a),
                               xd.transpose(1, 2, 0) @ xa, rtol=1e-5, atol=1e-5)
    e = mx.transpose(mx.array(xd), (1, 2, 0))  # (2, 3, 5): neither inner dim contiguous
    np.testing.assert_allclose(np.array(e @ mx.array(xa)), xd.transpose(1, 2, 0) @ xa,
                               rtol=1e-5, atol=1e-5)


def test_matmul_broadcast_operands():
    rng = np.random.default_rng(3)
    xa = rng.standard_normal((3, 4)).astype(np.float32)
    xb = rng.standard_normal((4, 2)).astype(np.float32)
    a = mx.broadcast_to(mx.array(xa), (5, 3, 4))  # stride-0 batch
    b = mx.broadcast_to(mx.array(xb), (5, 4, 2))
    np.testing.assert_allclose(np.array(a @ b), np.broadcast_to(xa @ xb, (5, 3, 2)), rtol=1e-5)
    # Stride-0 matrix dims (a row repeated) are copied before BLAS.
    r = mx.broadcast_to(mx.array(xa[:1]), (3, 4))
    np.testing.assert_allclose(np.array(r @ mx.array(xb)), np.broadcast_to(xa[:1], (3, 4)) @ xb,
                               rtol=1e-5)
    col = mx.broadcast_to(mx.array(xb[:, :1]), (4, 2))
    np.testing.assert_allclose(np.array(mx.array(xa) @ col), xa @ np.broadcast_to(xb[:, :1], (4, 2)),
                               rtol=1e-5)


def test_matmul_large_against_numpy():
    rng = np.random.default_rng(4)
    xa = rng.standard_normal((4, 64, 96)).astype(np.float32)
    xb = rng.standard_normal((96, 80)).astype(np.float32)
    np.testing.assert_allclose(np.array(mx.array(xa) @ mx.array(xb)), xa @ xb, rtol=1e-4, atol=1e-4)


def test_matmul_empty_dims():
    out = mx.matmul(mx.zeros((2, 0)), mx.zeros((0, 3)))
    assert out.shape == (2, 3)
    np.testing.assert_array_equal(np.array(out), np.zeros((2, 3)))
    out = mx.matmul(mx.zeros((0, 4)), mx.ones((4, 3)))
    assert out.shape == (0, 3)
    out = mx.matmul(mx.zeros((3, 0, 4)), mx.ones((4, 2)))
    assert out.shape == (3, 0, 2)
    out = mx.matmul(mx.zeros((0,), dtype=mx.float16), mx.zeros((0,), dtype=mx.float16))
    assert out.shape == () and out.item() == 0.0


def test_matmul_errors():
    with pytest.raises(ValueError, match="matmul"):
        mx.matmul(mx.ones((2, 3)), mx.ones((4, 2)))
    with pytest.raises(ValueError, match="matmul"):
        mx.matmul(mx.ones((3,)), mx.ones((4,)))
    with pytest.raises(ValueError):
        mx.matmul(mx.ones((2, 3, 4)), mx.ones((3, 4, 2)))  # batch dims do not broadcast
    with pytest.raises(ValueError, match="matmul"):
        mx.matmul(mx.array(1.0), mx.ones((2,)))
    # Integer matmul is supported beyond MLX (test_integer_matmul.py); addmm is not.
    for dt in [mx.int32, mx.uint8, mx.bool_, mx.int64]:
        with pytest.raises(ValueError, match="addmm"):
            mx.addmm(mx.ones((2, 2), dtype=dt), mx.ones((2, 2), dtype=dt), mx.ones((2, 2), dtype=dt))
    with pytest.raises(TypeError):
        mx.matmul(mx.ones((2, 2)), mx.ones((2, 2)), None)  # stream is keyword-only


def test_matmul_operator():
    rng = np.random.default_rng(5)
    xa = rng.standard_normal((3, 4)).astype(np.float32)
    xb = rng.standard_normal((4, 2)).astype(np.float32)
    a, b = mx.array(xa), mx.array(xb)
    np.testing.assert_allclose(np.array(a @ b), xa @ xb, rtol=1e-5)
    # A Python list on the left goes through __rmatmul__.
    np.testing.assert_allclose(np.array(xa.tolist() @ b), xa @ xb, rtol=1e-5)
    np.testing.assert_allclose(np.array(a @ xb.tolist()), xa @ xb, rtol=1e-5)


@pytest.mark.parametrize("alpha,beta", [(1.0, 1.0), (2.0, 0.5), (1.0, 0.0), (-0.5, 3.0)])
def test_addmm(alpha, beta):
    rng = np.random.default_rng(6)
    xa = rng.standard_normal((2, 3, 4)).astype(np.float32)
    xb = rng.standard_normal((4, 5)).astype(np.float32)
    for c_shape in [(5,), (3, 5), (2, 3, 5), (1, 1)]:
        xc = rng.standard_normal(c_shape).astype(np.float32)
        out = mx.addmm(mx.array(xc), mx.array(xa), mx.array(xb), alpha=alpha, beta=beta)
        np.testing.assert_allclose(np.array(out), alpha * (xa @ xb) + beta * xc, rtol=1e-5, atol=1e-5)
    # 1-D operands.
    xv = rng.standard_normal(4).astype(np.float32)
    xc = rng.standard_normal(5).astype(np.float32)
    out = mx.addmm(mx.array(xc), mx.array(xv), mx.array(xb), alpha, beta)
    np.testing.assert_allclose(np.array(out), alpha * (xv @ xb) + beta * xc, rtol=1e-5, atol=1e-5)
    out = mx.addmm(mx.array(float(xc[0])), mx.array(xb[:, 0]), mx.array(xv), alpha=alpha, beta=beta)
    np.testing.assert_allclose(np.array(out), alpha * (xb[:, 0] @ xv) + beta * xc[0], rtol=1e-5,
                               atol=1e-5)


def test_addmm_half_and_errors():
    a = mx.ones((2, 3), dtype=mx.float16)
    b = mx.ones((3, 2), dtype=mx.float16)
    c = mx.ones((2, 2), dtype=mx.float16)
    out = mx.addmm(c, a, b, alpha=2.0, beta=1.0)
    assert out.dtype == mx.float16
    np.testing.assert_array_equal(np.array(out), np.full((2, 2), 7.0))
    with pytest.raises(ValueError):
        mx.addmm(mx.ones((3, 3)), mx.ones((2, 3)), mx.ones((3, 2)))
    with pytest.raises(ValueError):
        mx.addmm(mx.ones((2, 2), dtype=mx.int32), mx.ones((2, 2), dtype=mx.int32),
                 mx.ones((2, 2), dtype=mx.int32))
