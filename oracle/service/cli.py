"""``python -m oracle serve``: run the gRPC oracle until SIGTERM or SIGINT.

Once the server is ready it prints exactly one line to standard output,
``oracle listening on HOST:PORT``; logs go to standard error.  On SIGTERM or SIGINT the
health status turns NOT_SERVING, new calls are refused, idle client streams end, calls in
flight get ``--grace`` seconds to finish, and the process exits 0 (a second signal stops
at once).  The server is an asyncio gRPC server; the engine work runs in ``--threads``
threads.

With ``--workers N`` (N > 1) the parent first checks that nobody holds the port, then
forks N server processes that share it through SO_REUSEPORT (as in grpc's multiprocessing
example), replaces a worker that dies (logging it), reaps its children, and forwards the
stop signal to them.  The kernel spreads *connections*, not calls: one client channel
stays on one process.
"""

from __future__ import annotations

import argparse
import asyncio
import errno
import gc
import ipaddress
import multiprocessing
import os
import signal
import socket
import sys
import threading
import time
from types import FrameType
from typing import Any

from oracle.mutants import MUTANTS

from .log import LEVELS, configure_logging, get_logger
from .state_cache import DEFAULT_STATE_CACHE_SIZE

__all__ = ["add_serve_arguments", "run_serve"]

#: Environment variable holding the bearer token when ``--auth-token`` is not given.
TOKEN_ENV = "ORACLE_AUTH_TOKEN"
_READY_TIMEOUT = 60.0
#: A worker that dies within this many seconds of its start is restarted after a growing
#: delay (1, 2, 4 … at most 30 s), so that a worker failing at once does not spin.
_QUICK_DEATH = 5.0
_MAX_RESTART_DELAY = 30.0


def _positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be >= 1, got {value}")
    return value


def _non_negative_int(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be >= 0, got {value}")
    return value


def _port(text: str) -> int:
    value = int(text)
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"must be 0..65535, got {value}")
    return value


def _positive_seconds(text: str) -> float:
    value = float(text)
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be > 0, got {value}")
    return value


def _seconds(text: str) -> float:
    value = float(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be >= 0, got {value}")
    return value


def add_serve_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the options of ``serve`` to ``parser``."""
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=_port, default=50051, help="port; 0 takes a free port (default 50051)")
    parser.add_argument("--workers", type=_positive_int, default=1,
                        help="server processes sharing the port via SO_REUSEPORT, supervised (default 1)")
    parser.add_argument("--threads", type=_positive_int, default=8,
                        help="engine threads per process: the engine work of every call runs there (default 8)")
    parser.add_argument("--max-concurrent-rpcs", type=_positive_int, default=64,
                        help="unary calls in progress per process (health checks aside); more get "
                             "RESOURCE_EXHAUSTED (default 64)")
    parser.add_argument("--max-streams", type=_positive_int, default=16,
                        help="client streams (StreamVerifyTranscript, reflection) open per process; more get "
                             "RESOURCE_EXHAUSTED (default 16)")
    parser.add_argument("--max-watches", type=_positive_int, default=64,
                        help="health Watch streams open per process; more get RESOURCE_EXHAUSTED (default 64)")
    parser.add_argument("--stream-idle-timeout", type=_positive_seconds, default=30.0,
                        help="seconds a client stream may wait for its next message; then DEADLINE_EXCEEDED "
                             "(default 30)")
    parser.add_argument("--max-message-bytes", type=_positive_int, default=16 * 1024 * 1024,
                        help="largest request or response message (default 16 MiB)")
    parser.add_argument("--grace", type=_seconds, default=10.0,
                        help="seconds calls in flight get to finish on SIGTERM/SIGINT (default 10)")
    parser.add_argument("--drain", type=_seconds, default=None, metavar="S",
                        help="seconds a stopping server goes on refusing new calls (UNAVAILABLE, health "
                             "NOT_SERVING) once none is in flight, before it closes its connections; behind a "
                             "load balancer, longer than its health checks take to notice (default 0.25)")
    parser.add_argument("--mutant", default="",
                        help="run an engine mutant (see `python -m oracle list-mutants`); for testing the suite")
    parser.add_argument("--state-cache", type=_non_negative_int, default=DEFAULT_STATE_CACHE_SIZE, metavar="N",
                        help="remember the last N states this process answered with (CreateGame, ApplyAction), "
                             "keyed by their exact message bytes, so that a client sending one back is not decoded "
                             "and validated again; any other state is decoded as usual; per worker process; "
                             f"0 turns it off (default {DEFAULT_STATE_CACHE_SIZE}, ~15 KB per entry of a 42-card state)")
    parser.add_argument("--auth-token", default=None,
                        help=f"require `authorization: Bearer TOKEN` on every call but health (default: ${TOKEN_ENV})")
    parser.add_argument("--tls-cert", default="", help="PEM certificate chain file; enables TLS (needs --tls-key)")
    parser.add_argument("--tls-key", default="", help="PEM private key file (needs --tls-cert)")
    parser.add_argument("--log-level", choices=LEVELS, default="info",
                        help="info logs one line per call (default info)")
    parser.add_argument("--log-format", choices=("auto", "json", "console"), default="auto",
                        help="auto: JSON unless standard error is a terminal (default auto)")


def _fail(message: str, code: int = 2) -> int:
    print(f"oracle serve: error: {message}", file=sys.stderr, flush=True)
    return code


def run_serve(args: argparse.Namespace) -> int:
    """Serve until stopped; the process exit code (0 after a signal, 2 for bad options,
    1 when the server cannot start)."""
    from oracle.suite_version import shipped_suite_version

    from .server import SHUTDOWN_SETTLE_SECONDS, ServeConfig  # grpc is imported only by the service

    configure_logging(args.log_level, json={"auto": None, "json": True, "console": False}[args.log_format])
    if args.mutant and args.mutant not in MUTANTS:
        return _fail(f"unknown mutant {args.mutant!r}; known: {', '.join(sorted(MUTANTS))}")
    if bool(args.tls_cert) != bool(args.tls_key):
        return _fail("--tls-cert and --tls-key go together")
    cert = key = b""
    if args.tls_cert:
        try:
            with open(args.tls_cert, "rb") as f:
                cert = f.read()
            with open(args.tls_key, "rb") as f:
                key = f.read()
        except OSError as exc:
            return _fail(f"cannot read the TLS files: {exc}")
    token = args.auth_token if args.auth_token is not None else os.environ.get(TOKEN_ENV, "")
    config = ServeConfig(
        host=args.host,
        port=args.port,
        threads=args.threads,
        max_concurrent_rpcs=args.max_concurrent_rpcs,
        max_streams=args.max_streams,
        max_watches=args.max_watches,
        stream_idle_seconds=args.stream_idle_timeout,
        max_message_bytes=args.max_message_bytes,
        grace_seconds=args.grace,
        drain_seconds=SHUTDOWN_SETTLE_SECONDS if args.drain is None else args.drain,
        mutant=args.mutant,
        state_cache=args.state_cache,
        auth_token=token,
        tls_cert=cert,
        tls_key=key,
        reuse_port=args.workers > 1,
        suite_version=shipped_suite_version(),
    )
    if args.workers > 1:
        return _serve_workers(config, args.workers)
    return _serve_one(config, announce=True)


class _StopSignal:
    """SIGTERM/SIGINT handling in the parent of ``--workers``: the first signal asks for a
    graceful stop, the second for an immediate one."""

    def __init__(self, signals: tuple[int, ...] = (signal.SIGTERM, signal.SIGINT)) -> None:
        self.graceful = threading.Event()
        self.immediate = threading.Event()
        for sig in signals:
            signal.signal(sig, self._handle)

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        if self.graceful.is_set():
            self.immediate.set()
        self.graceful.set()


def _serve_one(config: Any, announce: bool, ready: Any = None) -> int:
    """Run one server process until a signal; ``ready`` (the writing end of a pipe) gets
    ``(pid, port)``, or ``(pid, error text)``, instead of the listening line being printed."""
    return asyncio.run(_serve_async(config, announce, ready))


async def _serve_async(config: Any, announce: bool, ready: Any) -> int:
    from .server import build_server

    log = get_logger(pid=os.getpid())
    loop = asyncio.get_running_loop()
    graceful = asyncio.Event()
    immediate = asyncio.Event()

    def on_signal() -> None:
        if graceful.is_set():
            immediate.set()
        graceful.set()

    for sig in (signal.SIGTERM,) if ready is not None else (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, on_signal)
    try:
        built = build_server(config)
    except (RuntimeError, ValueError) as exc:
        if ready is not None:
            ready.send((os.getpid(), f"error: {exc}"))
        return _fail(str(exc), 1)
    gc.collect()
    gc.freeze()  # the card pool, catalogue and protobuf descriptors live as long as the process
    await built.server.start()
    log.info("serving", address=built.address, mutant=config.mutant or None, tls=bool(config.tls_cert),
             auth=bool(config.auth_token), max_concurrent_rpcs=config.max_concurrent_rpcs,
             max_streams=config.max_streams, max_watches=config.max_watches, threads=config.threads)
    if not config.tls_cert and not _is_loopback(config.host):
        log.warning("plaintext_on_network", address=built.address,
                    hint="use --tls-cert/--tls-key (and --auth-token) or a TLS-terminating proxy")
    if announce:
        print(f"oracle listening on {built.address}", flush=True)
    if ready is not None:
        ready.send((os.getpid(), built.port))
    await graceful.wait()
    log.info("shutting_down", grace_seconds=config.grace_seconds)
    stopping = asyncio.ensure_future(built.shutdown(config.grace_seconds, config.drain_seconds))
    now = asyncio.ensure_future(immediate.wait())
    await asyncio.wait({stopping, now}, return_when=asyncio.FIRST_COMPLETED)
    if not stopping.done():
        await built.server.stop(0)
        await stopping
    now.cancel()
    log.info("stopped")
    return 0


def _is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return host == "localhost"


def _claim_port(host: str, port: int) -> tuple[socket.socket, int]:
    """Check that nobody holds ``host:port`` (a socket without SO_REUSEPORT binds only to a
    port no one else has bound or listens on), then bind, without listening, a SO_REUSEPORT
    socket that holds the port for the workers; the socket and the port (port 0: a free
    one).  Raise ``OSError`` when the port is taken."""
    family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # TIME_WAIT leftovers are not owners
        probe.bind(address)
        port = probe.getsockname()[1]
    family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        sock.bind(address)
    except OSError:
        sock.close()
        raise
    return sock, port


def _worker_main(config: Any, ready: Any) -> None:
    """Body of a forked worker process."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent forwards the stop signal
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    sys.exit(_serve_one(config, announce=False, ready=ready))


class _Workers:
    """The worker processes of ``--workers``: one per slot, replaced when one dies.  Each
    worker reports its readiness on a pipe of its own (not a shared queue, whose lock a
    killed worker could leave held)."""

    def __init__(self, config: Any, count: int, log: Any) -> None:
        self._ctx = multiprocessing.get_context("fork")
        self._config = config
        self._log = log
        self.procs: list[Any] = [None] * count
        self.readers: list[Any] = [None] * count
        self._started = [0.0] * count
        self._delay = [0.0] * count
        self._restart_at = [0.0] * count
        self.replaced = 0

    def start(self, slot: int) -> None:
        reader, writer = self._ctx.Pipe(duplex=False)
        p = self._ctx.Process(target=_worker_main, args=(self._config, writer), name=f"oracle-worker-{slot}")
        p.start()
        writer.close()  # the worker holds the only writing end: its death ends the pipe
        if self.readers[slot] is not None:
            self.readers[slot].close()
        self.procs[slot], self.readers[slot] = p, reader
        self._started[slot] = time.monotonic()

    def wait_ready(self, slot: int, timeout: float) -> str | None:
        """None once the worker of ``slot`` is ready, else why it is not."""
        reader = self.readers[slot]
        if not reader.poll(timeout):
            return "the workers did not become ready in time"
        try:
            _, message = reader.recv()
        except EOFError:
            return "a worker exited before it was ready"
        return None if isinstance(message, int) else str(message)

    def supervise(self) -> None:
        """Reap dead workers (logging them), start replacements when due, log the ready ones."""
        now = time.monotonic()
        for slot, p in enumerate(self.procs):
            if p is not None and not p.is_alive():  # is_alive() reaps an exited child
                p.join()
                quick = now - self._started[slot] < _QUICK_DEATH
                self._delay[slot] = min(max(self._delay[slot] * 2, 1.0), _MAX_RESTART_DELAY) if quick else 0.0
                self._restart_at[slot] = now + self._delay[slot]
                self._log.error("worker_died", slot=slot, pid=p.pid, exitcode=p.exitcode,
                                restart_in_s=self._delay[slot])
                self.procs[slot] = None
            if self.procs[slot] is None and now >= self._restart_at[slot]:
                self.start(slot)
                self.replaced += 1
                self._log.info("worker_replaced", slot=slot, pid=self.procs[slot].pid)
        self.drain_ready()

    def drain_ready(self) -> None:
        """Log the readiness reports that arrived (a replacement's)."""
        for slot, reader in enumerate(self.readers):
            if reader is None or reader.closed:
                continue
            try:
                if not reader.poll(0):
                    continue
                pid, message = reader.recv()
            except (EOFError, OSError):
                reader.close()
                continue
            if isinstance(message, int):
                self._log.info("worker_ready", slot=slot, pid=pid)
            else:
                self._log.error("worker_failed", slot=slot, pid=pid, error=str(message))

    def alive(self) -> list[Any]:
        return [p for p in self.procs if p is not None]


def _serve_workers(config: Any, workers: int) -> int:
    """Fork ``workers`` server processes sharing one port; print the listening line when
    all are ready; replace a worker that dies; forward SIGTERM/SIGINT to them; exit 0 when
    all the current workers exited 0."""
    from .server import format_address

    log = get_logger(pid=os.getpid())
    stop = _StopSignal()
    try:
        reservation, port = _claim_port(config.host, config.port)
    except OSError as exc:
        reason = "the port is already in use" if exc.errno == errno.EADDRINUSE else str(exc)
        return _fail(f"cannot listen on {format_address(config.host, config.port)}: {reason}", 1)
    try:
        config.port = port
        group = _Workers(config, workers, log)
        for slot in range(workers):
            group.start(slot)
        deadline = time.monotonic() + _READY_TIMEOUT
        for slot in range(workers):
            problem = group.wait_ready(slot, max(deadline - time.monotonic(), 0.0))
            if problem is not None:
                for p in group.alive():
                    p.kill()
                    p.join()
                return _fail(problem, 1)
        print(f"oracle listening on {format_address(config.host, port)}", flush=True)
        log.info("workers_ready", workers=workers, pids=[p.pid for p in group.alive()])
        while not stop.graceful.wait(0.2):
            group.supervise()
        procs = group.alive()
        _signal_all(procs)
        forwarded_immediate = False
        deadline = time.monotonic() + config.grace_seconds + config.drain_seconds + 5
        for p in procs:
            while p.is_alive() and time.monotonic() < deadline:
                if stop.immediate.is_set() and not forwarded_immediate:
                    _signal_all(procs)
                    forwarded_immediate = True
                p.join(0.2)
            if p.is_alive():
                p.kill()
                p.join()
        group.drain_ready()
        failed = [(p.pid, p.exitcode) for p in procs if p.exitcode != 0]
        if failed:
            log.error("workers_failed_to_stop", workers=failed)
        log.info("stopped", replaced=group.replaced)
        return 1 if failed else 0
    finally:
        reservation.close()


def _signal_all(procs: list[Any]) -> None:
    for p in procs:
        if p.pid is not None and p.is_alive():
            os.kill(p.pid, signal.SIGTERM)
