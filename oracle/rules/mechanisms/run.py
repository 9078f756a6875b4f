"""One run of the rules — an action carried out and the game advanced, or a game set up: the
events it produces, in order, and the memory of the resolution going on that the mechanisms
below the Queue must see.  That memory is passed down explicitly with the events (every
mechanism already takes them: ``ev``), never kept in the state or in the call context, so a
look-ahead on a copy of the state carries exactly the memory it is given (issue 41).

A :class:`Run` is the list of events itself, with three more things it carries:

- ``chain`` (R15:525.2): the triggered abilities whose resolution is going on, as (source,
  ability) pairs flattened, the first of the chain first — the resolving entry's ``lineage``
  and the entry itself when it is a triggered ability (:func:`oracle.rules.mechanisms.triggers.resolving`
  sets it while an entry resolves); a trigger already in it does not fire again in it, and
  the ones a cycle stopped are gathered in ``stopped`` while a :func:`~oracle.rules.mechanisms.triggers.fire`
  runs;
- ``applied`` (R15:525.1): the replacement effects, (source, ability index), already applied in
  the chain of replacements the current event belongs to — the draws a draw replacement's
  «вместо этого» brings about, the wounds of a wound replacement — none of them applies again
  (:mod:`oracle.rules.mechanisms.replacement` sets it while a replacement is carried out);
- ``asking``: the answers known for the questions about replacements the unit being carried out
  asks, in the order it asks them — which of several applies next (R15:517.3, 517.4;
  INTERPRETING.md, entry 242), whether an optional one applies («вы можете …», entry 223) — as
  bits (:mod:`oracle.rules.mechanisms.replacement`), and the first question found with no answer
  (None: no decision can be asked here: the engine's order is taken, and an optional
  replacement is not applied).

A plain list of events is a run with none of them (a mechanism called on its own, as a test
does): :func:`run_of` reads it so.  Only a :class:`Run` can be given a chain, a replacement or
answers to carry.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...model import Event

__all__ = ["Asking", "Question", "Run", "as_run", "run_of"]


@dataclass(frozen=True, slots=True)
class Question:
    """A decision about the replacements that can apply to one event now: ``seat`` names which
    of ``offers`` (as (card, ability index), ascending) applies next, or "none" when ``none``
    (all of them optional; one optional offer: his yes or no), by ``rule`` (R15:517.3, or
    R15:517.4 when both players' replacements are offered)."""

    seat: int
    offers: tuple[tuple[int, int], ...]
    none: bool
    rule: str


@dataclass(slots=True)
class Asking:
    """The answers known for the questions one unit of the game asks about replacements, in the
    order it asks them, as bits (``answers``, how many used so far ``cursor``;
    :mod:`oracle.rules.mechanisms.replacement`), and the first question found with no answer yet."""

    answers: tuple[bool, ...]
    cursor: int = 0
    unanswered: Question | None = field(default=None)


class Run(list[Event]):
    """The events of one run of the rules, and the resolution memory carried with them (see the
    module)."""

    __slots__ = ("applied", "asking", "chain", "stopped")

    def __init__(
        self, chain: tuple[int, ...] = (), applied: frozenset[tuple[int, int]] = frozenset(),
        asking: Asking | None = None,
    ) -> None:
        super().__init__()
        self.chain = chain
        self.applied = applied
        self.asking = asking
        self.stopped: list[tuple[int, int]] | None = None

    def probe(self, asking: Asking) -> Run:
        """A run for a look-ahead of the same unit on a copy of the state: this run's chain and
        applied replacements, the given answers, no events."""
        return Run(self.chain, self.applied, asking)


#: What a plain list of events carries: nothing (never written to: only a Run is given memory).
_NOTHING = Run()


def run_of(ev: list[Event]) -> Run:
    """The run ``ev`` is, or for a plain list, a run carrying nothing (read only)."""
    return ev if isinstance(ev, Run) else _NOTHING


def as_run(ev: list[Event]) -> Run:
    """``ev`` as a run that can be given memory to carry; a plain list cannot (a programming
    error: every run of the engine begins with a :class:`Run`)."""
    if not isinstance(ev, Run):
        raise TypeError("the events of a resolution must be a Run (oracle.rules.mechanisms.run), not a plain list")
    return ev
