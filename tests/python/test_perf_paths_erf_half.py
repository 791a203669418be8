"""Issue 10 part R's fast paths keep accuracy and the eager bits.

- exp and erf in float32 are evaluated with fused multiply-adds (eager
  kernels run an FMA clone of their loop; the JIT the same formula): erf is
  within 1 ulp of float64 erf on all floats of [-6, 6] step 2^-14 and the
  edges, exp within 1 ulp on its range; sigmoid, tanh and gelu follow.
- Compiled results equal the eager ones bit for bit (NaN payloads included)
  on dense sweeps and edges, contiguous and strided, in float32, float16
  and bfloat16.
- float16 / bfloat16 conversions in JIT kernels (16-lane block conversions,
  the scalar path, the in-register float16 rounding) equal the eager
  conversions for all 65536 bit patterns and for float32 values around every
  rounding boundary (ties, overflow to inf, underflow to subnormals and zero,
  NaN payloads).
- Row kernels convert a half row that several passes read once per row
  (while the row is short) and stay exact on rows of 1 to 8193 columns,
  contiguous or not.
"""
import math
import os
import subprocess
import tempfile

import numpy as np
import pytest

import mxcore as mx

SQRT_HALF = 1 / math.sqrt(2)


def bits_of(a):
    """The raw bits of an mxcore array (float32 as uint32, half as uint16)."""
    view = {mx.float32: mx.uint32, mx.float16: mx.uint16, mx.bfloat16: mx.uint16}[a.dtype]
    return np.asarray(a.view(view))


def from_bits(u, dtype):
    """An mxcore array of `dtype` holding the bit patterns u."""
    holder = mx.uint32 if dtype == mx.float32 else mx.uint16
    return mx.array(u).astype(holder).view(dtype)


def jit_runs(fn, *args):
    before = mx._core._jit_kernel_runs()
    out = fn(*args)
    mx.eval(out)
    return out, mx._core._jit_kernel_runs() - before


def f32(values):
    return np.asarray(values, dtype=np.float32)


def edge_bits():
    return np.array([
        0x00000000, 0x80000000,  # +-0
        0x00000001, 0x80000001, 0x00012345, 0x807fffff,  # denormals
        0x00800000, 0x80800000,  # smallest normals
        0x7f800000, 0xff800000,  # +-inf
        0x7fc00000, 0xffc00000, 0x7f800001, 0x7fa00000, 0x7fffffff, 0xff812345,  # NaNs
        0x7f7fffff, 0xff7fffff, 0x5f800000, 0xdf800000,  # huge
    ], dtype=np.uint32)


def erf_sweep():
    xs = (np.arange(-6 * 2**14, 6 * 2**14 + 1, dtype=np.float64) / 2**14).astype(np.float32)
    branch = np.float32(0.927734375)
    near = [np.nextafter(branch, np.float32(0)), branch, np.nextafter(branch, np.float32(9)),
            np.float32(3.9192), np.float32(3.92), np.float32(4.0), np.float32(4.0001)]
    near = f32(near)
    return np.concatenate([xs, near, -near, edge_bits().view(np.float32)])


def max_ulp(got, ref):
    """Largest |got - ref| in units of float32's spacing at ref (finite refs)."""
    got = got.astype(np.float64)
    ok = np.isfinite(ref) & (np.abs(ref) < 3.4e38)
    spacing = np.spacing(np.abs(ref[ok]).astype(np.float32)).astype(np.float64)
    err = np.abs(got[ok] - ref[ok]) / spacing
    return float(err.max())


def test_erf_within_one_ulp_of_float64():
    xs = erf_sweep()
    ref = np.array([math.erf(float(v)) if np.isfinite(v) else np.nan for v in xs])
    got = np.asarray(mx.erf(mx.array(xs)))
    assert max_ulp(got, ref) <= 1.0
    np.testing.assert_array_equal(got[np.isinf(xs)], np.sign(xs[np.isinf(xs)]))
    assert np.isnan(got[np.isnan(xs)]).all()
    zeros = np.nonzero(xs == 0)[0]
    np.testing.assert_array_equal(np.signbit(got[zeros]), np.signbit(xs[zeros]))
    assert (np.abs(got[np.abs(xs) >= 3.92]) == 1).all()


def test_exp_within_one_ulp_of_float64():
    xs = np.concatenate([np.linspace(-87, 88.7, 1 << 20, dtype=np.float32), erf_sweep()])
    with np.errstate(over="ignore", invalid="ignore"):  # signalling NaNs among the edges
        ref = np.exp(xs.astype(np.float64))
    got = np.asarray(mx.exp(mx.array(xs)))
    normal = np.abs(ref) >= 2.0**-126  # subnormal results carry the 2^n scaling's rounding too
    assert max_ulp(got[normal], ref[normal]) <= 1.0
    np.testing.assert_array_equal(got[xs == np.inf], np.inf)
    np.testing.assert_array_equal(got[xs == -np.inf], 0)
    assert (got[(xs > -104) & (xs < 88.7)] > 0).all()


def test_sigmoid_tanh_and_gelu_follow_exp_and_erf():
    xs = erf_sweep()
    with np.errstate(invalid="ignore"):
        x64 = xs.astype(np.float64)
    fin = np.isfinite(xs) & (np.abs(xs) < 1e10)
    with np.errstate(over="ignore"):
        sig_ref = 1 / (1 + np.exp(-x64))
    sig = np.asarray(mx.sigmoid(mx.array(xs)))
    assert max_ulp(sig[fin], sig_ref[fin]) <= 2.0
    th = np.asarray(mx.tanh(mx.array(xs)))
    assert max_ulp(th[fin], np.tanh(x64)[fin]) <= 3.0
    x = mx.array(xs)
    gelu = np.asarray(x * (1 + mx.erf(x * SQRT_HALF)) / 2)
    gelu_ref = np.array([v * (1 + math.erf(v * SQRT_HALF)) / 2 for v in x64[fin]])
    # Tails lose relative accuracy to 1 + erf's cancellation: compare absolutely there.
    np.testing.assert_allclose(gelu[fin], gelu_ref, rtol=4e-7, atol=2e-7)


def gelu(x, one):
    return x * (1 + mx.erf(x * SQRT_HALF)) / 2 * one


UNARY = {
    "erf": lambda x, one: mx.erf(x) * one,
    "exp": lambda x, one: mx.exp(x) * one,
    "sigmoid": lambda x, one: mx.sigmoid(x) * one,
    "tanh": lambda x, one: mx.tanh(x) * one,
    "gelu": gelu,
}


@pytest.mark.parametrize("dtype", [mx.float32, mx.float16, mx.bfloat16], ids=str)
@pytest.mark.parametrize("name", sorted(UNARY))
@pytest.mark.parametrize("strided", [False, True], ids=["contiguous", "strided"])
def test_compiled_equals_eager_bitwise(name, dtype, strided):
    xs = np.concatenate([erf_sweep(), np.linspace(-100, 100, 4099, dtype=np.float32)])
    n = len(xs) - len(xs) % 2
    x = mx.array(xs[:n]).astype(dtype)
    one = mx.ones((n,), dtype=dtype)
    if strided:  # a transposed view: the strided kernel
        x = x.reshape(2, n // 2).T
        one = one.reshape(n // 2, 2)
    fn = UNARY[name]
    eager = fn(x, one)
    compiled, runs = jit_runs(mx.compile(fn), x, one)
    assert runs >= 1
    np.testing.assert_array_equal(bits_of(compiled), bits_of(eager))


def test_gelu_kernel_vectorizes_sixteen_lanes():
    x = mx.array(np.linspace(-3, 3, 4096, dtype=np.float32))
    mx.eval(mx.compile(lambda a: a * (1 + mx.erf(a * SQRT_HALF)) / 2)(x))
    src = mx._core._last_jit_source()
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "gelu.cpp")
        with open(path, "w") as f:
            f.write(src)
        cxx = os.environ.get("MXCORE_CXX", "g++")
        res = subprocess.run([cxx, "-std=c++20", "-O3", "-march=native", "-fno-math-errno",
                              "-fno-trapping-math", "-w", "-c", path, "-o",
                              os.path.join(tmp, "gelu.o"), "-fopt-info-vec-optimized"],
                             capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr
    loop_line = next(i + 1 for i, line in enumerate(src.splitlines())
                     if line.lstrip().startswith("for (index_t i"))
    notes = [line for line in res.stderr.splitlines() if f"gelu.cpp:{loop_line}:" in line]
    with open("/proc/cpuinfo") as f:
        avx512 = " avx512f" in f.read()
    want = "64 byte vectors" if avx512 else "32 byte vectors"
    assert any("loop vectorized using " + want in line for line in notes), res.stderr


# ----------------------------------------------------------------- halves

def all_half_patterns():
    return np.arange(1 << 16, dtype=np.uint32)


@pytest.mark.parametrize("dtype", [mx.float16, mx.bfloat16], ids=str)
def test_half_loads_and_stores_of_all_patterns(dtype):
    h = from_bits(all_half_patterns(), dtype)
    one = mx.ones((1 << 16,), dtype=mx.float32)
    widen = lambda a, o: a.astype(mx.float32) * o  # load
    narrow = lambda a, o: (a.astype(mx.float32) * o).astype(dtype)  # load, store
    for fn in (widen, narrow):
        eager = fn(h, one)
        compiled, runs = jit_runs(mx.compile(fn), h, one)
        assert runs == 1
        np.testing.assert_array_equal(bits_of(compiled), bits_of(eager))
        # Strided: every other pattern of a (2, 32768) transpose.
        ht, ot = h.reshape(2, 1 << 15).T, one.reshape(1 << 15, 2)
        np.testing.assert_array_equal(bits_of(mx.compile(fn)(ht, ot)), bits_of(fn(ht, ot)))
    # float16's widening is exact: the bits NumPy gives.
    if dtype == mx.float16:
        want = all_half_patterns().astype(np.uint16).view(np.float16).astype(np.float32)
        got = np.asarray(mx.compile(widen)(h, one))
        ok = ~np.isnan(want)
        np.testing.assert_array_equal(got[ok].view(np.uint32), want[ok].view(np.uint32))


def rounding_boundaries(dtype):
    """float32 values at and beside every tie between adjacent values of dtype,
    around overflow and underflow, and NaNs with payloads."""
    if dtype == mx.float16:
        h = np.arange(0, 0x7c00, dtype=np.uint16).view(np.float16).astype(np.float64)
        nxt = np.arange(1, 0x7c01, dtype=np.uint16).view(np.float16).astype(np.float64)
        nxt[-1] = 65536.0  # the tie past the largest half is 65520
        extra = [65504, 65519.996, 65520, 65520.004, 1e5, 2.0**-25, 2.0**-25 * 1.0000001,
                 2.0**-24 * 1.5, 2.0**-26, 1e-45]
    else:
        u = np.arange(0, 0x7f80, dtype=np.uint32) << 16
        h = u.view(np.float32).astype(np.float64)
        nxt = ((u + 0x10000)).view(np.float32).astype(np.float64)
        nxt[-1] = 2.0**128
        extra = [3.3895314e38, 3.4e38, 2.0**-133, 2.0**-134, 1e-45, 1.2e-38]
    mid = ((h + nxt) / 2).astype(np.float32)
    pos = np.concatenate([h.astype(np.float32), mid, np.nextafter(mid, np.float32(0)),
                          np.nextafter(mid, np.float32(np.inf)), f32(extra)])
    pos = pos[np.isfinite(pos)]
    nan_bits = np.array([0x7fc00000, 0x7f800001, 0x7fa00000, 0x7fffffff, 0x7fffe000,
                         0x7f802000, 0x7fc01fff, 0xffc12345, 0xff800001], dtype=np.uint32)
    return np.concatenate([pos, -pos, f32([np.inf, -np.inf]), nan_bits.view(np.float32)])


@pytest.mark.parametrize("dtype", [mx.float16, mx.bfloat16], ids=str)
def test_float32_to_half_at_every_rounding_boundary(dtype):
    xs = rounding_boundaries(dtype)
    xs = np.concatenate([xs, np.zeros((-len(xs)) % 64, np.float32)])
    x = mx.array(xs)
    one = mx.ones(x.shape, dtype=mx.float32)
    store = lambda a, o: (a * o).astype(dtype)
    # Rounded in registers (round_to_half / the bfloat16 rounding), then widened.
    rounded = lambda a, o: (a * o).astype(dtype).astype(mx.float32) * o
    for fn in (store, rounded):
        eager = fn(x, one)
        np.testing.assert_array_equal(bits_of(mx.compile(fn)(x, one)), bits_of(eager))
        xt, ot = x.reshape(2, -1).T, one.reshape(-1, 2)
        np.testing.assert_array_equal(bits_of(mx.compile(fn)(xt, ot)), bits_of(fn(xt, ot)))
    # In a row kernel (the sum is exactly 1).
    rows = x.reshape(-1, 64)
    r = mx.full((rows.shape[0], 4), 0.25)
    in_row = lambda a, q: (a * mx.sum(q, axis=-1, keepdims=True)).astype(dtype)
    in_row_rounded = lambda a, q: (a * mx.sum(q, axis=-1, keepdims=True)).astype(dtype).astype(
        mx.float32) * mx.sum(q, axis=-1, keepdims=True)
    for fn in (in_row, in_row_rounded):
        compiled, runs = jit_runs(mx.compile(fn), rows, r)
        assert runs == 1
        np.testing.assert_array_equal(bits_of(compiled), bits_of(fn(rows, r)))
    if dtype == mx.float16:  # and the eager conversion is IEEE's (NumPy's), NaNs aside
        with np.errstate(over="ignore", invalid="ignore"):
            want = xs.astype(np.float16)
        got = np.asarray(store(x, one).view(mx.uint16)).view(np.float16)
        ok = ~np.isnan(xs)
        np.testing.assert_array_equal(got[ok].view(np.uint16), want[ok].view(np.uint16))


# ------------------------------------------------------------ row kernels

def layernorm(x, w, b):
    xf = x.astype(mx.float32)
    mean = mx.mean(xf, axis=-1, keepdims=True)
    var = mx.var(xf, axis=-1, keepdims=True)
    return w * ((xf - mean) * mx.rsqrt(var + 1e-4)).astype(x.dtype) + b


def softmax(x):
    e = mx.exp(x - mx.max(x, axis=-1, keepdims=True))
    return e / mx.sum(e, axis=-1, keepdims=True)


def half_data(shape, dtype, seed):
    x = np.random.default_rng(seed).standard_normal(shape).astype(np.float32) * 2
    return mx.array(x).astype(dtype)


@pytest.mark.parametrize("dtype", [mx.float16, mx.bfloat16], ids=str)
@pytest.mark.parametrize("cols", [1, 3, 15, 17, 4095, 4097, 8192, 8193])
@pytest.mark.parametrize("layout", ["contiguous", "sliced", "transposed"])
def test_half_row_kernels_exact(dtype, cols, layout):
    rows = 5
    if layout == "contiguous":
        x = half_data((rows, cols), dtype, cols)
    elif layout == "sliced":  # every other column of a wider array
        x = half_data((rows, 2 * cols), dtype, cols)[:, ::2]
    else:  # rows run down the columns of a transposed array
        x = half_data((cols, rows), dtype, cols).T
    w = half_data((cols,), dtype, 1)
    b = half_data((cols,), dtype, 2)
    for fn, args in ((layernorm, (x, w, b)), (softmax, (x,))):
        compiled = mx.compile(fn)
        out, runs = jit_runs(compiled, *args)
        np.testing.assert_array_equal(bits_of(out), bits_of(fn(*args)))
        if cols > 1:
            assert mx._core._graph_primitive_names(compiled(*args)) == ["Compiled"]
        if cols > 1 and layout == "contiguous":
            assert runs == 1


def test_layernorm_converts_each_half_row_once():
    x = half_data((8, 4096), mx.float16, 0)
    w = half_data((4096,), mx.float16, 1)
    b = half_data((4096,), mx.float16, 2)
    mx.eval(mx.compile(layernorm)(x, w, b))
    src = mx._core._last_jit_source()
    # x feeds the mean, the variance and the output pass: one conversion of
    # the row, and per-block conversions only where the row is too long.
    assert "const bool whole_rows = cols * 1 <= 8192;" in src
    assert src.count("if (whole_rows) mxcore_jit::mxj_half_block_to_float(") == 1
    assert src.count("if (!whole_rows) mxcore_jit::mxj_half_block_to_float(") == 3
