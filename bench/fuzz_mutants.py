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
WHY: dict[str, str] = {
    "any_deck_is_own_deck": (
        "Гном-разведчик's look at «любой колоды» names the deck only in the deck_looked_at event; looking moves no "
        "card, so the state after the declaration is the same with the mutant. The lock step compares states, "
        "decisions, legal actions and refusals, not events, so the directed game from the killing scenario (played, "
        "start s510.3-gnome-scout-…[R15]) takes the same path without a divergence; the scenario kills it through "
        "its expect_events (deck_looked_at player=1)."),
    "each_player_draws_from_controller": (
        "«Каждый игрок берёт карту» in the wrong order (the controller first instead of the active player) leaves "
        "the same state once both have drawn: only the order of the drawn events differs, which the lock step does "
        "not compare; the directed game from the killing scenario (played, start s527.2.3-each-player-draws-…[R15]) "
        "sees no divergence, and the scenario kills it through its ordered expect_events."),
}


def _rows(path: Path | None) -> dict[str, dict[str, Any]]:
    """The mutants' rows of a ``--all-mutants --json`` file, or of a JSON-lines file of such
    rows (one mutant per line, as a sweep run mutant by mutant writes them)."""
    if path is None or not path.exists():
        return {}
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".jsonl":
        return {r["mutant"]: r for r in map(json.loads, text.splitlines()) if r}
    return {r["mutant"]: r for r in json.loads(text)["results"]}


def _median(values: list[float]) -> float | None:
    return statistics.median(values) if values else None


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
    if b:
        same = [n for n in b if n in a]
        found_b = [b[n] for n in same if b[n]["found"]]
        summary["before"] = {
            "mutants": len(b), "found": len(found_b), "families": _families(b),
            "games_to_find_median": _median([r["games_to_find"] for r in found_b]),
            "seconds_to_find_median": _median([r["seconds_to_find"] for r in found_b if r.get("seconds_to_find") is not None]),
            "seconds_per_mutant_median": _median([r["seconds"] for r in b.values()]),
            "cpu_seconds": round(sum(r.get("cpu_seconds", 0.0) for r in b.values()), 1),
        }
        found_a = [a[n] for n in same if a[n]["found"]]
        summary["after_on_the_same_mutants"] = {
            "mutants": len(same), "found": len(found_a), "families": _families({n: a[n] for n in same}),
            "games_to_find_median": _median([r["games_to_find"] for r in found_a]),
            "seconds_to_find_median": _median([r["seconds_to_find"] for r in found_a]),
            "seconds_per_mutant_median": _median([a[n]["seconds"] for n in same]),
        }
        for row in rows:
            row["found_before"] = b[row["mutant"]]["found"] if row["mutant"] in b else None
            row["games_to_find_before"] = b[row["mutant"]]["games_to_find"] if row["mutant"] in b else None
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
