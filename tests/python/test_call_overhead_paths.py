"""The fast call path of compiled functions: the replayed tape, the direct
wrapping of single-array and flat-tuple results, and the cache decisions
(changing shapes, dtypes, constants, kwargs and trees retrace or reuse as
they should; errors still raise)."""
import numpy as np
import pytest

import mxcore as mx


def traces():
    return mx._core._compile_trace_count()


def test_single_array_result_is_a_fresh_array_each_call():
    f = mx.compile(lambda x: mx.sin(x) * 2 + 1)
    x = mx.array(np.linspace(-1, 1, 16, dtype=np.float32))
    a, b = f(x), f(x)
    assert isinstance(a, mx.array) and a is not b
    expected = np.sin(np.array(x)) * 2 + 1
    np.testing.assert_allclose(np.array(a), expected, rtol=1e-6)
    np.testing.assert_allclose(np.array(b), expected, rtol=1e-6)


def test_flat_tuple_and_tree_results_keep_their_structure():
    x = mx.array(np.arange(6, dtype=np.float32))
    pair = mx.compile(lambda x: (x + 1, x * 2))(x)
    assert isinstance(pair, tuple) and len(pair) == 2
    np.testing.assert_array_equal(np.array(pair[0]), np.arange(6) + 1)
    np.testing.assert_array_equal(np.array(pair[1]), np.arange(6) * 2)

    # A tuple holding a constant or a container is not flat: the general path.
    mixed = mx.compile(lambda x: (x - 1, 3, [x * x]))(x)
    assert isinstance(mixed, tuple) and mixed[1] == 3 and isinstance(mixed[2], list)
    np.testing.assert_array_equal(np.array(mixed[0]), np.arange(6) - 1)
    np.testing.assert_array_equal(np.array(mixed[2][0]), np.arange(6) ** 2)

    d = mx.compile(lambda x: {"a": x, "b": (x + 2,)})(x)
    assert set(d) == {"a", "b"} and isinstance(d["b"], tuple)
    np.testing.assert_array_equal(np.array(d["b"][0]), np.arange(6) + 2)

    # A one-element tuple stays a tuple; None and a bare constant come back as is.
    one = mx.compile(lambda x: (x,))(x)
    assert isinstance(one, tuple) and len(one) == 1
    assert mx.compile(lambda x: None)(x) is None
    assert mx.compile(lambda x: 7)(x) == 7


def test_results_that_are_inputs_constants_or_repeated():
    x = mx.array(np.arange(4, dtype=np.float32))
    same = mx.compile(lambda x: x)(x)
    np.testing.assert_array_equal(np.array(same), np.array(x))
    twice = mx.compile(lambda x: (x + 1, x + 1, x))(x)
    for got, want in zip(twice, [np.arange(4) + 1, np.arange(4) + 1, np.arange(4)]):
        np.testing.assert_array_equal(np.array(got), want)
    const = mx.compile(lambda x: (mx.array(5.0), x * 0))(x)
    assert const[0].item() == 5.0


def test_multi_output_primitive_in_the_replayed_tape():
    def f(x):
        values, indices = mx.topk(x, 2), mx.argsort(x)
        q, r = mx.divmod(x, 3)
        return values + 0, indices, q, r

    x = mx.array(np.array([5, 1, 9, 7, 3], dtype=np.float32))
    compiled = mx.compile(f)
    for _ in range(2):  # the second call replays
        got = compiled(x)
        want = f(x)
        for g, w in zip(got, want):
            np.testing.assert_array_equal(np.array(g), np.array(w))


def test_shapes_dtypes_and_scalars_retrace_or_reuse():
    f = mx.compile(lambda x, s: x * s + 1)
    x = mx.array(np.arange(5, dtype=np.float32))
    f(x, 2.0)
    n = traces()
    np.testing.assert_array_equal(np.array(f(x + 1, 2.0)), (np.arange(5) + 1) * 2 + 1)
    assert traces() == n  # same signature: replayed
    np.testing.assert_array_equal(np.array(f(x, 3.0)), np.arange(5) * 3 + 1)
    assert traces() == n + 1  # a Python float is a constant of the key
    y = mx.array(np.arange(7, dtype=np.float32))
    np.testing.assert_array_equal(np.array(f(y, 3.0)), np.arange(7) * 3 + 1)
    assert traces() == n + 2  # a new shape
    xi = mx.array(np.arange(5, dtype=np.int32))
    out = f(xi, 3)
    assert out.dtype == mx.int32
    np.testing.assert_array_equal(np.array(out), np.arange(5) * 3 + 1)
    assert traces() == n + 3
    # Back to the first signature: reused, not retraced.
    np.testing.assert_array_equal(np.array(f(x, 2.0)), np.arange(5) * 2 + 1)
    assert traces() == n + 3


def test_array_scalars_are_inputs_not_constants():
    f = mx.compile(lambda x, s: x * s)
    x = mx.array(np.arange(3, dtype=np.float32))
    f(x, mx.array(2.0))
    n = traces()
    np.testing.assert_array_equal(np.array(f(x, mx.array(5.0))), np.arange(3) * 5)
    assert traces() == n


def test_kwargs_and_pytrees():
    def f(tree, *, scale, shift=None):
        a, (b, c) = tree["pair"], tree["rest"]
        out = (a + b) * scale - c
        return out if shift is None else out + shift

    g = mx.compile(f)
    a, b, c = (mx.array(np.full(3, v, np.float32)) for v in (1, 2, 3))
    tree = {"pair": a, "rest": (b, c)}
    np.testing.assert_array_equal(np.array(g(tree, scale=2.0)), np.full(3, 3.0))
    np.testing.assert_array_equal(np.array(g(tree, scale=2.0, shift=mx.array(1.0))),
                                  np.full(3, 4.0))
    n = traces()
    np.testing.assert_array_equal(np.array(g(tree, scale=2.0, shift=mx.array(10.0))),
                                  np.full(3, 13.0))
    assert traces() == n
    # Another tree structure retraces and gives its own answer.
    tree2 = {"pair": a, "rest": [b, c]}
    np.testing.assert_array_equal(np.array(g(tree2, scale=1.0)), np.full(3, 0.0))
    assert traces() == n + 1


def test_errors_still_raise_on_the_fast_path():
    f = mx.compile(lambda x, y: x + y)
    x = mx.array(np.ones(3, np.float32))
    f(x, x)
    with pytest.raises(ValueError):
        f(x, mx.array(np.ones(4, np.float32)))  # shapes that do not broadcast
    with pytest.raises(ValueError):
        f(x, object())  # not an array or a constant
    with pytest.raises(TypeError):
        f(x)  # missing argument
    np.testing.assert_array_equal(np.array(f(x, x)), np.full(3, 2.0))


def test_inputs_kept_alive_by_the_result_only():
    # The replayed graph holds its inputs until eval; dropping the caller's
    # handle must not free them early.
    f = mx.compile(lambda x: mx.exp(x) - 1)
    x = mx.array(np.linspace(0, 1, 1000, dtype=np.float32))
    want = np.expm1(np.array(x))
    y = f(x)
    del x
    np.testing.assert_allclose(np.array(y), want, rtol=1e-5, atol=1e-6)


def test_recent_layouts_follow_each_calls_strides():
    # One program, inputs of one shape in turn row-major, transposed, sliced
    # and broadcast: each call plans (or reuses) the layout of its own inputs.
    f = mx.compile(lambda x, y: x * 2 + y)
    a = np.arange(12, dtype=np.float32).reshape(3, 4)
    big = np.arange(48, dtype=np.float32).reshape(6, 8)
    xs = [
        (mx.array(a), a),
        (mx.array(np.ascontiguousarray(a.T)).T, a),
        (mx.array(big)[::2, 1:5], big[::2, 1:5]),
        (mx.broadcast_to(mx.array(a[:1]), (3, 4)), np.broadcast_to(a[:1], (3, 4))),
    ]
    y_row = mx.array(np.linspace(0, 1, 4, dtype=np.float32))
    y_full = mx.array(np.ones((3, 4), np.float32))
    for _ in range(3):
        for x, x_np in xs:
            for y in (y_row, y_full):
                np.testing.assert_array_equal(np.array(f(x, y)), x_np * 2 + np.array(y))
