"""«Оно теряет особенности» (Хмельная фея; R15 glossary «Теряет особенности»; INTERPRETING.md,
entries 211 and 212): the text printed on the card no longer counts while it is in play, and what
effects gave it — before or after the loss — stays; the lookup is gated on the game's cards and
the validator refuses a loss no card of the game can make."""

from __future__ import annotations

import pytest

from oracle import Action
from oracle.rules.queries.board import abilities_lost, current_strike, has_keyword
from oracle.serialize import from_dict
from oracle.validate import StateError, validate

from .helpers import Board, card, events, run


def _board(*modifiers: dict) -> tuple[Board, object]:
    b = Board(edition="R15", play=([card("khmelnaya_feya", "f"), card("almaznyy_golem", "g")], ()))
    b.data["modifiers"] = [{"target": b["g"], **m} for m in modifiers]
    return b, from_dict(b.data)


_LOST = {"amount": 0, "until": "while_in_play", "grants": "no_abilities"}
_DASH = {"amount": 0, "until": "end_of_turn", "grants": "dash"}


@pytest.mark.parametrize("order", [(_DASH, _LOST), (_LOST, _DASH)], ids=["granted-before", "granted-after"])
def test_a_granted_keyword_stays_and_a_printed_one_is_lost(order: tuple[dict, dict]) -> None:
    """Алмазный голем («Не может быть оглушен. Опыт в атаке.») that lost its abilities has neither
    printed keyword; a Рывок an effect gave it works whether given before or after the loss
    (entry 212)."""
    b, s = _board(*order)
    g = b["g"]
    assert abilities_lost(s, g)
    assert not has_keyword(s, g, "cannot_be_stunned") and not has_keyword(s, g, "attack_experience")
    assert has_keyword(s, g, "dash")


def test_without_the_loss_the_printed_keywords_work() -> None:
    """The same Голем with no loss has its printed keywords (the lookup's other branch)."""
    b, s = _board()
    assert not abilities_lost(s, b["g"]) and has_keyword(s, b["g"], "cannot_be_stunned")


def test_a_creature_that_lost_its_abilities_is_no_longer_unstunnable() -> None:
    """After the loss the Голем's printed «Не может быть оглушен» no longer counts (the stun
    reads :func:`has_keyword`)."""
    b = Board(edition="R15", play=([card("khmelnaya_feya", "f")], [card("almaznyy_golem", "g")]))
    b.data["modifiers"] = [{"target": b["g"], **_LOST}]
    s = from_dict(b.data)
    assert not has_keyword(s, b["g"], "cannot_be_stunned")


def test_the_loss_outlasts_the_turn() -> None:
    """The loss has no printed duration: it lasts while the card is in play (R15:205.3; entry
    211), so the end of the turn (310.2) does not end it."""
    _b, s = _board(_LOST)
    s2, _ = run(s, Action("end_turn"))
    assert any(m.grants == "no_abilities" for m in s2.modifiers)  # no duration: it outlasts the turn


def test_the_validator_refuses_a_loss_no_card_of_the_game_makes() -> None:
    """A game without a card whose text takes abilities away has no ``no_abilities`` modifier
    (the gate of :func:`abilities_lost`), and one lasts while the card is in play."""
    b = Board(edition="R15", play=([card("almaznyy_golem", "g")], ()))
    b.data["modifiers"] = [{"target": b["g"], **_LOST}]
    with pytest.raises(StateError) as err:
        validate(from_dict(b.data))
    assert "grants" in err.value.field
    b2, _ = _board()
    b2.data["modifiers"] = [{"target": b2["g"], **_LOST, "until": "end_of_turn"}]
    with pytest.raises(StateError) as err:
        validate(from_dict(b2.data))
    assert "until" in err.value.field


def test_the_fairy_reads_the_strike_before_the_target_becomes_1() -> None:
    """The printed order (R15:119.2; entry 210): the Фея's strike is the chosen creature's strike
    before it is made 1 — Мехокраб 9 gives her 9, itself 1."""
    b = Board(edition="R15", play=((), [card("mekhokrab", "m")]), hands=([card("khmelnaya_feya", "f")], ()),
              coins=((3, 0), (0, 0)))
    s, ev = run(b.state(), Action("play", card=b["f"]))
    assert current_strike(s, b["f"]) == 9 and current_strike(s, b["m"]) == 1
    assert [e.data[0] for e in events(ev, "abilities_lost")] == [("card", b["m"])]
