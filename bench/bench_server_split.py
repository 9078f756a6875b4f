"""Where an ApplyAction's server CPU goes (issue 11): the handler against the rest of a call.

One run starts three servers one after the other, each ``python -m oracle serve --port 0``
with its servicer wrapped by this program (``--serve MODE``):

* ``plain``: the server as it is, for the health check (the baseline);
* ``stub``: ApplyAction answers with a response it stored at start (a real call's answer on
  a mid-game state): the same message sizes and the same path through the server, no work;
* ``timed``: ApplyAction as it is, with the CPU time of the thread running each call summed
  around the handler (``time.thread_time``) and the time of cyclic garbage collection
  (``gc.callbacks``); the server writes both to a JSON file when it stops.

On each, the clients of ``bench_service.py`` run: ``health`` on ``plain``, ``apply`` (mid-game
states the server never answered: misses) on ``stub`` and ``timed``, ``apply_game`` on
``timed``.  It prints, per workload: calls per second, the server process's CPU per call,
that of its main thread (the event loop, which runs every one-state call) and how busy
that thread was, and for ``timed`` the handler's and the collector's CPU per call.  A main
thread well under 100 % busy means the server is not what limits the throughput: on a
machine whose cores the clients share, their CPU per call counts as much.  On a machine
shared with other work compare within one run.

    .venv/bin/python bench/bench_server_split.py --seconds 5 --clients 4 --json split.json
"""

from __future__ import annotations

import argparse
import atexit
import gc
import inspect
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

MODES = ("plain", "stub", "timed")


def serve(mode: str, report: str, seed: int, serve_args: list[str]) -> int:
    """Run ``oracle serve`` with the servicer wrapped for ``mode``; with ``timed``, write the
    handler's and the collector's CPU seconds and the call count to ``report`` at exit."""
    from oracle.__main__ import main as oracle_main
    from oracle.service.calls import CallControl
    from oracle.service.servicer import OracleServicer

    original = OracleServicer.apply_action_wire  # what the server runs for ApplyAction
    if mode == "stub":
        from bench_service import build_requests


        stored = original(OracleServicer(), build_requests(1, seed)["apply"][0], CallControl())

        def stub(self: Any, request: Any, context: Any) -> Any:
            return stored

        OracleServicer.apply_action_wire = stub  # type: ignore[method-assign]
    elif mode == "timed":
        totals = {"handler_s": 0.0, "gc_s": 0.0, "calls": 0}
        gc_start = [0.0]

        def on_gc(phase: str, info: dict[str, Any]) -> None:
            if phase == "start":
                gc_start[0] = time.thread_time()
            else:
                totals["gc_s"] += time.thread_time() - gc_start[0]

        def timed(self: Any, request: Any, context: Any) -> Any:
            t0 = time.thread_time()
            try:
                return original(self, request, context)
            finally:
                totals["handler_s"] += time.thread_time() - t0
                totals["calls"] += 1

        _time_stages(totals)

        def write() -> None:
            Path(report).write_text(json.dumps(totals))

        gc.callbacks.append(on_gc)
        OracleServicer.apply_action_wire = timed  # type: ignore[method-assign]
        atexit.register(write)
    return oracle_main(["serve", *serve_args])


#: The stages of a call that ``timed`` measures apart (thread CPU seconds summed over the
#: ApplyAction calls): the name in the report, the module (``module:Class`` for a method) and
#: the attribute wrapped.
STAGES = (
    ("take the request apart", "oracle.service.servicer", "split_fields"),  # the bytes' top-level fields
    ("state (a miss: decode and validate)", "oracle.service.servicer:OracleServicer", "_decoded"),
    ("action", "oracle.service.convert", "action_from_proto"),
    ("engine apply", "oracle.service.servicer", "apply"),
    ("events", "oracle.service.convert", "events_wire"),
    ("encode", "oracle.service.state_codec", "encode_state_wire"),
    ("fingerprint (a next state not known to the cache)", "oracle.service.state_codec", "fingerprint_of"),
    ("decision", "oracle.service.servicer", "decision"),
    ("cache store", "oracle.service.servicer:OracleServicer", "_remember"),
    ("log line", "oracle.service.interceptor:CallInterceptor", "_done"),
)


def _time_stages(totals: dict[str, Any]) -> None:
    """Wrap each of :data:`STAGES` so that the thread CPU time it takes during ApplyAction
    calls is summed into ``totals["stages"]`` (the log line is that of the ApplyAction calls
    only; every stage runs on the thread of the call)."""
    import importlib

    stages: dict[str, float] = dict.fromkeys((name for name, _, _ in STAGES), 0.0)
    totals["stages"] = stages
    for name, where, attr in STAGES:
        module_name, _, class_name = where.partition(":")
        owner: Any = importlib.import_module(module_name)
        if class_name:
            owner = getattr(owner, class_name)
        original = getattr(owner, attr)
        if attr == "_done":
            def done(self: Any, context: Any, info: Any, method: str, started: float,
                     original: Any = original, name: str = name) -> None:
                t0 = time.thread_time()
                original(self, context, info, method, started)
                if method.endswith("/ApplyAction"):
                    stages[name] += time.thread_time() - t0

            setattr(owner, attr, done)
        else:
            def wrapped(*a: Any, original: Any = original, name: str = name, **k: Any) -> Any:
                t0 = time.thread_time()
                try:
                    return original(*a, **k)
                finally:
                    stages[name] += time.thread_time() - t0

            static = isinstance(inspect.getattr_static(owner, attr), staticmethod)
            setattr(owner, attr, staticmethod(wrapped) if static else wrapped)


def thread_cpu_seconds(pid: int) -> float:
    """CPU time (user + system) of the main thread of process ``pid`` (Linux)."""
    fields = Path(f"/proc/{pid}/task/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measure(mode: str, workload: str, payloads: list[Any], args: argparse.Namespace) -> dict[str, Any]:
    """Start a ``mode`` server, run ``workload`` on it, stop it; the figures."""
    from bench_service import cpu_seconds, run_workload, start_server

    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "report.json"
        command = (str(Path(__file__).resolve()), "--serve", mode, "--report", str(report), "--seed", str(args.seed), "serve")
        proc, address = start_server([], ROOT, command)
        try:
            cpu0, main0 = cpu_seconds(proc.pid), thread_cpu_seconds(proc.pid)
            r = run_workload(address, workload, payloads, args.clients, args.warmup, args.seconds)
            cpu, main_cpu = cpu_seconds(proc.pid) - cpu0, thread_cpu_seconds(proc.pid) - main0
        finally:
            proc.terminate()
            proc.wait(timeout=60)
        calls = r["calls"] * (args.seconds + args.warmup) / args.seconds  # the warm-up's calls too
        row: dict[str, Any] = {
            "mode": mode, "workload": workload, "throughput_per_s": r["throughput_per_s"],
            "server_cpu_us_per_call": cpu / calls * 1e6 if calls else float("nan"),
            "main_thread_cpu_us_per_call": main_cpu / calls * 1e6 if calls else float("nan"),
            "main_thread_busy": main_cpu / (args.seconds + args.warmup),  # idle while the clients start
        }
        if mode == "timed" and report.exists():
            totals = json.loads(report.read_text())
            n = max(totals["calls"], 1)
            row["handler_cpu_us_per_call"] = totals["handler_s"] / n * 1e6
            row["gc_cpu_us_per_call"] = totals["gc_s"] / n * 1e6
            row["stages_us_per_call"] = {k: v / n * 1e6 for k, v in totals.get("stages", {}).items()}
    return row


def main(argv: list[str] | None = None) -> int:
    """Serve (``--serve``) or run the three servers and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--serve", choices=MODES, help=argparse.SUPPRESS)
    parser.add_argument("--report", help=argparse.SUPPRESS)
    parser.add_argument("--clients", type=int, default=4, help="client processes (default 4)")
    parser.add_argument("--seconds", type=float, default=5.0, help="measured seconds per workload (default 5)")
    parser.add_argument("--warmup", type=float, default=1.0, help="warm-up seconds per workload (default 1)")
    parser.add_argument("--states", type=int, default=50, help="distinct mid-game states (default 50)")
    parser.add_argument("--seed", type=int, default=1000, help="first game seed (default 1000)")
    parser.add_argument("--json", dest="json_path", help="write the figures to this JSON file")
    args, rest = parser.parse_known_args(argv)
    if args.serve:
        return serve(args.serve, args.report or "", args.seed, [a for a in rest if a != "serve"])
    from bench_service import GAMES_PER_CLIENT, build_games, build_requests

    payloads: dict[str, list[Any]] = {"health": [], "apply": build_requests(args.states, args.seed)["apply"],
                                      "apply_game": build_games(GAMES_PER_CLIENT * args.clients, args.seed)}
    rows = [measure(mode, workload, payloads[workload], args)
            for mode, workload in (("plain", "health"), ("stub", "apply"), ("timed", "apply"), ("timed", "apply_game"))]
    print(f"server CPU per call, {args.clients} client processes, {args.seconds:g} s per workload; µs")
    print(f"{'server':<6} {'workload':<10} {'calls/s':>8} {'process':>8} {'main thread':>12} {'busy':>5} "
          f"{'handler':>8} {'gc':>5}")
    for r in rows:
        handler = f"{r['handler_cpu_us_per_call']:>8.0f}" if "handler_cpu_us_per_call" in r else f"{'':>8}"
        collector = f"{r['gc_cpu_us_per_call']:>5.0f}" if "gc_cpu_us_per_call" in r else f"{'':>5}"
        print(f"{r['mode']:<6} {r['workload']:<10} {r['throughput_per_s']:>8.0f} {r['server_cpu_us_per_call']:>8.0f} "
              f"{r['main_thread_cpu_us_per_call']:>12.0f} {r['main_thread_busy']:>5.0%} {handler} {collector}")
    print("busy: the main thread's CPU over the warm-up and measured seconds; handler, gc: per ApplyAction call")
    for r in rows:
        stages = r.get("stages_us_per_call")
        if not stages:
            continue
        inside = sum(v for k, v in stages.items() if k != "log line")  # every other stage runs in the handler
        rest = r["server_cpu_us_per_call"] - r["handler_cpu_us_per_call"] - stages["log line"]
        print(f"\nstages of an ApplyAction call, {r['workload']} (µs of the call's thread CPU per call):")
        for k, v in stages.items():
            print(f"  {k:<50} {v:>7.1f}")
        print(f"  {'rest of the handler':<50} {r['handler_cpu_us_per_call'] - inside:>7.1f}")
        print(f"  {'transport and the rest of the server (process CPU - the above)':<50} {rest:>7.1f}")
    if args.json_path:
        Path(args.json_path).write_text(json.dumps(rows, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
