# Default streams are per thread; errors met by async_eval surface at synchronize.
import threading

import numpy as np
import pytest

import mxcore as mx


def test_set_default_stream_in_a_thread_leaves_other_threads_alone():
    main_default = mx.default_stream(mx.cpu)
    seen = {}

    def worker():
        s = mx.new_stream(mx.cpu)
        mx.set_default_stream(s)
        seen["new"] = s
        seen["worker"] = mx.default_stream(mx.cpu)
        seen["value"] = (mx.ones(3) + 1).tolist()

    t = threading.Thread(target=worker)
    t.start()
    t.join()
    assert seen["worker"] == seen["new"]
    assert seen["value"] == [2.0, 2.0, 2.0]
    assert mx.default_stream(mx.cpu) == main_default


def test_a_new_thread_starts_on_the_process_default():
    s = mx.new_stream(mx.cpu)
    before = mx.default_stream(mx.cpu)
    mx.set_default_stream(s)
    try:
        seen = {}
        t = threading.Thread(target=lambda: seen.update(d=mx.default_stream(mx.cpu)))
        t.start()
        t.join()
        assert seen["d"] != s
    finally:
        mx.set_default_stream(before)


def test_error_inside_async_eval_surfaces_at_synchronize():
    bad = mx.linalg.inv(mx.zeros((3, 3)), stream=mx.cpu)
    mx.async_eval(bad)  # does not raise here
    with pytest.raises(RuntimeError, match="singular"):
        mx.synchronize()
    mx.synchronize()  # reported once
    with pytest.raises(RuntimeError, match="singular"):
        mx.eval(bad)  # still unevaluated: eval reports it too


def test_async_eval_of_good_work_still_computes():
    a = mx.arange(4.0) * 2
    mx.async_eval(a)
    mx.synchronize()
    assert a.tolist() == [0.0, 2.0, 4.0, 6.0]


def test_io_error_of_a_missing_file_is_raised(tmp_path):
    with pytest.raises((OSError, ValueError, RuntimeError)):
        mx.eval(mx.load(str(tmp_path / "missing.npy")))
