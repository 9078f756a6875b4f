"""Replacement effects (R15:517): the one pipeline every «вместо этого» of the game goes
through — a wound's (:mod:`.wounds`: «Защита от …», «Не получает ран от …», «Если … должно получить
раны, вместо этого …»), a draw's and a draw instruction's (:mod:`.draws`: «Если вы должны взять
карту, вместо этого …», «… возьмите на N больше»), a death's (:mod:`.zones`: «Вместо гибели этого
существа …»).

Something that *would* happen (a "would": wounds on their way, a single draw, an instruction to
draw N, a card about to die) is offered to the replacements that can apply to it now, and:

1. each replacement applies at most once to one such event, and not again to what its own
   «вместо этого» brings about: the chain stops before its first repetition (R15:525.1;
   INTERPRETING.md, entries 90, 129) — the replacements applied so far ride with the events
   (:attr:`Run.applied <oracle.rules.mechanisms.run.Run.applied>`), so the draws a draw
   replacement makes carry them down;
2. the result of a replacement is what the next one replaces (R15:517.5), unless the kind says
   one is all (``again``; the ``one_replacement_per_wound`` mutant);
3. when several can apply, the affected player chooses which applies next, each time
   (R15:517.3): the controller of their cards when they are all one player's, the controller of
   the card the event affects when both players' can (R15:517.4) — a decision (a
   :class:`Question`) wherever one can be asked (:attr:`Run.asking`; INTERPRETING.md, entry 242);
   where none can (no unit of the game waits for it), the order the kind's offers come in
   (entries 89, 129; the ``replacement_order_fixed`` mutant takes it everywhere);
4. an optional one («вы можете …») applies only when its controller says so (R15:517.3;
   INTERPRETING.md, entry 223): a question with that one offer, or "none" among several.

The answers ride with the events (:attr:`Run.asking`) as yes/no bits: a question over k
replacements (ordered by card uid, then ability index) answered with the j-th is j−1 noes and
a yes, "none" k noes, and the last of them, when one must apply, needs no bit (a yes/no on one
optional replacement is the case k = 1).  With no answer yet, the first question found is
recorded (the look-ahead of :func:`oracle.rules.mechanisms.wounds.unanswered_offer`) and the
order the offers come in is taken.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from ...model import Event, State
from .run import Asking, Question, as_run, run_of

__all__ = ["Offer", "Replaced", "answer_bits", "answering", "replace"]

W = TypeVar("W")
A = TypeVar("A")


@dataclass(frozen=True, slots=True)
class Offer(Generic[A]):
    """A replacement that can apply now: the card whose ability it is (``source``), the ability's
    index on it (``index``; a negative index for one no printed ability holds), the ability, and
    whether its controller may decline it (``optional``, «вы можете …»)."""

    source: int
    index: int
    ability: A
    optional: bool = False

    @property
    def key(self) -> tuple[int, int]:
        return (self.source, self.index)


@dataclass(frozen=True, slots=True)
class Replaced(Generic[W]):
    """What the replacements made of a would: what happens now (``would``; None: something that
    is not such an event happens instead, carried out already), the replacements applied to it
    (``applied``, in order), and whether one already applied was offered again and stopped
    (``repeated``, R15:525.1)."""

    would: W | None
    applied: tuple[tuple[int, int], ...] = ()
    repeated: bool = False


def replace(
    state: State, would: W, offers: Callable[[W], list[Offer[A]]],
    apply: Callable[[W, Offer[A], tuple[tuple[int, int], ...]], W | None], ev: list[Event], again: bool = True,
    affected: int = -1,
) -> Replaced[W]:
    """Offer ``would`` to the replacements that can apply to it (``offers``, in the engine's
    order), one at a time as the module says, each carried out by ``apply`` (given the ones
    applied before it to this event; it returns what happens now, or None when the event is
    replaced by something else).  While a replacement is carried out, it is in the chain
    (:attr:`Run.applied`) of whatever it brings about.  ``affected``: the seat controlling the
    card the event affects (or the player who draws), who chooses among both players'
    replacements (R15:517.4); -1: the engine's order is kept (nothing asks)."""
    run = run_of(ev)
    chain = run.applied
    applied: tuple[tuple[int, int], ...] = ()
    declined: set[tuple[int, int]] = set()  # optional ones their controller did not apply (entry 223)
    while True:
        offered = offers(would)
        fresh = [o for o in offered if o.key not in chain and o.key not in applied and o.key not in declined]
        if not fresh or (applied and not again):
            repeated = any(o.key in chain or o.key in applied for o in offered)
            return Replaced(would, applied, repeated)
        choice = _next(state, ev, fresh, affected)
        if not isinstance(choice, Offer):  # declined: the optional ones named (entry 223)
            declined.update(choice)
            continue
        offer = choice
        carried = run is ev  # (a plain list carries no chain beyond this event)
        if carried:
            run.applied = chain | {*applied, offer.key}
        try:
            result = apply(would, offer, applied)
        finally:
            if carried:
                run.applied = chain
        applied = (*applied, offer.key)
        if result is None:
            return Replaced(None, applied)
        would = result


def _next(state: State, ev: list[Event], fresh: list[Offer[A]], affected: int) -> Offer[A] | set[tuple[int, int]]:
    """The replacement that applies next among ``fresh`` — with two or more, the affected
    player's decision (R15:517.3, 517.4) — or the keys of the optional ones declined now (its
    controller's no to the one offered, or "none" among several).  With no question possible
    here, or none answered yet, or under the ``replacement_order_fixed`` mutant, the first in the
    engine's order, an optional one its controller's yes or no (entries 89, 129, 223)."""
    asking = run_of(ev).asking
    if len(fresh) >= 2 and asking is not None and affected >= 0 and state.rules.replacement_order_chosen:
        ordered = sorted(fresh, key=lambda o: o.key)
        seats = {state.controller_of(o.source) for o in ordered}
        chooser = next(iter(seats)) if len(seats) == 1 else affected
        none = all(o.optional for o in ordered) and state.rules.optional_replacement_asked
        rule = "R15:517.3" if len(seats) == 1 else "R15:517.4"
        position = _position(asking, Question(chooser, tuple(o.key for o in ordered), none, rule))
        if position is not None:
            return ordered[position - 1] if position else {o.key for o in ordered if o.optional}
    offer = fresh[0]
    if offer.optional and not _answer(state, ev, offer):
        return {offer.key}
    return offer


def _position(asking: Asking, question: Question) -> int | None:
    """The answer to ``question`` among the bits given (see the module): the position from 1 of
    the replacement named, 0 for "none", None when it has no answer yet (then it is recorded,
    if it is the first such, and no bit is used)."""
    k = len(question.offers)
    start = asking.cursor
    for j in range(1, k + 1):
        if j == k and not question.none:
            return k  # the last one, when one must apply: no bit
        if asking.cursor >= len(asking.answers):
            asking.cursor = start
            if asking.unanswered is None:
                asking.unanswered = question
            return None
        asking.cursor += 1
        if asking.answers[asking.cursor - 1]:
            return j
    return 0


def answer_bits(question: Question, position: int) -> tuple[bool, ...]:
    """The bits that answer ``question`` with the replacement at ``position`` (from 1), or
    "none" (0; see the module)."""
    k = len(question.offers)
    if position == 0:
        return (False,) * k
    if position == k and not question.none:
        return (False,) * (k - 1)
    return (*(False,) * (position - 1), True)


def _answer(state: State, ev: list[Event], offer: Offer[A]) -> bool:
    """Whether the controller applies the optional replacement ``offer``: his answer in the
    unit's order, or no (the first question with no answer is recorded).  The
    ``optional_replacement_always_applies`` mutant applies it without asking."""
    if not state.rules.optional_replacement_asked:
        return True
    asking = run_of(ev).asking
    if asking is None:
        return False
    return bool(_position(asking, Question(state.controller_of(offer.source), (offer.key,), True, "R15:517.3")))


class answering:
    """While a unit of the game (an effect, a fight) is carried out, the optional
    replacements it offers take ``answers`` in order (a context manager on the run ``ev``)."""

    __slots__ = ("_asking", "_run", "_was")

    def __init__(self, answers: tuple[bool, ...], ev: list[Event]) -> None:
        self._run = as_run(ev)
        self._asking = Asking(answers)

    def __enter__(self) -> None:
        self._was = self._run.asking
        self._run.asking = self._asking

    def __exit__(self, *exc: object) -> None:
        self._run.asking = self._was
