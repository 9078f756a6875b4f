"""The server process: graceful stop on SIGTERM/SIGINT, limits (concurrent calls,
deadlines), workers sharing a port, mutants, and refusal of bad options."""

from __future__ import annotations

import contextlib
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from oracle._proto.berserk.oracle.v1 import action_pb2, state_pb2
from oracle._proto.berserk.oracle.v1 import oracle_service_pb2 as pb
from oracle._proto.berserk.oracle.v1 import oracle_service_pb2_grpc as pb_grpc
from oracle.actions import encode
from oracle.engine import legal_actions
from oracle.service import state_codec as sc

from .helpers import ROLL_HEROES, ROOT, ServerProcess, game_config, mid_game_state, server_env, start_server

BIG = [("grpc.max_send_message_length", 64 << 20), ("grpc.max_receive_message_length", 64 << 20)]


def big_batch(n: int) -> pb.BatchCheckActionsRequest:
    """A batch of ``n`` copies of a legal action on a mid-game state: a slow call with a
    small answer (each result is just legal = true).  The action is the shortest legal one
    but ``end_turn`` (cheap to check); ``n`` is cut so that the request stays under 15 MiB
    (the limited server takes 16 MiB), whatever the pool makes the action's text.  The state is
    the first seeded mid-game state (seeds 3, 4, …) that has such an action."""
    texts: list[str] = []
    for seed in range(3, 40):
        state = mid_game_state(seed)
        texts = [encode(a) for a in legal_actions(state) if a.kind != "end_turn"]
        if texts:
            break
    action = action_pb2.Action(encoded=min(texts, key=len))
    n = min(n, (15 << 20) // (action.ByteSize() + 4))
    return pb.BatchCheckActionsRequest(state=sc.state_to_proto(state), actions=[action] * n)


def _info_when_free(stub: Any, timeout: float = 5.0) -> pb.GetServerInfoResponse:
    """GetServerInfo, retried while the server still counts a call that just ended."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            return stub.GetServerInfo(pb.GetServerInfoRequest(), timeout=5)
        except grpc.RpcError as exc:
            if exc.code() != grpc.StatusCode.RESOURCE_EXHAUSTED or time.monotonic() > deadline:  # type: ignore[attr-defined]
                raise
            time.sleep(0.02)


def _started(server: ServerProcess, request_id: str) -> dict[str, Any]:
    return server.wait_for_log(lambda r: r.get("event") == "rpc_start" and r.get("request_id") == request_id)


def test_sigterm_lets_the_call_in_flight_finish(tmp_path: Path) -> None:
    """On SIGTERM, health turns NOT_SERVING (an open Watch sees it and ends), the call in
    flight (a big batch) finishes with its full answer, and the process exits 0."""
    server = start_server(tmp_path, "--log-level", "debug", "--grace", "30")
    channel = server.channel(options=BIG)
    stub = pb_grpc.OracleServiceStub(channel)
    statuses: list[int] = []
    watch = health_pb2_grpc.HealthStub(channel).Watch(health_pb2.HealthCheckRequest(service=""), timeout=60)

    def follow() -> None:
        with contextlib.suppress(grpc.RpcError):
            statuses.extend(r.status for r in watch)

    follower = threading.Thread(target=follow)
    follower.start()
    deadline = time.monotonic() + 20
    while not statuses and time.monotonic() < deadline:  # the watch is open on the server
        time.sleep(0.01)
    n = 100_000
    future = stub.BatchCheckActions.future(big_batch(n), metadata=(("x-request-id", "in-flight"),), timeout=60)
    _started(server, "in-flight")
    assert not future.done(), "the batch must still be running when the signal arrives"
    server.proc.send_signal(signal.SIGTERM)
    result = future.result()
    assert len(result.results) == n and all(r.legal for r in result.results)
    assert server.proc.wait(30) == 0
    follower.join(10)
    assert statuses[0] == health_pb2.HealthCheckResponse.SERVING
    assert statuses[-1] == health_pb2.HealthCheckResponse.NOT_SERVING
    records = server.log_records()
    events = [r["event"] for r in records]
    assert events.index("shutting_down") < events.index("stopped")
    done = next(r for r in records if r.get("event") == "rpc" and r.get("request_id") == "in-flight")
    assert done["code"] == "OK"
    server.stop()


def test_sigint_stops_gracefully(tmp_path: Path) -> None:
    """SIGINT (Ctrl-C) stops the server like SIGTERM, with exit code 0."""
    server = start_server(tmp_path)
    stub = pb_grpc.OracleServiceStub(server.channel())
    stub.GetServerInfo(pb.GetServerInfoRequest(), timeout=5)
    assert server.stop(signal.SIGINT) == 0


def test_drain_refuses_calls_that_long_before_closing(tmp_path: Path) -> None:
    """With ``--drain 1.5``, once no call is in flight after SIGTERM the server goes on
    answering health NOT_SERVING and refusing calls with UNAVAILABLE ("not processed") for
    1.5 s, not the default 0.25 s, and then exits 0: a balancer's health checks see it in
    time, and no call reaches it as it closes (docs/SERVICE.md, Many oracles behind one
    address)."""
    server = start_server(tmp_path, "--drain", "1.5")
    channel = server.channel()
    stub = pb_grpc.OracleServiceStub(channel)
    health = health_pb2_grpc.HealthStub(channel)
    stub.GetServerInfo(pb.GetServerInfoRequest(), timeout=5)
    server.proc.send_signal(signal.SIGTERM)
    signalled = time.monotonic()
    refused = 0
    while time.monotonic() < signalled + 1.0:
        with pytest.raises(grpc.RpcError) as err:
            stub.GetServerInfo(pb.GetServerInfoRequest(), timeout=5)
        assert err.value.code() == grpc.StatusCode.UNAVAILABLE, err.value  # type: ignore[attr-defined]
        assert "not processed" in (err.value.details() or "")  # type: ignore[attr-defined]
        refused += 1
        status = health.Check(health_pb2.HealthCheckRequest(service=""), timeout=5).status
        assert status == health_pb2.HealthCheckResponse.NOT_SERVING
        time.sleep(0.05)
    assert refused >= 5
    assert server.proc.wait(30) == 0
    assert time.monotonic() - signalled >= 1.4
    server.stop()


@pytest.fixture(scope="module")
def limited(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server that takes one call at a time, with debug logs (call starts)."""
    server = start_server(tmp_path_factory.mktemp("limited"), "--max-concurrent-rpcs", "1", "--log-level", "debug",
                          "--max-message-bytes", str(16 << 20))
    yield server
    server.stop()


def test_max_concurrent_rpcs(limited: ServerProcess) -> None:
    """A call beyond --max-concurrent-rpcs is refused with RESOURCE_EXHAUSTED while the
    first one runs; the first one still completes."""
    stub = pb_grpc.OracleServiceStub(limited.channel(options=BIG))
    future = stub.BatchCheckActions.future(big_batch(100_000), metadata=(("x-request-id", "hog"),), timeout=60)
    _started(limited, "hog")
    assert not future.done()
    with pytest.raises(grpc.RpcError) as info:
        stub.GetServerInfo(pb.GetServerInfoRequest(), timeout=5)
    assert info.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED  # type: ignore[attr-defined]
    assert len(future.result().results) == 100_000
    _info_when_free(stub)


def test_deadline_is_honoured(limited: ServerProcess) -> None:
    """A call whose deadline passes gets DEADLINE_EXCEEDED, and the server stops working
    on it early (its log line says DEADLINE_EXCEEDED well before the full work's time)."""
    stub = pb_grpc.OracleServiceStub(limited.channel(options=BIG))
    request = big_batch(400_000)
    with pytest.raises(grpc.RpcError) as info:
        stub.BatchCheckActions(request, metadata=(("x-request-id", "late"),), timeout=1.0)
    assert info.value.code() == grpc.StatusCode.DEADLINE_EXCEEDED  # type: ignore[attr-defined]
    record = limited.wait_for_log(lambda r: r.get("event") == "rpc" and r.get("request_id") == "late")
    assert record["code"] == "DEADLINE_EXCEEDED"
    assert record["duration_ms"] < 4000  # the whole batch takes several seconds
    _info_when_free(stub)


def test_max_message_size(limited: ServerProcess) -> None:
    """A request larger than --max-message-bytes is refused with RESOURCE_EXHAUSTED."""
    call = limited.channel(options=BIG).unary_unary("/berserk.oracle.v1.OracleService/BatchCheckActions")
    with pytest.raises(grpc.RpcError) as info:
        call(b"\0" * (17 << 20), timeout=10)
    assert info.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED  # type: ignore[attr-defined]
    _info_when_free(pb_grpc.OracleServiceStub(limited.channel()))


def test_workers_share_the_port(tmp_path: Path) -> None:
    """--workers 2 starts two processes on one port (SO_REUSEPORT); calls on several
    channels are answered; SIGTERM stops them all with exit code 0."""
    server = start_server(tmp_path, "--workers", "2")
    for _ in range(4):
        stub = pb_grpc.OracleServiceStub(server.channel())
        assert stub.GetServerInfo(pb.GetServerInfoRequest(), timeout=10).proto_version == "v1"
    pids = {r["pid"] for r in server.log_records() if r.get("event") == "serving"}
    assert len(pids) == 2
    assert server.stop() == 0


def test_mutant_is_listed_and_applied(tmp_path: Path) -> None:
    """--mutant NAME shows in GetServerInfo and changes the answers: with
    no_reroll_on_tie a tied roll is won by player 1 (the reference re-rolls, 301.4)."""
    mutant = start_server(tmp_path / "m", "--mutant", "no_reroll_on_tie")
    reference = start_server(tmp_path / "r")
    try:
        answers = []
        for server in (mutant, reference):
            stub = pb_grpc.OracleServiceStub(server.channel())
            pool = stub.GetCardPool(pb.GetCardPoolRequest())
            created = stub.CreateGame(pb.CreateGameRequest(config=game_config(pool, ROLL_HEROES)))
            tie = pb.ApplyActionRequest(state=created.state, action=action_pb2.Action(encoded="roll values=3,3"))
            answers.append((stub.GetServerInfo(pb.GetServerInfoRequest()), stub.ApplyAction(tie)))
        (m_info, m_roll), (r_info, r_roll) = answers
        assert list(m_info.mutants) == ["no_reroll_on_tie"] and list(r_info.mutants) == []
        assert m_roll.state.step == state_pb2.STEP_SETUP_ORDER and m_roll.state.roll_winner == 0
        assert r_roll.state.step == state_pb2.STEP_SETUP_ROLL
    finally:
        assert mutant.stop() == 0
        assert reference.stop() == 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--mutant", "no_such_mutant"], "unknown mutant 'no_such_mutant'"),
        (["--tls-cert", "x.pem"], "--tls-cert and --tls-key go together"),
        (["--tls-cert", "/nonexistent/c.pem", "--tls-key", "/nonexistent/k.pem"], "cannot read the TLS files"),
        (["--port", "70000"], "must be 0..65535"),
        (["--stream-idle-timeout", "0"], "must be > 0"),
        (["--max-streams", "0"], "must be >= 1"),
        (["--drain", "-1"], "must be >= 0"),
    ],
)
def test_bad_options_exit_2(args: list[str], message: str) -> None:
    """Bad options end the process at once with exit code 2 and a clear message."""
    proc = subprocess.run([sys.executable, "-m", "oracle", "serve", "--port", "0", *args], cwd=ROOT,
                          env=server_env(), capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert message in proc.stderr
    assert proc.stdout == ""
