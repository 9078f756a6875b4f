"""Курдаш (INTERPRETING.md, entry 223): «Если ваш герой должен получить раны, вы можете
уничтожить Курдаша, при этом предотвратить получение ран и уничтожить их источник, если это
существо или карта поддержки» — an optional replacement its controller decides at step
``wound_choice`` before the wounds (R15:517.3), the unit waiting (an effect, a fight)
carried out afterwards with the answers."""

from __future__ import annotations

from oracle import Action, legal_actions
from oracle.rules.mechanisms.wounds import answers_given

from .helpers import Board, card, events, kinds, run


def test_the_answers_are_kept_as_a_count() -> None:
    """``choosing_cards.count``: 0 for none, else 2^n plus the bits of the n answers."""
    assert answers_given(0) == () and answers_given(2) == (False,) and answers_given(3) == (True,)
    assert answers_given(0b110) == (False, True)


def test_a_game_without_the_card_never_waits() -> None:
    """Without Курдаш in play a spell's wounds go on at once (no step wound_choice)."""
    b = Board(edition="R15", hands=([card("potok_energii", "pe")], []), graveyards=([], ["kurdash"]),
              coins=((1, 0), (0, 0)))
    s, ev = run(b.state(), Action("play", card=b["pe"], targets=(b["hero1"],)))
    assert s.step == "choice" and events(ev, "wounded")[0].get("amount") == 2


def test_wounds_to_a_creature_are_not_offered() -> None:
    """Курдаш watches its controller's hero only: his creature's wounds come without a decision."""
    b = Board(edition="R15", play=([], [card("kurdash", "k"), card("ork", "o")]),
              hands=([card("potok_energii", "pe")], []), coins=((1, 0), (0, 0)))
    s, ev = run(b.state(), Action("play", card=b["pe"], targets=(b["o"],)))
    assert s.step == "choice" and "wounds_replaced" not in kinds(ev)


def test_technomeditation_waits_with_the_cards_it_drew() -> None:
    """Техномедитация draws, then «Ранить каждого героя на Х»: the wound choice keeps how many
    cards were drawn (``choosing_cards.memory.drawn``) and the declined hero takes that many."""
    b = Board(edition="R15", play=([], [card("kurdash", "k")]),
              hands=([card("tekhnomeditatsiya", "t")], ["ork", "ork", "ork"]),
              decks=(["ork", "ork", "ork", "ork"], []), coins=((2, 0), (0, 0)))
    s, _ = run(b.state(), Action("play", card=b["t"]))
    assert s.step == "wound_choice" and s.choosing_cards is not None and s.choosing_cards.memory is not None
    assert s.choosing_cards.memory.drawn == 3
    s, ev = run(s, Action("replace_wounds", actor=1))
    assert {(e.get("card"), e.get("amount")) for e in events(ev, "wounded")} == {(b["hero0"], 3), (b["hero1"], 3)}


def test_each_hero_wounded_asks_each_controller_in_turn() -> None:
    """Both players have Курдаш; one effect wounds each hero: the offers are asked one after the
    other (the answers kept in ``choosing_cards.count``), then the effect is carried out with
    both: here player 2 lets his hero take the wounds and player 1 applies his Курдаш."""
    b = Board(edition="R15", play=([card("kurdash", "k0")], [card("kurdash", "k1")]),
              hands=([card("tekhnomeditatsiya", "t")], ["ork", "ork"]),
              decks=(["ork", "ork", "ork"], []), coins=((2, 0), (0, 0)))
    s, _ = run(b.state(), Action("play", card=b["t"]))
    assert s.choosing_cards is not None
    first = s.choosing_cards.player
    assert [a.card for a in legal_actions(s)] == [0, b[f"k{first}"]]
    s, ev = run(s, Action("replace_wounds", card=b[f"k{first}"] if first == 0 else 0, actor=first))
    assert s.step == "wound_choice" and s.choosing_cards is not None and s.choosing_cards.player == 1 - first
    assert "wounded" not in kinds(ev) and s.choosing_cards.count >= 2
    s, ev = run(s, Action("replace_wounds", card=b["k0"] if first == 1 else 0, actor=1 - first))
    assert [e.get("card") for e in events(ev, "wounded")] == [b["hero1"]]
    assert [e.get("by") for e in events(ev, "wounds_replaced")] == [b["k0"]]
    assert s.zone_of(b["k0"]) == "graveyard" and s.zone_of(b["k1"]) == "play"


def test_each_enemy_character_offers_the_hero_only() -> None:
    """Прототип Су-27's «Гибель: Ранить каждого персонажа противника на Х» (its wounds): the hero's
    wounds are offered; applied, Курдаш is destroyed and the hero takes none, the source having
    left play already (it is not destroyed again); the creatures take theirs."""
    b = Board(edition="R15", play=([card("prototip_su_27", "p", wounds=8)], [card("kurdash", "k"), card("ork", "o")]),
              hands=([card("potok_energii", "pe")], []), coins=((1, 0), (0, 0)))
    s, ev = run(b.state(), Action("play", card=b["pe"], targets=(b["p"],)))
    assert s.step == "wound_choice" and s.choosing_cards is not None and s.choosing_cards.entry.source == b["p"]
    s, ev = run(s, Action("replace_wounds", card=b["k"], actor=1))
    # Курдаш goes before its own wounds (the hero's come first); the Орк takes its 10 and dies
    assert [e.get("card") for e in events(ev, "wounded")] == [b["o"]]
    assert [e.get("card") for e in events(ev, "destroyed")] == [b["k"], b["o"]]
    assert s.cards[b["hero1"]].wounds == 0

