"""The gRPC oracle service: a thin, stateless adapter over the engine.

:class:`OracleServicer` implements every RPC of ``berserk.oracle.v1.OracleService``; it
decodes the request (:mod:`oracle.service.convert`), calls the engine and encodes the
answer.  It holds no game state: the full state travels in every request, so any
replica can answer any call.

:class:`CallInterceptor` wraps every method of every service on the server (the oracle,
health, reflection): it takes or makes the request id (``x-request-id`` metadata, sent
back in the trailing metadata), checks the bearer token, turns
:class:`~oracle.service.convert.InputError` into ``INVALID_ARGUMENT`` with a
``google.rpc.BadRequest`` detail (AIP-193), turns any other fault into ``INTERNAL``
without a stack trace, and logs one line per call.

:func:`build_server` assembles a ready-to-start ``grpc.Server`` from a :class:`ServeConfig`.
"""

from __future__ import annotations

import contextvars
import hmac
import importlib
import json
import logging
import random
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from concurrent import futures
from dataclasses import dataclass
from importlib import resources
from typing import Any, NamedTuple

import grpc
from google.rpc import code_pb2, error_details_pb2, status_pb2
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection

import oracle
from oracle._proto.berserk.oracle.v1 import oracle_service_pb2 as pb
from oracle._proto.berserk.oracle.v1 import oracle_service_pb2_grpc as pb_grpc
from oracle._proto.berserk.oracle.v1 import transcript_pb2
from oracle.cards import load_pool
from oracle.catalogue import load_catalogue
from oracle.contract import CAPABILITIES, LEVELS
from oracle.editions import DEFAULT_EDITION, EDITIONS
from oracle.engine import IllegalAction, apply, check, decision, legal_actions
from oracle.model import CHANCE, State
from oracle.sampler import random_action
from oracle.serialize import to_dict
from oracle.setup import ConfigError, new_game_with_events

from . import convert as cv
from .log import get_logger
from .reflection import enable_reflection
from .transcripts import verify_stream_messages, verify_transcript_message

__all__ = [
    "PROTO_VERSION",
    "REQUEST_ID_KEY",
    "SERVICE_NAME",
    "BuiltServer",
    "CallInterceptor",
    "OracleServicer",
    "ServeConfig",
    "bad_request_status",
    "build_server",
    "format_address",
    "suite_version",
]

#: Full name of the oracle service.
SERVICE_NAME: str = pb.DESCRIPTOR.services_by_name["OracleService"].full_name
#: Version of the public protocol.
PROTO_VERSION = "v1"
#: Metadata key of the request id (request and trailing metadata).
REQUEST_ID_KEY = "x-request-id"
_HEALTH_PREFIX = f"/{health.SERVICE_NAME}/"
_NOT_SERVING = health_pb2.HealthCheckResponse.NOT_SERVING
_MAX_REQUEST_ID = 128
#: How many batch items are checked between two looks at the deadline.
_DEADLINE_STRIDE = 32
#: At most this many chance outcomes are sampled by CreateGame (a tie re-rolls).
_MAX_CHANCE_STEPS = 1000


def suite_version() -> str:
    """The version of the conformance suite shipped alongside the engine ("" if absent)."""
    try:
        module = importlib.import_module("conformance_suite")
    except ImportError:
        return ""
    return str(getattr(module, "__version__", ""))


# --- per-call record ----------------------------------------------------------------


@dataclass
class _CallInfo:
    """What the servicer tells the interceptor about the call it answers."""

    request_id: str
    fingerprint: str = ""
    #: canonical data of a state whose fingerprint is logged (computed only if logged)
    state_data: dict[str, Any] | None = None


_CALL: contextvars.ContextVar[_CallInfo | None] = contextvars.ContextVar("oracle_call", default=None)


def _note_fingerprint(value: str) -> None:
    info = _CALL.get()
    if info is not None:
        info.fingerprint = value


def _note_state(data: dict[str, Any]) -> None:
    """Log the fingerprint of the state ``data`` (computed only when the line is logged)."""
    info = _CALL.get()
    if info is not None:
        info.state_data = data


class _Abort(Exception):
    """Raised by the servicer to end a call with ``code`` (not INVALID_ARGUMENT)."""

    def __init__(self, code: grpc.StatusCode, details: str) -> None:
        super().__init__(details)
        self.code = code
        self.details = details


def _check_deadline(context: grpc.ServicerContext) -> None:
    """Stop working for a call whose client gave up or whose deadline passed."""
    remaining = context.time_remaining()
    if remaining is not None and remaining <= 0:
        raise _Abort(grpc.StatusCode.DEADLINE_EXCEEDED, "deadline exceeded")
    if not context.is_active():
        raise _Abort(grpc.StatusCode.CANCELLED, "the call was cancelled")


# --- the oracle ---------------------------------------------------------------------


class OracleServicer(pb_grpc.OracleServiceServicer):
    """Every RPC of ``OracleService``.  ``mutant`` (a name of :data:`oracle.mutants.MUTANTS`
    or "") is set on every decoded state and listed by GetServerInfo."""

    def __init__(self, mutant: str = "") -> None:
        self.mutant = mutant
        pool = load_pool()
        self._info = pb.GetServerInfoResponse(
            engine_version=oracle.__version__,
            proto_version=PROTO_VERSION,
            suite_version=suite_version(),
            editions=list(EDITIONS),
            default_edition=DEFAULT_EDITION,
            card_pool_version=pool.version,
            mutants=[mutant] if mutant else [],
            implementation="berserk-oracle reference (Python)" + (f", mutant {mutant}" if mutant else ""),
            support=[pb.EditionSupport(edition=ed, capabilities=list(CAPABILITIES)) for ed in EDITIONS],
            levels=list(LEVELS),
            card_ids=sorted(pool.cards),
        )
        self._pool = _card_pool_response()
        self._catalogue = _catalogue_responses()

    # decoding helpers

    def _state(self, request: Any, name: str = "state") -> tuple[State, dict[str, Any]]:
        if not request.HasField(name):
            raise cv.InputError(name, "is required")
        return cv.decode_state(getattr(request, name), name, self.mutant)

    @staticmethod
    def _action(request: Any) -> oracle.Action:
        if not request.HasField("action"):
            raise cv.InputError("action", "is required")
        return cv.action_from_proto(request.action, "action")

    # RPCs

    def GetServerInfo(self, request: pb.GetServerInfoRequest, context: grpc.ServicerContext) -> pb.GetServerInfoResponse:
        """Versions, editions, card pool version and the mutant, if any."""
        return self._info

    def CreateGame(self, request: pb.CreateGameRequest, context: grpc.ServicerContext) -> pb.CreateGameResponse:
        """A new game and the events of creating it (301.4.1, 301.4.2); with
        ``chance_seed`` the sampler decides chance's setup outcomes (roll, shuffles) until
        the first player decision, and their events follow in order."""
        if not request.HasField("config"):
            raise cv.InputError("config", "is required")
        try:
            state, events = new_game_with_events(cv.config_from_proto(request.config))
        except ConfigError as exc:
            raise cv.config_error(exc) from None
        state.mutant = self.mutant
        resp = pb.CreateGameResponse()
        for e in events:
            resp.events.append(cv.event_to_proto(e))
        if request.HasField("chance_seed"):
            rng = random.Random(request.chance_seed)
            for _ in range(_MAX_CHANCE_STEPS):
                if decision(state).actor != CHANCE:
                    break
                action = random_action(state, rng)
                out = apply(state, action)
                state = out.state
                cv.action_to_proto(action, resp.chance_actions.add())
                for e in out.events:
                    resp.events.append(cv.event_to_proto(e))
        data = to_dict(state)
        cv.state_dict_to_proto(data, resp.state)
        resp.fingerprint = cv.fingerprint_data(data)
        cv.decision_to_proto(decision(state), resp.decision)
        _note_fingerprint(resp.fingerprint)
        return resp

    def GetLegalActions(
        self, request: pb.GetLegalActionsRequest, context: grpc.ServicerContext
    ) -> pb.GetLegalActionsResponse:
        """Who decides and every legal action, each with ``encoded``; at a shuffle the
        outcomes are not enumerated."""
        state, data = self._state(request)
        d = decision(state)
        actions = legal_actions(state)
        resp = pb.GetLegalActionsResponse()
        cv.decision_to_proto(d, resp.decision)
        add = resp.actions.add
        for a in actions:
            cv.action_to_proto(a, add())
        resp.outcomes_not_enumerated = d.actor == CHANCE and not actions
        resp.fingerprint = cv.fingerprint_data(data)
        _note_fingerprint(resp.fingerprint)
        return resp

    def CheckAction(self, request: pb.CheckActionRequest, context: grpc.ServicerContext) -> pb.CheckActionResponse:
        """Whether one action is legal; if not, the violations by rule."""
        state, data = self._state(request)
        _note_state(data)
        action = self._action(request)
        violations = check(state, action)
        return pb.CheckActionResponse(legal=not violations, violations=cv.violations_to_proto(violations))

    def BatchCheckActions(
        self, request: pb.BatchCheckActionsRequest, context: grpc.ServicerContext
    ) -> pb.BatchCheckActionsResponse:
        """Check every action against one state; one result per action, in order.
        Malformed actions are reported together (one field violation each)."""
        state, data = self._state(request)
        _note_state(data)
        actions: list[oracle.Action] = []
        errors: list[tuple[str, str]] = []
        for i, msg in enumerate(request.actions):
            if i % 1024 == 0:
                _check_deadline(context)
            try:
                actions.append(cv.action_from_proto(msg, f"actions[{i}]"))
            except cv.InputError as exc:
                errors.extend(exc.violations)
        if errors:
            err = cv.InputError(*errors[0])
            err.violations = errors[:100]
            raise err
        resp = pb.BatchCheckActionsResponse()
        add = resp.results.add
        for i, action in enumerate(actions):
            if i % _DEADLINE_STRIDE == 0:
                _check_deadline(context)
            violations = check(state, action)
            if violations:
                add(legal=False, violations=cv.violations_to_proto(violations))
            else:
                add(legal=True)
        return resp

    def ApplyAction(self, request: pb.ApplyActionRequest, context: grpc.ServicerContext) -> pb.ApplyActionResponse:
        """Apply an action: the next state, the events citing rules, the fingerprint and
        the next decision; an illegal action is answered with ``legal = false``."""
        state, data = self._state(request)
        action = self._action(request)
        try:
            out = apply(state, action)
        except IllegalAction as exc:
            _note_state(data)
            return pb.ApplyActionResponse(legal=False, violations=cv.violations_to_proto(exc.violations))
        resp = pb.ApplyActionResponse(legal=True, events=[cv.event_to_proto(e) for e in out.events])
        next_data = to_dict(out.state)
        cv.state_dict_to_proto(next_data, resp.state)
        resp.fingerprint = cv.fingerprint_data(next_data)
        cv.decision_to_proto(decision(out.state), resp.decision)
        _note_fingerprint(resp.fingerprint)
        return resp

    def GetCatalogue(self, request: pb.GetCatalogueRequest, context: grpc.ServicerContext) -> pb.GetCatalogueResponse:
        """The rule catalogue, optionally only one edition's rules."""
        resp = self._catalogue.get(request.edition)
        if resp is None:
            known = ", ".join(sorted(e for e in self._catalogue if e))
            raise cv.InputError("edition", f"unknown edition {request.edition!r}; known: {known}")
        return resp

    def GetCardPool(self, request: pb.GetCardPoolRequest, context: grpc.ServicerContext) -> pb.GetCardPoolResponse:
        """The card pool with each card's definition."""
        return self._pool

    def VerifyTranscript(
        self, request: transcript_pb2.VerifyTranscriptRequest, context: grpc.ServicerContext
    ) -> transcript_pb2.VerifyTranscriptResponse:
        """Replay a transcript on the reference; the first divergence, or agreement."""
        if not request.HasField("transcript"):
            raise cv.InputError("transcript", "is required")
        return verify_transcript_message(request.transcript)

    def StreamVerifyTranscript(
        self, request_iterator: Iterator[transcript_pb2.StreamVerifyTranscriptRequest], context: grpc.ServicerContext
    ) -> transcript_pb2.StreamVerifyTranscriptResponse:
        """The streaming form of :meth:`VerifyTranscript` (configuration first, then steps)."""
        return verify_stream_messages(request_iterator)


def _card_pool_response() -> pb.GetCardPoolResponse:
    pool = load_pool()
    raw = json.loads(resources.files("oracle").joinpath("data/cards.json").read_text(encoding="utf-8"))
    definitions = {c["id"]: json.dumps(c, ensure_ascii=False, sort_keys=True) for c in raw["cards"]}
    return pb.GetCardPoolResponse(
        version=pool.version,
        cards=[
            pb.CardInfo(
                id=c.id, name=c.name, name_en=c.name_en, type=c.type, cost=c.cost, strike=c.strike, life=c.life,
                text=c.text, definition_json=definitions.get(c.id, ""),
            )
            for c in pool.cards.values()
        ],
    )


def _catalogue_responses() -> dict[str, pb.GetCatalogueResponse]:
    rules = [
        pb.Rule(
            id=r.id, edition=r.edition, number=r.number, kind=r.kind, text_ru=r.text_ru, text_en=r.text_en,
            same_as=r.same_as, forbids=r.forbids, unnumbered_in_seed=r.unnumbered_in_seed,
            inherited_from=r.inherited_from or "",
        )
        for r in load_catalogue().rules.values()
    ]
    out = {"": pb.GetCatalogueResponse(rules=rules)}
    for edition in sorted({r.edition for r in rules}):
        out[edition] = pb.GetCatalogueResponse(rules=[r for r in rules if r.edition == edition])
    return out


# --- errors -------------------------------------------------------------------------


class _Status(NamedTuple):
    """A ``grpc.Status`` for ``ServicerContext.abort_with_status``."""

    code: grpc.StatusCode
    details: str
    trailing_metadata: tuple[tuple[str, str | bytes], ...]


def bad_request_status(violations: list[tuple[str, str]], request_id: str) -> _Status:
    """The ``INVALID_ARGUMENT`` status with a ``google.rpc.BadRequest`` detail listing
    ``violations`` as (field path, reason), and the request id."""
    first_field, first_reason = violations[0]
    message = f"invalid {first_field}: {first_reason}"
    if len(violations) > 1:
        message += f" (and {len(violations) - 1} more)"
    status = status_pb2.Status(code=code_pb2.INVALID_ARGUMENT, message=message)
    status.details.add().Pack(
        error_details_pb2.BadRequest(
            field_violations=[
                error_details_pb2.BadRequest.FieldViolation(field=f, description=d) for f, d in violations
            ]
        )
    )
    return _Status(
        grpc.StatusCode.INVALID_ARGUMENT,
        message,
        (("grpc-status-details-bin", status.SerializeToString()), (REQUEST_ID_KEY, request_id)),
    )


# --- interceptor --------------------------------------------------------------------


@dataclass(frozen=True)
class _Undecodable:
    """A request whose bytes do not parse (answered INVALID_ARGUMENT, not gRPC's INTERNAL)."""

    error: str


def _lenient(deserializer: Callable[[bytes], Any] | None) -> Callable[[bytes], Any] | None:
    if deserializer is None:
        return None

    def parse(data: bytes) -> Any:
        try:
            return deserializer(data)
        except Exception as exc:
            return _Undecodable(str(exc) or type(exc).__name__)

    return parse


class CallInterceptor(grpc.ServerInterceptor):  # type: ignore[misc]
    """Request id, bearer-token check, error mapping and one log line per call, for
    every method of the server.  With ``auth_token`` set, every method but the health
    service needs ``authorization: Bearer <token>`` metadata."""

    def __init__(self, auth_token: str = "") -> None:
        self._token = f"Bearer {auth_token}".encode() if auth_token else b""
        self._log = get_logger()
        #: Set when the server begins to stop: open health watches end after they have
        #: delivered NOT_SERVING, so that they do not hold the shutdown for the grace period.
        self.shutting_down = threading.Event()
        self._handlers: dict[str, Any] = {}

    def intercept_service(self, continuation: Callable[[Any], Any], details: Any) -> Any:
        """The method handler ``continuation`` returns, its behaviour wrapped (once per
        method: the wrapped handlers are kept)."""
        method: str = details.method
        wrapped = self._handlers.get(method)
        if wrapped is None:
            handler = continuation(details)
            if handler is None:
                return None
            wrapped = self._handlers[method] = self._wrap(handler, method)
        return wrapped

    def _wrap(self, handler: Any, method: str) -> Any:
        needs_auth = bool(self._token) and not method.startswith(_HEALTH_PREFIX)
        if handler.unary_unary is not None:
            return grpc.unary_unary_rpc_method_handler(
                self._unary(handler.unary_unary, method, needs_auth),
                request_deserializer=_lenient(handler.request_deserializer),
                response_serializer=handler.response_serializer,
            )
        if handler.unary_stream is not None:
            return grpc.unary_stream_rpc_method_handler(
                self._streaming(handler.unary_stream, method, needs_auth),
                request_deserializer=handler.request_deserializer,
                response_serializer=handler.response_serializer,
            )
        if handler.stream_stream is not None:
            return grpc.stream_stream_rpc_method_handler(
                self._streaming(handler.stream_stream, method, needs_auth),
                request_deserializer=handler.request_deserializer,
                response_serializer=handler.response_serializer,
            )
        if handler.stream_unary is not None:
            return grpc.stream_unary_rpc_method_handler(
                self._unary(handler.stream_unary, method, needs_auth),
                request_deserializer=handler.request_deserializer,
                response_serializer=handler.response_serializer,
            )
        return handler

    # helpers

    @staticmethod
    def _begin(context: grpc.ServicerContext) -> tuple[_CallInfo, bytes]:
        """The call's record (request id from the metadata, or a new one, sent back in
        the trailing metadata) and the ``authorization`` metadata value."""
        request_id = ""
        authorization = b""
        for key, value in context.invocation_metadata():
            if key == REQUEST_ID_KEY:
                request_id = str(value)[:_MAX_REQUEST_ID]
            elif key == "authorization":
                authorization = value.encode() if isinstance(value, str) else value
        info = _CallInfo(request_id or uuid.uuid4().hex)
        context.set_trailing_metadata(((REQUEST_ID_KEY, info.request_id),))
        return info, authorization

    def _authorize(self, authorization: bytes) -> None:
        if not hmac.compare_digest(authorization, self._token):
            reason = "missing bearer token" if not authorization else "wrong bearer token"
            raise _Abort(grpc.StatusCode.UNAUTHENTICATED, reason)

    def _fail(self, context: grpc.ServicerContext, info: _CallInfo, method: str, exc: BaseException) -> None:
        """End the call for an exception the behaviour raised; never returns."""
        if isinstance(exc, cv.InputError):
            context.abort_with_status(bad_request_status(exc.violations, info.request_id))
        if isinstance(exc, _Abort):
            context.abort(exc.code, exc.details)
        code = context.code()
        if code is not None and code != grpc.StatusCode.OK:
            raise exc  # the behaviour aborted the call itself
        self._log.error(
            "internal_error", method=method, request_id=info.request_id, exc_info=(type(exc), exc, exc.__traceback__)
        )
        context.abort(grpc.StatusCode.INTERNAL, f"internal error; request id {info.request_id}")

    def _done(self, context: grpc.ServicerContext, info: _CallInfo | None, method: str, started: float) -> None:
        if not self._log.is_enabled_for(logging.INFO):
            return
        code = context.code()
        name = "OK" if code is None else code.name
        fields: dict[str, Any] = {
            "method": method,
            "request_id": info.request_id if info else "",
            "peer": context.peer(),
            "code": name,
            "duration_ms": round((time.perf_counter() - started) * 1000, 3),
        }
        if info is not None:
            if info.fingerprint:
                fields["fingerprint"] = info.fingerprint
            elif info.state_data is not None:
                fields["fingerprint"] = cv.fingerprint_data(info.state_data)
        self._log.info("rpc", **fields)

    def _unary(self, behavior: Callable[[Any, Any], Any], method: str, needs_auth: bool) -> Callable[[Any, Any], Any]:
        def wrapped(request: Any, context: grpc.ServicerContext) -> Any:
            started = time.perf_counter()
            info: _CallInfo | None = None
            token = None
            try:
                info, authorization = self._begin(context)
                self._log.debug("rpc_start", method=method, request_id=info.request_id)
                if needs_auth:
                    self._authorize(authorization)
                if isinstance(request, _Undecodable):
                    raise cv.InputError("request", f"not a valid request message for {method}: {request.error}")
                token = _CALL.set(info)
                return behavior(request, context)
            except BaseException as exc:
                if info is None:
                    info = _CallInfo(uuid.uuid4().hex)
                self._fail(context, info, method, exc)
                raise  # pragma: no cover - _fail always raises
            finally:
                if token is not None:
                    _CALL.reset(token)
                self._done(context, info, method, started)

        return wrapped

    def _streaming(
        self, behavior: Callable[[Any, Any], Iterator[Any]], method: str, needs_auth: bool
    ) -> Callable[[Any, Any], Iterator[Any]]:
        def wrapped(request: Any, context: grpc.ServicerContext) -> Iterator[Any]:
            started = time.perf_counter()
            info: _CallInfo | None = None
            try:
                info, authorization = self._begin(context)
                self._log.debug("rpc_start", method=method, request_id=info.request_id)
                if needs_auth:
                    self._authorize(authorization)
                responses = behavior(request, context)
                for response in responses or ():
                    yield response
                    if self.shutting_down.is_set() and getattr(response, "status", None) == _NOT_SERVING:
                        break
            except BaseException as exc:
                if isinstance(exc, GeneratorExit):
                    raise
                if info is None:
                    info = _CallInfo(uuid.uuid4().hex)
                self._fail(context, info, method, exc)
                raise  # pragma: no cover
            finally:
                self._done(context, info, method, started)

        return wrapped


# --- assembly -----------------------------------------------------------------------


@dataclass
class ServeConfig:
    """Everything :func:`build_server` needs."""

    host: str = "127.0.0.1"
    port: int = 50051
    threads: int = 8
    max_concurrent_rpcs: int = 64
    max_message_bytes: int = 16 * 1024 * 1024
    grace_seconds: float = 10.0
    mutant: str = ""
    auth_token: str = ""
    tls_cert: bytes = b""
    tls_key: bytes = b""
    reuse_port: bool = False


@dataclass
class BuiltServer:
    """A bound, not yet started server, its health servicer and interceptor."""

    server: grpc.Server
    health: health.HealthServicer
    interceptor: CallInterceptor
    port: int
    address: str

    def begin_shutdown(self, grace: float) -> threading.Event:
        """Health NOT_SERVING (open watches get it and end), refuse new calls, give calls
        in flight ``grace`` seconds; the event is set once the server has stopped."""
        self.interceptor.shutting_down.set()
        self.health.enter_graceful_shutdown()
        done: threading.Event = self.server.stop(grace)
        return done


def format_address(host: str, port: int) -> str:
    """``host:port``, with brackets around an IPv6 host."""
    return f"[{host}]:{port}" if ":" in host and not host.startswith("[") else f"{host}:{port}"


def build_server(config: ServeConfig) -> BuiltServer:
    """A server with the oracle, health and reflection services, bound to
    ``config.host:config.port`` (port 0: a free port); raise ``RuntimeError`` when the
    address cannot be bound."""
    options = [
        ("grpc.max_receive_message_length", config.max_message_bytes),
        ("grpc.max_send_message_length", config.max_message_bytes),
        ("grpc.so_reuseport", 1 if config.reuse_port else 0),
    ]
    interceptor = CallInterceptor(config.auth_token)
    server = grpc.server(
        futures.ThreadPoolExecutor(max_workers=config.threads, thread_name_prefix="oracle-rpc"),
        interceptors=[interceptor],
        options=options,
        maximum_concurrent_rpcs=config.max_concurrent_rpcs,
    )
    pb_grpc.add_OracleServiceServicer_to_server(OracleServicer(config.mutant), server)  # type: ignore[no-untyped-call]
    health_servicer = health.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    for name in ("", SERVICE_NAME):
        health_servicer.set(name, health_pb2.HealthCheckResponse.SERVING)
    enable_reflection((SERVICE_NAME, health.SERVICE_NAME, reflection.SERVICE_NAME), server)
    address = format_address(config.host, config.port)
    if config.tls_cert:
        creds = grpc.ssl_server_credentials([(config.tls_key, config.tls_cert)])
        port = server.add_secure_port(address, creds)
    else:
        port = server.add_insecure_port(address)
    if not port:
        raise RuntimeError(f"cannot listen on {address}")
    return BuiltServer(server, health_servicer, interceptor, port, format_address(config.host, port))
