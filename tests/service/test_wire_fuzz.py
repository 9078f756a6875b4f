"""A byte-level differential fuzz of the service's bytes path against its message form
(PROTOCOL.md 2.2: bytes that do not parse are INVALID_ARGUMENT on ``request``, and the
wire form the server runs must answer exactly as the message form).

Real requests (states of random games of every edition, legal and illegal actions, read
masks, and the server's own next states sent back) are mutated at the level of their
BYTES by Hypothesis strategies: length prefixes and keys rewritten as over-long varints
(at the top level and inside the state, the action or the mask), fields duplicated, split
in two (the parser merges a message field given twice), moved, dropped or emptied,
unknown fields of every wire type (0, 1, 2, 5 and groups, nested up to past the parser's
depth limit), truncation, a byte changed, inserted or deleted, and Hypothesis' own bytes
spliced in.  Before each mutated request the servicer with a state cache holds the
original request's state and its answer's state, so that mutations of a held state take
the cache-hit path (where the wire form parses no state)."""

from __future__ import annotations

import functools
import os
import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import pytest
from google.protobuf import field_mask_pb2
from google.protobuf.message import Message
from hypothesis import HealthCheck, event, given, note, settings
from hypothesis import strategies as st

from oracle._proto.berserk.oracle.v1 import oracle_service_pb2 as pb
from oracle.editions import EDITIONS
from oracle.engine import decision, legal_actions
from oracle.model import Action
from oracle.sampler import play_random_game
from oracle.service import convert as cv
from oracle.service import state_codec as sc
from oracle.service.calls import CallControl
from oracle.service.errors import InputError, undecodable
from oracle.service.servicer import APPLY_PARTS, OracleServicer

SERVICE = "/berserk.oracle.v1.OracleService/"
#: the request and answer messages of the methods fuzzed here
REQUESTS: dict[str, type[Message]] = {
    "ApplyAction": pb.ApplyActionRequest,
    "GetLegalActions": pb.GetLegalActionsRequest,
    "CheckAction": pb.CheckActionRequest,
    "BatchCheckActions": pb.BatchCheckActionsRequest,
}
RESPONSES: dict[str, type[Message]] = {
    "ApplyAction": pb.ApplyActionResponse,
    "GetLegalActions": pb.GetLegalActionsResponse,
    "CheckAction": pb.CheckActionResponse,
    "BatchCheckActions": pb.BatchCheckActionsResponse,
}
#: the seeds of the random games the requests are taken from (fixed: the base requests
#: are the same in every run; Hypothesis explores the mutations)
SEEDS = (11, 29)
#: read masks the base requests carry (besides none)
MASKS: tuple[tuple[str, ...], ...] = (("fingerprint",), ("state", "events"), APPLY_PARTS, ("decision", "legal_actions"), ())

#: a factor on every property's examples (a longer exploration: ORACLE_WIRE_FUZZ_SCALE=20)
SCALE = float(os.environ.get("ORACLE_WIRE_FUZZ_SCALE", "1"))

Answer = bytes | tuple[str, list[tuple[str, str]]]


# the wire format, as a fuzzer reads and writes it (over-long varints and groups included)


def _long(value: int, size: int = 1) -> bytes:
    """The varint of ``value`` written in ``size`` bytes (zero-padded base-128 digits; at
    least its shortest form)."""
    digits = []
    while True:
        digits.append(value & 127)
        value >>= 7
        if value == 0 and len(digits) >= size:
            break
    return bytes(d | 128 for d in digits[:-1]) + bytes(digits[-1:])


def _ld(number: int, payload: bytes, key_size: int = 1, len_size: int = 1) -> bytes:
    """A length-delimited field, its key and length in ``key_size`` and ``len_size`` bytes."""
    return _long((number << 3) | 2, key_size) + _long(len(payload), len_size) + payload


def _varint_at(data: bytes, pos: int) -> tuple[int, int] | None:
    """The varint at ``pos`` (at most ten bytes) and the offset after it, or None."""
    value = shift = 0
    for i in range(pos, min(len(data), pos + 10)):
        value |= (data[i] & 127) << shift
        shift += 7
        if data[i] < 128:
            return value, i + 1
    return None


@dataclass(frozen=True)
class _Tok:
    """One field as written: its key bytes, its length prefix (wire type 2), its value (the
    varint's or fixed bytes, the payload, a group's content) and a group's end key."""

    number: int
    kind: int
    key: bytes
    head: bytes
    body: bytes
    tail: bytes = b""

    def raw(self) -> bytes:
        return self.key + self.head + self.body + self.tail


def _tok_at(data: bytes, pos: int, depth: int = 0) -> tuple[_Tok, int] | None:
    """The field at ``pos`` and the offset after it, or None where it does not parse."""
    got = _varint_at(data, pos)
    if got is None or got[0] >> 3 == 0:
        return None
    key, after = got
    number, kind, keyb = key >> 3, key & 7, data[pos:after]
    if kind == 0:
        value = _varint_at(data, after)
        return None if value is None else (_Tok(number, 0, keyb, b"", data[after:value[1]]), value[1])
    if kind in (1, 5):
        end = after + (8 if kind == 1 else 4)
        return None if end > len(data) else (_Tok(number, kind, keyb, b"", data[after:end]), end)
    if kind == 2:
        length = _varint_at(data, after)
        if length is None or length[1] + length[0] > len(data):
            return None
        end = length[1] + length[0]
        return _Tok(number, 2, keyb, data[after:length[1]], data[length[1]:end]), end
    if kind != 3 or depth > 120:
        return None
    p = after
    while True:  # a group: fields up to its end key
        inner = _varint_at(data, p)
        if inner is None:
            return None
        if inner[0] & 7 == 4:
            if inner[0] >> 3 != number:
                return None
            return _Tok(number, 3, keyb, b"", data[after:p], data[p:inner[1]]), inner[1]
        tok = _tok_at(data, p, depth + 1)
        if tok is None:
            return None
        p = tok[1]


def _tokens(data: bytes) -> list[_Tok] | None:
    """The fields of message bytes ``data`` as written, or None where they do not parse."""
    out, pos = [], 0
    while pos < len(data):
        got = _tok_at(data, pos)
        if got is None:
            return None
        out.append(got[0])
        pos = got[1]
    return out


def _join(toks: list[_Tok]) -> bytes:
    return b"".join(t.raw() for t in toks)


# the mutations: each takes the Hypothesis ``draw``, the bytes (or the fields of one level)
# and a log of what it did, and gives the mutated bytes


@st.composite
def _unknown_field(draw: st.DrawFn) -> bytes:
    """A field of any wire type and number (mostly unknown ones): a varint of up to ten
    bytes, fixed 64 or 32 bits, bytes, a group (nested up to past the parser's depth limit,
    its end key sometimes of another number) or a stray end key."""
    number = draw(st.one_of(st.integers(4, 40), st.integers(1, 2**29 - 1)))
    kind = draw(st.sampled_from([0, 2, 1, 5, 3, 4]))
    if kind == 0:
        return _long(number << 3) + _long(draw(st.integers(0, 2**64 - 1)), draw(st.integers(1, 10)))
    if kind in (1, 5):
        return _long(number << 3 | kind) + draw(st.binary(min_size=8 if kind == 1 else 4, max_size=8 if kind == 1 else 4))
    if kind == 2:
        return _ld(number, draw(st.binary(max_size=24)))
    if kind == 4:
        return _long(number << 3 | 4)
    depth = draw(st.one_of(st.integers(1, 4), st.integers(97, 103)))
    inner = draw(st.sampled_from([b"", b"\x08\x01", b"\x15\x00\x00\x00\x00", b"\x1a\x01x"]))
    end = number if draw(st.integers(0, 9)) else draw(st.integers(1, 2**29 - 1))
    return _long(number << 3 | 3) * depth + inner + _long(end << 3 | 4) * depth


def _pick(draw: st.DrawFn, items: list[int]) -> int | None:
    return draw(st.sampled_from(items)) if items else None


def _level_long_length(draw: st.DrawFn, toks: list[_Tok], log: list[str]) -> list[_Tok]:
    i = _pick(draw, [i for i, t in enumerate(toks) if t.kind == 2])
    if i is not None:
        size = draw(st.integers(1, 11))
        toks[i] = replace(toks[i], head=_long(len(toks[i].body), size))
        log.append(f"length of field {toks[i].number} in {len(toks[i].head)} bytes")
    return toks


def _level_long_key(draw: st.DrawFn, toks: list[_Tok], log: list[str]) -> list[_Tok]:
    i = _pick(draw, [i for i, t in enumerate(toks) if t.kind >= 0])
    if i is not None:
        size = draw(st.integers(1, 11))
        toks[i] = replace(toks[i], key=_long(toks[i].number << 3 | toks[i].kind, size))
        log.append(f"key of field {toks[i].number} in {len(toks[i].key)} bytes")
    return toks


def _level_duplicate(draw: st.DrawFn, toks: list[_Tok], log: list[str]) -> list[_Tok]:
    i = _pick(draw, list(range(len(toks))))
    if i is not None:
        j = draw(st.integers(0, len(toks)))
        toks.insert(j, toks[i])
        log.append(f"field {toks[j].number} (#{i}) duplicated at #{j}")
    return toks


def _level_split(draw: st.DrawFn, toks: list[_Tok], log: list[str]) -> list[_Tok]:
    """A message field written as two fields of the same number, at a field boundary of its
    payload (the parser merges them); the second half placed anywhere."""
    parts = {i: inner for i, t in enumerate(toks) if t.kind == 2 and (inner := _tokens(t.body)) and len(inner) > 1}
    i = _pick(draw, sorted(parts))
    if i is not None:
        inner = parts[i]
        k = draw(st.integers(1, len(inner) - 1))
        t = toks[i]
        first, second = _join(inner[:k]), _join(inner[k:])
        toks[i] = replace(t, head=_long(len(first)), body=first)
        j = draw(st.integers(i + 1, len(toks)))
        toks.insert(j, replace(t, head=_long(len(second)), body=second))
        log.append(f"field {t.number} (#{i}) split after {k} of its {len(inner)} fields, second half at #{j}")
    return toks


def _level_move(draw: st.DrawFn, toks: list[_Tok], log: list[str]) -> list[_Tok]:
    i = _pick(draw, list(range(len(toks))))
    if i is not None:
        tok = toks.pop(i)
        j = draw(st.integers(0, len(toks)))
        toks.insert(j, tok)
        log.append(f"field {tok.number} moved from #{i} to #{j}")
    return toks


def _level_drop(draw: st.DrawFn, toks: list[_Tok], log: list[str]) -> list[_Tok]:
    i = _pick(draw, list(range(len(toks))))
    if i is not None:
        log.append(f"field {toks.pop(i).number} (#{i}) dropped")
    return toks


def _level_empty(draw: st.DrawFn, toks: list[_Tok], log: list[str]) -> list[_Tok]:
    i = _pick(draw, [i for i, t in enumerate(toks) if t.kind == 2])
    if i is not None:
        toks[i] = replace(toks[i], head=b"\x00", body=b"")
        log.append(f"field {toks[i].number} (#{i}) emptied")
    return toks


def _level_garbage(draw: st.DrawFn, toks: list[_Tok], log: list[str]) -> list[_Tok]:
    """A length-delimited field's payload with Hypothesis' bytes spliced in."""
    i = _pick(draw, [i for i, t in enumerate(toks) if t.kind == 2])
    if i is not None:
        body = toks[i].body
        at = draw(st.integers(0, len(body)))
        cut = draw(st.integers(0, min(8, len(body) - at)))
        bytes_in = draw(st.binary(max_size=16))
        body = body[:at] + bytes_in + body[at + cut:]
        toks[i] = replace(toks[i], head=_long(len(body)), body=body)
        log.append(f"field {toks[i].number} (#{i}): {cut} bytes at {at} replaced by {bytes_in!r}")
    return toks


def _level_unknown(draw: st.DrawFn, toks: list[_Tok], log: list[str]) -> list[_Tok]:
    raw = draw(_unknown_field())
    got = _tokens(raw)
    j = draw(st.integers(0, len(toks)))
    # an unknown field that does not parse alone (a stray end key, a mismatched group) is
    # kept as one opaque piece
    toks.insert(j, got[0] if got and len(got) == 1 else _Tok(0, -1, raw, b"", b""))
    log.append(f"unknown field {raw[:12]!r}{'…' if len(raw) > 12 else ''} ({len(raw)} bytes) at #{j}")
    return toks


LEVEL_MUTATIONS: dict[str, Callable[[st.DrawFn, list[_Tok], list[str]], list[_Tok]]] = {
    "long_length": _level_long_length,
    "duplicate": _level_duplicate,
    "empty": _level_empty,
    "split": _level_split,
    "move": _level_move,
    "unknown": _level_unknown,
    "long_key": _level_long_key,
    "drop": _level_drop,
    "garbage": _level_garbage,
}


def _at_some_level(draw: st.DrawFn, data: bytes, kind: str, log: list[str], depth: int = 3) -> bytes:
    """``data`` with the mutation ``kind`` done at its top level or, going down, inside one
    of its length-delimited fields whose payload is a message (the state, a card, the
    action, the mask)."""
    toks = _tokens(data)
    if toks is None:
        return data
    if depth and draw(st.booleans()):
        inner = [i for i, t in enumerate(toks) if t.kind == 2 and t.body and _tokens(t.body)]
        i = _pick(draw, inner)
        if i is not None:
            t = toks[i]
            log.append(f"in field {t.number} (#{i}):")
            body = _at_some_level(draw, t.body, kind, log, depth - 1)
            toks[i] = replace(t, head=_long(len(body), len(t.head)), body=body)
            return _join(toks)
    return _join(LEVEL_MUTATIONS[kind](draw, toks, log))


def _top_reorder(draw: st.DrawFn, data: bytes, log: list[str]) -> bytes:
    toks = _tokens(data)
    if toks is None or len(toks) > 6:
        return data
    order = draw(st.permutations(range(len(toks))))
    log.append(f"top-level fields in order {order}")
    return _join([toks[i] for i in order])


def _position(draw: st.DrawFn, last: int) -> int:
    """A position in 0..``last``: anywhere (mostly inside the state, the bulk of a request),
    or in the last 64 bytes (the action and the mask of a request in the canonical order)."""
    last = max(0, last)
    return int(draw(st.one_of(st.integers(0, last), st.integers(max(0, last - 63), last))))


def _byte_truncate(draw: st.DrawFn, data: bytes, log: list[str]) -> bytes:
    at = _position(draw, len(data) - 1)
    log.append(f"truncated to {at} of {len(data)} bytes")
    return data[:at]


def _byte_change(draw: st.DrawFn, data: bytes, log: list[str]) -> bytes:
    if not data:
        return data
    at = _position(draw, len(data) - 1)
    new = data[at] ^ draw(st.integers(1, 255))
    log.append(f"byte {at} {data[at]:#04x} -> {new:#04x}")
    return data[:at] + bytes((new,)) + data[at + 1:]


def _byte_insert(draw: st.DrawFn, data: bytes, log: list[str]) -> bytes:
    at = _position(draw, len(data))
    new = draw(st.integers(0, 255))
    log.append(f"byte {new:#04x} inserted at {at}")
    return data[:at] + bytes((new,)) + data[at:]


def _byte_delete(draw: st.DrawFn, data: bytes, log: list[str]) -> bytes:
    if not data:
        return data
    at = _position(draw, len(data) - 1)
    log.append(f"byte {at} ({data[at]:#04x}) deleted")
    return data[:at] + data[at + 1:]


def _byte_splice(draw: st.DrawFn, data: bytes, log: list[str]) -> bytes:
    at = draw(st.integers(0, len(data)))
    cut = draw(st.integers(0, min(16, len(data) - at)))
    bytes_in = draw(st.binary(max_size=32))
    log.append(f"{cut} bytes at {at} replaced by {bytes_in!r}")
    return data[:at] + bytes_in + data[at + cut:]


BYTE_MUTATIONS: dict[str, Callable[[st.DrawFn, bytes, list[str]], bytes]] = {
    "change": _byte_change,
    "reorder": _top_reorder,
    "truncate": _byte_truncate,
    "insert": _byte_insert,
    "delete": _byte_delete,
    "splice": _byte_splice,
}
#: every mutation by name; the first ones are the simplest (Hypothesis shrinks towards them)
KINDS = (*LEVEL_MUTATIONS, *BYTE_MUTATIONS)


@st.composite
def mutated(draw: st.DrawFn, data: bytes) -> tuple[bytes, tuple[str, ...]]:
    """``data`` after one to three mutations, and what each did."""
    log: list[str] = []
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(KINDS))
        log.append(f"[{kind}]")
        if kind in LEVEL_MUTATIONS:
            data = _at_some_level(draw, data, kind, log)
        else:
            data = BYTE_MUTATIONS[kind](draw, data, log)
    return data, tuple(log)


# the base requests, made once per module


@dataclass(frozen=True, repr=False)
class Base:
    """A state's bytes, actions on it (legal ones, then an illegal one) and a read mask's
    bytes (or none), and the ApplyAction requests whose calls make a servicer hold the state:
    ``()`` for a request's state (its own first call), or the request whose answer's state
    it is (the server's own next state, sent back)."""

    name: str
    state: bytes
    actions: tuple[bytes, ...]
    mask: bytes | None
    primes: tuple[bytes, ...] = ()

    def __repr__(self) -> str:
        return f"<base {self.name}>"

    def request(self, method: str, action: int = 0) -> bytes:
        """The canonical request of ``method`` (its ``action``-th action)."""
        if method == "GetLegalActions":
            return _ld(1, self.state)
        if method == "BatchCheckActions":
            return _ld(1, self.state) + b"".join(_ld(2, a) for a in self.actions)
        out = _ld(1, self.state) + _ld(2, self.actions[action % len(self.actions)])
        if method == "ApplyAction" and self.mask is not None:
            out += _ld(3, self.mask)
        return out


@functools.cache
def bases() -> tuple[Base, ...]:
    """Requests on states of random games of every edition (two states of two games each),
    and on the next state of each one's first legal action (the answer's state)."""
    out: list[Base] = []
    message = OracleServicer(state_cache=0)
    masks = iter(MASKS * 100)
    for seed in SEEDS:
        for edition in EDITIONS:
            game = play_random_game(seed, edition=edition)
            rng = random.Random(seed)
            states = [s for s in game.states if decision(s).actor >= 0 and legal_actions(s)]
            for state in rng.sample(states, min(2, len(states))):
                actions = rng.sample(legal_actions(state), min(2, len(legal_actions(state))))
                encoded = tuple(cv.action_to_proto(a).SerializeToString() for a in actions)
                illegal = cv.action_to_proto(Action("attack", card=99999, targets=(1,))).SerializeToString()
                mask = field_mask_pb2.FieldMask(paths=next(masks)).SerializeToString()
                base = Base(f"{edition}/{seed}/{game.states.index(state)}", sc.state_to_proto(state).SerializeToString(),
                            (*encoded, illegal), mask if rng.random() < 0.7 else None)
                out.append(base)
                parent = _ld(1, base.state) + _ld(2, base.actions[0])
                reply = message.ApplyAction(pb.ApplyActionRequest.FromString(parent), CallControl())
                nxt = sc.state_from_proto(reply.state)
                follow = legal_actions(nxt)
                if reply.legal and follow:
                    encoded = tuple(cv.action_to_proto(a).SerializeToString() for a in rng.sample(follow, min(2, len(follow))))
                    out.append(Base(base.name + "+1", reply.state.SerializeToString(), (*encoded, illegal),
                                    mask if rng.random() < 0.5 else None, (parent,)))
    return tuple(out)


@functools.cache
def servicers() -> tuple[OracleServicer, OracleServicer]:
    """A servicer without a state cache and one with (emptied before each example)."""
    return OracleServicer(state_cache=0), OracleServicer(state_cache=256)


# the two forms of a call


def answer(servicer: OracleServicer, method: str, data: bytes, wire: bool = False) -> Answer:
    """The answer's bytes, or the refusal (its type and violations), of ``method`` on the
    request bytes ``data``: through the wire form (``wire``, ApplyAction only) or parsed as
    the server's interceptor parses them (bytes that do not parse: INVALID_ARGUMENT on
    ``request``) and given to the message form."""
    control = CallControl()
    try:
        if wire:
            return servicer.apply_action_wire(data, control)
        try:
            request = REQUESTS[method].FromString(data)
        except Exception as exc:
            raise undecodable("request", SERVICE + method, exc) from None
        response: Message = getattr(servicer, method)(request, control)
        out: bytes = response.SerializeToString()
        return out
    except InputError as exc:
        return type(exc).__name__, exc.violations


def show(method: str, got: Answer) -> str:
    """An answer, short: a refusal's violations, or the answer message's main fields."""
    if not isinstance(got, bytes):
        return f"{got[0]} {got[1][:3]}"
    msg = RESPONSES[method].FromString(got)
    parts = [f"{len(got)} bytes"]
    for field, value in msg.ListFields():
        if field.name in ("state", "events", "actions", "legal_actions", "results"):
            parts.append(f"{field.name}: {len(value) if field.name != 'state' else len(value.SerializeToString())}")
        else:
            parts.append(f"{field.name}: {str(value)[:160]!r}")
    return "; ".join(parts)


def differ(method: str, expected: Answer, got: Answer, how: str) -> str:
    return f"{method} {how} answered\n  {show(method, got)}\nthe message form without a cache\n  {show(method, expected)}"


class Case:
    """A base, its request of the method, the mutated bytes and what the mutations did."""

    def __init__(self, base: Base, original: bytes, data: bytes, log: tuple[str, ...]) -> None:
        self.base, self.original, self.data, self.log = base, original, data, log

    def __repr__(self) -> str:
        return f"<{self.base.name}: {' '.join(self.log)}>"

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:  # Hypothesis' printer of a falsifying example
        p.text(repr(self))


@st.composite
def cases(draw: st.DrawFn, method: str) -> Case:
    """A base request of ``method`` (any base, action and mask) and its mutated bytes."""
    base = draw(st.sampled_from(bases()))
    if method == "ApplyAction" and base.mask is not None and draw(st.booleans()):
        base = replace(base, mask=None)
    original = base.request(method, draw(st.integers(0, len(base.actions) - 1)))
    data, log = draw(mutated(original))
    note(f"base {base.name}, {method} request of {len(original)} bytes; mutations: {' '.join(log)}")
    note(f"mutated request: {data.hex()}" if len(data) < 400 else f"mutated request: {len(data)} bytes")
    return Case(base, original, data, log)


def hold(servicer: OracleServicer, base: Base, original: bytes, method: str) -> None:
    """Make the cached servicer hold the original request's state and its answer's: the
    calls that made it (an answer's state), then the original request itself."""
    servicer.state_cache.clear()
    for prime in base.primes:
        answer(servicer, "ApplyAction", prime, wire=True)
    answer(servicer, method, original, wire=method == "ApplyAction")


SETTINGS = settings(
    deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]
)


@settings(SETTINGS, max_examples=int(3000 * SCALE))
@given(case=cases("ApplyAction"))
def test_apply_action_bytes_answer_as_the_message_form(case: Case) -> None:
    """Property (PROTOCOL.md 2.2: the wire form must answer as the message form; bytes that
    do not parse are INVALID_ARGUMENT on ``request``): for ANY request bytes, mutated from a
    real request, ``apply_action_wire`` answers exactly the bytes
    ``ApplyAction(ApplyActionRequest.FromString(data)).SerializeToString()`` gives, or the
    same error (type and violations), with the state cache off, and on while it holds the
    original request's state and its answer's (twice: the mutated state, if it was stored,
    is a hit the second time); and the message form with the cache answers the same."""
    base, original, data = case.base, case.original, case.data
    off, on = servicers()
    hold(on, base, original, "ApplyAction")
    expected = answer(off, "ApplyAction", data)
    event("refused" if not isinstance(expected, bytes) else "answered")
    got = answer(off, "ApplyAction", data, wire=True)
    assert got == expected, differ("ApplyAction", expected, got, "in wire form, without a cache,")
    for i in range(2):
        hits = on.state_cache.stats().hits
        got = answer(on, "ApplyAction", data, wire=True)
        event(f"call {i + 1}: {'hit' if on.state_cache.stats().hits > hits else 'no hit'}")
        assert got == expected, differ("ApplyAction", expected, got, f"in wire form, with the state held (call {i + 1}),")
    got = answer(on, "ApplyAction", data)
    assert got == expected, differ("ApplyAction", expected, got, "in message form, with the state held,")


@pytest.mark.parametrize("method", ["GetLegalActions", "CheckAction", "BatchCheckActions"])
@settings(SETTINGS, max_examples=int(1000 * SCALE))
@given(data=st.data())
def test_state_methods_answer_alike_with_the_state_held(method: str, data: st.DataObject) -> None:
    """Property (PROTOCOL.md 2.2: the wire form must answer as the message form, and no cache
    may change an answer; bytes that do not parse are INVALID_ARGUMENT on ``request``): for
    ANY request bytes of GetLegalActions, CheckAction or BatchCheckActions, mutated from a
    real request, a servicer with ``state_cache=256`` that holds the original request's
    state (and, for an answer's state, the ApplyAction that made it) answers exactly as one
    with ``state_cache=0``: the same bytes or the same error (twice: the mutated state, if it
    was stored, is a hit the second time).  Bytes that do not parse are refused by the
    interceptor alike, before either servicer."""
    case = data.draw(cases(method))
    base, original, request = case.base, case.original, case.data
    off, on = servicers()
    hold(on, base, original, method)
    expected = answer(off, method, request)
    if not isinstance(expected, bytes) and expected[1][0][0] == "request":
        event("undecodable")
        return
    event("refused" if not isinstance(expected, bytes) else "answered")
    for i in range(2):
        hits = on.state_cache.stats().hits
        got = answer(on, method, request)
        event(f"call {i + 1}: {'hit' if on.state_cache.stats().hits > hits else 'no hit'}")
        assert got == expected, differ(method, expected, got, f"with the state held (call {i + 1})")


@functools.cache
def _mid_game() -> tuple[bytes, bytes, bytes]:
    """A state's, an action's and a read mask's bytes of one request."""
    game = play_random_game(5, edition="R15")
    state = next(s for s in game.states[8:] if decision(s).actor >= 0 and legal_actions(s))
    return (sc.state_to_proto(state).SerializeToString(), cv.action_to_proto(legal_actions(state)[0]).SerializeToString(),
            field_mask_pb2.FieldMask(paths=["fingerprint", "events"]).SerializeToString())


@pytest.mark.parametrize("size", [6, 7, 8, 9, 10])
@pytest.mark.parametrize("field", [1, 2, 3], ids=["state", "action", "read_mask"])
def test_over_long_length_prefix_is_refused_on_a_hit(field: int, size: int) -> None:
    """PROTOCOL.md 2.2 (the wire form must answer as the message form): the canonical
    request with its state's, action's or read mask's length prefix written in ``size``
    bytes (protobuf's parser reads at most five) does not parse, so the message form refuses
    it (INVALID_ARGUMENT on ``request``); the wire form, on a servicer that holds the state
    (a hit: no state parsed), must refuse it exactly so."""
    state, action, mask = _mid_game()
    servicer = OracleServicer(state_cache=256)
    canonical = _ld(1, state) + _ld(2, action) + _ld(3, mask)
    assert isinstance(servicer.apply_action_wire(canonical, CallControl()), bytes)
    assert servicer.state_cache.known(state, "") is not None
    data = b"".join(_ld(n, v, len_size=size if n == field else 1) for n, v in ((1, state), (2, action), (3, mask)))
    expected = answer(OracleServicer(state_cache=0), "ApplyAction", data)
    assert not isinstance(expected, bytes) and expected[0] == "InputError" and expected[1][0][0] == "request"
    got = answer(servicer, "ApplyAction", data, wire=True)
    assert got == expected, differ("ApplyAction", expected, got, "in wire form, with the state held,")
