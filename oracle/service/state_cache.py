"""A bounded cache of the states this server process produced and returned.

A client playing a game sends back, with its next call, the very ``State`` message it just
received.  Decoding and validating that message (:func:`oracle.service.state_codec.state_from_proto`)
is most of a call's cost, and its result is known: it is the engine state the server
encoded into its answer.  :class:`StateCache` remembers, for the last few hundred states
the server answered with (CreateGame, ApplyAction) or decoded and validated for a request
(a client searching a game tree sends one state with one action after another), that
engine state under an exact key: the state message's deterministic wire bytes.  A request whose state message serializes to
the same bytes is the same message, field for field, so it decodes to the same state; any
other message (one field edited by the client, unknown fields added, another edition) has
other bytes and is decoded as if there were no cache.

Why a hit is exactly what decoding would give:

* the key is the whole message (``SerializeToString(deterministic=True)``: the same message
  always gives the same bytes, two different messages never do), compared byte for byte;
* a stored miss's value is the state decoding gave (a message validation refuses is
  never stored);
* an answer's value is the state the engine made, its usage markers put in the decoder's order
  (:func:`normalize_usage`); decoding its encoding gives back an equal state, in the same
  order everywhere (cards, zones, markers), and it passes validation
  (``tests/service/test_state_cache.py`` checks both on random games of every edition;
  the reference server trusts this of every state its engine makes, as it trusts the
  engine's rules);
* a server started with a mutant (``--mutant``) stores the state *decoded* from its own
  answer, exactly as a later request would decode it (a mutant may make states that
  validation refuses: such a state is not stored, so the later request is refused as
  before); the cache belongs to one servicer, whose mutant never changes, and the
  mutant is part of the key as well;
* the engine never changes a state it is given (:func:`oracle.engine.apply` works on a
  copy, ``State.fork``, which shares the card records until a rule changes one through
  ``State.card_mut``; ``legal_actions``, ``check`` and ``decision`` only read; the
  engine's property tests check ``apply``, tests/engine/test_copy_on_write.py every step of
  every scenario, the cache tests all four), so a cached state can serve any number of
  calls, in any thread.

The cache is per process (``--workers`` processes each have their own), bounded to
``size`` entries (least recently used first out; 0 turns it off), and thread safe.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

from oracle.model import State

__all__ = ["DEFAULT_STATE_CACHE_SIZE", "CachedState", "StateCache", "StateCacheStats", "normalize_usage"]

#: Entries of the cache by default (``--state-cache``): a few hundred games in flight.
#: A mid-game state of 42 cards takes about 15 KB (key and engine state); see docs/SERVICE.md.
DEFAULT_STATE_CACHE_SIZE = 256


def normalize_usage(state: State) -> State:
    """``state`` with each card's ability usage markers (``usage``, ``game_usage``) as the
    decoder builds them: by ability, without zero counts (the engine adds markers in the
    order abilities are used; the ``State`` message lists them by ability and leaves zero
    counts out, PROTOCOL.md).  Changes ``state`` in place (only the order of those dicts, and zero
    markers, which no rule reads differently from absent ones) and returns it."""
    # most cards have no markers: one cheap test each
    for uid, card in [(uid, c) for uid, c in state.cards.items() if c.usage or c.game_usage]:
        usage, game_usage = _by_ability(card.usage), _by_ability(card.game_usage)
        if usage is not card.usage or game_usage is not card.game_usage:
            card = state.card_mut(uid)  # a card the state shares with another (State.fork)
            card.usage, card.game_usage = usage, game_usage
    return state


def _by_ability(markers: dict[int, int]) -> dict[int, int]:
    """``markers`` by ability, without zero counts (``markers`` itself when it already is)."""
    if len(markers) <= 1 and 0 not in markers.values():
        return markers
    return {a: n for a, n in sorted(markers.items()) if n}


@dataclass(frozen=True, slots=True)
class CachedState:
    """A stored state with what its encoding already computed: ``encodings``, the codec's
    wire and canonical forms of its players and cards (:func:`oracle.service.state_codec.encode_state_reusing`
    reuses those of the cards a next state shares with it, ``State.fork``), and its
    ``fingerprint`` ("" when not known)."""

    state: State
    encodings: object = None
    fingerprint: str = ""


@dataclass(frozen=True)
class StateCacheStats:
    """Counters of a :class:`StateCache` (for tests and benchmarks)."""

    size: int
    entries: int
    hits: int
    misses: int
    stores: int


class StateCache:
    """Engine states by the deterministic wire bytes of their ``State`` message (and the
    server's mutant), least recently used first out.  ``size`` 0: nothing is stored and
    every lookup misses."""

    def __init__(self, size: int = DEFAULT_STATE_CACHE_SIZE) -> None:
        if size < 0:
            raise ValueError(f"state cache size must be >= 0, got {size}")
        self.size = size
        self._entries: OrderedDict[tuple[str, bytes], CachedState] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0
        self.stores = 0

    @property
    def enabled(self) -> bool:
        """Whether the cache stores anything."""
        return self.size > 0

    def get(self, key: bytes, mutant: str) -> State | None:
        """The state stored under ``key`` for ``mutant`` (now the most recently used), or None."""
        entry = self.lookup(key, mutant)
        return None if entry is None else entry.state

    def lookup(self, key: bytes, mutant: str) -> CachedState | None:
        """The entry stored under ``key`` for ``mutant`` (now the most recently used), or None."""
        with self._lock:
            entry = self._entries.get((mutant, key))
            if entry is None:
                self.misses += 1
                return None
            self._entries.move_to_end((mutant, key))
            self.hits += 1
            return entry

    def known(self, key: bytes, mutant: str) -> CachedState | None:
        """The entry stored under ``key`` for ``mutant`` (now the most recently used), or
        None, counted neither as a hit nor as a miss: a state the server made again (the next
        state of an answer it gave before), not a request's state."""
        with self._lock:
            entry = self._entries.get((mutant, key))
            if entry is not None:
                self._entries.move_to_end((mutant, key))
            return entry

    def count(self, hit: bool) -> None:
        """Count a request's state found by :meth:`known` (``hit``) or not, as :meth:`lookup`
        counts: for a caller that looks first and counts once the request is known to parse."""
        with self._lock:
            if hit:
                self.hits += 1
            else:
                self.misses += 1

    def put(self, key: bytes, mutant: str, state: State, encodings: object = None, fingerprint: str = "") -> None:
        """Store ``state`` (which nobody may change from now on) under ``key`` for ``mutant``,
        with its ``encodings`` and ``fingerprint`` when known (:class:`CachedState`)."""
        if self.size <= 0:
            return
        with self._lock:
            entries = self._entries
            entries[(mutant, key)] = CachedState(state, encodings, fingerprint)
            entries.move_to_end((mutant, key))
            while len(entries) > self.size:
                entries.popitem(last=False)
            self.stores += 1

    def clear(self) -> None:
        """Forget every entry (the counters stay)."""
        with self._lock:
            self._entries.clear()

    def stats(self) -> StateCacheStats:
        """The size, the number of entries and the counters."""
        with self._lock:
            return StateCacheStats(self.size, len(self._entries), self.hits, self.misses, self.stores)
