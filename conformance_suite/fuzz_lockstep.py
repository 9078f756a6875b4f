"""The lock-step game of differential fuzzing and what a divergence is.

:class:`LockStep` plays a game on the reference (in this process) and on a target at the
same time, every choice drawn from a :class:`~oracle.sampler.Chooser`.  At every decision
it compares

1. who decides (actor and kind of decision),
2. the set of legal actions,
3. the check of one legal action (taken with an explicit actor) and of one illegal action
   (a perturbed legal action, a legal action with the wrong actor, or a legal action of an
   earlier decision): the target must accept the first and refuse the second, citing every
   rule the reference cites, and
4. the state after the action both apply (canonical form, compared whole).

The first difference ends the game with :class:`Mismatch`, which carries the
:class:`FuzzFinding` (its kind one of :data:`FINDING_KINDS`); :func:`format_finding` gives
a readable account of it.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import ParamSpec, TypedDict, TypeVar, Unpack

from oracle.actions import ActionSyntaxError, decode, encode
from oracle.catalogue import load_catalogue
from oracle.contract import ACTION_CAPABILITIES, STEP_CAPABILITIES, load_events
from oracle.engine import SHUFFLE_STEPS, apply, check, decision, legal_actions, shuffled_seat
from oracle.model import CHANCE, Action, State, Violation
from oracle.rules.turn.setup import GameConfig, new_game
from oracle.sampler import Chooser, illegal_candidates
from oracle.serialize import from_dict, to_dict
from oracle.verify import FieldDifference, actor_name, comparable_state, diff_states

from .executor import resolve_trigger_ref, symbolic_action
from .fuzz_directed import DIRECTED_TAIL, RotatedChooser, ScenarioStart, follow_plan, start_config
from .targets import (
    NO_DECISION,
    GameSetup,
    StateData,
    Target,
    TargetDecision,
    TargetError,
    TargetInputError,
)

__all__ = ["DEFAULT_EDITIONS", "FINDING_KINDS", "FuzzFinding", "LockStep", "Mismatch", "format_finding"]


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
    rules the finding's scenario cites; ``start``: the scenario state a directed game
    started from (:mod:`~conformance_suite.fuzz_directed`; None: a new game of ``config``,
    whose heroes and decks are then unused but for a ``new_game`` start)."""

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
    start: ScenarioStart | None = None

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


#: The editions a game is played in when none are given: the 15th edition (the one real
#: clients play) and the three seed editions. The CLI, the shrinker and the mutant sweep
#: all default to this.
DEFAULT_EDITIONS: tuple[str, ...] = ("R15", "C", "B", "A")


class LockStep:
    """Plays games on the reference and ``target`` in lock step (see the module doc).
    ``play`` raises :class:`Mismatch` at the first divergence and lets
    :class:`~conformance_suite.targets.TargetError` through."""

    def __init__(
        self,
        target: Target,
        *,
        max_decisions: int = 400,
        editions: Sequence[str] = DEFAULT_EDITIONS,
        capabilities: dict[str, frozenset[str]] | None = None,
        follow: bool = True,
    ) -> None:
        self.target = target
        self.max_decisions = max_decisions
        self.editions = tuple(editions)
        #: Per edition, the capabilities the target declares (None: everything): a game
        #: chooses only actions within them and ends where the reference goes beyond them.
        self.capabilities = capabilities
        #: A directed game follows its scenario's steps (False: it starts from the
        #: scenario's state and every decision is drawn; the refused actions the scenario
        #: tries before its first step are still probed).
        self.follow = follow
        self.cut_short = 0
        #: The rules the reference cited at each decision of the latest game, so far, in
        #: the events of the action taken and in refusing the illegal actions probed (what
        #: :class:`~conformance_suite.fuzz_reach.Reach` counts).
        self.last_cited: list[tuple[str, ...]] = []
        #: The scenario steps the latest directed game followed (0 for another game).
        self.last_followed = 0

    def play(
        self, chooser: Chooser, on_decision: Callable[[], None] | None = None, limit: int = 0,
        start: ScenarioStart | None = None, salt: int = 0,
    ) -> int:
        """Play one game of at most ``limit`` decisions (default: ``max_decisions``); the
        number of decisions checked.  With ``start``, a directed game
        (:mod:`~conformance_suite.fuzz_directed`): from that scenario state, its first ``k``
        legal steps (``k`` drawn: the chooser's first number ``d`` of ``0..n`` gives
        ``k = n - d``), then at most :data:`DIRECTED_TAIL` decisions drawn through a
        :class:`~conformance_suite.fuzz_directed.RotatedChooser` seeded from ``salt`` and
        the start."""
        most = min(limit or self.max_decisions, self.max_decisions)
        if start is None:
            config = chooser.config(self.editions)
            g = _Game(self, config)
        else:
            k = start.followable - chooser.index(start.followable + 1) if self.follow else 0
            chooser = RotatedChooser(chooser, random.Random(f"{salt}:{start.label}"))
            g = _Game(self, start_config(start), start, k)
            most = min(most, k + DIRECTED_TAIL)
        self.last_cited = g.reached
        self.last_followed = len(g.follow)
        g.start()
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

    def __init__(self, lock: LockStep, config: GameConfig, start: ScenarioStart | None = None, k: int = 0) -> None:
        self.target = lock.target
        self.config = config
        self.start_from = start
        self.ref: State = new_game(config) if start is None or start.state is None else from_dict(start.state)
        self.tstate: StateData = {}
        self.actions: list[str] = []
        self.rules: list[tuple[str, ...]] = []  # rules cited by the reference at each decision
        self.reached: list[tuple[str, ...]] = []  # the same with the rules of the refusals probed
        #: The scenario steps still to follow (directed game): refused actions to probe, the step.
        self.follow = follow_plan(start, k) if start is not None else []
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
        base = FuzzFinding(kind, message, self.config, tuple(self.actions), rules=tuple(found), start=self.start_from)
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
        if self.start_from is not None and self.start_from.state is not None:
            self.tstate = to_dict(self.ref)  # a scenario state: the target receives it as it is
            return
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
        refused, scripted = self._scripted()
        if scripted is not None:
            chosen = scripted
            probe = replace(chosen, actor=CHANCE) if ref.step in SHUFFLE_STEPS else replace(
                legal[chooser.index(len(legal))], actor=d.actor)
        elif ref.step in SHUFFLE_STEPS:
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
        refusals: list[str] = []
        for bad in [*refused, *([cands[chooser.index(len(cands))]] if cands else [])]:
            refusals += self._probe_illegal(bad, ref_decision)
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
        self.reached.append((*cited_here, *refusals))
        for a in (chosen, replace(probe, actor=-1)):
            if a.kind != "shuffle" and a not in self.pool:
                self.pool.append(a)
        del self.pool[:-_POOL]
        return True


    def _scripted(self) -> tuple[list[Action], Action | None]:
        """At a followed decision of a directed game: the actions its scenario expects
        refused here (those the reference refuses) and its step (None once the plan is
        done, or when the reference refuses the step: the game then goes on drawn)."""
        if not self.follow:
            return [], None
        texts, step = self.follow.pop(0)
        state = to_dict(self.ref)
        refused = []
        for text in texts:
            action = _decoded(resolve_trigger_ref(text, state, missing_ok=True))
            if action is not None and self._allowed(action) and check(self.ref, action):
                refused.append(action)
        action = _decoded(resolve_trigger_ref(step, state)) if step else None
        if action is None or not self._allowed(action) or check(self.ref, action):
            self.follow.clear()
            return refused, None
        return refused, action

    def _probe_illegal(self, bad: Action, ref_decision: TargetDecision) -> list[str]:
        """Check the illegal action ``bad`` on the target: it must refuse it citing every
        rule the reference cites (else a finding); the rules the reference cites."""
        bad_text = encode(bad)
        rv = tuple(check(self.ref, bad))
        tv = self._call("CheckAction", self.target.check, self.tstate, self._for_target(bad_text))
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
        return [v.rule for v in rv]


def _decoded(text: str | None) -> Action | None:
    """The action of a scenario step's text (None when there is none or it does not parse)."""
    if not text:
        return None
    try:
        return decode(text)
    except ActionSyntaxError:
        return None


def format_finding(f: FuzzFinding) -> str:
    """A readable account of a finding."""
    where = (f"from scenario {f.start.label}" if f.start is not None
             else f"heroes {f.config.heroes[0]} vs {f.config.heroes[1]}")
    lines = [
        f"DIVERGENCE ({f.kind}) at decision {f.decisions} of a game of edition {f.edition}, {where}",
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
