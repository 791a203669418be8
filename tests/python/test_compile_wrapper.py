"""The object mx.compile returns: a C++ callable that behaves like the
function it wraps (names, docs, methods, keyword arguments, pytrees of any
container type, captured state) and frees its cache entries when it dies."""

import collections
import gc
import inspect
import weakref
from functools import partial

import numpy as np
import pytest

import mxcore as mx


def value(a):
    return np.array(a).tolist()


X = mx.array([1.0, 2.0])


def test_wrapper_attributes_follow_the_function():
    def scaled(x, factor=2.0):
        """Scales x."""
        return x * factor

    scaled.custom = "kept"
    c = mx.compile(scaled)
    assert c.__name__ == "scaled" and c.__doc__ == "Scales x."
    assert c.__qualname__.endswith("scaled") and c.__module__ == __name__
    assert c.__wrapped__ is scaled and c.custom == "kept"
    assert list(inspect.signature(c).parameters) == ["x", "factor"]
    assert callable(c) and "scaled" in repr(c)
    assert weakref.ref(c)() is c
    with pytest.raises(TypeError):
        type(c)()


def test_decorator_forms_and_bad_targets():
    @mx.compile
    def plain(x):
        return x + 1.0

    @mx.compile(shapeless=True)
    def shapeless(x):
        return x * 3.0

    assert value(plain(X)) == [2.0, 3.0]
    assert value(shapeless(X)) == [3.0, 6.0]
    assert value(shapeless(mx.array([1.0, 2.0, 3.0]))) == [3.0, 6.0, 9.0]
    with pytest.raises(TypeError, match=r"\[compile\] Expected a callable, got NoneType"):
        mx.compile(None)
    with pytest.raises(TypeError, match="unexpected keyword argument 'shapless'"):
        mx.compile(plain, shapless=True)


def test_methods_and_bound_methods():
    class Model:
        def __init__(self, scale):
            self.scale = scale

        def forward(self, x):
            return x * self.scale

        @mx.compile
        def offset(self, x):
            return x + 1.0

    m = Model(3.0)
    bound = mx.compile(m.forward)
    assert value(bound(X)) == [3.0, 6.0]
    # A method compiled in the class body binds like a function; the
    # instance is an argument (here a tree of nothing it can flatten).
    assert Model.__dict__["offset"].__get__(None, Model) is Model.__dict__["offset"]
    with pytest.raises(ValueError, match="Function arguments must be trees"):
        m.offset(X)

    class Params(dict):
        @mx.compile
        def apply(self, x):
            return x * self["w"]

    p = Params(w=mx.array(2.0))
    assert value(p.apply(X)) == [2.0, 4.0]
    assert value(Params.apply(p, X)) == [2.0, 4.0]


def test_keyword_arguments_and_defaults():
    @mx.compile
    def f(x, y=None, *, scale=1.0, shift):
        out = x * scale + shift
        return out if y is None else out + y

    assert value(f(X, shift=1.0)) == [2.0, 3.0]
    assert value(f(X, X, scale=2.0, shift=0.0)) == [3.0, 6.0]
    assert value(f(x=X, y=mx.array(1.0), shift=mx.array(0.5))) == [2.5, 3.5]


Point = collections.namedtuple("Point", ["x", "y"])


def test_container_types_survive_the_call():
    class Box(dict):
        pass

    @mx.compile
    def f(p, box):
        return Point(p.x + p.y, p.y), Box(total=box["a"] + 1.0), [p.x, "tag", None]

    point, box, rest = f(Point(X, X), Box(a=X))
    assert isinstance(point, Point) and value(point.x) == [2.0, 4.0]
    assert type(box) is Box and value(box["total"]) == [2.0, 3.0]
    assert rest[1:] == ["tag", None] and value(rest[0]) == [1.0, 2.0]


def test_captured_state_in_nested_containers():
    state = {"count": [mx.array(0.0)], "pair": (mx.array(1.0), mx.array(2.0)), "name": "s"}

    @partial(mx.compile, inputs=state, outputs=state)
    def step(x):
        state["count"][0] = state["count"][0] + 1.0
        a, b = state["pair"]
        state["pair"] = (b, a)
        return x * a

    assert value(step(X)) == [1.0, 2.0]
    assert value(step(X)) == [2.0, 4.0]
    assert value(state["count"][0]) == 2.0
    assert [value(v) for v in state["pair"]] == [1.0, 2.0]
    assert state["name"] == "s"


def test_compile_inside_and_around_transforms():
    cf = mx.compile(lambda x: mx.sum(mx.sin(x) * x))
    g = mx.grad(cf)(X)
    expected = np.cos([1.0, 2.0]) * [1.0, 2.0] + np.sin([1.0, 2.0])
    np.testing.assert_allclose(value(g), expected, rtol=1e-6)
    compiled_grad = mx.compile(mx.grad(lambda x: mx.sum(mx.sin(x) * x)))
    np.testing.assert_allclose(value(compiled_grad(X)), expected, rtol=1e-6)
    vm = mx.vmap(mx.compile(lambda x: x * 2.0 + 1.0))(mx.array([[1.0], [2.0]]))
    assert value(vm) == [[3.0], [5.0]]

    @mx.compile
    def outer(x):
        return mx.compile(lambda y: y * y)(x) + 1.0

    assert value(outer(X)) == [2.0, 5.0]


def test_cache_entries_die_with_a_wrapper_in_a_reference_cycle():
    def make_cycle():
        big = mx.array(np.zeros((512, 1024), np.float32))  # 2 MiB the cached graph holds

        def fun(x):
            return x + mx.sum(big)

        wrapper = mx.compile(fun)
        fun.wrapper = wrapper  # wrapper -> fun -> wrapper: only the collector frees it
        assert value(wrapper(X)) == [1.0, 2.0]
        return weakref.ref(wrapper)

    gc.collect()
    before = mx.get_active_memory()
    probe = make_cycle()
    assert mx.get_active_memory() >= before + 2 * 1024 * 1024
    gc.collect()
    assert probe() is None
    # The cache entry (and the array its graph held) went with the wrapper.
    assert mx.get_active_memory() <= before + 4096


def test_wrappers_of_one_function_share_entries_until_the_last_dies():
    traces = []

    def fun(x):
        traces.append(1)
        return x + 1.0

    first, second = mx.compile(fun), mx.compile(fun)
    first(X)
    second(X)
    assert len(traces) == 1
    del first
    second(X)
    assert len(traces) == 1  # the entry lives while a wrapper does
    del second
    mx.compile(fun)(X)
    assert len(traces) == 2


def test_disabled_compile_calls_the_function():
    traces = []

    @mx.compile
    def f(x, n):
        traces.append(1)
        return x * float(n)

    mx.disable_compile()
    try:
        assert value(f(X, 2)) == [2.0, 4.0]
        assert value(f(X, 2)) == [2.0, 4.0]
        assert len(traces) == 2
    finally:
        mx.enable_compile()
    f(X, 2)
    f(X, 2)
    assert len(traces) == 3
