"""The transport around every call: :class:`CallInterceptor`, its :class:`Limits` and slots.

The server is a ``grpc.aio`` (asyncio) server: receiving requests, waiting on streams and
health watches costs no thread, so no number of idle or slow streams can starve other
calls.  :class:`CallInterceptor` wraps every method of every service on the server (the
oracle, health, reflection): it takes or makes the request id (``x-request-id`` metadata,
sent back in the trailing metadata), checks the bearer token (before a call takes any
slot), enforces the separate limits of unary calls, client streams and health watches
(and the idle timeout of client streams), runs the call's behaviour where it belongs (on
the event loop when its work is bounded by a real game's size, :mod:`oracle.service.inline`,
else in the bounded engine thread pool, with a :class:`~oracle.service.calls.CallControl`
that carries the deadline and the cancellation there), turns :class:`~oracle.service.InputError` into
``INVALID_ARGUMENT`` with a ``google.rpc.BadRequest`` detail (AIP-193, capped in size,
:mod:`oracle.service.status`), turns any other fault into ``INTERNAL`` without a stack
trace, and logs one line per call (with what the servicer noted in the call's record,
:mod:`oracle.service.calls`).
"""

from __future__ import annotations

import asyncio
import contextvars
import hmac
import inspect
import logging
import threading
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Mapping
from concurrent import futures
from dataclasses import dataclass
from typing import Any

import grpc

from . import state_codec as sc
from .calls import CURRENT_CALL, REQUEST_ID_KEY, CallAbort, CallControl, CallInfo
from .errors import InputError, undecodable
from .health import HEALTH_SERVICE_NAME
from .inline import message_inline
from .log import get_logger, log_call
from .status import MAX_FIELD_CHARS, bad_request_status, cap_text

__all__ = [
    "MAX_LOGGED_FIELDS",
    "STREAM_DRAIN_SECONDS",
    "CallInterceptor",
    "Limits",
]

_HEALTH_PREFIX = f"/{HEALTH_SERVICE_NAME}/"
_MAX_REQUEST_ID = 128
#: The log line of an INVALID_ARGUMENT call names at most this many fields.
MAX_LOGGED_FIELDS = 10
#: Once the server stops, a client stream waiting for its next message gets this long.
STREAM_DRAIN_SECONDS = 1.0
@dataclass(frozen=True)
class _Undecodable:
    """A request whose bytes do not parse (answered INVALID_ARGUMENT, not gRPC's INTERNAL)."""

    error: Exception


def _lenient(deserializer: Callable[[bytes], Any] | None) -> Callable[[bytes], Any] | None:
    """``deserializer``, answering :class:`_Undecodable` instead of raising."""
    if deserializer is None:
        return None

    def parse(data: bytes) -> Any:
        try:
            return deserializer(data)
        except Exception as exc:
            return _Undecodable(exc)

    return parse


@dataclass(frozen=True)
class Limits:
    """The per-process limits of :class:`CallInterceptor` (see docs/SERVICE.md)."""

    #: unary calls (every method but health and client streams) in progress
    max_calls: int = 64
    #: client-streaming calls open (StreamVerifyTranscript, reflection)
    max_streams: int = 16
    #: health Watch streams open
    max_watches: int = 64
    #: seconds a client stream may wait for its next message
    stream_idle_seconds: float = 30.0


class _Slots:
    """A counter with a limit, safe to use from any thread; ``what`` names the counted
    calls in the RESOURCE_EXHAUSTED message."""

    def __init__(self, limit: int, what: str) -> None:
        self.limit = limit
        self.what = what
        self.used = 0
        self._lock = threading.Lock()

    def take(self) -> bool:
        """Take a slot: False when all are taken."""
        with self._lock:
            if self.used >= self.limit:
                return False
            self.used += 1
            return True

    def give(self, *_: Any) -> None:
        """Give a taken slot back (any arguments are ignored: a future's done callback)."""
        with self._lock:
            self.used -= 1


class CallInterceptor(grpc.aio.ServerInterceptor):  # type: ignore[misc]
    """Request id, bearer-token check, limits, error mapping and one log line per call,
    for every method of the server.  With ``auth_token`` set, every method but the health
    service needs exactly one ``authorization: Bearer <token>`` metadata entry.

    Synchronous unary handlers (the oracle's methods) run in ``executor`` with a
    :class:`CallControl`; asynchronous handlers (health, StreamVerifyTranscript) run on
    the event loop; synchronous streaming handlers (a reflection servicer written for the
    threaded server) are stepped in ``stream_pool``.  ``wire_methods`` maps a unary method's
    full name to a behaviour that takes the request's bytes and answers the response's bytes
    (the servicer's own parsing and writing, e.g. ``OracleServicer.apply_action_wire``): it
    replaces the method's handler, with everything else of a call the same.  ``inline`` tells,
    per call, whether a synchronous unary behaviour runs on the event loop instead (its method
    and its request, a message or such bytes; :func:`oracle.service.inline.policy`; by default
    :func:`~oracle.service.inline.message_inline`, and no bytes)."""

    def __init__(self, auth_token: str = "", executor: futures.Executor | None = None, limits: Limits | None = None,
                 stream_pool: futures.Executor | None = None,
                 wire_methods: Mapping[str, Callable[[bytes, CallControl], bytes]] | None = None,
                 inline: Callable[[str, Any], bool] | None = None) -> None:
        self._token = f"Bearer {auth_token}".encode() if auth_token else b""
        self._log = get_logger()
        self._executor = executor
        self._stream_pool = stream_pool
        self.limits = limits or Limits()
        self.calls = _Slots(self.limits.max_calls, "calls in progress (--max-concurrent-rpcs)")
        self.streams = _Slots(self.limits.max_streams, "client streams open (--max-streams)")
        self.watches = _Slots(self.limits.max_watches, "health watches open (--max-watches)")
        #: Set when the server begins to stop: client streams waiting for a message get
        #: :data:`STREAM_DRAIN_SECONDS` more, then end with UNAVAILABLE.
        self.shutting_down = asyncio.Event()
        self._handlers: dict[str, Any] = {}
        self._wire_methods = dict(wire_methods or {})
        self._inline = inline or (lambda method, request: type(request) is not bytes and message_inline(method, request))

    async def intercept_service(self, continuation: Callable[[Any], Awaitable[Any]], details: Any) -> Any:
        """The method handler ``continuation`` returns, its behaviour wrapped (once per
        method: the wrapped handlers are kept)."""
        method: str = details.method
        wrapped = self._handlers.get(method)
        if wrapped is None:
            handler = await continuation(details)
            if handler is None:
                return None
            wrapped = self._handlers[method] = self._wrap(handler, method)
        if self._token and not method.startswith(_HEALTH_PREFIX):
            try:
                self._authorize([v.encode() if isinstance(v, str) else v
                                 for k, v in details.invocation_metadata or () if k == "authorization"])
            except CallAbort as refusal:
                return self._refusal(method, refusal, wrapped.response_streaming)
        return wrapped

    def _refusal(self, method: str, refusal: CallAbort, response_streaming: bool) -> Any:
        """A handler that ends the call with ``refusal`` without reading its request: an
        unauthenticated client gets no request parsed and no slot taken."""

        async def refuse(requests: Any, context: Any) -> None:
            started = time.perf_counter()
            info, _ = self._begin(context)
            info.code = refusal.code
            try:
                await context.abort(refusal.code, refusal.details)
            finally:
                self._done(context, info, method, started)

        make = grpc.stream_stream_rpc_method_handler if response_streaming else grpc.stream_unary_rpc_method_handler
        return make(refuse)

    def _wrap(self, handler: Any, method: str) -> Any:
        needs_auth = bool(self._token) and not method.startswith(_HEALTH_PREFIX)
        wire = self._wire_methods.get(method)
        if wire is not None and handler.unary_unary is not None:  # bytes in, bytes out: no (de)serializer
            return grpc.unary_unary_rpc_method_handler(self._unary(wire, method, needs_auth, None))
        deserializer = _lenient(handler.request_deserializer)
        if handler.unary_unary is not None:
            return grpc.unary_unary_rpc_method_handler(
                self._unary(handler.unary_unary, method, needs_auth, None),
                request_deserializer=deserializer,
                response_serializer=handler.response_serializer,
            )
        if handler.stream_unary is not None:
            return grpc.stream_unary_rpc_method_handler(
                self._unary(handler.stream_unary, method, needs_auth, self.streams),
                request_deserializer=deserializer,
                response_serializer=handler.response_serializer,
            )
        if handler.unary_stream is not None:
            return grpc.unary_stream_rpc_method_handler(
                self._streaming(handler.unary_stream, method, needs_auth, self.watches, streamed_requests=False),
                request_deserializer=deserializer,
                response_serializer=handler.response_serializer,
            )
        if handler.stream_stream is not None:
            return grpc.stream_stream_rpc_method_handler(
                self._streaming(handler.stream_stream, method, needs_auth, self.streams, streamed_requests=True),
                request_deserializer=deserializer,
                response_serializer=handler.response_serializer,
            )
        return handler  # pragma: no cover - every handler has one behaviour

    # helpers

    @staticmethod
    def _begin(context: Any) -> tuple[CallInfo, list[bytes]]:
        """The call's record (request id from the metadata, or a new one, sent back in
        the trailing metadata) and every ``authorization`` metadata value."""
        request_id = ""
        authorization: list[bytes] = []
        for key, value in context.invocation_metadata() or ():
            if key == REQUEST_ID_KEY and not request_id:
                request_id = str(value)[:_MAX_REQUEST_ID]
            elif key == "authorization":
                authorization.append(value.encode() if isinstance(value, str) else value)
        info = CallInfo(request_id or uuid.uuid4().hex, peer=context.peer())
        context.set_trailing_metadata(((REQUEST_ID_KEY, info.request_id),))
        return info, authorization

    def _authorize(self, authorization: list[bytes]) -> None:
        if len(authorization) > 1:
            raise CallAbort(grpc.StatusCode.UNAUTHENTICATED, "more than one authorization header")
        given = authorization[0] if authorization else b""
        if not hmac.compare_digest(given, self._token):
            raise CallAbort(grpc.StatusCode.UNAUTHENTICATED, "missing bearer token" if not given else "wrong bearer token")

    def _admit(self, method: str, needs_auth: bool, authorization: list[bytes], request: Any, slots: _Slots | None) -> bool:
        """Check the token, then the request, then take a slot of ``slots`` (True: taken).
        Raises the error that ends the call."""
        if self.shutting_down.is_set() and not method.startswith(_HEALTH_PREFIX):
            # health calls keep answering (NOT_SERVING) while the server drains
            raise CallAbort(grpc.StatusCode.UNAVAILABLE, "the server is stopping; the call was not processed")
        if needs_auth:
            self._authorize(authorization)
        if isinstance(request, _Undecodable):
            raise undecodable("request", method, request.error)
        if slots is None:
            return False
        if not slots.take():
            raise CallAbort(grpc.StatusCode.RESOURCE_EXHAUSTED, f"server busy: {slots.limit} {slots.what}, the limit")
        return True

    async def _fail(self, context: Any, info: CallInfo, method: str, exc: BaseException) -> None:
        """End the call for an exception the behaviour raised; never returns."""
        if isinstance(exc, (grpc.aio.AbortError, asyncio.CancelledError, GeneratorExit)):
            raise exc  # the behaviour aborted the call itself, or the call is gone
        if isinstance(exc, InputError):
            status = bad_request_status(exc.violations, info.request_id, exc.unlisted)
            info.code = status.code
            info.violations = len(exc.violations) + exc.unlisted
            info.fields = [cap_text(f, MAX_FIELD_CHARS) for f, _ in exc.violations[:MAX_LOGGED_FIELDS]]
            await context.abort(status.code, status.details, status.trailing_metadata)
        if isinstance(exc, CallAbort):
            info.code = exc.code
            await context.abort(exc.code, exc.details)
        self._log.error(
            "internal_error", method=method, request_id=info.request_id, exc_info=(type(exc), exc, exc.__traceback__)
        )
        info.code = grpc.StatusCode.INTERNAL
        await context.abort(grpc.StatusCode.INTERNAL, f"internal error; request id {info.request_id}")

    def _done(self, context: Any, info: CallInfo | None, method: str, started: float) -> None:
        if not self._log.is_enabled_for(logging.INFO):
            return
        code = (info.code if info is not None else None) or context.code()
        name = "OK" if code is None else code.name
        fields: dict[str, Any] = {
            "method": method,
            "request_id": info.request_id if info else "",
            "peer": info.peer if info else context.peer(),
            "code": name,
            "duration_ms": round((time.perf_counter() - started) * 1000, 3),
        }
        if info is not None:
            if info.fingerprint:
                fields["fingerprint"] = info.fingerprint
            elif info.state is not None:
                fields["fingerprint"] = sc.state_fingerprint(info.state)
            if info.fields:
                fields["fields"] = info.fields
                fields["violations"] = info.violations
            if info.state_cache:
                fields["state_cache"] = info.state_cache
        log_call(fields)

    def _cancelled(self, info: CallInfo, control: CallControl | None) -> None:
        """Record why a call whose task was cancelled ended (for its log line)."""
        remaining = control.time_remaining() if control is not None else None
        if info.code is None:
            info.code = (
                grpc.StatusCode.DEADLINE_EXCEEDED
                if remaining is not None and remaining <= 0
                else grpc.StatusCode.CANCELLED
            )

    async def _in_pool(self, behavior: Callable[[Any, Any], Any], request: Any, info: CallInfo,
                       control: CallControl, slots: _Slots | None) -> Any:
        """Run a synchronous behaviour in the engine pool.  The slot is given back when the
        thread is done (not when the client gives up); a cancelled call's thread is told
        through ``control`` and stops at its next check."""

        def run() -> Any:
            token = CURRENT_CALL.set(info)
            try:
                return behavior(request, control)
            finally:
                CURRENT_CALL.reset(token)

        if self._executor is None:
            if slots is not None:
                slots.give()
            return run()
        try:
            job = self._executor.submit(contextvars.copy_context().run, run)
        except RuntimeError:  # the pool is shut down: the server is stopping
            if slots is not None:
                slots.give()
            raise CallAbort(grpc.StatusCode.UNAVAILABLE, "the server is stopping") from None
        if slots is not None:
            job.add_done_callback(slots.give)
        waiter = asyncio.wrap_future(job)
        try:
            return await asyncio.shield(waiter)
        except asyncio.CancelledError:
            control.cancel()
            job.cancel()
            _abandon(waiter)
            raise

    def _unary(self, behavior: Callable[[Any, Any], Any], method: str, needs_auth: bool,
               stream_slots: _Slots | None) -> Callable[[Any, Any], Awaitable[Any]]:
        """Unary answer; ``stream_slots`` for a client-streaming method (a synchronous
        ``behavior`` of one runs in the stream pool, see :meth:`_sync_stream`)."""
        is_async = inspect.iscoroutinefunction(behavior)

        async def wrapped(request: Any, context: Any) -> Any:
            started = time.perf_counter()
            info: CallInfo | None = None
            control: CallControl | None = None
            slots = stream_slots if stream_slots is not None else (None if is_async else self.calls)
            taken = False
            try:
                info, authorization = self._begin(context)
                self._log.debug("rpc_start", method=method, request_id=info.request_id)
                taken = self._admit(method, needs_auth, authorization, request, slots)
                if stream_slots is not None:
                    request = self._guard(request, method)
                    if not is_async:
                        async for answer in self._sync_stream(_one_answer(behavior), request, info, True):
                            return answer
                if is_async:
                    token = CURRENT_CALL.set(info)
                    try:
                        return await behavior(request, context)
                    finally:
                        CURRENT_CALL.reset(token)
                control = CallControl(context.time_remaining())
                if self._inline(method, request):
                    token = CURRENT_CALL.set(info)
                    try:
                        return behavior(request, control)
                    finally:
                        CURRENT_CALL.reset(token)
                taken = False  # the pool gives the slot back
                return await self._in_pool(behavior, request, info, control, slots)
            except asyncio.CancelledError:
                if info is not None:
                    self._cancelled(info, control)
                raise
            except BaseException as exc:
                if info is None:
                    info = CallInfo(uuid.uuid4().hex)
                await self._fail(context, info, method, exc)
                raise  # pragma: no cover - _fail always raises
            finally:
                if taken and slots is not None:
                    slots.give()
                self._done(context, info, method, started)

        return wrapped

    def _streaming(self, behavior: Callable[[Any, Any], Any], method: str, needs_auth: bool, slots: _Slots,
                   streamed_requests: bool) -> Callable[[Any, Any], AsyncIterator[Any]]:
        """Streamed answers (health Watch; reflection).  ``behavior`` is an async
        generator function or a coroutine function that writes with ``context.write``."""

        async def wrapped(request: Any, context: Any) -> AsyncIterator[Any]:
            started = time.perf_counter()
            info: CallInfo | None = None
            taken = False
            try:
                info, authorization = self._begin(context)
                self._log.debug("rpc_start", method=method, request_id=info.request_id)
                taken = self._admit(method, needs_auth, authorization, None if streamed_requests else request, slots)
                if streamed_requests:
                    request = self._guard(request, method)
                if inspect.isasyncgenfunction(behavior):
                    async for response in behavior(request, context):
                        yield response
                elif inspect.iscoroutinefunction(behavior):
                    await behavior(request, context)
                else:
                    async for response in self._sync_stream(behavior, request, info, streamed_requests):
                        yield response
            except asyncio.CancelledError:
                if info is not None:
                    self._cancelled(info, None)
                raise
            except GeneratorExit:
                # gRPC closed the stream early (the client went away): record it here, as
                # the ended call's context must not be asked (see CallInfo.peer)
                if info is not None and info.code is None:
                    info.code = grpc.StatusCode.CANCELLED
                raise
            except BaseException as exc:
                if info is None:
                    info = CallInfo(uuid.uuid4().hex)
                await self._fail(context, info, method, exc)
                raise  # pragma: no cover
            finally:
                if taken:
                    slots.give()
                self._done(context, info, method, started)

        return wrapped

    async def _sync_stream(self, behavior: Callable[[Any, Any], Any], request: Any, info: CallInfo,
                           streamed_requests: bool) -> AsyncIterator[Any]:
        """The answers of a synchronous streaming behaviour (e.g. a reflection servicer
        written for the threaded server), stepped in the stream pool, never in the engine
        pool: a client that goes idle holds a stream-pool thread for at most the idle limit
        of client streams (its reads are :meth:`_guard`-ed on the event loop)."""
        loop = asyncio.get_running_loop()
        end = object()
        control = CallControl()

        def requests() -> Any:
            while True:
                item = asyncio.run_coroutine_threadsafe(anext(request, end), loop).result()
                if item is end:
                    return
                yield item

        def start() -> Any:
            token = CURRENT_CALL.set(info)
            try:
                return iter(behavior(requests() if streamed_requests else request, control))
            finally:
                CURRENT_CALL.reset(token)

        pool = self._stream_pool
        answers = await loop.run_in_executor(pool, start) if pool is not None else start()
        try:
            while True:
                item = await loop.run_in_executor(pool, next, answers, end) if pool is not None else next(answers, end)
                if item is end:
                    return
                yield item
        finally:
            control.cancel()

    async def _guard(self, requests: AsyncIterator[Any], method: str) -> AsyncIterator[Any]:
        """The messages of a client stream, each within the idle timeout (then
        DEADLINE_EXCEEDED), or within :data:`STREAM_DRAIN_SECONDS` once the server stops
        (then UNAVAILABLE); an undecodable message is INVALID_ARGUMENT naming
        ``requests[i]``.  Waiting holds no thread."""
        source = aiter(requests)
        stopping = asyncio.ensure_future(self.shutting_down.wait())
        nxt: asyncio.Future[Any] | None = None
        try:
            index = 0
            while True:
                nxt = asyncio.ensure_future(anext(source))
                timeout = self.limits.stream_idle_seconds
                if self.shutting_down.is_set():
                    done, _ = await asyncio.wait({nxt}, timeout=STREAM_DRAIN_SECONDS)
                else:
                    done, _ = await asyncio.wait({nxt, stopping}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
                    if nxt not in done and stopping in done:
                        done, _ = await asyncio.wait({nxt}, timeout=STREAM_DRAIN_SECONDS)
                if nxt not in done:
                    if self.shutting_down.is_set():
                        raise CallAbort(grpc.StatusCode.UNAVAILABLE, "the server is stopping; the stream sent no message in time")
                    raise CallAbort(
                        grpc.StatusCode.DEADLINE_EXCEEDED,
                        f"no stream message for {timeout:g} s (the server's idle limit of a client stream)",
                    )
                try:
                    message = nxt.result()
                except StopAsyncIteration:
                    return
                if isinstance(message, _Undecodable):
                    raise undecodable(f"requests[{index}]", method, message.error)
                yield message
                index += 1
        finally:
            stopping.cancel()
            if nxt is not None and not nxt.done():
                _abandon(nxt)


def _one_answer(behavior: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
    """A stream-unary behaviour as one yielding its single answer."""

    def answers(requests: Any, context: Any) -> Iterator[Any]:
        yield behavior(requests, context)

    return answers


#: Reads of client streams that ended while waiting (kept until gRPC completes them), and
#: engine jobs of cancelled calls (kept until their thread stops).
_ABANDONED: set[asyncio.Future[Any]] = set()


def _abandon(read: asyncio.Future[Any]) -> None:
    """Keep a future the call no longer waits for (a read, which the call's end completes;
    a cancelled call's engine job) until it is done, and retrieve its outcome so asyncio
    does not warn about it."""
    _ABANDONED.add(read)

    def done(task: asyncio.Future[Any]) -> None:
        _ABANDONED.discard(task)
        if not task.cancelled():
            task.exception()

    read.add_done_callback(done)
