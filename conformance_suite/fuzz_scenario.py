"""The scenario of a fuzz finding: the shrunk game written as a scenario file.

:func:`finding_scenario` turns a :class:`~conformance_suite.fuzz_lockstep.FuzzFinding`
into ``Scenario`` protobuf JSON data -- ``setup.new_game`` plus the decisions as steps, the
divergent step's expectations taken from the reference, citing the rules the reference
cited there -- and :func:`scenario_text` into the suite's compact JSON text.
:func:`write_finding` writes it into a directory only after checking that it fails on the
target and passes on the reference (:class:`Written` says where it went, or why not).
:func:`target_label` names a target in scenario ids.
"""

from __future__ import annotations

import copy
import hashlib
import json
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from oracle.contract import ACTOR_NAMES

from .executor import symbolic_action
from .fuzz_lockstep import FuzzFinding
from .targets import (
    GameSetup,
    InProcessTarget,
    ServerInfo,
    Target,
    TargetError,
    TargetInputError,
)

__all__ = ["Written", "finding_scenario", "scenario_text", "target_label", "write_finding"]


_ACTOR_ENUM = {actor: f"ACTOR_{name.upper()}" for actor, name in ACTOR_NAMES.items()}


def _rule_ref(rule: str, edition: str) -> str:
    """A violation rule as a scenario may cite it: the id in the game's edition or R15,
    else the bare number (which matches that number in any edition)."""
    return rule if rule.split(":", 1)[0] in (edition, "R15") else rule.split(":", 1)[-1]


def _slug(text: str) -> str:
    out = "".join(ch if ch.isalnum() or ch in "_." else "-" for ch in text).strip("-")
    return out or "target"


def target_label(target: Target) -> str:
    """A short name of a target for scenario ids: its mutant, or its implementation."""
    try:
        info = target.server_info()
    except (TargetError, TargetInputError):
        info = ServerInfo()
    if len(info.mutants) == 1:
        return _slug(info.mutants[0])
    if isinstance(target, InProcessTarget):
        return "reference"
    return _slug(info.implementation or getattr(target, "name", "") or "target")[:40]


def _divergent_step(f: FuzzFinding) -> dict[str, Any]:
    step: dict[str, Any] = {"action": {"encoded": f.action}}
    actor, kind = f.reference_decision.actor, f.reference_decision.kind
    if f.kind == "decision":
        step["expect_decision"] = {"actor": _ACTOR_ENUM[actor], "kind": kind}
        if actor < 0:
            step["expect_illegal"] = True
            step["expect_violation_rules"] = ["R15:605.1"]
    elif f.kind == "legal_actions":
        step["expect_decision"] = {"actor": _ACTOR_ENUM[actor], "kind": kind}
        step["expect_legal_actions"] = {"actions": sorted(f.reference_legal)}
    elif f.kind == "check_illegal":
        step["expect_illegal"] = True
        refs = [_rule_ref(v.rule, f.edition) for v in f.reference_violations]
        if refs:
            step["expect_violation_rules"] = list(dict.fromkeys(refs))
    elif f.kind == "state":
        step["expect_facts"] = [{"path": path, "equals": value} for path, value in f.facts]
    step["comment"] = f"fuzz finding ({f.kind}): {f.message}"[:500]
    return step


def finding_scenario(f: FuzzFinding, label: str) -> dict[str, Any]:
    """The scenario (protobuf JSON data) that replays a finding: a new game of its
    configuration (a directed game: its start scenario's setup), every decision before the
    divergent one, then the divergent decision with the reference's expectations."""
    # Trigger ids are the implementation's own: scenarios name triggers by source and
    # ability, so the decisions are replayed on the reference to write them that way.
    ref = InProcessTarget()
    start = f.start
    if start is not None and start.state is not None:
        state = copy.deepcopy(dict(start.state))
    else:
        state = ref.create_game(GameSetup.of(f.config)).state
    steps: list[dict[str, Any]] = []
    for a in f.actions:
        steps.append({"action": {"encoded": symbolic_action(a, state)}})
        out = ref.apply(state, a)
        if out.state is not None:
            state = out.state
    last = _divergent_step(f)
    last["action"] = {"encoded": symbolic_action(f.action, state)}
    if "expect_legal_actions" in last:
        last["expect_legal_actions"] = {
            "actions": sorted(symbolic_action(a, state) for a in last["expect_legal_actions"]["actions"])
        }
    steps.append(last)
    setup = (copy.deepcopy(dict(start.setup)) if start is not None else
             {"new_game": {"heroes": list(f.config.heroes), "decks": [{"card_ids": list(d)} for d in f.config.decks]}})
    body = {"setup": setup, "steps": steps}
    digest = hashlib.sha256(json.dumps([label, f.edition, body], sort_keys=True).encode()).hexdigest()[:10]
    summary = f.message if len(f.message) <= 160 else f.message[:157] + "..."
    origin = f" from the state of scenario {start.scenario_id}" if start is not None else ""
    return {
        "id": f"fuzz-{_slug(label)}-{digest}",
        "rules": list(f.rules),
        "editions": [f.edition],
        "description": (f"Fuzzer finding against {label} after {f.decisions} decisions{origin} ({f.kind}): "
                        f"{summary}").replace("\n", " "),
        **body,
    }


def scenario_text(data: dict[str, Any]) -> str:
    """A scenario's JSON text in the suite's compact style: one line per top-level field
    and per step."""

    def one(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    head = [f" {one(k)}: {one(v)}" for k, v in data.items() if k != "steps"]
    steps = ",\n".join(f"  {one(step)}" for step in data["steps"])
    return "{\n" + ",\n".join(head) + ',\n "steps": [\n' + steps + "\n ]\n}\n"


@dataclass(frozen=True, slots=True)
class Written:
    """Where a finding's scenario went: ``path`` (None when not written), its scenario id,
    whether it reproduces the divergence (fails on the target, passes on the reference)
    and, when not written, why not."""

    path: Path | None
    scenario_id: str
    reproduces: bool
    reason: str = ""


def write_finding(f: FuzzFinding, label: str, target: Target, out_dir: Path | str) -> Written:
    """Write the finding's scenario into ``out_dir`` if it fails on ``target`` and passes
    on the reference (both are run first)."""
    from .executor import run_scenario
    from .scenario import ScenarioError, load_scenario

    data = finding_scenario(f, label)
    if f.kind == "initial_state":
        return Written(None, data["id"], False, "a new game's state cannot be checked by a scenario before its first action")
    text = scenario_text(data)
    with tempfile.TemporaryDirectory(prefix="fuzz-") as tmp:
        path = Path(tmp) / f"{data['id']}.json"
        path.write_text(text, encoding="utf-8")
        try:
            sc = load_scenario(path)
        except ScenarioError as exc:
            return Written(None, data["id"], False, f"the scenario is invalid: {exc}")
        ref = run_scenario(sc, f.edition, InProcessTarget())
        if not ref.passed:
            return Written(None, data["id"], False, "the scenario fails on the reference: " + ref.mismatches[0].describe())
        try:
            on_target = run_scenario(sc, f.edition, target).passed
        except (TargetError, TargetInputError, KeyError, ValueError):
            on_target = False
        if on_target:
            return Written(
                None, data["id"], False,
                "the scenario passes on the target (the divergence is in CheckAction only; scenarios use ApplyAction)",
            )
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    dest = out / f"{data['id']}.json"
    dest.write_text(text, encoding="utf-8")
    return Written(dest, data["id"], True)
