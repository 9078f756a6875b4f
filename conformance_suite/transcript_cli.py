"""Transcripts in protobuf form: conversion to and from :mod:`oracle.verify`, the server side
of the VerifyTranscript methods, and ``python -m conformance_suite verify``.

A transcript file is a ``berserk.oracle.v1.Transcript`` message in protobuf JSON
(``proto/berserk/oracle/v1/transcript.proto``)::

    {"config": {"edition": "C", "heroes": ["test_geroy_pervogo_khoda", "test_geroy_snayper"], "decks": [{"cardIds": [...]}, ...]},
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
:class:`oracle.service.InputError` naming the request field for malformed input.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from google.protobuf import json_format

from oracle._proto.berserk.oracle.v1 import transcript_pb2
from oracle.actions import encode
from oracle.model import Action
from oracle.service.convert import action_from_proto, actor_from_proto
from oracle.service.errors import InputError
from oracle.service.transcripts import (
    VerifyResponse,
    config_from_proto,
    config_to_proto,
    join_field,
    result_to_proto,
    step_from_proto,
    step_to_proto,
    steps_from_proto,
    transcript_from_proto,
    transcript_to_proto,
    verify_stream_messages,
    verify_transcript_message,
)
from oracle.verify import actor_name

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
    "stream_requests",
    "transcript_from_proto",
    "transcript_to_proto",
    "verify_main",
    "verify_stream_messages",
    "verify_transcript_message",
]

EXIT_AGREES = 0
EXIT_DIVERGES = 1
EXIT_BAD_INPUT = 2

_AT = re.compile(r'\bat "?Transcript\.?([^" ]*?)"?\.?(?:\n|$| )')
_NO_FIELD = re.compile(r'has no field named "([^"]+)"')
_PARSE_CHAIN = re.compile(r"Failed to parse (\w+) field")




def _parse_error_field(message: str) -> str:
    """The path of the offending field named in a ``json_format.ParseError`` message."""
    m = _AT.search(message)
    path = m.group(1).rstrip(".") if m else ".".join(_PARSE_CHAIN.findall(message))
    bad = _NO_FIELD.search(message)
    if bad:
        path = join_field(path, bad.group(1))
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
    parser.add_argument("--stream", action="store_true",
                        help="with --target: send the transcript through StreamVerifyTranscript, one message per step")
    parser.add_argument("--timeout", type=float, default=120.0, help="deadline of the call with --target (seconds)")
    parser.add_argument("--json", action="store_true", help="print the verdict as VerifyTranscriptResponse JSON")


def stream_requests(transcript: transcript_pb2.Transcript) -> Iterator[transcript_pb2.StreamVerifyTranscriptRequest]:
    """The messages of a StreamVerifyTranscript call for ``transcript``: the configuration,
    then one message per step."""
    yield transcript_pb2.StreamVerifyTranscriptRequest(config=transcript.config)
    for step in transcript.steps:
        yield transcript_pb2.StreamVerifyTranscriptRequest(step=step)


def _remote(transcript: transcript_pb2.Transcript, address: str, timeout: float, stream: bool = False) -> VerifyResponse:
    import grpc

    from oracle._proto.berserk.oracle.v1 import oracle_service_pb2_grpc

    from .grpc_target import decode_bad_request

    with grpc.insecure_channel(address) as channel:
        stub = oracle_service_pb2_grpc.OracleServiceStub(channel)  # type: ignore[no-untyped-call]
        name = "StreamVerifyTranscript" if stream else "VerifyTranscript"
        method = getattr(stub, name, None)
        if method is None:
            raise RuntimeError(f"this build's OracleService has no {name} method")
        request: Any = stream_requests(transcript) if stream else transcript_pb2.VerifyTranscriptRequest(transcript=transcript)
        try:
            response: VerifyResponse = method(request, timeout=timeout)
        except grpc.RpcError as exc:
            code = exc.code() if hasattr(exc, "code") else None
            if code == grpc.StatusCode.INVALID_ARGUMENT:
                found = decode_bad_request(exc)
                field, reason = found[0] if found else ("request", exc.details() if hasattr(exc, "details") else "")
                raise InputError(_stream_field(field) if stream else field.removeprefix("transcript."), reason) from None
            name = code.name if code is not None else "RPC error"
            details = exc.details() if hasattr(exc, "details") else str(exc)
            raise RuntimeError(f"{address}: {name}: {details}") from None
        return response


_REQUEST = re.compile(r"^requests\[(\d+)\]\.(?:step|config)")


def _stream_field(field: str) -> str:
    """A stream message's field path as the transcript file's (``requests[4].step.x`` is
    ``steps[3].x``)."""
    m = _REQUEST.match(field)
    if not m:
        return field
    n = int(m.group(1))
    rest = field[m.end():]
    return f"config{rest}" if n == 0 else f"steps[{n - 1}]{rest}"


def run_verify(args: argparse.Namespace) -> int:
    """Run ``verify`` with parsed arguments; the exit code."""
    try:
        transcript = load_transcript(args.file)
        if args.target:
            response: VerifyResponse = _remote(transcript, args.target, args.timeout, args.stream)
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
