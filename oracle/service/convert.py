"""Conversions between the public protobuf messages (``berserk.oracle.v1``) and the engine.

The ``State`` message mirrors the engine's canonical data form (:func:`oracle.serialize.to_dict`)
field for field, with these mappings:

* ``step``: the enum ``STEP_CHOICE`` <-> ``"choice"`` (``STEP_UNSPECIFIED`` is refused);
* ``result`` <-> ``winner``: ``GAME_RESULT_UNSPECIFIED`` -1, ``PLAYER_1_WON`` 0,
  ``PLAYER_2_WON`` 1, ``DRAW`` 2;
* ``first_player`` and ``roll_winner`` are ``optional``: absent <-> -1;
* ``attack`` absent <-> ``None``;
* ``next_trigger_id`` 0 is read as 1 (the proto3 default means "no trigger fired yet").

Every decoding function raises :class:`InputError` whose ``field`` is the path of the
offending field in the *request* (``state.players[1].hand[2]``, ``action.targets``,
``config.decks[0].card_ids[3]``); the engine's own errors (:class:`~oracle.serialize.StateError`,
:class:`~oracle.actions.ActionSyntaxError`, :class:`~oracle.setup.ConfigError`) are reused
and prefixed with the request field.  Nothing here knows a rule of the game.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from oracle._proto.berserk.oracle.v1 import action_pb2, game_config_pb2, state_pb2
from oracle.actions import ActionSyntaxError, decode, encode
from oracle.contract import ACTOR_NAMES
from oracle.editions import DEFAULT_EDITION
from oracle.engine import Decision
from oracle.model import ACTION_KINDS, CHANCE, Action, Event, State, Violation
from oracle.serialize import StateError, fingerprint_data, from_dict, to_dict
from oracle.setup import ConfigError, GameConfig

__all__ = [
    "InputError",
    "action_actor_from_proto",
    "action_from_proto",
    "action_to_proto",
    "actor_from_proto",
    "actor_to_proto",
    "config_error",
    "config_from_proto",
    "decision_actor_from_proto",
    "decision_to_proto",
    "decode_state",
    "event_to_proto",
    "fingerprint_data",
    "state_dict_from_proto",
    "state_dict_to_proto",
    "state_from_proto",
    "state_to_proto",
    "violation_to_proto",
    "violations_to_proto",
]


class InputError(ValueError):
    """Malformed or inconsistent client input.  ``violations`` lists ``(field, reason)``
    pairs; ``field`` is the path of the offending request field (AIP-193 style).  The
    service caps what an answer repeats of them (``oracle.service.server.bad_request_status``)."""

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(f"{field}: {reason}")
        self.field = field
        self.reason = reason
        self.violations: list[tuple[str, str]] = [(field, reason)]
        #: how many more violations there were, not listed in ``violations``
        self.unlisted = 0


def _join(prefix: str, field: str) -> str:
    if not field:
        return prefix
    if not prefix:
        return field
    return prefix + field if field.startswith("[") else f"{prefix}.{field}"


# --- enums --------------------------------------------------------------------------

_STEP_NAMES = (
    "setup_roll", "setup_order", "setup_shuffle", "setup_mulligan", "reveal", "start_queue", "choice",
    "defender", "fight_queue", "close_queue", "ability_queue", "play_queue", "end_queue", "game_over",
)
#: Step enum number -> engine step name.
STEP_FROM_PROTO: dict[int, str] = {state_pb2.Step.Value(f"STEP_{name.upper()}"): name for name in _STEP_NAMES}
#: Engine step name -> Step enum number.
STEP_TO_PROTO: dict[str, int] = {name: number for number, name in STEP_FROM_PROTO.items()}

_RESULT_FROM_PROTO: dict[int, int] = {
    state_pb2.GAME_RESULT_UNSPECIFIED: -1,
    state_pb2.GAME_RESULT_PLAYER_1_WON: 0,
    state_pb2.GAME_RESULT_PLAYER_2_WON: 1,
    state_pb2.GAME_RESULT_DRAW: 2,
}
_RESULT_TO_PROTO: dict[int, int] = {w: r for r, w in _RESULT_FROM_PROTO.items()}

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


# --- state --------------------------------------------------------------------------


def _usage_from(items: Sequence[state_pb2.AbilityUsage]) -> list[dict[str, int]]:
    if not items:
        return []
    return [{"ability": u.ability, "count": u.count} for u in items]


def _by_ability(item: dict[str, int]) -> int:
    return item["ability"]


def _by_uid(item: dict[str, Any]) -> int:
    return int(item["uid"])


def state_dict_from_proto(msg: state_pb2.State, field: str = "state") -> dict[str, Any]:
    """The engine's canonical data form of a ``State`` message (not yet validated: pass it
    to :func:`oracle.serialize.from_dict`).  Enum values the proto does not define raise
    :class:`InputError` naming ``field``."""
    step = STEP_FROM_PROTO.get(msg.step)
    if step is None:
        reason = "is required" if msg.step == state_pb2.STEP_UNSPECIFIED else f"unknown Step value {msg.step}"
        raise InputError(_join(field, "step"), reason)
    winner = _RESULT_FROM_PROTO.get(msg.result)
    if winner is None:
        raise InputError(_join(field, "result"), f"unknown GameResult value {msg.result}")
    attack: dict[str, int] | None = None
    if msg.HasField("attack"):
        a = msg.attack
        attack = {"attacker": a.attacker, "target": a.target, "defender": a.defender}
    data: dict[str, Any] = {
        "edition": msg.edition,
        "step": step,
        "turn": msg.turn,
        "active": msg.active,
        "first_player": msg.first_player if msg.HasField("first_player") else -1,
        "roll_winner": msg.roll_winner if msg.HasField("roll_winner") else -1,
        "shuffled": msg.shuffled,
        "winner": winner,
        "next_trigger_id": msg.next_trigger_id or 1,
        "players": [
            {
                "hero": p.hero,
                "deck": list(p.deck),
                "hand": list(p.hand),
                "play": list(p.play),
                "graveyard": list(p.graveyard),
                "coins_open": p.coins_open,
                "coins_closed": p.coins_closed,
                "failed_draws": p.failed_draws,
                "mulligan_declared": p.mulligan_declared,
                "mulligan": list(p.mulligan),
            }
            for p in msg.players
        ],
        "cards": [
            {
                "uid": c.uid,
                "card_id": c.card_id,
                "owner": c.owner,
                "closed": c.closed,
                "wounds": c.wounds,
                "poison": c.poison,
                "hidden": c.hidden,
                "entered_turn": c.entered_turn,
                "attacked_turn": c.attacked_turn,
                "defended_turn": c.defended_turn,
                "usage": _usage_from(c.usage),
                "game_usage": _usage_from(c.game_usage),
            }
            for c in msg.cards
        ],  # sorted below
        "queue": [
            {
                "kind": e.kind,
                "controller": e.controller,
                "source": e.source,
                "ability": e.ability,
                "targets": list(e.targets),
                "amounts": list(e.amounts),
                "x": e.x,
                "mode": e.mode,
                "part": e.part,
            }
            for e in msg.queue
        ],
        "pending": [
            {"id": t.id, "controller": t.controller, "source": t.source, "ability": t.ability, "subject": t.subject}
            for t in msg.pending
        ],
        "modifiers": [
            {"target": m.target, "amount": m.amount, "until": m.until, **({"owner": m.owner} if m.HasField("owner") else {})}
            for m in msg.modifiers
        ],
        "attack": attack,
    }
    return data


def _canonical_order(data: dict[str, Any]) -> None:
    """Put a *validated* state's data in the canonical order (cards by uid, usage markers
    by ability), so that it equals ``to_dict(from_dict(data))``."""
    cards = data["cards"]
    cards.sort(key=_by_uid)
    for card in cards:
        for key in ("usage", "game_usage"):
            if len(card[key]) > 1:
                card[key].sort(key=_by_ability)


#: Names in the engine's canonical form that differ from the proto's.
_STATE_FIELD_RENAMES = {"winner": "result"}


def _state_field(field: str) -> str:
    head, sep, rest = field.partition(".")
    bracket = head.find("[")
    name, index = (head, "") if bracket < 0 else (head[:bracket], head[bracket:])
    return _STATE_FIELD_RENAMES.get(name, name) + index + sep + rest


def decode_state(msg: state_pb2.State, field: str = "state", mutant: str = "") -> tuple[State, dict[str, Any]]:
    """Decode and validate a ``State`` message: the engine state (with ``mutant`` set:
    the engine reads :attr:`State.mutant`; it is not part of the canonical form) and its
    canonical data form (``to_dict`` of the state; :func:`fingerprint_data` of it is the
    state's fingerprint).  Raises :class:`InputError` with the request path of the bad
    field (indices as in the request)."""
    data = state_dict_from_proto(msg, field)
    try:
        state = from_dict(data)
    except StateError as exc:
        raise InputError(_join(field, _state_field(exc.field)), exc.reason) from None
    state.mutant = mutant
    _canonical_order(data)
    return state, data


def state_from_proto(msg: state_pb2.State, field: str = "state", mutant: str = "") -> State:
    """Decode and validate a ``State`` message (see :func:`decode_state`)."""
    return decode_state(msg, field, mutant)[0]


def state_dict_to_proto(data: dict[str, Any], out: state_pb2.State | None = None) -> state_pb2.State:
    """A ``State`` message from the engine's canonical data form (``out`` is filled in
    place when given)."""
    msg = state_pb2.State() if out is None else out
    msg.edition = data["edition"]
    msg.step = STEP_TO_PROTO[data["step"]]  # type: ignore[assignment]
    msg.turn = data["turn"]
    msg.active = data["active"]
    if data["first_player"] >= 0:
        msg.first_player = data["first_player"]
    if data["roll_winner"] >= 0:
        msg.roll_winner = data["roll_winner"]
    msg.shuffled = data["shuffled"]
    msg.result = _RESULT_TO_PROTO[data["winner"]]  # type: ignore[assignment]
    msg.next_trigger_id = data["next_trigger_id"]
    add_player = msg.players.add
    for p in data["players"]:
        add_player(
            hero=p["hero"], deck=p["deck"], hand=p["hand"], play=p["play"], graveyard=p["graveyard"],
            coins_open=p["coins_open"], coins_closed=p["coins_closed"], failed_draws=p["failed_draws"],
            mulligan_declared=p["mulligan_declared"], mulligan=p["mulligan"],
        )
    add_card = msg.cards.add
    for c in data["cards"]:
        card = add_card(
            uid=c["uid"], card_id=c["card_id"], owner=c["owner"], closed=c["closed"], wounds=c["wounds"],
            poison=c["poison"], hidden=c["hidden"], entered_turn=c["entered_turn"],
            attacked_turn=c["attacked_turn"], defended_turn=c["defended_turn"],
        )
        for u in c["usage"]:
            card.usage.add(ability=u["ability"], count=u["count"])
        for u in c["game_usage"]:
            card.game_usage.add(ability=u["ability"], count=u["count"])
    for e in data["queue"]:
        msg.queue.add(
            kind=e["kind"], controller=e["controller"], source=e["source"], ability=e["ability"],
            targets=e["targets"], amounts=e["amounts"], x=e["x"], mode=e["mode"], part=e["part"],
        )
    for t in data["pending"]:
        msg.pending.add(id=t["id"], controller=t["controller"], source=t["source"], ability=t["ability"],
                        subject=t["subject"])
    for m in data["modifiers"]:
        mod = msg.modifiers.add(target=m["target"], amount=m["amount"], until=m["until"])
        if "owner" in m:  # present exactly for "start_of_owner_turn" (INTERPRETING.md, entry 23)
            mod.owner = m["owner"]
    attack = data["attack"]
    if attack is not None:
        msg.attack.attacker = attack["attacker"]
        msg.attack.target = attack["target"]
        msg.attack.defender = attack["defender"]
    return msg


def state_to_proto(state: State, out: state_pb2.State | None = None) -> state_pb2.State:
    """The ``State`` message of an engine state."""
    return state_dict_to_proto(to_dict(state), out)


# --- actions ------------------------------------------------------------------------


def action_from_proto(msg: action_pb2.Action, field: str = "action") -> Action:
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


# --- configuration ------------------------------------------------------------------

_DECK_CARD = re.compile(r"^decks\[(\d+)\]\[(\d+)\]$")


def _config_field(field: str) -> str:
    m = _DECK_CARD.match(field)
    if m:
        return f"decks[{m.group(1)}].card_ids[{m.group(2)}]"
    return field


def config_error(exc: ConfigError, field: str = "config") -> InputError:
    """The :class:`InputError` of an engine :class:`~oracle.setup.ConfigError`, with the
    path of the field in the ``GameConfig`` message (``config.decks[0].card_ids[3]``)."""
    return InputError(_join(field, _config_field(exc.field)), exc.reason)


def config_from_proto(msg: game_config_pb2.GameConfig) -> GameConfig:
    """An engine :class:`~oracle.setup.GameConfig` (empty edition: the default edition).
    The counts and card ids are checked by :func:`oracle.setup.new_game`, whose
    :class:`~oracle.setup.ConfigError` is turned into an :class:`InputError` by
    :func:`config_error`."""
    return GameConfig(
        tuple(msg.heroes),
        tuple(list(d.card_ids) for d in msg.decks),  # type: ignore[arg-type]
        msg.edition or DEFAULT_EDITION,
    )
