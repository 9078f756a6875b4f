"""Effects on a player that last for a time (R15:521.1; :mod:`oracle.rules.queries.timed_effects`;
INTERPRETING.md, entries 170-173): created for the right turns, read by the play's checks and
costs only while in force, ended at R15:310.2, and refused by the validator when inconsistent."""

from __future__ import annotations

import pytest

from oracle import Action
from oracle.canonical_form import StateError
from oracle.serialize import from_dict

from .helpers import Board, card, events, num, run, violation_rules


def _fx(b: Board, seat: int, kind: str, begins: int, ends: int, **extra: object) -> None:
    """Put an effect on ``seat`` into the board's state, its source the hero of seat 0."""
    fx: dict[str, object] = {"seat": seat, "kind": kind, "source": b["hero0"], "begins": begins, "ends": ends, **extra}
    b.data.setdefault("player_effects", []).append(fx)


def test_helplessness_is_created_for_the_opponents_next_turn() -> None:
    """Бессилие утопленника played in turn 3 by seat 0 puts «no_plays» on seat 1 for turn 4 only
    (his next turn; entry 170), and his plays are refused in that turn citing R15:514.2."""
    b = Board(edition="R15", hands=([card("bessilie_utoplennika", "b")], [card("peschanyy_lev", "lev")]),
              coins=((6, 0), (5, 0)))
    s, ev = run(b.state(), Action("play", card=b["b"]))
    (created,) = events(ev, "player_effect_created")
    assert (num(created, "player"), num(created, "begins"), num(created, "ends")) == (1, 4, 4)
    s, ev = run(s, Action("end_turn"))
    assert s.turn == 4 and s.active == 1
    assert violation_rules(s, Action("play", card=b["lev"])) == ["R15:514.2"]
    s, ev = run(s, Action("end_turn"))
    assert events(ev, "player_effect_ended") and not s.player_effects


def test_an_effect_for_a_later_turn_is_not_in_force_yet() -> None:
    """A «no_plays» effect on the active player that begins next turn does not refuse his play now."""
    b = Board(edition="R15", hands=([card("peschanyy_lev", "lev")], []), coins=((5, 0), (0, 0)))
    _fx(b, 0, "no_plays", 5, 5)
    assert violation_rules(b.state(), Action("play", card=b["lev"])) == []
    b.data["player_effects"][0].update(begins=3, ends=3)
    assert violation_rules(b.state(), Action("play", card=b["lev"])) == ["R15:514.2"]


def test_first_only_surcharge_applies_to_the_first_play_of_the_turn() -> None:
    """A cost effect with first_only adds its increase only while the player has played no card
    this turn (entry 171); the mutant adds it to every card."""
    from oracle.rules.queries.payment import final_cost

    b = Board(edition="R15", hands=([card("peschanyy_lev", "lev")], []), coins=((5, 0), (0, 0)))
    _fx(b, 0, "cost", 3, 3, modifier="increase", value=1, first_only=True)
    s = b.state()
    assert final_cost(s, 0, b["lev"], 2) == 3
    s.players[0].played_this_turn = 1
    assert final_cost(s, 0, b["lev"], 2) == 2
    s.mutant = "first_card_surcharge_on_every_card"
    assert final_cost(s, 0, b["lev"], 2) == 3


def test_a_cost_effect_reads_its_card_type() -> None:
    """A cost effect with card_type spell leaves a creature's cost alone."""
    from oracle.rules.queries.payment import final_cost

    b = Board(edition="R15", hands=([card("peschanyy_lev", "lev")], []), coins=((5, 0), (0, 0)))
    _fx(b, 0, "cost", 3, 4, modifier="increase", value=1, card_type="spell")
    assert final_cost(b.state(), 0, b["lev"], 2) == 2


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"begins": 4, "ends": 3}, "player_effects[0].begins"),
        ({"begins": 2, "ends": 2}, "player_effects[0].ends"),
        ({"ends": 6}, "player_effects[0].ends"),
        ({"begins": 4, "ends": 5}, "player_effects[0].begins"),
        ({"modifier": "increase"}, "player_effects[0].modifier"),
        ({"kind": "cost"}, "player_effects[0].modifier"),
        ({"source": 999}, "player_effects[0].source"),
        ({"kind": "cost", "modifier": "increase", "name": "no_such_card"}, "player_effects[0].name"),
    ],
)
def test_the_validator_refuses_an_inconsistent_player_effect(change: dict[str, object], field: str) -> None:
    """Each inconsistency is refused naming the field (a period in the past or too far ahead, a
    later effect lasting more than one turn, cost fields on «no_plays», a cost effect without a
    modifier, an unknown source or name)."""
    b = Board(edition="R15")
    _fx(b, 1, "no_plays", 4, 4)
    b.data["player_effects"][0].update(change)
    with pytest.raises(StateError) as err:
        from_dict(b.data)
    assert err.value.field == field


def test_sands_of_time_alone_in_hand_remembers_nothing_and_draws_one() -> None:
    """Пески времени as the only card in hand: it is in the graveyard when it resolves
    (R15:309.1 step 5), so «Сбросьте все карты» discards nothing, the delayed ability remembers 0,
    and at the start of its player's next turn he draws 0 + 1 (entry 174)."""
    b = Board(edition="R15", hands=([card("peski_vremeni", "p")], []), coins=((1, 0), (0, 0)))
    s, ev = run(b.state(), Action("play", card=b["p"]))
    assert not events(ev, "discarded")
    assert [d.count for d in s.delayed] == [0]
    s, ev = run(s, Action("end_turn"))
    assert not events(ev, "triggered") and len(s.players[0].hand) == 0
    s, ev = run(s, Action("end_turn"))
    assert s.active == 0 and len(events(ev, "drew")) == 2  # the accumulation draw, then 0 + 1
    assert len(s.players[0].hand) == 2 and not s.delayed


def test_the_validator_allows_a_remembered_count_only_where_it_is_read() -> None:
    """A delayed ability's count is refused unless the ability reads "remembered" (R15:521.1)."""
    b = Board(edition="R15", graveyards=([card("peski_vremeni", "p"), card("test_otsrochennyy_udar", "u")], []))
    b.data["next_trigger_id"] = 3
    b.data["delayed"] = [{"id": 1, "controller": 0, "source": b["p"], "ability": 1, "subject": 0, "count": 4}]
    from_dict(b.data)
    b.data["delayed"].append({"id": 2, "controller": 0, "source": b["u"], "ability": 1, "subject": 0, "count": 4})
    with pytest.raises(StateError) as err:
        from_dict(b.data)
    assert err.value.field == "delayed[1].count"
