"""The records of a suite run and the JSON report a CI system reads.

Holds what a run is made of as reported -- each scenario run's :class:`RunRecord`, the
run's :class:`ReportOptions`, the tallies by rule (:class:`RuleTally`), by rule part
(:class:`PartTally`, :data:`PARTS`, :func:`rule_part`) and by conformance level -- and the
JSON report built from them (:class:`SuiteReport`, :func:`build_json_report`).  The HTML
page is rendered from that JSON report by :mod:`conformance_suite.report_html`.

The JSON report is described by ``schemas/report.schema.json`` (JSON Schema 2020-12); its
``format_version`` says which form it has (1: before the key existed; 2: ``format_version``,
``parts`` and each run's ``description`` added; 3: the outcomes ``known_failure`` and
``unexpected_pass``, formerly ``xfailed`` and ``xpassed``, the outcome ``flaky``, the
option ``known_flaky``, and the edition "" of a scenario file that cannot be loaded).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from oracle.catalogue import load_catalogue
from oracle.contract import LEVELS
from oracle.editions import edition_specific

from . import __version__
from .coverage import Coverage
from .targets import ServerInfo

__all__ = [
    "FORMAT_VERSION",
    "OUTCOMES",
    "OUTCOME_LABELS",
    "PARTS",
    "UNEXPECTED",
    "PartTally",
    "ReportOptions",
    "RuleTally",
    "RunRecord",
    "SuiteReport",
    "applied_rule_ids",
    "build_json_report",
    "count_parts",
    "counted",
    "level_summary",
    "part_summary",
    "rule_part",
    "rule_summary",
]

#: The form of the JSON report (``format_version``); a report without the key is form 1.
FORMAT_VERSION = 3

#: Every outcome a scenario run can have, one vocabulary in the terminal, the reports and
#: JUnit.  "unsupported": the target does not declare what the run needs (an edition, a
#: capability, a card); it is neither run nor failed.  "known_failure": it failed and the
#: known-failures list names it; "unexpected_pass": it passed although that list names it
#: (the list is stale: a failure); "flaky": it failed and the known-flaky list names it;
#: "skipped": the skip list names it (not run).
OUTCOMES = ("passed", "failed", "error", "unsupported", "skipped", "known_failure", "unexpected_pass", "flaky")
#: The outcomes that make a run fail.
UNEXPECTED = frozenset(("failed", "error", "unexpected_pass"))
#: How people read each outcome (the terminal summary and the HTML report).
OUTCOME_LABELS = {
    "passed": "passed", "failed": "failed", "error": "error", "unsupported": "unsupported", "skipped": "skipped",
    "known_failure": "known failure", "unexpected_pass": "passed, but listed as a known failure",
    "flaky": "flaky (failed, listed as flaky)",
}
#: The labels whose plural is another word ("8 known failures", "2 errors").
_PLURALS = {"known failure": "known failures", "error": "errors", "run": "runs", "scenario": "scenarios",
            "entry": "entries"}


def counted(n: int, label: str) -> str:
    """``n`` and ``label`` (an outcome's label, or "run", "scenario", "entry"), in the plural
    when ``n`` is not 1: "1 known failure", "8 known failures"."""
    return f"{n} {label if n == 1 else _PLURALS.get(label, label)}"

#: The rule parts the reports summarise by, in reading order: key -> label.  A rule's part
#: is given by :func:`rule_part`.
PARTS: dict[str, str] = {
    "301": "Part 3 — 301 setup (preparatory stage)",
    "302-306/310": "Part 3 — 302–306, 310 the turn: start, restoration, accumulation, choice, end (A: 315)",
    "307-309": "Part 3 — 307–309 main stage: strike attacks, activated abilities, card play",
    "401-402": "Part 4 — 401–402 the Queue, simultaneous triggers",
    "501": "Part 5 — 501 declaration and payment",
    "R15": "R15 — model rules of the 15th edition",
    "other": "Other rules",
}

_TURN_SECTIONS = frozenset(("302", "303", "304", "305", "306", "310", "315"))


def rule_part(rule_id: str) -> str:
    """The key in :data:`PARTS` of a rule id: ``C:301.2`` -> ``301``, ``A:315.1`` ->
    ``302-306/310``, ``C:4`` (the part heading) -> ``401-402``; an R15 id of Parts 3-4 and 501
    goes to its part as a seed id does (``R15:307.1`` -> ``307-309``), any other ``R15:…`` (the
    model rules) -> ``R15``."""
    edition, _, number = rule_id.partition(":")
    if edition == "R15" and edition_specific(rule_id) != "R15":
        return "R15"
    top = number.split(".", 1)[0]
    if top == "301":
        return "301"
    if top in _TURN_SECTIONS:
        return "302-306/310"
    if top in ("307", "308", "309"):
        return "307-309"
    if top in ("4", "401", "402"):
        return "401-402"
    if top in ("5", "501"):
        return "501"
    return "other"


def applied_rule_ids(rules: Sequence[str], edition: str) -> list[str]:
    """The cited rules a run under ``edition`` counts for (``runner.applied_rules``): those
    of that edition and the 15th-edition model rules every edition cites
    (:func:`oracle.editions.edition_specific`); when none is of that edition, all of them but
    R15's own rules of Parts 3-4 and 501, which only a run under R15 counts for."""
    own = [r for r in rules if edition_specific(r) in (edition, "")]
    if any(edition_specific(r) == edition for r in own):
        return own
    return [r for r in rules if edition == "R15" or edition_specific(r) != "R15"]


@dataclass(frozen=True, slots=True)
class RunRecord:
    """One scenario run under one edition, as reported.

    ``id`` and ``edition`` name the run; ``rules``: every rule the scenario cites;
    ``applied_rules``: the rules this run counts for (``runner.applied_rules``);
    ``outcome``: one of :data:`OUTCOMES`; ``duration``: seconds over the test phases;
    ``message``: what went wrong (or why it did not run); ``file``: the scenario file;
    ``nodeid``: the pytest item; ``rerun``: the command that re-runs it alone;
    ``description``: the scenario's one-line description; ``levels``: the verdict of each
    conformance level (none for a run that did not run)."""

    id: str
    edition: str
    rules: tuple[str, ...]
    applied_rules: tuple[str, ...]
    outcome: str = "passed"
    duration: float = 0.0
    message: str = ""
    file: str = ""
    nodeid: str = ""
    rerun: str = ""
    description: str = ""
    levels: Mapping[str, str] = field(default_factory=dict)

    @property
    def key(self) -> str:
        """``scenario_id[edition]``."""
        return f"{self.id}[{self.edition}]"

    def as_dict(self, description: str) -> dict[str, object]:
        """The run's entry in the JSON report's ``scenarios``, with ``description`` (the
        record's own or its scenario file's)."""
        return {
            "id": self.id,
            "edition": self.edition,
            "rules": list(self.rules),
            "outcome": self.outcome,
            "levels": dict(self.levels),
            "duration": round(self.duration, 6),
            "message": self.message,
            "description": description,
            "file": self.file,
            "rerun": self.rerun,
        }


@dataclass(frozen=True, slots=True)
class RuleTally:
    """The runs counting for one rule: ``scenarios`` (``id[edition]``, in run order), how
    many ``runs`` and how many ``passed``, and the count of each outcome (in order of first
    appearance)."""

    scenarios: tuple[str, ...]
    runs: int
    passed: int
    outcomes: Mapping[str, int]

    def as_dict(self) -> dict[str, object]:
        """The rule's entry in the JSON report's ``rules``."""
        return {"scenarios": list(self.scenarios), "runs": self.runs, "passed": self.passed, "outcomes": dict(self.outcomes)}


@dataclass(frozen=True, slots=True)
class PartTally:
    """The runs counting for a rule of one rule part (:data:`PARTS`): its ``label``, how
    many ``runs`` and the count of each outcome (all of :data:`OUTCOMES`)."""

    label: str
    runs: int
    outcomes: Mapping[str, int]

    def as_dict(self) -> dict[str, object]:
        """The part's entry in the JSON report's ``parts``: label, runs, then a count per
        outcome."""
        return {"label": self.label, "runs": self.runs, **{o: self.outcomes.get(o, 0) for o in OUTCOMES}}


@dataclass(frozen=True, slots=True)
class ReportOptions:
    """How the run was configured, as the report records it: the selection (``rules``,
    ``editions``, ``ids``), the ``mutant`` switched on, the ``known_failures`` and
    ``skip_list`` files, the ``scenarios`` directory, the ``levels`` that decided
    pass/fail and the ``shard`` ("K/N", "" for a whole run) it ran."""

    rules: tuple[str, ...] = ()
    editions: tuple[str, ...] = ()
    ids: tuple[str, ...] = ()
    mutant: str = ""
    known_failures: str = ""
    known_flaky: str = ""
    skip_list: str = ""
    scenarios: str = ""
    levels: tuple[str, ...] = ()
    shard: str = ""

    def as_dict(self) -> dict[str, object]:
        """The JSON report's ``options``."""
        return {
            "rules": list(self.rules),
            "editions": list(self.editions),
            "ids": list(self.ids),
            "mutant": self.mutant,
            "known_failures": self.known_failures,
            "known_flaky": self.known_flaky,
            "skip_list": self.skip_list,
            "scenarios": self.scenarios,
            "levels": list(self.levels),
            "shard": self.shard,
        }


def rule_summary(records: Sequence[RunRecord]) -> dict[str, RuleTally]:
    """Per rule: the runs counting for it (``id[edition]``), how many passed, and the
    count of every outcome."""
    keys: dict[str, list[str]] = {}
    outcomes: dict[str, dict[str, int]] = {}
    for r in records:
        for rule in r.applied_rules:
            keys.setdefault(rule, []).append(r.key)
            counts = outcomes.setdefault(rule, {})
            counts[r.outcome] = counts.get(r.outcome, 0) + 1
    cat = load_catalogue()
    order = {rid: i for i, rid in enumerate(cat.rules)}
    return {
        k: RuleTally(tuple(keys[k]), len(keys[k]), outcomes[k].get("passed", 0), outcomes[k])
        for k in sorted(keys, key=lambda k: (order.get(k, len(order)), k))
    }


def level_summary(records: Sequence[RunRecord]) -> dict[str, dict[str, int]]:
    """Per conformance level, how many runs got each verdict (passed, failed, blocked,
    unchecked); a level that failed in a run listed as a known failure or as flaky counts as
    ``known_failure`` or ``flaky``, not as failed; runs that did not run (unsupported,
    skipped, errors) have no verdicts."""
    out: dict[str, dict[str, int]] = {lv: {} for lv in LEVELS}
    for r in records:
        for lv, verdict in r.levels.items():
            if verdict == "failed" and r.outcome in ("known_failure", "flaky"):
                verdict = r.outcome
            out.setdefault(lv, {})
            out[lv][verdict] = out[lv].get(verdict, 0) + 1
    return out


def count_parts(runs: Iterable[tuple[str, Iterable[str]]]) -> dict[str, PartTally]:
    """Per rule part (only parts some run counts for): its label, the runs counting for a
    rule of it, and the count of every outcome.  ``runs``: (outcome, applied rule ids)."""
    counts: dict[str, Counter[str]] = {}
    for outcome, rules in runs:
        for part in {rule_part(r) for r in rules}:
            counts.setdefault(part, Counter())[outcome] += 1
    return {
        key: PartTally(label, sum(counts[key].values()), {o: counts[key].get(o, 0) for o in OUTCOMES})
        for key, label in PARTS.items()
        if key in counts
    }


def part_summary(records: Sequence[RunRecord]) -> dict[str, PartTally]:
    """Per rule part (:data:`PARTS`): the runs counting for at least one rule of that part
    and how many had each outcome; a run citing rules of several parts counts in each."""
    return count_parts((r.outcome, r.applied_rules) for r in records)


def _descriptions(records: Sequence[RunRecord]) -> dict[str, str]:
    """Scenario id -> its one-line description: the record's own, else the ``description``
    of its scenario file (unreadable files give none)."""
    out: dict[str, str] = {}
    files: dict[str, str] = {}
    for r in records:
        if r.id in out:
            continue
        if r.description:
            out[r.id] = r.description
        elif r.file:
            if r.file not in files:
                try:
                    raw = json.loads(Path(r.file).read_text(encoding="utf-8"))
                    files[r.file] = str(raw.get("description", "")) if isinstance(raw, dict) else ""
                except (OSError, ValueError):
                    files[r.file] = ""
            out[r.id] = files[r.file]
    return out


@dataclass(frozen=True, slots=True)
class SuiteReport:
    """A suite run as reported: the ``target``'s name and its ``server_info`` (None when it
    was never asked), when it ``started`` (seconds since the epoch) and its ``duration``
    in seconds, the ``exit_code``, the ``options``, every run's record, and the
    ``coverage`` of the scenarios (None with ``coverage_error`` when the scenarios could not
    be read).  :meth:`to_json` is the JSON report (form :data:`FORMAT_VERSION`)."""

    target: str
    server_info: ServerInfo | None
    started: float
    duration: float
    records: tuple[RunRecord, ...]
    exit_code: int
    options: ReportOptions | None = None
    coverage: Coverage | None = None
    coverage_error: str = ""

    def to_json(self) -> dict[str, Any]:
        """The JSON report (``schemas/report.schema.json``)."""
        records = self.records
        counts = Counter(r.outcome for r in records)
        descriptions = _descriptions(records)
        if self.coverage is not None:
            coverage: dict[str, object] = self.coverage.as_dict()
        else:
            coverage = {"error": self.coverage_error} if self.coverage_error else {}
        return {
            "format_version": FORMAT_VERSION,
            "suite_version": __version__,
            "target": self.target,
            "server_info": self.server_info.as_dict() if self.server_info is not None else {},
            "started": datetime.fromtimestamp(self.started, UTC).isoformat(timespec="seconds"),
            "duration": round(self.duration, 3),
            "exit_code": self.exit_code,
            "options": self.options.as_dict() if self.options is not None else {},
            "summary": {
                "total": len(records),
                **{o: counts.get(o, 0) for o in OUTCOMES},
                "unexpected": sum(counts.get(o, 0) for o in UNEXPECTED),
            },
            "levels": level_summary(records),
            "parts": {k: p.as_dict() for k, p in part_summary(records).items()},
            "scenarios": [r.as_dict(descriptions.get(r.id, "")) for r in records],
            "rules": {k: t.as_dict() for k, t in rule_summary(records).items()},
            "coverage": coverage,
        }


def build_json_report(
    *,
    target: str,
    server_info: ServerInfo | None,
    started: float,
    duration: float,
    records: Sequence[RunRecord],
    coverage: Coverage | None,
    exit_code: int,
    options: ReportOptions | None = None,
    coverage_error: str = "",
) -> dict[str, Any]:
    """The JSON report of a run (form :data:`FORMAT_VERSION`, ``schemas/report.schema.json``):
    :meth:`SuiteReport.to_json` of these."""
    return SuiteReport(
        target, server_info, started, duration, tuple(records), exit_code, options, coverage, coverage_error
    ).to_json()
