"""The events a step expects and the rules a target must cite: :func:`rule_matches` (a
cited rule against an expected one, under a game's edition), :func:`_applies` (whether an
expected rule applies under an edition) and :func:`_check_events` (the events of a step, or of
the setup, against its expectations: kind, data and order at level events, the rules they
cite at level citations), with the readable texts of events its mismatches show."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from oracle._proto.berserk.oracle.v1 import scenario_pb2
from oracle.editions import cite_ed, edition_specific
from oracle.model import Event

from .mismatch import Mismatch, _Run
from .targets import event_json

__all__ = ["rule_matches"]


def rule_matches(expected: str, actual: str, edition: str) -> bool:
    """Does cited rule ``actual`` satisfy ``expected``?  A full id must be equal.  A bare
    number is a rule in the B/C numbering: it stands for the id the game's edition gives that
    rule (PROTOCOL.md 7.3: ``501.4`` is ``C:501.4`` in C, ``R15:501.5`` in R15, ``B:307.1`` in
    A, whose fragments lack 307.1); a number no edition table knows matches any id with that
    number."""
    if ":" in expected:
        return expected == actual
    try:
        return actual == cite_ed(edition, expected)
    except KeyError:
        return actual.split(":", 1)[-1] == expected


def _applies(expected: str, edition: str) -> bool:
    """An expectation applies under ``edition`` unless it names a rule only another
    edition's games cite (:func:`oracle.editions.edition_specific`: a seed id belongs to its
    edition, an R15 id of Parts 3-4 and 501 to R15, the rest of R15 to every edition)."""
    return edition_specific(expected) in ("", edition)


def _events_match(expected: scenario_pb2.ExpectedEvent, events: Sequence[Event]) -> int:
    """Index of the first event with the kind and data of ``expected`` (-1 if none)."""
    for i, e in enumerate(events):
        if e.kind == expected.kind and all(e.get(f.key) == f.value for f in expected.data):
            return i
    return -1


def _event_text(kind: str, data: Mapping[str, object] | Sequence[tuple[str, object]]) -> str:
    """An event as one readable word: ``wounded{card=12, amount=3, wounds=3}``."""
    pairs = list(data.items()) if isinstance(data, Mapping) else list(data)
    return kind + ("{" + ", ".join(f"{k}={v}" for k, v in pairs) + "}" if pairs else "")


def _event_rules_missing(expected: scenario_pb2.ExpectedEvent, event: Event, edition: str) -> list[str]:
    return [
        r
        for r in expected.rules
        if _applies(r, edition) and not any(rule_matches(r, a, edition) for a in event.rules)
    ]


def _order_table(expected: Sequence[Any], matched: Sequence[int], first_bad: int, events: Sequence[Event]) -> str:
    """Two aligned columns for an event-order mismatch: the expected events, each with the
    number of the target's event it matched (``>`` marks the first one found only out of
    order), and the target's events, numbered."""
    left = [
        f"{'>' if k == first_bad else ' '} {k + 1}. {_event_text(e.kind, {f.key: f.value for f in e.data})}"
        + (f"  = #{matched[k] + 1}" if k < len(matched) else (f"  (only before #{matched[-1] + 1})"
                                                              if k == first_bad and matched else ""))
        for k, e in enumerate(expected)
    ]
    # the target's events up to a few past the last one the expectations reach
    reach = max(len(left), (max(matched) + 1) if matched else 0) + 3
    right = [f"#{j + 1} {_event_text(ev.kind, ev.data)}" for j, ev in enumerate(events[:reach])]
    if len(events) > reach:
        right.append(f"… {len(events) - reach} more")
    width = max(len("expected, in order"), *(len(x) for x in left))
    rows = [f"{'expected, in order':<{width}}  | the target's events"]
    for k in range(max(len(left), len(right))):
        a = left[k] if k < len(left) else ""
        b = right[k] if k < len(right) else ""
        rows.append(f"{a:<{width}}  | {b}")
    return "\n    " + "\n    ".join(rows)


def _check_events(
    res: _Run, i: int, text: str, step: Any, events: Sequence[Event], edition: str
) -> list[Mismatch]:
    """The events expectations of one step (kind, data and order: level events) and the
    rules those events cite (level citations, for the events found)."""
    bad: list[Mismatch] = []
    pos = 0
    used: set[int] = set()
    matched: list[int] = []  # the target's event each expected event matched, in order
    for e in step.expect_events:
        res.checked["events"] += 1
        if step.events_any_order:
            pool = [(j, ev) for j, ev in enumerate(events) if j not in used]
            k = _events_match(e, [ev for _, ev in pool])
            found = pool[k][0] if k >= 0 else -1
        else:
            k = _events_match(e, events[pos:])
            found = pos + k if k >= 0 else -1
        if found < 0:
            want = _event_text(e.kind, {f.key: f.value for f in e.data})
            same_kind = [_event_text(ev.kind, ev.data) for ev in events if ev.kind == e.kind]
            near: object = same_kind or {"no event of this kind; the events were": [_event_text(ev.kind, ev.data) for ev in events]}
            if same_kind and not step.events_any_order and any(ev.kind == e.kind for ev in events[:pos]):
                near = _order_table(step.expect_events, matched, len(matched), events)
                want = "these events in this order (> marks the first one the target's events lack in order)"
            bad.append(Mismatch(i, "event", want, near, text))
            if not step.events_any_order:
                break
            continue
        used.add(found)
        matched.append(found)
        pos = found + 1
        if any(_applies(r, edition) for r in e.rules):
            res.checked["citations"] += 1
            missing = _event_rules_missing(e, events[found], edition)
            if missing:
                bad.append(
                    Mismatch(i, "event rule", {"kind": e.kind, "rules": missing}, event_json(events[found]), text)
                )
    for e in step.expect_no_events:
        refs = [r for r in e.rules if _applies(r, edition)]
        if e.rules:
            # no event of this kind and data may cite these rules (level citations)
            if not refs:
                continue
            res.checked["citations"] += 1
            for ev in events:
                if _events_match(e, [ev]) < 0:
                    continue
                cited = [r for r in refs if any(rule_matches(r, c, edition) for c in ev.rules)]
                if cited:
                    bad.append(Mismatch(i, "event rule", {"kind": e.kind, "rules not cited": cited}, event_json(ev), text))
                    break
            continue
        res.checked["events"] += 1
        hit = _events_match(e, events)
        if hit >= 0:
            want = "no " + _event_text(e.kind, {f.key: f.value for f in e.data})
            bad.append(Mismatch(i, "event", want, _event_text(events[hit].kind, events[hit].data), text))
    return bad

