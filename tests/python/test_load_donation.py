"""mx.load gives arrays that own their buffers: an op that may reuse its input
(a + 1 with the loaded array dropped) writes into the loaded buffer, so peak
memory stays at one copy (MLX's behaviour), for every format. A dict kept
alive keeps its buffer, and the op then needs a second one."""

import numpy as np
import pytest

import mxcore as mx

N = 4_000_000  # 16 MB of float32
NBYTES = 4 * N


def save(path, fmt):
    x = mx.arange(N, dtype=mx.float32)
    if fmt == "npy":
        mx.save(str(path), x)
    elif fmt == "npz":
        mx.savez(str(path), x=x)
    elif fmt == "safetensors":
        mx.save_safetensors(str(path), {"x": x})
    else:
        mx.save_gguf(str(path), {"x": x})


@pytest.mark.parametrize("fmt", ["npy", "npz", "safetensors", "gguf"])
def test_loaded_buffer_is_donated(tmp_path, fmt):
    path = tmp_path / f"a.{fmt}"
    save(path, fmt)
    mx.clear_cache()
    mx.reset_peak_memory()
    base = mx.get_active_memory()
    loaded = mx.load(str(path))
    a = loaded if fmt == "npy" else loaded.pop("x")
    del loaded
    b = a + 1
    del a
    mx.eval(b)
    peak = mx.get_peak_memory() - base
    assert NBYTES <= peak < 1.5 * NBYTES, peak / NBYTES
    assert b[-1].item() == N and b[0].item() == 1


def test_kept_dict_keeps_its_buffer(tmp_path):
    path = tmp_path / "k.safetensors"
    save(path, "safetensors")
    mx.clear_cache()
    mx.reset_peak_memory()
    base = mx.get_active_memory()
    d = mx.load(str(path))
    b = d["x"] + 1
    mx.eval(b)
    assert mx.get_peak_memory() - base >= 2 * NBYTES
    np.testing.assert_array_equal(np.array(d["x"][:3]), [0, 1, 2])
