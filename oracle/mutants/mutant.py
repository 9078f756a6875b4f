"""The record of one engine mutant: its name, the rule it breaks, what it does and the
:class:`~oracle.ruleset.Ruleset` switch it turns off."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Mutant"]


@dataclass(frozen=True, slots=True)
class Mutant:
    """A named deliberate bug."""

    name: str
    rule: str
    description: str
    #: The :class:`~oracle.ruleset.Ruleset` switch it turns off.
    switch: str
