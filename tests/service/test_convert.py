"""The proto <-> engine conversions of :mod:`oracle.service.convert` (no server)."""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

import pytest
from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message
from hypothesis import given, settings
from hypothesis import strategies as st

from oracle import CHANCE, Action, GameConfig, new_game
from oracle._proto.berserk.oracle.v1 import action_pb2, state_pb2
from oracle._proto.berserk.oracle.v1 import game_config_pb2 as gc_pb
from oracle._proto.berserk.oracle.v1 import oracle_service_pb2 as pb
from oracle.actions import encode
from oracle.cards import load_pool
from oracle.engine import Decision, apply
from oracle.model import ACTION_KINDS, Card, Event, State, Violation
from oracle.rules.turn.setup import ConfigError, new_game_with_events
from oracle.sampler import play_random_game, random_action
from oracle.serialize import StateError, canonical_json, fingerprint, fingerprint_data, from_dict, parse, to_dict
from oracle.service import convert as cv
from oracle.service import state_codec as sc
from oracle.service.errors import InputError
from oracle.validate import MAX_VALUE, check_card_fields


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
        msg = sc.state_to_proto(state)
        wire = state_pb2.State.FromString(msg.SerializeToString())
        back, data = sc.decode_state(wire)
        assert to_dict(back) == to_dict(state) == data
        assert fingerprint_data(data) == fingerprint(state)
        steps.add(state.step)
    assert {"setup_mulligan", "choice", "game_over"} <= steps


def test_state_mappings(states: list) -> None:  # type: ignore[type-arg]
    """Enums and optional fields map as documented: step names, result <-> winner,
    absent first_player/roll_winner <-> -1, absent attack <-> None."""
    first = sc.state_to_proto(states[0])
    assert first.step == state_pb2.STEP_SETUP_ROLL or first.step == state_pb2.STEP_SETUP_SHUFFLE
    assert not first.HasField("first_player") or states[0].first_player >= 0
    over = next(s for s in states if s.winner >= 0)
    assert sc.state_to_proto(over).result == {0: 1, 1: 2, 2: 3}[over.winner]
    assert sc.state_to_proto(over).step == state_pb2.STEP_GAME_OVER
    assert set(sc.STEP_FROM_PROTO.values()) == {s for s in sc.STEP_TO_PROTO}
    with_attack = [s for s in states if s.attack is not None]
    for s in with_attack:
        assert sc.state_to_proto(s).HasField("attack")


def test_decoding_is_order_insensitive(states: list) -> None:  # type: ignore[type-arg]
    """Cards listed in any order decode to the same state and fingerprint."""
    state = states[len(states) // 2]
    msg = sc.state_to_proto(state)
    cards = list(msg.cards)
    random.Random(1).shuffle(cards)
    del msg.cards[:]
    msg.cards.extend(cards)
    _, data = sc.decode_state(msg)
    assert fingerprint_data(data) == fingerprint(state)


def test_next_trigger_id_zero_reads_as_one(states: list) -> None:
    """next_trigger_id 0 (the proto3 default) is read as 1."""
    msg = sc.state_to_proto(states[0])
    msg.next_trigger_id = 0
    assert sc.state_from_proto(msg).next_trigger_id == 1


def test_mutant_is_set_on_decoded_states(states: list) -> None:
    """The server's mutant name is set on every decoded state (not part of the proto)."""
    assert sc.state_from_proto(sc.state_to_proto(states[0]), mutant="lifo_queue").mutant == "lifo_queue"


def test_state_error_paths(states: list) -> None:
    """Engine StateError fields are prefixed with the request field; winner is named
    result, the proto's name."""
    over = next(s for s in states if s.winner >= 0)
    msg = sc.state_to_proto(over)
    msg.result = state_pb2.GAME_RESULT_UNSPECIFIED
    with pytest.raises(InputError) as info:
        sc.state_from_proto(msg, "request.state")
    assert info.value.field == "request.state.step"
    msg = sc.state_to_proto(over)
    msg.step = state_pb2.STEP_CHOICE
    with pytest.raises(InputError) as info:
        sc.state_from_proto(msg)
    assert info.value.field in ("state.step", "state.result")
    assert sc._state_field("winner") == "result" and sc._state_field("players[1].hand[2]") == "players[1].hand[2]"


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
    with pytest.raises(InputError) as info:
        cv.action_from_proto(action_pb2.Action(kind="attack", card=5, encoded="end_turn"), "a")
    assert info.value.field == "a.kind"
    with pytest.raises(InputError) as info:
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
    with pytest.raises(InputError) as info:
        cv.action_from_proto(action_pb2.Action(encoded="end_turn actor=player_1", actor=action_pb2.ACTOR_PLAYER_2))
    assert info.value.field == "action.actor"


def test_action_actor_must_be_a_player_or_chance() -> None:
    """ACTOR_NOBODY and numbers the enum does not define are refused in an Action."""
    for value in (action_pb2.ACTOR_NOBODY, 5, 17):
        with pytest.raises(InputError) as info:
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
        with pytest.raises(InputError) as info:
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
    with pytest.raises(InputError):
        cv.decision_actor_from_proto(action_pb2.ACTOR_UNSPECIFIED)
    e = cv.event_to_proto(Event("wounded", ("C:307.2", "R15:510.1"), (("card", 7), ("amount", 2), ("why", "fight"))))
    assert list(e.rules) == ["C:307.2", "R15:510.1"]
    assert [(f.key, f.value) for f in e.data] == [("card", "7"), ("amount", "2"), ("why", "fight")]
    v = cv.violation_to_proto(Violation("C:401.7", "no"))
    assert (v.rule, v.message) == ("C:401.7", "no")


def test_config_conversion_and_errors() -> None:
    """A GameConfig message becomes the engine's configuration (empty edition: the
    default); ConfigError fields become GameConfig paths."""
    msg = gc_pb.GameConfig(heroes=["test_geroy_pervogo_khoda", "test_geroy_snayper"], decks=[gc_pb.DeckList(card_ids=["ork"] * 5)] * 2)
    config = cv.config_from_proto(msg)
    assert isinstance(config, GameConfig) and config.edition == "C"
    new_game(config)
    assert cv.config_error(ConfigError("decks[1][3]", "bad")).field == "config.decks[1].card_ids[3]"
    assert cv.config_error(ConfigError("heroes[0]", "bad")).field == "config.heroes[0]"
    assert cv.config_error(ConfigError("edition", "bad")).field == "config.edition"


def test_error_paths_use_request_indices(states: list) -> None:  # type: ignore[type-arg]
    """Error paths index the lists as the request has them, even when the cards or usage
    markers are not in canonical order (decoding sorts only after validation)."""
    msg = sc.state_to_proto(states[len(states) // 2])
    cards = list(msg.cards)[::-1]
    del msg.cards[:]
    msg.cards.extend(cards)
    msg.cards[1].card_id = "nope"
    with pytest.raises(InputError) as info:
        sc.decode_state(msg)
    assert info.value.field == "state.cards[1].card_id"
    msg.cards[1].card_id = cards[1].card_id
    hero = next(i for i, c in enumerate(msg.cards) if c.card_id in ("test_geroy_pervogo_khoda", "test_geroy_snayper", "test_geroy_vtorogo_khoda", "test_geroy_strazh"))
    msg.cards[hero].usage.add(ability=5, count=1)
    msg.cards[hero].usage.add(ability=0, count=0)
    with pytest.raises(InputError) as info:
        sc.decode_state(msg)
    assert info.value.field.startswith(f"state.cards[{hero}].usage[")


def test_modifier_owner_is_carried_exactly_for_its_duration(states: list) -> None:  # type: ignore[type-arg]
    """``StrikeModifier.owner`` (INTERPRETING.md, entry 23): set in the message and present in
    the JSON form exactly for "start_of_owner_turn"; the other durations keep their form."""
    base = next(s for s in states if s.step == "choice")
    uid = base.players[0].hero
    data = to_dict(base)
    data["modifiers"] = [{"target": uid, "amount": 2, "until": "start_of_owner_turn", "owner": 1},
                         {"target": uid, "amount": 1, "until": "start_of_turn"}]
    msg = sc.state_dict_to_proto(data)
    assert msg.modifiers[0].HasField("owner") and msg.modifiers[0].owner == 1
    assert not msg.modifiers[1].HasField("owner")
    back, decoded = sc.decode_state(state_pb2.State.FromString(msg.SerializeToString()))
    assert decoded["modifiers"] == data["modifiers"] == to_dict(back)["modifiers"]
    msg.modifiers[0].ClearField("owner")
    with pytest.raises(Exception, match="owner"):
        sc.decode_state(msg)


# --- the direct codec against the dict path (the reference) ---------------------------

EDITION_NAMES = ("A", "B", "C")


@lru_cache(maxsize=64)
def _game_states(seed: int, edition: str) -> tuple[State, ...]:
    return tuple(play_random_game(seed, edition).states)


def _game_state(seed: int, edition: str, where: float) -> State:
    states = _game_states(seed, edition)
    return states[min(len(states) - 1, int(where * len(states)))]


game_states = st.builds(_game_state, st.integers(0, 400), st.sampled_from(EDITION_NAMES), st.floats(0, 1))


def _same_state(a: State, b: State) -> None:
    """Equal as states (dataclass equality, the mutant included), in the canonical form,
    and in the order of every dict (cards as listed, usage markers as listed)."""
    assert a == b
    assert to_dict(a) == to_dict(b)
    assert list(a.cards) == list(b.cards)
    assert [(list(c.usage), list(c.game_usage)) for c in a.cards.values()] == [
        (list(c.usage), list(c.game_usage)) for c in b.cards.values()
    ]


def _check_encoding(state: State) -> None:
    """The direct encoder, canonical text and fingerprint equal the dict path's, with the
    card caches cold and warm."""
    reference = sc.state_dict_to_proto(to_dict(state))
    text = canonical_json(state)
    for _ in range(2):
        assert sc.state_to_proto(state) == reference
        assert sc.state_to_proto(state).SerializeToString(deterministic=True) == reference.SerializeToString(
            deterministic=True
        )
        assert sc.canonical_text(state).encode("utf-8") == text.encode("utf-8")
        assert sc.state_fingerprint(state) == fingerprint(state)
        out = state_pb2.State()
        msg, fp = sc.encode_state(state, out)
        assert msg is out and out == reference and fp == fingerprint(state)


@settings(max_examples=150, deadline=None)
@given(game_states, st.booleans())
def test_direct_codec_equals_the_dict_path_on_game_states(state: State, cold: bool) -> None:
    """On states of random games (every edition): encoding, canonical text and fingerprint
    are the dict path's; decoding gives the reference's state (same dict orders), through
    the wire format too, the fast path accepting every such state."""
    if cold:
        cv.clear_caches()
    _check_encoding(state)
    msg = state_pb2.State.FromString(sc.state_dict_to_proto(to_dict(state)).SerializeToString())
    assert sc._decode_direct(msg) is not None
    for _ in range(2):
        _same_state(sc.state_from_proto(msg, "state", "m"), sc.decode_state(msg, "state", "m")[0])


_INTS = (-(2**31), -3, -2, -1, 0, 1, 2, 3, 4, 127, 128, 300, MAX_VALUE - 1, MAX_VALUE, MAX_VALUE + 1, 2**31 - 1)
_STRINGS = ("", "A", "B", "C", "Z", "test_geroy_snayper", "test_geroy_pervogo_khoda", "legat_akkenii", "nope", "strike_attack", "activated",
            "triggered", "spell", "end_of_turn", "start_of_turn", "start_of_owner_turn", "ж", 'q"\\\n')
_FD = FieldDescriptor


def _slots(msg: Message) -> list[tuple[Message, Any]]:
    """Every (message, field) of ``msg`` and its sub-messages."""
    out: list[tuple[Message, Any]] = []
    for fd in msg.DESCRIPTOR.fields:
        out.append((msg, fd))
        if fd.message_type is not None:
            if fd.is_repeated:
                for sub in getattr(msg, fd.name):
                    out += _slots(sub)
            elif msg.HasField(fd.name):
                out += _slots(getattr(msg, fd.name))
    return out


def _value(fd: Any, data: st.DataObject, uids: list[int]) -> Any:
    if fd.type == _FD.TYPE_BOOL:
        return data.draw(st.booleans())
    if fd.type == _FD.TYPE_STRING:
        return data.draw(st.sampled_from(_STRINGS))
    if fd.type == _FD.TYPE_ENUM:
        return data.draw(st.integers(-1, 16))
    return data.draw(st.sampled_from(_INTS) | st.sampled_from(uids or [1]) | st.integers(-3, 130))


def _mutate(msg: state_pb2.State, data: st.DataObject) -> None:
    """One random change: a field set to an odd value (a bound, a uid in use…), a list
    entry set, dropped, duplicated or appended, an optional field or sub-message cleared,
    two cards swapped."""
    uids = [c.uid for c in msg.cards]
    target, fd = data.draw(st.sampled_from(_slots(msg)))
    field = getattr(target, fd.name)
    if fd.message_type is not None and fd.is_repeated:
        kind = data.draw(st.sampled_from(["drop", "duplicate", "append", "swap"]))
        if kind == "append" or not len(field):
            field.add()
        elif kind == "drop":
            del field[data.draw(st.integers(0, len(field) - 1))]
        elif kind == "duplicate":
            field.add().CopyFrom(field[data.draw(st.integers(0, len(field) - 1))])
        else:
            items = list(field)
            i, j = data.draw(st.integers(0, len(items) - 1)), data.draw(st.integers(0, len(items) - 1))
            items[i], items[j] = items[j], items[i]
            copies = [type(x)() for x in items]
            for c, x in zip(copies, items, strict=True):
                c.CopyFrom(x)
            del field[:]
            field.extend(copies)
    elif fd.message_type is not None:
        if target.HasField(fd.name) and data.draw(st.booleans()):
            target.ClearField(fd.name)
        else:
            sub = getattr(target, fd.name)
            # a scalar field of the sub-message (``choosing.entry`` is a message: it is changed
            # as a whole by clearing ``choosing``)
            scalars = [f for f in sub.DESCRIPTOR.fields if f.message_type is None]
            if not scalars:
                target.ClearField(fd.name)
                return
            sub_fd = data.draw(st.sampled_from(scalars))
            setattr(sub, sub_fd.name, _value(sub_fd, data, uids))
    elif fd.is_repeated:
        kind = data.draw(st.sampled_from(["set", "drop", "append"]))
        if kind == "append" or not len(field):
            field.append(_value(fd, data, uids))
        elif kind == "drop":
            del field[data.draw(st.integers(0, len(field) - 1))]
        else:
            field[data.draw(st.integers(0, len(field) - 1))] = _value(fd, data, uids)
    elif fd.has_presence and target.HasField(fd.name) and data.draw(st.booleans()):
        target.ClearField(fd.name)
    else:
        setattr(target, fd.name, _value(fd, data, uids))


def _outcome(decode: Any) -> tuple[str, Any, Any]:
    try:
        return ("ok", decode(), None)
    except InputError as exc:
        return ("error", exc.field, exc.reason)


@settings(max_examples=400, deadline=None)
@given(game_states, st.data())
def test_direct_decoder_equals_the_dict_path_on_mutated_messages(state: State, data: st.DataObject) -> None:
    """On messages with one to three random changes: the direct decoder gives the
    reference's state or the reference's error (same field, same reason); its fast path
    accepts exactly what the reference's reading (``state_dict_from_proto`` + ``parse``)
    accepts with every card passing ``check_card_fields`` (the checks of a card alone, made
    once per distinct card) and reads the same state; a state it accepts encodes as the
    dict path's."""
    msg = sc.state_dict_to_proto(to_dict(state))
    for _ in range(data.draw(st.integers(1, 3))):
        _mutate(msg, data)
    msg = state_pb2.State.FromString(msg.SerializeToString())
    if data.draw(st.booleans()):
        cv.clear_caches()
    try:
        parsed: State | None = parse(sc.state_dict_from_proto(msg))
        for i, c in enumerate(parsed.cards.values()):
            check_card_fields(c, i)
    except (InputError, StateError):
        parsed = None
    fast = sc._decode_direct(msg)
    if parsed is None or fast is None:
        assert parsed is None and fast is None
    else:
        _same_state(fast[0], parsed)
    expected = _outcome(lambda: sc.decode_state(msg, "request.state", "m")[0])
    for _ in range(2):  # the second time from the card cache
        got = _outcome(lambda: sc.state_from_proto(msg, "request.state", "m"))
        assert got[0] == expected[0]
        if got[0] == "ok":
            _same_state(got[1], expected[1])
            _check_encoding(got[1])
        else:
            assert got[1:] == expected[1:]


def test_card_cache_keeps_only_exactly_typed_cards(states: list) -> None:  # type: ignore[type-arg]
    """A card whose fields have other types than declared (an int for a bool) is encoded
    by the reference and not kept: its key would equal a typed card's."""
    cv.clear_caches()
    state = states[len(states) // 2].copy()
    uid = next(iter(state.cards))
    c = state.cards[uid]
    state.cards[uid] = Card(c.uid, c.card_id, c.owner, closed=int(c.closed), wounds=c.wounds,  # type: ignore[arg-type]
                            poison=c.poison, hidden=c.hidden, entered_turn=c.entered_turn,
                            attacked_turn=c.attacked_turn, defended_turn=c.defended_turn, usage=dict(c.usage),
                            game_usage=dict(c.game_usage))
    assert sc.canonical_text(state) == canonical_json(state)
    assert not any(key[0] == uid for key in sc._ENCODED_CARDS)
    assert sc.state_fingerprint(states[len(states) // 2]) == fingerprint(states[len(states) // 2])


def test_card_caches_are_bounded(states: list) -> None:  # type: ignore[type-arg]
    """The card and player caches never hold more than their bound."""
    for state in states:
        sc.state_from_proto(sc.state_to_proto(state))
        assert len(sc._DECODED_CARDS) <= sc.CARD_CACHE_SIZE and len(sc._ENCODED_CARDS) <= sc.CARD_CACHE_SIZE
        assert len(sc._DECODED_PLAYERS) <= sc.PLAYER_CACHE_SIZE and len(sc._ENCODED_PLAYERS) <= sc.PLAYER_CACHE_SIZE


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 400), st.sampled_from(EDITION_NAMES), st.booleans())
def test_add_events_equals_event_to_proto(seed: int, edition: str, cold: bool) -> None:
    """The events written directly into a response equal ``event_to_proto``'s messages, in
    order, for every event of a random game (the creation's included), cold and warm."""
    if cold:
        cv.clear_caches()
    states = _game_states(seed, edition)
    rng = random.Random(seed)
    pool = load_pool().cards
    heroes = sorted(k for k, d in pool.items() if d.type == "hero")[:2]
    others = sorted(k for k, d in pool.items() if d.type != "hero")
    config = gc_pb.GameConfig(heroes=heroes, decks=[gc_pb.DeckList(card_ids=others[i : i + 10]) for i in (0, 10)])
    batches = [list(new_game_with_events(cv.config_from_proto(config))[1])]
    for state in states[:: max(1, len(states) // 12)]:
        if state.winner < 0:
            batches.append(list(apply(state, random_action(state, rng)).events))
    odd = [Event("x", (), (("flag", True), ("n", 1), ("", ""), ("ж", "значение"))), Event("", ("a", ""), ())]
    for events in [*batches, odd]:
        for _ in range(2):
            resp = pb.ApplyActionResponse(legal=True)
            cv.add_events(resp, events)
            assert resp == pb.ApplyActionResponse(legal=True, events=[cv.event_to_proto(e) for e in events])
    assert not any(key == ("flag", True) and type(key[1]) is bool for key in cv._EVENT_FIELDS)


@settings(max_examples=100, deadline=None)
@given(actions_strategy)
def test_action_cache_gives_the_uncached_action(action: Action) -> None:
    """``action_from_proto`` answers a message already seen from its cache with what the
    uncached decoder gives; refusals are not kept (the field path is the caller's)."""
    msg = cv.action_to_proto(action)
    for _ in range(2):
        assert cv.action_from_proto(msg) == cv._action_from_proto(msg, "action") == action
    bad = action_pb2.Action(kind="jump")
    for field in ("a", "b"):
        with pytest.raises(InputError) as info:
            cv.action_from_proto(bad, field)
        assert info.value.field == f"{field}.kind"


def _renumber(data: dict[str, Any], factor: int) -> dict[str, Any]:
    """The canonical data of a state with every card uid multiplied by ``factor`` (every
    reference to a card too; 0 and -1, "no card", stay)."""

    def u(uid: int) -> int:
        return uid * factor if uid > 0 else uid

    for p in data["players"]:
        p["hero"] = u(p["hero"])
        for zone in ("deck", "hand", "play", "graveyard", "mulligan"):
            p[zone] = [u(x) for x in p[zone]]
        if "supply" in p:  # the created cards out of the game (R15:206.1)
            p["supply"] = [u(x) for x in p["supply"]]
    for c in data["cards"]:
        c["uid"] = u(c["uid"])
        if "captured_by" in c:  # the card a captured card lies under (R15 glossary «Добывает»)
            c["captured_by"] = u(c["captured_by"])
        if "attached_to" in c:  # a part of a combined card (R15:7.attach)
            c["attached_to"] = u(c["attached_to"])
    for e in data["queue"]:
        e["source"], e["targets"] = u(e["source"]), [u(x) for x in e["targets"]]
    for t in (*data["pending"], *data.get("delayed", ())):  # delayed triggered abilities too (R15:521)
        t["source"], t["subject"] = u(t["source"]), u(t["subject"])
    for item in (*data["queue"], *data["pending"], *data.get("delayed", ()), *data["modifiers"]):
        if "granter" in item:  # the card whose text holds a granted ability (R15:7.gains)
            item["granter"] = u(item["granter"])
    for item in (*data["queue"], *data["pending"], *data.get("delayed", ())):
        if "lineage" in item:  # pairs of source uid and ability index (R15:525.2)
            item["lineage"] = [u(x) if i % 2 == 0 else x for i, x in enumerate(item["lineage"])]
    for m in data["modifiers"]:
        m["target"] = u(m["target"])
    if data["attack"] is not None:
        data["attack"] = {k: u(v) for k, v in data["attack"].items()}
    for key in ("choosing", "choosing_cards", "attaching"):  # the entry of a pending choice (R15:118.1, 7.discard)
        if key in data:
            entry = data[key]["entry"]
            entry["source"], entry["targets"] = u(entry["source"]), [u(x) for x in entry["targets"]]
            if "granter" in entry:
                entry["granter"] = u(entry["granter"])
    if "attaching" in data:  # the entering Модуль creature (R15:7.module)
        data["attaching"]["card"] = u(data["attaching"]["card"])
    if data.get("cancelling"):  # the played card whose cancellation waits (R15:518.1)
        data["cancelling"] = u(data["cancelling"])
    for fx in data.get("player_effects", ()):  # the card whose ability put an effect on a player (R15:521.1)
        fx["source"] = u(fx["source"])
    return data


@settings(max_examples=60, deadline=None)
@given(game_states, st.sampled_from([3, 997, 8191]))
def test_direct_codec_with_large_uids(state: State, factor: int) -> None:
    """Uids of several bytes on the wire (up to about 10**6): the direct codec still equals
    the dict path both ways."""
    big = from_dict(_renumber(to_dict(state), factor))
    _check_encoding(big)
    msg = state_pb2.State.FromString(sc.state_dict_to_proto(to_dict(big)).SerializeToString())
    assert sc._decode_direct(msg) is not None
    _same_state(sc.state_from_proto(msg), sc.decode_state(msg)[0])


def test_direct_codec_carries_the_healed_count(states: list) -> None:  # type: ignore[type-arg]
    """INTERPRETING.md entry 88 — a player's ``creatures_healed_own_turn`` (PlayerState field
    14) goes through the direct codec as through the dict path: encoded, in the canonical
    text exactly when not 0, and decoded back; at 0 the key is absent (fingerprint kept)."""
    base = next(s for s in states if s.turn >= 1 and s.step == "choice")
    assert "creatures_healed_own_turn" not in canonical_json(base)
    for value in (1, 7):
        s = base.copy()
        s.players[1].creatures_healed_own_turn = value
        _check_encoding(s)
        assert f'"creatures_healed_own_turn":{value}' in sc.canonical_text(s)
        msg = state_pb2.State.FromString(sc.state_to_proto(s).SerializeToString())
        assert msg.players[1].creatures_healed_own_turn == value
        decoded = sc.decode_state(msg, "state", "m")[0]
        assert decoded.players[1].creatures_healed_own_turn == value
        assert fingerprint(decoded) == fingerprint(s) != fingerprint(base)


def test_decoded_states_share_card_records_that_the_engine_never_changes(states: list) -> None:  # type: ignore[type-arg]
    """Two decodings of one message share their card records (the decoder keeps one per
    distinct card); the decoded state owns none of them, so applying every legal action to
    one decoding leaves both decodings, and a third one, equal to the reference's state."""
    from oracle.engine import legal_actions

    checked = 0
    for state in states:
        msg = state_pb2.State.FromString(sc.state_to_proto(state).SerializeToString())
        first, second = sc.state_from_proto(msg), sc.state_from_proto(msg)
        assert all(first.cards[uid] is second.cards[uid] for uid in first.cards)
        before = canonical_json(first)
        for action in legal_actions(first)[:8]:
            apply(first, action)
            checked += 1
        assert canonical_json(first) == canonical_json(second) == before
        _same_state(sc.state_from_proto(msg), sc.decode_state(msg)[0])
        uid = next(iter(first.cards))
        first.card_mut(uid).wounds += 1  # a private copy: the shared record stays as decoded
        assert second.cards[uid].wounds == first.cards[uid].wounds - 1
        assert canonical_json(sc.state_from_proto(msg)) == before
    assert checked > 100


def test_a_miss_answers_with_the_encodings_of_the_decoded_cards(states: list) -> None:  # type: ignore[type-arg]
    """The encodings the decoder gives with a state (the miss path of the service) are the
    ones the encoder makes for that state, and a next state encoded with them as its base is
    byte for byte the fresh encoding, with the same fingerprint."""
    from oracle.sampler import random_action as pick

    rng = random.Random(7)
    for state in states:
        if state.winner >= 0:
            continue
        msg = state_pb2.State.FromString(sc.state_to_proto(state).SerializeToString())
        decoded, encodings = sc.state_and_encodings_from_proto(msg)
        assert encodings is not None
        assert encodings == sc._encodings(decoded)
        nxt = apply(decoded, pick(decoded, rng)).state
        reused, fp_reused, _ = sc.encode_state_reusing(nxt, None, (decoded, encodings))
        fresh, fp_fresh = sc.encode_state(nxt)
        assert reused.SerializeToString() == fresh.SerializeToString() and fp_reused == fp_fresh
