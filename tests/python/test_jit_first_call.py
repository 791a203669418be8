"""Fast first builds of the CPU JIT: emitted kernels include no standard header
(only programs with complex values include <complex>) and only the functors
they call, and they compute what the eager kernels compute (integers exactly;
floats up to the contraction of a*b+c into one FMA that -march=native kernels
allow, as test_compile_differential.py)."""
import math
import shutil
import subprocess

import numpy as np
import pytest

import mxcore as mx

CXX = shutil.which("g++") or shutil.which("c++")
needs_cxx = pytest.mark.skipif(CXX is None, reason="no C++ compiler for the JIT")


def gelu(x):
    return x * 0.5 * (1 + mx.erf(x / math.sqrt(2)))


def assert_matches_eager(got, want, rtol):
    g, w = np.array(got.astype(mx.float64) if got.dtype != mx.complex64 else got), \
        np.array(want.astype(mx.float64) if want.dtype != mx.complex64 else want)
    assert got.dtype == want.dtype
    np.testing.assert_allclose(g, w, rtol=rtol, atol=rtol, equal_nan=True)


def built_source(fun, *args):
    out = mx.compile(fun)(*args)
    mx.eval(out)
    return out, mx._core._last_jit_source()


def headers_of(source, tmp_path):
    path = tmp_path / "k.cpp"
    path.write_text(source)
    deps = subprocess.run([CXX, "-std=c++20", "-march=native", "-M", str(path)],
                          capture_output=True, text=True, check=True).stdout
    # stdc-predef.h is the one file g++ pre-includes into every translation unit.
    return [d for d in deps.replace("\\\n", " ").split()[1:]
            if d != str(path) and not d.endswith("stdc-predef.h")]


@needs_cxx
def test_real_kernel_includes_no_header(tmp_path):
    x = mx.array(np.linspace(-3, 3, 1003, dtype=np.float32))
    out, src = built_source(gelu, x)
    assert "#define MXCORE_JIT_COMPLEX" not in src
    assert headers_of(src, tmp_path) == []
    assert_matches_eager(out, gelu(x), 1e-6)


@needs_cxx
def test_kernel_holds_only_the_functors_it_calls():
    x = mx.array(np.arange(17, dtype=np.float32))
    _, src = built_source(lambda a: mx.exp(a) * 2 + 1, x)
    assert "MXCORE_INEXACT_UNARY(Exp," in src
    assert "struct Multiply {" in src and "struct Add {" in src
    for absent in ("struct Power {", "MXCORE_INEXACT_UNARY(Sin,", "struct DivMod {",
                   "struct Erf {"):
        assert absent not in src


@needs_cxx
def test_complex_kernel_includes_complex_and_matches_eager():
    z = mx.array((np.linspace(-2, 2, 301) + 1j * np.linspace(1, -1, 301)).astype(np.complex64))

    def f(a):
        return mx.exp(a) * a + mx.sqrt(a) - mx.log(a)

    out, src = built_source(f, z)
    assert "#define MXCORE_JIT_COMPLEX" in src
    assert_matches_eager(out, f(z), 1e-6)


@needs_cxx
@pytest.mark.parametrize("dtype", [mx.float16, mx.bfloat16, mx.float32, mx.float64])
def test_float_math_matches_eager(dtype):
    x = mx.array(np.linspace(-4, 4, 517).astype(np.float32)).astype(dtype)

    def f(a):
        b = mx.sin(a) * mx.cos(a) + mx.tanh(a) - mx.expm1(a * 0.1)
        c = mx.log1p(mx.abs(a)) + mx.arctan2(a, b + 2) + mx.power(mx.abs(a) + 1, b)
        return mx.maximum(b, c) + mx.floor(a) * mx.sigmoid(c) + mx.remainder(a, 1.5)

    rtol = {mx.float16: 2e-3, mx.bfloat16: 1.6e-2}.get(dtype, 1e-5)
    assert_matches_eager(mx.compile(f)(x), f(x), rtol)


@needs_cxx
def test_integer_kernel_limits_and_shifts_match_eager():
    x = mx.array(np.array([-(2**31), -7, -1, 0, 1, 5, 2**31 - 1], dtype=np.int32))
    s = mx.array(np.array([0, 1, 31, 32, 40, 3, 2], dtype=np.int32))

    def f(a, b):
        return mx.right_shift(a, b) + mx.left_shift(a, b) + a // (b - 2) + mx.maximum(a, b)

    assert np.array_equal(np.array(mx.compile(f)(x, s)), np.array(f(x, s)))


@needs_cxx
def test_row_kernel_with_half_rows_matches_eager():
    x = mx.array(np.random.default_rng(0).normal(size=(7, 37)).astype(np.float16))

    def softmax(a):
        m = mx.max(a, axis=-1, keepdims=True)
        e = mx.exp(a - m)
        return e / mx.sum(e, axis=-1, keepdims=True)

    assert_matches_eager(mx.compile(softmax)(x), softmax(x), 2e-3)
