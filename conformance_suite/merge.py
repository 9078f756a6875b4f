"""One report from the JSON reports of a run split in parts (``run --shard K/N`` on several
machines): ``berserk-conformance merge part1.json part2.json … --report-json all.json
--report-html all.html``.

The parts must be of one target (the same ``target`` and ``server_info``), one suite version
and one selection (the same options but the shard), and no run may be in two of them; when
every part names its shard, all N parts must be there.  The merged report holds every run of
the parts, in scenario-file order, with the summaries (outcomes, levels, rule parts, rules)
counted again from them; its ``started`` is the earliest part's, its ``duration`` the longest
part's (the parts ran side by side), its coverage the first part's (the same scenarios), and
its exit code the one the whole run would have had: 3 if a part found the target unusable,
else 1 if any run was unexpected (failed, errored, passed while listed as a known failure),
else the largest of the parts'.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from .report_json import (
    OUTCOMES,
    UNEXPECTED,
    RunRecord,
    applied_rule_ids,
    level_summary,
    part_summary,
    rule_summary,
)
from .runner import parse_shard

__all__ = ["merge_reports"]

#: The exit code of a run whose target was unusable (``run --help``).
_TARGET_UNUSABLE = 3


def _record(run: dict[str, Any]) -> RunRecord:
    rules = tuple(run.get("rules", ()))
    return RunRecord(
        id=run["id"], edition=run["edition"], rules=rules, applied_rules=tuple(applied_rule_ids(rules, run["edition"])),
        outcome=run["outcome"], duration=float(run.get("duration", 0.0)), message=run.get("message", ""),
        file=run.get("file", ""), rerun=run.get("rerun", ""), description=run.get("description", ""),
        levels=dict(run.get("levels", {})),
    )


def merge_reports(reports: list[tuple[str, dict[str, Any]]]) -> dict[str, Any]:
    """The JSON report of the whole run whose parts are ``reports`` (path, report); a
    ValueError names the part that does not fit."""
    if not reports:
        raise ValueError("no report to merge")
    first_path, first = reports[0]
    same = ("format_version", "suite_version", "target", "server_info")
    options = {k: v for k, v in first.get("options", {}).items() if k != "shard"}
    seen: dict[str, str] = {}
    shards: set[int] = set()
    total = 0
    for path, rep in reports:
        for key in same:
            if rep.get(key) != first.get(key):
                raise ValueError(f"{path}: its {key} differs from {first_path}'s: not a part of the same run")
        if {k: v for k, v in rep.get("options", {}).items() if k != "shard"} != options:
            raise ValueError(f"{path}: its options (the selection, lists, levels) differ from {first_path}'s")
        if shard := rep.get("options", {}).get("shard", ""):
            k, n = parse_shard(shard)
            if total and n != total:
                raise ValueError(f"{path}: shard {shard} is not one of {total} parts")
            total = n
            if k in shards:
                raise ValueError(f"{path}: shard {shard} is given twice")
            shards.add(k)
        for run in rep["scenarios"]:
            key = f"{run['id']}[{run['edition']}]"
            if key in seen:
                raise ValueError(f"{path}: the run {key} is also in {seen[key]}")
            seen[key] = path
    if total and len(shards) != total:
        missing = sorted(set(range(1, total + 1)) - shards)
        raise ValueError(f"parts {', '.join(f'{k}/{total}' for k in missing)} are missing")
    runs = sorted((run for _, rep in reports for run in rep["scenarios"]),
                  key=lambda r: (r.get("file", ""), r["id"], r["edition"]))
    records = [_record(r) for r in runs]
    counts = {o: sum(1 for r in records if r.outcome == o) for o in OUTCOMES}
    unexpected = sum(counts[o] for o in UNEXPECTED)
    codes = [int(rep.get("exit_code", 0)) for _, rep in reports]
    exit_code = _TARGET_UNUSABLE if _TARGET_UNUSABLE in codes else 1 if unexpected else max(codes)
    started = min(datetime.fromisoformat(rep["started"]) for _, rep in reports)
    return {
        **first,
        "started": started.isoformat(timespec="seconds"),
        "duration": max(float(rep.get("duration", 0.0)) for _, rep in reports),
        "exit_code": exit_code,
        "options": {**options, "shard": ""},
        "summary": {"total": len(records), **counts, "unexpected": unexpected},
        "levels": level_summary(records),
        "parts": {k: p.as_dict() for k, p in part_summary(records).items()},
        "scenarios": runs,
        "rules": {k: t.as_dict() for k, t in rule_summary(records).items()},
    }
