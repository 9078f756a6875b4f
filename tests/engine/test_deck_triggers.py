"""Подгорный крот (INTERPRETING.md, entries 220-222): «Когда вы используете Поиск, вы можете
заплатить (1), при этом вызовите Подгорного крота» fires from its owner's deck when his search
begins (R15:113.10); «Гибель: Вы можете замешать Подгорного крота в колоду вместо кладбища»
shuffles it into his deck at step ``search_shuffle`` (R15:204.3)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from oracle import Action
from oracle.canonical_form import StateError
from oracle.model import HandChoice
from oracle.validate import validate

from .helpers import Board, card, events, kinds, run, violation_rules


def _search(mole_hand: bool = False, coins: int = 3, opponent_mole: bool = False) -> tuple[Board, object]:
    """Player 1's Порождение Пустоши dies to Поток энергии; its «Гибель: Поиск» resolves and
    waits at the search's choice (the deck holds another Порождение)."""
    b = Board(edition="R15", play=([card("porozhdenie_pustoshi", "pp")], []),
              hands=([card("potok_energii", "pe"), *([card("podgornyy_krot", "h")] if mole_hand else [])], []),
              decks=([card("porozhdenie_pustoshi", "p2"), card("podgornyy_krot", "m"), card("ork", "o")],
                     [card("podgornyy_krot", "opp")] if opponent_mole else ["ork"]),
              coins=((coins, 0), (0, 0)))
    return b, run(b.state(), Action("play", card=b["pe"], targets=(b["pp"],)))


def test_a_search_fires_the_mole_in_the_searchers_deck_only() -> None:
    """The Подгорный крот of his deck fires (citing R15:113.10), not the one in his hand nor
    the one in his opponent's deck."""
    b, (s, ev) = _search(mole_hand=True, opponent_mole=True)
    fired = [e for e in events(ev, "triggered") if e.get("condition") == "search_used"]
    assert [e.get("source") for e in fired] == [b["m"]] and all("R15:113.10" in e.rules for e in fired)
    assert [(t.source, t.controller) for t in s.pending] == [(b["m"], 0)]
    assert s.step == "hand_choice"


def test_the_trigger_waits_for_the_searching_ability_and_its_shuffle() -> None:
    """Declared at the next priority, after the search took its card and chance shuffled; paid,
    it summons the Подгорный крот of the deck, his choice, and the deck is shuffled again
    (R15:519.3.1)."""
    b, (s, _) = _search()
    s, ev = run(s, Action("choose_cards", targets=(b["p2"],)), Action("shuffle", card=0, values=(b["o"], b["m"])))
    assert "effect_paid" not in kinds(ev) and s.step == "play_queue"
    s, ev = run(s, Action("declare", trigger=s.pending[0].id))
    assert kinds(ev).count("effect_paid") == 1 and s.players[0].coins_open == 1
    assert s.step == "hand_choice"  # summon it or not (R15:519.3.2)
    s, ev = run(s, Action("choose_cards", targets=(b["m"],)))
    assert [e.get("card") for e in events(ev, "summoned")] == [b["m"]] and s.step == "search_shuffle"


def test_without_an_open_coin_nothing_is_summoned() -> None:
    """No open coin left: the payment is refused (R15:119.4) and the mole stays in the deck."""
    b, (s, _) = _search(coins=1)
    s, _ = run(s, Action("choose_cards", targets=(b["p2"],)), Action("shuffle", card=0, values=(b["o"], b["m"])))
    s, ev = run(s, Action("declare", trigger=s.pending[0].id))
    (refused,) = events(ev, "effect_payment_refused")
    assert "R15:119.4" in refused.rules and "summoned" not in kinds(ev)
    assert s.zone_of(b["m"]) == "deck" and s.step == "choice"


def _mole_dies() -> tuple[Board, object]:
    b = Board(edition="R15", play=([], [card("podgornyy_krot", "m")]), hands=([card("potok_energii", "pe")], []),
              decks=(["ork"], [card("ork", "a"), card("ork", "c")]), coins=((1, 0), (0, 0)))
    s, _ = run(b.state(), Action("play", card=b["pe"], targets=(b["m"],)))
    return b, run(s, Action("declare", trigger=s.pending[0].id, actor=1))


def test_death_shuffles_the_mole_into_its_owners_deck() -> None:
    """Its «Гибель» puts it from the graveyard into its owner's deck, then chance orders that
    deck (step search_shuffle, refusals and the event citing R15:204.3)."""
    b, (s, ev) = _mole_dies()
    (put,) = events(ev, "put_on_deck")
    assert put.get("position") == "shuffled" and put.get("from") == "graveyard" and "R15:204.4" in put.rules
    assert s.step == "search_shuffle" and s.choosing_cards is not None and s.choosing_cards.player == 1
    assert violation_rules(s, Action("shuffle", card=0, values=tuple(s.players[0].deck))) == ["R15:204.3"]
    s, ev = run(s, Action("shuffle", card=1, values=(b["a"], b["m"], b["c"])))
    assert "R15:204.3" in events(ev, "search_shuffled")[0].rules and s.players[1].deck == [b["a"], b["m"], b["c"]]


def test_validator_refuses_the_shuffle_of_another_deck() -> None:
    """Rule 12: the deck shuffled after a card was shuffled in is its owner's."""
    _, (s, _) = _mole_dies()
    hc = s.choosing_cards
    assert isinstance(hc, HandChoice)
    bad = replace(s, choosing_cards=replace(hc, player=0))
    with pytest.raises(StateError, match=r"choosing_cards\.player"):
        validate(bad)


def test_a_second_mole_summoned_sends_the_first_to_the_graveyard() -> None:
    """Уникальность: with a Подгорный крот in play, the one summoned from the deck sends the first
    to its graveyard (R15:503.1), which is its «Гибель» (optional, it may shuffle itself in)."""
    b = Board(edition="R15", play=([card("porozhdenie_pustoshi", "pp"), card("podgornyy_krot", "old")], []),
              hands=([card("potok_energii", "pe")], []),
              decks=([card("podgornyy_krot", "new"), card("ork", "o")], ["ork"]), coins=((3, 0), (0, 0)))
    s, _ = run(b.state(), Action("play", card=b["pe"], targets=(b["pp"],)))
    assert [t.source for t in s.pending] == [b["new"]]  # the mole in play does not fire (entry 220)
    s, _ = run(s, Action("shuffle", card=0, values=(b["o"], b["new"])))
    s, ev = run(s, Action("declare", trigger=s.pending[0].id), Action("choose_cards", targets=(b["new"],)))
    moved = events(ev, "moved_to_graveyard")  # as the summoned one enters play
    s, _ = run(s, Action("shuffle", card=0, values=(b["o"],)))
    assert [e.get("card") for e in moved] == [b["old"]] and "R15:503.1" in moved[0].rules
    assert s.zone_of(b["new"]) == "play" and [t.source for t in s.pending] == [b["old"]]
