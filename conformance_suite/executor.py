"""Run one scenario under one edition against a target and compare every expectation.

The result says passed, or the first step that disagreed: what was expected, what the
target did (only the relevant part), and the rules the scenario cites.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from oracle._proto.berserk.oracle.v1 import scenario_pb2
from oracle.actions import decode, encode
from oracle.contract import ACTOR_NAMES, LEVELS
from oracle.editions import cite_ed, edition_specific
from oracle.model import Event, Violation
from oracle.serialize import TURN_COUNTS

from .scenario import TRIGGER_REF, LoadedScenario, action_text, actor_from_enum, board_to_state, legal_action_text
from .targets import GameSetup, NewGame, StateData, Target, TargetDecision, TargetInputError, event_json

__all__ = [
    "LEVEL_NAMES",
    "Mismatch",
    "ScenarioResult",
    "decision_actor_name",
    "fact_matches",
    "fact_value",
    "resolve_trigger_ref",
    "rule_matches",
    "run_scenario",
    "symbolic_action",
]


#: The conformance levels in order; a core mismatch ends a run, the others do not.
LEVEL_NAMES = tuple(LEVELS)
#: The level of each kind of mismatch.
_LEVEL_OF = {
    "legality": "core",
    "decision": "core",
    "legal actions": "core",
    "fact": "core",
    "trigger reference": "core",
    "setup refusal": "core",
    "refused field": "citations",
    "violation rule": "citations",
    "event rule": "citations",
    "event": "events",
}


@dataclass(frozen=True, slots=True)
class Mismatch:
    """One disagreement between the scenario and the target.

    ``step``: the 0-based step index, -1 for the setup; ``what``: the kind of expectation
    that failed (``legality``, ``decision``, ``legal actions``, ``fact``, ``event``, …, which
    gives its :attr:`level`); ``expected`` and ``actual``: what the scenario expected and the
    relevant part of what the target did, as text or plain JSON data (for legal actions:
    the actions missing from the target and those it offers too many); ``action``: the
    step's action as the scenario writes it."""

    step: int
    what: str
    expected: object
    actual: object
    action: str = ""

    @property
    def level(self) -> str:
        """The conformance level the disagreeing expectation belongs to."""
        return _LEVEL_OF[self.what]

    def describe(self) -> str:
        """A readable account: where, what and at which level, then expected against
        actual (for legal actions: what the target lacks and what it offers too many)."""
        where = "setup" if self.step < 0 else f"step {self.step + 1} ({self.action})"
        head = f"{where}: {self.what} [{self.level}]"
        if self.what == "legal actions":
            return (
                f"{head}\n  legal, but missing from the target: {_show(self.expected)}"
                f"\n  offered by the target, but not legal: {_show(self.actual)}"
            )
        return f"{head}\n  expected: {_show(self.expected)}\n  actual:   {_show(self.actual)}"


def _show(v: object) -> str:
    return v if isinstance(v, str) else json.dumps(v, ensure_ascii=False, sort_keys=True)


@dataclass(frozen=True, slots=True)
class ScenarioResult:
    """Outcome of one scenario under one edition: the mismatches and a verdict per level.

    ``scenario`` and ``edition`` say which run; ``mismatches`` are the disagreements in the
    order found; ``steps_run`` how many steps were run (up to the one a core mismatch
    ended the run at); ``checked`` how many expectations of each level were checked;
    ``ended_early`` whether a core mismatch ended the run.

    A level's verdict is "passed" (its expectations were checked and held), "failed",
    "unchecked" (the run checked no expectation of it) or "blocked" (a core mismatch ended
    the run before all its expectations were reached)."""

    scenario: str
    edition: str
    mismatches: tuple[Mismatch, ...] = ()
    steps_run: int = 0
    checked: Mapping[str, int] = field(default_factory=lambda: dict.fromkeys(LEVEL_NAMES, 0))
    ended_early: bool = False

    @property
    def levels(self) -> dict[str, str]:
        """The verdict of every level."""
        failed = {m.level for m in self.mismatches}
        out = {}
        for level in LEVEL_NAMES:
            if level in failed:
                out[level] = "failed"
            elif self.ended_early and level != "core":
                out[level] = "blocked"
            else:
                out[level] = "passed" if self.checked[level] else "unchecked"
        return out

    def passed_at(self, levels: Sequence[str]) -> bool:
        """True when no mismatch belongs to ``levels`` and the core held (a run whose core
        failed proves nothing at the other levels)."""
        return not any(m.level in levels or m.level == "core" for m in self.mismatches)

    @property
    def passed(self) -> bool:
        """True when every level held."""
        return not self.mismatches


@dataclass
class _Run:
    """A run in progress (:func:`run_scenario` fills it, :meth:`result` freezes it)."""

    scenario: str
    edition: str
    mismatches: list[Mismatch] = field(default_factory=list)
    steps_run: int = 0
    checked: dict[str, int] = field(default_factory=lambda: dict.fromkeys(LEVEL_NAMES, 0))
    ended_early: bool = False

    def result(self) -> ScenarioResult:
        """The run as a frozen record."""
        return ScenarioResult(
            self.scenario, self.edition, tuple(self.mismatches), self.steps_run, dict(self.checked), self.ended_early
        )


def rule_matches(expected: str, actual: str, edition: str) -> bool:
    """Does cited rule ``actual`` satisfy ``expected``?  A full id must be equal.  A bare
    number is a rule in the B/C numbering: it stands for the id the game's edition gives that
    rule (PROTOCOL.md 7.3: ``501.4`` is ``C:501.4`` in C, ``R15:501.5`` in R15, ``B:307.1`` in
    A, whose fragments lack 307.1); a number no edition table knows matches any id with that
    number."""
    if ":" in expected:
        return expected == actual
    try:
        return actual == cite_ed(edition, expected)
    except KeyError:
        return actual.split(":", 1)[-1] == expected


def _applies(expected: str, edition: str) -> bool:
    """An expectation applies under ``edition`` unless it names a rule only another
    edition's games cite (:func:`oracle.editions.edition_specific`: a seed id belongs to its
    edition, an R15 id of Parts 3-4 and 501 to R15, the rest of R15 to every edition)."""
    return edition_specific(expected) in ("", edition)


_REF_IN_TEXT = re.compile(r"\btrigger=(@[-:\d]+)")
_SEG = re.compile(r"^([a-z_]+)(?:\[(-?\d+)\])?$")


def _zone_of(state: StateData, uid: int) -> str:
    for p in state["players"]:
        if p["hero"] == uid:
            return "play"
        for z in ("hand", "deck", "play", "graveyard", "supply"):
            if uid in p.get(z, []):
                return z
    # a part of a combined card is in no zone list (R15:7.attach; PROTOCOL.md 5.5)
    if any(c.get("uid") == uid and c.get("attached_to") for c in state.get("cards", [])):
        return "attached"
    return ""


def _parts(state: StateData, card: dict[str, Any], key: str) -> int:
    """The sum of ``key`` (printed strike or life) of the parts attached under ``card``: the
    combined card's base value is the sum of all its parts' (R15 glossary «Присоединить»)."""
    from oracle.cards import load_pool

    pool = load_pool().cards
    return sum(getattr(pool[c["card_id"]], key) for c in state.get("cards", []) if c.get("attached_to") == card.get("uid"))


def _strike(state: StateData, card: dict[str, Any]) -> int:
    """The current strike of a creature of the canonical state ``state``: its printed
    strike (the card pool) plus the strike modifiers of ``state["modifiers"]`` whose target
    it is and its own static strike bonuses in force, at least 0 (PROTOCOL.md 5.5).  Computed here from the contract's definition,
    not by the engine's code, so that the suite judges the engine's formula too."""
    from oracle.cards import load_pool

    d = load_pool().cards.get(card.get("card_id", ""))
    if d is None or d.type != "creature":
        raise KeyError(f"card {card.get('uid')} is not a creature: it has no strike")
    # a modifier with ``shots`` is a bonus to the card's shots, not to its strike (INTERPRETING.md, entry 67)
    # one that grants (life, the class Механизм, a keyword) is no strike modifier; one granting
    # "double_strike" doubles the additions (R15:523.1: multiplications after additions, before
    # subtractions; INTERPRETING.md, entry 71)
    mine_all = [m for m in state.get("modifiers", []) if m.get("target") == card.get("uid") and not m.get("shots")]
    doublings = sum(1 for m in mine_all if m.get("grants") == "double_strike")
    mods = [m for m in mine_all if not m.get("grants") and not m.get("coins")]
    # a modifier with ``sets`` («Удар … становится равен Х») holds the fixed +/- that made the strike X
    # when it applied, and adds like any other (R15 glossary «Удар становится равным Х»; INTERPRETING.md, entry 134)
    amounts: list[int] = [m["amount"] for m in mods]
    # its own static strike bonuses in force: in play, not hidden, the condition holding for
    # the player whose play zone holds it (a hand-size condition; PROTOCOL.md 5.5)
    seat = next((i for i, p in enumerate(state["players"]) if card.get("uid") in p.get("play", [])), -1)
    if seat >= 0 and not card.get("hidden"):
        mine, theirs = (len(state["players"][s].get("hand", [])) for s in (seat, 1 - seat))
        holds = {"": True, "hand_empty": mine == 0, "hand_fewer_than_opponent": mine < theirs,
                 "hand_more_than_opponent": mine > theirs}
        # a bonus «against» a kind of creature is its strike at such a creature only (R15:508.4.1), not its strike
        amounts += [a.value for a in d.abilities
                    if a.kind == "static" and a.static_op == "strike_bonus" and not a.against and holds[a.cond]]
    added = d.strike + _parts(state, card, "strike") + sum(a for a in amounts if a > 0)
    return max(added * (1 << doublings) + sum(a for a in amounts if a < 0), 0)


def _life(state: StateData, card: dict[str, Any]) -> int:
    """The current life of a character of the canonical state ``state``: its printed life
    (the card pool) plus the ``amount`` of every entry of ``state["modifiers"]`` with ``life``
    whose target it is (additional lives, R15:504.2), minus those with ``reduced_life``
    (reduced lives, R15:504.4), minus its wounds (R15 glossary «Жизни
    карты»; PROTOCOL.md 5.5); each entry with ``double_life`` doubles the printed and additional
    lives before the reduced ones are taken away (R15:523.1; INTERPRETING.md, entry 158).
    Computed from the contract's definition, like the strike."""
    from oracle.cards import load_pool

    d = load_pool().cards.get(card.get("card_id", ""))
    if d is None or d.type not in ("hero", "creature"):
        raise KeyError(f"card {card.get('uid')} is not a character: it has no life")
    mods = [m for m in state.get("modifiers", []) if m.get("target") == card.get("uid")]
    extra = sum(m["amount"] for m in mods if m.get("grants") == "life")
    reduced = sum(m["amount"] for m in mods if m.get("grants") == "reduced_life")  # R15:504.4
    doublings = sum(1 for m in mods if m.get("grants") == "double_life")  # R15:523.1
    return int(((d.life + _parts(state, card, "life") + extra) << doublings) - reduced - card.get("wounds", 0))


def fact_value(state: StateData, decision: TargetDecision, path: str) -> Any:
    """The value at ``path`` of the canonical state.  Besides plain fields and ``[i]``
    indexes: ``card[UID]`` selects a card by uid, ``zone[UID]`` is the zone holding it,
    ``card[UID].strike`` a creature's current strike (printed strike plus the strike
    modifiers on it, at least 0; computed from the state, which has no such field),
    ``card[UID].life`` a character's current life (printed life plus its life modifiers
    minus its wounds; computed likewise),
    ``.length`` is a list's length, ``decision.actor`` / ``decision.kind`` who decides
    (the actor by name: "player_1", "player_2", "chance", "nobody"); a player's counters of
    this turn (``players[0].drawn_this_turn``, …) are 0 where the canonical form leaves
    them out."""
    root: Any = {**state, "decision": {"actor": decision_actor_name(decision.actor), "kind": decision.kind}}
    cur = root
    card: dict[str, Any] | None = None  # the card ``cur`` is, right after ``card[UID]``
    for seg in path.split("."):
        m = _SEG.match(seg)
        if not m:
            raise KeyError(f"bad path segment {seg!r}")
        name, idx = m.group(1), m.group(2)
        if card is not None and cur is card and name == "strike" and idx is None and name not in card:
            cur = _strike(state, card)
            continue
        if card is not None and cur is card and name == "life" and idx is None and name not in card:
            cur = _life(state, card)
            continue
        if name == "length" and idx is None and isinstance(cur, list):
            cur = len(cur)
            continue
        if cur is root and name == "card" and idx is not None:
            card = cur = next((c for c in state["cards"] if c["uid"] == int(idx)), None)
            if cur is None:
                raise KeyError(f"no card {idx}")
            continue
        if cur is root and name == "zone" and idx is not None:
            cur = _zone_of(state, int(idx))
            continue
        if isinstance(cur, dict) and name in TURN_COUNTS and idx is None and name not in cur and "hero" in cur:
            cur = 0  # a player's counter of this turn, absent exactly when 0 (PROTOCOL.md 5.4, rule 3)
            continue
        if isinstance(cur, dict) and name == "count" and idx is None and name not in cur and "ability" in cur:
            cur = 0  # a pending or delayed trigger's count, absent exactly when 0 (PROTOCOL.md 5.4, rule 6)
            continue
        if isinstance(cur, dict) and name == "cost" and idx is None and name not in cur and "resume" in cur:
            cur = 0  # the module choice's cost (attaching.cost), absent exactly when 0 (PROTOCOL.md 5.4)
            continue
        if cur is root and name == "delayed" and name not in cur:
            cur = []  # the delayed abilities (R15:521), a list added later: absent exactly when empty
            continue
        if cur is root and name == "player_effects" and name not in cur:
            cur = []  # the effects on players (R15:521.1), a list added later: absent exactly when empty
            continue
        if not isinstance(cur, dict) or name not in cur:
            raise KeyError(f"no field {name!r}")
        cur = cur[name]
        if idx is not None:
            if not isinstance(cur, list) or not -len(cur) <= int(idx) < len(cur):
                raise KeyError(f"no index {idx} in {name}")
            cur = cur[int(idx)]
    return cur


def _initial_state(sc: LoadedScenario, edition: str, target: Target) -> NewGame:
    """The scenario's first state, with the events of creating it for a ``new_game``
    setup (none for a board or a state)."""
    setup = sc.message.setup
    kind = setup.WhichOneof("kind")
    if kind == "board":
        return NewGame(board_to_state(setup.board, edition))
    if kind == "new_game":
        cfg = setup.new_game
        return target.create_game(GameSetup(edition, tuple(cfg.heroes), tuple(tuple(d.card_ids) for d in cfg.decks)))
    from oracle.service.state_codec import state_dict_from_proto

    state = state_dict_from_proto(setup.state, "setup.state")
    state["edition"] = edition
    return NewGame(state)


@dataclass(frozen=True)
class _SetupEvents:
    """The setup's event expectations in the shape of a step's (for :func:`_check_events`)."""

    expect_events: Any
    expect_no_events: Any
    events_any_order: bool = False


def decision_actor_name(actor: int) -> str:
    """The contract's name of a decision's actor; "unspecified" for a target that sent no
    actor (never valid in a decision)."""
    return ACTOR_NAMES.get(actor, "unspecified")


def fact_matches(expected: object, actual: object) -> bool:
    """Does ``actual`` satisfy the expected fact value?  An expected object matches when
    each key it names matches (other keys are not checked), also inside lists; lists
    must have the same length; everything else must be equal."""
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(k in actual and fact_matches(v, actual[k]) for k, v in expected.items())
    if isinstance(expected, list):
        return (
            isinstance(actual, list)
            and len(expected) == len(actual)
            and all(fact_matches(e, a) for e, a in zip(expected, actual, strict=True))
        )
    return bool(type(expected) is type(actual) and expected == actual)


def _pending_ref(t: Mapping[str, Any]) -> str:
    ref = f"@{t['source']}:{t['ability']}"
    return ref + (f":{t['subject']}" if t.get("subject") else "")


def _find_pending(ref: str, state: StateData) -> dict[str, Any] | None:
    """The first pending trigger of ``state`` that a reference ``@SOURCE:ABILITY[:SUBJECT]``
    names (None if there is none)."""
    m = TRIGGER_REF.fullmatch(ref)
    if m is None:
        return None
    source, ability, subject = int(m.group(1)), int(m.group(2)), m.group(3)
    pending: list[dict[str, Any]] = state.get("pending", [])
    for t in pending:
        if t["source"] == source and t["ability"] == ability and (subject is None or t.get("subject") == int(subject)):
            return t
    return None


def resolve_trigger_ref(
    text: str, state: StateData, *, missing_ok: bool = False, seen: dict[str, int] | None = None
) -> str | None:
    """``text`` with its trigger reference replaced by the id the target gave that
    trigger in ``state``; text without a reference comes back as it is.  When no pending
    trigger matches: None, or with ``missing_ok`` (an action the scenario expects to be
    refused, e.g. declaring a forfeited trigger) the id the target gave that trigger when
    it was last pending (``seen``), else an id no trigger ever had (the state's
    ``next_trigger_id``, which PROTOCOL.md 4.3 puts above every id given)."""
    m = _REF_IN_TEXT.search(text)
    if m is None:
        return text
    ref = m.group(1)
    t = _find_pending(ref, state)
    if t is None:
        if not missing_ok:
            return None
        known = (seen or {}).get(ref)
        never = max([int(state.get("next_trigger_id") or 1), *(p["id"] + 1 for p in state.get("pending", []))])
        t = {"id": known if known is not None else never}
    return encode(decode(text[: m.start(1)] + str(t["id"]) + text[m.end(1) :]))


def _remember_pending(state: StateData, seen: dict[str, int]) -> None:
    for t in state.get("pending", []):
        seen.setdefault(_pending_ref(t), t["id"])
        seen.setdefault(f"@{t['source']}:{t['ability']}", t["id"])


def symbolic_action(text: str, state: StateData) -> str:
    """An action's canonical text with a numeric trigger id written as the reference of the
    pending trigger it names in ``state`` (trigger ids are the implementation's own)."""
    resolved = resolve_trigger_ref(text, state)
    if resolved is None:
        return text
    canonical = encode(decode(resolved))
    m = re.search(r"trigger=(\d+)", canonical)
    if m is None:
        return canonical
    t = next((p for p in state.get("pending", []) if p["id"] == int(m.group(1))), None)
    if t is None:
        return canonical
    return canonical[: m.start(1)] + _pending_ref(t) + canonical[m.end(1) :]


def _events_match(expected: scenario_pb2.ExpectedEvent, events: Sequence[Event]) -> int:
    """Index of the first event with the kind and data of ``expected`` (-1 if none)."""
    for i, e in enumerate(events):
        if e.kind == expected.kind and all(e.get(f.key) == f.value for f in expected.data):
            return i
    return -1


def _event_text(kind: str, data: Mapping[str, object] | Sequence[tuple[str, object]]) -> str:
    """An event as one readable word: ``wounded{card=12, amount=3, wounds=3}``."""
    pairs = list(data.items()) if isinstance(data, Mapping) else list(data)
    return kind + ("{" + ", ".join(f"{k}={v}" for k, v in pairs) + "}" if pairs else "")


def _event_rules_missing(expected: scenario_pb2.ExpectedEvent, event: Event, edition: str) -> list[str]:
    return [
        r
        for r in expected.rules
        if _applies(r, edition) and not any(rule_matches(r, a, edition) for a in event.rules)
    ]


def _order_table(expected: Sequence[Any], matched: Sequence[int], first_bad: int, events: Sequence[Event]) -> str:
    """Two aligned columns for an event-order mismatch: the expected events, each with the
    number of the target's event it matched (``>`` marks the first one found only out of
    order), and the target's events, numbered."""
    left = [
        f"{'>' if k == first_bad else ' '} {k + 1}. {_event_text(e.kind, {f.key: f.value for f in e.data})}"
        + (f"  = #{matched[k] + 1}" if k < len(matched) else (f"  (only before #{matched[-1] + 1})"
                                                              if k == first_bad and matched else ""))
        for k, e in enumerate(expected)
    ]
    # the target's events up to a few past the last one the expectations reach
    reach = max(len(left), (max(matched) + 1) if matched else 0) + 3
    right = [f"#{j + 1} {_event_text(ev.kind, ev.data)}" for j, ev in enumerate(events[:reach])]
    if len(events) > reach:
        right.append(f"… {len(events) - reach} more")
    width = max(len("expected, in order"), *(len(x) for x in left))
    rows = [f"{'expected, in order':<{width}}  | the target's events"]
    for k in range(max(len(left), len(right))):
        a = left[k] if k < len(left) else ""
        b = right[k] if k < len(right) else ""
        rows.append(f"{a:<{width}}  | {b}")
    return "\n    " + "\n    ".join(rows)


def _check_events(
    res: _Run, i: int, text: str, step: Any, events: Sequence[Event], edition: str
) -> list[Mismatch]:
    """The events expectations of one step (kind, data and order: level events) and the
    rules those events cite (level citations, for the events found)."""
    bad: list[Mismatch] = []
    pos = 0
    used: set[int] = set()
    matched: list[int] = []  # the target's event each expected event matched, in order
    for e in step.expect_events:
        res.checked["events"] += 1
        if step.events_any_order:
            pool = [(j, ev) for j, ev in enumerate(events) if j not in used]
            k = _events_match(e, [ev for _, ev in pool])
            found = pool[k][0] if k >= 0 else -1
        else:
            k = _events_match(e, events[pos:])
            found = pos + k if k >= 0 else -1
        if found < 0:
            want = _event_text(e.kind, {f.key: f.value for f in e.data})
            same_kind = [_event_text(ev.kind, ev.data) for ev in events if ev.kind == e.kind]
            near: object = same_kind or {"no event of this kind; the events were": [_event_text(ev.kind, ev.data) for ev in events]}
            if same_kind and not step.events_any_order and any(ev.kind == e.kind for ev in events[:pos]):
                near = _order_table(step.expect_events, matched, len(matched), events)
                want = "these events in this order (> marks the first one the target's events lack in order)"
            bad.append(Mismatch(i, "event", want, near, text))
            if not step.events_any_order:
                break
            continue
        used.add(found)
        matched.append(found)
        pos = found + 1
        if any(_applies(r, edition) for r in e.rules):
            res.checked["citations"] += 1
            missing = _event_rules_missing(e, events[found], edition)
            if missing:
                bad.append(
                    Mismatch(i, "event rule", {"kind": e.kind, "rules": missing}, event_json(events[found]), text)
                )
    for e in step.expect_no_events:
        refs = [r for r in e.rules if _applies(r, edition)]
        if e.rules:
            # no event of this kind and data may cite these rules (level citations)
            if not refs:
                continue
            res.checked["citations"] += 1
            for ev in events:
                if _events_match(e, [ev]) < 0:
                    continue
                cited = [r for r in refs if any(rule_matches(r, c, edition) for c in ev.rules)]
                if cited:
                    bad.append(Mismatch(i, "event rule", {"kind": e.kind, "rules not cited": cited}, event_json(ev), text))
                    break
            continue
        res.checked["events"] += 1
        hit = _events_match(e, events)
        if hit >= 0:
            want = "no " + _event_text(e.kind, {f.key: f.value for f in e.data})
            bad.append(Mismatch(i, "event", want, _event_text(events[hit].kind, events[hit].data), text))
    return bad


def run_scenario(sc: LoadedScenario, edition: str, target: Target) -> ScenarioResult:
    """Run ``sc`` under ``edition``.  A core mismatch ends the run; a citation or event
    mismatch is recorded and the run goes on (the states still agree)."""
    return _run(sc, edition, target).result()


def _violation_pairs(violations: Sequence[Violation]) -> list[list[str]]:
    """Violations as a mismatch shows them: ``[[rule, message], ...]``."""
    return [[v.rule, v.message] for v in violations]


def _run(sc: LoadedScenario, edition: str, target: Target) -> _Run:
    res = _Run(sc.id, edition)
    label = getattr(target, "label_calls", None)
    if label is not None:
        label(f"{sc.id}[{edition}]#0")
    if sc.message.HasField("expect_setup_refused"):
        return _run_refused_setup(sc, edition, target, res)
    game = _initial_state(sc, edition, target)
    state = game.state
    msg = sc.message
    if msg.expect_setup_events or msg.expect_no_setup_events:
        expected = _SetupEvents(msg.expect_setup_events, msg.expect_no_setup_events)
        res.mismatches += _check_events(res, -1, "", expected, game.events, edition)
    decision = target.legal_actions(state).decision
    seen: dict[str, int] = {}
    for i, step in enumerate(sc.message.steps):
        _remember_pending(state, seen)
        if label is not None:
            label(f"{sc.id}[{edition}]#{i + 1}")
        written = action_text(step.action)
        text = resolve_trigger_ref(written, state, missing_ok=step.expect_illegal, seen=seen)
        core: list[Mismatch] = []
        other: list[Mismatch] = []
        if step.HasField("expect_decision"):
            res.checked["core"] += 1
            want_actor = ACTOR_NAMES[actor_from_enum(step.expect_decision.actor)]
            want = {"actor": want_actor, "kind": step.expect_decision.kind or decision.kind}
            got = {"actor": decision_actor_name(decision.actor), "kind": decision.kind}
            if want != got:
                core.append(Mismatch(i, "decision", want, got, written))
        if step.HasField("expect_legal_actions"):
            res.checked["core"] += 1
            legal = target.legal_actions(state).actions
            want_set = sorted(symbolic_action(legal_action_text(a), state) for a in step.expect_legal_actions.actions)
            got_set = sorted(symbolic_action(a, state) for a in legal)
            if want_set != got_set:
                missing, extra = sorted(set(want_set) - set(got_set)), sorted(set(got_set) - set(want_set))
                core.append(Mismatch(i, "legal actions", missing, extra, written))
        if text is None:
            pending = [_pending_ref(t) + f" (id {t['id']})" for t in state.get("pending", [])]
            core.append(Mismatch(i, "trigger reference", written, {"pending": pending}, written))
            return _end(res, i, core)
        out = target.apply(state, text)
        res.checked["core"] += 1
        if step.expect_illegal:
            if out.legal:
                core.append(Mismatch(i, "legality", "illegal", "legal", written))
            else:
                cited = [v.rule for v in out.violations]
                refs = [r for r in step.expect_violation_rules if _applies(r, edition)]
                if refs:
                    res.checked["citations"] += 1
                for ref in refs:
                    if not any(rule_matches(ref, c, edition) for c in cited):
                        other.append(Mismatch(i, "violation rule", ref, _violation_pairs(out.violations), written))
        elif not out.legal:
            core.append(Mismatch(i, "legality", "legal", _violation_pairs(out.violations), written))
        res.steps_run = i + 1
        if core:
            return _end(res, i, [*core, *other])
        res.mismatches += other
        if not out.legal:
            continue
        assert out.state is not None
        res.mismatches += _check_events(res, i, written, step, out.events, edition)
        for f in step.expect_facts:
            res.checked["core"] += 1
            want_v = json.loads(f.equals)
            try:
                got_v = fact_value(out.state, out.decision, f.path)
            except KeyError as exc:
                got_v = f"<{exc.args[0]}>"
            if not fact_matches(want_v, got_v):
                core.append(Mismatch(i, "fact", {f.path: want_v}, {f.path: got_v}, written))
        if core:
            return _end(res, i, core)
        state = out.state
        decision = out.decision
    return res


def field_at_or_below(field: str, want: str) -> bool:
    """Is the request field path ``field`` the path ``want`` or one below it
    (``config.decks[1].card_ids[3]`` is below ``config.decks[1]``, ``config.decks[10]`` is not)?"""
    return field == want or (field.startswith(want) and field[len(want)] in ".[")


def _run_refused_setup(sc: LoadedScenario, edition: str, target: Target, res: _Run) -> _Run:
    """A scenario whose configuration must be refused (``expect_setup_refused``): the
    refusal itself is core; the field it names, when the scenario gives one, citations."""
    want = sc.message.expect_setup_refused.field
    res.checked["core"] += 1
    try:
        _initial_state(sc, edition, target)
    except TargetInputError as exc:
        if want:
            res.checked["citations"] += 1
            if not field_at_or_below(exc.field, want):
                res.mismatches.append(Mismatch(-1, "refused field", want, f"{exc.field}: {exc.reason}"))
        return res
    return _end(res, -1, [Mismatch(-1, "setup refusal", f"INVALID_ARGUMENT on {want or 'the configuration'}", "accepted")])


def _end(res: _Run, i: int, mismatches: list[Mismatch]) -> _Run:
    res.mismatches += mismatches
    res.steps_run = i + 1
    res.ended_early = True
    return res
