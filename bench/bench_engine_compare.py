"""Two engines timed on the same workload: this checkout's and another's (e.g. a worktree of an
older commit), alternating, in one run.

``bench_engine.py`` times each engine on its own random games; once the card pool grows the two
workloads differ (other decks, other cards in play, other game lengths), so its figures compare
workloads as much as engines.  This script makes one workload with the *baseline* engine (the
other checkout, whose pool is the older one: every state it makes is readable by the newer
engine, the state format being additive) and times both engines on it:

* ``--states`` mid-game states of ``--games`` seeded random games (as ``bench_engine.py``), a
  random legal action of each: ``legal_actions(state)``, ``check(state, action)`` and
  ``apply(state, action)``, each called ``--reps`` times in a row per state (the median over
  the states of the mean µs per call, in CPU time of the timing process);
* ``--full-games`` complete seeded random games of the baseline, replayed action by action by
  each engine from their first state: replayed decisions per CPU second of the timing process
  (a replay the newer engine refuses stops there; the count of refused replays is printed).

Each round runs the baseline, then this checkout, each in a fresh subprocess; the ratio
(this checkout / baseline: time ratios above 1 are slower, the replay ratio below 1 is
slower) is printed per round and as the median over ``--rounds`` rounds, and with ``--json``
written to a file.  A benchmark, not a test: the machine's other load moves single figures;
compare the ratios of one run.

    git worktree add --detach /tmp/base 24291c7
    .venv/bin/python bench/bench_engine_compare.py /tmp/base --rounds 3 --json compare.json
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
OPS = ("apply", "legal_actions", "check")


def _engine(root: str) -> Any:
    """Import the ``oracle`` package of checkout ``root`` (first on the path)."""
    sys.path.insert(0, root)
    import oracle
    import oracle.sampler
    import oracle.serialize

    if not Path(oracle.__file__).resolve().is_relative_to(Path(root).resolve()):
        raise SystemExit(f"bench_engine_compare: imported {oracle.__file__}, not the oracle of {root}")
    return oracle


def _action(oracle: Any, data: dict[str, Any]) -> Any:
    """An ``Action`` of this engine from its field dict (lists as tuples; fields this engine
    does not know are refused: the workload must be readable by both engines)."""
    names = {f.name for f in dataclasses.fields(oracle.Action)}
    unknown = sorted(set(data) - names)
    if unknown:
        raise SystemExit(f"bench_engine_compare: this engine's Action has no field {unknown}")
    return oracle.Action(**{k: tuple(v) if isinstance(v, list) else v for k, v in data.items()})


def make_workload(args: argparse.Namespace) -> dict[str, Any]:
    """The cases, made by the engine this process imported (the baseline's)."""
    import oracle
    from oracle.sampler import play_random_game
    from oracle.serialize import to_dict

    rng = random.Random(args.seed)
    states: list[Any] = []
    for g in range(args.games):
        played = play_random_game(args.seed + g, edition=args.edition).states
        middle = played[len(played) // 3: 2 * len(played) // 3]
        states.extend(s for s in middle if oracle.decision(s).actor in (0, 1))
    cases = []
    for s in rng.sample(states, min(args.states, len(states))):
        a = rng.choice(oracle.legal_actions(s))
        cases.append({"state": to_dict(s), "action": dataclasses.asdict(a)})
    games = []
    for g in range(args.full_games):
        game = play_random_game(args.seed + 100_000 + g, edition=args.edition)
        games.append({"start": to_dict(game.states[0]), "actions": [dataclasses.asdict(a) for a in game.actions]})
    return {"cases": cases, "games": games}


def _median_us(calls: list[Any], reps: int) -> float:
    """The median over the cases of a case's mean µs per call, ``reps`` calls in a row timed
    in the CPU time of this process (not wall-clock time: on a shared machine the time this
    process waits for a core is no part of the engine's)."""
    clock = time.process_time_ns
    times: list[float] = []
    for call in calls:
        call()  # warm this state's caches
        t0 = clock()
        for _ in range(reps):
            call()
        times.append((clock() - t0) / 1000.0 / reps)
    return statistics.median(times)


def time_workload(oracle: Any, workload: dict[str, Any], reps: int) -> dict[str, Any]:
    """Time the engine ``oracle`` on ``workload`` (the baseline's cases and games)."""
    from oracle.serialize import from_dict

    cases = [(from_dict(c["state"]), _action(oracle, c["action"])) for c in workload["cases"]]
    games = [(c["start"], [_action(oracle, a) for a in c["actions"]]) for c in workload["games"]]
    gc.collect()
    out: dict[str, Any] = {
        "apply": _median_us([lambda s=s, a=a: oracle.apply(s, a) for s, a in cases], reps),
        "legal_actions": _median_us([lambda s=s: oracle.legal_actions(s) for s, _ in cases], reps),
        "check": _median_us([lambda s=s, a=a: oracle.check(s, a) for s, a in cases], reps),
    }
    decisions = refused = 0
    c0 = time.process_time()
    for start, actions in games:
        state = from_dict(start)
        for a in actions:
            try:
                state = oracle.apply(state, a).state
            except oracle.IllegalAction:
                refused += 1
                break
            decisions += 1
    cpu = time.process_time() - c0
    out["replay_decisions_per_cpu_second"] = decisions / cpu if cpu else 0.0
    out["replay_decisions"] = decisions
    out["replays_refused"] = refused
    return out


def _worker(root: str, workload_path: str, mode: str, reps: int, args_json: str) -> int:
    oracle = _engine(root)
    if mode == "make":
        args = argparse.Namespace(**json.loads(args_json))
        Path(workload_path).write_text(json.dumps(make_workload(args)), encoding="utf-8")
        return 0
    workload = json.loads(Path(workload_path).read_text(encoding="utf-8"))
    print(json.dumps(time_workload(oracle, workload, reps)))
    return 0


def _run_worker(root: Path, workload: Path, mode: str, reps: int, args: argparse.Namespace) -> dict[str, Any]:
    params = json.dumps({k: getattr(args, k) for k in ("games", "states", "full_games", "edition", "seed")})
    proc = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--worker", str(root), str(workload), mode,
                           str(reps), params], capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        raise SystemExit(f"bench_engine_compare: the worker for {root} failed:\n{proc.stderr.strip()}")
    return json.loads(proc.stdout) if mode == "time" else {}


def main(argv: list[str] | None = None) -> int:
    if argv is None and len(sys.argv) > 1 and sys.argv[1] == "--worker":
        root, workload_path, mode, reps, params = sys.argv[2:7]
        return _worker(root, workload_path, mode, int(reps), params)
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("baseline", type=Path, help="the other checkout (a directory holding its oracle package)")
    p.add_argument("--games", type=int, default=40, help="random games to take mid-game states from (default 40)")
    p.add_argument("--states", type=int, default=400, help="mid-game states to time (default 400)")
    p.add_argument("--reps", type=int, default=10, help="timed calls per state and operation (default 10)")
    p.add_argument("--full-games", type=int, default=30, help="complete random games to replay (default 30)")
    p.add_argument("--rounds", type=int, default=3, help="alternating rounds of both engines (default 3)")
    p.add_argument("--edition", default="C", choices=("A", "B", "C"))
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", metavar="PATH", help="also write the figures as JSON to PATH")
    args = p.parse_args(argv)
    if not (args.baseline / "oracle" / "__init__.py").is_file():
        p.error(f"baseline: {args.baseline} holds no oracle package")

    with tempfile.TemporaryDirectory() as tmp:
        workload = Path(tmp) / "workload.json"
        _run_worker(args.baseline, workload, "make", args.reps, args)
        rounds = []
        for r in range(1, args.rounds + 1):
            base = _run_worker(args.baseline, workload, "time", args.reps, args)
            mine = _run_worker(ROOT, workload, "time", args.reps, args)
            ratio = {op: mine[op] / base[op] for op in OPS}
            ratio["replay"] = mine["replay_decisions_per_cpu_second"] / base["replay_decisions_per_cpu_second"]
            rounds.append({"baseline": base, "this": mine, "ratio": ratio})
            print(f"round {r}: " + " | ".join(f"{op} {base[op]:.1f}/{mine[op]:.1f} µs = {ratio[op]:.2f}" for op in OPS)
                  + f" | replay {base['replay_decisions_per_cpu_second']:.0f}/"
                  f"{mine['replay_decisions_per_cpu_second']:.0f} decisions per CPU s = {ratio['replay']:.2f}"
                  + (f" ({mine['replays_refused']} replays refused by this engine)" if mine["replays_refused"] else ""))
    median = {k: round(statistics.median(r["ratio"][k] for r in rounds), 3) for k in (*OPS, "replay")}
    print("median ratio (this / baseline): " + ", ".join(f"{k} {v:.2f}" for k, v in median.items())
          + "  (times: above 1 is slower; replay: below 1 is slower)")
    if args.json:
        out = {"baseline": str(args.baseline), "config": vars(args) | {"baseline": str(args.baseline)},
               "rounds": rounds, "median_ratio": median}
        Path(args.json).write_text(json.dumps(out, indent=2, sort_keys=True, default=str) + "\n", encoding="utf-8")
        print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
