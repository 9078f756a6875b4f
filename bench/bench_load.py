"""Bounded load run of the gRPC oracle: many clients, mixed calls, several rounds.

It starts a server (``python -m oracle serve --port 0``, plus ``--server-args``; or uses
``--address``), then runs ``--rounds`` rounds of ``--seconds`` each in which ``--clients``
clients (threads spread over ``--procs`` client processes, each client with its own
channel and one call in flight) call a mix of methods back to back: health checks,
GetServerInfo, GetLegalActions, CheckAction, ApplyAction, BatchCheckActions of 100 actions
and VerifyTranscript, on mid-game states of seeded random games.  For each round it
reports the calls, the errors (by status), p50 and p99 latency (overall and per method)
and the server's resident memory (RSS, the server process and its children) after the
round; the first figure is the RSS after a warm-up.  A growing RSS from round to round
would show a leak.  ``--json PATH`` writes every figure.  It is a benchmark, not a test:
it asserts nothing.

    .venv/bin/python bench/bench_load.py                      # 32 clients, 2 x 20 s
    .venv/bin/python bench/bench_load.py --seconds 30 --json load.json
    .venv/bin/python bench/bench_load.py --server-args "--workers 2"
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
for path in (ROOT, ROOT / "bench"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

#: method -> (path, weight in the mix)
MIX: dict[str, tuple[str, int]] = {
    "health": ("/grpc.health.v1.Health/Check", 2),
    "info": ("/berserk.oracle.v1.OracleService/GetServerInfo", 1),
    "legal": ("/berserk.oracle.v1.OracleService/GetLegalActions", 3),
    "check": ("/berserk.oracle.v1.OracleService/CheckAction", 2),
    "apply": ("/berserk.oracle.v1.OracleService/ApplyAction", 3),
    "batch100": ("/berserk.oracle.v1.OracleService/BatchCheckActions", 1),
    "verify": ("/berserk.oracle.v1.OracleService/VerifyTranscript", 1),
}


def build_payloads(states: int, seed: int) -> dict[str, list[bytes]]:
    """Serialized requests of every method of the mix."""
    from bench_service import build_requests
    from grpc_health.v1 import health_pb2

    from conformance_suite.transcript_cli import load_transcript
    from oracle._proto.berserk.oracle.v1 import oracle_service_pb2 as pb
    from oracle._proto.berserk.oracle.v1 import transcript_pb2

    payloads = build_requests(states, seed)
    payloads["health"] = [health_pb2.HealthCheckRequest().SerializeToString()]
    payloads["info"] = [pb.GetServerInfoRequest().SerializeToString()]
    transcripts = sorted((ROOT / "examples" / "transcripts").glob("*.json"))
    payloads["verify"] = [
        transcript_pb2.VerifyTranscriptRequest(transcript=load_transcript(p)).SerializeToString() for p in transcripts
    ]
    return payloads


def _client_process(address: str, payloads: dict[str, list[bytes]], threads: int, start_at: float,
                    seconds: float, out: Any) -> None:
    """``threads`` clients, each with its own channel, calling the mix until the end."""
    import grpc

    schedule = [name for name, (_, weight) in MIX.items() for _ in range(weight)]
    results: list[tuple[str, float, str]] = []
    lock = threading.Lock()

    def client(k: int) -> None:
        channel = grpc.insecure_channel(address, options=[("grpc.max_receive_message_length", 64 << 20)])
        calls = {name: channel.unary_unary(path) for name, (path, _) in MIX.items()}
        calls["health"](payloads["health"][0], timeout=30)  # connect
        mine: list[tuple[str, float, str]] = []
        i = k * 7 + os.getpid()
        while time.time() < start_at:
            time.sleep(0.005)
        stop = time.perf_counter() + seconds
        while True:
            name = schedule[i % len(schedule)]
            data = payloads[name][i % len(payloads[name])]
            i += 1
            t0 = time.perf_counter()
            if t0 >= stop:
                break
            try:
                calls[name](data, timeout=30)
                code = "OK"
            except grpc.RpcError as exc:
                code = exc.code().name  # type: ignore[attr-defined]
            mine.append((name, time.perf_counter() - t0, code))
        channel.close()
        with lock:
            results.extend(mine)

    workers = [threading.Thread(target=client, args=(k,)) for k in range(threads)]
    for t in workers:
        t.start()
    for t in workers:
        t.join()
    out.put(results)


def rss_mb(pid: int) -> float:
    """Resident memory of ``pid`` and its descendants, in MB (Linux /proc)."""
    total = 0
    todo = [pid]
    while todo:
        p = todo.pop()
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
            for task in Path(f"/proc/{p}/task").iterdir():
                todo.extend(int(c) for c in (task / "children").read_text().split())
        except OSError:
            continue
    return total / 1024


def _pct(values: list[float], q: float) -> float:
    return values[min(len(values) - 1, int(q * len(values)))] * 1000 if values else float("nan")


def run_round(address: str, payloads: dict[str, list[bytes]], clients: int, procs: int, seconds: float) -> dict[str, Any]:
    """One round: ``clients`` clients over ``procs`` processes for ``seconds``."""
    ctx = multiprocessing.get_context("spawn")
    out = ctx.Queue()
    start_at = time.time() + 3.0  # let every process import and connect first
    shares = [clients // procs + (1 if i < clients % procs else 0) for i in range(procs)]
    workers = [ctx.Process(target=_client_process, args=(address, payloads, n, start_at, seconds, out))
               for n in shares if n]
    for p in workers:
        p.start()
    results: list[tuple[str, float, str]] = []
    for _ in workers:
        results.extend(out.get(timeout=seconds + 120))
    for p in workers:
        p.join()
    latencies = sorted(d for _, d, _ in results)
    codes = Counter(c for _, _, c in results)
    per_method = {}
    for name in MIX:
        own = sorted(d for n, d, _ in results if n == name)
        per_method[name] = {"calls": len(own), "p50_ms": _pct(own, 0.5), "p99_ms": _pct(own, 0.99)}
    return {
        "calls": len(results),
        "errors": sum(n for c, n in codes.items() if c != "OK"),
        "statuses": dict(codes),
        "calls_per_s": len(results) / seconds,
        "p50_ms": _pct(latencies, 0.5),
        "p99_ms": _pct(latencies, 0.99),
        "methods": per_method,
    }


def main(argv: list[str] | None = None) -> int:
    """Run the load rounds and print the figures."""
    from bench_service import start_server

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--address", help="load a running server instead of starting one (no RSS then)")
    parser.add_argument("--clients", type=int, default=32, help="clients, each with its own channel (default 32)")
    parser.add_argument("--procs", type=int, default=4, help="client processes the clients are spread over (default 4)")
    parser.add_argument("--rounds", type=int, default=2, help="rounds (default 2)")
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds per round (default 20)")
    parser.add_argument("--warmup", type=float, default=3.0, help="warm-up seconds before the first round (default 3)")
    parser.add_argument("--states", type=int, default=30, help="distinct mid-game states (default 30)")
    parser.add_argument("--seed", type=int, default=2000, help="first game seed (default 2000)")
    parser.add_argument("--server-args", default="", help="extra arguments of `oracle serve`, e.g. '--workers 2'")
    parser.add_argument("--json", dest="json_path", help="write the figures to this JSON file")
    args = parser.parse_args(argv)

    payloads = build_payloads(args.states, args.seed)
    proc = None
    address = args.address
    if address is None:
        proc, address = start_server(args.server_args.split())
    rounds = []
    try:
        if args.warmup > 0:
            run_round(address, payloads, min(args.clients, 4), 1, args.warmup)
        rss_start = rss_mb(proc.pid) if proc else float("nan")
        print(f"oracle load run: {args.clients} clients over {args.procs} processes, {args.rounds} x "
              f"{args.seconds:g} s, server {address} {args.server_args}".rstrip())
        print(f"server RSS after warm-up: {rss_start:.1f} MB")
        print(f"{'round':>5} {'calls':>8} {'errors':>6} {'calls/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'RSS MB':>8}")
        for k in range(args.rounds):
            r = run_round(address, payloads, args.clients, args.procs, args.seconds)
            r["rss_mb"] = rss_mb(proc.pid) if proc else float("nan")
            rounds.append(r)
            print(f"{k + 1:>5} {r['calls']:>8} {r['errors']:>6} {r['calls_per_s']:>9.1f} {r['p50_ms']:>8.2f} "
                  f"{r['p99_ms']:>8.2f} {r['rss_mb']:>8.1f}" + (f"   statuses {r['statuses']}" if r["errors"] else ""))
        print("per method (last round): " + ", ".join(
            f"{name} {m['calls']} calls p50 {m['p50_ms']:.1f} p99 {m['p99_ms']:.1f} ms"
            for name, m in rounds[-1]["methods"].items()))
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(60)
    if args.json_path:
        figures = {
            "clients": args.clients,
            "procs": args.procs,
            "seconds": args.seconds,
            "server_args": args.server_args,
            "cpu_count": os.cpu_count(),
            "rss_after_warmup_mb": rss_start,
            "rounds": rounds,
            "server_exit_code": proc.returncode if proc else None,
        }
        Path(args.json_path).write_text(json.dumps(figures, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
