"""Trigger references in actions: a scenario names a pending trigger ``@SOURCE:ABILITY[:SUBJECT]``
while a target gives triggers ids of its own.  :func:`resolve_trigger_ref` writes a reference
as the id the target gave, :func:`symbolic_action` an id as the reference, and
:func:`_remember_pending` keeps the ids triggers had while pending."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from oracle.actions import decode, encode

from .scenario import TRIGGER_REF
from .targets import StateData

__all__ = ["resolve_trigger_ref", "symbolic_action"]


_REF_IN_TEXT = re.compile(r"\btrigger=(@[-:.\d]+)")


def _ability_ref(t: Mapping[str, Any]) -> str:
    """``@SOURCE:ABILITY``, a granted ability's ABILITY written ``GRANTER.INDEX`` (entry 180)."""
    granter = t.get("granter")
    return f"@{t['source']}:{granter}.{t['ability']}" if granter else f"@{t['source']}:{t['ability']}"


def _pending_ref(t: Mapping[str, Any]) -> str:
    ref = _ability_ref(t)
    return ref + (f":{t['subject']}" if t.get("subject") else "")


def _find_pending(ref: str, state: StateData) -> dict[str, Any] | None:
    """The first pending trigger of ``state`` that a reference ``@SOURCE:ABILITY[:SUBJECT]``
    names (None if there is none)."""
    m = TRIGGER_REF.fullmatch(ref)
    if m is None:
        return None
    source, granter, ability, subject = int(m.group(1)), int(m.group(2) or 0), int(m.group(3)), m.group(4)
    pending: list[dict[str, Any]] = state.get("pending", [])
    for t in pending:
        if t["source"] == source and t["ability"] == ability and (t.get("granter") or 0) == granter and (
                subject is None or t.get("subject") == int(subject)):
            return t
    return None


def resolve_trigger_ref(
    text: str, state: StateData, *, missing_ok: bool = False, seen: dict[str, int] | None = None
) -> str | None:
    """``text`` with its trigger reference replaced by the id the target gave that
    trigger in ``state``; text without a reference comes back as it is.  When no pending
    trigger matches: None, or with ``missing_ok`` (an action the scenario expects to be
    refused, e.g. declaring a forfeited trigger) the id the target gave that trigger when
    it was last pending (``seen``), else an id no trigger ever had (the state's
    ``next_trigger_id``, which PROTOCOL.md 4.3 puts above every id given)."""
    m = _REF_IN_TEXT.search(text)
    if m is None:
        return text
    ref = m.group(1)
    t = _find_pending(ref, state)
    if t is None:
        if not missing_ok:
            return None
        known = (seen or {}).get(ref)
        never = max([int(state.get("next_trigger_id") or 1), *(p["id"] + 1 for p in state.get("pending", []))])
        t = {"id": known if known is not None else never}
    return encode(decode(text[: m.start(1)] + str(t["id"]) + text[m.end(1) :]))


def _remember_pending(state: StateData, seen: dict[str, int]) -> None:
    for t in state.get("pending", []):
        seen.setdefault(_pending_ref(t), t["id"])
        seen.setdefault(_ability_ref(t), t["id"])


def symbolic_action(text: str, state: StateData) -> str:
    """An action's canonical text with a numeric trigger id written as the reference of the
    pending trigger it names in ``state`` (trigger ids are the implementation's own)."""
    resolved = resolve_trigger_ref(text, state)
    if resolved is None:
        return text
    canonical = encode(decode(resolved))
    m = re.search(r"trigger=(\d+)", canonical)
    if m is None:
        return canonical
    t = next((p for p in state.get("pending", []) if p["id"] == int(m.group(1))), None)
    if t is None:
        return canonical
    return canonical[: m.start(1)] + _pending_ref(t) + canonical[m.end(1) :]

