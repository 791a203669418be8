"""mx.metal, mx.cuda, mx.distributed (single process), print options, device
queries, buffer sizes, depends, and the added mx.random samplers."""

import math
import threading

import numpy as np
import pytest

import mxcore as mx


# ------------------------------------------------------------ metal / cuda
def test_metal_and_cuda():
    assert mx.metal.is_available() is False
    assert mx.cuda.is_available() is False
    with pytest.warns(DeprecationWarning):
        assert mx.metal.device_info() == {}
    with pytest.raises(RuntimeError):
        mx.metal.start_capture("trace.gputrace")
    with pytest.raises(RuntimeError):
        mx.metal.stop_capture()
    x = mx.arange(100000, dtype=mx.float32) * 2
    mx.eval(x)
    assert mx.metal.get_active_memory() == mx.get_active_memory() >= 400000
    assert mx.metal.get_peak_memory() >= 400000
    mx.metal.reset_peak_memory()
    mx.metal.clear_cache()
    assert mx.metal.get_cache_memory() == 0
    prev = mx.metal.set_cache_limit(1 << 20)
    mx.metal.set_cache_limit(prev)


# ------------------------------------------------------------- distributed
def test_distributed_single_process():
    d = mx.distributed
    assert d.is_available("ring") is False  # only MPI is built in
    g = d.init()
    assert g.rank() == 0 and g.size() == 1
    assert d.init(strict=False, backend="ring") is g
    with pytest.raises(RuntimeError, match="split"):
        g.split(0)
    with pytest.raises(RuntimeError, match="initialize"):
        d.init(strict=True)
    with pytest.raises(ValueError, match="backend"):
        d.init(backend="foo")


@pytest.mark.parametrize("op", ["all_sum", "all_max", "all_min", "all_gather", "sum_scatter"])
def test_distributed_collectives_are_identities(op):
    fn = getattr(mx.distributed, op)
    for a in (np.arange(6, dtype=np.float32).reshape(2, 3), np.array(3.0, np.float32),
              np.arange(4, dtype=np.int32)):
        x = mx.array(a)
        out = fn(x)
        assert out.shape == a.shape and out.dtype == x.dtype
        np.testing.assert_array_equal(np.array(out), a)
        out = fn(x.T, group=mx.distributed.init(), stream=mx.cpu)
        np.testing.assert_array_equal(np.array(out), a.T)
    g = mx.grad(lambda v: fn(v).sum())(mx.array([1.0, 2.0]))
    assert g.tolist() == [1.0, 1.0]
    assert mx.compile(lambda v: fn(v) * 2)(mx.array([1.0, 2.0])).tolist() == [2.0, 4.0]


def test_distributed_point_to_point_raises():
    x = mx.array([1.0, 2.0])
    with pytest.raises(ValueError, match="singleton"):
        mx.distributed.send(x, 0)
    with pytest.raises(ValueError, match="singleton"):
        mx.distributed.recv((2,), mx.float32, 0)
    with pytest.raises(ValueError, match="singleton"):
        mx.distributed.recv_like(x, 0)


# ------------------------------------------------------------- printoptions
def test_printoptions_precision():
    a = mx.array([1.23456789, 2.5, 1e-7])
    default = repr(a)
    assert mx.get_printoptions().precision == -1
    try:
        mx.set_printoptions(precision=3)
        assert mx.get_printoptions().precision == 3
        assert repr(a) == "array([1.235, 2.500, 0.000], dtype=float32)"
        assert repr(mx.array([1, 2])) == "array([1, 2], dtype=int32)"
        assert repr(mx.array(3.14159)) == "array(3.142, dtype=float32)"
        with mx.printoptions(precision=1):
            assert repr(a) == "array([1.2, 2.5, 0.0], dtype=float32)"
            assert mx.get_printoptions().precision == 1
        assert mx.get_printoptions().precision == 3
        mx.set_printoptions(precision=2)
        assert repr(mx.array([1 + 2.345j])) == "array([1.00+2.35j], dtype=complex64)"
        assert repr(mx.array([1.5], mx.float16)) == "array([1.50], dtype=float16)"
        mx.set_printoptions(precision=0)
        assert repr(mx.array([1.25, 2.75])) == "array([1, 3], dtype=float32)"
    finally:
        mx.set_printoptions()
    assert mx.get_printoptions().precision == -1
    assert repr(a) == default == "array([1.23457, 2.5, 1e-07], dtype=float32)"


def test_printoptions_context_restores_on_error():
    with pytest.raises(KeyError):
        with mx.printoptions(precision=2):
            raise KeyError("x")
    assert mx.get_printoptions().precision == -1


# ------------------------------------------------------- devices / buffers
def test_device_queries_and_streams():
    info = mx.device_info()
    assert isinstance(info, dict) and "device_name" in info and "architecture" in info
    assert mx.device_info(mx.cpu) == info
    s = mx.new_thread_local_stream(mx.cpu)
    t = mx.new_thread_unsafe_stream(mx.cpu)
    assert s != t
    assert mx.add(mx.array(1), 2, stream=s).item() == 3
    assert mx.add(mx.array(1), 2, stream=t).item() == 3
    assert mx.clear_streams() is None


def test_get_array_buffer_size():
    a = mx.array([1, 2, 3], mx.int32)
    with pytest.raises(ValueError, match="evaluated"):
        mx.get_array_buffer_size(a + 1)
    b = mx.ones((10,), mx.float32)
    mx.eval(a, b)
    view = a[1:]
    mx.eval(view)
    size_a = mx.get_array_buffer_size(a)
    assert size_a >= 12
    # Each buffer once: a view shares its base's buffer; non-arrays are ignored.
    assert mx.get_array_buffer_size(a, [a, view], {"x": a}, 3) == size_a
    assert mx.get_array_buffer_size(a, b) == size_a + mx.get_array_buffer_size(b)
    assert mx.get_array_buffer_size() == 0


# ----------------------------------------------------------------- depends
def test_depends():
    x, y = mx.array([1.0, 2.0]), mx.array(3.0)
    out = mx.depends(x, y)
    assert isinstance(out, mx.array) and out.tolist() == [1.0, 2.0]
    outs = mx.depends([x, y], [mx.array(5)])
    assert isinstance(outs, list) and outs[1].item() == 3.0
    with pytest.raises(ValueError, match="depends"):
        mx.depends([], [y])

    def f(a, b):
        return (mx.depends(a * 2, b * 3) * a).sum()
    ga, gb = mx.grad(f, argnums=(0, 1))(x, y)
    assert ga.tolist() == [4.0, 8.0] and gb.item() == 0.0
    assert mx.vmap(lambda a: mx.depends(a, y))(mx.array([[1.0], [2.0]])).tolist() == [[1.0], [2.0]]
    assert mx.compile(lambda a: mx.depends(a + 1, a))(x).tolist() == [2.0, 3.0]


# ------------------------------------------------------------------ random
def test_laplace_moments_and_key():
    key = mx.random.key(0)
    s = mx.random.laplace((200000,), key=key)
    assert s.dtype == mx.float32 and s.shape == (200000,)
    a = np.array(s)
    assert np.all(np.isfinite(a))
    assert abs(a.mean()) < 0.02 and abs(a.var() - 2.0) < 0.05
    # Laplace(0, 1): P(|X| > 1) = exp(-1).
    assert abs(np.mean(np.abs(a) > 1) - math.exp(-1)) < 0.01
    same = mx.random.laplace((4,), key=key)
    assert mx.array_equal(same, mx.random.laplace((4,), key=key))
    t = mx.random.laplace((100000,), mx.float16, loc=3.0, scale=0.5, key=mx.random.key(1))
    assert t.dtype == mx.float16
    b = np.array(t).astype(np.float64)
    assert abs(b.mean() - 3.0) < 0.02 and abs(b.var() - 0.5) < 0.03
    assert mx.random.laplace().shape == ()
    with pytest.raises(ValueError, match="laplace"):
        mx.random.laplace((2,), dtype=mx.int32)


def test_multivariate_normal():
    mean = np.array([1.0, -2.0, 0.5], np.float32)
    cov = np.array([[2.0, 0.6, 0.0], [0.6, 1.0, -0.3], [0.0, -0.3, 0.5]], np.float32)
    s = mx.random.multivariate_normal(mx.array(mean), mx.array(cov), shape=(100000,),
                                      key=mx.random.key(3))
    assert s.shape == (100000, 3) and s.dtype == mx.float32
    a = np.array(s).astype(np.float64)
    np.testing.assert_allclose(a.mean(0), mean, atol=0.03)
    np.testing.assert_allclose(np.cov(a.T), cov, atol=0.05)
    # Batch shapes broadcast: two means, one covariance.
    means = mx.array(np.stack([mean, -mean]))
    b = mx.random.multivariate_normal(means, mx.array(cov), key=mx.random.key(4))
    assert b.shape == (2, 3)
    c = mx.random.multivariate_normal(means, mx.array(cov), shape=(5, 2), key=mx.random.key(4))
    assert c.shape == (5, 2, 3)
    assert mx.random.multivariate_normal(mx.zeros(2), mx.eye(2), shape=(3, 2)).shape == (3, 2, 2)
    with pytest.raises(ValueError, match="float32"):
        mx.random.multivariate_normal(mx.zeros(2), mx.eye(2), dtype=mx.float16)
    with pytest.raises(ValueError, match="compatible shapes"):
        mx.random.multivariate_normal(mx.zeros(2), mx.eye(3))
    with pytest.raises(ValueError, match="broadcast"):
        mx.random.multivariate_normal(means, mx.array(cov), shape=(3,))


def test_print_thread_safety_of_precision():
    # The precision is global (as in MLX): another thread sees it.
    seen = []
    with mx.printoptions(precision=2):
        th = threading.Thread(target=lambda: seen.append(repr(mx.array([1.0]))))
        th.start()
        th.join()
    assert seen == ["array([1.00], dtype=float32)"]


# ------------------------------------------------------- fast / dlpack
@pytest.mark.parametrize("dtype", ["float32", "float16"])
def test_fast_cross_entropy(dtype):
    rng = np.random.default_rng(0)
    logits = rng.normal(size=(2, 3, 5)).astype(np.float32)
    targets = rng.integers(0, 5, (2, 3))
    x = mx.array(logits).astype(getattr(mx, dtype))
    got = mx.fast.cross_entropy(x, mx.array(targets))
    assert got.dtype == mx.float32 and got.shape == (2, 3)
    ref = np.array(x.astype(mx.float32)).astype(np.float64)
    lse = np.log(np.exp(ref).sum(-1))
    want = lse - np.take_along_axis(ref, targets[..., None], -1)[..., 0]
    np.testing.assert_allclose(np.array(got), want, rtol=2e-3 if dtype == "float16" else 1e-5,
                               atol=2e-3 if dtype == "float16" else 1e-6)
    g = mx.grad(lambda l: mx.fast.cross_entropy(l, mx.array(targets)).sum())(mx.array(logits))
    soft = np.exp(logits) / np.exp(logits).sum(-1, keepdims=True)
    np.testing.assert_allclose(np.array(g), soft - np.eye(5)[targets], rtol=1e-5, atol=1e-6)
    with pytest.raises(ValueError, match="does not match"):
        mx.fast.cross_entropy(x, mx.array([0, 1]))
    with pytest.raises(ValueError, match="integer class indices"):
        mx.fast.cross_entropy(x, mx.zeros((2, 3)))


def test_from_dlpack():
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    x = mx.from_dlpack(a)
    assert x.dtype == mx.float32 and x.tolist() == a.tolist()
    assert mx.from_dlpack(a[:, ::2]).tolist() == a[:, ::2].tolist()
    assert mx.from_dlpack(x).tolist() == a.tolist()
    with pytest.raises(ValueError, match="copy"):
        mx.from_dlpack(a, copy=False)


def test_custom_kernel_builders_raise_on_call():
    k = mx.fast.metal_kernel(name="f", input_names=["a"], output_names=["o"],
                             source="o[0] = a[0];")
    with pytest.raises(RuntimeError, match="No Metal back-end"):
        k(inputs=[mx.array([1.0])], grid=(1, 1, 1), threadgroup=(1, 1, 1),
          output_shapes=[(1,)], output_dtypes=[mx.float32])
    k = mx.fast.cuda_kernel(name="f", input_names=["a"], output_names=["o"], source="")
    with pytest.raises(RuntimeError, match="No CUDA back-end"):
        k(inputs=[mx.array([1.0])])
    with pytest.raises(RuntimeError, match="No CUDA back-end"):
        mx.fast.precompiled_cuda_kernel(name="f", compiled_source=b"")


def test_random_samplers_are_functions_of_the_key():
    # laplace = sign(u) log1p(-|u|) of the key's uniform sample on (-1, 1);
    # multivariate_normal = mean + z @ sqrtm(cov) for the key's standard normal z.
    key = mx.random.key(7)
    low = float(np.nextafter(np.float32(-1), np.float32(0)))
    u = np.array(mx.random.uniform(low, 1.0, (4, 3), key=key)).astype(np.float64)
    want = np.sign(u) * np.log1p(-np.abs(u)) * 2.0 + 1.0
    got = np.array(mx.random.laplace((4, 3), loc=1.0, scale=2.0, key=key))
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)
    cov = np.array([[2.0, 0.5], [0.5, 1.0]])
    mean = np.array([1.0, -1.0])
    z = np.array(mx.random.normal((5, 2), key=key)).astype(np.float64)
    w, v = np.linalg.eigh(cov)
    sqrtm = (v * np.sqrt(w)) @ v.T
    got = mx.random.multivariate_normal(mx.array(mean, mx.float32), mx.array(cov, mx.float32),
                                        (5,), key=key)
    np.testing.assert_allclose(np.array(got), mean + z @ sqrtm, rtol=1e-5, atol=1e-5)
