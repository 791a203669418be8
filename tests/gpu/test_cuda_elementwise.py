"""Eager and compiled elementwise ops on the GPU against the CPU backend:
every fusable op, float32 in contiguous / transposed / broadcast / sliced
layouts with tails, float16 / bfloat16 / integer / bool dtypes."""
import numpy as np
import pytest

import mxcore as mx

UNARY_FLOAT = ("abs negative sign square sqrt rsqrt exp expm1 log log2 log10 log1p sin cos "
               "tan arcsin arccos arctan sinh cosh tanh arcsinh arccosh arctanh erf erfinv "
               "sigmoid floor ceil round").split()
BINARY_FLOAT = ("add subtract multiply divide remainder power maximum minimum logaddexp "
                "arctan2 equal not_equal less less_equal greater greater_equal").split()
BINARY_INT = ("add subtract multiply divide remainder maximum minimum bitwise_and bitwise_or "
              "bitwise_xor left_shift right_shift equal less").split()

rng = np.random.default_rng(0)


def data(shape, dtype):
    if dtype in (mx.int32, mx.uint8, mx.int64):
        return mx.array(rng.integers(1, 7, size=shape).astype(np.int32)).astype(dtype)
    if dtype == mx.bool_:
        return mx.array(rng.random(shape) > 0.5)
    return mx.array(rng.uniform(-3, 3, size=shape).astype(np.float32)).astype(dtype)


def check(gpu, cpu, dtype):
    assert gpu.dtype == cpu.dtype and gpu.shape == cpu.shape
    g = np.array(gpu.astype(mx.float32) if gpu.dtype in (mx.bfloat16,) else gpu)
    c = np.array(cpu.astype(mx.float32) if cpu.dtype in (mx.bfloat16,) else cpu)
    if dtype in (mx.float16, mx.bfloat16):
        tol = dict(rtol=2e-2, atol=2e-2)
    else:
        tol = dict(rtol=2e-5, atol=1e-6)
    if g.dtype.kind in "biu":
        np.testing.assert_array_equal(g, c)
    else:
        np.testing.assert_allclose(g, c, equal_nan=True, **tol)


LAYOUTS = {
    "contiguous": lambda x: x,
    "transposed": lambda x: x.T,
    "sliced": lambda x: x[1:, ::2],
    "broadcast_row": lambda x: mx.broadcast_to(x[:1], x.shape),
}


@pytest.mark.parametrize("name", UNARY_FLOAT)
@pytest.mark.parametrize("layout", list(LAYOUTS))
def test_unary_float32_layouts(name, layout):
    x = LAYOUTS[layout](data((37, 1031), mx.float32))
    f = getattr(mx, name)
    check(f(x, stream=mx.gpu), f(x, stream=mx.cpu), mx.float32)


@pytest.mark.parametrize("name", UNARY_FLOAT)
@pytest.mark.parametrize("dtype", [mx.float16, mx.bfloat16])
def test_unary_half(name, dtype):
    x = data((4099,), dtype)
    f = getattr(mx, name)
    check(f(x, stream=mx.gpu), f(x, stream=mx.cpu), dtype)


@pytest.mark.parametrize("name", BINARY_FLOAT)
@pytest.mark.parametrize("dtype", [mx.float32, mx.float16, mx.bfloat16])
def test_binary_float(name, dtype):
    a, b = data((33, 129), dtype), data((129,), dtype)  # b broadcast along rows
    f = getattr(mx, name)
    check(f(a, b, stream=mx.gpu), f(a, b, stream=mx.cpu), dtype)
    check(f(a.T, a.T * 2, stream=mx.gpu), f(a.T, a.T * 2, stream=mx.cpu), dtype)


@pytest.mark.parametrize("name", BINARY_INT)
@pytest.mark.parametrize("dtype", [mx.int32, mx.uint8, mx.int64])
def test_binary_int(name, dtype):
    a, b = data((1000, 3), dtype), data((1000, 3), dtype)
    f = getattr(mx, name)
    check(f(a, b, stream=mx.gpu), f(a, b, stream=mx.cpu), dtype)


def test_logical_where_and_scalars():
    a, b = data((513,), mx.bool_), data((513,), mx.bool_)
    for f in (mx.logical_and, mx.logical_or):
        check(f(a, b, stream=mx.gpu), f(a, b, stream=mx.cpu), mx.bool_)
    check(mx.logical_not(a, stream=mx.gpu), mx.logical_not(a, stream=mx.cpu), mx.bool_)
    x, y = data((513,), mx.float32), data((513,), mx.float32)
    check(mx.where(a, x, y, stream=mx.gpu), mx.where(a, x, y, stream=mx.cpu), mx.float32)
    check(mx.multiply(x, 2.5, stream=mx.gpu), mx.multiply(x, 2.5, stream=mx.cpu), mx.float32)


@pytest.mark.parametrize("src", [mx.float32, mx.float16, mx.bfloat16, mx.int32, mx.bool_, mx.uint8])
@pytest.mark.parametrize("dst", [mx.float32, mx.float16, mx.bfloat16, mx.int32, mx.bool_, mx.float64])
def test_astype(src, dst):
    x = data((7, 301), src).T
    check(x.astype(dst, stream=mx.gpu), x.astype(dst, stream=mx.cpu), dst)


@pytest.mark.parametrize("n", [1, 3, 15, 16, 17, 1000, 4099, 1 << 20])
def test_sizes_with_tails_vectorized(n):
    x = data((n,), mx.float32)
    check(mx.exp(x, stream=mx.gpu), mx.exp(x, stream=mx.cpu), mx.float32)
    h = data((n,), mx.float16)
    check(mx.multiply(h, h, stream=mx.gpu), mx.multiply(h, h, stream=mx.cpu), mx.float16)


def test_view_offset_unaligned():
    x = data((1001,), mx.float32)
    check(mx.exp(x[1:], stream=mx.gpu), mx.exp(x[1:], stream=mx.cpu), mx.float32)


def test_strided_many_dims_and_large_index():
    x = data((2, 3, 4, 5, 6, 7), mx.float32)
    y = mx.transpose(x, (5, 3, 1, 0, 2, 4))
    check(mx.sin(y, stream=mx.gpu), mx.sin(y, stream=mx.cpu), mx.float32)
    # Shapes are int32 (as in MLX): 2^31 + 8 elements as 2 x (2^30 + 4),
    # values j % 7 along a row so a wrong 32-bit offset reads a wrong value.
    n = (1 << 30) + 4
    row = mx.astype(mx.remainder(mx.arange(n, dtype=mx.int32, stream=mx.gpu), 7, stream=mx.gpu),
                    mx.int8, stream=mx.gpu)
    want = lambda j: (np.asarray(j, np.int64) % 7).astype(np.int8)
    big = mx.add(mx.broadcast_to(row, (2, n)), 0, stream=mx.gpu)  # strided read, 64-bit index
    wide = mx.add(big, big, stream=mx.gpu)  # contiguous, 64-bit index
    # A strided view whose input offsets pass 2^31 (the output fits int32).
    odd = mx.add(big[:, 1::2], 1, stream=mx.gpu)
    mx.eval(big, wide, odd)
    del row
    j = np.arange(n - 9, n)
    np.testing.assert_array_equal(np.array(big[1, -9:]), want(j))
    np.testing.assert_array_equal(np.array(wide[1, -9:]), 2 * want(j))
    np.testing.assert_array_equal(np.array(wide[0, :9]), 2 * want(np.arange(9)))
    k = np.arange(n // 2 - 5, n // 2)
    np.testing.assert_array_equal(np.array(odd[1, -5:]), want(2 * k + 1) + 1)


@pytest.mark.parametrize("shape,perm", [((3, 70001, 4), (1, 0, 2)),   # z past 65535
                                         ((2, 3, 70001), (0, 2, 1)),   # y past 65535
                                         ((5, 3, 140001), (2, 1, 0))])  # z, 5-wide rows
def test_strided_rows_past_the_grid_limit(shape, perm):
    # The strided kernel's y and z grids stop at 65535: the kernel strides
    # over the rest (a transformer block's transposes have such shapes).
    x = data(shape, mx.float32)
    y = mx.transpose(x, perm)
    f = lambda a: mx.exp(a) * 0.5 + 1
    with mx.stream(mx.gpu):
        g = mx.compile(f)(y)
        e = mx.sin(y)
        mx.eval(g, e)
    check(g, f(mx.array(np.array(y))), mx.float32)
    check(e, mx.sin(y, stream=mx.cpu), mx.float32)


def test_compiled_matches_cpu(on_gpu):
    def f(x, y):
        return mx.tanh(x * 0.5 + y) * mx.exp(-x) + mx.maximum(x, y) / (1 + mx.abs(y))

    x, y = data((257, 1023), mx.float32), data((1023,), mx.float32)
    g = mx.compile(f)(x, y)
    c = f(mx.array(np.array(x)), mx.array(np.array(y)))
    mx.eval(g)
    with mx.stream(mx.cpu):
        c = mx.compile(f)(x, y)
    check(g, c, mx.float32)
    check(mx.compile(f)(x.T[:, :100], y[:100]), f(x.T[:, :100], y[:100]), mx.float32)


@pytest.mark.parametrize("dtype", [mx.float32, mx.float16, mx.bfloat16])
def test_compiled_gelu(on_gpu, dtype):
    def gelu(x):
        return x * 0.5 * (1 + mx.erf(x / np.sqrt(2.0)))

    x = data((64, 4097), dtype)
    g = mx.compile(gelu)(x)
    with mx.stream(mx.cpu):
        c = mx.compile(gelu)(x)
    check(g, c, dtype)


def test_host_round_trip_and_mixed_graph():
    x = data((1000,), mx.float32)
    y = mx.exp(x, stream=mx.gpu)
    z = mx.add(y, 1, stream=mx.cpu)  # crosses back to the host
    w = mx.multiply(z, y, stream=mx.gpu)
    ref = np.exp(np.array(x))
    np.testing.assert_allclose(np.array(w), (ref + 1) * ref, rtol=1e-5)
    assert y.item() if y.size == 1 else True
    np.testing.assert_allclose(np.array(y), ref, rtol=1e-5)  # y read after its use on gpu


def test_missing_kernel_names_the_primitive():
    x, w = data((1, 10, 2), mx.float32), data((3, 3, 2), mx.float32)
    with pytest.raises(RuntimeError, match="has no kernel for Device\\(gpu, 0\\) \\(backend 'cuda'\\)"):
        mx.eval(mx.conv1d(x, w, stream=mx.gpu))


def test_stream_handle_and_availability():
    assert mx.cuda.is_available()
    assert mx.is_available(mx.gpu)
    assert mx.cuda.stream_handle() != 0
    s = mx.new_stream(mx.gpu)
    assert mx.cuda.stream_handle(s) not in (0, mx.cuda.stream_handle())
    x = data((100,), mx.float32)
    a = mx.exp(x, stream=s)
    b = mx.add(a, 1, stream=mx.gpu)  # ordered after s by an event
    np.testing.assert_allclose(np.array(b), np.exp(np.array(x)) + 1, rtol=1e-5)
