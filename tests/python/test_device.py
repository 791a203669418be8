import gc

import numpy as np
import pytest

import mxcore as mx


def test_devices():
    d = mx.default_device()
    assert d == mx.Device(mx.cpu)
    assert d == mx.cpu
    assert d != mx.Device(mx.gpu)
    assert d.type == mx.cpu
    assert repr(d) == "Device(cpu, 0)"
    assert mx.Device(mx.cpu, 0) == mx.Device(mx.cpu)
    assert mx.is_available(mx.cpu)
    assert not mx.is_available(mx.gpu)


def test_gpu_is_refused_with_clear_error():
    with pytest.raises(ValueError, match="gpu"):
        mx.set_default_device(mx.gpu)
    assert mx.default_device() == mx.cpu
    with pytest.raises(ValueError, match="gpu"):
        mx.new_stream(mx.gpu)


def test_streams():
    s0 = mx.default_stream(mx.cpu)
    assert s0 == mx.default_stream(mx.default_device())
    assert s0.device == mx.cpu
    s1 = mx.new_stream(mx.cpu)
    assert s1 != s0 and s1.device == mx.cpu
    assert repr(s1) == f"Stream(Device(cpu, 0), {s1.index})"
    a = mx.arange(4, stream=s1) 
    b = mx.reshape(a, (2, 2), stream=mx.cpu)
    np.testing.assert_array_equal(np.array(b), np.arange(4).reshape(2, 2))
    mx.synchronize()
    mx.synchronize(s1)


def test_stream_context_manager_restores():
    s0 = mx.default_stream(mx.cpu)
    s1 = mx.new_stream(mx.cpu)
    with mx.stream(s1) as s:
        assert s == s1
        assert mx.default_stream(mx.cpu) == s1
        a = mx.arange(3)
    assert mx.default_stream(mx.cpu) == s0
    assert a.tolist() == [0, 1, 2]
    with mx.stream(mx.cpu):
        assert mx.default_device() == mx.cpu
    with pytest.raises(RuntimeError):
        with mx.stream(s1):
            raise RuntimeError("boom")
    assert mx.default_stream(mx.cpu) == s0
    with pytest.raises(ValueError, match="gpu"):
        with mx.stream(mx.gpu):
            pass
    assert mx.default_device() == mx.cpu
    with pytest.raises(TypeError):
        mx.stream("cpu")


def test_memory_tracks_live_arrays():
    gc.collect()
    mx.clear_cache()
    before = mx.get_active_memory()
    a = mx.arange(1 << 20, dtype=mx.float32)
    np.array(a[:1])  # evaluates a
    held = mx.get_active_memory()
    assert held - before >= 4 * (1 << 20)
    assert mx.get_peak_memory() >= held
    del a
    gc.collect()
    assert mx.get_active_memory() <= held - 4 * (1 << 20)
    assert mx.get_cache_memory() >= 0
    mx.clear_cache()
    assert mx.get_cache_memory() == 0
    mx.reset_peak_memory()
    assert mx.get_peak_memory() <= held
    old = mx.set_memory_limit(1 << 40)
    assert mx.get_memory_limit() == 1 << 40
    mx.set_memory_limit(old)
