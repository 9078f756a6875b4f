"""The run memory carried whole by every resolution pause (issue 41, item 2; R15:119.2, 403.1):
what an ability's run has read (cards drawn, cards discarded, characters healed, last known
strikes) travels with the pause (``choosing_cards.memory``, ``attaching.memory``), only as
far as the effects from the waiting one on read it, so a later effect reads the same after a
decision as without one.  The loader no longer refuses an amount read after a hand effect.

The combinations the old loader refused are in no printed card of the pool, so the tests play
them with scratch cards added to the packaged pool for the test only (:func:`scratch_pool`).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from importlib import resources
from typing import Any

import pytest

from oracle import Action
from oracle.cards import CardDataError, Pool, load_pool, parse_pool
from oracle.model import MEMORY_READS, Memory
from oracle.rules.queries.pool_index import forget_pool_index
from oracle.rules.resolution.effects import Reads
from oracle.serialize import from_dict, to_dict
from oracle.validate import validate

from .helpers import Board, events

#: «Возьмите 2 карты. Сбросьте карту. Нанесите герою противника Х ран, где Х — количество
#: взятых карт»: a draw, a discard with a real choice (a pause), then an amount that reads the draw.
_DRAW_DISCARD_WOUND = {
    "id": "scratch_draw_discard_wound", "name": "Пробный расчёт", "name_en": "Scratch reckoning",
    "type": "spell", "cost": 1, "class": "Ритуал", "elements": ["Степи"],
    "abilities": [{"kind": "spell", "effects": [
        {"op": "draw", "to": "controller", "amount": 2},
        {"op": "discard", "to": "controller", "amount": 1},
        {"op": "wound", "to": "enemy_hero", "amount": "drawn"},
    ]}],
}
#: The same, but the wound reads nothing of the run: the pause carries no memory.
_DRAW_DISCARD_FIXED = {
    **_DRAW_DISCARD_WOUND, "id": "scratch_draw_discard_fixed", "name": "Пробный удар", "name_en": "Scratch blow",
    "abilities": [{"kind": "spell", "effects": [
        {"op": "draw", "to": "controller", "amount": 2},
        {"op": "discard", "to": "controller", "amount": 1},
        {"op": "wound", "to": "enemy_hero", "amount": 1},
    ]}],
}


#: «Сбросьте карту» (a choice) then a delayed draw of as many as discarded and one more.
_SANDS = {
    "id": "scratch_sands", "name": "Пробные пески", "name_en": "Scratch sands", "type": "spell", "cost": 1,
    "class": "Волшебство", "abilities": [{"kind": "spell", "effects": [
        {"op": "discard", "to": "controller", "amount": 1},
        {"op": "create_delayed", "to": "self", "amount": "discarded_before"}]}],
    "delayed": [{"kind": "triggered", "trigger": "start_of_turn", "whose": "own", "effects": [
        {"op": "draw", "to": "controller", "amount": "remembered", "bonus": {"amount": 1}}]}],
}


@contextmanager
def scratch_pool(*cards: dict[str, Any]) -> Iterator[Pool]:
    """The packaged pool with ``cards`` added, read by the rules and the validator for the
    duration (every module's ``load_pool`` name patched; the pool index forgotten before and
    after, as a changed pool requires)."""
    raw = json.loads(resources.files("oracle").joinpath("data/cards.json").read_text(encoding="utf-8"))
    raw["cards"].extend(cards)
    pool = parse_pool(raw)
    original = load_pool
    patched = [m for m in list(sys.modules.values())
               if getattr(m, "__name__", "").startswith("oracle") and getattr(m, "load_pool", None) is original]
    for m in patched:
        m.load_pool = lambda: pool  # type: ignore[attr-defined]
    forget_pool_index()
    try:
        yield pool
    finally:
        for m in patched:
            m.load_pool = original  # type: ignore[attr-defined]
        forget_pool_index()


def _played(card_id: str) -> tuple[Board, Any]:
    b = Board(edition="R15", hands=([card_id, "ork", "gnom_razvedchik"], []),
              decks=(["ork", "ork", "ork"], []), coins=((1, 0), (0, 0)))
    s = b.state()
    out = __import__("oracle").apply(s, Action("play", card=b[card_id]))
    return b, out


def test_the_loader_accepts_drawn_after_a_hand_effect() -> None:
    """The old refusal («drawn is not read after a hand effect») is gone: the pause keeps it."""
    raw = {"version": "t", "cards": [_DRAW_DISCARD_WOUND]}
    assert parse_pool(raw)["scratch_draw_discard_wound"].abilities[0].effects[2].amount == "drawn"


def test_discarded_before_still_needs_a_discard_of_the_controllers_cards() -> None:
    """``discarded_before`` counts the controller's own discards: after a discard of one card
    (which may wait for his choice) it is accepted; with no discard before it, refused."""
    assert parse_pool({"version": "t", "cards": [_SANDS]})["scratch_sands"].abilities[0].effects[1].amount == (
        "discarded_before")
    bad = {**_SANDS, "abilities": [{**_SANDS["abilities"][0], "effects": [
        {"op": "draw", "to": "controller", "amount": 1}, _SANDS["abilities"][0]["effects"][1]]}]}
    with pytest.raises(CardDataError) as err:
        parse_pool({"version": "t", "cards": [bad]})
    assert err.value.field == "$.cards[0].abilities[0].effects[1].amount"


def test_a_discard_chosen_at_a_pause_is_remembered() -> None:
    """«Сбросьте карту. В начале вашего следующего хода возьмите столько же карт, сколько вы
    сбросили, и еще одну»: the discard waits for the controller's choice; the card he chooses
    joins the run's memory, so the delayed ability remembers 1 (``delayed[].count``), as a
    discard without a pause would (INTERPRETING.md, entry 174)."""
    with scratch_pool(_SANDS):
        _, out = _played("scratch_sands")
        s = out.state
        assert s.step == "hand_choice" and s.choosing_cards is not None
        out = __import__("oracle").apply(s, Action("choose_cards", targets=(s.players[0].hand[0],)))
        assert [d.count for d in out.state.delayed] == [1]


def test_a_hand_choice_carries_the_cards_drawn_and_the_wound_reads_them() -> None:
    """Draw 2, then a discard with a real choice waits (its pause carries ``drawn`` 2, the only
    thing a later effect reads); after the choice the enemy hero takes 2 wounds, as without a
    pause (R15:119.2)."""
    with scratch_pool(_DRAW_DISCARD_WOUND):
        b, out = _played("scratch_draw_discard_wound")
        s = out.state
        assert s.step == "hand_choice" and s.choosing_cards is not None
        assert s.choosing_cards.memory == Memory(drawn=2)
        validate(s)
        again = from_dict(to_dict(s))  # the memory survives the canonical form whole
        assert again.choosing_cards == s.choosing_cards
        hand = s.players[0].hand
        out = __import__("oracle").apply(s, Action("choose_cards", targets=(hand[0],)))
        wounded = [(e.get("card"), e.get("amount")) for e in events(out.events, "wounded")]
        assert wounded == [(b["hero1"], 2)]


def test_a_pause_whose_later_effects_read_nothing_carries_no_memory() -> None:
    """The same draw and discard before a fixed wound: nothing later reads the draw, so the
    pause carries none (the state is the one it was before the kernel carried memories)."""
    with scratch_pool(_DRAW_DISCARD_FIXED):
        _, out = _played("scratch_draw_discard_fixed")
        s = out.state
        assert s.step == "hand_choice" and s.choosing_cards is not None and s.choosing_cards.memory is None
        assert "memory" not in to_dict(s)["choosing_cards"]


@pytest.mark.parametrize("key", sorted(MEMORY_READS))
def test_frozen_keeps_exactly_what_later_effects_read(key: str) -> None:
    """:meth:`Reads.frozen` keeps a count only when an effect from the waiting one on reads it
    (:data:`MEMORY_READS`), and gives None when none is kept."""
    from oracle.cards.records import Effect

    reads = Reads(drawn=2, strike=3, target_strike=4, discarded=1, healed=5)
    later = (Effect(op="wound", to="enemy_hero", amount=MEMORY_READS[key]),)
    kept = reads.frozen(later)
    assert kept is not None
    present = {k for k in MEMORY_READS if getattr(kept, k)}
    assert present == {key}
    assert reads.frozen(()) is None
    assert Reads.of(kept).frozen(later) == kept  # a round trip through a pause changes nothing
