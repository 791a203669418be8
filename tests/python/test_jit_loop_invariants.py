"""Values computed from constants and scalars alone (Adam's bias correction
1 - b1**step) are written once before a kernel's loop: compiled results equal
eager ones bit for bit, and the source shows the scalar power outside the
element loop (inside it, its branches kept GCC from vectorizing the loop)."""
import numpy as np
import pytest

import mxcore as mx


def bits(a):
    a = np.array(a)
    return a.view(np.uint32 if a.dtype == np.float32 else np.uint16)


def loop_start(src):
    return min(i for i in (src.find("  for ("), src.find("  for (index_t")) if i >= 0)


def adam_like(p, g, m, v, lr, step):
    m = 0.9 * m + 0.1 * g
    v = 0.999 * v + 0.001 * mx.square(g)
    m_scale = lr / (1 - 0.9 ** step)
    v_scale = mx.rsqrt(1 - 0.999 ** step)
    return p - m_scale * m / (mx.sqrt(v) * v_scale + 1e-8), m, v


@pytest.mark.parametrize("shape,transposed", [((1000,), False), ((37, 53), False),
                                              ((64, 48), True), ((1,), False)])
def test_adam_like_update_matches_eager(shape, transposed):
    rng = np.random.default_rng(3)
    arrays = [rng.standard_normal(shape).astype(np.float32) for _ in range(4)]
    arrays[3] = np.abs(arrays[3])
    p, g, m, v = map(mx.array, arrays)
    if transposed:  # a strided loop
        g = mx.array(arrays[1].T.copy()).T
    for step in (1.0, 2.0, 7.0, 1000.0):
        args = (p, g, m, v, mx.array(1e-3), mx.array(step))
        got = mx.compile(adam_like)(*args)
        want = adam_like(*args)
        for a, b in zip(got, want):
            np.testing.assert_array_equal(bits(a), bits(b))
        # Against float64 NumPy too.
        p64, g64, m64, v64 = (np.array(a, np.float64) for a in (p, g, m, v))
        m_new = 0.9 * m64 + 0.1 * g64
        v_new = 0.999 * v64 + 0.001 * g64 ** 2
        p_new = p64 - (1e-3 / (1 - 0.9 ** step)) * m_new / (
            np.sqrt(v_new) / np.sqrt(1 - 0.999 ** step) + 1e-8)
        np.testing.assert_allclose(np.array(got[0]), p_new, rtol=2e-5, atol=1e-6)


def test_scalar_power_is_outside_the_loop():
    x = mx.array(np.linspace(-2, 2, 4099, dtype=np.float32))
    s = mx.array(3.0)
    # A constant of its own: this test's kernel is built (or loaded) now.
    f = mx.compile(lambda x, s: x * (1 - 0.8765432 ** s) + mx.abs(x))
    out = f(x, s)
    mx.eval(out)
    src = mx._core._last_jit_source()
    if not src:
        pytest.skip("no C++ compiler: compiled functions run eagerly")
    power = src.find("kernel_ops::Power{}")
    body = src.find('extern "C"')
    assert body < power < body + loop_start(src[body:])
    xn = np.array(x, np.float64)
    np.testing.assert_allclose(np.array(out), xn * (1 - 0.8765432 ** 3) + np.abs(xn), rtol=1e-6)
    np.testing.assert_array_equal(bits(out), bits(x * (1 - 0.8765432 ** s) + mx.abs(x)))


def test_invariant_chain_with_half_roundings():
    # float16 invariants round like eager ones; an output that is itself
    # invariant is stored from the hoisted value.
    x = mx.array(np.linspace(-3, 3, 777).astype(np.float16))
    s = mx.array(2.5, dtype=mx.float16)

    def f(x, s):
        k = mx.exp(s) * 0.3 - s ** 2
        return x * k + s, mx.broadcast_to(k, x.shape)

    got, want = mx.compile(f)(x, s), f(x, s)
    for a, b in zip(got, want):
        assert a.dtype == mx.float16
        np.testing.assert_array_equal(bits(a), bits(b))
