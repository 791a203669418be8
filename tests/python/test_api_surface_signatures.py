"""Calls written the MLX way where mxcore's signatures used to differ
(scripts/api_diff.py lists them), checked against NumPy; the names MLX has
(ArrayIterator, ArrayLike); and the diff script itself."""

import os
import subprocess
import sys
from typing import get_args

import numpy as np
import pytest

import mxcore as mx

PACKAGE_PARENT = os.path.dirname(os.path.dirname(mx.__file__))
REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


VALUES = np.array([1.5, np.nan, np.inf, -np.inf, -2.0], dtype=np.float32)


@pytest.mark.parametrize("name,ref", [
    ("isnan", np.isnan), ("isinf", np.isinf), ("isfinite", np.isfinite),
    ("isposinf", np.isposinf), ("isneginf", np.isneginf),
])
def test_float_predicates_take_the_stream_positionally(name, ref):
    got = getattr(mx, name)(mx.array(VALUES), mx.cpu)
    np.testing.assert_array_equal(np.array(got), ref(VALUES))


def test_bitwise_invert_round_view_take_the_stream_positionally():
    a = np.array([0, 5, -7], dtype=np.int32)
    np.testing.assert_array_equal(np.array(mx.bitwise_invert(mx.array(a), mx.cpu)), np.invert(a))
    x = np.array([1.234, -5.678], dtype=np.float32)
    np.testing.assert_allclose(np.array(mx.round(mx.array(x), 1, mx.cpu)), np.round(x, 1), rtol=1e-6)
    np.testing.assert_array_equal(np.array(mx.view(mx.array(x), mx.int32, mx.cpu)), x.view(np.int32))


def test_fftfreq_takes_the_stream_positionally():
    np.testing.assert_allclose(np.array(mx.fft.fftfreq(8, 0.5, mx.cpu)), np.fft.fftfreq(8, 0.5), rtol=1e-6)
    np.testing.assert_allclose(np.array(mx.fft.rfftfreq(9, 0.1, mx.cpu)), np.fft.rfftfreq(9, 0.1), rtol=1e-6)


def test_creation_dtype_defaults_to_float32_and_accepts_none():
    for make, ref in [
        (lambda **k: mx.zeros((2, 3), **k), np.zeros((2, 3))),
        (lambda **k: mx.ones((2,), **k), np.ones(2)),
        (lambda **k: mx.eye(3, 4, 1, **k), np.eye(3, 4, 1)),
        (lambda **k: mx.identity(3, **k), np.identity(3)),
        (lambda **k: mx.linspace(0, 1, 5, True, **k), np.linspace(0, 1, 5)),
    ]:
        for kwargs in ({}, {"dtype": None}):
            got = make(**kwargs)
            assert got.dtype == mx.float32
            np.testing.assert_allclose(np.array(got), ref, rtol=1e-6)
    assert "dtype: mxcore._core.Dtype | None = mlx.core.float32" in mx.zeros.__doc__.splitlines()[0]


def test_import_function_returns_metadata(tmp_path):
    def fun(x):
        return x * 2 + 1

    x = mx.array([1.0, 2.0])
    path = str(tmp_path / "f.mlxfn")
    mx.export_function(path, fun, x, metadata="model v1")  # MLX 0.32's form: one string
    imported, metadata = mx.import_function(path, return_metadata=True)
    assert metadata == "model v1"
    np.testing.assert_array_equal(np.array(imported(x)[0]), [3.0, 5.0])
    imported, metadata = mx.import_function(path, True)
    assert metadata == "model v1"
    assert isinstance(mx.import_function(path), mx.ImportedFunction)
    mx.export_function(path, fun, x, metadata={"a": "1", "b": "2"})
    imported, metadata = mx.import_function(path, return_metadata=True)
    assert metadata == {"a": "1", "b": "2"} and imported.metadata == metadata
    with pytest.raises(TypeError, match=r"\[export_function\] metadata must be a str or a dict"):
        mx.export_function(path, fun, x, metadata=3)


def test_distributed_init_accepts_all_gather_factory():
    calls = []
    group = mx.distributed.init(all_gather_factory=lambda rank, size: calls.append((rank, size)))
    assert (group.rank(), group.size()) == (0, 1) and calls == []  # only JACCL would call it
    np.testing.assert_array_equal(np.array(mx.distributed.all_sum(mx.array([1, 2]), group=group)), [1, 2])


def test_array_iterator_and_array_like_names():
    it = iter(mx.array([[1, 2], [3, 4]]))
    assert type(it) is mx.ArrayIterator
    assert [r.tolist() for r in it] == [[1, 2], [3, 4]]
    assert mx.ArrayIterator.__doc__
    # ArrayLike is the union of what ops accept, usable in annotations and isinstance.
    members = get_args(mx.ArrayLike)
    assert mx.array in members and np.ndarray in members

    def double(x: mx.ArrayLike) -> mx.array:
        return mx.multiply(x, 2)

    assert double([1, 2]).tolist() == [2, 4]
    for value in (mx.array(1), 1, 2.5, True, 1j, np.ones(2), [1, 2], (1,)):
        assert isinstance(value, mx.ArrayLike)
    assert not isinstance(None, mx.ArrayLike)


def load_api_diff():
    import importlib.util

    spec = importlib.util.spec_from_file_location("api_diff", os.path.join(REPO, "scripts", "api_diff.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_api_diff_parses_both_signature_styles():
    d = load_api_diff()
    params = d.parse_signature_line(
        "def sum(a: array, /, axis: None | int | Sequence[int] = None, keepdims: bool = False, "
        "*, stream: StreamOrDevice = None) -> array")
    assert [(p.name, d.KIND_NAMES[p.kind], p.default) for p in params] == [
        ("a", "positional-only", None), ("axis", "positional-or-keyword", "None"),
        ("keepdims", "positional-or-keyword", "False"), ("stream", "keyword-only", "None")]
    mx_params = d.parse_signature_line(
        "sum(a: object, axis: object = None, keepdims: bool = True, stream: None | Stream = None) -> array")
    assert d.differences(params, mx_params, False) == [
        "keepdims: default False in MLX, True in mxcore"]
    kw_only = d.parse_signature_line("f(a: object, *, stream: object = None) -> array")
    assert d.differences(d.parse_signature_line("f(a, stream=None)"), kw_only, False) == [
        "stream: MLX accepts it positionally, mxcore is keyword-only"]
    assert d.differences(d.parse_signature_line("f(a, b=1)"), d.parse_signature_line("f(a)"), False) == [
        "missing parameter b[positional-or-keyword]=1.0"]
    # mxcore's overload sets are read from the numbered lines of the docstring
    assert len(d.signatures(mx.arange, "arange")) == 2


def test_api_diff_finds_no_difference():
    env = dict(os.environ, PYTHONPATH=PACKAGE_PARENT)
    result = subprocess.run([sys.executable, os.path.join(REPO, "scripts", "api_diff.py")], capture_output=True,
                            text=True, env=env, timeout=300)
    assert result.returncode == 0, result.stderr
    # Where mlx is installed the report must be empty; elsewhere the script says so.
    assert result.stdout == "", result.stdout
    assert "0 difference(s)" in result.stderr or "mlx is not installed" in result.stderr, result.stderr


TYPED_NEW_NAMES = """
import mxcore as mx
x: mx.ArrayLike = [1.0, 2.0]
s: mx.array = mx.fft.stft(mx.ones((100,)), n_fft=16, hop_length=4)
y: mx.array = mx.fft.istft(s, hop_length=4, length=100)
q = mx.ones((1, 2, 1, 2))
out, state = mx.fast.gated_delta_update(q, q, q, mx.ones((1, 2, 1)), mx.ones((1, 2, 1)))
"""


def test_type_stubs_show_the_python_defined_functions(tmp_path):
    from test_packaging import mypy

    result = mypy(tmp_path, TYPED_NEW_NAMES)
    assert result.returncode == 0, result.stdout + result.stderr
    result = mypy(tmp_path, TYPED_NEW_NAMES + "mx.fft.stft(mx.ones((4,)), n_fft='16')\n")
    assert result.returncode == 1 and 'incompatible type "str"' in result.stdout, result.stdout
