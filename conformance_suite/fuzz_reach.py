"""What random games reach: a tally of the mechanism families of Part 5 that the games of a
fuzz run exercised, read from the rules the reference cited at each decision.

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
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

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
    ``played`` games."""

    played: int = 0
    decisions: dict[str, int] = field(default_factory=lambda: dict.fromkeys(FAMILIES, 0))
    games: dict[str, int] = field(default_factory=lambda: dict.fromkeys(FAMILIES, 0))

    def add_game(self, cited: Sequence[Iterable[str]]) -> None:
        """Count one game from the rules cited at each of its decisions."""
        self.played += 1
        seen: set[str] = set()
        for rules in cited:
            here = {f for r in rules for f in family_of(r)}
            for f in here:
                self.decisions[f] += 1
            seen |= here
        for f in seen:
            self.games[f] += 1

    def as_dict(self) -> dict[str, dict[str, int]]:
        """Plain data: family -> ``{"games": g, "decisions": d}``."""
        return {f: {"games": self.games[f], "decisions": self.decisions[f]} for f in FAMILIES}

    def lines(self) -> list[str]:
        """One line per family, for a person: games (of those played) and decisions that
        reached it."""
        width = max(len(f) for f in FAMILIES)
        return [
            f"  {f.ljust(width)}  {self.games[f]:5d} of {self.played} games  {self.decisions[f]:7d} decisions"
            for f in FAMILIES
        ]
