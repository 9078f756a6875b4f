"""The service's generated module, :mod:`oracle.service._state_proto`: the ``State`` message <->
canonical data form pair, the direct decoder, the wire writer of cards and players, the
encoder's other fields."""

from __future__ import annotations

from .. import model
from ..schema import PROTO_MESSAGES
from ..service.wire import varint
from . import HEADER, RECORDS, Field, canonical, fname, pname

__all__ = ["proto_module"]

_DEFAULTS = {"int": "0", "bool": "False", "str": '""'}


def _from_msg_value(f: Field, m: str, path: str) -> str:
    """The canonical data value of field ``f`` of message ``m`` (the reference decoder)."""
    v = f"{m}.{pname(f)}"
    rec = f.record
    c = f.spec.codec
    if c == "cards":
        return f"[card_from_msg(x) for x in {v}]"
    if rec is not None and f.is_list:
        return f"[{fname(rec)}_from_msg(x, f\"{{field}}.{f.key}[{{i}}]\") for i, x in enumerate({v})]"
    if rec is not None:
        call = f"{fname(rec)}_from_msg({v}, _join(field, {f.key!r}))"
        if f.spec.presence == "always" and f.optional:
            return f"{call} if {m}.HasField({pname(f)!r}) else None"
        return call
    if c == "step":
        return f"step_from({v}, _join(field, {pname(f)!r}))"
    if c == "result":
        return f"result_from({v}, _join(field, {pname(f)!r}))"
    if c == "optional_seat":
        return f"{v} if {m}.HasField({pname(f)!r}) else -1"
    if c == "usage":
        return f"usage_from({v})"
    if c == "declared" or "[" in f.ptype:
        return f"list({v})"
    if f.spec.zero_reads_as is not None:
        return f"{v} or {f.spec.zero_reads_as}"
    return v


def _msg_present(f: Field, m: str) -> str:
    p = f.spec.presence
    if p == "nonzero":
        return f"{m}.{pname(f)}"
    if p in ("not_none", "owner_turn"):
        return f"{m}.HasField({pname(f)!r})"
    raise AssertionError(p)


def gen_from_msg(out: list[str]) -> None:
    for cls in RECORDS:
        msg = PROTO_MESSAGES[cls.__name__]
        name = "state_dict_from_proto" if cls is model.State else f"{fname(cls)}_from_msg"
        sig = "field: str = \"state\"" if cls is model.State else ("field: str" if _needs_field(cls) else "field: str = \"\"")
        out.append(f"def {name}(m: state_pb2.{msg}, {sig}) -> dict[str, Any]:")
        doc = ("The engine's canonical data form of a ``State`` message (not yet validated: pass it to "
               ":func:`oracle.serialize.from_dict`); enum values the proto does not define raise "
               ":class:`InputError` naming the field under ``field``." if cls is model.State else
               f"The canonical data form of a ``{msg}`` message (the reference decoder).")
        out.append(f'    """{doc}"""')
        items = []
        for f in canonical(cls):
            if f.spec.presence != "always":
                continue
            if f.spec.codec == "declared":
                items.append(f'"{f.spec.flag}": m.{f.spec.flag}')
            items.append(f'"{f.key}": {_from_msg_value(f, "m", "")}')
        optional = [f for f in canonical(cls) if f.spec.presence != "always"]
        if not optional:
            out.append("    return {" + ", ".join(items) + "}\n\n")
            continue
        out.append("    d: dict[str, Any] = {" + ", ".join(items) + "}")
        for f in optional:
            out.append(f"    if {_msg_present(f, 'm')}:")
            value = "True" if f.ptype == "bool" else _from_msg_value(f, "m", "")
            out.append(f'        d["{f.key}"] = {value}')
        out.append("    return d\n\n")


def _needs_field(cls: type) -> bool:
    """Whether the reference decoder of ``cls`` can raise (a step enum, nested)."""
    for f in canonical(cls):
        if f.spec.codec in ("step", "result") or (f.record is not None and f.record is not model.Card and _needs_field(f.record)):
            return True
    return False


def gen_to_msg(out: list[str]) -> None:
    for cls in RECORDS:
        msg = PROTO_MESSAGES[cls.__name__]
        name = "state_dict_to_proto" if cls is model.State else f"{fname(cls)}_to_msg"
        if cls is model.State:
            out.append("def state_dict_to_proto(d: dict[str, Any], out: state_pb2.State | None = None) -> state_pb2.State:")
            out.append('    """A ``State`` message from the engine\'s canonical data form (``out`` is filled in place when given)."""')
            out.append("    m = state_pb2.State() if out is None else out")
        else:
            out.append(f"def {name}(d: dict[str, Any], m: state_pb2.{msg}) -> None:")
            out.append(f'    """Fill the empty ``{msg}`` message ``m`` from its canonical data form."""')
        for f in canonical(cls):
            k, pn, c = f.key, pname(f), f.spec.codec
            rec = f.record
            get = f"d[{k!r}]" if f.spec.presence == "always" else f"d.get({k!r}, {_DEFAULTS.get(f.ptype, 'None')})"
            if c == "cards" or (rec is not None and f.is_list):
                out.append(f"    for x in d[{k!r}]:" if f.spec.presence == "always" else f"    for x in d.get({k!r}, ()):")
                out.append(f"        {fname(rec)}_to_msg(x, m.{pn}.add())")  # type: ignore[arg-type]
            elif rec is not None:
                if f.spec.presence == "always":
                    out.append(f"    if d[{k!r}] is not None:")
                else:
                    out.append(f"    if {k!r} in d:")
                    out.append(f"        m.{pn}.SetInParent()")
                out.append(f"        {fname(rec)}_to_msg(d[{k!r}], m.{pn})")
            elif c == "step":
                out.append(f"    m.{pn} = STEP_TO_PROTO[{get}]  # type: ignore[assignment]")
            elif c == "result":
                out.append(f"    m.{pn} = RESULT_TO_PROTO[{get}]  # type: ignore[assignment]")
            elif c == "optional_seat":
                out.append(f"    if {get} >= 0:")
                out.append(f"        m.{pn} = {get}")
            elif c == "usage":
                out.append(f"    for u in d[{k!r}]:")
                out.append(f'        m.{pn}.add(ability=u["ability"], count=u["count"])')
            elif c == "declared":
                out.append(f"    m.{f.spec.flag} = d[{f.spec.flag!r}]")
                out.append(f"    m.{pn}.extend(d[{k!r}])")
            elif "[" in f.ptype and f.spec.presence == "nonzero":  # absent when empty
                out.append(f"    m.{pn}.extend(d.get({k!r}, ()))")
            elif "[" in f.ptype:
                src = f"d[{k!r}]" if f.spec.presence == "always" else f"d.get({k!r}, ())"
                out.append(f"    m.{pn}.extend({src})")
            elif f.spec.presence == "owner_turn":
                out.append(f"    if {k!r} in d:  # present exactly for \"start_of_owner_turn\" (INTERPRETING.md, entry 23)")
                out.append(f"        m.{pn} = d[{k!r}]")
            elif f.spec.presence == "nonzero":
                out.append(f"    if d.get({k!r}):")
                out.append(f"        m.{pn} = d[{k!r}]")
            else:
                out.append(f"    m.{pn} = d[{k!r}]")
        out.append("    return m\n\n" if cls is model.State else "")
        if cls is not model.State:
            out.append("")


def _check(f: Field, v: str) -> str | None:
    """The condition under which value ``v`` of ``f`` is what the reader accepts (bounds, choices)."""
    if f.ptype == "int" and f.spec.bound is not None:
        lo, hi = f.spec.bound
        return f"{lo} <= {v} <= {hi}"
    if f.ptype == "str" and f.spec.choices:
        return f"{v} in {f.spec.choices}"
    if "[int" in f.ptype and f.spec.bound is not None:
        return f"ints_in({v}, {f.spec.bound!r})"
    return None


def gen_decoders(out: list[str]) -> None:
    """The direct decoder: message -> record, or None where the reference reader refuses it."""
    for cls in RECORDS:
        if cls is model.State:
            continue
        name = cls.__name__
        msg = PROTO_MESSAGES[name]
        out.append(f"def decode_{fname(cls)}(m: state_pb2.{msg}) -> {name} | None:")
        out.append(f'    """The ``{name}`` of a message, or None if the reader of its canonical form refuses it."""')
        conds: list[str] = []
        args: list[str] = []
        for f in canonical(cls):
            pn = pname(f)
            rec = f.record
            c = f.spec.codec
            var = f.name
            if rec is not None and f.spec.presence == "not_none":  # a record present at some pauses only
                out.append(f"    {var} = decode_{fname(rec)}(m.{pn}) if m.HasField({pn!r}) else None")
                out.append(f"    if {var} is None and m.HasField({pn!r}):")
                out.append("        return None")
            elif rec is not None:
                out.append(f"    {var} = decode_{fname(rec)}(m.{pn})")
                out.append(f"    if {var} is None:")
                out.append("        return None")
            elif c == "step":
                out.append(f"    {var} = STEP_FROM_PROTO.get(m.{pn})")
                out.append(f"    if {var} is None:")
                out.append("        return None")
            elif c == "usage":
                out.append(f"    {var} = usage_pairs(m.{pn})")
                out.append(f"    if {var} is None:")
                out.append("        return None")
            elif c == "declared":
                out.append(f"    declared = m.{f.spec.flag}")
                out.append(f"    {var}_ids = tuple(m.{pn})")
                conds.append(f"(not {var}_ids or (declared and ints_in({var}_ids, {f.spec.bound!r})))")
                args.append(f"{var}={var}_ids if declared else None")
                continue
            elif f.spec.presence == "owner_turn":
                out.append(f"    has_{var} = m.HasField({pn!r})")
                out.append(f"    {var} = m.{pn} if has_{var} else -1")
                lo, hi = f.spec.bound  # type: ignore[misc]
                conds.append(f'(has_{var} == (until == "start_of_owner_turn")) and (not has_{var} or {lo} <= {var} <= {hi})')
            elif f.ptype == "str" and f.spec.presence == "nonzero" and f.spec.choices:
                out.append(f"    {var} = m.{pn}")
                if f.spec.choices:  # a card id (codec card_id) is checked against the pool by the validator
                    conds.append(f"(not {var} or {var} in {f.spec.choices})")
            elif f.ptype.startswith("tuple[int"):
                out.append(f"    {var} = tuple(m.{pn})")
                conds.append(_check(f, var) or "True")
            elif f.ptype == "list[int]":
                out.append(f"    {var} = list(m.{pn})")
                conds.append(_check(f, var) or "True")
            else:
                out.append(f"    {var} = m.{pn}")
                chk = _check(f, var)
                if chk:
                    conds.append(chk)
            args.append(f"{var}={var}")
        if conds:
            out.append("    if not (")
            out.append("        " + "\n        and ".join(conds))
            out.append("    ):")
            out.append("        return None")
        out.append(f"    return {name}({', '.join(args)})\n\n")
    # the top level, given its players and cards
    out.append("def decode_state(m: state_pb2.State, cards: dict[int, Card], players: list[Player]) -> State | None:")
    out.append('    """The ``State`` of a message whose cards and players are decoded (they are not read here),')
    out.append('    or None if the reader of its canonical form refuses it.  The state owns none of its cards."""')
    conds = []
    args = []
    for f in canonical(model.State):
        pn = pname(f)
        var = f.name
        c = f.spec.codec
        rec = f.record
        if c == "cards" or f.name == "players":
            args.append(f"{var}={var}")
            if f.spec.count:
                conds.append(f"len({var}) == {f.spec.count}")
            continue
        if rec is not None and f.is_list:
            out.append(f"    if len(m.{pn}) > MAX_LIST:")
            out.append("        return None")
            out.append(f"    {var}_or_none = [decode_{fname(rec)}(x) for x in m.{pn}]")
            out.append(f"    if None in {var}_or_none:")
            out.append("        return None")
            out.append(f"    {var} = typing.cast(list[{rec.__name__}], {var}_or_none)")
            args.append(f"{var}={var}")
            continue
        if rec is not None:
            out.append(f"    {var} = decode_{fname(rec)}(m.{pn}) if m.HasField({pn!r}) else None")
            out.append(f"    if {var} is None and m.HasField({pn!r}):")
            out.append("        return None")
        elif c == "step":
            out.append(f"    {var} = STEP_FROM_PROTO.get(m.{pn})")
            conds.insert(0, f"{var} is not None")
        elif c == "result":
            out.append(f"    {var} = RESULT_FROM_PROTO.get(m.{pn}, -2)")
            lo, hi = f.spec.bound  # type: ignore[misc]
            conds.append(f"{lo} <= {var} <= {hi}")
        elif c == "optional_seat":
            out.append(f"    {var} = m.{pn} if m.HasField({pn!r}) else -1")
            conds.append(_check(f, var) or "True")
        else:
            zero = f" or {f.spec.zero_reads_as}" if f.spec.zero_reads_as is not None else ""
            out.append(f"    {var} = m.{pn}{zero}")
            chk = _check(f, var)
            if chk:
                conds.append(chk)
        args.append(f"{var}={var}")
    out.append("    if not (")
    out.append("        " + "\n        and ".join(conds))
    out.append("    ):")
    out.append("        return None")
    out.append(f"    return State({', '.join(args)}, _own=set())\n\n")


def _key(n: int, wire_type: int) -> str:
    """The bytes literal of a field's key (its number and wire type, a varint: two bytes from
    field 16 on)."""
    return repr(varint((n << 3) | wire_type))


def _wire_part(f: Field, var: str) -> str:
    """The expression of field ``f``'s wire bytes (every integer in 0..2**31-1, strings ASCII)."""
    n = f.spec.number
    v = f"{var}.{f.name}"
    c = f.spec.codec
    if c == "usage":
        return f"usage_wire({(n << 3) | 2:#04x}, {v}) if {v} else b\"\""
    if c == "declared":
        flag = f.spec.flag_number
        return f"({_key(flag, 0)} + b\"\\x01\" + packed({(n << 3) | 2:#04x}, {v})) if {v} is not None else b\"\""
    if "[int" in f.ptype:
        return f"packed({(n << 3) | 2:#04x}, {v})"
    if f.ptype == "bool":
        return f"{_key(n, 0)} + b\"\\x01\" if {v} else b\"\""
    if f.ptype == "str":
        return f"str_wire({(n << 3) | 2:#04x}, {v}) if {v} else b\"\""
    if f.ptype == "int":
        return f"{_key(n, 0)} + varint({v}) if {v} else b\"\""
    raise AssertionError(f.name)


def gen_wire(out: list[str]) -> None:
    """The direct wire writers of cards and players (the records the service caches), their
    cache keys and the type checks that make a record's direct encodings provably the reference's."""
    for cls in (model.Card, model.Player):
        name = cls.__name__
        var = "o"
        fs = canonical(cls)
        out.append(f"def {fname(cls)}_wire(o: {name}) -> bytes:")
        out.append(f'    """The wire bytes of a ``{PROTO_MESSAGES[name]}`` (its body), for a record every integer of which is in')
        out.append('    0..2**31-1 and every string ASCII (:func:`' + f'{fname(cls)}_small' + '`): what the reference gives."""')
        out.append("    return b\"\".join([")
        for f in fs:
            out.append(f"        {_wire_part(f, var)},")
        out.append("    ])\n\n")
        # the key
        out.append(f"def {fname(cls)}_key(o: {name}) -> tuple[Any, ...]:")
        out.append(f'    """The field values of a ``{name}`` as an immutable key (the encoder\'s cache)."""')
        parts = []
        for f in fs:
            v = f"o.{f.name}"
            if f.spec.codec == "usage":
                parts.append(f"tuple(sorted({v}.items())) if {v} else ()")
            elif f.ptype.startswith("list["):
                parts.append(f"tuple({v})")
            else:
                parts.append(v)
        out.append(f"    return ({', '.join(parts)},)\n\n")
        # exact types
        out.append(f"def {fname(cls)}_typed(o: {name}) -> bool:")
        out.append(f'    """Whether every field of a ``{name}`` has exactly its declared type (``1 == True``, but JSON writes')
        out.append('    them apart: only such records are written directly and cached)."""')
        conds = []
        for f in fs:
            v = f"o.{f.name}"
            if f.ptype in ("int", "bool", "str"):
                conds.append(f"type({v}) is {f.ptype}")
            elif f.spec.codec == "usage":
                conds.append(f"(not {v} or all(type(k) is int and type(n) is int for k, n in {v}.items()))")
            elif f.spec.codec == "declared":
                conds.append(f"({v} is None or (type({v}) is tuple and all(type(x) is int for x in {v})))")
            elif f.ptype == "list[int]":
                conds.append(f"all(type(x) is int for x in {v})")
            else:
                raise AssertionError(f.name)
        out.append("    return (")
        out.append("        " + "\n        and ".join(conds))
        out.append("    )\n\n")
        out.append(f"def {fname(cls)}_small(o: {name}) -> bool:")
        out.append(f'    """Whether every integer of a (typed) ``{name}`` is in 0..2**31-1 and every string ASCII."""')
        conds = []
        for f in fs:
            v = f"o.{f.name}"
            if f.ptype == "int":
                conds.append(f"0 <= {v} < INT32_LIMIT")
            elif f.ptype == "str":
                conds.append(f"{v}.isascii()")
            elif f.spec.codec == "usage":
                conds.append(f"(not {v} or all(0 <= k < INT32_LIMIT and 0 <= n < INT32_LIMIT for k, n in {v}.items()))")
            elif f.spec.codec == "declared" or f.ptype == "list[int]":
                conds.append(f"(not {v} or (min({v}) >= 0 and max({v}) < INT32_LIMIT))")
        out.append("    return (")
        out.append("        " + "\n        and ".join(conds))
        out.append("    )\n\n")


def gen_fill(out: list[str]) -> None:
    """The encoder's fields of a ``State`` message other than its players and cards."""
    out.append("def fill(o: State, m: state_pb2.State) -> None:")
    out.append('    """Fill the empty message ``m`` with every field of ``o`` but its players and cards (those are')
    out.append('    merged from their cached wire bytes)."""')
    for f in canonical(model.State):
        pn = pname(f)
        c = f.spec.codec
        rec = f.record
        v = f"o.{f.name}"
        if c == "cards" or f.name == "players":
            continue
        if rec is not None and f.is_list:
            out.append(f"    for {f.name}_item in {v}:")
            out.append(f"        {fname(rec)}_fill({f.name}_item, m.{pn}.add())")
        elif rec is not None:
            out.append(f"    if {v} is not None:")
            out.append(f"        {fname(rec)}_fill({v}, m.{pn})")
        elif c == "step":
            out.append(f"    m.{pn} = STEP_TO_PROTO[{v}]  # type: ignore[assignment]")
        elif c == "result":
            out.append(f"    m.{pn} = RESULT_TO_PROTO[{v}]  # type: ignore[assignment]")
        elif c == "optional_seat":
            out.append(f"    if {v} >= 0:")
            out.append(f"        m.{pn} = {v}")
        else:
            out.append(f"    m.{pn} = {v}")
    out.append("\n")
    for cls in (model.QueueEntry, model.PendingTrigger, model.Modifier, model.Attack, model.TargetChoice,
                model.Memory, model.HandChoice, model.ModuleChoice, model.PlayerEffect):
        msg = PROTO_MESSAGES[cls.__name__]
        out.append(f"def {fname(cls)}_fill(o: {cls.__name__}, m: state_pb2.{msg}) -> None:")
        out.append(f'    """Fill the empty ``{msg}`` message ``m`` from a ``{cls.__name__}``."""')
        for f in canonical(cls):
            pn = pname(f)
            v = f"o.{f.name}"
            if f.record is not None and f.spec.presence == "not_none":  # a record present at some pauses only
                out.append(f"    if {v} is not None:")
                out.append(f"        m.{pn}.SetInParent()")
                out.append(f"        {fname(f.record)}_fill({v}, m.{pn})")
            elif f.record is not None:
                out.append(f"    {fname(f.record)}_fill({v}, m.{pn})")
            elif f.spec.codec == "step":
                out.append(f"    m.{pn} = STEP_TO_PROTO[{v}]  # type: ignore[assignment]")
            elif "[int" in f.ptype:
                out.append(f"    m.{pn}.extend({v})")
            elif f.spec.presence == "owner_turn":
                out.append('    if o.until == "start_of_owner_turn":  # present exactly for this duration (entry 23)')
                out.append(f"        m.{pn} = {v}")
            elif f.spec.presence == "nonzero":
                out.append(f"    if {v}:")
                out.append(f"        m.{pn} = {v}")
            else:
                out.append(f"    m.{pn} = {v}")
        out.append("\n")


PROTO_DOC = """The service's state codec: the ``State`` message <-> canonical data form pair (the
reference), the direct decoder (message -> records, refusing exactly what the reference and
:func:`oracle.serialize.parse` refuse), the direct wire writer of cards and players with their
cache keys, and the encoder's other fields."""

PROTO_PRELUDE = """from __future__ import annotations

import typing
from typing import Any

from oracle._proto.berserk.oracle.v1 import state_pb2
from oracle.editions import EDITIONS
from oracle.model import (
    FX_CARD_TYPES,
    FX_MODIFIERS,
    GRANTS,
    PLAY_OPTIONS,
    PLAYER_FX,
    QUEUE_KINDS,
    UNTIL,
    Attack,
    Card,
    HandChoice,
    Memory,
    Modifier,
    ModuleChoice,
    PendingTrigger,
    Player,
    PlayerEffect,
    QueueEntry,
    State,
    TargetChoice,
)
from oracle.schema import MAX_LIST
from oracle.service.errors import join_field as _join
from oracle.service.state_fields import (
    RESULT_FROM_PROTO,
    RESULT_TO_PROTO,
    STEP_FROM_PROTO,
    STEP_TO_PROTO,
    ints_in,
    result_from,
    step_from,
    str_wire,
    usage_from,
    usage_pairs,
    usage_wire,
)
from oracle.service.wire import INT32_LIMIT, packed, varint


"""


def proto_module() -> str:
    out: list[str] = []
    gen_from_msg(out)
    gen_to_msg(out)
    gen_decoders(out)
    gen_wire(out)
    gen_fill(out)
    return HEADER.format(doc=PROTO_DOC) + PROTO_PRELUDE + "\n".join(out).rstrip() + "\n"
