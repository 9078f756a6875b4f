"""Transcript verification: replay a client's recorded decisions on the reference engine and
find the first step where the client is wrong.

A *transcript* is a game configuration plus every decision in order (chance outcomes
included), each optionally with what the client computed after it: its state (canonical
form, :func:`oracle.serialize.to_dict`), its legal actions (encoded, the set *after* the
action) and its events.  :func:`verify_transcript` answers with the first step where

* the client names an actor who does not decide now (``"wrong_actor"``),
* the rules forbid the action (``"illegal_action"``, with the violations and their rules),
* the client's state differs (``"state"``, the differing fields by path),
* the client's legal actions differ (``"legal_actions"``, missing and extra), or
* the client's events differ (``"events"``, kinds and data; cited rules are not compared),

checked in that order, or that the whole transcript agrees.  :class:`TranscriptVerifier`
does the same one step at a time, so a stream of steps can be checked as it arrives.

This module is pure Python: no gRPC, no protobuf.  The conversions from the
``berserk.oracle.v1.Transcript`` message live in :mod:`conformance_suite.transcript_cli`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from .actions import ActionSyntaxError, decode, encode
from .engine import Decision, apply, check, decision, legal_actions
from .model import CHANCE, Action, Event, State, Violation
from .rules.turn.setup import GameConfig, new_game
from .serialize import to_dict

__all__ = [
    "DIVERGENCE_KINDS",
    "MAX_DIFFERENCES",
    "ClientStep",
    "Divergence",
    "FieldDifference",
    "TranscriptVerifier",
    "VerifyResult",
    "actor_name",
    "comparable_state",
    "diff_states",
    "event_record",
    "record_steps",
    "verify_transcript",
]

#: The kinds of divergence, in the order they are checked at a step.
DIVERGENCE_KINDS = ("wrong_actor", "illegal_action", "state", "legal_actions", "events")

#: At most this many differing state fields are reported.
MAX_DIFFERENCES = 50


def actor_name(actor: int) -> str:
    """A readable name of an engine actor: "player 1", "player 2", "chance" or "nobody"."""
    return {0: "player 1", 1: "player 2", CHANCE: "chance", -1: "nobody (the game is over)"}.get(actor, f"actor {actor}")


@dataclass(frozen=True, slots=True)
class ClientStep:
    """One decision of a transcript and what the client computed after it.

    ``actor`` is who the client says takes the action (None: not said).  ``state`` is
    the client's state after the action in canonical form, ``legal_actions`` its legal
    actions after the action (encoded), ``events`` its events of the action, each a
    mapping with ``kind`` and ``data`` (a mapping of key to value, or a sequence of
    (key, value) pairs; values are compared as text).  None means "not given": that part
    is not checked.  ``state_fields`` makes ``state`` partial: only those top-level
    fields of the canonical state are compared (empty: all)."""

    action: Action
    actor: int | None = None
    state: Mapping[str, Any] | None = None
    legal_actions: Sequence[str] | None = None
    events: Sequence[Mapping[str, Any]] | None = None
    state_fields: tuple[str, ...] = ()  # a partial state: only these top-level fields are compared


@dataclass(frozen=True, slots=True)
class FieldDifference:
    """A field where two canonical states differ: its path (``players[1].coins_open``,
    ``cards[3].wounds`` with list indexes) and both values as JSON text ("" when the
    field is absent on that side)."""

    path: str
    reference: str
    client: str


@dataclass(frozen=True, slots=True)
class Divergence:
    """What is wrong at a step.  ``kind`` is one of :data:`DIVERGENCE_KINDS`; the other
    fields hold the details of that kind (empty otherwise) and ``message`` sums it up."""

    kind: str
    message: str
    violations: tuple[Violation, ...] = ()
    missing_actions: tuple[str, ...] = ()
    extra_actions: tuple[str, ...] = ()
    state_differences: tuple[FieldDifference, ...] = ()


@dataclass(frozen=True, slots=True)
class VerifyResult:
    """The verdict on a transcript: ``agrees``, or the 0-based ``divergent_step`` and its
    :class:`Divergence`; ``steps_checked`` counts the steps replayed (the divergent one
    included)."""

    agrees: bool
    divergent_step: int
    divergence: Divergence | None
    steps_checked: int


def _json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _is_record_list(value: Any) -> bool:
    return isinstance(value, list) and any(isinstance(v, dict) for v in value)


def _diff(ref: Any, cli: Any, path: str, out: list[FieldDifference], limit: int) -> None:
    if len(out) >= limit:
        return
    if isinstance(ref, dict) and isinstance(cli, dict):
        keys = list(ref) + sorted(k for k in cli if k not in ref)
        for key in keys:
            sub = f"{path}.{key}" if path else str(key)
            if key not in cli:
                out.append(FieldDifference(sub, _json(ref[key]), ""))
            elif key not in ref:
                out.append(FieldDifference(sub, "", _json(cli[key])))
            else:
                _diff(ref[key], cli[key], sub, out, limit)
            if len(out) >= limit:
                return
        return
    if _is_record_list(ref) and _is_record_list(cli) and len(ref) == len(cli):
        for i, (r, c) in enumerate(zip(ref, cli, strict=True)):
            _diff(r, c, f"{path}[{i}]", out, limit)
            if len(out) >= limit:
                return
        return
    a, b = _json(ref), _json(cli)
    if a != b:
        out.append(FieldDifference(path or "$", a, b))


def comparable_state(state: Mapping[str, Any]) -> dict[str, Any]:
    """A canonical state as two implementations must agree on it (PROTOCOL.md 4.3, 5.2):
    trigger ids are each implementation's own, so ``next_trigger_id`` and ``pending[].id``
    are left out, and the pending triggers are read as a set (triggers that fire at the
    same moment may stand in any order), sorted by controller, source, ability, subject."""
    out = {k: v for k, v in state.items() if k != "next_trigger_id"}
    pending = state.get("pending")
    if isinstance(pending, list) and all(isinstance(t, Mapping) for t in pending):
        rest = [{k: v for k, v in t.items() if k != "id"} for t in pending]
        out["pending"] = sorted(rest, key=lambda t: _json([t.get(k) for k in ("controller", "source", "ability", "subject")]))
    return out


def diff_states(reference: Mapping[str, Any], client: Mapping[str, Any], limit: int = MAX_DIFFERENCES) -> list[FieldDifference]:
    """The fields where two canonical states differ, in the reference's field order, at
    most ``limit``, after :func:`comparable_state` (trigger ids and the order of
    simultaneous triggers are an implementation's own).  Objects and lists of objects of
    equal length are compared field by field; any other value (a list of uids, a number,
    ``null``) is compared whole, by its JSON text, so ``true`` and ``1`` differ."""
    out: list[FieldDifference] = []
    _diff(comparable_state(reference), comparable_state(client), "", out, limit)
    return out


def event_record(event: Event) -> tuple[str, tuple[tuple[str, str], ...]]:
    """The comparable form of a reference event: its kind and its data as sorted
    (key, text value) pairs."""
    return event.kind, tuple(sorted((k, str(v)) for k, v in event.data))


def _client_event_record(raw: Mapping[str, Any]) -> tuple[str, tuple[tuple[str, str], ...]]:
    data = raw.get("data", ())
    pairs: Iterable[Any]
    if isinstance(data, Mapping):
        pairs = data.items()
    else:
        pairs = ((d["key"], d["value"]) if isinstance(d, Mapping) else (d[0], d[1]) for d in data)
    return str(raw.get("kind", "")), tuple(sorted((str(k), str(v)) for k, v in pairs))


def _show_event(rec: tuple[str, tuple[tuple[str, str], ...]]) -> str:
    kind, data = rec
    return kind + ("{" + ", ".join(f"{k}={v}" for k, v in data) + "}" if data else "")


def _normal(text: str) -> str:
    try:
        return encode(decode(text))
    except ActionSyntaxError:
        return text


class TranscriptVerifier:
    """Replays a transcript one step at a time on the reference engine.

    ``feed`` checks the next step and returns its :class:`Divergence` or None; after a
    divergence no further step is accepted.  ``result`` is the verdict so far.  The
    reference state after the last agreeing step is ``state``; the reference events of
    the last step applied are ``events``.  Raises :class:`oracle.rules.turn.setup.ConfigError` for a
    malformed configuration."""

    def __init__(self, config: GameConfig) -> None:
        self.state: State = new_game(config)
        self.events: tuple[Event, ...] = ()
        self.steps_checked = 0
        self.divergent_step = -1
        self.divergence: Divergence | None = None
        #: Who decided at the divergent step (or at the next step when none diverged).
        self.decision: Decision = decision(self.state)

    @property
    def diverged(self) -> bool:
        """True once a step has diverged."""
        return self.divergence is not None

    def feed(self, step: ClientStep) -> Divergence | None:
        """Check ``step`` against the reference and advance; return its divergence."""
        if self.divergence is not None:
            raise RuntimeError(f"the transcript already diverged at step {self.divergent_step}")
        index = self.steps_checked
        self.steps_checked += 1
        found = self._check(step)
        if found is not None:
            self.divergence = found
            self.divergent_step = index
        return found

    def _check(self, step: ClientStep) -> Divergence | None:
        state = self.state
        d = decision(state)
        self.decision = d
        action = step.action
        for claimed in (step.actor, action.actor if action.actor != -1 else None):
            if claimed is not None and claimed != d.actor:
                violations = check(state, replace(action, actor=claimed))
                return Divergence(
                    "wrong_actor",
                    f"the client says {actor_name(claimed)} takes {encode(replace(action, actor=-1))!r}; "
                    f"in the reference {actor_name(d.actor)} decides now ({d.kind})",
                    violations=tuple(violations),
                )
        violations = check(state, action)
        if violations:
            rules = ", ".join(dict.fromkeys(v.rule for v in violations))
            return Divergence(
                "illegal_action",
                f"{encode(action)!r} is illegal ({rules}): " + "; ".join(v.message for v in violations),
                violations=tuple(violations),
            )
        out = apply(state, action)
        self.state = out.state
        self.events = out.events
        self.decision = decision(out.state)
        if step.state is not None:
            ref_state, cli_state = to_dict(out.state), dict(step.state)
            if step.state_fields:
                ref_state = {k: v for k, v in ref_state.items() if k in step.state_fields}
                cli_state = {k: v for k, v in cli_state.items() if k in step.state_fields}
            diffs = diff_states(ref_state, cli_state)
            if diffs:
                shown = ", ".join(f.path for f in diffs[:5]) + (", ..." if len(diffs) > 5 else "")
                return Divergence(
                    "state",
                    f"after {encode(action)!r} the client's state differs in {len(diffs)}"
                    f"{'+' if len(diffs) >= MAX_DIFFERENCES else ''} field(s): {shown}",
                    state_differences=tuple(diffs),
                )
        if step.legal_actions is not None:
            ref = {encode(a) for a in legal_actions(out.state)}
            cli = {_normal(a) for a in step.legal_actions}
            if ref != cli:
                missing, extra = tuple(sorted(ref - cli)), tuple(sorted(cli - ref))
                return Divergence(
                    "legal_actions",
                    f"after {encode(action)!r} the client's legal actions differ: "
                    f"{len(missing)} missing, {len(extra)} extra",
                    missing_actions=missing,
                    extra_actions=extra,
                )
        if step.events is not None:
            ref_ev = [event_record(e) for e in out.events]
            cli_ev = [_client_event_record(e) for e in step.events]
            if ref_ev != cli_ev:
                i = next((k for k, (a, b) in enumerate(zip(ref_ev, cli_ev, strict=False)) if a != b), min(len(ref_ev), len(cli_ev)))
                want = _show_event(ref_ev[i]) if i < len(ref_ev) else "(no more events)"
                got = _show_event(cli_ev[i]) if i < len(cli_ev) else "(no more events)"
                return Divergence(
                    "events",
                    f"after {encode(action)!r} the client's events differ at event {i}: "
                    f"reference {want}, client {got} ({len(ref_ev)} reference events, {len(cli_ev)} client events)",
                )
        return None

    def result(self) -> VerifyResult:
        """The verdict on the steps fed so far."""
        return VerifyResult(self.divergence is None, self.divergent_step, self.divergence, self.steps_checked)


def verify_transcript(config: GameConfig, steps: Iterable[ClientStep]) -> VerifyResult:
    """Replay ``steps`` from a new game of ``config`` on the reference and report the
    first step where the client is wrong, or that every step agrees.  ``steps`` is read
    lazily and no further than the first divergence.  Raises
    :class:`oracle.rules.turn.setup.ConfigError` for a malformed configuration."""
    verifier = TranscriptVerifier(config)
    for step in steps:
        if verifier.feed(step) is not None:
            break
    return verifier.result()


@dataclass
class _Recorder:
    state: State
    steps: list[ClientStep] = field(default_factory=list)


def record_steps(
    config: GameConfig,
    actions: Iterable[Action],
    *,
    with_actor: bool = True,
    with_state: bool = True,
    with_legal_actions: bool = True,
    with_events: bool = True,
) -> list[ClientStep]:
    """The transcript steps the reference itself would record for ``actions`` (a
    correct client): each action with its actor, and the requested parts after it.
    Stops at the first illegal action (raising :class:`oracle.engine.IllegalAction`)."""
    rec = _Recorder(new_game(config))
    for action in actions:
        actor = decision(rec.state).actor
        out = apply(rec.state, action)
        rec.state = out.state
        rec.steps.append(
            ClientStep(
                action,
                actor if with_actor else None,
                to_dict(out.state) if with_state else None,
                [encode(a) for a in legal_actions(out.state)] if with_legal_actions else None,
                [{"kind": e.kind, "data": {k: str(v) for k, v in e.data}} for e in out.events] if with_events else None,
            )
        )
    return rec.steps
