import pytest

import mxcore as mx


def pytest_collection_modifyitems(config, items):
    # These tests need the CUDA backend: on a machine without one they fail
    # loudly rather than skip (tests/gpu/run.sh is for GPU machines only).
    if not mx.cuda.is_available():
        raise pytest.UsageError("tests/gpu needs an NVIDIA GPU: mx.cuda.is_available() is False")


@pytest.fixture
def on_gpu():
    old = mx.default_device()
    mx.set_default_device(mx.gpu)
    yield
    mx.set_default_device(old)
