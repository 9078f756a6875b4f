"""The service's state codec: ``State`` messages <-> engine states, and their fingerprints.

The ``State`` message mirrors the engine's canonical data form (:func:`oracle.serialize.to_dict`)
field for field, with these mappings:

* ``step``: the enum ``STEP_CHOICE`` <-> ``"choice"`` (``STEP_UNSPECIFIED`` is refused);
* ``result`` <-> ``winner``: ``GAME_RESULT_UNSPECIFIED`` -1, ``PLAYER_1_WON`` 0,
  ``PLAYER_2_WON`` 1, ``DRAW`` 2;
* ``first_player`` and ``roll_winner`` are ``optional``: absent <-> -1;
* ``attack`` absent <-> ``None``;
* ``next_trigger_id`` 0 is read as 1 (the proto3 default means "no trigger fired yet").

The per-field code (the reference pair of the message and the canonical data form, the direct
decoder, the wire writer of cards and players, the encoder's other fields) is generated from
the declarations of :mod:`oracle.model` (:mod:`oracle.service._state_proto`, ``python -m
oracle.codegen``).  This module holds what no declaration gives: the order and error paths of
the reference, and the caches.  Decoding raises :class:`~oracle.service.errors.InputError`
whose ``field`` is the path of the offending field in the *request* (``state.players[1].hand[2]``).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import compress
from operator import is_not, itemgetter
from typing import Any, Generic, TypeVar

from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

from oracle._proto.berserk.oracle.v1 import state_pb2
from oracle._state_codec import card_dict, card_json, player_dict, player_json, state_json
from oracle.canonical_form import clear_json_strings
from oracle.model import Card, Player, State
from oracle.serialize import StateError, from_dict
from oracle.service._state_proto import (
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
from oracle.service.state_fields import STEP_FROM_PROTO, STEP_TO_PROTO
from oracle.service.wire import BYTES, fields_end, length_delimited
from oracle.validate import MAX_LIST, check_card_fields, validate

__all__ = [
    "CARD_CACHE_SIZE",
    "PLAYER_CACHE_SIZE",
    "STEP_FROM_PROTO",
    "STEP_TO_PROTO",
    "canonical_text",
    "clear_caches",
    "decode_state",
    "encode_state",
    "encode_state_reusing",
    "encode_state_wire",
    "fingerprint_of",
    "state_and_encodings_from_proto",
    "state_dict_from_proto",
    "state_dict_to_proto",
    "state_fingerprint",
    "state_from_proto",
    "state_to_proto",
]


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
    """Empty every cache of the state codec (cards, players, string texts: measurements of the
    cost on values never seen, tests); :func:`oracle.service.convert.clear_caches` empties the
    action and event caches too."""
    for cache in (_DECODED_CARDS, _DECODED_PLAYERS, _ENCODED_CARDS, _ENCODED_PLAYERS):
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


#: A record the encoder caches: a card or a player.
_R = TypeVar("_R", Card, Player)


@dataclass(frozen=True)
class _RecordCodec(Generic[_R]):
    """The generated pieces that encode one kind of cached record (a card, a player) and
    where its encodings are kept: its exact-type and small-values tests, its direct wire
    writer and canonical JSON text, its canonical data form and the reference's message
    filler, the ``State`` field it is an entry of, and its cache."""

    typed: Callable[[_R], bool]
    small: Callable[[_R], bool]
    wire: Callable[[_R], bytes]
    json: Callable[[_R], str]
    as_dict: Callable[[_R], dict[str, Any]]
    to_msg: Callable[[dict[str, Any], Any], None]
    field: str
    cache: dict[tuple[Any, ...], tuple[bytes, str]]
    size: int

    def encoding(self, record: _R, key: tuple[Any, ...]) -> tuple[bytes, str]:
        """The wire bytes (one entry of the ``State`` field) and canonical JSON of ``record``.
        A record whose fields have exactly their declared types is written directly and kept;
        any other is made by the reference (``state_dict_to_proto`` and the canonical JSON
        encoder on its ``to_dict`` form) and not kept: its key could equal a typed record's
        (``1 == True``)."""
        if not self.typed(record):
            return self.wire_reference(record), _CANONICAL.encode(self.as_dict(record))
        wire = length_delimited(_TAGS[self.field], self.wire(record)) if self.small(record) else self.wire_reference(record)
        value = (wire, self.json(record))
        if len(self.cache) >= self.size:
            self.cache.clear()
        self.cache[key] = value
        return value

    def wire_reference(self, record: _R) -> bytes:
        """The wire bytes of ``record`` through the reference (``state_dict_to_proto``; it
        refuses what the message cannot hold)."""
        msg = state_pb2.State()
        self.to_msg(self.as_dict(record), getattr(msg, self.field).add())
        out: bytes = msg.SerializeToString()
        return out


#: The key bytes of ``State.players`` (10) and ``State.cards`` (11), length-delimited.
_TAGS = {"players": BYTES[(10 << 3) | 2], "cards": BYTES[(11 << 3) | 2]}
_CARDS: _RecordCodec[Card] = _RecordCodec(
    card_typed, card_small, card_wire, card_json, card_dict, card_to_msg, "cards", _ENCODED_CARDS, CARD_CACHE_SIZE,
)
_PLAYERS: _RecordCodec[Player] = _RecordCodec(
    player_typed, player_small, player_wire, player_json, player_dict, player_to_msg, "players", _ENCODED_PLAYERS,
    PLAYER_CACHE_SIZE,
)


def _card_encodings(state: State, base: tuple[State, list[tuple[bytes, str]]] | None = None) -> list[tuple[bytes, str]]:
    """Per card, by uid: its wire bytes and canonical JSON text.  ``base``: a state with the
    same cards and its card encodings; a card record ``state`` shares with it (the engine's
    copy on write, ``State.fork``: a shared record is unchanged) keeps its encoding."""
    cards = state.cards
    uids = sorted(cards)
    if base is not None and len(uids) > 1:  # (itemgetter of one uid gives the record, not a tuple)
        before, known = base[0].cards, base[1]
        if len(known) == len(uids) == len(before):
            records = itemgetter(*uids)  # (the records of both by uid, and which differ, found without a Python loop)
            try:
                old = records(before)
            except KeyError:  # another card than ``state``'s: no encoding is kept
                return [_card_encoding_of(cards[uid]) for uid in uids]
            new = records(cards)
            out = list(known)
            for i in compress(range(len(uids)), map(is_not, new, old)):
                out[i] = _card_encoding_of(new[i])
            return out
    return [_card_encoding_of(cards[uid]) for uid in uids]


def _card_encoding_of(c: Card) -> tuple[bytes, str]:
    """The wire bytes and canonical JSON text of card ``c``, from the encoder's cache by its
    field values, or made (:meth:`_RecordCodec.encoding`)."""
    key = card_key(c)
    value = _ENCODED_CARDS.get(key)
    return value if value is not None else _CARDS.encoding(c, key)


def _player_encodings(state: State) -> list[tuple[bytes, str]]:
    """Per player, in seat order: its wire bytes and canonical JSON text."""
    cache = _ENCODED_PLAYERS
    out = []
    for p in state.players:
        key = player_key(p)
        value = cache.get(key)
        out.append(value if value is not None else _PLAYERS.encoding(p, key))
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


def encode_state_wire(state: State, base: tuple[State, Any] | None = None) -> tuple[bytes, _Encodings]:
    """The wire bytes of the ``State`` message of ``state`` (the same bytes as
    ``encode_state_reusing(state)[0].SerializeToString()``, in field-number order) and the
    encodings made (``base``: see :func:`encode_state_reusing`; :func:`fingerprint_of` gives
    the fingerprint from them).  The fields other than the players and cards are written into
    a message and serialized; the players' and cards' encodings go between its fields below
    10 and those above 11, so no card is parsed or serialized again."""
    encodings = _encodings(state, base if base is not None and base[1] is not None else None)
    head = state_pb2.State()
    fill(state, head)
    rest = head.SerializeToString()
    cut = fields_end(rest, 10)
    players, cards = encodings
    return b"".join([rest[:cut], *[e[0] for e in players], *[e[0] for e in cards], rest[cut:]]), encodings


def fingerprint_of(state: State, encodings: _Encodings) -> str:
    """The fingerprint of ``state`` (:func:`state_fingerprint`) from the encodings
    :func:`encode_state_wire` made."""
    return _digest(_canonical_text(state, encodings))


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
