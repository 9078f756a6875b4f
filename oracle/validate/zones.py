"""The cards and the zones that hold them (PROTOCOL.md 5.4, rules 2 to 4 and 14): each uid in
one place — a zone of a player (R15:519.5: a card in play in its controller's), under the card
in play that captured it (R15 glossary «Добывает»), or attached as a part of a combined card
(R15:7.attach) — each card's own fields (:func:`check_card_fields`), its owner's zone, its type
(a hero in the hero place, a created card never in a deck or a hand, R15:519.6.1, the supply
holding created cards, R15:206.1) and nothing of play on a card out of play (R15:205.3).
"""

from __future__ import annotations

from collections.abc import Mapping

from .._state_codec import card_ok, cards_ok, check_card
from ..canonical_form import StateError
from ..cards import CardDef, load_pool
from ..model import Card, State
from ..schema import MAX_LIST
from .bounds import _bound, _length
from .players import _check_player

__all__ = ["check_card_fields"]


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


def _check_zones(state: State, pool: Mapping[str, CardDef]) -> dict[int, tuple[int, str, int]]:
    """Rule 3 (and 14 for the parts of combined cards): each uid names a card, in one place;
    the place of each card in a zone, by uid (its seat, its zone and its index there)."""
    players = state.players
    cards = state.cards
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
        _check_player(p, seat)
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
    return seen


def _check_cards(state: State, pool: Mapping[str, CardDef], seen: Mapping[int, tuple[int, str, int]],
                 cards_checked: bool) -> None:
    """Rules 2 to 4 on each card: its fields, its owner's zone, its type, out of play (``seen``:
    the place of each card in a zone, :func:`_check_zones`; ``cards_checked``: as
    :func:`~oracle.validate.validate`'s)."""
    cards = state.cards
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


def check_card_fields(c: Card, i: int) -> CardDef:
    """Rules 2 and 4 on one card alone, whatever the rest of the state (its path ``cards[i]``):
    :func:`_card_values` and :func:`_card_markers`.  Returns the card's definition.
    :func:`~oracle.validate.validate` runs both on each card (the rules relating it to the state between them)."""
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
