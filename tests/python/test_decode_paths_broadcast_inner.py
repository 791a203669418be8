"""The JIT's strided loop with inputs broadcast along the innermost dim (read
once per row, the others unit-stride): compiled results equal eager ones bit
for bit and NumPy's, for the KV-cache write, row and middle-dim broadcasts,
scalars, every dtype family, tails and non-contiguous inputs."""
import re

import numpy as np
import pytest

import mxcore as mx

HOISTED = re.compile(r"in\d+_ptr\[in\d+_off\]")  # an input read once per row


def run_jit(fun, *args):
    """(compiled result, eager result, whether a JIT kernel ran)."""
    before = mx._core._jit_kernel_runs()
    compiled = mx.compile(fun)(*args)
    mx.eval(compiled)
    ran = mx._core._jit_kernel_runs() > before
    return compiled, fun(*args), ran


def assert_same(compiled, eager, expected=None):
    if compiled.dtype == mx.bfloat16:  # NumPy has no bfloat16; float32 holds it exactly
        compiled, eager = compiled.astype(mx.float32), eager.astype(mx.float32)
    c, e = np.array(compiled), np.array(eager)
    assert c.dtype == e.dtype and c.shape == e.shape
    assert c.tobytes() == e.tobytes()
    if expected is not None:
        np.testing.assert_allclose(c.astype(np.float64), expected.astype(np.float64),
                                   rtol=1e-6, atol=0)


def test_kv_cache_write_by_where():
    rng = np.random.default_rng(0)
    heads, context, hd = 8, 128, 32
    for pos in (0, 5, context - 1):
        write = (np.arange(context) == pos)[None, :, None]
        k = rng.standard_normal((heads, 1, hd)).astype(np.float32)
        cache = rng.standard_normal((heads, context, hd)).astype(np.float32)
        c, e, ran = run_jit(lambda w, k, c: mx.where(w, k, c), mx.array(write), mx.array(k),
                            mx.array(cache))
        assert ran
        assert_same(c, e, np.where(write, k, cache))


def test_hoisted_input_appears_in_the_kernel_source():
    x = mx.array(np.arange(6 * 37, dtype=np.float32).reshape(6, 37))
    row = mx.array(np.linspace(-1, 1, 6, dtype=np.float32).reshape(6, 1))
    c, e, ran = run_jit(lambda x, r: x * r + 0.8125, x, row)
    assert ran
    assert HOISTED.search(mx._core._last_jit_source())
    assert_same(c, e, np.array(x) * np.array(row) + np.float32(0.8125))


@pytest.mark.parametrize("shape,row_shape", [
    ((4, 5, 7), (4, 5, 1)),      # a value per row, inner tail of 7
    ((3, 2, 65), (3, 1, 1)),     # broadcast over the last two dims
    ((2, 9, 33), (1, 9, 1)),     # broadcast over the first and the last dim
    ((17, 1), (17, 1)),          # one-element rows
    ((1, 130), (1, 1)),          # a scalar broadcast: read once
])
@pytest.mark.parametrize("dtype", ["float32", "float16", "bfloat16", "int32", "uint8"])
def test_row_broadcast_every_dtype(shape, row_shape, dtype):
    rng = np.random.default_rng(1)
    np_dtype = np.float32 if dtype == "bfloat16" else np.dtype(dtype)
    if np.issubdtype(np_dtype, np.integer):
        xs = rng.integers(0, 50, shape).astype(np_dtype)
        rs = rng.integers(1, 4, row_shape).astype(np_dtype)
    else:
        xs = rng.standard_normal(shape).astype(np_dtype)
        rs = rng.standard_normal(row_shape).astype(np_dtype)
    mdt = getattr(mx, dtype)
    x, r = mx.array(xs).astype(mdt), mx.array(rs).astype(mdt)

    def fun(x, r):
        return mx.maximum(x * r + r, x - r)

    c, e, ran = run_jit(fun, x, r)
    assert ran
    expected = None
    if dtype in ("float32", "int32"):
        expected = np.maximum(xs * rs + rs, xs - rs)
    assert_same(c, e, expected)


def test_middle_dim_broadcast_and_scalar_together():
    rng = np.random.default_rng(2)
    a = rng.standard_normal((3, 1, 17)).astype(np.float32)    # stride 0 in the middle
    b = rng.standard_normal((3, 6, 17)).astype(np.float32)
    rowv = rng.standard_normal((3, 6, 1)).astype(np.float32)  # stride 0 inner
    s = np.float32(1.5)
    c, e, ran = run_jit(lambda a, b, r, s: (a - b) * r + s, mx.array(a), mx.array(b),
                        mx.array(rowv), mx.array(s))
    assert ran
    assert_same(c, e, (a - b) * rowv + s)


def test_non_contiguous_input_beside_a_hoisted_one():
    # The transposed input has inner stride 9: the loop takes its strided branch.
    base = np.arange(5 * 9, dtype=np.float32).reshape(5, 9)
    row = np.linspace(1, 2, 9, dtype=np.float32).reshape(9, 1)
    xt = mx.array(base).T
    c, e, ran = run_jit(lambda x, r: x / r - 0.25, xt, mx.array(row))
    assert ran
    assert_same(c, e, base.T / row - np.float32(0.25))


def test_every_input_hoisted():
    a = np.arange(6, dtype=np.float32).reshape(6, 1)
    b = np.linspace(0, 1, 6, dtype=np.float32).reshape(6, 1)
    c, e, ran = run_jit(lambda a, b: mx.broadcast_to(a, (6, 11)) * b + 3, mx.array(a),
                        mx.array(b))
    assert ran
    assert_same(c, e, np.broadcast_to(a, (6, 11)) * b + 3)


def test_sliced_row_input_and_multiple_outputs():
    # A sliced (offset, strided) row input, two outputs of one region.
    big = np.arange(40, dtype=np.float32).reshape(8, 5)
    x = np.random.default_rng(3).standard_normal((4, 19)).astype(np.float32)
    row = mx.array(big)[::2, 2:3]  # (4, 1), strides (10, 1) into the buffer

    def fun(x, r):
        y = x * r
        return y + 1, mx.exp(y)

    compiled = mx.compile(fun)(mx.array(x), row)
    eager = fun(mx.array(x), row)
    for c, e in zip(compiled, eager):
        assert_same(c, e)
    np.testing.assert_allclose(np.array(compiled[0]), x * big[::2, 2:3] + 1, rtol=1e-6)


def test_float16_rounding_of_intermediates_matches_eager():
    rng = np.random.default_rng(4)
    x = rng.standard_normal((7, 45)).astype(np.float16)
    r = rng.standard_normal((7, 1)).astype(np.float16)
    c, e, ran = run_jit(lambda x, r: mx.sqrt(mx.abs(x * r)) + r * r, mx.array(x), mx.array(r))
    assert ran
    assert_same(c, e)
