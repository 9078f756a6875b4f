"""What a scenario run needs from a target, derived — never kept by hand — from the
scenario and from the contract's tables (:mod:`oracle.contract`, PROTOCOL.md):

* the edition it runs under;
* every card id its setup names (heroes, decks, zones);
* the capability of its setup: ``setup`` for a new game, else the capabilities of the step
  its board or state waits at;
* the capabilities of each step's action kind;
* when the suite asks for the legal actions of a state at ``choice`` (the first state's
  decision, or an expected legal-action set), the main-stage capability (:data:`MAIN_STAGE`)
  of each kind of action that exact set holds there (PROTOCOL.md 9.2): ``activated_abilities``
  only when some ability can be activated, ``card_play`` only when some card can be played,
  so an implementation of attacks alone is judged on every board where nothing else is legal;
* the capabilities of what the reference does while it runs the scenario: every event kind
  it emits (the event catalogue names each kind's capability) and every step the game
  passes through.  A scenario whose last mulligan starts turn 1 needs ``turn_start``
  because the reference emits ``turn_started`` there, not because someone said so.

A run whose needs the target does not declare in ``GetServerInfo`` is *unsupported*, with
the reason, never failed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from oracle.contract import ACTION_CAPABILITIES, CAPABILITIES, STEP_CAPABILITIES, load_events
from oracle.service.state_codec import STEP_FROM_PROTO

from .executor import run_scenario
from .scenario import LoadedScenario, action_text
from .targets import ApplyResult, GameSetup, InProcessTarget, LegalActions, NewGame, ServerInfo, StateData

__all__ = ["MAIN_STAGE", "Needs", "scenario_needs", "unsupported_reason", "unsupported_tally"]

#: The capability each kind of action the legal actions at ``choice`` may hold belongs to
#: (PROTOCOL.md 9.2): a run that asks for them (the decision of its first state, or an
#: expected legal-action set there) needs the capability of every kind the exact set holds.
MAIN_STAGE = {"attack": "strike_attack", "activate": "activated_abilities", "play": "card_play", "end_turn": "end_turn"}


@dataclass(frozen=True, slots=True)
class Needs:
    """What one scenario run needs: its edition, its card ids, and each capability with
    the first reason it is needed (e.g. ``"step 3: attack"``, ``"event turn_started"``)."""

    edition: str
    card_ids: frozenset[str]
    capabilities: dict[str, str] = field(default_factory=dict)


def _cards_of_setup(sc: LoadedScenario) -> set[str]:
    setup = sc.message.setup
    kind = setup.WhichOneof("kind")
    out: set[str] = set()
    if kind == "new_game":
        out.update(setup.new_game.heroes)
        for d in setup.new_game.decks:
            out.update(d.card_ids)
    elif kind == "board":
        for p in setup.board.players:
            out.add(p.hero.card_id)
            for zone in (p.play, p.hand, p.deck, p.graveyard):
                out.update(c.card_id for c in zone)
    elif kind == "state":
        out.update(c.card_id for c in setup.state.cards)
    if sc.message.HasField("expect_setup_refused"):
        # a configuration that must be refused may name ids no pool has: that is its point
        from oracle.cards import load_pool

        out &= set(load_pool().cards)
    return out


class _Recorder(InProcessTarget):
    """The reference in process, remembering the steps and event kinds of a run."""

    def __init__(self) -> None:
        super().__init__()
        self.name = "needs"
        self.steps: list[str] = []
        self.events: list[str] = []
        self.listed_at_choice: list[str] = []  # the kinds of the legal actions the suite asks for at choice

    def create_game(self, config: GameSetup) -> NewGame:
        game = super().create_game(config)
        self.steps.append(game.state["step"])
        return game

    def legal_actions(self, state: StateData) -> LegalActions:
        out = super().legal_actions(state)
        if state["step"] == "choice":
            self.listed_at_choice += [a.split(" ", 1)[0] for a in out.actions]
        return out

    def apply(self, state: StateData, action: str) -> ApplyResult:
        out = super().apply(state, action)
        if out.state is not None:
            self.steps.append(out.state["step"])
        self.events += [e.kind for e in out.events]
        return out


_CACHE: dict[tuple[str, str, str], Needs] = {}


def _needs(sc: LoadedScenario, edition: str) -> Needs:
    caps: dict[str, str] = {}

    def need(names: tuple[str, ...] | list[str], why: str) -> None:
        for n in names:
            caps.setdefault(n, why)

    setup = sc.message.setup
    kind = setup.WhichOneof("kind")
    if kind == "new_game":
        need(["setup"], "setup: a new game")
    elif kind == "board":
        step = setup.board.step or "choice"
        need(STEP_CAPABILITIES.get(step, ()), f"setup: a board at step {step}")
    elif kind == "state":
        step = STEP_FROM_PROTO.get(setup.state.step, "choice")
        need(STEP_CAPABILITIES.get(step, ()), f"setup: a state at step {step}")
        if setup.state.pending or setup.state.queue:
            need(["triggered_abilities"], "setup: a state with triggers")
    for i, st in enumerate(sc.message.steps):
        act = action_text(st.action).split(" ", 1)[0]
        need(ACTION_CAPABILITIES.get(act, ()), f"step {i + 1}: {act}")
    rec = _Recorder()
    run_scenario(sc, edition, rec)
    events = load_events()
    for step in rec.steps:
        need(STEP_CAPABILITIES.get(step, ()), f"reaches step {step}")
    for kind in dict.fromkeys(rec.listed_at_choice):
        # the legal actions at choice are exact (PROTOCOL.md 9.2): an implementation lists an
        # attack, an activation or a play only if it knows the rules of its kind
        need([MAIN_STAGE[kind]], f"the legal actions at choice include {kind} (PROTOCOL.md 9.2)")
    for ev in rec.events:
        spec = events.get(ev)
        if spec is not None and spec.capability in CAPABILITIES:
            need([spec.capability], f"event {ev}")
    return Needs(edition, frozenset(_cards_of_setup(sc)), caps)


def scenario_needs(sc: LoadedScenario, edition: str) -> Needs:
    """The needs of running ``sc`` under ``edition`` (computed once per process)."""
    key = (str(sc.path), sc.id, edition)
    if key not in _CACHE:
        _CACHE[key] = _needs(sc, edition)
    return _CACHE[key]


def unsupported_reason(needs: Needs, info: ServerInfo) -> str:
    """Why a target with server info ``info`` cannot run it ("" when it can): the edition
    it does not list, the capabilities it does not declare for that edition (each with the
    reason it is needed), the cards it does not know."""
    editions = list(info.editions)
    if needs.edition not in editions:
        return f"the target does not support edition {needs.edition} (it supports {', '.join(editions) or 'none'})"
    support = info.support
    parts = []
    if support:
        have = set(support.get(needs.edition, []))
        missing = [f"{c} ({needs.capabilities[c]})" for c in CAPABILITIES if c in needs.capabilities and c not in have]
        if missing:
            parts.append(f"capabilities not declared for edition {needs.edition}: {', '.join(missing)}")
    known = set(info.card_ids)
    if known:
        cards = sorted(needs.card_ids - known)
        if cards:
            parts.append(f"cards the target does not know: {', '.join(cards)}")
    return "; ".join(parts)


def unsupported_tally(messages: Iterable[str]) -> list[tuple[str, int]]:
    """What the unsupported runs of ``messages`` (their :func:`unsupported_reason`)
    need that the target does not declare, most needed first: ``edition X``, each capability,
    ``cards``, ``methods`` (an UNIMPLEMENTED answer), with how many runs need it."""
    counts: dict[str, int] = {}
    for message in messages:
        needs: set[str] = set()
        m = re.search(r"does not support edition (\S+)", message)
        if m:
            needs.add(f"edition {m.group(1)}")
        m = re.search(r"capabilities not declared for edition \S+: (.*?)(?:; cards the target|$)", message)
        if m:
            needs.update(c for c in CAPABILITIES if re.search(rf"(?:^|, ){re.escape(c)} \(", m.group(1)))
        if "cards the target does not know" in message:
            needs.add("cards")
        if message.startswith("the target answered"):
            needs.add("methods answered UNIMPLEMENTED")
        for n in needs or {"other"}:
            counts[n] = counts.get(n, 0) + 1
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
