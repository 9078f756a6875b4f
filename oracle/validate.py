"""The consistency rules of a state (PROTOCOL.md 5.4), separate from reading one.

:func:`validate` checks a :class:`~oracle.model.State` however it was built (read by
:func:`oracle.serialize.from_dict`, which calls it, or made by code) and raises
:class:`StateError` naming the offending field by its path in the canonical JSON form
(``players[1].hand[2]``, ``pending[0].id``, ``shuffled``).  It never repairs.

**Bounds.**  Every integer of a state has a bound (:data:`BOUNDS`, :data:`MAX_VALUE`) and
every list a length bound (:data:`MAX_LIST`), chosen so that no real game comes near them
and so that one action of the engine, from a state within them, gives a next state whose
integers still fit in the proto's int32 (PROTOCOL.md 5.4, rule 10).  That next state may
exceed a bound by one action's growth (``turn`` MAX_VALUE + 1 after the end of turn
MAX_VALUE, one more trigger id, closed coins opened): it is returned as computed and, if
sent back, refused like any state beyond the bounds, naming the field.  Nothing is
clamped.  ``tests/engine/test_validate.py`` checks the guarantee on real states with their
growing counters at the bounds.

**Steps.**  Each step declares which fields it requires and which it forbids
(:data:`STEP_FIELDS`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sized
from dataclasses import dataclass

from ._state_codec import BOUNDS as DECLARED_BOUNDS
from ._state_codec import (
    attack_ok,
    card_ok,
    cards_ok,
    check_attack,
    check_card,
    check_entry,
    check_modifier,
    check_pending,
    check_player,
    check_player_effect,
    check_state,
    entry_ok,
    modifier_ok,
    pending_ok,
    player_effect_ok,
    player_ok,
    state_ok,
)
from .canonical_form import StateError
from .cards import CardDef, EffectAbility, SpellAbility, TriggeredAbility, load_pool
from .editions import EDITIONS
from .engine import QUEUE_STEPS  # the step table
from .model import GRANTS, PLAY_OPTIONS, QUEUE_KINDS, STEPS, Card, HandChoice, Player, QueueEntry, State
from .rules.mechanisms.modules import mechanisms_of
from .rules.mechanisms.triggers import COUNTED_TRIGGERS, POISON, keeps_strike, keeps_wounds, remembers
from .rules.ops.deck_top import names_a_card
from .rules.queries.board import ability_of, game_has, ids_losing_abilities  # INTERPRETING.md, entry 211
from .rules.resolution.cancellation import cancellers  # R15:518.1, not repeated here
from .rules.resolution.pauses import PAUSES
from .rules.resolution.queue import can_declare_or_pass, decider, opponent_chooses, target_choice_waits  # 401.7
from .rules.turn.setup import DEAL
from .schema import MAX_COINS, MAX_LIST, MAX_VALUE
from .steps import STEP_SPECS, resume_inconsistency

__all__ = [
    "BOUNDS",
    "INT32_MAX",
    "MAX_COINS",
    "MAX_LIST",
    "MAX_VALUE",
    "QUEUE_KINDS",
    "STEP_FIELDS",
    "StateError",
    "StepFields",
    "check_card_fields",
    "validate",
    "within_bounds",
]

#: The largest value of the proto's int32 fields.
INT32_MAX = 2**31 - 1

#: The inclusive bounds of every integer field, by its canonical path (``[]``: any index),
#: from the declarations of :mod:`oracle.model` (:data:`MAX_VALUE`, :data:`MAX_COINS` and
#: :data:`MAX_LIST` are explained in :mod:`oracle.schema`).  Uids (``hero``, zone entries,
#: sources, targets…) are 1..MAX_VALUE; a reference to a uid that names no card is refused by
#: the cross-checks of :func:`validate`.  The entry of a pending choice is a declared ability
#: (rules 10 and 12), never a strike attack (-1) or poison (-2): its ``ability`` is narrower.
BOUNDS: dict[str, tuple[int, int]] = {
    **DECLARED_BOUNDS,
    "choosing.entry.ability": (0, MAX_LIST),
    "choosing_cards.entry.ability": (0, MAX_LIST),
}


@dataclass(frozen=True, slots=True)
class StepFields:
    """What a step requires and forbids (PROTOCOL.md 5.4, rules 8 and 9).

    ``turn`` is "zero" (the setup stage), "from_one" or "any" (``game_over``).  ``requires``
    and ``forbids`` name fields that must be set / must be unset: ``first_player`` and
    ``roll_winner`` (≥ 0), ``winner`` (≥ 0), ``attack`` (present), ``queue`` and ``pending``
    (not empty), ``mulligan_declared`` (true for some player; refused as well at any step
    from turn 1, ``game_over`` included: the mulligans are taken before turn 1, 301.7).
    ``shuffled`` lists the values ``shuffled`` may have."""

    turn: str
    requires: frozenset[str]
    forbids: frozenset[str]
    shuffled: tuple[int, ...] = (0, 1, 2)


#: A player's counters of this turn (INTERPRETING.md, entry 59).
_TURN_COUNTS = ("drawn_this_turn", "played_this_turn", "creatures_played_this_turn", "creatures_healed_own_turn")

#: Per step: the fields it requires and forbids, from its declaration (:data:`oracle.steps.STEP_SPECS`).
STEP_FIELDS: dict[str, StepFields] = {
    s.name: StepFields(s.turn, frozenset(s.requires), frozenset(s.forbids), s.shuffled) for s in STEP_SPECS
}
#: The steps at which a pending choice of cards or of a payment is kept in ``choosing_cards``.
_CHOOSING_CARDS_STEPS = frozenset(s.name for s in STEP_SPECS if s.record == "choosing_cards")


def _bound(value: int, key: str, path: str) -> None:
    lo, hi = BOUNDS[key]
    if not lo <= value <= hi:
        raise StateError(path, f"must be in {lo}..{hi}, got {value}")


def _length(items: Sized, path: str) -> None:
    if len(items) > MAX_LIST:
        raise StateError(path, f"at most {MAX_LIST} entries, got {len(items)}")


def _where(pos: tuple[int, str, int]) -> str:
    """The path of a place in a player's zones: ``players[0].hero``, ``players[1].hand[2]``."""
    seat, zone, j = pos
    return f"players[{seat}].{zone}" + ("" if zone == "hero" else f"[{j}]")


def _misplaced(state: State, pool: Mapping[str, CardDef]) -> None:
    """Raise for the first card, in the order of the zones (seat 0 first; hero, deck, hand,
    play, graveyard), that is in another player's zone (but his play zone: a card he controls,
    R15:519.5), or a hero out of the hero place, or another card in it."""
    for seat, p in enumerate(state.players):
        for zone, uids in (("hero", (p.hero,)), ("deck", p.deck), ("hand", p.hand), ("play", p.play),
                           ("graveyard", p.graveyard)):
            for j, uid in enumerate(uids):
                c = state.cards[uid]
                if c.owner != seat and zone != "play":
                    raise StateError(_where((seat, zone, j)), f"card {uid} belongs to player {c.owner}")
                d = pool.get(c.card_id)
                if d is None:
                    continue  # named as an unknown card id by the caller's pass over the cards
                is_hero = d.type == "hero"
                if is_hero != (zone == "hero"):
                    raise StateError(_where((seat, zone, j)), f"card {uid} is {'a hero' if is_hero else 'not a hero'}")


def _check_parts(
    state: State, pool: Mapping[str, CardDef], parts: Mapping[int, int], seen: Mapping[int, tuple[int, str, int]]
) -> None:
    """Rule 13: each part of a combined card (``attached_to``) is a creature attached to a
    creature in the play zone, itself no part (no parts of parts), with no
    wounds, markers or state of its own: they are the combined card's (R15 glossary
    «Присоединить», «Объединённая карта»).  The two may have different owners: a Модуль goes
    to a mechanism its player controls (R15:519.5), which may be his opponent's card, and a
    combined card changes controller as one card."""
    index = {uid: i for i, uid in enumerate(state.cards)}
    for uid, host in parts.items():
        path = f"cards[{index[uid]}].attached_to"
        c = state.cards[uid]
        h = state.cards.get(host)
        if h is None:
            raise StateError(path, f"no card with uid {host}")
        if host == uid or h.attached_to:
            raise StateError(path, f"card {host} is itself a part: a combined card has one top card (R15:7.attach)")
        if seen.get(host, (0, "", 0))[1] != "play":
            raise StateError(path, f"card {host} is not in the play zone: only a card in play has parts (R15:7.attach)")
        if c.card_id not in pool or h.card_id not in pool:
            continue  # an unknown card id: the card's own rule names it
        if pool[c.card_id].type != "creature" or pool[h.card_id].type != "creature":
            raise StateError(path, f"card {uid} and card {host} must both be creatures (R15:505.4, R15:7.module)")
        if c.closed or c.wounds or c.poison or c.hidden or c.stunned:
            raise StateError(f"cards[{index[uid]}]", f"card {uid} is a part: closed, wounds, poison, hidden and stunned "
                             "are its combined card's (R15:7.attach)")


def _turn_counts(p: Player, seat: int) -> None:
    """Rule 3: a player's counters of this turn are within their bounds, and his creature
    plays are among his plays (R15:309.1; INTERPRETING.md, entry 59)."""
    if p.creatures_played_this_turn > p.played_this_turn:
        raise StateError(f"players[{seat}].creatures_played_this_turn",
                         f"{p.creatures_played_this_turn} creatures played but only {p.played_this_turn} cards")


def _check_grants(state: State, grants: str, amount: int, until: str, flagged: bool, target: int, path: str) -> None:
    """A modifier that grants (``Modifier.grants``; INTERPRETING.md, entry 69): one of GRANTS,
    on a creature, neither a «становится равен» (`sets`) nor a shot modifier; a keyword or the class Механизм has
    ``amount`` 0, +life at least 1, control the seat that took it; life and the class last while it is in play."""
    if grants not in GRANTS:
        raise StateError(f"{path}.grants", f"must be one of {', '.join(GRANTS)}; got {grants!r}")
    if flagged:
        raise StateError(f"{path}.grants", "a modifier that grants is neither a «становится равен» (sets) nor a shot modifier")
    lives = ("life", "reduced_life")
    if grants == "armour" and amount < 1:
        # «получает Броню N до конца хода»: Броня N with N at least 1 (INTERPRETING.md, entry 162)
        raise StateError(f"{path}.amount", "an armour modifier is «Броня N», N at least 1")
    if grants == "control" and amount not in (0, 1):
        raise StateError(f"{path}.amount", f"a control modifier's amount is the seat that took control, 0 or 1; got {amount}")
    if grants == "ability":
        if until not in ("end_of_turn", "while_in_play"):
            raise StateError(f"{path}.until", "a granted ability lasts until the end of turn or while the card is in play")
        return  # amount: the ability's index on its granter (_check_granted)
    if grants == "double_cost":
        # «удвойте стоимость этой особенности»: amount is the index of an activated ability of
        # its card, while it is in play (INTERPRETING.md, entry 158)
        if until != "while_in_play":
            raise StateError(f"{path}.until", "a double_cost modifier lasts while the card is in play")
        c = state.cards.get(target)
        abilities = load_pool().cards[c.card_id].abilities if c is not None else ()
        if not (0 <= amount < len(abilities) and abilities[amount].kind == "activated"):
            raise StateError(f"{path}.amount", f"a double_cost modifier names an activated ability of card {target} "
                             f"by its index; got {amount}")
        return
    if grants not in (*lives, "control", "armour") and amount != 0:
        raise StateError(f"{path}.amount", f"a modifier granting {grants} has amount 0")
    if grants == "untargetable":
        # «не могут быть выбраны целью … до конца хода»: any character, a hero too (entry 192)
        if until != "end_of_turn":
            raise StateError(f"{path}.until", "«не могут быть выбраны целью» lasts until the end of turn")
        c = state.cards.get(target)
        if c is not None and not load_pool().cards[c.card_id].is_character:
            raise StateError(f"{path}.target", f"card {target} is not a character")
        return
    if grants == "control":
        # «Возьмите под контроль … до конца хода» (R15:519.5; INTERPRETING.md, entry 114)
        if until != "end_of_turn":
            raise StateError(f"{path}.until", "a control modifier lasts until the end of turn")
        c = state.cards.get(target)
        if c is not None and load_pool().cards[c.card_id].type == "hero":
            raise StateError(f"{path}.target", f"card {target} is a hero: a hero's control is never taken")
        return
    if grants in lives and amount < 1:
        raise StateError(f"{path}.amount", "a life modifier adds (or takes away) at least 1 life")
    if grants == "no_abilities" and not game_has(state, ids_losing_abilities()):
        # only a card of the game that makes a creature lose its abilities puts one on (entry 211)
        raise StateError(f"{path}.grants", "no card of the game makes a creature lose its abilities")
    if grants in (*lives, "mechanism", "ent", "double_life", "no_abilities") and until != "while_in_play":
        raise StateError(f"{path}.until", f"a modifier granting {grants} lasts while the card is in play")
    # «До начала вашего следующего хода оно не наносит ран …» (INTERPRETING.md, entry 159)
    lasting = ("end_of_turn", "while_in_play", "start_of_owner_turn") if grants in (
        "deals_no_wounds", "directed_at_it") else ("end_of_turn", "while_in_play")
    if grants not in (*lives, "mechanism", "ent", "no_abilities") and until not in lasting:
        raise StateError(f"{path}.until", f"{grants} lasts until the end of turn or while the card is in play")
    c = state.cards.get(target)
    if c is not None and load_pool().cards[c.card_id].type != "creature":
        raise StateError(f"{path}.target", f"card {target} is not a creature: only creatures are granted {grants}")


def _check_entry_granter(state: State, e: QueueEntry, path: str) -> None:
    """An entry's ``granter`` (0: the ability is its source's own), like every uid it names: a
    card of the state, and the ability a triggered one granted by it (R15:7.gains; entry 180).
    Every entry is checked here: the Queue's and those of the pending choices (``path``: the
    entry's own, e.g. ``queue[0]`` or ``attaching.entry``)."""
    if not e.granter:
        return
    if e.kind != "triggered" or e.mode >= 0 or e.part != -1:
        raise StateError(f"{path}.granter", "only a triggered ability is granted")
    _check_granted(state, e.granter, e.ability, path)


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


def _coin_modifier(state: State, i: int, place: str) -> None:
    """Rule 7: temporary coins («Получите (1) до конца хода», R15:522.4) are a modifier on the
    hero of the player who has them, until the end of turn, at least one, and they are among
    his coins: all his coin modifiers together are at most his coins (INTERPRETING.md, entry 76)."""
    m = state.modifiers[i]
    if m.sets or m.shots or m.grants or m.until != "end_of_turn" or m.amount < 1:
        raise StateError(f"modifiers[{i}].coins", "temporary coins are at least one, until the end of turn, neither a grant, a "
                         "«становится равен» (sets) nor a shot modifier (R15:522.4)")
    if place != "hero":
        raise StateError(f"modifiers[{i}].target", "temporary coins belong to a player: the target is his hero")
    p = state.players[state.cards[m.target].owner]
    if sum(x.amount for x in state.modifiers if x.coins and x.target == m.target) > p.coins:
        raise StateError(f"modifiers[{i}].amount", "a player's temporary coins are among his coins: more of them than "
                         "coins in his play zone (R15:522.4)")


def check_card_fields(c: Card, i: int) -> CardDef:
    """Rules 2 and 4 on one card alone, whatever the rest of the state (its path ``cards[i]``):
    :func:`_card_values` and :func:`_card_markers`.  Returns the card's definition.
    :func:`validate` runs both on each card (the rules relating it to the state between them)."""
    d = _card_values(c, i)
    _card_markers(c, i, d)
    return d


def _card_values(c: Card, i: int, in_bounds: bool = False) -> CardDef:
    """Rule 2: every integer of card ``c`` within its bound (its declarations, :func:`check_card`;
    ``in_bounds``: already known) and its card id in the pool (its definition)."""
    if not in_bounds and not card_ok(c):
        check_card(c, f"cards[{i}]")
    d = load_pool().cards.get(c.card_id)
    if d is None:
        raise StateError(f"cards[{i}].card_id", f"unknown card id {c.card_id!r}")
    return d


def _card_markers(c: Card, i: int, d: CardDef) -> None:
    """Rules 2 and 4 on card ``c`` of definition ``d``: only a creature hides (R15:304.3); its
    usage markers name abilities it has, their counts within their bounds."""
    if c.hidden and d.type != "creature":
        raise StateError(f"cards[{i}].hidden", "only creatures hide")
    if c.usage or c.game_usage:
        n_ab = len(d.abilities)
        for name, markers in (("usage", c.usage), ("game_usage", c.game_usage)):
            _length(markers, f"cards[{i}].{name}")
            for j, (ab, count) in enumerate(sorted(markers.items())):
                if not 0 <= ab < n_ab:
                    raise StateError(f"cards[{i}].{name}[{j}].ability", f"must be in 0..{max(n_ab - 1, 0)}, got {ab}")
                _bound(count, f"cards[].{name}[].count", f"cards[{i}].{name}[{j}].count")


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
    every list within :data:`MAX_LIST`: the bounds of :func:`validate` as one fast test, which
    names no field.  A state the engine made from a state :func:`validate` accepts breaks no
    rule but these (this module's Bounds: it may exceed a bound by one action's growth), so
    it is valid exactly when it is within its bounds; the service's state cache stores a next
    state only then (:mod:`oracle.service.state_cache`; tests/engine/test_validate.py holds
    this test to :func:`validate`)."""
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
            _in(getattr(hc, key), f"choosing_cards.{key}") for key in ("effect", "player", "count", "drawn", "strike"))):
        return False
    mc = state.attaching
    return mc is None or (_entry_in_bounds(mc.entry) and all(
        _in(getattr(mc, key), f"attaching.{key}") for key in ("card", "player", "effect", "cost")))


def validate(state: State, cards_checked: bool = False) -> None:
    """Raise :class:`StateError` naming the field if ``state`` breaks a consistency rule of
    PROTOCOL.md 5.4 (bounds included); return None otherwise.  Card paths (``cards[i]``)
    use the order of ``state.cards`` (the order of the request for a state read by
    :func:`oracle.serialize.from_dict`, ascending uid otherwise).  ``cards_checked``: every
    card already passed :func:`check_card_fields` (the service's decoder checks each distinct
    card once, :mod:`oracle.service.convert`); the rules that relate a card to the rest of
    the state are checked all the same."""
    pool = load_pool().cards
    # rule 1: the top level
    if state.edition not in EDITIONS:
        raise StateError("edition", f"must be one of {', '.join(EDITIONS)}; got {state.edition!r}")
    if state.step not in STEP_FIELDS:
        raise StateError("step", f"must be one of {', '.join(STEPS)}; got {state.step!r}")
    if not state_ok(state):
        check_state(state)  # the declared bounds of the top level
    players = state.players
    if len(players) != 2:
        raise StateError("players", "exactly two players")
    cards = state.cards
    _length(cards, "cards")

    # rule 3: zones (each uid names a card, in one place)
    seen: dict[int, tuple[int, str, int]] = {}  # uid -> (seat, zone, index)
    for seat, p in enumerate(players):
        for zone, uids in (("hero", (p.hero,)), ("deck", p.deck), ("hand", p.hand), ("play", p.play),
                           ("graveyard", p.graveyard), ("supply", p.supply)):
            if len(uids) > MAX_LIST:
                raise StateError(f"players[{seat}].{zone}", f"at most {MAX_LIST} entries, got {len(uids)}")
            for j, uid in enumerate(uids):
                if uid in seen or uid not in cards:
                    if uid in seen:
                        raise StateError(_where((seat, zone, j)), f"card {uid} is also in {_where(seen[uid])}")
                    raise StateError(_where((seat, zone, j)), f"no card with uid {uid}")
                seen[uid] = (seat, zone, j)
        if not player_ok(p):
            check_player(p, f"players[{seat}]")  # the declared bounds (coins, counters)
        if p.drawn_this_turn or p.played_this_turn or p.creatures_played_this_turn or p.creatures_healed_own_turn:
            _turn_counts(p, seat)
        if p.mulligan:
            _length(p.mulligan, f"players[{seat}].mulligan")
            for j, uid in enumerate(p.mulligan):
                if uid not in p.hand:
                    raise StateError(f"players[{seat}].mulligan[{j}]", f"card {uid} is not in the hand")
                if uid in p.mulligan[:j]:
                    raise StateError(f"players[{seat}].mulligan[{j}]", f"card {uid} is listed twice")
    # a captured card lies under a card in play, in no zone (R15 glossary «Добывает»; entry 115)
    captured = 0
    for i, (uid, c) in enumerate(cards.items()):
        if not c.captured_by:
            continue
        captured += 1
        if uid in seen:
            raise StateError(f"cards[{i}].captured_by", f"card {uid} is in {_where(seen[uid])}, so it is not captured")
        under = seen.get(c.captured_by)
        if c.captured_by == uid or under is None or under[1] not in ("hero", "play"):
            raise StateError(f"cards[{i}].captured_by", f"card {uid} lies under card {c.captured_by}, which is not "
                             "another card in play (R15 glossary «Добывает»)")
        if c.closed or c.wounds or c.poison or c.hidden or c.stunned or c.usage or c.game_usage:
            raise StateError(f"cards[{i}]", f"captured card {uid} has lost every effect and marker (R15 glossary "
                             "«Добывает»)")
    parts = {uid: c.attached_to for uid, c in cards.items() if c.attached_to}
    for uid in parts:  # before the count: a part listed in a zone may balance a card in none
        if cards[uid].captured_by:
            i = list(cards).index(uid)
            raise StateError(f"cards[{i}].captured_by", f"card {uid} is attached to card {parts[uid]}: a part of a "
                             "combined card is not captured (R15:7.attach)")
        if uid in seen:
            i = list(cards).index(uid)
            raise StateError(f"cards[{i}].attached_to", f"card {uid} is attached to card {parts[uid]} and is also "
                             f"in {_where(seen[uid])}: a part is in no zone of its own (R15:7.attach)")
    if len(seen) + captured + len(parts) != len(cards):
        i, uid = next((i, u) for i, u in enumerate(cards)
                      if u not in seen and not cards[u].captured_by and u not in parts)
        raise StateError(f"cards[{i}]", f"card {uid} is in no zone")
    if parts:
        _check_parts(state, pool, parts, seen)
    # found here anyway: the answer oracle.rules.queries.board.some_card_outside_zones keeps (speed only)
    state._outside = bool(captured or parts)

    # rules 2–4: each card: its fields, its owner's zone, its type, out of play
    in_bounds = cards_checked or cards_ok(cards.values())  # one call for every card's declared bounds
    for i, (uid, c) in enumerate(cards.items()):
        if uid != c.uid:
            raise StateError(f"cards[{i}].uid", f"card {c.uid} is kept under uid {uid}")
        d = pool[c.card_id] if cards_checked else _card_values(c, i, in_bounds)
        if c.captured_by:
            continue  # in no zone: checked above (a hero is always in its place, so never captured)
        if c.attached_to:
            continue  # a part: checked with its combined card (_check_parts)
        pos = seen[uid]
        if "created" in d.keywords and pos[1] in ("deck", "hand"):
            raise StateError(_where(pos), f"card {uid} is a created card («Созданный»): never in a deck or a hand "
                             "(R15:519.6.1, R15 glossary «Созданный»)")
        if pos[1] == "supply" and "created" not in d.keywords:
            raise StateError(_where(pos), f"card {uid} is not a created card: the supply holds created cards (R15:206.1)")
        # a card in play is in its controller's play list, who may be its owner's opponent (R15:519.5)
        if (c.owner != pos[0] and pos[1] != "play") or (d.type == "hero") != (pos[1] == "hero"):
            _misplaced(state, pool)  # names the first misplaced card in the order of the zones
        if (c.closed or c.wounds or c.poison or c.hidden or c.stunned) and pos[1] != "hero" and pos[1] != "play":
            raise StateError(f"cards[{i}]", f"card {uid} is not in play but is closed, wounded, poisoned, hidden or stunned")
        if (c.armour_turn or c.armour_prevented or c.prevented) and pos[1] != "hero" and pos[1] != "play":
            # the wound pipeline's memory goes with the card's other effects when it leaves play (R15:205.3)
            raise StateError(f"cards[{i}]", f"card {uid} is not in play but keeps what its preventions used up")
        if c.armour_turn > state.turn or (c.armour_prevented and not c.armour_turn):
            raise StateError(f"cards[{i}].armour_turn", f"card {uid}: its Броня counts wounds of a turn "
                             "not yet played, or of no turn (R15 glossary «Броня Х»)")
        if not cards_checked:
            _card_markers(c, i, d)

    # rule 5: the Queue
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
            _check_entry_granter(state, e, p_)
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
        own = abilities[e.ability] if e.kind == "triggered" and 0 <= e.ability < len(abilities) else None
        named = isinstance(own, TriggeredAbility) and names_a_card(own)
        if bool(e.named) != named or (e.named and e.named not in pool):
            # «Назовите карту» is named with the declaration (INTERPRETING.md, entry 160)
            raise StateError(f"{p_}.named", "a card id of the pool exactly on a triggered ability whose declaration "
                             "names a card (an effect reads shown_named), and on no other entry")

    # rule 6: pending triggers
    _length(state.pending, "pending")
    ids: set[int] = set()
    for i, pt in enumerate(state.pending):
        if not pending_ok(pt):
            check_pending(pt, f"pending[{i}]")  # the declared bounds
        if pt.id >= state.next_trigger_id:
            raise StateError(f"pending[{i}].id", f"must be in 1..{state.next_trigger_id - 1} (below next_trigger_id)")
        if pt.id in ids:
            raise StateError(f"pending[{i}].id", f"trigger id {pt.id} is used twice")
        ids.add(pt.id)
        if pt.source not in cards:
            raise StateError(f"pending[{i}].source", f"no card with uid {pt.source}")
        if pt.granter:  # a granted ability: one of its granter's (R15:7.gains; entry 180)
            _check_granted(state, pt.granter, pt.ability, f"pending[{i}]")
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
        if not pending_ok(dt):
            check_pending(dt, f"delayed[{i}]")
        if dt.id >= state.next_trigger_id:
            raise StateError(f"delayed[{i}].id", f"must be in 1..{state.next_trigger_id - 1} (below next_trigger_id)")
        if dt.id in ids:
            raise StateError(f"delayed[{i}].id", f"trigger id {dt.id} is used twice")
        ids.add(dt.id)
        if dt.source not in cards:
            raise StateError(f"delayed[{i}].source", f"no card with uid {dt.source}")
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

    _check_player_effects(state, pool)

    # rule 7: modifiers and the attack
    _length(state.modifiers, "modifiers")
    for i, m in enumerate(state.modifiers):
        if not modifier_ok(m):
            check_modifier(m, f"modifiers[{i}]")  # the declared bounds, the owner exactly on its duration
        if m.shots and (m.sets or m.until != "end_of_turn"):
            raise StateError(f"modifiers[{i}].shots", "a shot modifier adds until the end of turn (INTERPRETING.md, "
                             "entry 67)")
        if m.grants:
            _check_grants(state, m.grants, m.amount, m.until, m.sets or m.shots, m.target, f"modifiers[{i}]")
        if (m.grants == "ability") != (m.granter != 0):
            raise StateError(f"modifiers[{i}].granter", "a modifier granting an ability names its granter, and only it")
        if m.granter:
            _check_granted(state, m.granter, m.amount, f"modifiers[{i}]")
        place = seen.get(m.target)
        if place is None or place[1] not in ("hero", "play"):
            raise StateError(f"modifiers[{i}].target", f"card {m.target} is not in play")
        if m.coins:
            _coin_modifier(state, i, place[1])
    att = state.attack
    if att is not None:
        if not attack_ok(att):
            check_attack(att, "attack")
        for key in ("attacker", "target"):
            if getattr(att, key) not in cards:
                raise StateError(f"attack.{key}", f"no card with uid {getattr(att, key)}")
        if att.defender and att.defender not in cards:
            raise StateError("attack.defender", f"no card with uid {att.defender}")

    _check_step(state, pool)


def _check_choice_entry(state: State, e: QueueEntry, field: str) -> None:
    """The entry of a pending choice (``choosing``, ``choosing_cards``, ``attaching``): a declared
    ability's kind, its integers within their bounds, its source a card of the state, its
    granter one too (:func:`_check_entry_granter`)."""
    if e.kind not in ("activated", "triggered", "spell"):
        raise StateError(f"{field}.entry.kind", f"must be activated, triggered or spell; got {e.kind!r}")
    for key in ("controller", "source", "ability", "x", "mode", "part"):
        _bound(getattr(e, key), f"{field}.entry.{key}", f"{field}.entry.{key}")
    if e.source not in state.cards:
        raise StateError(f"{field}.entry.source", f"no card with uid {e.source}")
    _check_entry_granter(state, e, f"{field}.entry")
    modes = load_pool().cards[state.cards[e.source].card_id].modes
    if e.mode >= len(modes):  # (as a Queue entry's, rule 5: the engine reads the mode's abilities)
        raise StateError(f"{field}.entry.mode", f"card {e.source} has no mode {e.mode}")


def _check_resume(state: State, resume: str, field: str) -> None:
    """A pending choice returns to a Queue step (``{field}.resume``), and the attack in
    progress agrees with what that step requires and forbids (:func:`oracle.steps.resume_inconsistency`)."""
    wrong = resume_inconsistency(resume, state.attack is not None, field)
    if wrong is not None:
        raise StateError(*wrong)


def _check_attaching(state: State, pool: Mapping[str, CardDef]) -> None:
    """Rule 14: the pending Модуль decision (R15 glossary «Модуль»): a creature with «Модуль»
    waiting in its player's hand (a play: ``entry.ability`` -1, the entry naming the card, the
    game returning to step play_queue) or supply (a creation by a resolving ability's effect),
    while he has a mechanism in play to attach it to."""

    mc = state.attaching
    assert mc is not None
    e = mc.entry
    _check_choice_entry(state, e, "attaching")
    for key in ("card", "player", "effect", "cost"):
        _bound(getattr(mc, key), f"attaching.{key}", f"attaching.{key}")
    if mc.option not in PLAY_OPTIONS:
        raise StateError("attaching.option", f"must be one of {', '.join(map(repr, PLAY_OPTIONS))}; got {mc.option!r}")
    if mc.card not in state.cards:
        raise StateError("attaching.card", f"no card with uid {mc.card}")
    d = pool[state.cards[mc.card].card_id]
    if d.type != "creature" or "module" not in d.keywords:
        raise StateError("attaching.card", f"card {mc.card} is not a creature with «Модуль» (R15:7.module)")
    p = state.players[mc.player]
    play = e.ability == -1
    if play and (e.source != mc.card or mc.card not in p.hand or mc.resume != "play_queue" or mc.player != state.active):
        raise StateError("attaching.entry", "a played Модуль creature waits in its player's hand, the active player's, "
                         "the entry naming it, the game returning to step play_queue (R15:309.1)")
    if play and mc.effect:
        raise StateError("attaching.effect", "a play has no creating effect: effect is 0 (absent) for a played Модуль "
                         "creature")
    if not play:
        if mc.card not in p.supply:
            raise StateError("attaching.card", f"card {mc.card} is created: it waits in the supply of player "
                             f"{mc.player + 1} (R15:519.6)")
        if mc.option or mc.cost:
            raise StateError("attaching.option", "a creation has no play option or cost")
        sd = pool[state.cards[e.granter or e.source].card_id]  # a granted ability: its granter's (entry 180)
        abilities = sd.modes[e.mode] if 0 <= e.mode < len(sd.modes) else sd.abilities
        # a granted ability, or a delayed one numbered after the card's own (R15:521; entry 213)
        delayed = e.kind == "triggered" and e.mode < 0 and e.ability >= len(sd.abilities)
        found = sd.ability_at(e.ability) if e.granter or delayed else (
            abilities[e.ability] if 0 <= e.ability < len(abilities) else None)
        if found is None or mc.effect >= len(found.effects) or found.effects[mc.effect].op != "create":
            raise StateError("attaching.effect", f"effect {mc.effect} of that ability is not a «create»")
        _check_resume(state, mc.resume, "attaching")
    if not mechanisms_of(state, mc.player, mc.card):
        raise StateError("attaching.player", f"player {mc.player + 1} has no mechanism in play to attach to (R15:7.module)")


def _check_choosing(state: State, pool: Mapping[str, CardDef]) -> None:
    """Rule 10: the pending target choice (R15:118.1; PROTOCOL.md 5.4)."""

    tc = state.choosing
    assert tc is not None
    e = tc.entry
    _check_choice_entry(state, e, "choosing")  # a granted ability: one of its granter's (entry 180)
    d = pool[state.cards[e.granter or e.source].card_id]
    found = d.ability_at(e.ability) if e.granter else (
        d.abilities[e.ability] if 0 <= e.ability < len(d.abilities) else None)
    if not (found is not None and found.kind == e.kind and opponent_chooses(found)):
        raise StateError("choosing.entry.ability", f"card {e.source} has no {e.kind} ability {e.ability} "
                         "whose target the opponent chooses")
    for key, default in (("targets", ()), ("amounts", ()), ("x", 0), ("mode", -1), ("part", -1)):
        if getattr(e, key) != default:
            raise StateError(f"choosing.entry.{key}", f"must be {default!r} for an ability whose target is not chosen yet")
    _check_resume(state, tc.resume, "choosing")
    want = {"activated": "ability_queue", "spell": "play_queue"}.get(e.kind, tc.resume)
    if tc.resume != want:
        raise StateError("choosing.resume", f"a declared {e.kind} ability returns to {want} (308.2, 309.2)")
    if not target_choice_waits(state):
        raise StateError("choosing", "the chooser has fewer than two legal target lists: a lone choice is made "
                         "without a decision point (R15:118.1; INTERPRETING.md, entries 5 and 48)")


def _check_cancelling(state: State, pool: Mapping[str, CardDef]) -> None:
    """Rule 13: ``cancelling`` is nonzero exactly at step cancel_choice, the played card
    (a spell in its owner's graveyard or a card in his play zone) whose play a card of his
    opponent can cancel (R15:518.1)."""
    uid = state.cancelling
    if state.step != "cancel_choice":
        raise StateError("cancelling", "a play waits for its cancellation only at step cancel_choice (0 elsewhere)")
    if uid not in state.cards:
        raise StateError("cancelling", "the played card's uid at step cancel_choice" if not uid else f"no card with uid {uid}")
    c = state.cards[uid]
    zone = state.zone_of(uid)
    if zone != ("graveyard" if pool[c.card_id].type == "spell" else "play"):
        raise StateError("cancelling", f"card {uid} is not a card just played (a spell in the graveyard, another card in play)")
    if not cancellers(state, uid):
        raise StateError("cancelling", f"no card of player {2 - c.owner} can cancel the play of card {uid} (R15:518.1)")


def _check_choosing_cards(state: State, pool: Mapping[str, CardDef]) -> None:
    """Rule 12: the resolution waiting at step hand_choice (R15:7.discard; PROTOCOL.md 5.4),
    search_shuffle (R15:7.search), pay_choice (R15:119.7) or deck_order (R15:204.4): its entry
    and the fields every such pause shares, then what its pause checks of its own waiting
    state (:func:`_ask_pause`), then the step it returns to."""
    hc = state.choosing_cards
    assert hc is not None
    e = hc.entry
    _check_choice_entry(state, e, "choosing_cards")
    for key in ("effect", "player"):
        _bound(getattr(hc, key), f"choosing_cards.{key}", f"choosing_cards.{key}")
    # the resolving ability's targets (a search before «можете отравить существо», R15:119.5)
    _length(e.targets, "choosing_cards.entry.targets")
    for j, t in enumerate(e.targets):
        _bound(t, "choosing_cards.entry.targets[]", f"choosing_cards.entry.targets[{j}]")
        if t not in state.cards:
            raise StateError(f"choosing_cards.entry.targets[{j}]", f"no card with uid {t}")
    _length(e.amounts, "choosing_cards.entry.amounts")
    for j, amount in enumerate(e.amounts):
        _bound(amount, "choosing_cards.entry.amounts[]", f"choosing_cards.entry.amounts[{j}]")
    d = pool[state.cards[e.source].card_id]
    abilities = d.modes[e.mode] if 0 <= e.mode < len(d.modes) else d.abilities
    if e.part == -2:
        abilities = d.fury.abilities if d.fury else ()
    if not e.granter and not (0 <= e.ability < len(abilities) and abilities[e.ability].kind == e.kind):
        raise StateError("choosing_cards.entry.ability", f"card {e.source} has no {e.kind} ability {e.ability}")
    for key in ("drawn", "strike"):
        if getattr(hc, key):
            raise StateError(f"choosing_cards.{key}", "only a wound choice keeps what the run before it read "
                             "(INTERPRETING.md, entry 223)")
    a = ability_of(state, e)
    _ask_pause(state, hc, a)
    _check_resume(state, hc.resume, "choosing_cards")


def _check_wound_choice(state: State, pool: Mapping[str, CardDef]) -> None:
    """Rule 12 at step wound_choice (R15:517.3; INTERPRETING.md, entry 223): ``choosing_cards``
    names a resolving strike attack or an ability of its source (or granter), then what the
    pause checks of its own waiting state (:func:`_ask_pause`: the unit, the answers given so
    far, the offer), then the step it returns to."""
    hc = state.choosing_cards
    assert hc is not None
    e = hc.entry
    for key in ("effect", "player"):
        _bound(getattr(hc, key), f"choosing_cards.{key}", f"choosing_cards.{key}")
    if e.source not in state.cards:
        raise StateError("choosing_cards.entry.source", f"no card with uid {e.source}")
    if e.kind == "strike_attack":
        _check_entry_granter(state, e, "choosing_cards.entry")  # a strike attack is granted by nobody
        a: EffectAbility = _FIGHT
    else:
        _check_choice_entry(state, e, "choosing_cards")
        d = pool[state.cards[e.source].card_id]
        abilities = d.modes[e.mode] if 0 <= e.mode < len(d.modes) else d.abilities
        if not e.granter and not (0 <= e.ability < len(abilities) and abilities[e.ability].kind == e.kind):
            raise StateError("choosing_cards.entry.ability", f"card {e.source} has no {e.kind} ability {e.ability}")
        a = ability_of(state, e)
    _ask_pause(state, hc, a)
    _check_resume(state, hc.resume, "choosing_cards")


#: What a wound choice before a fight hands its pause as the resolving ability: a strike attack
#: is no ability (R15:307), so none with no effects; the pause reads the fight from the entry.
_FIGHT = SpellAbility()


def _ask_pause(state: State, hc: HandChoice, a: EffectAbility) -> None:
    """Rule 12: the resolution pause the state waits at (:data:`~oracle.rules.resolution.pauses.PAUSES`)
    checks its own waiting state, ``a`` the resolving ability
    (:attr:`~oracle.rules.resolution.resume.Pause.inconsistency`)."""
    check = PAUSES[state.step].inconsistency
    wrong = None if check is None else check(state, hc, a)
    if wrong is not None:
        raise StateError(*wrong)


def _is_set(state: State, name: str) -> bool:
    if name == "first_player":
        return state.first_player >= 0
    if name == "roll_winner":
        return state.roll_winner >= 0
    if name == "winner":
        return state.winner >= 0
    if name == "attack":
        return state.attack is not None
    if name == "queue":
        return bool(state.queue)
    if name == "pending":
        return bool(state.pending)
    if name == "mulligan_declared":
        return any(p.mulligan is not None for p in state.players)
    if name == "choosing":
        return state.choosing is not None
    if name == "choosing_cards":
        return state.choosing_cards is not None
    raise AssertionError(name)  # pragma: no cover


def _check_player_effects(state: State, pool: Mapping[str, CardDef]) -> None:
    """The effects on players that last for a time (R15:521.1; :mod:`oracle.rules.queries.timed_effects`):
    each from a card of the game, its period within the game's turns — begun no later than it
    ends, not ended yet (the end of its last turn removes it, R15:310.2), at most two turns ahead
    (a player's next turn) — and its fields those of its kind."""
    _length(state.player_effects, "player_effects")
    if state.player_effects and state.turn == 0:
        raise StateError("player_effects", "no effect on a player exists before the first turn (R15:521.1)")
    for i, fx in enumerate(state.player_effects):
        where = f"player_effects[{i}]"
        if not player_effect_ok(fx):
            check_player_effect(fx, where)
        if fx.source not in state.cards:
            raise StateError(f"{where}.source", f"no card with uid {fx.source}")
        if not 1 <= fx.begins <= fx.ends:
            raise StateError(f"{where}.begins", f"must be in 1..ends ({fx.ends})")
        if not state.turn <= fx.ends <= state.turn + 2:
            raise StateError(f"{where}.ends", f"must be in {state.turn}..{state.turn + 2}: it ends at the end of "
                             "this turn or of one of the next two (R15:310.2), and an ended one is gone")
        if fx.begins > state.turn and fx.begins != fx.ends:
            raise StateError(f"{where}.begins", "an effect that begins in a later turn lasts that turn only "
                             "(«в свой следующий ход»)")
        if fx.kind == "no_plays":
            extra = [k for k, v in (("modifier", fx.modifier), ("value", fx.value), ("card_type", fx.card_type),
                                    ("name", fx.name), ("first_only", fx.first_only)) if v]
            if extra:
                raise StateError(f"{where}.{extra[0]}", "a no_plays effect has no cost fields")
        elif not fx.modifier:
            raise StateError(f"{where}.modifier", "a cost effect names its modifier kind (R15:523.1)")
        if fx.name and fx.name not in pool:
            raise StateError(f"{where}.name", f"no card id {fx.name!r} in the pool")


def _check_step(state: State, pool: Mapping[str, CardDef]) -> None:
    """Rules 8 and 9: the step agrees with the rest (:data:`STEP_FIELDS`)."""
    step = state.step
    row = STEP_FIELDS[step]
    # the field a refusal names, per requirement (kept as the reference always named them)
    if _is_set(state, "winner") != ("winner" in row.requires):
        raise StateError("step", "step is game_over exactly when winner is set")
    if row.turn == "zero" and state.turn != 0:
        raise StateError("turn", "setup steps happen before turn 1")
    if row.turn == "zero":  # the setup stage is in no turn: nothing is counted (entry 59)
        for seat, p in enumerate(state.players):
            for key in _TURN_COUNTS:
                if getattr(p, key):
                    raise StateError(f"players[{seat}].{key}", "the setup stage is in no turn: nothing is drawn or "
                                     "played this turn before turn 1 (R15:301.1, 302.2)")
    if row.turn == "from_one" and state.turn < 1:
        raise StateError("turn", f"step {step} needs turn >= 1")
    if state.turn >= 1 and state.first_player < 0:
        raise StateError("first_player", "the first player is known once turns have begun")
    for name in ("first_player", "roll_winner"):
        if name in row.requires and not _is_set(state, name):
            raise StateError(name, f"{step} needs {name} (301.4)")
        if name in row.forbids and _is_set(state, name):
            raise StateError(name, f"{name} is not decided yet at {step} (301.4)")
    if state.shuffled not in row.shuffled:
        raise StateError("shuffled", f"at {step} shuffled is {' or '.join(map(str, row.shuffled))} (301.5), got {state.shuffled}")
    if "mulligan_declared" in row.forbids or state.turn >= 1:  # a finished game too, once turns began
        for seat, p in enumerate(state.players):
            if p.mulligan is not None:
                raise StateError(f"players[{seat}].mulligan_declared", f"a mulligan is declared only at setup_mulligan, not at {step} (301.7)")
    if "queue" in row.forbids and state.queue:
        raise StateError("step", f"step {step} cannot hold queue entries")
    if state.turn == 0 and state.delayed:
        raise StateError("delayed", f"no delayed ability exists at {step}: no effect has been carried out yet (R15:521)")
    if "pending" in row.forbids and state.pending:
        raise StateError("step", f"step {step} cannot hold pending triggers")
    if "pending" in row.requires and not state.pending:
        raise StateError("pending", f"at {step} the game waits only for a trigger declaration; none is pending")
    if "attack" in row.requires and state.attack is None:
        raise StateError("attack", f"step {step} needs an attack in progress")
    if "attack" in row.forbids and state.attack is not None:
        raise StateError("attack", f"step {step} cannot have an attack in progress")
    if "choosing" in row.forbids and state.choosing is not None:
        raise StateError("choosing", f"a target is chosen only at step target_choice, not at {step} (R15:118.1)")
    if "choosing" in row.requires and state.choosing is None:
        raise StateError("choosing", f"step {step} needs the ability whose target is chosen (R15:118.1)")
    if (state.attaching is not None) != (step == "module_choice"):
        raise StateError("attaching", "a Модуль creature waits for its player's decision exactly at step "
                         f"module_choice (R15:7.module); step {step}")
    if (state.choosing_cards is not None) != (step in _CHOOSING_CARDS_STEPS):
        raise StateError("choosing_cards", "hand cards are chosen exactly at step hand_choice, a searched deck "
                         "shuffled at step search_shuffle, a payment decided at step pay_choice, cards ordered at "
                         "step deck_order and a replacement of wounds decided at step wound_choice, which need the "
                         "resolving ability (R15:7.discard, R15:7.search, R15:119.7, R15:204.4 and R15:517.3); "
                         f"step {step}")
    players, cards = state.players, state.cards
    if step != "game_over":
        for seat, p in enumerate(players):
            for j, uid in enumerate((p.hero, *p.play)):
                c = cards[uid]
                reduced = any(m.target == uid and m.grants == "reduced_life" for m in state.modifiers)
                if not c.wounds and not reduced:
                    continue  # a creature of base life 0 untouched waits for R15:512.6 (entry 99)
                d = pool[c.card_id]
                # its life: printed plus its additional lives minus its reduced lives (entries 69, 97)
                life = d.life
                if any(o.attached_to == uid for o in cards.values()):  # a combined card's base life is the sum
                    life += sum(pool[o.card_id].life for o in cards.values() if o.attached_to == uid)
                if state.modifiers:
                    life += sum(m.amount if m.grants == "life" else -m.amount for m in state.modifiers
                                if m.target == uid and m.grants in ("life", "reduced_life"))
                    if any(m.target == uid and m.grants == "double_life" for m in state.modifiers):
                        from .rules.queries.board import max_life  # doubled maximum lives (R15:523.1; entry 158)
                        life = max_life(state, uid)
                if d.type in ("hero", "creature") and life - c.wounds <= 0:
                    path = f"players[{seat}].hero" if j == 0 else f"players[{seat}].play[{j - 1}]"
                    raise StateError(path, f"card {uid} has {c.wounds} wounds and life {life}: "
                                     "it would already be destroyed or its player lost (R15:505.1, 604.1)")
    if state.cancelling or step == "cancel_choice":  # rule 13
        _check_cancelling(state, pool)
        if step == "cancel_choice":
            return
    if step == "target_choice":
        _check_choosing(state, pool)
        return
    if step == "wound_choice":
        _check_wound_choice(state, pool)
        return
    if step in _CHOOSING_CARDS_STEPS:
        _check_choosing_cards(state, pool)
        return
    if step == "module_choice":
        _check_attaching(state, pool)
        return

    # the game waits at a Queue step only for a possible declaration
    if step in QUEUE_STEPS and not can_declare_or_pass(state):
        raise StateError(
            "pending", f"at {step} player {decider(state) + 1} can neither declare nor pass a pending trigger "
            "(usage limit used up or no legal target): such a trigger is dropped before the game waits (401.7, 501.2)"
        )
    if step == "setup_mulligan":  # rule 9: someone can still declare
        if any(len(p.deck) + len(p.hand) == 0 for p in players):
            raise StateError("players", "a player without cards cannot take a mulligan")
        if all(p.mulligan is not None for p in players):
            raise StateError("players", "at setup_mulligan at least one player has not declared his mulligan")
        for seat, p in enumerate(players):
            if len(p.hand) > DEAL:
                raise StateError(
                    f"players[{seat}].hand", f"{len(p.hand)} cards: at setup_mulligan the hand is the deal of at most {DEAL} (301.6)"
                )
