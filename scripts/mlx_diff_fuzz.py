#!/usr/bin/env python3
"""Differential fuzzer: runs the same calls through mxcore and mlx.core and
reports every difference in output dtype, shape, values, or exception type.

A dev tool: it needs `mlx` installed next to `mxcore` (CI has no mlx, so the
project's tests never import it). Each case is a function of the library
module, so one description drives both sides.

  PYTHONPATH=python python3 scripts/mlx_diff_fuzz.py [--only SUBSTR] [-v]

Categories: dtype, shape, value, nan (NaN/inf positions), exc_type (both
raise, different types), exc_missing (MLX raises, mxcore returns), exc_extra
(mxcore raises, MLX returns), msg (the error does not name the op).
"""
import argparse
import collections

import math
import sys
import warnings

import numpy as np

import mlx.core as mlx
import mxcore as mx

from mlx_diff_cases import all_cases  # noqa: E402  (the case tables)
from mlx_diff_known import known_reason  # noqa: E402

TOLERANCES = {  # (rtol, atol) per output dtype
    "float16": (2e-3, 2e-3),
    "bfloat16": (1.6e-2, 1.6e-2),
    "float32": (2e-5, 1e-5),
    # MLX evaluates float64 transcendentals with float32-accurate approximations
    "float64": (1e-6, 1e-7),
    "complex64": (2e-5, 1e-5),
}


# MLX errors for inputs mxcore accepts on purpose (float64 everywhere on the
# CPU, integer matmul): counted apart from the differences.
MLX_LIMITS = ["not yet support", "float64 is not supported", "Only real floating", "Double precision not supported"]


def dtype_name(d):
    return str(d).split(".")[-1]


def to_numpy(a):
    name = dtype_name(a.dtype)
    if name == "bfloat16":
        a = a.astype(type(a).__module__.startswith("mlx") and mlx.float32 or mx.float32)
    return np.array(a)


def flatten_outputs(out):
    """Arrays of a result (arrays, scalars, tuples/lists/dicts of them)."""
    if isinstance(out, (list, tuple)):
        return [x for o in out for x in flatten_outputs(o)]
    if isinstance(out, dict):
        return [x for k in sorted(out) for x in flatten_outputs(out[k])]
    return [out]


def compare_values(name, a, b, rtol_scale):
    """None when equal, else the category of the first difference."""
    an, bn = to_numpy(a), to_numpy(b)
    if an.dtype.kind in "biu":
        return None if np.array_equal(an, bn) else "value"
    rtol, atol = TOLERANCES.get(name, (1e-6, 1e-6))
    rtol, atol = rtol * rtol_scale, atol * rtol_scale
    for part in ((an.real, bn.real), (an.imag, bn.imag)) if an.dtype.kind == "c" else ((an, bn),):
        x, y = (np.asarray(p, dtype=np.float64) for p in part)
        if not np.array_equal(np.isnan(x), np.isnan(y)):
            return "nan"
        if not np.array_equal(np.where(np.isinf(x), np.sign(x), 0), np.where(np.isinf(y), np.sign(y), 0)):
            return "nan"
        finite = np.isfinite(x) & np.isfinite(y)
        scale = max(1.0, float(np.max(np.abs(y[finite]), initial=0.0)))
        if not np.allclose(x[finite], y[finite], rtol=rtol, atol=atol * scale):
            return "value"
    return None


def evaluate(fn, lib):
    out = fn(lib)
    outs = flatten_outputs(out)
    lib.eval([o for o in outs if isinstance(o, type(lib.array(0)))])
    return outs


def run_case(case):
    """(category or None, detail)."""
    try:
        ref = evaluate(case.fn, mlx)
        ref_exc = None
    except Exception as e:  # noqa: BLE001 - the exception type is the result
        ref, ref_exc = None, e
    try:
        got = evaluate(case.fn, mx)
        got_exc = None
    except Exception as e:  # noqa: BLE001
        got, got_exc = None, e
    if ref_exc is not None and got_exc is not None:
        if not isinstance(got_exc, type(ref_exc)):
            return "exc_type", f"mlx {type(ref_exc).__name__}: {ref_exc} | mx {type(got_exc).__name__}: {got_exc}"
        named = case.op_name and case.op_name.lower() in str(ref_exc).lower()
        if named and case.op_name.lower() not in str(got_exc).lower():
            return "msg", f"mx {type(got_exc).__name__}: {got_exc}"
        return None, ""
    if ref_exc is not None:
        if any(p in str(ref_exc) for p in MLX_LIMITS):
            return "mlx_refuses", f"mlx {type(ref_exc).__name__}: {ref_exc}"
        return "exc_missing", f"mlx {type(ref_exc).__name__}: {ref_exc}"
    if got_exc is not None:
        return "exc_extra", f"mx {type(got_exc).__name__}: {got_exc}"
    if len(ref) != len(got):
        return "shape", f"{len(ref)} outputs vs {len(got)}"
    for r, g in zip(ref, got):
        if not hasattr(r, "dtype"):
            if isinstance(r, float) and math.isnan(r) and isinstance(g, float) and math.isnan(g):
                continue
            if type(r) is not type(g) and not (isinstance(r, (int, float)) and isinstance(g, (int, float))):
                return "dtype", f"mlx {type(r).__name__} {r!r} | mx {type(g).__name__} {g!r}"
            if r != g and not (isinstance(r, float) and abs(r - g) <= 1e-5 * max(1, abs(r))):
                return "value", f"mlx {r!r} | mx {g!r}"
            continue
        if not hasattr(g, "dtype"):
            return "dtype", f"mlx array | mx {type(g).__name__}"
        rd, gd = dtype_name(r.dtype), dtype_name(g.dtype)
        if rd != gd:
            return "dtype", f"mlx {rd} | mx {gd}"
        if tuple(r.shape) != tuple(g.shape):
            return "shape", f"mlx {tuple(r.shape)} | mx {tuple(g.shape)}"
        cat = compare_values(rd, g, r, case.tol)
        if cat:
            return cat, f"{rd} {tuple(r.shape)}\n   mlx {to_numpy(r).ravel()[:8]}\n   mx  {to_numpy(g).ravel()[:8]}"
    return None, ""


def main():
    warnings.simplefilter("ignore")
    np.seterr(all="ignore")
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", default="", help="run cases whose id contains this")
    ap.add_argument("-v", action="store_true", help="print every difference")
    ap.add_argument("--group", default="", help="run only this group")
    ap.add_argument("--trace", action="store_true", help="print each case id to stderr before running it")
    ap.add_argument("--max-per-op", type=int, default=3, help="differences printed per op")
    args = ap.parse_args()
    counts = collections.Counter()
    by_op = collections.defaultdict(list)
    known = collections.Counter()
    total = 0
    for case in all_cases():
        if (args.only and args.only not in case.id) or (args.group and args.group != case.group):
            continue
        total += 1
        if args.trace:
            print(case.id, file=sys.stderr, flush=True)
        cat, detail = run_case(case)
        reason = known_reason(case.id) if cat and cat != "mlx_refuses" else None
        if reason:
            known[reason] += 1
            continue
        if cat:
            counts[cat] += 1
            by_op[case.group].append((cat, case.id, detail))
    for group in sorted(by_op):
        diffs = by_op[group]
        print(f"== {group}: {len(diffs)} differences")
        for cat, cid, detail in diffs[: None if args.v else args.max_per_op]:
            print(f" [{cat}] {cid}: {detail}")
    print(f"\ncases: {total}  differences: {sum(n for c, n in counts.items() if c != 'mlx_refuses')}")
    for cat, n in sorted(counts.items()):
        print(f"  {cat}: {n}")
    print(f"known (deliberate in mxcore or MLX bugs, scripts/mlx_diff_known.py): {sum(known.values())}")
    for reason, n in known.most_common():
        print(f"  {n:4d}  {reason}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
