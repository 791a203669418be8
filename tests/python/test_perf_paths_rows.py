"""Issue 10 part E's row-kernel paths give the eager bits.

- Chains of row ops (ten softmaxes, ten layernorms) fuse into one row kernel
  that caches long chains of cheap ops instead of recomputing them in every
  pass and reuses its row buffers once no later pass reads them.
- A row kernel reads an input whose last dim is broadcast (stride 0) as one
  value per row (what a region cut between broadcast(sum) and its user
  leaves, or a broadcast array passed in).
- Row folds use 32 lanes for rows of 64 or more (8 for 16 to 63, one by one
  below), in the eager reducer and the JIT alike.
- float16 rounding inside kernels (round_to_half) equals converting to
  float16 and back.
Every float dtype, rows of 1, 3, 4, 15-17, 63-65, 4097 columns.
"""
import numpy as np
import pytest

import mxcore as mx

FLOATS = [mx.float32, mx.float16, mx.bfloat16, mx.float64]
COLS = [1, 3, 4, 15, 16, 17, 63, 64, 65, 4097]


def softmax(x):
    e = mx.exp(x - mx.max(x, axis=-1, keepdims=True))
    return e / mx.sum(e, axis=-1, keepdims=True)


def layernorm(x, w, b):
    xf = x.astype(mx.float32)
    mean = mx.mean(xf, axis=-1, keepdims=True)
    var = mx.var(xf, axis=-1, keepdims=True)
    return w * ((xf - mean) * mx.rsqrt(var + 1e-4)).astype(x.dtype) + b


def chain(fn, steps):
    def run(x, *rest):
        for _ in range(steps):
            x = fn(x, *rest)
        return x

    return run


def assert_bits(compiled, eager):
    assert compiled.dtype == eager.dtype and compiled.shape == eager.shape
    c = np.asarray(compiled.astype(mx.float32 if compiled.dtype != mx.float64 else mx.float64))
    e = np.asarray(eager.astype(mx.float32 if eager.dtype != mx.float64 else mx.float64))
    np.testing.assert_array_equal(np.isnan(c), np.isnan(e))
    ok = ~np.isnan(c)
    np.testing.assert_array_equal(c[ok].view(np.uint8 if c.dtype == np.float64 else np.uint32),
                                  e[ok].view(np.uint8 if e.dtype == np.float64 else np.uint32))


def data(shape, dtype, seed=0, scale=3.0):
    x = np.random.default_rng(seed).standard_normal(shape).astype(np.float32) * scale
    return mx.array(x).astype(dtype)


def jit_runs(fn, *args):
    """fn's compiled result, and how many JIT kernels its evaluation ran."""
    before = mx._core._jit_kernel_runs()
    out = fn(*args)
    mx.eval(out)
    return out, mx._core._jit_kernel_runs() - before


@pytest.mark.parametrize("dtype", FLOATS, ids=str)
@pytest.mark.parametrize("cols", [1, 3, 64, 4097])
def test_ten_chained_softmaxes_are_one_exact_kernel(dtype, cols):
    fn = chain(softmax, 10)
    x = data((6, cols), dtype, seed=cols)
    compiled = mx.compile(fn)
    out, runs = jit_runs(compiled, x)
    assert_bits(out, fn(x))
    names = mx._core._graph_primitive_names(compiled(x))
    assert runs == names.count("Compiled")  # no region fell back to eager
    if cols > 1:
        assert names == ["Compiled"]
        # Two or three row buffers serve all ten softmaxes (one per value
        # live across a pass), not one per cached value.
        src = mx._core._last_jit_source()
        assert 2 <= src.count("__builtin_malloc") <= 3


@pytest.mark.parametrize("dtype", [mx.float16, mx.bfloat16, mx.float32], ids=str)
@pytest.mark.parametrize("cols", [1, 3, 17, 4097])
def test_ten_chained_layernorms_are_one_exact_kernel(dtype, cols):
    fn = chain(layernorm, 10)
    x = data((5, cols), dtype, seed=1, scale=1.0)
    w = data((cols,), dtype, seed=2, scale=1.0)
    b = data((cols,), dtype, seed=3, scale=1.0)
    compiled = mx.compile(fn)
    out, runs = jit_runs(compiled, x, w, b)
    assert_bits(out, fn(x, w, b))
    names = mx._core._graph_primitive_names(compiled(x, w, b))
    assert runs == names.count("Compiled")
    if cols > 1:
        assert names == ["Compiled"]
    # Each pass recomputes a bounded chain: the kernel body grows linearly
    # with the layers (recomputing every earlier layer in every pass wrote
    # hundreds of roundings for ten layers).
    src = mx._core._last_jit_source()
    body = src[src.index('extern "C"'):]
    if dtype == mx.float16:
        assert body.count("round_to_half(") <= 3 * 10 + 3


def test_thirty_chained_softmaxes_split_across_kernels_stay_exact():
    # Deeper than one row region: the regions' cut leaves a broadcast row
    # between kernels, which the next row kernel reads as a row input.
    fn = chain(softmax, 30)
    x = data((7, 129), mx.float32, seed=5)
    compiled = mx.compile(fn)
    out, runs = jit_runs(compiled, x)
    assert_bits(out, fn(x))
    names = mx._core._graph_primitive_names(compiled(x))
    assert names.count("Compiled") >= 2
    # Every Compiled region ran as a JIT kernel (none fell back to eager).
    assert runs == names.count("Compiled")


@pytest.mark.parametrize("dtype", FLOATS, ids=str)
@pytest.mark.parametrize("cols", [1, 5, 64, 513])
def test_broadcast_row_input_is_read_per_row(dtype, cols):
    def fn(x, row):
        return softmax(x * 0.5 + row)

    x = data((4, 3, cols), dtype, seed=6)
    row = mx.broadcast_to(data((4, 3, 1), dtype, seed=7), (4, 3, cols))
    mx.eval(row)
    compiled = mx.compile(fn)
    out, runs = jit_runs(compiled, x, row)
    assert_bits(out, fn(x, row))
    assert runs == 1


def test_broadcast_row_input_with_a_broadcast_leading_dim():
    # (1, 3, 1) broadcast to (4, 3, cols): the leading dim's stride is 0 too.
    def fn(x, row):
        return softmax(x - row)

    x = data((4, 3, 33), mx.float32, seed=8)
    row = mx.broadcast_to(data((1, 3, 1), mx.float32, seed=9), (4, 3, 33))
    mx.eval(row)
    out = mx.compile(fn)(x, row)
    assert_bits(out, fn(x, row))


def test_transposed_input_falls_back_exactly():
    x = data((65, 6), mx.float32, seed=10).T  # rows are not contiguous
    out = mx.compile(softmax)(x)
    assert_bits(out, softmax(x))


def lane_sum(row):
    """The eager fold order, in float32: 32 lanes for 64+ elements, 8 for
    16 to 63, one by one below; the lanes fold in order, then the tail."""
    row = np.asarray(row, np.float32)
    n = len(row)
    lanes = 32 if n >= 64 else 8 if n >= 16 else 0
    acc = np.float32(0)
    if lanes == 0:
        for v in row:
            acc = np.float32(acc + v)
        return acc
    end = n - n % lanes
    part = np.zeros(lanes, np.float32)
    for i in range(0, end, lanes):
        part = (part + row[i:i + lanes]).astype(np.float32)
    for v in part:
        acc = np.float32(acc + v)
    for v in row[end:]:
        acc = np.float32(acc + v)
    return acc


@pytest.mark.parametrize("cols", [1, 3, 15, 16, 17, 31, 63, 64, 65, 95, 4097])
def test_sum_folds_in_the_documented_lane_order(cols):
    x = np.random.default_rng(cols).standard_normal((3, cols)).astype(np.float32) * 1e3
    eager = np.asarray(mx.sum(mx.array(x), axis=-1))
    expect = np.array([lane_sum(r) for r in x], np.float32)
    np.testing.assert_array_equal(eager.view(np.uint32), expect.view(np.uint32))
    compiled = np.asarray(mx.compile(lambda a: mx.sum(a * 1.0, axis=-1, keepdims=True))(mx.array(x)))
    np.testing.assert_array_equal(compiled[:, 0].view(np.uint32), expect.view(np.uint32))


@pytest.mark.parametrize("dtype", FLOATS, ids=str)
@pytest.mark.parametrize("cols", [63, 64, 65, 4097])
def test_compiled_row_reductions_equal_eager_at_lane_boundaries(dtype, cols):
    x = data((3, cols), dtype, seed=cols)
    for op in (mx.sum, mx.max, mx.min, mx.prod):
        def fn(a, op=op):
            return op(a * 1.5, axis=-1, keepdims=True) + a
        assert_bits(mx.compile(fn)(x), fn(x))


def half_edge_floats():
    specials = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 65504, 65519.99, 65520, 65536,
                         -65520, 6.1035156e-05, 6.1e-05, 5.96e-08, 2.98e-08, 2.99e-08,
                         1e-30, -1e-30, 3.4e38, 1.0 + 2 ** -11, 1.0 + 3 * 2 ** -11],
                        np.float32)
    rng = np.random.default_rng(11)
    bits = rng.integers(0, 2 ** 32, size=1 << 16, dtype=np.uint64).astype(np.uint32)
    # Plus a dense sweep of the half range's exponents with tie patterns.
    mant = (np.arange(1 << 12, dtype=np.uint32) << 11) | 0x1000
    exps = np.arange(100, 146, dtype=np.uint32) << 23
    dense = (exps[:, None] | mant[None, :]).ravel()
    return np.concatenate([specials, bits.view(np.float32), dense.view(np.float32)])


def test_float16_rounding_in_kernels_matches_conversion():
    x = mx.array(half_edge_floats())

    def fn(a):
        # The float16 product is an intermediate: the kernel rounds it in
        # float registers (round_to_half), then widens it again.
        return (a.astype(mx.float16) * mx.array(1.0, mx.float16)).astype(mx.float32) * 1.0

    out = np.asarray(mx.compile(fn)(x))
    with np.errstate(over="ignore"):
        ref = np.asarray(x).astype(np.float16).astype(np.float32)
    np.testing.assert_array_equal(np.isnan(out), np.isnan(ref))
    ok = ~np.isnan(ref)
    np.testing.assert_array_equal(out[ok].view(np.uint32), ref[ok].view(np.uint32))
    assert "round_to_half" in mx._core._last_jit_source()
