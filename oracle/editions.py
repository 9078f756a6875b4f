"""The editions a game can be read through and how the engine cites rules in each.

Three seed editions (A, B, C) and the 15th edition of 31.05.2024 (``R15``, issue 15).

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

Edition R15 numbers Parts 3–5 as B and C do, except where it renumbers
(:data:`R15_RENUMBER`): its 309.1 has twelve steps in another order (the final cost, C's step
8, is step 4; cancellation is the new step 10), its 501.4 is new (C's 501.4 and 501.5 are
R15's 501.5 and 501.6), and A's 402.2 is R15's 113.7.  Every other number is the same rule.
R15 ids of Parts 3–4 and of 501 are cited only in R15 games; the rest of R15 (its Parts 1–2,
502–527, 6 and the glossary) is the supporting model every edition cites
(:func:`edition_specific`).  What of R15 the engine plays as R15 says and what it plays as C
is in docs/R15.md.

This module holds no behavioural switch between editions any more.  The one it held,
edition A's 402.2 (any firing of an ability may be declared first), was overruled: B and
C's 402.1 already lets a player declare his triggers in the order he chooses
(INTERPRETING.md, entry 9).
"""

from __future__ import annotations

from functools import cache

from .catalogue import load_catalogue
from .model import State

__all__ = [
    "DEFAULT_EDITION", "EDITIONS", "R15_RENUMBER", "SEED_EDITIONS", "activation_steps", "cite", "cite_ed", "cite_one", "edition_specific", "r15_own",
]

#: The editions of the seed rules.
SEED_EDITIONS = ("A", "B", "C")
#: Every edition a game can be played under.
EDITIONS = (*SEED_EDITIONS, "R15")
DEFAULT_EDITION = "C"

_A_RENUMBER = {"310.1": "315.1", "310.2": "315.2"}

#: The B/C numbers R15 gives another number (catalogue ``same_as`` says the same; a test
#: checks): C's steps of 309.1 move to R15's order (step 3 keeps its number with another
#: order of parameters, R15 adds cancellation as step 10), 501.4/501.5 move down one, and
#: A's 402.2 is R15's 113.7.
R15_RENUMBER = {
    "309.1.4": "309.1.5",
    "309.1.5": "309.1.6",
    "309.1.6": "309.1.7",
    "309.1.7": "309.1.8",
    "309.1.8": "309.1.4",
    "309.1.10": "309.1.11",
    "309.1.11": "309.1.12",
    "501.4": "501.5",
    "501.5": "501.6",
    "402.2": "113.7",
}

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
    if edition == "R15":
        candidate = "R15:" + R15_RENUMBER.get(number, number)
        if candidate in ids:
            return candidate
        raise KeyError(f"rule {number} has no catalogue entry for edition R15")
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


def edition_specific(rule_id: str) -> str:
    """The edition whose games alone cite ``rule_id``, or "" for an id every edition cites.

    A seed id (``C:401.3``) belongs to its edition.  An R15 id of Parts 3–4 or of 501
    (``R15:307.1``, ``R15:501.5``) belongs to R15: a seed game cites its own edition's id for
    that rule.  Every other R15 id (``R15:505.1``, ``R15:108.5``, ``R15:7.prepare``) is the
    supporting model, cited in every edition."""
    if ":" not in rule_id:
        return ""
    edition, number = rule_id.split(":", 1)
    if edition != "R15":
        return edition
    head = number.split(".", 1)[0]
    if head.isdigit() and (301 <= int(head) <= 310 or 401 <= int(head) <= 403 or int(head) == 501):
        return "R15"
    return ""


def cite(state: State, *numbers: str) -> tuple[str, ...]:
    """Catalogue ids of ``numbers`` in the edition of ``state``."""
    return _cite(state.edition, numbers)


def cite_one(state: State, number: str) -> str:
    """The catalogue id of the one rule ``number`` in the edition of ``state`` (``cite`` of
    one number, whose tuple has that one id; kept per edition and number, speed only)."""
    key = (state.edition, number)
    found = _ONE.get(key)
    if found is None:
        found = _ONE[key] = _cite(state.edition, (number,))[0]
    return found


#: :func:`cite_one`'s answers, by (edition, number).
_ONE: dict[tuple[str, str], str] = {}


@cache
def _cite(edition: str, numbers: tuple[str, ...]) -> tuple[str, ...]:
    """:func:`cite` of an edition, kept (the engine cites the same few ids on every call)."""
    return tuple([cite_ed(edition, n) for n in numbers])


def r15_own(state: State, rule_id: str) -> tuple[str, ...]:
    """``(rule_id,)``, an ``R15:`` id of a rule the seed editions lack (e.g. ``R15:501.4``), in
    an R15 game; nothing in a seed edition, whose games cite their own rule for the same
    behaviour (the caller adds it where there is one)."""
    return (rule_id,) if state.edition == "R15" else ()


def activation_steps(state: State, *steps: int) -> tuple[str, ...]:
    """The ids of R15:308.1's numbered ``steps`` in an R15 game (announce 1, base cost 2,
    parameters 3, final cost 4, targets 5, distribution 6, legality 7, payment 8,
    cancellation 9, execution 11), nothing in the seed editions, whose 308.1 has no
    steps (the declaration and payment cite 308.1, 501.1 and 501.2 there and in R15 too)."""
    if not state.rules.activation_steps:
        return ()
    return tuple(_ACTIVATION_STEPS[n] for n in steps)


#: The steps of R15:308.1 the engine cites, by number (each id written out, so that a search
#: for the rule finds this table).
_ACTIVATION_STEPS = {
    1: "R15:308.1.1", 2: "R15:308.1.2", 3: "R15:308.1.3", 4: "R15:308.1.4", 5: "R15:308.1.5", 6: "R15:308.1.6",
    7: "R15:308.1.7", 8: "R15:308.1.8", 9: "R15:308.1.9", 11: "R15:308.1.11",
}
