"""Benchmark of many oracles behind one address: throughput through a load balancer (HAProxy,
``deploy/haproxy/``, and Envoy, ``deploy/envoy/envoy.yaml``) in front of one replica and in
front of two, in one run, as a ratio; and straight to one replica, for what the hop costs.

Each replica is ``python -m oracle serve --port 0`` (one process); the clients are
``--clients`` processes, each with its own channel to the balancer and one call in flight
(``bench_service.run_workload``), calling a workload of ``bench_service``: ``legal``
(GetLegalActions, which runs in the engine pool) or ``apply`` (ApplyAction, on the event
loop), on mid-game states of seeded random games.  A balancer spreads the calls of each
channel over the replicas, call by call (tests/service/test_balancer.py checks that).

    .venv/bin/python bench/bench_balancer.py --seconds 5 --clients 4 --json balancer.json
    .venv/bin/python bench/bench_balancer.py --balancers haproxy --workloads apply

The 2-replica / 1-replica ratio is bounded by the machine: on N cores the replicas, the
balancer and the client processes share them, so it says what a second replica buys *here*;
on a machine shared with other work compare ratios from the same run, not absolute figures.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
for path in (ROOT, ROOT / "bench"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from bench_service import build_requests, cpu_seconds, run_workload, start_server  # noqa: E402

from tests.service.balancer import ENVOY, HAPROXY, start_balancer, start_envoy  # noqa: E402


def _run(address: str, workload: str, payloads: list[bytes], pids: list[int], args: argparse.Namespace) -> dict[str, Any]:
    """One workload against ``address``, with the replicas' CPU time per call."""
    cpu0 = sum(cpu_seconds(pid) for pid in pids)
    figures = run_workload(address, workload, payloads, args.clients, args.warmup, args.seconds)
    cpu = sum(cpu_seconds(pid) for pid in pids) - cpu0
    total_calls = figures["calls"] * (args.seconds + args.warmup) / args.seconds
    figures["replica_cpu_us_per_call"] = cpu / total_calls * 1e6 if total_calls else float("nan")
    return figures


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; print the table and the ratios; write ``--json``."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=5.0, help="measured seconds per run (default 5)")
    parser.add_argument("--warmup", type=float, default=1.0, help="seconds before measuring (default 1)")
    parser.add_argument("--clients", type=int, default=4, help="client processes (default 4)")
    parser.add_argument("--states", type=int, default=40, help="mid-game states (default 40)")
    parser.add_argument("--workloads", default="legal,apply", help="of bench_service (default legal,apply)")
    parser.add_argument("--balancers", default="haproxy,envoy", help="haproxy, envoy or both (default both)")
    parser.add_argument("--json", type=Path, help="write every figure here")
    args = parser.parse_args(argv)
    workloads = args.workloads.split(",")
    available = {"haproxy": HAPROXY, "envoy": ENVOY}
    balancers = [b for b in args.balancers.split(",") if available.get(b)]
    if not balancers:
        raise SystemExit(f"none of {args.balancers} is installed (haproxy: apt-get install haproxy; envoy: the test extra)")
    requests = build_requests(args.states, seed=1)
    replicas = [start_server([]) for _ in range(2)]
    pids = [proc.pid for proc, _ in replicas]
    results: list[dict[str, Any]] = []
    try:
        with tempfile.TemporaryDirectory() as tmp:
            for workload in workloads:
                row = _run(replicas[0][1], workload, requests[workload], pids, args)
                results.append({"via": "direct", "replicas": 1, **row})
                print(f"{workload:6} direct      1 replica : {row['throughput_per_s']:7.0f} calls/s "
                      f"p50 {row['p50_ms']:.2f} ms, errors {row['errors']}", flush=True)
            for name in balancers:
                for n in (1, 2):
                    start = start_balancer if name == "haproxy" else start_envoy
                    balancer = start(Path(tmp) / f"{name}{n}", [address for _, address in replicas[:n]])
                    try:
                        for workload in workloads:
                            row = _run(balancer.address, workload, requests[workload], pids, args)
                            results.append({"via": name, "replicas": n, **row})
                            print(f"{workload:6} {name:8} {n} replica{'s' if n > 1 else ' '}: "
                                  f"{row['throughput_per_s']:7.0f} calls/s p50 {row['p50_ms']:.2f} ms, "
                                  f"errors {row['errors']}", flush=True)
                    finally:
                        balancer.stop()
    finally:
        for proc, _ in replicas:
            proc.terminate()
            proc.wait(30)
    by = {(r["via"], r["replicas"], r["workload"]): r["throughput_per_s"] for r in results}
    ratios = {}
    for name in balancers:
        for workload in workloads:
            two_to_one = by[(name, 2, workload)] / by[(name, 1, workload)]
            hop = by[(name, 1, workload)] / by[("direct", 1, workload)]
            ratios[f"{name}_{workload}_2_to_1_replicas"] = two_to_one
            ratios[f"{name}_{workload}_1_replica_to_direct"] = hop
            print(f"{name} {workload}: 2 replicas / 1 replica = {two_to_one:.2f}; "
                  f"1 replica through {name} / direct = {hop:.2f}")
    if args.json:
        meta = {"seconds": args.seconds, "warmup": args.warmup, "clients": args.clients, "states": args.states,
                "cpus": os.cpu_count(), "load_average": os.getloadavg(), "time": time.time()}
        args.json.write_text(json.dumps({"options": meta, "results": results, "ratios": ratios}, indent=1) + "\n",
                             encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
