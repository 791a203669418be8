"""Interleaved timing and result files for the benchmark suite.

Each round times every implementation of a workload once, in turn, so noise
from other processes hits all of them alike; the reported time is the median
over rounds. One sample runs its unit as many times as fill `sample_seconds`
(counted per implementation from the warm-up), so a sub-millisecond step is
measured in its steady state, not only right after another framework's turn
has left the caches cold. Before each sample the harness sleeps `settle_seconds`
(0.5 s): the previous implementation's worker threads spin after their last
call (OpenBLAS's for ~0.1 s, OpenMP's for a while) and would otherwise take the
cores from whichever implementation runs next. Results go to a table on stdout and to
benchmarks/results/<name>.md, .json and (when matplotlib is installed) .png.
"""
import json
import os
import statistics
import time


class Workload:
    """A named workload: `impls` maps an implementation name to a callable
    that runs one timed unit (already warmed up by `warm`)."""

    def __init__(self, name, shape, dtype, unit, reference="mxcore compiled"):
        self.name, self.shape, self.dtype, self.unit = name, shape, dtype, unit
        self.reference = reference
        self.impls = {}
        self.scale = 1.0  # divides the measured seconds (e.g. tokens per unit)
        self.first_call = False
        self.self_timed = False  # units return their own seconds

    def add(self, impl, fn):
        self.impls[impl] = fn


SETTLE_SECONDS = float(os.environ.get("MXCORE_BENCH_SETTLE", "0.5"))


def time_interleaved(workload, rounds, warmup=2, sample_seconds=0.05,
                     settle_seconds=SETTLE_SECONDS):
    """Median seconds per unit for every implementation, interleaved. A
    self-timed workload's units return their own seconds (first calls timed
    inside a fresh process); they run once per sample."""
    failed = {}
    if workload.self_timed:
        warmup = 0
    samples = {impl: [] for impl in workload.impls}
    repeats = {impl: 1 for impl in workload.impls}

    def attempt(impl, fn, times=1):
        try:
            tic = time.perf_counter()
            for _ in range(times):
                measured = fn()
            if workload.self_timed:
                return measured
            return (time.perf_counter() - tic) / times
        except Exception as e:  # a peer that cannot run this workload
            failed[impl] = f"{type(e).__name__}: {(str(e).splitlines() or [''])[0][:120]}"
            return None

    for _ in range(warmup):
        for impl, fn in workload.impls.items():
            if impl not in failed:
                seconds = attempt(impl, fn)
                if seconds and not workload.self_timed:
                    repeats[impl] = max(1, min(1000, round(sample_seconds / seconds)))
    for _ in range(rounds):
        for impl, fn in workload.impls.items():
            if impl not in failed:
                if not workload.self_timed:
                    time.sleep(settle_seconds)  # the last one's spinning threads go idle
                seconds = attempt(impl, fn, repeats[impl])
                if seconds is not None:
                    samples[impl].append(seconds)
    return {impl: statistics.median(s) / workload.scale
            for impl, s in samples.items() if s and impl not in failed}, failed


def format_time(seconds, unit):
    if unit == "tokens/s":
        return f"{1 / seconds:,.0f} tok/s"
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds * 1e6:.1f} µs"


class Results:
    def __init__(self, meta):
        self.meta = meta
        self.rows = []

    def add(self, workload, times, failed):
        ref = times.get(workload.reference)
        peers = {k: v for k, v in times.items()
                 if not k.startswith("mxcore") and k != "memcpy"}
        best = min(peers.items(), key=lambda kv: kv[1]) if peers else None
        row = {
            "workload": workload.name, "shape": workload.shape, "dtype": workload.dtype,
            "unit": workload.unit, "first_call": workload.first_call,
            "seconds": times, "failed": failed,
            "best_peer": best[0] if best else None,
            # >1: mxcore is faster than the best peer.
            "vs_best_peer": (best[1] / ref) if best and ref else None,
            "vs_memcpy": (ref / times["memcpy"]) if ref and "memcpy" in times else None,
        }
        self.rows.append(row)
        self.print_row(row)

    @staticmethod
    def print_row(row):
        label = "FIRST CALL (empty caches) " if row["first_call"] else ""
        print(f"\n{label}{row['workload']}  shape {row['shape']}  {row['dtype']}  "
              f"[{row['unit']}]", flush=True)
        ref = row["seconds"].get("mxcore compiled")
        for impl, s in row["seconds"].items():
            ratio = f"{s / ref:6.2f}x mxcore" if ref else ""
            print(f"  {impl:<18} {format_time(s, row['unit']):>14}  {ratio}")
        for impl, why in row["failed"].items():
            print(f"  {impl:<18} failed: {why}")

    def impl_columns(self):
        cols = []
        for row in self.rows:
            for impl in row["seconds"]:
                if impl not in cols:
                    cols.append(impl)
        return cols

    def markdown(self):
        cols = self.impl_columns()
        lines = [f"# mxcore benchmark suite ({self.meta['mode']} mode)", ""]
        lines += [f"- {k}: {v}" for k, v in self.meta.items() if k != "versions"]
        lines.append("- versions: " + ", ".join(f"{k} {v}" for k, v in self.meta["versions"].items()))
        lines += ["", "Median of interleaved rounds. `vs best peer` = best peer's time / "
                  "mxcore compiled's (>1: mxcore is faster); `vs memcpy` = mxcore compiled / "
                  "a copy of the same bytes (1.0 is the memory floor).", ""]
        lines.append("| workload | shape | dtype | " + " | ".join(cols) +
                     " | best peer | vs best peer | vs memcpy |")
        lines.append("|" + "---|" * (len(cols) + 6))
        for row in self.rows:
            name = ("first call: " if row["first_call"] else "") + row["workload"]
            cells = [format_time(row["seconds"][c], row["unit"]) if c in row["seconds"] else "–"
                     for c in cols]
            vb = f"{row['vs_best_peer']:.2f}×" if row["vs_best_peer"] else "–"
            vm = f"{row['vs_memcpy']:.2f}×" if row["vs_memcpy"] else "–"
            lines.append(f"| {name} | {row['shape']} | {row['dtype']} | " + " | ".join(cells) +
                         f" | {row['best_peer'] or '–'} | {vb} | {vm} |")
        return "\n".join(lines) + "\n"

    def write(self, directory, name):
        os.makedirs(directory, exist_ok=True)
        base = os.path.join(directory, name)
        with open(base + ".json", "w") as f:
            json.dump({"meta": self.meta, "rows": self.rows}, f, indent=1)
        with open(base + ".md", "w") as f:
            f.write(self.markdown())
        written = [base + ".md", base + ".json"]
        if self.chart(base + ".png"):
            written.append(base + ".png")
        return written

    def chart(self, path):
        """Bars of peer time / mxcore compiled time per workload (>1: mxcore faster)."""
        try:
            import matplotlib

            matplotlib.use("Agg")
            import matplotlib.pyplot as plt
        except Exception:
            print("(no chart: pip install matplotlib)")
            return False
        rows = [r for r in self.rows if "mxcore compiled" in r["seconds"]]
        peers = [c for c in self.impl_columns() if c not in ("mxcore compiled", "memcpy")]
        if not rows or not peers:
            return False
        fig, ax = plt.subplots(figsize=(max(8, 1.3 * len(rows)), 4.5))
        width = 0.8 / len(peers)
        for i, peer in enumerate(peers):
            xs, ys = [], []
            for j, r in enumerate(rows):
                if peer in r["seconds"]:
                    xs.append(j + i * width)
                    ys.append(r["seconds"][peer] / r["seconds"]["mxcore compiled"])
            ax.bar(xs, ys, width, label=peer)
        ax.axhline(1.0, color="black", linewidth=0.8)
        ax.set_yscale("log")
        ax.set_xticks([j + 0.4 - width / 2 for j in range(len(rows))])
        ax.set_xticklabels([("1st " if r["first_call"] else "") + r["workload"] for r in rows],
                           rotation=30, ha="right", fontsize=8)
        ax.set_ylabel("time / mxcore compiled time (>1: mxcore faster)")
        ax.legend(fontsize=7, ncol=3)
        fig.tight_layout()
        fig.savefig(path, dpi=110)
        plt.close(fig)
        return True
