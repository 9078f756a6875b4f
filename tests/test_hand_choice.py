"""A player's choice of cards of his own hand while an ability resolves («Сбросьте карту»,
R15:7.discard; INTERPRETING.md entries 63-66): the card keys of the hand effects, the step
``hand_choice`` and its decision, the action ``choose_cards``, the state field
``choosing_cards`` and ``PendingTrigger.count`` (validator, canonical form, proto codec), random
play through it and exact replay.  The behaviour in play is pinned by the scenarios
``s7.discard-*``, ``s119.7-barbarian-chief-*`` and ``s119.2-in-the-palm-*``."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from google.protobuf import json_format

from conformance_suite.transcript_cli import transcript_to_proto, verify_transcript_message
from oracle._proto.berserk.oracle.v1 import transcript_pb2
from oracle.actions import decode, encode
from oracle.cards import CardDataError, parse_pool
from oracle.engine import apply, check, decision, legal_actions
from oracle.model import Action, Card, HandChoice, Player, QueueEntry, State
from oracle.rules.turn.setup import GameConfig, new_game
from oracle.sampler import random_action
from oracle.serialize import StateError, canonical_json, fingerprint, from_dict, to_dict
from oracle.service import state_codec
from oracle.validate import validate
from oracle.verify import record_steps, verify_transcript


def _board(hand0: list[int], hand1: list[int], play0: tuple[int, ...] = ()) -> State:
    """Turn 3, player 1 active with 5 open coins: Вождь варваров (11), Чистилище (14),
    Неудержимый (13) and orks (15-17) of player 1, orks (21, 22) of player 2."""
    ids = {11: "vozhd_varvarov", 13: "neuderzhimyy", 14: "chistilishche", 15: "ork", 16: "ork", 17: "ork",
           21: "ork", 22: "ork"}
    used = {*hand0, *hand1, *play0}
    cards = {1: Card(1, "test_geroy_pervogo_khoda", 0), 2: Card(2, "test_geroy_snayper", 1)}
    cards |= {u: Card(u, c, 0 if u < 20 else 1) for u, c in ids.items() if u in used}
    players = [Player(1, [], hand=list(hand0), play=list(play0), coins_open=5), Player(2, [], hand=list(hand1))]
    return State("R15", cards, players, step="choice", turn=3, active=0, first_player=0)


def _chief_waits() -> State:
    return apply(_board([11, 15, 16], [21]), Action("play", card=11)).state


def _purgatory_second() -> State:
    """Чистилище played with Неудержимый in play; player 1 has discarded two orks: player 2
    chooses, and Неудержимый's trigger waits with the count 2."""
    s = apply(_board([14, 15, 16, 17], [21, 22], (13,)), Action("play", card=14)).state
    return apply(s, Action("choose_cards", targets=(15, 16))).state


def test_the_player_whose_hand_it_is_decides() -> None:
    """The chief's Найм waits at hand_choice for player 1: none (a refusal before «иначе») or
    one card of his hand; the state holds the resolving ability."""
    s = _chief_waits()
    assert (s.step, decision(s).actor, decision(s).kind) == ("hand_choice", 0, "hand_choice")
    assert [encode(a) for a in legal_actions(s)] == ["choose_cards", "choose_cards targets=15", "choose_cards targets=16"]
    assert s.choosing_cards == HandChoice(QueueEntry("triggered", 0, 11, 0), 0, 0, "play_queue")


def test_refusals_cite_the_rules() -> None:
    """The opponent (R15:7.discard), a card not in the hand (R15:7.discard), two cards
    (R15:119.7 where a refusal is allowed), an unsorted list (R15:7.discard)."""
    s = _chief_waits()
    assert [v.rule for v in check(s, Action("choose_cards", targets=(15,), actor=1))] == ["R15:7.discard"]
    assert [v.rule for v in check(s, Action("choose_cards", targets=(21,)))] == ["R15:7.discard"]
    assert [v.rule for v in check(s, Action("choose_cards", targets=(15, 16)))] == ["R15:119.7"]
    assert "R15:7.discard" in [v.rule for v in check(s, Action("choose_cards", targets=(16, 15)))]
    assert [v.rule for v in check(s, Action("choose_cards", card=11))] == ["R15:7.discard"]
    assert check(s, Action("choose_cards", targets=(16,), actor=0)) == []


def test_each_player_chooses_in_turn_and_the_count_is_kept() -> None:
    """Чистилище: after player 1's discard player 2 chooses; Неудержимый's trigger keeps the
    discard's count (canonical key `count` only on it); the wounds follow the last choice."""
    s = _purgatory_second()
    assert decision(s).actor == 1 and s.choosing_cards is not None and s.choosing_cards.player == 1
    assert [t.count for t in s.pending] == [2]
    assert to_dict(s)["pending"][0]["count"] == 2
    out = apply(s, Action("choose_cards")).state
    assert out.step == "choice" and out.cards[1].wounds == 3 and out.cards[2].wounds == 6
    assert [(m.target, m.amount, m.until) for m in out.modifiers] == [(13, 4, "while_in_play")]


def test_text_form() -> None:
    """choose_cards has a text form, read back exactly; no cards is the bare kind."""
    a = Action("choose_cards", targets=(15, 16), actor=0)
    assert encode(a) == "choose_cards targets=15,16 actor=player_1"
    assert decode(encode(a)) == a
    assert decode("choose_cards") == Action("choose_cards")


@pytest.mark.parametrize("make", [_chief_waits, _purgatory_second])
def test_canonical_form_and_codecs_agree(make: object) -> None:
    """`choosing_cards` (and a pending `count`) are in the canonical form only when set;
    from_dict reads them back; both proto codecs give the same state, message and fingerprint."""
    s = make()  # type: ignore[operator]
    data = to_dict(s)
    assert set(data["choosing_cards"]) == {"entry", "effect", "player", "resume"}
    assert "choosing_cards" not in to_dict(_board([11], []))
    assert from_dict(data).choosing_cards == s.choosing_cards
    msg = state_codec.state_to_proto(s)
    assert msg.HasField("choosing_cards")
    back = state_codec.state_from_proto(msg)
    assert back.choosing_cards == s.choosing_cards and back.pending == s.pending
    assert canonical_json(back) == canonical_json(s)
    assert state_codec.state_fingerprint(s) == fingerprint(s) == state_codec.encode_state(s)[1]
    assert state_codec.state_dict_to_proto(data) == msg


def test_validator_refuses_a_forced_choice_and_a_count_elsewhere() -> None:
    """A hand choice with a single legal choice is made without a decision point; a count on a
    trigger that is not «discards» is refused."""
    s = _chief_waits().copy()
    s.players[0].deck.extend(s.players[0].hand)
    s.players[0].hand.clear()
    with pytest.raises(StateError) as err:
        validate(s)
    assert err.value.field == "choosing_cards"
    t = _purgatory_second().copy()
    t.pending[0] = replace(t.pending[0], count=0)
    with pytest.raises(StateError) as err:
        validate(t)
    assert err.value.field == "pending[0].count"


def _pool(effect: dict[str, object], trigger: str = "") -> dict[str, object]:
    ab: dict[str, object] = {"kind": "spell", "effects": [effect]}
    if trigger:
        ab = {"kind": "triggered", "trigger": trigger, "effects": [effect]}
    card = {"id": "c", "name": "Карта", "name_en": "Card", "type": "spell" if not trigger else "creature", "cost": 1,
            "abilities": [ab]}
    if trigger:
        card.update(strike=1, life=1)
    return {"version": "t", "cards": [card]}


@pytest.mark.parametrize(
    ("effect", "trigger", "field"),
    [
        ({"op": "discard", "to": "each_hero", "amount": 1}, "", "$.cards[0].abilities[0].effects[0].to"),
        ({"op": "put_on_deck_top", "to": "controller", "amount": 2}, "", "$.cards[0].abilities[0].effects[0].amount"),
        ({"op": "wound", "to": "each_player", "amount": 1}, "", "$.cards[0].abilities[0].effects[0].to"),
        ({"op": "wound", "to": "each_hero", "amount": "any"}, "", "$.cards[0].abilities[0].effects[0].amount"),
        ({"op": "wound", "to": "each_hero", "amount": 2, "per": 3}, "", "$.cards[0].abilities[0].effects[0].per"),
        ({"op": "strike_while_in_play", "to": "self", "amount": "discarded"}, "hire",
         "$.cards[0].abilities[0].effects"),
    ],
)
def test_the_loader_checks_the_hand_vocabulary(effect: dict[str, object], trigger: str, field: str) -> None:
    """Hand effects go to players; put_on_deck_top moves one card; each_player and any belong
    to hand effects; per multiplies a counted amount; discarded belongs to a discards trigger."""
    with pytest.raises(CardDataError) as err:
        parse_pool(_pool(effect, trigger))
    assert err.value.field == field
    assert parse_pool(_pool({"op": "discard", "to": "each_player", "amount": "any"}))["c"].abilities[0].effects[0].to == "each_player"


def _game_through_hand_choices() -> tuple[GameConfig, list[Action]]:
    """A seeded random game with the four cards in both decks, played until hand choices were
    made at least three times (at most 800 actions)."""
    deck = ["vozhd_varvarov", "kak_na_ladoni", "neuderzhimyy", "chistilishche", "ork"] * 4
    config = GameConfig(("test_geroy_snayper", "test_geroy_strazh"), (list(deck), list(deck)), "R15")
    for seed in range(20):
        rng = random.Random(seed)
        s = new_game(config)
        actions: list[Action] = []
        choices = 0
        while decision(s).actor >= 0 and len(actions) < 800 and choices < 3:
            if s.step == "hand_choice":
                choices += 1
                assert s.choosing_cards is not None and decision(s).actor == s.choosing_cards.player
            a = random_action(s, rng)
            actions.append(a)
            s = apply(s, a).state
            validate(s)
        if choices >= 3:
            return config, actions
    raise AssertionError("no seed reaches three hand choices")  # pragma: no cover


def test_random_play_and_transcripts_replay_the_hand_choice_exactly() -> None:
    """Random play reaches hand_choice, the chooser is the hand's player, every state
    validates; the transcript (states with `choosing_cards`, actions, events) agrees with the
    reference step by step, directly and through the Transcript message in protobuf JSON."""
    config, actions = _game_through_hand_choices()
    steps = record_steps(config, actions)
    assert any(st.action.kind == "choose_cards" for st in steps)
    assert any(st.state is not None and "choosing_cards" in st.state for st in steps)
    result = verify_transcript(config, steps)
    assert result.agrees and result.steps_checked == len(actions)
    text = json_format.MessageToJson(transcript_to_proto(config, steps))
    response = verify_transcript_message(json_format.Parse(text, transcript_pb2.Transcript()))
    assert response.agrees and response.steps_checked == len(actions)
