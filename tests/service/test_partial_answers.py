"""Partial answers of ApplyAction (``ApplyActionRequest.read_mask``, PROTOCOL.md 2.1): a
masked answer holds ``legal``, ``violations`` and exactly the fields its paths name, each
equal to that field of the unmasked answer; ``legal_actions`` is what GetLegalActions gives
for the next state; a bad path is INVALID_ARGUMENT naming ``read_mask.paths[i]``."""

from __future__ import annotations

import itertools
import random
from typing import Any

import grpc
import pytest
from google.protobuf import field_mask_pb2
from hypothesis import given, settings
from hypothesis import strategies as st

from oracle._proto.berserk.oracle.v1 import oracle_service_pb2 as pb
from oracle._proto.berserk.oracle.v1 import oracle_service_pb2_grpc as pb_grpc
from oracle.engine import decision, legal_actions
from oracle.sampler import play_random_game, random_action
from oracle.service import convert as cv
from oracle.service import state_codec as sc
from oracle.service.calls import CallControl
from oracle.service.errors import InputError
from oracle.service.servicer import APPLY_PARTS, OracleServicer

from .helpers import ServerProcess, bad_request

#: The fields of ApplyActionResponse a mask can leave out (all but legal and violations).
MASKABLE = ("state", "events", "fingerprint", "decision", "legal_actions", "outcomes_not_enumerated")


def _requests(seed: int, edition: str, count: int) -> list[pb.ApplyActionRequest]:
    """``count`` ApplyAction requests from one random game: a state of the game and a
    random legal action (or chance outcome) on it, chance's setup included."""
    game = play_random_game(seed, edition=edition)
    rng = random.Random(seed)
    out = []
    for state in game.states[:: max(1, len(game.states) // count)]:
        if decision(state).actor < 0:
            continue
        action = random_action(state, rng)
        out.append(pb.ApplyActionRequest(state=sc.state_to_proto(state), action=cv.action_to_proto(action)))
    return out


def _masked(request: pb.ApplyActionRequest, paths: list[str]) -> pb.ApplyActionRequest:
    out = pb.ApplyActionRequest()
    out.CopyFrom(request)
    out.read_mask.CopyFrom(field_mask_pb2.FieldMask(paths=paths))
    return out


def _field(answer: pb.ApplyActionResponse, name: str) -> Any:
    value = getattr(answer, name)
    return list(value) if name in ("events", "legal_actions") else value


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), edition=st.sampled_from(["A", "C", "R15"]),
       paths=st.lists(st.sampled_from(APPLY_PARTS), unique=True), index=st.integers(0, 7))
def test_masked_answer_is_the_full_answer_cut_down(seed: int, edition: str, paths: list[str], index: int) -> None:
    """Property, in process: for a random state, action and mask, the masked answer's
    ``legal`` and ``violations`` equal the unmasked answer's, every field the mask names
    equals the unmasked answer's (``legal_actions`` and ``outcomes_not_enumerated``: the
    GetLegalActions answer of the next state), and every field it does not name is empty;
    a servicer with the state cache and one without give the same masked answer."""
    requests = _requests(seed, edition, 8)
    request = requests[index % len(requests)]
    control = CallControl()
    servicer, plain = OracleServicer(), OracleServicer(state_cache=0)
    full = plain.ApplyAction(request, control)
    masked = servicer.ApplyAction(_masked(request, paths), control)
    assert masked == plain.ApplyAction(_masked(request, paths), control)
    assert (masked.legal, list(masked.violations)) == (full.legal, list(full.violations))
    if not full.legal:
        assert masked == full
        return
    legal = plain.GetLegalActions(pb.GetLegalActionsRequest(state=full.state), control)
    expected = {name: _field(full, name) for name in ("state", "events", "fingerprint", "decision")}
    expected["legal_actions"] = list(legal.actions)
    expected["outcomes_not_enumerated"] = legal.outcomes_not_enumerated
    empty = pb.ApplyActionResponse()
    for name in MASKABLE:
        named = name in paths or (name == "outcomes_not_enumerated" and "legal_actions" in paths)
        assert _field(masked, name) == (expected[name] if named else _field(empty, name)), name


def test_unmasked_answer_is_that_of_release_0_1_0() -> None:
    """Without ``read_mask`` the answer has the state, events, fingerprint and decision and
    no legal actions (release 0.1.0's answer)."""
    request = next(r for r in _requests(5, "R15", 8) if r.state.step)
    answer = OracleServicer().ApplyAction(request, CallControl())
    assert answer.legal and answer.HasField("state") and answer.events and answer.fingerprint
    assert answer.HasField("decision") and not answer.legal_actions and not answer.outcomes_not_enumerated


def test_fingerprint_only_answer_follows_a_game() -> None:
    """A client that keeps its own state asks only for the fingerprint: along a random game
    each answer holds just ``legal`` and the fingerprint, equal to the fingerprint of the
    state the client computes itself, and the client's own state (sent as the next request)
    is answered from the state cache after the first call."""
    servicer = OracleServicer()
    control = CallControl()
    game = play_random_game(8, edition="R15")
    for state, action, nxt in itertools.islice(zip(game.states, game.actions, game.states[1:], strict=False), 60):
        answer = servicer.ApplyAction(_masked(pb.ApplyActionRequest(
            state=sc.state_to_proto(state), action=cv.action_to_proto(action)), ["fingerprint"]), control)
        assert answer.legal and answer.fingerprint == sc.state_fingerprint(nxt)
        assert not answer.HasField("state") and not answer.events and not answer.HasField("decision")
    stats = servicer.state_cache.stats()
    assert stats.misses == 1 and stats.hits >= 59


def test_legal_actions_of_a_finished_game_are_empty() -> None:
    """The action that ends a game, with ``legal_actions`` asked: the next decision is
    nobody's and no action is listed."""
    game = play_random_game(2, edition="C")
    request = pb.ApplyActionRequest(state=sc.state_to_proto(game.states[-2]), action=cv.action_to_proto(game.actions[-1]))
    assert decision(game.states[-1]).actor < 0 and not legal_actions(game.states[-1])
    answer = OracleServicer().ApplyAction(_masked(request, ["decision", "legal_actions"]), CallControl())
    assert answer.legal and answer.decision.kind == "game_over"
    assert not answer.legal_actions and not answer.outcomes_not_enumerated


@pytest.mark.parametrize(("paths", "index", "message"), [
    (["fingerprint", "stat"], 1, "unknown path 'stat'"),
    (["legal", "state"], 0, "unknown path 'legal'"),
    (["events", "state", "events"], 2, "given twice"),
])
def test_bad_path_refused_in_process(paths: list[str], index: int, message: str) -> None:
    """An unknown path (a typo; ``legal``, which is always there) or a repeated one is an
    input error on ``read_mask.paths[i]``."""
    request = _masked(_requests(3, "R15", 4)[1], paths)
    with pytest.raises(InputError) as refused:
        OracleServicer().ApplyAction(request, CallControl())
    assert refused.value.violations[0][0] == f"read_mask.paths[{index}]"
    assert message in refused.value.violations[0][1]


def test_masks_on_a_real_server(server: ServerProcess, stub: pb_grpc.OracleServiceStub) -> None:
    """Through a real server: the fingerprint-only answer is the full answer's fingerprint
    alone; ``legal_actions`` equals GetLegalActions on the returned state; an unknown path
    is INVALID_ARGUMENT with a BadRequest field violation on ``read_mask.paths[0]``."""
    request = _requests(4, "R15", 8)[3]
    full = stub.ApplyAction(request)
    assert full.legal
    only = stub.ApplyAction(_masked(request, ["fingerprint"]))
    assert only == pb.ApplyActionResponse(legal=True, fingerprint=full.fingerprint)
    with_actions = stub.ApplyAction(_masked(request, ["state", "legal_actions"]))
    legal = stub.GetLegalActions(pb.GetLegalActionsRequest(state=full.state))
    assert with_actions.state == full.state and list(with_actions.legal_actions) == list(legal.actions)
    with pytest.raises(grpc.RpcError) as refused:
        stub.ApplyAction(_masked(request, ["fingerprints"]))
    assert refused.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert [f for f, _ in bad_request(refused.value)] == ["read_mask.paths[0]"]


def test_probe_mix_of_bench_service(server: ServerProcess, stub: pb_grpc.OracleServiceStub) -> None:
    """``bench_service.py --probe`` builds the outside probe's state mix through the API:
    each request's state waits at a player's main-stage choice with more than one legal
    action, from turn 3 on, and its action is one of them; the fingerprint-only copies
    differ only by the mask."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
    from bench_service import build_probe_requests, with_read_mask

    payloads = build_probe_requests(server.address, 3, seed=5)
    assert len(payloads) == 3
    for payload, masked in zip(payloads, with_read_mask(payloads, ["fingerprint"]), strict=True):
        request = pb.ApplyActionRequest.FromString(payload)
        legal = stub.GetLegalActions(pb.GetLegalActionsRequest(state=request.state))
        assert legal.decision.kind == "choice" and len(legal.actions) > 1 and request.state.turn >= 3
        assert request.action.encoded in {a.encoded for a in legal.actions}
        other = pb.ApplyActionRequest.FromString(masked)
        assert list(other.read_mask.paths) == ["fingerprint"]
        other.ClearField("read_mask")
        assert other == request
