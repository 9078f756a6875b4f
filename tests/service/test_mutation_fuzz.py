"""Hypothesis-driven mutation of valid mid-game requests against a real server (issue 12):
every method gets well-formed requests with 1 to 3 random changes (a field set to an odd
value, a sub-message cleared or added, a list entry dropped, duplicated or appended); the
answer may be anything but INTERNAL, UNKNOWN or a hang (DEADLINE_EXCEEDED).  The status
counts per method are printed at the end (``pytest -s``).  ``ORACLE_FUZZ_EXAMPLES`` sets
the examples per method (100 by default)."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest
from google.protobuf import descriptor
from google.protobuf.message import Message
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conformance_suite.transcript_cli import load_transcript, stream_requests
from oracle._proto.berserk.oracle.v1 import oracle_service_pb2 as pb
from oracle._proto.berserk.oracle.v1 import transcript_pb2
from oracle.engine import legal_actions
from oracle.service import convert as cv
from oracle.service import state_codec as sc

from .helpers import game_config, mid_game_state

EXAMPLES = int(os.environ.get("ORACLE_FUZZ_EXAMPLES", "100"))
TRANSCRIPT = Path(__file__).resolve().parents[2] / "examples" / "transcripts" / "planted_missing_coin.json"
#: statuses that mean the server broke or hung rather than judged the input
FORBIDDEN = {grpc.StatusCode.INTERNAL, grpc.StatusCode.UNKNOWN, grpc.StatusCode.DEADLINE_EXCEEDED}
STATUSES: dict[str, Counter[str]] = {}

_FD = descriptor.FieldDescriptor
_INT_RANGES = {
    _FD.CPPTYPE_INT32: (-(2**31), 2**31 - 1),
    _FD.CPPTYPE_INT64: (-(2**63), 2**63 - 1),
    _FD.CPPTYPE_UINT32: (0, 2**32 - 1),
    _FD.CPPTYPE_UINT64: (0, 2**64 - 1),
}
_WORDS = ["", "A", "B", "C", "Z", "end_turn", "attack card=3 targets=4", "play card=7", "roll values=3,3",
          "test_geroy_snayper", "test_geroy_pervogo_khoda", "x" * 5000, "\x00", "ж" * 300, "card=-1", "99999999999999999999"]


@pytest.fixture(scope="module")
def requests(pool: Any) -> dict[str, Any]:
    """A valid request of every method (a mid-game state and its legal actions)."""
    state = mid_game_state()
    msg = sc.state_to_proto(state)
    actions = [cv.action_to_proto(a) for a in legal_actions(state)[:6]]
    transcript = load_transcript(TRANSCRIPT)
    del transcript.steps[14:]
    return {
        "GetLegalActions": pb.GetLegalActionsRequest(state=msg),
        "CheckAction": pb.CheckActionRequest(state=msg, action=actions[0]),
        "BatchCheckActions": pb.BatchCheckActionsRequest(state=msg, actions=actions),
        "ApplyAction": pb.ApplyActionRequest(state=msg, action=actions[-1]),
        "CreateGame": pb.CreateGameRequest(config=game_config(pool), chance_seed=7),
        "GetCatalogue": pb.GetCatalogueRequest(edition="B"),
        "VerifyTranscript": transcript_pb2.VerifyTranscriptRequest(transcript=transcript),
        "StreamVerifyTranscript": list(stream_requests(transcript)),
    }


@pytest.fixture(scope="module", autouse=True)
def report() -> Iterator[None]:
    """Print the status counts per method once the module's examples have run."""
    yield
    for method, counts in sorted(STATUSES.items()):
        total = sum(counts.values())
        print(f"\nmutation fuzz {method}: {total} requests: {dict(counts.most_common())}")


def _leaves(msg: Message) -> Iterator[tuple[str, Message, Any, int]]:
    """Every place a mutation can hit: (kind, message, field, index)."""
    for fd in msg.DESCRIPTOR.fields:
        repeated = bool(fd.is_repeated)
        if fd.message_type is not None:
            if fd.message_type.GetOptions().map_entry:
                continue
            if repeated:
                items = getattr(msg, fd.name)
                for i, sub in enumerate(items):
                    yield "message_item", msg, fd, i
                    yield from _leaves(sub)
                yield "add_message", msg, fd, -1
            elif msg.HasField(fd.name):
                yield "message", msg, fd, -1
                yield from _leaves(getattr(msg, fd.name))
            else:
                yield "absent", msg, fd, -1
        elif repeated:
            for i in range(len(getattr(msg, fd.name))):
                yield "item", msg, fd, i
            yield "append", msg, fd, -1
        else:
            yield "scalar", msg, fd, -1


def _value(data: st.DataObject, fd: Any) -> Any:
    cpp = fd.cpp_type
    if cpp in _INT_RANGES:
        lo, hi = _INT_RANGES[cpp]
        return data.draw(st.one_of(st.integers(max(lo, -3), 64), st.integers(lo, hi)))
    if cpp == _FD.CPPTYPE_ENUM:
        return data.draw(st.one_of(st.sampled_from([v.number for v in fd.enum_type.values]), st.integers(-3, 99)))
    if cpp == _FD.CPPTYPE_BOOL:
        return data.draw(st.booleans())
    if cpp in (_FD.CPPTYPE_FLOAT, _FD.CPPTYPE_DOUBLE):
        return data.draw(st.floats(width=32 if cpp == _FD.CPPTYPE_FLOAT else 64))
    if fd.type == _FD.TYPE_BYTES:
        return data.draw(st.binary(max_size=40))
    return data.draw(st.one_of(st.sampled_from(_WORDS), st.text(max_size=40)))


def _mutate(data: st.DataObject, msg: Message) -> None:
    """One random change somewhere in ``msg``."""
    leaves = list(_leaves(msg))
    kind, owner, fd, index = leaves[data.draw(st.integers(0, len(leaves) - 1), label="place")]
    field = getattr(owner, fd.name)
    if kind == "scalar":
        setattr(owner, fd.name, _value(data, fd))
    elif kind == "item":
        field[index] = _value(data, fd)
    elif kind == "append":
        field.append(_value(data, fd))
    elif kind == "message":
        owner.ClearField(fd.name)
    elif kind == "absent":
        field.SetInParent()
    elif kind == "add_message":
        field.add()
    elif data.draw(st.booleans(), label="drop"):
        del field[index]
    else:
        field.add().CopyFrom(field[index])


def _record(method: str, call: Callable[[], Any]) -> None:
    try:
        call()
        code = grpc.StatusCode.OK
    except grpc.RpcError as exc:
        code = exc.code()  # type: ignore[attr-defined]
        assert code not in FORBIDDEN, f"{method}: {code} {exc.details()[:300]!r}"  # type: ignore[attr-defined]
    STATUSES.setdefault(method, Counter())[code.name] += 1


_SETTINGS = settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=True,
                     suppress_health_check=list(HealthCheck))


@pytest.mark.parametrize("method", ["GetLegalActions", "CheckAction", "BatchCheckActions", "ApplyAction",
                                    "CreateGame", "GetCatalogue", "VerifyTranscript"])
@_SETTINGS
@given(data=st.data())
def test_mutated_unary_requests(stub: Any, requests: dict[str, Any], method: str, data: st.DataObject) -> None:
    """A valid request of ``method`` with 1-3 random changes is answered (any status but
    INTERNAL, UNKNOWN or DEADLINE_EXCEEDED within 30 s)."""
    request = type(requests[method])()
    request.CopyFrom(requests[method])
    for _ in range(data.draw(st.integers(1, 3), label="changes")):
        _mutate(data, request)
    _record(method, lambda: getattr(stub, method)(request, timeout=30))


@_SETTINGS
@given(data=st.data())
def test_mutated_stream_requests(stub: Any, requests: dict[str, Any], data: st.DataObject) -> None:
    """A valid StreamVerifyTranscript stream with 1-3 random changes to its messages (or a
    message dropped or repeated) is answered (any status but INTERNAL, UNKNOWN or a hang)."""
    stream: list[Any] = []
    for m in requests["StreamVerifyTranscript"]:
        copy = transcript_pb2.StreamVerifyTranscriptRequest()
        copy.CopyFrom(m)
        stream.append(copy)
    for _ in range(data.draw(st.integers(1, 3), label="changes")):
        i = data.draw(st.integers(0, len(stream) - 1), label="message")
        how = data.draw(st.sampled_from(["change", "change", "drop", "repeat"]), label="how")
        if how == "drop" and len(stream) > 1:
            del stream[i]
        elif how == "repeat":
            stream.insert(i, stream[i])
        else:
            _mutate(data, stream[i])
    _record("StreamVerifyTranscript", lambda: stub.StreamVerifyTranscript(iter(stream), timeout=30))
