"""block_masked_mm and segmented_mm against NumPy references, gradients,
vmap, compile and errors."""

import numpy as np
import pytest

import mxcore as mx


def expand(mask, rows, cols, bs):
    m = np.repeat(np.repeat(np.asarray(mask, np.float64), bs, -2), bs, -1)
    return m[..., :rows, :cols]


def ref_block_masked(a, b, bs, mo=None, ml=None, mr=None):
    a = np.asarray(a, np.float64)
    b = np.asarray(b, np.float64)
    if ml is not None:
        a = a * expand(ml, a.shape[-2], a.shape[-1], bs)
    if mr is not None:
        b = b * expand(mr, b.shape[-2], b.shape[-1], bs)
    out = a @ b
    if mo is not None:
        out = out * expand(mo, out.shape[-2], out.shape[-1], bs)
    return out


@pytest.mark.parametrize("dt,tol", [(mx.float32, 1e-4), (mx.float16, 3e-2), (mx.float64, 1e-10)])
@pytest.mark.parametrize("bs", [32, 64])
def test_block_masked_values(dt, tol, bs):
    rng = np.random.default_rng(0)
    a = rng.standard_normal((2, 70, 40))
    b = rng.standard_normal((40, 50))
    tm, tk, tn = -(-70 // bs), -(-40 // bs), -(-50 // bs)
    mo = rng.random((2, tm, tn)) > 0.4
    ml = rng.random((tm, tk)) > 0.3
    mr = rng.uniform(0.5, 2.0, (tk, tn)).astype(np.float32)  # float masks scale blocks
    am, bm = mx.array(a).astype(dt), mx.array(b).astype(dt)
    an, bn = np.array(am.astype(mx.float64)), np.array(bm.astype(mx.float64))
    out = mx.block_masked_mm(am, bm, bs, mx.array(mo), mx.array(ml), mx.array(mr))
    assert out.dtype == dt and out.shape == (2, 70, 50)
    np.testing.assert_allclose(np.array(out.astype(mx.float64)),
                               ref_block_masked(an, bn, bs, mo, ml, mr), rtol=tol, atol=tol * 40)
    only_out = mx.block_masked_mm(am, bm, bs, mx.array(mo))
    np.testing.assert_allclose(np.array(only_out.astype(mx.float64)),
                               ref_block_masked(an, bn, bs, mo), rtol=tol, atol=tol * 40)


def test_block_masked_no_mask_vectors_and_views():
    rng = np.random.default_rng(1)
    a = rng.standard_normal((40, 70)).astype(np.float32)
    b = rng.standard_normal((40,)).astype(np.float32)
    np.testing.assert_allclose(np.array(mx.block_masked_mm(mx.array(a).T, mx.array(b))),
                               a.T @ b, rtol=1e-5, atol=1e-4)
    ml = rng.random((3, 2)) > 0.5
    out = mx.block_masked_mm(mx.array(a).T, mx.array(b), 32, None, mx.array(ml))
    np.testing.assert_allclose(np.array(out), ref_block_masked(a.T, b[:, None], 32, None, ml)[:, 0],
                               rtol=1e-5, atol=1e-4)


def test_block_masked_grad_and_compile():
    rng = np.random.default_rng(2)
    a = rng.standard_normal((5, 6))
    b = rng.standard_normal((6, 3))
    ml = np.array([[True, False], [False, True]])
    fa = lambda x: (mx.block_masked_mm(x, mx.array(b, dtype=mx.float64), 4, None,
                                       mx.array(ml)) ** 2).sum()
    g = mx.grad(fa)(mx.array(a, dtype=mx.float64))
    mask = expand(ml, 5, 6, 4)
    out = (a * mask) @ b
    np.testing.assert_allclose(np.array(g), (2 * out @ b.T) * mask, rtol=1e-10)
    np.testing.assert_allclose(np.array(mx.compile(fa)(mx.array(a, dtype=mx.float64))),
                               (out ** 2).sum(), rtol=1e-10)


def test_block_masked_errors():
    a, b = mx.ones((2, 70, 40)), mx.ones((40, 50))
    with pytest.raises(ValueError):
        mx.block_masked_mm(a, b, 32, None, mx.ones((3, 3)))
    with pytest.raises(ValueError, match="block_masked_mm"):
        mx.block_masked_mm(mx.ones((4, 3), mx.int32), mx.ones((3, 2), mx.int32), 32,
                           mx.ones((1, 1)))
    with pytest.raises(ValueError, match="block_masked_mm"):
        mx.block_masked_mm(a, mx.ones((41, 3)), 32, mx.ones((3, 1)))


def ref_segmented(a, b, segments):
    segments = np.asarray(segments)
    out = np.zeros(segments.shape[:-1] + (a.shape[0], b.shape[1]))
    for i in np.ndindex(segments.shape[:-1]):
        s, e = segments[i]
        s, e = max(0, s), min(a.shape[1], e)
        if e > s:
            out[i] = a[:, s:e].astype(np.float64) @ b[s:e].astype(np.float64)
    return out


@pytest.mark.parametrize("dt,tol", [(mx.float32, 1e-5), (mx.bfloat16, 5e-2), (mx.float64, 1e-12)])
def test_segmented_values(dt, tol):
    rng = np.random.default_rng(3)
    a = rng.standard_normal((4, 10))
    b = rng.standard_normal((10, 3))
    segs = np.array([[0, 3], [3, 10], [2, 2], [5, 1], [0, 10]])
    am, bm = mx.array(a).astype(dt), mx.array(b).astype(dt)
    out = mx.segmented_mm(am, bm, mx.array(segs))
    assert out.dtype == dt and out.shape == (5, 4, 3)
    ref = ref_segmented(np.array(am.astype(mx.float64)), np.array(bm.astype(mx.float64)), segs)
    np.testing.assert_allclose(np.array(out.astype(mx.float64)), ref, rtol=tol, atol=tol * 10)


def test_segmented_views_batch_of_segments_and_grad():
    rng = np.random.default_rng(4)
    a = rng.standard_normal((10, 4))
    b = rng.standard_normal((3, 10))
    segs = np.array([[[0, 4], [4, 10]], [[1, 9], [9, 10]]], np.uint32)
    out = mx.segmented_mm(mx.array(a, dtype=mx.float64).T, mx.array(b, dtype=mx.float64).T,
                          mx.array(segs))
    np.testing.assert_allclose(np.array(out), ref_segmented(a.T, b.T, segs), rtol=1e-12)
    # Gradient: segments partition [0, 10) so the sum over segments is a @ b.
    part = mx.array([[0, 4], [4, 10]])
    g = mx.grad(lambda x: mx.segmented_mm(x, mx.array(b.T, dtype=mx.float64), part).sum())(
        mx.array(a.T, dtype=mx.float64))
    np.testing.assert_allclose(np.array(g), np.ones((4, 3)) @ b, rtol=1e-12)
    v = mx.vmap(lambda x: mx.segmented_mm(x, mx.array(b.T, dtype=mx.float64), part))(
        mx.array(np.stack([a.T, 2 * a.T]), dtype=mx.float64))
    np.testing.assert_allclose(np.array(v[1]), ref_segmented(2 * a.T, b.T, [[0, 4], [4, 10]]),
                               rtol=1e-12)


@pytest.mark.parametrize("call,msg", [
    (lambda: mx.segmented_mm(mx.ones((2, 4, 10)), mx.ones((10, 3)), mx.array([[0, 3]])),
     "[segmented_mm] Batched matmul not supported"),
    (lambda: mx.segmented_mm(mx.ones((4, 10)), mx.ones((10, 3)), mx.array([[0.0, 3.0]])),
     "Segments must be integral"),
    (lambda: mx.segmented_mm(mx.ones((4, 10)), mx.ones((10, 3)), mx.array([0, 3, 10])),
     "The segments should have shape (..., 2)"),
    (lambda: mx.segmented_mm(mx.ones((4, 10), mx.int32), mx.ones((10, 3), mx.int32),
                             mx.array([[0, 3]])), "Only real floating point types"),
    (lambda: mx.segmented_mm(mx.ones((4, 10)), mx.ones((9, 3)), mx.array([[0, 3]])),
     "[segmented_mm] Last dimension"),
])
def test_segmented_errors(call, msg):
    with pytest.raises(ValueError) as info:
        call()
    assert msg in str(info.value)


def test_block_masked_bool_masks_select_not_multiply():
    # A masked-out block is exactly zero even where the operand or product is inf.
    a = np.ones((64, 64), np.float32)
    a[0, 0] = np.inf
    b = np.ones((64, 64), np.float32)
    keep = mx.array([[False, True], [True, True]])
    out = mx.block_masked_mm(mx.array(a), mx.array(b), 32, None, keep)
    np.testing.assert_array_equal(np.array(out)[:2, :2], np.full((2, 2), 32.0))
    out = mx.block_masked_mm(mx.array(a), mx.array(b), 32, keep)
    np.testing.assert_array_equal(np.array(out)[:32, :32], np.zeros((32, 32)))
    np.testing.assert_array_equal(np.array(out)[32:, 32:], np.full((32, 32), 64.0))
    # Float masks scale: inf stays inf.
    out = mx.block_masked_mm(mx.array(a), mx.array(b), 32, mx.array([[0.5, 1.0], [1.0, 1.0]]))
    assert np.isinf(np.array(out)[0, 0]) and float(out[1, 1]) == 32.0
