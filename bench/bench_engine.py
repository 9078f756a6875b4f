"""Benchmark of the rules engine itself (no gRPC), single process.

One run:

* plays ``--games`` seeded random games (:func:`oracle.sampler.play_random_game`, edition
  ``--edition``) and keeps their *mid-game* states: the middle third of each game, where a
  player (not chance) decides;
* times, on those states, with :func:`time.perf_counter_ns` and ``--reps`` repetitions of
  each call: ``legal_actions(state)``; ``check(state, action)`` of a legal action and of a
  perturbed (usually illegal) one; ``apply(state, action)`` of a legal action;
* plays ``--full-games`` complete random games (chance and both players by the seeded
  sampler, nothing kept) and reports complete games per second of wall-clock time and per
  second of this process's CPU time (the latter is robust to other load on the machine);
* measures the canonical JSON (:func:`oracle.serialize.canonical_json`) of the mid-game
  states in bytes (UTF-8).

It prints the figures (median and p99 in microseconds per call) and, with ``--json PATH``,
writes them.  Targets of issue 2 on one core: ``legal_actions`` and ``apply`` medians at
or under 50 µs; at least 100 complete random games per second.

    .venv/bin/python bench/bench_engine.py --json bench_engine.json
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from oracle import Action, State, apply, canonical_json, check, decision, legal_actions  # noqa: E402
from oracle.sampler import play_random_game  # noqa: E402


def mid_game_states(games: int, seed: int, edition: str) -> list[State]:
    """The states of the middle third of ``games`` random games where a player decides."""
    out: list[State] = []
    for g in range(games):
        states = play_random_game(seed + g, edition=edition).states
        middle = states[len(states) // 3 : 2 * len(states) // 3]
        out.extend(s for s in middle if decision(s).actor in (0, 1))
    return out


def time_calls(cases: list[Callable[[], object]], reps: int) -> list[float]:
    """Per-call times in microseconds: each case called ``reps`` times, each call timed."""
    times: list[float] = []
    clock = time.perf_counter_ns
    for call in cases:
        call()  # warm caches of this state
        for _ in range(reps):
            t0 = clock()
            call()
            times.append((clock() - t0) / 1000.0)
    return times


def summary(times: list[float]) -> dict[str, float]:
    """Median, p99, mean and count of per-call microseconds."""
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return {
        "median_us": round(statistics.median(ordered), 2),
        "p99_us": round(p99, 2),
        "mean_us": round(statistics.fmean(ordered), 2),
        "calls": len(ordered),
    }


def _perturbed(action: Action, rng: random.Random) -> Action:
    """A nearby action, usually illegal (other card, other targets, other X...)."""
    choice = rng.randrange(4)
    if choice == 0:
        return replace(action, card=action.card + 1)
    if choice == 1:
        return replace(action, targets=(*action.targets, 1))
    if choice == 2:
        return replace(action, x=action.x + 1)
    return replace(action, trigger=action.trigger + 1)


def run(args: argparse.Namespace) -> dict[str, Any]:
    rng = random.Random(args.seed)
    t0 = time.perf_counter()
    states = mid_game_states(args.games, args.seed, args.edition)
    sampled = rng.sample(states, min(args.states, len(states)))
    setup_s = time.perf_counter() - t0

    legal_cases: list[Callable[[], object]] = []
    check_cases: list[Callable[[], object]] = []
    check_illegal_cases: list[Callable[[], object]] = []
    apply_cases: list[Callable[[], object]] = []
    legal_counts: list[int] = []
    for s in sampled:
        actions = legal_actions(s)
        legal_counts.append(len(actions))
        a = rng.choice(actions)
        bad = _perturbed(a, rng)
        legal_cases.append(partial(legal_actions, s))
        check_cases.append(partial(check, s, a))
        check_illegal_cases.append(partial(check, s, bad))
        apply_cases.append(partial(apply, s, a))

    gc.collect()
    results: dict[str, Any] = {
        "legal_actions": summary(time_calls(legal_cases, args.reps)),
        "check": summary(time_calls(check_cases, args.reps)),
        "check_perturbed": summary(time_calls(check_illegal_cases, args.reps)),
        "apply": summary(time_calls(apply_cases, args.reps)),
    }

    t1 = time.perf_counter()
    c1 = time.process_time()
    decisions = 0
    for g in range(args.full_games):
        game = play_random_game(args.seed + 100_000 + g, edition=args.edition, keep_states=False)
        decisions += len(game.actions)
    elapsed = time.perf_counter() - t1
    cpu = time.process_time() - c1
    results["random_games"] = {
        "games": args.full_games,
        "seconds": round(elapsed, 3),
        "games_per_second": round(args.full_games / elapsed, 1),
        "cpu_seconds": round(cpu, 3),
        "games_per_cpu_second": round(args.full_games / cpu, 1),
        "decisions_per_game": round(decisions / args.full_games, 1),
    }

    sizes = sorted(len(canonical_json(s).encode("utf-8")) for s in states)
    results["state_bytes"] = {
        "median": int(statistics.median(sizes)),
        "min": sizes[0],
        "max": sizes[-1],
        "states": len(sizes),
    }
    results["config"] = {
        "edition": args.edition,
        "seed": args.seed,
        "games_sampled": args.games,
        "mid_game_states": len(states),
        "states_timed": len(sampled),
        "reps": args.reps,
        "legal_actions_per_state_median": statistics.median(legal_counts),
        "setup_seconds": round(setup_s, 2),
        "python": platform.python_version(),
        "machine": platform.machine(),
    }
    return results


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=40, help="random games to take mid-game states from (default 40)")
    p.add_argument("--states", type=int, default=400, help="mid-game states to time (default 400)")
    p.add_argument("--reps", type=int, default=50, help="timed calls per state and operation (default 50)")
    p.add_argument("--full-games", type=int, default=300, help="complete random games for games/second (default 300)")
    p.add_argument("--edition", default="C", choices=("A", "B", "C"))
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", metavar="PATH", help="also write the figures as JSON to PATH")
    args = p.parse_args(argv)

    r = run(args)
    cfg = r["config"]
    print(f"engine benchmark: edition {cfg['edition']}, {cfg['states_timed']} mid-game states of "
          f"{cfg['games_sampled']} random games, {cfg['reps']} timed calls each (Python {cfg['python']})")
    print(f"{'operation':<18}{'median µs':>12}{'p99 µs':>12}{'mean µs':>12}{'calls':>10}")
    for key in ("legal_actions", "check", "check_perturbed", "apply"):
        v = r[key]
        print(f"{key:<18}{v['median_us']:>12.2f}{v['p99_us']:>12.2f}{v['mean_us']:>12.2f}{v['calls']:>10}")
    g = r["random_games"]
    print(f"complete random games: {g['games_per_second']:.1f} games/s wall clock, "
          f"{g['games_per_cpu_second']:.1f} per CPU second "
          f"({g['games']} games, {g['decisions_per_game']} decisions per game, {g['seconds']} s)")
    b = r["state_bytes"]
    print(f"serialised mid-game state (canonical JSON): median {b['median']} bytes "
          f"(min {b['min']}, max {b['max']}, {b['states']} states)")
    if args.json:
        Path(args.json).write_text(json.dumps(r, indent=2, sort_keys=True) + "\n", encoding="utf-8")
        print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
