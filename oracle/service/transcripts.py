"""Transcripts in protobuf form for the service: conversion between the
``berserk.oracle.v1`` transcript messages and :mod:`oracle.verify`, and the server side of
``VerifyTranscript`` / ``StreamVerifyTranscript``.  Malformed input raises
:class:`oracle.service.InputError` naming the request field."""

from __future__ import annotations

import functools
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Iterator
from typing import Any

from oracle._proto.berserk.oracle.v1 import action_pb2, game_config_pb2, transcript_pb2
from oracle.actions import ActionSyntaxError, decode, encode
from oracle.model import Event
from oracle.rules.turn.setup import ConfigError, GameConfig
from oracle.serialize import STATE_KEYS
from oracle.service.convert import (
    action_actor_from_proto,
    action_from_proto,
    actor_to_proto,
    config_error,
    config_from_proto,
)
from oracle.service.errors import InputError
from oracle.service.state_codec import state_dict_from_proto, state_dict_to_proto
from oracle.verify import ClientStep, Divergence, TranscriptVerifier, VerifyResult

__all__ = [
    "VerifyResponse",
    "config_from_proto",
    "config_to_proto",
    "join_field",
    "result_to_proto",
    "step_from_proto",
    "step_to_proto",
    "steps_from_proto",
    "transcript_from_proto",
    "transcript_to_proto",
    "verify_stream_async",
    "verify_stream_messages",
    "verify_transcript_message",
]

#: Either verdict message (the unary and the streaming response have the same fields).
VerifyResponse = transcript_pb2.VerifyTranscriptResponse | transcript_pb2.StreamVerifyTranscriptResponse


def join_field(prefix: str, field: str) -> str:
    """``prefix.field`` (or ``prefix[i]`` for an index), the path of a request field."""
    if not prefix:
        return field
    return prefix + field if field.startswith("[") else f"{prefix}.{field}"


# --- proto -> oracle.verify -----------------------------------------------------------


def config_to_proto(config: GameConfig) -> game_config_pb2.GameConfig:
    """The ``GameConfig`` message of an engine configuration."""
    return game_config_pb2.GameConfig(
        edition=config.edition,
        heroes=list(config.heroes),
        decks=[game_config_pb2.DeckList(card_ids=list(d)) for d in config.decks],
    )


def step_from_proto(msg: transcript_pb2.TranscriptStep, field: str = "step") -> ClientStep:
    """A :class:`~oracle.verify.ClientStep` of a ``TranscriptStep``; raise
    :class:`InputError` naming the bad field (``steps[3].action.encoded``)."""
    if not msg.HasField("action"):
        raise InputError(join_field(field, "action"), "is required")
    action = action_from_proto(msg.action, join_field(field, "action"))
    actor = action_actor_from_proto(msg.actor, join_field(field, "actor"))
    state = state_dict_from_proto(msg.state, join_field(field, "state")) if msg.HasField("state") else None
    legal: list[str] | None = None
    if msg.HasField("legal_actions"):
        legal = []
        for j, text in enumerate(msg.legal_actions.actions):
            try:
                legal.append(encode(decode(text)))
            except ActionSyntaxError as exc:
                raise InputError(join_field(field, f"legal_actions.actions[{j}]"), f"{exc.field}: {exc.reason}") from None
    events: list[dict[str, Any]] | None = None
    if msg.HasField("events"):
        events = []
        for j, e in enumerate(msg.events.events):
            if not e.kind:
                raise InputError(join_field(field, f"events.events[{j}].kind"), "is required")
            events.append({"kind": e.kind, "data": [(f.key, f.value) for f in e.data]})
    fields = tuple(msg.state_fields)
    for j, name in enumerate(fields):
        if name not in STATE_FIELDS:
            raise InputError(
                join_field(field, f"state_fields[{j}]"),
                f"{name!r} is not a top-level field of the canonical state ({', '.join(STATE_FIELDS)})",
            )
    if fields and state is None:
        raise InputError(join_field(field, "state_fields"), "name fields of a `state` the step gives")
    return ClientStep(action, None if actor < 0 else actor, state, legal, events, fields)


#: The top-level fields of the canonical state (PROTOCOL.md 5.1), which a partial state may name.
STATE_FIELDS = STATE_KEYS


def steps_from_proto(steps: Iterable[transcript_pb2.TranscriptStep], field: str = "steps") -> Iterator[ClientStep]:
    """Convert steps lazily (a malformed step raises only when it is reached)."""
    for i, msg in enumerate(steps):
        yield step_from_proto(msg, f"{field}[{i}]")


def transcript_from_proto(msg: transcript_pb2.Transcript, field: str = "") -> tuple[GameConfig, list[ClientStep]]:
    """The configuration and every step of a ``Transcript``; raise :class:`InputError`
    naming the first malformed field."""
    if not msg.HasField("config"):
        raise InputError(join_field(field, "config"), "is required")
    return config_from_proto(msg.config), list(steps_from_proto(msg.steps, join_field(field, "steps")))


# --- oracle.verify -> proto -----------------------------------------------------------


def _event_to_proto(e: dict[str, Any] | Event) -> action_pb2.Event:
    if isinstance(e, Event):
        return action_pb2.Event(kind=e.kind, rules=e.rules, data=[action_pb2.EventField(key=k, value=str(v)) for k, v in e.data])
    data = e["data"].items() if isinstance(e["data"], dict) else e["data"]
    return action_pb2.Event(kind=e["kind"], data=[action_pb2.EventField(key=k, value=str(v)) for k, v in data])


def step_to_proto(step: ClientStep) -> transcript_pb2.TranscriptStep:
    """The ``TranscriptStep`` of a :class:`~oracle.verify.ClientStep` (the action in its
    encoded form only)."""
    msg = transcript_pb2.TranscriptStep(actor=actor_to_proto(-1 if step.actor is None else step.actor))  # type: ignore[arg-type]
    msg.action.encoded = encode(step.action)
    if step.state is not None:
        state_dict_to_proto(dict(step.state), msg.state)
    if step.legal_actions is not None:
        msg.legal_actions.SetInParent()
        msg.legal_actions.actions.extend(step.legal_actions)
    if step.events is not None:
        msg.events.SetInParent()
        msg.events.events.extend(_event_to_proto(dict(e)) for e in step.events)
    return msg


def transcript_to_proto(config: GameConfig, steps: Iterable[ClientStep]) -> transcript_pb2.Transcript:
    """A ``Transcript`` message."""
    return transcript_pb2.Transcript(config=config_to_proto(config), steps=[step_to_proto(s) for s in steps])


def _divergence_to_proto(d: Divergence, out: transcript_pb2.Divergence) -> None:
    out.kind = d.kind
    out.message = d.message
    out.violations.extend(action_pb2.Violation(rule=v.rule, message=v.message) for v in d.violations)
    out.missing_actions.extend(d.missing_actions)
    out.extra_actions.extend(d.extra_actions)
    out.state_differences.extend(
        transcript_pb2.FieldDifference(path=f.path, reference=f.reference, client=f.client) for f in d.state_differences
    )


def result_to_proto(result: VerifyResult, out: VerifyResponse | None = None) -> VerifyResponse:
    """Fill ``out`` (a new ``VerifyTranscriptResponse`` by default) with ``result``."""
    msg: VerifyResponse = transcript_pb2.VerifyTranscriptResponse() if out is None else out
    msg.agrees = result.agrees
    msg.divergent_step = result.divergent_step
    msg.steps_checked = result.steps_checked
    if result.divergence is not None:
        _divergence_to_proto(result.divergence, msg.divergence)
    return msg


# --- the server side ------------------------------------------------------------------


def _verifier(config: game_config_pb2.GameConfig, field: str) -> TranscriptVerifier:
    try:
        return TranscriptVerifier(config_from_proto(config))
    except ConfigError as exc:
        raise config_error(exc, field) from None


def verify_transcript_message(msg: transcript_pb2.Transcript, field: str = "transcript") -> transcript_pb2.VerifyTranscriptResponse:
    """Verify a ``Transcript`` (the body of ``VerifyTranscript``).  Steps are converted as
    they are replayed; steps after the divergent one are not read.  Raises
    :class:`InputError` naming the request field of malformed input."""
    if not msg.HasField("config"):
        raise InputError(join_field(field, "config"), "is required")
    verifier = _verifier(msg.config, join_field(field, "config"))
    for step in steps_from_proto(msg.steps, join_field(field, "steps")):
        if verifier.feed(step) is not None:
            break
    out = transcript_pb2.VerifyTranscriptResponse()
    result_to_proto(verifier.result(), out)
    return out


class _StreamVerification:
    """The state of a streamed verification: the first message holds the configuration,
    every later one a step.  :meth:`feed` takes message ``i`` and says whether reading
    may stop (the first divergence)."""

    def __init__(self) -> None:
        self.verifier: TranscriptVerifier | None = None

    def feed(self, i: int, req: transcript_pb2.StreamVerifyTranscriptRequest) -> bool:
        item = req.WhichOneof("item")
        where = f"requests[{i}]"
        if self.verifier is None:
            if item != "config":
                raise InputError(f"{where}.config", "the first message must hold the configuration")
            self.verifier = _verifier(req.config, f"{where}.config")
            return False
        if item != "step":
            raise InputError(f"{where}.step", "after the configuration every message holds a step")
        return self.verifier.feed(step_from_proto(req.step, f"{where}.step")) is not None

    def finish(self) -> transcript_pb2.StreamVerifyTranscriptResponse:
        if self.verifier is None:
            raise InputError("requests[0].config", "the stream is empty; the first message must hold the configuration")
        out = transcript_pb2.StreamVerifyTranscriptResponse()
        result_to_proto(self.verifier.result(), out)
        return out


def verify_stream_messages(
    requests: Iterable[transcript_pb2.StreamVerifyTranscriptRequest],
) -> transcript_pb2.StreamVerifyTranscriptResponse:
    """Verify a streamed transcript (the body of ``StreamVerifyTranscript``): the first
    message holds the configuration, every later one a step.  Reading stops at the first
    divergence.  Raises :class:`InputError` naming the message (``requests[5].step.action``)."""
    verification = _StreamVerification()
    for i, req in enumerate(requests):
        if verification.feed(i, req):
            break
    return verification.finish()


async def verify_stream_async(
    requests: AsyncIterator[transcript_pb2.StreamVerifyTranscriptRequest],
    run: Callable[[Callable[[], Any]], Awaitable[Any]],
) -> transcript_pb2.StreamVerifyTranscriptResponse:
    """:func:`verify_stream_messages` for the asyncio server: messages are awaited (holding
    no thread) and the engine work of each one is handed to ``run`` (the engine pool)."""
    verification = _StreamVerification()
    i = 0
    async for req in requests:
        if await run(functools.partial(verification.feed, i, req)):
            break
        i += 1
    result: transcript_pb2.StreamVerifyTranscriptResponse = await run(verification.finish)
    return result
