"""QuantizedMatmul's kernel (affine, transposed: nn.QuantizedLinear's layout)
unpacks w as it multiplies. Against float64 products with the dequantized
matrix, for every bit width, group size, row count and float type; its
gradients, vmap, compile and export are those of dequantize + matmul."""
import numpy as np
import pytest

import mxcore as mx


def quantized(rng, n, k, group_size, bits, dtype):
    w = mx.array(rng.standard_normal((n, k)).astype(np.float32) * 0.1).astype(dtype)
    wq, scales, biases = mx.quantize(w, group_size=group_size, bits=bits)
    return wq, scales, biases


def reference(x, wq, scales, biases, group_size, bits):
    wd = mx.dequantize(wq, scales, biases, group_size=group_size, bits=bits)
    xf = np.array(x.astype(mx.float32)).astype(np.float64)
    return xf @ np.array(wd.astype(mx.float32)).astype(np.float64).T


def check(got, expected, dtype):
    tol = {mx.float32: 1e-4, mx.float16: 3e-3, mx.bfloat16: 2e-2}[dtype]
    scale = np.abs(expected).max() + 1e-6
    got = np.array(got.astype(mx.float32)).astype(np.float64)
    np.testing.assert_allclose(got, expected, rtol=tol, atol=tol * scale)


@pytest.mark.parametrize("bits", [2, 4, 8])
@pytest.mark.parametrize("group_size", [32, 64, 128])
@pytest.mark.parametrize("rows", [1, 3, 8, 9, 40])
def test_against_dequantized_product(bits, group_size, rows):
    rng = np.random.default_rng(bits * 100 + group_size + rows)
    n, k = 72, 512
    wq, scales, biases = quantized(rng, n, k, group_size, bits, mx.float32)
    x = mx.array(rng.standard_normal((rows, k)).astype(np.float32))
    got = mx.quantized_matmul(x, wq, scales, biases, transpose=True, group_size=group_size,
                              bits=bits)
    assert got.shape == (rows, n) and got.dtype == mx.float32
    check(got, reference(x, wq, scales, biases, group_size, bits), mx.float32)


@pytest.mark.parametrize("dtype", [mx.float16, mx.bfloat16])
@pytest.mark.parametrize("rows", [1, 5, 33])
def test_half_types(dtype, rows):
    rng = np.random.default_rng(rows)
    wq, scales, biases = quantized(rng, 40, 256, 64, 4, dtype)
    x = mx.array(rng.standard_normal((2, rows, 256)).astype(np.float32)).astype(dtype)
    got = mx.quantized_matmul(x, wq, scales, biases, transpose=True, group_size=64, bits=4)
    assert got.shape == (2, rows, 40) and got.dtype == dtype
    check(got, reference(x.reshape(-1, 256), wq, scales, biases, 64, 4).reshape(2, rows, 40),
          dtype)
    # float32 input with half scales computes in float32.
    xf = x.astype(mx.float32)
    got = mx.quantized_matmul(xf, wq, scales, biases, transpose=True, group_size=64, bits=4)
    assert got.dtype == mx.float32


def test_strided_input_and_vector():
    rng = np.random.default_rng(1)
    wq, scales, biases = quantized(rng, 30, 128, 32, 8, mx.float32)
    big = mx.array(rng.standard_normal((6, 256)).astype(np.float32))
    x = big[::2, ::2]
    got = mx.quantized_matmul(x, wq, scales, biases, group_size=32, bits=8)
    check(got, reference(x, wq, scales, biases, 32, 8), mx.float32)
    v = big[0, :128]
    got = mx.quantized_matmul(v, wq, scales, biases, group_size=32, bits=8)
    assert got.shape == (30,)
    check(got, reference(v[None], wq, scales, biases, 32, 8)[0], mx.float32)


def composed(x, wq, scales, biases, group_size, bits):
    wd = mx.dequantize(wq, scales, biases, group_size=group_size, bits=bits)
    return x @ wd.T


@pytest.mark.parametrize("bits", [4, 8])
def test_gradients_vmap_and_compile_match_the_composition(bits):
    rng = np.random.default_rng(bits)
    wq, scales, biases = quantized(rng, 24, 128, 64, bits, mx.float32)
    x = mx.array(rng.standard_normal((3, 128)).astype(np.float32))

    def loss(x, s, b):
        return (mx.quantized_matmul(x, wq, s, b, group_size=64, bits=bits) ** 2).sum()

    def loss_ref(x, s, b):
        return (composed(x, wq, s, b, 64, bits) ** 2).sum()

    grads = mx.grad(loss, argnums=(0, 1, 2))(x, scales, biases)
    expected = mx.grad(loss_ref, argnums=(0, 1, 2))(x, scales, biases)
    for g, e in zip(grads, expected):
        np.testing.assert_allclose(np.array(g), np.array(e), rtol=1e-4, atol=1e-4)

    tangent = mx.array(rng.standard_normal(x.shape).astype(np.float32))
    _, jv = mx.jvp(lambda x: mx.quantized_matmul(x, wq, scales, biases, group_size=64, bits=bits),
                   [x], [tangent])
    np.testing.assert_allclose(np.array(jv[0]),
                               np.array(composed(tangent, wq, scales, biases, 64, bits)),
                               rtol=1e-4, atol=1e-4)

    xs = mx.array(rng.standard_normal((5, 2, 128)).astype(np.float32))
    mapped = mx.vmap(lambda x: mx.quantized_matmul(x, wq, scales, biases, group_size=64,
                                                   bits=bits))(xs)
    np.testing.assert_allclose(np.array(mapped),
                               np.array(composed(xs, wq, scales, biases, 64, bits)),
                               rtol=1e-4, atol=1e-4)

    f = lambda x: mx.quantized_matmul(x, wq, scales, biases, group_size=64, bits=bits) + 1
    np.testing.assert_array_equal(np.array(mx.compile(f)(x)), np.array(f(x)))


def test_quantized_linear_layer_and_export(tmp_path):
    import mxcore.nn as nn

    rng = np.random.default_rng(2)
    layer = nn.Linear(256, 48)
    qlayer = nn.QuantizedLinear.from_linear(layer, group_size=64, bits=4)
    x = mx.array(rng.standard_normal((2, 7, 256)).astype(np.float32))
    expected = composed(x, qlayer.weight, qlayer.scales, qlayer.biases, 64, 4) + qlayer.bias
    np.testing.assert_allclose(np.array(qlayer(x)), np.array(expected), rtol=1e-4, atol=1e-4)

    path = str(tmp_path / "qmm.mlxfn")
    fn = lambda x: mx.quantized_matmul(x, qlayer.weight, qlayer.scales, qlayer.biases,
                                       group_size=64, bits=4)
    mx.export_function(path, fn, x)
    imported = mx.import_function(path)
    np.testing.assert_array_equal(np.array(imported(x)[0]), np.array(fn(x)))


def test_bad_inputs_still_raise():
    rng = np.random.default_rng(3)
    wq, scales, biases = quantized(rng, 8, 64, 64, 4, mx.float32)
    with pytest.raises(ValueError):
        mx.quantized_matmul(mx.ones((2, 32)), wq, scales, biases, group_size=64, bits=4)
    with pytest.raises(ValueError):  # scales of another group size
        mx.quantized_matmul(mx.ones((2, 64)), wq, scales, biases, group_size=32, bits=4)
    # Integer inputs promote with the scales (as MLX), through the composition.
    got = mx.quantized_matmul(mx.ones((2, 64), dtype=mx.int32), wq, scales, biases,
                              group_size=64, bits=4)
    check(got, reference(mx.ones((2, 64)), wq, scales, biases, 64, 4), mx.float32)


def test_empty_inner_dimension_gives_zeros():
    w = mx.zeros((8, 0), dtype=mx.uint32)
    s = mx.zeros((8, 0))
    got = mx.quantized_matmul(mx.zeros((2, 0)), w, s, s, group_size=64, bits=4)
    assert got.shape == (2, 8)
    np.testing.assert_array_equal(np.array(got), np.zeros((2, 8), np.float32))
