"""Deep graphs: chains of ~10^5 ops are built, compiled, transformed,
evaluated and released without recursion (no stack overflow) and in
near-linear time. Each case runs in a subprocess with a timeout, so a crash
costs one case."""
import os
import subprocess
import sys
import textwrap

import pytest

N = 100_000
TIMEOUT_S = 240

# The children import the mxcore this test imported (the installed wheel or
# the in-place dev build), not the source folder.
import mxcore as _mx  # noqa: E402

PYTHON_DIR = os.path.dirname(os.path.dirname(os.path.abspath(_mx.__file__)))


def run_case(body):
    code = "import mxcore as mx\nimport numpy as np\nN = %d\n" % N + textwrap.dedent(body)
    env = dict(os.environ)
    env["PYTHONPATH"] = PYTHON_DIR + os.pathsep + env.get("PYTHONPATH", "")
    proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=TIMEOUT_S)
    assert proc.returncode == 0, "rc=%d\n%s" % (proc.returncode, proc.stderr[-3000:])
    assert proc.stdout.strip().endswith("OK"), proc.stdout[-2000:]


def test_chain_evaluated_then_released():
    run_case("""
        y = mx.array([1.0, 2.0])
        for _ in range(N):
            y = y + 1.0
        mx.eval(y)
        assert np.allclose(np.array(y), [1.0 + N, 2.0 + N])
        del y
        print("OK")
    """)


def test_unevaluated_chain_released():
    run_case("""
        y = mx.array([1.0, 2.0])
        for _ in range(N):
            y = mx.sin(y)
        del y
        print("OK")
    """)


def test_chain_of_multi_output_ops_evaluated():
    # q + r of divmod(y, 2) for y = 3: 1 + 1 = 2, then 1 + 0 = 1, then 0 + 1 ...
    run_case("""
        y = mx.array([3.0])
        for _ in range(N // 2):
            q, r = mx.divmod(y, 2.0)
            y = q + r
        mx.eval(y)
        assert np.array(y)[0] == 1.0, np.array(y)
        del y, q, r
        print("OK")
    """)


def test_chain_of_multi_output_ops_released_unevaluated():
    run_case("""
        y = mx.array([3.0])
        for _ in range(N // 2):
            q, r = mx.divmod(y, 2.0)
            y = q + r
        del y, q, r
        print("OK")
    """)


def test_chain_of_splits():
    # Swapping the halves twice is the identity; N // 2 is even.
    run_case("""
        y = mx.array([1.0, 2.0, 3.0, 4.0])
        for _ in range(N // 2):
            a, b = mx.split(y, 2)
            y = mx.concatenate([b, a])
        assert np.array_equal(np.array(y), [1.0, 2.0, 3.0, 4.0])
        print("OK")
    """)


def test_grad_of_deep_chain():
    run_case("""
        def f(z):
            for _ in range(N):
                z = z * 1.00001
            return z.sum()
        g = mx.grad(f)(mx.array([1.0, 2.0]))
        # The cotangent is multiplied by float32(1.00001) N times.
        expected = np.float32(1.0)
        for _ in range(N):
            expected = expected * np.float32(1.00001)
        assert np.allclose(np.array(g), expected, rtol=1e-4), (np.array(g), expected)
        print("OK")
    """)


def test_vmap_of_deep_chain():
    run_case("""
        def f(z):
            for _ in range(N):
                z = z + 1.0
            return z
        y = mx.vmap(f)(mx.ones((3, 2)))
        assert np.allclose(np.array(y), np.full((3, 2), 1.0 + N))
        print("OK")
    """)


def test_compiled_deep_chain_takes_seconds():
    run_case("""
        import time
        def f(z):
            for _ in range(N):
                z = mx.sin(z)
            return z
        x = mx.array([1.0, 2.0])
        start = time.time()
        y = mx.compile(f)(x)
        elapsed = time.time() - start
        expected = np.array([1.0, 2.0], dtype=np.float32)
        for _ in range(N):
            expected = np.sin(expected)
        assert np.allclose(np.array(y), expected, rtol=1e-4, atol=1e-6)
        # Tracing, simplify, fuse and replace; was minutes before.
        assert elapsed < 30, elapsed
        print("OK")
    """)


def test_deep_graph_of_siblings():
    # Many leaves summed in one long chain.
    run_case("""
        x = mx.array([1.0, 2.0])
        ys = [x + float(i % 7) for i in range(N)]
        s = ys[0]
        for y in ys[1:]:
            s = s + y
        mx.eval(s)
        base = sum(i % 7 for i in range(N))
        assert np.allclose(np.array(s), [N * 1.0 + base, N * 2.0 + base], rtol=1e-5)
        del s, ys
        print("OK")
    """)


@pytest.mark.parametrize("n", [44, 50, 200])
def test_compiled_chain_sharing_one_scalar_constant(n):
    # Was IndexError: unordered_map::at from the replace step for n >= ~44.
    import mxcore as mx
    import numpy as np

    def f(x):
        for _ in range(n):
            x = x * 1.5
        return x

    x = mx.array([1.0, -2.0])
    y = mx.compile(f)(x)
    assert np.allclose(np.array(y), np.array([1.0, -2.0]) * 1.5 ** n, rtol=1e-4)


def test_compiled_chain_sharing_one_scalar_and_a_broadcast_input():
    import mxcore as mx
    import numpy as np

    def f(x, b):
        for _ in range(60):
            x = x * 1.01 + b
        return x

    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    b = np.array([1.0, 2.0, 3.0], dtype=np.float32)
    expected = x.copy()
    for _ in range(60):
        expected = expected * np.float32(1.01) + b
    y = mx.compile(f)(mx.array(x), mx.array(b))
    assert np.allclose(np.array(y), expected, rtol=1e-4)
