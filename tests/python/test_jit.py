"""Debug hooks of the CPU JIT (kernels themselves are tested in tests/cpp/test_jit.cpp;
end-to-end tests through mx.compile come with the Compiled primitive)."""
import mxcore as mx


def test_jit_source_unknown_kernel_is_empty():
    assert mx._core._jit_source("no_such_kernel") == ""


def test_last_jit_source_is_text():
    src = mx._core._last_jit_source()
    assert isinstance(src, str)
    # Either nothing was built yet, or it is an emitted kernel.
    assert src == "" or "#define MXCORE_JIT" in src
