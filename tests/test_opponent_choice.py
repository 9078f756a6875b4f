"""The opponent's choice of a target («по его выбору», R15:118.1; INTERPRETING.md entry 48):
the card key ``chooser``, the step ``target_choice`` and its decision, the action
``choose_target``, the state field ``choosing`` (validator, canonical form, proto codec) and
random play through it.  The behaviour in play is pinned by the scenarios
``s118.1-*`` and ``s502.9-hire-without-target-for-opponent-dropped``."""

from __future__ import annotations

import random

import pytest
from google.protobuf import json_format

from conformance_suite.transcript_cli import transcript_to_proto, verify_transcript_message
from oracle._proto.berserk.oracle.v1 import transcript_pb2
from oracle.actions import decode, encode
from oracle.cards import CardDataError, parse_pool
from oracle.engine import apply, check, decision, legal_actions
from oracle.model import Action, Card, Player, QueueEntry, State, TargetChoice
from oracle.rules.turn.setup import GameConfig, new_game
from oracle.sampler import random_action
from oracle.serialize import StateError, canonical_json, fingerprint, from_dict, to_dict
from oracle.service import state_codec
from oracle.validate import validate
from oracle.verify import record_steps, verify_transcript


def _choice_state() -> State:
    """Turn 3, player 1 active, with Махокрыл (11) and player 2's two orks (21, 22); the
    choice phase."""
    cards = {
        1: Card(1, "test_geroy_pervogo_khoda", 0), 2: Card(2, "test_geroy_snayper", 1),
        11: Card(11, "makhokryl", 0), 12: Card(12, "kulevrina_orkov", 0),
        21: Card(21, "ork", 1), 22: Card(22, "ork", 1),
    }
    players = [Player(1, [], hand=[11], play=[12], coins_open=1), Player(2, [], play=[21, 22])]
    return State("R15", cards, players, step="choice", turn=3, active=0, first_player=0)


def _at_target_choice() -> State:
    """The state after player 1 plays Махокрыл: player 2 chooses its target."""
    return apply(_choice_state(), Action("play", card=11)).state


def test_chooser_key_is_read_and_checked() -> None:
    """A target spec's `chooser` is "controller" by default or "opponent" (also on a plain
    spell); another value, or "opponent" on a spell with X (whose play could not resume from
    the held entry), is refused naming the field."""
    def pool(kind: str, card_type: str, chooser: object) -> dict:
        ab = {"kind": kind, "targets": [{"what": "creature", "side": "enemy", "chooser": chooser}],
              "effects": [{"op": "wound", "to": "target", "amount": 1}]}
        if kind == "triggered":
            ab["trigger"] = "hire"
        card = {"id": "c", "name": "Карта", "name_en": "Card", "type": card_type, "cost": 1, "abilities": [ab]}
        if card_type == "creature":
            card.update(strike=1, life=1)
        return {"version": "t", "cards": [card]}

    assert parse_pool(pool("triggered", "creature", "opponent"))["c"].abilities[0].targets[0].chooser == "opponent"
    assert parse_pool(pool("spell", "spell", "opponent"))["c"].abilities[0].targets[0].chooser == "opponent"
    with pytest.raises(CardDataError) as err:
        parse_pool(pool("triggered", "creature", "owner"))
    assert err.value.field == "$.cards[0].abilities[0].targets[0].chooser"
    x_spell = pool("spell", "spell", "opponent")
    x_spell["cards"][0]["cost"] = "X"
    with pytest.raises(CardDataError) as err:
        parse_pool(x_spell)
    assert err.value.field == "$.cards[0].abilities[0].targets[0].chooser"


def test_the_opponent_decides_and_lists_his_choices() -> None:
    """After the controller's declaration the decision is the opponent's (actor 1, kind
    target_choice), his legal actions are exactly his creatures, and the state holds the
    declared ability without targets, returning to play_queue."""
    s = _at_target_choice()
    assert (s.step, decision(s).actor, decision(s).kind) == ("target_choice", 1, "target_choice")
    assert [encode(a) for a in legal_actions(s)] == ["choose_target targets=21", "choose_target targets=22"]
    assert s.choosing == TargetChoice(QueueEntry("triggered", 0, 11, 0), "play_queue")
    validate(s)


def test_check_refuses_wrong_actor_field_and_choice() -> None:
    """check refuses the controller (R15:118.1), a field choose_target does not use
    (R15:118.1), two targets, and a card of the chooser's opponent (R15:501.5)."""
    s = _at_target_choice()
    assert [v.rule for v in check(s, Action("choose_target", targets=(21,), actor=0))] == ["R15:118.1"]
    assert [v.rule for v in check(s, Action("choose_target", card=11, targets=(21,)))] == ["R15:118.1"]
    assert "R15:118.1" in [v.rule for v in check(s, Action("choose_target", targets=(21, 22)))]
    assert [v.rule for v in check(s, Action("choose_target", targets=(12,)))] == ["R15:501.5"]
    assert check(s, Action("choose_target", targets=(22,), actor=1)) == []


def test_choice_completes_the_ability() -> None:
    """The chosen target is wounded, `target_chosen` names the chooser, and the game is back
    at the choice phase with no `choosing`."""
    out = apply(_at_target_choice(), Action("choose_target", targets=(22,)))
    kinds = [e.kind for e in out.events]
    assert kinds.index("target_chosen") < kinds.index("wounded")
    chosen = next(e for e in out.events if e.kind == "target_chosen")
    assert chosen.get("player") == 1 and chosen.get("targets") == "22"
    assert out.state.cards[22].wounds == 1 and out.state.step == "choice" and out.state.choosing is None


def test_action_text_round_trips() -> None:
    """choose_target has a text form, `choose_target targets=21`, read back exactly."""
    a = Action("choose_target", targets=(21,), actor=1)
    assert encode(a) == "choose_target targets=21 actor=player_2"
    assert decode(encode(a)) == a


def test_canonical_form_and_codecs_agree() -> None:
    """`choosing` is in the canonical form only when set; from_dict reads it back; the proto
    codec (dict path and direct path) gives the same state, message and fingerprint."""
    s = _at_target_choice()
    data = to_dict(s)
    assert data["choosing"] == {"entry": {"kind": "triggered", "controller": 0, "source": 11, "ability": 0,
                                          "targets": [], "amounts": [], "x": 0, "mode": -1, "part": -1},
                                "resume": "play_queue"}
    assert "choosing" not in to_dict(_choice_state())
    assert from_dict(data).choosing == s.choosing
    msg = state_codec.state_to_proto(s)
    assert msg.HasField("choosing")
    back = state_codec.state_from_proto(msg)
    assert back.choosing == s.choosing and canonical_json(back) == canonical_json(s)
    assert state_codec.state_fingerprint(s) == fingerprint(s)
    assert state_codec.encode_state(s)[1] == fingerprint(s)
    assert state_codec.state_dict_to_proto(data) == msg


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda s: replace_state(s, step="choice"), "choosing"),
        (lambda s: replace_state(s, choosing=None), "choosing"),
        (lambda s: replace_state(s, choosing=TargetChoice(QueueEntry("triggered", 0, 11, 0, targets=(21,)), "play_queue")),
         "choosing.entry.targets"),
        (lambda s: replace_state(s, choosing=TargetChoice(QueueEntry("triggered", 0, 11, 0), "choice")),
         "choosing.resume"),
        (lambda s: replace_state(s, choosing=TargetChoice(QueueEntry("activated", 0, 12, 0), "ability_queue")),
         "choosing.entry.ability"),
        (lambda s: replace_state(s, choosing=TargetChoice(QueueEntry("activated", 0, 12, 1), "play_queue")),
         "choosing.resume"),
        (lambda s: replace_state(s, choosing=TargetChoice(QueueEntry("strike_attack", 0, 11, -1), "play_queue")),
         "choosing.entry.kind"),
        (lambda s: replace_state(s, choosing=TargetChoice(QueueEntry("spell", 0, 11, 0), "play_queue")),
         "choosing.entry.ability"),
    ],
)
def test_validator_names_the_field(change, field: str) -> None:  # type: ignore[no-untyped-def]
    """The validator (PROTOCOL.md 5.4 rule 11) refuses an inconsistent target choice naming
    the field: `choosing` outside target_choice or missing there, targets already set, a
    resume step that is not a Queue step (or not ability_queue for an activated ability), an
    ability whose target the controller chooses, a kind other than activated/triggered."""
    with pytest.raises(StateError) as err:
        validate(change(_at_target_choice()))
    assert err.value.field == field


def test_a_lone_choice_is_no_decision_point() -> None:
    """With a single legal target the choice is made at once: no state waits at
    target_choice with fewer than two choices (the validator refuses one)."""
    s = _choice_state()
    s.players[1].play.remove(22)
    del s.cards[22]
    out = apply(s, Action("play", card=11))
    assert out.state.step == "choice" and out.state.cards[21].wounds == 1
    waiting = _at_target_choice()
    waiting.players[1].play.remove(22)
    del waiting.cards[22]
    with pytest.raises(StateError) as err:
        validate(waiting)
    assert err.value.field == "choosing"


def test_random_play_reaches_and_passes_the_opponents_choice() -> None:
    """Random play (oracle.sampler) from a board with both cards reaches target_choice in
    the opponent's decision and goes on; every state on the way validates."""
    reached = 0
    for seed in range(30):
        rng = random.Random(seed)
        s = _choice_state()
        for _ in range(40):
            if decision(s).actor < 0:
                break
            if s.step == "target_choice":
                reached += 1
                assert decision(s).actor == 1 - s.choosing.entry.controller  # type: ignore[union-attr]
            s = apply(s, random_action(s, rng)).state
            validate(s)
    assert reached > 0


def replace_state(s: State, **changes: object) -> State:
    """A copy of ``s`` with top-level fields changed (State is a mutable dataclass)."""
    t = s.copy()
    for k, v in changes.items():
        setattr(t, k, v)
    return t



def _game_through_choices() -> tuple[GameConfig, list[Action]]:
    """A seeded random game whose decks hold Махокрыл, Кулеврина орков, Гнев предков and orks, played
    until the opponent has chosen a target at least three times (at most 600 actions)."""
    deck = ["makhokryl", "kulevrina_orkov", "gnev_predkov", "ork"] * 5
    config = GameConfig(("test_geroy_snayper", "test_geroy_strazh"), (list(deck), list(deck)), "R15")
    for seed in range(20):
        rng = random.Random(seed)
        s = new_game(config)
        actions: list[Action] = []
        choices = 0
        while decision(s).actor >= 0 and len(actions) < 600 and choices < 3:
            choices += s.step == "target_choice"
            a = random_action(s, rng)
            actions.append(a)
            s = apply(s, a).state
        if choices >= 3:
            return config, actions
    raise AssertionError("no seed reaches three opponent choices")  # pragma: no cover


def test_transcripts_replay_the_opponents_choice_exactly() -> None:
    """A transcript of a game with opponent choices (actor, state with `choosing`, legal
    actions, events at every step) agrees with the reference step by step, directly and
    through the Transcript message in protobuf JSON."""
    config, actions = _game_through_choices()
    steps = record_steps(config, actions)
    assert any(st.action.kind == "choose_target" for st in steps)
    assert any(st.state is not None and "choosing" in st.state for st in steps)
    result = verify_transcript(config, steps)
    assert result.agrees and result.steps_checked == len(actions)
    text = json_format.MessageToJson(transcript_to_proto(config, steps))
    response = verify_transcript_message(json_format.Parse(text, transcript_pb2.Transcript()))
    assert response.agrees and response.steps_checked == len(actions)
