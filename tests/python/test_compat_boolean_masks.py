# Boolean masks: a[mask] reads (NumPy's semantics), a[mask] = v writes and
# mx.masked_scatter (MLX's semantics), and their vjp / jvp / vmap.
import numpy as np
import pytest

import mxcore as mx


def test_read_with_full_mask_matches_numpy():
    x = np.arange(12, dtype=np.float32).reshape(3, 4)
    m = x % 3 == 1
    out = mx.array(x)[mx.array(m)]
    np.testing.assert_array_equal(np.array(out), x[m])
    assert out.shape == (int(m.sum()),)


def test_read_with_prefix_mask_selects_rows():
    x = np.arange(24, dtype=np.int32).reshape(4, 3, 2)
    m = np.array([True, False, True, True])
    np.testing.assert_array_equal(np.array(mx.array(x)[mx.array(m)]), x[m])
    np.testing.assert_array_equal(np.array(mx.array(x)[m]), x[m])
    np.testing.assert_array_equal(np.array(mx.array(x)[[True, False, False, True]]),
                                  x[[True, False, False, True]])


def test_read_with_empty_and_scalar_masks():
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    none = mx.array(x)[mx.zeros((2, 3), dtype=mx.bool_)]
    assert none.shape == (0,)
    np.testing.assert_array_equal(np.array(mx.array(x)[True]), x[True])
    assert mx.array(x)[False].shape == (0, 2, 3)


def test_read_with_mismatched_mask_raises():
    with pytest.raises(IndexError, match="getitem"):
        mx.zeros((2, 3))[mx.array([True, False, True])]


def test_grad_of_masked_read_flows_to_the_selected_elements():
    m = mx.array([[True, False], [False, True]])
    g = mx.grad(lambda x: (x[m] * mx.array([2.0, 3.0])).sum())(mx.ones((2, 2)))
    np.testing.assert_array_equal(np.array(g), [[2.0, 0.0], [0.0, 3.0]])


def test_write_scalar_and_array_values():
    x = np.arange(6, dtype=np.int32).reshape(2, 3)
    a = mx.array(x)
    a[a > 2] = 0
    expected = x.copy()
    expected[x > 2] = 0
    np.testing.assert_array_equal(np.array(a), expected)

    a = mx.array(x)
    a[a > 1] = mx.array([1.5, 2.5, 3.5, 4.5])  # cast to the array's dtype
    np.testing.assert_array_equal(np.array(a), [[0, 1, 1], [2, 3, 4]])
    assert a.dtype == mx.int32


def test_write_rows_with_prefix_mask():
    a = mx.array(np.arange(6, dtype=np.float32).reshape(2, 3))
    a[mx.array([True, False])] = mx.array([7.0, 8.0, 9.0])
    np.testing.assert_array_equal(np.array(a), [[7, 8, 9], [3, 4, 5]])
    a = mx.array(np.zeros((3, 2), np.float32))
    a[np.array([True, False, True])] = mx.array([[1.0, 2.0], [3.0, 4.0]])
    np.testing.assert_array_equal(np.array(a), [[1, 2], [0, 0], [3, 4]])
    a = mx.zeros((2, 2))
    a[True] = 5.0
    np.testing.assert_array_equal(np.array(a), np.full((2, 2), 5.0))


def test_masked_scatter_function_and_extra_source_elements():
    a = mx.array([1.0, 2.0, 3.0, 4.0])
    out = mx.masked_scatter(a, mx.array([False, True, False, True]), mx.array([10.0, 20.0, 30.0]))
    np.testing.assert_array_equal(np.array(out), [1, 10, 3, 20])
    np.testing.assert_array_equal(np.array(a), [1, 2, 3, 4])


def test_masked_scatter_errors():
    with pytest.raises(ValueError, match="masked_scatter"):
        mx.masked_scatter(mx.zeros(3), mx.array([1, 0, 1]), mx.zeros(2))
    with pytest.raises(ValueError, match="masked_scatter"):
        mx.masked_scatter(mx.zeros(3), mx.zeros((3, 1), dtype=mx.bool_), mx.zeros(2))
    with pytest.raises(ValueError, match="masked_scatter"):
        mx.masked_scatter(mx.zeros((2, 3)), mx.zeros((3,), dtype=mx.bool_), mx.zeros(2))
    with pytest.raises(RuntimeError, match="enough elements"):
        mx.eval(mx.masked_scatter(mx.zeros(3), mx.array([True, True, True]), mx.zeros(2)))


def test_vjp_of_masked_write():
    m = mx.array([True, False, True, False])

    def f(dst, src):
        dst = dst * 1.0
        dst[m] = src
        return (dst * mx.array([1.0, 2.0, 3.0, 4.0])).sum()

    gd, gs = mx.grad(f, argnums=(0, 1))(mx.ones(4), mx.array([5.0, 6.0, 7.0]))
    np.testing.assert_array_equal(np.array(gd), [0, 2, 0, 4])
    np.testing.assert_array_equal(np.array(gs), [1, 3, 0])


def test_vjp_with_respect_to_the_mask_raises():
    with pytest.raises(ValueError, match="stop_gradient"):
        mx.grad(lambda m: mx.masked_scatter(mx.zeros(2), m, mx.ones(2)).sum())(
            mx.array([True, False]))


def test_jvp_of_masked_write():
    mask = mx.array([True, False, True, False])

    def masked_set(dst, src):
        dst = dst * 1.0
        dst[mask] = src
        return dst

    _, (t,) = mx.jvp(masked_set, [mx.zeros(4), mx.ones(2)],
                     [mx.array([1.0, 2.0, 3.0, 4.0]), mx.array([10.0, 20.0])])
    np.testing.assert_array_equal(np.array(t), [10, 2, 20, 4])


def test_vmap_of_masked_write():
    def scatter_fn(x, m, src):
        x[m] = src
        return x

    a = mx.array([[10, 20, 30, 40], [50, 60, 70, 80]])
    mask = mx.array([[False, True, True, True], [True, False, True, True]])
    src = mx.array([[1, 2, 3], [4, 5, 6]])
    out = mx.vmap(scatter_fn, in_axes=(0, 0, 0))(a, mask, src)
    np.testing.assert_array_equal(np.array(out), [[10, 1, 2, 3], [4, 60, 5, 6]])

    shared = mx.vmap(scatter_fn, in_axes=(0, 0, None))(
        mx.array([[0, 0, 0], [5, 5, 5]]), mx.array([[True, False, True], [False, True, True]]),
        mx.array([9, 8]))
    np.testing.assert_array_equal(np.array(shared), [[9, 0, 8], [5, 9, 8]])

    # Batched along axis 1 of the destination, mask shared.
    dst = mx.array(np.arange(6, dtype=np.float32).reshape(3, 2))
    out = mx.vmap(lambda x: mx.masked_scatter(x, mx.array([True, False, True]), mx.array([-1.0, -2.0])),
                  in_axes=1)(dst)
    np.testing.assert_array_equal(np.array(out), [[-1, 2, -2], [-1, 3, -2]])


def test_compiled_masked_write_matches_eager():
    def f(x, m, v):
        return mx.masked_scatter(x * 2, m, v)

    x = mx.array(np.arange(8, dtype=np.float32).reshape(2, 4))
    m = x > 3
    v = mx.array([100.0, 200.0, 300.0, 400.0])
    np.testing.assert_array_equal(np.array(mx.compile(f)(x, m, v)), np.array(f(x, m, v)))
