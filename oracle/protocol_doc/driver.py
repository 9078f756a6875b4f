"""Rendering the generated sections and splicing them into PROTOCOL.md between their marker
lines; ``python -m oracle.protocol_doc (--write | --check)`` (:func:`main`)."""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from .card_format import render_card_definitions
from .conformance import render_capabilities, render_citations, render_levels, render_refusals
from .decisions import (
    render_action_domains,
    render_action_fields,
    render_action_kinds,
    render_actors,
    render_decision_kinds,
    render_steps,
)
from .markdown import ProtocolDocError
from .state_and_events import render_events, render_state_fields
from .vectors import render_vectors

__all__ = ["DOC_PATH", "SECTIONS", "main", "render_sections", "splice", "stale_sections"]

#: The normative document whose generated sections this module renders.
DOC_PATH = Path(__file__).resolve().parents[2] / "PROTOCOL.md"

_MARKER = re.compile(r"^<!-- (end )?generated: ([a-z0-9-]+) -->$", re.MULTILINE)

_RENDERERS: dict[str, Callable[[], str]] = {
    "actors": render_actors,
    "decision-kinds": render_decision_kinds,
    "action-fields": render_action_fields,
    "action-kinds": render_action_kinds,
    "action-domains": render_action_domains,
    "steps": render_steps,
    "state-fields": render_state_fields,
    "events": render_events,
    "refusals": render_refusals,
    "citations": render_citations,
    "fingerprint-vectors": render_vectors,
    "levels": render_levels,
    "capabilities": render_capabilities,
    "card-definitions": render_card_definitions,
}
#: The generated sections, in the order they appear in PROTOCOL.md.
SECTIONS: tuple[str, ...] = tuple(_RENDERERS)


def render_sections() -> dict[str, str]:
    """Every generated section's text (without its marker lines), by name."""
    return {name: render() for name, render in _RENDERERS.items()}


def _spans(text: str) -> dict[str, tuple[int, int]]:
    """Where each section's body lies in ``text``: (start, end) offsets between its
    marker lines."""
    spans: dict[str, tuple[int, int]] = {}
    open_name = ""
    open_at = 0
    for m in _MARKER.finditer(text):
        is_end, name = bool(m.group(1)), m.group(2)
        if name not in _RENDERERS:
            raise ProtocolDocError(f"marker of an unknown section {name!r}")
        if not is_end:
            if open_name:
                raise ProtocolDocError(f"section {open_name!r} is not closed before {name!r} opens")
            if name in spans:
                raise ProtocolDocError(f"section {name!r} appears twice")
            open_name, open_at = name, m.end()
        else:
            if name != open_name:
                raise ProtocolDocError(f"end marker of {name!r} without its start")
            spans[name] = (open_at, m.start())
            open_name = ""
    if open_name:
        raise ProtocolDocError(f"section {open_name!r} has no end marker")
    return spans


def splice(text: str, sections: Mapping[str, str]) -> str:
    """``text`` with the body of every section of ``sections`` replaced; every section
    must have its marker lines in ``text``."""
    spans = _spans(text)
    missing = [name for name in sections if name not in spans]
    if missing:
        raise ProtocolDocError(f"no markers for section(s) {', '.join(missing)}")
    out = text
    for name, (start, end) in sorted(spans.items(), key=lambda kv: -kv[1][0]):
        if name in sections:
            out = out[:start] + "\n" + sections[name].strip("\n") + "\n" + out[end:]
    return out


def stale_sections(text: str, sections: Mapping[str, str] | None = None) -> list[str]:
    """The names of the sections whose body in ``text`` differs from the rendering (or
    whose markers are missing), in document order."""
    sections = render_sections() if sections is None else sections
    spans = _spans(text)
    stale = []
    for name in SECTIONS:
        if name not in sections:
            continue
        if name not in spans:
            stale.append(name)
            continue
        start, end = spans[name]
        if text[start:end].strip("\n") != sections[name].strip("\n"):
            stale.append(name)
    return stale


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m oracle.protocol_doc (--write | --check) [--path PROTOCOL.md]``."""
    parser = argparse.ArgumentParser(
        prog="python -m oracle.protocol_doc", description="render the generated sections of PROTOCOL.md"
    )
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--write", action="store_true", help="rewrite the generated sections in place")
    mode.add_argument("--check", action="store_true", help="exit 1 if a generated section is stale")
    parser.add_argument("--path", type=Path, default=DOC_PATH, help="the document (default: PROTOCOL.md)")
    args = parser.parse_args(argv)
    text = args.path.read_text(encoding="utf-8")
    sections = render_sections()
    try:
        if args.write:
            new = splice(text, sections)
            if new != text:
                args.path.write_text(new, encoding="utf-8")
            print(f"{args.path}: {len(sections)} generated sections written")
            return 0
        stale = stale_sections(text, sections)
    except ProtocolDocError as exc:
        print(f"{args.path}: {exc}", file=sys.stderr)
        return 1
    if stale:
        print(
            f"{args.path} is stale: generated section(s) {', '.join(stale)} differ; "
            "run `python -m oracle.protocol_doc --write`",
            file=sys.stderr,
        )
        return 1
    print(f"{args.path}: {len(sections)} generated sections are up to date")
    return 0
