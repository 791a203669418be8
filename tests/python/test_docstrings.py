"""Every public function of the Python API has an MLX-style docstring: its
signature, a summary, an Args section naming its parameters, and Returns."""

import inspect
import re

import mxcore as mx
import pytest

SUBMODULES = ["random", "linalg", "fft", "fast", "distributed"]
SIG = re.compile(r"^(\w+)\((.*)\)(?:\s*->\s*(.+))?$")
# Parameters a docstring need not describe: the receiver and the stream
# every op takes (documented once in the README), pybind11's *args forms.
UNDOCUMENTED_PARAMS = {"self", "stream", "args", "kwargs", "*", "/"}


def public_functions():
    found = []
    for prefix, module in [("", mx._core)] + [(s + ".", getattr(mx._core, s)) for s in SUBMODULES]:
        for name in dir(module):
            obj = getattr(module, name)
            if not name.startswith("_") and type(obj).__name__ == "builtin_function_or_method":
                found.append((prefix + name, obj))
    for name in dir(mx.array):
        obj = getattr(mx.array, name)
        if not name.startswith("_") and callable(obj) and not isinstance(obj, property):
            found.append(("array." + name, obj))
    return found


def parameter_names(doc, name):
    names = set()
    for line in doc.splitlines():
        m = SIG.match(line.strip())
        if m and m.group(1) == name:
            for part in re.split(r",\s*(?![^\[]*\])", m.group(2)):
                p = part.split(":")[0].split("=")[0].strip().lstrip("*")
                if p and p not in UNDOCUMENTED_PARAMS:
                    names.add(p)
    return names


FUNCTIONS = public_functions()


def test_the_api_is_covered():
    assert len(FUNCTIONS) > 300


@pytest.mark.parametrize("path,obj", FUNCTIONS, ids=[p for p, _ in FUNCTIONS])
def test_mlx_style_docstring(path, obj):
    doc = inspect.getdoc(obj) or ""
    # An alias (mx.acos) is its original's function object: its signatures
    # carry the original's name.
    name = getattr(obj, "__name__", path.rsplit(".", 1)[-1])
    body = [l for l in doc.splitlines() if l.strip() and not SIG.match(l.strip())
            and "Overloaded function" not in l]
    assert body, f"{path}: no description"
    assert len(body[0]) > 10, f"{path}: summary too short: {body[0]!r}"
    assert "Returns:" in doc or "Yields:" in doc, f"{path}: no Returns section"
    params = parameter_names(doc, name)
    if params:
        assert "Args:" in doc, f"{path}: parameters {sorted(params)} but no Args section"
        args = doc.split("Args:", 1)[1].split("Returns:", 1)[0]
        missing = [p for p in params if not re.search(rf"^\s*\*?\*?{re.escape(p)}\b", args, re.M)]
        assert not missing, f"{path}: Args does not describe {missing}"


@pytest.mark.parametrize("path,obj", FUNCTIONS, ids=[p for p, _ in FUNCTIONS])
def test_signature_line_stays_on_top(path, obj):
    # The type stubs are generated from these lines (scripts/gen_stubs.py).
    first = (inspect.getdoc(obj) or "").splitlines()[0]
    m = SIG.match(first)
    assert m and m.group(1) == obj.__name__, f"{path}: doc starts with {first!r}"


def test_help_of_compile_explains_the_jit():
    doc = inspect.getdoc(mx.compile)
    for words in ("JIT", "MXCORE_CACHE_DIR", "shapeless", "kernel cache", "MXCORE_LOG",
                  "C++", "0700", "clear_kernel_cache", "MXCORE_DISABLE_COMPILE", "inputs",
                  "outputs"):
        assert words in doc, words


PYTHON_FUNCTIONS = [mx.load, mx.savez, mx.savez_compressed, mx.save_gguf, mx.einsum_path,
                    mx.cmake_dir, mx.include_dir, mx.stream]


@pytest.mark.parametrize("fn", PYTHON_FUNCTIONS, ids=[f.__name__ for f in PYTHON_FUNCTIONS])
def test_python_defined_functions_are_documented(fn):
    doc = inspect.getdoc(fn) or ""
    assert len(doc.splitlines()[0]) > 10 and "Returns:" in doc, fn.__name__
    params = [p for p in inspect.signature(fn).parameters if p not in ("self", "stream")]
    if params:
        args = doc.split("Args:", 1)[1].split("Returns:", 1)[0]
        for p in params:
            assert re.search(rf"^\s*\*?\*?{p}\b", args, re.M), (fn.__name__, p)
