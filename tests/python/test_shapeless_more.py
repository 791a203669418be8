# Shapeless compile: traced graphs called with new shapes give the shapes and
# values of the uncompiled function.
import numpy as np
import pytest

import mxcore as mx


def check(fun, first, second):
    compiled = mx.compile(fun, shapeless=True)
    compiled(*[mx.array(a) for a in first])
    got = compiled(*[mx.array(a) for a in second])
    want = fun(*[mx.array(a) for a in second])
    got = got if isinstance(got, tuple) else (got,)
    want = want if isinstance(want, tuple) else (want,)
    for g, w in zip(got, want):
        assert g.shape == w.shape
        np.testing.assert_allclose(np.array(g), np.array(w), rtol=1e-5, atol=1e-6)
    return got


R = np.random.default_rng(0)
X23, Y3 = R.standard_normal((2, 3)).astype(np.float32), R.standard_normal(3).astype(np.float32)
X45, Y5 = R.standard_normal((4, 5)).astype(np.float32), R.standard_normal(5).astype(np.float32)


def test_a_large_graph_with_broadcasts():
    def f(x, y):
        z = x
        for k in range(40):
            z = mx.maximum(z * y + k, z - y[None, :]) / (1 + mx.abs(y))
        return z
    check(f, (X23, Y3[None]), (X45, Y5[None]))


def test_a_broadcast_shared_by_two_outputs():
    got = check(lambda x, y: (x + y, x * y), (X23, Y3), (X45, Y5))
    np.testing.assert_allclose(np.array(got[1]), X45 * Y5, rtol=1e-6)
    check(lambda x, y: (y + mx.zeros_like(x), (y + mx.zeros_like(x)) * 2), (X23, Y3), (X45, Y5))


@pytest.mark.parametrize("fun", [lambda x: mx.mean(x, axis=0), lambda x: mx.mean(x),
                                 lambda x: mx.var(x, axis=1), lambda x: mx.var(x, ddof=1),
                                 lambda x: mx.std(x, axis=0, keepdims=True)],
                         ids=["mean-axis", "mean-all", "var", "var-ddof", "std"])
def test_mean_and_variance_normalize_by_the_call_shape(fun):
    check(fun, (X23,), (X45,))


def test_mean_values_against_numpy():
    compiled = mx.compile(lambda x: mx.mean(x, axis=0), shapeless=True)
    compiled(mx.ones((2, 3)))
    x = np.arange(8.0, dtype=np.float32).reshape(4, 2)
    np.testing.assert_allclose(np.array(compiled(mx.array(x))), x.mean(axis=0))
    compiled = mx.compile(lambda x: mx.var(x), shapeless=True)
    compiled(mx.ones((2, 3)))
    np.testing.assert_allclose(compiled(mx.array(x)).item(), x.var(), rtol=1e-6)


def test_mean_under_vmap_and_grad():
    check(mx.vmap(lambda x: x.mean()), (X23,), (X45,))
    check(mx.grad(lambda x: mx.mean(x * x)), (X23,), (X45,))


def test_a_reduce_after_a_gather_with_a_new_index_length():
    idx1, idx2 = np.array([0, 1]), np.array([0, 1, 3])
    x1, x2 = R.standard_normal((3, 4)).astype(np.float32), R.standard_normal((5, 4)).astype(np.float32)
    check(lambda x, i: mx.sum(x[i], axis=0), (x1, idx1), (x2, idx2))
    check(lambda x, i: mx.mean(x[i], axis=0), (x1, idx1), (x2, idx2))


@pytest.mark.parametrize("fun", [lambda x: x[None] + 1, lambda x: mx.expand_dims(x, 0) * 2,
                                 lambda x: x[:, None] - 1],
                         ids=["none-index", "expand_dims", "middle"])
def test_a_reshape_adding_a_dim_under_vmap(fun):
    got = check(mx.vmap(fun), (X23,), (X45,))
    assert got[0].ndim == 3


def test_a_shapeless_export_of_a_mean_follows_the_call_shape(tmp_path):
    path = str(tmp_path / "mean.mlxfn")
    mx.export_function(path, lambda x: mx.mean(x, axis=1), mx.ones((2, 3)), shapeless=True)
    imported = mx.import_function(path)
    out = imported(mx.array(X45))
    out = out[0] if isinstance(out, (list, tuple)) else out
    np.testing.assert_allclose(np.array(out), X45.mean(axis=1), rtol=1e-5)
