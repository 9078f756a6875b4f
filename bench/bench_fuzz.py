"""Benchmark of lock-step fuzzing (:mod:`conformance_suite.fuzz_lockstep`): decisions checked per
second.

A *decision checked* is one full lock-step round: the reference's and the target's
decision and legal-action set compared, one legal and one illegal action checked on the
target, the chosen action applied on both and the next states compared (four target calls:
GetLegalActions, CheckAction twice, ApplyAction).  Modes:

* ``grpc``: against a reference served in a separate process (``python -m oracle serve
  --port 0``, or ``--address``), over gRPC;
* ``in-process``: against an engine mutant in this process (``--mutant``, default
  ``defend_twice_per_turn``, which rarely diverges, so games run long; a game that diverges
  ends there and its decisions count), with the fuzzer's state cache
  (:class:`~conformance_suite.fuzz_targets.FastInProcessTarget`);
* ``in-process-uncached``: the same through the plain
  :class:`~conformance_suite.targets.InProcessTarget` (every call decodes the state dict);
* ``hypothesis``: the whole fuzzer (Hypothesis drawing every choice) against the in-process
  reference, over ``--games`` games.

The first three play the same ``--games`` games chosen by a seeded :class:`random.Random`
(:class:`oracle.sampler.RandomChooser`).  Prints a table; ``--json PATH`` writes it.

    .venv/bin/python bench/bench_fuzz.py --games 20 --json bench_fuzz.json
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from conformance_suite.fuzz_lockstep import LockStep, Mismatch  # noqa: E402 - after the path set-up
from conformance_suite.fuzz_shrink import fuzz  # noqa: E402
from conformance_suite.fuzz_targets import FastInProcessTarget, served_oracle  # noqa: E402
from conformance_suite.targets import InProcessTarget, Target  # noqa: E402
from oracle.sampler import RandomChooser  # noqa: E402

__all__ = ["bench_lockstep", "main"]


def bench_lockstep(target: Target, games: int, seed: int, max_decisions: int = 400) -> dict[str, Any]:
    """Play ``games`` random games in lock step with ``target``; the decisions checked,
    the time taken and the rate."""
    lock = LockStep(target, max_decisions=max_decisions)
    decisions = 0
    divergences = 0

    def tick() -> None:
        nonlocal decisions
        decisions += 1

    started = time.perf_counter()
    for g in range(games):
        try:
            lock.play(RandomChooser(seed + g), tick)
        except Mismatch:
            divergences += 1
    seconds = time.perf_counter() - started
    return {
        "games": games,
        "decisions": decisions,
        "divergent_games": divergences,
        "seconds": round(seconds, 3),
        "decisions_per_second": round(decisions / seconds, 1) if seconds else 0.0,
    }


def main(argv: list[str] | None = None) -> int:
    """Entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games per mode (default 20)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the games (default 0)")
    parser.add_argument("--mutant", default="defend_twice_per_turn", help="the in-process mutant")
    parser.add_argument("--address", default="", help="HOST:PORT of a running server (default: start one)")
    parser.add_argument("--modes", default="grpc,in-process,in-process-uncached,hypothesis",
                        help="comma-separated modes to run")
    parser.add_argument("--json", metavar="PATH", default="", help="write the figures as JSON")
    args = parser.parse_args(argv)
    modes = [m for m in args.modes.split(",") if m]
    results: dict[str, Any] = {}
    for mode in modes:
        if mode == "grpc":
            from conformance_suite.grpc_target import GrpcTarget

            def run_grpc(address: str) -> dict[str, Any]:
                target = GrpcTarget(address)
                try:
                    bench_lockstep(target, 1, args.seed + 10_000)  # warm-up: channel, server caches
                    return bench_lockstep(target, args.games, args.seed)
                finally:
                    target.close()

            if args.address:
                results[mode] = run_grpc(args.address)
            else:
                with served_oracle() as address:
                    results[mode] = run_grpc(address)
            results[mode]["target"] = args.address or "python -m oracle serve (reference, child process)"
        elif mode == "in-process":
            results[mode] = bench_lockstep(FastInProcessTarget(args.mutant), args.games, args.seed)
            results[mode]["target"] = f"mutant {args.mutant} (FastInProcessTarget)"
        elif mode == "in-process-uncached":
            results[mode] = bench_lockstep(InProcessTarget(args.mutant), args.games, args.seed)
            results[mode]["target"] = f"mutant {args.mutant} (InProcessTarget)"
        elif mode == "hypothesis":
            rep = fuzz(FastInProcessTarget(), games=args.games, seed=args.seed, label="reference")
            results[mode] = {
                "games": rep.games,
                "decisions": rep.decisions,
                "divergent_games": 0 if rep.finding is None else 1,
                "seconds": round(rep.seconds, 3),
                "decisions_per_second": round(rep.decisions / rep.seconds, 1) if rep.seconds else 0.0,
                "target": "reference (FastInProcessTarget), choices drawn by Hypothesis",
            }
        else:
            parser.error(f"unknown mode {mode!r}")
    print(f"{'mode':22} {'games':>5} {'decisions':>9} {'seconds':>8} {'decisions/s':>11}  target")
    for mode, r in results.items():
        print(f"{mode:22} {r['games']:5} {r['decisions']:9} {r['seconds']:8.2f} {r['decisions_per_second']:11.1f}  {r['target']}")
    if args.json:
        data = {"python": platform.python_version(), "machine": platform.machine(), "seed": args.seed, "modes": results}
        Path(args.json).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
