"""«Поиск» (R15:7.search; INTERPRETING.md entries 84, 85) and «Не получает ран от существ с
ударом 6 или более» (R15:517.1.1; entry 86): the card keys (``find``, target ``optional``,
static ``no_wounds_from``), the search's choice at step ``hand_choice`` and the chance node
``search_shuffle`` (validator, canonical form, proto codecs), random play through it and exact
replay.  The behaviour in play is pinned by the scenarios ``s7.search-*``, ``s119.5-arkhaal-*``
and ``s517.1.1-flower-fairy-*``."""

from __future__ import annotations

import random

import pytest
from google.protobuf import json_format

from conformance_suite.transcript_cli import transcript_to_proto, verify_transcript_message
from oracle._proto.berserk.oracle.v1 import transcript_pb2
from oracle.cards import CardDataError, parse_pool
from oracle.engine import IllegalAction, apply, check, decision, legal_actions
from oracle.model import CHANCE, Action, Card, Event, HandChoice, Player, QueueEntry, State
from oracle.rules.turn.setup import GameConfig, new_game
from oracle.sampler import random_action
from oracle.serialize import StateError, canonical_json, fingerprint, from_dict, to_dict
from oracle.service import state_codec
from oracle.validate import validate
from oracle.verify import record_steps, verify_transcript


def _board(deck0: list[int]) -> State:
    """Turn 3, player 1 active with 3 open coins, Познание эфира (11) in hand and the given
    deck: Поток энергии (12), Раскат грома (13), Концентрация (14), ork (15)."""
    ids = {11: "poznanie_efira", 12: "potok_energii", 13: "raskat_groma", 14: "kontsentratsiya", 15: "ork"}
    cards = {1: Card(1, "test_geroy_pervogo_khoda", 0), 2: Card(2, "test_geroy_snayper", 1)}
    cards |= {u: Card(u, ids[u], 0) for u in (11, *deck0)}
    players = [Player(1, list(deck0), hand=[11], coins_open=3), Player(2, [])]
    return State("R15", cards, players, step="choice", turn=3, active=0, first_player=0)


def _searching() -> State:
    return apply(_board([12, 13, 14, 15]), Action("play", card=11)).state


def _shuffling() -> State:
    return apply(_searching(), Action("choose_cards", targets=(12,))).state


def test_the_searcher_chooses_then_chance_shuffles() -> None:
    """Познание эфира waits at hand_choice for its player's choice among his cost-1 spells (none,
    one or two); then chance orders his deck at search_shuffle, which lists no action, and the
    game goes back to the choice phase with the order given."""
    s = _searching()
    assert (s.step, decision(s).actor) == ("hand_choice", 0)
    assert s.choosing_cards == HandChoice(QueueEntry("spell", 0, 11, 0), 0, 0, "play_queue")
    assert [a.targets for a in legal_actions(s)] == [(), (12,), (13,), (12, 13)]
    t = _shuffling()
    assert (t.step, decision(t).actor, decision(t).kind) == ("search_shuffle", CHANCE, "search_shuffle")
    assert t.players[0].hand == [12] and t.choosing_cards == s.choosing_cards
    assert legal_actions(t) == []
    assert [v.rule for v in check(t, Action("shuffle", card=0, values=(15, 13)))] == ["R15:204.2"]
    assert [v.rule for v in check(t, Action("shuffle", card=1, values=()))] == ["R15:7.search"]
    with pytest.raises(IllegalAction):
        apply(t, Action("shuffle", card=0, values=(15, 14, 13), actor=0))
    out = apply(t, Action("shuffle", card=0, values=(15, 14, 13)))
    assert out.state.players[0].deck == [15, 14, 13] and out.state.step == "choice"
    assert out.state.choosing_cards is None
    assert [e.kind for e in out.events][:1] == ["search_shuffled"]


@pytest.mark.parametrize("make", [_searching, _shuffling])
def test_canonical_form_and_codecs_agree(make: object) -> None:
    """`choosing_cards` at hand_choice (a search) and at search_shuffle: from_dict reads it back;
    both proto codecs give the same state, message and fingerprint."""
    s = make()  # type: ignore[operator]
    validate(s)
    data = to_dict(s)
    assert data["step"] == s.step and set(data["choosing_cards"]) == {"entry", "effect", "player", "resume"}
    assert from_dict(data).choosing_cards == s.choosing_cards
    msg = state_codec.state_to_proto(s)
    back = state_codec.state_from_proto(msg)
    assert back.step == s.step and back.choosing_cards == s.choosing_cards
    assert canonical_json(back) == canonical_json(s)
    assert state_codec.state_fingerprint(s) == fingerprint(s) == state_codec.encode_state(s)[1]
    assert state_codec.state_dict_to_proto(data) == msg


def test_validator_needs_the_search_at_search_shuffle() -> None:
    """search_shuffle needs `choosing_cards` naming a search; a discard there is refused, and so
    is `choosing_cards` at another step."""
    t = _shuffling()
    bare = t.copy()
    bare.choosing_cards = None
    with pytest.raises(StateError) as err:
        validate(bare)
    assert err.value.field == "choosing_cards"
    chief = t.copy()
    chief.cards[30] = Card(30, "vozhd_varvarov", 0)
    chief.players[0].graveyard.append(30)
    chief.choosing_cards = HandChoice(QueueEntry("triggered", 0, 30, 0), 0, 0, "play_queue")
    with pytest.raises(StateError) as err:
        validate(chief)
    assert err.value.field == "choosing_cards.effect"
    moved = t.copy()
    moved.step = "choice"
    with pytest.raises(StateError) as err:
        validate(moved)
    assert err.value.field == "choosing_cards"


def _pool(effect: dict[str, object], target: dict[str, object] | None = None, kind: str = "spell") -> dict[str, object]:
    ab: dict[str, object] = {"kind": kind, "effects": [effect]}
    if kind == "triggered":
        ab["trigger"] = "death"
    if target is not None:
        ab["targets"] = [target]
    card: dict[str, object] = {"id": "c", "name": "Карта", "name_en": "Card", "type": "spell" if kind == "spell" else "creature",
                               "cost": 1, "abilities": [ab]}
    if kind != "spell":
        card.update(strike=1, life=1)
    return {"version": "t", "cards": [card]}


@pytest.mark.parametrize(
    ("raw", "field"),
    [
        (_pool({"op": "search", "to": "controller", "amount": 2}), "$.cards[0].abilities[0].effects[0].find"),
        (_pool({"op": "search", "to": "opponent", "amount": 1, "find": {"type": "spell"}}),
         "$.cards[0].abilities[0].effects[0].to"),
        (_pool({"op": "search", "to": "controller", "amount": 1, "find": {"colour": "red"}}),
         "$.cards[0].abilities[0].effects[0].find"),
        (_pool({"op": "search", "to": "controller", "amount": 1, "find": {"type": "hero"}}),
         "$.cards[0].abilities[0].effects[0].find.type"),
        (_pool({"op": "search", "to": "controller", "amount": 1, "find": {"name": "Нет такой"}}),
         "$.cards[0].abilities"),
        (_pool({"op": "draw", "to": "controller", "amount": 1, "find": {"type": "spell"}}),
         "$.cards[0].abilities[0].effects[0].find"),
        (_pool({"op": "poison", "to": "target", "amount": 1}, {"what": "creature", "optional": True}),
         "$.cards[0].abilities[0].targets[0].optional"),
        (_pool({"op": "poison", "to": "target", "amount": 1}, {"what": "creature", "optional": True,
                                                               "chooser": "opponent"}, "triggered"),
         "$.cards[0].abilities[0].targets[0].optional"),
    ],
)
def test_the_loader_checks_the_search_vocabulary(raw: dict[str, object], field: str) -> None:
    """A search goes to the controller and says what it finds (a printed name of the pool, a
    card type but hero, a cost); only a search has `find`; an optional target belongs to a
    triggered ability whose controller chooses it."""
    with pytest.raises(CardDataError) as err:
        parse_pool(raw)
    assert err.value.field == field
    ok = parse_pool(_pool({"op": "search", "to": "controller", "amount": 1, "find": {"name": "Карта"}}))
    assert ok["c"].abilities[0].effects[0].params.name == "Карта"
    opt = parse_pool(_pool({"op": "poison", "to": "target", "amount": 1}, {"what": "creature", "optional": True},
                           "triggered"))
    assert opt["c"].abilities[0].targets[0].min_count == 0


def test_the_loader_checks_no_wounds_from() -> None:
    """no_wounds_from belongs to creatures and takes a minimum strike only."""
    card = {"id": "c", "name": "Карта", "name_en": "Card", "type": "creature", "cost": 1, "strike": 1, "life": 1,
            "abilities": [{"kind": "static", "static": {"op": "no_wounds_from", "min_strike": 6, "value": 1}}]}
    with pytest.raises(CardDataError) as err:
        parse_pool({"version": "t", "cards": [card]})
    assert err.value.field == "$.cards[0].abilities[0].static"
    card["abilities"] = [{"kind": "static", "static": {"op": "no_wounds_from", "min_strike": 6}}]
    assert parse_pool({"version": "t", "cards": [card]})["c"].abilities[0].min_strike == 6


def _game_through_searches() -> tuple[GameConfig, list[Action]]:
    """A seeded random game with the search cards in both decks, played until the game waited
    at search_shuffle at least twice (at most 800 actions)."""
    deck = ["porozhdenie_pustoshi", "poznanie_efira", "pekhota_arkhaalya", "potok_energii", "raskat_groma"] * 4
    config = GameConfig(("test_geroy_snayper", "test_geroy_strazh"), (list(deck), list(deck)), "R15")
    for seed in range(30):
        rng = random.Random(seed)
        s = new_game(config)
        actions: list[Action] = []
        shuffles = 0
        while decision(s).actor >= 0 and len(actions) < 800 and shuffles < 2:
            if s.step == "search_shuffle":
                shuffles += 1
                assert s.choosing_cards is not None and decision(s).actor == CHANCE
            a = random_action(s, rng)
            actions.append(a)
            s = apply(s, a).state
            validate(s)
        if shuffles >= 2:
            return config, actions
    raise AssertionError("no seed reaches two searches")  # pragma: no cover


def test_random_play_and_transcripts_replay_the_search_exactly() -> None:
    """Random play reaches search_shuffle (chance's shuffle of the searched deck is a recorded
    input), every state validates; the transcript agrees with the reference step by step,
    directly and through the Transcript message in protobuf JSON."""
    config, actions = _game_through_searches()
    steps = record_steps(config, actions)
    assert any(st.state is not None and st.state.get("step") == "search_shuffle" for st in steps)
    result = verify_transcript(config, steps)
    assert result.agrees and result.steps_checked == len(actions)
    text = json_format.MessageToJson(transcript_to_proto(config, steps))
    response = verify_transcript_message(json_format.Parse(text, transcript_pb2.Transcript()))
    assert response.agrees and response.steps_checked == len(actions)


def test_a_creature_of_strike_6_deals_the_fairy_no_wounds_by_strike_or_ability() -> None:
    """Цветочная фея takes no wounds from a creature whose strike is 6 or more when they would be
    dealt (its strike, its abilities); a weaker creature wounds it (entry 86)."""
    from oracle.rules.mechanisms.basic_effects import wound

    cards = {1: Card(1, "test_geroy_pervogo_khoda", 0), 2: Card(2, "test_geroy_snayper", 1),
             11: Card(11, "gremlinskaya_gromykhalka", 0), 12: Card(12, "peschanyy_lev", 0),
             21: Card(21, "tsvetochnaya_feya", 1)}
    players = [Player(1, [], play=[11, 12]), Player(2, [], play=[21])]
    s = State("R15", cards, players, step="choice", turn=3, active=0, first_player=0)
    ev: list[Event] = []
    wound(s, 21, 3, ev, ("401.7",), 11)
    assert s.cards[21].wounds == 0 and [e.kind for e in ev] == ["wounds_prevented"]
    wound(s, 21, 3, ev, ("401.7",))  # no source: not a creature's wounds
    assert s.cards[21].wounds == 3
    t = s.copy()
    t.cards[21].wounds = 0
    wound(t, 21, 1, ev, ("401.7",), 12)
    assert t.cards[21].wounds == 1
