"""The engine's generated module, :mod:`oracle._state_codec`: copies, the canonical data form
and its reader, the canonical JSON text writer, the validator's per-field checks and the bounds."""

from __future__ import annotations

from dataclasses import fields

from .. import model
from ..schema import USAGE_BOUNDS, F
from . import HEADER, PATHS, RECORDS, Field, base_type, bounds, canonical, fname

__all__ = ["MODEL_BEGIN", "MODEL_END", "engine_module", "model_text"]


def _copy_value(f: Field, src: str) -> str:
    t = f.ptype
    if t.startswith("list[") or f.spec.codec == "cards":
        return f"list({src})" if t.startswith("list[") else f"dict({src})"
    if t.startswith("dict["):
        return f"dict({src})"
    return src


def gen_copies(out: list[str]) -> None:
    for cls, func in ((model.Card, "_copy_card"), (model.Player, "_copy_player")):
        var = "c" if cls is model.Card else "p"
        out.append(f"def {func}(self: {cls.__name__}) -> {cls.__name__}:")
        out.append(f'    """An independent copy of a ``{cls.__name__}`` (every field; built without ``__init__``)."""')
        out.append(f"    {var} = _new({cls.__name__})")
        for f in fields(cls):
            if f.name == "_":
                continue
            out.append(f"    {var}.{f.name} = {_copy_value(Field(f.name, base_type(str(f.type)), F(0, '')), 'self.' + f.name)}")
        out.append(f"    return {var}\n\n")
    out.append("def _clone_state(self: State, cards: dict[int, Card], own: set[int] | None) -> State:")
    out.append('    """A copy of ``self`` with ``cards`` and copy-on-write set ``own``: players and lists copied,')
    out.append('    the immutable records shared (:meth:`oracle.model.State.copy`, :meth:`~oracle.model.State.fork`)."""')
    out.append("    s = _new(State)")
    for f in fields(model.State):
        if f.name == "_":
            continue
        if f.name == "cards":
            value = "cards"
        elif f.name == "_own":
            value = "own"
        elif f.name in ("_outside", "_ids", "_parts", "_rules"):
            value = "self." + f.name
        elif f.name == "players":
            value = "[p.copy() for p in self.players]"
        else:
            value = _copy_value(Field(f.name, base_type(str(f.type)), F(0, "")), "self." + f.name)
        out.append(f"    s.{f.name} = {value}")
    out.append("    return s\n\n")


def _present(f: Field, var: str) -> str:
    """The condition under which the canonical form writes ``f`` of record ``var``."""
    p = f.spec.presence
    if p == "nonzero":
        return f"{var}.{f.name}"
    if p == "not_none":
        return f"{var}.{f.name} is not None"
    if p == "owner_turn":
        return f'{var}.until == "start_of_owner_turn"'
    raise AssertionError(p)


def _dict_value(f: Field, var: str) -> str:
    v = f"{var}.{f.name}"
    rec = f.record
    if f.spec.codec == "cards":
        return f"[card_dict(c) for _, c in sorted({v}.items())]"
    if rec is not None and f.is_list:
        return f"[{fname(rec)}_dict(x) for x in {v}]"
    if rec is not None:
        call = f"{fname(rec)}_dict({v})"
        return f"None if {v} is None else {call}" if f.optional and f.spec.presence == "always" else call
    if f.spec.codec == "usage":
        return f"usage_list({v})"
    if f.spec.codec == "declared":
        return f"list({v} or ())"
    if "[" in f.ptype:
        return f"list({v})"
    if f.ptype == "bool" and f.spec.presence == "nonzero":
        return "True"
    return v


def gen_dicts(out: list[str]) -> None:
    for cls in RECORDS:
        var = "o"
        name = cls.__name__
        out.append(f"def {fname(cls)}_dict({var}: {name}) -> dict[str, Any]:")
        out.append(f'    """The canonical data form of a ``{name}`` (:func:`oracle.serialize.to_dict`)."""')
        always = []
        for f in canonical(cls):
            if f.spec.presence != "always":
                continue
            if f.spec.codec == "declared":
                always.append(f'"{f.spec.flag}": {var}.{f.name} is not None')
            always.append(f'"{f.key}": {_dict_value(f, var)}')
        optional = [f for f in canonical(cls) if f.spec.presence != "always"]
        if not optional:
            out.append("    return {" + ", ".join(always) + "}\n\n")
            continue
        out.append("    d: dict[str, Any] = {" + ", ".join(always) + "}")
        for f in optional:
            out.append(f"    if {_present(f, var)}:")
            out.append(f'        d["{f.key}"] = {_dict_value(f, var)}')
        out.append("    return d\n\n")


def _read_value(f: Field, prefix: str, raw: str) -> str:
    """The expression reading ``f`` with reader ``r`` (bounds at ``prefix``)."""
    rec = f.record
    c = f.spec.codec
    if rec is not None and f.is_list:
        count = f"r.get_list({f.key!r})"
        return f'[read_{fname(rec)}(x, f"{{r.path_of({f.key!r})}}[{{i}}]") for i, x in enumerate({count})]'
    if rec is not None:
        return f"read_{fname(rec)}(r.raw({f.key!r}), r.path_of({f.key!r}))"
    if c == "step":
        return f"r.get_str({f.key!r}, STEPS)"
    if c == "card_id":
        return f"r.get_card_id({f.key!r})"
    if c == "usage":
        return f"r.get_usage({f.key!r}, {USAGE_BOUNDS[0]!r}, {USAGE_BOUNDS[1]!r})"
    if f.ptype == "bool":
        return f"r.get_bool({f.key!r})"
    if f.ptype == "str":
        return f"r.get_str({f.key!r}, {f.spec.choices})"
    if f.ptype == "list[int]":
        return f"r.get_ints({f.key!r}, {f.spec.bound!r})"
    if f.ptype.startswith("tuple[int, ...]") and c == "plain":
        return f"tuple(r.get_ints({f.key!r}, {f.spec.bound!r}))"
    if f.ptype == "int":
        return f"r.get_int({f.key!r}, {f.spec.bound!r})"
    raise AssertionError((f.name, f.ptype))


_DEFAULTS = {"int": "0", "bool": "False", "str": '""', "list[int]": "[]", "tuple[int, ...]": "()"}
#: A list's exact length in the reader's message (``exactly two players``, as the validator says).
_COUNT_WORDS = {2: "two"}


def gen_readers(out: list[str]) -> None:
    for cls in RECORDS:
        if cls is model.State:
            continue
        name = cls.__name__
        prefix = PATHS[cls]
        keys = []
        for f in canonical(cls):
            if f.spec.codec == "declared":
                keys.append(f.spec.flag)
            keys.append(f.key)
        out.append(f"_{fname(cls).upper()}_KEYS = frozenset({tuple(keys)!r})\n\n")
        out.append(f"def read_{fname(cls)}(raw: Any, path: str) -> {name}:")
        out.append(f'    """A ``{name}`` from its canonical data form at ``path``; :class:`StateError` names a bad field."""')
        out.append(f"    r = Reader(raw, path, _{fname(cls).upper()}_KEYS)")
        args = []
        for f in canonical(cls):
            p = f.spec.presence
            if f.spec.codec == "declared":
                out.append(f"    declared = r.get_bool({f.spec.flag!r})")
                out.append(f"    {f.name} = r.get_ints({f.key!r}, {f.spec.bound!r})")
                out.append(f"    if {f.name} and not declared:")
                out.append(f'        raise StateError(r.path_of({f.key!r}), "cards listed but {f.spec.flag} is false")')
                args.append(f"{f.name}=tuple({f.name}) if declared else None")
                continue
            value = _read_value(f, prefix, "raw")
            if p == "always":
                out.append(f"    {f.name} = {value}")
            elif p == "nonzero":
                out.append(f"    {f.name} = {value} if {f.key!r} in raw else {_DEFAULTS[f.ptype]}")
            elif p == "not_none":  # a record present at some pauses only
                out.append(f"    {f.name} = {value} if {f.key!r} in raw else None")
            elif p == "owner_turn":
                out.append('    if until == "start_of_owner_turn":  # the seat whose next turn ends it (entry 23)')
                out.append(f"        {f.name} = {value}")
                out.append(f"    elif {f.key!r} in raw:")
                out.append(f'        raise StateError(r.path_of({f.key!r}), f"only a start_of_owner_turn modifier has an '
                           f'{f.key}, not {{until}}")')
                out.append("    else:")
                out.append(f"        {f.name} = -1")
            else:
                raise AssertionError(p)
            args.append(f"{f.name}={f.name}")
        out.append(f"    return {name}({', '.join(args)})\n\n")
    # the state
    st = canonical(model.State)
    keys = [f.key for f in st]
    out.append("#: The top-level keys of the canonical state, by proto number (those present at some steps only last).")
    out.append(f"STATE_KEYS = {tuple(f.key for f in st if f.spec.presence == 'always')!r}")
    out.append(f"_STATE_KEYS = frozenset({tuple(keys)!r})\n\n")
    out.append("def read_state(data: Any) -> State:")
    out.append('    """A ``State`` from its canonical data form, checking only its shape (:func:`oracle.serialize.parse`)."""')
    out.append('    r = Reader(data, "", _STATE_KEYS)')
    args = []
    for f in st:
        if f.spec.codec == "cards":
            out.append("    cards: dict[int, Card] = {}  # in the order of the request: validate names cards[i] by it")
            out.append('    for i, raw in enumerate(r.get_list("cards")):')
            out.append("        card = fast_card(raw)")
            out.append("        if card is None:  # the careful path: same checks, naming the offending field")
            out.append('            card = read_card(raw, f"cards[{i}]")')
            out.append("        if card.uid in cards:")
            out.append('            raise StateError(f"cards[{i}].uid", f"uid {card.uid} is used twice")')
            out.append("        cards[card.uid] = card")
        elif f.is_list:
            if f.spec.presence == "nonzero":  # a list added later: its key is absent when it is empty
                out.append(f"    {f.name} = {_read_value(f, '', 'data')} if {f.key!r} in data else []")
            else:
                out.append(f"    {f.name} = {_read_value(f, '', 'data')}")
            if f.spec.count:
                out.append(f"    if len({f.name}) != {f.spec.count}:")
                out.append(f'        raise StateError({f.key!r}, "exactly {_COUNT_WORDS[f.spec.count]} {f.key}")')
        elif f.record is not None:
            cond = f"r.raw({f.key!r}) is not None" if f.spec.presence == "always" else f"{f.key!r} in data"
            out.append(f"    {f.name} = {_read_value(f, '', 'data')} if {cond} else None")
        elif f.spec.presence == "nonzero" and f.ptype == "int":  # absent: 0 (a key added later)
            out.append(f"    {f.name} = {_read_value(f, '', 'data')} if {f.key!r} in data else 0")
        else:
            out.append(f"    {f.name} = {_read_value(f, '', 'data')}")
        args.append(f"{f.name}={f.name}")
    out.append(f"    return State({', '.join(args)})\n\n")


def gen_fast_card(out: list[str]) -> None:
    """The card reader's fast path: a well-formed entry with no markers and no optional key."""
    always = [f for f in canonical(model.Card) if f.spec.presence == "always"]
    out.append(f"_N_CARD_KEYS = {len(always)}\n\n")
    out.append("def fast_card(raw: Any) -> Card | None:")
    out.append('    """The card of a well-formed entry with every key of its own and no usage marker, or None to take')
    out.append('    the careful path (:func:`read_card`, which names the offending field).  Accepts only what')
    out.append('    :func:`read_card` accepts, and builds the same card."""')
    out.append("    if type(raw) is not dict or len(raw) != _N_CARD_KEYS:")
    out.append("        return None")
    out.append("    try:")
    names = ", ".join(f.name for f in always)
    gets = ", ".join(f"raw[{f.key!r}]" for f in always)
    out.append(f"        {names} = {gets}")
    out.append("    except KeyError:")
    out.append("        return None")
    conds = []
    for f in always:
        if f.ptype == "int":
            assert f.spec.bound is not None, f.name
            lo, hi = f.spec.bound
            conds.append(f"type({f.name}) is int and {lo} <= {f.name} <= {hi}")
        elif f.ptype == "bool":
            conds.append(f"type({f.name}) is bool")
        elif f.spec.codec == "card_id":
            conds.append(f"type({f.name}) is str")
        elif f.spec.codec == "usage":
            conds.append(f"type({f.name}) is list and not {f.name}")
        else:
            raise AssertionError(f.name)
    out.append("    if not (")
    out.append("        " + "\n        and ".join(conds))
    out.append("    ):")
    out.append("        return None")
    args = ", ".join(f"{f.name}={'{}' if f.spec.codec == 'usage' else f.name}" for f in always)
    out.append(f"    return Card({args})\n\n")


def gen_checks(out: list[str]) -> None:
    """The validator's per-field checks of a record built by code (:func:`oracle.validate.validate`):
    every scalar integer within its bound, every string of a fixed vocabulary in it, a modifier's
    owner exactly on its duration; a fast test first, then the named field."""
    for cls in (model.QueueEntry, model.PendingTrigger, model.Modifier, model.Attack, model.PlayerEffect, model.Card,
                model.Player, model.State):
        name = cls.__name__
        top = cls is model.State
        fast: list[str] = []
        slow: list[str] = []
        for f in canonical(cls):
            v = f"o.{f.name}"
            where = repr(f.key) if top else f'f"{{path}}.{f.key}"'
            if f.ptype == "int" and f.spec.bound is not None and f.spec.presence == "owner_turn":
                lo, hi = f.spec.bound
                fast.append(f'({lo} <= {v} <= {hi} if o.until == "start_of_owner_turn" else {v} == -1)')
                slow.append('    if o.until == "start_of_owner_turn":')
                slow.append(f"        check_bound({v}, {f.spec.bound!r}, {where})")
                slow.append(f"    elif {v} != -1:")
                slow.append(f'        raise StateError({where}, f"only a start_of_owner_turn modifier has an {f.key}, not {{o.until}}")')
            elif f.ptype == "int" and f.spec.bound is not None:
                lo, hi = f.spec.bound
                fast.append(f"{lo} <= {v} <= {hi}")
                slow.append(f"    check_bound({v}, {f.spec.bound!r}, {where})")
            elif f.ptype == "str" and f.spec.choices and f.spec.presence == "always":
                fast.append(f"{v} in {f.spec.choices}")
                slow.append(f"    check_choice({v}, {f.spec.choices}, {where})")
        out.append(f"def {fname(cls)}_ok(o: {name}) -> bool:")
        out.append(f'    """Whether every declared bound and vocabulary of a ``{name}`` holds (the fast test; the')
        out.append(f'    validator calls :func:`check_{fname(cls)}` to name the field only when it does not)."""')
        out.append("    return (")
        out.append("        " + "\n        and ".join(fast))
        out.append("    )\n\n")
        if cls is model.Card:  # the many records of a state: one call for all of them
            out.append("def cards_ok(cards: Iterable[Card]) -> bool:")
            out.append('    """Whether :func:`card_ok` holds for every card of ``cards`` (one call for a whole state)."""')
            out.append("    for o in cards:")
            out.append("        if not (")
            out.append("            " + "\n            and ".join(fast))
            out.append("        ):")
            out.append("            return False")
            out.append("    return True\n\n")
        out.append(f"def check_{fname(cls)}(o: {name}{'' if top else ', path: str'}) -> None:")
        out.append(f'    """Raise :class:`StateError` naming the first field of a ``{name}`` out of its bound or vocabulary."""')
        out += slow
        out.append("\n")


def _json_piece(f: Field, var: str) -> str:
    """The f-string text of ``"key":value`` for field ``f`` of record ``var``."""
    v = f"{var}.{f.name}"
    rec = f.record
    if f.spec.codec == "cards":
        return f'"{f.key}":[{{",".join(cards)}}]'  # the state writer is given its cards' texts
    if rec is not None and f.is_list:
        return f'"{f.key}":[{{",".join([{fname(rec)}_json(x) for x in {v}])}}]'
    if rec is not None:
        if f.optional and f.spec.presence == "always":
            return f'"{f.key}":{{"null" if {v} is None else {fname(rec)}_json({v})}}'
        return f'"{f.key}":{{{fname(rec)}_json({v})}}'
    if f.spec.codec == "usage":
        return f'"{f.key}":[{{usage_json({v}) if {v} else ""}}]'
    if f.spec.codec == "declared":
        return f'"{f.key}":[{{ints_text({v} or ())}}]'
    if "[" in f.ptype:
        return f'"{f.key}":[{{ints_text({v})}}]'
    if f.ptype == "bool" and f.spec.presence == "nonzero":
        return f'"{f.key}":true'
    if f.ptype == "bool":
        return f'"{f.key}":{{"true" if {v} else "false"}}'
    if f.ptype == "str":
        return f'"{f.key}":{{json_str({v})}}'
    return f'"{f.key}":{{{v}}}'


def _json_body(pieces: list[tuple[str, str | None]], out: list[str]) -> str:
    """Append to ``out`` the locals of the optional pieces and return the f-string of the
    record's object text: ``pieces`` are (text, condition or None) in key order; an optional
    piece before the last required one carries a trailing comma, one after it a leading comma
    (Python 3.11 f-strings cannot nest the same quotes, hence the locals)."""
    required = [i for i, (_, cond) in enumerate(pieces) if cond is None]
    if not required:  # every key optional (a record of counters): the present ones, comma-joined
        names: list[str] = []
        for text, cond in pieces:
            local = f"_{len(names)}"
            prefix = "f" if "{" in text else ""
            out.append(f"    {local} = {prefix}'{text}' if {cond} else \"\"")
            names.append(local)
        return "'{' + ','.join(p for p in (" + ", ".join(names) + ",) if p) + '}'"
    last = max(required)
    parts = []
    for i, (text, cond) in enumerate(pieces):
        if cond is None:
            parts.append(text + ("," if i < last else ""))
        else:
            inner = f"{text}," if i < last else f",{text}"
            local = f"_{len([p for p in parts if p.startswith('{_')])}"
            prefix = "f" if "{" in inner else ""
            out.append(f"    {local} = {prefix}'{inner}' if {cond} else \"\"")
            parts.append("{" + local + "}")
    return "f'{{" + "".join(parts) + "}}'"


def _sorted_pieces(cls: type, var: str, skip: tuple[str, ...] = ()) -> list[tuple[str, str | None]]:
    items: list[tuple[str, str, str | None]] = []
    for f in canonical(cls):
        if f.name in skip:
            continue
        cond = None if f.spec.presence == "always" else _present(f, var)
        if f.spec.codec == "declared":
            items.append((f.spec.flag, f'"{f.spec.flag}":{{"false" if {var}.{f.name} is None else "true"}}', None))
        items.append((f.key, _json_piece(f, var), cond))
    items.sort(key=lambda t: t[0])
    return [(text, cond) for _, text, cond in items]


def gen_json(out: list[str]) -> None:
    for cls in RECORDS:
        name = cls.__name__
        if cls is model.State:
            out.append("def state_json(o: State, players: Sequence[str], cards: Sequence[str]) -> str:")
            out.append('    """The canonical JSON text of a state whose players\' and cards\' texts (by seat, by uid) are given."""')
            pieces = _sorted_pieces(cls, "o")
            fixed = []
            for text, cond in pieces:
                if text.startswith('"players":'):
                    text = '"players":[{",".join(players)}]'
                elif text.startswith('"cards":'):
                    text = '"cards":[{",".join(cards)}]'
                fixed.append((text, cond))
            body = _json_body(fixed, out)
            out.append(f"    return {body}\n\n")
            continue
        out.append(f"def {fname(cls)}_json(o: {name}) -> str:")
        out.append(f'    """The canonical JSON text of a ``{name}`` whose fields have exactly their declared types."""')
        body = _json_body(_sorted_pieces(cls, "o"), out)
        out.append(f"    return {body}\n\n")


ENGINE_DOC = """The engine's state codec: copies, the canonical data form and its reader, the canonical
JSON text writer and the bounds of every integer, for the records of :mod:`oracle.model`."""

ENGINE_PRELUDE = '''from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from .canonical_form import (
    Reader,
    StateError,
    check_bound,
    check_choice,
    ints_text,
    json_str,
    usage_json,
    usage_list,
)
from .editions import EDITIONS
from .model import (
    FX_CARD_TYPES,
    FX_MODIFIERS,
    GRANTS,
    PLAY_OPTIONS,
    PLAYER_FX,
    QUEUE_KINDS,
    STEPS,
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

'''


def engine_module() -> str:
    out: list[str] = []
    out.append("#: The inclusive bounds of every integer field, by its canonical path (``[]``: any index).")
    out.append("BOUNDS: dict[str, tuple[int, int]] = {")
    for key, (lo, hi) in bounds(model.State, ""):
        out.append(f"    {key!r}: ({lo}, {hi}),")
    out.append("}\n\n")
    gen_dicts(out)
    gen_readers(out)
    gen_fast_card(out)
    gen_json(out)
    gen_checks(out)
    return HEADER.format(doc=ENGINE_DOC) + ENGINE_PRELUDE + "\n".join(out).rstrip() + "\n"


#: The lines that delimit the generated copies at the end of :mod:`oracle.model.state` (the model's
#: methods call them; kept in the model's own file so that it imports no generated module).
MODEL_BEGIN = "# --- generated by python -m oracle.codegen from the declarations above: do not edit ---\n"
MODEL_END = "# --- end of generated code ---\n"


def model_text(current: str) -> str:
    """The text of :mod:`oracle.model.state` with its generated region (the copies) rewritten."""
    out: list[str] = ["_new = object.__new__\n\n"]
    gen_copies(out)
    region = "\n".join(out).rstrip() + "\n"
    head, sep, rest = current.partition(MODEL_BEGIN)
    _, sep2, tail = rest.partition(MODEL_END)
    if not sep or not sep2:
        raise SystemExit(f"oracle/model/state.py lacks the lines {MODEL_BEGIN.strip()!r} and {MODEL_END.strip()!r}")
    return head + MODEL_BEGIN + "\n\n" + region + "\n\n" + MODEL_END + tail
