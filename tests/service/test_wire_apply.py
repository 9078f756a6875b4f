"""ApplyAction from bytes to bytes (``OracleServicer.apply_action_wire``, the form the server
runs): for any request its answer is byte for byte what parsing the request, calling
``ApplyAction`` and serializing the answer gives, or the same error; and the two pieces of
the wire format it rests on (``oracle.service.wire.split_fields`` and ``fields_end``)."""

from __future__ import annotations

import random

import grpc
import pytest
from google.protobuf import field_mask_pb2
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from oracle import GameConfig, load_pool
from oracle._proto.berserk.oracle.v1 import action_pb2, state_pb2
from oracle._proto.berserk.oracle.v1 import oracle_service_pb2 as pb
from oracle.editions import EDITIONS
from oracle.engine import apply, decision, legal_actions
from oracle.model import Action
from oracle.rules.turn.setup import new_game
from oracle.sampler import play_random_game, random_action
from oracle.service import convert as cv
from oracle.service import state_codec as sc
from oracle.service.calls import CallControl
from oracle.service.errors import InputError, undecodable
from oracle.service.server import ServeConfig
from oracle.service.servicer import APPLY_PARTS, OracleServicer
from oracle.service.wire import fields_end, split_fields, varint

from .helpers import bad_request, crowded_state, in_process_server

APPLY = "/berserk.oracle.v1.OracleService/ApplyAction"


def _answer(servicer: OracleServicer, data: bytes, wire: bool) -> bytes | tuple[str, list[tuple[str, str]]]:
    """The answer's bytes, or the refusal (its type and violations), through the wire form
    (``wire``) or the message form of the call."""
    control = CallControl()
    try:
        if wire:
            return servicer.apply_action_wire(data, control)
        try:
            request = pb.ApplyActionRequest.FromString(data)
        except Exception as exc:  # as the server's interceptor refuses bytes that do not parse
            raise undecodable("request", APPLY, exc) from None
        return servicer.ApplyAction(request, control).SerializeToString()
    except InputError as exc:
        return type(exc).__name__, exc.violations


def _requests(seed: int, edition: str, masks: list[list[str] | None]) -> list[bytes]:
    """ApplyAction requests on states of a random game: a legal action and an action that is
    not (an attack by a card of nobody's), each with each read mask."""
    game = play_random_game(seed, edition=edition)
    rng = random.Random(seed)
    states = [s for s in game.states if decision(s).actor >= 0]
    out = []
    for state in rng.sample(states, min(4, len(states))):
        msg = sc.state_to_proto(state)
        legal = legal_actions(state)
        actions = ([rng.choice(legal)] if legal else []) + [Action("attack", card=99999, targets=(1,))]
        for action in actions:
            for mask in masks:
                request = pb.ApplyActionRequest(state=msg, action=cv.action_to_proto(action))
                if mask is not None:
                    request.read_mask.CopyFrom(field_mask_pb2.FieldMask(paths=mask))
                out.append(request.SerializeToString())
    return out


_MASKS = st.lists(st.one_of(st.none(), st.lists(st.sampled_from(APPLY_PARTS), unique=True)), min_size=1, max_size=3)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), edition=st.sampled_from(EDITIONS), masks=_MASKS,
       mutant=st.sampled_from(["", "usage_markers_kept"]), cache=st.sampled_from([256, 0]))
def test_wire_form_answers_the_bytes_of_the_message_form(
    seed: int, edition: str, masks: list[list[str] | None], mutant: str, cache: int
) -> None:
    """Property: for requests on states of random games of every edition (legal and illegal
    actions, any read mask, with and without a mutant and the state cache), the wire form
    answers exactly the bytes the message form serializes; sent twice (a cache hit the
    second time), and then the answer's state sent back with another action, too."""
    wire, message = OracleServicer(mutant, state_cache=cache), OracleServicer(mutant, state_cache=cache)
    for data in _requests(seed, edition, masks):
        for _ in range(2):
            assert _answer(wire, data, True) == _answer(message, data, False)
        answer = message.ApplyAction(pb.ApplyActionRequest.FromString(data), CallControl())
        if answer.legal and answer.HasField("state"):
            state = sc.state_from_proto(answer.state, "state", mutant)
            for action in legal_actions(state)[:2]:
                follow = pb.ApplyActionRequest(state=answer.state, action=cv.action_to_proto(action)).SerializeToString()
                assert _answer(wire, follow, True) == _answer(message, follow, False)


def _field(number: int, payload: bytes) -> bytes:
    return varint((number << 3) | 2) + varint(len(payload)) + payload


def _mid_game_request() -> tuple[bytes, bytes, bytes]:
    """A state's, an action's and a read mask's bytes of one request."""
    game = play_random_game(5, edition="R15")
    state = next(s for s in game.states[8:] if decision(s).actor >= 0 and legal_actions(s))
    return (sc.state_to_proto(state).SerializeToString(), cv.action_to_proto(legal_actions(state)[0]).SerializeToString(),
            field_mask_pb2.FieldMask(paths=["fingerprint", "events"]).SerializeToString())


@pytest.mark.parametrize("form", [
    "canonical", "action_first", "mask_first", "state_twice", "action_twice", "unknown_field", "varint_field",
    "no_state", "no_action", "empty", "truncated", "bad_length", "state_not_a_state", "action_not_an_action",
    "mask_not_a_mask", "empty_state", "bad_path_and_state_not_a_state", "bad_path_and_invalid_state",
    "invalid_state_and_bad_action", "deep_state", "deep_action",
])
def test_every_request_form_answers_as_the_message_form(form: str) -> None:
    """Requests the wire form takes apart (the fields in any order) and those it hands to
    the message form (a field twice, an unknown or non-length-delimited field, a field
    missing, bytes that do not parse, in the request or inside one of its fields, or only
    one level down, inside the request) are each answered with the bytes, or refused with
    the error, of the message form, its state a miss or (after a valid request on the same
    state) a hit, with the same cache counts."""
    state, action, mask = _mid_game_request()
    bad_mask = field_mask_pb2.FieldMask(paths=["nonsense"]).SerializeToString()
    broken = state_pb2.State.FromString(state)
    broken.cards[0].owner = 7
    invalid_state = broken.SerializeToString()
    bad_action = action_pb2.Action(kind="no_such_kind").SerializeToString()
    deep = varint((99 << 3) | 3) * 100 + varint((99 << 3) | 4) * 100
    data = {
        "canonical": _field(1, state) + _field(2, action) + _field(3, mask),
        "action_first": _field(2, action) + _field(1, state),
        "mask_first": _field(3, mask) + _field(2, action) + _field(1, state),
        "state_twice": _field(1, state) + _field(2, action) + _field(1, state),
        "action_twice": _field(1, state) + _field(2, action) + _field(2, action),
        "unknown_field": _field(1, state) + _field(2, action) + _field(9, b"x"),
        "varint_field": _field(1, state) + _field(2, action) + b"\x28\x01",
        "no_state": _field(2, action),
        "no_action": _field(1, state),
        "empty": b"",
        "truncated": (_field(1, state) + _field(2, action))[:-3],
        "bad_length": b"\x0a\xff\xff\xff\xff\x0f",
        "state_not_a_state": _field(1, b"\xff\xff") + _field(2, action),
        "action_not_an_action": _field(1, state) + _field(2, b"\x0a\x05ab"),
        "mask_not_a_mask": _field(1, state) + _field(2, action) + _field(3, b"\x0a"),
        "empty_state": _field(1, b"") + _field(2, action),
        "bad_path_and_state_not_a_state": _field(1, b"\xff\xff") + _field(2, action) + _field(3, bad_mask),
        "bad_path_and_invalid_state": _field(1, invalid_state) + _field(2, action) + _field(3, bad_mask),
        "invalid_state_and_bad_action": _field(1, invalid_state) + _field(2, bad_action),
        # unknown groups nested 100 deep parse alone but not one level down, in the request
        "deep_state": _field(1, state + deep) + _field(2, action),
        "deep_action": _field(1, state) + _field(2, action + deep),
    }[form]
    for _ in range(2):
        assert _answer(OracleServicer(), data, True) == _answer(OracleServicer(), data, False)
    shared_wire, shared_message = OracleServicer(), OracleServicer()
    for _ in range(2):  # the second call of the same bytes may be a hit
        assert _answer(shared_wire, data, True) == _answer(shared_message, data, False)
    primed_wire, primed_message = OracleServicer(), OracleServicer()
    canonical = _field(1, state) + _field(2, action)
    assert _answer(primed_wire, canonical, True) == _answer(primed_message, canonical, False)
    # the request's state, when it is the canonical request's, is now a hit
    assert _answer(primed_wire, data, True) == _answer(primed_message, data, False)
    w, m = primed_wire.state_cache.stats(), primed_message.state_cache.stats()
    assert (w.hits, w.misses, w.entries) == (m.hits, m.misses, m.entries)  # (a known next state is not stored again)


def test_state_as_sent_is_the_cache_key() -> None:
    """The wire form keys the state cache by the state's bytes as sent: the same bytes sent
    again are a hit, whose next state, already stored with its fingerprint, is not stored
    again (the same answer); and the answer's state, sent back as the server wrote it, is a hit."""
    servicer = OracleServicer()
    state, action, _ = _mid_game_request()
    data = _field(1, state) + _field(2, action)
    first = servicer.apply_action_wire(data, CallControl())
    answer = pb.ApplyActionResponse.FromString(first)
    assert servicer.state_cache.stats().stores == 2  # the request's state (a miss) and the next state
    assert servicer.apply_action_wire(data, CallControl()) == first
    stats = servicer.state_cache.stats()
    assert (stats.misses, stats.hits, stats.stores) == (1, 1, 2)
    nxt = sc.state_from_proto(answer.state)
    follow = pb.ApplyActionRequest(state=answer.state, action=cv.action_to_proto(legal_actions(nxt)[0]))
    servicer.apply_action_wire(follow.SerializeToString(), CallControl())
    assert servicer.state_cache.stats().hits == 2


@given(parts=st.lists(st.tuples(st.sampled_from([1, 2, 3]), st.binary(max_size=300)), max_size=4))
def test_split_fields_finds_each_field_once_or_gives_up(parts: list[tuple[int, bytes]]) -> None:
    """Property: ``split_fields`` of length-delimited fields gives each field's bytes when
    every field is given once, and None (the caller parses the message) when one is given
    twice or is not of the allowed numbers."""
    data = b"".join(_field(n, payload) for n, payload in parts)
    numbers = [n for n, _ in parts]
    got = split_fields(data, frozenset((1, 2)))
    if len(set(numbers)) == len(numbers) and 3 not in numbers:
        assert got == dict(parts)
    else:
        assert got is None


@given(data=st.binary(max_size=40))
def test_split_fields_never_raises(data: bytes) -> None:
    """Property: ``split_fields`` of any bytes answers None or fields whose bytes, written
    again in order, are the bytes it was given (it never raises, never reads past the end)."""
    got = split_fields(data, frozenset((1, 2, 3)))
    if got is not None:
        assert b"".join(_field(n, v) for n, v in got.items()) == data


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), edition=st.sampled_from(EDITIONS), junk=st.binary(max_size=20))
def test_count_field_counts_the_cards_of_a_state(seed: int, edition: str, junk: bytes) -> None:
    """Property: ``count_field`` of a state's bytes (field 11, its cards) is its number of cards,
    for every state of a random game; on those bytes with anything appended it never raises and
    answers either None or a count of at least the cards (what oracle.service.inline reads)."""
    from oracle.service.wire import count_field

    for state in play_random_game(seed, edition=edition).states[::7]:
        data = sc.state_to_proto(state).SerializeToString()
        assert count_field(data, 11) == len(state.cards)
        got = count_field(data + junk, 11)
        assert got is None or got >= len(state.cards)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), edition=st.sampled_from(EDITIONS))
def test_fields_end_cuts_a_state_at_its_players(seed: int, edition: str) -> None:
    """Property: for every state of a random game, serialized without its players and cards,
    ``fields_end(data, 10)`` cuts the bytes into the fields numbered below 10 and those
    above 11, and ``encode_state_wire`` writes the bytes the message serializes to."""
    for state in play_random_game(seed, edition=edition).states[::7]:
        msg = sc.state_to_proto(state)
        head = state_pb2.State()
        head.CopyFrom(msg)
        head.ClearField("players")
        head.ClearField("cards")
        data = head.SerializeToString()
        cut = fields_end(data, 10)
        low, high = state_pb2.State.FromString(data[:cut]), state_pb2.State.FromString(data[cut:])
        assert all(f.number < 10 for f, _ in low.ListFields())
        assert all(f.number > 11 for f, _ in high.ListFields())
        assert sc.encode_state_wire(state)[0] == msg.SerializeToString()


def test_server_answers_apply_action_bytes_of_the_message_form() -> None:
    """Through a real server, ApplyAction answers the bytes the message form gives in
    process, for a request in the canonical order and one with its fields reordered; bytes
    that do not parse are INVALID_ARGUMENT naming ``request``."""
    state, action, mask = _mid_game_request()
    with in_process_server(ServeConfig(host="127.0.0.1", port=0)) as address, grpc.insecure_channel(address) as channel:
        call = channel.unary_unary(APPLY)
        for data in (_field(1, state) + _field(2, action), _field(3, mask) + _field(2, action) + _field(1, state)):
            assert call(data, timeout=10) == _answer(OracleServicer(), data, False)
        with pytest.raises(grpc.RpcError) as refused:
            call(_field(1, b"\xff\xff") + _field(2, action), timeout=10)
        assert refused.value.code() == grpc.StatusCode.INVALID_ARGUMENT  # type: ignore[attr-defined]
        assert bad_request(refused.value)[0][0] == "request"


def test_action_message_bytes_are_not_reparsed_for_the_answer() -> None:
    """An action given in the request is answered as the message form answers it even when
    its bytes are not in the canonical order (the wire form parses the action alone)."""
    state, action, _ = _mid_game_request()
    msg = action_pb2.Action.FromString(action)
    fields = sorted(msg.ListFields(), key=lambda f: -f[0].number)
    reordered = b"".join(action_pb2.Action(**{f.name: v}).SerializeToString() for f, v in fields)
    assert action_pb2.Action.FromString(reordered) == msg
    data = _field(1, state) + _field(2, reordered)
    assert _answer(OracleServicer(), data, True) == _answer(OracleServicer(), data, False)


def test_known_counts_nothing_and_refreshes_recency() -> None:
    """``StateCache.known`` (a next state the server made again) answers the stored entry,
    counts neither a hit nor a miss, and makes the entry the most recently used: the next
    store evicts another one."""
    from oracle.service.state_cache import StateCache

    state = play_random_game(2, edition="C").states[0]
    cache = StateCache(2)
    cache.put(b"a", "", state, None, "fp-a")
    cache.put(b"b", "", state, None, "fp-b")
    entry = cache.known(b"a", "")
    assert entry is not None and entry.fingerprint == "fp-a"
    assert cache.known(b"c", "") is None
    cache.put(b"c", "", state)
    stats = cache.stats()
    assert (stats.hits, stats.misses) == (0, 0)
    assert cache.lookup(b"a", "") is not None and cache.lookup(b"b", "") is None


@pytest.mark.parametrize("held", [False, True])
def test_apply_bytes_run_inline_by_their_work_not_their_size(held: bool) -> None:
    """Issue 45, item 2 (oracle.service.inline): ApplyAction's bytes run on the event loop when
    the state has at most INLINE_MAX_CARDS cards (held by the cache, or counted in the bytes)
    and the read mask asks for no legal actions; a state of 130 + cards in fewer bytes than a
    real game's (15 KB held 1,024 cards), a legal_actions mask or a request the wire form does
    not take apart run in the engine pool.  The message form follows the same rules."""
    from oracle.service.inline import INLINE_MAX_CARDS, message_inline, policy

    servicer = OracleServicer()
    inline = policy(servicer)
    action = cv.action_to_proto(Action("end_turn"))
    for per_side, small in ((10, True), (INLINE_MAX_CARDS, False)):
        state = crowded_state(per_side)
        assert (len(state.cards) <= INLINE_MAX_CARDS) == small
        for mask, asks in ((None, False), (["fingerprint"], False), (["decision", "legal_actions"], True)):
            request = pb.ApplyActionRequest(state=sc.state_to_proto(state), action=action)
            if mask is not None:
                request.read_mask.CopyFrom(field_mask_pb2.FieldMask(paths=mask))
            data = request.SerializeToString()
            if held:
                servicer.apply_action_wire(data, CallControl())
                assert servicer.state_cache.known(request.state.SerializeToString(deterministic=True), "") is not None
            assert inline(APPLY, data) == (small and not asks), (per_side, mask)
            assert message_inline(APPLY, request) == (small and not asks), (per_side, mask)
            assert not inline(APPLY, data + _field(9, b"x"))  # an unknown field: parsed whole, in the pool
    legal = pb.GetLegalActionsRequest(state=sc.state_to_proto(crowded_state(0)))
    assert not inline("/berserk.oracle.v1.OracleService/GetLegalActions", legal)  # always a list of actions


def test_a_real_game_of_decks_of_60_runs_inline() -> None:
    """A game of two decks of 60 (about INLINE_MAX_CARDS cards) runs on the event loop all
    along: its states never have more cards than that."""
    from oracle.service.inline import INLINE_MAX_CARDS, policy

    inline = policy(OracleServicer(state_cache=0))
    rng = random.Random(1)
    heroes = sorted(c.id for c in load_pool().cards.values() if c.type == "hero")
    others = sorted(c.id for c in load_pool().cards.values() if c.type != "hero" and "created" not in c.keywords)
    state = new_game(GameConfig((heroes[0], heroes[1]), ([rng.choice(others) for _ in range(60)],
                                                         [rng.choice(others) for _ in range(60)]), "R15"))
    for _ in range(150):
        if not legal_actions(state) and decision(state).actor < 0:
            break
        action = random_action(state, rng)
        data = pb.ApplyActionRequest(state=sc.state_to_proto(state), action=cv.action_to_proto(action)).SerializeToString()
        assert inline(APPLY, data), len(state.cards)
        state = apply(state, action).state
    assert INLINE_MAX_CARDS - 10 <= len(state.cards) <= INLINE_MAX_CARDS


def test_read_masks_kept_by_their_bytes_answer_as_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """A read mask's bytes seen before are not parsed again on a hit (``_MASKS``, speed only):
    with room for two masks, five masks in turn (no mask among them) on a state the cache
    holds, each sent three times, and a bad path, are answered exactly as the message form
    answers them, while the kept masks are emptied and refilled on the way."""
    from oracle.service import servicer as module

    monkeypatch.setattr(module, "_MASKS", {None: module._FULL_ANSWER})
    monkeypatch.setattr(module, "_MASKS_KEPT", 2)
    state, action, _ = _mid_game_request()
    masks = [["fingerprint"], None, ["state", "events"], ["events", "state"], ["decision", "fingerprint"], ["nope"]]
    wire, message = OracleServicer(), OracleServicer()
    clears = 0
    for paths in masks * 2:
        data = _field(1, state) + _field(2, action)
        if paths is not None:
            data += _field(3, field_mask_pb2.FieldMask(paths=paths).SerializeToString())
        for _ in range(3):
            before = len(module._MASKS)
            assert _answer(wire, data, True) == _answer(message, data, False)
            clears += len(module._MASKS) < before
    assert clears > 0 and len(module._MASKS) <= 2
    assert all(b"nope" not in (k or b"") for k in module._MASKS)  # a mask refused is not kept


def test_card_encodings_of_another_state_are_not_taken() -> None:
    """The encoding of a state made with a base state whose cards are other records (the same
    uids) or other cards (as many, one uid not the state's) is the fresh encoding: the base
    lends only the encodings of the records the two share, and a base with other uids none."""
    game = play_random_game(3, edition="R15")
    first, later = game.states[0], game.states[-1]
    _, _, encodings = sc.encode_state_reusing(first)
    fresh = sc.encode_state(later)
    assert sc.encode_state_reusing(later, None, (first, encodings))[:2] == fresh  # the same uids, other records
    other = first.copy()
    uid = max(other.cards)
    other.cards[uid + 1000] = other.cards.pop(uid)  # as many cards, one uid not in ``later``
    assert sc.encode_state_reusing(later, None, (other, encodings))[:2] == fresh
