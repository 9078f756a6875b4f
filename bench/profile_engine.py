"""Where an engine operation's time goes, on the workload of ``bench_engine_compare.py``.

Makes that script's workload (mid-game states of seeded random games and a random legal action
of each, made by the engine of ``--maker``: this checkout by default, or an older checkout so
that the workload is the one the comparison times), then runs ``--op`` (``apply``,
``legal_actions`` or ``check``) ``--reps`` times on every case under :mod:`cProfile` and prints
the ``--top`` functions by their own time and by their cumulative time. A diagnostic, not a
benchmark: cProfile's overhead is per call, so many small calls look dearer than they are;
read it next to the figures of ``bench_engine_compare.py``.

    .venv/bin/python bench/profile_engine.py --op apply --top 30
    .venv/bin/python bench/profile_engine.py --maker /tmp/base --engine /tmp/base --op apply
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

import bench_engine_compare as compare  # noqa: E402  (the workload's one definition)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--maker", type=Path, default=ROOT, help="checkout whose engine makes the workload (default: this one)")
    p.add_argument("--engine", type=Path, default=ROOT, help="checkout whose engine is profiled (default: this one)")
    p.add_argument("--op", choices=compare.OPS, default="apply")
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--states", type=int, default=400)
    p.add_argument("--reps", type=int, default=5)
    p.add_argument("--edition", default="C", choices=("A", "B", "C"))
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--top", type=int, default=30)
    p.add_argument("--json", metavar="PATH", help="also write the --top functions by own time as JSON to PATH")
    p.add_argument("--worker", nargs=2, metavar=("WORKLOAD", "OUT"), help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.worker:
        oracle = compare._engine(str(args.engine))
        from oracle.serialize import from_dict

        workload = json.loads(Path(args.worker[0]).read_text(encoding="utf-8"))
        cases = [(from_dict(c["state"]), compare._action(oracle, c["action"])) for c in workload["cases"]]
        call = {"apply": lambda s, a: oracle.apply(s, a), "legal_actions": lambda s, a: oracle.legal_actions(s),
                "check": lambda s, a: oracle.check(s, a)}[args.op]
        prof = cProfile.Profile()
        prof.enable()
        for _ in range(args.reps):
            for s, a in cases:
                call(s, a)
        prof.disable()
        prof.dump_stats(args.worker[1])
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        workload = Path(tmp) / "workload.json"
        args.full_games = 0
        compare._run_worker(args.maker, workload, "make", args.reps, args)
        out = Path(tmp) / "profile.out"
        cmd = [sys.executable, __file__, "--engine", str(args.engine), "--op", args.op, "--reps", str(args.reps),
               "--worker", str(workload), str(out)]
        subprocess.run(cmd, check=True)
        stats = pstats.Stats(str(out))
        stats.sort_stats("tottime").print_stats(args.top)
        stats.sort_stats("cumulative").print_stats(args.top)
        if args.json:
            rows = sorted(stats.stats.items(), key=lambda kv: -kv[1][2])[: args.top]  # type: ignore[attr-defined]
            found = [{"function": f"{Path(file).name}:{line}({name})", "calls": calls, "own_seconds": round(own, 6),
                      "cumulative_seconds": round(cum, 6)} for (file, line, name), (_, calls, own, cum, _) in rows]
            Path(args.json).write_text(json.dumps({"op": args.op, "engine": str(args.engine), "maker": str(args.maker),
                                                   "reps": args.reps, "top": found}, indent=2) + "\n", encoding="utf-8")
            print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
