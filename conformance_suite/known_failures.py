"""Known-failure and skip lists: plain text files, one ``scenario_id[edition]`` per line.

``#`` starts a comment (whole line or after an entry); blank lines are ignored.  A bare
``scenario_id`` (no edition) stands for every edition of that scenario.  The known-failures
file lists scenarios a target is expected to fail (they are xfailed; an unexpected pass fails
the run); the skip list names scenarios that hang or crash a target and must not be run.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["ListFileError", "ScenarioList", "item_key", "read_list", "write_known_failures"]

_ENTRY = re.compile(r"^(?P<id>[A-Za-z0-9_.\-]+)(?:\[(?P<edition>[A-Za-z0-9]+)\])?$")


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

    def matches(self, scenario_id: str, edition: str) -> bool:
        """Does the list name this run (exactly, or by the bare scenario id)?"""
        return item_key(scenario_id, edition) in self.entries or scenario_id in self.entries

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
            raise ListFileError(f"{p}:{n}: expected 'scenario_id[edition]', got {line!r}")
        out.entries.setdefault(line, n)
    return out


DEFAULT_HEADER = [
    "# Known failures of a target against the «Берсерк. Герои» conformance suite.",
    "# One scenario_id[edition] per line; written by `python -m conformance_suite run --update-known-failures`.",
]


def write_known_failures(path: Path | str, keys: Iterable[str], header: list[str] | None = None) -> None:
    """Write ``keys`` (sorted, one per line) under ``header`` (default: a short comment)."""
    lines = list(header or DEFAULT_HEADER)
    lines += sorted(set(keys))
    Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")
