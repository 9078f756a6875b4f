"""Run one scenario under one edition against a target and compare every expectation.

The result says passed, or the first step that disagreed: what was expected, what the
target did (only the relevant part), and the rules the scenario cites.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from google.protobuf import json_format  # type: ignore[import-untyped, unused-ignore]

from oracle.actions import decode, encode

from .scenario import LoadedScenario, action_text, board_to_state
from .targets import Target

__all__ = ["Mismatch", "ScenarioResult", "fact_value", "rule_matches", "run_scenario"]


@dataclass
class Mismatch:
    """One disagreement between the scenario and the target."""

    step: int  # 0-based step index; -1 for the setup
    what: str  # "legality", "violation rule", "event", "fact", "legal actions", "decision", "setup"
    expected: Any
    actual: Any
    action: str = ""

    def describe(self) -> str:
        """A readable account."""
        where = "setup" if self.step < 0 else f"step {self.step + 1} ({self.action})"
        return f"{where}: {self.what}\n  expected: {_show(self.expected)}\n  actual:   {_show(self.actual)}"


def _show(v: Any) -> str:
    return v if isinstance(v, str) else json.dumps(v, ensure_ascii=False, sort_keys=True)


@dataclass
class ScenarioResult:
    """Outcome of one scenario under one edition."""

    scenario: str
    edition: str
    passed: bool
    mismatches: list[Mismatch] = field(default_factory=list)
    steps_run: int = 0


def rule_matches(expected: str, actual: str, edition: str) -> bool:
    """Does cited rule ``actual`` satisfy ``expected``?  A full id must be equal; a bare
    number matches any id with that number."""
    if ":" in expected:
        return expected == actual
    return actual.split(":", 1)[-1] == expected


def _applies(expected: str, edition: str) -> bool:
    """An expectation with an edition prefix other than R15 applies only under it."""
    if ":" not in expected:
        return True
    ed = expected.split(":", 1)[0]
    return ed in ("R15", edition)


_SEG = re.compile(r"^([a-z_]+)(?:\[(-?\d+)\])?$")


def _zone_of(state: dict[str, Any], uid: int) -> str:
    for p in state["players"]:
        if p["hero"] == uid:
            return "play"
        for z in ("hand", "deck", "play", "graveyard"):
            if uid in p[z]:
                return z
    return ""


def fact_value(state: dict[str, Any], decision: tuple[int, str], path: str) -> Any:
    """The value at ``path`` of the canonical state.  Besides plain fields and ``[i]``
    indexes: ``card[UID]`` selects a card by uid, ``zone[UID]`` is the zone holding it,
    ``.length`` is a list's length, ``decision.actor`` / ``decision.kind`` who decides."""
    root: Any = {**state, "decision": {"actor": decision[0], "kind": decision[1]}}
    cur = root
    for seg in path.split("."):
        m = _SEG.match(seg)
        if not m:
            raise KeyError(f"bad path segment {seg!r}")
        name, idx = m.group(1), m.group(2)
        if name == "length" and idx is None and isinstance(cur, list):
            cur = len(cur)
            continue
        if cur is root and name == "card" and idx is not None:
            cur = next((c for c in state["cards"] if c["uid"] == int(idx)), None)
            if cur is None:
                raise KeyError(f"no card {idx}")
            continue
        if cur is root and name == "zone" and idx is not None:
            cur = _zone_of(state, int(idx))
            continue
        if not isinstance(cur, dict) or name not in cur:
            raise KeyError(f"no field {name!r}")
        cur = cur[name]
        if idx is not None:
            if not isinstance(cur, list) or not -len(cur) <= int(idx) < len(cur):
                raise KeyError(f"no index {idx} in {name}")
            cur = cur[int(idx)]
    return cur


def _initial_state(sc: LoadedScenario, edition: str, target: Target) -> dict[str, Any]:
    setup = sc.message.setup
    kind = setup.WhichOneof("kind")
    if kind == "board":
        return board_to_state(setup.board, edition)
    if kind == "new_game":
        cfg = setup.new_game
        return target.create_game(
            {"edition": edition, "heroes": list(cfg.heroes), "decks": [list(d.card_ids) for d in cfg.decks]}
        )
    from oracle.service.convert import state_dict_from_proto

    state = state_dict_from_proto(setup.state, "setup.state")
    state["edition"] = edition
    return state


def _events_match(expected: Any, events: list[dict[str, Any]], edition: str) -> int:
    """Index after the first event matching ``expected`` (-1 if none)."""
    for i, e in enumerate(events):
        if e["kind"] != expected.kind:
            continue
        rules_ok = all(
            any(rule_matches(r, a, edition) for a in e["rules"]) for r in expected.rules if _applies(r, edition)
        )
        data_ok = all(e["data"].get(f.key) == f.value for f in expected.data)
        if rules_ok and data_ok:
            return i + 1
    return -1


def run_scenario(sc: LoadedScenario, edition: str, target: Target) -> ScenarioResult:
    """Run ``sc`` under ``edition``; stop at the first step that disagrees."""
    res = ScenarioResult(sc.id, edition, passed=True)
    state = _initial_state(sc, edition, target)
    decision, _ = target.legal_actions(state)
    for i, step in enumerate(sc.message.steps):
        text = action_text(step.action)
        bad: list[Mismatch] = []
        if step.HasField("expect_decision"):
            want_actor = {0: -1, 1: 0, 2: 1, 3: 2}[step.expect_decision.actor]
            want = {"actor": want_actor, "kind": step.expect_decision.kind or decision[1]}
            got = {"actor": decision[0], "kind": decision[1]}
            if want != got:
                bad.append(Mismatch(i, "decision", want, got, text))
        if step.HasField("expect_legal_actions"):
            _, legal = target.legal_actions(state)
            want_set = sorted(encode(decode(a)) for a in step.expect_legal_actions.actions)
            got_set = sorted(legal)
            if want_set != got_set:
                bad.append(
                    Mismatch(
                        i,
                        "legal actions",
                        {"missing": sorted(set(want_set) - set(got_set))},
                        {"extra": sorted(set(got_set) - set(want_set))},
                        text,
                    )
                )
        out = target.apply(state, text)
        if step.expect_illegal:
            if out.legal:
                bad.append(Mismatch(i, "legality", "illegal", "legal", text))
            else:
                cited = [r for r, _ in out.violations]
                for ref in step.expect_violation_rules:
                    if _applies(ref, edition) and not any(rule_matches(ref, c, edition) for c in cited):
                        bad.append(Mismatch(i, "violation rule", ref, out.violations, text))
        elif not out.legal:
            bad.append(Mismatch(i, "legality", "legal", out.violations, text))
        res.steps_run = i + 1
        if bad:
            res.passed = False
            res.mismatches = bad
            return res
        if not out.legal:
            continue
        assert out.state is not None
        pos = 0
        for e in step.expect_events:
            nxt = _events_match(e, out.events[pos:], edition)
            if nxt < 0:
                want = json_format.MessageToDict(e, preserving_proto_field_name=True)
                near = [ev for ev in out.events if ev["kind"] == e.kind] or [ev["kind"] for ev in out.events]
                bad.append(Mismatch(i, "event", want, near, text))
                break
            pos += nxt
        for f in step.expect_facts:
            want_v = json.loads(f.equals)
            try:
                got_v = fact_value(out.state, out.decision, f.path)
            except KeyError as exc:
                got_v = f"<{exc.args[0]}>"
            if got_v != want_v:
                bad.append(Mismatch(i, "fact", {f.path: want_v}, {f.path: got_v}, text))
        if bad:
            res.passed = False
            res.mismatches = bad
            return res
        state = out.state
        decision = out.decision
    return res
