"""Compiled chains of polynomial functors (gelu after gelu, exp of an exp)
run interleaved element streams per thread's range (per block of a half
type): the results must be the eager bits at every length, split across the
pool or not."""
import math

import numpy as np
import pytest

import mxcore as mx


def gelu(x):
    return x * (1 + mx.erf(x * math.sqrt(0.5))) / 2


def host(a):
    # bfloat16 has no NumPy type; widening to float32 is exact.
    return np.array(a.astype(mx.float32) if a.dtype == mx.bfloat16 else a)


def chains():
    return {
        "gelu3": lambda x: gelu(gelu(gelu(x))),
        "gelu5": lambda x: gelu(gelu(gelu(gelu(gelu(x))))),
        "exp_exp": lambda x: mx.exp(-mx.exp(x * 0.5)),
        "gelu_tanh_two_outputs": lambda x: (gelu(x), mx.tanh(gelu(x)) * mx.sigmoid(x)),
    }


@pytest.mark.parametrize("name", sorted(chains()))
@pytest.mark.parametrize("shape", [(3,), (4,), (5,), (17,), (67,), (1031,), (100003,), (37, 129)])
@pytest.mark.parametrize("dtype", [mx.float32, mx.float64, mx.float16, mx.bfloat16])
def test_compiled_chain_matches_eager_bits(name, shape, dtype):
    fn = chains()[name]
    rng = np.random.default_rng(len(shape) * 1000 + shape[-1])
    x = mx.array(rng.uniform(-4, 4, size=shape)).astype(dtype)
    want = fn(x)
    got = mx.compile(fn)(x)
    want = want if isinstance(want, tuple) else (want,)
    got = got if isinstance(got, tuple) else (got,)
    for g, w in zip(got, want):
        assert g.dtype == dtype and g.shape == w.shape
        np.testing.assert_array_equal(host(g), host(w))


def test_chain_with_special_values():
    fn = chains()["gelu3"]
    x = mx.array([np.nan, np.inf, -np.inf, -0.0, 0.0, 1e-38, -1e-38, 88.0, -104.5] * 7,
                 dtype=mx.float32)
    np.testing.assert_array_equal(np.array(mx.compile(fn)(x)), np.array(fn(x)))
