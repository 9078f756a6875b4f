"""PROTOCOL.md's generated sections, rendered from the data the engine itself uses.

PROTOCOL.md (repository root) is the normative contract of ``berserk.oracle.v1.OracleService``.
Its tables are not written by hand: each sits between the marker lines
``<!-- generated: NAME -->`` and ``<!-- end generated: NAME -->`` and is rendered here from

* :mod:`oracle.contract` (actor names, decision kinds, levels, capabilities and the
  capability tables) and the event catalogue ``oracle/data/events.json``;
* :mod:`oracle.engine` (the kinds of action each step takes, the keys each kind uses, the
  rule each kind of refusal cites), :mod:`oracle.model` (steps, action kinds, the
  :class:`~oracle.model.Action` fields in text order) and :func:`oracle.editions.cite_ed`;
* the protobuf descriptors and the comments of ``proto/berserk/oracle/v1/*.proto``;
* :mod:`oracle.cards` (the card data format, :mod:`oracle.cards.loader`, and its vocabularies);
* the engine itself: the fingerprint test vectors replay a fixed game.

``python -m oracle.protocol_doc --write`` rewrites the sections in PROTOCOL.md;
``python -m oracle.protocol_doc --check`` exits 1 naming every stale or missing section.
``tests/test_protocol_doc.py`` runs the check, so the document cannot drift from the code.

The package hands on the names of its modules: :mod:`~oracle.protocol_doc.driver` (the
sections in document order, rendering, splicing, the command line), the sections' renderers
by topic — :mod:`~oracle.protocol_doc.decisions` (actors, decisions, steps, actions),
:mod:`~oracle.protocol_doc.state_and_events`, :mod:`~oracle.protocol_doc.conformance`
(refusals, citations, levels, capabilities), :mod:`~oracle.protocol_doc.vectors` (the
fingerprint vectors), :mod:`~oracle.protocol_doc.card_format` (the card data) — and
:mod:`~oracle.protocol_doc.markdown` (tables, and the ``.proto`` comments they quote).
"""

from __future__ import annotations

from .driver import DOC_PATH, SECTIONS, main, render_sections, splice, stale_sections
from .markdown import PROTO_DIR, ProtocolDocError, proto_comments
from .vectors import FingerprintVector, fingerprint_vectors

__all__ = [
    "DOC_PATH",
    "PROTO_DIR",
    "SECTIONS",
    "FingerprintVector",
    "ProtocolDocError",
    "fingerprint_vectors",
    "main",
    "proto_comments",
    "render_sections",
    "splice",
    "stale_sections",
]
