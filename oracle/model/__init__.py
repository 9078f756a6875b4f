"""The game model: small, flat, mutable-by-the-engine-only records.

A :class:`State` is everything the rules need to know; nothing else decides anything.
Public functions never mutate a state they are given: :func:`oracle.engine.apply` works on a
copy (:meth:`State.copy`).  Card instances are identified by ``uid`` (1, 2, …), assigned
when a game is created; card definitions live in :mod:`oracle.cards`.

Seats are 0 and 1 (player 1 and player 2 in the order of the game configuration).  Which
seat is the *first player* is decided at setup (301.4).

Its modules, by what they hold (every name is imported from :mod:`oracle.model` itself):

- :mod:`~oracle.model.values` — the values of the state's text fields and the actors
  (:data:`GRANTS`, :data:`UNTIL`, :class:`Actor`, :data:`CHANCE`…);
- :mod:`~oracle.model.decisions` — :class:`Action`, :class:`Violation` and :class:`Event`;
- :mod:`~oracle.model.records` — the records a state holds besides its cards and players
  (:class:`Modifier`, :class:`QueueEntry`, :class:`HandChoice`…);
- :mod:`~oracle.model.state` — :class:`Card`, :class:`Player` and :class:`State`, with the copies
  ``python -m oracle.codegen`` generates.

Where the game stands (:data:`STEPS`, each step declared once in :data:`oracle.steps.STEP_SPECS`):
Queue steps (``*_queue``) resolve the Queue and, once it is empty, continue with the rule that
follows them; :data:`RESOLUTION_PAUSES` are the steps at which an ability's resolution waits in
the middle (INTERPRETING.md, entries 63 and 84).  Every kind of action (:data:`ACTION_KINDS`) is
declared once, with what its fields hold, in :data:`oracle.steps.ACTION_SPECS`; see
:class:`Action` for the fields.
"""

from __future__ import annotations

from ..steps import ACTION_KINDS, RESOLUTION_PAUSES, STEPS
from .decisions import Action, Event, Violation
from .records import (
    MEMORY_READS,
    Attack,
    HandChoice,
    Memory,
    Modifier,
    ModuleChoice,
    PendingTrigger,
    PlayerEffect,
    QueueEntry,
    TargetChoice,
)
from .state import Card, Player, State
from .values import CHANCE, GRANTED_KEYWORDS, GRANTS, PLAY_OPTIONS, PLAYER_FX, QUEUE_KINDS, UNTIL, Actor
from .values import FX_CARD_TYPES as FX_CARD_TYPES  # read by the generated codecs
from .values import FX_MODIFIERS as FX_MODIFIERS

__all__ = [
    "ACTION_KINDS",
    "CHANCE",
    "GRANTED_KEYWORDS",
    "GRANTS",
    "MEMORY_READS",
    "PLAYER_FX",
    "PLAY_OPTIONS",
    "QUEUE_KINDS",
    "RESOLUTION_PAUSES",
    "STEPS",
    "UNTIL",
    "Action",
    "Actor",
    "Attack",
    "Card",
    "Event",
    "HandChoice",
    "Memory",
    "Modifier",
    "ModuleChoice",
    "PendingTrigger",
    "Player",
    "PlayerEffect",
    "QueueEntry",
    "State",
    "TargetChoice",
    "Violation",
]
