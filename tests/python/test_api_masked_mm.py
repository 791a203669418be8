"""segmented_mm and block_masked_mm against NumPy: dtypes, batches,
non-contiguous inputs, bool and float masks, grads, vmap, errors."""

import numpy as np
import pytest

import mxcore as mx


def expand(mask, bs, rows, cols):
    mask = np.asarray(mask, dtype=np.float64)
    full = np.repeat(np.repeat(mask, bs, axis=-2), bs, axis=-1)
    return full[..., :rows, :cols]


@pytest.mark.parametrize("dtype,tol", [("float32", 1e-4), ("float16", 3e-2), ("bfloat16", 2e-1)])
def test_segmented_mm(dtype, tol):
    rng = np.random.default_rng(0)
    a = rng.normal(size=(6, 3)).astype(np.float32).T  # (3, 6), non-contiguous
    b = rng.normal(size=(6, 4)).astype(np.float32)
    segs = np.array([[0, 2], [2, 6], [1, 1], [3, 5], [4, 2]], np.int32)
    xa = mx.array(a).astype(getattr(mx, dtype))
    xb = mx.array(b).astype(getattr(mx, dtype))
    got = mx.segmented_mm(xa, xb, mx.array(segs))
    assert got.shape == (5, 3, 4) and got.dtype == getattr(mx, dtype)
    a64 = np.array(xa.astype(mx.float32)).astype(np.float64)
    b64 = np.array(xb.astype(mx.float32)).astype(np.float64)
    want = np.stack([a64[:, s:e] @ b64[s:e] if e > s else np.zeros((3, 4)) for s, e in segs])
    np.testing.assert_allclose(np.array(got.astype(mx.float32)), want, rtol=tol, atol=tol)
    # Nested segment shapes and a single 1-D segment.
    nested = mx.segmented_mm(xa, xb, mx.array(segs[:4].reshape(2, 2, 2)))
    assert nested.shape == (2, 2, 3, 4)
    single = mx.segmented_mm(xa, xb, mx.array([0, 6]))
    np.testing.assert_allclose(np.array(single.astype(mx.float32)), a64 @ b64, rtol=tol,
                               atol=tol * 4)


def test_segmented_mm_grad_and_errors():
    rng = np.random.default_rng(1)
    a = mx.array(rng.normal(size=(2, 5)).astype(np.float32))
    b = mx.array(rng.normal(size=(5, 3)).astype(np.float32))
    segs = mx.array([[0, 2], [2, 5]])
    ga, gb = mx.grad(lambda x, y: mx.segmented_mm(x, y, segs).sum(), argnums=(0, 1))(a, b)
    # Segments partition K, so the sum equals the sum of a @ b.
    ra, rb = mx.grad(lambda x, y: (x @ y).sum(), argnums=(0, 1))(a, b)
    np.testing.assert_allclose(np.array(ga), np.array(ra), rtol=1e-5)
    np.testing.assert_allclose(np.array(gb), np.array(rb), rtol=1e-5)
    with pytest.raises(ValueError, match="Batched"):
        mx.segmented_mm(a[None], b[None], segs)
    with pytest.raises(ValueError, match="integral"):
        mx.segmented_mm(a, b, mx.array([[0.0, 2.0]]))
    with pytest.raises(ValueError, match="floating"):
        mx.segmented_mm(a.astype(mx.int32), b.astype(mx.int32), segs)


@pytest.mark.parametrize("bs", [32, 64])
def test_block_masked_mm_bool_masks(bs):
    rng = np.random.default_rng(bs)
    M, K, N = 70, 100, 40
    a = rng.normal(size=(2, M, K)).astype(np.float32)
    b = rng.normal(size=(K, N)).astype(np.float32)
    tm, tk, tn = -(-M // bs), -(-K // bs), -(-N // bs)
    mo = rng.random((2, tm, tn)) > 0.4
    ml = rng.random((2, tm, tk)) > 0.4
    mr = rng.random((tk, tn)) > 0.4
    got = mx.block_masked_mm(mx.array(a), mx.array(b), bs, mx.array(mo), mx.array(ml),
                             mx.array(mr))
    want = ((a * expand(ml, bs, M, K)) @ (b * expand(mr, bs, K, N))) * expand(mo, bs, M, N)
    assert got.shape == (2, M, N) and got.dtype == mx.float32
    np.testing.assert_allclose(np.array(got), want, rtol=1e-4, atol=1e-4)
    plain = mx.block_masked_mm(mx.array(a), mx.array(b), bs)
    np.testing.assert_allclose(np.array(plain), a @ b, rtol=1e-4, atol=1e-4)


def test_block_masked_mm_float_masks_noncontiguous_grad():
    rng = np.random.default_rng(5)
    a = rng.normal(size=(40, 33)).astype(np.float32)
    b = rng.normal(size=(40, 20)).astype(np.float32)  # used transposed below
    mo = np.array([[2.0], [0.5]], np.float32)
    ml = np.array([[1.5, 0.0], [1.0, 3.0]], np.float32)
    xa, xb = mx.array(a).T, mx.array(b)  # (33, 40) @ (40, 20)
    got = mx.block_masked_mm(xa, xb, 32, mx.array(mo), mx.array(ml))
    want = ((a.T * expand(ml, 32, 33, 40)) @ b) * expand(mo, 32, 33, 20)
    np.testing.assert_allclose(np.array(got), want, rtol=1e-4, atol=1e-4)
    g = mx.grad(lambda x: mx.block_masked_mm(x, xb, 32, mx.array(mo), mx.array(ml)).sum())(xa)
    want_g = (expand(mo, 32, 33, 20) @ b.T) * expand(ml, 32, 33, 40)
    np.testing.assert_allclose(np.array(g), want_g, rtol=1e-4, atol=1e-4)
    out = mx.vmap(lambda x: mx.block_masked_mm(x, xb, 32, mx.array(mo)))(mx.stack([xa, 2 * xa]))
    np.testing.assert_allclose(np.array(out[1]), 2 * np.array(mx.block_masked_mm(
        xa, xb, 32, mx.array(mo))), rtol=1e-5, atol=1e-4)
    with pytest.raises(ValueError, match="must match"):  # MLX names [matmul] here
        mx.block_masked_mm(mx.ones((2,)), xb)
    with pytest.raises(ValueError, match="floating"):
        mx.block_masked_mm(mx.ones((2, 2), mx.int32), mx.ones((2, 2), mx.int32))
