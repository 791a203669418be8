"""The eval profiler from tests: which primitives an evaluation ran."""
import mxcore as mx


def profiled_rows(fn, *args):
    """Runs fn(*args) with the eval profiler on; returns (result, the profile's
    rows: (primitive key, times run, ...))."""
    mx._core._set_eval_profile(True)
    mx._core._eval_profile(True)
    try:
        out = fn(*args)
        mx.eval(out)
        rows = mx._core._eval_profile(True)["rows"]
    finally:
        mx._core._set_eval_profile(False)
    return out, rows
