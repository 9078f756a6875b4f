"""The top cards of a player's own deck (INTERPRETING.md, entries 160 and 161): «Покажите
верхнюю карту вашей колоды» with a card named in the declaration (Дитя Йара), and
«Посмотрите Х верхних карт …; положите их обратно в любом порядке» (Прорицание воргов)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from oracle import Action, legal_actions
from oracle.canonical_form import StateError
from oracle.validate import validate

from .helpers import Board, card, events, kinds, run, violation_rules


def _divination(deck: list[str], x: int) -> tuple[Board, object]:
    b = Board(edition="R15", hands=([card("proritsanie_vorgov", "p")], []), decks=(deck, ["ork"]), coins=((x, 0), (0, 0)))
    s, ev = run(b.state(), Action("play", card=b["p"], x=x))
    return b, (s, ev)


def test_looking_at_one_card_is_no_decision_and_shuffles_nothing() -> None:
    """X = 1: the one card looked at stays where it was (no ``deck_ordered``), then it is drawn;
    no step ``hand_choice``, no shuffle (R15:204.3)."""
    b, (s, ev) = _divination([card("ork", "a"), card("oboroten", "b")], 1)
    assert kinds(ev).count("deck_looked_at") == 1 and "search_shuffled" not in kinds(ev)
    assert s.step == "choice" and s.players[0].hand == [b["a"]] and s.players[0].deck == [b["b"]]


def test_look_takes_what_the_deck_holds() -> None:
    """X = 3 with two cards in the deck looks at both (R15:520.3, cited) and waits for their order."""
    b, (s, ev) = _divination([card("ork", "a"), card("oboroten", "b")], 3)
    (looked,) = events(ev, "deck_looked_at")
    assert "R15:520.3" in looked.rules and looked.get("count") == 2
    assert s.step == "hand_choice" and s.choosing_cards is not None and s.choosing_cards.count == 2
    assert [a.targets for a in legal_actions(s)] == [(b["a"],), (b["b"],)]


def test_the_first_card_put_back_ends_lowest() -> None:
    """Putting back «a» first puts it under «b», the last card (which goes back by itself); the
    draw then takes «b»."""
    b, (s, _) = _divination([card("ork", "a"), card("oboroten", "b"), card("ork", "c")], 2)
    s, ev = run(s, Action("choose_cards", targets=(b["a"],)))
    assert events(ev, "deck_ordered")[0].get("cards") == f"{b['b']},{b['a']}"
    assert s.players[0].hand == [b["b"]] and s.players[0].deck == [b["a"], b["c"]]


def test_put_back_refuses_a_card_not_looked_at_and_two_cards() -> None:
    """Only one of the cards still to put back may be chosen (R15:204.3)."""
    b, (s, _) = _divination([card("ork", "a"), card("oboroten", "b"), card("ork", "c")], 2)
    assert violation_rules(s, Action("choose_cards", targets=(b["c"],))) == ["R15:204.3"]
    assert violation_rules(s, Action("choose_cards", targets=(b["a"], b["b"]))) == ["R15:204.3"]


def test_validator_refuses_a_count_out_of_range() -> None:
    """``choosing_cards.count`` is 2..the cards looked at; a count on another choice is refused."""
    _, (s, _) = _divination([card("ork"), card("oboroten"), card("ork")], 2)
    assert s.choosing_cards is not None
    with pytest.raises(StateError, match=r"choosing_cards\.count"):
        validate(replace(s, choosing_cards=replace(s.choosing_cards, count=3)))


def test_mutant_keeps_the_order() -> None:
    """``looked_cards_keep_their_order``: no decision, the top card is drawn."""
    b = Board(edition="R15", hands=([card("proritsanie_vorgov", "p")], []),
              decks=([card("ork", "a"), card("oboroten", "b")], ["ork"]), coins=((2, 0), (0, 0)))
    s, _ = run(b.state("looked_cards_keep_their_order"), Action("play", card=b["p"], x=2))
    assert s.step == "choice" and s.players[0].hand == [b["a"]]


def _child(deck: list[str]) -> tuple[Board, object]:
    b = Board(edition="R15", hands=([card("ditya_yara", "y")], []), decks=(deck, ["ork"]), coins=((4, 0), (0, 0)))
    s, _ = run(b.state(), Action("play", card=b["y"]))
    return b, s


def test_naming_is_part_of_the_declaration() -> None:
    """The «Найм» is a decision: one declaration per card of the pool (option = its id); none
    without a name (R15:501.1), and it is not declared automatically."""
    _b, s = _child([card("ork", "a")])
    acts = legal_actions(s)
    assert acts and all(a.kind == "declare" and a.option for a in acts)
    assert "ork" in {a.option for a in acts} and "ditya_yara" in {a.option for a in acts}
    trig = acts[0].trigger
    assert violation_rules(s, Action("declare", trigger=trig)) == ["R15:501.1"]


def test_named_card_goes_to_hand_without_a_draw() -> None:
    """Named «Орк», the shown Орк goes to the hand: ``put_in_hand``, no ``drew``."""
    b, s = _child([card("ork", "a"), card("oboroten", "b")])
    trig = legal_actions(s)[0].trigger
    s, ev = run(s, Action("declare", trigger=trig, option="ork"))
    assert "put_in_hand" in kinds(ev) and "drew" not in kinds(ev)
    assert s.players[0].hand == [b["a"]] and s.players[0].drawn_this_turn == 0


def test_an_empty_deck_shows_nothing() -> None:
    """With no deck nothing is shown and nothing goes to the hand (R15:520.3)."""
    _b, s = _child([])
    trig = legal_actions(s)[0].trigger
    s, ev = run(s, Action("declare", trigger=trig, option="ork"))
    assert "deck_revealed" not in kinds(ev) and s.players[0].hand == []


def test_an_option_on_an_ability_that_names_nothing_is_refused() -> None:
    """``option`` on a declaration that names no card is refused (R15:501.1)."""
    b = Board(edition="R15", hands=([card("test_prashchnik", "t")], []), coins=((1, 0), (0, 0)),
              play=([], [card("ork", "o"), "ork"]))
    s, _ = run(b.state(), Action("play", card=b["t"]))
    trig = legal_actions(s)[0].trigger
    assert "R15:501.1" in violation_rules(s, Action("declare", trigger=trig, targets=(b["o"],), option="ork"))


def test_garu_names_its_creature_after_a_shown_non_creature() -> None:
    """Гару declared (it names no target: its creature is named as «иначе» is carried out,
    R15:116.1; entry 250): a shown non-creature card leads to «иначе», which waits for the
    creature at step target_naming; no Броня, no wound yet (tests/engine/test_named_targets.py)."""
    b = Board(edition="R15", play=([card("garu", "g")], [card("ork", "o")]),
              decks=([card("proritsanie_vorgov", "p")], ["ork"]), coins=((1, 0), (0, 0)))
    s, ev = run(b.state(), Action("activate", card=b["g"], ability=0))
    assert "deck_revealed" in kinds(ev) and "wounded" not in kinds(ev) and "armour_granted" not in kinds(ev)
    assert s.step == "target_naming" and s.cards[b["o"]].wounds == 0 and not s.modifiers


def test_gained_armour_ends_with_the_turn() -> None:
    """The Броня 2 Гару gains is a modifier until the end of turn (310.2): gone in the next turn."""
    b = Board(edition="R15", play=([card("garu", "g")], []), decks=(["ork", "ork"], ["ork", "ork"]),
              coins=((1, 0), (0, 0)))
    s, _ = run(b.state(), Action("activate", card=b["g"], ability=0))
    assert [m.grants for m in s.modifiers] == ["armour"]
    s, _ = run(s, Action("end_turn"))
    assert not s.modifiers
