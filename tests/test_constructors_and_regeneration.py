"""Ability constructors on spells and triggered abilities (R15:524.1; INTERPRETING.md entries
141 and 142), «Регенерация X» (R15 glossary; entry 143) and the trigger conditions of entry 144
(«Когда ваш персонаж излечивается», a trigger's own «если»): the card data they accept, the
decisions they offer and the checks that refuse everything else."""

from __future__ import annotations

from itertools import product
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from oracle.cards import CardDataError, load_pool, parse_pool
from oracle.engine import apply, check, legal_actions
from oracle.model import Action, Card, Player, State
from oracle.rules.mechanisms.triggers import working_regeneration


def _board(play0: dict[int, str], hand0: dict[int, str] | None = None, coins: int = 0, active: int = 0,
           wounds: dict[int, int] | None = None, attached: dict[int, int] | None = None) -> State:
    """Player 1 (seat 0) with ``play0`` in play and ``hand0`` in hand, an ork in each deck; seat
    ``active`` to act in the choice phase of turn 3; ``attached`` maps a part to its host."""
    hand0 = hand0 or {}
    attached = attached or {}
    cards = {1: Card(1, "test_geroy_strazh", 0), 2: Card(2, "test_geroy_pervogo_khoda", 1),
             15: Card(15, "ork", 0), 25: Card(25, "ork", 1)}
    cards |= {u: Card(u, cid, 0) for u, cid in (play0 | hand0).items()}
    for u, n in (wounds or {}).items():
        cards[u].wounds = n
    for part, host in attached.items():
        cards[part].attached_to = host
    play = [u for u in play0 if u not in attached]
    players = [Player(1, [15], hand=list(hand0), play=play, coins_open=coins), Player(2, [25])]
    return State("R15", cards, players, step="choice", turn=3, active=active, first_player=0)


def _card(extra: dict[str, Any], ctype: str = "creature") -> dict[str, Any]:
    base: dict[str, Any] = {"id": "test_x", "name": "Тест-x", "name_en": "Test x", "type": ctype, "cost": 1,
                            "text": "x", "source": "x"}
    if ctype == "creature":
        base |= {"strike": 1, "life": 1}
    return base | extra


_CREATE = [{"op": "create", "to": "controller", "amount": 1, "card": "modul_ataki"}]


@pytest.mark.parametrize(
    ("card", "field"),
    [
        # a spell constructor's options are its modes
        (_card({"choose": 2, "abilities": [{"kind": "spell", "effects": _CREATE}]}, "spell"), "cards[0].choose"),
        # nothing but its modes: no Ярость beside them
        (_card({"choose": 2, "modes": [[{"kind": "spell", "effects": _CREATE}]] * 2,
                "fury": {"coins": 1, "abilities": [{"kind": "spell", "effects": _CREATE}]}}, "spell"),
         "cards[0].choose"),
        # its options name no target
        (_card({"choose": 2, "modes": [[{"kind": "spell", "effects": _CREATE}],
                                       [{"kind": "spell", "targets": [{"what": "creature"}],
                                         "effects": [{"op": "wound", "to": "target", "amount": 1}]}]]}, "spell"),
         "cards[0].modes[1][0]"),
        # a triggered constructor's option has no target
        (_card({"abilities": [{"kind": "triggered", "trigger": "death", "choose": 1, "options": [
            {"effects": _CREATE}, {"targets": [{"what": "creature"}], "effects": _CREATE}]}]}),
         "cards[0].abilities[0].options[1]"),
        # nor is it optional (not modelled)
        (_card({"abilities": [{"kind": "triggered", "trigger": "death", "choose": 1, "optional": True,
                               "options": [{"effects": _CREATE}, {"effects": _CREATE}]}]}),
         "cards[0].abilities[0].optional"),
        # «Регенерация N» is a creature's
        (_card({"regeneration": 1, "abilities": [{"kind": "spell", "effects": _CREATE}]}, "spell"),
         "cards[0].regeneration"),
        # a trigger's «если» is about its controller, not about a target
        (_card({"abilities": [{"kind": "triggered", "trigger": "end_of_turn", "if": "target_stunned",
                               "effects": _CREATE}]}), "cards[0].abilities[0].if"),
        # a delayed ability waits for its condition alone
        (_card({"abilities": [{"kind": "triggered", "trigger": "hire",
                               "effects": [{"op": "create_delayed", "to": "self"}]}],
                "delayed": [{"kind": "triggered", "trigger": "end_of_turn", "if": "hand_empty",
                             "effects": [{"op": "draw", "amount": 1}]}]}), "cards[0].delayed[0].if"),
    ],
)
def test_loader_refuses_what_the_constructors_and_regeneration_do_not_model(card: dict[str, Any], field: str) -> None:
    """Malformed constructor, Регенерация and trigger-condition data is a CardDataError naming
    the offending field, never a card the engine would play otherwise."""
    with pytest.raises(CardDataError) as caught:
        parse_pool({"version": "t", "cards": [card]})
    assert caught.value.field == f"$.{field}"


def test_a_spell_constructor_offers_every_chain_and_nothing_else() -> None:
    """«Выберите два раза одно из» of two options (Конструкция: разоритель): the legal plays are
    exactly the four chains of two, repeats allowed, in either order, each with mode -1 (R15:524.1)."""
    s = _board({}, {11: "konstruktsiya_razoritel"}, coins=4)
    plays = [a for a in legal_actions(s) if a.kind == "play"]
    assert sorted(a.values for a in plays) == sorted(product(range(2), repeat=2))
    assert all(a.mode == -1 for a in plays)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(-1, 3), max_size=4), st.integers(-1, 2))
def test_a_spell_constructors_play_is_legal_exactly_for_a_chain_of_two(values: list[int], mode: int) -> None:
    """A play of a spell constructor is legal exactly when ``values`` is two positions 0..1 and
    ``mode`` is -1; every other play is refused citing R15:524.1."""
    s = _board({}, {11: "konstruktsiya_bronekhod"}, coins=4)
    found = check(s, Action("play", card=11, values=tuple(values), mode=mode))
    ok = len(values) == 2 and all(0 <= v <= 1 for v in values) and mode == -1
    assert (not found) == ok
    if not ok:
        assert any(v.rule == "R15:524.1" for v in found)


def test_the_chain_goes_into_the_queue_in_the_players_order() -> None:
    """Each chosen option's «Создайте» resolves in the order of ``values``: the first created card
    is the first option's (R15:524.1)."""
    s = _board({}, {11: "konstruktsiya_razoritel"}, coins=4)
    r = apply(s, Action("play", card=11, values=(1, 0)))
    created = [dict(e.data)["card"] for e in r.events if e.kind == "card_created"]
    assert [r.state.cards[int(u)].card_id for u in created] == ["modul_podvizhnosti", "modul_ataki"]


def _ravager_dies() -> State:
    s = _board({12: "razoritel"}, {11: "potok_energii"}, coins=1)
    return apply(s, Action("play", card=11, targets=(12,))).state


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(-1, 3), max_size=3))
def test_a_triggered_constructor_is_declared_only_with_one_option(values: list[int]) -> None:
    """«Гибель: Создайте A или B» (Разоритель, a constructor with X = 1): its declaration is legal
    exactly with one position 0..1 in ``values``; any other is refused citing R15:524.1, and the
    legal declarations are exactly those two."""
    s = _ravager_dies()
    (t,) = s.pending
    found = check(s, Action("declare", trigger=t.id, values=tuple(values)))
    assert (not found) == (len(values) == 1 and values[0] in (0, 1))
    if found:
        assert [v.rule for v in found] == ["R15:524.1"]
    assert sorted(a.values for a in legal_actions(s)) == [(0,), (1,)]


def test_a_trigger_that_is_no_constructor_refuses_values() -> None:
    """Values name a constructor's chain: on any other trigger (Пехота Архааля's optional
    «Гибель», which waits for its player) they are refused citing 501.1."""
    s = _board({12: "pekhota_arkhaalya"}, {11: "potok_energii"}, coins=1)
    s = apply(s, Action("play", card=11, targets=(12,))).state
    (t,) = s.pending
    assert [v.rule for v in check(s, Action("declare", trigger=t.id, values=(0,)))] == ["R15:501.1"]


@pytest.mark.parametrize(("top", "part", "want"), [("krepysh", "modul_podderzhki", 12), ("ork", "modul_podderzhki", 13),
                                                   ("krepysh", "modul_ataki", 12), ("ork", "modul_ataki", 0)])
def test_the_working_regeneration_is_the_first_of_the_highest(top: str, part: str, want: int) -> None:
    """Of the Регенерации of a combined card (its top card, then its parts) the highest works, the
    top card's among equal ones; a card with none has none (R15 glossary; entry 143)."""
    s = _board({12: top, 13: part}, attached={13: 12})
    holder, index = working_regeneration(s, 12, load_pool().cards)
    assert holder == want
    if want:
        assert load_pool().cards[s.cards[want].card_id].abilities[index].text_en.startswith("Regeneration")
    else:
        assert index == -1


@pytest.mark.parametrize("regeneration_parts", [0, 1])
def test_a_combined_creature_heals_once_by_its_regeneration(regeneration_parts: int) -> None:
    """At the end of its controller's turn a Крепыш heals 1 with or without a Модуль поддержки
    (Регенерация 1 too) attached: one Регенерация fires, never two."""
    play = {12: "krepysh"} | ({13: "modul_podderzhki"} if regeneration_parts else {})
    s = _board(play, wounds={12: 3}, attached={13: 12} if regeneration_parts else None)
    r = apply(s, Action("end_turn"))
    fired = [e for e in r.events if e.kind == "triggered" and dict(e.data)["condition"] == "end_of_turn"]
    assert len(fired) == 1
    assert r.state.cards[12].wounds == 2


def test_a_heal_that_removes_no_wound_is_no_healing() -> None:
    """«Когда ваш персонаж излечивается» does not fire for a Регенерация that finds no wound
    (R15:7.heal; entry 144), and fires once it removes one."""
    s = _board({12: "plotoyadnyy_trekhrog", 13: "remontnik"})
    r = apply(s, Action("end_turn"))
    assert not any(dict(e.data).get("condition") == "character_healed" for e in r.events if e.kind == "triggered")
    s = _board({12: "plotoyadnyy_trekhrog", 13: "remontnik"}, wounds={13: 1})
    r = apply(s, Action("end_turn"))
    assert [dict(e.data)["source"] for e in r.events
            if e.kind == "triggered" and dict(e.data)["condition"] == "character_healed"] == [12]
