"""VerifyTranscript and StreamVerifyTranscript against a real server: agreement, the first
divergence with its rule, and malformed transcripts as INVALID_ARGUMENT naming the field."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import grpc
import pytest

from conformance_suite.transcript_cli import load_transcript, stream_requests
from oracle._proto.berserk.oracle.v1 import transcript_pb2

from .helpers import bad_request

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "transcripts"
#: Where make_examples.py planted each example's error (the step moves with the card pool).
PLANTED = json.loads((EXAMPLES / "planted.json").read_text(encoding="utf-8"))
ATTACK_STEP = PLANTED["planted_first_turn_attack.json"]["step"]
COIN = PLANTED["planted_missing_coin.json"]


def _honest(transcript: transcript_pb2.Transcript, upto: int) -> transcript_pb2.Transcript:
    """The first ``upto`` steps of ``transcript`` (all before its planted error)."""
    out = transcript_pb2.Transcript()
    out.CopyFrom(transcript)
    del out.steps[upto:]
    return out


def test_verify_pinpoints_the_planted_illegal_attack(stub: Any) -> None:
    """The planted first-turn attack is reported at its step as an illegal action citing
    first-turn weakness (R15:108.5)."""
    t = load_transcript(EXAMPLES / "planted_first_turn_attack.json")
    resp = stub.VerifyTranscript(transcript_pb2.VerifyTranscriptRequest(transcript=t))
    assert not resp.agrees
    assert resp.divergence.kind == "illegal_action"
    assert "R15:108.5" in [v.rule for v in resp.divergence.violations]
    assert resp.divergent_step == ATTACK_STEP  # 0-based, where make_examples.py planted it


def test_verify_agrees_on_an_honest_prefix(stub: Any) -> None:
    """The steps before the planted error agree with the reference."""
    t = load_transcript(EXAMPLES / "planted_first_turn_attack.json")
    resp = stub.VerifyTranscript(transcript_pb2.VerifyTranscriptRequest(transcript=_honest(t, ATTACK_STEP)))
    assert resp.agrees and resp.divergent_step == -1 and resp.steps_checked == ATTACK_STEP


def test_stream_verify_pinpoints_the_wrong_coin_count(stub: Any) -> None:
    """The streaming form reports the planted state error (a player's coins_open) at its step."""
    t = load_transcript(EXAMPLES / "planted_missing_coin.json")
    resp = stub.StreamVerifyTranscript(stream_requests(t))
    assert not resp.agrees and resp.divergence.kind == "state"
    paths = [d.path for d in resp.divergence.state_differences]
    assert COIN["field"] in paths
    assert resp.divergent_step == COIN["step"]  # 0-based, where make_examples.py planted it


def test_verify_without_transcript_is_invalid_argument(stub: Any) -> None:
    """A request without a transcript is INVALID_ARGUMENT naming the field 'transcript'."""
    with pytest.raises(grpc.RpcError) as info:
        stub.VerifyTranscript(transcript_pb2.VerifyTranscriptRequest())
    assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT  # type: ignore[attr-defined]
    assert [f for f, _ in bad_request(info.value)] == ["transcript"]


def test_verify_with_unknown_card_names_the_deck_entry(stub: Any) -> None:
    """An unknown card id in the configuration is INVALID_ARGUMENT naming that deck entry."""
    t = load_transcript(EXAMPLES / "planted_first_turn_attack.json")
    t.config.decks[1].card_ids[3] = "no_such_card"
    with pytest.raises(grpc.RpcError) as info:
        stub.VerifyTranscript(transcript_pb2.VerifyTranscriptRequest(transcript=t))
    assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT  # type: ignore[attr-defined]
    fields = [f for f, _ in bad_request(info.value)]
    assert fields and fields[0].startswith("transcript.config.decks[1]")


def test_stream_starting_with_a_step_is_invalid_argument(stub: Any) -> None:
    """A stream whose first message is a step, not the configuration, is INVALID_ARGUMENT."""
    t = load_transcript(EXAMPLES / "planted_missing_coin.json")
    reqs = [transcript_pb2.StreamVerifyTranscriptRequest(step=t.steps[0])]
    with pytest.raises(grpc.RpcError) as info:
        stub.StreamVerifyTranscript(iter(reqs))
    assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT  # type: ignore[attr-defined]
    assert bad_request(info.value)[0][0].startswith("requests[0]")
