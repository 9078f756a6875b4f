"""«(Х), сбросьте Х карт: Выберите Х раз одно из» (Не покладая рук; INTERPRETING.md entries 240
and 241): the card data the loader accepts, the declarations the engine lists and accepts (X
from 1 to the smaller of the open coins and the cards in hand, the X discarded cards first in
``values``, distinct and ascending, then a chain of exactly X options) and what the payment and
the chain do."""

from __future__ import annotations

from itertools import combinations, product
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from oracle.cards import CardDataError, parse_pool
from oracle.engine import apply, check, legal_actions
from oracle.model import Action, Card, Player, State

_CREATE = [{"op": "create", "to": "controller", "amount": 1, "card": "modul_ataki"}]


def _board(hand: int, coins: int) -> State:
    """Seat 0 with Не покладая рук (uid 11) in play, ``hand`` orks in hand (uids 31, 32, …) and
    ``coins`` open coins, in the choice phase of turn 3."""
    uids = list(range(31, 31 + hand))
    cards = {1: Card(1, "test_geroy_strazh", 0), 2: Card(2, "test_geroy_pervogo_khoda", 1),
             11: Card(11, "ne_pokladaya_ruk", 0), 15: Card(15, "ork", 0), 25: Card(25, "ork", 1)}
    cards |= {u: Card(u, "ork", 0) for u in uids}
    players = [Player(1, [15], hand=uids, play=[11], coins_open=coins), Player(2, [25])]
    return State("R15", cards, players, step="choice", turn=3, active=0, first_player=0)


def _card(ability: dict[str, Any]) -> dict[str, Any]:
    return {"id": "test_x", "name": "Тест-x", "name_en": "Test x", "type": "support", "cost": 1,
            "class": "Событие", "text": "x", "source": "x", "abilities": [ability]}


@pytest.mark.parametrize(
    ("ability", "field"),
    [
        # «сбросьте Х карт» needs the X of «(Х)»
        ({"kind": "activated", "cost": {"coins": 1, "discard": "X"}, "effects": _CREATE}, "cost.discard"),
        # a discard cost is one card or X, never a fixed number above one
        ({"kind": "activated", "cost": {"discard": 2}, "effects": _CREATE}, "cost.discard"),
        # «Выберите Х раз» needs the X of «(Х)»
        ({"kind": "activated", "cost": {"coins": 1}, "choose": "X",
          "options": [{"effects": _CREATE}, {"effects": _CREATE}]}, "choose"),
        # Жажда names a character in values, a discard the cards: not both
        ({"kind": "activated", "cost": {"coins": "X", "discard": "X", "thirst": 1}, "effects": _CREATE},
         "cost.thirst"),
    ],
)
def test_loader_refuses_an_x_that_is_not_the_costs(ability: dict[str, Any], field: str) -> None:
    """A discard of X cards or a chain of X without the cost «(Х)» (whose X they are) is a
    CardDataError naming the field."""
    with pytest.raises(CardDataError) as caught:
        parse_pool({"version": "t", "cards": [_card(ability)]})
    assert caught.value.field == f"$.cards[0].abilities[0].{field}"


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 4), st.integers(0, 4))
def test_the_declarations_are_every_x_every_set_of_x_cards_every_chain_of_x(hand: int, coins: int) -> None:
    """The listed activations are exactly: X from 1 to min(coins, cards in hand) (R15:512.4,
    501.2; entry 240), each set of X cards of the hand in ascending order, then each chain of X
    options, repeats allowed (R15:524.1; entry 241); none when either is 0."""
    s = _board(hand, coins)
    got = {(a.x, a.values) for a in legal_actions(s) if a.kind == "activate" and a.card == 11}
    want = {(x, (*paid, *chain))
            for x in range(1, min(hand, coins) + 1)
            for paid in combinations(range(31, 31 + hand), x)
            for chain in product(range(2), repeat=x)}
    assert got == want


@settings(max_examples=120, deadline=None)
@given(st.integers(0, 4), st.lists(st.integers(0, 34), max_size=8))
def test_check_accepts_exactly_the_listed_declarations(x: int, values: list[int]) -> None:
    """With 3 cards in hand and 3 open coins, ``check`` accepts an activation exactly when it is
    listed; a refusal of the discarded cards cites 501.2, one of the chain R15:524.1 (or 512.4
    for X = 0)."""
    s = _board(3, 3)
    listed = {(a.x, a.values) for a in legal_actions(s) if a.kind == "activate" and a.card == 11}
    found = check(s, Action("activate", card=11, ability=0, x=x, values=tuple(values)))
    assert (not found) == ((x, tuple(values)) in listed)
    if found:
        # (each refusal followed by the activation's legality check, R15:308.1.7)
        assert {v.rule for v in found} <= {"R15:501.2", "R15:524.1", "R15:512.4", "R15:308.1.7"}
        assert found[-1].rule == "R15:308.1.7"


@pytest.mark.parametrize(
    ("x", "values", "rule"),
    [
        (2, (31, 32, 0), "R15:524.1"),  # a chain of one for X = 2
        (2, (31, 32, 0, 1, 1), "R15:524.1"),  # a chain of three for X = 2
        (2, (31, 31, 0, 1), "R15:501.2"),  # the same card twice
        (2, (32, 31, 0, 1), "R15:501.2"),  # not ascending
        (2, (31, 11, 0, 1), "R15:501.2"),  # a card not in the hand
        (4, (31, 32, 33, 0, 0, 0, 0), "R15:501.2"),  # X above the cards in hand (and the coins)
    ],
)
def test_wrong_declarations_are_refused_with_their_rule(x: int, values: tuple[int, ...], rule: str) -> None:
    """Each wrong declaration is refused, citing the rule it breaks (entries 240, 241)."""
    s = _board(3, 4)
    found = check(s, Action("activate", card=11, ability=0, x=x, values=values))
    assert rule in {v.rule for v in found}


def test_the_payment_discards_the_named_cards_and_the_chain_creates_in_its_order() -> None:
    """X = 3 with the chain (1, 0, 1): 3 coins paid, the three cards discarded in one discard,
    and the modules created in the chain's order (R15:308.1 step 8, R15:524.1); each module after
    the first waits for its player's choice to attach it (step module_choice), declined here."""
    s = _board(4, 3)
    r = apply(s, Action("activate", card=11, ability=0, x=3, values=(31, 33, 34, 1, 0, 1)))
    p = r.state.players[0]
    assert p.coins_open == 0
    assert p.hand == [32]
    assert sorted(p.graveyard) == [31, 33, 34]
    assert [dict(e.data)["count"] for e in r.events if e.kind == "discarded"] == [3]
    created = [int(dict(e.data)["card"]) for e in r.events if e.kind == "card_created"]
    while r.state.step == "module_choice":
        r = apply(r.state, Action("attach_module", card=created[-1]))
        created += [int(dict(e.data)["card"]) for e in r.events if e.kind == "card_created"]
    assert r.state.step == "choice"
    assert [r.state.cards[u].card_id for u in created] == ["modul_podvizhnosti", "modul_ataki",
                                                           "modul_podvizhnosti"]
