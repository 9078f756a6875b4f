"""Step ``search_shuffle``: chance shuffles a deck an ability looked through or put a card into
(R15:7.search, R15:204.2; a summon's, R15:519.3.1; a card shuffled in, R15:204.3).  The actor is
chance: its outcome is any order of exactly the cards of that deck, not enumerated (as at 301.5).
"""

from __future__ import annotations

from ....cards import EffectAbility
from ....model import CHANCE, Action, Event, HandChoice, State, Violation
from ...queries.board import ability_of
from ..queue import resolution_rules
from ..resume import GoOn, Pause, resume
from .hand import after_choice, hand_effect_inconsistency

__all__ = ["PAUSE", "check_search_shuffle"]

#: The rule a shuffle at step ``search_shuffle`` comes from, by the op that looked through the deck
#: (a search, R15:7.search) or put a card into it (a summon's, R15:519.3.1; a card shuffled in, R15:204.3).
_SHUFFLE_RULES = {"summon": "R15:519.3.1", "shuffle_self_into_deck": "R15:204.3"}


def _chance(state: State) -> int:
    return CHANCE


def _no_actions(state: State) -> list[Action]:
    return []  # outcomes: any permutation of the searched deck (not enumerated), as at 301.5


def check_search_shuffle(state: State, action: Action) -> list[Violation]:
    """Violations of chance's ``shuffle`` after a search: the searcher's deck (``card`` is his
    seat), every card of it exactly once (R15:7.search, R15:204.2)."""
    hc = state.choosing_cards
    assert hc is not None
    if action.card != hc.player:
        rule = _SHUFFLE_RULES.get(ability_of(state, hc.entry).effects[hc.effect].op, "R15:7.search")
        return [Violation(rule, f"the deck of seat {hc.player} is shuffled now")]
    if sorted(action.values) != sorted(state.players[hc.player].deck):
        return [Violation("R15:204.2", "the outcome must be an order of exactly the cards of the deck")]
    return []


def _search_shuffle(state: State, hc: HandChoice, action: Action, ev: list[Event]) -> GoOn | None:
    """Chance's order of the searched deck (event ``search_shuffled``); the ability's remaining
    effects follow, then the rest of its play, and the game returns to its Queue step."""
    state.choosing_cards = None
    state.step = hc.resume
    state.players[hc.player].deck = list(action.values)
    rule = _SHUFFLE_RULES.get(ability_of(state, hc.entry).effects[hc.effect].op, "R15:7.search")
    ev.append(Event("search_shuffled", (*resolution_rules(state, hc.entry), rule, "R15:204.2"),
                    (("player", hc.player),)))
    return after_choice(state, hc, True, ev)


def _inconsistency(state: State, hc: HandChoice, a: EffectAbility) -> tuple[str, str] | None:
    """What is wrong with a state waiting at step search_shuffle: for a card shuffled into a deck
    (``shuffle_self_into_deck``; INTERPRETING.md, entry 222), a deck other than its owner's, or
    one without it (R15:204.4); else the hand effect and a count of cards to put back
    (:func:`.hand.hand_effect_inconsistency`), or an effect other than a search or a summon
    (:func:`_not_a_search`)."""
    if hc.effect < len(a.effects) and a.effects[hc.effect].op == "shuffle_self_into_deck":
        source = hc.entry.source
        if hc.player != state.cards[source].owner or source not in state.players[hc.player].deck:
            return "choosing_cards.player", ("the deck shuffled is the one the ability's own card went into, "
                                             "its owner's (R15:204.4)")
        return None
    return hand_effect_inconsistency(state, hc, a, _not_a_search)


def _not_a_search(state: State, hc: HandChoice, a: EffectAbility) -> tuple[str, str] | None:
    """Chance shuffles a deck only after a search or a summon looked through it (R15:7.search,
    R15:519.3.1)."""
    if a.effects[hc.effect].op not in ("search", "summon"):
        return "choosing_cards.effect", ("at step search_shuffle the effect is a search or a summon "
                                         "(R15:7.search, R15:519.3.1)")
    return None


PAUSE = Pause("search_shuffle", _chance, _no_actions, check_search_shuffle, resume(_search_shuffle), _inconsistency)
