"""Helpers of the JIT kernel cache tests: every case runs mxcore in a child
process (with a timeout, so a crash or hang costs one case), compiles a few
functions, checks them against eager results and reports what it saw."""

import hashlib
import hmac
import json
import os
import subprocess
import sys
from pathlib import Path

import mxcore as mx

PACKAGE_PARENT = os.path.dirname(os.path.dirname(os.path.abspath(mx.__file__)))
ENTRY_MAGIC = b"MXCORE-KERNEL-1\n"
HEADER_SIZE = len(ENTRY_MAGIC) + 32
CHILD_TIMEOUT = 240
NOBODY = 65534

# MXCORE_TEST_FUNCS: comma-separated indices of the functions to compile
# (each a different kernel). Prints one JSON line: compiler runs, the cache
# directory in use, and the entries present after each function.
CHILD_CODE = r"""
import json, os
import numpy as np
import mxcore as mx

def make(k):
    def f(x):
        y = mx.exp(x) * 2.0 + mx.sin(x)
        for _ in range(k):
            y = mx.cos(y)
        return y
    return f

def reference(x, k):
    y = np.exp(x) * np.float32(2.0) + np.sin(x)
    for _ in range(k):
        y = np.cos(y)
    return y

def entries():
    d = mx._core._kernel_cache_dir()
    return sorted(n for n in os.listdir(d) if n.endswith(".kernel")) if d else []

x_np = np.linspace(-2, 2, 37).astype(np.float32)
x = mx.array(x_np)
after_each = []
for k in [int(i) for i in os.environ.get("MXCORE_TEST_FUNCS", "0").split(",")]:
    f = make(k)
    got = np.array(mx.compile(f)(x))
    np.testing.assert_allclose(got, np.array(f(x)), rtol=1e-6, atol=1e-6)
    np.testing.assert_allclose(got, reference(x_np, k), rtol=1e-5, atol=1e-5)
    after_each.append(entries())
if os.environ.get("MXCORE_TEST_SOURCE_OUT"):
    with open(os.environ["MXCORE_TEST_SOURCE_OUT"], "w") as out:
        out.write(mx._core._last_jit_source())
print(json.dumps({"compiler_runs": mx._core._jit_compiler_invocations(),
                  "cache_dir": mx._core._kernel_cache_dir(),
                  "entries_after_each": after_each}))
"""


def child_env(tmp_path, **updates):
    """The test's environment without MXCORE_* settings, plus `updates`
    (None removes a variable). Kernels build before the first call returns
    (MXCORE_JIT_BACKGROUND=0), so the cache can be inspected right after it;
    tests of background builds set the variable themselves."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("MXCORE_")}
    env["PYTHONPATH"] = PACKAGE_PARENT
    env["MXCORE_JIT_BACKGROUND"] = "0"
    env["MXCORE_TEST_MARKER"] = str(Path(tmp_path) / "planted_code_ran")
    for k, v in updates.items():
        if v is None:
            env.pop(k, None)
        else:
            env[k] = str(v)
    return env


def run_child(env, code=CHILD_CODE, umask=None, timeout=CHILD_TIMEOUT):
    preexec = (lambda: os.umask(umask)) if umask is not None else None
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=timeout, preexec_fn=preexec)


def child_report(result):
    """The child's JSON report; fails the test if the child failed."""
    assert result.returncode == 0, (
        f"child exited {result.returncode}\nstdout:\n{result.stdout}\nstderr:\n{result.stderr}")
    return json.loads(result.stdout.strip().splitlines()[-1])


def warning_count(result):
    return result.stderr.count("[mxcore] warning")


def marker_path(env):
    return Path(env["MXCORE_TEST_MARKER"])


def kernel_entries(kernels_dir):
    return sorted(p.name for p in Path(kernels_dir).iterdir() if p.name.endswith(".kernel"))


def entry_digest(key, name, obj):
    return hmac.new(key, ENTRY_MAGIC + name.encode() + b"\0" + obj, hashlib.sha256).digest()


def forge_entry(root, name, obj):
    """Writes `obj` as cache entry `name` under root, with a correct digest
    under root's key (created if absent): what an attacker who can write the
    directory could do."""
    root = Path(root)
    (root / "kernels").mkdir(parents=True, exist_ok=True)
    key_path = root / "key"
    if not key_path.exists():
        key_path.write_bytes(os.urandom(32))
        key_path.chmod(0o600)
    key = key_path.read_bytes()
    (root / "kernels" / name).write_bytes(ENTRY_MAGIC + entry_digest(key, name, obj) + obj)


def entry_is_authentic(root, name):
    data = (Path(root) / "kernels" / name).read_bytes()
    key = (Path(root) / "key").read_bytes()
    return (data.startswith(ENTRY_MAGIC) and
            hmac.compare_digest(data[len(ENTRY_MAGIC):HEADER_SIZE],
                                entry_digest(key, name, data[HEADER_SIZE:])))


def chown_tree(path, uid):
    for dirpath, dirnames, filenames in os.walk(path):
        os.lchown(dirpath, uid, uid)
        for n in dirnames + filenames:
            os.lchown(os.path.join(dirpath, n), uid, uid)


def find_cxx():
    for name in ("c++", "g++", "clang++"):
        for d in os.environ.get("PATH", "").split(":"):
            p = os.path.join(d, name)
            if d and os.access(p, os.X_OK):
                return p
    raise RuntimeError("no C++ compiler on PATH for the test's planted objects")


PLANTED_CONSTRUCTOR = r"""
#include <cstdio>
#include <cstdlib>
__attribute__((constructor)) static void mxcore_test_planted() {
  if (const char* path = std::getenv("MXCORE_TEST_MARKER")) {
    if (FILE* f = std::fopen(path, "w")) {
      std::fputs("planted code ran\n", f);
      std::fclose(f);
    }
  }
}
"""


def build_shared_object(source, out_dir, name):
    src = Path(out_dir) / (name + ".cpp")
    out = Path(out_dir) / (name + ".so")
    src.write_text(source)
    subprocess.run([find_cxx(), "-std=c++20", "-O0", "-march=native", "-fPIC", "-shared", "-w",
                    str(src), "-o", str(out)], check=True, timeout=CHILD_TIMEOUT)
    return out.read_bytes()


class Reference:
    """A trusted cache holding the entry of function 0, and planted objects:
    `evil` is that very kernel plus a constructor writing the marker file,
    `plain` only the constructor."""

    def __init__(self, base):
        self.base = Path(base)
        self.root = self.base / "trusted"
        env = child_env(self.base, MXCORE_CACHE_DIR=self.root,
                        MXCORE_TEST_SOURCE_OUT=self.base / "kernel.cpp")
        report = child_report(run_child(env))
        assert report["compiler_runs"] == 1
        (self.entry,) = report["entries_after_each"][0]
        data = (self.root / "kernels" / self.entry).read_bytes()
        self.object = data[HEADER_SIZE:]
        source = (self.base / "kernel.cpp").read_text()
        self.evil = build_shared_object(source + PLANTED_CONSTRUCTOR, self.base, "evil")
        self.plain = build_shared_object(PLANTED_CONSTRUCTOR, self.base, "plain")

    def copy_cache(self, dest):
        import shutil
        shutil.copytree(self.root, dest)
        return Path(dest)
