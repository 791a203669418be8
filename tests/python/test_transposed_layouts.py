"""Arrays read across their rows (transposes): the tiled transposing copy
(through registers for 4-byte types), elementwise ops that lay such an
operand out row-major first, compiled kernels likewise, and the tiled walk
of the shared strided helper. Values against NumPy for every dtype, edge
tiles, batch dims, reversed strides and broadcasts."""
import numpy as np
import pytest

import mxcore as mx

DTYPES = [np.float32, np.int32, np.uint32, np.float16, np.float64, np.int8, np.bool_, np.int64]


def arr(xn):
    """mx.array keeping float64 (mx.array turns float64 NumPy data into float32)."""
    return mx.array(xn, dtype=mx.float64) if xn.dtype == np.float64 else mx.array(xn)


def sample(rng, shape, dtype):
    if dtype == np.bool_:
        return rng.integers(0, 2, shape).astype(bool)
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        return rng.integers(max(info.min, -1000), min(info.max, 1000), shape).astype(dtype)
    return rng.standard_normal(shape).astype(dtype)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(256, 320), (131, 257), (16, 1024), (1000, 17)])
def test_transposed_copy_every_dtype(dtype, shape):
    rng = np.random.default_rng(shape[0])
    xn = sample(rng, shape, dtype)
    x = arr(xn)
    got = np.array(x.T.reshape(-1))  # the reshape copies the transpose row-major
    np.testing.assert_array_equal(got, xn.T.reshape(-1))
    got = np.array(mx.contiguous(x.T)) if hasattr(mx, "contiguous") else got.reshape(xn.T.shape)
    np.testing.assert_array_equal(got, xn.T)


def test_transposed_copy_with_conversion_and_batches():
    rng = np.random.default_rng(1)
    xn = rng.standard_normal((3, 100, 260)).astype(np.float32)
    x = mx.array(xn)
    t = x.transpose(0, 2, 1)
    np.testing.assert_array_equal(np.array(t.reshape(-1)), xn.transpose(0, 2, 1).reshape(-1))
    np.testing.assert_array_equal(np.array(t.astype(mx.float16)),
                                  xn.transpose(0, 2, 1).astype(np.float16))
    np.testing.assert_array_equal(np.array(t.astype(mx.int32)),
                                  xn.transpose(0, 2, 1).astype(np.int32))
    # Reversed along the rows of the transpose, and a strided window.
    r = x[:, ::-1, :].transpose(0, 2, 1)
    np.testing.assert_array_equal(np.array(r.reshape(-1)),
                                  xn[:, ::-1, :].transpose(0, 2, 1).reshape(-1))
    w = x[:, 3:90:2, 5:250].transpose(0, 2, 1)
    np.testing.assert_array_equal(np.array(w.reshape(-1)),
                                  xn[:, 3:90:2, 5:250].transpose(0, 2, 1).reshape(-1))


@pytest.mark.parametrize("dtype", [np.float32, np.float16, np.int32, np.float64])
def test_binary_ops_with_a_transposed_operand(dtype):
    rng = np.random.default_rng(2)
    xn, yn = sample(rng, (300, 260), dtype), sample(rng, (260, 300), dtype)
    x, y = arr(xn), arr(yn)
    np.testing.assert_array_equal(np.array(x.T + y), xn.T + yn)
    np.testing.assert_array_equal(np.array(y - x.T), yn - xn.T)
    np.testing.assert_array_equal(np.array(x.T * x.T), xn.T * xn.T)  # both read the same way
    np.testing.assert_array_equal(np.array(x.T * 3), xn.T * dtype(3))  # beside a scalar
    row = sample(rng, (300,), dtype)
    np.testing.assert_array_equal(np.array(x.T + arr(row)), xn.T + row)
    np.testing.assert_array_equal(np.array(mx.maximum(x.T, y)), np.maximum(xn.T, yn))
    np.testing.assert_array_equal(np.array(x.T == y), xn.T == yn)


def test_ternary_and_unary_with_transposed_operands():
    rng = np.random.default_rng(3)
    xn = rng.standard_normal((200, 300)).astype(np.float32)
    yn = rng.standard_normal((300, 200)).astype(np.float32)
    cn = rng.integers(0, 2, (300, 200)).astype(bool)
    x, y, c = mx.array(xn), mx.array(yn), mx.array(cn)
    np.testing.assert_array_equal(np.array(mx.where(c, x.T, y)), np.where(cn, xn.T, yn))
    np.testing.assert_allclose(np.array(mx.exp(x.T)), np.exp(xn.T), rtol=1e-6)
    np.testing.assert_array_equal(np.array(mx.abs(x.T) + y), np.abs(xn.T) + yn)


def test_compiled_kernels_with_transposed_inputs():
    rng = np.random.default_rng(4)
    xn = rng.standard_normal((256, 384)).astype(np.float32)
    yn = rng.standard_normal((384, 256)).astype(np.float32)
    x, y = mx.array(xn), mx.array(yn)

    def f(x, y):
        return x.T * 2 + y, mx.exp(x.T - 1) * y

    got, want = mx.compile(f)(x, y), f(x, y)
    for a, b in zip(got, want):
        np.testing.assert_array_equal(np.array(a), np.array(b))
    np.testing.assert_allclose(np.array(got[0]), xn.T * 2 + yn, rtol=1e-6)

    def softmax_t(x, y):  # a row kernel over a transposed input
        z = x.T + y
        return mx.softmax(z, axis=-1)

    got, want = mx.compile(softmax_t)(x, y), softmax_t(x, y)
    np.testing.assert_allclose(np.array(got), np.array(want), rtol=1e-6, atol=1e-7)
    z = xn.T + yn
    e = np.exp(z - z.max(-1, keepdims=True))
    np.testing.assert_allclose(np.array(got), e / e.sum(-1, keepdims=True), rtol=1e-5, atol=1e-7)


def test_large_buffers_start_on_huge_page_boundaries():
    a = mx.zeros((2048, 1024))  # 8 MiB
    mx.eval(a)
    address = np.asarray(memoryview(a)).ctypes.data
    assert address % (1 << 21) == 0
    np.testing.assert_array_equal(np.array(a + 1), np.ones((2048, 1024), np.float32))
