"""Helpers of the service tests: real servers started as ``python -m oracle serve --port 0``
child processes (the printed "oracle listening on HOST:PORT" line gives the address), their
logs (standard error, one JSON object per line), error-detail decoding and game helpers."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import selectors
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import grpc
import pytest

from oracle._proto.berserk.oracle.v1 import game_config_pb2 as gc_pb
from oracle._proto.berserk.oracle.v1 import oracle_service_pb2 as pb

ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT = 30.0
#: heroes of the pool without a fixed turn order (301.4.1), so a new game starts with the roll
ROLL_HEROES = ("test_geroy_snayper", "test_geroy_strazh")
#: test_geroy_pervogo_khoda moves first (301.4.1): a new game goes straight to the shuffles
ORDER_HEROES = ("test_geroy_pervogo_khoda", "test_geroy_snayper")


@dataclass
class ServerProcess:
    """A server child process, its address and its log file."""

    proc: subprocess.Popen[str]
    address: str
    log_path: Path
    args: tuple[str, ...] = ()
    channels: list[grpc.Channel] = field(default_factory=list)

    def log_records(self) -> list[dict[str, Any]]:
        """Every JSON log line written so far (not a last line still being written)."""
        out = []
        text = self.log_path.read_text(encoding="utf-8")
        lines = text.splitlines()
        if lines and not text.endswith("\n"):
            lines.pop()
        for line in lines:
            line = line.strip()
            if line.startswith("{"):
                out.append(json.loads(line))
        return out

    def wait_for_log(self, predicate: Callable[[dict[str, Any]], bool], timeout: float = 20.0) -> dict[str, Any]:
        """The first log record matching ``predicate``, waiting for it up to ``timeout``."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for record in self.log_records():
                if predicate(record):
                    return record
            time.sleep(0.02)
        raise AssertionError(f"no matching log line within {timeout} s; log:\n{self.log_path.read_text()}")

    def channel(self, **kwargs: Any) -> grpc.Channel:
        """A new insecure channel to the server (closed at teardown)."""
        ch = grpc.insecure_channel(self.address, **kwargs)
        self.channels.append(ch)
        return ch

    def stop(self, sig: int = signal.SIGTERM, timeout: float = 30.0) -> int:
        """Send ``sig`` and wait for the exit code."""
        for ch in self.channels:
            ch.close()
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            raise


@contextlib.contextmanager
def in_process_server(config: Any, prepare: Callable[[], Any] | None = None) -> Iterator[str]:
    """A real asyncio server built by ``oracle.service.server.build_server(config)`` and run
    on its own event loop in a thread of this process; yields its address and stops it
    (grace 0) on exit.  ``prepare`` runs in that thread just before the server is built."""
    from oracle.service import server as srv

    loop = asyncio.new_event_loop()
    started: dict[str, Any] = {}
    ready = threading.Event()

    async def main() -> None:
        try:
            if prepare is not None:
                prepare()
            built = srv.build_server(config)
            await built.server.start()
        except BaseException as exc:
            started["error"] = exc
            ready.set()
            return
        started["built"] = built
        started["stop"] = asyncio.Event()
        ready.set()
        await started["stop"].wait()
        await built.shutdown(0)

    thread = threading.Thread(target=loop.run_until_complete, args=(main(),), daemon=True)
    thread.start()
    ready.wait(START_TIMEOUT)
    if "error" in started:
        thread.join(5)
        raise started["error"]
    try:
        yield started["built"].address
    finally:
        loop.call_soon_threadsafe(started["stop"].set)
        thread.join(30)
        loop.close()


def server_env(extra: dict[str, str] | None = None) -> dict[str, str]:
    """The environment of a child server: the repository on the path, no inherited token."""
    env = {k: v for k, v in os.environ.items() if k != "ORACLE_AUTH_TOKEN"}
    env["PYTHONPATH"] = str(ROOT) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env.update(extra or {})
    return env


def start_server(log_dir: Path, *args: str, env: dict[str, str] | None = None) -> ServerProcess:
    """Start ``python -m oracle serve --port 0 ARGS`` and wait for its listening line."""
    log_dir.mkdir(parents=True, exist_ok=True)
    log_path = log_dir / f"server-{time.monotonic_ns()}.log"
    with open(log_path, "w", encoding="utf-8") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "oracle", "serve", "--port", "0", *args],
            cwd=ROOT, env=server_env(env), stdout=subprocess.PIPE, stderr=log, text=True,
        )
    assert proc.stdout is not None
    sel = selectors.DefaultSelector()
    sel.register(proc.stdout, selectors.EVENT_READ)
    ready = sel.select(START_TIMEOUT)
    line = proc.stdout.readline() if ready else ""
    sel.close()
    if not line.startswith("oracle listening on "):
        proc.kill()
        proc.wait()
        raise AssertionError(f"server did not start (stdout {line!r}); log:\n{log_path.read_text()}")
    return ServerProcess(proc, line.split()[-1], log_path, args)


def bad_request(exc: grpc.RpcError) -> list[tuple[str, str]]:
    """The (field, description) pairs of the ``google.rpc.BadRequest`` detail of an error."""
    from google.rpc import error_details_pb2
    from grpc_status import rpc_status

    status = rpc_status.from_call(exc)  # type: ignore[arg-type]
    assert status is not None, "no google.rpc.Status in the trailing metadata"
    out = []
    for detail in status.details:
        if detail.Is(error_details_pb2.BadRequest.DESCRIPTOR):
            br = error_details_pb2.BadRequest()
            detail.Unpack(br)
            out += [(v.field, v.description) for v in br.field_violations]
    return out


def trailing(exc_or_call: Any) -> dict[str, str]:
    """Trailing metadata of a call (or an RpcError) as a dict of text values."""
    return {k: v for k, v in exc_or_call.trailing_metadata() if isinstance(v, str)}


def game_config(pool: pb.GetCardPoolResponse, heroes: tuple[str, str] = ROLL_HEROES, size: int = 20) -> gc_pb.GameConfig:
    """Two heroes and two decks of ``size`` non-hero cards of the pool."""
    others = [c.id for c in pool.cards if c.type != "hero"]
    return gc_pb.GameConfig(
        heroes=list(heroes),
        decks=[gc_pb.DeckList(card_ids=[others[i % len(others)] for i in range(k, k + size)]) for k in (0, size)],
    )


def mid_game_state(seed: int = 3) -> Any:
    """An engine state from the middle of a seeded random game where a player decides."""
    from oracle.engine import decision
    from oracle.sampler import play_random_game

    states = play_random_game(seed).states
    middle = [s for s in states[len(states) // 3 : 2 * len(states) // 3] if decision(s).actor in (0, 1)]
    return middle[len(middle) // 2]


def crowded_state(per_side: int) -> Any:
    """A valid R15 engine state at the choice step with ``per_side`` more open creatures
    («Легат Аккении») in each play zone: its legal actions grow as the square of them (every
    attacker by every target), its bytes only linearly (15 KB hold 300 a side)."""
    from oracle.model import Card
    from oracle.sampler import play_random_game
    from oracle.validate import validate

    game = play_random_game(5, edition="R15")
    state = next(s for s in game.states[8:] if s.step == "choice").copy()
    uid = max(state.cards) + 1
    for seat in (0, 1):
        for _ in range(per_side):
            state.cards[uid] = Card(uid, "legat_akkenii", seat)
            state.players[seat].play.append(uid)
            uid += 1
    validate(state)
    return state


def openssl_cert(directory: Path) -> tuple[Path, Path]:
    """A self-signed certificate for localhost/127.0.0.1 (cert, key), made with
    ``cryptography`` if installed, else the ``openssl`` command; skips when neither."""
    cert, key = directory / "cert.pem", directory / "key.pem"
    try:
        import importlib

        importlib.import_module("cryptography")
        has_cryptography = True
    except ImportError:
        has_cryptography = False
    if has_cryptography:  # pragma: no cover - not installed in the reference venv
        _cryptography_cert(cert, key)
        return cert, key
    try:
        subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out", str(cert),
             "-days", "2", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"],
            check=True, capture_output=True, timeout=60,
        )
    except FileNotFoundError:
        pytest.skip("TLS test skipped: neither the `cryptography` package nor the `openssl` command is available")
    except subprocess.CalledProcessError as exc:
        pytest.skip(f"TLS test skipped: openssl could not make a certificate: {exc.stderr!r}")
    return cert, key


def _cryptography_cert(cert: Path, key: Path) -> None:  # pragma: no cover
    import datetime
    import ipaddress

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import rsa
    from cryptography.x509.oid import NameOID

    private = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "localhost")])
    now = datetime.datetime.now(datetime.UTC)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name).issuer_name(name).public_key(private.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5)).not_valid_after(now + datetime.timedelta(days=2))
        .add_extension(x509.SubjectAlternativeName(
            [x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), critical=False)
        .sign(private, hashes.SHA256())
    )
    cert.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    key.write_bytes(private.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.TraditionalOpenSSL, serialization.NoEncryption()))
