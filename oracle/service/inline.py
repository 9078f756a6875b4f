"""Which calls run on the event loop: those whose work is bounded by what a real game holds.

The server answers every call on one asyncio event loop (:mod:`oracle.service.interceptor`).
A call whose engine work is as small as a real game's makes is run on that loop itself, for
a hop to an engine thread and back costs more than the work (docs/SERVICE.md); any other runs
in the engine pool, where the loop keeps answering every other call, health checks first,
while it runs.  What decides is the work a call can cost, never its request's size
(issue 45: 15 KB of bytes held a state of 1,024 cards whose legal actions were 10 MB):

* **no list of legal actions**: GetLegalActions and an ApplyAction whose read mask asks for
  ``legal_actions`` always run in the pool: the list grows as products of the cards (every
  attacker by every target, every combination of targets), not as their number;
* **a state of at most** :data:`INLINE_MAX_CARDS` **cards** (decoding, validation, one
  action and its encoding are each about linear in the cards; the engine's checks of whether
  a declaration has a legal target look for one or two choices, never for all of them,
  tests/engine/test_enumeration_cost.py); CreateGame counts the cards of its decks;
* the methods of :data:`INLINE_METHODS` only: batches and transcripts hold many actions.

``tests/service/test_stall.py`` holds the server to it: no request, of any size or read mask,
keeps a concurrent health check waiting beyond the bound docs/SERVICE.md states.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from oracle._proto.berserk.oracle.v1 import state_pb2

from .servicer import APPLY_METHOD, APPLY_REQUEST_FIELDS, SERVICE_NAME, OracleServicer
from .wire import count_field, split_fields

__all__ = ["INLINE_MAX_CARDS", "INLINE_METHODS", "apply_bytes_inline", "message_inline", "policy"]

#: The oracle methods whose work may run on the event loop (as far as their request allows):
#: one state, one action, a bounded answer; or no state at all.
INLINE_METHODS = frozenset(
    f"/{SERVICE_NAME}/{name}"
    for name in ("ApplyAction", "CheckAction", "CreateGame", "GetServerInfo", "GetCatalogue", "GetCardPool")
)
#: The most cards a call's state (CreateGame: its decks and heroes) may have for it to run on
#: the event loop: two decks of 60, two heroes and a few cards made during play.
INLINE_MAX_CARDS = 130
#: The read-mask path that asks ApplyAction's answer for the legal actions (PROTOCOL.md 2.1).
_LEGAL_ACTIONS = "legal_actions"
_CREATE_METHOD = f"/{SERVICE_NAME}/CreateGame"
#: The field of a ``State`` message that lists its cards.
_STATE_CARDS = state_pb2.State.DESCRIPTOR.fields_by_name["cards"].number


def message_inline(method: str, request: Any) -> bool:
    """Whether the call of ``method`` on the parsed ``request`` runs on the event loop (this
    module's rules); a request that did not parse is refused on the loop, before any work."""
    if method not in INLINE_METHODS:
        return False
    state = getattr(request, "state", None)
    if state is not None and len(state.cards) > INLINE_MAX_CARDS:
        return False
    if method == APPLY_METHOD:
        return _LEGAL_ACTIONS not in request.read_mask.paths
    if method == _CREATE_METHOD:
        config = request.config
        return len(config.heroes) + sum(len(deck.card_ids) for deck in config.decks) <= INLINE_MAX_CARDS
    return True


def apply_bytes_inline(data: bytes, cards_known: Callable[[bytes], int | None]) -> bool:
    """Whether ApplyAction of the request bytes ``data`` (the server's form of it,
    :meth:`~oracle.service.servicer.OracleServicer.apply_action_wire`) runs on the event loop:
    a request the wire form takes apart, whose read mask cannot name ``legal_actions`` (its
    bytes do not hold the path) and whose state has at most :data:`INLINE_MAX_CARDS` cards:
    ``cards_known(state_bytes)`` for a state the server holds, else counted in its bytes
    (:func:`~oracle.service.wire.count_field`).  Any other request is parsed whole in the pool."""
    fields = split_fields(data, APPLY_REQUEST_FIELDS)
    if fields is None or 1 not in fields or 2 not in fields:
        return False
    mask = fields.get(3)
    if mask is not None and _LEGAL_ACTIONS.encode() in mask:
        return False
    state = fields[1]
    cards = cards_known(state)
    if cards is None:
        cards = count_field(state, _STATE_CARDS)
    return cards is not None and cards <= INLINE_MAX_CARDS


def policy(servicer: OracleServicer) -> Callable[[str, Any], bool]:
    """The server's decision, per call, of whether ``method`` on ``request`` (a message, or the
    bytes of a method the server takes as bytes: ApplyAction) runs on the event loop, with
    ``servicer``'s state cache telling the cards of a state it holds."""
    cache, mutant = servicer.state_cache, servicer.mutant

    def cards_known(state: bytes) -> int | None:
        entry = cache.known(state, mutant) if cache.enabled else None
        return None if entry is None else len(entry.state.cards)

    def inline(method: str, request: Any) -> bool:
        if type(request) is bytes:
            return method == APPLY_METHOD and apply_bytes_inline(request, cards_known)
        return message_inline(method, request)

    return inline
