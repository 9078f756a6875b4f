"""The fuzzer's strength on the engine's mutants, before and after directed games: the table
of ``bench/fuzz_mutants.json`` and ``bench/fuzz_mutants.md`` from two ``fuzz --all-mutants
--json`` files.

For every mutant: found before (random games only) and after (directed games from the
suite's scenario states first, then the same random games), in which game, seconds and from
which start; for every mutant the *after* run did not find, the scenarios that kill it
instead (the suite run in process against it, :func:`conformance_suite.kill_matrix.failing_runs`)
and why random play does not reach it (:data:`WHY`, written by hand after reading the
mutant and its scenarios).

    .venv/bin/python bench/fuzz_mutants.py --before before.json --after after.json \\
        --json bench/fuzz_mutants.json
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from conformance_suite.fuzz_mutants import mutant_family  # noqa: E402 - after the path set-up
from conformance_suite.kill_matrix import failing_runs  # noqa: E402
from conformance_suite.scenario import load_all  # noqa: E402
from oracle.mutants import MUTANTS  # noqa: E402

#: Why the fuzzer's games (directed and random) do not reach a mutant it did not find: what
#: the mutant changes and why neither a scenario's path plus a few random decisions nor a
#: random game of the whole pool shows it in lock step.
WHY: dict[str, str] = {}


def _rows(path: Path | None) -> dict[str, dict[str, Any]]:
    if path is None or not path.exists():
        return {}
    return {r["mutant"]: r for r in json.loads(path.read_text(encoding="utf-8"))["results"]}


def table(before: Path | None, after: Path) -> dict[str, Any]:
    """The rows and the summary (see the module doc)."""
    b, a = _rows(before), _rows(after)
    scenarios = load_all(skip_invalid=True)
    baseline = failing_runs(scenarios)
    rows = []
    for name in sorted(a):
        r = a[name]
        row: dict[str, Any] = {
            "mutant": name, "rule": MUTANTS[name].rule, "family": mutant_family(name),
            "found_before": b[name]["found"] if name in b else None,
            "found_after": r["found"], "games_to_find": r["games_to_find"], "seconds_to_find": r["seconds_to_find"],
            "start": r.get("start"), "kind": r["kind"], "scenario": r["scenario_id"],
        }
        if not r["found"]:
            killers = sorted(k for k in failing_runs(scenarios, name) if k not in baseline)
            row["killed_by"] = killers
            row["why"] = WHY.get(name, "")
        rows.append(row)
    after_data = json.loads(after.read_text(encoding="utf-8"))
    summary: dict[str, Any] = {
        "after": {k: after_data[k] for k in ("seed", "games_per_mutant", "directed_per_mutant", "mutants", "found",
                                             "families", "found_from_scenario_starts", "found_following_scenario_steps",
                                             "games_to_find", "seconds_to_find", "seconds", "cpu_seconds")},
    }
    if before is not None and before.exists():
        bd = json.loads(before.read_text(encoding="utf-8"))
        same = [n for n in b if n in a]
        summary["before"] = {k: bd.get(k) for k in ("seed", "games_per_mutant", "mutants", "found", "games_to_find",
                                                     "seconds", "cpu_seconds", "sample")}
        summary["before"]["families"] = _families(b)
        summary["same_mutants"] = {"mutants": len(same), "found_before": sum(b[n]["found"] for n in same),
                                   "found_after": sum(a[n]["found"] for n in same)}
        secs = [b[n]["seconds"] for n in same if b[n]["found"]]
        if secs:
            summary["before"]["median_seconds_incl_shrink"] = statistics.median(secs)
    return {"summary": summary, "mutants": rows}


def _families(rows: dict[str, dict[str, Any]]) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for name, r in rows.items():
        fam = out.setdefault(mutant_family(name), {"mutants": 0, "found": 0})
        fam["mutants"] += 1
        fam["found"] += bool(r["found"])
    return out


def main(argv: list[str] | None = None) -> int:
    """Print the mutants not found with their killing scenarios; ``--json`` writes the table."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--before", type=Path, default=None, help="fuzz --all-mutants --json of the fuzzer before")
    ap.add_argument("--after", type=Path, required=True, help="fuzz --all-mutants --json of the fuzzer after")
    ap.add_argument("--json", type=Path, default=None, help="write the table here")
    args = ap.parse_args(argv)
    data = table(args.before, args.after)
    print(json.dumps(data["summary"], ensure_ascii=False, indent=1))
    for row in data["mutants"]:
        if not row["found_after"]:
            print(f"{row['mutant']:36} {row['rule']:14} killed by {', '.join(row['killed_by']) or 'NOTHING'}")
    if args.json:
        args.json.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
