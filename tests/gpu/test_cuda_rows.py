"""Row kernels (one block per row) and eager reductions, arange and
matmul on the GPU against the CPU backend."""
import numpy as np
import pytest

import mxcore as mx

rng = np.random.default_rng(1)


def data(shape, dtype=mx.float32):
    return mx.array(rng.standard_normal(shape).astype(np.float32)).astype(dtype)


def close(g, c, dtype, tol=None):
    if tol is None:
        tol = 2e-2 if dtype in (mx.float16, mx.bfloat16) else 2e-5
    np.testing.assert_allclose(np.array(g.astype(mx.float32)), np.array(c.astype(mx.float32)),
                               rtol=tol, atol=tol, equal_nan=True)


def softmax(x):
    m = mx.max(x, axis=-1, keepdims=True)
    e = mx.exp(x - m)
    return e / mx.sum(e, axis=-1, keepdims=True)


def layernorm(x, w, b):
    mu = mx.mean(x, axis=-1, keepdims=True)
    xc = x - mu
    var = mx.mean(xc * xc, axis=-1, keepdims=True)
    return xc * mx.rsqrt(var + 1e-5) * w + b


def rmsnorm(x, w):
    return x * mx.rsqrt(mx.mean(x * x, axis=-1, keepdims=True) + 1e-6) * w


@pytest.mark.parametrize("cols", [1, 7, 64, 100, 4096, 5000, 40000])
@pytest.mark.parametrize("dtype", [mx.float32, mx.float16, mx.bfloat16])
def test_compiled_row_programs(on_gpu, cols, dtype):
    x, w, b = data((33, cols), dtype), data((cols,), dtype), data((cols,), dtype)
    for fn, args in ((softmax, (x,)), (layernorm, (x, w, b)), (rmsnorm, (x, w))):
        g = mx.compile(fn)(*args)
        with mx.stream(mx.cpu):
            c = mx.compile(fn)(*args)
        close(g, c, dtype)


@pytest.mark.parametrize("shape,mask_shape", [((2, 3, 33, 33), (33, 33)), ((2, 4, 7, 130), (1, 7, 130)),
                                              ((8, 16, 64, 64), (64, 64)), ((3, 70, 5), (70, 5))])
@pytest.mark.parametrize("dtype", [mx.float32, mx.float16])
def test_row_program_tiled_mask(on_gpu, shape, mask_shape, dtype):
    # A (seq, seq) mask over (batch, heads, seq, seq) scores: the kernel reads
    # the mask's row `row % tile_rows` (a wrong row reads past the mask).
    s = data(shape, dtype)
    causal = np.triu(np.full(shape[-2:], -1e4, np.float32), 1)
    mask = mx.array(np.broadcast_to(causal, mask_shape).copy()).astype(dtype)
    fn = lambda s, m: softmax(s * 0.125 + m)
    g = mx.compile(fn)(s, mask)
    with mx.stream(mx.cpu):
        c = mx.compile(fn)(s, mask)
    close(g, c, dtype)


@pytest.mark.parametrize("lq,lk", [(64, 64), (1, 40), (17, 33)])
@pytest.mark.parametrize("dtype", [mx.float32, mx.float16])
def test_compiled_causal_attention(on_gpu, lq, lk, dtype):
    # The causal mask and softmax are one row kernel (the mask a tiled input).
    q, k, v = data((2, 4, lq, 16), dtype), data((2, 4, lk, 16), dtype), data((2, 4, lk, 16), dtype)
    fn = lambda q, k, v: mx.fast.scaled_dot_product_attention(q, k, v, scale=0.25, mask="causal")
    g = mx.compile(fn)(q, k, v)
    with mx.stream(mx.cpu):
        c = mx.compile(fn)(q, k, v)
    close(g, c, dtype)


def test_row_program_transposed_input(on_gpu):
    x = data((300, 40))
    g = mx.compile(softmax)(x.T)
    with mx.stream(mx.cpu):
        c = mx.compile(softmax)(x.T)
    close(g, c, mx.float32)


@pytest.mark.parametrize("op", ["sum", "prod", "max", "min", "mean"])
@pytest.mark.parametrize("axis", [None, 0, 1, -1, (0, 2)])
@pytest.mark.parametrize("dtype", [mx.float32, mx.float16, mx.int32])
def test_reductions(op, axis, dtype):
    x = data((6, 33, 17), mx.float32)
    x = (x * 3).astype(dtype) if dtype == mx.int32 else x.astype(dtype)
    if op == "prod":
        x = (x * 0 + 1.01).astype(dtype) if dtype != mx.int32 else mx.ones_like(x)
    f = getattr(mx, op)
    # A float32 product of all 3366 factors rounds ~n*eps/2 apart in two
    # summation orders (the CPU folds 32 lanes, the GPU a block tree).
    tol = 1e-4 if (op == "prod" and axis is None and dtype == mx.float32) else None
    close(f(x, axis=axis, stream=mx.gpu), f(x, axis=axis, stream=mx.cpu), dtype, tol)


def test_all_any_and_nan():
    x = data((40, 50))
    b = x > 0.5
    for f in (mx.all, mx.any):
        for axis in (None, 0, 1):
            np.testing.assert_array_equal(np.array(f(b, axis=axis, stream=mx.gpu)),
                                          np.array(f(b, axis=axis, stream=mx.cpu)))
    y = mx.where(x > 2.0, mx.array(float("nan")), x, stream=mx.cpu)
    close(mx.max(y, axis=1, stream=mx.gpu), mx.max(y, axis=1, stream=mx.cpu), mx.float32)


@pytest.mark.parametrize("dtype", [mx.float32, mx.int32, mx.float16, mx.uint8])
def test_arange(dtype):
    g = mx.arange(3, 1000, 2, dtype=dtype, stream=mx.gpu)
    c = mx.arange(3, 1000, 2, dtype=dtype, stream=mx.cpu)
    close(g, c, dtype)
    close(mx.arange(0.5, 100.0, 0.25, stream=mx.gpu), mx.arange(0.5, 100.0, 0.25, stream=mx.cpu),
          mx.float32)


@pytest.mark.parametrize("dtype", [mx.float32, mx.float16, mx.bfloat16])
@pytest.mark.parametrize("transpose", [(False, False), (True, False), (False, True), (True, True)])
def test_matmul(dtype, transpose):
    a, b = data((65, 130), dtype), data((130, 97), dtype)
    if transpose[0]:
        a = mx.array(np.ascontiguousarray(np.array(a.astype(mx.float32)).T)).astype(dtype).T
    if transpose[1]:
        b = mx.array(np.ascontiguousarray(np.array(b.astype(mx.float32)).T)).astype(dtype).T
    ref = np.array(a.astype(mx.float32)) @ np.array(b.astype(mx.float32))
    g = np.array(mx.matmul(a, b, stream=mx.gpu).astype(mx.float32))
    np.testing.assert_allclose(g, ref, rtol=3e-2 if dtype != mx.float32 else 1e-4,
                               atol=3e-1 if dtype != mx.float32 else 1e-3)


def test_batched_matmul_and_addmm():
    a, b, c = data((4, 31, 64)), data((4, 64, 17)), data((17,))
    np.testing.assert_allclose(np.array(mx.matmul(a, b, stream=mx.gpu)),
                               np.array(a) @ np.array(b), rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(np.array(mx.matmul(a, b[0], stream=mx.gpu)),
                               np.array(a) @ np.array(b[0]), rtol=1e-4, atol=1e-4)
    x, w = data((31, 64)), data((64, 17))
    got = mx.addmm(c, x, w, alpha=0.5, beta=2.0, stream=mx.gpu)
    np.testing.assert_allclose(np.array(got), 2.0 * np.array(c) + 0.5 * np.array(x) @ np.array(w),
                               rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("dtype", [mx.float32, mx.float16])
def test_matmul_strided_operands_without_copies(dtype):
    # Attention's operands as views: heads split from a (b, t, 3 * d) slice
    # (leading dimension 3 * d, batch strides (t * 3d, hd): not one uniform
    # batch stride, so a loop over b of strided-batched calls), keys
    # transposed, broadcast batch dims, a negative-step slice, and a batch
    # whose loop would be too long (dense copies instead).
    b, t, nh, hd = 3, 20, 4, 8
    d = nh * hd
    qkv = data((b, t, 3 * d), dtype)
    q, k, v = (z.reshape(b, t, nh, hd).transpose(0, 2, 1, 3) for z in mx.split(qkv, 3, axis=-1))
    f32 = lambda a: np.array(a.astype(mx.float32)).astype(np.float64)
    tol = dict(rtol=3e-2, atol=3e-2) if dtype == mx.float16 else dict(rtol=1e-4, atol=1e-4)
    cases = [
        (q, k.transpose(0, 1, 3, 2)),                 # q @ k^T, both views of qkv
        (data((b, nh, t, t), dtype), v),              # probs @ v
        (q, data((hd, 5), dtype)),                    # broadcast weight
        (data((1, nh, t, hd), dtype), data((b, 1, hd, 6), dtype)),  # both broadcast
        (q[:, :, ::-1], k.transpose(0, 1, 3, 2)),     # reversed rows
        (data((40, 3, 2, 5, 7), dtype)[:, :, 1], data((7, 4), dtype)),  # strided batch, 40 > 32
        (qkv[:, :, :d], data((d, 9), dtype)),          # a column slice: ld = 3 d
    ]
    for x, y in cases:
        g = mx.matmul(x, y, stream=mx.gpu)
        np.testing.assert_allclose(f32(g), f32(x) @ f32(y), **tol)
    # The whole of attention on these views, compiled, against the CPU.
    fn = lambda qkv: mx.fast.scaled_dot_product_attention(
        *(z.reshape(b, t, nh, hd).transpose(0, 2, 1, 3) for z in mx.split(qkv, 3, axis=-1)),
        scale=0.3, mask="causal").transpose(0, 2, 1, 3).reshape(b, t, d)
    with mx.stream(mx.gpu):
        g = mx.compile(fn)(qkv)
        mx.eval(g)
    with mx.stream(mx.cpu):
        c = mx.compile(fn)(qkv)
    close(g, c, dtype)
