"""mx.qqmm and mx.gather_qqmm: both operands quantized (MLX 0.32 signatures).
x is quantized on the fly, w is taken packed (with scales) or quantized on the
fly; the result equals dequantize-then-matmul in x's dtype, and is checked
against NumPy products of the dequantized operands."""
import numpy as np
import pytest

import mxcore as mx

MODES = ["nvfp4", "mxfp8", "mxfp4"]


def round_trip(a, mode, global_scale=None):
    """a's values after quantize -> dequantize, as a float32 NumPy array (each
    dequantized value is exact in float32, so this reference is exact)."""
    kw = {} if global_scale is None else {"global_scale": mx.array(global_scale)}
    q, s = mx.quantize(mx.array(a), mode=mode, **kw)
    return np.array(mx.dequantize(q, s, mode=mode, dtype=mx.float32, **kw))


@pytest.fixture
def data():
    rng = np.random.default_rng(11)
    return rng.standard_normal((5, 64)).astype(np.float32), \
        rng.standard_normal((3, 64)).astype(np.float32)


@pytest.mark.parametrize("mode", MODES)
def test_unquantized_and_packed_weight(data, mode):
    x, w = data
    expected = round_trip(x, mode) @ round_trip(w, mode).T
    y = mx.qqmm(mx.array(x), mx.array(w), mode=mode)
    assert y.dtype == mx.float32 and y.shape == (5, 3)
    np.testing.assert_allclose(np.array(y), expected, rtol=1e-5, atol=1e-5)
    wq, scales = mx.quantize(mx.array(w), mode=mode)
    np.testing.assert_allclose(np.array(mx.qqmm(mx.array(x), wq, scales, mode=mode)), expected,
                               rtol=1e-5, atol=1e-5)


def test_default_mode_is_nvfp4_and_hand_computed():
    # Each row is exactly representable in nvfp4 (max 6 -> scale 1.0), so the
    # product is the plain one: [1,2,3,6] . [6,-1,0.5,2] = 6 - 2 + 1.5 + 12 and
    # [1,2,3,6] . [1.5,0,0,-6] = 1.5 - 36.
    x = np.zeros((1, 16), np.float32)
    x[0, :4] = [1, 2, 3, 6]
    w = np.zeros((2, 16), np.float32)
    w[0, :4] = [6, -1, 0.5, 2]
    w[1, :4] = [1.5, 0, 0, -6]
    y = mx.qqmm(mx.array(x), mx.array(w))
    np.testing.assert_array_equal(np.array(y), [[17.5, -34.5]])


def test_global_scales(data):
    x, w = data
    gx, gw = np.float32(np.abs(x).max()), np.float32(np.abs(w).max())
    expected = round_trip(x, "nvfp4", gx) @ round_trip(w, "nvfp4", gw).T
    y = mx.qqmm(mx.array(x), mx.array(w), global_scale_x=mx.array(gx),
                global_scale_w=mx.array(gw))
    np.testing.assert_allclose(np.array(y), expected, rtol=1e-5, atol=1e-5)
    wq, scales = mx.quantize(mx.array(w), mode="nvfp4", global_scale=mx.array(gw))
    y = mx.qqmm(mx.array(x), wq, scales, global_scale_x=mx.array(gx),
                global_scale_w=mx.array(gw))
    np.testing.assert_allclose(np.array(y), expected, rtol=1e-5, atol=1e-5)
    # The global scales widen the range: the result stays close to x @ w.T.
    np.testing.assert_allclose(np.array(y), x @ w.T, atol=0.25 * np.abs(x @ w.T).max())


def test_shapes_and_dtypes(data):
    x, w = data
    wd = round_trip(w, "nvfp4")
    y = mx.qqmm(mx.array(x[0]), mx.array(w))  # gemv: 1-D x
    assert y.shape == (3,)
    np.testing.assert_allclose(np.array(y), round_trip(x[:1], "nvfp4")[0] @ wd.T, rtol=1e-5,
                               atol=1e-5)
    x3 = np.stack([x, x[::-1]])  # leading dims are flattened against a 2-D w
    y = mx.qqmm(mx.array(x3), mx.array(w))
    assert y.shape == (2, 5, 3)
    np.testing.assert_allclose(np.array(y[1]), round_trip(x[::-1].copy(), "nvfp4") @ wd.T,
                               rtol=1e-5, atol=1e-5)
    y16 = mx.qqmm(mx.array(x).astype(mx.bfloat16), mx.array(w))
    assert y16.dtype == mx.bfloat16


def test_gradient_is_quantized_product():
    # MLX's rule: dx = qqmm(g, w.T), dw = qqmm(g.T, x.T) with w unquantized
    # (so M and N must be multiples of the group size too).
    rng = np.random.default_rng(9)
    x = rng.standard_normal((16, 32)).astype(np.float32)
    w = rng.standard_normal((16, 32)).astype(np.float32)
    g = rng.standard_normal((16, 16)).astype(np.float32)
    dx, dw = mx.vjp(lambda a, b: mx.qqmm(a, b), [mx.array(x), mx.array(w)], [mx.array(g)])[1]
    np.testing.assert_allclose(np.array(dx), round_trip(g, "nvfp4") @ round_trip(w.T.copy(),
                                                                                  "nvfp4").T,
                               rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(np.array(dw), round_trip(g.T.copy(), "nvfp4")
                               @ round_trip(x.T.copy(), "nvfp4").T, rtol=1e-5, atol=1e-5)
    # With a packed w, x's gradient uses w's dequantized values the same way.
    wq, scales = mx.quantize(mx.array(w), mode="nvfp4")
    dx = mx.vjp(lambda a: mx.qqmm(a, wq, scales), [mx.array(x)], [mx.array(g)])[1][0]
    np.testing.assert_allclose(np.array(dx), round_trip(g, "nvfp4") @ round_trip(
        round_trip(w, "nvfp4").T.copy(), "nvfp4").T, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("mode", ["nvfp4", "mxfp8"])
def test_gather_qqmm(mode):
    rng = np.random.default_rng(4)
    x = rng.standard_normal((3, 2, 32)).astype(np.float32)
    w = rng.standard_normal((4, 5, 32)).astype(np.float32)
    lhs, rhs = np.array([0, 2, 1, 1]), np.array([3, 0, 0, 2])
    y = mx.gather_qqmm(mx.array(x), mx.array(w), lhs_indices=mx.array(lhs),
                       rhs_indices=mx.array(rhs), mode=mode)
    assert y.shape == (4, 2, 5)
    xd = round_trip(x.reshape(6, 32), mode).reshape(3, 2, 32)
    wd = round_trip(w.reshape(20, 32), mode).reshape(4, 5, 32)
    for i, (a, b) in enumerate(zip(lhs, rhs)):
        np.testing.assert_allclose(np.array(y[i]), xd[a] @ wd[b].T, rtol=1e-5, atol=1e-5)
    wq, scales = mx.quantize(mx.array(w), mode=mode)
    y2 = mx.gather_qqmm(mx.array(x), wq, scales, mx.array(lhs), mx.array(rhs), mode=mode)
    np.testing.assert_array_equal(np.array(y2), np.array(y))
    # Without indices the batches pair up one to one.
    y3 = mx.gather_qqmm(mx.array(x), mx.array(w[:3]), mode=mode)
    np.testing.assert_allclose(np.array(y3[2]), xd[2] @ wd[2].T, rtol=1e-5, atol=1e-5)


X, W = mx.ones((2, 32)), mx.ones((3, 32))
WQ, S = mx.quantize(W, mode="nvfp4")


@pytest.mark.parametrize("call,msg", [
    (lambda: mx.qqmm(X, W, mode="foo"), "[qqmm] Invalid quantization mode 'foo'."),
    (lambda: mx.qqmm(X, W, mode="affine"), "[qqmm] Quantization mode 'affine' is not supported"),
    (lambda: mx.qqmm(X, WQ), "[qqmm] Scales must be provided if second argument is quantized."),
    (lambda: mx.qqmm(X, W, S), "[qqmm] Scales must not be provided"),
    (lambda: mx.qqmm(X, W, group_size=32), "nvfp4 quantization requires group size 16"),
    (lambda: mx.qqmm(X, W.astype(mx.float64)), "[qqmm] Only real floating types except float64 "
     "are supported but second argument dtype == float64."),
    (lambda: mx.qqmm(X.astype(mx.int32), W), "[qqmm] Only real floating types except float64 "
     "are supported but first argument dtype == int32."),
    (lambda: mx.qqmm(X, mx.ones((3, 16))), "[qqmm] Last dimension of first input"),
    (lambda: mx.qqmm(X, WQ, S[:, :1]), "[qqmm] The shapes of the weight and scales are "
     "incompatible based on bits and group_size. w.shape() == (3,4) and scales.shape() == (3,1) "
     "with group_size=16 and bits=4"),
    (lambda: mx.qqmm(X[:1], WQ, S, global_scale_x=mx.ones((2,)), global_scale_w=mx.array(1.0)),
     "[qqmm] Global scale must be a scalar"),
    (lambda: mx.qqmm(X, mx.ones((2, 3, 32))), "[qqmm] Only 2D inputs are supported"),
    (lambda: mx.qqmm(X, W, global_scale_x=mx.array(1.0)),
     "[qqmm] For nvfp4 mode, either both global_scale_x and global_scale_w must be provided"),
    (lambda: mx.qqmm(X, W, mode="mxfp8", global_scale_x=mx.array(1.0),
                     global_scale_w=mx.array(1.0)), "Global scale is only supported for 'nvfp4'"),
    (lambda: mx.gather_qqmm(X, W, rhs_indices=mx.array([0.5])), "[gather_qqmm] Got indices"),
    (lambda: mx.gather_qqmm(X, W, mode="affine"), "[gather_qqmm] Quantization mode 'affine'"),
])
def test_errors(call, msg):
    with pytest.raises(ValueError) as info:
        call()
    assert msg in str(info.value)
