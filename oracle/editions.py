"""The three seed editions and how the engine cites rules in each.

The engine names a rule by its edition-B/C number (``cite(state, "310.1")``); this module
turns it into the id the game's edition uses:

* edition A numbers the end of turn 315.1–315.2 where B and C say 310.1–310.2;
* edition C's fragment holds only 307.4–309.2, the rest of C is B's text (the catalogue
  holds those as C entries ``inherited_from`` B), so C ids exist for every B number;
* edition A's fragments hold only 307.2–309.3, the end of turn and 401–501.2; a rule A's
  fragments lack is cited with B's id (INTERPRETING.md, entry 1);
* C's eleven steps of 309.1 (``309.1.7``) are C's alone: A's and B's 309.1 is one
  paragraph («заявить какую карту он разыгрывает»; a spell's abilities go into the Queue and
  resolve), paid with the declaration (501.2).  Only the steps that paragraph does say are
  cited as ``309.1`` in A and B (:data:`_AB_PLAY_STEPS`); the others have no A/B
  counterpart, so the engine names the A/B rule itself (501.1, 501.2) and ``cite_ed``
  refuses them in A and B (INTERPRETING.md, entry 39).

This module holds no behavioural switch between editions any more.  The one it held,
edition A's 402.2 (any firing of an ability may be declared first), was overruled: B and
C's 402.1 already lets a player declare his triggers in the order he chooses
(INTERPRETING.md, entry 9).
"""

from __future__ import annotations

from functools import cache

from .catalogue import load_catalogue
from .model import State

__all__ = ["DEFAULT_EDITION", "EDITIONS", "cite", "cite_ed"]

EDITIONS = ("A", "B", "C")
DEFAULT_EDITION = "C"

_A_RENUMBER = {"310.1": "315.1", "310.2": "315.2"}

# C's steps of 309.1 that A's and B's one-paragraph 309.1 says too, cited there as 309.1:
# the card declared is played from the hand (1), the card is played — it goes to the
# graveyard or into play (4), the play is paid (9: the declaration's payment, 501.2, which
# the engine cites beside it; the alternative cost's wounds cite it alone), the play itself
# (10) and a spell's abilities entering the Queue (11).  Steps 2, 3, 5–8 have no A/B text.
_AB_PLAY_STEPS = frozenset({"309.1.1", "309.1.4", "309.1.9", "309.1.10", "309.1.11"})


@cache
def cite_ed(edition: str, number: str) -> str:
    """The catalogue id for rule ``number`` (B/C numbering) in ``edition``."""
    if number.startswith("R15:"):
        return number
    ids = load_catalogue().rules
    if edition == "A":
        number = _A_RENUMBER.get(number, number)
    candidate = f"{edition}:{number}"
    if candidate in ids:
        return candidate
    if edition == "A":
        b = f"B:{number}"
        if b in ids:
            return b
    if number in _AB_PLAY_STEPS and f"{edition}:309.1" in ids:
        return f"{edition}:309.1"
    raise KeyError(f"rule {number} has no catalogue entry for edition {edition}")


def cite(state: State, *numbers: str) -> tuple[str, ...]:
    """Catalogue ids of ``numbers`` in the edition of ``state``."""
    edition = state.edition
    return tuple([cite_ed(edition, n) for n in numbers])
