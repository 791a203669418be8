"""BLAS and the thread pool share the cores: one policy for both.

OpenBLAS runs on the calling thread and large products split over the pool,
so during a matmul + elementwise graph no more threads compute than there
are cores, and the threaded matmul gives the single-threaded results.
"""
import os
import subprocess
import sys
import textwrap

import numpy as np

import mxcore as mx

HERE = os.path.dirname(os.path.abspath(__file__))

# Runs the MLP block under a sampler that records which threads of the
# process got CPU time (schedstat's first field: ns on a core).
THREAD_COUNT_SCRIPT = textwrap.dedent(
    """
    import os, sys, time
    import numpy as np
    import mxcore as mx

    def cpu_ns():
        out = {}
        for tid in os.listdir("/proc/self/task"):
            try:
                with open(f"/proc/self/task/{tid}/schedstat") as f:
                    out[tid] = int(f.read().split()[0])
            except OSError:
                pass
        return out

    rng = np.random.default_rng(0)
    x = mx.array(rng.standard_normal((256, 512)).astype(np.float32))
    w1 = mx.array(rng.standard_normal((512, 1024)).astype(np.float32))
    w2 = mx.array(rng.standard_normal((1024, 512)).astype(np.float32))
    big = mx.array(rng.standard_normal((1 << 21,)).astype(np.float32))
    block = mx.compile(lambda x: x + mx.tanh(x @ w1) @ w2)
    mx.eval(block(x), mx.exp(big) * 2 + 1)  # warm: kernels built, pool started
    time.sleep(1.0)  # BLAS threads (numpy's too) spin a while after their start
    before = cpu_ns()
    for _ in range(20):
        mx.eval(block(x))
        mx.eval(mx.exp(big) * 2 + 1)
    after = cpu_ns()
    ran = [t for t, ns in after.items() if ns > before.get(t, 0)]
    print(len(ran), len(after), os.cpu_count())
    """
)


def run_script(script, threads=None):
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [os.path.dirname(os.path.dirname(os.path.abspath(mx.__file__))), env.get("PYTHONPATH", "")]
    )
    if threads is not None:
        env["MXCORE_NUM_THREADS"] = str(threads)
    out = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=300
    )
    assert out.returncode == 0, out.stderr
    return out.stdout.split()


def test_blas_and_pool_never_run_more_threads_than_cores():
    ran, total, cores = map(int, run_script(THREAD_COUNT_SCRIPT))
    assert 1 <= ran <= cores, (ran, total, cores)


def test_blas_and_pool_threads_follow_mxcore_num_threads():
    ran, _, _ = map(int, run_script(THREAD_COUNT_SCRIPT, threads=1))
    assert ran == 1


IMPORT_THREADS_SCRIPT = textwrap.dedent(
    """
    import os
    import numpy as np

    def threads():
        return len(os.listdir("/proc/self/task"))

    before = threads()
    import mxcore as mx
    print(threads() - before, os.environ.get("OPENBLAS_NUM_THREADS", "unset"))
    """
)


def test_import_starts_no_blas_threads_and_keeps_the_environment():
    # mxcore's OpenBLAS is single-threaded; told so before it loads, it starts
    # no idle threads (they would spin on the cores for their first ~0.1 s).
    env_before = os.environ.pop("OPENBLAS_NUM_THREADS", None)
    try:
        started, env_after = run_script(IMPORT_THREADS_SCRIPT)
    finally:
        if env_before is not None:
            os.environ["OPENBLAS_NUM_THREADS"] = env_before
    assert int(started) == 0 and env_after == "unset"


MATMUL_SCRIPT = textwrap.dedent(
    """
    import sys
    import numpy as np
    import mxcore as mx
    rng = np.random.default_rng(1)
    cases = [((300, 200), (200, 70)), ((37, 500), (500, 900)), ((4, 129, 64), (64, 33)),
             ((3, 1, 96, 80), (5, 80, 130)), ((513, 257), (257, 1)),
             # Few rows: split over the pool by columns from 2^15 weights.
             ((1, 256), (256, 256)), ((5, 300), (300, 129)), ((2, 1, 8, 64), (64, 520))]
    for dt in (mx.float32, mx.float64, mx.float16, mx.bfloat16, mx.complex64):
        for sa, sb in cases:
            a = rng.standard_normal(sa).astype(np.float32)
            b = rng.standard_normal(sb).astype(np.float32)
            A, B = mx.array(a).astype(dt), mx.array(b).astype(dt)
            for r in (A @ B,
                      mx.array(np.ascontiguousarray(np.swapaxes(a, -1, -2))).astype(dt).swapaxes(-1, -2) @ B,
                      A @ mx.array(np.ascontiguousarray(np.swapaxes(b, -1, -2))).astype(dt).swapaxes(-1, -2)):
                r = r.astype(mx.complex64) if dt == mx.complex64 else r.astype(mx.float64)
                sys.stdout.write(np.asarray(r).astype(np.complex128).tobytes().hex() + "\\n")
    """
)


def test_threaded_matmul_matches_single_threaded():
    threaded = run_script(MATMUL_SCRIPT, threads=2)
    serial = run_script(MATMUL_SCRIPT, threads=1)
    assert len(threaded) == len(serial) == 5 * 8 * 3
    for t, s in zip(threaded, serial):
        tv = np.frombuffer(bytes.fromhex(t), np.complex128)
        sv = np.frombuffer(bytes.fromhex(s), np.complex128)
        np.testing.assert_allclose(tv, sv, rtol=1e-5, atol=1e-4)


def test_threaded_matmul_against_numpy():
    rng = np.random.default_rng(2)
    for sa, sb in [((300, 200), (200, 70)), ((37, 500), (500, 900)), ((6, 64, 80), (80, 48)),
                   ((1, 256), (256, 256)), ((7, 513), (513, 97)), ((3, 1, 256), (256, 512))]:
        a = rng.standard_normal(sa).astype(np.float32)
        b = rng.standard_normal(sb).astype(np.float32)
        got = np.asarray(mx.array(a) @ mx.array(b))
        np.testing.assert_allclose(got, a.astype(np.float64) @ b, rtol=1e-4, atol=1e-4)
