"""The bounds of a state (PROTOCOL.md 5.4, rule 10): every integer within the bound of its field
(:data:`BOUNDS`) and every list within :data:`MAX_LIST` entries, as the checks of the other rules
name them (:func:`_bound`, :func:`_length`), and as one fast test that names no field
(:func:`within_bounds`).

**Bounds.**  Every integer of a state has a bound (:data:`BOUNDS`, :data:`~oracle.schema.MAX_VALUE`)
and every list a length bound (:data:`MAX_LIST`), chosen so that no real game comes near them
and so that one action of the engine, from a state within them, gives a next state whose
integers still fit in the proto's int32 (PROTOCOL.md 5.4, rule 10).  That next state may
exceed a bound by one action's growth (``turn`` MAX_VALUE + 1 after the end of turn
MAX_VALUE, one more trigger id, closed coins opened): it is returned as computed and, if
sent back, refused like any state beyond the bounds, naming the field.  Nothing is
clamped.  ``tests/engine/test_validate.py`` checks the guarantee on real states with their
growing counters at the bounds.
"""

from __future__ import annotations

from collections.abc import Sized

from .._state_codec import BOUNDS as DECLARED_BOUNDS
from .._state_codec import (
    attack_ok,
    cards_ok,
    entry_ok,
    modifier_ok,
    pending_ok,
    player_effect_ok,
    player_ok,
    state_ok,
)
from ..canonical_form import StateError
from ..model import MEMORY_READS, Memory, QueueEntry, State
from ..schema import MAX_LIST

__all__ = ["BOUNDS", "INT32_MAX", "within_bounds"]


#: The largest value of the proto's int32 fields.
INT32_MAX = 2**31 - 1

#: The inclusive bounds of every integer field, by its canonical path (``[]``: any index),
#: from the declarations of :mod:`oracle.model` (:data:`~oracle.schema.MAX_VALUE`,
#: :data:`~oracle.schema.MAX_COINS` and :data:`MAX_LIST` are explained in :mod:`oracle.schema`).
#: Uids (``hero``, zone entries, sources, targets…) are 1..MAX_VALUE; a reference to a uid that
#: names no card is refused by the cross-checks of :func:`~oracle.validate.validate`.  The entry
#: of a pending choice is a declared ability (rules 10 and 12), never a strike attack (-1) or
#: poison (-2): its ``ability`` is narrower.
BOUNDS: dict[str, tuple[int, int]] = {
    **DECLARED_BOUNDS,
    "choosing.entry.ability": (0, MAX_LIST),
    "choosing_cards.entry.ability": (0, MAX_LIST),
}


def _bound(value: int, key: str, path: str) -> None:
    lo, hi = BOUNDS[key]
    if not lo <= value <= hi:
        raise StateError(path, f"must be in {lo}..{hi}, got {value}")


def _length(items: Sized, path: str) -> None:
    if len(items) > MAX_LIST:
        raise StateError(path, f"at most {MAX_LIST} entries, got {len(items)}")


def _entry_in_bounds(e: QueueEntry) -> bool:
    """A Queue entry's integers, its lists' lengths and their items within their bounds."""
    b = BOUNDS
    return (entry_ok(e) and len(e.targets) <= MAX_LIST and len(e.amounts) <= MAX_LIST and len(e.lineage) <= MAX_LIST
            and all(b["queue[].targets[]"][0] <= t <= b["queue[].targets[]"][1] for t in e.targets)
            and all(b["queue[].amounts[]"][0] <= a <= b["queue[].amounts[]"][1] for a in e.amounts)
            and all(b["queue[].lineage[]"][0] <= n <= b["queue[].lineage[]"][1] for n in e.lineage))


def _in(value: int, key: str) -> bool:
    lo, hi = BOUNDS[key]
    return lo <= value <= hi


def within_bounds(state: State) -> bool:
    """Whether every integer of ``state`` is within its declared bound (:data:`BOUNDS`) and
    every list within :data:`MAX_LIST`: the bounds of :func:`~oracle.validate.validate` as one
    fast test, which names no field.  A state the engine made from a state
    :func:`~oracle.validate.validate` accepts breaks no rule but these (this module's Bounds: it
    may exceed a bound by one action's growth), so it is valid exactly when it is within its
    bounds; the service's state cache stores a next state only then
    (:mod:`oracle.service.state_cache`; tests/engine/test_validate.py holds this test to
    :func:`~oracle.validate.validate`)."""
    if not state_ok(state) or len(state.cards) > MAX_LIST:
        return False
    uid = BOUNDS["cards[].uid"]
    for p in state.players:
        if not player_ok(p) or len(p.mulligan or ()) > MAX_LIST:
            return False
        for zone in (p.deck, p.hand, p.play, p.graveyard, p.supply):
            if len(zone) > MAX_LIST or (zone and not uid[0] <= max(zone) <= uid[1]):
                return False
    if not cards_ok(state.cards.values()):
        return False
    for c in state.cards.values():
        for markers in (c.usage, c.game_usage):
            if markers and (len(markers) > MAX_LIST or not all(_in(n, "cards[].usage[].count") for n in markers.values())):
                return False
    for records, ok in ((state.pending, pending_ok), (state.delayed, pending_ok), (state.modifiers, modifier_ok),
                        (state.player_effects, player_effect_ok)):
        if len(records) > MAX_LIST or not all(map(ok, records)):  # type: ignore[arg-type]
            return False
    if any(len(t.lineage) > MAX_LIST or not all(_in(n, "pending[].lineage[]") for n in t.lineage)
           for t in (*state.pending, *state.delayed)):
        return False
    if len(state.queue) > MAX_LIST or not all(map(_entry_in_bounds, state.queue)):
        return False
    if state.attack is not None and not attack_ok(state.attack):
        return False
    if state.choosing is not None and not (_entry_in_bounds(state.choosing.entry)
                                           and _in(state.choosing.entry.ability, "choosing.entry.ability")):
        return False
    hc = state.choosing_cards
    if hc is not None and not (_entry_in_bounds(hc.entry) and all(
            _in(getattr(hc, key), f"choosing_cards.{key}") for key in ("effect", "player", "count"))
            and _memory_in_bounds(hc.memory, "choosing_cards")):
        return False
    mc = state.attaching
    return mc is None or (_entry_in_bounds(mc.entry) and all(
        _in(getattr(mc, key), f"attaching.{key}") for key in ("card", "player", "effect", "cost"))
        and _memory_in_bounds(mc.memory, "attaching") and len(mc.waiting) <= MAX_LIST
        and all(_in(u, "attaching.waiting[]") for u in mc.waiting))


def _memory_in_bounds(memory: Memory | None, field: str) -> bool:
    """Whether a pause's run memory (absent, or each of its counts) is within its bounds."""
    return memory is None or all(_in(getattr(memory, key), f"{field}.memory.{key}") for key in MEMORY_READS)
