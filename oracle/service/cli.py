"""``python -m oracle serve``: run the gRPC oracle until SIGTERM or SIGINT.

Once the server is ready it prints exactly one line to standard output,
``oracle listening on HOST:PORT``; logs go to standard error.  On SIGTERM or SIGINT the
health status turns NOT_SERVING, new calls are refused, calls in flight get
``--grace`` seconds to finish, and the process exits 0 (a second signal stops at once).

With ``--workers N`` (N > 1) the parent forks N server processes that share the port
through SO_REUSEPORT (as in grpc's multiprocessing example) and forwards the stop signal to
them.  The kernel spreads *connections*, not calls: one client channel stays on one process.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import ipaddress
import multiprocessing
import os
import signal
import socket
import sys
import threading
import time
from collections.abc import Iterator
from types import FrameType
from typing import Any

from oracle.mutants import MUTANTS

from .log import LEVELS, configure_logging, get_logger

__all__ = ["add_serve_arguments", "run_serve"]

#: Environment variable holding the bearer token when ``--auth-token`` is not given.
TOKEN_ENV = "ORACLE_AUTH_TOKEN"
_READY_TIMEOUT = 60.0


def _positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be >= 1, got {value}")
    return value


def _port(text: str) -> int:
    value = int(text)
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"must be 0..65535, got {value}")
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
                        help="server processes sharing the port via SO_REUSEPORT (default 1)")
    parser.add_argument("--threads", type=_positive_int, default=8, help="RPC threads per process (default 8)")
    parser.add_argument("--max-concurrent-rpcs", type=_positive_int, default=64,
                        help="calls in progress per process; more get RESOURCE_EXHAUSTED (default 64)")
    parser.add_argument("--max-message-bytes", type=_positive_int, default=16 * 1024 * 1024,
                        help="largest request or response message (default 16 MiB)")
    parser.add_argument("--grace", type=_seconds, default=10.0,
                        help="seconds calls in flight get to finish on SIGTERM/SIGINT (default 10)")
    parser.add_argument("--mutant", default="",
                        help="run an engine mutant (see `python -m oracle list-mutants`); for testing the suite")
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
    from .server import ServeConfig  # grpc is imported only by the service

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
        max_message_bytes=args.max_message_bytes,
        grace_seconds=args.grace,
        mutant=args.mutant,
        auth_token=token,
        tls_cert=cert,
        tls_key=key,
        reuse_port=args.workers > 1,
    )
    if args.workers > 1:
        return _serve_workers(config, args.workers)
    return _serve_one(config, announce=True)


class _StopSignal:
    """SIGTERM/SIGINT handling: the first signal asks for a graceful stop, the second
    for an immediate one."""

    def __init__(self, signals: tuple[int, ...] = (signal.SIGTERM, signal.SIGINT)) -> None:
        self.graceful = threading.Event()
        self.immediate = threading.Event()
        for sig in signals:
            signal.signal(sig, self._handle)

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        if self.graceful.is_set():
            self.immediate.set()
        self.graceful.set()

    def wait(self) -> None:
        """Block until the first signal."""
        while not self.graceful.wait(0.5):
            pass


def _serve_one(config: Any, announce: bool, ready: Any = None) -> int:
    """Run one server process until a signal; ``ready`` (a queue) gets the port, or an
    error text, instead of the listening line being printed."""
    from .server import build_server

    log = get_logger(pid=os.getpid())
    stop = _StopSignal((signal.SIGTERM,) if ready is not None else (signal.SIGTERM, signal.SIGINT))
    try:
        built = build_server(config)
    except (RuntimeError, ValueError) as exc:
        if ready is not None:
            ready.put(f"error: {exc}")
        return _fail(str(exc), 1)
    gc.collect()
    gc.freeze()  # the card pool, catalogue and protobuf descriptors live as long as the process
    built.server.start()
    log.info("serving", address=built.address, mutant=config.mutant or None, tls=bool(config.tls_cert),
             auth=bool(config.auth_token), max_concurrent_rpcs=config.max_concurrent_rpcs, threads=config.threads)
    if not config.tls_cert and not _is_loopback(config.host):
        log.warning("plaintext_on_network", address=built.address,
                    hint="use --tls-cert/--tls-key (and --auth-token) or a TLS-terminating proxy")
    if announce:
        print(f"oracle listening on {built.address}", flush=True)
    if ready is not None:
        ready.put(built.port)
    stop.wait()
    log.info("shutting_down", grace_seconds=config.grace_seconds)
    done = built.begin_shutdown(config.grace_seconds)
    while not done.wait(0.2):
        if stop.immediate.is_set():
            built.server.stop(0)
    log.info("stopped")
    return 0


def _is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return host == "localhost"


@contextlib.contextmanager
def _reserve_port(host: str, port: int) -> Iterator[int]:
    """Bind (without listening) a SO_REUSEPORT socket to hold the port for the workers."""
    family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    try:
        sock.bind(address)
        yield sock.getsockname()[1]
    finally:
        sock.close()


def _worker_main(config: Any, ready: Any) -> None:
    """Body of a forked worker process."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent forwards the stop signal
    sys.exit(_serve_one(config, announce=False, ready=ready))


def _serve_workers(config: Any, workers: int) -> int:
    """Fork ``workers`` server processes sharing one port; print the listening line when
    all are ready; forward SIGTERM/SIGINT to them; exit 0 when all exited 0."""
    import queue

    from .server import format_address

    log = get_logger(pid=os.getpid())
    stop = _StopSignal()
    try:
        reservation = _reserve_port(config.host, config.port)
        port = reservation.__enter__()
    except OSError as exc:
        return _fail(f"cannot listen on {format_address(config.host, config.port)}: {exc}", 1)
    try:
        config.port = port
        ctx = multiprocessing.get_context("fork")
        ready = ctx.Queue()
        procs = [ctx.Process(target=_worker_main, args=(config, ready), name=f"oracle-worker-{i}") for i in range(workers)]
        for p in procs:
            p.start()
        for _ in range(workers):
            try:
                message = ready.get(timeout=_READY_TIMEOUT)
            except queue.Empty:
                message = "the workers did not become ready in time"
            if not isinstance(message, int):
                for p in procs:
                    p.kill()
                return _fail(str(message), 1)
        print(f"oracle listening on {format_address(config.host, port)}", flush=True)
        log.info("workers_ready", workers=workers, pids=[p.pid for p in procs])
        stop.wait()
        _signal_all(procs)
        forwarded_immediate = False
        deadline = time.monotonic() + config.grace_seconds + 5
        for p in procs:
            while p.is_alive() and time.monotonic() < deadline:
                if stop.immediate.is_set() and not forwarded_immediate:
                    _signal_all(procs)
                    forwarded_immediate = True
                p.join(0.2)
            if p.is_alive():
                p.kill()
                p.join()
        return 0 if all(p.exitcode == 0 for p in procs) else 1
    finally:
        reservation.__exit__(None, None, None)


def _signal_all(procs: list[Any]) -> None:
    for p in procs:
        if p.pid is not None and p.is_alive():
            os.kill(p.pid, signal.SIGTERM)
