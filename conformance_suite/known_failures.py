"""Known-failure, known-flaky and skip lists: plain text files, one entry per line.

An entry is ``scenario_id[edition]``; a bare ``scenario_id`` stands for every edition of
that scenario; either part may be a glob pattern with ``*`` (any run of characters) and
``?`` (one character): ``s516.*[R15]``, ``*[A]``, ``s401.3-*``.  ``#`` starts a comment; a
comment after an entry is that entry's *reason*, shown with every run it matches (``s516.4-x[R15]
# partial prevention not done yet``).  Blank lines are ignored.

The known-failures file lists runs a target is expected to fail (outcome ``known_failure``;
one that passes is ``unexpected_pass`` and fails the run, so the list cannot go stale; a run
matched only by a pattern may pass, and a pattern goes stale, failing the run, when it matched
runs and none of them failed); an entry naming an unknown edition is refused, one that names
no run of the scenarios is said after the run; the
known-flaky file lists runs that may fail or pass (a failure is ``flaky``, a pass ``passed``,
neither fails the run); the skip list names runs that hang or crash a target and must not be
run.
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from oracle.editions import EDITIONS

__all__ = [
    "ListFileError",
    "ScenarioList",
    "is_pattern",
    "item_key",
    "read_list",
    "stale_patterns",
    "unmatched_entries",
    "write_known_failures",
]

_ENTRY = re.compile(r"^(?P<id>[A-Za-z0-9_.\-*?]+)(?:\[(?P<edition>[A-Za-z0-9*?]+)\])?$")


def is_pattern(entry: str) -> bool:
    """Whether a list entry (or a part of one) is a glob pattern (``*``, ``?``)."""
    return "*" in entry or "?" in entry


class ListFileError(ValueError):
    """A known-failures or skip-list file has a malformed line (names file and line)."""


def item_key(scenario_id: str, edition: str) -> str:
    """The list entry of one scenario run: ``scenario_id[edition]``."""
    return f"{scenario_id}[{edition}]"


@dataclass
class ScenarioList:
    """The entries of one list file, with the comment header it started with."""

    path: Path
    entries: dict[str, int] = field(default_factory=dict)  # key -> 1-based line number
    header: list[str] = field(default_factory=list)
    reasons: dict[str, str] = field(default_factory=dict)  # key -> the comment after it

    def entry_for(self, scenario_id: str, edition: str) -> str | None:
        """The first entry (in file order) naming this run, exactly, by the bare scenario
        id, or by a pattern; None when none does."""
        key = item_key(scenario_id, edition)
        if key in self.entries:
            return key
        if scenario_id in self.entries:
            return scenario_id
        for entry in sorted(self.entries, key=self.entries.__getitem__):
            pid, _, ped = entry.partition("[")
            if fnmatch.fnmatchcase(scenario_id, pid) and (not ped or fnmatch.fnmatchcase(edition, ped.rstrip("]"))):
                return entry
        return None

    def matches(self, scenario_id: str, edition: str) -> bool:
        """Does the list name this run (exactly, by the bare scenario id, or by a pattern)?"""
        return self.entry_for(scenario_id, edition) is not None

    def where(self, entry: str) -> str:
        """``FILE:LINE`` of an entry, with its reason when it has one."""
        reason = self.reasons.get(entry, "")
        return f"{self.path}:{self.entries[entry]}" + (f" ({reason})" if reason else "")

    def __len__(self) -> int:
        return len(self.entries)


def read_list(path: Path | str, *, missing_ok: bool = False) -> ScenarioList:
    """Parse a list file; with ``missing_ok`` a file that does not exist reads as empty."""
    p = Path(path)
    out = ScenarioList(p)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        if missing_ok:
            return out
        raise ListFileError(f"{p}: no such file") from None
    in_header = True
    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            if in_header and raw.strip().startswith("#"):
                out.header.append(raw.rstrip())
            continue
        in_header = False
        m = _ENTRY.match(line)
        if not m:
            raise ListFileError(
                f"{p}:{n}: expected 'scenario_id[edition]' (either part may use the patterns * and ?), got {line!r}"
            )
        edition = m.group("edition")
        if edition and not is_pattern(edition) and edition not in EDITIONS:
            raise ListFileError(f"{p}:{n}: unknown edition {edition!r} in {line!r} (known: {', '.join(EDITIONS)})")
        out.entries.setdefault(line, n)
        reason = raw.split("#", 1)[1].strip() if "#" in raw else ""
        if reason:
            out.reasons.setdefault(line, reason)
    return out


DEFAULT_HEADER = [
    "# Known failures of a target against the «Берсерк. Герои» conformance suite.",
    "# One scenario_id[edition] per line (patterns * and ?; a comment after an entry is its reason);",
    "# written by `berserk-conformance run --update-known-failures`.",
]


def write_known_failures(
    path: Path | str, keys: Iterable[str], header: list[str] | None = None, reasons: dict[str, str] | None = None
) -> None:
    """Write ``keys`` (sorted, one per line, each with its reason from ``reasons`` as a
    comment) under ``header`` (default: a short comment)."""
    lines = list(header or DEFAULT_HEADER)
    why = reasons or {}
    lines += [f"{k}  # {why[k]}" if why.get(k) else k for k in sorted(set(keys))]
    Path(path).parent.mkdir(parents=True, exist_ok=True)  # docs/CI.md's first step names a folder not made yet
    Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")


#: The outcomes of a run that failed as a known failure is expected to.
_FAILED = ("known_failure", "failed", "error")


def stale_patterns(known: ScenarioList, runs: Iterable[tuple[str, str, str]]) -> list[tuple[str, str]]:
    """The patterns of ``known`` that matched runs (``(id, edition, outcome)``, unsupported and
    skipped ones aside) of which none failed, each with a note naming its line: stale, as an
    exact entry whose run passes is."""
    ran = [r for r in runs if r[2] not in ("unsupported", "skipped")]
    out = []
    for entry in [e for e in known.entries if is_pattern(e)]:
        one = ScenarioList(known.path, {entry: 1})
        matched = [r for r in ran if one.matches(r[0], r[1])]
        if matched and not any(r[2] in _FAILED for r in matched):
            out.append((entry, f"{known.where(entry)}: the pattern {entry!r} matched {len(matched)} runs and none "
                               "failed: remove that line (or run with --update-known-failures)"))
    return out


def unmatched_entries(lists: Iterable[ScenarioList], runs: list[tuple[str, str]], where: str) -> list[str]:
    """A note for each entry of ``lists`` that names none of ``runs`` (``(id, edition)``, every run
    of the scenarios in ``where``): a typo, said after the run."""
    notes = []
    for lst in lists:
        for entry in lst.entries:
            one = ScenarioList(lst.path, {entry: 1})
            if not any(one.matches(sid, ed) for sid, ed in runs):
                notes.append(f"{lst.where(entry)}: {entry!r} names no run of the scenarios in {where} (a typo?)")
    return notes
