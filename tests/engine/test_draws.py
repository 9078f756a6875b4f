"""The one draw procedure (R15:527; ``oracle/rules/mechanisms/draws.py``), the card data of its statics and
of delayed abilities (R15:521), checked on the engine directly."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from oracle.cards import CardDataError, parse_pool
from oracle.rules.mechanisms.draws import draw_cards
from oracle.rules.resolution.effects import DRAWS

from .helpers import Board


@settings(max_examples=60, deadline=None)
@given(n=st.integers(0, 5), deck=st.integers(0, 5), drawn=st.integers(0, 2), limit=st.sampled_from(["", "one", "none"]))
def test_a_limit_refuses_single_draws_and_the_rest_is_done(n: int, deck: int, drawn: int, limit: str) -> None:
    """R15:527.2, 527.2.2, 527.3 — an instruction to draw n cards is n single draws: with no
    limit min(n, deck) cards reach the hand; under «не более одной карты за ход» only those
    single draws that keep the turn's count at most 1 happen (the instruction partly done);
    under «не может брать карты» none; every refused single draw is one ``draw_refused``; a
    draw that finds the deck empty is a miss, not a draw, so it leaves the count (and the
    limit) where they were."""
    play: tuple[list[str], list[str]] = ({"": [], "one": ["test_zapret"], "none": []}[limit],
                                         ["test_nemota"] if limit == "none" else [])
    b = Board(edition="R15", play=play, decks=(["ork"] * deck, ()))
    b.data["players"][0]["drawn_this_turn"] = drawn
    s = b.state()
    ev: list[Any] = []
    out = draw_cards(s, 0, n, ev, ("R15:527.1",), DRAWS)
    allowed = {"": n, "one": max(0, min(n, 1 - drawn)), "none": 0}[limit]
    assert out.drawn == min(allowed, deck)
    assert len(s.players[0].hand) == out.drawn
    assert s.players[0].drawn_this_turn == drawn + out.drawn
    # once the deck is empty a single draw misses and the turn's count stays below the limit
    assert sum(1 for e in ev if e.kind == "draw_refused") == (n - allowed if deck >= allowed else 0)
    assert out.missed == (allowed > deck)


def _pool(card: dict[str, Any]) -> None:
    base = {"id": "c", "name": "Карта", "name_en": "Card", "type": "creature", "cost": 1, "strike": 1, "life": 1}
    parse_pool({"version": "t", "cards": [{**base, **card}]})


@pytest.mark.parametrize(("card", "path"), [
    ({"abilities": [{"kind": "static", "static": {"op": "draw_limit", "per_turn": 2}}]}, "per_turn"),
    ({"abilities": [{"kind": "static", "static": {"op": "draw_replacement", "instead": [
        {"op": "heal", "to": "own_hero", "amount": 1}]}}]}, "instead[0]"),
    ({"abilities": [{"kind": "triggered", "trigger": "hire", "effects": [
        {"op": "create_delayed", "to": "self", "delayed": 1}]}],
      "delayed": [{"kind": "triggered", "trigger": "end_of_turn", "effects": [{"op": "draw"}]}]}, "delayed"),
    ({"abilities": [{"kind": "triggered", "trigger": "hire", "effects": [{"op": "create_delayed", "to": "self"}]}],
      "delayed": [{"kind": "triggered", "trigger": "hire", "effects": [{"op": "draw"}]}]}, "trigger"),
    ({"abilities": [{"kind": "triggered", "trigger": "hire", "effects": [{"op": "create_delayed", "to": "self"}]}],
      "delayed": [{"kind": "triggered", "trigger": "end_of_turn", "per_turn": 1, "effects": [{"op": "draw"}]}]},
     "delayed[0]"),
])
def test_the_loader_refuses_bad_draw_statics_and_delayed_abilities(card: dict[str, Any], path: str) -> None:
    """A draw limit is 0 or 1 per turn (R15:527.2.2, 527.3); a draw replacement does only what
    the engine can do instead of a draw (R15:527.5); a create_delayed names an existing delayed
    ability, and a delayed ability waits for a condition about the turn or another card and has
    no usage limit (R15:521) — each refused naming the offending key."""
    with pytest.raises(CardDataError) as e:
        _pool(card)
    assert path in str(e.value)


def test_a_delayed_effect_with_no_recipient_goes_to_the_controller() -> None:
    """R15:521.1 — an effect of a delayed ability that names no recipient goes to its
    controller's hero (a heal), or to the controller himself (a draw)."""
    base = {"id": "c", "name": "Карта", "name_en": "Card", "type": "creature", "cost": 1, "strike": 1, "life": 1,
            "abilities": [{"kind": "triggered", "trigger": "hire", "effects": [{"op": "create_delayed", "to": "self"}]}],
            "delayed": [{"kind": "triggered", "trigger": "end_of_turn",
                         "effects": [{"op": "heal", "amount": 1}, {"op": "draw", "amount": 1}]}]}
    d = parse_pool({"version": "t", "cards": [base]})["c"]
    assert [e.to for e in d.delayed[0].effects] == ["own_hero", "controller"]
    assert d.ability_at(1) is d.delayed[0] and d.ability_at(2) is None
