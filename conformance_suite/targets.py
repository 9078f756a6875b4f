"""Targets: what a scenario runs against.  A target speaks in language-neutral terms:
states in the canonical JSON form (``oracle.serialize``), actions as encoded text, events
and violations as plain data.  :class:`InProcessTarget` is the reference engine itself; the
gRPC target (``conformance_suite.grpc_target``) talks to any implementation of the service.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

import oracle
from oracle.actions import decode, encode
from oracle.contract import CAPABILITIES, LEVELS
from oracle.engine import IllegalAction
from oracle.errors import FieldError
from oracle.mutants import MUTANTS
from oracle.rules.setup import GameConfig, new_game_with_events
from oracle.serialize import from_dict, to_dict
from oracle.service.convert import config_error

__all__ = ["ApplyResult", "InProcessTarget", "NewGame", "Target", "TargetError", "TargetInputError"]


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


@dataclass
class ApplyResult:
    """What applying an action gave."""

    legal: bool
    violations: list[tuple[str, str]] = field(default_factory=list)
    state: dict[str, Any] | None = None
    events: list[dict[str, Any]] = field(default_factory=list)
    decision: tuple[int, str] = (-1, "")


@dataclass
class NewGame:
    """What creating a game gave: the state and the events of creating it (PROTOCOL.md,
    CreateGame: ``order_by_hero`` or ``hero_order_ignored``)."""

    state: dict[str, Any]
    events: list[dict[str, Any]] = field(default_factory=list)


class Target(Protocol):
    """The operations the runner needs from an implementation."""

    name: str

    def server_info(self) -> dict[str, Any]:
        """Editions, versions and mutants of the target."""

    def create_game(self, config: dict[str, Any]) -> NewGame:
        """A new game from ``{"edition", "heroes", "decks"}``: its state and events."""

    def legal_actions(self, state: dict[str, Any]) -> tuple[tuple[int, str], list[str]]:
        """(decision (actor, kind), encoded legal actions)."""

    def check(self, state: dict[str, Any], action: str) -> list[tuple[str, str]]:
        """The violations of ``action`` (empty when legal)."""

    def apply(self, state: dict[str, Any], action: str) -> ApplyResult:
        """Apply ``action``."""

    def label_calls(self, label: str) -> None:
        """Name the calls that follow (``scenario[edition]#step``) so the target's logs can
        be matched to a run; a gRPC target sends it as ``x-request-id``."""


def _event_dict(e: oracle.Event) -> dict[str, Any]:
    return {"kind": e.kind, "rules": list(e.rules), "data": {k: str(v) for k, v in e.data}}


class InProcessTarget:
    """The reference engine in this process, optionally with a mutant switched on."""

    def __init__(self, mutant: str = "") -> None:
        if mutant and mutant not in MUTANTS:
            raise ValueError(f"unknown mutant {mutant!r}")
        self.mutant = mutant
        self.name = "in-process" + (f" (mutant {mutant})" if mutant else "")

    def _state(self, data: dict[str, Any]) -> oracle.State:
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

    def server_info(self) -> dict[str, Any]:
        """Versions, editions and mutants."""
        return {
            "implementation": "berserk-oracle reference (in process)",
            "engine_version": oracle.__version__,
            "proto_version": "v1",
            "editions": list(oracle.EDITIONS),
            "default_edition": oracle.DEFAULT_EDITION,
            "mutants": [self.mutant] if self.mutant else [],
            "support": {ed: list(CAPABILITIES) for ed in oracle.EDITIONS},
            "levels": list(LEVELS),
            "card_ids": [],
        }

    def create_game(self, config: dict[str, Any]) -> NewGame:
        """A new game and the events of creating it."""
        try:
            s, events = new_game_with_events(
                GameConfig(
                    tuple(config["heroes"]),
                    tuple(list(d) for d in config["decks"]),  # type: ignore[arg-type]
                    config.get("edition") or oracle.DEFAULT_EDITION,
                )
            )
        except oracle.ConfigError as exc:
            err = config_error(exc)  # the request field path the service names
            raise TargetInputError(err.field, err.reason) from None
        return NewGame(to_dict(s), [_event_dict(e) for e in events])

    def legal_actions(self, state: dict[str, Any]) -> tuple[tuple[int, str], list[str]]:
        """Decision and legal actions."""
        s = self._state(state)
        d = oracle.decision(s)
        return (d.actor, d.kind), [encode(a) for a in oracle.legal_actions(s)]

    def check(self, state: dict[str, Any], action: str) -> list[tuple[str, str]]:
        """Violations."""
        return [(v.rule, v.message) for v in oracle.check(self._state(state), self._action(action))]

    def apply(self, state: dict[str, Any], action: str) -> ApplyResult:
        """Apply."""
        s = self._state(state)
        try:
            out = oracle.apply(s, self._action(action))
        except IllegalAction as exc:
            return ApplyResult(False, [(v.rule, v.message) for v in exc.violations])
        d = oracle.decision(out.state)
        return ApplyResult(True, [], to_dict(out.state), [_event_dict(e) for e in out.events], (d.actor, d.kind))
