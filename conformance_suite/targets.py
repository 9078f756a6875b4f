"""Targets: what a scenario runs against.  A target speaks in language-neutral terms:
states in the canonical JSON form (``oracle.serialize``), actions as encoded text, and its
answers as the frozen records of this module (events as :class:`oracle.Event` with text
values, violations as :class:`oracle.Violation`).  :class:`InProcessTarget` is the
reference engine itself; the gRPC target (``conformance_suite.grpc_target``) talks to any
implementation of the service.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any, Protocol

import oracle
from oracle.actions import decode, encode
from oracle.contract import CAPABILITIES, LEVELS
from oracle.engine import IllegalAction
from oracle.errors import FieldError
from oracle.mutants import MUTANTS
from oracle.rules.turn.setup import GameConfig, new_game_with_events
from oracle.serialize import from_dict, to_dict
from oracle.service.convert import config_error

__all__ = [
    "NO_DECISION",
    "ApplyResult",
    "GameSetup",
    "InProcessTarget",
    "LegalActions",
    "NewGame",
    "ServerInfo",
    "StateData",
    "Target",
    "TargetDecision",
    "TargetError",
    "TargetInputError",
    "event_json",
    "target_event",
]

#: A canonical state in its JSON form (``oracle.serialize.to_dict``): the data that travels.
StateData = dict[str, Any]


class TargetError(RuntimeError):
    """The target failed in a way that is not an answer about the rules (down, crashed,
    wrong protocol version): ``code`` is the gRPC status name (``UNIMPLEMENTED``,
    ``INTERNAL``, ``UNAVAILABLE``, …; "" when there is none) and ``method`` the call."""

    def __init__(self, message: str, *, code: str = "", method: str = "") -> None:
        super().__init__(message)
        self.code = code
        self.method = method


class TargetInputError(FieldError):
    """The target refused the input as malformed (``field`` names what); for a scenario
    this is an error, not a rules answer."""


@dataclass(frozen=True, slots=True)
class GameSetup:
    """What a new game is created from (PROTOCOL.md, CreateGame's ``GameConfig``).

    ``edition``: the edition's name, "" for the target's default; ``heroes``: each seat's
    hero card id (a configuration meant to be refused may give another number of them);
    ``decks``: each seat's deck as card ids, top first."""

    edition: str
    heroes: tuple[str, ...]
    decks: tuple[tuple[str, ...], ...]

    @classmethod
    def of(cls, config: GameConfig) -> GameSetup:
        """The setup of an engine configuration."""
        return cls(config.edition, tuple(config.heroes), tuple(tuple(d) for d in config.decks))


@dataclass(frozen=True, slots=True)
class TargetDecision:
    """Who decides next, as a target said it: ``actor`` is 0, 1, ``oracle.CHANCE`` (2), -1
    when nobody does (the game is over), or -2 when the target sent an actor no decision can
    have (reported as a mismatch, not an error); ``kind`` names the decision (a step, or
    "trigger")."""

    actor: int
    kind: str


#: The decision of a result that has none (an illegal action's).
NO_DECISION = TargetDecision(-1, "")


@dataclass(frozen=True, slots=True)
class LegalActions:
    """A target's answer to GetLegalActions: the decision and the legal actions, each in
    its encoded text form, in the target's order."""

    decision: TargetDecision
    actions: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ApplyResult:
    """What applying an action gave.

    ``legal``: whether the target accepted the action; ``violations``: why it refused it
    (empty when legal); ``state``: the next state (None when refused); ``events``: what
    happened, in order (:func:`target_event` form); ``decision``: who decides next
    (:data:`NO_DECISION` when refused)."""

    legal: bool
    violations: tuple[oracle.Violation, ...] = ()
    state: StateData | None = None
    events: tuple[oracle.Event, ...] = ()
    decision: TargetDecision = NO_DECISION


@dataclass(frozen=True, slots=True)
class NewGame:
    """What creating a game gave: the state and the events of creating it (PROTOCOL.md,
    CreateGame: ``order_by_hero`` or ``hero_order_ignored``)."""

    state: StateData
    events: tuple[oracle.Event, ...] = ()


@dataclass(frozen=True, slots=True)
class ServerInfo:
    """A target's GetServerInfo answer.

    ``implementation`` and ``engine_version`` name the implementation; ``proto_version`` is
    the protocol it speaks (``v1``); ``suite_version`` and ``card_pool_version`` are what a
    served implementation reports (None for one that has no such field: the reference in
    process); ``editions`` the editions it plays, ``default_edition`` the one a game without
    an edition gets; ``mutants`` the engine mutants switched on; ``support`` each edition's
    declared capabilities (empty: none declared, every capability is expected); ``levels``
    the conformance levels it claims; ``card_ids`` the cards it knows (empty: all)."""

    implementation: str = ""
    engine_version: str = ""
    proto_version: str = ""
    suite_version: str | None = None
    editions: tuple[str, ...] = ()
    default_edition: str = ""
    card_pool_version: str | None = None
    mutants: tuple[str, ...] = ()
    support: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    levels: tuple[str, ...] = ()
    card_ids: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, object]:
        """The JSON report's ``server_info``: every field, lists for tuples, without the
        fields that are None."""
        out: dict[str, object] = {}
        for f in fields(self):
            name, value = f.name, getattr(self, f.name)
            if value is None:
                continue
            if isinstance(value, tuple):
                value = list(value)
            elif name == "support":
                value = {ed: list(caps) for ed, caps in value.items()}
            out[name] = value
        return out


def target_event(kind: str, rules: Iterable[str], data: Iterable[tuple[str, object]]) -> oracle.Event:
    """An event as a target reports it: its data values as text, one value per key (the
    last one given, at the place of the first)."""
    return oracle.Event(kind, tuple(rules), tuple({k: str(v) for k, v in data}.items()))


def event_json(e: oracle.Event) -> dict[str, object]:
    """An event as plain data, as reports show it: ``{"kind", "rules", "data"}``."""
    return {"kind": e.kind, "rules": list(e.rules), "data": {k: str(v) for k, v in e.data}}


class Target(Protocol):
    """The operations the runner needs from an implementation."""

    name: str

    def server_info(self) -> ServerInfo:
        """Editions, versions and mutants of the target."""

    def create_game(self, config: GameSetup) -> NewGame:
        """A new game: its state and events."""

    def legal_actions(self, state: StateData) -> LegalActions:
        """The decision and the encoded legal actions."""

    def check(self, state: StateData, action: str) -> tuple[oracle.Violation, ...]:
        """The violations of ``action`` (empty when legal)."""

    def apply(self, state: StateData, action: str) -> ApplyResult:
        """Apply ``action``."""

    def label_calls(self, label: str) -> None:
        """Name the calls that follow (``scenario[edition]#step``) so the target's logs can
        be matched to a run; a gRPC target sends it as ``x-request-id``."""


def _event(e: oracle.Event) -> oracle.Event:
    return target_event(e.kind, e.rules, e.data)


class InProcessTarget:
    """The reference engine in this process, optionally with a mutant switched on."""

    def __init__(self, mutant: str = "") -> None:
        if mutant and mutant not in MUTANTS:
            raise ValueError(f"unknown mutant {mutant!r}")
        self.mutant = mutant
        self.name = "in-process" + (f" (mutant {mutant})" if mutant else "")

    def _state(self, data: StateData) -> oracle.State:
        try:
            s = from_dict(data)
        except oracle.StateError as exc:
            raise TargetInputError(f"state.{exc.field}", exc.reason) from None
        s.mutant = self.mutant
        return s

    def _action(self, text: str) -> oracle.Action:
        try:
            return decode(text)
        except oracle.ActionSyntaxError as exc:
            raise TargetInputError(f"action.{exc.field}", exc.reason) from None

    def label_calls(self, label: str) -> None:
        """Nothing to label in process."""

    def server_info(self) -> ServerInfo:
        """Versions, editions and mutants."""
        return ServerInfo(
            implementation="berserk-oracle reference (in process)",
            engine_version=oracle.__version__,
            proto_version="v1",
            editions=tuple(oracle.EDITIONS),
            default_edition=oracle.DEFAULT_EDITION,
            mutants=(self.mutant,) if self.mutant else (),
            support={ed: tuple(CAPABILITIES) for ed in oracle.EDITIONS},
            levels=tuple(LEVELS),
        )

    def create_game(self, config: GameSetup) -> NewGame:
        """A new game and the events of creating it."""
        try:
            s, events = new_game_with_events(
                GameConfig(
                    config.heroes,  # type: ignore[arg-type]
                    tuple(list(d) for d in config.decks),  # type: ignore[arg-type]
                    config.edition or oracle.DEFAULT_EDITION,
                )
            )
        except oracle.ConfigError as exc:
            err = config_error(exc)  # the request field path the service names
            raise TargetInputError(err.field, err.reason) from None
        return NewGame(to_dict(s), tuple(_event(e) for e in events))

    def legal_actions(self, state: StateData) -> LegalActions:
        """Decision and legal actions."""
        s = self._state(state)
        d = oracle.decision(s)
        return LegalActions(TargetDecision(int(d.actor), d.kind), tuple(encode(a) for a in oracle.legal_actions(s)))

    def check(self, state: StateData, action: str) -> tuple[oracle.Violation, ...]:
        """Violations."""
        return tuple(oracle.check(self._state(state), self._action(action)))

    def apply(self, state: StateData, action: str) -> ApplyResult:
        """Apply."""
        s = self._state(state)
        try:
            out = oracle.apply(s, self._action(action))
        except IllegalAction as exc:
            return ApplyResult(False, tuple(exc.violations))
        d = oracle.decision(out.state)
        return ApplyResult(
            True, (), to_dict(out.state), tuple(_event(e) for e in out.events), TargetDecision(int(d.actor), d.kind)
        )
