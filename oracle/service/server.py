"""Assembly of the gRPC server: :func:`build_server` makes a ready-to-start server from a
:class:`ServeConfig`.

The server is a ``grpc.aio`` (asyncio) server with three services: the oracle
(:class:`~oracle.service.servicer.OracleServicer`), health
(:class:`~oracle.service.health.HealthServicer`) and reflection
(:mod:`oracle.service.reflection`), every method of each wrapped by the
:class:`~oracle.service.interceptor.CallInterceptor`.  The engine work of calls runs in a
bounded thread pool (``threads``); synchronous streaming handlers are stepped in a pool of
their own.  :class:`BuiltServer` holds the bound server and stops it gracefully.

The conformance suite's version that GetServerInfo reports is a parameter
(:attr:`ServeConfig.suite_version`), given by whoever starts the server, not learnt by
importing the suite: it is plain data of the package (:mod:`oracle.suite_version`).
"""

from __future__ import annotations

import asyncio
from concurrent import futures
from dataclasses import dataclass, field

import grpc
from grpc_health.v1 import health_pb2_grpc
from grpc_reflection.v1alpha import reflection

from oracle._proto.berserk.oracle.v1 import oracle_service_pb2_grpc as pb_grpc
from oracle.suite_version import shipped_suite_version

from .health import HEALTH_SERVICE_NAME, HealthServicer
from .inline import policy as inline_policy
from .interceptor import CallInterceptor, Limits
from .reflection import enable_reflection
from .servicer import APPLY_METHOD, SERVICE_NAME, OracleServicer
from .state_cache import DEFAULT_STATE_CACHE_SIZE

__all__ = ["SHUTDOWN_SETTLE_SECONDS", "BuiltServer", "ServeConfig", "build_server", "format_address"]

#: Once the last call in flight has ended at shutdown, the server goes on refusing new
#: calls with UNAVAILABLE for this long by default (``--drain``) before it closes its
#: connections, so that a client answered a moment ago and calling again is told "stopping"
#: rather than cut off: gRPC itself may end a call that arrives while the server closes with
#: CANCELLED, a status that does not say whether the call was processed.  Behind a load
#: balancer it must outlast the time its health checks take to see NOT_SERVING, or the
#: balancer may send a call at the moment of closing (tests/service/test_balancer.py).
SHUTDOWN_SETTLE_SECONDS = 0.25


@dataclass
class ServeConfig:
    """Everything :func:`build_server` needs (the options of ``python -m oracle serve``,
    docs/SERVICE.md)."""

    #: address to listen on
    host: str = "127.0.0.1"
    #: port; 0 takes a free one
    port: int = 50051
    #: engine threads: the pool where the engine work of the larger calls runs
    threads: int = 8
    #: unary calls in progress (health aside); more get RESOURCE_EXHAUSTED
    max_concurrent_rpcs: int = 64
    #: client streams open; more get RESOURCE_EXHAUSTED
    max_streams: int = 16
    #: health Watch streams open; more get RESOURCE_EXHAUSTED
    max_watches: int = 64
    #: seconds a client stream may wait for its next message
    stream_idle_seconds: float = 30.0
    #: largest request or response message
    max_message_bytes: int = 16 * 1024 * 1024
    #: seconds calls in flight get to finish when the server stops (used by its runner)
    grace_seconds: float = 10.0
    #: seconds the stopping server goes on refusing new calls once none is in flight, before
    #: it closes its connections (used by its runner; :data:`SHUTDOWN_SETTLE_SECONDS`)
    drain_seconds: float = SHUTDOWN_SETTLE_SECONDS
    #: an engine mutant (a name of :data:`oracle.mutants.MUTANTS`) or "" for the reference
    mutant: str = ""
    #: entries of the state cache (:mod:`oracle.service.state_cache`); 0 turns it off
    state_cache: int = DEFAULT_STATE_CACHE_SIZE
    #: the bearer token every method but health requires ("": none)
    auth_token: str = ""
    #: PEM certificate chain and private key; TLS when set
    tls_cert: bytes = b""
    tls_key: bytes = b""
    #: SO_REUSEPORT, for worker processes sharing the port
    reuse_port: bool = False
    #: the conformance suite's version GetServerInfo reports, given by whoever starts the
    #: server (the service does not import the suite); by default the suite shipped with
    #: the engine (:func:`oracle.suite_version.shipped_suite_version`)
    suite_version: str = field(default_factory=shipped_suite_version)


@dataclass
class BuiltServer:
    """A bound, not yet started server, its health servicer, interceptor and engine pool."""

    #: the gRPC server, bound, to be started by the caller
    server: grpc.aio.Server
    #: its health service (NOT_SERVING once :meth:`shutdown` begins)
    health: HealthServicer
    #: the interceptor wrapping every method (its slots tell the calls in flight)
    interceptor: CallInterceptor
    #: the engine thread pool
    executor: futures.ThreadPoolExecutor
    #: the pool stepping synchronous streaming handlers
    stream_pool: futures.ThreadPoolExecutor
    #: the bound port (the free one taken for port 0)
    port: int
    #: ``host:port`` as bound (:func:`format_address`)
    address: str

    async def shutdown(self, grace: float, drain: float = SHUTDOWN_SETTLE_SECONDS) -> None:
        """Health NOT_SERVING (open watches get it and end), idle client streams end,
        new calls are refused UNAVAILABLE, calls in flight get ``grace`` seconds; once they
        have ended (and ``drain`` seconds more, within ``grace`` plus ``drain`` in all), the
        server closes its connections; returns once it has stopped."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + grace
        self.interceptor.shutting_down.set()
        self.health.enter_graceful_shutdown()
        try:
            calls, streams = self.interceptor.calls, self.interceptor.streams
            while (calls.used or streams.used) and loop.time() < deadline:
                await asyncio.sleep(0.02)
            await asyncio.sleep(max(min(drain, deadline + drain - loop.time()), 0))
            await self.server.stop(max(deadline + drain - loop.time(), 0.1))
        finally:
            self.executor.shutdown(wait=False, cancel_futures=True)
            self.stream_pool.shutdown(wait=False, cancel_futures=True)


def format_address(host: str, port: int) -> str:
    """``host:port``, with brackets around an IPv6 host."""
    return f"[{host}]:{port}" if ":" in host and not host.startswith("[") else f"{host}:{port}"


def build_server(config: ServeConfig) -> BuiltServer:
    """An asyncio server with the oracle, health and reflection services, bound to
    ``config.host:config.port`` (port 0: a free port); raise ``RuntimeError`` when the
    address cannot be bound.  Call it with the event loop that will run the server."""
    limits = Limits(config.max_concurrent_rpcs, config.max_streams, config.max_watches, config.stream_idle_seconds)
    options = [
        ("grpc.max_receive_message_length", config.max_message_bytes),
        ("grpc.max_send_message_length", config.max_message_bytes),
        ("grpc.so_reuseport", 1 if config.reuse_port else 0),
        # HTTP/2 streams per connection: enough for every limit, not unbounded
        ("grpc.max_concurrent_streams", limits.max_calls + limits.max_streams + limits.max_watches + 16),
    ]
    executor = futures.ThreadPoolExecutor(max_workers=config.threads, thread_name_prefix="oracle-engine")
    stream_pool = futures.ThreadPoolExecutor(max_workers=limits.max_streams + limits.max_watches,
                                             thread_name_prefix="oracle-stream")
    servicer = OracleServicer(config.mutant, executor, config.state_cache, config.suite_version)
    # ApplyAction, the hottest call, from and to bytes (OracleServicer.apply_action_wire)
    # (the calls whose work a real game bounds run on the event loop: oracle.service.inline)
    interceptor = CallInterceptor(config.auth_token, executor, limits, stream_pool,
                                  {APPLY_METHOD: servicer.apply_action_wire}, inline_policy(servicer))
    server = grpc.aio.server(interceptors=[interceptor], options=options)
    pb_grpc.add_OracleServiceServicer_to_server(servicer, server)  # type: ignore[no-untyped-call]
    health_servicer = HealthServicer(("", SERVICE_NAME))
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    enable_reflection((SERVICE_NAME, HEALTH_SERVICE_NAME, reflection.SERVICE_NAME), server)
    address = format_address(config.host, config.port)
    try:
        if config.tls_cert:
            creds = grpc.ssl_server_credentials([(config.tls_key, config.tls_cert)])
            port = server.add_secure_port(address, creds)
        else:
            port = server.add_insecure_port(address)
    except RuntimeError:
        port = 0
    if not port:
        executor.shutdown(wait=False)
        stream_pool.shutdown(wait=False)
        raise RuntimeError(f"cannot listen on {address}")
    return BuiltServer(server, health_servicer, interceptor, executor, stream_pool, port,
                       format_address(config.host, port))
