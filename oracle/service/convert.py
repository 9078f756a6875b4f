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
:class:`~oracle.actions.ActionSyntaxError`, :class:`~oracle.rules.setup.ConfigError`) are reused
and prefixed with the request field.  Nothing here knows a rule of the game.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from google.protobuf import descriptor_pb2, descriptor_pool, message_factory
from google.protobuf.message import Message

from oracle._proto.berserk.oracle.v1 import action_pb2, game_config_pb2, state_pb2
from oracle._state_codec import (
    card_dict,
    card_json,
    hand_choice_dict,
    player_dict,
    player_json,
    state_json,
    target_choice_dict,
)
from oracle.actions import ActionSyntaxError, decode, encode
from oracle.contract import ACTOR_NAMES
from oracle.editions import DEFAULT_EDITION, EDITIONS
from oracle.engine import Decision
from oracle.errors import FieldError
from oracle.model import (
    ACTION_KINDS,
    CHANCE,
    GRANTS,
    STEPS,
    UNTIL,
    Action,
    Attack,
    Card,
    Event,
    HandChoice,
    Modifier,
    PendingTrigger,
    Player,
    QueueEntry,
    State,
    TargetChoice,
    Violation,
)
from oracle.reading import clear_json_strings
from oracle.rules.setup import ConfigError, GameConfig
from oracle.serialize import TURN_COUNTS, StateError, fingerprint_data, from_dict
from oracle.validate import BOUNDS, MAX_LIST, QUEUE_KINDS, check_card_fields, validate

__all__ = [
    "CARD_CACHE_SIZE",
    "PLAYER_CACHE_SIZE",
    "InputError",
    "action_actor_from_proto",
    "action_from_proto",
    "action_to_proto",
    "actor_from_proto",
    "actor_to_proto",
    "add_events",
    "canonical_text",
    "clear_caches",
    "config_error",
    "config_from_proto",
    "decision_actor_from_proto",
    "decision_to_proto",
    "decode_state",
    "encode_state",
    "event_to_proto",
    "fingerprint_data",
    "state_and_encodings_from_proto",
    "state_dict_from_proto",
    "state_dict_to_proto",
    "state_fingerprint",
    "state_from_proto",
    "state_to_proto",
    "violation_to_proto",
    "violations_to_proto",
]


class InputError(FieldError):
    """Malformed or inconsistent client input.  ``violations`` lists ``(field, reason)``
    pairs; ``field`` is the path of the offending request field (AIP-193 style).  The
    service caps what an answer repeats of them (``oracle.service.server.bad_request_status``)."""

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(field, reason)
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

#: Step enum number -> engine step name (every step of :data:`oracle.model.STEPS` has the
#: enum value ``STEP_`` + its name in capitals).
STEP_FROM_PROTO: dict[int, str] = {state_pb2.Step.Value(f"STEP_{name.upper()}"): name for name in STEPS}
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
                **_turn_counts_from(p),
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
                **({"stunned": True} if c.stunned else {}),
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
            {"id": t.id, "controller": t.controller, "source": t.source, "ability": t.ability, "subject": t.subject,
             **({"count": t.count} if t.count else {})}
            for t in msg.pending
        ],
        "modifiers": [
            {"target": m.target, "amount": m.amount, "until": m.until, **({"owner": m.owner} if m.HasField("owner") else {}),
             **({"sets": True} if m.sets else {}), **({"shots": True} if m.shots else {}),
             **({"grants": m.grants} if m.grants else {}), **({"coins": True} if m.coins else {})}
            for m in msg.modifiers
        ],
        "attack": attack,
    }
    if msg.HasField("choosing"):  # R15:118.1: present exactly at step target_choice
        data["choosing"] = _choosing_from_proto(msg.choosing, _join(field, "choosing"))
    if msg.HasField("choosing_cards"):  # R15:7.discard: present exactly at step hand_choice
        data["choosing_cards"] = _choosing_cards_from_proto(msg.choosing_cards, _join(field, "choosing_cards"))
    return data


def _turn_counts_from(p: state_pb2.PlayerState) -> dict[str, int]:
    """A player's counters of this turn as the canonical form writes them: each key exactly
    when not 0 (proto3 writes no 0 either; PROTOCOL.md 5.4, rule 3)."""
    if not (p.drawn_this_turn or p.played_this_turn or p.creatures_played_this_turn or p.creatures_healed_own_turn):
        return {}
    return {k: v for k in TURN_COUNTS if (v := getattr(p, k))}


def _entry_from_proto(e: state_pb2.QueueEntry) -> dict[str, Any]:
    return {"kind": e.kind, "controller": e.controller, "source": e.source, "ability": e.ability,
            "targets": list(e.targets), "amounts": list(e.amounts), "x": e.x, "mode": e.mode, "part": e.part}


def _choosing_cards_from_proto(hc: state_pb2.HandChoice, field: str) -> dict[str, Any]:
    """The canonical form of a ``HandChoice`` (R15:7.discard)."""
    resume = STEP_FROM_PROTO.get(hc.resume)
    if resume is None:
        reason = "is required" if hc.resume == state_pb2.STEP_UNSPECIFIED else f"unknown Step value {hc.resume}"
        raise InputError(_join(field, "resume"), reason)
    return {"entry": _entry_from_proto(hc.entry), "effect": hc.effect, "player": hc.player, "resume": resume}


def _entry_to_proto(e: dict[str, Any], out: state_pb2.QueueEntry) -> None:
    """Fill ``out`` from the canonical form of a Queue entry (the entry of a choice)."""
    out.kind = e["kind"]
    out.controller = e["controller"]
    out.source = e["source"]
    out.ability = e["ability"]
    out.targets.extend(e["targets"])
    out.amounts.extend(e["amounts"])
    out.x = e["x"]
    out.mode = e["mode"]
    out.part = e["part"]


def _choosing_cards_to_proto(hc: dict[str, Any], msg: state_pb2.State) -> None:
    out = msg.choosing_cards
    _entry_to_proto(hc["entry"], out.entry)
    out.effect = hc["effect"]
    out.player = hc["player"]
    out.resume = STEP_TO_PROTO[hc["resume"]]  # type: ignore[assignment]


def _choices_to_proto(state: State, msg: state_pb2.State) -> None:
    """The fields present only at a choice step (``choosing``, ``choosing_cards``), from the
    canonical form of those fields alone."""
    if state.choosing is not None:
        _choosing_to_proto(target_choice_dict(state.choosing), msg)
    if state.choosing_cards is not None:
        _choosing_cards_to_proto(hand_choice_dict(state.choosing_cards), msg)


def _choosing_from_proto(tc: state_pb2.TargetChoice, field: str) -> dict[str, Any]:
    """The canonical form of a ``TargetChoice`` (an absent entry reads as the default entry,
    which the validator refuses by name)."""
    resume = STEP_FROM_PROTO.get(tc.resume)
    if resume is None:
        reason = "is required" if tc.resume == state_pb2.STEP_UNSPECIFIED else f"unknown Step value {tc.resume}"
        raise InputError(_join(field, "resume"), reason)
    return {"entry": _entry_from_proto(tc.entry), "resume": resume}


def _choosing_to_proto(tc: dict[str, Any], msg: state_pb2.State) -> None:
    _entry_to_proto(tc["entry"], msg.choosing.entry)
    msg.choosing.resume = STEP_TO_PROTO[tc["resume"]]  # type: ignore[assignment]


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
            mulligan_declared=p["mulligan_declared"], mulligan=p["mulligan"], **{k: p.get(k, 0) for k in TURN_COUNTS},
        )
    _cards_to_proto(data["cards"], msg)
    for e in data["queue"]:
        msg.queue.add(
            kind=e["kind"], controller=e["controller"], source=e["source"], ability=e["ability"],
            targets=e["targets"], amounts=e["amounts"], x=e["x"], mode=e["mode"], part=e["part"],
        )
    for t in data["pending"]:
        msg.pending.add(id=t["id"], controller=t["controller"], source=t["source"], ability=t["ability"],
                        subject=t["subject"], count=t.get("count", 0))
    for m in data["modifiers"]:
        mod = msg.modifiers.add(target=m["target"], amount=m["amount"], until=m["until"])
        if "owner" in m:  # present exactly for "start_of_owner_turn" (INTERPRETING.md, entry 23)
            mod.owner = m["owner"]
        if m.get("sets"):  # a set-to modifier (R15:523.1)
            mod.sets = True
        if m.get("shots"):  # a bonus to the card's shots (INTERPRETING.md, entry 67)
            mod.shots = True
        if m.get("grants"):  # life, the class Механизм or a keyword instead of strike (entry 69)
            mod.grants = m["grants"]
        if m.get("coins"):  # temporary coins of the hero's player (INTERPRETING.md, entry 76)
            mod.coins = True
    attack = data["attack"]
    if attack is not None:
        msg.attack.attacker = attack["attacker"]
        msg.attack.target = attack["target"]
        msg.attack.defender = attack["defender"]
    if "choosing" in data:
        _choosing_to_proto(data["choosing"], msg)
    if "choosing_cards" in data:
        _choosing_cards_to_proto(data["choosing_cards"], msg)
    return msg


# --- the direct codec ---------------------------------------------------------------
#
# ``state_from_proto``, ``state_to_proto``, ``encode_state`` and ``state_fingerprint`` go
# between a ``State`` message and an engine :class:`~oracle.model.State` without the
# canonical dict in between.  The dict path above stays the reference: the direct decoder
# accepts exactly the messages the reference accepts and builds the same state, the encoder
# gives the same message and the same canonical JSON text (tests/service/test_convert.py
# checks it on states of random games and on mutated messages).  On any message the direct
# decoder refuses, it hands the message to the reference, which raises the error: error
# paths and reasons are the reference's by construction (errors are rare, their cost does
# not matter).
#
# Reading a field of an upb message costs 0.1-0.2 µs and a card has twelve; cards change
# little from one request to the next, so each is read once: the decoder keys a cache by
# the wire bytes of each card and player (one C parse of the state, with a private message
# type, gives them all), the encoder keys one by their field values, holding their wire
# bytes (merged into the message in one C call) and canonical JSON text.  A card the
# decoder reads for the first time is checked alone then (``validate.check_card_fields``),
# and its record is shared by every state decoded with it, as ``State.fork`` shares records
# (the state owns none of its cards: the engine copies one before changing it); validation
# of the whole state skips only those per-card checks.  The caches are bounded (emptied
# when full) and hold only values nobody changes; the encoder keeps only
# entries made from values of exactly their declared types (``1 == True``, but JSON writes
# them apart), so an entry never depends on the request that made it.  Direct encoding is
# provably the reference's for such states, which are all the states the engine and the
# decoder make; others are encoded by the reference.

#: Most entries each card cache (and the action and event caches) holds before it is emptied.
CARD_CACHE_SIZE = 8192
#: Most entries each player cache holds (a player changes with most actions: fewer repeats).
PLAYER_CACHE_SIZE = 1024


def _shadow_class() -> Any:
    """A private message type with ``repeated bytes players = 10; repeated bytes cards = 11``:
    parsing a ``State``'s wire form with it gives each player's and card's wire bytes in one
    C call (the other fields are kept as unknown fields and never read)."""
    fdp = descriptor_pb2.FileDescriptorProto(
        name="berserk_oracle_private/entry_bytes.proto", package="berserk_oracle_private", syntax="proto3"
    )
    shadow = fdp.message_type.add(name="EntryBytes")
    for name in ("players", "cards"):
        shadow.field.add(
            name=name, number=state_pb2.State.DESCRIPTOR.fields_by_name[name].number,
            type=descriptor_pb2.FieldDescriptorProto.TYPE_BYTES, label=descriptor_pb2.FieldDescriptorProto.LABEL_REPEATED,
        )
    pool = descriptor_pool.DescriptorPool()
    pool.Add(fdp)
    return message_factory.GetMessageClass(pool.FindMessageTypeByName("berserk_oracle_private.EntryBytes"))


_EntryBytes = _shadow_class()

#: One card as parse reads it: uid, card_id, owner, closed, wounds, poison, hidden,
#: entered_turn, attacked_turn, defended_turn, usage pairs, game_usage pairs (request order), stunned.
_CardEntry = tuple[
    int, str, int, bool, int, int, bool, int, int, int, tuple[tuple[int, int], ...], tuple[tuple[int, int], ...], bool
]


class _DecodedCard:
    """A decoder cache entry: the record of a card, decoded once from its wire bytes and
    checked alone (:func:`oracle.validate.check_card_fields`), and its encoding once an
    answer needed it (:func:`_card_encoding_of`)."""

    __slots__ = ("card", "encoding")

    def __init__(self, card: Card) -> None:
        self.card = card
        self.encoding: tuple[bytes, str] | None = None


#: A card's wire bytes -> its decoded record.  The record is shared by every state decoded
#: with those bytes, as :meth:`~oracle.model.State.fork` shares records: a decoded state owns
#: none of its cards, so the engine (which changes a card only through ``State.card_mut``)
#: copies one before changing it, and nobody changes a decoded state in place.
_DECODED_CARDS: dict[bytes, _DecodedCard] = {}
_new_card = object.__new__


def _b(key: str) -> tuple[int, int]:
    return BOUNDS[key]


_UID, _OWNER = _b("cards[].uid"), _b("cards[].owner")
_WOUNDS, _POISON = _b("cards[].wounds"), _b("cards[].poison")
_ENTERED, _ATTACKED, _DEFENDED = _b("cards[].entered_turn"), _b("cards[].attacked_turn"), _b("cards[].defended_turn")
_USAGE = {name: (_b(f"cards[].{name}[].ability"), _b(f"cards[].{name}[].count")) for name in ("usage", "game_usage")}
_TOP = {key: _b(key) for key in ("turn", "active", "first_player", "roll_winner", "shuffled", "winner", "next_trigger_id")}
_HERO, _COINS_OPEN, _COINS_CLOSED, _FAILED = (
    _b("players[].hero"), _b("players[].coins_open"), _b("players[].coins_closed"), _b("players[].failed_draws"),
)
_ZONES = tuple(_b(f"players[].{z}[]") for z in ("deck", "hand", "play", "graveyard"))
_DRAWN, _PLAYED, _CREATURES_PLAYED, _HEALED = (_b(f"players[].{k}") for k in TURN_COUNTS)
_MULLIGAN = _b("players[].mulligan[]")
_Q = {key: _b(f"queue[].{key}") for key in ("controller", "source", "ability", "x", "mode", "part")}
_Q_TARGETS, _Q_AMOUNTS = _b("queue[].targets[]"), _b("queue[].amounts[]")
_P = {key: _b(f"pending[].{key}") for key in ("id", "controller", "source", "ability", "subject", "count")}
_M_TARGET, _M_AMOUNT, _M_OWNER = _b("modifiers[].target"), _b("modifiers[].amount"), _b("modifiers[].owner")
_A = {key: _b(f"attack.{key}") for key in ("attacker", "target", "defender")}
_OWNER_TURN = "start_of_owner_turn"


def _in(value: int, bound: tuple[int, int]) -> bool:
    return bound[0] <= value <= bound[1]


def _ints_in(values: Sequence[int], bound: tuple[int, int]) -> bool:
    """A list within MAX_LIST entries, each within ``bound``."""
    return len(values) <= MAX_LIST and (not values or (bound[0] <= min(values) and max(values) <= bound[1]))


def _usage_pairs(items: Sequence[state_pb2.AbilityUsage], name: str) -> tuple[tuple[int, int], ...] | None:
    """The usage markers as parse reads them (request order), or None if parse refuses them."""
    if not items:
        return ()
    if len(items) > MAX_LIST:
        return None
    ability_bound, count_bound = _USAGE[name]
    pairs = tuple((u.ability, u.count) for u in items)
    abilities = {a for a, _ in pairs}
    if len(abilities) != len(pairs):
        return None
    for a, n in pairs:
        if not (_in(a, ability_bound) and _in(n, count_bound)):
            return None
    return pairs


def _card_entry(c: state_pb2.CardState) -> _CardEntry | None:
    """A card message as parse reads it, or None if parse refuses it."""
    uid, owner, wounds, poison = c.uid, c.owner, c.wounds, c.poison
    entered, attacked, defended = c.entered_turn, c.attacked_turn, c.defended_turn
    if not (
        _in(uid, _UID) and _in(owner, _OWNER) and _in(wounds, _WOUNDS) and _in(poison, _POISON)
        and _in(entered, _ENTERED) and _in(attacked, _ATTACKED) and _in(defended, _DEFENDED)
    ):
        return None
    usage = _usage_pairs(c.usage, "usage")
    game_usage = _usage_pairs(c.game_usage, "game_usage")
    if usage is None or game_usage is None:
        return None
    return (uid, c.card_id, owner, c.closed, wounds, poison, c.hidden, entered, attacked, defended, usage, game_usage,
            c.stunned)


def _card_record(entry: _CardEntry) -> Card:
    """The card record of a parsed card message (every field set, without ``__init__``, as
    ``Card.copy`` does)."""
    uid, cid, owner, closed, wounds, poison, hidden, entered, attacked, defended, usage, game_usage, stunned = entry
    c = _new_card(Card)
    c.uid, c.card_id, c.owner, c.closed, c.wounds, c.poison, c.hidden = uid, cid, owner, closed, wounds, poison, hidden
    c.entered_turn, c.attacked_turn, c.defended_turn = entered, attacked, defended
    c.usage = dict(usage) if usage else {}
    c.game_usage = dict(game_usage) if game_usage else {}
    c.stunned = stunned
    return c


def _decode_cards(msg: state_pb2.State, raw: Sequence[bytes]) -> tuple[dict[int, Card], list[_DecodedCard]] | None:
    """The cards of a state message (``raw``: their wire bytes), in request order, and their
    cache entries, or None if parse or a card's own checks refuse them."""
    cards: dict[int, Card] = {}
    entries: list[_DecodedCard] = []
    if len(raw) > MAX_LIST:
        return None
    cache = _DECODED_CARDS
    for i, key in enumerate(raw):
        entry = cache.get(key)
        if entry is None:
            parsed = _card_entry(msg.cards[i])
            if parsed is None:
                return None
            card = _card_record(parsed)
            try:
                check_card_fields(card, i)
            except StateError:
                return None
            entry = _DecodedCard(card)
            if len(cache) >= CARD_CACHE_SIZE:
                cache.clear()
            cache[key] = entry
        card = entry.card
        if card.uid in cards:
            return None
        cards[card.uid] = card
        entries.append(entry)
    return cards, entries


#: One player as parse reads it: hero, deck, hand, play, graveyard, coins_open,
#: coins_closed, failed_draws, mulligan (None: not declared), drawn_this_turn,
#: played_this_turn, creatures_played_this_turn, creatures_healed_own_turn.
_PlayerEntry = tuple[
    int, tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], int, int, int, tuple[int, ...] | None,
    int, int, int, int,
]
_DECODED_PLAYERS: dict[bytes, _PlayerEntry] = {}


def _player_entry(p: state_pb2.PlayerState) -> _PlayerEntry | None:
    """A player message as parse reads it, or None if parse refuses it."""
    (deck_lo, deck_hi), (hand_lo, hand_hi), (play_lo, play_hi), (grave_lo, grave_hi) = _ZONES
    mull_lo, mull_hi = _MULLIGAN
    hero, declared = p.hero, p.mulligan_declared
    coins_open, coins_closed, failed = p.coins_open, p.coins_closed, p.failed_draws
    drawn, played, creatures = p.drawn_this_turn, p.played_this_turn, p.creatures_played_this_turn
    healed = p.creatures_healed_own_turn
    deck, hand, play, graveyard, mulligan = tuple(p.deck), tuple(p.hand), tuple(p.play), tuple(p.graveyard), tuple(p.mulligan)
    if not (
        _HERO[0] <= hero <= _HERO[1] and _COINS_OPEN[0] <= coins_open <= _COINS_OPEN[1]
        and _COINS_CLOSED[0] <= coins_closed <= _COINS_CLOSED[1] and _FAILED[0] <= failed <= _FAILED[1]
        and _DRAWN[0] <= drawn <= _DRAWN[1] and _PLAYED[0] <= played <= _PLAYED[1]
        and _CREATURES_PLAYED[0] <= creatures <= _CREATURES_PLAYED[1] and _HEALED[0] <= healed <= _HEALED[1]
        and (not deck or (len(deck) <= MAX_LIST and deck_lo <= min(deck) and max(deck) <= deck_hi))
        and (not hand or (len(hand) <= MAX_LIST and hand_lo <= min(hand) and max(hand) <= hand_hi))
        and (not play or (len(play) <= MAX_LIST and play_lo <= min(play) and max(play) <= play_hi))
        and (not graveyard or (len(graveyard) <= MAX_LIST and grave_lo <= min(graveyard) and max(graveyard) <= grave_hi))
        and (not mulligan or (declared and len(mulligan) <= MAX_LIST and mull_lo <= min(mulligan) and max(mulligan) <= mull_hi))
    ):
        return None
    return (hero, deck, hand, play, graveyard, coins_open, coins_closed, failed, mulligan if declared else None,
            drawn, played, creatures, healed)


def _decode_players(msg: state_pb2.State, raw: Sequence[bytes]) -> list[Player] | None:
    """The players of a state message (``raw``: their wire bytes), or None if parse refuses them."""
    if len(raw) != 2:
        return None
    players: list[Player] = []
    cache = _DECODED_PLAYERS
    for i, key in enumerate(raw):
        entry = cache.get(key)
        if entry is None:
            entry = _player_entry(msg.players[i])
            if entry is None:
                return None
            if len(cache) >= PLAYER_CACHE_SIZE:
                cache.clear()
            cache[key] = entry
        hero, deck, hand, play, graveyard, coins_open, coins_closed, failed, mulligan, drawn, played, creatures, healed = entry
        players.append(Player(hero=hero, deck=list(deck), hand=list(hand), play=list(play), graveyard=list(graveyard),
                              coins_open=coins_open, coins_closed=coins_closed, failed_draws=failed, mulligan=mulligan,
                              drawn_this_turn=drawn, played_this_turn=played, creatures_played_this_turn=creatures,
                              creatures_healed_own_turn=healed))
    return players


def _decode_queue(msg: state_pb2.State) -> list[QueueEntry] | None:
    """The Queue of a state message, or None if parse refuses it."""
    queue: list[QueueEntry] = []
    if len(msg.queue) > MAX_LIST:
        return None
    for e in msg.queue:
        entry = _direct_entry(e)
        if entry is None:
            return None
        queue.append(entry)
    return queue


def _direct_entry(e: state_pb2.QueueEntry) -> QueueEntry | None:
    """A Queue entry message (of the Queue or of a choice) as the engine's entry, or None if
    parse refuses it (a kind, an integer or a list out of its bounds)."""
    entry = QueueEntry(e.kind, e.controller, e.source, e.ability, tuple(e.targets), tuple(e.amounts), e.x, e.mode,
                       e.part)
    if not (
        entry.kind in QUEUE_KINDS and all(_in(getattr(entry, key), bound) for key, bound in _Q.items())
        and _ints_in(entry.targets, _Q_TARGETS) and _ints_in(entry.amounts, _Q_AMOUNTS)
    ):
        return None
    return entry


def _decode_pending(msg: state_pb2.State) -> list[PendingTrigger] | None:
    """The pending triggers of a state message, or None if parse refuses them."""
    pending: list[PendingTrigger] = []
    if len(msg.pending) > MAX_LIST:
        return None
    for t in msg.pending:
        trigger = PendingTrigger(t.id, t.controller, t.source, t.ability, t.subject, t.count)
        if not all(_in(getattr(trigger, key), bound) for key, bound in _P.items()):
            return None
        pending.append(trigger)
    return pending


def _decode_modifiers(msg: state_pb2.State) -> list[Modifier] | None:
    """The strike modifiers of a state message, or None if parse refuses them."""
    modifiers: list[Modifier] = []
    if len(msg.modifiers) > MAX_LIST:
        return None
    for m in msg.modifiers:
        target, amount, until = m.target, m.amount, m.until
        if not (_in(target, _M_TARGET) and _in(amount, _M_AMOUNT) and until in UNTIL):
            return None
        if m.grants and m.grants not in GRANTS:
            return None
        has_owner = m.HasField("owner")
        if until == _OWNER_TURN:
            if not (has_owner and _in(m.owner, _M_OWNER)):
                return None
            modifiers.append(Modifier(target, amount, until, m.owner, m.sets, m.shots, m.grants, m.coins))
        elif has_owner:
            return None
        else:
            modifiers.append(Modifier(target, amount, until, sets=m.sets, shots=m.shots, grants=m.grants, coins=m.coins))
    return modifiers


def _decode_direct(msg: state_pb2.State, wire: bytes | None = None) -> tuple[State, list[_DecodedCard]] | None:
    """The state :func:`oracle.serialize.parse` reads from ``state_dict_from_proto(msg)`` and
    the decoder cache entries of its cards, or None where ``state_dict_from_proto`` or
    ``parse`` refuses the message or a card's own checks fail (the rest is not validated).
    ``wire``: ``msg``'s wire bytes, if the caller has them.  The state owns none of its cards
    (they are shared with other decoded states, :data:`_DECODED_CARDS`)."""
    step = STEP_FROM_PROTO.get(msg.step)
    winner = _RESULT_FROM_PROTO.get(msg.result)
    edition = msg.edition
    if step is None or winner is None or edition not in EDITIONS:
        return None
    top = {
        "turn": msg.turn,
        "active": msg.active,
        "first_player": msg.first_player if msg.HasField("first_player") else -1,
        "roll_winner": msg.roll_winner if msg.HasField("roll_winner") else -1,
        "shuffled": msg.shuffled,
        "winner": winner,
        "next_trigger_id": msg.next_trigger_id or 1,
    }
    for key, bound in _TOP.items():
        if not _in(top[key], bound):
            return None
    raw = _EntryBytes.FromString(msg.SerializeToString() if wire is None else wire)
    decoded = _decode_cards(msg, raw.cards)
    if decoded is None:
        return None
    cards, entries = decoded
    players = _decode_players(msg, raw.players)
    if players is None:
        return None
    queue = _decode_queue(msg)
    pending = _decode_pending(msg)
    modifiers = _decode_modifiers(msg)
    if queue is None or pending is None or modifiers is None:
        return None
    attack = None
    if msg.HasField("attack"):
        a = msg.attack
        attack = Attack(a.attacker, a.target, a.defender)
        if not all(_in(getattr(attack, key), bound) for key, bound in _A.items()):
            return None
    choosing = None
    if msg.HasField("choosing"):  # R15:118.1: the declared ability whose target is chosen
        tc = msg.choosing
        entry = _direct_entry(tc.entry)
        resume = STEP_FROM_PROTO.get(tc.resume)
        if entry is None or resume is None:
            return None
        choosing = TargetChoice(entry, resume)
    choosing_cards = None
    if msg.HasField("choosing_cards"):  # R15:7.discard: the resolving ability whose hand cards are chosen
        hc = msg.choosing_cards
        entry = _direct_entry(hc.entry)
        resume = STEP_FROM_PROTO.get(hc.resume)
        if entry is None or resume is None or not (
            _in(hc.effect, _b("choosing_cards.effect")) and _in(hc.player, _b("choosing_cards.player"))
        ):
            return None
        choosing_cards = HandChoice(entry, hc.effect, hc.player, resume)
    state = State(edition=edition, cards=cards, players=players, step=step, turn=top["turn"], active=top["active"],
                  first_player=top["first_player"], roll_winner=top["roll_winner"], shuffled=top["shuffled"],
                  queue=queue, pending=pending, next_trigger_id=top["next_trigger_id"], modifiers=modifiers,
                  attack=attack, winner=winner, choosing=choosing, choosing_cards=choosing_cards, _own=set())
    return state, entries


def clear_caches() -> None:
    """Empty every cache of the codec (cards, players, actions, events: measurements of the
    cost on values never seen, tests)."""
    for cache in (_DECODED_CARDS, _DECODED_PLAYERS, _ENCODED_CARDS, _ENCODED_PLAYERS, _DECODED_ACTIONS,
                  _EVENT_HEADS, _EVENT_FIELDS):
        cache.clear()
    clear_json_strings()


def state_from_proto(msg: state_pb2.State, field: str = "state", mutant: str = "", wire: bytes | None = None) -> State:
    """Decode and validate a ``State`` message straight into an engine state (``mutant``
    set).  Accepts exactly what :func:`decode_state` accepts and gives the same state; on
    bad input raises the same :class:`InputError` (request path, request indices).  The
    state may share its card records with other decoded states: change it only through
    the engine (``State.card_mut``), or change a ``State.copy`` of it.  ``wire``: the
    message's wire bytes, if the caller has them."""
    return _decode_validated(msg, field, mutant, wire)[0]


def state_and_encodings_from_proto(
    msg: state_pb2.State, field: str = "state", mutant: str = "", wire: bytes | None = None
) -> tuple[State, _Encodings | None]:
    """:func:`state_from_proto`, and the encodings of the state's players and cards (None
    when the reference decoded it), to be given as ``base`` to :func:`encode_state_reusing`
    with the state: a next state's cards that no rule changed keep them."""
    state, entries = _decode_validated(msg, field, mutant, wire)
    if entries is None:
        return state, None
    return state, (_player_encodings(state), _entry_encodings(entries))


def _decode_validated(
    msg: state_pb2.State, field: str, mutant: str, wire: bytes | None
) -> tuple[State, list[_DecodedCard] | None]:
    """The validated state of ``msg`` and its cards' decoder cache entries (None when the
    reference decoded it: it raises the error of a message the direct decoder refuses)."""
    decoded = _decode_direct(msg, wire)
    if decoded is not None:
        state, entries = decoded
        try:
            validate(state, cards_checked=True)  # each card passed check_card_fields when it was decoded
        except StateError:
            decoded = None
    if decoded is None:  # the reference names the offending field
        return decode_state(msg, field, mutant)[0], None
    state.mutant = mutant
    return state, entries


def _entry_encodings(entries: list[_DecodedCard]) -> list[tuple[bytes, str]]:
    """The card encodings of a decoded state, by uid, from its decoder cache entries (each
    made once per entry)."""
    uids = [e.card.uid for e in entries]
    if uids != sorted(uids):  # the reference lists the cards by uid; another client may not
        entries = sorted(entries, key=lambda e: e.card.uid)
    out = []
    for e in entries:
        encoding = e.encoding
        if encoding is None:
            encoding = e.encoding = _card_encoding_of(e.card)
        out.append(encoding)
    return out


#: Card field values -> (the card's wire bytes as entry of ``State.cards``, its canonical JSON text).
_ENCODED_CARDS: dict[tuple[Any, ...], tuple[bytes, str]] = {}
_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)
_BYTES = tuple(bytes((i,)) for i in range(128))
_INT32_LIMIT = 2**31
_CARD_TAG: bytes = _BYTES[(11 << 3) | 2]  # State.cards = 11, length-delimited


def _varint(value: int) -> bytes:
    """The wire form of a non-negative integer below 2**31 (protobuf base-128 varint)."""
    if value < 128:
        return _BYTES[value]
    out = bytearray()
    while value >= 128:
        out.append((value & 127) | 128)
        value >>= 7
    out.append(value)
    return bytes(out)


def _usage_wire(tag: int, markers: dict[int, int]) -> bytes:
    """The ``AbilityUsage`` entries (field ``tag`` of a ``CardState``) of the non-zero markers, by ability."""
    out = []
    for ability, count in sorted(markers.items()):
        if count:
            body = (b"\x08" + _varint(ability) if ability else b"") + b"\x10" + _varint(count)
            out.append(_BYTES[tag] + _varint(len(body)) + body)
    return b"".join(out)


def _card_wire(c: Card) -> bytes:
    """The wire form of ``card`` as an entry of ``State.cards`` (every integer in 0..2**31-1,
    the card id ASCII): what ``state_dict_to_proto`` gives, written directly (proto3: a
    field at its default is not written)."""
    v = _varint
    cid = c.card_id.encode("ascii")
    body = b"".join([
        b"\x08" + v(c.uid) if c.uid else b"",
        b"\x12" + v(len(cid)) + cid if cid else b"",
        b"\x18" + v(c.owner) if c.owner else b"",
        b"\x20\x01" if c.closed else b"",
        b"\x28" + v(c.wounds) if c.wounds else b"",
        b"\x30" + v(c.poison) if c.poison else b"",
        b"\x38\x01" if c.hidden else b"",
        b"\x40" + v(c.entered_turn) if c.entered_turn else b"",
        b"\x48" + v(c.attacked_turn) if c.attacked_turn else b"",
        b"\x50" + v(c.defended_turn) if c.defended_turn else b"",
        _usage_wire(0x5A, c.usage) if c.usage else b"",
        _usage_wire(0x62, c.game_usage) if c.game_usage else b"",
        b"\x68\x01" if c.stunned else b"",  # CardState.stunned = 13
    ])
    return _CARD_TAG + v(len(body)) + body


def _card_encoding(card: Card, key: tuple[Any, ...]) -> tuple[bytes, str]:
    """The wire bytes (one ``cards`` entry of a ``State``) and canonical JSON of ``card``.
    A card whose fields have exactly their declared types is written directly and kept;
    any other is made by the reference (``state_dict_to_proto`` and the canonical JSON
    encoder on the card's ``to_dict`` form) and not kept: its key could equal a typed
    card's (``1 == True``)."""
    uid, cid, owner, closed, wounds, poison, hidden, entered, attacked, defended = key[:10]
    markers = [*card.usage.items(), *card.game_usage.items()] if card.usage or card.game_usage else []
    if (
        type(uid) is int and type(owner) is int and type(wounds) is int and type(poison) is int
        and type(entered) is int and type(attacked) is int and type(defended) is int
        and type(closed) is bool and type(hidden) is bool and type(cid) is str
        and (not markers or all(type(k) is int and type(v) is int for k, v in markers))
    ):
        small = (
            0 <= uid < _INT32_LIMIT and 0 <= owner < _INT32_LIMIT and 0 <= wounds < _INT32_LIMIT
            and 0 <= poison < _INT32_LIMIT and 0 <= entered < _INT32_LIMIT and 0 <= attacked < _INT32_LIMIT
            and 0 <= defended < _INT32_LIMIT and cid.isascii()
            and (not markers or all(0 <= k < _INT32_LIMIT and 0 <= v < _INT32_LIMIT for k, v in markers))
        )
        value = (_card_wire(card) if small else _card_wire_reference(card), card_json(card))
        if len(_ENCODED_CARDS) >= CARD_CACHE_SIZE:
            _ENCODED_CARDS.clear()
        _ENCODED_CARDS[key] = value
        return value
    return _card_wire_reference(card), _CANONICAL.encode(card_dict(card))


def _card_wire_reference(card: Card) -> bytes:
    """The wire bytes of a card through the reference (``state_dict_to_proto``; it refuses
    what a ``CardState`` cannot hold)."""
    msg = state_pb2.State()
    _cards_to_proto([card_dict(card)], msg)
    out: bytes = msg.SerializeToString()
    return out


def _card_encodings(state: State, base: tuple[State, list[tuple[bytes, str]]] | None = None) -> list[tuple[bytes, str]]:
    """Per card, by uid: its wire bytes and canonical JSON text.  ``base``: a state with the
    same cards and its card encodings; a card record ``state`` shares with it (the engine's
    copy on write, ``State.fork``: a shared record is unchanged) keeps its encoding."""
    out = []
    items = sorted(state.cards.items())
    shared: list[tuple[bytes, str] | None] = []
    if base is not None and base[0].cards.keys() == state.cards.keys() and len(base[1]) == len(items):
        before = base[0].cards
        shared = [e if before[uid] is c else None for (uid, c), e in zip(items, base[1], strict=True)]
    for i, (_, c) in enumerate(items):
        if shared and (known := shared[i]) is not None:
            out.append(known)
            continue
        out.append(_card_encoding_of(c))
    return out


def _card_encoding_of(c: Card) -> tuple[bytes, str]:
    """The wire bytes and canonical JSON text of card ``c``, from the encoder's cache by its
    field values, or made (:func:`_card_encoding`)."""
    key: tuple[Any, ...] = (
        c.uid, c.card_id, c.owner, c.closed, c.wounds, c.poison, c.hidden, c.entered_turn, c.attacked_turn,
        c.defended_turn,
    )
    if c.usage or c.game_usage:
        key = (*key, tuple(sorted(c.usage.items())), tuple(sorted(c.game_usage.items())))
    if c.stunned:
        key = (*key, "stunned")
    value = _ENCODED_CARDS.get(key)
    return value if value is not None else _card_encoding(c, key)


def _cards_to_proto(cards: Sequence[dict[str, Any]], msg: state_pb2.State) -> None:
    """Append the cards of the canonical data form to ``msg.cards``."""
    add_card = msg.cards.add
    for c in cards:
        card = add_card(
            uid=c["uid"], card_id=c["card_id"], owner=c["owner"], closed=c["closed"], wounds=c["wounds"],
            poison=c["poison"], hidden=c["hidden"], entered_turn=c["entered_turn"],
            attacked_turn=c["attacked_turn"], defended_turn=c["defended_turn"], stunned=c.get("stunned", False),
        )
        for u in c["usage"]:
            card.usage.add(ability=u["ability"], count=u["count"])
        for u in c["game_usage"]:
            card.game_usage.add(ability=u["ability"], count=u["count"])


_PLAYER_TAG: bytes = _BYTES[(10 << 3) | 2]  # State.players = 10, length-delimited
_INT_ONLY = {int}
#: Player field values -> (the player's wire bytes as entry of ``State.players``, its canonical JSON text).
_ENCODED_PLAYERS: dict[tuple[Any, ...], tuple[bytes, str]] = {}


def _packed(tag: int, values: Sequence[int]) -> bytes:
    """A packed repeated int32 field of values in 0..2**31-1 (nothing when empty)."""
    if not values:
        return b""
    body = bytes(values) if max(values) < 128 else b"".join(map(_varint, values))
    return _BYTES[tag] + _varint(len(body)) + body


def _player_wire(p: Player) -> bytes:
    """The wire form of ``p`` as an entry of ``State.players`` (every integer in
    0..2**31-1): what ``state_dict_to_proto`` gives, written directly."""
    parts = [
        b"\x08" + _varint(p.hero) if p.hero else b"", _packed(0x12, p.deck), _packed(0x1A, p.hand),
        _packed(0x22, p.play), _packed(0x2A, p.graveyard),
    ]
    for tag, value in ((0x30, p.coins_open), (0x38, p.coins_closed), (0x40, p.failed_draws)):
        if value:
            parts.append(_BYTES[tag] + _varint(value))
    if p.mulligan is not None:
        parts.append(b"\x48\x01" + _packed(0x52, p.mulligan))
    # PlayerState.drawn_this_turn = 11, played_this_turn = 12, creatures_played_this_turn = 13,
    # creatures_healed_own_turn = 14
    for tag, value in ((0x58, p.drawn_this_turn), (0x60, p.played_this_turn), (0x68, p.creatures_played_this_turn),
                       (0x70, p.creatures_healed_own_turn)):
        if value:
            parts.append(_BYTES[tag] + _varint(value))
    body = b"".join(parts)
    return _PLAYER_TAG + _varint(len(body)) + body


def _player_wire_reference(p: Player) -> bytes:
    """The wire bytes of a player through the reference (``state_dict_to_proto``)."""
    d = player_dict(p)
    msg = state_pb2.State()
    msg.players.add(
        hero=d["hero"], deck=d["deck"], hand=d["hand"], play=d["play"], graveyard=d["graveyard"],
        coins_open=d["coins_open"], coins_closed=d["coins_closed"], failed_draws=d["failed_draws"],
        mulligan_declared=d["mulligan_declared"], mulligan=d["mulligan"], **{k: d.get(k, 0) for k in TURN_COUNTS},
    )
    out: bytes = msg.SerializeToString()
    return out


def _player_encoding(p: Player, key: tuple[Any, ...]) -> tuple[bytes, str]:
    """The wire bytes and canonical JSON of a player; kept (and written directly) only when
    every value has exactly its declared type, as for cards (:func:`_card_encoding`)."""
    hero, deck, hand, play, graveyard, coins_open, coins_closed, failed, mulligan, drawn, played, creatures, healed = key
    values = (hero, coins_open, coins_closed, failed, drawn, played, creatures, healed, *deck, *hand, *play, *graveyard,
              *(mulligan or ()))
    if (mulligan is None or type(mulligan) is tuple) and set(map(type, values)) == _INT_ONLY:
        small = min(values) >= 0 and max(values) < _INT32_LIMIT
        value = (_player_wire(p) if small else _player_wire_reference(p), player_json(p))
        if len(_ENCODED_PLAYERS) >= PLAYER_CACHE_SIZE:
            _ENCODED_PLAYERS.clear()
        _ENCODED_PLAYERS[key] = value
        return value
    return _player_wire_reference(p), _CANONICAL.encode(player_dict(p))


def _player_encodings(state: State) -> list[tuple[bytes, str]]:
    """Per player, in seat order: its wire bytes and canonical JSON text."""
    cache = _ENCODED_PLAYERS
    out = []
    for p in state.players:
        key = (p.hero, tuple(p.deck), tuple(p.hand), tuple(p.play), tuple(p.graveyard), p.coins_open, p.coins_closed,
               p.failed_draws, p.mulligan, p.drawn_this_turn, p.played_this_turn, p.creatures_played_this_turn,
               p.creatures_healed_own_turn)
        value = cache.get(key)
        out.append(value if value is not None else _player_encoding(p, key))
    return out


_Encodings = tuple[list[tuple[bytes, str]], list[tuple[bytes, str]]]


def _encodings(state: State, base: tuple[State, _Encodings] | None = None) -> _Encodings:
    """The encodings of the players and of the cards (by uid) of ``state`` (``base``: see
    :func:`encode_state_reusing`)."""
    return _player_encodings(state), _card_encodings(state, None if base is None else (base[0], base[1][1]))


def _fill(state: State, msg: state_pb2.State, encodings: _Encodings) -> None:
    """Fill the empty message ``msg``: the scalar fields, the Queue, pending triggers,
    modifiers and attack field by field, the players and cards from their wire bytes."""
    msg.edition = state.edition
    msg.step = STEP_TO_PROTO[state.step]  # type: ignore[assignment]
    msg.turn = state.turn
    msg.active = state.active
    if state.first_player >= 0:
        msg.first_player = state.first_player
    if state.roll_winner >= 0:
        msg.roll_winner = state.roll_winner
    msg.shuffled = state.shuffled
    msg.result = _RESULT_TO_PROTO[state.winner]  # type: ignore[assignment]
    msg.next_trigger_id = state.next_trigger_id
    for e in state.queue:
        msg.queue.add(kind=e.kind, controller=e.controller, source=e.source, ability=e.ability, targets=e.targets,
                      amounts=e.amounts, x=e.x, mode=e.mode, part=e.part)
    for t in state.pending:
        msg.pending.add(id=t.id, controller=t.controller, source=t.source, ability=t.ability, subject=t.subject,
                        count=t.count)
    for m in state.modifiers:
        if m.until == _OWNER_TURN:  # owner present exactly for this duration (INTERPRETING.md, entry 23)
            msg.modifiers.add(target=m.target, amount=m.amount, until=m.until, owner=m.owner, sets=m.sets,
                              shots=m.shots, grants=m.grants, coins=m.coins)
        else:
            msg.modifiers.add(target=m.target, amount=m.amount, until=m.until, sets=m.sets, shots=m.shots,
                              grants=m.grants, coins=m.coins)
    attack = state.attack
    if attack is not None:
        msg.attack.attacker = attack.attacker
        msg.attack.target = attack.target
        msg.attack.defender = attack.defender
    players, cards = encodings
    msg.MergeFromString(b"".join([e[0] for e in players] + [e[0] for e in cards]))  # appends them, in order


def state_to_proto(state: State, out: state_pb2.State | None = None) -> state_pb2.State:
    """The ``State`` message of an engine state, made without the canonical dict (``out``,
    an empty message, is filled in place when given); equal to
    ``state_dict_to_proto(to_dict(state))``."""
    msg = state_pb2.State() if out is None else out
    _fill(state, msg, _encodings(state))
    _choices_to_proto(state, msg)
    return msg


def _ints(values: Sequence[int]) -> str:
    return ",".join(map(str, values))


def _canonical_text(state: State, encodings: _Encodings) -> str:
    """The canonical JSON text of ``state`` (keys sorted, no spaces), written directly."""
    return state_json(state, [e[1] for e in encodings[0]], [e[1] for e in encodings[1]])


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def canonical_text(state: State) -> str:
    """The canonical JSON text of ``state`` (PROTOCOL.md, section 8, step 2), written without
    the canonical dict; equal to :func:`oracle.serialize.canonical_json` for states whose
    fields have their declared types (every state the engine or the decoder makes)."""
    return _canonical_text(state, _encodings(state))


def state_fingerprint(state: State) -> str:
    """The fingerprint of ``state`` (PROTOCOL.md, section 8), equal to
    :func:`oracle.serialize.fingerprint`; see :func:`canonical_text`."""
    return _digest(_canonical_text(state, _encodings(state)))


def encode_state(state: State, out: state_pb2.State | None = None) -> tuple[state_pb2.State, str]:
    """The ``State`` message of ``state`` (``out`` filled in place when given) and its
    fingerprint, in one pass over the cards (:func:`state_to_proto`, :func:`state_fingerprint`)."""
    msg, fingerprint, _ = encode_state_reusing(state, out)
    return msg, fingerprint


def encode_state_reusing(
    state: State, out: state_pb2.State | None = None, base: tuple[State, Any] | None = None
) -> tuple[state_pb2.State, str, _Encodings]:
    """:func:`encode_state`, and the encodings it made (to be given back as ``base`` with
    ``state``).  ``base`` is an earlier state and its encodings: the records of the cards
    ``state`` shares with it (``State.fork``, which shares exactly the cards no rule
    changed) keep their encodings instead of being encoded again."""
    msg = state_pb2.State() if out is None else out
    encodings = _encodings(state, base if base is not None and base[1] is not None else None)
    _fill(state, msg, encodings)
    _choices_to_proto(state, msg)
    return msg, _digest(_canonical_text(state, encodings)), encodings


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
        if len(_DECODED_ACTIONS) >= CARD_CACHE_SIZE:
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
            if len(_EVENT_HEADS) >= CARD_CACHE_SIZE:
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
                if len(cache) >= CARD_CACHE_SIZE:
                    cache.clear()
                cache[pair] = piece
        else:
            piece = _event_field(key, value)
        parts.append(piece)
    return b"".join(parts)


def add_events(msg: Message, events: Sequence[Event], name: str = "events") -> None:
    """Append the ``Event`` messages of ``events`` (as :func:`event_to_proto` makes them) to
    the repeated field ``name`` of ``msg``, written directly and merged in one call."""
    if not events:
        return
    tag = _varint((msg.DESCRIPTOR.fields_by_name[name].number << 3) | 2)
    chunks = []
    for event in events:
        body = _event_wire(event)
        chunks.append(tag + _varint(len(body)) + body)
    msg.MergeFromString(b"".join(chunks))


# --- configuration ------------------------------------------------------------------

_DECK_CARD = re.compile(r"^decks\[(\d+)\]\[(\d+)\]$")


def _config_field(field: str) -> str:
    m = _DECK_CARD.match(field)
    if m:
        return f"decks[{m.group(1)}].card_ids[{m.group(2)}]"
    return field


def config_error(exc: ConfigError, field: str = "config") -> InputError:
    """The :class:`InputError` of an engine :class:`~oracle.rules.setup.ConfigError`, with the
    path of the field in the ``GameConfig`` message (``config.decks[0].card_ids[3]``)."""
    return InputError(_join(field, _config_field(exc.field)), exc.reason)


def config_from_proto(msg: game_config_pb2.GameConfig) -> GameConfig:
    """An engine :class:`~oracle.rules.setup.GameConfig` (empty edition: the default edition).
    The counts and card ids are checked by :func:`oracle.rules.setup.new_game`, whose
    :class:`~oracle.rules.setup.ConfigError` is turned into an :class:`InputError` by
    :func:`config_error`."""
    return GameConfig(
        tuple(msg.heroes),
        tuple(list(d.card_ids) for d in msg.decks),  # type: ignore[arg-type]
        msg.edition or DEFAULT_EDITION,
    )
