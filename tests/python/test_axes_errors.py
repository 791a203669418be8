# Out-of-range axes raise mxcore.AxisError, a subclass of both ValueError (MLX's
# current main) and IndexError (MLX 0.32), with a message naming the op.
import numpy as np
import pytest

import mxcore as mx

X = mx.ones((2, 3))

CASES = [
    ("flip", lambda: mx.flip(X, axis=2)),
    ("split", lambda: mx.split(X, 2, axis=3)),
    ("diff", lambda: mx.diff(X, axis=3)),
    ("median", lambda: mx.median(X, axis=3)),
    ("unstack", lambda: mx.unstack(X, axis=3)),
    ("expand_dims", lambda: mx.expand_dims(X, 4)),
    ("squeeze", lambda: mx.squeeze(X, 4)),
    ("take_along_axis", lambda: mx.take_along_axis(X, mx.zeros((2, 3), dtype=mx.int32), axis=3)),
    ("linalg::cross", lambda: mx.linalg.cross(mx.ones((2, 3)), mx.ones((2, 3)), axis=3)),
    ("fftshift", lambda: mx.fft.fftshift(X, axes=[3])),
    ("ifftshift", lambda: mx.fft.ifftshift(X, axes=[-3])),
    ("vmap", lambda: mx.vmap(lambda x: x, in_axes=3)(X)),
    ("vmap", lambda: mx.vmap(lambda x: x, out_axes=3)(X)),
    ("sum", lambda: mx.sum(X, axis=2)),
]


@pytest.mark.parametrize("op,fn", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_out_of_range_axis_is_value_and_index_error(op, fn):
    with pytest.raises(ValueError, match=f"\\[{op}\\]"):
        fn()
    with pytest.raises(IndexError):
        fn()
    with pytest.raises(mx.AxisError):
        fn()


def test_axis_error_type_hierarchy():
    assert issubclass(mx.AxisError, ValueError)
    assert issubclass(mx.AxisError, IndexError)


def test_in_range_negative_axes_still_work():
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    np.testing.assert_array_equal(np.array(mx.flip(mx.array(x), axis=-1)), x[:, ::-1])
    np.testing.assert_array_equal(np.array(mx.diff(mx.array(x), axis=-2)), np.diff(x, axis=0))
    assert mx.expand_dims(mx.array(x), -3).shape == (1, 2, 3)


def test_squeeze_of_a_non_unit_axis_is_a_plain_value_error():
    with pytest.raises(ValueError, match="squeeze") as info:
        mx.squeeze(X, 0)
    assert not isinstance(info.value, IndexError)
