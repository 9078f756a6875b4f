"""The service's state cache (oracle/service/state_cache.py): a state the server answered
with and a client sends back is taken from the cache instead of being decoded again, and
the answers are exactly those of a server without the cache.

The real-server tests run two servers side by side, one with the default cache and one
started with ``--state-cache 0``, and compare their answers byte for byte; the per-call log
line of the caching server says whether its state was a cache ``hit`` or ``miss``."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator
from dataclasses import fields
from pathlib import Path
from typing import Any

import grpc
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from oracle._proto.berserk.oracle.v1 import oracle_service_pb2 as pb
from oracle._proto.berserk.oracle.v1 import oracle_service_pb2_grpc as pb_grpc
from oracle.editions import EDITIONS
from oracle.engine import IllegalAction, apply, check, decision, legal_actions
from oracle.model import CHANCE, Action, Card, Player, State
from oracle.sampler import play_random_game, random_action
from oracle.service import convert as cv
from oracle.service import state_codec as sc
from oracle.service.calls import CallControl
from oracle.service.errors import InputError
from oracle.service.servicer import OracleServicer
from oracle.service.state_cache import StateCache, normalize_usage

from .helpers import ServerProcess, bad_request, game_config, start_server

SERVICE = "/berserk.oracle.v1.OracleService/"


def snapshot(state: State) -> list[tuple[str, Any]]:
    """Every field of ``state``, its cards and players, with the order of every dict and
    list: equal snapshots mean equal states down to iteration order."""
    out: list[tuple[str, Any]] = []
    for f in fields(State):
        if f.name.startswith("_"):  # copy-on-write and speed bookkeeping, not part of the game state
            continue
        value = getattr(state, f.name)
        if f.name == "cards":
            value = [(uid, _record(c)) for uid, c in value.items()]
        elif f.name == "players":
            value = [_record(p) for p in value]
        out.append((f.name, value))
    return out


def _record(obj: Card | Player) -> list[tuple[str, Any]]:
    return [(f.name, list(v.items()) if isinstance(v := getattr(obj, f.name), dict) else v) for f in fields(obj)]


# --- the engine side: why a cached state is the decoded one ------------------------


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), edition=st.sampled_from(EDITIONS))
def test_engine_states_decode_to_themselves(seed: int, edition: str) -> None:
    """Property: every state of a random game (any edition), its usage markers put in the
    decoder's order, equals the state decoded (and validated) from its encoding, down to
    the order of cards, zones and markers; so a cache hit gives the state a miss would."""
    for state in play_random_game(seed, edition=edition).states:
        decoded = sc.state_from_proto(sc.state_to_proto(state))
        assert snapshot(decoded) == snapshot(normalize_usage(state.copy()))


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), edition=st.sampled_from(EDITIONS))
def test_engine_calls_never_change_their_state(seed: int, edition: str) -> None:
    """Property: ``decision``, ``legal_actions``, ``check`` (of every legal action and an
    illegal one) and ``apply`` leave the state they are given unchanged, down to iteration
    order, so one cached state can serve any number of calls."""
    rng = random.Random(seed)
    for state in play_random_game(seed, edition=edition).states[::3]:
        before = snapshot(state)
        decision(state)
        actions = legal_actions(state)
        for action in actions[:20]:
            check(state, action)
        if actions:
            apply(state, rng.choice(actions))
        with pytest.raises(IllegalAction):
            apply(state, Action("end_turn", actor=CHANCE))  # chance never ends a turn
        assert snapshot(state) == before


def test_copy_copies_every_field() -> None:
    """``State.copy`` copies every field of the state, its cards and players (a field added
    to a record and forgotten in a copy method fails here), and shares no mutable part."""
    state = play_random_game(5).states[-1]
    copy = state.copy()
    assert snapshot(copy) == snapshot(state)
    for uid, card in state.cards.items():
        assert copy.cards[uid] is not card
        assert copy.cards[uid].usage is not card.usage and copy.cards[uid].game_usage is not card.game_usage
    for mine, theirs in zip(copy.players, state.players, strict=True):
        assert mine is not theirs
        for f in fields(Player):
            if isinstance(getattr(mine, f.name), list):
                assert getattr(mine, f.name) is not getattr(theirs, f.name)
    for f in fields(State):
        if isinstance(getattr(copy, f.name), (list, dict)):
            assert getattr(copy, f.name) is not getattr(state, f.name)


def test_fork_shares_cards_until_one_is_changed() -> None:
    """``State.fork`` (the copy ``apply`` makes) shares the card records with its source;
    ``card_mut`` gives the fork a private copy of one card before it changes, and the
    source, which shares its cards from then on too, copies before its own changes: a
    change on either side never shows on the other."""
    state = play_random_game(5).states[-1].copy()
    before = snapshot(state)
    fork = state.fork()
    assert snapshot(fork) == before
    uid, other = sorted(state.cards)[:2]
    assert all(fork.cards[u] is state.cards[u] for u in state.cards)
    fork.card_mut(uid).wounds += 1
    assert fork.cards[uid] is not state.cards[uid] and fork.cards[other] is state.cards[other]
    assert fork.card_mut(uid) is fork.cards[uid]  # copied once
    assert snapshot(state) == before
    state.card_mut(other).closed = not state.cards[other].closed
    assert fork.cards[other].closed != state.cards[other].closed
    assert fork.cards[uid].wounds == state.cards[uid].wounds + 1
    for mine, theirs in zip(fork.players, state.players, strict=True):
        assert mine is not theirs and mine.hand is not theirs.hand


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), edition=st.sampled_from(EDITIONS))
def test_apply_changes_only_private_cards(seed: int, edition: str) -> None:
    """Property: every state of a random game (any edition) is left as it was by ``apply``,
    down to each card record it shares with the next state (a rule that changed a card
    without ``State.card_mut`` would change the earlier state and fail here); the states of
    the whole game, snapshotted as they are produced, are unchanged at the end."""
    game = play_random_game(seed, edition=edition)
    replayed = [game.states[0]]
    snaps = [snapshot(game.states[0])]
    for action in game.actions:
        replayed.append(apply(replayed[-1], action).state)
        snaps.append(snapshot(replayed[-1]))
    assert [snapshot(s) for s in replayed] == snaps


# --- the cache itself ---------------------------------------------------------------


def test_cache_is_bounded_and_least_recently_used() -> None:
    """The cache keeps at most ``size`` entries, dropping the least recently used; size 0
    stores nothing; an entry is found only under its own key and mutant."""
    states = play_random_game(2).states[:4]
    cache = StateCache(2)
    cache.put(b"a", "", states[0])
    cache.put(b"b", "", states[1])
    assert cache.get(b"a", "") is states[0]  # "a" is now the most recently used
    cache.put(b"c", "", states[2])
    assert cache.get(b"b", "") is None and cache.get(b"a", "") is states[0] and cache.get(b"c", "") is states[2]
    assert cache.get(b"a", "usage_markers_kept") is None
    assert cache.stats().entries == 2
    off = StateCache(0)
    off.put(b"a", "", states[0])
    assert not off.enabled and off.get(b"a", "") is None and off.stats().entries == 0
    with pytest.raises(ValueError):
        StateCache(-1)


def _servicer_chain(servicer: OracleServicer, seed: int, edition: str, steps: int) -> list[bytes]:
    """Answers of ApplyAction along a game of random legal actions and chance outcomes (as
    the servicer's own engine, mutant included, offers them: :func:`oracle.sampler.random_action`), each request carrying the state the previous
    answer returned (as wire bytes, as a client would)."""
    control = CallControl()
    rng = random.Random(seed)
    msg = sc.state_to_proto(play_random_game(seed, edition=edition).states[0])
    out = []
    for _ in range(steps):
        state = sc.state_from_proto(msg, "state", servicer.mutant)
        if decision(state).actor < 0:
            break
        request = pb.ApplyActionRequest(state=msg, action=cv.action_to_proto(random_action(state, rng)))
        answer = servicer.ApplyAction(pb.ApplyActionRequest.FromString(request.SerializeToString()), control)
        out.append(answer.SerializeToString(deterministic=True))
        assert answer.legal
        msg = pb.ApplyActionResponse.FromString(out[-1]).state
    return out


@pytest.mark.parametrize("mutant", ["", "hidden_poison_fires", "usage_markers_kept"])
@pytest.mark.parametrize("edition", ["A", "C"])
def test_servicer_chain_same_with_and_without_cache(mutant: str, edition: str) -> None:
    """In process, with and without a mutant, in editions A and C: a game fed back call by
    call gets the same answers from a servicer with the cache as from one without, and
    every call after the first is a hit."""
    cached, plain = OracleServicer(mutant), OracleServicer(mutant, state_cache=0)
    answers = _servicer_chain(cached, 11, edition, 80)
    assert len(answers) >= 40
    assert answers == _servicer_chain(plain, 11, edition, 80)
    stats = cached.state_cache.stats()
    assert stats.misses == 1 and stats.hits == len(answers) - 1


def test_decoded_state_sent_again_is_a_hit() -> None:
    """A state the servicer never answered with is decoded and validated once: sent again
    (another action on the same state, as a client searching a game tree does) it is a
    hit, and every answer equals that of a servicer without the cache; a state validation
    refuses is never stored (refused the same way each time, each time a miss)."""
    cached, plain = OracleServicer(), OracleServicer(state_cache=0)
    control = CallControl()
    game = play_random_game(21, edition="R15")
    state = next(s for s in game.states[5:] if decision(s).actor >= 0 and len(legal_actions(s)) > 2)
    msg = sc.state_to_proto(state)
    for action in legal_actions(state)[:3]:
        request = pb.ApplyActionRequest(state=msg, action=cv.action_to_proto(action))
        assert cached.ApplyAction(request, control) == plain.ApplyAction(request, control)
    legal = pb.GetLegalActionsRequest(state=msg)
    assert cached.GetLegalActions(legal, control) == plain.GetLegalActions(legal, control)
    stats = cached.state_cache.stats()
    assert (stats.misses, stats.hits) == (1, 3)
    bad = pb.GetLegalActionsRequest(state=msg)
    bad.state.cards[0].owner = 5
    errors = []
    for _ in range(2):
        with pytest.raises(InputError) as refused:
            cached.GetLegalActions(bad, control)
        errors.append(refused.value.violations)
    assert errors[0] == errors[1] and errors[0][0][0].startswith("state.cards[0]")
    stats = cached.state_cache.stats()
    assert (stats.misses, stats.hits) == (3, 3)


def _refusals(servicer: OracleServicer, state: Any) -> list[list[tuple[str, str]]]:
    """The violations with which ApplyAction (message and wire forms), GetLegalActions and
    CheckAction refuse ``state`` (an ``end_turn`` on it)."""
    control = CallControl()
    back = pb.ApplyActionRequest(state=state, action=cv.action_to_proto(Action("end_turn")))
    calls: list[Callable[[], Any]] = [
        lambda: servicer.ApplyAction(back, control),
        lambda: servicer.apply_action_wire(back.SerializeToString(), control),
        lambda: servicer.GetLegalActions(pb.GetLegalActionsRequest(state=state), control),
        lambda: servicer.CheckAction(pb.CheckActionRequest(state=state, action=back.action), control),
    ]
    out = []
    for call in calls:
        with pytest.raises(InputError) as refused:
            call()
        out.append(refused.value.violations)
    return out


def test_answer_beyond_its_bounds_is_refused_when_sent_back() -> None:
    """Issue 45, item 3 (oracle/validate/bounds.py, Bounds): an answer may exceed a bound by one action's
    growth (``end_turn`` at turn MAX_VALUE answers turn MAX_VALUE + 1); sent back, a servicer
    with the cache refuses it naming ``state.turn``, in every form and method, exactly as one
    without the cache does: the cache never stores a state beyond its bounds."""
    from oracle.validate import MAX_VALUE

    game = play_random_game(3, edition="C")
    state = next(s for s in game.states[10:] if s.step == "choice" and not s.player_effects).copy()
    state.turn = MAX_VALUE
    for c in state.cards.values():  # the turn counters stay at or below the turn
        c.entered_turn = min(c.entered_turn, MAX_VALUE)
    control = CallControl()
    first = pb.ApplyActionRequest(state=sc.state_to_proto(state), action=cv.action_to_proto(Action("end_turn")))
    answers = []
    for servicer in (OracleServicer(), OracleServicer(state_cache=0)):
        answer = servicer.ApplyAction(first, control)
        assert answer.legal and answer.state.turn == MAX_VALUE + 1
        refusals = _refusals(servicer, answer.state)
        assert all(r[0][0] == "state.turn" for r in refusals), refusals
        answers.append(refusals)
    assert answers[0] == answers[1]


def test_servicers_with_other_mutants_share_nothing() -> None:
    """A state answered by the reference servicer is a miss for a mutant servicer in the
    same process (each servicer has its own cache, the mutant is part of the key), and the
    mutant servicer's state carries its mutant."""
    reference, mutant = OracleServicer(), OracleServicer("usage_markers_kept")
    control = CallControl()
    game = play_random_game(4, edition="A")
    first = pb.ApplyActionRequest(state=sc.state_to_proto(game.states[0]), action=cv.action_to_proto(game.actions[0]))
    answer = reference.ApplyAction(first, control)
    second = pb.ApplyActionRequest(state=answer.state, action=cv.action_to_proto(game.actions[1]))
    assert mutant.ApplyAction(second, control) == reference.ApplyAction(second, control)
    assert mutant.state_cache.stats().hits == 0 and reference.state_cache.stats().hits == 1
    assert mutant._state(second).mutant == "usage_markers_kept"


# --- real servers -------------------------------------------------------------------


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    """A server with the default state cache and one started with ``--state-cache 0``."""
    log_dir = tmp_path_factory.mktemp("state-cache")
    cached = start_server(log_dir)
    try:
        plain = start_server(log_dir, "--state-cache", "0")
    except BaseException:
        cached.stop()
        raise
    yield cached, plain
    cached.stop()
    plain.stop()


@pytest.fixture(scope="module")
def stubs(servers: tuple[ServerProcess, ServerProcess]) -> tuple[pb_grpc.OracleServiceStub, pb_grpc.OracleServiceStub]:
    return pb_grpc.OracleServiceStub(servers[0].channel()), pb_grpc.OracleServiceStub(servers[1].channel())


def _rid(tag: str) -> tuple[tuple[str, str], ...]:
    return (("x-request-id", tag),)


def _cache_field(server: ServerProcess, request_id: str) -> str | None:
    record = server.wait_for_log(lambda r: r.get("event") == "rpc" and r.get("request_id") == request_id)
    return record.get("state_cache")


#: The deterministic bytes of every state message the caching server answered with in this
#: module (CreateGame, ApplyAction) or accepted in a request: exactly the keys its cache can hold.
_ANSWERED: set[bytes] = set()


def _note_answer(answer: Any) -> Any:
    """Record the state of ``answer`` (a CreateGame or ApplyAction answer of the caching
    server) among the states the cache may hold, and return ``answer``."""
    if answer.HasField("state"):
        _ANSWERED.add(answer.state.SerializeToString(deterministic=True))
    return answer


def _both(stubs: tuple[Any, Any], method: str, request: Any, tag: str) -> list[Any]:
    """The answer of each server (or its error's code, message and field violations)."""
    out: list[Any] = []
    for i, stub in enumerate(stubs):
        try:
            answer = getattr(stub, method)(request, metadata=_rid(tag))
            if i == 0 and method in ("CreateGame", "ApplyAction"):
                _note_answer(answer)
            if i == 0 and method != "CreateGame" and request.HasField("state"):  # a decoded request's state is stored too
                _ANSWERED.add(request.state.SerializeToString(deterministic=True))
            out.append(answer.SerializeToString(deterministic=True))
        except grpc.RpcError as exc:
            out.append((exc.code(), exc.details(), bad_request(exc)))
    return out


def _random_action(state: Any, rng: random.Random) -> Any:
    """A random legal action (or chance outcome) for a ``State`` message, chosen on the
    client side (:func:`oracle.sampler.random_action`); None once the game is over."""
    decoded = sc.state_from_proto(state)
    if decision(decoded).actor < 0:
        return None
    return cv.action_to_proto(random_action(decoded, rng))


@pytest.fixture(scope="module")
def game_states(stubs: tuple[Any, Any]) -> list[pb.ApplyActionResponse]:
    """Answers of a game played on the caching server from CreateGame, feeding back each
    returned state (at most 60 calls)."""
    pool = stubs[0].GetCardPool(pb.GetCardPoolRequest())
    created = _note_answer(stubs[0].CreateGame(pb.CreateGameRequest(config=game_config(pool), chance_seed=3)))
    rng = random.Random(3)
    out = []
    state = created.state
    for _ in range(60):
        action = _random_action(state, rng)
        if action is None:
            break
        answer = _note_answer(stubs[0].ApplyAction(pb.ApplyActionRequest(state=state, action=action)))
        out.append(answer)
        state = answer.state
    assert len(out) >= 20
    return out


def test_chain_of_calls_same_with_and_without_cache(
    servers: tuple[ServerProcess, ServerProcess], stubs: tuple[Any, Any]
) -> None:
    """A game played through real servers, CreateGame then GetLegalActions and ApplyAction
    on each returned state: every answer (states, events, fingerprints, decisions, legal
    actions) of the caching server equals, byte for byte, that of the server started with
    ``--state-cache 0``; the caching server logs each call after CreateGame as a hit, the
    other logs no cache field."""
    pool = stubs[0].GetCardPool(pb.GetCardPoolRequest())
    request = pb.CreateGameRequest(config=game_config(pool), chance_seed=7)
    created = _both(stubs, "CreateGame", request, "chain-create")
    assert created[0] == created[1]
    state = pb.CreateGameResponse.FromString(created[0]).state
    rng = random.Random(7)
    calls = 0
    for step in range(80):
        legal = _both(stubs, "GetLegalActions", pb.GetLegalActionsRequest(state=state), f"chain-legal-{step}")
        assert legal[0] == legal[1]
        action = _random_action(state, rng)
        if action is None:
            break
        applied = _both(stubs, "ApplyAction", pb.ApplyActionRequest(state=state, action=action), f"chain-apply-{step}")
        assert applied[0] == applied[1]
        answer = pb.ApplyActionResponse.FromString(applied[0])
        assert answer.legal and answer.fingerprint
        state = answer.state
        calls += 1
    assert calls >= 20
    cached, plain = servers
    for step in (0, 1, calls - 1):
        assert _cache_field(cached, f"chain-legal-{step}") == "hit"
        assert _cache_field(cached, f"chain-apply-{step}") == "hit"
        assert _cache_field(plain, f"chain-apply-{step}") is None


def _reverse(values: Any) -> None:
    items = list(values)
    del values[:]
    values.extend(reversed(items))


_TAGS = itertools.count()

#: One-field edits of a returned state (each keeps or breaks validity; the servers must agree).
EDITS: dict[str, Callable[[Any], None]] = {
    "coins_open": lambda s: setattr(s.players[0], "coins_open", s.players[0].coins_open + 1),
    "wounds": lambda s: setattr(s.cards[0], "wounds", s.cards[0].wounds + 1),
    "closed": lambda s: setattr(s.cards[-1], "closed", not s.cards[-1].closed),
    "turn": lambda s: setattr(s, "turn", s.turn + 1),
    "active": lambda s: setattr(s, "active", 1 - s.active),
    "next_trigger_id": lambda s: setattr(s, "next_trigger_id", s.next_trigger_id + 5),
    "hand_order": lambda s: _reverse(s.players[s.active].hand),
    "edition": lambda s: setattr(s, "edition", "A" if s.edition != "A" else "B"),
    "unknown_field": lambda s: s.MergeFromString(b"\xf8\x3f\x01"),  # field 1023, varint 1
}


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_edited_state_never_answered_from_cache(
    servers: tuple[ServerProcess, ServerProcess], stubs: tuple[Any, Any], game_states: list[Any], data: Any
) -> None:
    """Property: a state the server returned, with one field edited by the client (coins,
    a card's wounds or closed flag, turn, active player, trigger counter, hand order,
    edition, an unknown field), is a cache miss unless the edit happens to give, byte for
    byte, another state the server answered with (a hit then is the right answer), and both
    servers give the same answer or the same error (code, message, field violations)."""
    index = data.draw(st.integers(0, len(game_states) - 1), label="state")
    name = data.draw(st.sampled_from(sorted(EDITS)), label="edit")
    answer = game_states[index]
    state = type(answer.state)()
    state.CopyFrom(answer.state)
    EDITS[name](state)
    if state.SerializeToString(deterministic=True) == answer.state.SerializeToString(deterministic=True):
        return  # the edit changed nothing (e.g. reversing a hand of one card)
    tag = f"edit-{name}-{index}-{next(_TAGS)}"  # a request id of its own, to find this call's log line
    answered_before = state.SerializeToString(deterministic=True) in _ANSWERED
    legal = stubs[1].GetLegalActions(pb.GetLegalActionsRequest(state=answer.state))
    action = legal.actions[0] if legal.actions else pb.ApplyActionRequest().action
    results = _both(stubs, "ApplyAction", pb.ApplyActionRequest(state=state, action=action), tag)
    assert results[0] == results[1]
    assert _cache_field(servers[0], tag) == ("hit" if answered_before else "miss")


def test_invalid_state_refused_as_before(
    servers: tuple[ServerProcess, ServerProcess], stubs: tuple[Any, Any], game_states: list[Any]
) -> None:
    """A returned state made invalid (a card owned by seat 5; a card in two zones) is
    refused by the caching server with the same INVALID_ARGUMENT, message and field
    paths as by the server without the cache."""
    base = game_states[len(game_states) // 2].state
    edits: list[Callable[[Any], None]] = [
        lambda s: setattr(s.cards[3], "owner", 5),
        lambda s: s.players[0].hand.append(s.players[0].deck[0] if s.players[0].deck else s.players[0].hero),
    ]
    for i, edit in enumerate(edits):
        state = type(base)()
        state.CopyFrom(base)
        edit(state)
        for method, request in (("ApplyAction", pb.ApplyActionRequest(state=state, action=pb.ApplyActionRequest().action)),
                                ("GetLegalActions", pb.GetLegalActionsRequest(state=state))):
            results = _both(stubs, method, request, f"invalid-{i}-{method}")
            assert isinstance(results[0], tuple) and results[0][0] == grpc.StatusCode.INVALID_ARGUMENT
            assert results[0] == results[1]
            assert _cache_field(servers[0], f"invalid-{i}-{method}") == "miss"


def test_mutant_server_chain_same_with_and_without_cache(tmp_path: Path) -> None:
    """Servers started with ``--mutant usage_markers_kept``, with and without the cache,
    answer a game of edition A fed back call by call identically, and the caching one
    from its cache."""
    cached = start_server(tmp_path, "--mutant", "usage_markers_kept")
    try:
        plain = start_server(tmp_path, "--mutant", "usage_markers_kept", "--state-cache", "0")
    except BaseException:
        cached.stop()
        raise
    try:
        stubs = (pb_grpc.OracleServiceStub(cached.channel()), pb_grpc.OracleServiceStub(plain.channel()))
        rng = random.Random(21)
        state = sc.state_to_proto(play_random_game(21, edition="A").states[0])
        for step in range(60):
            decoded = sc.state_from_proto(state, "state", "usage_markers_kept")
            action = cv.action_to_proto(random_action(decoded, rng))
            results = _both(stubs, "ApplyAction", pb.ApplyActionRequest(state=state, action=action), f"mutant-{step}")
            assert results[0] == results[1]
            state = pb.ApplyActionResponse.FromString(results[0]).state
        assert _cache_field(cached, "mutant-0") == "miss"
        assert _cache_field(cached, "mutant-59") == "hit"
    finally:
        cached.stop()
        plain.stop()


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), edition=st.sampled_from(EDITIONS))
def test_encoding_reused_from_the_previous_state_is_the_encoding(seed: int, edition: str) -> None:
    """Property: along a random game (any edition), encoding each next state with the
    encodings of the state it was applied to (``encode_state_reusing``, the ApplyAction path
    of a cache hit) gives exactly the message bytes and fingerprint of a fresh encoding."""
    game = play_random_game(seed, edition=edition)
    prev = game.states[0]
    _, _, encodings = sc.encode_state_reusing(prev)
    for action in game.actions:
        nxt = apply(prev, action).state
        msg, fingerprint, encodings = sc.encode_state_reusing(nxt, None, (prev, encodings))
        fresh, fresh_fingerprint = sc.encode_state(nxt)
        assert msg.SerializeToString() == fresh.SerializeToString() and fingerprint == fresh_fingerprint
        prev = nxt
