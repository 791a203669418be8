"""During a large matmul, a compiled kernel and a conv, no more threads of the
process compute at once than num_threads() (MXCORE_NUM_THREADS, else the
core count): OpenBLAS is held at one thread (the caller's) and the pool has
num_threads() - 1 workers beside the caller.

A sampler thread reads every thread's state in /proc/self/task/*/stat while
the main thread evaluates (eval releases the GIL) and records the most
threads it saw running or runnable at one instant, itself excluded.
"""
import json
import os
import subprocess
import sys
import textwrap

import mxcore as mx

SAMPLED_SCRIPT = textwrap.dedent(
    """
    import ctypes, json, os, threading, time
    import numpy as np
    import scipy_openblas32
    import mxcore as mx

    mx._core._set_jit_background(False)  # kernels built before the sampling starts

    def task_ids():
        return os.listdir("/proc/self/task")

    def read(tid, name):
        try:
            with open(f"/proc/self/task/{tid}/{name}") as f:
                return f.read()
        except OSError:  # the thread ended between listdir and open
            return ""

    def running(skip):
        n = 0
        for tid in task_ids():
            stat = read(tid, "stat")
            if tid != skip and stat and stat.rsplit(")", 1)[1].split()[0] == "R":
                n += 1
        return n

    def pool_workers():
        return sum(read(tid, "comm").strip() == "mxcore-pool" for tid in task_ids())

    def mxcore_blas_threads():
        # The OpenBLAS mxcore links (numpy's own OpenBLAS has another name).
        name = "/lib" + scipy_openblas32.get_library() + ".so"
        with open("/proc/self/maps") as f:
            paths = {l.split()[-1] for l in f if l.rstrip().endswith(name)}
        assert len(paths) == 1, paths
        return ctypes.CDLL(paths.pop()).scipy_openblas_get_num_threads()

    rng = np.random.default_rng(0)
    a = mx.array(rng.standard_normal((1024, 1024)).astype(np.float32))
    b = mx.array(rng.standard_normal((1024, 1024)).astype(np.float32))
    big = mx.array(rng.standard_normal((1 << 22,)).astype(np.float32))
    image = mx.array(rng.standard_normal((8, 64, 64, 32)).astype(np.float32))
    kernel = mx.array(rng.standard_normal((64, 3, 3, 32)).astype(np.float32))
    fused = mx.compile(lambda x: mx.tanh(x) * 2 + mx.exp(-x * x))
    work = {
        "matmul": lambda: a @ b,
        "compiled": lambda: fused(big),
        "conv": lambda: mx.conv2d(image, kernel, padding=1),
    }
    for f in work.values():  # warm: kernels built, pool started
        mx.eval(f())

    # Threads that start with the process (numpy's OpenBLAS) may spin for a
    # while before they sleep: wait until nothing but this thread runs.
    me = str(threading.get_native_id())
    deadline = time.monotonic() + 10
    quiet_since = time.monotonic()
    while time.monotonic() < deadline and time.monotonic() - quiet_since < 0.3:
        if running(me):
            quiet_since = time.monotonic()
        time.sleep(0.01)

    peak = {}
    for label, f in work.items():
        stop = threading.Event()
        seen = [0, 0]  # most running at once, samples taken

        def sample():
            own = str(threading.get_native_id())
            while not stop.is_set():
                seen[0] = max(seen[0], running(own))
                seen[1] += 1

        sampler = threading.Thread(target=sample)
        sampler.start()
        start = time.monotonic()
        while time.monotonic() - start < 1.0 or seen[1] < 50:
            mx.eval(f())
        stop.set()
        sampler.join()
        peak[label] = seen[0]
    print(json.dumps({"peak": peak, "pool_workers": pool_workers(),
                      "blas_threads": mxcore_blas_threads(), "cores": os.cpu_count()}))
    """
)


def run_sampled(threads):
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [os.path.dirname(os.path.dirname(os.path.abspath(mx.__file__))), env.get("PYTHONPATH", "")]
    )
    env.pop("MXCORE_NUM_THREADS", None)
    if threads is not None:
        env["MXCORE_NUM_THREADS"] = str(threads)
    out = subprocess.run(
        [sys.executable, "-c", SAMPLED_SCRIPT], env=env, capture_output=True, text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


def check_policy(result, threads):
    assert result["blas_threads"] == 1, result
    assert result["pool_workers"] == threads - 1, result
    for label, peak in result["peak"].items():
        assert 1 <= peak <= threads, (label, result)


def test_default_policy_uses_the_cores_and_never_more():
    result = run_sampled(None)
    check_policy(result, result["cores"])


def test_one_thread_computes_alone():
    check_policy(run_sampled(1), 1)


def test_mxcore_num_threads_sizes_the_pool_and_keeps_blas_on_the_caller():
    result = run_sampled(3)
    check_policy(result, 3)
    # The sampler does see concurrent work: the large matmul splits over
    # the pool, so more than one thread computes at some instant.
    assert result["peak"]["matmul"] >= 2, result
