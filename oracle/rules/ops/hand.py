"""Effects on cards a player chooses from his own hand while an ability resolves: «Сбросьте
карту» (R15 glossary «Сбросить»: «Игрок на свой выбор переносит выбранную карту из своей руки
на своё кладбище») and «Положите карту из руки на верх колоды» (the effect ops
:data:`oracle.cards.HAND_OPS`; INTERPRETING.md, entries 63-66); and «Поиск» (R15:7.search),
where he chooses cards of his own deck that go to his hand, after which chance shuffles
his deck at step ``search_shuffle`` (INTERPRETING.md, entry 84); «Вызовите» (R15:519.3), the
same choice from his deck whose cards go into play under his control, the deck shuffled when he
summoned any (R15:519.3.1; entries 111, 112); and «Возродите» (R15:519.4), a choice from his
graveyard whose cards go into play (entry 113).

When the player has a real choice the resolution stops at step ``hand_choice`` with the
ability in ``state.choosing_cards`` (:class:`~oracle.model.HandChoice`); his ``choose_cards``
carries the effect out and the ability's remaining effects follow (R15:119.2).  A forced
choice — exactly as many cards as he must choose and nothing else allowed, or nothing to
choose — is made without a decision point, as a lone target choice is (entries 5, 48, 63).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, islice

from ...cards import Effect, EffectAbility, SearchParams
from ...model import Event, HandChoice, QueueEntry, State
from ..mechanisms.capture import capture_from_hand
from ..mechanisms.modules import ENTERING, ask_module, attach_in_play, mechanisms_of, needs_module_choice
from ..mechanisms.triggers import fire
from ..mechanisms.zones import enter_play
from ..queries.board import card_def

__all__ = [
    "carry_out",
    "choice_counts",
    "choosers",
    "discard_cards",
    "forced_choice",
    "found",
    "hand_choices",
    "has_real_choice",
    "iter_hand_choices",
    "options",
    "pause_for",
    "pause_for_shuffle",
    "put_on_deck",
    "required",
    "searchable",
    "shuffles_after",
    "take_into_play",
    "zone_chosen_from",
]

#: The hand ops whose cards are chosen from another zone of the player (R15:7.search,
#: R15:519.3: the deck; R15:519.4: the graveyard) and must match the effect's ``find``; and
#: «Прикрепите к Паролету любое число ваших механизмов», his mechanisms in play (entry 202).
_FINDING = {"search": "deck", "summon": "deck", "resurrect": "graveyard", "graveyard_to_hand": "graveyard",
            "attach_own_mechanisms": "play"}
#: The zone of the other hand ops whose card is not in the hand (the shown top card, entry 163).
_ZONES = {**_FINDING, "shown_to_deck_bottom": "deck"}


def choosers(state: State, entry: QueueEntry, effect: Effect) -> tuple[int, ...]:
    """The players who choose, in order: the controller, his opponent, or each player
    starting with the controller («Каждый игрок, начиная с вас»; the mutant
    ``each_player_from_the_opponent`` starts with the opponent; entry 66)."""
    me = entry.controller
    if effect.to == "self":  # the ability's own card shuffled into its owner's deck (entry 222)
        return (state.cards[entry.source].owner,)
    if effect.to == "controller":
        return (me,)
    if effect.to == "opponent":
        return (1 - me,)
    return (me, 1 - me) if state.rules.each_player_from_controller else (1 - me, me)


def required(effect: Effect, x: int = 0, hand: int = 0) -> int:
    """How many cards the effect asks for (-1: «любое количество»; "X": the ``x`` of its
    ability's cost, «Возродите Х …», R15:512.4; «Сбросьте все карты» (amount "all"): the whole
    hand, ``hand`` cards, R15:7.discard)."""
    if effect.amount == "X":
        return x
    if effect.amount == "all":
        return hand
    return -1 if effect.amount == "any" else int(effect.amount)


def zone_chosen_from(effect: Effect) -> str:
    """The zone of his own the player chooses the effect's cards from: "deck" for a search or
    a summon (R15:7.search, R15:519.3 «из своей колоды»), "graveyard" for a resurrection
    (R15:519.4 «со своего кладбища»), else "hand"."""
    return _ZONES.get(effect.op, "hand")


def shuffles_after(state: State, effect: Effect, cards: tuple[int, ...]) -> bool:
    """Whether chance shuffles the chooser's deck once the effect's cards are taken: after a
    search always (the deck was looked through, R15:7.search, 204.2; the mutant
    ``search_shuffles_only_what_it_took_from`` only when he took some); after a summon only when he
    summoned some — choosing none is refusing to look (R15:519.3.1; INTERPRETING.md, entry 112;
    the mutant ``summon_refusal_shuffles`` shuffles anyway)."""
    if effect.op == "search":
        return bool(cards) or state.rules.search_always_shuffles
    if effect.op == "summon":
        return bool(cards) or not state.rules.summon_refusal_keeps_the_deck
    return False


def searchable(state: State, effect: Effect, seat: int) -> list[int]:
    """The cards of ``seat``'s deck a «search» (a «summon»; for a «resurrect» or a
    «graveyard_to_hand» his graveyard)
    may take, ascending uids: those matching its ``find`` (the printed name; the type and
    printed cost, X as 0, exact or at most; R15:7.search, R15:519.3, 519.4; the mutant
    ``find_cost_read_as_at_most`` reads an exact cost as at most, entry 156)."""
    find = effect.params
    assert isinstance(find, SearchParams)
    out = []
    zone = state.players[seat].graveyard if _FINDING[effect.op] == "graveyard" else state.players[seat].deck
    for uid in sorted(zone):
        d = card_def(state, uid)
        if find.name and d.name != find.name:
            continue
        if find.card_type and d.type != find.card_type:
            continue
        if find.cost >= 0 and (max(d.cost, 0) != find.cost if state.rules.find_cost_exact else max(d.cost, 0) > find.cost):
            continue
        if find.max_cost >= 0 and max(d.cost, 0) > find.max_cost:
            continue
        out.append(uid)
    return out


def options(state: State, effect: Effect, seat: int, source: int) -> list[int]:
    """The cards the choice is made from: the hand, or for a search (a summon, a resurrection)
    the matching cards of the deck (the graveyard); for «Прикрепите к Паролету любое число
    ваших механизмов» his mechanisms in play other than the ability's card ``source`` (its
    combined card), none when it is out of play (INTERPRETING.md, entry 202); or the shown top card of the deck
    (entry 163)."""
    if effect.op == "attach_own_mechanisms":
        host = state.cards[source].attached_to or source
        return sorted(mechanisms_of(state, seat, host)) if state.zone_of(host) == "play" else []
    if effect.op == "shown_to_deck_bottom":
        return state.players[seat].deck[:1]  # the card the ability showed (entry 163)
    return searchable(state, effect, seat) if effect.op in _FINDING else sorted(state.players[seat].hand)


def choice_counts(
    state: State, ability: EffectAbility, index: int, seat: int, source: int, x: int
) -> tuple[int, ...]:
    """How many cards ``seat`` may choose for effect ``index`` of ``ability``: «любое
    количество» is 0 up to his whole hand; N cards are N, or all he has if fewer (R15:520.4);
    when the next effect is its «иначе» he may also refuse, choosing none (R15:119.7; entry
    64; the mutant ``otherwise_without_refusal`` does not let him).  A search («Поиск до N»)
    finds 0 up to N of the matching deck cards: «можно положить те, что есть», «можно их не
    искать» (R15:7.search; entry 84; the mutant ``search_takes_all_it_can`` makes him take
    as many as he can)."""
    effect = ability.effects[index]
    if effect.op == "attach_own_mechanisms":  # «любое число»: none up to all of them (entry 202)
        return tuple(range(len(options(state, effect, seat, source)) + 1))
    if effect.op == "shown_to_deck_bottom":
        # «вы можете положить эту карту под низ колоды»: that card or none (entry 163; the
        # ``shown_card_always_goes_under`` mutant leaves him no choice)
        if not state.players[seat].deck:
            return (0,)
        return (0, 1) if state.rules.shown_to_bottom_is_optional else (1,)
    if effect.op == "search":
        hi = min(int(effect.amount), len(searchable(state, effect, seat)))
        return tuple(range(hi + 1)) if state.rules.search_may_find_fewer else (hi,)
    if effect.op == "summon":
        # «вызовите N существ»: he may summon fewer (R15:519.3.3), none being the refusal to
        # look (R15:519.3.1; entry 112; the mutant ``summon_takes_all_it_can`` does not let him)
        hi = min(int(effect.amount), len(searchable(state, effect, seat)))
        return tuple(range(hi + 1)) if state.rules.summon_may_take_fewer else (hi,)
    if effect.op in ("resurrect", "graveyard_to_hand"):
        # «возродите существо», «положите с кладбища в руку»: as many as asked, all there are if
        # fewer (R15:520.1; entries 113, 156)
        return (min(required(effect, x), len(searchable(state, effect, seat))),)
    hand = len(state.players[seat].hand)
    n = required(effect, x, hand)
    if n < 0:
        return tuple(range(hand + 1))
    hi = min(n, hand)
    follows = ability.effects[index + 1] if index + 1 < len(ability.effects) else None
    may_refuse = follows is not None and follows.if_previous == "not_done" and state.rules.otherwise_may_refuse
    return (0, hi) if may_refuse and hi > 0 else (hi,)


def iter_hand_choices(
    state: State, ability: EffectAbility, index: int, seat: int, source: int, x: int
) -> Iterator[tuple[int, ...]]:
    """Every legal choice of ``seat``: the cards of his hand (a search: the matching cards of
    his deck), ascending uids, each count in :func:`choice_counts`; ``source`` is the
    resolving ability's card, ``x`` the X of the resolving entry.  Made one at a time, each
    count's in lexicographic order."""
    cards = options(state, ability.effects[index], seat, source)
    for k in choice_counts(state, ability, index, seat, source, x):
        yield from combinations(cards, k)


def hand_choices(
    state: State, ability: EffectAbility, index: int, seat: int, source: int, x: int
) -> list[tuple[int, ...]]:
    """Every choice of :func:`iter_hand_choices`, for the lists of legal actions."""
    return list(iter_hand_choices(state, ability, index, seat, source, x))


def has_real_choice(state: State, ability: EffectAbility, index: int, seat: int, source: int, x: int) -> bool:
    """Whether ``seat`` has two or more legal choices (otherwise the choice is made for him)."""
    counts = choice_counts(state, ability, index, seat, source, x)
    n = len(options(state, ability.effects[index], seat, source))
    return len(counts) > 1 or 0 < counts[0] < n


def forced_choice(
    state: State, ability: EffectAbility, index: int, seat: int, source: int, x: int
) -> tuple[int, ...]:
    """The only legal choice of a player without a real one: all his hand or nothing (the
    first two choices only are made, to find that there is exactly one; R15 glossary
    «Сбросить»; INTERPRETING.md, entry 63)."""
    (choice,) = islice(iter_hand_choices(state, ability, index, seat, source, x), 2)
    return choice


def pause_for(state: State, entry: QueueEntry, index: int, seat: int) -> None:
    """The resolution waits for ``seat``'s choice at step ``hand_choice``; the game returns to
    the current (Queue) step once the ability's remaining effects are carried out."""
    state.choosing_cards = HandChoice(entry, index, seat, state.step)
    state.step = "hand_choice"


def pause_for_shuffle(state: State, choice: HandChoice) -> None:
    """After a search the resolution waits for chance to shuffle the searcher's deck at step
    ``search_shuffle`` (R15:7.search «После просмотра основной колоды перемешайте её»,
    R15:204.2); ``choice`` says whose deck and which effect resumes after it."""
    state.choosing_cards = choice
    state.step = "search_shuffle"


def _move(seat: int, cards: tuple[int, ...], source: list[int], to: list[int]) -> tuple[tuple[str, int | str], ...]:
    """Move ``cards`` of ``seat`` from the zone list ``source`` to the end of ``to``; the data of
    the event that reports it (player, the cards comma-separated, their count)."""
    for uid in cards:
        source.remove(uid)
        to.append(uid)
    return (("player", seat), ("cards", ",".join(map(str, cards))), ("count", len(cards)))


def found(state: State, seat: int, cards: tuple[int, ...], ev: list[Event], rules: tuple[str, ...]) -> None:
    """The found cards go from ``seat``'s deck to his hand, shown to his opponent (event
    ``cards_found``, R15:7.search); none found: no event."""
    if not cards:
        return
    p = state.players[seat]
    ev.append(Event("cards_found", (*rules, "R15:7.search"), _move(seat, cards, p.deck, p.hand)))


#: The event of a card taken into play by «Вызовите» / «Возродите».
_TAKEN = {"summon": "summoned", "resurrect": "resurrected"}


def take_into_play(
    state: State, seat: int, op: str, cards: tuple[int, ...], ev: list[Event], rules: tuple[str, ...],
    entry: QueueEntry, index: int, fewer: bool,
) -> bool:
    """«Вызовите» / «Возродите»: the chosen cards go from ``seat``'s deck (graveyard) into the
    play zone one at a time (R15:527.2), in the order given, open and under his control
    (R15:519.1, 519.3, 519.4): event ``summoned`` / ``resurrected``, then the card enters play as
    a played one does — «Найм» fires (R15:7.hire «когда эта карта входит в игру»), it has
    first-turn weakness (R15:108.5) — but it was not played (no «разыгрываете» trigger; entry
    111).  A creature with «Модуль» that would enter while he has a mechanism waits for his
    decision at step ``module_choice`` (R15 glossary «Модуль», «Входит в игру»; entry 104; the
    ``module_only_when_played_or_created`` mutant lets it enter): the other cards wait with it
    (``attaching.waiting``, and ``fewer``: effect ``index`` of ``entry`` took fewer than it asks
    for), and True is returned."""
    zone, rule = ENTERING[op]
    kind, cite, source = _TAKEN[op], (*rules, "R15:519.1", rule), getattr(state.players[seat], zone)
    for i, uid in enumerate(cards):
        ev.append(Event(kind, cite, (("player", seat), ("card", uid))))
        if state.rules.module_on_every_entry and needs_module_choice(state, uid, seat):
            ask_module(state, uid, seat, entry, effect=index, waiting=cards[i + 1:], fewer=fewer)
            return True
        enter_play(state, uid, seat, ev, cite, source)
    return False


def carry_out(
    state: State, entry: QueueEntry, effect: Effect, seat: int, cards: tuple[int, ...], ev: list[Event],
    rules: tuple[str, ...], index: int,
) -> bool:
    """Move the chosen cards of ``seat``'s hand; returns whether the effect was carried out
    in full (for a following «иначе», R15:119.7): as many cards as it asks for (any number:
    at least one)."""
    p = state.players[seat]
    if effect.op == "attach_own_mechanisms":
        # each as if it had «Модуль» and had just entered play: its «Найм» fires (entry 202)
        host = state.cards[entry.source].attached_to or entry.source
        for uid in cards:
            attach_in_play(state, uid, host, ev, rules, as_module=True)
        return bool(cards)
    if effect.op == "shown_to_deck_bottom":
        if cards:
            p.deck.remove(cards[0])
            p.deck.append(cards[0])
            ev.append(Event("put_on_deck", (*rules, "R15:204.3"),
                            (("player", seat), ("card", cards[0]), ("position", "bottom"), ("from", "deck"))))
        return bool(cards)
    if effect.op == "search":
        found(state, seat, cards, ev, rules)
        return bool(cards)
    if effect.op in ("summon", "resurrect"):
        fewer = len(cards) < required(effect, entry.x)
        take_into_play(state, seat, effect.op, cards, ev, rules, entry, index, fewer)
        return not fewer
    if effect.op == "graveyard_to_hand":
        if cards:
            ev.append(Event("taken_from_graveyard", (*rules, "R15:118.5", "R15:203.4"),
                            _move(seat, cards, p.graveyard, p.hand)))
        return len(cards) >= required(effect)
    if effect.op == "capture_from_hand":
        if len(cards) < required(effect) and not state.rules.capture_takes_what_there_is:
            return False  # the ``capture_needs_enough_cards`` mutant: too few cards, nothing captured
        fewer = len(cards) < required(effect)
        return capture_from_hand(state, entry.source, seat, cards, ev, rules, fewer) and not fewer
    n = len(cards) if effect.amount == "all" else required(effect)  # «все карты»: all he had
    if effect.op == "discard":
        _discard(state, seat, cards, ev, rules, len(cards) < n)
    elif cards:
        p.hand.remove(cards[0])
        put_on_deck(state, seat, cards[0], ev, rules)
    return len(cards) >= n if n > 0 else bool(cards)


def put_on_deck(
    state: State, seat: int, uid: int, ev: list[Event], rules: tuple[str, ...], came_from: str = ""
) -> None:
    """Put card ``uid``, just taken from its zone, on top of ``seat``'s deck (the
    ``deck_put_goes_under`` mutant: under it), event ``put_on_deck`` (R15:119.2); ``came_from``
    "graveyard" adds the key ``from`` (INTERPRETING.md, entries 64 and 78)."""
    deck = state.players[seat].deck
    if state.rules.deck_put_on_top:
        deck.insert(0, uid)
    else:
        deck.append(uid)
    position = "top" if state.rules.deck_put_on_top else "bottom"
    data: tuple[tuple[str, int | str], ...] = (("player", seat), ("card", uid), ("position", position))
    ev.append(Event("put_on_deck", (*rules, "R15:119.2"), (*data, ("from", came_from)) if came_from else data))


def discard_cards(state: State, seat: int, cards: tuple[int, ...], ev: list[Event], rules: tuple[str, ...]) -> None:
    """Discard ``cards`` of ``seat``'s hand as an activated ability's cost («Сбросьте карту:»,
    R15:7.discard, 114.1): the same discard as an effect's, «Каждый раз, когда вы сбрасываете
    карты» included (INTERPRETING.md, entry 75)."""
    _discard(state, seat, cards, ev, rules, False)


def _discard(
    state: State, seat: int, cards: tuple[int, ...], ev: list[Event], rules: tuple[str, ...], fewer: bool
) -> None:
    """«Сбросить»: the cards go from the hand to their owner's graveyard (R15 glossary; fewer
    than asked: all he has, R15:520.4), one event, and «Каждый раз, когда вы сбрасываете
    карты» fires once for the discard, with how many cards it moved (entry 65)."""
    if not cards:
        return
    p = state.players[seat]
    cite = (*rules, "R15:7.discard", *(("R15:520.4",) if fewer else ()))
    ev.append(Event("discarded", cite, _move(seat, cards, p.hand, p.graveyard)))
    fire(state, "discards", cards[0], ev, cite, count=len(cards))
