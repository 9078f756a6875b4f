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
    player_dict,
    player_json,
    state_json,
)
from oracle.actions import ActionSyntaxError, decode, encode
from oracle.contract import ACTOR_NAMES
from oracle.editions import DEFAULT_EDITION
from oracle.engine import Decision
from oracle.model import (
    ACTION_KINDS,
    CHANCE,
    Action,
    Card,
    Event,
    Player,
    State,
    Violation,
)
from oracle.reading import clear_json_strings
from oracle.rules.setup import ConfigError, GameConfig
from oracle.serialize import StateError, fingerprint_data, from_dict
from oracle.service._state_proto import (
    STEP_FROM_PROTO,
    STEP_TO_PROTO,
    card_key,
    card_small,
    card_to_msg,
    card_typed,
    card_wire,
    decode_card,
    decode_player,
    fill,
    player_key,
    player_small,
    player_to_msg,
    player_typed,
    player_wire,
    state_dict_from_proto,
    state_dict_to_proto,
)
from oracle.service._state_proto import decode_state as decode_state_fields
from oracle.service.errors import InputError
from oracle.service.errors import join_field as _join
from oracle.validate import MAX_LIST, check_card_fields, validate

__all__ = [
    "CARD_CACHE_SIZE",
    "PLAYER_CACHE_SIZE",
    "STEP_FROM_PROTO",
    "STEP_TO_PROTO",
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


# --- state --------------------------------------------------------------------------
#
# The per-field code of the state (the reference pair of the ``State`` message and the
# canonical data form, the direct decoder, the wire writer of cards and players, the
# encoder's other fields) is generated from the declarations of :mod:`oracle.model`
# (:mod:`oracle.service._state_proto`, ``python -m oracle.codegen``).  What follows is the
# part no declaration gives: the order and error paths of the reference, and the caches.


def _by_ability(item: dict[str, int]) -> int:
    return item["ability"]


def _by_uid(item: dict[str, Any]) -> int:
    return int(item["uid"])


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
#: A player's wire bytes -> its decoded record, never handed out: each state gets a copy.
_DECODED_PLAYERS: dict[bytes, Player] = {}


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
            card = decode_card(msg.cards[i])
            if card is None:
                return None
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


def _decode_players(msg: state_pb2.State, raw: Sequence[bytes]) -> list[Player] | None:
    """The players of a state message (``raw``: their wire bytes), or None if parse refuses them."""
    if len(raw) != 2:
        return None
    players: list[Player] = []
    cache = _DECODED_PLAYERS
    for i, key in enumerate(raw):
        player = cache.get(key)
        if player is None:
            player = decode_player(msg.players[i])
            if player is None:
                return None
            if len(cache) >= PLAYER_CACHE_SIZE:
                cache.clear()
            cache[key] = player
        players.append(player.copy())
    return players


def _decode_direct(msg: state_pb2.State, wire: bytes | None = None) -> tuple[State, list[_DecodedCard]] | None:
    """The state :func:`oracle.serialize.parse` reads from ``state_dict_from_proto(msg)`` and
    the decoder cache entries of its cards, or None where ``state_dict_from_proto`` or
    ``parse`` refuses the message or a card's own checks fail (the rest is not validated).
    ``wire``: ``msg``'s wire bytes, if the caller has them.  The state owns none of its cards
    (they are shared with other decoded states, :data:`_DECODED_CARDS`)."""
    raw = _EntryBytes.FromString(msg.SerializeToString() if wire is None else wire)
    decoded = _decode_cards(msg, raw.cards)
    if decoded is None:
        return None
    cards, entries = decoded
    players = _decode_players(msg, raw.players)
    if players is None:
        return None
    state = decode_state_fields(msg, cards, players)
    return None if state is None else (state, entries)


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
#: Player field values -> (the player's wire bytes as entry of ``State.players``, its canonical JSON text).
_ENCODED_PLAYERS: dict[tuple[Any, ...], tuple[bytes, str]] = {}
_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)
_BYTES = tuple(bytes((i,)) for i in range(128))
_CARD_TAG: bytes = _BYTES[(11 << 3) | 2]  # State.cards = 11, length-delimited
_PLAYER_TAG: bytes = _BYTES[(10 << 3) | 2]  # State.players = 10, length-delimited


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


def _card_encoding(card: Card, key: tuple[Any, ...]) -> tuple[bytes, str]:
    """The wire bytes (one ``cards`` entry of a ``State``) and canonical JSON of ``card``.
    A card whose fields have exactly their declared types is written directly and kept;
    any other is made by the reference (``state_dict_to_proto`` and the canonical JSON
    encoder on the card's ``to_dict`` form) and not kept: its key could equal a typed
    card's (``1 == True``)."""
    if card_typed(card):
        if card_small(card):
            body = card_wire(card)
            wire = _CARD_TAG + _varint(len(body)) + body
        else:
            wire = _card_wire_reference(card)
        value = (wire, card_json(card))
        if len(_ENCODED_CARDS) >= CARD_CACHE_SIZE:
            _ENCODED_CARDS.clear()
        _ENCODED_CARDS[key] = value
        return value
    return _card_wire_reference(card), _CANONICAL.encode(card_dict(card))


def _card_wire_reference(card: Card) -> bytes:
    """The wire bytes of a card through the reference (``state_dict_to_proto``; it refuses
    what a ``CardState`` cannot hold)."""
    msg = state_pb2.State()
    card_to_msg(card_dict(card), msg.cards.add())
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
    key = card_key(c)
    value = _ENCODED_CARDS.get(key)
    return value if value is not None else _card_encoding(c, key)


def _player_wire_reference(p: Player) -> bytes:
    """The wire bytes of a player through the reference (``state_dict_to_proto``)."""
    msg = state_pb2.State()
    player_to_msg(player_dict(p), msg.players.add())
    out: bytes = msg.SerializeToString()
    return out


def _player_encoding(p: Player, key: tuple[Any, ...]) -> tuple[bytes, str]:
    """The wire bytes and canonical JSON of a player; kept (and written directly) only when
    every value has exactly its declared type, as for cards (:func:`_card_encoding`)."""
    if player_typed(p):
        if player_small(p):
            body = player_wire(p)
            wire = _PLAYER_TAG + _varint(len(body)) + body
        else:
            wire = _player_wire_reference(p)
        value = (wire, player_json(p))
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
        key = player_key(p)
        value = cache.get(key)
        out.append(value if value is not None else _player_encoding(p, key))
    return out


_Encodings = tuple[list[tuple[bytes, str]], list[tuple[bytes, str]]]


def _encodings(state: State, base: tuple[State, _Encodings] | None = None) -> _Encodings:
    """The encodings of the players and of the cards (by uid) of ``state`` (``base``: see
    :func:`encode_state_reusing`)."""
    return _player_encodings(state), _card_encodings(state, None if base is None else (base[0], base[1][1]))


def _fill(state: State, msg: state_pb2.State, encodings: _Encodings) -> None:
    """Fill the empty message ``msg``: every field but the players and cards field by field
    (:func:`oracle.service._state_proto.fill`), then the players and cards from their wire bytes."""
    fill(state, msg)
    players, cards = encodings
    msg.MergeFromString(b"".join([e[0] for e in players] + [e[0] for e in cards]))  # appends them, in order


def state_to_proto(state: State, out: state_pb2.State | None = None) -> state_pb2.State:
    """The ``State`` message of an engine state, made without the canonical dict (``out``,
    an empty message, is filled in place when given); equal to
    ``state_dict_to_proto(to_dict(state))``."""
    msg = state_pb2.State() if out is None else out
    _fill(state, msg, _encodings(state))
    return msg


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
