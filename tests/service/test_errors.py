"""Malformed or inconsistent input: INVALID_ARGUMENT with a google.rpc.BadRequest naming
the field (AIP-193), never INTERNAL or UNKNOWN; the per-call log lines; a real fault is
INTERNAL without a stack trace."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from typing import Any

import grpc
import pytest

from oracle._proto.berserk.oracle.v1 import action_pb2, state_pb2
from oracle._proto.berserk.oracle.v1 import oracle_service_pb2 as pb
from oracle._proto.berserk.oracle.v1 import oracle_service_pb2_grpc as pb_grpc
from oracle.serialize import fingerprint_data
from oracle.service import state_codec as sc

from .helpers import ServerProcess, bad_request, game_config, in_process_server, mid_game_state, trailing


def _invalid(call: Callable[[], Any]) -> tuple[list[tuple[str, str]], grpc.RpcError]:
    with pytest.raises(grpc.RpcError) as info:
        call()
    exc = info.value
    assert exc.code() == grpc.StatusCode.INVALID_ARGUMENT, exc.details()  # type: ignore[attr-defined]
    violations = bad_request(exc)
    assert violations, "the BadRequest detail lists at least one field violation"
    return violations, exc


def _state() -> state_pb2.State:
    return sc.state_to_proto(mid_game_state())


def test_bad_state_card_in_hand_missing(stub: Any) -> None:
    """A hand naming a uid that no card has is refused with the path of that entry."""
    msg = _state()
    msg.players[1].hand.append(9999)
    index = len(msg.players[1].hand) - 1
    violations, exc = _invalid(lambda: stub.GetLegalActions(pb.GetLegalActionsRequest(state=msg)))
    assert violations[0][0] == f"state.players[1].hand[{index}]"
    assert "9999" in violations[0][1]
    assert "state.players[1].hand" in exc.details()  # type: ignore[attr-defined]


def test_bad_state_unknown_card_id(stub: Any) -> None:
    """An unknown card id in the state is refused naming state.cards[i].card_id."""
    msg = _state()
    msg.cards[5].card_id = "no_such_card"
    violations, _ = _invalid(lambda: stub.CheckAction(pb.CheckActionRequest(state=msg, action=action_pb2.Action(kind="end_turn"))))
    assert violations == [("state.cards[5].card_id", "unknown card id 'no_such_card'")]


@pytest.mark.parametrize(
    ("mutate", "field"),
    [
        (lambda m: setattr(m, "step", state_pb2.STEP_UNSPECIFIED), "state.step"),
        (lambda m: setattr(m, "step", 77), "state.step"),
        (lambda m: setattr(m, "result", 9), "state.result"),
        (lambda m: setattr(m, "result", state_pb2.GAME_RESULT_DRAW), "state.step"),
        (lambda m: setattr(m, "edition", "Z"), "state.edition"),
        (lambda m: setattr(m.players[0], "coins_open", -1), "state.players[0].coins_open"),
        (lambda m: m.players.pop(), "state.players"),
        (lambda m: (m.cards[0].ClearField("usage"), m.cards[0].usage.add(ability=0, count=0)),
         "state.cards[0].usage[0].count"),
    ],
)
def test_bad_state_fields(stub: Any, mutate: Callable[[state_pb2.State], Any], field: str) -> None:
    """Each kind of inconsistency names its field (enum values the proto lacks included;
    the engine's ``winner`` is the proto's ``result``)."""
    msg = _state()
    mutate(msg)
    violations, _ = _invalid(lambda: stub.ApplyAction(pb.ApplyActionRequest(state=msg, action=action_pb2.Action(kind="end_turn"))))
    assert violations[0][0] == field


def test_missing_state_and_action(stub: Any) -> None:
    """A request without its state or action names the missing field."""
    violations, _ = _invalid(lambda: stub.GetLegalActions(pb.GetLegalActionsRequest()))
    assert violations == [("state", "is required")]
    violations, _ = _invalid(lambda: stub.ApplyAction(pb.ApplyActionRequest(state=_state())))
    assert violations == [("action", "is required")]


@pytest.mark.parametrize(
    ("action", "field", "fragment"),
    [
        (action_pb2.Action(encoded="attack card=x"), "action.encoded", "card"),
        (action_pb2.Action(encoded="fly card=3"), "action.encoded", "unknown action kind"),
        (action_pb2.Action(encoded="play card=3 color=red"), "action.encoded", "color"),
        (action_pb2.Action(kind="fly"), "action.kind", "unknown action kind"),
        (action_pb2.Action(card=3), "action.kind", "required"),
        (action_pb2.Action(kind="end_turn", actor=17), "action.actor", "Actor"),  # type: ignore[arg-type]
        (action_pb2.Action(kind="end_turn", actor=action_pb2.ACTOR_NOBODY), "action.actor", "ACTOR_NOBODY"),
        (action_pb2.Action(encoded="end_turn actor=3"), "action.encoded", "not an actor"),
        (action_pb2.Action(encoded="end_turn actor=player_1", actor=action_pb2.ACTOR_PLAYER_2), "action.actor",
         "conflicts"),
        (action_pb2.Action(encoded="end_turn", kind="attack"), "action.kind", "conflicts"),
        (action_pb2.Action(encoded="attack card=11 targets=2", card=12), "action.card", "conflicts"),
    ],
)
def test_bad_action(stub: Any, action: action_pb2.Action, field: str, fragment: str) -> None:
    """Bad action text or fields are refused naming the field and what is wrong."""
    violations, _ = _invalid(lambda: stub.CheckAction(pb.CheckActionRequest(state=_state(), action=action)))
    assert violations[0][0] == field
    assert fragment in violations[0][1]


def test_batch_reports_every_bad_action(stub: Any) -> None:
    """A batch with several malformed actions lists one field violation for each."""
    actions = [action_pb2.Action(kind="end_turn"), action_pb2.Action(encoded="attack targets=a"),
               action_pb2.Action(kind="end_turn"), action_pb2.Action(kind="")]
    violations, exc = _invalid(lambda: stub.BatchCheckActions(pb.BatchCheckActionsRequest(state=_state(), actions=actions)))
    assert [f for f, _ in violations] == ["actions[1].encoded", "actions[3].kind"]
    assert "and 1 more" in exc.details()  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda c: setattr(c, "edition", "Z"), "config.edition"),
        (lambda c: c.heroes.__setitem__(0, "nobody"), "config.heroes[0]"),
        (lambda c: c.heroes.__setitem__(1, "ork"), "config.heroes[1]"),
        (lambda c: c.decks[1].card_ids.__setitem__(3, "no_such_card"), "config.decks[1].card_ids[3]"),
        (lambda c: c.decks[0].card_ids.append("test_geroy_snayper"), "config.decks[0].card_ids[20]"),
        (lambda c: c.decks.pop(), "config.decks"),
        (lambda c: c.heroes.pop(), "config.heroes"),
        (lambda c: c.decks[0].card_ids.__delitem__(slice(2, None)), "config.decks[0]"),
    ],
)
def test_bad_config(stub: Any, pool: Any, change: Callable[[Any], Any], field: str) -> None:
    """Unknown edition, hero or card, or wrong counts in a game configuration are
    refused naming the field of the GameConfig message."""
    config = game_config(pool)
    change(config)
    violations, _ = _invalid(lambda: stub.CreateGame(pb.CreateGameRequest(config=config, chance_seed=1)))
    assert violations[0][0] == field


def test_missing_config_and_unknown_catalogue_edition(stub: Any) -> None:
    """CreateGame without a config and GetCatalogue of an unknown edition are
    INVALID_ARGUMENT naming the field."""
    violations, _ = _invalid(lambda: stub.CreateGame(pb.CreateGameRequest()))
    assert violations == [("config", "is required")]
    violations, _ = _invalid(lambda: stub.GetCatalogue(pb.GetCatalogueRequest(edition="Q")))
    assert violations[0][0] == "edition"


def test_error_carries_request_id(stub: Any) -> None:
    """An INVALID_ARGUMENT answer still returns the request id in the trailing metadata."""
    with pytest.raises(grpc.RpcError) as info:
        stub.GetLegalActions(pb.GetLegalActionsRequest(), metadata=(("x-request-id", "bad-1"),))
    assert trailing(info.value)["x-request-id"] == "bad-1"


def test_log_line_per_call(server: ServerProcess, stub: Any) -> None:
    """Every call is logged as one JSON line with method, request id, peer, status code,
    duration and the fingerprint of the state involved."""
    state = _state()
    stub.GetLegalActions(pb.GetLegalActionsRequest(state=state), metadata=(("x-request-id", "log-ok"),))
    with pytest.raises(grpc.RpcError):
        stub.GetLegalActions(pb.GetLegalActionsRequest(), metadata=(("x-request-id", "log-bad"),))
    stub.CheckAction(pb.CheckActionRequest(state=state, action=action_pb2.Action(kind="end_turn")),
                     metadata=(("x-request-id", "log-check"),))
    ok = server.wait_for_log(lambda r: r.get("request_id") == "log-ok")
    assert ok["event"] == "rpc" and ok["method"] == "/berserk.oracle.v1.OracleService/GetLegalActions"
    assert ok["code"] == "OK" and ok["peer"].startswith(("ipv4:", "ipv6:")) and ok["duration_ms"] >= 0
    assert ok["fingerprint"] == fingerprint_data(sc.state_dict_from_proto(state))
    bad = server.wait_for_log(lambda r: r.get("request_id") == "log-bad")
    assert bad["code"] == "INVALID_ARGUMENT"
    check = server.wait_for_log(lambda r: r.get("request_id") == "log-check")
    assert check["fingerprint"] == ok["fingerprint"]


def test_internal_fault_is_internal_without_trace() -> None:
    """A fault in the server (not in the input) is INTERNAL with the request id and no
    stack trace in the answer; the log line has the exception and the request id."""
    from oracle.service import server as srv
    from oracle.service.log import configure_logging
    from oracle.service.servicer import OracleServicer

    stream = io.StringIO()
    configure_logging("info", stream=stream, json=True)

    def broken(self: Any, request: Any, context: Any) -> Any:
        raise ZeroDivisionError("boom in the engine")

    original = OracleServicer.GetServerInfo
    OracleServicer.GetServerInfo = broken  # type: ignore[method-assign]
    try:
        with in_process_server(srv.ServeConfig(port=0, threads=2)) as address, grpc.insecure_channel(address) as channel:
            stub = pb_grpc.OracleServiceStub(channel)
            with pytest.raises(grpc.RpcError) as info:
                stub.GetServerInfo(pb.GetServerInfoRequest(), metadata=(("x-request-id", "fault-1"),), timeout=10)
    finally:
        OracleServicer.GetServerInfo = original  # type: ignore[method-assign]
    exc = info.value
    assert exc.code() == grpc.StatusCode.INTERNAL  # type: ignore[attr-defined]
    assert exc.details() == "internal error; request id fault-1"  # type: ignore[attr-defined]
    assert "Traceback" not in exc.details() and "boom" not in exc.details()  # type: ignore[attr-defined]
    records = [json.loads(line) for line in stream.getvalue().splitlines() if line.startswith("{")]
    fault = next(r for r in records if r["event"] == "internal_error")
    assert fault["request_id"] == "fault-1" and "ZeroDivisionError" in fault["exception"]
    assert next(r for r in records if r["event"] == "rpc")["code"] == "INTERNAL"


def test_call_line_is_the_line_structlog_writes() -> None:
    """In JSON the per-call line the interceptor writes directly (``log_call``) is the line
    structlog's configured processors write for the same fields: the same keys in the same
    order and the same values but the time, an ISO time in UTC ending in ``Z``; on a
    console it goes through structlog."""
    from oracle.service.log import configure_logging, get_logger, log_call

    fields = {"method": "/x/Y", "request_id": "r-1", "peer": "ipv4:127.0.0.1:1", "code": "OK", "duration_ms": 0.25,
              "fingerprint": "ab" * 16, "fields": ["state.cards[0]", "ä"], "violations": 2}
    stream = io.StringIO()
    configure_logging("info", stream=stream, json=True)
    log_call(dict(fields))
    get_logger().info("rpc", **fields)
    direct, through = (json.loads(line) for line in stream.getvalue().splitlines())
    assert list(direct) == list(through) == [*fields, "event", "level", "timestamp"]
    assert {k: v for k, v in direct.items() if k != "timestamp"} == {k: v for k, v in through.items() if k != "timestamp"}
    assert direct["timestamp"].endswith("Z") and direct["timestamp"][:4] == through["timestamp"][:4]
    assert "ä" in stream.getvalue()  # not escaped, as structlog's renderer is configured

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    out = Terminal()
    configure_logging("info", stream=out)
    log_call({"method": "/x/Y", "code": "OK"})
    assert "rpc" in out.getvalue() and not out.getvalue().lstrip().startswith("{")
    configure_logging("info", stream=io.StringIO(), json=True)


def test_console_logs_on_a_terminal() -> None:
    """On a terminal the log lines are readable console lines, not JSON."""
    from oracle.service.log import configure_logging, get_logger

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    out = Terminal()
    configure_logging("info", stream=out)
    get_logger().info("rpc", method="/x/Y", code="OK")
    text = out.getvalue()
    assert "rpc" in text and "method" in text and not text.lstrip().startswith("{")
    configure_logging("info", stream=io.StringIO(), json=True)


def test_undecodable_request_is_invalid_argument(server: ServerProcess) -> None:
    """Bytes that are not a valid request message are INVALID_ARGUMENT naming `request`
    (gRPC alone would answer INTERNAL)."""
    call = server.channel().unary_unary("/berserk.oracle.v1.OracleService/ApplyAction")
    with pytest.raises(grpc.RpcError) as info:
        call(b"\x0a\xff\xff\xff\xff\x0f", timeout=5)
    assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT  # type: ignore[attr-defined]
    assert bad_request(info.value)[0][0] == "request"
