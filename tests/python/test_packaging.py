"""The package as users meet it: the CMake package for C++ users, the C++ and
extension examples built against it, type stubs checked by mypy, and the wheel
installed into a fresh virtual environment."""

import glob
import os
import shutil
import subprocess
import sys
import textwrap
import venv

import mxcore as mx

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PACKAGE_PARENT = os.path.dirname(os.path.dirname(mx.__file__))


def run(cmd, timeout=600, **kwargs):
    result = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, **kwargs)
    assert result.returncode == 0, (
        f"{cmd} failed ({result.returncode}):\n{result.stdout}\n{result.stderr}")
    return result.stdout


def child_env(**extra):
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([PACKAGE_PARENT] + extra.pop("path", []))
    env.update(extra)
    return env


def test_cmake_dir_from_module_and_function():
    printed = run([sys.executable, "-m", "mxcore", "--cmake-dir"], env=child_env()).strip()
    assert printed == mx.cmake_dir()
    assert os.path.isfile(os.path.join(printed, "mxcoreConfig.cmake"))
    assert os.path.isfile(os.path.join(printed, "mxcoreTargets.cmake"))
    include = run([sys.executable, "-m", "mxcore", "--include-dir"], env=child_env()).strip()
    assert os.path.isfile(os.path.join(include, "mxcore", "mxcore.h"))


def cmake_build(source, build, *defines):
    run(["cmake", "-S", source, "-B", build, f"-Dmxcore_DIR={mx.cmake_dir()}", *defines])
    run(["cmake", "--build", build, "-j", "2"])


def test_cpp_example_builds_and_runs(tmp_path):
    build = str(tmp_path / "cpp")
    cmake_build(os.path.join(REPO, "examples", "cpp"), build)
    dot = str(tmp_path / "graph.dot")
    out = run([os.path.join(build, "mxcore_example"), dot])
    assert "x = array([0, 1, 2, 3], dtype=float32)" in out
    assert "sum(x^2) = 14" in out
    assert "grad = array([0, 2, 4, 6], dtype=float32)" in out
    assert "compiled matches eager: true" in out
    # gelu(1) = 0.8413447, gelu(3) = 2.9959502
    assert "0.841345" in out and "2.99595" in out
    text = open(dot).read()
    assert text.startswith("digraph {") and "Exp" in text and "Add" in text


EXTENSION_CHECK = textwrap.dedent("""
    import numpy as np
    import mxcore as mx
    import axpby_ext
    x = mx.array([1.0, 2.0, 3.0]); y = mx.array([10.0, 20.0, 30.0])
    np.testing.assert_allclose(np.array(axpby_ext.axpby(x, y, 2.0, 3.0)), [32, 64, 96])
    g = mx.grad(lambda a, b: axpby_ext.axpby(a, b, 2.0, 3.0).sum(), argnums=(0, 1))(x, y)
    np.testing.assert_allclose(np.array(g[0]), [2, 2, 2]); np.testing.assert_allclose(np.array(g[1]), [3, 3, 3])
    _, t = mx.jvp(lambda a: axpby_ext.axpby(a, y, 2.0, 3.0), [x], [mx.ones(3)])
    np.testing.assert_allclose(np.array(t[0]), [2, 2, 2])
    v = mx.vmap(lambda a, b: axpby_ext.axpby(a, b, 2.0, 3.0), in_axes=(1, None))(mx.ones((3, 2)), y)
    np.testing.assert_allclose(np.array(v), [[32, 62, 92]] * 2)
    c = mx.compile(lambda a: axpby_ext.axpby(a, y, 2.0, 3.0) * 2)(x)
    np.testing.assert_allclose(np.array(c), [64, 128, 192])
    assert axpby_ext.axpby(x.astype(mx.float16), y.astype(mx.float16), 1.0, 1.0).dtype == mx.float16
    try:
        axpby_ext.axpby(mx.array([1, 2]), y, 1.0, 1.0)
        raise SystemExit("integer input accepted")
    except ValueError as e:
        assert "[axpby]" in str(e)
    print("extension ok")
""")


def test_extension_example_custom_primitive(tmp_path):
    import pybind11

    build = str(tmp_path / "extension")
    cmake_build(os.path.join(REPO, "examples", "extension"), build,
                f"-Dpybind11_DIR={pybind11.get_cmake_dir()}",
                f"-DPython3_EXECUTABLE={sys.executable}")
    out = run([sys.executable, "-c", EXTENSION_CHECK], env=child_env(path=[build]))
    assert "extension ok" in out


TYPED_SAMPLE = textwrap.dedent("""
    import mxcore as mx

    def loss(w: mx.array, x: mx.array) -> mx.array:
        return mx.mean(mx.square(x @ w))

    w = mx.random.normal((3, 2))
    x = mx.ones((4, 3), dtype=mx.float32)
    g: mx.array = mx.grad(loss)(w, x)
    n: float = mx.linalg.norm(g).item()
    y = mx.sum(mx.exp(x), axis=0, keepdims=True)
    print(y.shape, n)
""")


def mypy(tmp_path, source):
    path = tmp_path / "sample.py"
    path.write_text(source)
    env = dict(os.environ)
    cmd = [sys.executable, "-m", "mypy", "--no-incremental", "--cache-dir",
           str(tmp_path / ".mypy_cache"), "--ignore-missing-imports", str(path)]
    if os.path.basename(PACKAGE_PARENT) not in ("site-packages", "dist-packages"):
        env["MYPYPATH"] = PACKAGE_PARENT  # a development build, outside site-packages
    return subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=300)


def test_stubs_are_installed_and_typed():
    stubs = os.path.join(os.path.dirname(mx.__file__), "_core")
    assert os.path.isfile(os.path.join(os.path.dirname(mx.__file__), "py.typed"))
    for name in ("__init__", "random", "linalg", "fft", "fast"):
        assert os.path.isfile(os.path.join(stubs, name + ".pyi")), name
    text = open(os.path.join(stubs, "__init__.pyi")).read()
    assert "def zeros(shape: int | Sequence[int], dtype: Dtype | None = ..." in text
    assert "class array:" in text


def test_mypy_accepts_typed_sample(tmp_path):
    result = mypy(tmp_path, TYPED_SAMPLE)
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_finds_planted_errors(tmp_path):
    planted = TYPED_SAMPLE + textwrap.dedent("""
        count: int = mx.zeros((2,))
        mx.sum(x, axis="rows")
    """)
    result = mypy(tmp_path, planted)
    assert result.returncode == 1, result.stdout + result.stderr
    assert 'expression has type "array", variable has type "int"' in result.stdout
    assert 'Argument "axis" to "sum" has incompatible type "str"' in result.stdout
    assert result.stdout.count("error:") == 2, result.stdout


SMOKE = textwrap.dedent("""
    import os, sys
    import numpy as np
    import mxcore as mx
    here = os.path.dirname(mx.__file__)
    assert here.startswith(sys.prefix), (here, sys.prefix)
    x = mx.arange(6, dtype=mx.float32).reshape(2, 3)
    f = mx.compile(lambda a: mx.exp(a) * 2 + 1)
    np.testing.assert_allclose(np.array(f(x)), np.exp(np.arange(6.0).reshape(2, 3)) * 2 + 1, rtol=1e-6)
    g = mx.grad(lambda a: (a * a).sum())(x)
    np.testing.assert_allclose(np.array(g), 2 * np.arange(6.0).reshape(2, 3))
    assert os.path.isfile(os.path.join(here, "py.typed"))
    assert os.path.isfile(os.path.join(mx.cmake_dir(), "mxcoreConfig.cmake"))
    print("smoke ok", mx.__version__)
""")


def built_wheel(tmp_path):
    """The wheel scripts/test.sh built (MXCORE_TEST_WHEEL), else one built here."""
    wheel = os.environ.get("MXCORE_TEST_WHEEL")
    if wheel and os.path.isfile(wheel):
        return wheel
    out = tmp_path / "dist"
    run([sys.executable, "-m", "pip", "wheel", REPO, "--no-deps", "--no-build-isolation",
         "-w", str(out), f"-Cbuild-dir={os.path.join(REPO, 'build', 'wheel')}"], timeout=1800)
    return glob.glob(str(out / "mxcore-*.whl"))[0]


def test_wheel_installs_into_fresh_venv(tmp_path):
    wheel = built_wheel(tmp_path)
    import zipfile

    names = zipfile.ZipFile(wheel).namelist()
    assert any(n.endswith(".dist-info/licenses/LICENSE") or n.endswith("LICENSE") for n in names)
    assert "mxcore/py.typed" in names and "mxcore/_core/__init__.pyi" in names
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    python = str(env_dir / "bin" / "python")
    run([python, "-m", "pip", "install", "-q", wheel], timeout=900)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env["MXCORE_CACHE_DIR"] = str(tmp_path / "kernel-cache")
    out = run([python, "-c", SMOKE], env=env, cwd=str(tmp_path))
    assert "smoke ok" in out
    shutil.rmtree(env_dir, ignore_errors=True)
