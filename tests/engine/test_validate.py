"""The one validator (issue 11, item 1): :func:`oracle.validate.validate`, separate from
reading (:func:`oracle.serialize.parse`).

* every state the engine reaches validates (a Hypothesis property over random games of
  editions A, B and C);
* every consistency rule of ``validate`` (and every shape rule of ``parse``) refuses a real
  state broken in that rule only, naming exactly the expected field; a trace proves that
  the table reaches every ``raise StateError`` of the package ``oracle/validate/``;
* the reproducers of the issue are refused with the named field (and an action where
  nobody decides is refused, not a ``KeyError``);
* the bounds guarantee: from a valid state with its growing counters at their bound, one
  action gives a state whose integers still fit the proto's int32.
"""

from __future__ import annotations

import ast
import copy
import json
import sys
from collections.abc import Callable, Iterator, Mapping
from dataclasses import replace
from functools import cache
from pathlib import Path
from types import FrameType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from oracle import Action, IllegalAction, State, apply, check, decision, legal_actions, new_game
from oracle.cards import load_pool
from oracle.engine import GAME_OVER_RULE, SHUFFLE_STEPS, STEP_TABLE, shuffled_seat
from oracle.model import Actor, Attack, Memory, Modifier, PendingTrigger, PlayerEffect, QueueEntry, TargetChoice
from oracle.rules.mechanisms.triggers import POISON
from oracle.rules.queries.board import current_life, game_has, ids_losing_abilities
from oracle.rules.turn.setup import DEAL
from oracle.sampler import play_random_game
from oracle.serialize import from_dict, parse, to_dict
from oracle.validate import INT32_MAX, MAX_COINS, MAX_LIST, MAX_VALUE, StateError, validate, within_bounds

from .helpers import Board
from .strategies import configs, draw_action

_POOL = load_pool().cards
_ORACLE = Path(__file__).resolve().parents[2] / "oracle"
#: The validator's modules (the package oracle/validate/), which raise its refusals.
_VALIDATE_FILES = tuple(sorted((_ORACLE / "validate").glob("*.py")))
#: The modules whose checks the validator asks and whose refusals it raises: the resolution pauses'
#: checks of their own waiting state (Pause.inconsistency) and the check of the step a choice returns to.
_ASKED_FILES = (*sorted((_ORACLE / "rules" / "resolution" / "pauses").glob("*.py")), _ORACLE / "steps.py")

# --- real states -----------------------------------------------------------------------

#: Seeds of the random games (editions A, B, C in turn) the bases are taken from.
_SEEDS = range(90)


@cache
def _game(seed: int) -> tuple[State, ...]:
    return tuple(play_random_game(seed, edition="ABC"[seed % 3]).states)


def _first(pred: Callable[[State], bool]) -> State:
    """A copy of the first state of the seeded random games that satisfies ``pred``."""
    for seed in _SEEDS:
        for s in _game(seed):
            if pred(s):
                return s.copy()
    raise AssertionError("no random game reaches such a state")  # pragma: no cover


def _in_play(s: State, seat: int) -> list[int]:
    return [u for u in s.players[seat].play if _POOL[s.cards[u].card_id].type == "creature"]


def _limited_trigger() -> State:
    """A hand-made valid state (no random game is sure to reach it): player 1's Yrkh has a
    pending trigger at end_queue, its once-a-turn limit not used yet."""
    b = Board(step="end_queue", play=(["yrkh"], ["ork"]))
    b.pending("yrkh", 0)
    return b.state()


def _granted() -> State:
    """A hand-made valid state (INTERPRETING.md entry 180): player 1's Орк has Застать врасплох's
    granted «при атаке» ability (a modifier, the spell in his graveyard) and its trigger waits."""
    b = Board(edition="R15", step="fight_queue", play=(["ork"], []), graveyards=(["zastat_vrasplokh"], []))
    b.attack("ork", "hero1")
    b.data["modifiers"].append({"target": b["ork"], "amount": 1, "until": "end_of_turn", "grants": "ability",
                                "granter": b["zastat_vrasplokh"]})
    b.data["pending"].append({"id": 1, "controller": 0, "source": b["ork"], "ability": 1, "subject": b["ork"],
                              "granter": b["zastat_vrasplokh"]})
    b.data["next_trigger_id"] = 3
    return b.state()


def _wave() -> State:
    """A hand-made valid state (INTERPRETING.md entry 213): Волна исцеления healed two characters
    and its constructor «за каждого излеченного персонажа» waits to be declared with a chain of 2."""
    b = Board(edition="R15", step="play_queue", graveyards=(["volna_istseleniya"], []))
    b.data["pending"].append({"id": 1, "controller": 0, "source": b["volna_istseleniya"], "ability": 1, "subject": 0, "count": 2})
    b.data["next_trigger_id"] = 2
    return b.state()


def _granted_entry(kind: str) -> Mutate:
    """A Queue entry (or with ``kind`` "delayed" a delayed ability) that names a granter."""
    def mutate(s: State) -> Mapping[str, int]:
        t = s.pending[0]
        if kind == "delayed":
            s.delayed.append(replace(t, id=2))
        else:
            s.queue.append(QueueEntry(kind, 0, t.source, t.ability, granter=t.granter))
        return {}

    return mutate


def _target_choice() -> State:
    """A state the engine reaches (INTERPRETING.md entry 48): player 1 played Махокрыл with
    Кулеврина орков in play; player 2 chooses which of his two orks its Найм shoots."""
    b = Board(play=(["kulevrina_orkov"], ["ork", "ork"]), hands=(["makhokryl"], []), coins=((1, 0), (0, 0)))
    return apply(b.state(), Action("play", card=b["makhokryl"])).state


def _hand_choice() -> State:
    """A state the engine reaches (INTERPRETING.md entry 63): player 1 played Вождь варваров
    with two orks in hand; its Найм waits for his choice of a card to discard (or none)."""
    b = Board(hands=(["vozhd_varvarov", "ork", "ork"], []), coins=((2, 0), (0, 0)))
    return apply(b.state(), Action("play", card=b["vozhd_varvarov"])).state


def _look_choice() -> State:
    """A state the engine reaches (INTERPRETING.md entry 161): player 1 played Прорицание воргов
    with X = 2; he puts the two cards he looked at back in his order (``choosing_cards.count``)."""
    b = Board(edition="R15", hands=(["proritsanie_vorgov"], []), decks=(["ork", "oboroten", "ork"], ["ork"]),
              coins=((2, 0), (0, 0)))
    return apply(b.state(), Action("play", card=b["proritsanie_vorgov"], x=2)).state


def _cancel_choice() -> State:
    """A state the engine reaches (INTERPRETING.md entry 122): player 1 played Поток энергии on
    player 2's hero, whose Акванит-страж may cancel it (step cancel_choice, ``cancelling``)."""
    b = Board(play=([], ["akvanit_strazh"]), hands=(["potok_energii"], []), coins=((1, 0), (0, 0)))
    s = b.state()
    return apply(s, Action("play", card=b["potok_energii"], targets=(s.players[1].hero,))).state


def _cancelling_at_choice(s: State) -> Mapping[str, int]:
    s.step = "choice"
    s.queue = []
    return {}


def _cancelling(who: str) -> Mutate:
    """``cancelling`` naming the guard (in play, but its play is nobody's to cancel), or the
    played card made a creature (a creature in the graveyard is not a card just played)."""
    def mutate(s: State) -> Mapping[str, int]:
        if who == "creature":
            s.card_mut(s.cancelling).card_id = "ork"
            s.queue = []
        else:
            s.cancelling = s.players[1].play[0]
        return {}

    return mutate


def _module_choice() -> State:
    """A state the engine reaches (INTERPRETING.md entry 104): player 1 played Дирр-прыгун
    («Модуль») with Мехокраб in play; he decides whether to attach it."""
    b = Board(play=(["mekhokrab"], []), hands=(["dirr_prygun"], []), coins=((1, 0), (0, 0)))
    return apply(b.state(), Action("play", card=b["dirr_prygun"])).state


def _pay_choice() -> State:
    """A state the engine reaches (INTERPRETING.md entry 190): player 1 played У всего есть цена
    on player 2's Орк (cost 4); player 2, with five open coins, decides whether he pays."""
    b = Board(play=([], ["ork"]), hands=(["u_vsego_est_tsena"], []), coins=((4, 0), (5, 0)))
    s = apply(b.state(), Action("play", card=b["u_vsego_est_tsena"], targets=(b["ork"],))).state
    assert s.step == "pay_choice", s.step
    return s


def _deck_order() -> State:
    """A state the engine reaches (INTERPRETING.md entry 193): player 1 played Эфирный шторм with two
    Орки of his own and two of player 2's in play; he orders his first."""
    b = Board(play=(["ork", "ork"], ["ork", "ork"]), hands=(["efirnyy_shtorm"], []), coins=((7, 0), (0, 0)))
    s = apply(b.state(), Action("play", card=b["efirnyy_shtorm"])).state
    assert s.step == "deck_order", s.step
    return s


def _deck_order_one_left(s: State) -> Mapping[str, int]:
    """Player 1 has a single creature left to order: it would go without a decision."""
    uid = s.players[0].play.pop()
    s.players[0].deck.insert(0, uid)
    return {}


def _pay_target_gone(s: State) -> Mapping[str, int]:
    """The chosen creature is in its owner's graveyard: there is no cost to ask for."""
    uid = s.players[1].play.pop()
    s.players[1].graveyard.append(uid)
    return {}


def _combined() -> State:
    """A state the engine reaches (INTERPRETING.md entry 103): Дирр-прыгун attached to Мехокраб."""
    s = _module_choice()
    assert s.attaching is not None
    host = s.players[0].play[0]
    return apply(s, Action("attach_module", card=s.attaching.card, targets=(host,))).state


def _creation_choice() -> State:
    """A state the engine reaches (INTERPRETING.md entry 104): Огнемётчик's Найм destroyed
    Тест-сборщик, whose «Гибель: Создайте Модуль атаки» waits for its player's decision."""
    b = Board(play=(["test_sborshchik", "samokhod"], []), hands=(["ognemetchik"], []), coins=((5, 0), (0, 0)))
    b.data["cards"][b["test_sborshchik"] - 1]["wounds"] = 1
    s = apply(b.state(), Action("play", card=b["ognemetchik"])).state
    assert s.step == "module_choice", s.step
    return s


def _summon_choice() -> State:
    """A state the engine reaches (INTERPRETING.md entry 104): Вызываем подкрепления! summoned
    Дирр-прыгун (Модуль) and Легат Аккении while its player has Самоход; Дирр-прыгун waits in
    the deck for the decision, Легат Аккении with it (``attaching.waiting``)."""
    b = Board(play=(["samokhod"], []), hands=(["vyzyvaem_podkrepleniya"], []),
              decks=(["dirr_prygun", "legat_akkenii", "ork"], []), coins=((8, 0), (0, 0)))
    s = apply(b.state(), Action("play", card=b["vyzyvaem_podkrepleniya"])).state
    s = apply(s, Action("choose_cards", targets=(b["dirr_prygun"], b["legat_akkenii"]))).state
    assert s.step == "module_choice" and s.attaching is not None and s.attaching.waiting == (b["legat_akkenii"],)
    return s


def _summon_waits_for_itself(s: State) -> Mapping[str, int]:
    """The entering card listed among the cards waiting after it."""
    mc = s.attaching
    assert mc is not None
    s.attaching = replace(mc, waiting=(mc.card,))
    return {}


def _coin_choice() -> State:
    """A state the engine reaches (INTERPRETING.md entry 47): Подавление makes player 2, with
    2 open and 2 closed coins, lose 3; he chooses which at step coin_choice."""
    b = Board(edition="R15", hands=(["podavlenie"], []), coins=((9, 0), (2, 2)))
    s = apply(b.state(), Action("play", card=b["podavlenie"])).state
    assert s.step == "coin_choice", s.step
    return s


def _target_naming() -> State:
    """A state the engine reaches (INTERPRETING.md entry 250): Гару showed a spell, so «иначе
    можете ранить существо на 2» names its creature now, at step target_naming (R15:116.1)."""
    b = Board(edition="R15", play=(["garu"], ["ork"]), decks=(["potok_energii"], ["ork"]), coins=((1, 0), (0, 0)))
    s = apply(b.state(), Action("activate", card=b["garu"], ability=0)).state
    assert s.step == "target_naming", s.step
    return s


def _shuffled_in() -> State:
    """A state the engine reaches (INTERPRETING.md entry 222): player 2's Подгорный крот died and
    its «Гибель» put it into his deck, which chance shuffles now."""
    b = Board(play=([], ["podgornyy_krot"]), hands=(["potok_energii"], []), decks=(["ork"], ["ork"]),
              coins=((1, 0), (0, 0)))
    s = apply(b.state(), Action("play", card=b["potok_energii"], targets=(b["podgornyy_krot"],))).state
    s = apply(s, Action("declare", trigger=s.pending[0].id, actor=1)).state
    assert s.step == "search_shuffle", s.step
    return s


def _wound_choice_fight() -> State:
    """A state the engine reaches (INTERPRETING.md entry 223): player 1's Орк attacks player 2's
    hero, who has Курдаш in play; before the fight player 2 decides on Курдаш's replacement."""
    b = Board(play=(["ork"], ["kurdash"]), turn=3)
    s = apply(b.state(), Action("attack", card=b["ork"], targets=(b["hero1"],))).state
    s = apply(s, Action("defend", card=0, actor=1)).state
    assert s.step == "wound_choice", s.step
    return s


def _wound_choice_effect() -> State:
    """A state the engine reaches (entry 223): Поток энергии at player 2's hero, who has Курдаш."""
    b = Board(play=([], ["kurdash"]), hands=(["potok_energii"], []), coins=((1, 0), (0, 0)))
    s = apply(b.state(), Action("play", card=b["potok_energii"], targets=(b["hero1"],))).state
    assert s.step == "wound_choice", s.step
    return s


#: The real states each case starts from, by name: the first state of the seeded random
#: games with the structure the broken rule needs.
_BASES: dict[str, Callable[[], State]] = {
    "setup_roll": lambda: _first(lambda s: s.step == "setup_roll"),
    "setup_order": lambda: _first(lambda s: s.step == "setup_order"),
    "setup_shuffle": lambda: _first(lambda s: s.step == "setup_shuffle"),
    "setup_mulligan": lambda: _first(
        lambda s: s.step == "setup_mulligan" and all(p.mulligan is None and p.hand for p in s.players)
    ),
    "choice": lambda: _first(
        lambda s: s.step == "choice" and all(p.hand and p.deck for p in s.players) and bool(_in_play(s, 0))
        and not s.modifiers
    ),
    # (player 1 has a deck: the delayed cases make his top deck card a Тест-наследник)
    "wave": _wave,
    "queue": lambda: _first(lambda s: bool(s.queue) and bool(s.pending) and s.queue[0].kind == "triggered"
                            and bool(s.players[0].deck)),
    # a plain strike modifier (no coins, grant, shots or «становится равен»): which modifier the
    # seeded games reach first depends on the pool
    # (a game without a card that takes abilities away: one case breaks a modifier into «теряет
    # особенности», which only such a game may hold)
    "modifier": lambda: _first(lambda s: bool(s.modifiers) and s.modifiers[0].until != "start_of_owner_turn"
                               and not (s.modifiers[0].coins or s.modifiers[0].grants or s.modifiers[0].shots
                                        or s.modifiers[0].sets)
                               and not game_has(s, ids_losing_abilities())),
    "attack": lambda: _first(lambda s: s.step == "defender" and s.attack is not None and not s.queue),
    "game_over": lambda: _first(lambda s: s.step == "game_over" and s.turn >= 1),
    "limited_trigger": _limited_trigger,
    "granted": _granted,
    "target_choice": _target_choice,
    "hand_choice": _hand_choice,
    "look_choice": _look_choice,
    "cancel_choice": _cancel_choice,
    "module_choice": _module_choice,
    "pay_choice": _pay_choice,
    "deck_order": _deck_order,
    "combined": _combined,
    "creation_choice": _creation_choice,
    "summon_choice": _summon_choice,
    "coin_choice": _coin_choice,
    "target_naming": _target_naming,
    "shuffled_in": _shuffled_in,
    "wound_choice_fight": _wound_choice_fight,
    "wound_choice_effect": _wound_choice_effect,
}


@cache
def _base(name: str) -> State:
    s = _BASES[name]()
    validate(s)
    return s


def _i(s: State, uid: int) -> int:
    """The index of card ``uid`` in ``cards`` (the path ``cards[i]``)."""
    return list(s.cards).index(uid)


def _with_ability(s: State) -> int:
    """A card of ``s`` with at least one ability."""
    return next(u for u, c in s.cards.items() if _POOL[c.card_id].abilities)


# --- one case per rule ---------------------------------------------------------------------

Mutate = Callable[[State], Mapping[str, int]]


def _set(attr: str, value: object) -> Mutate:
    def mutate(s: State) -> Mapping[str, int]:
        setattr(s, attr, value)
        return {}

    return mutate


def _player(seat: int, attr: str, value: object) -> Mutate:
    def mutate(s: State) -> Mapping[str, int]:
        setattr(s.players[seat], attr, value)
        return {}

    return mutate


def _hand_card(seat: int, attr: str, value: object) -> Mutate:
    """Set ``attr`` of the first card of ``seat``'s hand; the path index is ``i``."""

    def mutate(s: State) -> Mapping[str, int]:
        uid = s.players[seat].hand[0]
        setattr(s.cards[uid], attr, value)
        return {"i": _i(s, uid)}

    return mutate


def _queue0(**changes: Any) -> Mutate:
    def mutate(s: State) -> Mapping[str, int]:
        s.queue[0] = replace(s.queue[0], **changes)
        return {}

    return mutate


def _pending0(**changes: Any) -> Mutate:
    def mutate(s: State) -> Mapping[str, int]:
        s.pending[0] = replace(s.pending[0], **changes)
        return {}

    return mutate


def _modifier0(**changes: Any) -> Mutate:
    def mutate(s: State) -> Mapping[str, int]:
        s.modifiers[0] = replace(s.modifiers[0], **changes)
        return {}

    return mutate


def _captured(in_hand: bool = False, under_deck_card: bool = False, closed: bool = False) -> Mutate:
    """The first card of player 1's hand lies under his first card in play («Добывает», R15 glossary;
    INTERPRETING.md, entry 115), broken one way: still in his hand, under a card of his deck
    (not in play), or closed (a captured card has lost every marker)."""

    def mutate(s: State) -> Mapping[str, int]:
        uid = s.players[0].hand[0]
        if not in_hand:
            s.players[0].hand.remove(uid)
        under = s.players[0].deck[0] if under_deck_card else _in_play(s, 0)[0]
        s.cards[uid] = replace(s.cards[uid], captured_by=under, closed=closed)
        return {"i": _i(s, uid)}

    return mutate


def _control_of_a_hero(s: State) -> Mapping[str, int]:
    """A control modifier («Возьмите под контроль … до конца хода», R15:519.5; INTERPRETING.md,
    entry 114) on a hero: a hero's control is never taken."""
    s.modifiers[0] = replace(s.modifiers[0], target=s.players[0].hero, until="end_of_turn", owner=-1, amount=0,
                             grants="control")
    return {}


def _life_on_a_hero(s: State) -> Mapping[str, int]:
    """A life modifier (INTERPRETING.md, entries 69 and 79) whose target is a hero, not a creature."""
    s.modifiers[0] = replace(s.modifiers[0], target=s.players[0].hero, until="while_in_play", owner=-1, amount=1,
                             grants="life")
    return {}


def _attack(**changes: Any) -> Mutate:
    def mutate(s: State) -> Mapping[str, int]:
        assert s.attack is not None
        s.attack = replace(s.attack, **changes)
        return {}

    return mutate


def _three_players(s: State) -> Mapping[str, int]:
    s.players.append(s.players[0].copy())
    return {}


def _too_long(attr: str) -> Mutate:
    """The list ``attr`` (queue, pending, modifiers) holding its first entry MAX_LIST + 1 times."""

    def mutate(s: State) -> Mapping[str, int]:
        items: list[Any] = getattr(s, attr)
        setattr(s, attr, [items[0]] * (MAX_LIST + 1))
        return {}

    return mutate


def _pending_id_not_issued(s: State) -> Mapping[str, int]:
    s.pending[0] = replace(s.pending[0], id=s.next_trigger_id)
    return {}


def _too_many_cards(s: State) -> Mapping[str, int]:
    hero = s.cards[s.players[0].hero]
    for k in range(MAX_LIST + 1 - len(s.cards)):
        extra = hero.copy()
        extra.uid = MAX_VALUE - k
        s.cards[extra.uid] = extra
    return {}


def _long_deck(s: State) -> Mapping[str, int]:
    s.players[0].deck = [s.players[0].deck[0]] * (MAX_LIST + 1)
    return {}


def _uid_in_two_zones(s: State) -> Mapping[str, int]:
    p = s.players[0]
    p.hand.append(p.deck[0])
    return {"j": len(p.hand) - 1}


def _uid_of_no_card(s: State) -> Mapping[str, int]:
    p = s.players[1]
    p.graveyard.append(MAX_VALUE)
    return {"j": len(p.graveyard) - 1}


def _mulligan(make: Callable[[State, int], tuple[int, ...]]) -> Mutate:
    """Declare a mulligan ``make(state, seat)`` for the seat who declares now."""

    def mutate(s: State) -> Mapping[str, int]:
        seat = decision(s).actor
        s.players[seat].mulligan = make(s, seat)
        return {"s": seat}

    return mutate


def _card_in_no_zone(s: State) -> Mapping[str, int]:
    uid = s.players[1].hand.pop()
    return {"i": _i(s, uid)}


def _card_under_another_uid(s: State) -> Mapping[str, int]:
    uid = s.players[1].hand[0]
    s.cards[uid].uid = uid + 1
    return {"i": _i(s, uid)}


def _uid_over_bound(s: State) -> Mapping[str, int]:
    """Renumber a card in hand to MAX_VALUE + 1, everywhere it is named."""
    p = s.players[0]
    old, new = p.hand[0], MAX_VALUE + 1
    s.cards = {(new if u == old else u): c for u, c in s.cards.items()}
    s.cards[new].uid = new
    p.hand[0] = new
    return {"i": _i(s, new)}


def _card_of_the_other_player(s: State) -> Mapping[str, int]:
    s.players[0].hand.append(s.players[1].hand.pop())
    return {"j": len(s.players[0].hand) - 1}


def _hero_out_of_place(s: State) -> Mapping[str, int]:
    p = s.players[0]
    p.hero, p.deck[0] = p.deck[0], p.hero
    return {}


def _hidden_hero(s: State) -> Mapping[str, int]:
    uid = s.players[0].hero
    s.cards[uid].hidden = True
    return {"i": _i(s, uid)}


def _armour_of_a_turn_to_come(s: State) -> Mapping[str, int]:
    """Player 1's hero's Броня counts wounds of the next turn (R15 glossary «Броня Х»)."""
    uid = s.players[0].hero
    s.cards[uid].armour_turn = s.turn + 1
    s.cards[uid].armour_prevented = 1
    return {"i": _i(s, uid)}


def _usage(name: str, markers: Callable[[int], dict[int, int]]) -> Mutate:
    """Give a card with abilities the usage markers ``markers(number of abilities)``."""

    def mutate(s: State) -> Mapping[str, int]:
        uid = _with_ability(s)
        setattr(s.cards[uid], name, markers(len(_POOL[s.cards[uid].card_id].abilities)))
        return {"i": _i(s, uid)}

    return mutate


def _queue_mode_beyond(s: State) -> Mapping[str, int]:
    e = s.queue[0]
    s.queue[0] = replace(e, mode=len(_POOL[s.cards[e.source].card_id].modes))
    return {}


def _pending_id_twice(s: State) -> Mapping[str, int]:
    s.pending.append(s.pending[0])
    return {"n": len(s.pending) - 1}


def _delayed(**changes: Any) -> Mutate:
    """A delayed triggered ability (R15:521) of player 1's top deck card made a Тест-наследник
    (its delayed ability is its ability 1), then ``changes``; ``id`` "next" is an id not issued,
    "pending" the first pending trigger's."""

    def mutate(s: State) -> Mapping[str, int]:
        uid = s.players[0].deck[0]
        s.cards[uid] = replace(s.cards[uid], card_id="test_naslednik")
        d = PendingTrigger(s.next_trigger_id, 0, uid, 1)
        s.next_trigger_id += 1
        if changes.get("id") == "next":
            d = replace(d, id=s.next_trigger_id)
        elif changes.get("id") == "pending":
            d = replace(d, id=s.pending[0].id)
        s.delayed.append(replace(d, **{k: v for k, v in changes.items() if k != "id"}))
        return {}

    return mutate


def _player_fx(**changes: Any) -> Mutate:
    """An effect on player 2 for his next turn (R15:521.1; «no_plays», its source player 1's hero),
    then ``changes``."""

    def mutate(s: State) -> Mapping[str, int]:
        turn = s.turn + (2 if s.active == 1 else 1)
        fx = PlayerEffect(1, "no_plays", s.players[0].hero, turn, turn)
        s.player_effects.append(replace(fx, **changes))
        return {}

    return mutate


def _player_fx_ending(ends: int, begins: int = 0, **changes: Any) -> Mutate:
    """:func:`_player_fx` in force from ``begins`` to ``ends`` turns after the current one."""

    def mutate(s: State) -> Mapping[str, int]:
        return _player_fx(begins=s.turn + begins, ends=s.turn + ends, **changes)(s)

    return mutate


def _delayed_too_many(s: State) -> Mapping[str, int]:
    _delayed()(s)
    s.delayed = s.delayed * (MAX_LIST + 1)
    return {}


def _modifier_keyword_on_a_hero(s: State) -> Mapping[str, int]:
    s.modifiers[0] = replace(s.modifiers[0], target=s.players[0].hero, until="end_of_turn", owner=-1, amount=0,
                             grants="dash")
    return {}


def _coin_modifier(amount: int, on_hero: bool = True, **changes: Any) -> Mutate:
    """A temporary coin modifier (R15:522.4; INTERPRETING.md, entry 76) replacing modifier 0:
    on seat 0's hero (or on modifier 0's own target, a creature), with seat 0 holding 1 coin."""
    def mutate(s: State) -> Mapping[str, int]:
        m = s.modifiers[0]
        s.players[0].coins_open, s.players[0].coins_closed = 1, 0
        target = s.players[0].hero if on_hero else m.target
        s.modifiers[0] = replace(m, **{"target": target, "amount": amount, "until": "end_of_turn", "owner": -1,
                                        "sets": False, "shots": False, "grants": "", "coins": True, **changes})
        return {}

    return mutate


def _untargetable_on_a_spell(s: State) -> Mapping[str, int]:
    """«не могут быть выбраны целью» on a card that is no character (a spell of player 1's hand)."""
    uid = next(u for p in s.players for u in (*p.hand, *p.deck))
    s.card_mut(uid).card_id = "potok_energii"
    s.modifiers[0] = replace(s.modifiers[0], target=uid, until="end_of_turn", owner=-1, amount=0, sets=False,
                             shots=False, coins=False, grants="untargetable")
    return {}


def _modifier_off_play(s: State) -> Mapping[str, int]:
    out = next(u for p in s.players for u in (*p.hand, *p.deck, *p.graveyard))
    # a plain strike bonus, so that the grants check (which also names the target) is not reached first
    s.modifiers[0] = replace(s.modifiers[0], target=out, grants="", coins=False, amount=1)
    return {}


def _queue_at_choice(s: State) -> Mapping[str, int]:
    me, other = s.players[s.active], s.players[s.inactive]
    s.queue = [QueueEntry("strike_attack", s.active, me.hero, -1, targets=(other.hero,))]
    return {}


def _pending_at_choice(s: State) -> Mapping[str, int]:
    s.pending = [PendingTrigger(s.next_trigger_id, 0, s.players[0].hero, POISON)]
    s.next_trigger_id += 1
    return {}


def _attack_at_choice(s: State) -> Mapping[str, int]:
    s.attack = Attack(_in_play(s, 0)[0], s.players[1].hero)
    return {}


def _dead_hero(s: State) -> Mapping[str, int]:
    uid = s.players[0].hero
    s.cards[uid].wounds = _POOL[s.cards[uid].card_id].life
    return {}


def _dead_creature(s: State) -> Mapping[str, int]:
    uid = _in_play(s, 0)[0]
    s.cards[uid].wounds = _POOL[s.cards[uid].card_id].life
    return {"j": s.players[0].play.index(uid)}


def _limit_used_up(s: State) -> Mapping[str, int]:
    s.cards[s.pending[0].source].usage[s.pending[0].ability] = 1
    return {}


def _no_cards_left(s: State) -> Mapping[str, int]:
    p = s.players[1]
    p.graveyard.extend([*p.deck, *p.hand])
    p.deck, p.hand = [], []
    return {}


def _both_declared(s: State) -> Mapping[str, int]:
    for p in s.players:
        p.mulligan = ()
    return {}


def _hand_over_deal(s: State) -> Mapping[str, int]:
    seat = next(k for k, p in enumerate(s.players) if len(p.hand) == DEAL)
    p = s.players[seat]
    p.hand.append(p.deck.pop(0))
    return {"s": seat}


Case = tuple[str, str, Mutate, str]

#: (name, base state, the one rule broken, the field the refusal names).
def _choosing(resume: str = "", **entry: object) -> Mutate:
    """Change the pending target choice: fields of its entry, or its resume step."""
    def mutate(s: State) -> Mapping[str, int]:
        tc = s.choosing
        assert tc is not None
        s.choosing = replace(tc, entry=replace(tc.entry, **entry), resume=resume or tc.resume)  # type: ignore[arg-type]
        return {}

    return mutate


def _choosing_kulevrina(ability: int, resume: str) -> Mutate:
    """The pending choice names Кулеврина орков's activated ``ability`` instead."""
    def mutate(s: State) -> Mapping[str, int]:
        uid = next(u for u, c in s.cards.items() if c.card_id == "kulevrina_orkov")
        s.choosing = TargetChoice(QueueEntry("activated", 0, uid, ability), resume)
        return {}

    return mutate


def _choosing_cards(**fields: object) -> Mutate:
    """Change the pending hand choice: fields of its entry (``entry_*``) or its own."""
    def mutate(s: State) -> Mapping[str, int]:
        hc = s.choosing_cards
        assert hc is not None
        entry = {k[6:]: v for k, v in fields.items() if k.startswith("entry_")}
        own = {k: v for k, v in fields.items() if not k.startswith("entry_")}
        s.choosing_cards = replace(hc, entry=replace(hc.entry, **entry), **own)  # type: ignore[arg-type]
        return {}

    return mutate


def _named_already(s: State) -> Mapping[str, int]:
    """The waiting part's target is in the entry already: its source."""
    hc = s.choosing_cards
    assert hc is not None
    s.choosing_cards = replace(hc, entry=replace(hc.entry, targets=(hc.entry.source,)))
    return {}


def _creatures_hidden(s: State) -> Mapping[str, int]:
    """Every creature in play hides: none is a legal target to name now (R15:501.5)."""
    for seat in (0, 1):
        for uid in _in_play(s, seat):
            s.cards[uid] = replace(s.cards[uid], hidden=True)
    return {}


def _empty_chooser_hand(s: State) -> Mapping[str, int]:
    """The chooser's hand goes under his deck: he has nothing to choose."""
    p = s.players[0]
    p.deck.extend(p.hand)
    p.hand.clear()
    return {}


def _part(**changes: Any) -> Mutate:
    """Change the part of the combined card (its fields); the path index is ``i``."""
    def mutate(s: State) -> Mapping[str, int]:
        uid = next(u for u, c in s.cards.items() if c.attached_to)
        for k, v in changes.items():
            setattr(s.cards[uid], k, v)
        return {"i": _i(s, uid)}

    return mutate


def _part_attached_to(where: str) -> Mutate:
    """Attach the part to itself, to a card in a hand, or to no card."""
    def mutate(s: State) -> Mapping[str, int]:
        uid = next(u for u, c in s.cards.items() if c.attached_to)
        target = {"self": uid, "hand": s.players[1].deck[0], "none": MAX_VALUE}[where]
        s.cards[uid].attached_to = target
        return {"i": _i(s, uid)}

    return mutate


def _part_also_in_hand(s: State) -> Mapping[str, int]:
    uid = next(u for u, c in s.cards.items() if c.attached_to)
    s.players[0].hand.append(uid)
    return {"i": _i(s, uid)}


def _created_in_hand(s: State) -> Mapping[str, int]:
    s.cards[s.players[0].hand[0]].card_id = "modul_ataki"
    return {}


def _hand_card_to_supply(s: State) -> Mapping[str, int]:
    s.players[0].supply.append(s.players[0].hand.pop(0))
    return {}


def _attaching(**fields: object) -> Mutate:
    """Change the pending Модуль decision: fields of its entry (``entry_*``) or its own."""
    def mutate(s: State) -> Mapping[str, int]:
        mc = s.attaching
        assert mc is not None
        entry = {k[6:]: v for k, v in fields.items() if k.startswith("entry_")}
        own = {k: v for k, v in fields.items() if not k.startswith("entry_")}
        s.attaching = replace(mc, entry=replace(mc.entry, **entry), **own)  # type: ignore[arg-type]
        return {}

    return mutate


def _attaching_to_a_mechanism(s: State) -> Mapping[str, int]:
    """The decision names the mechanism itself as the entering creature."""
    assert s.attaching is not None
    s.attaching = replace(s.attaching, card=s.players[0].play[0])
    return {}


def _mechanisms_gone(s: State) -> Mapping[str, int]:
    """His mechanisms in play go to the graveyard: nothing to attach to."""
    p = s.players[0]
    for uid in [u for u in p.play if "Механизм" in _POOL[s.cards[u].card_id].classes]:
        p.play.remove(uid)
        p.graveyard.append(uid)
        s.cards[uid].closed = False
        s.cards[uid].wounds = 0
    return {}


def _count_on_a_plain_trigger(s: State) -> Mapping[str, int]:
    """The first pending trigger (not a «discards» one) claims a discard's count."""
    s.pending[0] = replace(s.pending[0], count=1)
    return {}


def _set_pending_count(n: int) -> Mutate:
    """The first pending trigger's count becomes ``n`` (a constructor «за каждого …» needs >= 1)."""
    def mutate(s: State) -> Mapping[str, int]:
        s.pending[0] = replace(s.pending[0], count=n)
        return {}
    return mutate


def _hide_second_enemy(s: State) -> Mapping[str, int]:
    """Player 2's second ork hides: the chooser has a single legal target left."""
    s.cards[s.players[1].play[1]].hidden = True
    return {}


VALIDATE_CASES: list[Case] = [
    # rule 1: the top level
    ("edition_unknown", "choice", _set("edition", "D"), "edition"),
    ("step_unknown", "choice", _set("step", "upkeep"), "step"),
    ("turn_over_bound", "choice", _set("turn", MAX_VALUE + 1), "turn"),
    ("active_not_a_seat", "choice", _set("active", 2), "active"),
    ("first_player_not_a_seat", "choice", _set("first_player", 2), "first_player"),
    ("roll_winner_not_a_seat", "choice", _set("roll_winner", -2), "roll_winner"),
    ("shuffled_over_two", "choice", _set("shuffled", 3), "shuffled"),
    ("winner_over_draw", "choice", _set("winner", 3), "winner"),
    ("next_trigger_id_zero", "choice", _set("next_trigger_id", 0), "next_trigger_id"),
    ("three_players", "choice", _three_players, "players"),
    ("too_many_cards", "choice", _too_many_cards, "cards"),
    # rule 3: zones
    ("zone_too_long", "choice", _long_deck, "players[0].deck"),
    ("uid_in_two_zones", "choice", _uid_in_two_zones, "players[0].hand[{j}]"),
    ("uid_of_no_card", "choice", _uid_of_no_card, "players[1].graveyard[{j}]"),
    ("coins_open_negative", "choice", _player(0, "coins_open", -1), "players[0].coins_open"),
    ("coins_closed_over_bound", "choice", _player(1, "coins_closed", MAX_COINS + 1), "players[1].coins_closed"),
    ("coins_open_over_bound", "choice", _player(0, "coins_open", MAX_COINS + 1), "players[0].coins_open"),
    ("failed_draws_four", "choice", _player(0, "failed_draws", 4), "players[0].failed_draws"),
    ("drawn_this_turn_negative", "choice", _player(0, "drawn_this_turn", -1), "players[0].drawn_this_turn"),
    ("played_this_turn_over_bound", "choice", _player(1, "played_this_turn", MAX_VALUE + 1),
     "players[1].played_this_turn"),
    ("creatures_played_beyond_plays", "choice", _player(1, "creatures_played_this_turn", 1),
     "players[1].creatures_played_this_turn"),
    ("drawn_this_turn_at_setup", "setup_mulligan", _player(0, "drawn_this_turn", 4), "players[0].drawn_this_turn"),
    ("creatures_healed_negative", "choice", _player(1, "creatures_healed_own_turn", -1),
     "players[1].creatures_healed_own_turn"),
    ("creatures_healed_at_setup", "setup_mulligan", _player(0, "creatures_healed_own_turn", 2),
     "players[0].creatures_healed_own_turn"),
    ("mulligan_too_long", "setup_mulligan", _mulligan(lambda s, k: (s.players[k].hand[0],) * (MAX_LIST + 1)),
     "players[{s}].mulligan"),
    ("mulligan_card_not_in_hand", "setup_mulligan", _mulligan(lambda s, k: (s.players[k].deck[0],)),
     "players[{s}].mulligan[0]"),
    ("mulligan_card_twice", "setup_mulligan", _mulligan(lambda s, k: (s.players[k].hand[0],) * 2),
     "players[{s}].mulligan[1]"),
    ("card_in_no_zone", "choice", _card_in_no_zone, "cards[{i}]"),
    # rule 2: cards
    ("card_under_another_uid", "choice", _card_under_another_uid, "cards[{i}].uid"),
    ("uid_over_bound", "choice", _uid_over_bound, "cards[{i}].uid"),
    ("wounds_negative", "choice", _hand_card(0, "wounds", -1), "cards[{i}].wounds"),
    ("poison_over_bound", "choice", _hand_card(0, "poison", MAX_VALUE + 1), "cards[{i}].poison"),
    ("entered_turn_negative", "choice", _hand_card(1, "entered_turn", -1), "cards[{i}].entered_turn"),
    ("attacked_turn_over_bound", "choice", _hand_card(1, "attacked_turn", MAX_VALUE + 1), "cards[{i}].attacked_turn"),
    ("defended_turn_negative", "choice", _hand_card(0, "defended_turn", -1), "cards[{i}].defended_turn"),
    ("card_id_unknown", "choice", _hand_card(0, "card_id", "no_such_card"), "cards[{i}].card_id"),
    ("owner_not_a_seat", "choice", _hand_card(0, "owner", 2), "cards[{i}].owner"),
    ("card_of_the_other_player", "choice", _card_of_the_other_player, "players[0].hand[{j}]"),
    ("hero_out_of_the_hero_place", "choice", _hero_out_of_place, "players[0].hero"),
    # rule 4: cards out of play
    ("closed_card_in_hand", "choice", _hand_card(1, "closed", True), "cards[{i}]"),
    ("hidden_hero", "choice", _hidden_hero, "cards[{i}].hidden"),
    ("prevention_used_in_hand", "choice", _hand_card(0, "prevented", 1), "cards[{i}]"),
    ("armour_of_a_turn_to_come", "choice", _armour_of_a_turn_to_come, "cards[{i}].armour_turn"),
    ("usage_too_long", "choice", _usage("usage", lambda n: dict.fromkeys(range(MAX_LIST + 1), 1)), "cards[{i}].usage"),
    ("usage_of_no_ability", "choice", _usage("usage", lambda n: {n: 1}), "cards[{i}].usage[0].ability"),
    ("game_usage_count_zero", "choice", _usage("game_usage", lambda n: {0: 0}), "cards[{i}].game_usage[0].count"),
    # rule 5: the Queue
    ("queue_too_long", "queue", _too_long("queue"), "queue"),
    ("queue_kind_unknown", "queue", _queue0(kind="combo"), "queue[0].kind"),
    ("queue_controller_not_a_seat", "queue", _queue0(controller=2), "queue[0].controller"),
    ("queue_source_zero", "queue", _queue0(source=0), "queue[0].source"),
    ("queue_ability_under_poison", "queue", _queue0(ability=-3), "queue[0].ability"),
    ("queue_x_negative", "queue", _queue0(x=-1), "queue[0].x"),
    ("queue_mode_under_none", "queue", _queue0(mode=-2), "queue[0].mode"),
    ("queue_part_zero", "queue", _queue0(part=0), "queue[0].part"),
    ("queue_source_of_no_card", "queue", _queue0(source=MAX_VALUE), "queue[0].source"),
    ("queue_targets_too_long", "queue", _queue0(targets=(1,) * (MAX_LIST + 1)), "queue[0].targets"),
    ("queue_target_of_no_card", "queue", _queue0(targets=(MAX_VALUE,)), "queue[0].targets[0]"),
    ("queue_amounts_too_long", "queue", _queue0(amounts=(1,) * (MAX_LIST + 1)), "queue[0].amounts"),
    ("queue_amount_over_bound", "queue", _queue0(amounts=(MAX_VALUE + 1,)), "queue[0].amounts[0]"),
    ("queue_mode_the_card_lacks", "queue", _queue_mode_beyond, "queue[0].mode"),
    ("queue_ability_the_card_lacks", "queue", _queue0(ability=MAX_LIST), "queue[0].ability"),
    # rule 6: pending triggers
    ("pending_too_long", "queue", _too_long("pending"), "pending"),
    ("pending_id_zero", "queue", _pending0(id=0), "pending[0].id"),
    ("pending_controller_not_a_seat", "queue", _pending0(controller=2), "pending[0].controller"),
    ("pending_source_zero", "queue", _pending0(source=0), "pending[0].source"),
    ("pending_ability_under_poison", "queue", _pending0(ability=-3), "pending[0].ability"),
    ("pending_subject_under_none", "queue", _pending0(subject=-2), "pending[0].subject"),
    ("pending_id_not_issued", "queue", _pending_id_not_issued, "pending[0].id"),
    ("pending_id_twice", "queue", _pending_id_twice, "pending[{n}].id"),
    ("pending_source_of_no_card", "queue", _pending0(source=MAX_VALUE), "pending[0].source"),
    ("pending_ability_the_card_lacks", "queue", _pending0(ability=MAX_LIST), "pending[0].ability"),
    ("pending_lineage_of_odd_length", "queue", _pending0(lineage=(1,)), "pending[0].lineage"),
    # delayed triggered abilities (R15:521)
    ("delayed_too_long", "queue", _delayed_too_many, "delayed"),
    ("delayed_id_not_issued", "queue", _delayed(id="next"), "delayed[0].id"),
    ("delayed_id_of_a_pending_trigger", "queue", _delayed(id="pending"), "delayed[0].id"),
    ("delayed_source_of_no_card", "queue", _delayed(source=MAX_VALUE), "delayed[0].source"),
    ("delayed_ability_not_delayed", "queue", _delayed(ability=0), "delayed[0].ability"),
    ("delayed_with_a_subject", "queue", _delayed(subject=5), "delayed[0].subject"),
    ("delayed_at_setup", "setup_mulligan", _delayed(), "delayed"),
    # effects on players for a time (R15:521.1)
    ("player_effect_at_setup", "setup_mulligan", _player_fx(begins=1, ends=1), "player_effects"),
    ("player_effect_source_of_no_card", "choice", _player_fx(source=MAX_VALUE), "player_effects[0].source"),
    ("player_effect_begins_after_it_ends", "choice", _player_fx_ending(1, begins=2), "player_effects[0].begins"),
    ("player_effect_ended_already", "choice", _player_fx_ending(-1, begins=-1), "player_effects[0].ends"),
    ("player_effect_later_for_two_turns", "choice", _player_fx_ending(2, begins=1), "player_effects[0].begins"),
    ("player_effect_no_plays_with_a_value", "choice", _player_fx(value=1), "player_effects[0].value"),
    ("player_effect_cost_without_modifier", "choice", _player_fx(kind="cost", value=1), "player_effects[0].modifier"),
    ("player_effect_cost_of_no_card_name", "choice", _player_fx(kind="cost", modifier="increase", name="nothing"),
     "player_effects[0].name"),
    ("player_effect_kind_unknown", "choice", _player_fx(kind="forever"), "player_effects[0].kind"),
    # rule 7: modifiers and the attack
    ("modifiers_too_long", "modifier", _too_long("modifiers"), "modifiers"),
    ("modifier_target_zero", "modifier", _modifier0(target=0), "modifiers[0].target"),
    ("modifier_amount_over_bound", "modifier", _modifier0(amount=MAX_VALUE + 1), "modifiers[0].amount"),
    ("modifier_until_unknown", "modifier", _modifier0(until="forever"), "modifiers[0].until"),
    ("modifier_owner_not_a_seat", "modifier", _modifier0(until="start_of_owner_turn", owner=2), "modifiers[0].owner"),
    ("modifier_owner_on_another_duration", "modifier", _modifier0(until="end_of_turn", owner=0), "modifiers[0].owner"),
    ("modifier_shots_lasting", "modifier", _modifier0(until="while_in_play", shots=True), "modifiers[0].shots"),
    ("modifier_shots_that_sets", "modifier", _modifier0(until="end_of_turn", shots=True, sets=True), "modifiers[0].shots"),
    ("modifier_grants_unknown", "modifier", _modifier0(until="end_of_turn", owner=-1, amount=0, grants="wings"),
     "modifiers[0].grants"),
    ("modifier_grants_a_shot", "modifier", _modifier0(until="end_of_turn", owner=-1, amount=0, shots=True, grants="dash"),
     "modifiers[0].grants"),
    ("modifier_keyword_with_amount", "modifier", _modifier0(until="end_of_turn", owner=-1, amount=2, grants="dash"),
     "modifiers[0].amount"),
    ("modifier_life_of_zero", "modifier", _modifier0(until="while_in_play", owner=-1, amount=0, grants="life"),
     "modifiers[0].amount"),
    ("queue_entry_names_a_card_its_ability_does_not_name", "queue", _queue0(named="ork"), "queue[0].named"),
    ("modifier_armour_of_zero", "modifier", _modifier0(until="end_of_turn", owner=-1, amount=0, grants="armour"),
     "modifiers[0].amount"),
    ("modifier_no_abilities_in_a_game_without_the_card", "modifier",
     _modifier0(until="while_in_play", owner=-1, amount=0, grants="no_abilities"), "modifiers[0].grants"),
    ("modifier_mechanism_until_end_of_turn", "modifier",
     _modifier0(until="end_of_turn", owner=-1, amount=0, grants="mechanism"), "modifiers[0].until"),
    ("modifier_keyword_until_start_of_turn", "modifier",
     _modifier0(until="start_of_turn", owner=-1, amount=0, grants="dash"), "modifiers[0].until"),
    ("modifier_keyword_on_a_hero", "modifier", _modifier_keyword_on_a_hero, "modifiers[0].target"),
    ("modifier_untargetable_lasting", "modifier", _modifier0(until="while_in_play", owner=-1, amount=0, sets=False,
                                                               shots=False, coins=False, grants="untargetable"),
     "modifiers[0].until"),
    ("modifier_untargetable_on_a_spell", "modifier", _untargetable_on_a_spell, "modifiers[0].target"),
    ("modifier_control_while_in_play", "modifier",
     _modifier0(until="while_in_play", owner=-1, amount=0, grants="control"), "modifiers[0].until"),
    ("modifier_control_of_a_hero", "modifier", _control_of_a_hero, "modifiers[0].target"),
    ("modifier_granted_until_start_of_turn", "granted", _modifier0(until="start_of_turn"), "modifiers[0].until"),
    ("modifier_granted_marker_until_end_of_turn", "granted", _modifier0(grants="ability_used"), "modifiers[0].until"),
    ("modifier_granted_by_no_card", "granted", _modifier0(granter=999), "modifiers[0].granter"),
    ("modifier_granted_index_not_granted", "granted", _modifier0(amount=0), "modifiers[0].amount"),
    ("modifier_grants_an_ability_without_granter", "granted", _modifier0(granter=0), "modifiers[0].granter"),
    ("modifier_granter_without_an_ability", "granted", _modifier0(grants="dash", amount=0), "modifiers[0].granter"),
    ("queue_entry_granted_activated", "granted", _granted_entry("activated"), "queue[0].granter"),
    ("delayed_granted", "granted", _granted_entry("delayed"), "delayed[0].granter"),
    ("modifier_double_cost_until_end_of_turn", "modifier",
     _modifier0(until="end_of_turn", owner=-1, amount=0, grants="double_cost"), "modifiers[0].until"),
    ("modifier_double_cost_of_no_activated_ability", "modifier",
     _modifier0(until="while_in_play", owner=-1, amount=9, grants="double_cost"), "modifiers[0].amount"),
    ("modifier_double_life_until_end_of_turn", "modifier",
     _modifier0(until="end_of_turn", owner=-1, amount=0, grants="double_life"), "modifiers[0].until"),
    ("modifier_control_taker_not_a_seat", "modifier",
     _modifier0(until="end_of_turn", owner=-1, amount=2, grants="control"), "modifiers[0].amount"),
    ("card_captured_but_in_a_hand", "choice", _captured(in_hand=True), "cards[{i}].captured_by"),
    ("card_captured_under_a_card_out_of_play", "choice", _captured(under_deck_card=True), "cards[{i}].captured_by"),
    ("card_captured_and_closed", "choice", _captured(closed=True), "cards[{i}]"),
    ("modifier_life_on_a_hero", "modifier", _life_on_a_hero, "modifiers[0].target"),
    ("modifier_target_out_of_play", "modifier", _modifier_off_play, "modifiers[0].target"),
    ("modifier_coins_more_than_the_players_coins", "modifier", _coin_modifier(2), "modifiers[0].amount"),
    ("modifier_coins_on_a_creature", "modifier", _coin_modifier(1, on_hero=False), "modifiers[0].target"),
    ("modifier_coins_that_sets", "modifier", _coin_modifier(1, sets=True), "modifiers[0].coins"),
    ("attacker_zero", "attack", _attack(attacker=0), "attack.attacker"),
    ("attack_target_over_bound", "attack", _attack(target=MAX_VALUE + 1), "attack.target"),
    ("defender_negative", "attack", _attack(defender=-1), "attack.defender"),
    ("attacker_of_no_card", "attack", _attack(attacker=MAX_VALUE), "attack.attacker"),
    ("attack_target_of_no_card", "attack", _attack(target=MAX_VALUE), "attack.target"),
    ("defender_of_no_card", "attack", _attack(defender=MAX_VALUE), "attack.defender"),
    # rule 8: the step agrees with the rest
    ("game_over_without_winner", "game_over", _set("winner", -1), "step"),
    ("winner_before_game_over", "choice", _set("winner", 0), "step"),
    ("setup_on_turn_one", "setup_roll", _set("turn", 1), "turn"),
    ("choice_on_turn_zero", "choice", _set("turn", 0), "turn"),
    ("turns_without_first_player", "game_over", _set("first_player", -1), "first_player"),
    ("order_without_roll_winner", "setup_order", _set("roll_winner", -1), "roll_winner"),
    ("roll_with_first_player", "setup_roll", _set("first_player", 0), "first_player"),
    ("shuffle_after_both_decks", "setup_shuffle", _set("shuffled", 2), "shuffled"),
    ("mulligan_declared_at_choice", "choice", _player(1, "mulligan", ()), "players[1].mulligan_declared"),
    ("queue_at_choice", "choice", _queue_at_choice, "step"),
    ("pending_at_choice", "choice", _pending_at_choice, "step"),
    ("queue_step_with_nothing_pending", "queue", _set("pending", []), "pending"),
    ("defender_without_attack", "attack", _set("attack", None), "attack"),
    ("attack_at_choice", "choice", _attack_at_choice, "attack"),
    ("hero_with_wounds_of_its_life", "choice", _dead_hero, "players[0].hero"),
    ("creature_with_wounds_of_its_life", "choice", _dead_creature, "players[0].play[{j}]"),
    ("queue_step_with_no_possible_declaration", "limited_trigger", _limit_used_up, "pending"),
    ("choosing_at_choice", "target_choice", _set("step", "choice"), "choosing"),
    ("target_choice_without_choosing", "target_choice", _set("choosing", None), "choosing"),
    # rule 11: the target choice
    ("choosing_entry_kind_strike", "target_choice", _choosing(kind="strike_attack"), "choosing.entry.kind"),
    ("choosing_controller_not_a_seat", "target_choice", _choosing(controller=2), "choosing.entry.controller"),
    ("choosing_source_of_no_card", "target_choice", _choosing(source=MAX_VALUE), "choosing.entry.source"),
    ("choosing_ability_controller_chooses", "target_choice", _choosing_kulevrina(0, "ability_queue"), "choosing.entry.ability"),
    ("choosing_targets_already_set", "target_choice", _choosing(targets=(1,)), "choosing.entry.targets"),
    ("choosing_resume_not_a_queue_step", "target_choice", _choosing(resume="choice"), "choosing.resume"),
    ("choosing_activated_resume_elsewhere", "target_choice", _choosing_kulevrina(1, "play_queue"), "choosing.resume"),
    ("choosing_resume_needs_attack", "target_choice", _choosing(resume="fight_queue"), "attack"),
    ("choosing_resume_forbids_attack", "target_choice", _attack_at_choice, "attack"),
    ("choosing_lone_choice", "target_choice", _hide_second_enemy, "choosing"),
    # rule 12: the hand choice (R15:7.discard)
    ("pending_count_on_a_plain_trigger", "queue", _count_on_a_plain_trigger, "pending[0].count"),
    ("pending_chain_of_no_length", "wave", _set_pending_count(0), "pending[0].count"),
    ("choosing_cards_at_choice", "hand_choice", _set("step", "choice"), "choosing_cards"),
    ("hand_choice_without_choosing_cards", "hand_choice", _set("choosing_cards", None), "choosing_cards"),
    ("choosing_cards_entry_kind_strike", "hand_choice", _choosing_cards(entry_kind="strike_attack"),
     "choosing_cards.entry.kind"),
    ("choosing_cards_controller_not_a_seat", "hand_choice", _choosing_cards(entry_controller=2),
     "choosing_cards.entry.controller"),
    ("choosing_cards_player_not_a_seat", "hand_choice", _choosing_cards(player=2), "choosing_cards.player"),
    ("choosing_cards_source_of_no_card", "hand_choice", _choosing_cards(entry_source=MAX_VALUE),
     "choosing_cards.entry.source"),
    ("choosing_cards_no_such_ability", "hand_choice", _choosing_cards(entry_ability=5), "choosing_cards.entry.ability"),
    # a mode the card does not have: refused, not an IndexError when the engine reads the mode
    ("choosing_cards_mode_of_a_card_without_modes", "hand_choice", _choosing_cards(entry_mode=0),
     "choosing_cards.entry.mode"),
    ("choosing_cards_not_a_hand_effect", "hand_choice", _choosing_cards(effect=1), "choosing_cards.effect"),
    ("choosing_cards_count_on_a_discard", "hand_choice", _choosing_cards(count=2), "choosing_cards.count"),
    ("choosing_cards_count_above_the_cards_looked_at", "look_choice", _choosing_cards(count=3), "choosing_cards.count"),
    ("pay_choice_effect_not_a_payment", "pay_choice", _choosing_cards(effect=1), "choosing_cards.effect"),
    ("deck_order_effect_orders_nothing", "deck_order", _choosing_cards(effect=1), "choosing_cards.effect"),
    ("deck_order_with_one_creature_left", "deck_order", _deck_order_one_left, "choosing_cards.player"),
    ("deck_order_opponent_before_the_controller", "deck_order", _choosing_cards(player=1), "choosing_cards.player"),
    ("pay_choice_by_the_controller", "pay_choice", _choosing_cards(player=0), "choosing_cards.player"),
    ("shuffled_in_deck_of_the_other_player", "shuffled_in", _choosing_cards(player=0), "choosing_cards.player"),
    ("wound_choice_source_of_no_card", "wound_choice_fight", _choosing_cards(entry_source=MAX_VALUE),
     "choosing_cards.entry.source"),
    ("wound_choice_fight_with_an_effect", "wound_choice_fight", _choosing_cards(effect=1), "choosing_cards.effect"),
    ("wound_choice_no_such_ability", "wound_choice_effect", _choosing_cards(entry_ability=5),
     "choosing_cards.entry.ability"),
    ("wound_choice_effect_deals_no_wounds", "wound_choice_effect", _choosing_cards(effect=1), "choosing_cards.effect"),
    ("wound_choice_count_of_no_answers", "wound_choice_effect", _choosing_cards(count=1), "choosing_cards.count"),
    ("wound_choice_by_the_attacker", "wound_choice_fight", _choosing_cards(player=0), "choosing_cards.player"),
    ("wound_choice_fight_with_cards_drawn", "wound_choice_fight", _choosing_cards(memory=Memory(drawn=1)),
     "choosing_cards.memory"),
    ("hand_choice_with_a_known_strike", "hand_choice", _choosing_cards(memory=Memory(strike=3)),
     "choosing_cards.memory.strike"),
    ("hand_choice_with_an_empty_memory", "hand_choice", _choosing_cards(memory=Memory()), "choosing_cards.memory"),
    ("pay_choice_for_a_target_gone", "pay_choice", _pay_target_gone, "choosing_cards.entry.targets"),
    ("pay_choice_without_the_coins", "pay_choice", _player(1, "coins_open", 3), "choosing_cards.player"),
    ("choosing_cards_target_of_no_card", "hand_choice", _choosing_cards(entry_targets=(MAX_VALUE,)),
     "choosing_cards.entry.targets[0]"),
    ("choosing_cards_target_out_of_bounds", "hand_choice", _choosing_cards(entry_targets=(0,)),
     "choosing_cards.entry.targets[0]"),
    ("choosing_cards_amount_out_of_bounds", "hand_choice", _choosing_cards(entry_amounts=(MAX_VALUE + 1,)),
     "choosing_cards.entry.amounts[0]"),
    ("choosing_cards_from_the_other_hand", "hand_choice", _choosing_cards(player=1), "choosing_cards.player"),
    ("choosing_cards_resume_not_a_queue_step", "hand_choice", _choosing_cards(resume="choice"), "choosing_cards.resume"),
    ("choosing_cards_resume_needs_attack", "hand_choice", _choosing_cards(resume="fight_queue"), "attack"),
    ("choosing_cards_resume_forbids_attack", "hand_choice", _attack_at_choice, "attack"),
    ("choosing_cards_forced_choice", "hand_choice", _empty_chooser_hand, "choosing_cards"),
    # R15:7.search: the shuffle after a search names a search, not a discard
    ("search_shuffle_of_a_discard", "hand_choice", _set("step", "search_shuffle"), "choosing_cards.effect"),
    # rule 13: the cancellation choice (R15:309.1.10, R15:518.1)
    ("cancelling_at_choice", "cancel_choice", _cancelling_at_choice, "cancelling"),
    ("cancel_choice_without_cancelling", "cancel_choice", _set("cancelling", 0), "cancelling"),
    ("cancelling_a_card_not_just_played", "cancel_choice", _cancelling("creature"), "cancelling"),
    ("cancelling_a_play_nobody_can_cancel", "cancel_choice", _cancelling("guard"), "cancelling"),
    # rule 14: combined cards (R15:7.attach) and created cards (R15:519.6.1)
    ("part_also_in_a_hand", "combined", _part_also_in_hand, "cards[{i}].attached_to"),
    ("part_of_no_card", "combined", _part_attached_to("none"), "cards[{i}].attached_to"),
    ("part_of_itself", "combined", _part_attached_to("self"), "cards[{i}].attached_to"),
    ("part_also_captured", "combined", _part(captured_by=1), "cards[{i}].captured_by"),
    ("part_of_a_card_in_a_deck", "combined", _part_attached_to("hand"), "cards[{i}].attached_to"),
    ("part_not_a_creature", "combined", _part(card_id="potok_energii"), "cards[{i}].attached_to"),
    ("part_with_wounds", "combined", _part(wounds=1), "cards[{i}]"),
    ("created_card_in_a_hand", "choice", _created_in_hand, "players[0].hand[0]"),
    ("supply_holds_a_card_not_created", "choice", _hand_card_to_supply, "players[0].supply[0]"),
    # rule 15: the Модуль decision (R15:7.module)
    ("attaching_at_choice", "module_choice", _set("step", "choice"), "attaching"),
    ("module_choice_without_attaching", "module_choice", _set("attaching", None), "attaching"),
    ("attaching_option_unknown", "module_choice", _attaching(option="free"), "attaching.option"),
    ("attaching_card_of_no_card", "module_choice", _attaching(card=MAX_VALUE), "attaching.card"),
    ("attaching_mode_of_a_card_without_modes", "module_choice", _attaching(entry_mode=0), "attaching.entry.mode"),
    ("attaching_card_without_module", "module_choice", _attaching_to_a_mechanism, "attaching.card"),
    ("attaching_play_resumes_elsewhere", "module_choice", _attaching(resume="end_queue"), "attaching.entry"),
    ("attaching_play_with_a_creating_effect", "module_choice", _attaching(effect=1), "attaching.effect"),
    ("attaching_play_with_a_memory", "module_choice", _attaching(memory=Memory(drawn=1)), "attaching.memory"),
    ("attaching_creation_with_a_memory_nothing_reads", "creation_choice", _attaching(memory=Memory(healed=2)),
     "attaching.memory.healed"),
    ("attaching_without_a_mechanism", "module_choice", _mechanisms_gone, "attaching.player"),
    ("attaching_created_not_in_supply", "creation_choice", _attaching(player=1), "attaching.card"),
    ("coin_choice_by_the_winner_of_the_coins", "coin_choice", _choosing_cards(player=0), "choosing_cards.player"),
    ("coin_choice_with_one_split_only", "coin_choice", _player(1, "coins_closed", 0), "choosing_cards.player"),
    ("coin_choice_for_an_effect_that_takes_none", "coin_choice", _choosing_cards(effect=1), "choosing_cards.effect"),
    ("target_naming_for_an_effect_that_names_none", "target_naming", _choosing_cards(effect=1), "choosing_cards.effect"),
    ("target_naming_with_the_target_named", "target_naming", _named_already, "choosing_cards.entry.targets"),
    ("target_naming_by_the_opponent", "target_naming", _choosing_cards(player=1), "choosing_cards.player"),
    ("target_naming_with_no_legal_target", "target_naming", _creatures_hidden, "choosing_cards.effect"),
    # the card a shot attacked, kept by a «при атаке» reaching «атакованное существо» (entry 183)
    ("pending_attacked_of_no_card", "queue", _pending0(attacked=MAX_VALUE), "pending[0].attacked"),
    ("pending_attacked_on_a_trigger_reaching_none", "queue", _pending0(attacked=1), "pending[0].attacked"),
    ("queue_attacked_on_a_trigger_reaching_none", "queue", _queue0(attacked=1), "queue[0].attacked"),
    ("choosing_cards_attacked_on_an_activated_ability", "target_naming", _choosing_cards(entry_attacked=1),
     "choosing_cards.entry.attacked"),
    ("attaching_creation_with_waiting_cards", "creation_choice", _attaching(waiting=(MAX_VALUE,)), "attaching.waiting"),
    ("attaching_play_with_waiting_cards", "module_choice", _attaching(fewer=True), "attaching.waiting"),
    ("attaching_summoned_not_in_the_deck", "summon_choice", _attaching(player=1), "attaching.card"),
    ("attaching_summon_waiting_card_not_in_the_deck", "summon_choice", _attaching(waiting=(1,)),
     "attaching.waiting[0]"),
    ("attaching_summon_waiting_the_entering_card", "summon_choice", _summon_waits_for_itself, "attaching.waiting[0]"),
    ("attaching_creation_with_a_cost", "creation_choice", _attaching(cost=1), "attaching.option"),
    ("attaching_creation_not_a_create", "creation_choice", _attaching(effect=1), "attaching.effect"),
    ("attaching_creation_resume_not_a_queue_step", "creation_choice", _attaching(resume="choice"), "attaching.resume"),
    # the entry's granter is a uid like any other (issue 45: a granter of no card was a KeyError)
    ("attaching_creation_granter_of_no_card", "creation_choice", _attaching(entry_granter=MAX_VALUE),
     "attaching.entry.granter"),
    ("attaching_play_granter_of_no_card", "module_choice", _attaching(entry_granter=MAX_VALUE),
     "attaching.entry.granter"),
    # rule 9: the mulligan step
    ("mulligan_without_cards", "setup_mulligan", _no_cards_left, "players"),
    ("mulligan_both_declared", "setup_mulligan", _both_declared, "players"),
    ("mulligan_hand_over_the_deal", "setup_mulligan", _hand_over_deal, "players[{s}].hand"),
]


def _broken(base: str, mutate: Mutate, field: str) -> tuple[State, str]:
    s = _base(base).copy()
    values = mutate(s)
    return s, field.format(**values)


@pytest.mark.parametrize(("base", "mutate", "field"), [c[1:] for c in VALIDATE_CASES], ids=[c[0] for c in VALIDATE_CASES])
def test_each_rule_refuses_naming_its_field(base: str, mutate: Mutate, field: str) -> None:
    """PROTOCOL.md 5.4 — a real, valid state broken in one consistency rule only is refused
    by ``validate`` with a StateError whose ``field`` is exactly that rule's path, and with
    a reason; the unbroken base validates."""
    validate(_base(base))
    s, want = _broken(base, mutate, field)
    with pytest.raises(StateError) as e:
        validate(s)
    assert e.value.field == want, str(e.value)
    assert e.value.reason


def _refusals() -> set[tuple[str, int]]:
    """The places of the validator's refusals: each ``raise StateError`` of oracle/validate/, and
    each (field, why) pair returned by a check it asks (a function of :data:`_ASKED_FILES` that
    returns ``tuple[str, str] | None``)."""
    out = {(str(path), n) for path in _VALIDATE_FILES
           for n, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
           if text.strip().startswith("raise StateError")}
    for path in _ASKED_FILES:
        for f in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(f, ast.FunctionDef) and f.returns is not None and ast.unparse(f.returns) == "tuple[str, str] | None":
                out |= {(str(path), r.lineno) for r in ast.walk(f)
                        if isinstance(r, ast.Return) and isinstance(r.value, ast.Tuple) and len(r.value.elts) == 2}
    return out


def test_a_part_may_belong_to_the_other_player() -> None:
    """Rule 14 (R15:519.5, R15 glossary «Модуль»): a player attaches his Модуль to a mechanism he
    controls, which may be his opponent's card, so a part and its combined card may have
    different owners; a random game reached such a state and the validator refused it."""
    s = _base("combined").copy()
    uid = next(u for u, c in s.cards.items() if c.attached_to)
    host = s.cards[uid].attached_to
    s.cards[uid].owner = 1 - s.cards[host].owner
    validate(s)


def test_the_table_reaches_every_refusal_of_validate() -> None:
    """Issue 11, item 1 — the table of one-rule cases reaches every ``raise StateError`` of
    the package ``oracle/validate/``, and every refusal of the checks it asks (the resolution
    pauses' own, the step a choice returns to), traced line by line, so no rule of ``validate``
    goes untested."""
    hit: set[tuple[str, int]] = set()
    targets = {str(path) for path in (*_VALIDATE_FILES, *_ASKED_FILES)}

    def tracer(frame: FrameType, event: str, arg: object) -> Callable[..., Any] | None:
        if frame.f_code.co_filename not in targets:
            return None
        if event == "line":
            hit.add((frame.f_code.co_filename, frame.f_lineno))
        return tracer

    cases = [_broken(base, mutate, field)[0] for _, base, mutate, field in VALIDATE_CASES]
    old = sys.gettrace()
    sys.settrace(tracer)
    try:
        for s in cases:
            with pytest.raises(StateError):
                validate(s)
    finally:
        sys.settrace(old)
    missed = [f"{Path(path).relative_to(_ORACLE)}:{n}" for path, n in sorted(_refusals() - hit)]
    assert not missed, f"no case reaches the refusals at {missed}"


# --- the shape rules of parse ------------------------------------------------------------

DictMutate = Callable[[dict[str, Any]], Mapping[str, int]]


def _card_key(key: str, value: object) -> DictMutate:
    def mutate(d: dict[str, Any]) -> Mapping[str, int]:
        d["cards"][0][key] = value
        return {}

    return mutate


def _top(key: str, value: object) -> DictMutate:
    def mutate(d: dict[str, Any]) -> Mapping[str, int]:
        d[key] = value
        return {}

    return mutate


def _player_not_an_object(d: dict[str, Any]) -> Mapping[str, int]:
    d["players"][0] = 3
    return {}


def _hand_too_long(d: dict[str, Any]) -> Mapping[str, int]:
    d["players"][1]["hand"] = [1] * (MAX_LIST + 1)
    return {}


def _one_player(d: dict[str, Any]) -> Mapping[str, int]:
    d["players"].pop()
    return {}


def _usage_twice(d: dict[str, Any]) -> Mapping[str, int]:
    d["cards"][0]["usage"] = [{"ability": 0, "count": 1}, {"ability": 0, "count": 1}]
    return {}


def _modifier_with_owner(d: dict[str, Any]) -> Mapping[str, int]:
    d["modifiers"] = [{"target": d["players"][0]["hero"], "amount": 1, "until": "end_of_turn", "owner": 0}]
    return {}


def _delete_turn(d: dict[str, Any]) -> Mapping[str, int]:
    del d["turn"]
    return {}


def _deck(value: object) -> DictMutate:
    def mutate(d: dict[str, Any]) -> Mapping[str, int]:
        d["players"][0]["deck"][0] = value
        return {}

    return mutate


def _mulligan_undeclared(d: dict[str, Any]) -> Mapping[str, int]:
    p = d["players"][0]
    p["mulligan"] = [p["hand"][0]]
    return {}


def _uid_used_twice(d: dict[str, Any]) -> Mapping[str, int]:
    d["cards"][1]["uid"] = d["cards"][0]["uid"]
    return {}


PARSE_CASES: list[tuple[str, DictMutate, str]] = [
    ("player_not_an_object", _player_not_an_object, "players[0]"),
    ("unknown_top_key", _top("mana", 3), "mana"),
    ("unknown_card_key", _card_key("colour", "red"), "cards[0].colour"),
    ("missing_key", _delete_turn, "turn"),
    ("int_as_text", _top("turn", "3"), "turn"),
    ("bool_as_int", _top("active", True), "active"),
    ("float_as_int", _card_key("wounds", 1.0), "cards[0].wounds"),
    ("int_of_a_hundred_digits", _top("next_trigger_id", 10**100), "next_trigger_id"),
    ("int_as_bool", _card_key("closed", 0), "cards[0].closed"),
    ("unknown_edition", _top("edition", "D"), "edition"),
    ("step_not_text", _top("step", 5), "step"),
    ("cards_not_a_list", _top("cards", {}), "cards"),
    ("list_too_long", _hand_too_long, "players[1].hand"),
    ("list_entry_not_an_int", _deck("7"), "players[0].deck[0]"),
    ("list_entry_of_a_hundred_digits", _deck(-(10**100)), "players[0].deck[0]"),
    ("usage_ability_twice", _usage_twice, "cards[0].usage[1].ability"),
    ("uid_used_twice", _uid_used_twice, "cards[1].uid"),
    ("card_id_not_text", _card_key("card_id", 7), "cards[0].card_id"),
    ("one_player", _one_player, "players"),
    ("mulligan_listed_undeclared", _mulligan_undeclared, "players[0].mulligan"),
    ("owner_on_another_duration", _modifier_with_owner, "modifiers[0].owner"),
    ("attack_not_an_object", _top("attack", 5), "attack"),
]


@pytest.mark.parametrize(("mutate", "field"), [c[1:] for c in PARSE_CASES], ids=[c[0] for c in PARSE_CASES])
def test_each_shape_rule_of_parse_refuses_naming_its_field(mutate: DictMutate, field: str) -> None:
    """PROTOCOL.md 5.4 rule 1 — the canonical JSON form of a real state broken in one shape
    rule only (a key, a type, a bound, a length, a uid listed twice) is refused by ``parse``
    (hence by ``from_dict``) naming exactly that field; the unbroken form is read back."""
    d = to_dict(_base("choice"))
    assert to_dict(from_dict(copy.deepcopy(d))) == d
    want = field.format(**mutate(d))
    for read in (parse, from_dict):
        with pytest.raises(StateError) as e:
            read(copy.deepcopy(d))
        assert e.value.field == want, str(e.value)
        assert len(str(e.value)) < 400  # an integer of a hundred digits is named, not printed (the list of steps is ~270)


# --- every state the engine reaches validates ----------------------------------------------

#: Decisions per random game (a game is cut there; every state up to it is checked).
MAX_DECISIONS = 300


@pytest.mark.parametrize("edition", ["A", "B", "C"])
@settings(max_examples=10, database=None, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_every_state_the_engine_reaches_validates(edition: str, data: st.DataObject) -> None:
    """Issue 11, item 1 — every state ``new_game`` and ``apply`` produce, from random legal
    configurations with decisions drawn by Hypothesis (chance included), is accepted by
    ``validate`` and by ``from_dict`` of its canonical form."""
    state = new_game(data.draw(configs(edition, min_deck=8, max_deck=16), label="config"))
    ties = 0
    for _ in range(MAX_DECISIONS):
        validate(state)
        if decision(state).actor < 0:
            break
        action = draw_action(data, state, ties)
        ties = ties + 1 if action.kind == "roll" and action.values[0] == action.values[1] else 0
        state = apply(state, action).state
    validate(state)
    d = to_dict(state)
    assert to_dict(from_dict(json.loads(json.dumps(d)))) == d


def test_every_state_of_seeded_games_validates() -> None:
    """Issue 11, item 1 — every state of the seeded random games the cases start from
    (editions A, B and C, to their end) validates."""
    for seed in range(12):
        for s in _game(seed):
            validate(s)


# --- the reproducers of the issue ----------------------------------------------------------


def _refused(data: dict[str, Any]) -> StateError:
    with pytest.raises(StateError) as e:
        from_dict(json.loads(json.dumps(data)))
    return e.value


def test_shuffle_state_with_both_decks_shuffled_is_refused() -> None:
    """Issue 11 reproducer — a setup_shuffle state with ``shuffled`` 2 (both decks already
    shuffled: the game is at setup_mulligan, 301.5) is refused naming ``shuffled``."""
    d = to_dict(_base("setup_shuffle"))
    d["shuffled"] = 2
    assert _refused(d).field == "shuffled"


@pytest.mark.parametrize(
    "path",
    ["next_trigger_id", "turn", "players[0].coins_open", "players[1].coins_closed", "cards[0].entered_turn",
     "cards[1].attacked_turn", "cards[2].defended_turn", "cards[0].wounds", "cards[3].poison"],
)
def test_counters_at_int32_max_are_refused_by_the_bounds(path: str) -> None:
    """Issue 11 reproducer — ``next_trigger_id``, coins, ``turn`` and the per-card counters
    at INT32_MAX (which one more action would carry past int32) are refused by the bounds,
    naming the field."""
    d = to_dict(_base("choice"))
    holder: Any = d
    *parents, last = path.replace("]", "").replace("[", ".").split(".")
    for key in parents:
        holder = holder[int(key)] if key.isdigit() else holder[key]
    holder[last] = INT32_MAX
    assert _refused(d).field == path


def test_mulligan_state_without_first_player_is_refused() -> None:
    """Issue 11 reproducer — a setup_mulligan state whose ``first_player`` is unknown (-1)
    is refused naming ``first_player`` (301.4: the order is decided before the mulligan)."""
    d = to_dict(_base("setup_mulligan"))
    d["first_player"] = -1
    assert _refused(d).field == "first_player"


def test_card_listed_twice_in_a_declared_mulligan_is_refused() -> None:
    """Issue 11 reproducer — a declared mulligan that lists a card twice is refused naming
    the second entry."""
    d = to_dict(_base("setup_mulligan"))
    seat = decision(_base("setup_mulligan")).actor
    p = d["players"][seat]
    p["mulligan_declared"], p["mulligan"] = True, [p["hand"][0], p["hand"][0]]
    assert _refused(d).field == f"players[{seat}].mulligan[1]"


@pytest.mark.parametrize("base", ["choice", "setup_roll", "setup_shuffle", "queue", "attack", "game_over"])
def test_mulligan_declared_outside_the_setup_stage_is_refused(base: str) -> None:
    """Issue 11 reproducer — ``mulligan_declared`` outside setup_mulligan (a declaration
    exists only while the mulligans are being declared, 301.7; they are taken before turn
    1) is refused naming the flag, in a finished game as well."""
    d = to_dict(_base(base))
    d["players"][1]["mulligan_declared"] = True
    assert _refused(d).field == "players[1].mulligan_declared"


@pytest.mark.parametrize("path", ["turn", "players[1].coins_open", "cards[2].wounds", "players[0].hand[0]"])
def test_integers_of_any_size_are_refused_by_parse_naming_the_field(path: str) -> None:
    """Issue 11 reproducer — an integer of any size (10**100, as JSON allows) is refused by
    ``parse`` naming the field, with a short reason (the number is not printed)."""
    text = json.dumps(to_dict(_base("choice")))
    d = json.loads(text)
    holder: Any = d
    *parents, last = path.replace("]", "").replace("[", ".").split(".")
    for key in parents:
        holder = holder[int(key)] if key.isdigit() else holder[key]
    if last.isdigit():
        holder[int(last)] = 10**100
    else:
        holder[last] = 10**100
    with pytest.raises(StateError) as e:
        parse(json.loads(json.dumps(d)))
    assert e.value.field == path
    assert len(e.value.reason) < 120


def test_an_action_in_a_finished_game_is_refused_for_every_actor() -> None:
    """Issue 11 reproducer — where nobody decides (a finished game), ``check`` gives the
    game-over violation (R15:605.1) and ``apply`` raises IllegalAction for an action by
    player 1, player 2, chance or whoever decides; nothing raises KeyError."""
    s = _base("game_over")
    assert decision(s).actor == Actor.NOBODY
    for actor in (Actor.PLAYER_1, Actor.PLAYER_2, Actor.CHANCE, -1):
        action = Action("end_turn", actor=actor)
        assert [v.rule for v in check(s, action)] == [GAME_OVER_RULE]
        with pytest.raises(IllegalAction):
            apply(s, action)


@pytest.mark.parametrize(("base", "field", "kind"), [
    ("setup_mulligan", "first_player", "mulligan"), ("setup_order", "roll_winner", "choose_order"),
])
def test_an_action_where_nobody_decides_is_refused_not_a_key_error(base: str, field: str, kind: str) -> None:
    """Issue 11 reproducer — in a state ``validate`` refuses because nobody can decide
    (setup_mulligan without ``first_player``, setup_order without ``roll_winner``), the
    engine still answers: the decision is NOBODY, no action is legal, and ``check`` refuses
    an action of any actor under the step's deciding rule (the rule of "not your
    decision"), never with a KeyError."""
    s = _base(base).copy()
    setattr(s, field, -1)
    with pytest.raises(StateError) as e:
        validate(s)
    assert e.value.field == field
    assert decision(s).actor == Actor.NOBODY
    assert legal_actions(s) == []
    rule = STEP_TABLE[s.step].deciding_rule
    for actor in (Actor.PLAYER_1, Actor.PLAYER_2, Actor.CHANCE, -1):
        action = Action(kind, actor=actor)
        vs = check(s, action)
        assert [v.rule.split(":")[-1] for v in vs] == [rule], vs
        with pytest.raises(IllegalAction):
            apply(s, action)


# --- the bounds guarantee ------------------------------------------------------------------

INT32_MIN = -(2**31)


def _at_the_bounds(s: State) -> State:
    """``s`` with its growing counters at their bound (MAX_VALUE; coins at MAX_COINS), kept
    valid: ``turn`` (from turn 1), ``next_trigger_id``, coins, every card's turn counters
    and usage counts (but those of a pending trigger's source), poison in play, wounds in
    play (below the life of a hero or creature, 505.1) and the strike modifiers' amounts."""
    s = s.copy()
    old_turn = s.turn
    if s.turn >= 1:
        s.turn = MAX_VALUE
    s.next_trigger_id = MAX_VALUE
    sources = {t.source for t in s.pending}
    for p in s.players:
        p.coins_closed = p.coins_open = MAX_COINS
        in_play = {p.hero, *p.play}
        for uid in (p.hero, *p.deck, *p.hand, *p.play, *p.graveyard):
            c = s.cards[uid]
            c.entered_turn = c.attacked_turn = c.defended_turn = MAX_VALUE
            if uid not in sources:  # a used-up limit would leave a pending trigger undeclarable
                c.usage = dict.fromkeys(c.usage, MAX_VALUE)
                c.game_usage = dict.fromkeys(c.game_usage, MAX_VALUE)
            if uid in in_play:
                d = _POOL[c.card_id]
                c.poison = MAX_VALUE
                # a creature's base life may be 0 (R15:512.6): then no wounds; its life now (a
                # «reduced_life» modifier, parts) bounds them, not the printed one
                full = current_life(s, uid) + c.wounds if d.type in ("hero", "creature") else 0
                c.wounds = max(full - 1, 0) if d.type in ("hero", "creature") else MAX_VALUE
    # a modifier granting something keeps it (an upgraded creature stays the mechanism a
    # waiting Модуль may be attached to, R15:7.module)
    s.modifiers = [m if m.grants else Modifier(m.target, MAX_VALUE, m.until, owner=m.owner) for m in s.modifiers]
    if s.player_effects:  # their periods move with the turn, the latest end at the bound
        turn = MAX_VALUE - max(fx.ends for fx in s.player_effects) + old_turn
        s.player_effects = [replace(fx, begins=fx.begins - old_turn + turn, ends=fx.ends - old_turn + turn)
                            for fx in s.player_effects]
        s.turn = turn
    return s


def _ints(o: object, path: str = "") -> Iterator[tuple[str, int]]:
    if isinstance(o, bool):
        return
    if isinstance(o, int):
        yield path, o
    elif isinstance(o, dict):
        for k, v in o.items():
            yield from _ints(v, f"{path}.{k}" if path else k)
    elif isinstance(o, list):
        for j, v in enumerate(o):
            yield from _ints(v, f"{path}[{j}]")


def _actions(s: State) -> list[Action]:
    if s.step in SHUFFLE_STEPS:
        seat = shuffled_seat(s)
        return [Action("shuffle", card=seat, values=tuple(s.players[seat].deck))]
    return legal_actions(s)


def test_one_action_from_a_state_at_the_bounds_stays_within_int32() -> None:
    """oracle/validate/bounds.py, Bounds; PROTOCOL.md 5.4 rule 10 — from real states with every growing
    counter at its bound (and still valid), every legal action gives a next state whose
    integers (every integer of its canonical form) all fit the proto's int32; some exceed
    their bound (a next turn, one more trigger id, closed coins opened), which 5.4 allows
    for a next state."""
    exceeded: set[str] = set()
    applied = refused_by_bounds = 0
    for seed in range(6):
        for s in _game(seed)[::4]:
            if s.step == "game_over":
                continue
            m = _at_the_bounds(s)
            validate(m)
            for a in _actions(m):
                nxt = apply(m, a).state
                applied += 1
                for path, v in _ints(to_dict(nxt)):
                    assert INT32_MIN <= v <= INT32_MAX, (s.step, a, path, v)
                    if abs(v) > MAX_VALUE:
                        exceeded.add(path.split("[")[0])
                # the next state is valid exactly when it is within its bounds (what the
                # service's state cache relies on: validate.within_bounds)
                assert within_bounds(nxt) == _accepted(nxt), (s.step, a)
                refused_by_bounds += not within_bounds(nxt)
    assert applied > 100
    assert "turn" in exceeded  # the end of a turn at the bound: turn MAX_VALUE + 1, refused if sent back
    assert refused_by_bounds > 0


def _accepted(s: State) -> bool:
    try:
        validate(s)
    except StateError:
        return False
    return True


_BOUND_CASES = [c for c in VALIDATE_CASES if any(w in c[0] for w in ("over_bound", "too_long", "too_many", "out_of_bounds"))]


@pytest.mark.parametrize(("base", "mutate", "field"), [c[1:] for c in _BOUND_CASES], ids=[c[0] for c in _BOUND_CASES])
def test_within_bounds_refuses_what_validate_refuses_by_a_bound(base: str, mutate: Mutate, field: str) -> None:
    """validate.within_bounds, the bounds of ``validate`` as one fast test: every state the
    validator refuses for a bound or a length is outside them; the unbroken base is within."""
    assert within_bounds(_base(base))
    s, _ = _broken(base, mutate, field)
    assert not within_bounds(s)


def test_a_part_named_as_a_hero_is_refused_by_its_field() -> None:
    """A part of a combined creature (``attached_to`` set) listed in a zone is refused naming its
    ``attached_to``, also when another card being in no zone balances the count of cards (the
    mutation fuzz of the service once made a part a player's hero: the old hero in no zone, the
    part in two places, and the validator failed with a KeyError instead)."""
    from oracle.model import Card, Player

    cards = {1: Card(1, "test_geroy_strazh", 0), 2: Card(2, "test_geroy_pervogo_khoda", 1),
             12: Card(12, "krepysh", 0), 13: Card(13, "modul_podderzhki", 0, attached_to=12)}
    players = [Player(1, [], play=[12]), Player(2, [])]
    s = State("R15", cards, players, step="choice", turn=3, active=0, first_player=0)
    validate(s)
    s.players[0].hero = 13
    with pytest.raises(StateError) as caught:
        validate(s)
    assert caught.value.field == "cards[3].attached_to"
