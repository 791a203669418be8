"""Function export and import: each imported function is checked against the
eager result of the same function on the same inputs."""
import os
import random

import numpy as np
import pytest

import mxcore as mx


def close(a, b, tol=1e-5):
    if a.dtype == mx.bfloat16:  # NumPy has no bfloat16
        a, b = a.astype(mx.float32), b.astype(mx.float32)
    return np.allclose(np.array(a), np.array(b), rtol=tol, atol=tol)


def roundtrip(tmp_path, fun, *args, shapeless=False, **kwargs):
    path = str(tmp_path / "fun.mxfn")
    mx.export_function(path, fun, *args, shapeless=shapeless, **kwargs)
    return mx.import_function(path)


def check_same(tmp_path, fun, *args, tol=1e-5, **kwargs):
    imported = roundtrip(tmp_path, fun, *args, **kwargs)
    expected = fun(*args, **kwargs)
    if isinstance(expected, mx.array):
        expected = (expected,)
    got = imported(*args, **kwargs)
    assert isinstance(got, tuple)
    assert len(got) == len(expected)
    for g, e in zip(got, expected):
        assert g.shape == e.shape and g.dtype == e.dtype
        assert close(g, e, tol)
    return imported


def test_add_returns_tuple(tmp_path):
    f = roundtrip(tmp_path, lambda x, y: x + y, mx.array(1.0), mx.array(1.0))
    (out,) = f(mx.array(1.0), mx.array(2.0))
    assert out.item() == 3.0
    (out,) = f(mx.array(1.0), mx.array(3.0))
    assert out.item() == 4.0


def test_wrong_dtype_or_shape_raises(tmp_path):
    f = roundtrip(tmp_path, lambda x, y: x + y, mx.array(1.0), mx.array(1.0))
    with pytest.raises(ValueError, match="import_function"):
        f(mx.array(1), mx.array(3.0))
    with pytest.raises(ValueError, match="import_function"):
        f(mx.array([1.0, 2.0]), mx.array(3.0))
    with pytest.raises(ValueError):
        f(mx.array(1.0))


def test_unary_chain(tmp_path):
    x = mx.random.uniform(shape=(4, 5)) + 0.5
    check_same(tmp_path, lambda x: mx.exp(mx.log(x) * 2.0).sqrt() + mx.sin(x) - mx.tanh(x), x)


def test_multiple_outputs_and_list_return(tmp_path):
    x = mx.arange(12, dtype=mx.float32).reshape(3, 4)
    check_same(tmp_path, lambda x: [x.sum(axis=0), x.max(axis=1), mx.argmin(x, axis=0)], x)


def test_constants_are_stored(tmp_path):
    w = mx.random.normal((5, 3))
    b = mx.array([1.0, -2.0, 3.0])
    wt = mx.transpose(mx.random.normal((3, 5)))
    mx.eval(w, wt)  # evaluated: stored as constants, wt as a strided view
    imported = check_same(tmp_path, lambda x: x @ w + b + (x @ wt).sum(), mx.ones((2, 5)))
    (out,) = imported(mx.zeros((2, 5)))
    assert close(out, mx.broadcast_to(b, (2, 3)))


def test_kwargs_any_order(tmp_path):
    def fun(x, *, scale, shift):
        return x * scale - shift

    x, s, t = mx.array([1.0, 2.0]), mx.array(3.0), mx.array(0.5)
    f = roundtrip(tmp_path, fun, x, scale=s, shift=t)
    (a,) = f(x, shift=t, scale=s)
    (b,) = f(x, scale=s, shift=t)
    assert close(a, fun(x, scale=s, shift=t)) and close(a, b)
    with pytest.raises(ValueError):
        f(x, scale=s)
    with pytest.raises(ValueError):
        f(x, s, t)


def test_tuple_and_dict_inputs(tmp_path):
    def fun(x, y, z):
        return x * y + z

    x, y, z = mx.array([1.0, 2.0]), mx.array([3.0, 4.0]), mx.array([5.0, 6.0])
    path = str(tmp_path / "f.mxfn")
    mx.export_function(path, fun, (x, y), {"z": z})
    f = mx.import_function(path)
    assert close(f((x, y), {"z": z})[0], fun(x, y, z))
    assert close(f(x, y, z=z)[0], fun(x, y, z))
    with pytest.raises(ValueError, match="Inputs can either"):
        mx.export_function(path, fun, 1.0, y, z=z)


def test_shapeless(tmp_path):
    def fun(x, y):
        return mx.exp(x) * y + 1.0

    f = roundtrip(tmp_path, fun, mx.ones((2, 3)), mx.ones((2, 3)), shapeless=True)
    for shape in [(2, 3), (5, 7), (1, 1)]:
        x = mx.random.normal(shape)
        y = mx.random.normal(shape)
        assert close(f(x, y)[0], fun(x, y))
    with pytest.raises(ValueError):
        f(mx.ones((3,)), mx.ones((3,)))  # ndim differs
    with pytest.raises(ValueError):
        f(mx.ones((2, 3), dtype=mx.int32), mx.ones((2, 3)))


def test_not_shapeless_rejects_new_shapes(tmp_path):
    f = roundtrip(tmp_path, lambda x: x * 2, mx.ones((2, 3)))
    with pytest.raises(ValueError, match="No exported trace"):
        f(mx.ones((3, 3)))


def test_exporter_several_traces(tmp_path):
    def fun(*args):
        return sum(args)

    path = str(tmp_path / "f.mxfn")
    with mx.exporter(path, fun) as exporter:
        exporter(mx.array(1))
        exporter(mx.array(1), mx.array(2))
        exporter(mx.array(1), mx.array(2), mx.array(3))
        exporter(mx.array([1.0, 2.0]))
    f = mx.import_function(path)
    assert f(mx.array(4))[0].item() == 4
    assert f(mx.array(4), mx.array(5))[0].item() == 9
    assert f(mx.array(1), mx.array(2), mx.array(7))[0].item() == 10
    assert f(mx.array([3.0, 4.0]))[0].tolist() == [3.0, 4.0]
    with pytest.raises(ValueError):
        f(mx.array(1), mx.array(2), mx.array(3), mx.array(4))
    with pytest.raises(RuntimeError, match="closed"):
        exporter(mx.array(1))


def test_exporter_shapeless_kwargs(tmp_path):
    def fun(x, y=None):
        return x * 2 if y is None else x * y

    path = str(tmp_path / "f.mxfn")
    with mx.exporter(path, fun, shapeless=True) as exporter:
        exporter(mx.ones((2,)))
        exporter(mx.ones((2,)), y=mx.ones((2,)))
    f = mx.import_function(path)
    x = mx.arange(5, dtype=mx.float32)
    assert close(f(x)[0], x * 2)
    assert close(f(x, y=x)[0], x * x)


def test_control_flow_on_traced_values_raises(tmp_path):
    def fun(x):
        if (x.sum() > 0).item():
            return x
        return -x

    with pytest.raises((ValueError, RuntimeError)):
        mx.export_function(str(tmp_path / "f.mxfn"), fun, mx.ones((3,)))


def test_python_control_flow_on_shapes_is_baked(tmp_path):
    def fun(x):
        return x * 2 if x.shape[0] > 2 else x * 3

    path = str(tmp_path / "f.mxfn")
    with mx.exporter(path, fun) as e:
        e(mx.ones((3,)))
        e(mx.ones((2,)))
    f = mx.import_function(path)
    assert f(mx.ones((3,)))[0].tolist() == [2.0] * 3
    assert f(mx.ones((2,)))[0].tolist() == [3.0] * 2


def test_random_with_key_input(tmp_path):
    def fun(key, x):
        return x + mx.random.normal((3, 4), key=key) + mx.random.uniform(shape=(3, 4), key=key)

    key = mx.random.key(3)
    x = mx.ones((3, 4))
    f = check_same(tmp_path, fun, key, x)
    k2 = mx.random.key(7)
    assert close(f(k2, x)[0], fun(k2, x))


def test_random_without_key_is_a_constant(tmp_path):
    def fun(x):
        return x + mx.random.uniform(shape=(4,))

    f = roundtrip(tmp_path, fun, mx.zeros((4,)))
    a = f(mx.zeros((4,)))[0]
    b = f(mx.zeros((4,)))[0]
    assert close(a, b)
    assert np.all((np.array(a) >= 0) & (np.array(a) < 1))


def test_gather_scatter_indexing(tmp_path):
    def fun(x, idx):
        y = x[idx]
        z = x.at[idx].add(1.0)
        w = mx.take_along_axis(x, mx.argsort(x, axis=1), axis=1)
        return y, z, w, x[1:, ::2]

    x = mx.random.normal((5, 4))
    check_same(tmp_path, fun, x, mx.array([0, 3, 3]))


def test_searchsorted_sort_cumsum(tmp_path):
    def fun(a, v):
        return mx.searchsorted(a, v), mx.searchsorted(a, v, side="right"), mx.cumsum(a), mx.sort(v)

    check_same(tmp_path, fun, mx.array([1.0, 2.0, 2.0, 5.0]), mx.array([2.0, 0.0, 6.0]))


def test_conv(tmp_path):
    x = mx.random.normal((1, 8, 8, 3))
    w = mx.random.normal((4, 3, 3, 3))
    check_same(tmp_path, lambda x, w: mx.conv2d(x, w, stride=2, padding=1), x, w, tol=1e-4)
    x1 = mx.random.normal((2, 10, 4))
    w1 = mx.random.normal((6, 3, 4))
    check_same(tmp_path, lambda x, w: mx.conv1d(x, w, dilation=2), x1, w1, tol=1e-4)


def test_quantized_matmul(tmp_path):
    w = mx.random.normal((32, 64))
    wq, scales, biases = mx.quantize(w, group_size=32, bits=4)

    def fun(x):
        return mx.quantized_matmul(x, wq, scales, biases, transpose=True, group_size=32, bits=4)

    check_same(tmp_path, fun, mx.random.normal((3, 64)), tol=1e-4)


def test_grad_of_function_exported(tmp_path):
    def loss(w, x):
        return (mx.tanh(x @ w) ** 2).sum()

    g = mx.grad(loss)
    check_same(tmp_path, g, mx.random.normal((4, 2)), mx.random.normal((3, 4)), tol=1e-4)


def test_custom_function_forward(tmp_path):
    @mx.custom_function
    def f(x):
        return mx.exp(x) * 2

    @f.vjp
    def f_vjp(primals, cotangent, output):
        return (cotangent * 3,)

    check_same(tmp_path, lambda x: f(x) + 1, mx.array([0.0, 1.0, 2.0]))


def test_compiled_function_exports(tmp_path):
    cf = mx.compile(lambda x, y: mx.maximum(x * y + 1, 0.0))
    check_same(tmp_path, cf, mx.random.normal((4, 4)), mx.random.normal((4, 4)))


def test_dtypes_and_casts(tmp_path):
    def fun(x, y):
        return x.astype(mx.float16) * 2, (y << 2) & 7, mx.logical_not(x > 1), x.view(mx.int32)

    check_same(tmp_path, fun, mx.array([1.0, 2.0, 3.0]), mx.array([1, 2, 3], dtype=mx.int16))


def test_shape_ops(tmp_path):
    def fun(x):
        y = mx.concatenate([x, x * 2], axis=1)
        return (mx.transpose(y, (1, 0)).reshape(2, -1), mx.pad(x, 1), mx.split(x, 2, axis=0)[1],
                mx.broadcast_to(x[:, :1], (4, 3)), mx.arange(3) + 1, mx.where(x > 0, x, 0.0))

    check_same(tmp_path, fun, mx.random.normal((4, 3)))


def test_linalg_and_fft(tmp_path):
    a = mx.random.normal((4, 4))
    spd = a @ a.T + 4 * mx.eye(4)

    def fun(m):
        return (mx.linalg.inv(m), mx.linalg.cholesky(m), mx.fft.rfft(m[0]).real,
                mx.linalg.qr(m)[1].abs())

    check_same(tmp_path, fun, spd, tol=1e-4)


def test_fast_ops(tmp_path):
    x = mx.random.normal((2, 5, 8))
    w = mx.ones((8,))
    check_same(tmp_path, lambda x: mx.fast.rms_norm(x, w, 1e-5), x, tol=1e-4)
    check_same(tmp_path, lambda x: mx.softmax(x, axis=-1), x, tol=1e-5)


def test_closure_over_input_raises(tmp_path):
    x = mx.ones((2,))
    y_lazy = x * 3  # a lazy outside array becomes part of the graph

    f = roundtrip(tmp_path, lambda a: a + y_lazy, mx.ones((2,)))
    assert f(mx.ones((2,)))[0].tolist() == [4.0, 4.0]


def test_non_array_output_raises(tmp_path):
    with pytest.raises(ValueError, match="must return"):
        mx.export_function(str(tmp_path / "f"), lambda x: 3, mx.ones((1,)))


def test_bad_file_argument(tmp_path):
    with pytest.raises((ValueError, TypeError)):
        mx.export_function(42, lambda x: x, mx.ones((1,)))
    with pytest.raises(RuntimeError, match="Cannot open"):
        mx.import_function(str(tmp_path / "missing.mxfn"))


def test_pathlike_file(tmp_path):
    path = tmp_path / "f.mxfn"
    mx.export_function(path, lambda x: x + 1, mx.ones((2,)))
    assert mx.import_function(path)(mx.ones((2,)))[0].tolist() == [2.0, 2.0]


def exported_bytes(tmp_path):
    w = mx.random.normal((6, 6))

    def fun(x, idx):
        return mx.softmax(x @ w, axis=-1)[idx].sum(), mx.cumsum(x, axis=0)

    path = tmp_path / "real.mxfn"
    mx.export_function(str(path), fun, mx.ones((6, 6)), mx.array([0, 2]))
    return path.read_bytes()


def test_truncated_files_raise(tmp_path):
    data = exported_bytes(tmp_path)
    path = tmp_path / "cut.mxfn"
    for i in range(20):
        path.write_bytes(data[: len(data) * i // 20])
        with pytest.raises(RuntimeError, match="cut.mxfn"):
            mx.import_function(str(path))


def test_flipped_bytes_raise(tmp_path):
    data = exported_bytes(tmp_path)
    path = tmp_path / "flip.mxfn"
    rng = random.Random(0)
    for _ in range(60):
        b = bytearray(data)
        for _ in range(rng.randint(1, 3)):
            b[rng.randrange(len(b))] ^= 1 << rng.randrange(8)
        path.write_bytes(bytes(b))
        with pytest.raises(RuntimeError, match="flip.mxfn"):
            mx.import_function(str(path))


def test_bad_magic_and_version(tmp_path):
    data = bytearray(exported_bytes(tmp_path))
    path = tmp_path / "bad.mxfn"
    path.write_bytes(b"NOTMXFN!" + bytes(data[8:]))
    with pytest.raises(RuntimeError, match="magic"):
        mx.import_function(str(path))
    data[8] = 99
    path.write_bytes(bytes(data))
    with pytest.raises(RuntimeError, match="version 99"):
        mx.import_function(str(path))


def test_no_leak_on_repeated_import_and_call(tmp_path):
    w = mx.random.normal((64, 64))
    path = str(tmp_path / "f.mxfn")
    mx.export_function(path, lambda x: (x @ w).sum(), mx.ones((8, 64)))
    x = mx.ones((8, 64))
    mx.eval(mx.import_function(path)(x)[0])
    mx.clear_cache()
    start = mx.get_active_memory()
    for _ in range(30):
        f = mx.import_function(path)
        mx.eval(f(x)[0])
        del f
    mx.clear_cache()
    assert mx.get_active_memory() <= start + 1024


def test_grad_and_vmap_through_imported_function(tmp_path):
    def fun(x, w):
        return mx.sin(x @ w).sum(axis=-1)

    x, w = mx.random.normal((3, 4)), mx.random.normal((4, 2))
    f = roundtrip(tmp_path, fun, x, w)
    g_imported = mx.grad(lambda w: f(x, w)[0].sum())(w)
    g_eager = mx.grad(lambda w: fun(x, w).sum())(w)
    assert close(g_imported, g_eager, 1e-4)
    xs = mx.random.normal((5, 3, 4))
    assert close(mx.vmap(lambda x: f(x, w)[0])(xs), mx.vmap(lambda x: fun(x, w))(xs), 1e-4)


def test_custom_function_grad_after_import_raises(tmp_path):
    @mx.custom_function
    def f(x):
        return x * 2

    @f.vjp
    def f_vjp(primals, cotangent, output):
        return (cotangent * 5,)

    imported = roundtrip(tmp_path, f, mx.array([1.0, 2.0]))
    assert imported(mx.array([3.0, 4.0]))[0].tolist() == [6.0, 8.0]
    with pytest.raises(ValueError, match="custom_function"):
        mx.grad(lambda x: imported(x)[0].sum())(mx.array([1.0, 2.0]))


def test_identity_and_constant_outputs(tmp_path):
    c = mx.array([7, 8], dtype=mx.int64)
    f = roundtrip(tmp_path, lambda x, y: (y, x, c), mx.array(1.5), mx.array([1, 2]))
    y, x, k = f(mx.array(2.5), mx.array([3, 4]))
    assert x.item() == 2.5 and y.tolist() == [3, 4] and k.tolist() == [7, 8]
    assert k.dtype == mx.int64


def test_constants_of_every_kind_of_dtype(tmp_path):
    consts = [mx.array([1.5, -2.25], dtype=t) for t in (mx.float16, mx.bfloat16, mx.float64)]
    consts.append(mx.array([1 + 2j, 3 - 1j]))
    consts.append(mx.array([True, False]))
    consts.append(mx.array([250, 3], dtype=mx.uint8))

    def fun(x):
        return [c + x.astype(c.dtype) if c.dtype != mx.bool_ else c & (x > 0) for c in consts]

    check_same(tmp_path, fun, mx.array([1.0, 0.0]))


def test_shapeless_broadcast(tmp_path):
    def fun(x, b):
        return x * 2 + b

    f = roundtrip(tmp_path, fun, mx.ones((2, 3)), mx.ones((3,)), shapeless=True)
    x, b = mx.random.normal((4, 5)), mx.random.normal((5,))
    assert close(f(x, b)[0], fun(x, b))


def test_deep_chain(tmp_path):
    def fun(x):
        for _ in range(20000):
            x = x + 1
        return x

    f = roundtrip(tmp_path, fun, mx.zeros((2,)))
    assert f(mx.ones((2,)))[0].tolist() == [20001.0, 20001.0]


def test_metadata(tmp_path):
    path = str(tmp_path / "f.mxfn")
    mx.export_function(path, lambda x: x + 1, mx.ones((2,)), metadata={"author": "me", "v": "3"})
    f = mx.import_function(path)
    assert f.metadata == {"author": "me", "v": "3"}
    with mx.exporter(path, lambda x: x, metadata={"k": "v"}) as e:
        e(mx.ones((1,)))
    assert mx.import_function(path).metadata == {"k": "v"}
    mx.export_function(path, lambda x: x, mx.ones((1,)))
    assert mx.import_function(path).metadata == {}


def test_export_to_callback(tmp_path):
    records = []
    w = mx.array([2.0, 3.0])
    mx.export_function(records.append, lambda x, *, y: (x * w + y,), mx.ones((2,)), y=mx.ones((2,)))
    types = [r["type"] for r in records]
    assert types == ["inputs", "keyword_inputs", "constants", "primitive", "primitive", "outputs"]
    (x_name, x_shape, x_dtype), = records[0]["inputs"]
    assert x_shape == (2,) and x_dtype == mx.float32
    assert records[1]["keywords"][0][0] == "y"
    (c_name, c_value), = records[2]["constants"]
    assert c_value.tolist() == [2.0, 3.0]
    mul, add = records[3], records[4]
    assert mul["name"] == "Multiply" and mul["inputs"] == [x_name, c_name]
    assert add["name"] == "Add" and add["outputs"][0][0] == records[5]["outputs"][0][0]
