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
3. when several can apply, the affected player takes them in an order of his choosing
   (R15:517.3, 517.4): the engine takes the order the kind's offers come in (INTERPRETING.md,
   entry 89);
4. an optional one («вы можете …») applies only when its controller says so (R15:517.3;
   INTERPRETING.md, entry 223): his answers ride with the events (:attr:`Run.asking`); with no
   answer yet, the first such offer is recorded (the look-ahead of
   :func:`oracle.rules.mechanisms.wounds.unanswered_offer`) and it is not applied.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from ...model import Event, State
from .run import Asking, as_run, run_of

__all__ = ["Offer", "Replaced", "answering", "replace"]

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
) -> Replaced[W]:
    """Offer ``would`` to the replacements that can apply to it (``offers``, in the engine's
    order), one at a time as the module says, each carried out by ``apply`` (given the ones
    applied before it to this event; it returns what happens now, or None when the event is
    replaced by something else).  While a replacement is carried out, it is in the chain
    (:attr:`Run.applied`) of whatever it brings about."""
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
        offer = fresh[0]
        if offer.optional and not _answer(state, ev, offer.source, state.controller_of(offer.source)):
            declined.add(offer.key)
            continue
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


def _answer(state: State, ev: list[Event], card: int, seat: int) -> bool:
    """Whether the controller applies the optional replacement of ``card`` offered now: its
    answer in the unit's order, or no (the first offer with no answer is recorded).  The
    ``optional_replacement_always_applies`` mutant applies it without asking."""
    if not state.rules.optional_replacement_asked:
        return True
    asking = run_of(ev).asking
    if asking is None:
        return False
    if asking.cursor < len(asking.answers):
        asking.cursor += 1
        return asking.answers[asking.cursor - 1]
    if asking.unanswered is None:
        asking.unanswered = (card, seat)
    return False


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
