"""Differential test of compile: random fusable graphs, compiled vs eager.

A seeded generator builds programs of elementwise / broadcast primitives (every
unary, binary and ternary kind the fuser takes, astype and broadcasts) over
inputs of every dtype in every layout (0-d, vector, column, full, transposed,
sliced, broadcast views) and constants (Python scalars, inf, nan, captured
arrays). Each program runs eagerly (the reference: the primitives' own
kernels) and compiled (fused into JIT kernels); the results must agree,
NaN-aware, within the dtype's rounding. Then the same programs compile
shapeless and run over changing shapes.

Discontinuous ops (floor, comparisons, remainder, ...) only see values that
are exact in both paths (inputs, constants, integer results), so a last-bit
difference upstream (FMA contraction in the JIT) cannot flip them.
"""

import math
import os

import numpy as np
import pytest

import mxcore as mx

SEED = int(os.environ.get("MXCORE_DIFF_SEED", "1234"))
NUM_GRAPHS = int(os.environ.get("MXCORE_DIFF_GRAPHS", "40"))
NUM_SHAPELESS = int(os.environ.get("MXCORE_DIFF_SHAPELESS", "8"))

UNSIGNED = ["uint8", "uint16", "uint32", "uint64"]
SIGNED = ["int8", "int16", "int32", "int64"]
INTS = UNSIGNED + SIGNED
FLOATS = ["float16", "bfloat16", "float32", "float64"]
DTYPES = ["bool_"] + INTS + FLOATS + ["complex64"]
# Weighted towards the types the JIT sees most.
DTYPE_WEIGHTS = {"float32": 4, "float16": 2, "bfloat16": 2, "float64": 2, "int32": 2}

# (rtol, atol) between compiled and eager results of a dtype.
TOL = {
    "float16": (4e-3, 4e-3),
    "bfloat16": (3e-2, 3e-2),
    "float32": (2e-5, 2e-5),
    "float64": (1e-11, 1e-11),
    "complex64": (2e-5, 2e-5),
}

CONTINUOUS_UNARY = [
    "abs", "negative", "square", "sqrt", "rsqrt", "exp", "expm1", "log", "log2",
    "log10", "log1p", "sin", "cos", "tan", "arcsin", "arccos", "arctan", "sinh",
    "cosh", "tanh", "arcsinh", "arccosh", "arctanh", "erf", "erfinv", "sigmoid",
    "conjugate", "real", "imag", "reciprocal",
]
DISCRETE_UNARY = ["sign", "floor", "ceil", "round", "logical_not", "bitwise_invert",
                  "isnan", "isinf"]
CONTINUOUS_BINARY = ["add", "subtract", "multiply", "divide", "maximum", "minimum",
                     "logaddexp", "arctan2", "power"]
DISCRETE_BINARY = ["remainder", "floor_divide", "equal", "not_equal", "less",
                   "less_equal", "greater", "greater_equal", "logical_and",
                   "logical_or", "bitwise_and", "bitwise_or", "bitwise_xor",
                   "left_shift", "right_shift"]
# Ops whose exactness follows their inputs (no rounding).
EXACT_PRESERVING = {"abs", "negative", "maximum", "minimum", "conjugate", "real",
                    "imag", "sign", "floor", "ceil", "round"}

BASE = (3, 4)


def np_dtype(name):
    return {"bool_": np.bool_, "bfloat16": np.float32}.get(name) or getattr(np, name)


def make_values(rng, dtype, shape, nonzero=False):
    n = int(np.prod(shape)) if shape else 1
    if dtype == "bool_":
        v = rng.integers(0, 2, n).astype(np.bool_) | nonzero
    elif dtype in INTS:
        lo = 1 if dtype in UNSIGNED else -6
        v = rng.integers(lo, 7, n)
        if nonzero:
            v[v == 0] = 3
        v = v.astype(np_dtype(dtype))
    else:
        v = rng.uniform(-2.5, 2.5, n)
        # Some exact integers and halves (floor/round ties, log(0), ...).
        k = rng.integers(0, 4, n) == 0
        v[k] = np.round(v[k] * 2) / 2
        if nonzero:
            v[v == 0] = 1.5
        if dtype == "complex64":
            v = (v + 1j * rng.uniform(-2, 2, n)).astype(np.complex64)
        else:
            v = v.astype(np.float32 if dtype == "bfloat16" else np_dtype(dtype))
    return v.reshape(shape)


def layout_input(rng, values, dtype, layout):
    """An mx array holding `values` in the given memory layout."""
    dt = getattr(mx, dtype)
    if layout == "transposed" and values.ndim == 2:
        return mx.array(np.ascontiguousarray(values.T), dtype=dt).T
    if layout == "sliced" and values.ndim >= 1:
        wide = np.repeat(values, 2, axis=-1)
        idx = (slice(None),) * (values.ndim - 1) + (slice(None, None, 2),)
        return mx.array(wide, dtype=dt)[idx]
    if layout == "broadcast" and values.ndim == 2:
        row = values[:1]
        return mx.broadcast_to(mx.array(row, dtype=dt), values.shape)
    return mx.array(values, dtype=dt)


INPUT_KINDS = ["scalar", "vector", "column", "full", "full", "transposed", "sliced",
               "broadcast"]


def kind_shape(kind, shape):
    return {"scalar": (), "vector": (shape[1],), "column": (shape[0], 1)}.get(kind, shape)


class Program:
    """A straight-line program over values: inputs first, then one value per
    step. Steps reference values by index; constants are stored in the step."""

    def __init__(self, rng, dtypes, kinds):
        self.rng = rng
        self.input_dtypes = dtypes
        self.input_kinds = kinds
        self.steps = []
        self.outputs = []

    def run(self, inputs):
        vals = list(inputs)
        for op, args in self.steps:
            vals.append(apply_op(op, [vals[a] if isinstance(a, int) else a.value
                                      for a in args]))
        return [vals[i] for i in self.outputs]


class Const:
    def __init__(self, value):
        self.value = value

    def __repr__(self):
        return f"Const({self.value!r})"


def apply_op(op, args):
    if op.startswith("astype:"):
        return args[0].astype(getattr(mx, op.split(":")[1]))
    if op == "where":
        return mx.where(*args)
    if op == "broadcast_to":
        return mx.broadcast_to(args[0], args[1])
    return getattr(mx, op)(*args)


def dtype_name(a):
    return str(a.dtype).split(".")[-1]


def float_constant(rng):
    return float(rng.choice([2.0, 0.5, -1.5, 3.0, 0.0, math.inf, -math.inf, math.nan,
                             1e-3, 100.0]))


def generate(rng, num_steps):
    """A random program, its sample inputs and its eager results."""
    names = list(DTYPES)
    weights = np.array([DTYPE_WEIGHTS.get(d, 1) for d in names], float)
    main = str(rng.choice(names, p=weights / weights.sum()))
    num_inputs = int(rng.integers(2, 5))
    kinds = [str(rng.choice(INPUT_KINDS)) for _ in range(num_inputs)]
    kinds[0] = str(rng.choice(["full", "transposed", "sliced"]))  # sets the shape
    dtypes = [main if rng.random() < 0.8 else str(rng.choice(DTYPES)) for _ in kinds]
    prog = Program(rng, dtypes, kinds)
    values = [make_values(rng, d, kind_shape(k, BASE), nonzero=(i == num_inputs - 1))
              for i, (d, k) in enumerate(zip(dtypes, kinds))]
    inputs = [layout_input(rng, v, d, k) for v, d, k in zip(values, dtypes, kinds)]
    vals = list(inputs)
    exact = [True] * len(inputs)
    nonzero_leaf = len(inputs) - 1

    def pick(want_exact=False):
        pool = [i for i in range(len(vals)) if exact[i] or not want_exact]
        # Prefer recent values so the graph is deep, not just wide.
        w = np.array([1.0 + (i >= len(inputs)) * 2.0 * (i + 1) / len(vals) for i in pool])
        return int(rng.choice(pool, p=w / w.sum()))

    def const_for(i):
        d = dtype_name(vals[i])
        if d in FLOATS or d == "complex64":
            return Const(float_constant(rng))
        if d == "bool_":
            return Const(bool(rng.integers(0, 2)))
        if rng.random() < 0.3:  # a captured array constant
            return Const(mx.array(int(rng.integers(1, 4)), dtype=vals[i].dtype))
        return Const(int(rng.integers(1, 4)))

    attempts = 0
    while len(prog.steps) < num_steps and attempts < num_steps * 20:
        attempts += 1
        r = rng.random()
        if r < 0.35:
            discrete = rng.random() < 0.3
            op = str(rng.choice(DISCRETE_UNARY if discrete else CONTINUOUS_UNARY))
            args = [pick(want_exact=discrete)]
            if op in ("real", "imag") and dtype_name(vals[args[0]]) != "complex64":
                # On real inputs these build zeros of a fixed (traced) shape,
                # which shapeless compile cannot follow (as in MLX).
                continue
        elif r < 0.8:
            discrete = rng.random() < 0.3
            op = str(rng.choice(DISCRETE_BINARY if discrete else CONTINUOUS_BINARY))
            a = pick(want_exact=discrete)
            d = dtype_name(vals[a])
            if op in ("remainder", "floor_divide") or (op == "divide" and d in INTS):
                # Integer division by zero is undefined: divide by a nonzero leaf
                # or constant.
                b = nonzero_leaf if rng.random() < 0.5 else Const(int(rng.integers(1, 5)))
            elif op in ("left_shift", "right_shift"):
                b = Const(int(rng.integers(0, 3)))
            elif op == "power" and d in INTS + ["bool_"]:
                b = Const(int(rng.integers(0, 3)))
            elif rng.random() < 0.3:
                b = const_for(a)
            else:
                b = pick(want_exact=discrete)
            args = [a, b] if rng.random() < 0.7 else [b, a]
            if op in ("left_shift", "right_shift", "power", "remainder",
                      "floor_divide") or (op == "divide" and d in INTS):
                args = [a, b]
        elif r < 0.9:
            op = "where"
            args = [pick(want_exact=True), pick(), pick() if rng.random() < 0.7 else
                    const_for(pick())]
        else:
            a = pick()
            src = dtype_name(vals[a])
            target = str(rng.choice(DTYPES))
            if target in INTS + ["bool_"] and src not in INTS + ["bool_"]:
                # float -> int is undefined for out of range / nan values (and
                # negative values to unsigned): only exact (finite, small)
                # values go to signed ints.
                if not exact[a] or target in UNSIGNED:
                    continue
            op = f"astype:{target}"
            args = [a]
        try:
            out = apply_op(op, [vals[x] if isinstance(x, int) else x.value for x in args])
            mx.eval(out)
        except (ValueError, TypeError):
            continue  # the op does not take these dtypes
        except RuntimeError as e:  # MLX's error type for bitwise ops on floats
            if "Only allowed on integer or boolean types" in str(e):
                continue
            raise
        prog.steps.append((op, args))
        arg_exact = all(exact[x] if isinstance(x, int) else
                        not isinstance(x.value, float) or math.isfinite(x.value)
                        for x in args)
        is_exact = arg_exact and (
            dtype_name(out) in INTS + ["bool_"] or op in EXACT_PRESERVING
            or op.startswith("astype:") and dtype_name(out) in ("float32", "float64"))
        if op.startswith("astype:") and dtype_name(out) in INTS + ["bool_"]:
            src_d = dtype_name(vals[args[0]])
            is_exact = arg_exact and src_d in INTS + ["bool_"] + FLOATS
        vals.append(out)
        exact.append(is_exact)
    # Outputs: the last value and a couple of random intermediates.
    n = len(vals)
    outs = {n - 1}
    for _ in range(int(rng.integers(0, 3))):
        outs.add(int(rng.integers(len(inputs), n)))
    prog.outputs = sorted(outs)
    return prog, inputs, values


def to_np(a):
    if a.dtype == mx.bfloat16:
        a = a.astype(mx.float32)
    return np.array(a)


def assert_same(got, want, context):
    assert got.dtype == want.dtype, f"{context}: dtype {got.dtype} != {want.dtype}"
    assert got.shape == want.shape, f"{context}: shape {got.shape} != {want.shape}"
    g, w = to_np(got), to_np(want)
    d = dtype_name(want)
    if d not in TOL:
        mismatch = g != w
        assert not mismatch.any(), (
            f"{context}: {mismatch.sum()} of {g.size} differ\n got {g}\nwant {w}")
        return
    rtol, atol = TOL[d]
    parts = [(g.real, w.real), (g.imag, w.imag)] if np.iscomplexobj(w) else [(g, w)]
    for gp, wp in parts:
        gp, wp = gp.astype(np.float64), wp.astype(np.float64)
        nan_ok = np.isnan(gp) == np.isnan(wp)
        inf_ok = (np.isinf(gp) == np.isinf(wp)) & ((gp == wp) | ~np.isinf(wp))
        fin = np.isfinite(gp) & np.isfinite(wp)
        # Tolerance relative to the magnitude the graph worked at.
        scale = max(1.0, float(np.max(np.abs(wp[fin])))) if fin.any() else 1.0
        with np.errstate(invalid="ignore"):
            close = np.abs(gp - wp) <= atol * scale + rtol * np.abs(wp)
        ok = nan_ok & inf_ok & (close | ~fin)
        assert ok.all(), (
            f"{context}: {(~ok).sum()} of {g.size} differ\n got {gp}\nwant {wp}")


def describe(prog):
    lines = [f"inputs: {list(zip(prog.input_dtypes, prog.input_kinds))}"]
    for i, (op, args) in enumerate(prog.steps):
        lines.append(f"  v{len(prog.input_dtypes) + i} = {op}{tuple(args)}")
    lines.append(f"  outputs {prog.outputs}")
    return "\n".join(lines)


def programs(count, seed, steps=(6, 14)):
    rng = np.random.default_rng(seed)
    for g in range(count):
        prog, inputs, values = generate(rng, int(rng.integers(*steps)))
        yield g, prog, inputs, values


def test_random_graphs_compiled_match_eager():
    fused_graphs = 0
    for g, prog, inputs, _ in programs(NUM_GRAPHS, SEED):
        want = prog.run(inputs)
        fun = mx.compile(lambda *xs, prog=prog: prog.run(xs))
        got = fun(*inputs)
        context = f"graph {g} (seed {SEED})\n{describe(prog)}"
        for i, (a, b) in enumerate(zip(got, want)):
            assert_same(a, b, f"{context}\noutput {i}")
        # Same graph, contiguous copies of the inputs: the kernel's other layout.
        plain = [mx.array(to_np(x), dtype=x.dtype) for x in inputs]
        for i, (a, b) in enumerate(zip(fun(*plain), prog.run(plain))):
            assert_same(a, b, f"{context}\ncontiguous inputs, output {i}")
        fused_graphs += len(prog.steps) > 1
    assert fused_graphs > NUM_GRAPHS // 2


SHAPES = [(3, 4), (5, 7), (1, 6), (2, 1), (64, 33)]


def test_random_graphs_shapeless_across_shapes():
    rng = np.random.default_rng(SEED + 1)
    for g, prog, inputs, _ in programs(NUM_SHAPELESS, SEED + 1):
        fun = mx.compile(lambda *xs, prog=prog: prog.run(xs), shapeless=True)
        context = f"shapeless graph {g} (seed {SEED + 1})\n{describe(prog)}"
        for shape in SHAPES:
            xs = []
            for i, (d, k) in enumerate(zip(prog.input_dtypes, prog.input_kinds)):
                v = make_values(rng, d, kind_shape(k, shape),
                                nonzero=(i == len(prog.input_dtypes) - 1))
                xs.append(layout_input(rng, v, d, k))
            want = prog.run(xs)
            got = fun(*xs)
            for i, (a, b) in enumerate(zip(got, want)):
                assert_same(a, b, f"{context}\nshape {shape}, output {i}")


@pytest.mark.parametrize("dtype", FLOATS)
def test_special_values_through_fused_ops(dtype):
    # inf / nan / signed zero through every continuous unary and binary op.
    special = np.array([0.0, -0.0, 1.0, -1.0, 0.5, 2.0, np.inf, -np.inf, np.nan, 1e-30],
                       np.float32 if dtype == "bfloat16" else np_dtype(dtype))
    x = mx.array(special, dtype=getattr(mx, dtype))
    y = mx.array(special[::-1].copy(), dtype=getattr(mx, dtype))

    def fun(x, y):
        outs = [getattr(mx, op)(x) * 1.0 for op in CONTINUOUS_UNARY
                if op not in ("conjugate", "real", "imag")]
        outs += [getattr(mx, op)(x, y) + 0.0 for op in CONTINUOUS_BINARY]
        outs += [mx.where(x > y, x, y), mx.sign(x) + 0.0, mx.floor(x) * 1.0,
                 mx.isnan(x + y), mx.isinf(x * y)]
        return outs

    for i, (a, b) in enumerate(zip(mx.compile(fun)(x, y), fun(x, y))):
        assert_same(a, b, f"{dtype} special values, output {i}")


def test_shapeless_broadcasts_follow_new_shapes():
    f = mx.compile(lambda x, y: x + y, shapeless=True)
    np.testing.assert_array_equal(np.array(f(mx.ones((4,)), mx.ones((3, 4)))),
                                  np.full((3, 4), 2.0))
    np.testing.assert_array_equal(np.array(f(mx.ones((4,)), mx.ones((5, 4)))),
                                  np.full((5, 4), 2.0))
    x = np.arange(7, dtype=np.float32)
    y = np.arange(14, dtype=np.float32).reshape(2, 7)
    np.testing.assert_array_equal(np.array(f(mx.array(x), mx.array(y))), x + y)
    # Scalar constants and both-sided broadcasts (outer sums), fused.
    g = mx.compile(lambda a, b: mx.exp(a) * 2.0 + b - 1.0, shapeless=True)
    for sa, sb in [((3, 1), (1, 4)), ((5, 1), (1, 2)), ((1, 6), (4, 1))]:
        a = np.random.default_rng(0).uniform(size=sa).astype(np.float32)
        b = np.random.default_rng(1).uniform(size=sb).astype(np.float32)
        np.testing.assert_allclose(np.array(g(mx.array(a), mx.array(b))),
                                   np.exp(a) * 2 + b - 1, rtol=1e-6)
    # where with three differently broadcast operands.
    h = mx.compile(lambda c, a, b: mx.where(c, a, b * 3), shapeless=True)
    for n, m in [(2, 3), (4, 5)]:
        c = np.arange(m) % 2 == 0
        a = np.arange(n, dtype=np.float32).reshape(n, 1)
        b = np.float32(7.0)
        np.testing.assert_array_equal(
            np.array(h(mx.array(c), mx.array(a), mx.array(b))),
            np.where(c, a, b * 3))
    # Non-broadcastable new shapes raise like the eager op.
    with pytest.raises(ValueError):
        f(mx.ones((3,)), mx.ones((2, 4)))
