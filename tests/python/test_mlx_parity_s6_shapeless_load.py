"""A shapeless compiled function may capture lazily loaded arrays (mx.load,
load_weights): they keep their shape while the inputs change, as in MLX."""

import numpy as np

import mxcore as mx


def test_shapeless_compile_with_lazily_loaded_weights(tmp_path):
    w_np = np.arange(6, dtype=np.float32).reshape(2, 3)
    path = str(tmp_path / "w.safetensors")
    mx.save_safetensors(path, {"w": mx.array(w_np)})
    w = mx.load(path)["w"]  # not evaluated yet
    f = mx.compile(lambda x: mx.tanh(x @ w) * 2, shapeless=True)
    for n in [2, 5, 1]:
        x = np.linspace(-1, 1, 2 * n, dtype=np.float32).reshape(n, 2)
        np.testing.assert_allclose(np.array(f(mx.array(x))), np.tanh(x @ w_np) * 2, rtol=1e-5,
                                   atol=1e-6)


def test_shapeless_compile_with_lazily_loaded_npy(tmp_path):
    path = str(tmp_path / "b.npy")
    mx.save(path, mx.array([1.0, 2.0, 3.0]))
    b = mx.load(path)
    f = mx.compile(lambda x: x + b, shapeless=True)
    for n in [2, 4]:
        np.testing.assert_array_equal(np.array(f(mx.zeros((n, 3)))), np.tile([1.0, 2.0, 3.0], (n, 1)))
