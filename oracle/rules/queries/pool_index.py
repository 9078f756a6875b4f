"""The pool index: everything the rules derive from the card pool's printed cards — the triggered
abilities by condition, the cards that grant abilities, the replacements and statics by kind,
the cost statics, the ids of the cards with this or that keyword — built once per pool, in one
place, and dropped together when the pool changes.

A rule module declares what it derives as a plain function of the pool's cards, decorated
:func:`per_pool` (or :func:`per_pool_by` for a table per kind); calling it reads the current
pool's index, deriving the value the first time it is asked.  Nothing is registered at import:
an index starts empty and fills as it is read.  These tables are for speed only: each answers
what a scan of the pool would.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from functools import update_wrapper
from typing import Any, TypeVar

from ...cards import CardDef, load_pool

__all__ = ["PRINTED", "PoolIndex", "forget_pool_index", "per_pool", "per_pool_by", "pool_index", "printed"]

T = TypeVar("T")
K = TypeVar("K", bound=Hashable)


class PoolIndex:
    """The derived tables of one pool (``cards``: its printed cards by id), each made the first
    time it is read (``derived``, keyed by the function that makes it, and its argument)."""

    __slots__ = ("cards", "derived")

    def __init__(self, cards: Mapping[str, CardDef]) -> None:
        self.cards = cards
        self.derived: dict[Hashable, Any] = {}


#: The index of the pool the rules read now (empty until first asked).
_CURRENT: list[PoolIndex] = []

#: The current pool's printed cards by id, a dict kept in place (empty until the index is made):
#: :func:`oracle.rules.queries.board.card_def`, the engine's most frequent call, reads it directly.
PRINTED: dict[str, CardDef] = {}


def pool_index() -> PoolIndex:
    """The index of the current pool (:func:`oracle.cards.load_pool`), made when first asked."""
    if _CURRENT:
        return _CURRENT[0]
    cards = load_pool().cards
    _CURRENT.append(PoolIndex(cards))
    PRINTED.update(cards)
    return _CURRENT[0]


def printed() -> dict[str, CardDef]:
    """:data:`PRINTED`, filled."""
    if not _CURRENT:
        pool_index()
    return PRINTED


def forget_pool_index() -> None:
    """Drop every table derived from the pool (to be called whenever the pool the rules read
    changes): the next read derives them again from the new pool."""
    _CURRENT.clear()
    PRINTED.clear()


def _derived(key: Hashable, make: Callable[..., T], *args: Any) -> T:
    """The current pool's table under ``key``, made by ``make(cards, *args)`` the first time it is read."""
    index = _CURRENT[0] if _CURRENT else pool_index()
    try:
        return index.derived[key]  # type: ignore[no-any-return]
    except KeyError:
        value = index.derived[key] = make(index.cards, *args)
        return value


def per_pool(derive: Callable[[Mapping[str, CardDef]], T]) -> Callable[[], T]:
    """``derive`` (a function of the pool's cards) as a table of the pool index: the returned
    function answers the current pool's value, derived once.  It keeps the last index it read
    and its value beside it, so a read of the same pool's table is one identity test (speed
    only: the value is the index's, and a new index is read afresh)."""
    last: list[Any] = [None, None]  # the index last read, and its value

    def read() -> T:
        index = _CURRENT[0] if _CURRENT else pool_index()
        if last[0] is index:
            return last[1]  # type: ignore[no-any-return]
        value = _derived(derive, derive)
        last[0], last[1] = index, value
        return value

    return update_wrapper(read, derive)


def per_pool_by(derive: Callable[[Mapping[str, CardDef], K], T]) -> Callable[[K], T]:
    """``derive`` (a function of the pool's cards and a key, e.g. a kind of ability) as a table
    per key of the pool index (the tables last read kept beside it, as :func:`per_pool` does)."""
    last: list[Any] = [None, {}]  # the index last read, and its tables by key

    def read(key: K) -> T:
        index = _CURRENT[0] if _CURRENT else pool_index()
        if last[0] is not index:
            last[0], last[1] = index, {}
        tables: dict[Any, Any] = last[1]
        try:
            return tables[key]  # type: ignore[no-any-return]
        except KeyError:
            value = tables[key] = _derived((derive, key), derive, key)
            return value

    return update_wrapper(read, derive)
