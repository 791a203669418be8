"""The JIT's kernel cache cannot be used against its user: planted, forged
or corrupted objects are never loaded (the planted code would write a marker
file), unsafe directories are refused with one warning, and entries are
private whatever the umask. Every compiled result is checked against eager
results inside the child."""

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from jit_cache_helpers import (CHILD_CODE, CHILD_TIMEOUT, ENTRY_MAGIC, HEADER_SIZE, NOBODY, Reference, child_env,
                               child_report, chown_tree, entry_digest, entry_is_authentic,
                               forge_entry,
                               kernel_entries, marker_path, run_child, warning_count)


@pytest.fixture(scope="module")
def ref(tmp_path_factory):
    return Reference(tmp_path_factory.mktemp("jit_reference"))


def assert_refused(result, env, refused_path):
    report = child_report(result)
    assert not marker_path(env).exists(), "planted code ran"
    assert warning_count(result) == 1, result.stderr
    assert "refusing the kernel cache" in result.stderr
    assert not report["cache_dir"].startswith(str(refused_path))
    assert report["compiler_runs"] == 1  # built afresh in the private directory
    return report


def test_forged_entry_runs_in_a_trusted_cache(ref, tmp_path):
    # The control for every refusal below: an entry with a correct digest
    # under the directory's own key is loaded, so the planted constructor
    # would run if a refused directory were used.
    root = ref.copy_cache(tmp_path / "cache")
    forge_entry(root, ref.entry, ref.evil)
    env = child_env(tmp_path, MXCORE_CACHE_DIR=root)
    report = child_report(run_child(env))
    assert marker_path(env).exists()
    assert report["compiler_runs"] == 0


def test_entries_are_reused_and_private_under_umask_0(tmp_path):
    root = tmp_path / "a" / "b" / "cache"
    env = child_env(tmp_path, MXCORE_CACHE_DIR=root)
    first = child_report(run_child(env, umask=0))
    assert first["compiler_runs"] == 1
    assert first["cache_dir"] == str(root / "kernels")
    second = child_report(run_child(env, umask=0))
    assert second["compiler_runs"] == 0  # the verified entry was loaded
    for d in (tmp_path / "a", tmp_path / "a" / "b", root, root / "kernels"):
        assert stat.S_IMODE(d.stat().st_mode) == 0o700, d
    files = [p for p in root.rglob("*")]
    probes = [p.name for p in files if p.name.endswith(".probe")]  # the cached --version
    assert len(probes) == 1
    assert {p.name for p in files} == {"key", "kernels", *probes,
                                       *first["entries_after_each"][0]}
    for p in files:
        want = 0o700 if p.is_dir() else 0o600
        assert stat.S_IMODE(p.lstat().st_mode) == want, p
    (name,) = first["entries_after_each"][0]
    assert entry_is_authentic(root, name)
    assert (root / "key").stat().st_size == 32


def test_planted_shared_object_is_not_loaded(ref, tmp_path):
    root = ref.copy_cache(tmp_path / "cache")
    for planted in (ref.plain, ref.evil):
        (root / "kernels" / ref.entry).write_bytes(planted)
        env = child_env(tmp_path, MXCORE_CACHE_DIR=root)
        result = run_child(env)
        report = child_report(result)
        assert not marker_path(env).exists(), "planted code ran"
        assert report["compiler_runs"] == 1
        assert warning_count(result) == 1 and "discarded" in result.stderr
        assert entry_is_authentic(root, ref.entry)


def test_entry_symlinked_elsewhere_is_not_followed(ref, tmp_path):
    root = ref.copy_cache(tmp_path / "cache")
    key = (root / "key").read_bytes()
    elsewhere = tmp_path / "elsewhere.kernel"
    elsewhere.write_bytes(ENTRY_MAGIC + entry_digest(key, ref.entry, ref.evil) + ref.evil)
    (root / "kernels" / ref.entry).unlink()
    (root / "kernels" / ref.entry).symlink_to(elsewhere)
    env = child_env(tmp_path, MXCORE_CACHE_DIR=root)
    result = run_child(env)
    assert child_report(result)["compiler_runs"] == 1
    assert not marker_path(env).exists(), "planted code ran"
    assert "discarded" in result.stderr
    assert not (root / "kernels" / ref.entry).is_symlink()
    assert entry_is_authentic(root, ref.entry)


def test_relative_cache_dir_is_made_absolute(tmp_path):
    env = child_env(tmp_path, MXCORE_CACHE_DIR="rel/cache")
    result = subprocess.run([sys.executable, "-c", CHILD_CODE], env=env, cwd=tmp_path,
                            capture_output=True, text=True, timeout=CHILD_TIMEOUT)
    assert child_report(result)["cache_dir"] == str(tmp_path / "rel" / "cache" / "kernels")


def corrupt(data):
    """Ways a cache entry is found damaged: name -> new contents."""
    middle = HEADER_SIZE + (len(data) - HEADER_SIZE) // 2
    flipped_digest = bytearray(data)
    flipped_digest[len(ENTRY_MAGIC)] ^= 1
    return {
        "truncated_to_half": data[: len(data) // 2],
        "truncated_to_1k": data[:1024],
        "header_only": data[:HEADER_SIZE],
        "empty": b"",
        # int3 over the code: SIGTRAP if it ran
        "code_bytes_overwritten": data[:middle] + b"\xcc" * 512 + data[middle + 512:],
        "digest_flipped": bytes(flipped_digest),
        "text_file": b"this is not a kernel\n",
        "object_without_header": data[HEADER_SIZE:],
    }


@pytest.mark.parametrize("damage", list(corrupt(b"x" * 4096)))
def test_corrupted_entry_is_rebuilt(ref, tmp_path, damage):
    root = ref.copy_cache(tmp_path / "cache")
    path = root / "kernels" / ref.entry
    bad = corrupt(path.read_bytes())[damage]
    path.write_bytes(bad)
    path.chmod(0o600)
    env = child_env(tmp_path, MXCORE_CACHE_DIR=root)
    result = run_child(env)
    report = child_report(result)  # no SIGBUS / SIGTRAP, eager-equal results
    assert report["compiler_runs"] == 1
    assert warning_count(result) == 1 and "discarded" in result.stderr
    assert path.read_bytes() != bad
    assert entry_is_authentic(root, ref.entry)
    again = child_report(run_child(env))
    assert again["compiler_runs"] == 0


def test_entry_of_another_kernel_is_not_accepted(ref, tmp_path):
    # A valid entry copied under another kernel's name: the digest binds the
    # name, so it is rebuilt rather than run as the wrong kernel.
    root = ref.copy_cache(tmp_path / "cache")
    env = child_env(tmp_path, MXCORE_CACHE_DIR=root, MXCORE_TEST_FUNCS="1")
    report = child_report(run_child(env))
    (other,) = set(report["entries_after_each"][0]) - {ref.entry}
    kernels = root / "kernels"
    (kernels / other).write_bytes((kernels / ref.entry).read_bytes())
    result = run_child(env)
    assert child_report(result)["compiler_runs"] == 1
    assert "discarded" in result.stderr


def test_world_writable_cache_dir_is_refused(ref, tmp_path):
    root = tmp_path / "open"
    forge_entry(root, ref.entry, ref.evil)
    root.chmod(0o777)
    env = child_env(tmp_path, MXCORE_CACHE_DIR=root)
    assert_refused(run_child(env), env, root)


def test_group_writable_kernels_dir_is_refused(ref, tmp_path):
    root = tmp_path / "cache"
    forge_entry(root, ref.entry, ref.evil)
    root.chmod(0o700)
    (root / "kernels").chmod(0o770)
    env = child_env(tmp_path, MXCORE_CACHE_DIR=root)
    assert_refused(run_child(env), env, root)


def test_default_cache_dir_owned_by_another_user_is_refused(ref, tmp_path):
    xdg = tmp_path / "xdg"
    root = xdg / "mxcore"
    forge_entry(root, ref.entry, ref.evil)
    root.chmod(0o700)
    chown_tree(root, NOBODY)
    env = child_env(tmp_path, XDG_CACHE_HOME=xdg)
    assert_refused(run_child(env), env, root)


def test_cache_dir_symlinked_to_a_foreign_dir_is_refused(ref, tmp_path):
    foreign = tmp_path / "foreign"
    forge_entry(foreign, ref.entry, ref.evil)
    chown_tree(foreign, NOBODY)
    link = tmp_path / "cache"
    link.symlink_to(foreign)
    env = child_env(tmp_path, MXCORE_CACHE_DIR=link)
    assert_refused(run_child(env), env, link)


def test_cache_dir_symlinked_to_own_private_dir_is_used(ref, tmp_path):
    own = ref.copy_cache(tmp_path / "own")
    link = tmp_path / "cache"
    link.symlink_to(own)
    env = child_env(tmp_path, MXCORE_CACHE_DIR=link)
    result = run_child(env)
    assert child_report(result)["compiler_runs"] == 0
    assert warning_count(result) == 0


def test_symlinked_kernels_subdir_is_refused(ref, tmp_path):
    root = ref.copy_cache(tmp_path / "cache")
    # The foreign directory holds an entry with a correct digest under the
    # root's own key: only the symlink check stands in the way.
    foreign = tmp_path / "foreign"
    foreign.mkdir()
    os.replace(root / "kernels" / ref.entry, foreign / ref.entry)
    for probe in (root / "kernels").glob("*.probe"):  # the cached compiler --version
        probe.unlink()
    (root / "kernels").rmdir()
    key = (root / "key").read_bytes()
    (foreign / ref.entry).write_bytes(ENTRY_MAGIC + entry_digest(key, ref.entry, ref.evil) + ref.evil)
    foreign.chmod(0o777)
    chown_tree(foreign, NOBODY)
    (root / "kernels").symlink_to(foreign)
    env = child_env(tmp_path, MXCORE_CACHE_DIR=root)
    assert_refused(run_child(env), env, root)


def test_no_home_never_uses_a_predictable_tmp_dir(ref, tmp_path):
    tmpdir = tmp_path / "tmp"
    tmpdir.mkdir()
    predictable = tmpdir / f"mxcore-{os.getuid()}"
    forge_entry(predictable, ref.entry, ref.evil)
    # The old layout too: objects planted wherever a name might be guessed.
    (predictable / ref.entry.replace(".kernel", ".so")).write_bytes(ref.plain)
    predictable.chmod(0o777)
    chown_tree(predictable, NOBODY)
    env = child_env(tmp_path, HOME=None, XDG_CACHE_HOME=None, TMPDIR=tmpdir)
    result = run_child(env)
    report = child_report(result)
    assert not marker_path(env).exists(), "planted code ran"
    assert report["compiler_runs"] == 1
    assert warning_count(result) == 0
    used = Path(report["cache_dir"]).parent
    assert used.parent == tmpdir and used.name.startswith("mxcore-cache-")
    assert not used.exists()  # the private directory is removed at exit
    assert sorted(p.name for p in tmpdir.iterdir()) == [predictable.name]
