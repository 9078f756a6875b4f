"""The command line: snapshot the tree, enumerate and sample the mutants, run each in a worker."""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import asdict
from pathlib import Path
from typing import Any

from .layout import MODULES, RESULT_MARK, ROOT, SCRIPT
from .operators import Mutant, enumerate_mutants
from .report import Report, _load_equivalent, _match_equivalent, _print, _rescore, _summarise
from .worker import _worker

#: The first paragraph of bench/mutation.py's docstring: argparse's description.
DESCRIPTION = "Mutation testing of the rule modules against the conformance suite alone."


def _run_one(spec: dict[str, Any], timeout: float) -> dict[str, Any]:
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONHASHSEED": "0"}
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, str(SCRIPT), "--worker"], cwd=ROOT, env=env,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)
    try:
        out, err = proc.communicate(json.dumps(spec), timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        return {"status": "timeout", "detail": f"no verdict in {timeout:g} s", "seconds": round(time.perf_counter() - t0, 3)}
    except BaseException:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        raise
    for line in reversed(out.splitlines()):
        if line.startswith(RESULT_MARK):
            r: dict[str, Any] = json.loads(line[len(RESULT_MARK):])
            r["seconds"] = round(time.perf_counter() - t0, 3)
            return r
    return {"status": "error", "detail": f"worker exited {proc.returncode} without a verdict: {err[-400:]}",
            "seconds": round(time.perf_counter() - t0, 3)}


def main(argv: list[str] | None = None) -> int:
    """The command line."""
    parser = argparse.ArgumentParser(description=DESCRIPTION)
    g = parser.add_mutually_exclusive_group()
    g.add_argument("--sample", type=int, default=0, help="run a random sample of N mutants")
    g.add_argument("--all", action="store_true", help="run every mutant")
    g.add_argument("--list", action="store_true", help="count the mutants; run nothing")
    g.add_argument("--rescore", metavar="JSON", default="",
                   help="re-read a --json report, match its survivors against mutation_equivalent.json again "
                   "and print it (after judging survivors, without running anything)")
    g.add_argument("--show", metavar="ID", default="", help="print one mutant's diff and run it")
    parser.add_argument("--seed", type=int, default=1, help="seed of the sample (default 1)")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per mutant (default 60): timeout = killed")
    parser.add_argument("--scenario-timeout", type=float, default=5.0,
                        help="seconds per scenario run inside a mutant's run (default 5; the reference needs "
                        "milliseconds): over it = timeout, without waiting for --timeout")
    parser.add_argument("--module", action="append", default=[], choices=MODULES, help="only these modules")
    parser.add_argument("--rev", default="", help="mutate this git revision (e.g. HEAD) instead of the working tree; "
                        "either way a snapshot in a temporary directory is what is mutated and run")
    parser.add_argument("--json", metavar="PATH", default="", help="write the report as JSON")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        return _worker()
    if args.rescore:
        return _rescore(Path(args.rescore), args.json)

    with tempfile.TemporaryDirectory(prefix="mutation-") as tmp:
        # The run works on a snapshot taken once at the start: the mutants are never written into
        # the working tree, and edits others make meanwhile do not change the run half-way.
        root = Path(tmp)
        if not args.rev:
            for pkg in ("oracle", "conformance_suite"):
                shutil.copytree(ROOT / pkg, root / pkg, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            arch = subprocess.run(["git", "-C", str(ROOT), "archive", args.rev, "oracle", "conformance_suite"],
                                  capture_output=True, check=True).stdout
            subprocess.run(["tar", "-x", "-C", tmp], input=arch, check=True)
        return _drive(args, parser, root)


def _drive(args: argparse.Namespace, parser: argparse.ArgumentParser, root: Path) -> int:
    """Enumerate, sample, run and report (``root`` holds the ``oracle`` package to mutate)."""
    mutants, sources = enumerate_mutants(tuple(args.module) or MODULES, root / "oracle")
    if args.list:
        per = Counter(m.module for m in mutants)
        ops = Counter(m.operator for m in mutants)
        print(f"{len(mutants)} mutants")
        for k, v in per.items():
            print(f"  {k:<12}{v:>6}")
        for k, v in ops.items():
            print(f"  {k:<14}{v:>6}")
        return 0
    if args.show:
        chosen = [m for m in mutants if m.id == args.show]
        if not chosen:
            parser.error(f"no mutant {args.show!r}")
    elif args.all:
        chosen = list(mutants)
    elif args.sample > 0:
        n = min(args.sample, len(mutants))
        picked = {m.id for m in random.Random(args.seed).sample(mutants, n)}
        chosen = [m for m in mutants if m.id in picked]
    else:
        parser.error("give --sample N, --all, --list or --show ID")

    base = _run_one({"root": str(root), "baseline": True}, args.timeout)
    if base["status"] != "survived":
        print(f"mutation: the suite does not even run on the unmutated engine: {base}", file=sys.stderr)
        return 2
    failing = [list(x) for x in base.get("failing", [])]
    if failing:
        print(f"mutation: warning: {len(failing)} scenario runs fail on the unmutated engine and are left out: "
              + ", ".join(f"{a}[{b}]" for a, b in failing[:10]), file=sys.stderr)
    equivalent = _load_equivalent()
    rep = Report(seed=None if args.all else args.seed, sample=len(chosen), universe=len(mutants),
                 timeout=args.timeout, baseline_seconds=base["seconds"], rev=args.rev or "working tree",
                 reference_failures=[f"{a}[{b}]" for a, b in failing], scenario_runs=int(base.get("runs", 0)))
    done: list[Mutant] = []
    t0 = time.perf_counter()
    try:
        for i, m in enumerate(chosen, 1):
            spec = {"root": str(root), "skip": failing, "scenario_timeout": args.scenario_timeout, "module": m.module, "source": sources[m.module], "index": m.index,
                    "operator": m.operator, "variant": m.variant}
            r = _run_one(spec, args.timeout)
            m.status, m.detail, m.seconds = r["status"], r.get("detail", ""), r["seconds"]
            m.equivalent, m.equivalent_scope = _match_equivalent(m, equivalent)
            done.append(m)
            if args.show:
                print(m.diff)
                print(f"{m.status}: {m.detail}")
            elif sys.stderr.isatty() or i % 25 == 0:
                print(f"[{i}/{len(chosen)}] {m.id} {m.status}", file=sys.stderr)
    except KeyboardInterrupt:
        print(f"mutation: interrupted after {len(done)} mutants; reporting those", file=sys.stderr)
    rep.wall_seconds = round(time.perf_counter() - t0, 1)
    _summarise(rep, done)
    rep.mutants = [{k: v for k, v in asdict(m).items()} for m in done]
    if not args.show:
        _print(rep, done)
    if args.json:
        Path(args.json).write_text(json.dumps(asdict(rep), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return 0

