"""mx.load from a path is lazy, as in MLX: the arrays read their bytes when
evaluated, so a file truncated after load returned raises RuntimeError
("[read] Unable to read ...") at eval, on the evaluating stream, and the
library stays usable. A file removed after load still reads (its descriptor
is open). Python file objects and .npz members are read at load."""

import os
import threading

import numpy as np
import pytest

import mxcore as mx

N = 100_000


def write(path, fmt, x):
    if fmt == "npy":
        np.save(path, x)
    else:
        mx.save_safetensors(str(path), {"x": mx.array(x)})


def load(path, fmt):
    out = mx.load(str(path))
    return out if fmt == "npy" else out["x"]


@pytest.mark.parametrize("fmt", ["npy", "safetensors"])
def test_read_happens_at_eval(tmp_path, fmt):
    path = tmp_path / f"a.{fmt}"
    write(path, fmt, np.arange(N, dtype=np.float32))
    mx.clear_cache()
    before = mx.get_active_memory()
    a = load(path, fmt)
    assert mx.get_active_memory() - before < 4 * N  # nothing read yet
    # The file changes before eval: the array holds the new bytes.
    write(path, fmt, np.arange(N, dtype=np.float32) * 2)
    np.testing.assert_array_equal(np.array(a), np.arange(N, dtype=np.float32) * 2)


@pytest.mark.parametrize("fmt", ["npy", "safetensors"])
def test_truncated_after_load_raises_at_eval(tmp_path, fmt):
    path = tmp_path / f"t.{fmt}"
    write(path, fmt, np.arange(N, dtype=np.float32))
    a = load(path, fmt)
    os.truncate(path, 1000)
    with pytest.raises(RuntimeError, match=r"\[read\] Unable to read"):
        mx.eval(a + 1)
    # Usable afterwards: other arrays, and a fresh load of a good file.
    assert (mx.array([1, 2]) + 1).tolist() == [2, 3]
    write(path, fmt, np.arange(5, dtype=np.float32))
    assert load(path, fmt).tolist() == [0, 1, 2, 3, 4]


def test_error_on_the_evaluating_stream_and_thread(tmp_path):
    path = tmp_path / "s.npy"
    np.save(path, np.ones(N, np.float32))
    a = mx.load(str(path), stream=mx.new_stream(mx.cpu))
    os.truncate(path, 200)
    errors = []

    def worker():
        try:
            mx.eval(a.sum())
        except RuntimeError as e:
            errors.append(str(e))

    t = threading.Thread(target=worker)
    t.start()
    t.join()
    assert len(errors) == 1 and "[read] Unable to read" in errors[0]
    with pytest.raises(RuntimeError, match=r"\[read\]"):
        b = a * 2
        mx.async_eval(b)
        mx.synchronize()
        b.item() if b.size == 1 else np.array(b)


def test_removed_after_load_still_reads(tmp_path):
    path = tmp_path / "r.npy"
    np.save(path, np.arange(10, dtype=np.int64))
    a = mx.load(str(path))
    os.remove(path)
    assert a.tolist() == list(range(10))


def test_truncated_before_load_is_a_load_error(tmp_path):
    path = tmp_path / "b.safetensors"
    write(path, "safetensors", np.arange(N, dtype=np.float32))
    os.truncate(path, 1000)
    with pytest.raises(RuntimeError, match=r"\[load_safetensors\].*exceeding the size"):
        mx.load(str(path))


def test_byte_order_bool_and_fortran_through_lazy_reads(tmp_path):
    big = np.arange(6, dtype=">i4").reshape(2, 3)
    np.save(tmp_path / "be.npy", big)
    np.testing.assert_array_equal(np.array(mx.load(str(tmp_path / "be.npy"))), big)
    flags = np.array([0, 1, 0, 1], np.bool_)
    np.save(tmp_path / "b.npy", flags)
    assert mx.load(str(tmp_path / "b.npy")).tolist() == [False, True, False, True]
    f = np.asfortranarray(np.arange(12.0, dtype=np.float32).reshape(3, 4))
    np.save(tmp_path / "f.npy", f)
    np.testing.assert_array_equal(np.array(mx.load(str(tmp_path / "f.npy"))), f)


def test_file_objects_read_at_load(tmp_path):
    path = tmp_path / "o.npy"
    np.save(path, np.arange(4, dtype=np.float32))
    with open(path, "rb") as f:
        a = mx.load(f)
    # The file object is closed; the data was read while it was open.
    assert a.tolist() == [0, 1, 2, 3]


def test_lazy_loaded_array_in_compile_and_grad(tmp_path):
    path = tmp_path / "w.npy"
    w = np.linspace(-1, 1, 8, dtype=np.float32)
    np.save(path, w)
    a = mx.load(str(path))
    f = mx.compile(lambda x: (a * x).sum())
    assert abs(f(mx.ones(8)).item() - w.sum()) < 1e-6
    g = mx.grad(lambda x: (x * x).sum())(mx.load(str(path)))
    np.testing.assert_allclose(np.array(g), 2 * w)
