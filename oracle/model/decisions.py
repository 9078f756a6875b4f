"""What goes into the engine and comes out of it: one decision (:class:`Action`), why one is
refused (:class:`Violation`: the rule and a message), and what happened (:class:`Event`, with the
rule ids that made it happen).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Action", "Event", "Violation"]


@dataclass(frozen=True, slots=True)
class Action:
    """One decision.  Unused fields keep their defaults; :func:`oracle.actions.encode`
    gives the stable text form (``play card=12 targets=3,4 amounts=2,1 x=3``).  ``actor``
    may name who takes the action; an action by someone who does not decide now is
    refused citing the rule that gives the decision to the other actor."""

    kind: str
    card: int = 0
    ability: int = -1
    targets: tuple[int, ...] = ()
    amounts: tuple[int, ...] = ()
    x: int = 0
    mode: int = -1
    option: str = ""
    values: tuple[int, ...] = ()
    trigger: int = 0
    actor: int = -1  # who takes it: 0, 1 or CHANCE; -1 = whoever decides now


@dataclass(frozen=True, slots=True)
class Violation:
    """Why an action is illegal: the edition-qualified rule id and an English message."""

    rule: str
    message: str


@dataclass(slots=True, unsafe_hash=True)
class Event:
    """Something that happened, with the rule ids that made it happen.

    ``kind`` is a short snake_case name (``coin_gained``, ``wounded``…); ``data`` is a
    tuple of (key, value) pairs with int or str values, in a fixed order.

    Treat an event as immutable (nothing changes one once made; it hashes by its fields).  It
    is not a frozen dataclass for speed alone: every action makes several, and a frozen
    dataclass's ``__init__`` sets each field through ``object.__setattr__``, several times
    dearer (its share of ``apply``: ``bench/bench_engine_compare.py`` before and after)."""

    kind: str
    rules: tuple[str, ...]
    data: tuple[tuple[str, int | str], ...] = ()

    def get(self, key: str, default: int | str | None = None) -> int | str | None:
        """The value of ``key`` in ``data``."""
        for k, v in self.data:
            if k == key:
                return v
        return default
