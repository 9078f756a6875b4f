"""The sections on what the game's state and its events look like: the state's fields, JSON
and proto side by side (``state-fields``), and the event catalogue (``events``)."""

from __future__ import annotations

from typing import Any

from .._proto.berserk.oracle.v1 import state_pb2
from ..codegen import RECORDS, canonical, pname
from ..contract import CAPABILITIES, EventSpec, load_events
from ..schema import PROTO_MESSAGES
from .markdown import PROTO_DIR, ProtocolDocError, proto_comments, proto_type, rule_list, table

__all__ = ["render_events", "render_state_fields"]


#: Where each message of state.proto sits in the canonical JSON form.
_STATE_MESSAGES = (
    ("State", ""),
    ("PlayerState", "players[i]."),
    ("CardState", "cards[i]."),
    ("AbilityUsage", "cards[i].usage[j]."),
    ("QueueEntry", "queue[i]."),
    ("PendingTrigger", "pending[i]."),
    ("StrikeModifier", "modifiers[i]."),
    ("Attack", "attack."),
    ("TargetChoice", "choosing."),
    ("HandChoice", "choosing_cards."),
    ("RunMemory", "choosing_cards.memory."),
    ("ModuleChoice", "attaching."),
    ("PlayerEffect", "player_effects[i]."),
)

#: The JSON side of the fields whose mapping is not the plain one.
def _json_special() -> dict[tuple[str, str], tuple[str, str]]:
    """Per (proto message, proto field): the JSON key and JSON value text of a field whose
    canonical form the proto type alone does not say (its declaration's ``json_doc``,
    :mod:`oracle.model`)."""
    out = {}
    for cls in RECORDS:
        for f in canonical(cls):
            if f.spec.json_doc:
                out[(PROTO_MESSAGES[cls.__name__], pname(f))] = (f"`{f.key}`", f.spec.json_doc)
    return out


def _json_value(field: Any) -> str:
    ptype = proto_type(field)
    base = ptype.removeprefix("repeated ").removeprefix("optional ")
    kind = {"int32": "integer", "string": "string", "bool": "`true` or `false`"}.get(base, "object")
    plural = {"integer": "integers", "string": "strings", "object": "objects"}.get(kind, kind)
    return f"list of {plural}" if ptype.startswith("repeated") else kind


def render_state_fields() -> str:
    """The section ``state-fields``: every field of every state message, JSON and proto side by side."""
    comments = proto_comments(PROTO_DIR / "state.proto")
    special = _json_special()
    parts = []
    for message, prefix in _STATE_MESSAGES:
        desc = getattr(state_pb2, message).DESCRIPTOR
        rows = []
        for f in desc.fields:
            key, value = special.get((message, f.name), (f"`{f.name}`", _json_value(f)))
            rows.append([key, value, f"`{proto_type(f)} {f.name} = {f.number}`", comments.get((message, f.name), "")])
        where = f"`{prefix}`" if prefix else "the top level"
        if message == "AbilityUsage":
            where += " and `cards[i].game_usage[j].`"
        if message == "RunMemory":
            where += " and `attaching.memory.`"
        parts.append(f"**`{message}`** ({where}):\n\n" + table(["JSON key", "JSON value", "Proto field", "Meaning"], rows))
    return "\n\n".join(parts)


# --- events -------------------------------------------------------------------------


def _event_keys(spec: EventSpec) -> str:
    keys = [f"`{k}`" for k in spec.keys] + [f"[`{k}`]" for k in spec.optional_keys]
    return ", ".join(keys) or "(none)"


def render_events() -> str:
    """The section ``events``: the event catalogue, each kind with its keys, rules and capability."""
    events = load_events()
    for spec in events.values():
        if spec.capability and spec.capability not in CAPABILITIES:
            raise ProtocolDocError(f"event {spec.kind}: unknown capability {spec.capability!r}")
    rows = [
        [f"`{s.kind}`", _event_keys(s), rule_list(s.rules), f"`{s.capability}`" if s.capability else "—", s.description]
        for s in events.values()
    ]
    return table(["Kind", "Data keys, in order", "May cite", "Capability", "When, and what the data mean"], rows)
