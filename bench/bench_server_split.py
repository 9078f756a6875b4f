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
``timed``.  With ``--probe`` the ApplyAction calls are those of the outside probe's mix
(``bench_service.build_probe_requests``, made through a first plain server; the 30 requests
repeated, as ``perf_ratio.py`` repeats them): with the fingerprint-only read mask and unmasked,
each on ``plain``, ``stub`` and ``timed`` (the two stubs tell what carrying the next state
costs: the whole answer against the fingerprint-only one); and the run ends with the *budget*
of issue 26's targets: the server CPU per call at which ApplyAction's CPU ratio to the health
check is 1/0.65 (unmasked) and 1/0.8 (fingerprint only) -- the throughput ratio follows the
inverse of the CPU ratio while the server is the bottleneck, as it is here -- and the engine's
share of it: that budget less everything else the call costs (``plain``'s process CPU less
``timed``'s engine stage), set against the engine's measured CPU, and the engine's own time on
the same requests in this process (``apply`` on decoded states, warm), so the speed-up the
engine would need is printed, not estimated by hand.  It prints, per workload: calls per second, the server process's CPU per call,
that of its main thread (the event loop, which runs every one-state call) and how busy
that thread was, and for ``timed`` the handler's and the collector's CPU per call.  A main
thread well under 100 % busy means the server is not what limits the throughput: on a
machine whose cores the clients share, their CPU per call counts as much.  On a machine
shared with other work compare within one run.

    .venv/bin/python bench/bench_server_split.py --seconds 5 --clients 4 --json split.json
    .venv/bin/python bench/bench_server_split.py --probe --seconds 3 --json budget.json
"""

from __future__ import annotations

import argparse
import atexit
import contextlib
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


def serve(mode: str, report: str, serve_args: list[str], stub_request: str = "") -> int:
    """Run ``oracle serve`` with the servicer wrapped for ``mode``; with ``timed``, write the
    handler's and the collector's CPU seconds and the call count to ``report`` at exit.  With
    ``stub``, the stored answer is that of the request in the file ``stub_request``."""
    from oracle.__main__ import main as oracle_main
    from oracle.service.calls import CallControl
    from oracle.service.servicer import OracleServicer

    original = OracleServicer.apply_action_wire  # what the server runs for ApplyAction
    if mode == "stub":
        stored = original(OracleServicer(), Path(stub_request).read_bytes(), CallControl())

        def stub(self: Any, request: Any, context: Any) -> Any:
            return stored

        OracleServicer.apply_action_wire = stub  # type: ignore[method-assign,assignment]
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
        OracleServicer.apply_action_wire = timed  # type: ignore[method-assign,assignment]
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


def measure(mode: str, workload: str, payloads: list[Any], args: argparse.Namespace,
            label: str = "") -> dict[str, Any]:
    """Start a ``mode`` server, run ``workload`` on it, stop it; the figures (``label``: the
    workload's name in them, default ``workload``).  A ``stub`` server stores the answer to
    ``payloads[0]`` (an ``apply`` workload's first request)."""
    from bench_service import cpu_seconds, run_workload, start_server

    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "report.json"
        command: tuple[str, ...] = (str(Path(__file__).resolve()), "--serve", mode, "--report", str(report))
        if mode == "stub":
            stub_request = Path(tmp) / "stub_request.bin"
            stub_request.write_bytes(payloads[0])
            command += ("--stub-request", str(stub_request))
        command += ("serve",)
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
            "mode": mode, "workload": label or workload, "throughput_per_s": r["throughput_per_s"],
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
    parser.add_argument("--probe", action="store_true",
                        help="the outside probe's requests, fingerprint-only and unmasked, and the budget of issue 26's targets")
    parser.add_argument("--probe-states", type=int, default=30, help="requests of the probe's mix (default 30, as the probe)")
    parser.add_argument("--json", dest="json_path", help="write the figures to this JSON file")
    parser.add_argument("--stub-request", default="", help=argparse.SUPPRESS)
    args, rest = parser.parse_known_args(argv)
    if args.serve:
        return serve(args.serve, args.report or "", [a for a in rest if a != "serve"], args.stub_request)
    if args.probe:
        return run_probe_budget(args)
    from bench_service import GAMES_PER_CLIENT, build_games, build_requests

    payloads: dict[str, list[Any]] = {"health": [], "apply": build_requests(args.states, args.seed)["apply"],
                                      "apply_game": build_games(GAMES_PER_CLIENT * args.clients, args.seed)}
    rows = [measure(mode, workload, payloads[workload], args)
            for mode, workload in (("plain", "health"), ("stub", "apply"), ("timed", "apply"), ("timed", "apply_game"))]
    print_rows(rows, args)
    if args.json_path:
        Path(args.json_path).write_text(json.dumps(rows, indent=2) + "\n")
    return 0


def print_rows(rows: list[dict[str, Any]], args: argparse.Namespace) -> None:
    """Print the table of :func:`measure`'s rows and the stages of each ``timed`` row."""
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


#: Issue 26's throughput targets: ApplyAction's calls per second over the health check's,
#: unmasked and with the fingerprint-only read mask.
TARGETS = {"apply": 0.65, "apply_fp": 0.8}


def engine_in_process(requests: list[bytes], repeat: int = 7) -> float:
    """The engine's ``apply`` on the states and actions of ``requests`` (ApplyAction
    requests), decoded once, in this process with warm caches: the median over ``repeat``
    rounds of the mean µs of thread CPU per call (an illegal action's refusal counts as a
    call)."""
    import statistics

    from oracle import IllegalAction, apply
    from oracle._proto.berserk.oracle.v1 import oracle_service_pb2 as pb
    from oracle.service import convert as cv
    from oracle.service import state_codec as sc

    cases = []
    for data in requests:
        request = pb.ApplyActionRequest.FromString(data)
        cases.append((sc.state_from_proto(request.state, "state", "", None), cv.action_from_proto(request.action, "action")))

    def run(n: int) -> None:
        for _ in range(n):
            for state, action in cases:
                with contextlib.suppress(IllegalAction):
                    apply(state, action)

    run(10)
    rounds = []
    for _ in range(repeat):
        t0 = time.thread_time()
        run(50)
        rounds.append((time.thread_time() - t0) / 50 / len(cases) * 1e6)
    return statistics.median(rounds)


def budget(plain: dict[str, dict[str, Any]], timed: dict[str, dict[str, Any]],
           engine_local: float) -> dict[str, dict[str, float]]:
    """For each of :data:`TARGETS`, from the rows of :func:`run_probe_budget` by workload
    (``plain``: the servers as they are; ``timed``: with the stage timers): the server CPU per
    call the target allows (the plain health check's over the target), what the plain call
    spends on anything but the engine (its process CPU less the timed call's engine stage:
    the timers' own cost stays out of it), hence the engine's budget, and the speed-up of the
    engine that budget asks (the engine's server CPU over its budget; ``inf``: no engine time
    at all would do)."""
    health = plain["health"]
    out = {}
    for name, target in TARGETS.items():
        row = plain[name]
        allowed = health["server_cpu_us_per_call"] / target
        engine = timed[name]["stages_us_per_call"]["engine apply"]
        others = row["server_cpu_us_per_call"] - engine
        engine_budget = allowed - others
        out[name] = {
            "target_throughput_ratio": target, "allowed_cpu_us_per_call": allowed,
            "measured_cpu_us_per_call": row["server_cpu_us_per_call"],
            "cpu_ratio": row["server_cpu_us_per_call"] / health["server_cpu_us_per_call"],
            "throughput_ratio": row["throughput_per_s"] / health["throughput_per_s"],
            "other_than_engine_us": others, "engine_us": engine, "engine_budget_us": engine_budget,
            "engine_in_process_us": engine_local,
            "engine_speedup_needed": engine / engine_budget if engine_budget > 0 else float("inf"),
        }
    return out


def run_probe_budget(args: argparse.Namespace) -> int:
    """``--probe``: the probe's requests (made through a plain server started for them) on
    the three servers (the health check on the plain one), the table and stages, what the
    next state in the answer costs, then the budget of :data:`TARGETS`."""
    from bench_service import build_probe_requests, start_server, with_read_mask

    proc, address = start_server([])
    try:
        requests = build_probe_requests(address, args.probe_states)
    finally:
        proc.terminate()
        proc.wait(timeout=60)
    masked = with_read_mask(requests, ["fingerprint"])
    measured = [measure(mode, workload, payloads, args, label)
                for mode in ("plain", "stub", "timed")
                for workload, payloads, label in (("health", [], "health"), ("apply", masked, "apply_fp"),
                                                  ("apply", requests, "apply"))
                if mode == "plain" or workload != "health"]
    print_rows(measured, args)
    rows = {mode: {r["workload"]: r for r in measured if r["mode"] == mode} for mode in MODES}
    stubs = rows["stub"]
    whole, fp = stubs["apply"], stubs["apply_fp"]
    print(f"\nthe next state in the answer (a stub's whole answer against its fingerprint-only one): "
          f"{whole['server_cpu_us_per_call'] - fp['server_cpu_us_per_call']:+.0f} µs of server CPU a call, "
          f"{whole['throughput_per_s'] / fp['throughput_per_s']:.2f}x the throughput")
    local = engine_in_process(requests)
    plan = budget(rows["plain"], rows["timed"], local)
    print(f"\nbudget of issue 26's targets ({len(requests)} requests of the probe's mix; µs of server CPU per call,"
          " the health check's over the target):")
    print(f"  {'':<9} {'target':>6} {'ratio':>6} {'allowed':>8} {'measured':>9} {'not engine':>11} {'engine':>7} "
          f"{'its budget':>11} {'speed-up':>9}")
    for name, b in plan.items():
        print(f"  {name:<9} {b['target_throughput_ratio']:>6.2f} {b['throughput_ratio']:>6.2f} {b['allowed_cpu_us_per_call']:>8.0f} "
              f"{b['measured_cpu_us_per_call']:>9.0f} {b['other_than_engine_us']:>11.0f} {b['engine_us']:>7.0f} "
              f"{b['engine_budget_us']:>11.0f} {b['engine_speedup_needed']:>8.1f}x")
    print(f"  ratio: the measured throughput over the health check's; the engine's apply on these requests in this"
          f" process, warm: {local:.0f} µs a call")
    print("  measured, not engine: the plain server's call, less the timed server's engine stage")
    if args.json_path:
        Path(args.json_path).write_text(json.dumps({"rows": measured, "budget": plan}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
