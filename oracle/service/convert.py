"""Conversions between the public protobuf messages (``berserk.oracle.v1``) and the engine,
other than the state's (:mod:`oracle.service.state_codec`): actors, actions, decisions,
violations, events and the game configuration.

Every decoding function raises :class:`~oracle.service.errors.InputError` whose ``field`` is
the path of the offending field in the *request* (``action.targets``,
``config.decks[0].card_ids[3]``); the engine's own errors (:class:`~oracle.actions.ActionSyntaxError`,
:class:`~oracle.rules.turn.setup.ConfigError`) are reused and prefixed with the request field.
Nothing here knows a rule of the game.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from google.protobuf.message import Message

from oracle._proto.berserk.oracle.v1 import action_pb2, game_config_pb2
from oracle.actions import ActionSyntaxError, decode, encode
from oracle.contract import ACTOR_NAMES
from oracle.editions import DEFAULT_EDITION
from oracle.engine import Decision
from oracle.model import ACTION_KINDS, CHANCE, Action, Event, Violation
from oracle.rules.turn.setup import ConfigError, GameConfig
from oracle.service import state_codec
from oracle.service.errors import InputError
from oracle.service.errors import join_field as _join
from oracle.service.wire import varint as _varint

__all__ = [
    "action_actor_from_proto",
    "action_from_proto",
    "action_to_proto",
    "actor_from_proto",
    "actor_to_proto",
    "add_events",
    "clear_caches",
    "config_error",
    "config_from_proto",
    "decision_actor_from_proto",
    "decision_to_proto",
    "event_to_proto",
    "events_wire",
    "violation_to_proto",
    "violations_to_proto",
]


# --- enums --------------------------------------------------------------------------

_ACTOR_FROM_PROTO: dict[int, int] = {
    action_pb2.ACTOR_UNSPECIFIED: -1,
    action_pb2.ACTOR_PLAYER_1: 0,
    action_pb2.ACTOR_PLAYER_2: 1,
    action_pb2.ACTOR_CHANCE: CHANCE,
}
_ACTOR_TO_PROTO: dict[int, int] = {a: p for p, a in _ACTOR_FROM_PROTO.items()}


def actor_to_proto(actor: int) -> int:
    """The ``Actor`` enum value of engine actor ``actor`` (seat 0, seat 1, CHANCE, -1)."""
    return _ACTOR_TO_PROTO.get(actor, action_pb2.ACTOR_UNSPECIFIED)


def actor_from_proto(value: int, field: str = "actor") -> int:
    """The engine actor of the ``Actor`` enum ``value`` (``ACTOR_UNSPECIFIED`` is -1:
    "not said"); raise :class:`InputError` for a number the enum does not define."""
    try:
        return _ACTOR_FROM_PROTO[value]
    except KeyError:
        raise InputError(field, f"unknown Actor value {value}") from None


def decision_actor_from_proto(value: int, field: str = "decision.actor") -> int:
    """The engine actor of a ``Decision``: a player, chance, or -1 for ``ACTOR_NOBODY``
    (the game is over).  ``ACTOR_UNSPECIFIED`` is never a valid decision: :class:`InputError`."""
    if value == action_pb2.ACTOR_NOBODY:
        return -1
    if value == action_pb2.ACTOR_UNSPECIFIED:
        raise InputError(field, "ACTOR_UNSPECIFIED is not a decision; a finished game has ACTOR_NOBODY")
    return actor_from_proto(value, field)


def action_actor_from_proto(value: int, field: str = "action.actor") -> int:
    """The engine actor who takes an action: a player or chance, or -1 (unspecified:
    whoever decides now).  ``ACTOR_NOBODY`` and undefined numbers are :class:`InputError`."""
    if value == action_pb2.ACTOR_NOBODY:
        raise InputError(field, "ACTOR_NOBODY takes no action; name a player or chance, or leave it unspecified")
    return actor_from_proto(value, field)


def clear_caches() -> None:
    """Empty every cache of the service's codecs: actions and events here, and the state
    codec's (:func:`oracle.service.state_codec.clear_caches`): measurements of the cost on
    values never seen, tests."""
    for cache in (_DECODED_ACTIONS, _EVENT_HEADS, _EVENT_FIELDS):
        cache.clear()
    state_codec.clear_caches()


# --- actions ------------------------------------------------------------------------


#: Actions decoded, by the wire bytes of their message (an :class:`Action` is immutable).
_DECODED_ACTIONS: dict[bytes, Action] = {}


def action_from_proto(msg: action_pb2.Action, field: str = "action") -> Action:
    """Decode an ``Action`` message (see :func:`_action_from_proto`); the actions of
    messages already seen, by their wire bytes, come from a bounded cache."""
    key = msg.SerializeToString()
    action = _DECODED_ACTIONS.get(key)
    if action is None:
        action = _action_from_proto(msg, field)
        if len(_DECODED_ACTIONS) >= state_codec.CARD_CACHE_SIZE:
            _DECODED_ACTIONS.clear()
        _DECODED_ACTIONS[key] = action
    return action


def _action_from_proto(msg: action_pb2.Action, field: str) -> Action:
    """Decode an ``Action`` message.  When ``encoded`` is set it is the action (parsed by
    :func:`oracle.actions.decode`) and every other field that is set must agree with it
    (a response sets both; ``actor`` may complete a text that names no actor); otherwise
    the fields are read, with ``ability`` and ``mode`` absent meaning -1.  ``actor``
    accepts the players and chance only (``ACTOR_NOBODY`` describes a finished game)."""
    actor = action_actor_from_proto(msg.actor, _join(field, "actor"))
    if not msg.encoded:
        if not msg.kind:
            raise InputError(_join(field, "kind"), "is required (or give `encoded`)")
        if msg.kind not in ACTION_KINDS:
            raise InputError(
                _join(field, "kind"), f"unknown action kind {msg.kind!r}; known: {', '.join(ACTION_KINDS)}"
            )
    try:
        text = decode(msg.encoded) if msg.encoded else None
    except ActionSyntaxError as exc:
        raise InputError(_join(field, "encoded"), f"{exc.field}: {exc.reason}") from None
    fields = Action(
        msg.kind or (text.kind if text else ""),
        card=msg.card,
        ability=msg.ability if msg.HasField("ability") else -1,
        targets=tuple(msg.targets),
        amounts=tuple(msg.amounts),
        x=msg.x,
        mode=msg.mode if msg.HasField("mode") else -1,
        option=msg.option,
        values=tuple(msg.values),
        trigger=msg.trigger,
        actor=actor,
    )
    if text is None:
        return fields
    given = {
        "kind": bool(msg.kind),
        "card": msg.card != 0,
        "ability": msg.HasField("ability"),
        "targets": bool(msg.targets),
        "amounts": bool(msg.amounts),
        "x": msg.x != 0,
        "mode": msg.HasField("mode"),
        "option": bool(msg.option),
        "values": bool(msg.values),
        "trigger": msg.trigger != 0,
    }
    for name, is_set in given.items():
        if is_set and getattr(fields, name) != getattr(text, name):
            raise InputError(
                _join(field, name),
                f"{getattr(fields, name)!r} conflicts with action.encoded {msg.encoded!r}; give the fields or "
                "`encoded`, or both in agreement",
            )
    if actor != -1:
        if text.actor not in (-1, actor):
            raise InputError(
                _join(field, "actor"),
                f"{ACTOR_NAMES[actor]} conflicts with actor={ACTOR_NAMES[text.actor]} in action.encoded",
            )
        text = replace(text, actor=actor)
    return text


def action_to_proto(action: Action, out: action_pb2.Action | None = None) -> action_pb2.Action:
    """An ``Action`` message with every field and ``encoded`` set (``out`` is filled in
    place when given)."""
    msg = action_pb2.Action() if out is None else out
    msg.kind = action.kind
    msg.card = action.card
    if action.ability != -1:
        msg.ability = action.ability
    msg.targets.extend(action.targets)
    msg.amounts.extend(action.amounts)
    msg.x = action.x
    if action.mode != -1:
        msg.mode = action.mode
    msg.option = action.option
    msg.values.extend(action.values)
    msg.trigger = action.trigger
    msg.actor = actor_to_proto(action.actor)  # type: ignore[assignment]
    msg.encoded = encode(action)
    return msg


# --- answers ------------------------------------------------------------------------


def decision_to_proto(decision: Decision, out: action_pb2.Decision | None = None) -> action_pb2.Decision:
    """A ``Decision`` message (actor -1, the game is over, is ``ACTOR_NOBODY``)."""
    msg = action_pb2.Decision() if out is None else out
    msg.actor = action_pb2.ACTOR_NOBODY if decision.actor == -1 else actor_to_proto(decision.actor)  # type: ignore[assignment]
    msg.kind = decision.kind
    return msg


def violation_to_proto(violation: Violation) -> action_pb2.Violation:
    """A ``Violation`` message."""
    return action_pb2.Violation(rule=violation.rule, message=violation.message)


def violations_to_proto(violations: Sequence[Violation]) -> list[action_pb2.Violation]:
    """``Violation`` messages, in order."""
    return [action_pb2.Violation(rule=v.rule, message=v.message) for v in violations]


def event_to_proto(event: Event) -> action_pb2.Event:
    """An ``Event`` message; data values become text (integers in decimal)."""
    return action_pb2.Event(
        kind=event.kind,
        rules=event.rules,
        data=[action_pb2.EventField(key=k, value=str(v)) for k, v in event.data],
    )


def _string_wire(tag: bytes, text: str) -> bytes:
    raw = text.encode("utf-8")
    return tag + _varint(len(raw)) + raw


#: Wire bytes of an event's kind and rules, and of its data entries with an int or str value.
_EVENT_HEADS: dict[tuple[str, tuple[str, ...]], bytes] = {}
_EVENT_FIELDS: dict[tuple[str, int | str], bytes] = {}


def _event_head(kind: str, rules: tuple[str, ...]) -> bytes:
    parts = [_string_wire(b"\x0a", kind)] if kind else []
    parts += [_string_wire(b"\x12", rule) for rule in rules]
    return b"".join(parts)


def _event_field(key: str, value: int | str) -> bytes:
    text = str(value)
    body = (_string_wire(b"\x0a", key) if key else b"") + (_string_wire(b"\x12", text) if text else b"")
    return b"\x1a" + _varint(len(body)) + body


def _event_wire(event: Event) -> bytes:
    """The wire form of :func:`event_to_proto`'s message (proto3: an empty ``kind``, key or
    value is not written; every entry of a repeated field is).  Pieces are kept when made
    from values of exactly their declared types (``True == 1`` but writes otherwise)."""
    head_key = (event.kind, event.rules)
    head = _EVENT_HEADS.get(head_key)
    if head is None:
        head = _event_head(event.kind, event.rules)
        if type(event.kind) is str and type(event.rules) is tuple and all(type(r) is str for r in event.rules):
            if len(_EVENT_HEADS) >= state_codec.CARD_CACHE_SIZE:
                _EVENT_HEADS.clear()
            _EVENT_HEADS[head_key] = head
    parts = [head]
    cache = _EVENT_FIELDS
    for pair in event.data:
        key, value = pair
        kind = type(value)
        if (kind is int or kind is str) and type(key) is str:
            piece = cache.get(pair)
            if piece is None:
                piece = _event_field(key, value)
                if len(cache) >= state_codec.CARD_CACHE_SIZE:
                    cache.clear()
                cache[pair] = piece
        else:
            piece = _event_field(key, value)
        parts.append(piece)
    return b"".join(parts)


def events_wire(events: Sequence[Event], tag: bytes) -> bytes:
    """The wire bytes of ``events`` as entries of a repeated ``Event`` field whose key bytes
    are ``tag`` (as :func:`event_to_proto`'s messages serialize)."""
    chunks = []
    for event in events:
        body = _event_wire(event)
        chunks.append(tag + _varint(len(body)) + body)
    return b"".join(chunks)


def add_events(msg: Message, events: Sequence[Event], name: str = "events") -> None:
    """Append the ``Event`` messages of ``events`` (as :func:`event_to_proto` makes them) to
    the repeated field ``name`` of ``msg``, written directly and merged in one call."""
    if not events:
        return
    msg.MergeFromString(events_wire(events, _varint((msg.DESCRIPTOR.fields_by_name[name].number << 3) | 2)))


# --- configuration ------------------------------------------------------------------

_DECK_CARD = re.compile(r"^decks\[(\d+)\]\[(\d+)\]$")


def _config_field(field: str) -> str:
    m = _DECK_CARD.match(field)
    if m:
        return f"decks[{m.group(1)}].card_ids[{m.group(2)}]"
    return field


def config_error(exc: ConfigError, field: str = "config") -> InputError:
    """The :class:`InputError` of an engine :class:`~oracle.rules.turn.setup.ConfigError`, with the
    path of the field in the ``GameConfig`` message (``config.decks[0].card_ids[3]``)."""
    return InputError(_join(field, _config_field(exc.field)), exc.reason)


def config_from_proto(msg: game_config_pb2.GameConfig) -> GameConfig:
    """An engine :class:`~oracle.rules.turn.setup.GameConfig` (empty edition: the default edition).
    The counts and card ids are checked by :func:`oracle.rules.turn.setup.new_game`, whose
    :class:`~oracle.rules.turn.setup.ConfigError` is turned into an :class:`InputError` by
    :func:`config_error`."""
    return GameConfig(
        tuple(msg.heroes),
        tuple(list(d.card_ids) for d in msg.decks),  # type: ignore[arg-type]
        msg.edition or DEFAULT_EDITION,
    )
