"""The abilities waiting (PROTOCOL.md 5.4, rules 5 and 6): the Queue's entries (401.1), the pending
triggers (401.4) and the delayed ones (R15:521), each naming an ability of its card — or of the
card that granted it (R15:7.gains; INTERPRETING.md, entry 180) — with its lineage (R15:525.2).
"""

from __future__ import annotations

from collections.abc import Mapping

from .._state_codec import check_entry, check_pending, entry_ok, pending_ok
from ..canonical_form import StateError
from ..cards import CardDef, TriggeredAbility, load_pool
from ..model import PendingTrigger, QueueEntry, State
from ..rules.mechanisms.attack import reads_attacked
from ..rules.mechanisms.triggers import COUNTED_TRIGGERS, POISON, keeps_strike, keeps_wounds, remembers
from ..rules.ops.deck_top import names_a_card
from .bounds import _bound, _length

__all__: list[str] = []


def _check_entry_granter(state: State, e: QueueEntry, path: str) -> None:
    """An entry's ``granter`` (0: the ability is its source's own), like every uid it names: a
    card of the state, and the ability a triggered one granted by it (R15:7.gains; entry 180);
    then its ``attacked`` (:func:`_check_attacked`).  Every entry is checked here: the Queue's and
    those of the pending choices (``path``: the entry's own, e.g. ``queue[0]`` or ``attaching.entry``)."""
    if e.granter:
        if e.kind != "triggered" or e.mode >= 0 or e.part != -1:
            raise StateError(f"{path}.granter", "only a triggered ability is granted")
        _check_granted(state, e.granter, e.ability, path)
    _check_attacked(state, e, path)


def _check_attacked(state: State, t: QueueEntry | PendingTrigger, path: str) -> None:
    """``attacked`` (0: none): the card a shot of the source attacked, a card of the state, kept
    only by a triggered ability that reaches «атакованное существо» (an «attacks» trigger with
    recipient ``attacked``; R15 glossary «Атака»; INTERPRETING.md, entry 183)."""
    if not t.attacked:
        return
    if t.attacked not in state.cards:
        raise StateError(f"{path}.attacked", f"no card with uid {t.attacked}")
    holder = state.cards.get(t.granter or t.source)
    found = load_pool().cards[holder.card_id].ability_at(t.ability) if holder is not None and t.ability >= 0 else None
    own = not isinstance(t, QueueEntry) or (t.kind == "triggered" and t.mode < 0 and t.part == -1)
    if not (own and found is not None and reads_attacked(found)):
        raise StateError(f"{path}.attacked", "only an «attacks» trigger that reaches «атакованное существо» keeps the "
                         "card a shot attacked (entry 183)")


def _check_granted(state: State, granter: int, index: int, path: str) -> None:
    """A granted ability (R15:7.gains; INTERPRETING.md, entry 180): ``granter`` is a card of the
    state and ``index`` one of its granted triggered abilities (after its own and its delayed)."""
    c = state.cards.get(granter)
    if c is None:
        raise StateError(f"{path}.granter", f"no card with uid {granter}")
    d = load_pool().cards[c.card_id]
    if not d.first_granted <= index < d.first_granted + len(d.granted):
        raise StateError(f"{path}.amount" if path.startswith("modifiers") else f"{path}.ability",
                         f"card {granter} has no granted ability {index}")


def _check_queue(state: State, pool: Mapping[str, CardDef]) -> None:
    """Rule 5: each Queue entry names a card and an ability of it of its kind (or of its granter)."""
    cards = state.cards
    _length(state.queue, "queue")
    for i, e in enumerate(state.queue):
        p_ = f"queue[{i}]"
        if not entry_ok(e):
            check_entry(e, p_)  # its kind and the declared bounds
        if e.source not in cards:
            raise StateError(f"{p_}.source", f"no card with uid {e.source}")
        _length(e.targets, f"{p_}.targets")
        for j, t in enumerate(e.targets):
            if t not in cards:
                raise StateError(f"{p_}.targets[{j}]", f"no card with uid {t}")
        _length(e.amounts, f"{p_}.amounts")
        for j, a in enumerate(e.amounts):
            _bound(a, "queue[].amounts[]", f"{p_}.amounts[{j}]")
        d = pool[cards[e.source].card_id]
        if e.mode >= len(d.modes):
            raise StateError(f"{p_}.mode", f"card {e.source} has no mode {e.mode}")
        abilities = d.modes[e.mode] if e.mode >= 0 else d.abilities
        if e.part == -2:
            abilities = d.fury.abilities if d.fury else ()
        if e.granter:  # a granted ability: one of its granter's (R15:7.gains; entry 180)
            _check_entry_granter(state, e, p_)  # (and its attacked)
            ok = True
        elif e.kind == "strike_attack":
            ok = e.ability == -1
        elif e.ability == POISON:
            ok = e.kind == "triggered"
        elif e.kind == "triggered" and e.mode < 0 and e.part == -1 and e.ability >= len(d.abilities):
            found = d.ability_at(e.ability)  # a delayed ability, numbered after the card's own (R15:521)
            ok = found is not None and found.kind == "triggered" and e.ability < d.first_granted
        else:
            ok = 0 <= e.ability < len(abilities) and abilities[e.ability].kind == e.kind
        if not ok:
            raise StateError(f"{p_}.ability", f"card {e.source} has no {e.kind} ability {e.ability}")
        _check_attacked(state, e, p_)
        own = abilities[e.ability] if e.kind == "triggered" and 0 <= e.ability < len(abilities) else None
        named = isinstance(own, TriggeredAbility) and names_a_card(own)
        if bool(e.named) != named or (e.named and e.named not in pool):
            # «Назовите карту» is named with the declaration (INTERPRETING.md, entry 160)
            raise StateError(f"{p_}.named", "a card id of the pool exactly on a triggered ability whose declaration "
                             "names a card (an effect reads shown_named), and on no other entry")


def _check_trigger(state: State, t: PendingTrigger, where: str, ids: set[int]) -> None:
    """A pending or a delayed trigger (``where``: its path): its declared bounds, its id below
    ``next_trigger_id`` and none of ``ids`` (the ids met so far, which it joins), its source a
    card of the state."""
    if not pending_ok(t):
        check_pending(t, where)  # the declared bounds
    if t.id >= state.next_trigger_id:
        raise StateError(f"{where}.id", f"must be in 1..{state.next_trigger_id - 1} (below next_trigger_id)")
    if t.id in ids:
        raise StateError(f"{where}.id", f"trigger id {t.id} is used twice")
    ids.add(t.id)
    if t.source not in state.cards:
        raise StateError(f"{where}.source", f"no card with uid {t.source}")


def _check_triggers(state: State, pool: Mapping[str, CardDef]) -> None:
    """Rule 6: the pending triggers and the delayed ones, their ids unique, each naming a card
    and a triggered (or delayed) ability of it; the lineages of the Queue's entries too."""
    cards = state.cards
    # rule 6: pending triggers
    _length(state.pending, "pending")
    ids: set[int] = set()
    for i, pt in enumerate(state.pending):
        _check_trigger(state, pt, f"pending[{i}]", ids)
        if pt.granter:  # a granted ability: one of its granter's (R15:7.gains; entry 180)
            _check_granted(state, pt.granter, pt.ability, f"pending[{i}]")
        _check_attacked(state, pt, f"pending[{i}]")
        d_pt = pool[cards[pt.granter or pt.source].card_id]
        found = d_pt.ability_at(pt.ability)  # a delayed one too (R15:521)
        if not pt.granter and pt.ability >= d_pt.first_granted:
            found = None  # a granted ability of the card is never its own
        if pt.ability != POISON and (found is None or found.kind != "triggered"):
            raise StateError(f"pending[{i}].ability", f"card {pt.source} has no triggered ability {pt.ability}")
        counted = found is not None and found.trigger in COUNTED_TRIGGERS
        if found is not None and (keeps_wounds(found) or keeps_strike(found)):
            pass  # «Гибель: … Х - количество ран / сила удара»: what it had, 0 or more (R15:403.1)
        elif found is not None and remembers(found):
            pass  # a delayed ability's remembered count, 0 or more (R15:521.1; entry 174)
        elif isinstance(found, TriggeredAbility) and found.repeat_x:
            if pt.count < 1:  # «Создайте A или B за каждого …»: the X of its chain (R15:524.1; entry 213)
                raise StateError(f"pending[{i}].count", "a constructor «за каждого …» has the length of its chain, "
                                 ">= 1 (R15:524.1)")
        elif counted != (pt.count > 0):
            raise StateError(f"pending[{i}].count", "a «discards» trigger counts the cards its discard moved and a "
                             "«strikes_hero» trigger the wounds its strike dealt (>= 1), a «Гибель» that reads its "
                             "source's wounds or strike keeps them (>= 0); every other trigger has none "
                             "(R15:7.discard, R15:510.3, R15:403.1)")

    # R15:525.2: a lineage is pairs (source, ability)
    lineages: list[tuple[str, tuple[int, ...]]] = [(f"queue[{i}]", e.lineage) for i, e in enumerate(state.queue)]
    lineages += [(f"pending[{i}]", t.lineage) for i, t in enumerate(state.pending)]
    lineages += [(f"delayed[{i}]", t.lineage) for i, t in enumerate(state.delayed)]
    for where, lineage in lineages:
        if len(lineage) % 2:
            raise StateError(f"{where}.lineage", "pairs of source uid and ability index: an even length")
    # delayed triggered abilities (R15:521): ids unique with the pending ones, each naming a
    # delayed ability of its source, no subject, no count
    _length(state.delayed, "delayed")
    for i, dt in enumerate(state.delayed):
        _check_trigger(state, dt, f"delayed[{i}]", ids)
        if dt.granter:
            raise StateError(f"delayed[{i}].granter", "a delayed ability is its card's own, never granted")
        d = pool[cards[dt.source].card_id]
        if not len(d.abilities) <= dt.ability < len(d.abilities) + len(d.delayed):
            raise StateError(f"delayed[{i}].ability", f"card {dt.source} has no delayed ability {dt.ability} "
                             f"(its delayed abilities are numbered from {len(d.abilities)})")
        if dt.subject or (dt.count and not remembers(d.delayed[dt.ability - len(d.abilities)])):
            raise StateError(f"delayed[{i}].subject" if dt.subject else f"delayed[{i}].count",
                             "a delayed ability waits for its condition: no subject, no count yet (but the "
                             "count its creating effect remembered, read as \"remembered\"; R15:521.1)")
