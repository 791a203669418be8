# Array API and DLPack: __array_namespace__, __dlpack__, __dlpack_device__,
# zero-copy export to NumPy (required) and PyTorch (when installed), and
# from_dlpack of strided producers.
import importlib.util

import numpy as np
import pytest

import mxcore as mx

HAVE_TORCH = importlib.util.find_spec("torch") is not None


def test_array_namespace_is_the_module():
    assert mx.arange(3).__array_namespace__() is mx
    assert mx.arange(3).__array_namespace__(api_version=None) is mx


def test_dlpack_device_is_the_cpu():
    assert mx.zeros(2).__dlpack_device__() == (1, 0)


@pytest.mark.parametrize("dtype", [mx.bool_, mx.uint8, mx.int16, mx.int32, mx.int64,
                                   mx.float16, mx.float32, mx.float64, mx.complex64])
def test_numpy_reads_every_dtype(dtype):
    a = (mx.arange(6).reshape(2, 3) % 4).astype(dtype)
    out = np.from_dlpack(a)
    np.testing.assert_array_equal(out, np.array(a))
    assert out.dtype == np.array(a).dtype


def test_numpy_from_dlpack_shares_the_buffer():
    a = mx.arange(12, dtype=mx.float32).reshape(3, 4) + 0
    out = np.from_dlpack(a)
    # Same memory: the NumPy array aliases the evaluated mxcore buffer.
    assert out.__array_interface__["data"][0] == np.asarray(memoryview(a)).__array_interface__["data"][0]
    np.testing.assert_array_equal(out, np.arange(12, dtype=np.float32).reshape(3, 4))


def test_strided_views_export_with_their_strides():
    base = mx.arange(24, dtype=mx.int32).reshape(4, 6)
    view = base[1:, ::2].T
    out = np.from_dlpack(view)
    np.testing.assert_array_equal(out, np.arange(24, dtype=np.int32).reshape(4, 6)[1:, ::2].T)


def test_capsule_outlives_the_array():
    out = np.from_dlpack(mx.full((1000,), 3.5))
    import gc
    gc.collect()
    assert float(out.sum()) == 3500.0


def test_unconsumed_capsule_is_freed():
    capsule = mx.ones(4).__dlpack__()
    assert "dltensor" in repr(capsule)
    del capsule


def test_torch_from_dlpack_is_zero_copy():
    if not HAVE_TORCH:
        # torch is optional here; NumPy above covers the required interop.
        assert np.from_dlpack(mx.ones(2)).tolist() == [1.0, 1.0]
        return
    import torch

    a = mx.arange(6, dtype=mx.float32).reshape(2, 3) * 2
    t = torch.from_dlpack(a)
    assert t.dtype == torch.float32 and tuple(t.shape) == (2, 3)
    np.testing.assert_array_equal(t.numpy(), np.arange(6, dtype=np.float32).reshape(2, 3) * 2)
    assert t.data_ptr() == np.from_dlpack(a).__array_interface__["data"][0]
    tt = torch.from_dlpack(a.T)
    assert tt.stride() == (1, 3)
    b = torch.from_dlpack(mx.array([1, 2], dtype=mx.bfloat16))
    assert b.dtype == torch.bfloat16 and b.tolist() == [1.0, 2.0]


def test_from_dlpack_reads_strided_producers():
    x = np.arange(20, dtype=np.float32).reshape(4, 5)[::2, 1::2]
    np.testing.assert_array_equal(np.array(mx.from_dlpack(x)), x)
    np.testing.assert_array_equal(np.array(mx.from_dlpack(x.T)), x.T)
    # Round trip through an mxcore view.
    v = mx.arange(12).reshape(3, 4)[:, 1::2]
    np.testing.assert_array_equal(np.array(mx.from_dlpack(np.from_dlpack(v))), np.array(v))
    if HAVE_TORCH:
        import torch

        t = torch.arange(12, dtype=torch.int64).reshape(3, 4).T
        np.testing.assert_array_equal(np.array(mx.from_dlpack(t)), t.numpy())
