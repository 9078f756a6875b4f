"""Transcript verification (oracle.verify) and ``python -m conformance_suite verify``."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from google.protobuf import json_format

import oracle
from conformance_suite.transcript_cli import (
    EXIT_AGREES,
    EXIT_BAD_INPUT,
    EXIT_DIVERGES,
    config_to_proto,
    load_transcript,
    step_to_proto,
    transcript_from_proto,
    transcript_to_proto,
    verify_main,
    verify_stream_messages,
    verify_transcript_message,
)
from oracle._proto.berserk.oracle.v1 import transcript_pb2
from oracle.engine import legal_actions
from oracle.model import Action
from oracle.sampler import Game, play_random_game
from oracle.service.errors import InputError
from oracle.verify import ClientStep, TranscriptVerifier, diff_states, record_steps, verify_transcript

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples" / "transcripts"
#: Where make_examples.py planted each example's error (the step moves with the card pool).
PLANTED = json.loads((EXAMPLES / "planted.json").read_text(encoding="utf-8"))
ATTACK_STEP = PLANTED["planted_first_turn_attack.json"]["step"]
COIN = PLANTED["planted_missing_coin.json"]


@pytest.fixture(scope="module")
def served_reference() -> Iterator[str]:
    """``HOST:PORT`` of a reference server in a child process."""
    from conformance_suite.fuzz_targets import served_oracle

    with served_oracle() as address:
        yield address


@pytest.fixture(scope="module")
def game() -> Game:
    """A random game of a fixed seed that lasts into its third turn."""
    g = play_random_game(11)
    assert g.states[-1].turn >= 3
    return g


@pytest.fixture(scope="module")
def recorded(game: Game) -> list[ClientStep]:
    """The game as a correct client records it: actor, state, legal actions and events at
    every step."""
    return record_steps(game.config, game.actions)


def _first_choice_step(game: Game, turn: int = 2) -> int:
    """Index of the first action taken in a choice phase of ``turn`` or later after which
    more than ``end_turn`` is legal (a step's legal actions are those of the state after its
    action, so a transcript claiming only ``end_turn`` there diverges)."""
    return next(
        i for i, s in enumerate(game.states[:-1])
        if s.step == "choice" and s.turn >= turn and len(legal_actions(game.states[i + 1])) > 1
    )


def test_recorded_random_game_agrees(game: Game, recorded: list[ClientStep]) -> None:
    """A transcript recorded from a random game, with every optional part present,
    agrees with the reference at every step."""
    result = verify_transcript(game.config, recorded)
    assert result.agrees and result.divergence is None
    assert result.divergent_step == -1
    assert result.steps_checked == len(game.actions)


def test_recorded_game_agrees_through_the_protobuf_form(game: Game, recorded: list[ClientStep]) -> None:
    """The same transcript converted to a Transcript message, to protobuf JSON and back
    still agrees (the conversions lose nothing that is compared)."""
    text = json_format.MessageToJson(transcript_to_proto(game.config, recorded))
    msg = json_format.Parse(text, transcript_pb2.Transcript())
    response = verify_transcript_message(msg)
    assert response.agrees and response.divergent_step == -1
    assert response.steps_checked == len(game.actions)


def test_planted_illegal_action_is_pinpointed_with_its_rule() -> None:
    """A creature that attacks in the turn it entered play is reported at exactly that
    step as an illegal action citing first-turn weakness (R15:108.5)."""
    for seed in range(50):
        g = play_random_game(seed)
        for i, s in enumerate(g.states[:-1]):
            if s.step != "choice":
                continue
            for uid in s.players[s.active].play:
                c = s.cards[uid]
                if c.entered_turn == s.turn and not c.closed and not c.hidden:
                    bad = Action("attack", card=uid, targets=(s.players[s.inactive].hero,))
                    if [v.rule for v in oracle.check(s, bad)] == ["R15:108.5"]:
                        steps = record_steps(g.config, g.actions)
                        steps[i] = replace(steps[i], action=bad)
                        result = verify_transcript(g.config, steps)
                        assert not result.agrees
                        assert result.divergent_step == i
                        assert result.steps_checked == i + 1
                        assert result.divergence is not None
                        assert result.divergence.kind == "illegal_action"
                        assert [v.rule for v in result.divergence.violations] == ["R15:108.5"]
                        return
    pytest.fail("no random game offered a creature with first-turn weakness")


def test_planted_wrong_state_field_is_reported_by_path(game: Game, recorded: list[ClientStep]) -> None:
    """A client state with one wrong field (a player's open coins) is reported at that
    step with the field's path and both values."""
    i = _first_choice_step(game)
    steps = list(recorded)
    wrong = json.loads(json.dumps(steps[i].state))
    wrong["players"][1]["coins_open"] += 1
    steps[i] = replace(steps[i], state=wrong)
    result = verify_transcript(game.config, steps)
    assert result.divergent_step == i
    assert result.divergence is not None and result.divergence.kind == "state"
    (diff,) = result.divergence.state_differences
    assert diff.path == "players[1].coins_open"
    assert json.loads(diff.client) == json.loads(diff.reference) + 1


def test_planted_wrong_card_field_is_reported_by_path(game: Game, recorded: list[ClientStep]) -> None:
    """A wrong card field is named by its list path (``cards[3].wounds``) and a wrong
    list of uids is reported whole."""
    i = _first_choice_step(game)
    steps = list(recorded)
    wrong = json.loads(json.dumps(steps[i].state))
    wrong["cards"][3]["wounds"] = 7
    wrong["players"][0]["hand"] = [*reversed(wrong["players"][0]["hand"]), 999]
    steps[i] = replace(steps[i], state=wrong)
    result = verify_transcript(game.config, steps)
    assert result.divergence is not None
    paths = [d.path for d in result.divergence.state_differences]
    assert paths == ["players[0].hand", "cards[3].wounds"]
    assert result.divergence.state_differences[1].client == "7"


def test_planted_wrong_legal_action_set_lists_missing_and_extra(game: Game, recorded: list[ClientStep]) -> None:
    """A client legal-action set with one action dropped and one invented is reported at
    that step with exactly those as missing and extra."""
    i = _first_choice_step(game)
    steps = list(recorded)
    legal = list(steps[i].legal_actions or [])
    assert legal
    steps[i] = replace(steps[i], legal_actions=[*legal[1:], "attack card=999 targets=1"])
    result = verify_transcript(game.config, steps)
    assert result.divergent_step == i
    d = result.divergence
    assert d is not None and d.kind == "legal_actions"
    assert d.missing_actions == (legal[0],)
    assert d.extra_actions == ("attack card=999 targets=1",)


def test_planted_wrong_actor_is_reported_with_the_deciding_rule(game: Game, recorded: list[ClientStep]) -> None:
    """A step whose actor is the player who does not decide is reported as a wrong actor
    at that step, citing the rule that gives the decision to the other player."""
    i = next(k for k, s in enumerate(recorded) if s.actor in (0, 1) and game.states[k].step == "choice")
    steps = list(recorded)
    steps[i] = replace(steps[i], actor=1 - (steps[i].actor or 0))
    result = verify_transcript(game.config, steps)
    assert result.divergent_step == i
    d = result.divergence
    assert d is not None and d.kind == "wrong_actor"
    assert [v.rule for v in d.violations] == ["C:306.1"]


def test_planted_wrong_events_are_reported(game: Game, recorded: list[ClientStep]) -> None:
    """A client event with a wrong detail is reported as an events divergence naming the
    first differing event."""
    i = next(k for k, s in enumerate(recorded) if s.events)
    steps = list(recorded)
    events = [dict(e) for e in steps[i].events or []]
    events[0] = {"kind": events[0]["kind"], "data": {**events[0]["data"], "bogus": "1"}}
    steps[i] = replace(steps[i], events=events)
    result = verify_transcript(game.config, steps)
    assert result.divergent_step == i
    assert result.divergence is not None and result.divergence.kind == "events"
    assert "event 0" in result.divergence.message


def test_verifier_is_incremental_and_stops_at_the_divergence(game: Game, recorded: list[ClientStep]) -> None:
    """Steps are consumed lazily: nothing after the divergent step is read, and the
    verifier refuses further steps once diverged."""
    seen: list[int] = []

    def stream() -> Any:
        for k, s in enumerate(recorded):
            seen.append(k)
            yield s if k != 5 else replace(s, legal_actions=["end_turn x=9"])

    result = verify_transcript(game.config, stream())
    assert result.divergent_step == 5 and seen[-1] == 5
    v = TranscriptVerifier(game.config)
    assert v.feed(replace(recorded[0], actor=0)) is not None
    with pytest.raises(RuntimeError):
        v.feed(recorded[1])


def test_stream_form_gives_the_same_verdict(game: Game, recorded: list[ClientStep]) -> None:
    """The streaming form (configuration first, then steps) gives the same verdict as
    the unary form, and a stream that does not start with the configuration is refused
    naming the message."""
    i = _first_choice_step(game)
    steps = list(recorded[: i + 3])
    steps[i] = replace(steps[i], legal_actions=["end_turn"])
    reqs = [transcript_pb2.StreamVerifyTranscriptRequest(config=config_to_proto(game.config))]
    reqs += [transcript_pb2.StreamVerifyTranscriptRequest(step=step_to_proto(s)) for s in steps]
    streamed = verify_stream_messages(iter(reqs))
    unary = verify_transcript_message(transcript_to_proto(game.config, steps))
    assert streamed.SerializeToString() == unary.SerializeToString()
    assert streamed.divergent_step == i and streamed.divergence.kind == "legal_actions"
    with pytest.raises(InputError) as exc:
        verify_stream_messages(iter(reqs[1:]))
    assert exc.value.field == "requests[0].config"


def test_diff_states_is_strict_and_capped() -> None:
    """The state diff tells true from 1, and reports at most the cap."""
    assert [d.path for d in diff_states({"a": True}, {"a": 1})] == ["a"]
    many = {"cards": [{"x": i} for i in range(80)]}
    other = {"cards": [{"x": -1} for _ in range(80)]}
    assert len(diff_states(many, other)) == 50


@pytest.mark.parametrize(
    ("mutate", "field"),
    [
        (lambda t: t["steps"][2]["action"].update({"kidn": "x"}), "steps[2].action.kidn"),
        (lambda t: t["steps"][1]["action"].update({"encoded": "attack card=x"}), "steps[1].action.encoded"),
        (lambda t: t["steps"][3].update({"actor": "ACTOR_NOBODY"}), "steps[3].actor"),
        (lambda t: t["config"]["heroes"].__setitem__(0, "no_such_hero"), "config.heroes[0]"),
        (lambda t: t["steps"][4].update({"legal_actions": {"actions": ["fly away"]}}), "steps[4].legal_actions.actions[0]"),
        (lambda t: t.pop("config"), "config"),
    ],
    ids=["unknown-field", "bad-encoded-action", "bad-actor", "unknown-hero", "bad-legal-action", "no-config"],
)
def test_malformed_transcript_names_the_field(
    tmp_path: Path, game: Game, recorded: list[ClientStep], capsys: pytest.CaptureFixture[str], mutate: Any, field: str
) -> None:
    """A malformed transcript file exits 2 with a message naming the offending field."""
    data = json_format.MessageToDict(transcript_to_proto(game.config, recorded[:8]), preserving_proto_field_name=True)
    mutate(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert verify_main([str(path)]) == EXIT_BAD_INPUT
    assert f"bad input at {field}:" in capsys.readouterr().err


def test_not_json_is_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A file that is not JSON exits 2 naming the whole document ($)."""
    path = tmp_path / "bad.json"
    path.write_text("{steps: ", encoding="utf-8")
    assert verify_main([str(path)]) == EXIT_BAD_INPUT
    assert "bad input at $: not JSON" in capsys.readouterr().err


def test_examples_are_pinpointed() -> None:
    """The sample transcripts with planted errors are pinpointed at their planted step:
    a first-turn attack (R15:108.5) and a missing coin in the client's state."""
    regenerate = "the engine changed these games: run examples/transcripts/make_examples.py"
    config, steps = transcript_from_proto(load_transcript(EXAMPLES / "planted_first_turn_attack.json"))
    r = verify_transcript(config, steps)
    assert r.divergent_step == ATTACK_STEP and r.divergence is not None, regenerate
    assert r.divergence.kind == "illegal_action"
    assert [v.rule for v in r.divergence.violations] == ["R15:108.5"]
    config, steps = transcript_from_proto(load_transcript(EXAMPLES / "planted_missing_coin.json"))
    r = verify_transcript(config, steps)
    assert r.divergent_step == COIN["step"] and r.divergence is not None, regenerate
    assert [(d.path, d.reference, d.client) for d in r.divergence.state_differences] == [
        (COIN["field"], COIN["reference"], COIN["client"])]


def test_cli_exit_codes_and_diff(tmp_path: Path, game: Game, recorded: list[ClientStep]) -> None:
    """``python -m conformance_suite verify`` exits 0 on an agreeing transcript and 1 on
    the planted example, printing the step, the kind and the rule."""
    good = tmp_path / "good.json"
    good.write_text(json_format.MessageToJson(transcript_to_proto(game.config, recorded[:20])), encoding="utf-8")
    cmd = [sys.executable, "-m", "conformance_suite", "verify"]
    ok = subprocess.run([*cmd, str(good)], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert ok.returncode == EXIT_AGREES, ok.stderr
    assert "AGREES" in ok.stdout
    bad = subprocess.run([*cmd, str(EXAMPLES / "planted_first_turn_attack.json")], capture_output=True, text=True,
                         cwd=ROOT, timeout=60)
    assert bad.returncode == EXIT_DIVERGES, bad.stderr
    assert f"DIVERGES at step {ATTACK_STEP}" in bad.stdout and "R15:108.5" in bad.stdout and "illegal_action" in bad.stdout


def test_cli_against_a_served_reference(served_reference: str, tmp_path: Path) -> None:
    """With ``--target`` the verdict comes from the server's VerifyTranscript method (and
    with ``--stream`` from StreamVerifyTranscript) and matches the local one."""
    from oracle._proto.berserk.oracle.v1 import oracle_service_pb2

    if "VerifyTranscript" not in oracle_service_pb2.DESCRIPTOR.services_by_name["OracleService"].methods_by_name:
        pytest.skip("OracleService has no VerifyTranscript method yet (the rpc lines are not added)")
    path = EXAMPLES / "planted_first_turn_attack.json"
    for extra in ([], ["--stream"]):
        cmd = [sys.executable, "-m", "conformance_suite", "verify", str(path), "--target", served_reference, "--json", *extra]
        out = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, timeout=60)
        assert out.returncode == EXIT_DIVERGES, out.stderr
        remote = json.loads(out.stdout)
        assert remote["divergent_step"] == ATTACK_STEP and remote["divergence"]["violations"][0]["rule"] == "R15:108.5"
