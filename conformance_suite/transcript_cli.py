"""Transcripts in protobuf form: conversion to and from :mod:`oracle.verify`, the server side
of the VerifyTranscript methods, and ``python -m conformance_suite verify``.

A transcript file is a ``berserk.oracle.v1.Transcript`` message in protobuf JSON
(``proto/berserk/oracle/v1/transcript.proto``)::

    {"config": {"edition": "C", "heroes": ["pani", "izian"], "decks": [{"cardIds": [...]}, ...]},
     "steps": [{"actor": "ACTOR_CHANCE", "action": {"encoded": "roll values=4,2"}},
               {"actor": "ACTOR_PLAYER_1", "action": {"encoded": "choose_order values=1"},
                "legalActions": {"actions": ["shuffle ..."]}}, ...]}

``python -m conformance_suite verify FILE`` replays it on the reference in this process;
with ``--target HOST:PORT`` it asks a server's ``VerifyTranscript`` method instead.  Exit
codes: 0 the transcript agrees, 1 it diverges (the first wrong step is shown as a diff),
2 it cannot be verified: malformed input (the message names the field) or the target
failed.

The servicer of ``VerifyTranscript`` / ``StreamVerifyTranscript`` calls
:func:`verify_transcript_message` / :func:`verify_stream_messages`; both raise
:class:`oracle.service.convert.InputError` naming the request field for malformed input.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from google.protobuf import json_format

from oracle._proto.berserk.oracle.v1 import action_pb2, transcript_pb2
from oracle.actions import ActionSyntaxError, decode, encode
from oracle.editions import DEFAULT_EDITION
from oracle.model import Action, Event
from oracle.service.convert import (
    InputError,
    action_from_proto,
    actor_from_proto,
    actor_to_proto,
    config_error,
    state_dict_from_proto,
    state_dict_to_proto,
)
from oracle.setup import ConfigError, GameConfig
from oracle.verify import ClientStep, Divergence, TranscriptVerifier, VerifyResult, actor_name

__all__ = [
    "EXIT_AGREES",
    "EXIT_BAD_INPUT",
    "EXIT_DIVERGES",
    "VerifyResponse",
    "actions_of",
    "add_verify_arguments",
    "config_from_proto",
    "config_to_proto",
    "format_verdict",
    "load_transcript",
    "result_to_proto",
    "run_verify",
    "step_from_proto",
    "step_to_proto",
    "steps_from_proto",
    "transcript_from_proto",
    "transcript_to_proto",
    "verify_main",
    "verify_stream_messages",
    "verify_transcript_message",
]

EXIT_AGREES = 0
EXIT_DIVERGES = 1
EXIT_BAD_INPUT = 2

#: Either verdict message (the unary and the streaming response have the same fields).
VerifyResponse = transcript_pb2.VerifyTranscriptResponse | transcript_pb2.StreamVerifyTranscriptResponse


def _join(prefix: str, field: str) -> str:
    if not prefix:
        return field
    return prefix + field if field.startswith("[") else f"{prefix}.{field}"


# --- proto -> oracle.verify -----------------------------------------------------------


def config_from_proto(msg: transcript_pb2.TranscriptConfig) -> GameConfig:
    """The engine configuration of a ``TranscriptConfig`` (empty edition: the default).
    Counts and card ids are checked when the game is created."""
    return GameConfig(
        tuple(msg.heroes),
        tuple(list(d.card_ids) for d in msg.decks),  # type: ignore[arg-type]
        msg.edition or DEFAULT_EDITION,
    )


def config_to_proto(config: GameConfig) -> transcript_pb2.TranscriptConfig:
    """The ``TranscriptConfig`` of an engine configuration."""
    return transcript_pb2.TranscriptConfig(
        edition=config.edition,
        heroes=list(config.heroes),
        decks=[transcript_pb2.TranscriptDeck(card_ids=list(d)) for d in config.decks],
    )


def step_from_proto(msg: transcript_pb2.TranscriptStep, field: str = "step") -> ClientStep:
    """A :class:`~oracle.verify.ClientStep` of a ``TranscriptStep``; raise
    :class:`InputError` naming the bad field (``steps[3].action.encoded``)."""
    if not msg.HasField("action"):
        raise InputError(_join(field, "action"), "is required")
    action = action_from_proto(msg.action, _join(field, "action"))
    actor = actor_from_proto(msg.actor, _join(field, "actor"))
    state = state_dict_from_proto(msg.state, _join(field, "state")) if msg.HasField("state") else None
    legal: list[str] | None = None
    if msg.HasField("legal_actions"):
        legal = []
        for j, text in enumerate(msg.legal_actions.actions):
            try:
                legal.append(encode(decode(text)))
            except ActionSyntaxError as exc:
                raise InputError(_join(field, f"legal_actions.actions[{j}]"), f"{exc.field}: {exc.reason}") from None
    events: list[dict[str, Any]] | None = None
    if msg.HasField("events"):
        events = []
        for j, e in enumerate(msg.events.events):
            if not e.kind:
                raise InputError(_join(field, f"events.events[{j}].kind"), "is required")
            events.append({"kind": e.kind, "data": [(f.key, f.value) for f in e.data]})
    return ClientStep(action, None if actor < 0 else actor, state, legal, events)


def steps_from_proto(steps: Iterable[transcript_pb2.TranscriptStep], field: str = "steps") -> Iterator[ClientStep]:
    """Convert steps lazily (a malformed step raises only when it is reached)."""
    for i, msg in enumerate(steps):
        yield step_from_proto(msg, f"{field}[{i}]")


def transcript_from_proto(msg: transcript_pb2.Transcript, field: str = "") -> tuple[GameConfig, list[ClientStep]]:
    """The configuration and every step of a ``Transcript``; raise :class:`InputError`
    naming the first malformed field."""
    if not msg.HasField("config"):
        raise InputError(_join(field, "config"), "is required")
    return config_from_proto(msg.config), list(steps_from_proto(msg.steps, _join(field, "steps")))


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


def _verifier(config: transcript_pb2.TranscriptConfig, field: str) -> TranscriptVerifier:
    try:
        return TranscriptVerifier(config_from_proto(config))
    except ConfigError as exc:
        raise config_error(exc, field) from None


def verify_transcript_message(msg: transcript_pb2.Transcript, field: str = "transcript") -> transcript_pb2.VerifyTranscriptResponse:
    """Verify a ``Transcript`` (the body of ``VerifyTranscript``).  Steps are converted as
    they are replayed; steps after the divergent one are not read.  Raises
    :class:`InputError` naming the request field of malformed input."""
    if not msg.HasField("config"):
        raise InputError(_join(field, "config"), "is required")
    verifier = _verifier(msg.config, _join(field, "config"))
    for step in steps_from_proto(msg.steps, _join(field, "steps")):
        if verifier.feed(step) is not None:
            break
    out = transcript_pb2.VerifyTranscriptResponse()
    result_to_proto(verifier.result(), out)
    return out


def verify_stream_messages(
    requests: Iterable[transcript_pb2.StreamVerifyTranscriptRequest],
) -> transcript_pb2.StreamVerifyTranscriptResponse:
    """Verify a streamed transcript (the body of ``StreamVerifyTranscript``): the first
    message holds the configuration, every later one a step.  Reading stops at the first
    divergence.  Raises :class:`InputError` naming the message (``requests[5].step.action``)."""
    verifier: TranscriptVerifier | None = None
    for i, req in enumerate(requests):
        item = req.WhichOneof("item")
        where = f"requests[{i}]"
        if verifier is None:
            if item != "config":
                raise InputError(f"{where}.config", "the first message must hold the configuration")
            verifier = _verifier(req.config, f"{where}.config")
            continue
        if item != "step":
            raise InputError(f"{where}.step", "after the configuration every message holds a step")
        if verifier.feed(step_from_proto(req.step, f"{where}.step")) is not None:
            break
    if verifier is None:
        raise InputError("requests[0].config", "the stream is empty; the first message must hold the configuration")
    out = transcript_pb2.StreamVerifyTranscriptResponse()
    result_to_proto(verifier.result(), out)
    return out


# --- files ----------------------------------------------------------------------------

_AT = re.compile(r'\bat "?Transcript\.?([^" ]*?)"?\.?(?:\n|$| )')
_NO_FIELD = re.compile(r'has no field named "([^"]+)"')
_PARSE_CHAIN = re.compile(r"Failed to parse (\w+) field")


def _parse_error_field(message: str) -> str:
    """The path of the offending field named in a ``json_format.ParseError`` message."""
    m = _AT.search(message)
    path = m.group(1).rstrip(".") if m else ".".join(_PARSE_CHAIN.findall(message))
    bad = _NO_FIELD.search(message)
    if bad:
        path = _join(path, bad.group(1))
    return path or "$"


def load_transcript(path: Path | str) -> transcript_pb2.Transcript:
    """Read a Transcript in protobuf JSON; raise :class:`InputError` naming the field
    (``$`` for the whole file) of anything malformed."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise InputError("$", f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError("$", f"not JSON: {exc}") from None
    if not isinstance(raw, dict):
        raise InputError("$", "a transcript is a JSON object")
    msg = transcript_pb2.Transcript()
    try:
        json_format.ParseDict(raw, msg)
    except json_format.ParseError as exc:
        text = str(exc)
        reason = text.split(": ")[-1].split(" at ")[0].strip().rstrip(".") or text
        raise InputError(_parse_error_field(text), reason) from None
    return msg


# --- output ---------------------------------------------------------------------------


def _action_of(transcript: transcript_pb2.Transcript, index: int) -> str:
    if not 0 <= index < len(transcript.steps):
        return "?"
    try:
        return encode(action_from_proto(transcript.steps[index].action))
    except InputError:
        return str(transcript.steps[index].action.encoded or transcript.steps[index].action.kind)


def _table(rows: Sequence[tuple[str, str, str]], header: tuple[str, str, str]) -> list[str]:
    widths = [min(max(len(r[k]) for r in (header, *rows)), 60) for k in range(3)]
    out = []
    for r in (header, *rows):
        out.append("    " + "  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip())
    return out


def format_verdict(response: VerifyResponse, transcript: transcript_pb2.Transcript, *, color: bool = False) -> str:
    """A readable account of a verdict: that the transcript agrees, or the divergent step,
    what the reference says and how the client differs."""
    red, green, bold, reset = ("\x1b[31m", "\x1b[32m", "\x1b[1m", "\x1b[0m") if color else ("", "", "", "")
    if response.agrees:
        return f"{green}AGREES{reset}: all {response.steps_checked} steps agree with the reference"
    d = response.divergence
    i = response.divergent_step
    step = transcript.steps[i] if 0 <= i < len(transcript.steps) else None
    actor = ""
    if step is not None and step.actor:
        actor = f", actor {actor_name(actor_from_proto(step.actor))}"
    lines = [
        f"{red}{bold}DIVERGES{reset} at step {i} (0-based; step {i + 1} of {len(transcript.steps)}): "
        f"{_action_of(transcript, i)!r}{actor}",
        f"  kind: {d.kind}",
        f"  {d.message}",
    ]
    if d.violations:
        lines.append("  the reference forbids it:")
        lines += [f"    {v.rule:<12} {v.message}" for v in d.violations]
    if d.missing_actions:
        lines.append(f"  missing from the client ({len(d.missing_actions)}; legal in the reference):")
        lines += [f"    {red}- {a}{reset}" for a in d.missing_actions]
    if d.extra_actions:
        lines.append(f"  extra in the client ({len(d.extra_actions)}; not legal in the reference):")
        lines += [f"    {green}+ {a}{reset}" for a in d.extra_actions]
    if d.state_differences:
        lines.append(f"  differing state fields ({len(d.state_differences)}):")
        rows = [(f.path, f.reference or "(absent)", f.client or "(absent)") for f in d.state_differences]
        lines += _table(rows, ("path", "reference", "client"))
    if i > 0:
        lines.append(f"  the steps before it (0..{i - 1}) agree")
    return "\n".join(lines)


# --- command line ---------------------------------------------------------------------


def add_verify_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``verify`` to ``parser``."""
    parser.add_argument("file", metavar="FILE", help="a berserk.oracle.v1.Transcript in protobuf JSON")
    parser.add_argument("--target", metavar="HOST:PORT", default="",
                        help="ask this server's VerifyTranscript method instead of verifying in this process")
    parser.add_argument("--timeout", type=float, default=120.0, help="deadline of the call with --target (seconds)")
    parser.add_argument("--json", action="store_true", help="print the verdict as VerifyTranscriptResponse JSON")


def _remote(transcript: transcript_pb2.Transcript, address: str, timeout: float) -> transcript_pb2.VerifyTranscriptResponse:
    import grpc

    from oracle._proto.berserk.oracle.v1 import oracle_service_pb2_grpc

    from .grpc_target import decode_bad_request

    with grpc.insecure_channel(address) as channel:
        stub = oracle_service_pb2_grpc.OracleServiceStub(channel)  # type: ignore[no-untyped-call]
        method = getattr(stub, "VerifyTranscript", None)
        if method is None:
            raise RuntimeError("this build's OracleService has no VerifyTranscript method")
        try:
            response: transcript_pb2.VerifyTranscriptResponse = method(
                transcript_pb2.VerifyTranscriptRequest(transcript=transcript), timeout=timeout
            )
        except grpc.RpcError as exc:
            code = exc.code() if hasattr(exc, "code") else None
            if code == grpc.StatusCode.INVALID_ARGUMENT:
                found = decode_bad_request(exc)
                field, reason = found[0] if found else ("request", exc.details() if hasattr(exc, "details") else "")
                raise InputError(field.removeprefix("transcript."), reason) from None
            name = code.name if code is not None else "RPC error"
            details = exc.details() if hasattr(exc, "details") else str(exc)
            raise RuntimeError(f"{address}: {name}: {details}") from None
        return response


def run_verify(args: argparse.Namespace) -> int:
    """Run ``verify`` with parsed arguments; the exit code."""
    try:
        transcript = load_transcript(args.file)
        if args.target:
            response: VerifyResponse = _remote(transcript, args.target, args.timeout)
        else:
            response = verify_transcript_message(transcript, field="")
    except InputError as exc:
        print(f"verify: {args.file}: bad input at {exc.field}: {exc.reason}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except RuntimeError as exc:
        print(f"verify: cannot verify: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.json:
        print(json_format.MessageToJson(response, preserving_proto_field_name=True, always_print_fields_with_no_presence=True))
    else:
        where = f" (verified by {args.target})" if args.target else ""
        print(f"{args.file}{where}")
        print(format_verdict(response, transcript, color=sys.stdout.isatty()))
    return EXIT_AGREES if response.agrees else EXIT_DIVERGES


def verify_main(argv: list[str] | None = None) -> int:
    """``python -m conformance_suite verify`` on its own."""
    parser = argparse.ArgumentParser(prog="python -m conformance_suite verify", description=__doc__.split("\n\n")[0])
    add_verify_arguments(parser)
    return run_verify(parser.parse_args(argv))


def actions_of(transcript: transcript_pb2.Transcript) -> list[Action]:
    """The actions of a transcript's steps (for tools that replay them)."""
    return [action_from_proto(s.action, f"steps[{i}].action") for i, s in enumerate(transcript.steps)]
