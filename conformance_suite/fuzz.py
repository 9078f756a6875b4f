"""Lock-step differential fuzzing of an implementation against the reference engine.

``python -m conformance_suite fuzz (--target HOST:PORT | --mutant NAME | --all-mutants)
--games N --seed S [--out DIR] [--max-decisions M]`` plays random games on the reference
(in this process) and on the target at the same time.  At every decision it compares

1. who decides (actor and kind of decision),
2. the set of legal actions,
3. the check of one legal action (taken with an explicit actor) and of one illegal action
   (a perturbed legal action, a legal action with the wrong actor, or a legal action of an
   earlier decision): the target must accept the first and refuse the second, citing every
   rule the reference cites, and
4. the state after the action both apply (canonical form, compared whole).

Every choice (edition, heroes, the 20-card decks, the die roll, shuffles as permutations,
each decision, which actions are probed) is drawn with Hypothesis, so when the target
diverges Hypothesis *shrinks* the game to the shortest decision sequence that still
diverges.  The minimal game is printed as a diff and written as a new scenario file
(``Scenario`` protobuf JSON, ``setup.new_game`` plus the decisions as steps, the divergent
step's expectations taken from the reference, citing the rules the reference cited there)
into ``--out`` -- only after checking that it fails on the target and passes on the
reference.  A fixed ``--seed`` gives the same games on every run (Hypothesis runs with
``@seed(S)`` and no example database).  Shrinking is bounded by ``--shrink-limit`` replays
(a count, not a time, so it stays reproducible); a replay longer than the shortest
divergence seen so far is cut there.  ``--all-mutants`` fuzzes every engine mutant in
process and reports how many were found, in how many games, and how short the shrunk
games are (``--json PATH`` keeps the figures).

Exit codes: 0 no divergence, 1 a divergence was found (for ``--all-mutants``: some mutant
was not found), 2 bad usage or the target failed (down, crashed, wrong protocol).
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, ParamSpec, TextIO, TypedDict, TypeVar, Unpack

from oracle.actions import ActionSyntaxError, decode, encode
from oracle.catalogue import load_catalogue
from oracle.contract import ACTION_CAPABILITIES, ACTOR_NAMES, STEP_CAPABILITIES, load_events
from oracle.editions import EDITIONS
from oracle.engine import SHUFFLE_STEPS, IllegalAction, apply, check, decision, legal_actions, shuffled_seat
from oracle.model import CHANCE, Action, State, Violation
from oracle.mutants import MUTANTS
from oracle.rules.setup import GameConfig, new_game
from oracle.sampler import DECK_SIZE, Chooser, HypothesisChooser, RandomChooser, illegal_candidates
from oracle.serialize import to_dict
from oracle.verify import FieldDifference, actor_name, comparable_state, diff_states

from .executor import resolve_trigger_ref, symbolic_action
from .targets import (
    NO_DECISION,
    ApplyResult,
    GameSetup,
    InProcessTarget,
    NewGame,
    ServerInfo,
    StateData,
    Target,
    TargetDecision,
    TargetError,
    TargetInputError,
    target_event,
)

__all__ = [
    "DECK_SIZE",
    "DEFAULT_SHRINK_LIMIT",
    "FINDING_KINDS",
    "Chooser",
    "FastInProcessTarget",
    "FuzzFinding",
    "FuzzReport",
    "LockStep",
    "Mismatch",
    "MutantRun",
    "MutantSweep",
    "RandomChooser",
    "add_fuzz_arguments",
    "declared_capabilities",
    "finding_scenario",
    "format_finding",
    "fuzz",
    "fuzz_all_mutants",
    "run_fuzz",
    "scenario_text",
    "served_oracle",
    "target_label",
    "write_finding",
]


#: What can differ at a decision, in the order it is checked.
FINDING_KINDS = (
    "target_input",  # the target refused a valid state or action as malformed
    "initial_state",  # the states of a new game differ
    "decision",  # who decides (or what about) differs
    "legal_actions",  # the legal-action sets differ
    "check_legal",  # the target refuses a legal action in CheckAction
    "check_illegal",  # the target accepts an illegal action, or cites other rules
    "apply",  # the target refuses the legal action taken
    "state",  # the states after the action differ
)

_MAX_RULES = 16
_P = ParamSpec("_P")
_R = TypeVar("_R")

#: Replays spent shrinking one divergence at most (see :func:`fuzz`).
DEFAULT_SHRINK_LIMIT = 500
_MAX_FACTS = 5
_POOL = 12


# --- what a divergence is -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FuzzFinding:
    """The first divergence of a (shrunk) game: its configuration, the decisions taken
    before it (encoded) and what differed at the next one.

    ``kind``: one of :data:`FINDING_KINDS`; ``message``: a one-line account; ``config``:
    the game's configuration; ``actions``: the decisions before the divergent one,
    encoded; ``action``: the action of the divergent decision (checked or applied);
    ``reference_decision`` / ``target_decision``: who decides there by each side;
    ``missing_actions`` / ``extra_actions``: the legal actions the target lacks / offers
    too many; ``reference_legal``: the reference's legal actions there;
    ``reference_violations`` / ``target_violations``: each side's refusal of the checked or
    applied action; ``differences``: the differing fields of the states; ``facts``:
    scenario facts (path, the reference's JSON value) for the first of them; ``rules``: the
    rules the finding's scenario cites."""

    kind: str
    message: str
    config: GameConfig
    actions: tuple[str, ...]
    action: str = ""
    reference_decision: TargetDecision = NO_DECISION
    target_decision: TargetDecision = NO_DECISION
    missing_actions: tuple[str, ...] = ()
    extra_actions: tuple[str, ...] = ()
    reference_legal: tuple[str, ...] = ()
    reference_violations: tuple[Violation, ...] = ()
    target_violations: tuple[Violation, ...] = ()
    differences: tuple[FieldDifference, ...] = ()
    facts: tuple[tuple[str, str], ...] = ()
    rules: tuple[str, ...] = ()

    @property
    def decisions(self) -> int:
        """Length of the game up to and including the divergent decision."""
        return len(self.actions) + 1

    @property
    def edition(self) -> str:
        """The edition of the game."""
        return self.config.edition


class _FindingFields(TypedDict, total=False):
    """The fields of a :class:`FuzzFinding` a decision's check fills in."""

    action: str
    reference_decision: TargetDecision
    target_decision: TargetDecision
    missing_actions: tuple[str, ...]
    extra_actions: tuple[str, ...]
    reference_legal: tuple[str, ...]
    reference_violations: tuple[Violation, ...]
    target_violations: tuple[Violation, ...]
    differences: tuple[FieldDifference, ...]
    facts: tuple[tuple[str, str], ...]


class Mismatch(Exception):
    """Raised inside a fuzzed game at the first divergence; carries the finding."""

    def __init__(self, finding: FuzzFinding) -> None:
        super().__init__(f"{finding.kind}: {finding.message}")
        self.finding = finding


# --- the reference in process ------------------------------------------------------


class FastInProcessTarget(InProcessTarget):
    """:class:`~conformance_suite.targets.InProcessTarget` that decodes each state dict
    once: the lock step sends the same dict up to four times per decision, and the state
    a call returned is the next call's input, so both are kept by identity."""

    def __init__(self, mutant: str = "") -> None:
        super().__init__(mutant)
        self._known: list[tuple[StateData, State]] = []

    def _state(self, data: StateData) -> State:
        for d, s in self._known:
            if d is data:
                return s
        s = super()._state(data)
        self._remember(data, s)
        return s

    def _remember(self, data: StateData, state: State) -> None:
        self._known = [*self._known[-1:], (data, state)]

    def create_game(self, config: GameSetup) -> NewGame:
        """A new game (its state is kept)."""
        game = super().create_game(config)
        self._state(game.state)
        return game

    def apply(self, state: StateData, action: str) -> ApplyResult:
        """Apply; the next state is kept with its dict."""
        s = self._state(state)
        try:
            out = apply(s, self._action(action))
        except IllegalAction as exc:
            return ApplyResult(False, tuple(exc.violations))
        d = decision(out.state)
        data = to_dict(out.state)
        self._remember(data, out.state)
        events = tuple(target_event(e.kind, e.rules, e.data) for e in out.events)
        return ApplyResult(True, (), data, events, TargetDecision(int(d.actor), d.kind))


# --- the lock step --------------------------------------------------------------------


def _same(a: object, b: object) -> bool:
    """Equal canonical states, as two implementations must agree on them: trigger ids and
    the order of simultaneous triggers are each one's own (PROTOCOL.md 4.3, 5.2).  Plain
    ``==`` otherwise: both sides come from the same converters (``to_dict``,
    ``state_dict_from_proto``), so a boolean field cannot arrive as 1."""
    if a == b:
        return True
    if not (isinstance(a, dict) and isinstance(b, dict)):
        return False
    return bool(comparable_state(a) == comparable_state(b))


def _choice_order(state: State, legal: list[Action]) -> list[Action]:
    """The actions in the order choices index them: as the reference lists them, except
    that a tied die roll comes last (so the simplest game is not an endless reroll)."""
    if state.step == "setup_roll":
        return sorted(legal, key=lambda a: a.values[0] == a.values[1])
    return legal


def _first_action(state: State, legal: list[Action]) -> Action | None:
    """The action a scenario takes at a decision whose expectations are checked before the
    action: the first in choice order, the identity order at a shuffle, None once the
    game is over."""
    if state.step in SHUFFLE_STEPS:
        seat = shuffled_seat(state)
        return Action("shuffle", card=seat, values=tuple(state.players[seat].deck))
    return _choice_order(state, legal)[0] if legal else None


def _violations_text(vs: Sequence[Violation]) -> str:
    """Violations on one line: ``rule: message; rule: message``."""
    return "; ".join(f"{v.rule}: {v.message}" for v in vs)


def _why_differ(state: State, missing: Sequence[str], extra: Sequence[str]) -> list[str]:
    """The rules behind a legal-action difference: those the reference cites refusing the
    extra actions, then those its events cite applying the missing ones."""
    out: list[str] = []
    for text in extra[:5]:
        try:
            out += [v.rule for v in check(state, decode(text))]
        except ActionSyntaxError:
            continue
    for text in missing[:3]:
        out += [r for e in apply(state, decode(text)).events for r in e.rules]
    return out


_CARD_PATH = re.compile(r"^cards\[(\d+)\]")


def _facts(diffs: Sequence[FieldDifference], ref: StateData) -> tuple[tuple[str, str], ...]:
    """Scenario facts for the first differing fields, with the reference's values; a card
    is named by uid (``card[27].hidden``) as scenario authors do."""
    out: list[tuple[str, str]] = []
    for d in diffs:
        if not d.reference or d.path == "$":
            continue
        path = d.path
        m = _CARD_PATH.match(path)
        if m and int(m.group(1)) < len(ref["cards"]):
            path = f"card[{ref['cards'][int(m.group(1))]['uid']}]" + path[m.end():]
        out.append((path, d.reference))
        if len(out) >= _MAX_FACTS:
            break
    return tuple(out)


def _filter_rules(rules: Sequence[str], edition: str) -> list[str]:
    cat = load_catalogue()
    out = [r for r in dict.fromkeys(rules) if r in cat and r.split(":", 1)[0] in (edition, "R15")]
    return out[:_MAX_RULES]


@dataclass
class Counters:
    """What a fuzz run has done so far."""

    games: int = 0
    decisions: int = 0
    shrink_runs: int = 0
    shrink_decisions: int = 0
    cut_short: int = 0  # games that reached what the target does not declare


class LockStep:
    """Plays games on the reference and ``target`` in lock step (see the module doc).
    ``play`` raises :class:`Mismatch` at the first divergence and lets
    :class:`~conformance_suite.targets.TargetError` through."""

    def __init__(
        self,
        target: Target,
        *,
        max_decisions: int = 400,
        editions: Sequence[str] = ("C", "B", "A"),
        capabilities: dict[str, frozenset[str]] | None = None,
    ) -> None:
        self.target = target
        self.max_decisions = max_decisions
        self.editions = tuple(editions)
        #: Per edition, the capabilities the target declares (None: everything): a game
        #: chooses only actions within them and ends where the reference goes beyond them.
        self.capabilities = capabilities
        self.cut_short = 0

    def play(self, chooser: Chooser, on_decision: Callable[[], None] | None = None, limit: int = 0) -> int:
        """Play one game of at most ``limit`` decisions (default: ``max_decisions``); the
        number of decisions checked."""
        config = chooser.config(self.editions)
        g = _Game(self, config)
        g.start()
        most = min(limit or self.max_decisions, self.max_decisions)
        for n in range(most):
            if not g.step(chooser):
                if g.cut:
                    self.cut_short += 1
                return n
            if on_decision is not None:
                on_decision()
        return most


class _Game:
    """One lock-step game in progress."""

    def __init__(self, lock: LockStep, config: GameConfig) -> None:
        self.target = lock.target
        self.config = config
        self.ref: State = new_game(config)
        self.tstate: StateData = {}
        self.actions: list[str] = []
        self.rules: list[tuple[str, ...]] = []  # rules cited by the reference at each decision
        self.pool: list[Action] = []
        caps = lock.capabilities
        self.caps: frozenset[str] | None = None if caps is None else caps.get(config.edition, frozenset())
        self.cut = False  # the game ended where the target declares no capability

    def _declared(self, needs: Iterable[str]) -> bool:
        return self.caps is None or set(needs) <= self.caps

    def _allowed(self, action: Action) -> bool:
        """Within the target's declared capabilities (always, when it declares none)."""
        return self._declared(ACTION_CAPABILITIES[action.kind])

    def _allowed_text(self, text: str) -> bool:
        """Is the target's legal action ``text`` within its declared capabilities?  A text
        that does not parse is kept, so the comparison shows it."""
        try:
            return self._allowed(decode(text))
        except ActionSyntaxError:
            return True

    def _beyond(self) -> bool:
        """End the game here: the reference goes where the target declares nothing."""
        self.cut = True
        return False

    def _finding(self, kind: str, message: str, rules: Iterable[str] = (), **fields: Unpack[_FindingFields]) -> Mismatch:
        """The finding of this game at its current decision: ``fields`` are those of
        :class:`FuzzFinding` beyond its kind, message, configuration and actions; ``rules``
        the rules cited here (else those of the latest decision that cited some, else
        401.1), as far as the catalogue knows them."""
        rules = list(rules)
        if not _filter_rules(rules, self.config.edition):
            for earlier in reversed(self.rules):
                if _filter_rules(earlier, self.config.edition):
                    rules = list(earlier)
                    break
        found = _filter_rules(rules, self.config.edition)
        if not found:
            fallback = f"{self.config.edition}:401.1"
            found = [fallback] if fallback in load_catalogue() else []
        base = FuzzFinding(kind, message, self.config, tuple(self.actions), rules=tuple(found))
        return Mismatch(replace(base, **fields))

    def _call(self, what: str, fn: Callable[_P, _R], *args: _P.args, **kwargs: _P.kwargs) -> _R:
        """``fn(*args)``; a target that refuses the input as malformed is a finding."""
        try:
            return fn(*args, **kwargs)
        except TargetInputError as exc:
            action = args[1] if len(args) > 1 and isinstance(args[1], str) else ""
            raise self._finding(
                "target_input", f"the target refused valid input to {what} as malformed: {exc.field}: {exc.reason}",
                action=action,
            ) from None

    def start(self) -> None:
        self.tstate = self._call("CreateGame", self.target.create_game, GameSetup.of(self.config)).state
        ref = to_dict(self.ref)
        if not _same(ref, self.tstate):
            diffs = diff_states(ref, self.tstate)
            raise self._finding(
                "initial_state", f"the new game's states differ in {len(diffs)} field(s)", differences=tuple(diffs)
            )

    @staticmethod
    def _symbolic(actions: Sequence[str], state: StateData) -> set[str]:
        """Legal actions with trigger ids written as references to the pending triggers
        of ``state`` (each side numbers its triggers its own way)."""
        if not any("trigger=" in a for a in actions):
            return set(actions)
        return {symbolic_action(a, state) for a in actions}

    def _for_target(self, text: str) -> str:
        """The reference's action text with its trigger id translated to the id the target
        gave the same pending trigger (the same text when no trigger is named)."""
        if "trigger=" not in text:
            return text
        sym = symbolic_action(text, to_dict(self.ref))
        return resolve_trigger_ref(sym, self.tstate, missing_ok=True) or text

    def step(self, chooser: Chooser) -> bool:
        """Check one decision; False when the game is over."""
        ref, target = self.ref, self.target
        d = decision(ref)
        if not self._declared(STEP_CAPABILITIES[ref.step]):
            return self._beyond()
        try:
            answer = self._call("GetLegalActions", target.legal_actions, self.tstate)
        except TargetError as exc:
            if exc.code == "UNIMPLEMENTED":
                return self._beyond()
            raise
        tdec: TargetDecision = answer.decision
        tlegal: list[str] = list(answer.actions)
        legal = legal_actions(ref) if d.actor >= 0 else []
        if self.caps is not None:
            legal = [a for a in legal if self._allowed(a)]
            tlegal = [t for t in tlegal if self._allowed_text(t)]
        enc = [encode(a) for a in legal]
        ref_decision = TargetDecision(int(d.actor), d.kind)
        if ref_decision != tdec:
            first = _first_action(ref, legal)
            action = encode(first) if first else (tlegal[0] if tlegal else "end_turn")
            here = [r for e in apply(ref, first).events for r in e.rules] if first else ["R15:605.1"]
            raise self._finding(
                "decision",
                f"the reference says {actor_name(d.actor)} decides ({d.kind}); "
                f"the target says {actor_name(tdec.actor)} ({tdec.kind})",
                action=action, reference_decision=ref_decision, target_decision=tdec,
                reference_legal=tuple(enc),
                rules=[*here, *(self.rules[-1] if self.rules else ())],
            )
        if d.actor < 0:
            return False
        if not legal and ref.step not in SHUFFLE_STEPS:
            return self._beyond()
        if set(enc) != set(tlegal) and self._symbolic(enc, to_dict(ref)) != self._symbolic(tlegal, self.tstate):
            missing, extra = sorted(set(enc) - set(tlegal)), sorted(set(tlegal) - set(enc))
            chosen = _first_action(ref, legal)
            here = _why_differ(ref, missing, extra)
            here += [r for e in apply(ref, chosen).events for r in e.rules] if chosen else []
            raise self._finding(
                "legal_actions",
                f"the legal actions differ ({d.kind} of {actor_name(d.actor)}): {len(missing)} missing, {len(extra)} extra",
                action=encode(chosen) if chosen else "", reference_decision=ref_decision,
                missing_actions=tuple(missing), extra_actions=tuple(extra), reference_legal=tuple(enc),
                rules=[*here, *(self.rules[-1] if self.rules else ())],
            )
        if ref.step in SHUFFLE_STEPS:
            seat = shuffled_seat(ref)
            chosen = Action("shuffle", card=seat, values=tuple(chooser.permutation(ref.players[seat].deck)))
            probe = replace(chosen, actor=CHANCE)
        else:
            order = _choice_order(ref, legal)
            chosen = order[chooser.index(len(order))]
            probe = replace(legal[chooser.index(len(legal))], actor=d.actor)
        text = encode(chosen)
        probe_text = encode(probe)
        tv = self._call("CheckAction", target.check, self.tstate, self._for_target(probe_text))
        if tv:
            out = apply(ref, probe)
            raise self._finding(
                "check_legal",
                f"the target refuses the legal action {probe_text!r}: " + _violations_text(tv),
                action=probe_text, reference_decision=ref_decision, target_violations=tuple(tv),
                rules=[r for e in out.events for r in e.rules],
            )
        cands = [a for a in illegal_candidates(ref, d.actor, legal, chosen, self.pool) if self._allowed(a)]
        if cands:
            bad = cands[chooser.index(len(cands))]
            bad_text = encode(bad)
            rv = tuple(check(ref, bad))
            tv = self._call("CheckAction", target.check, self.tstate, self._for_target(bad_text))
            cited = {v.rule for v in tv}
            missing_rules = [v.rule for v in rv if v.rule not in cited]
            if not tv or missing_rules:
                what = (
                    f"the target accepts the illegal action {bad_text!r}"
                    if not tv
                    else f"the target refuses {bad_text!r} but does not cite {', '.join(dict.fromkeys(missing_rules))}"
                )
                raise self._finding(
                    "check_illegal",
                    what + " (reference: " + _violations_text(rv) + ")",
                    action=bad_text, reference_decision=ref_decision, reference_violations=rv,
                    target_violations=tuple(tv), rules=[v.rule for v in rv],
                )
        out = apply(ref, chosen)
        if self.caps is not None:
            events = load_events()
            needed = {events[e.kind].capability for e in out.events if e.kind in events} - {""}
            if not self._declared(needed):
                return self._beyond()
        cited_here = tuple(r for e in out.events for r in e.rules)
        try:
            tres = self._call("ApplyAction", target.apply, self.tstate, self._for_target(text))
        except TargetError as exc:
            if exc.code == "UNIMPLEMENTED":
                return self._beyond()
            raise
        if not tres.legal:
            raise self._finding(
                "apply",
                f"the target refuses to apply the legal action {text!r}: " + _violations_text(tres.violations),
                action=text, reference_decision=ref_decision, target_violations=tuple(tres.violations),
                rules=cited_here,
            )
        nxt = to_dict(out.state)
        if tres.state is None or not _same(nxt, tres.state):
            diffs = diff_states(nxt, tres.state or {})
            shown = ", ".join(f.path for f in diffs[:4]) + (", ..." if len(diffs) > 4 else "")
            raise self._finding(
                "state",
                f"after {text!r} the states differ in {len(diffs)} field(s): {shown}",
                action=text, reference_decision=ref_decision, differences=tuple(diffs), rules=cited_here,
                facts=_facts(diffs, nxt),
            )
        self.ref, self.tstate = out.state, tres.state
        self.actions.append(text)
        self.rules.append(cited_here)
        for a in (chosen, replace(probe, actor=-1)):
            if a.kind != "shuffle" and a not in self.pool:
                self.pool.append(a)
        del self.pool[:-_POOL]
        return True


# --- scenarios ------------------------------------------------------------------------

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
    configuration, every decision before the divergent one, then the divergent decision
    with the reference's expectations."""
    # Trigger ids are the implementation's own: scenarios name triggers by source and
    # ability, so the decisions are replayed on the reference to write them that way.
    ref = InProcessTarget()
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
    body = {
        "setup": {"new_game": {"heroes": list(f.config.heroes), "decks": [{"card_ids": list(d)} for d in f.config.decks]}},
        "steps": steps,
    }
    digest = hashlib.sha256(json.dumps([label, f.edition, body], sort_keys=True).encode()).hexdigest()[:10]
    summary = f.message if len(f.message) <= 160 else f.message[:157] + "..."
    return {
        "id": f"fuzz-{_slug(label)}-{digest}",
        "rules": list(f.rules),
        "editions": [f.edition],
        "description": f"Fuzzer finding against {label} after {f.decisions} decisions ({f.kind}): {summary}".replace("\n", " "),
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


def format_finding(f: FuzzFinding) -> str:
    """A readable account of a finding."""
    lines = [
        f"DIVERGENCE ({f.kind}) at decision {f.decisions} of a game of edition {f.edition}, "
        f"heroes {f.config.heroes[0]} vs {f.config.heroes[1]}",
        f"  {f.message}",
    ]
    if f.actions:
        shown = f.actions if len(f.actions) <= 40 else [*f.actions[:20], f"... ({len(f.actions) - 40} more)", *f.actions[-20:]]
        lines.append(f"  decisions before it ({len(f.actions)}): " + " | ".join(shown))
    if f.action:
        lines.append(f"  action at the divergent decision: {f.action}")
    if f.kind == "decision":
        lines.append(f"  reference: {actor_name(f.reference_decision.actor)} ({f.reference_decision.kind})")
        lines.append(f"  target:    {actor_name(f.target_decision.actor)} ({f.target_decision.kind})")
    for a in f.missing_actions[:30]:
        lines.append(f"    - {a}    (legal in the reference, missing from the target)")
    for a in f.extra_actions[:30]:
        lines.append(f"    + {a}    (offered by the target, illegal in the reference)")
    if f.reference_violations:
        lines.append("  reference violations: " + _violations_text(f.reference_violations))
    if f.target_violations:
        lines.append("  target violations:    " + _violations_text(f.target_violations))
    if f.differences:
        width = min(max(len(d.path) for d in f.differences), 40)
        lines.append(f"  {'path'.ljust(width)}  reference -> target")
        for d in f.differences[:20]:
            lines.append(f"  {d.path.ljust(width)}  {d.reference or '(absent)'} -> {d.client or '(absent)'}")
        if len(f.differences) > 20:
            lines.append(f"  ... {len(f.differences) - 20} more")
    if f.rules:
        lines.append("  rules: " + ", ".join(f.rules))
    return "\n".join(lines)


# --- Hypothesis driver ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FuzzReport:
    """The outcome of fuzzing one target.

    ``label`` names the target, ``seed`` the seed; ``games`` and ``decisions``: the games
    played and decisions checked while searching; ``seconds``: the time taken;
    ``finding``: the (shrunk) divergence, None when there was none; ``games_to_find``: the
    game (1-based) in which the first divergence appeared; ``decisions_before_shrink``: the
    length of that game; ``shrink_runs``: the replays spent shrinking; ``shrink_limited``:
    shrinking stopped at the replay limit; ``written``: where the finding's scenario went
    (None before :func:`write_finding`); ``error``: why the run ended early (the target
    failed), "" otherwise; ``cut_short``: games ended where the target declares no
    capability (or said UNIMPLEMENTED)."""

    label: str
    seed: int
    games: int
    decisions: int
    seconds: float
    finding: FuzzFinding | None = None
    games_to_find: int = 0
    decisions_before_shrink: int = 0
    shrink_runs: int = 0
    shrink_limited: bool = False
    written: Written | None = None
    error: str = ""
    cut_short: int = 0

    def as_dict(self) -> dict[str, object]:
        """Plain data for ``--json``."""
        f = self.finding
        return {
            "label": self.label,
            "seed": self.seed,
            "found": f is not None,
            "games": self.games,
            "decisions_checked": self.decisions,
            "seconds": round(self.seconds, 3),
            "games_to_find": self.games_to_find if f else None,
            "decisions_before_shrink": self.decisions_before_shrink if f else None,
            "shrunk_decisions": f.decisions if f else None,
            "shrink_runs": self.shrink_runs,
            "shrink_limited": self.shrink_limited,
            "kind": f.kind if f else None,
            "message": f.message if f else None,
            "rules": list(f.rules) if f else [],
            "scenario": str(self.written.path) if self.written and self.written.path else None,
            "scenario_id": self.written.scenario_id if self.written else None,
            "scenario_reproduces": self.written.reproduces if self.written else None,
            "scenario_note": self.written.reason if self.written else "",
            "error": self.error,
            "games_cut_short": self.cut_short,
        }


class _Progress:
    """Progress of a fuzz run: on a terminal one status line rewritten at most five times a
    second; elsewhere (a CI log) one full line every :data:`LOG_EVERY` seconds.  Both give
    the games done and the decisions checked per second."""

    def __init__(self, stream: TextIO | None, label: str, games: int) -> None:
        self.stream = stream
        self.label = label
        self.games = games
        self.started = time.monotonic()
        self.tty = bool(stream is not None and getattr(stream, "isatty", lambda: False)())
        self.last = 0.0 if self.tty else self.started  # a log's first line comes after LOG_EVERY

    def show(self, c: Counters, found_in: int, limit: int) -> None:
        if self.stream is None:
            return
        now = time.monotonic()
        if now - self.last < (0.2 if self.tty else LOG_EVERY):
            return
        self.last = now
        rate = (c.decisions + c.shrink_decisions) / max(now - self.started, 1e-9)
        if found_in:
            line = (f"fuzz {self.label}: divergence in game {found_in}/{self.games} after {c.decisions} decisions "
                    f"checked; shrinking, replay {c.shrink_runs}" + (f"/{limit}" if limit else "") + f" ({rate:.0f}/s)")
        else:
            line = (f"fuzz {self.label}: game {min(c.games + 1, self.games)}/{self.games}, {c.decisions} decisions "
                    f"checked ({rate:.0f}/s)")
        self.stream.write("\r\x1b[2K" + line if self.tty else line + "\n")
        self.stream.flush()

    def done(self) -> None:
        if self.stream is not None and self.tty:
            self.stream.write("\r\x1b[2K")
            self.stream.flush()


#: Seconds between two progress lines when the output is not a terminal.
LOG_EVERY = 10.0


def fuzz(
    target: Target,
    *,
    games: int,
    seed: int,
    max_decisions: int = 400,
    editions: Sequence[str] = ("C", "B", "A"),
    label: str = "",
    progress: TextIO | None = None,
    shrink_limit: int = DEFAULT_SHRINK_LIMIT,
    capabilities: dict[str, frozenset[str]] | None = None,
) -> FuzzReport:
    """Fuzz ``target`` for at most ``games`` games from ``seed``; on a divergence, shrink it
    and return it in the report (not yet written: see :func:`write_finding`).  Shrinking
    stops after ``shrink_limit`` replays (0: no limit but Hypothesis's own), keeping the
    shortest divergent game seen; the limit counts replays, not seconds, so a seed still
    gives the same result on any machine.  A
    :class:`~conformance_suite.targets.TargetError` ends the run with ``error`` set."""
    from hypothesis import HealthCheck, Phase, Verbosity, given, settings
    from hypothesis import seed as hseed
    from hypothesis import strategies as st

    label = label or target_label(target)
    lock = LockStep(target, max_decisions=max_decisions, editions=editions, capabilities=capabilities)
    counters = Counters()
    found_in = 0
    first_len = 0
    best: FuzzFinding | None = None
    abort: list[str] = []
    report_limited: list[bool] = []
    bar = _Progress(progress, label, games)

    def on_decision() -> None:
        if found_in:
            counters.shrink_decisions += 1
        else:
            counters.decisions += 1
        bar.show(counters, found_in, shrink_limit)

    def game(data: Any) -> None:
        nonlocal found_in, first_len, best
        if abort:
            return
        if found_in and shrink_limit and counters.shrink_runs >= shrink_limit and best is not None:
            # Budget spent: every further example "fails" at once with the shortest game
            # seen, so Hypothesis ends its shrink at the empty example and re-raises it.
            report_limited.append(True)
            raise Mismatch(best)
        searching = not found_in
        try:
            # While shrinking, a game longer than the shortest divergence seen cannot
            # improve on it: it is cut there (and counts as not diverging).
            lock.play(HypothesisChooser(data), on_decision, best.decisions if best is not None else 0)
        except Mismatch as m:
            if searching:
                found_in = counters.games + 1
                first_len = m.finding.decisions
            if best is None or m.finding.decisions <= best.decisions:
                best = m.finding
            raise
        except TargetError as exc:
            abort.append(str(exc))
            return
        finally:
            if searching:
                counters.games += 1
            else:
                counters.shrink_runs += 1

    test = hseed(seed)(
        settings(
            max_examples=games,
            database=None,
            deadline=None,
            derandomize=False,
            suppress_health_check=list(HealthCheck),
            phases=(Phase.generate, Phase.shrink),
            report_multiple_bugs=False,
            verbosity=Verbosity.quiet,
            print_blob=False,
        )(given(data=st.data())(game))
    )
    started = time.perf_counter()
    finding: FuzzFinding | None = None
    try:
        test()
    except Mismatch as m:
        finding = m.finding
    except Exception as exc:  # Hypothesis wraps a non-reproducible failure (Flaky, ExceptionGroup)
        if not abort:
            if best is None:
                raise
            finding = best
            _ = exc
    finally:
        bar.done()
    report = FuzzReport(
        label, seed, min(counters.games, games), counters.decisions, time.perf_counter() - started,
        shrink_runs=counters.shrink_runs, cut_short=lock.cut_short,
    )
    if abort:
        return replace(report, error=abort[0])
    if finding is not None:
        report = replace(
            report, finding=finding, games_to_find=found_in, decisions_before_shrink=first_len,
            shrink_limited=bool(report_limited),
        )
    return report


def declared_capabilities(info: ServerInfo, editions: Sequence[str]) -> tuple[list[str], dict[str, frozenset[str]] | None]:
    """The editions to play (those asked for that the target lists) and, when the target
    declares capabilities (``GetServerInfo.support``), each edition's declared set (None:
    it declares none, so everything is expected)."""
    listed = list(info.editions or editions)
    playable = [e for e in editions if e in listed]
    support = info.support
    if not support:
        return playable, None
    return [e for e in playable if e in support], {e: frozenset(support[e]) for e in support}


@dataclass(frozen=True, slots=True)
class MutantRun:
    """One engine mutant fuzzed in process: its name, the rule it breaks and the report."""

    mutant: str
    rule: str
    report: FuzzReport

    def as_dict(self) -> dict[str, object]:
        """The mutant's row of ``--all-mutants --json``: the report's data, the mutant and
        its rule."""
        return {**self.report.as_dict(), "mutant": self.mutant, "rule": self.rule}


@dataclass(frozen=True, slots=True)
class MutantSweep:
    """Every engine mutant fuzzed in process (:func:`fuzz_all_mutants`): the ``seed``, the
    games per mutant, decisions per game and the shrink limit used, the editions played,
    each mutant's run in order, and the seconds the whole sweep took."""

    seed: int
    games_per_mutant: int
    max_decisions: int
    shrink_limit: int
    editions: tuple[str, ...]
    runs: tuple[MutantRun, ...]
    seconds: float

    @property
    def found(self) -> list[MutantRun]:
        """The runs that found their mutant."""
        return [r for r in self.runs if r.report.finding is not None]

    @property
    def not_found(self) -> list[str]:
        """The mutants no game found."""
        return [r.mutant for r in self.runs if r.report.finding is None]

    def stats(self, key: str) -> dict[str, float] | None:
        """Min, median, mean and max over the found mutants of ``games_to_find``,
        ``shrunk_decisions`` or ``decisions_before_shrink`` (None when none was found)."""
        values: list[int] = []
        for r in self.found:
            f = r.report.finding
            assert f is not None
            values.append({"games_to_find": r.report.games_to_find, "shrunk_decisions": f.decisions,
                           "decisions_before_shrink": r.report.decisions_before_shrink}[key])
        if not values:
            return None
        return {"min": min(values), "median": statistics.median(values), "mean": round(statistics.fmean(values), 2), "max": max(values)}

    def as_dict(self) -> dict[str, object]:
        """The figures as ``--all-mutants --json`` writes them."""
        found = self.found
        return {
            "seed": self.seed,
            "games_per_mutant": self.games_per_mutant,
            "max_decisions": self.max_decisions,
            "shrink_limit": self.shrink_limit,
            "editions": list(self.editions),
            "mutants": len(self.runs),
            "found": len(found),
            "not_found": self.not_found,
            "games_to_find": self.stats("games_to_find"),
            "shrunk_decisions": self.stats("shrunk_decisions"),
            "decisions_before_shrink": self.stats("decisions_before_shrink"),
            "scenarios_reproducing": sum(1 for r in found if r.report.written and r.report.written.reproduces),
            "seconds": self.seconds,
            "results": [r.as_dict() for r in self.runs],
        }


def fuzz_all_mutants(
    *,
    games: int,
    seed: int,
    max_decisions: int = 400,
    editions: Sequence[str] = ("C", "B", "A"),
    out: Path | str | None = None,
    progress: TextIO | None = None,
    mutants: Sequence[str] | None = None,
    log: TextIO | None = None,
    shrink_limit: int = DEFAULT_SHRINK_LIMIT,
) -> MutantSweep:
    """Fuzz the reference against every engine mutant in process (per mutant and a
    summary).  With ``out``, each finding's scenario is written there."""
    runs: list[MutantRun] = []
    started = time.perf_counter()
    for name in mutants or sorted(MUTANTS):
        target = FastInProcessTarget(name)
        rep = fuzz(target, games=games, seed=seed, max_decisions=max_decisions, editions=editions, label=name,
                   progress=progress, shrink_limit=shrink_limit)
        if rep.finding is not None and out is not None:
            rep = replace(rep, written=write_finding(rep.finding, name, target, out))
        runs.append(MutantRun(name, MUTANTS[name].rule, rep))
        if log is not None:
            if rep.finding:
                log.write(
                    f"{name:32} found in game {rep.games_to_find:3}, shrunk {rep.decisions_before_shrink:4} -> "
                    f"{rep.finding.decisions:3} decisions ({rep.finding.kind}), {rep.seconds:6.1f}s\n"
                )
            else:
                log.write(f"{name:32} NOT found in {rep.games} games ({rep.decisions} decisions), {rep.seconds:6.1f}s\n")
            log.flush()
    return MutantSweep(seed, games, max_decisions, shrink_limit, tuple(editions), tuple(runs),
                       round(time.perf_counter() - started, 2))


# --- a served oracle ------------------------------------------------------------------


@contextlib.contextmanager
def served_oracle(mutant: str = "", *, timeout: float = 60.0) -> Iterator[str]:
    """Run ``python -m oracle serve --port 0 [--mutant NAME]`` in a child process for the
    duration of the block; yields its ``HOST:PORT`` (read from the "listening on" line).
    Raises :class:`~conformance_suite.targets.TargetError` if it does not start."""
    import os
    import selectors
    import subprocess

    root = Path(__file__).resolve().parents[1]
    env = dict(os.environ)
    env["PYTHONPATH"] = str(root) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    cmd = [sys.executable, "-m", "oracle", "serve", "--port", "0", "--log-level", "warning"]
    proc = subprocess.Popen([*cmd, *(["--mutant", mutant] if mutant else [])], cwd=root, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert proc.stdout is not None
        sel = selectors.DefaultSelector()
        sel.register(proc.stdout, selectors.EVENT_READ)
        line = proc.stdout.readline() if sel.select(timeout) else ""
        sel.close()
        if "listening on " not in line:
            raise TargetError(f"`{' '.join(cmd)}` did not start (printed {line!r}, exit code {proc.poll()})")
        yield line.rsplit("listening on ", 1)[1].strip()
    finally:
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(timeout)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        if proc.stdout is not None:
            proc.stdout.close()


# --- command line ---------------------------------------------------------------------


def add_fuzz_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``fuzz`` to ``parser``."""
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--target", metavar="HOST:PORT", help="an implementation of berserk.oracle.v1.OracleService")
    where.add_argument("--mutant", metavar="NAME", help="an engine mutant in this process (python -m oracle list-mutants)")
    where.add_argument("--all-mutants", action="store_true", help="every engine mutant in this process, one after another")
    parser.add_argument("--games", type=int, default=100, help="games to play per target (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="seed: the same seed plays the same games (default 0)")
    parser.add_argument("--out", metavar="DIR", default="fuzz-findings", help="where scenarios of findings go (default ./fuzz-findings)")
    parser.add_argument("--max-decisions", type=int, default=400, metavar="M", help="decisions per game at most (default 400)")
    parser.add_argument("--edition", action="append", default=[], metavar="E",
                        help="play only these editions (repeatable; default C, B and A)")
    parser.add_argument("--json", metavar="PATH", default="", help="write the results as JSON")
    parser.add_argument("--timeout", type=float, default=30.0, help="with --target: deadline of one call in seconds")
    parser.add_argument("--shrink-limit", type=int, default=DEFAULT_SHRINK_LIMIT, metavar="R",
                        help=f"replays spent shrinking a divergence at most; 0 = Hypothesis's own limits (default {DEFAULT_SHRINK_LIMIT})")
    parser.add_argument("--no-write", action="store_true", help="do not write scenario files")
    parser.add_argument("-q", "--quiet", action="store_true", help="no progress lines (by default: a status line on a "
                        f"terminal, one line every {LOG_EVERY:.0f} s in a log)")


def run_fuzz(args: argparse.Namespace) -> int:
    """Run ``fuzz`` with parsed arguments; the exit code."""
    editions = [e for e in args.edition for e in e.split(",") if e] or ["C", "B", "A"]
    bad = [e for e in editions if e not in EDITIONS]
    if bad or args.games < 1 or not 1 <= args.max_decisions <= 2000:
        why = f"unknown edition {bad[0]!r}" if bad else ("--games must be >= 1" if args.games < 1 else "--max-decisions must be 1..2000")
        print(f"fuzz: {why}", file=sys.stderr)
        return 2
    tty = None if args.quiet else sys.stderr
    out = None if args.no_write else args.out
    if args.all_mutants:
        sweep = fuzz_all_mutants(games=args.games, seed=args.seed, max_decisions=args.max_decisions, editions=editions,
                                 out=out, progress=tty, log=sys.stdout, shrink_limit=args.shrink_limit)
        g, s = sweep.stats("games_to_find"), sweep.stats("shrunk_decisions")
        print(f"found {len(sweep.found)} of {len(sweep.runs)} mutants with {args.games} games each (seed {args.seed})")
        if g and s:
            print(f"games to the first divergence: min {g['min']}, median {g['median']}, max {g['max']}")
            print(f"shrunk games (decisions): min {s['min']}, median {s['median']}, max {s['max']}")
        if sweep.not_found:
            print("not found: " + ", ".join(sweep.not_found))
        if args.json:
            Path(args.json).write_text(json.dumps(sweep.as_dict(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        return 0 if not sweep.not_found else 1
    target: Target
    if args.mutant:
        if args.mutant not in MUTANTS:
            print(f"fuzz: unknown mutant {args.mutant!r}; known: {', '.join(sorted(MUTANTS))}", file=sys.stderr)
            return 2
        target = FastInProcessTarget(args.mutant)
    else:
        from .grpc_target import GrpcTarget

        target = GrpcTarget(args.target, timeout=args.timeout)
    try:
        try:
            label = target_label(target)
            info = target.server_info()
        except TargetError as exc:
            print(f"fuzz: the target is unusable: {exc}", file=sys.stderr)
            return 2
        editions, caps = declared_capabilities(info, editions)
        if not editions:
            print(f"fuzz: the target declares none of the editions asked for ({', '.join(args.edition) or 'C, B, A'})",
                  file=sys.stderr)
            return 2
        rep = fuzz(target, games=args.games, seed=args.seed, max_decisions=args.max_decisions, editions=editions,
                   label=label, progress=tty, shrink_limit=args.shrink_limit, capabilities=caps)
        if rep.error:
            print(f"fuzz: the target failed: {rep.error}", file=sys.stderr)
            return 2
        rate = rep.decisions / rep.seconds if rep.seconds else 0.0
        if rep.finding is None:
            cut = (f"; {rep.cut_short} games ended where the target declares no capability"
                   if caps is not None else "")
            print(f"no divergence in {rep.games} games, {rep.decisions} decisions checked ({rate:.0f}/s), "
                  f"seed {args.seed}{cut}")
        else:
            print(format_finding(rep.finding))
            print(f"found in game {rep.games_to_find} (seed {args.seed}); shrunk from {rep.decisions_before_shrink} "
                  f"to {rep.finding.decisions} decisions in {rep.shrink_runs} replays")
            if out is not None:
                written = write_finding(rep.finding, label, target, out)
                rep = replace(rep, written=written)
                if written.path:
                    print(f"wrote {written.path} (fails on the target, passes on the reference)")
                else:
                    print(f"no scenario written: {written.reason}")
        if args.json:
            Path(args.json).write_text(json.dumps(rep.as_dict(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        return 0 if rep.finding is None else 1
    finally:
        close = getattr(target, "close", None)
        if close is not None:
            close()
