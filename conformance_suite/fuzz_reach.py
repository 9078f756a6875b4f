"""What random games reach: a tally of the rules and of the mechanism families of Part 5
that the games of a fuzz run exercised, read from the rules the reference cited at each
decision (in the events of the action taken and in refusing the illegal actions probed).

A fuzz run that finds no divergence says only as much as the games it played went through.
So :func:`~conformance_suite.fuzz_shrink.fuzz` counts, per family of :data:`FAMILIES` (the
families of mechanisms the 15th edition's Parts 3-5 add beyond the seed rules: wounds and
lives, the attack pipeline, statics, prevention and replacement, cancellation, the
activation's steps, zones and card kinds, capture, delayed effects, constructors, loops and
draws), how many decisions of the searched games cited one of its rules and in how many games
that happened.  A family at 0 is one the run did not check at all.

A rule matches a family's entry when its number (the part after ``EDITION:``; any edition,
since a seed-edition game cites the R15 number of a rule the seed rules lack) is the entry or
a sub-rule of it: ``515`` matches ``R15:515.2`` and ``R15:515``, not ``R15:5150``.  An entry
written with its edition (``R15:309.1.10``) matches that edition's rule only: the same number
is another step in a seed edition (C's step 10 of 309.1 declares the triggers on the play).

Per rule, :attr:`Reach.rules` counts the decisions that cited each rule id, and
:meth:`Reach.never_reached` lists the rules of the catalogue's 15th edition, Parts 3-5,
that no decision cited (neither the rule nor a sub-rule of it; sections and rules the
catalogue marks ``n/a``, which the engine does not model, are left out).
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from oracle.catalogue import load_catalogue

__all__ = ["FAMILIES", "Reach", "family_of"]

#: The mechanism families (design study §5; issue 24) and the rule numbers (with their
#: sub-rules) and glossary entries (``7.<term>``) whose citation shows a game reached them.
FAMILIES: dict[str, tuple[str, ...]] = {
    "lives and wounds": ("504.2", "504.4", "504.5", "504.6", "505.1.1", "512.4", "512.5", "512.6"),
    "attack pipeline": ("507.5", "507.6", "508.4.2", "7.shot"),
    "statics": ("513.1", "513.2"),
    "prevention and replacement": ("515", "516", "517"),
    "cancellation": ("518", "R15:308.1.9", "R15:309.1.10"),
    "activation steps": ("308.1.3", "308.1.4", "308.1.6", "501.4"),
    "zones and card kinds": (
        "505.4", "519.3", "519.4", "519.5", "519.6", "7.module", "7.attach", "7.created", "7.create",
        "7.combined", "7.summon", "7.resurrect",
    ),
    "capture and discard": ("520.5", "7.capture", "7.discard"),
    "delayed effects": ("521",),
    "constructors": ("524",),
    "loops": ("525",),
    "draw replacement": ("527.2.1", "527.2.2", "527.2.3", "527.3", "527.4", "527.5", "527.6"),
}


@functools.cache
def _families(rule: str) -> tuple[str, ...]:
    return tuple(family_of(rule))


def family_of(rule: str) -> list[str]:
    """The families whose entries ``rule`` (``EDITION:number``) is or is a sub-rule of (an
    entry with an edition: that edition's rule only)."""
    number = rule.split(":", 1)[-1]
    return [
        name for name, entries in FAMILIES.items()
        if any(_matches(rule if ":" in e else number, e) for e in entries)
    ]


def _matches(rule: str, entry: str) -> bool:
    return rule == entry or rule.startswith(entry + ".")


@dataclass
class Reach:
    """Per family: ``decisions`` citing one of its rules and ``games`` with at least one, of
    ``played`` games; per rule id: ``rules``, the decisions citing it."""

    played: int = 0
    decisions: dict[str, int] = field(default_factory=lambda: dict.fromkeys(FAMILIES, 0))
    games: dict[str, int] = field(default_factory=lambda: dict.fromkeys(FAMILIES, 0))
    rules: Counter[str] = field(default_factory=Counter)

    def add_game(self, cited: Sequence[Iterable[str]]) -> None:
        """Count one game from the rules cited at each of its decisions."""
        self.played += 1
        seen: set[str] = set()
        for rules in cited:
            ids = set(rules)
            self.rules.update(ids)
            here = {f for r in ids for f in _families(r)}
            for f in here:
                self.decisions[f] += 1
            seen |= here
        for f in seen:
            self.games[f] += 1

    def merge(self, other: Reach) -> None:
        """Add ``other``'s games to these (a sweep's reach over its runs)."""
        self.played += other.played
        for f in FAMILIES:
            self.decisions[f] += other.decisions[f]
            self.games[f] += other.games[f]
        self.rules.update(other.rules)

    def never_reached(self) -> list[str]:
        """The rules of the catalogue's R15 Parts 3-5 (sections and ``n/a`` rules left out)
        that no decision cited, nor a sub-rule of them, in catalogue order."""
        cited = list(self.rules)
        return [
            r.id for r in load_catalogue().rules.values()
            if r.edition == "R15" and r.number[:1] in "345" and r.kind == "rule" and r.modelled != "n/a"
            and not any(_matches(c, r.id) for c in cited)
        ]

    def as_dict(self) -> dict[str, object]:
        """Plain data: family -> ``{"games": g, "decisions": d}``; under ``"rules"``, rule
        id -> decisions citing it (sorted by id); under ``"never_reached"``, the rules of
        R15 Parts 3-5 no decision cited (:meth:`never_reached`)."""
        out: dict[str, object] = {f: {"games": self.games[f], "decisions": self.decisions[f]} for f in FAMILIES}
        out["rules"] = dict(sorted(self.rules.items()))
        out["never_reached"] = self.never_reached()
        return out

    def lines(self) -> list[str]:
        """One line per family, for a person: games (of those played) and decisions that
        reached it."""
        width = max(len(f) for f in FAMILIES)
        return [
            f"  {f.ljust(width)}  {self.games[f]:5d} of {self.played} games  {self.decisions[f]:7d} decisions"
            for f in FAMILIES
        ]

    def rule_lines(self, width: int = 100) -> list[str]:
        """Per rule, for a person: ``rule×decisions`` in rule order, wrapped at ``width``;
        then the rules of R15 Parts 3-5 never reached."""
        lines = _wrap([f"{r}×{n}" for r, n in sorted(self.rules.items())], width)
        never = self.never_reached()
        lines.append(f"never reached ({len(never)} rules of R15 Parts 3-5):")
        lines += _wrap(never, width)
        return lines


def _wrap(words: Sequence[str], width: int) -> list[str]:
    lines: list[str] = []
    line = " "
    for w in words:
        if len(line) + len(w) + 1 > width and line.strip():
            lines.append(line)
            line = " "
        line += " " + w
    if line.strip():
        lines.append(line)
    return lines
