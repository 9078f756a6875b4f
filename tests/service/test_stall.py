"""No request stalls the server (issue 45, item 2; docs/SERVICE.md, "Concurrency"): while a
request of any size or read mask runs, a health check on another channel is answered within
:data:`HEALTH_BOUND` seconds.  The server runs a call on its event loop only when its work is
bounded by a real game's size (:mod:`oracle.service.inline`); before, 15 KB of ApplyAction bytes
(a state of ~640 cards with the ``legal_actions`` read mask) held the loop, and every health
check, for seconds."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import grpc
import pytest
from google.protobuf import field_mask_pb2
from grpc_health.v1 import health_pb2

from oracle._proto.berserk.oracle.v1 import oracle_service_pb2 as pb
from oracle.model import Action
from oracle.service import convert as cv
from oracle.service import state_codec as sc
from oracle.service.inline import INLINE_MAX_CARDS
from tests.engine.test_enumeration_cost import _declaration, crafted

from .helpers import ServerProcess, crowded_state, start_server

#: The longest a health check may wait behind any other request (docs/SERVICE.md states it).
HEALTH_BOUND = 0.5
_SERVICE = "/berserk.oracle.v1.OracleService/"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    proc = start_server(tmp_path_factory.mktemp("stall"))
    yield proc
    proc.stop()


def _requests() -> dict[str, tuple[str, bytes]]:
    """Heavy requests by name: (method, request bytes)."""
    crowded = sc.state_to_proto(crowded_state(300))  # ~640 cards in ~15 KB
    largest_inline = sc.state_to_proto(crowded_state((INLINE_MAX_CARDS - 60) // 2))
    end_turn = cv.action_to_proto(Action("end_turn"))
    with_legal = pb.ApplyActionRequest(state=crowded, action=end_turn,
                                       read_mask=field_mask_pb2.FieldMask(paths=["fingerprint", "legal_actions"]))
    assert len(with_legal.SerializeToString()) < 16384 and len(crowded.cards) > 600
    # two pending «Найм» of up to five targets among 60 creatures (millions of target lists),
    # in fewer than INLINE_MAX_CARDS cards: it runs on the event loop, which asks for one or
    # two lists, never all (tests/engine/test_enumeration_cost.py)
    volleys = crafted(60)
    assert len(volleys.cards) <= INLINE_MAX_CARDS
    volley_apply = pb.ApplyActionRequest(state=sc.state_to_proto(volleys), action=cv.action_to_proto(_declaration(volleys)))
    return {
        "apply_pending_volleys": ("ApplyAction", volley_apply.SerializeToString()),
        "apply_bytes_legal_actions": ("ApplyAction", with_legal.SerializeToString()),
        "get_legal_actions": ("GetLegalActions", pb.GetLegalActionsRequest(state=crowded).SerializeToString()),
        "apply_crowded": ("ApplyAction", pb.ApplyActionRequest(state=crowded, action=end_turn).SerializeToString()),
        "check_crowded": ("CheckAction", pb.CheckActionRequest(state=crowded, action=end_turn).SerializeToString()),
        "apply_largest_inline": ("ApplyAction", pb.ApplyActionRequest(
            state=largest_inline, action=end_turn,
            read_mask=field_mask_pb2.FieldMask(paths=["state", "events", "decision"])).SerializeToString()),
    }


_REQUESTS = _requests()


def _health_waits(server: ServerProcess, busy: threading.Event, waits: list[float]) -> None:
    """Health checks one after the other on a channel of their own while ``busy`` is set."""
    check = server.channel().unary_unary("/grpc.health.v1.Health/Check", request_serializer=lambda b: b,
                                         response_deserializer=lambda b: b)
    request = health_pb2.HealthCheckRequest().SerializeToString()
    check(request, timeout=10)
    while busy.is_set():
        started = time.perf_counter()
        check(request, timeout=10)
        waits.append(time.perf_counter() - started)
        time.sleep(0.005)


@pytest.mark.parametrize("name", sorted(_REQUESTS))
@pytest.mark.parametrize("deadline", [None, 0.3])
def test_no_request_keeps_a_health_check_waiting(server: ServerProcess, name: str, deadline: float | None) -> None:
    """Issue 45, item 2: while each heavy request runs (also when its client gives up after
    0.3 s, whose work goes on in the engine pool until its next check), every health check
    is answered within HEALTH_BOUND; the heaviest request itself takes longer than that, so
    on the event loop it would have held them."""
    method, data = _REQUESTS[name]
    call = server.channel().unary_unary(_SERVICE + method, request_serializer=lambda b: b,
                                        response_deserializer=lambda b: b)
    busy, waits = threading.Event(), []  # type: ignore[var-annotated]
    busy.set()
    checker = threading.Thread(target=_health_waits, args=(server, busy, waits))
    checker.start()
    time.sleep(0.05)
    started = time.perf_counter()
    try:
        call(data, timeout=deadline or 60)
    except grpc.RpcError as exc:
        assert deadline is not None and exc.code() == grpc.StatusCode.DEADLINE_EXCEEDED, exc
    took = time.perf_counter() - started
    time.sleep(0.3 if deadline else 0.05)  # health checks go on after a deadline, while the work ends
    busy.clear()
    checker.join(30)
    assert waits, "no health check answered"
    assert max(waits) <= HEALTH_BOUND, (name, took, sorted(waits)[-3:])
    if name == "apply_bytes_legal_actions" and deadline is None:
        assert took > HEALTH_BOUND, took  # the request is heavy enough to show a stall
