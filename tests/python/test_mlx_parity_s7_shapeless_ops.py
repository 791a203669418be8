"""Ops under shapeless compile whose graphs used to pin trace-time shapes:
attention, None-indexing, squeeze/expand, norms, pad (a clear error, never a
write past the output), each checked against the same function run eagerly."""
import numpy as np
import pytest

import mxcore as mx

RNG = np.random.default_rng(11)


def rand(*shape):
    return mx.array(RNG.standard_normal(shape).astype(np.float32))


def check_against_eager(fn, shape_sets, rtol=1e-5, atol=1e-6):
    compiled = mx.compile(fn, shapeless=True)
    for shapes in shape_sets:
        args = [rand(*s) for s in shapes]
        got = compiled(*args)
        mx.eval(got)
        want = fn(*args)
        got, want = (got, want) if isinstance(got, (list, tuple)) else ([got], [want])
        for g, w in zip(got, want):
            assert g.shape == w.shape, (shapes, g.shape, w.shape)
            np.testing.assert_allclose(np.array(g), np.array(w), rtol=rtol, atol=atol)


@pytest.mark.parametrize("mask", [None, "causal"])
def test_attention_follows_batch_and_lengths(mask):
    def attend(q, k, v):
        return mx.fast.scaled_dot_product_attention(q, k, v, scale=0.5, mask=mask)

    sets = [[(1, 2, 3, 4)] * 3, [(2, 2, 5, 4)] * 3, [(3, 2, 1, 4)] * 3]
    if mask is None:
        sets.append([(2, 2, 5, 4), (2, 2, 7, 4), (2, 2, 7, 4)])
    check_against_eager(attend, sets, rtol=1e-4, atol=1e-5)


def test_causal_attention_with_fewer_queries_than_keys_follows_the_offset():
    # a decode step: the queries are the last lq positions of lk keys
    def attend(q, k, v):
        return mx.fast.scaled_dot_product_attention(q, k, v, scale=0.5, mask="causal")

    check_against_eager(attend, [[(1, 2, 2, 4), (1, 2, 5, 4), (1, 2, 5, 4)],
                                 [(1, 2, 1, 4), (1, 2, 7, 4), (1, 2, 7, 4)],
                                 [(2, 2, 3, 4), (2, 2, 3, 4), (2, 2, 3, 4)]],
                        rtol=1e-4, atol=1e-5)


def test_none_indexing_keeps_its_axes_where_a_unit_dim_grows():
    check_against_eager(lambda a, b: a[None, :] + b,
                        [[(1, 1), (2, 1, 1)], [(1, 4), (2, 1, 4)], [(3, 4), (2, 3, 4)]])
    check_against_eager(lambda a, b: a[:, None] * b[None],
                        [[(2, 3), (4, 3)], [(5, 3), (2, 3)], [(1, 3), (1, 3)]])
    check_against_eager(lambda a: a[None] * 2 + a[..., None, :],
                        [[(2, 3)], [(4, 3)], [(2, 1)]])


def test_squeeze_of_expand_and_norms_follow_new_shapes():
    # (MLX 0.32.4 corrupts memory on these three.)
    check_against_eager(lambda x: mx.squeeze(mx.expand_dims(x, 1), 1) + x[:, None].sum(1),
                        [[(2, 3)], [(5, 3)]])
    check_against_eager(lambda a: a / mx.linalg.norm(a, axis=-1, keepdims=True),
                        [[(2, 1)], [(2, 5)]])
    check_against_eager(lambda a, b: ((a - b) ** 2).sum(0),
                        [[(1, 3), (1, 3)], [(4, 3), (4, 3)], [(4, 3), (1, 3)]])


def test_shapeless_pad_raises_instead_of_writing_past_its_output():
    f = mx.compile(lambda x: mx.pad(x, [(0, 0), (1, 1)]) * 2, shapeless=True)
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    np.testing.assert_array_equal(np.array(f(mx.array(x))), np.pad(x, [(0, 0), (1, 1)]) * 2)
    for shape in [(4, 3), (4, 5), (2, 7)]:
        with pytest.raises(ValueError, match=r"\[slice_update\].*window fixed at trace time"):
            mx.eval(f(mx.zeros(shape)))
    np.testing.assert_array_equal(np.array(f(mx.array(x))), np.pad(x, [(0, 0), (1, 1)]) * 2)


def test_slice_update_at_a_dynamic_start_follows_new_shapes():
    f = mx.compile(lambda x, u: mx.slice_update(x, u, mx.array([1]), axes=(0,)), shapeless=True)
    mx.eval(f(mx.zeros((4, 3)), mx.ones((2, 3))))
    x = np.zeros((6, 3), np.float32)
    want = x.copy()
    want[1:4] = 1
    np.testing.assert_array_equal(np.array(f(mx.array(x), mx.ones((3, 3)))), want)


def test_repeat_follows_the_other_dims():
    check_against_eager(lambda x: mx.repeat(x, 2, axis=0) + 1, [[(2, 3)], [(4, 3)], [(4, 5)]])
    check_against_eager(lambda x: mx.repeat(x, 3, axis=1) * x.sum(), [[(2, 1)], [(5, 4)]])
    check_against_eager(lambda x: mx.repeat(x, 1, axis=-1) - 1, [[(2, 3)], [(3, 6)]])


def test_broadcast_arrays_follow_each_call():
    def f(a, b):
        x, y = mx.broadcast_arrays(a, b)
        return x.sum(0), y * 2, x + y

    check_against_eager(f, [[(2, 1), (1, 3)], [(4, 1), (1, 5)], [(3, 2), (1, 2)]])


def test_explicit_broadcast_to_keeps_its_shape_and_raises_when_it_no_longer_fits():
    f = mx.compile(lambda x: mx.broadcast_to(x, (2, 3)).sum(0), shapeless=True)
    np.testing.assert_array_equal(np.array(f(mx.ones((2, 1)))), [2.0, 2.0, 2.0])
    np.testing.assert_array_equal(np.array(f(mx.ones((1, 1)))), [2.0, 2.0, 2.0])
    with pytest.raises(ValueError, match=r"\[Broadcast\]"):
        mx.eval(f(mx.ones((4, 1))))


def test_full_axis_slice_update_raises_once_that_axis_changes():
    # x.at[:, 1:2] updates all of axis 0; its updates keep the traced extent,
    # so a grown axis 0 raises instead of updating only its first rows.
    f = mx.compile(lambda x: x.at[:, 1:2].multiply(3.0), shapeless=True)
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    want = x.copy()
    want[:, 1:2] *= 3
    np.testing.assert_array_equal(np.array(f(mx.array(x))), want)
    with pytest.raises(ValueError, match=r"Axis 0 was updated whole at trace time"):
        mx.eval(f(mx.zeros((4, 3))))
    # the gather's vjp scatters over a whole axis too, but its updates follow
    g = mx.compile(mx.grad(lambda x: (x[:, mx.array([0, 2])] ** 2).sum()), shapeless=True)
    for shape in [(2, 3), (5, 4)]:
        x = np.arange(np.prod(shape), dtype=np.float32).reshape(shape)
        want = np.zeros_like(x)
        want[:, [0, 2]] = 2 * x[:, [0, 2]]
        np.testing.assert_array_equal(np.array(g(mx.array(x))), want)


def test_full_axis_setitem_raises_once_that_axis_changes():
    def f(x):
        x[:, 1:2] = 7.0
        return x * 1

    c = mx.compile(f, shapeless=True)
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    want = x.copy()
    want[:, 1:2] = 7.0
    np.testing.assert_array_equal(np.array(c(mx.array(x))), want)
    # axis 1 changes, axis 0 (updated whole) keeps its size: column 1 as eagerly
    x = np.arange(10, dtype=np.float32).reshape(2, 5)
    want = x.copy()
    want[:, 1:2] = 7.0
    np.testing.assert_array_equal(np.array(c(mx.array(x))), want)
    with pytest.raises(ValueError, match=r"\[slice_update\] Axis 0 was updated whole"):
        mx.eval(c(mx.zeros((4, 3))))
