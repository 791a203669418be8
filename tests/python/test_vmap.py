"""vmap against a Python loop over the mapped axis (NumPy slices the inputs
and stacks the results), over several in/out axes, None axes, pytrees,
nesting and composition with grad."""
import math

import numpy as np
import pytest

import mxcore as mx

RNG = np.random.default_rng(1)


def to_np(a):
    return np.asarray(a)


def loop_reference(fn, xs, in_axes, out_axis):
    """Apply fn to each slice along the in_axes (None: whole input), stack along out_axis."""
    size = next(x.shape[a] for x, a in zip(xs, in_axes) if a is not None)
    results = []
    for i in range(size):
        args = [mx.array(x if a is None else np.take(x, i, axis=a)) for x, a in zip(xs, in_axes)]
        results.append(to_np(fn(*args)))
    return np.stack(results, axis=out_axis)


# (name, function, input shapes without the batch axis)
FUNCTIONS = [
    ("exp(x)*x", lambda x: mx.exp(x) * x, [(3,)]),
    ("x*y+y", lambda x, y: x * y + y, [(2, 3), (2, 3)]),
    ("transpose(x)*y", lambda x, y: mx.transpose(x) * y, [(2, 3), (3, 2)]),
    ("-x*exp(y)", lambda x, y: -x * mx.exp(y), [(4,), (4,)]),
    ("broadcast", lambda x, y: mx.broadcast_to(x, (2, 3)) * y, [(3,), (2, 3)]),
    ("astype", lambda x: x.astype(mx.float64) * 2.0, [(2, 2)]),
]

BATCH = 4


def batched_input(shape, axis):
    if axis is None:
        return RNG.uniform(-1, 1, size=shape).astype(np.float32)
    full = list(shape)
    full.insert(axis, BATCH)
    return RNG.uniform(-1, 1, size=full).astype(np.float32)


def axis_choices(shapes):
    """A few in_axes combinations: all 0, all last, mixed with None."""
    n = len(shapes)
    combos = [[0] * n, [len(s) for s in shapes]]
    if n > 1:
        combos.append([None] + [0] * (n - 1))
        combos.append([len(shapes[0])] + [None] * (n - 1))
    return combos


@pytest.mark.parametrize("name,fn,shapes", FUNCTIONS, ids=[f[0] for f in FUNCTIONS])
def test_vmap_matches_loop(name, fn, shapes):
    for in_axes in axis_choices(shapes):
        xs = [batched_input(s, a) for s, a in zip(shapes, in_axes)]
        out_ndim = to_np(fn(*[mx.array(np.zeros(s, np.float32)) for s in shapes])).ndim
        for out_axis in sorted({0, out_ndim, -1}):
            ax = tuple(in_axes) if len(in_axes) > 1 else in_axes[0]
            got = mx.vmap(fn, in_axes=ax, out_axes=out_axis)(*[mx.array(x) for x in xs])
            want = loop_reference(fn, xs, in_axes, out_axis)
            assert got.shape == want.shape, (in_axes, out_axis)
            np.testing.assert_allclose(to_np(got), want, rtol=1e-6, atol=1e-7)


def test_negative_in_axis():
    x = RNG.uniform(-1, 1, size=(2, 5)).astype(np.float32)
    got = mx.vmap(lambda v: v * 3.0, in_axes=-1)(mx.array(x))
    np.testing.assert_allclose(to_np(got), (x * 3.0).T, rtol=1e-6)


def test_pytree_inputs_and_outputs():
    def fn(tree):
        a, (b, c) = tree["a"], tree["bc"]
        return {"sum": a * b + c, "pair": [mx.exp(a), c * c]}

    a = RNG.uniform(-1, 1, size=(3, 2)).astype(np.float32)
    b = RNG.uniform(-1, 1, size=(2,)).astype(np.float32)
    c = RNG.uniform(-1, 1, size=(2, 3)).astype(np.float32)
    tree = {"a": mx.array(a), "bc": (mx.array(b), mx.array(c))}
    in_axes = {"a": 0, "bc": (None, 1)}  # one argument: its own prefix tree
    out = mx.vmap(fn, in_axes=in_axes, out_axes={"sum": 1, "pair": [0, 1]})(tree)
    assert isinstance(out, dict) and isinstance(out["pair"], list)
    want_sum = np.stack([a[i] * b + c[:, i] for i in range(3)], axis=1)
    np.testing.assert_allclose(to_np(out["sum"]), want_sum, rtol=1e-6)
    np.testing.assert_allclose(to_np(out["pair"][0]), np.exp(a), rtol=1e-6)
    np.testing.assert_allclose(to_np(out["pair"][1]), c * c, rtol=1e-6)
    # an output whose out axis is None must not depend on the batch
    with pytest.raises(ValueError):
        mx.vmap(fn, in_axes=in_axes, out_axes={"sum": 1, "pair": [0, None]})(tree)


def test_unbatched_outputs():
    x = mx.array(np.arange(3, dtype=np.float32))
    const = mx.array([5.0, 6.0])
    # an output that ignores the batch is repeated along out_axes ...
    out = mx.vmap(lambda v, c: c * 2.0, in_axes=(0, None), out_axes=1)(x, const)
    np.testing.assert_array_equal(to_np(out), np.array([[10.0] * 3, [12.0] * 3], np.float32))
    # ... and left alone with out_axes=None
    out = mx.vmap(lambda v, c: (v * c, c * 2.0), in_axes=(0, None), out_axes=(0, None))(x, const)
    np.testing.assert_array_equal(to_np(out[1]), np.array([10.0, 12.0], np.float32))
    np.testing.assert_array_equal(to_np(out[0]), np.outer(np.arange(3), [5.0, 6.0]).astype(np.float32))


def test_nested_vmap():
    x = RNG.uniform(-1, 1, size=(3, 4, 2)).astype(np.float32)
    y = RNG.uniform(-1, 1, size=(2, 4)).astype(np.float32)

    def inner(a, b):  # a: (2,), b: ()
        return mx.exp(a) * b

    # inner vmap over x axis 0 (after outer removes its axis) and y axis 1
    nested = mx.vmap(mx.vmap(inner, in_axes=(0, 1)), in_axes=(0, None))
    got = nested(mx.array(x), mx.array(y))
    want = np.stack([np.stack([np.exp(x[i, j]) * y[:, j] for j in range(4)]) for i in range(3)])
    assert got.shape == (3, 4, 2)
    np.testing.assert_allclose(to_np(got), want, rtol=1e-6)


def test_vmap_of_grad_and_grad_of_vmap():
    xs = np.array([-1.0, 0.0, 0.5, 2.0], np.float32)
    f = lambda x: x * x * mx.exp(-x)
    got = mx.vmap(mx.grad(f))(mx.array(xs))
    want = (2 * xs - xs * xs) * np.exp(-xs)
    np.testing.assert_allclose(to_np(got), want, rtol=1e-5)
    # vjp through a vmapped function
    _, (g,) = mx.vjp(mx.vmap(f), [mx.array(xs)], [mx.ones((4,))])
    np.testing.assert_allclose(to_np(g), want, rtol=1e-5)
    # jvp through vmap
    _, (t,) = mx.jvp(mx.vmap(f), [mx.array(xs)], [mx.ones((4,))])
    np.testing.assert_allclose(to_np(t), want, rtol=1e-5)


def test_vmap_errors():
    x = mx.array(np.zeros((2, 3), np.float32))
    y = mx.array(np.zeros((3, 3), np.float32))
    with pytest.raises(ValueError):
        mx.vmap(lambda a, b: a + b)(x, y)  # mismatched batch sizes
    with pytest.raises(IndexError):
        mx.vmap(lambda a: a, in_axes=2)(x)
    with pytest.raises(IndexError):
        mx.vmap(lambda a: a, out_axes=3)(x)
    with pytest.raises(IndexError):
        mx.vmap(lambda a: a)(mx.array(1.0))  # zero-dimensional input
    with pytest.raises(ValueError):
        mx.vmap(lambda a: a, in_axes="x")(x)
    with pytest.raises(ValueError):
        mx.vmap(lambda a: a)([x, 1.0])  # non-array leaf
    with pytest.raises(ValueError):
        mx.vmap(lambda a, b: a + b, in_axes=[0, 0])(x, x)  # list is not a prefix of the args tuple
