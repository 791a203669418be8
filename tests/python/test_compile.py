"""mx.compile: every behaviour of the compile guide (docs/src/usage/compile.rst),
the cache, fusion, simplification, pytrees, captured state and threads."""

import gc
import io
import math
import os
import subprocess
import sys
import threading
from functools import partial

import numpy as np
import pytest

import mxcore as mx


def npa(a):
    """An array's values as float64 NumPy (evaluates it)."""
    return np.array(a.astype(mx.float32) if a.dtype == mx.bfloat16 else a).astype(np.float64)


def dot_text(*arrays):
    buf = io.StringIO()
    mx.export_to_dot(buf, *arrays)
    return buf.getvalue()


def compiled_labels(*arrays):
    """The labels of the Compiled nodes of the graph of the arrays."""
    return [
        line[line.index("Compiled(") : line.index(")", line.index("Compiled(")) + 1]
        for line in dot_text(*arrays).splitlines()
        if "Compiled(" in line
    ]


# ---------------------------------------------------------------- the guide


def test_basics_compiled_equals_regular():
    def fun(x, y):
        return mx.exp(-x) + y

    x = mx.array(1.0)
    y = mx.array(2.0)
    compiled_fun = mx.compile(fun)
    want = math.exp(-1.0) + 2.0
    assert abs(npa(fun(x, y)) - want) < 1e-6
    assert abs(npa(compiled_fun(x, y)) - want) < 1e-6
    assert compiled_fun(x, y).dtype == mx.float32


def test_cached_not_compiled_again():
    traces = []

    def fun(x, y):
        traces.append(1)
        return mx.exp(-x) + y

    x = mx.array(1.0)
    y = mx.array(2.0)
    compiled_fun = mx.compile(fun)
    compiled_fun(x, y)
    assert len(traces) == 1
    compiled_fun(x, y)
    assert len(traces) == 1
    # Compiling the same function object again shares the cache.
    mx.compile(fun)(x, y)
    assert len(traces) == 1


def test_recompiled_on_shape_ndim_dtype_and_input_count():
    traces = []

    def fun(*args):
        traces.append(1)
        out = args[0]
        for a in args[1:]:
            out = out + a
        return mx.exp(out)

    cfun = mx.compile(fun)
    x = mx.array([1.0, 2.0])
    cfun(x, x)
    assert len(traces) == 1
    cfun(mx.array([3.0, 4.0]), x)  # same signature
    assert len(traces) == 1
    cfun(mx.array([1.0, 2.0, 3.0]), mx.array([1.0, 2.0, 3.0]))  # shape
    assert len(traces) == 2
    cfun(mx.array([[1.0, 2.0]]), x)  # ndim
    assert len(traces) == 3
    cfun(x.astype(mx.float16), x)  # dtype
    assert len(traces) == 4
    cfun(x, x, x)  # number of inputs
    assert len(traces) == 5
    cfun(x, x)
    assert len(traces) == 5


def test_anonymous_functions_in_a_loop():
    a = mx.array(1.0)
    traces = []
    for _ in range(5):
        out = mx.compile(lambda x: (traces.append(1), mx.exp(-x))[1])(a)
        assert abs(npa(out) - math.exp(-1.0)) < 1e-6
    assert len(traces) == 5


def test_cache_entry_dies_with_the_compiled_function():
    traces = []

    def fun(x):
        traces.append(1)
        return mx.exp(x)

    x = mx.array([1.0])
    first = mx.compile(fun)
    first(x)
    second = mx.compile(fun)
    second(x)
    assert len(traces) == 1  # shared entry
    del first, second
    gc.collect()
    mx.compile(fun)(x)  # the entry was erased with the compiled functions
    assert len(traces) == 2


def test_printing_inside_compile_raises():
    @mx.compile
    def fun(x):
        z = -x
        print(z)
        return mx.exp(z)

    with pytest.raises(ValueError):
        fun(mx.array(5.0))


def test_disable_compile_allows_printing(capsys):
    @mx.compile
    def fun(x):
        z = -x
        print(z)
        return mx.exp(z)

    mx.disable_compile()
    try:
        out = fun(mx.array(5.0))
        assert abs(npa(out) - math.exp(-5.0)) < 1e-9
        assert "-5" in capsys.readouterr().out
        assert "Compiled" not in dot_text(fun(mx.array(5.0)))
    finally:
        mx.enable_compile()
    assert "Compiled" in dot_text(mx.compile(lambda x: mx.exp(-x))(mx.array(5.0)))


@pytest.mark.parametrize("var", ["MLX_DISABLE_COMPILE", "MXCORE_DISABLE_COMPILE"])
def test_disable_compile_environment_variable(var):
    code = (
        "import mxcore as mx\n"
        "@mx.compile\n"
        "def fun(x):\n"
        "    z = -x\n"
        "    print(z)\n"
        "    return mx.exp(z)\n"
        "print(float(fun(mx.array(5.0))))\n"
    )
    env = dict(os.environ)
    env[var] = "1"
    res = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    assert abs(float(res.stdout.split()[-1]) - math.exp(-5.0)) < 1e-6


def test_pure_functions_leaked_state_is_a_placeholder():
    state = []

    @mx.compile
    def fun(x, y):
        z = x + y
        state.append(z)
        return mx.exp(z)

    fun(mx.array(1.0), mx.array(2.0))
    with pytest.raises(RuntimeError):  # as MLX
        print(state[0])


def test_pure_functions_return_state():
    state = []

    @mx.compile
    def fun(x, y):
        z = x + y
        state.append(z)
        return mx.exp(z), state

    _, state = fun(mx.array(1.0), mx.array(2.0))
    assert npa(state[0]) == 3.0


def test_implicit_outputs():
    state = []

    @partial(mx.compile, outputs=state)
    def fun(x, y):
        z = x + y
        state.append(z)
        return mx.exp(z), state

    fun(mx.array(1.0), mx.array(2.0))
    assert len(state) == 1
    assert npa(state[0]) == 3.0
    assert "array(3" in repr(state[0])


def test_closure_arrays_are_constants():
    state = [mx.array(1.0)]

    @mx.compile
    def fun(x):
        return x + state[0]

    assert npa(fun(mx.array(1.0))) == 2.0
    state[0] = mx.array(5.0)
    assert npa(fun(mx.array(1.0))) == 2.0


def test_implicit_inputs():
    state = [mx.array(1.0)]

    @partial(mx.compile, inputs=state)
    def fun(x):
        return x + state[0]

    assert npa(fun(mx.array(1.0))) == 2.0
    state[0] = mx.array(5.0)
    assert npa(fun(mx.array(1.0))) == 6.0
    # The captured state holds real arrays again after the call.
    assert npa(state[0]) == 5.0


def test_training_graph_with_captured_state():
    # A linear model and SGD with momentum, as dicts (like Module.state).
    rng = np.random.default_rng(0)
    x_np = rng.uniform(size=(4, 3)).astype(np.float32)
    model = {"w": mx.array(np.full((3,), 0.5, np.float32)), "b": mx.array(0.0)}
    optimizer = {"v": {"w": mx.zeros((3,)), "b": mx.array(0.0)}, "step": [mx.array(0)]}
    state = [model, optimizer]
    x = mx.array(x_np)

    def step_eager(model, optimizer, x):
        # A fixed "gradient" keeps the test about state capture, not grad.
        g = {"w": mx.ones((3,)) * 0.25, "b": mx.array(1.0)}
        for k in ("w", "b"):
            optimizer["v"][k] = optimizer["v"][k] * 0.8 + g[k]
            model[k] = model[k] + optimizer["v"][k] * -0.1
        optimizer["step"][0] = optimizer["step"][0] + 1
        return mx.exp(model["b"]) * 1.0

    @partial(mx.compile, inputs=state, outputs=state)
    def step(x):
        return step_eager(model, optimizer, x)

    ref_model = {"w": mx.array(np.full((3,), 0.5, np.float32)), "b": mx.array(0.0)}
    ref_opt = {"v": {"w": mx.zeros((3,)), "b": mx.array(0.0)}, "step": [mx.array(0)]}
    for _ in range(5):
        loss = step(x)
        ref_loss = step_eager(ref_model, ref_opt, x)
        np.testing.assert_allclose(npa(loss), npa(ref_loss), rtol=1e-6)
    np.testing.assert_allclose(npa(model["w"]), npa(ref_model["w"]), rtol=1e-6)
    np.testing.assert_allclose(npa(model["b"]), npa(ref_model["b"]), rtol=1e-6)
    np.testing.assert_allclose(npa(optimizer["v"]["w"]), npa(ref_opt["v"]["w"]), rtol=1e-6)
    assert int(npa(optimizer["step"][0])) == 5


def test_random_state_as_captured_state():
    random = getattr(mx, "random", None)
    if random is not None and hasattr(random, "state") and hasattr(random, "uniform"):
        state = random.state

        @partial(mx.compile, inputs=state, outputs=state)
        def sample():
            return random.uniform(shape=(4,))

        a, b = npa(sample()), npa(sample())
        assert not np.array_equal(a, b)
        return
    # Without mx.random: a list-held key that the function advances, exactly
    # the pattern mx.random.state follows.
    key = [mx.array(1).astype(mx.uint32)]

    @partial(mx.compile, inputs=key, outputs=key)
    def sample(x):
        key[0] = key[0] * 3 + 1
        return x + key[0].astype(mx.float32)

    outs = [float(npa(sample(mx.array(0.0)))) for _ in range(3)]
    assert outs == [4.0, 13.0, 40.0]
    assert int(npa(key[0])) == 40


def test_transformations_with_compile():
    if not hasattr(mx, "grad"):
        pytest.skip("mx.grad is not available in this build")
    grad_fn = mx.grad(mx.exp)
    compiled_grad_fn = mx.compile(grad_fn)
    assert abs(npa(grad_fn(mx.array(1.0))) - math.e) < 1e-5
    assert abs(npa(compiled_grad_fn(mx.array(1.0))) - math.e) < 1e-5
    # A transformation of a compiled function retraces the original.
    cexp = mx.compile(lambda x: mx.exp(x) * x)
    g = mx.grad(cexp)(mx.array(1.0))
    assert abs(npa(g) - 2 * math.e) < 1e-5


def test_compiled_functions_calling_compiled_functions():
    @mx.compile
    def inner(x):
        return mx.exp(-x)

    def outer(x):
        return inner(inner(x))

    fun = mx.compile(outer)
    x = mx.array([0.5, 1.0, 2.0])
    want = np.exp(-np.exp(-np.array([0.5, 1.0, 2.0])))
    np.testing.assert_allclose(npa(fun(x)), want, rtol=1e-6)
    np.testing.assert_allclose(npa(outer(x)), want, rtol=1e-6)
    # The outer compile sees through inner: one fused region.
    assert compiled_labels(fun(x)) == ["Compiled(Negative, Exp, Negative, Exp)"]


# ---------------------------------------------------------------- semantics


def _functions():
    fns = {
        "chain": lambda x, y: mx.exp(-x) * y + x,
        "square_plus": lambda x, y: x * x + y * y + x * y,
        "scalars": lambda x, y: x * 2.0 + (y + 1.0) * 0.5,
        "exp_exp": lambda x, y: mx.exp(mx.exp(x * 0.1)) + y,
    }
    # More ops join once they exist (other helpers add them).
    if hasattr(mx, "erf") and hasattr(mx.array, "__truediv__"):
        fns["gelu"] = lambda x, y: x * (1 + mx.erf(x / math.sqrt(2))) / 2 + y
    if hasattr(mx, "sigmoid"):
        fns["silu"] = lambda x, y: x * mx.sigmoid(x) + y
    if hasattr(mx, "maximum"):
        fns["relu"] = lambda x, y: mx.maximum(x, 0.0) * y
    if hasattr(mx, "where") and hasattr(mx, "greater"):
        fns["where"] = lambda x, y: mx.where(mx.greater(x, y), x, y)
    return fns


FUNCTIONS = _functions()


@pytest.mark.parametrize("name", sorted(FUNCTIONS))
@pytest.mark.parametrize("dtype", ["float32", "float16", "bfloat16", "float64"])
def test_compiled_equals_eager(name, dtype):
    fn = FUNCTIONS[name]
    t = getattr(mx, dtype)
    rng = np.random.default_rng(1)
    x = mx.array(rng.uniform(-1, 1, size=(3, 4)).astype(np.float32)).astype(t)
    y = mx.array(rng.uniform(-1, 1, size=(4,)).astype(np.float32)).astype(t)  # broadcast
    tol = 1e-6 if dtype in ("float32", "float64") else 2e-2
    cfn = mx.compile(fn)
    out = cfn(x, y)
    ref = fn(x, y)
    assert out.dtype == ref.dtype and out.shape == ref.shape
    np.testing.assert_allclose(npa(out), npa(ref), rtol=tol, atol=tol)
    # Transposed (non-contiguous) and broadcast inputs.
    xt = mx.transpose(x)
    y3 = mx.array(rng.uniform(size=(3,)).astype(np.float32)).astype(t)
    yb = mx.broadcast_to(y3, (4, 3))
    np.testing.assert_allclose(npa(cfn(xt, yb)), npa(fn(xt, yb)), rtol=tol, atol=tol)


@pytest.mark.parametrize("dtype", ["int32", "int64", "uint8", "int16"])
def test_compiled_equals_eager_integers(dtype):
    t = getattr(mx, dtype)
    fn = lambda x, y: x * y + x * 3 + y  # noqa: E731
    x = mx.array(np.arange(6).reshape(2, 3)).astype(t)
    y = mx.array(np.array([1, 2, 3])).astype(t)
    out = mx.compile(fn)(x, y)
    assert out.dtype == t
    xn = np.arange(6).reshape(2, 3)
    yn = np.array([1, 2, 3])
    want = (xn * yn + xn * 3 + yn).astype(np.dtype(dtype))
    np.testing.assert_array_equal(np.array(out), want)


def test_fusion_single_compiled_node():
    x = mx.array(np.linspace(-2, 2, 12, dtype=np.float32).reshape(3, 4))
    y = mx.array(np.ones((3, 4), np.float32))
    out = mx.compile(lambda x, y: mx.exp(-x) * y + x)(x, y)
    names = mx._core._graph_primitive_names(out)
    assert names == ["Compiled"]
    assert compiled_labels(out) == ["Compiled(Negative, Exp, Multiply, Add)"]
    eager = mx._core._graph_primitive_names(mx.exp(-x) * y + x)
    assert eager == ["Negative", "Exp", "Multiply", "Add"]


def test_simplify_merges_duplicates_and_scalars():
    x = mx.array([1.0, 2.0, 3.0])
    out = mx.compile(lambda x: mx.exp(x) + mx.exp(x))(x)
    (label,) = compiled_labels(out)
    assert label.count("Exp") == 1
    np.testing.assert_allclose(npa(out), 2 * np.exp([1.0, 2.0, 3.0]), rtol=1e-6)

    out = mx.compile(lambda x: x * 2.0 + x * 2.0)(x)
    (label,) = compiled_labels(out)
    assert label.count("Multiply") == 1
    np.testing.assert_allclose(npa(out), [4.0, 8.0, 12.0])


def test_uncaptured_inputs_error():
    x = mx.array([1.0, 2.0])

    @mx.compile
    def fun(y):
        return x + y

    with pytest.raises(ValueError, match="uncaptured inputs"):
        fun(x)
    # Another input works (x is then a constant).
    np.testing.assert_allclose(npa(fun(mx.array([1.0, 1.0]))), [2.0, 3.0])


def test_shapeless_across_shapes():
    traces = []

    def fun(x, y):
        traces.append(1)
        return mx.exp(-x) * y + x

    cfun = mx.compile(fun, shapeless=True)
    for n in (2, 7, 33):
        xn = np.linspace(-1, 1, n).astype(np.float32)
        yn = np.linspace(0, 2, n).astype(np.float32)
        out = cfun(mx.array(xn), mx.array(yn))
        assert out.shape == (n,)
        np.testing.assert_allclose(npa(out), np.exp(-xn) * yn + xn, rtol=1e-6)
    assert len(traces) == 1
    cfun(mx.array([[1.0]]), mx.array([[1.0]]))  # ndim
    assert len(traces) == 2
    cfun(mx.array([1.0], mx.float16), mx.array([1.0], mx.float16))  # dtype
    assert len(traces) == 3


def test_pytrees_in_and_out():
    traces = []

    def fun(a, pair, d, *, scale, extra=None):
        traces.append(1)
        x, y = pair
        return {"sum": a + x, "nested": [x * y, (d["k"] * 2.0, scale)], "none": extra}

    cfun = mx.compile(fun)
    a = mx.array([1.0, 2.0])
    out = cfun(a, (a, a * 3.0), {"k": a}, scale=3)
    np.testing.assert_allclose(npa(out["sum"]), [2.0, 4.0])
    np.testing.assert_allclose(npa(out["nested"][0]), [3.0, 12.0])
    np.testing.assert_allclose(npa(out["nested"][1][0]), [2.0, 4.0])
    assert out["nested"][1][1] == 3
    assert isinstance(out["nested"], list) and isinstance(out["nested"][1], tuple)
    assert out["none"] is None
    cfun(a, (a, a), {"k": a}, scale=3)
    assert len(traces) == 1
    cfun(a, [a, a], {"k": a}, scale=3)  # list instead of tuple: new structure
    assert len(traces) == 2
    cfun(a, (a, a), {"k": a}, scale=4)  # new constant
    assert len(traces) == 3
    cfun(a, (a, a), {"k": a}, scale=4.0)  # float, not int
    assert len(traces) == 4


def test_constants_are_part_of_the_key():
    traces = []

    def fun(x, n, mode):
        traces.append(1)
        out = x
        for _ in range(n):
            out = out * 2.0
        return out if mode == "double" else -out

    cfun = mx.compile(fun)
    x = mx.array([1.0])
    assert npa(cfun(x, 1, "double")) == 2.0
    assert npa(cfun(x, 3, "double")) == 8.0
    assert npa(cfun(x, 3, "neg")) == -8.0
    assert npa(cfun(x, 1, "double")) == 2.0
    assert len(traces) == 3


def test_bad_argument_type():
    cfun = mx.compile(lambda x, o: x)
    with pytest.raises(ValueError, match=r"\[compile\] Function arguments must be trees"):
        cfun(mx.array(1.0), object())


def test_errors_in_the_function_propagate_and_do_not_poison_the_cache():
    calls = []

    def fun(x):
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("boom")
        return mx.exp(x)

    cfun = mx.compile(fun)
    with pytest.raises(RuntimeError, match="boom"):
        cfun(mx.array(0.0))
    assert npa(cfun(mx.array(0.0))) == 1.0


def test_wraps_and_decorator_forms():
    def documented(x):
        """Some docs."""
        return x

    c = mx.compile(documented)
    assert c.__name__ == "documented" and c.__doc__ == "Some docs."
    assert c.__wrapped__ is documented

    @partial(mx.compile, shapeless=True)
    def f(x):
        return x + 1.0

    np.testing.assert_allclose(npa(f(mx.array([1.0, 2.0]))), [2.0, 3.0])
    with pytest.raises(TypeError):
        mx.compile(3)


def test_export_to_dot(tmp_path):
    x = mx.array([1.0, 2.0])
    out = mx.compile(lambda x: mx.exp(-x) + x)(x)
    path = tmp_path / "g.dot"
    mx.export_to_dot(str(path), out, x=x)
    text = path.read_text()
    assert text.startswith("digraph {")
    assert "Compiled(Negative, Exp, Add)" in text
    assert '"x"' in text
    assert text.rstrip().endswith("}")


def test_threads_share_one_compiled_function():
    cfun = mx.compile(lambda x, y: mx.exp(-x) * y + x)
    errors = []

    def work(t):
        try:
            for it in range(25):
                n = 1 + (t + it) % 5
                xn = np.full((n,), 0.1 * t, np.float32)
                yn = np.full((n,), 1.0 + t, np.float32)
                out = npa(cfun(mx.array(xn), mx.array(yn)))
                np.testing.assert_allclose(out, np.exp(-xn) * yn + xn, rtol=1e-6)
        except Exception as e:  # noqa: BLE001
            errors.append(e)

    threads = [threading.Thread(target=work, args=(t,)) for t in range(8)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert not errors, errors[0]


def test_outputs_that_are_inputs_or_constants():
    c = mx.array([7.0])
    cfun = mx.compile(lambda x: (x, c, 5))
    x = mx.array([1.0])
    a, b, k = cfun(x)
    assert npa(a) == 1.0 and npa(b) == 7.0 and k == 5


def test_compiled_outputs_are_freed_without_the_garbage_collector():
    # The wrapper must not put outputs in reference cycles: large results
    # would pile up until Python's cyclic collector runs.
    gc.disable()
    try:
        x = mx.zeros((256, 1024))
        mx.eval(x)
        f = mx.compile(lambda x: {"y": [x + 1]})
        mx.eval(f(x))
        before = mx.get_active_memory()
        for _ in range(5):
            out = f(x)
            mx.eval(out)
            del out
        assert mx.get_active_memory() <= before + 4096
    finally:
        gc.enable()
