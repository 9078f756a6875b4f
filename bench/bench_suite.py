"""Benchmark of the conformance suite: how long the whole suite takes in process and
against a served oracle over gRPC (targets: under 10 s and under 30 s on a 2-core machine).

Figures, each the best of ``--repeat`` runs:

* ``cli_in_process``: wall time of ``python -m conformance_suite run --in-process -q`` (what a
  user waits for: interpreter start, pytest, every scenario under every edition, reports);
* ``cli_grpc``: the same with ``--target HOST:PORT`` against ``python -m oracle serve --port 0``,
  which this script starts itself (and ``cli_grpc_n2`` with ``-n 2``, pytest-xdist);
* ``executor_in_process`` / ``executor_grpc``: the scenarios alone through the executor,
  without pytest or process start-up.

    .venv/bin/python bench/bench_suite.py --json bench-suite.json
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

TARGETS = {"in_process": 10.0, "grpc": 30.0}


def _cli(args: list[str]) -> float:
    """Wall time of one ``python -m conformance_suite run`` (which must exit 0)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH", "")]))}
    t0 = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "conformance_suite", "run", *args, "-q"],
        cwd=ROOT, env=env, capture_output=True, text=True,
    )
    elapsed = time.perf_counter() - t0
    if proc.returncode != 0:
        tail = "\n".join(proc.stdout.splitlines()[-15:])
        raise SystemExit(f"bench_suite: `run {' '.join(args)}` exited {proc.returncode}:\n{tail}\n{proc.stderr[-2000:]}")
    return elapsed


def _executor(target: Any) -> tuple[float, int]:
    """Time every scenario under every edition through the executor; (seconds, runs)."""
    from conformance_suite.executor import run_scenario
    from conformance_suite.scenario import load_all

    scenarios = load_all()
    runs = 0
    t0 = time.perf_counter()
    for sc in scenarios:
        for edition in sc.message.editions:
            res = run_scenario(sc, edition, target)
            if not res.passed:
                raise SystemExit(f"bench_suite: {sc.id}[{edition}] fails on the reference:\n{res.mismatches[0].describe()}")
            runs += 1
    return time.perf_counter() - t0, runs


def _best(fn: Any, repeat: int) -> float:
    return float(min(fn() for _ in range(repeat)))


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; print the figures; write them with ``--json``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure; the best is kept (default 3)")
    parser.add_argument("--json", metavar="PATH", default="", help="write the figures as JSON")
    parser.add_argument("--no-xdist", action="store_true", help="skip the -n 2 figure")
    args = parser.parse_args(argv)

    from conformance_suite.grpc_target import GrpcTarget
    from conformance_suite.local_server import served_oracle
    from conformance_suite.scenario import load_all
    from conformance_suite.targets import InProcessTarget

    scenarios = load_all()
    figures: dict[str, Any] = {
        "scenarios": len(scenarios),
        "runs": sum(len(s.message.editions) for s in scenarios),
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version(), "platform": platform.platform()},
        "repeat": args.repeat,
        "targets_seconds": TARGETS,
    }
    t: dict[str, float] = {}
    t["executor_in_process"] = _best(lambda: _executor(InProcessTarget())[0], args.repeat)
    t["cli_in_process"] = _best(lambda: _cli(["--in-process"]), args.repeat)
    with served_oracle(cwd=str(ROOT)) as srv:
        target = GrpcTarget(srv.address)
        _executor(target)  # warm the connection and the server
        t["executor_grpc"] = _best(lambda: _executor(target)[0], args.repeat)
        target.close()
        t["cli_grpc"] = _best(lambda: _cli(["--target", srv.address]), args.repeat)
        if not args.no_xdist:
            t["cli_grpc_n2"] = _best(lambda: _cli(["--target", srv.address, "-n", "2"]), args.repeat)
    figures["seconds"] = {k: round(v, 3) for k, v in t.items()}
    figures["ok"] = {
        "in_process": t["cli_in_process"] < TARGETS["in_process"],
        "grpc": t["cli_grpc"] < TARGETS["grpc"],
    }

    print(f"conformance suite: {figures['scenarios']} scenarios, {figures['runs']} runs (scenario x edition); "
          f"{figures['machine']['cpus']} CPUs; best of {args.repeat}")
    rows = [
        ("whole suite in process (CLI)", "cli_in_process", TARGETS["in_process"]),
        ("whole suite over gRPC (CLI)", "cli_grpc", TARGETS["grpc"]),
        ("whole suite over gRPC (CLI, -n 2)", "cli_grpc_n2", None),
        ("executor only, in process", "executor_in_process", None),
        ("executor only, over gRPC", "executor_grpc", None),
    ]
    for label, key, limit in rows:
        if key not in t:
            continue
        verdict = ""
        if limit is not None:
            verdict = f"  {'OK' if t[key] < limit else 'TOO SLOW'} (target < {limit:.0f} s)"
        print(f"  {label:<36} {t[key]:7.2f} s{verdict}")
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    return 0 if all(figures["ok"].values()) else 1


if __name__ == "__main__":
    sys.exit(main())
