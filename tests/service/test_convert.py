"""The proto <-> engine conversions of :mod:`oracle.service.convert` (no server)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from oracle import CHANCE, Action, GameConfig, new_game
from oracle._proto.berserk.oracle.v1 import action_pb2, state_pb2
from oracle._proto.berserk.oracle.v1 import game_config_pb2 as gc_pb
from oracle.actions import encode
from oracle.engine import Decision
from oracle.model import ACTION_KINDS, Event, Violation
from oracle.sampler import play_random_game
from oracle.serialize import fingerprint, to_dict
from oracle.service import convert as cv
from oracle.setup import ConfigError


@pytest.fixture(scope="module")
def states() -> list:  # type: ignore[type-arg]
    """States from a few seeded random games, every step kind included."""
    out = []
    for seed in range(6):
        game = play_random_game(seed).states
        out += [*game[::3], game[-1]]
    return out


def test_state_round_trip(states: list) -> None:  # type: ignore[type-arg]
    """Engine state -> State message -> engine state is the identity on the canonical
    form, through the wire format too; the fingerprint computed from the decoded data is
    the engine's fingerprint."""
    steps = set()
    for state in states:
        msg = cv.state_to_proto(state)
        wire = state_pb2.State.FromString(msg.SerializeToString())
        back, data = cv.decode_state(wire)
        assert to_dict(back) == to_dict(state) == data
        assert cv.fingerprint_data(data) == fingerprint(state)
        steps.add(state.step)
    assert {"setup_mulligan", "choice", "game_over"} <= steps


def test_state_mappings(states: list) -> None:  # type: ignore[type-arg]
    """Enums and optional fields map as documented: step names, result <-> winner,
    absent first_player/roll_winner <-> -1, absent attack <-> None."""
    first = cv.state_to_proto(states[0])
    assert first.step == state_pb2.STEP_SETUP_ROLL or first.step == state_pb2.STEP_SETUP_SHUFFLE
    assert not first.HasField("first_player") or states[0].first_player >= 0
    over = next(s for s in states if s.winner >= 0)
    assert cv.state_to_proto(over).result == {0: 1, 1: 2, 2: 3}[over.winner]
    assert cv.state_to_proto(over).step == state_pb2.STEP_GAME_OVER
    assert set(cv.STEP_FROM_PROTO.values()) == {s for s in cv.STEP_TO_PROTO}
    with_attack = [s for s in states if s.attack is not None]
    for s in with_attack:
        assert cv.state_to_proto(s).HasField("attack")


def test_decoding_is_order_insensitive(states: list) -> None:  # type: ignore[type-arg]
    """Cards listed in any order decode to the same state and fingerprint."""
    state = states[len(states) // 2]
    msg = cv.state_to_proto(state)
    cards = list(msg.cards)
    random.Random(1).shuffle(cards)
    del msg.cards[:]
    msg.cards.extend(cards)
    _, data = cv.decode_state(msg)
    assert cv.fingerprint_data(data) == fingerprint(state)


def test_next_trigger_id_zero_reads_as_one(states: list) -> None:
    """next_trigger_id 0 (the proto3 default) is read as 1."""
    msg = cv.state_to_proto(states[0])
    msg.next_trigger_id = 0
    assert cv.state_from_proto(msg).next_trigger_id == 1


def test_mutant_is_set_on_decoded_states(states: list) -> None:
    """The server's mutant name is set on every decoded state (not part of the proto)."""
    assert cv.state_from_proto(cv.state_to_proto(states[0]), mutant="lifo_queue").mutant == "lifo_queue"


def test_state_error_paths(states: list) -> None:
    """Engine StateError fields are prefixed with the request field; winner is named
    result, the proto's name."""
    over = next(s for s in states if s.winner >= 0)
    msg = cv.state_to_proto(over)
    msg.result = state_pb2.GAME_RESULT_UNSPECIFIED
    with pytest.raises(cv.InputError) as info:
        cv.state_from_proto(msg, "request.state")
    assert info.value.field == "request.state.step"
    msg = cv.state_to_proto(over)
    msg.step = state_pb2.STEP_CHOICE
    with pytest.raises(cv.InputError) as info:
        cv.state_from_proto(msg)
    assert info.value.field in ("state.step", "state.result")
    assert cv._state_field("winner") == "result" and cv._state_field("players[1].hand[2]") == "players[1].hand[2]"


actions_strategy = st.builds(
    Action,
    kind=st.sampled_from(ACTION_KINDS),
    card=st.integers(0, 80),
    ability=st.integers(-1, 5),
    targets=st.lists(st.integers(1, 80), max_size=4).map(tuple),
    amounts=st.lists(st.integers(0, 9), max_size=3).map(tuple),
    x=st.integers(0, 9),
    mode=st.integers(-1, 3),
    option=st.sampled_from(["", "fury", "alt"]),
    values=st.lists(st.integers(1, 80), max_size=6).map(tuple),
    trigger=st.integers(0, 20),
    actor=st.sampled_from([-1, 0, 1, CHANCE]),
)


@settings(max_examples=200, deadline=None)
@given(actions_strategy)
def test_action_round_trip(action: Action) -> None:
    """Action -> message -> Action is the identity, by fields and by the encoded text;
    ``encoded`` is always filled and absent ability/mode mean -1."""
    msg = cv.action_to_proto(action)
    assert msg.encoded == encode(action)
    assert msg.HasField("ability") == (action.ability != -1) and msg.HasField("mode") == (action.mode != -1)
    assert cv.action_from_proto(msg) == action
    msg.ClearField("encoded")
    assert cv.action_from_proto(action_pb2.Action.FromString(msg.SerializeToString())) == action


def test_encoded_with_conflicting_fields_is_refused() -> None:
    """When ``encoded`` is set, a field that is also set and disagrees with it is
    INVALID_ARGUMENT naming that field; agreeing fields (as a response sets them) pass."""
    with pytest.raises(cv.InputError) as info:
        cv.action_from_proto(action_pb2.Action(kind="attack", card=5, encoded="end_turn"), "a")
    assert info.value.field == "a.kind"
    with pytest.raises(cv.InputError) as info:
        cv.action_from_proto(action_pb2.Action(card=5, encoded="attack card=6 targets=2"), "a")
    assert info.value.field == "a.card"
    echoed = cv.action_to_proto(Action("attack", card=6, targets=(2,)))
    assert cv.action_from_proto(echoed) == Action("attack", card=6, targets=(2,))


def test_actor_beside_encoded() -> None:
    """``actor`` completes an encoded text that names no actor; a different actor in
    the text is INVALID_ARGUMENT on ``action.actor``; the same one is accepted."""
    msg = action_pb2.Action(encoded="end_turn", actor=action_pb2.ACTOR_PLAYER_2)
    assert cv.action_from_proto(msg).actor == 1
    same = action_pb2.Action(encoded="end_turn actor=player_2", actor=action_pb2.ACTOR_PLAYER_2)
    assert cv.action_from_proto(same).actor == 1
    with pytest.raises(cv.InputError) as info:
        cv.action_from_proto(action_pb2.Action(encoded="end_turn actor=player_1", actor=action_pb2.ACTOR_PLAYER_2))
    assert info.value.field == "action.actor"


def test_action_actor_must_be_a_player_or_chance() -> None:
    """ACTOR_NOBODY and numbers the enum does not define are refused in an Action."""
    for value in (action_pb2.ACTOR_NOBODY, 5, 17):
        with pytest.raises(cv.InputError) as info:
            cv.action_from_proto(action_pb2.Action(kind="end_turn", actor=value), "a")  # type: ignore[arg-type]
        assert info.value.field == "a.actor"


def test_action_errors() -> None:
    """Malformed actions name the request field."""
    for msg, field in [
        (action_pb2.Action(encoded="x=1"), "a.encoded"),
        (action_pb2.Action(), "a.kind"),
        (action_pb2.Action(kind="jump"), "a.kind"),
        (action_pb2.Action(kind="pass", actor=9), "a.actor"),  # type: ignore[arg-type]
    ]:
        with pytest.raises(cv.InputError) as info:
            cv.action_from_proto(msg, "a")
        assert info.value.field == field


def test_decision_event_violation() -> None:
    """Decisions map seat 0/1, chance and "nobody" (ACTOR_NOBODY, never UNSPECIFIED) to
    the Actor enum; events turn their
    values into text; violations keep rule and message."""
    assert cv.decision_to_proto(Decision(0, "choice")).actor == action_pb2.ACTOR_PLAYER_1
    assert cv.decision_to_proto(Decision(1, "trigger")).actor == action_pb2.ACTOR_PLAYER_2
    assert cv.decision_to_proto(Decision(CHANCE, "setup_roll")).actor == action_pb2.ACTOR_CHANCE
    assert cv.decision_to_proto(Decision(-1, "game_over")).actor == action_pb2.ACTOR_NOBODY
    for actor in (-1, 0, 1, CHANCE):
        assert cv.decision_actor_from_proto(cv.decision_to_proto(Decision(actor, "x")).actor) == actor
    with pytest.raises(cv.InputError):
        cv.decision_actor_from_proto(action_pb2.ACTOR_UNSPECIFIED)
    e = cv.event_to_proto(Event("wounded", ("C:307.2", "R15:510.1"), (("card", 7), ("amount", 2), ("why", "fight"))))
    assert list(e.rules) == ["C:307.2", "R15:510.1"]
    assert [(f.key, f.value) for f in e.data] == [("card", "7"), ("amount", "2"), ("why", "fight")]
    v = cv.violation_to_proto(Violation("C:401.7", "no"))
    assert (v.rule, v.message) == ("C:401.7", "no")


def test_config_conversion_and_errors() -> None:
    """A GameConfig message becomes the engine's configuration (empty edition: the
    default); ConfigError fields become GameConfig paths."""
    msg = gc_pb.GameConfig(heroes=["pani", "izian"], decks=[gc_pb.DeckList(card_ids=["ork"] * 5)] * 2)
    config = cv.config_from_proto(msg)
    assert isinstance(config, GameConfig) and config.edition == "C"
    new_game(config)
    assert cv.config_error(ConfigError("decks[1][3]", "bad")).field == "config.decks[1].card_ids[3]"
    assert cv.config_error(ConfigError("heroes[0]", "bad")).field == "config.heroes[0]"
    assert cv.config_error(ConfigError("edition", "bad")).field == "config.edition"


def test_error_paths_use_request_indices(states: list) -> None:  # type: ignore[type-arg]
    """Error paths index the lists as the request has them, even when the cards or usage
    markers are not in canonical order (decoding sorts only after validation)."""
    msg = cv.state_to_proto(states[len(states) // 2])
    cards = list(msg.cards)[::-1]
    del msg.cards[:]
    msg.cards.extend(cards)
    msg.cards[1].card_id = "nope"
    with pytest.raises(cv.InputError) as info:
        cv.decode_state(msg)
    assert info.value.field == "state.cards[1].card_id"
    msg.cards[1].card_id = cards[1].card_id
    hero = next(i for i, c in enumerate(msg.cards) if c.card_id in ("pani", "izian", "sharl_de_lorm", "almanz_brontoboy"))
    msg.cards[hero].usage.add(ability=5, count=1)
    msg.cards[hero].usage.add(ability=0, count=0)
    with pytest.raises(cv.InputError) as info:
        cv.decode_state(msg)
    assert info.value.field.startswith(f"state.cards[{hero}].usage[")


def test_modifier_owner_is_carried_exactly_for_its_duration(states: list) -> None:  # type: ignore[type-arg]
    """``StrikeModifier.owner`` (INTERPRETING.md, entry 23): set in the message and present in
    the JSON form exactly for "start_of_owner_turn"; the other durations keep their form."""
    base = next(s for s in states if s.step == "choice")
    uid = base.players[0].hero
    data = to_dict(base)
    data["modifiers"] = [{"target": uid, "amount": 2, "until": "start_of_owner_turn", "owner": 1},
                         {"target": uid, "amount": 1, "until": "start_of_turn"}]
    msg = cv.state_dict_to_proto(data)
    assert msg.modifiers[0].HasField("owner") and msg.modifiers[0].owner == 1
    assert not msg.modifiers[1].HasField("owner")
    back, decoded = cv.decode_state(state_pb2.State.FromString(msg.SerializeToString()))
    assert decoded["modifiers"] == data["modifiers"] == to_dict(back)["modifiers"]
    msg.modifiers[0].ClearField("owner")
    with pytest.raises(Exception, match="owner"):
        cv.decode_state(msg)
