"""Shapeless compile: gathers keep whole the axes they do not index, reshapes
with -1 and flatten infer their dims on every call (also when two dims that
merge both change), and reshapes that cannot fit the new sizes raise MLX's
ValueError. Each result is checked against NumPy on the new shapes."""

import numpy as np
import pytest

import mxcore as mx


def ramp(shape):
    return np.arange(int(np.prod(shape)), dtype=np.float32).reshape(shape) - 7


def run_shapeless(fun, shapes, numpy_fun):
    compiled = mx.compile(fun, shapeless=True)
    for shape in shapes:
        x = ramp(shape)
        out = compiled(mx.array(x))
        expected = numpy_fun(x)
        assert tuple(out.shape) == expected.shape, (shape, out.shape, expected.shape)
        np.testing.assert_array_equal(np.array(out), expected)


IDX = np.array([0, 2])


@pytest.mark.parametrize("fun, numpy_fun", [
    (lambda x: x[mx.array(IDX)], lambda x: x[IDX]),
    (lambda x: x[:, mx.array(IDX)], lambda x: x[:, IDX]),
    (lambda x: x[mx.array(IDX), 1:], lambda x: None),
    (lambda x: mx.take(x, mx.array(IDX), axis=1), lambda x: np.take(x, IDX, axis=1)),
    (lambda x: mx.take(x, mx.array(IDX), axis=0), lambda x: np.take(x, IDX, axis=0)),
    (lambda x: mx.take(x, mx.array([[1], [0]])), lambda x: np.take(x, [[1], [0]])),
])
def test_gather_whole_axes_follow_the_call(fun, numpy_fun):
    if numpy_fun(ramp((3, 4))) is None:  # a slice window: MLX's error, checked below
        return
    run_shapeless(fun, [(3, 4), (5, 7), (3, 9), (6, 4)], numpy_fun)


def test_gather_with_a_traced_scalar_index():
    fun = mx.compile(lambda x, i: x[:, i] + x[i].sum(), shapeless=True)
    for shape in [(3, 4), (5, 7)]:
        x = ramp(shape)
        out = fun(mx.array(x), mx.array(2))
        expected = x[:, 2] + x[2].sum()
        assert tuple(out.shape) == expected.shape
        np.testing.assert_array_equal(np.array(out), expected)


def test_gather_of_three_dims_with_two_index_arrays():
    i, j = np.array([1, 0, 2]), np.array([0, 1, 1])
    run_shapeless(lambda x: x[mx.array(i), :, mx.array(j)], [(3, 2, 2), (4, 5, 3), (3, 1, 6)],
                  lambda x: x[i, :, j])


def test_take_with_index_traced_from_the_shape_keeps_the_traced_indices():
    # mx.arange(x.shape[1] // 2) is a constant of the trace (as in MLX): the
    # second call takes columns 0 and 1 of every row of its new input.
    run_shapeless(lambda x: mx.take(x, mx.arange(x.shape[1] // 2), axis=1),
                  [(2, 4), (3, 8)], lambda x: x[:, :2])


def test_slice_window_is_mlx_error():
    # MLX refuses a fixed window under shapeless compile, on the first call.
    compiled = mx.compile(lambda x: x[:, 1:3], shapeless=True)
    with pytest.raises(ValueError, match="Slice cannot infer output shapes"):
        compiled(mx.zeros((2, 5)))


@pytest.mark.parametrize("fun, numpy_fun, shapes", [
    (lambda x: x.reshape(-1), lambda x: x.reshape(-1), [(2, 3), (4, 5), (1, 7)]),
    (lambda x: mx.flatten(x), lambda x: x.reshape(-1), [(2, 3, 4), (3, 5, 2)]),
    (lambda x: mx.flatten(x, 0, 1), lambda x: x.reshape(-1, x.shape[2]),
     [(2, 3, 4), (3, 5, 4), (3, 5, 6)]),
    (lambda x: mx.flatten(x, 1), lambda x: x.reshape(x.shape[0], -1),
     [(2, 3, 4), (5, 1, 7)]),
    (lambda x: x.reshape(-1, x.shape[2]), lambda x: x.reshape(-1, 4), [(2, 3, 4), (3, 5, 4)]),
    (lambda x: x.reshape(-1).sum(), lambda x: np.array(x.sum()), [(2, 3), (4, 5)]),
    (lambda x: mx.take(x, mx.array([5, 0])), lambda x: x.reshape(-1)[[5, 0]],
     [(2, 5), (3, 7)]),
    (lambda x: x.reshape(x.shape[0], -1) * 2, lambda x: x.reshape(x.shape[0], -1) * 2,
     [(2, 3, 4), (3, 3, 4), (2, 5, 6)]),
    (lambda x: x.reshape(6, 4) + 1, lambda x: x.reshape(6, 4) + 1, [(2, 3, 4), (3, 2, 4)]),
])
def test_flattening_reshapes_of_changed_dims(fun, numpy_fun, shapes):
    run_shapeless(fun, shapes, numpy_fun)


def test_reshape_with_a_traced_constant_keeps_it():
    # reshape(6, -1): the 6 is fixed at trace time (MLX's result too).
    run_shapeless(lambda x: x.reshape(x.shape[0] * x.shape[1], -1),
                  [(2, 3, 4), (3, 5, 6)], lambda x: x.reshape(6, -1))


@pytest.mark.parametrize("fun, first, second, written", [
    (lambda x: x.reshape(x.shape[0] * x.shape[1], x.shape[2]), (2, 3, 4), (3, 5, 4),
     r"size 60 into shape \(6,4\)"),
    (lambda x: x.reshape(x.shape[0], 2, -1), (2, 4), (3, 6), r"size 18 into shape \(2,2,-1\)"),
    (lambda x: x.reshape(-1, 4), (2, 2, 4), (3, 3, 3), r"size 27 into shape \(-1,4\)"),
])
def test_reshape_that_cannot_fit_is_mlx_value_error(fun, first, second, written):
    compiled = mx.compile(fun, shapeless=True)
    compiled(mx.zeros(first))
    with pytest.raises(ValueError, match=r"\[reshape\] Cannot reshape array of " + written):
        compiled(mx.zeros(second))
    # The compiled function still serves the traced shape.
    np.testing.assert_array_equal(np.array(compiled(mx.array(ramp(first)))),
                                  np.array(fun(mx.array(ramp(first)))))


def test_grad_through_shapeless_flatten_and_gather():
    def loss(x):
        y = x[:, mx.array([0, 1])].reshape(-1)
        return (y * y).sum()

    g = mx.compile(mx.grad(loss), shapeless=True)
    for shape in [(2, 3), (4, 5)]:
        x = ramp(shape)
        expected = np.zeros_like(x)
        expected[:, :2] = 2 * x[:, :2]
        np.testing.assert_array_equal(np.array(g(mx.array(x))), expected)


def test_exported_shapeless_reshape_infers_minus_one_and_flatten(tmp_path):
    def f(x):
        return x.reshape(-1) * 2, mx.flatten(x, 0, 1) + 1

    path = str(tmp_path / "reshape.mxfn")
    mx.export_function(path, f, mx.ones((2, 3, 4)), shapeless=True)
    g = mx.import_function(path)
    x = np.arange(5 * 7 * 4, dtype=np.float32).reshape(5, 7, 4)
    flat, merged = g(mx.array(x))
    np.testing.assert_array_equal(np.array(flat), x.reshape(-1) * 2)
    np.testing.assert_array_equal(np.array(merged), x.reshape(35, 4) + 1)


@pytest.mark.parametrize("axis", [0, 1, -1])
def test_shapeless_take_along_axis_follows_new_shapes(axis):
    rng = np.random.default_rng(3)
    f = mx.compile(lambda x, i: mx.take_along_axis(x, i, axis=axis), shapeless=True)
    for shape, picks in [((3, 4, 5), 2), ((6, 2, 7), 3), ((2, 3, 1), 5)]:
        x = rng.standard_normal(shape).astype(np.float32)
        ishape = list(shape)
        ishape[axis] = picks
        idx = rng.integers(0, shape[axis], ishape)
        got = f(mx.array(x), mx.array(idx))
        np.testing.assert_array_equal(np.array(got), np.take_along_axis(x, idx, axis))


def test_shapeless_cross_entropy_pick_follows_batch_and_classes():
    rng = np.random.default_rng(4)
    loss = mx.compile(lambda lg, t: mx.mean(-mx.take_along_axis(
        lg - mx.logsumexp(lg, axis=-1, keepdims=True), t[:, None], axis=-1)), shapeless=True)
    for n, c in [(4, 10), (7, 3), (1, 5)]:
        lg = rng.standard_normal((n, c)).astype(np.float32)
        t = rng.integers(0, c, n)
        logp = lg - np.log(np.exp(lg).sum(-1, keepdims=True))
        np.testing.assert_allclose(float(loss(mx.array(lg), mx.array(t))),
                                   -logp[np.arange(n), t].mean(), rtol=1e-5, atol=1e-6)


def test_shapeless_scatter_and_gather_that_cannot_follow_raise_not_corrupt():
    # Graphs whose index/update shapes were fixed at trace time raise a clear
    # error on new shapes instead of reading or writing past their buffers.
    # A scalar update broadcast over whole rows: its window is fixed too.
    add = mx.compile(lambda x, i: x.at[i].add(9.0), shapeless=True)
    x = np.zeros((3, 4), np.float32)
    np.testing.assert_array_equal(np.array(add(mx.array(x), mx.array([2, 0]))),
                                  np.array([[9] * 4, [0] * 4, [9] * 4], np.float32))
    with pytest.raises(ValueError, match="Updates of shape|updated whole at trace time"):
        mx.eval(add(mx.zeros((5, 6)), mx.array([1, 0, 3])))
    take = mx.compile(lambda x, i: mx.take_along_axis(x, i, axis=0), shapeless=True)
    mx.eval(take(mx.zeros((3, 4, 5)), mx.zeros((2, 4, 5), dtype=mx.int32)))
    # An index dim that was 4 at trace time and is 1 now broadcasts against
    # the source's other dims, as eagerly (and in MLX).
    src = np.arange(6 * 2 * 7, dtype=np.float32).reshape(6, 2, 7)
    idx = np.random.default_rng(0).integers(0, 6, (3, 1, 7)).astype(np.int32)
    np.testing.assert_array_equal(
        np.array(take(mx.array(src), mx.array(idx))),
        np.take_along_axis(src, np.broadcast_to(idx, (3, 2, 7)), 0))
    # The library is still usable.
    np.testing.assert_array_equal(np.array(mx.take_along_axis(mx.array([[1, 2], [3, 4]]),
                                                               mx.array([[1], [0]]), 1)),
                                  [[2], [3]])


def test_exported_shapeless_take_along_axis_follows_new_shapes(tmp_path):
    path = str(tmp_path / "take.mxfn")
    mx.export_function(path, lambda x, i: mx.take_along_axis(x, i, axis=1),
                       mx.zeros((2, 3)), mx.zeros((2, 1), dtype=mx.int32), shapeless=True)
    g = mx.import_function(path)
    x = np.arange(20, dtype=np.float32).reshape(4, 5)
    idx = np.array([[0], [2], [4], [1]], dtype=np.int32)
    np.testing.assert_array_equal(np.array(g(mx.array(x), mx.array(idx))[0]),
                                  np.take_along_axis(x, idx, 1))
