"""mxcore benchmark suite: kernel workloads, real training/decoding steps and
first-call latency, side by side with every installed peer (MLX CPU, torch
eager, torch.compile, jax.jit, NumPy) and a memcpy floor, run interleaved.

  python benchmarks/run_suite.py            # short mode (a few minutes)
  python benchmarks/run_suite.py --full     # more rounds, longer decodes
  python benchmarks/run_suite.py --only gelu,MLP --peers mlx,jax.jit

Writes benchmarks/results/suite_<mode>.md, .json and .png (chart needs
matplotlib). Missing peers are listed with how to install them.
"""
import argparse
import os
import platform
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import frameworks as fw  # noqa: E402
from harness import Results, time_interleaved  # noqa: E402
from workloads_first_call import first_call_workload  # noqa: E402
from workloads_kernels import kernel_workloads  # noqa: E402
from workloads_models import first_run_workloads, model_workloads  # noqa: E402


def machine():
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", action="store_true", help="more rounds and tokens")
    parser.add_argument("--rounds", type=int, help="interleaved rounds per workload")
    parser.add_argument("--only", help="comma-separated substrings of workload names")
    parser.add_argument("--peers", help="comma-separated peer names to keep (mxcore always runs)")
    parser.add_argument("--no-first-call", action="store_true", help="skip first-call latency")
    parser.add_argument("--out", default=os.path.join(HERE, "results"))
    args = parser.parse_args()
    mode = "full" if args.full else "short"
    rounds = args.rounds or (9 if args.full else 3)

    frameworks, missing = fw.available()
    if args.peers:
        keep = set(args.peers.split(","))
        frameworks = [F for F in frameworks if F.name == "mxcore" or F.name in keep]
    meta = {"mode": mode, "rounds": rounds, "machine": machine(),
            "command": " ".join([os.path.basename(sys.executable)] + sys.argv),
            "frameworks": ", ".join(F.name for F in frameworks), "versions": fw.versions()}
    print("mxcore benchmark suite:", mode, "mode,", rounds, "interleaved rounds, medians")
    print("machine:", meta["machine"])
    print("versions:", ", ".join(f"{k} {v}" for k, v in meta["versions"].items()))
    print("frameworks:", meta["frameworks"])
    if missing:
        print(f"missing peers: {', '.join(missing)} (install with: {fw.INSTALL_HINT})")

    workloads = kernel_workloads(frameworks, short=not args.full)
    workloads += model_workloads(frameworks, short=not args.full)
    if not args.no_first_call:
        workloads.append(first_call_workload(frameworks))
        workloads += first_run_workloads(frameworks, short=not args.full)
    if args.only:
        wanted = args.only.split(",")
        workloads = [w for w in workloads if any(s in w.name for s in wanted)]

    results = Results(meta)
    tic = time.perf_counter()
    for w in workloads:
        # A first call is expensive (a fresh process each): one or two samples.
        times, failed = time_interleaved(w, min(rounds, 2) if w.first_call else rounds)
        results.add(w, times, failed)
    print(f"\n(total {time.perf_counter() - tic:.0f} s)\n")
    print(results.markdown())
    for path in results.write(args.out, f"suite_{mode}"):
        print("wrote", os.path.relpath(path))


if __name__ == "__main__":
    main()
