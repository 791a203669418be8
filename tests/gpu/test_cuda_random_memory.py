"""Random bits on the GPU equal the CPU's for the same key (threefry), so
mx.random samplers agree across devices; the fast ops run on the GPU; the
memory counters follow the CUDA allocator when the GPU is the default."""
import numpy as np
import pytest

import mxcore as mx


@pytest.mark.parametrize("shape", [(1,), (3,), (7, 5), (1000,), (4, 1001)])
@pytest.mark.parametrize("width", [1, 2, 4])
def test_random_bits_match_cpu(shape, width):
    key = mx.random.key(42)
    g = mx.random.bits(shape, width, key=key, stream=mx.gpu)
    c = mx.random.bits(shape, width, key=key, stream=mx.cpu)
    np.testing.assert_array_equal(np.array(g), np.array(c))


def test_samplers_match_cpu():
    key = mx.random.key(7)
    keys = mx.random.split(key, 3)
    for fn in (lambda s: mx.random.uniform(shape=(100, 3), key=key, stream=s),
               lambda s: mx.random.normal(shape=(257,), key=key, stream=s),
               lambda s: mx.random.randint(0, 10, (50,), key=key, stream=s),
               lambda s: mx.random.bernoulli(0.3, (64,), key=key, stream=s),
               lambda s: mx.random.permutation(20, key=key, stream=s),
               lambda s: mx.random.categorical(mx.zeros((4, 6)), key=key, stream=s),
               lambda s: mx.random.uniform(shape=(3, 5), key=keys[1], stream=s)):
        np.testing.assert_allclose(np.array(fn(mx.gpu)), np.array(fn(mx.cpu)), rtol=1e-6, atol=1e-6)


def test_fast_ops_on_gpu():
    rng = np.random.default_rng(0)
    x = mx.array(rng.standard_normal((2, 4, 16, 32)).astype(np.float32))
    w, b = mx.ones((32,)) * 1.5, mx.ones((32,)) * 0.1
    q, k, v = (mx.array(rng.standard_normal((2, 4, 16, 32)).astype(np.float32)) for _ in range(3))
    fns = [lambda: mx.softmax(x, axis=-1), lambda: mx.fast.layer_norm(x, w, b, 1e-5),
           lambda: mx.fast.rms_norm(x, w, 1e-5), lambda: mx.fast.rope(x, 32, traditional=False,
                                                                      base=10000.0, scale=1.0, offset=3),
           lambda: mx.fast.rope(x, 16, traditional=True, base=10000.0, scale=1.0, offset=0),
           lambda: mx.fast.scaled_dot_product_attention(q, k, v, scale=0.2),
           lambda: mx.fast.scaled_dot_product_attention(q, k, v, scale=0.2, mask="causal")]
    for fn in fns:
        with mx.stream(mx.gpu):
            g = fn()
        with mx.stream(mx.cpu):
            c = fn()
        np.testing.assert_allclose(np.array(g), np.array(c), rtol=1e-4, atol=1e-4)


def test_memory_counters_follow_gpu(on_gpu):
    mx.synchronize()
    mx.clear_cache()
    before = mx.get_active_memory()
    x = mx.zeros((1 << 20,), mx.float32) + 1  # 4 MiB on the GPU
    mx.eval(x)
    assert mx.get_active_memory() - before >= 4 << 20
    assert mx.get_peak_memory() >= mx.get_active_memory()
    del x
    mx.synchronize()
    assert mx.get_cache_memory() >= 4 << 20
    mx.clear_cache()
    assert mx.get_cache_memory() == 0
    old = mx.set_memory_limit(1 << 20)
    try:
        with pytest.raises(RuntimeError):
            mx.eval(mx.zeros((1 << 22,), mx.float32) + 1)
    finally:
        mx.set_memory_limit(old)
    mx.set_default_device(mx.cpu)
    host = mx.get_active_memory()
    mx.set_default_device(mx.gpu)
    assert isinstance(host, int)
