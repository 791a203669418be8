"""mx.compile's cache key compares the non-array arguments (tree structure,
dict keys, constants) by equality of value and type, never by hash alone:
arguments whose hashes collide get their own traces."""

import enum
import math

import numpy as np

import mxcore as mx


def compiled_with_trace_log(fun):
    """mx.compile(fun) and the list of traces it ran (one entry each)."""
    traces = []

    def traced(*args, **kwargs):
        traces.append(1)
        return fun(*args, **kwargs)

    return mx.compile(traced), traces


def value(a):
    return np.array(a).tolist()


def only_key(d):
    return next(iter(d))


X = mx.array([1.0, 2.0])


def test_int_dict_keys_with_equal_hashes():
    assert hash(-1) == hash(-2)
    f, traces = compiled_with_trace_log(lambda d: d[only_key(d)] * float(only_key(d)))
    assert value(f({-1: X})) == [-1.0, -2.0]
    assert value(f({-2: X})) == [-2.0, -4.0]
    assert value(f({-1: X})) == [-1.0, -2.0]
    assert len(traces) == 2


def test_float_dict_keys_with_equal_hashes():
    assert hash(-1.0) == hash(-2.0)
    f, traces = compiled_with_trace_log(lambda d: d[only_key(d)] * only_key(d))
    assert value(f({-1.0: X})) == [-1.0, -2.0]
    assert value(f({-2.0: X})) == [-2.0, -4.0]
    assert len(traces) == 2


def test_signed_zero_dict_keys_and_constants_differ():
    # 0.0 == -0.0 in Python, but a function can tell them apart.
    assert hash(0.0) == hash(-0.0) and 0.0 == -0.0
    f, traces = compiled_with_trace_log(
        lambda d: d[only_key(d)] * math.copysign(1.0, only_key(d)))
    assert value(f({0.0: X})) == [1.0, 2.0]
    assert value(f({-0.0: X})) == [-1.0, -2.0]
    assert len(traces) == 2
    g, g_traces = compiled_with_trace_log(lambda x, z: x * math.copysign(3.0, z))
    assert value(g(X, 0.0)) == [3.0, 6.0]
    assert value(g(X, -0.0)) == [-3.0, -6.0]
    assert value(g(X, 0.0)) == [3.0, 6.0]
    assert len(g_traces) == 2


def test_nan_constant_reuses_its_trace():
    # nan != nan, yet a NaN argument must not retrace on every call.
    nan = float("nan")
    f, traces = compiled_with_trace_log(lambda x, c: x + (0.0 if math.isnan(c) else c))
    assert value(f(X, nan)) == [1.0, 2.0]
    assert value(f(X, float("nan"))) == [1.0, 2.0]
    assert len(traces) == 1
    assert value(f(X, 1.0)) == [2.0, 3.0]
    assert len(traces) == 2
    g, g_traces = compiled_with_trace_log(lambda d: d[only_key(d)] + 1.0)
    g({nan: X})
    g({nan: X})
    assert len(g_traces) == 1


class CollidingStr(str):
    """A string whose hash collides with every other CollidingStr."""

    def __hash__(self):
        return 7

    __eq__ = str.__eq__


def test_strings_with_equal_hashes_as_keys_and_constants():
    a, b = CollidingStr("double"), CollidingStr("triple")
    assert hash(a) == hash(b) and a != b
    factor = {"double": 2.0, "triple": 3.0}
    f, traces = compiled_with_trace_log(lambda x, mode: x * factor[str(mode)])
    assert value(f(X, a)) == [2.0, 4.0]
    assert value(f(X, b)) == [3.0, 6.0]
    assert value(f(X, a)) == [2.0, 4.0]
    assert len(traces) == 2
    g, g_traces = compiled_with_trace_log(lambda d: d[only_key(d)] * factor[str(only_key(d))])
    assert value(g({a: X})) == [2.0, 4.0]
    assert value(g({b: X})) == [3.0, 6.0]
    assert len(g_traces) == 2
    # Plain strings: equal strings share a trace, others do not.
    h, h_traces = compiled_with_trace_log(lambda x, mode: x * factor[str(mode)])
    h(X, "double")
    h(X, "".join(["dou", "ble"]))  # equal, another object
    assert len(h_traces) == 1
    assert value(h(X, "triple")) == [3.0, 6.0]
    assert len(h_traces) == 2


def test_tuple_dict_keys_and_tuple_constants_with_equal_hashes():
    assert hash((1, -1)) == hash((1, -2))
    f, traces = compiled_with_trace_log(lambda d: d[only_key(d)] * float(only_key(d)[1]))
    assert value(f({(1, -1): X})) == [-1.0, -2.0]
    assert value(f({(1, -2): X})) == [-2.0, -4.0]
    assert len(traces) == 2
    g, g_traces = compiled_with_trace_log(lambda x, t: x * float(t[1]))
    assert value(g(X, (1, -1))) == [-1.0, -2.0]
    assert value(g(X, (1, -2))) == [-2.0, -4.0]
    assert len(g_traces) == 2


def test_int_constants_with_equal_hashes_and_big_ints():
    f, traces = compiled_with_trace_log(lambda x, n: x * float(n % 7))
    assert value(f(X, -1)) == [6.0, 12.0]
    assert value(f(X, -2)) == [5.0, 10.0]
    big = 2**70
    assert value(f(X, big)) == [float(big % 7), 2.0 * (big % 7)]
    assert value(f(X, big + 1)) == [float((big + 1) % 7), 2.0 * ((big + 1) % 7)]
    f(X, 2**70)
    assert len(traces) == 4


def test_bool_int_and_float_constants_are_distinct():
    def kind_factor(c):
        return {bool: 2.0, int: 3.0, float: 5.0}[type(c)]

    f, traces = compiled_with_trace_log(lambda x, c: x * kind_factor(c))
    assert value(f(X, True)) == [2.0, 4.0]
    assert value(f(X, 1)) == [3.0, 6.0]
    assert value(f(X, 1.0)) == [5.0, 10.0]
    assert len(traces) == 3
    # The same holds for dict keys (True == 1 == 1.0 is one Python dict key).
    g, g_traces = compiled_with_trace_log(lambda d: d[only_key(d)] * kind_factor(only_key(d)))
    assert value(g({True: X})) == [2.0, 4.0]
    assert value(g({1: X})) == [3.0, 6.0]
    assert value(g({1.0: X})) == [5.0, 10.0]
    assert len(g_traces) == 3


class Color(enum.IntEnum):
    RED = 1
    GREEN = 2


def test_enum_members_differ_from_their_values():
    f, traces = compiled_with_trace_log(lambda x, c: x * (10.0 if c is Color.RED else 1.0))
    assert value(f(X, Color.RED)) == [10.0, 20.0]
    assert value(f(X, 1)) == [1.0, 2.0]
    assert value(f(X, Color.RED)) == [10.0, 20.0]
    assert len(traces) == 2


class Key:
    """A hashable dict key compared by value, all hashes colliding."""

    def __init__(self, n):
        self.n = n

    def __hash__(self):
        return 0

    def __eq__(self, other):
        return isinstance(other, Key) and other.n == self.n


def test_arbitrary_hashable_dict_keys_compare_by_equality():
    f, traces = compiled_with_trace_log(lambda d: d[only_key(d)] * float(only_key(d).n))
    assert value(f({Key(2): X})) == [2.0, 4.0]
    assert value(f({Key(2): X})) == [2.0, 4.0]  # equal key, new object
    assert len(traces) == 1
    assert value(f({Key(3): X})) == [3.0, 6.0]
    assert len(traces) == 2


def test_nested_dict_keys_and_structure():
    f, traces = compiled_with_trace_log(
        lambda d: sum(v * float(k) for inner in d.values() for k, v in inner.items()))
    assert value(f({"a": {-1: X}})) == [-1.0, -2.0]
    assert value(f({"a": {-2: X}})) == [-2.0, -4.0]
    # Same leaves, other structure: a list of one array versus a tuple.
    g, g_traces = compiled_with_trace_log(lambda t: t[0] * (2.0 if isinstance(t, list) else 3.0))
    assert value(g([X])) == [2.0, 4.0]
    assert value(g((X,))) == [3.0, 6.0]
    assert len(traces) == 2 and len(g_traces) == 2


def test_keyword_argument_names_and_order_are_part_of_the_key():
    f, traces = compiled_with_trace_log(lambda x, **kw: x * float(len(kw)) + kw.get("b", 0.0))
    assert value(f(X, a=1.0)) == [1.0, 2.0]
    assert value(f(X, b=1.0)) == [2.0, 3.0]
    assert value(f(X, a=1.0, b=1.0)) == [3.0, 5.0]
    assert value(f(X, b=1.0, a=1.0)) == [3.0, 5.0]
    assert len(traces) == 4
