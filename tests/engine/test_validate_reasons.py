"""The validator's refusals of a waiting decision say why, naming the right player and the right
rule (PROTOCOL.md 5.4).  The conformance suite cannot send a state the validator must refuse, so
the survivors of bench/mutation.py's seed 20261208 in the pauses' own checks are pinned here:
the deck order's player in words, a count only a look waits with, and a wound choice that offers
no replacement."""

from __future__ import annotations

from dataclasses import replace

import pytest

from oracle import State
from oracle.validate import StateError, validate

from .test_validate import _base, _choosing_cards, _deck_order_one_left


def _refusal(s: State) -> StateError:
    with pytest.raises(StateError) as e:
        validate(s)
    return e.value


def test_a_deck_order_with_one_creature_left_names_that_player() -> None:
    """R15:204.4; INTERPRETING.md entry 193: player 1 (seat 0) has a single creature left to put
    on his deck: the refusal names him as «player 1», the players' own numbering."""
    s = _base("deck_order").copy()
    assert s.choosing_cards is not None and s.choosing_cards.player == 0
    _deck_order_one_left(s)
    err = _refusal(s)
    assert err.field == "choosing_cards.player"
    assert err.reason.startswith("player 1 has fewer than two creatures left to order"), err.reason


def test_a_count_on_a_discard_is_refused_as_only_a_looks() -> None:
    """INTERPRETING.md entry 161: only a look at the top cards of a deck waits at step hand_choice
    with a count of cards to put back; a discard waiting with one is refused for that, not for
    the size of a look it is not."""
    s = _base("hand_choice").copy()
    _choosing_cards(count=2)(s)
    err = _refusal(s)
    assert err.field == "choosing_cards.count"
    assert err.reason.startswith("only a look at the top cards of a deck"), err.reason


def test_a_wound_choice_offering_no_replacement_is_refused() -> None:
    """R15:517.3; INTERPRETING.md entry 223: player 2's Курдаш has left play, so the fight waiting
    at step wound_choice offers no optional replacement to anybody — not to player 2, and not to
    player 1 either, whose hero is no card whose replacement is offered."""
    base = _base("wound_choice_fight")
    kurdash = next(uid for uid in base.players[1].play if base.cards[uid].card_id == "kurdash")
    for seat in (0, 1):
        s = base.copy()
        s.players[1].play.remove(kurdash)
        s.players[1].graveyard.append(kurdash)
        assert s.choosing_cards is not None
        s.choosing_cards = replace(s.choosing_cards, player=seat)
        err = _refusal(s)
        assert err.field == "choosing_cards.player", (seat, err)
        assert "asks this player no question about replacements" in err.reason, err.reason
