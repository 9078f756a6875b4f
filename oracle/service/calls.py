"""What the transport and the servicer share about one call.

The interceptor (:mod:`oracle.service.interceptor`) opens a :class:`CallInfo` for every
call and makes it the :data:`CURRENT_CALL` while the call's behaviour runs; the servicer
(:mod:`oracle.service.servicer`) notes in it what the call's log line should say
(:func:`note_fingerprint`, :func:`note_state`, the state cache's verdict).  A servicer
method running in the engine thread pool gets a :class:`CallControl` instead of the gRPC
context, asks it about the deadline through :func:`check_deadline`, and ends a call with a
status other than ``INVALID_ARGUMENT`` by raising :class:`CallAbort`.
"""

from __future__ import annotations

import contextvars
import time
from dataclasses import dataclass, field
from typing import Protocol

import grpc

from oracle.model import State

__all__ = [
    "CURRENT_CALL",
    "REQUEST_ID_KEY",
    "CallAbort",
    "CallControl",
    "CallInfo",
    "Deadline",
    "check_deadline",
    "note_fingerprint",
    "note_state",
]

#: Metadata key of the request id (request and trailing metadata).
REQUEST_ID_KEY = "x-request-id"


@dataclass
class CallInfo:
    """What the servicer tells the interceptor about the call it answers."""

    request_id: str
    fingerprint: str = ""
    #: a state whose fingerprint is logged (computed only if logged)
    state: State | None = None
    #: the status the call ended with, when the interceptor ended it
    code: grpc.StatusCode | None = None
    #: the violated fields of an INVALID_ARGUMENT answer (capped) and how many there were
    fields: list[str] = field(default_factory=list)
    violations: int = 0
    #: the client's address, read when the call begins: a call's context must not be
    #: touched once gRPC has ended it (a cancelled stream's context can crash the process)
    peer: str = ""
    #: "hit" or "miss" when the call's state was looked up in the state cache
    state_cache: str = ""


#: The record of the call being answered (None outside a call, e.g. a servicer called directly).
CURRENT_CALL: contextvars.ContextVar[CallInfo | None] = contextvars.ContextVar("oracle_call", default=None)


def note_fingerprint(value: str) -> None:
    """Log ``value`` as the fingerprint of the call's state."""
    info = CURRENT_CALL.get()
    if info is not None:
        info.fingerprint = value


def note_state(state: State) -> None:
    """Log the fingerprint of ``state`` (computed only when the line is logged)."""
    info = CURRENT_CALL.get()
    if info is not None:
        info.state = state


class CallAbort(Exception):
    """Raised by the servicer or the interceptor to end a call with ``code`` (not
    INVALID_ARGUMENT, which :class:`~oracle.service.InputError` stands for)."""

    def __init__(self, code: grpc.StatusCode, details: str) -> None:
        super().__init__(details)
        self.code = code
        self.details = details


class Deadline(Protocol):
    """What :func:`check_deadline` asks of a call: a :class:`CallControl` or a gRPC context."""

    def time_remaining(self) -> float | None:
        """Seconds left before the call's deadline (None: no deadline)."""
        ...

    def is_active(self) -> bool:
        """False once the client gave up on the call."""
        ...


class CallControl:
    """What a servicer method running in the engine thread pool may ask about its call
    (instead of the gRPC context, which belongs to the event loop): the time left before
    the deadline and whether the client is still waiting."""

    __slots__ = ("_cancelled", "_deadline")

    def __init__(self, time_remaining: float | None = None) -> None:
        self._deadline = None if time_remaining is None else time.monotonic() + time_remaining
        # a flag the event loop sets and the engine thread reads (nobody waits on it, so a
        # plain attribute does: its assignment is atomic under the interpreter lock)
        self._cancelled = False

    def time_remaining(self) -> float | None:
        """Seconds left before the call's deadline (None: no deadline)."""
        return None if self._deadline is None else self._deadline - time.monotonic()

    def is_active(self) -> bool:
        """False once the client cancelled the call (or its deadline passed)."""
        return not self._cancelled

    def cancel(self) -> None:
        """Mark the call as given up (called from the event loop)."""
        self._cancelled = True


def check_deadline(context: Deadline) -> None:
    """Stop working for a call whose client gave up or whose deadline passed."""
    remaining = context.time_remaining()
    if remaining is not None and remaining <= 0:
        raise CallAbort(grpc.StatusCode.DEADLINE_EXCEEDED, "deadline exceeded")
    if not context.is_active():
        raise CallAbort(grpc.StatusCode.CANCELLED, "the call was cancelled")
