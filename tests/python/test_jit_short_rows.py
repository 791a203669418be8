"""Strided kernels with short rows (batch norm's (N, H, W, C) against a
per-channel vector) run with k rows merged into one and the repeated rows
tiled (src/backend/cpu/short_rows.h). Results equal NumPy and eager for
every shape of input the widening takes, and the shapes it must refuse
still run (unwidened) with the same results."""
import numpy as np
import pytest

import mxcore as mx

mx._core._set_jit_background(False)  # compiled calls run the JIT kernels


def run_counting(fn, *args):
    before = mx._core._jit_short_row_runs()
    out = fn(*args)
    mx.eval(out)
    return out, mx._core._jit_short_row_runs() - before


def affine_mask(x, y, g, b):
    return (x * g + b) * (y > 0), x * y * g


# (shape, shape of g, widened?)
CASES = [
    ((25088, 16), (16,), True),
    ((32, 28, 28, 16), (16,), True),
    ((32, 14, 14, 32), (32,), True),
    ((32, 28, 28, 16), (32, 1, 1, 16), True),  # g varies along an outer dim
    ((6, 10, 8), (6, 1, 8), True),
    ((4, 6, 2, 8), (4, 1, 1, 8), True),
    ((30, 49, 7), (7,), True),                 # 49 rows: merged 7 at a time
    ((7, 5, 3), (3,), True),
    ((13, 32), (32,), False),                  # 13 rows: no divisor up to 256 / 32
    ((13, 3), (3,), True),                     # all 13 rows merged into one
    ((40, 128), (128,), False),                # rows already long
    ((64, 16), (64, 1), False),                # broadcast inside the row
]


@pytest.mark.parametrize("shape,gshape,widened", CASES)
def test_short_rows_match_numpy(shape, gshape, widened):
    rng = np.random.default_rng(len(shape) * 100 + shape[-1])
    x = rng.standard_normal(shape).astype(np.float32)
    y = rng.standard_normal(shape).astype(np.float32)
    g = rng.standard_normal(gshape).astype(np.float32)
    b = rng.standard_normal(shape[-1:]).astype(np.float32)
    fn = mx.compile(affine_mask)
    (a1, a2), runs = run_counting(fn, *(mx.array(v) for v in (x, y, g, b)))
    assert (runs > 0) == widened
    np.testing.assert_array_equal(np.array(a1), ((x * g + b) * (y > 0)).astype(np.float32))
    np.testing.assert_array_equal(np.array(a2), (x * y * g).astype(np.float32))
    # A second call reuses the planned layout and tiles this call's values.
    g2 = g * 2 - 1
    a1, a2 = fn(*(mx.array(v) for v in (x, y, g2, b)))
    np.testing.assert_array_equal(np.array(a2), (x * y * g2).astype(np.float32))


@pytest.mark.parametrize("dtype", ["float16", "bfloat16", "float64", "int32", "int8",
                                   "uint16", "complex64", "bool_"])
def test_short_rows_every_element_size(dtype):
    rng = np.random.default_rng(7)
    t = getattr(mx, dtype)
    x = mx.array(rng.integers(-3, 4, (8, 12, 16))).astype(t)
    g = mx.array(rng.integers(-3, 4, (16,))).astype(t)
    f = (lambda x, g: mx.logical_xor(x, g)) if dtype == "bool_" else (lambda x, g: x * g + x)
    out, runs = run_counting(mx.compile(f), x, g)
    assert runs > 0
    assert mx.array_equal(out, f(x, g)).item()


def test_non_contiguous_inputs_and_sliced_vectors():
    rng = np.random.default_rng(8)
    base = rng.standard_normal((64, 40)).astype(np.float32)
    x = mx.array(base)[:, 4:20]          # rows 40 apart: strided, not dense
    gfull = rng.standard_normal(32).astype(np.float32)
    g = mx.array(gfull)[::2]             # a strided (16,) vector
    fn = mx.compile(lambda x, g: x * g - 1)
    out = fn(x, g)
    np.testing.assert_array_equal(np.array(out), base[:, 4:20] * gfull[::2] - 1)


def test_batch_norm_training_step_matches_eager():
    rng = np.random.default_rng(9)
    x = mx.array(rng.standard_normal((8, 14, 14, 32)).astype(np.float32))
    g = mx.array(rng.standard_normal(32).astype(np.float32))
    b = mx.array(rng.standard_normal(32).astype(np.float32))

    def loss(x, g, b):
        m = mx.mean(x, axis=(0, 1, 2), keepdims=True)
        v = mx.var(x, axis=(0, 1, 2), keepdims=True)
        h = mx.maximum((x - m) * mx.rsqrt(v + 1e-5) * g + b, 0.0)
        return mx.sum(h * h)

    grad = mx.grad(loss, argnums=(0, 1, 2))
    before = mx._core._jit_short_row_runs()
    compiled = mx.compile(grad)(x, g, b)
    mx.eval(compiled)
    assert mx._core._jit_short_row_runs() > before
    for c, e in zip(compiled, grad(x, g, b)):
        assert mx.array_equal(c, e).item()
