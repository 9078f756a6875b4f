"""Taking cards into the squad (R15:519): «Вызовите» (op ``summon``, R15:519.3-519.3.3;
INTERPRETING.md entries 111, 112), «Возродите» (op ``resurrect``, R15:519.4; entry 113) and
«Возьмите под контроль» (ops ``take_control``, ``take_control_until_end_of_turn``, R15:519.5;
entry 114) and «Добывает» (op ``capture_from_hand``, R15:520.5; entry 115): the choice a summon offers, the state of a card under its owner's opponent's
control (validator, canonical form, proto codecs), the loader's checks, and random play through
the new cards with exact replay.  The behaviour in play is pinned by the scenarios
``conformance_suite/scenarios/p5_squad``."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from oracle.cards import CardDataError, parse_pool
from oracle.engine import apply, decision, legal_actions
from oracle.model import CHANCE, Action, Card, Event, Modifier, Player, State
from oracle.rules.mechanisms.control import give_back, take_control
from oracle.rules.turn.setup import GameConfig, new_game
from oracle.sampler import random_action
from oracle.serialize import StateError, canonical_json, fingerprint, from_dict, to_dict
from oracle.service import state_codec
from oracle.validate import validate
from oracle.verify import record_steps, verify_transcript

#: Deck cards by printed cost: creatures of cost 1 (a summon of «стоимостью (1) или менее» may
#: take them), a creature of cost 2 and a spell of cost 1 (it may not).
_MATCHING = ("legat_akkenii", "snezhnyy_bars", "lovets_videniy")
_OTHER = ("gonchaya", "potok_energii")


def _summoning(deck_ids: list[str]) -> State:
    """Turn 3, player 1 active: Вызываем подкрепления! (11) in hand with 6 open coins and the
    given deck (uids 12, 13, …), played: the game waits for the summon's choice or after it."""
    cards = {1: Card(1, "test_geroy_pervogo_khoda", 0), 2: Card(2, "test_geroy_snayper", 1),
             11: Card(11, "vyzyvaem_podkrepleniya", 0)}
    deck = list(range(12, 12 + len(deck_ids)))
    cards |= {u: Card(u, cid, 0) for u, cid in zip(deck, deck_ids, strict=True)}
    players = [Player(1, deck, hand=[11], coins_open=6), Player(2, [])]
    s = State("R15", cards, players, step="choice", turn=3, active=0, first_player=0)
    return apply(s, Action("play", card=11)).state


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(_MATCHING + _OTHER), min_size=0, max_size=6))
def test_a_summon_offers_every_choice_of_up_to_three_matching_creatures(deck_ids: list[str]) -> None:
    """«Вызовите до 3 существ стоимостью (1) или менее»: with two or more choices the player
    chooses at hand_choice among exactly the sets of at most three of his deck's matching
    creatures, none included (R15:519.3.3); with no matching creature there is no decision and,
    nothing summoned, no shuffle (R15:519.3.1): the game is back at the choice phase."""
    s = _summoning(deck_ids)
    matching = [12 + i for i, cid in enumerate(deck_ids) if cid in _MATCHING]
    if not matching:
        assert s.step == "choice" and s.players[0].deck == list(range(12, 12 + len(deck_ids)))
        return
    assert s.step == "hand_choice" and decision(s).actor == 0
    want = {c for k in range(min(3, len(matching)) + 1) for c in combinations(matching, k)}
    assert {a.targets for a in legal_actions(s)} == want


def test_summoned_cards_enter_play_and_the_deck_waits_for_chance() -> None:
    """The chosen creatures go into play in ascending uids, open, under the summoner's control,
    with first-turn weakness (R15:108.5); chance then shuffles his deck (R15:519.3.1)."""
    s = _summoning(["legat_akkenii", "gonchaya", "snezhnyy_bars"])
    out = apply(s, Action("choose_cards", targets=(12, 14)))
    t = out.state
    assert [e.get("card") for e in out.events if e.kind == "summoned"] == [12, 14]
    assert t.players[0].play == [12, 14] and t.players[0].deck == [13]
    assert all(t.cards[u].entered_turn == 3 and not t.cards[u].closed for u in (12, 14))
    assert (t.step, decision(t).actor) == ("search_shuffle", CHANCE)
    validate(t)
    assert apply(t, Action("shuffle", card=0, values=(13,))).state.step == "choice"


def _taken(until: str = "") -> State:
    """Turn 3: player 1 has taken control of player 2's Легат Аккении (21), player 2 keeps his
    Орк (22)."""
    cards = {1: Card(1, "test_geroy_pervogo_khoda", 0), 2: Card(2, "test_geroy_snayper", 1),
             21: Card(21, "legat_akkenii", 1), 22: Card(22, "ork", 1)}
    players = [Player(1, []), Player(2, [], play=[21, 22])]
    s = State("R15", cards, players, step="choice", turn=3, active=0, first_player=0)
    ev: list[Event] = []
    take_control(s, 0, 21, ev, (), until)
    assert [e.kind for e in ev] == ["control_taken"] and s.controller_of(21) == 0
    return s


@pytest.mark.parametrize("until", ["", "end_of_turn"])
def test_a_card_under_control_is_a_valid_state_both_codecs_read(until: str) -> None:
    """A card in its owner's opponent's play list is in play, controlled by him, owned by its
    owner (R15:519.5); the validator accepts it, with or without the control modifier, and
    from_dict and both proto codecs give the same state and fingerprint."""
    s = _taken(until)
    assert s.players[0].play == [21] and s.cards[21].owner == 1
    assert s.zone_of(21) == "play" and s.controller_of(21) == 0 and s.controller_of(22) == 1
    assert [m.grants for m in s.modifiers] == (["control"] if until else [])
    validate(s)
    assert canonical_json(from_dict(to_dict(s))) == canonical_json(s)
    back = state_codec.state_from_proto(state_codec.state_to_proto(s))
    assert canonical_json(back) == canonical_json(s)
    assert state_codec.state_fingerprint(s) == fingerprint(s)


def test_the_validator_refuses_a_card_in_another_players_hand() -> None:
    """Only the play zone may hold a card of the other player (its controller's, R15:519.5): in
    his hand it is refused, naming the place."""
    s = _taken()
    s.players[0].play.remove(21)
    s.players[0].hand.append(21)
    with pytest.raises(StateError) as err:
        validate(s)
    assert err.value.field == "players[0].hand[0]"


def test_control_is_taken_once_and_given_back_to_the_owner() -> None:
    """Taking control of a card one controls already, of a hero or of a card out of play does
    nothing; the control «до конца хода» of seat 0 ending (a control modifier with amount 0, the
    taker) moves the card to his opponent's play list, here its owner's (R15:519.5), and then
    does nothing more: seat 0 no longer controls it (R15:513.1; INTERPRETING.md, entry 140)."""
    s = _taken()
    ev: list[Event] = []
    take_control(s, 0, 21, ev, ())
    take_control(s, 0, 2, ev, ())
    assert ev == [] and s.players[0].play == [21] and s.controller_of(2) == 1
    taken = Modifier(21, 0, "end_of_turn", grants="control")
    give_back(s, taken, ev, ())
    assert s.players[1].play == [22, 21] and s.players[0].play == [] and s.controller_of(21) == 1
    give_back(s, taken, ev, ())
    assert [e.kind for e in ev] == ["control_returned"]


@pytest.mark.parametrize(
    ("effect", "field"),
    [
        ({"op": "summon", "to": "opponent", "amount": 1, "find": {"type": "creature"}}, "to"),
        ({"op": "summon", "to": "controller", "amount": 1}, "find"),
        ({"op": "summon", "to": "controller", "amount": 1, "find": {"cost": 1, "max_cost": 2}}, "find.max_cost"),
        ({"op": "resurrect", "to": "each_player", "amount": 1, "find": {"type": "creature"}}, "to"),
    ],
)
def test_the_loader_checks_summons_and_resurrections(effect: dict[str, object], field: str) -> None:
    """A summon and a resurrection go to the controller («из своей колоды», «со своего
    кладбища») and say what they take, by one cost or a highest cost, not both."""
    card = {"id": "c", "name": "Карта", "name_en": "Card", "type": "spell", "cost": 1,
            "abilities": [{"kind": "spell", "effects": [effect]}]}
    with pytest.raises(CardDataError) as err:
        parse_pool({"version": "t", "cards": [card]})
    assert err.value.field == f"$.cards[0].abilities[0].effects[0].{field}"


def test_random_play_through_the_squad_cards_validates_and_replays() -> None:
    """Random games with the summon, resurrection, control and capture cards in both decks
    reach a summon, a control change, a capture and a captured card's return; every state
    validates and the transcript agrees with the reference step by step."""
    deck = ["vyzyvaem_podkrepleniya", "govoryashchiy_so_zmeyami", "test_voskresitel", "ovladet",
            "test_peremanshchik", "test_dobytchik", "legat_akkenii", "snezhnyy_bars", "gonchaya"] * 3
    config = GameConfig(("test_geroy_snayper", "test_geroy_strazh"), (list(deck), list(deck)), "R15")
    for seed in range(40):
        rng = random.Random(seed)
        s = new_game(config)
        actions: list[Action] = []
        seen: set[str] = set()
        while decision(s).actor >= 0 and len(actions) < 1500:
            a = random_action(s, rng)
            actions.append(a)
            out = apply(s, a)
            seen |= {e.kind for e in out.events} & {"summoned", "control_taken", "captured", "captured_returned"}
            s = out.state
            validate(s)
        if {"summoned", "control_taken", "captured", "captured_returned"} <= seen:
            result = verify_transcript(config, record_steps(config, actions))
            assert result.agrees and result.steps_checked == len(actions)
            return
    raise AssertionError("no seed reaches a summon, a control change and a capture with its return")  # pragma: no cover
