"""Service hardening (issue 12), each finding a regression test against real servers on
free loopback ports: idle or slow streams cannot starve unary calls or health checks (nor
hold the shutdown), garbage bytes on every method are INVALID_ARGUMENT, error trailers
stay small however bad the request, duplicate authorization headers are refused, a
cancelled batch frees the server at once, SIGTERM drains calls in flight under load."""

from __future__ import annotations

import base64
import json
import random
import signal
import threading
import time
import urllib.parse
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from conformance_suite.transcript_cli import load_transcript, stream_requests
from oracle._proto.berserk.oracle.v1 import action_pb2, transcript_pb2
from oracle._proto.berserk.oracle.v1 import oracle_service_pb2 as pb
from oracle._proto.berserk.oracle.v1 import oracle_service_pb2_grpc as pb_grpc
from oracle.actions import encode
from oracle.engine import legal_actions
from oracle.service import state_codec as sc

from .helpers import ServerProcess, bad_request, game_config, in_process_server, mid_game_state, start_server

SERVICE = "berserk.oracle.v1.OracleService"
EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "transcripts"
#: Where make_examples.py planted the missing coin (the step moves with the card pool).
COIN = json.loads((EXAMPLES / "planted.json").read_text(encoding="utf-8"))["planted_missing_coin.json"]
TOKEN = "robust-token"
#: the client's soft limit of received metadata (grpc.max_metadata_size default)
METADATA_SOFT_LIMIT = 8 * 1024
BIG = [("grpc.max_send_message_length", 64 << 20), ("grpc.max_receive_message_length", 64 << 20)]


def _code(call: Any) -> grpc.StatusCode:
    try:
        call()
    except grpc.RpcError as exc:
        return exc.code()  # type: ignore[attr-defined,no-any-return]
    return grpc.StatusCode.OK


def _transcript() -> transcript_pb2.Transcript:
    return load_transcript(EXAMPLES / "planted_missing_coin.json")


class IdleStream:
    """A StreamVerifyTranscript call that sends its configuration and then nothing until
    :meth:`release` (or the server ends it)."""

    def __init__(self, stub: Any, metadata: tuple[tuple[str, str], ...] = ()) -> None:
        self._go = threading.Event()
        config = _transcript().config

        def requests() -> Iterator[transcript_pb2.StreamVerifyTranscriptRequest]:
            yield transcript_pb2.StreamVerifyTranscriptRequest(config=config)
            self._go.wait(120)

        self.future = stub.StreamVerifyTranscript.future(requests(), metadata=metadata, timeout=120)

    def release(self) -> None:
        self._go.set()

    def code(self, timeout: float = 60) -> grpc.StatusCode:
        try:
            self.future.result(timeout=timeout)
        except grpc.RpcError as exc:
            return exc.code()  # type: ignore[attr-defined,no-any-return]
        return grpc.StatusCode.OK


def _open_watch(channel: grpc.Channel, metadata: tuple[tuple[str, str], ...] = ()) -> tuple[Any, int]:
    """A Health/Watch stream and its first status (it stays open afterwards)."""
    watch = health_pb2_grpc.HealthStub(channel).Watch(health_pb2.HealthCheckRequest(service=""), timeout=120,
                                                      metadata=metadata)
    return watch, next(watch).status


def _wait_for_count(server: ServerProcess, method_suffix: str, count: int, timeout: float = 30) -> None:
    """Wait until ``count`` calls of the method have started (debug log lines)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        started = [r for r in server.log_records() if r.get("event") == "rpc_start"
                   and r.get("method", "").endswith(method_suffix)]
        if len(started) >= count:
            return
        time.sleep(0.05)
    raise AssertionError(f"fewer than {count} {method_suffix} calls started within {timeout} s")


def _quick_calls(channel: grpc.Channel, metadata: tuple[tuple[str, str], ...] = ()) -> None:
    """A health check and a unary engine call both answer within a few seconds."""
    health = health_pb2_grpc.HealthStub(channel).Check(health_pb2.HealthCheckRequest(), timeout=10)
    assert health.status == health_pb2.HealthCheckResponse.SERVING
    stub = pb_grpc.OracleServiceStub(channel)
    state = sc.state_to_proto(mid_game_state())
    resp = stub.GetLegalActions(pb.GetLegalActionsRequest(state=state), timeout=10, metadata=metadata)
    assert resp.actions


# --- 1. idle and slow streams ---------------------------------------------------------


def test_idle_streams_do_not_starve_unary_calls_or_health(tmp_path: Path) -> None:
    """With the default options (8 engine threads), 16 idle StreamVerifyTranscript streams
    (config sent, then nothing) and 64 open Health/Watch streams (each up to its limit,
    together ten times the threads) starve nothing: health checks and unary engine calls
    still answer at once; one stream or watch beyond its limit gets RESOURCE_EXHAUSTED at
    once; released, the streams finish normally."""
    server = start_server(tmp_path, "--log-level", "debug")
    try:
        channel = server.channel()
        stub = pb_grpc.OracleServiceStub(channel)
        streams = [IdleStream(stub) for _ in range(16)]
        _wait_for_count(server, "/StreamVerifyTranscript", 16)
        watch_channel = server.channel()
        watches = [_open_watch(watch_channel) for _ in range(64)]
        assert all(status == health_pb2.HealthCheckResponse.SERVING for _, status in watches)
        for _ in range(3):
            _quick_calls(channel)
            _quick_calls(server.channel())
        extra = IdleStream(stub)
        assert extra.code(timeout=10) == grpc.StatusCode.RESOURCE_EXHAUSTED
        extra.release()
        with pytest.raises(grpc.RpcError) as info:
            _open_watch(server.channel())
        assert info.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED  # type: ignore[attr-defined]
        assert "server busy: 64 health watches open" in info.value.details()  # type: ignore[attr-defined]
        assert all(not s.future.done() for s in streams), "the idle streams are still open"
        for s in streams:
            s.release()
        assert [s.code() for s in streams] == [grpc.StatusCode.OK] * 16
        for w, _ in watches:
            w.cancel()
        _quick_calls(channel)
    finally:
        assert server.stop() == 0


def test_few_threads_many_idle_streams(tmp_path: Path) -> None:
    """With a single engine thread, 4 idle client streams and 10 watches (limits raised to
    match) leave health checks and engine calls answering."""
    server = start_server(tmp_path, "--threads", "1", "--max-streams", "4", "--max-watches", "10",
                          "--log-level", "debug")
    try:
        channel = server.channel()
        streams = [IdleStream(pb_grpc.OracleServiceStub(channel)) for _ in range(4)]
        _wait_for_count(server, "/StreamVerifyTranscript", 4)
        watches = [_open_watch(channel) for _ in range(10)]
        _quick_calls(channel)
        _quick_calls(server.channel())
        for s in streams:
            s.release()
        for w, _ in watches:
            w.cancel()
    finally:
        assert server.stop() == 0


def test_unauthenticated_streams_take_no_slot(tmp_path: Path) -> None:
    """With a token, streams without it are refused UNAUTHENTICATED before they take a
    stream slot: 10 of them against a limit of 2 leave room for an authenticated stream,
    and unary calls answer meanwhile.  The token is checked before the request is read:
    garbage bytes without it are UNAUTHENTICATED, not INVALID_ARGUMENT."""
    server = start_server(tmp_path, "--max-streams", "2", env={"ORACLE_AUTH_TOKEN": TOKEN})
    try:
        stub = pb_grpc.OracleServiceStub(server.channel())
        raw = server.channel().unary_unary(f"/{SERVICE}/ApplyAction")
        assert _code(lambda: raw(GARBAGE * 1000, timeout=10)) == grpc.StatusCode.UNAUTHENTICATED
        raw_stream = server.channel().stream_unary(f"/{SERVICE}/StreamVerifyTranscript")
        assert _code(lambda: raw_stream(iter([GARBAGE]), timeout=10)) == grpc.StatusCode.UNAUTHENTICATED
        anonymous = [IdleStream(stub) for _ in range(10)]
        assert {s.code(timeout=20) for s in anonymous} == {grpc.StatusCode.UNAUTHENTICATED}
        good = (("authorization", f"Bearer {TOKEN}"),)
        resp = stub.StreamVerifyTranscript(stream_requests(_transcript()), metadata=good, timeout=30)
        assert not resp.agrees and resp.divergent_step == COIN["step"]
        _quick_calls(server.channel(), good)
    finally:
        assert server.stop() == 0


def test_slow_stream_ends_at_the_idle_limit(tmp_path: Path) -> None:
    """A client stream that sends nothing for --stream-idle-timeout seconds ends with
    DEADLINE_EXCEEDED saying so, and frees its slot (the next stream is accepted)."""
    server = start_server(tmp_path, "--stream-idle-timeout", "1", "--max-streams", "1")
    try:
        stub = pb_grpc.OracleServiceStub(server.channel())
        started = time.monotonic()
        idle = IdleStream(stub)
        try:
            idle.future.result(timeout=30)
        except grpc.RpcError as exc:
            assert exc.code() == grpc.StatusCode.DEADLINE_EXCEEDED  # type: ignore[attr-defined]
            assert "no stream message for 1 s" in exc.details()  # type: ignore[attr-defined]
        else:  # pragma: no cover
            raise AssertionError("an idle stream must end")
        finally:
            idle.release()
        assert 0.9 <= time.monotonic() - started < 15
        resp = stub.StreamVerifyTranscript(stream_requests(_transcript()), timeout=30)
        assert resp.divergent_step == COIN["step"]
    finally:
        assert server.stop() == 0


def test_idle_stream_and_watch_do_not_hold_shutdown(tmp_path: Path) -> None:
    """On SIGTERM with a grace of 60 s, an idle client stream (ended UNAVAILABLE) and an
    open health watch (NOT_SERVING, then the end) let the process exit 0 within seconds."""
    server = start_server(tmp_path, "--grace", "60", "--log-level", "debug")
    channel = server.channel()
    idle = IdleStream(pb_grpc.OracleServiceStub(channel))
    _wait_for_count(server, "/StreamVerifyTranscript", 1)
    watch, first = _open_watch(channel)
    assert first == health_pb2.HealthCheckResponse.SERVING
    started = time.monotonic()
    server.proc.send_signal(signal.SIGTERM)
    assert server.proc.wait(30) == 0
    elapsed = time.monotonic() - started
    assert elapsed < 15, f"the shutdown took {elapsed:.1f} s"
    assert idle.code() == grpc.StatusCode.UNAVAILABLE
    idle.release()
    assert [r.status for r in watch] == [health_pb2.HealthCheckResponse.NOT_SERVING]
    server.stop()


def test_active_stream_finishes_during_shutdown(tmp_path: Path) -> None:
    """A client stream still sending (a message every 0.2 s) when SIGTERM arrives is not
    cut: it completes with its full verdict, then the process exits 0."""
    server = start_server(tmp_path, "--grace", "30", "--log-level", "debug")
    sent = threading.Event()

    def slow() -> Iterator[transcript_pb2.StreamVerifyTranscriptRequest]:
        for i, message in enumerate(stream_requests(_transcript())):
            if i == 3:
                sent.set()
            yield message
            time.sleep(0.2)

    future = pb_grpc.OracleServiceStub(server.channel()).StreamVerifyTranscript.future(slow(), timeout=60)
    assert sent.wait(30)
    server.proc.send_signal(signal.SIGTERM)
    resp = future.result(timeout=60)
    assert not resp.agrees and resp.divergent_step == COIN["step"]
    assert server.proc.wait(30) == 0
    server.stop()


# --- 2. undecodable bytes -------------------------------------------------------------

#: bytes that parse as no message: a length-delimited field 1 whose length runs past the end
GARBAGE = b"\x0a\xff\xff\xff\xff\x0f"


def _garbage_samples() -> list[bytes]:
    rng = random.Random(12)
    return [GARBAGE, b"\x0a\x05ab", b"\xff\xff\xff", b"\x08\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80"] + [
        bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200))) for _ in range(20)
    ]


UNARY_METHODS = [
    f"/{SERVICE}/{m.name}"
    for m in pb.DESCRIPTOR.services_by_name["OracleService"].methods
    if not m.client_streaming and not m.server_streaming
] + ["/grpc.health.v1.Health/Check"]


@pytest.mark.parametrize("method", UNARY_METHODS)
def test_garbage_on_every_unary_method(server: ServerProcess, method: str) -> None:
    """Bytes that do not parse as the request are INVALID_ARGUMENT on field `request`;
    random bytes (some of which parse) never give INTERNAL or UNKNOWN."""
    call = server.channel().unary_unary(method)
    with pytest.raises(grpc.RpcError) as info:
        call(GARBAGE, timeout=10)
    assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT  # type: ignore[attr-defined]
    assert bad_request(info.value)[0][0] == "request"
    codes = Counter(_code(lambda b=b: call(b, timeout=10)) for b in _garbage_samples())  # type: ignore[misc]
    assert not {grpc.StatusCode.INTERNAL, grpc.StatusCode.UNKNOWN} & set(codes), codes


def test_garbage_on_the_streams(server: ServerProcess) -> None:
    """Undecodable messages on StreamVerifyTranscript are INVALID_ARGUMENT naming the
    message (`requests[0]` first, `requests[3]` later); on Health/Watch and on the
    reflection stream they are INVALID_ARGUMENT on `request` / `requests[0]`."""
    channel = server.channel()
    stream = channel.stream_unary(f"/{SERVICE}/StreamVerifyTranscript")
    with pytest.raises(grpc.RpcError) as info:
        stream(iter([GARBAGE]), timeout=10)
    assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT  # type: ignore[attr-defined]
    assert bad_request(info.value)[0][0] == "requests[0]"
    good = [r.SerializeToString() for r in stream_requests(_transcript())][:3]
    with pytest.raises(grpc.RpcError) as info:
        stream(iter([*good, GARBAGE]), timeout=10)
    assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT  # type: ignore[attr-defined]
    assert bad_request(info.value)[0][0] == "requests[3]"
    for sample in _garbage_samples():
        assert _code(lambda s=sample: stream(iter([*good, s]), timeout=10)) not in (  # type: ignore[misc]
            grpc.StatusCode.INTERNAL, grpc.StatusCode.UNKNOWN)
    watch = channel.unary_stream("/grpc.health.v1.Health/Watch")
    with pytest.raises(grpc.RpcError) as info:
        list(watch(GARBAGE, timeout=10))
    assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT  # type: ignore[attr-defined]
    assert bad_request(info.value)[0][0] == "request"
    reflect = channel.stream_stream("/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo")
    with pytest.raises(grpc.RpcError) as info:
        list(reflect(iter([GARBAGE]), timeout=10))
    assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT  # type: ignore[attr-defined]
    assert bad_request(info.value)[0][0] == "requests[0]"


# --- 3. oversized echoes --------------------------------------------------------------


def _trailer_bytes(exc: grpc.RpcError) -> int:
    """About the size of the trailer on the wire: keys, values (base64 for -bin), and the
    percent-encoded status message."""
    size = len(urllib.parse.quote(exc.details() or "", safe=""))  # type: ignore[attr-defined]
    for key, value in exc.trailing_metadata() or ():  # type: ignore[attr-defined]
        size += len(key) + (len(base64.b64encode(value)) if isinstance(value, bytes) else len(value))
    return size


def _small_invalid(call: Any) -> tuple[grpc.RpcError, list[tuple[str, str]]]:
    with pytest.raises(grpc.RpcError) as info:
        call()
    exc = info.value
    assert exc.code() == grpc.StatusCode.INVALID_ARGUMENT, (exc.code(), exc.details()[:200])  # type: ignore[attr-defined]
    size = _trailer_bytes(exc)
    assert size < METADATA_SOFT_LIMIT // 2, f"trailer of {size} bytes"
    return exc, bad_request(exc)


@pytest.mark.parametrize("char", ["x", "ж", "😀"])
def test_oversized_values_are_truncated_in_errors(stub: Any, pool: Any, char: str) -> None:
    """A 5,000-character card id, a 20,000-character edition or action text: the error is
    INVALID_ARGUMENT (not RESOURCE_EXHAUSTED), names the field, repeats a truncated value
    saying how long it was, and the trailer stays under 4 KB (ASCII or not)."""
    config = game_config(pool)
    config.decks[1].card_ids[3] = char * 5000
    exc, violations = _small_invalid(lambda: stub.CreateGame(pb.CreateGameRequest(config=config), timeout=10))
    assert violations[0][0] == "config.decks[1].card_ids[3]"
    assert "truncated" in violations[0][1] and "characters in all" in violations[0][1]
    assert len(violations[0][1]) < 300 and len(exc.details()) < 400  # type: ignore[attr-defined]
    _, violations = _small_invalid(lambda: stub.GetCatalogue(pb.GetCatalogueRequest(edition=char * 20000), timeout=10))
    assert violations[0][0] == "edition" and "truncated" in violations[0][1]
    config = game_config(pool)
    config.edition = char * 20000
    _, violations = _small_invalid(lambda: stub.CreateGame(pb.CreateGameRequest(config=config), timeout=10))
    assert violations[0][0] == "config.edition"
    state = sc.state_to_proto(mid_game_state())
    action = action_pb2.Action(encoded="attack card=" + char * 20000)
    _, violations = _small_invalid(lambda: stub.CheckAction(pb.CheckActionRequest(state=state, action=action), timeout=10))
    assert violations[0][0] == "action.encoded"


def test_many_batch_errors_are_capped(stub: Any) -> None:
    """100 malformed actions of 3 KB each (and 5,000 more): INVALID_ARGUMENT listing at
    most 20 violations, the message counting the rest, the trailer under 4 KB."""
    state = sc.state_to_proto(mid_game_state())
    for count in (100, 5000):
        actions = [action_pb2.Action(kind=f"{i}" + "k" * 3000) for i in range(count)]
        request = pb.BatchCheckActionsRequest(state=state, actions=actions)
        exc, violations = _small_invalid(lambda r=request: stub.BatchCheckActions(r, timeout=30))  # type: ignore[misc]
        assert 1 <= len(violations) <= 20
        assert [f for f, _ in violations] == [f"actions[{i}].kind" for i in range(len(violations))]
        assert f"(and {count - 1} more; {count - len(violations)} not listed)" in exc.details()  # type: ignore[attr-defined]


def test_invalid_argument_log_names_the_fields(server: ServerProcess, stub: Any) -> None:
    """The log line of an INVALID_ARGUMENT call names the violated fields (at most 10, each
    capped) and counts them."""
    state = sc.state_to_proto(mid_game_state())
    actions = [action_pb2.Action(kind="k" * 3000) for _ in range(30)]
    with pytest.raises(grpc.RpcError):
        stub.BatchCheckActions(pb.BatchCheckActionsRequest(state=state, actions=actions),
                               metadata=(("x-request-id", "many-bad"),), timeout=10)
    record = server.wait_for_log(lambda r: r.get("request_id") == "many-bad" and r.get("event") == "rpc")
    assert record["code"] == "INVALID_ARGUMENT"
    assert record["fields"] == [f"actions[{i}].kind" for i in range(10)]
    assert record["violations"] == 30


# --- 5. authorization, cancellation ----------------------------------------------------


def test_duplicate_authorization_headers_are_refused(tmp_path: Path) -> None:
    """Two authorization headers are UNAUTHENTICATED whatever their order or values (a
    wrong one followed by the right one used to pass); one right header is accepted."""
    server = start_server(tmp_path, env={"ORACLE_AUTH_TOKEN": TOKEN})
    try:
        stub = pb_grpc.OracleServiceStub(server.channel())
        right, wrong = ("authorization", f"Bearer {TOKEN}"), ("authorization", "Bearer nope")
        request = pb.GetServerInfoRequest()
        for metadata in ((wrong, right), (right, wrong), (right, right)):
            with pytest.raises(grpc.RpcError) as info:
                stub.GetServerInfo(request, metadata=metadata, timeout=10)
            assert info.value.code() == grpc.StatusCode.UNAUTHENTICATED  # type: ignore[attr-defined]
            assert "more than one" in info.value.details()  # type: ignore[attr-defined]
        assert stub.GetServerInfo(request, metadata=(right,), timeout=10).proto_version == "v1"
    finally:
        assert server.stop() == 0


def _big_batch(n: int) -> pb.BatchCheckActionsRequest:
    state = mid_game_state()
    action = action_pb2.Action(encoded=encode(legal_actions(state)[0]))
    return pb.BatchCheckActionsRequest(state=sc.state_to_proto(state), actions=[action] * n)


def test_cancelled_batch_frees_the_server_promptly(tmp_path: Path) -> None:
    """With one engine thread, a 400,000-action batch cancelled by its client stops within
    a fraction of the full work's time: its log line says CANCELLED and a call queued
    behind it is answered soon after the cancellation."""
    server = start_server(tmp_path, "--threads", "1", "--log-level", "debug", "--max-message-bytes", str(32 << 20))
    try:
        channel = server.channel(options=BIG)
        stub = pb_grpc.OracleServiceStub(channel)
        request = _big_batch(400_000)
        started = time.monotonic()
        stub.BatchCheckActions(_big_batch(100_000), timeout=120)
        full = (time.monotonic() - started) * 4  # the whole 400k batch takes about this long
        future = stub.BatchCheckActions.future(request, metadata=(("x-request-id", "to-cancel"),), timeout=120)
        server.wait_for_log(lambda r: r.get("event") == "rpc_start" and r.get("request_id") == "to-cancel")
        time.sleep(0.2)
        assert not future.done()
        cancelled_at = time.monotonic()
        future.cancel()
        state = sc.state_to_proto(mid_game_state())
        stub.GetLegalActions(pb.GetLegalActionsRequest(state=state), timeout=60)
        waited = time.monotonic() - cancelled_at
        print(f"cancel: engine free {waited:.3f} s after the cancel; the full batch takes about {full:.2f} s")
        assert waited < max(full / 4, 1.0), f"the engine thread was busy {waited:.2f} s after the cancel (full {full:.2f} s)"
        record = server.wait_for_log(lambda r: r.get("event") == "rpc" and r.get("request_id") == "to-cancel")
        assert record["code"] == "CANCELLED"
    finally:
        assert server.stop() == 0


# --- SIGTERM under load ---------------------------------------------------------------


def _wait_for_a_batch_in_flight(server: ServerProcess, limit: float = 10.0) -> None:
    """Return once the server's log shows a BatchCheckActions call started and not yet
    ended (or after ``limit`` seconds).  One-state calls run on the event loop, which
    handles the signal only between them, so the calls in flight at a SIGTERM are those in
    the engine pool: signalling at a random moment may find none there."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        started, ended = set(), set()
        for r in server.log_records():
            if r.get("event") == "rpc_start" and r.get("method", "").endswith("BatchCheckActions"):
                started.add(r["request_id"])
            elif r.get("event") == "rpc":
                ended.add(r.get("request_id"))
        if started - ended:
            return
        time.sleep(0.01)


def test_sigterm_under_load_drains_calls_in_flight(tmp_path: Path) -> None:
    """Under load from 8 client threads (engine calls and health checks), SIGTERM lets
    every call the server had started finish OK (at least one was in flight), other calls
    are refused UNAVAILABLE (never CANCELLED, INTERNAL or UNKNOWN), and the exit code is 0."""
    server = start_server(tmp_path, "--log-level", "debug", "--grace", "30", "--threads", "2")
    state = sc.state_to_proto(mid_game_state())
    batch = _big_batch(30000)  # a few hundred ms in the engine pool: long enough to be in flight at the signal
    outcomes: list[tuple[str, grpc.StatusCode]] = []
    lock = threading.Lock()
    stop = threading.Event()

    def client(k: int) -> None:
        channel = grpc.insecure_channel(server.address)
        stub = pb_grpc.OracleServiceStub(channel)
        health = health_pb2_grpc.HealthStub(channel)
        i = 0
        while not stop.is_set():
            rid = f"load-{k}-{i}"
            i += 1
            md = (("x-request-id", rid),)
            calls = (lambda m=md: stub.GetLegalActions(pb.GetLegalActionsRequest(state=state), metadata=m, timeout=30),
                     lambda m=md: stub.BatchCheckActions(batch, metadata=m, timeout=30),
                     lambda m=md: health.Check(health_pb2.HealthCheckRequest(), metadata=m, timeout=30))
            code = _code(calls[i % 3])
            with lock:
                outcomes.append((rid, code))
            if code != grpc.StatusCode.OK:
                break
        channel.close()

    threads = [threading.Thread(target=client, args=(k,)) for k in range(8)]
    for t in threads:
        t.start()
    try:
        time.sleep(1.5)
        _wait_for_a_batch_in_flight(server)
        server.proc.send_signal(signal.SIGTERM)
        assert server.proc.wait(60) == 0
    finally:
        stop.set()
        for t in threads:
            t.join(60)
    codes = Counter(code.name for _, code in outcomes)
    assert set(codes) <= {"OK", "UNAVAILABLE"}, codes
    records = server.log_records()
    events = [r.get("event") for r in records]
    signal_at = events.index("shutting_down")
    started_ids = {r["request_id"] for r in records[:signal_at] if r.get("event") == "rpc_start"}
    ended = {r["request_id"]: r["code"] for r in records if r.get("event") == "rpc"}
    in_flight = {rid for rid in started_ids
                 if any(r.get("event") == "rpc" and r["request_id"] == rid for r in records[signal_at:])}
    print(f"SIGTERM under load: client statuses {dict(codes)}; {len(in_flight)} calls in flight at the signal")
    assert in_flight, "no call was in flight when the signal arrived; the test proves nothing"
    assert all(ended.get(rid) == "OK" for rid in started_ids), {rid: ended.get(rid) for rid in started_ids}
    by_id = dict(outcomes)
    assert all(by_id.get(rid, grpc.StatusCode.OK) == grpc.StatusCode.OK for rid in started_ids)
    server.stop()


def test_synchronous_stream_handler_keeps_the_guarantees() -> None:
    """A synchronous client-streaming handler (as a servicer written for the threaded
    server would register, e.g. a reflection servicer) still answers, still ends at the
    stream idle limit, and undecodable messages are still INVALID_ARGUMENT on
    `requests[i]`; while idle it holds no engine thread (a unary call answers)."""
    from oracle.service import server as srv
    from oracle.service.servicer import OracleServicer
    from oracle.service.transcripts import verify_stream_messages

    def sync_stream(self: Any, requests: Any, context: Any) -> Any:
        return verify_stream_messages(requests)

    original = OracleServicer.StreamVerifyTranscript
    OracleServicer.StreamVerifyTranscript = sync_stream  # type: ignore[assignment,method-assign]
    try:
        config = srv.ServeConfig(port=0, threads=1, stream_idle_seconds=1.0)
        with in_process_server(config) as address, grpc.insecure_channel(address) as channel:
            stub = pb_grpc.OracleServiceStub(channel)
            resp = stub.StreamVerifyTranscript(stream_requests(_transcript()), timeout=30)
            assert not resp.agrees and resp.divergent_step == COIN["step"]
            idle = IdleStream(stub)
            time.sleep(0.3)
            _quick_calls(channel)
            assert idle.code() == grpc.StatusCode.DEADLINE_EXCEEDED
            idle.release()
            raw = channel.stream_unary(f"/{SERVICE}/StreamVerifyTranscript")
            good = [r.SerializeToString() for r in stream_requests(_transcript())][:2]
            with pytest.raises(grpc.RpcError) as info:
                raw(iter([*good, GARBAGE]), timeout=10)
            assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT  # type: ignore[attr-defined]
            assert bad_request(info.value)[0][0] == "requests[2]"
    finally:
        OracleServicer.StreamVerifyTranscript = original  # type: ignore[method-assign]
