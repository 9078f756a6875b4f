"""End of the turn: rules 310.1–310.3 (editions B and C) and 315.1, 315.2 plus the
unnumbered paragraph A:310.3 (edition A), with both durations («до конца хода» and
«до начала хода»)."""

from __future__ import annotations

import pytest

from oracle import Action, Event, State, decision, legal_actions

from .helpers import Board, events, first_event, kinds, run

END = Action("end_turn")


def _board(edition: str = "C", mutant: str = "") -> tuple[Board, State]:
    b = Board(edition=edition, play=(["test_mstitel", "test_knigochey", "test_iskatel"], ["test_smutyan"]))
    b.modifier("test_mstitel", 3, "end_of_turn")
    b.modifier("test_knigochey", 1, "start_of_turn")
    return b, b.state(mutant)


def _finish(s: State, ev: list[Event]) -> tuple[State, list[Event]]:
    """Declare the active player's end-of-turn triggers in order, passing optional ones."""
    while s.step == "end_queue":
        acts = legal_actions(s)
        a = next((x for x in acts if x.kind == "pass"), None) or acts[0]
        s, more = run(s, a)
        ev = ev + more
    return s, ev


@pytest.mark.parametrize(
    "edition, r310_1, r310_2, r310_3, r306_1",
    [
        ("C", "C:310.1", "C:310.2", "C:310.3", "C:306.1"),
        ("B", "B:310.1", "B:310.2", "B:310.3", "B:306.1"),
        ("A", "A:315.1", "A:315.2", "A:310.3", "B:306.1"),
    ],
)
def test_310_end_of_turn_in_each_edition(edition: str, r310_1: str, r310_2: str, r310_3: str, r306_1: str) -> None:
    """C:310.1–310.3 (A:315.1, A:315.2, A:310.3) — passing the turn puts the «в конце хода»
    triggers into the Queue; once it is empty «до конца хода» effects end; then the players
    swap roles and the next turn starts.  Edition A cites 315.x."""
    b, s0 = _board(edition)
    s, ev = run(s0, END)
    assert first_event(ev, "turn_passed").rules == (r306_1, r310_1)
    trig = events(ev, "triggered")
    assert len(trig) == 4 and all(t.rules == (r310_1,) for t in trig)
    assert s.step == "end_queue" and decision(s).actor == 0
    s, ev = _finish(s, ev)
    ended = events(ev, "effect_ended")
    assert [e.rules for e in ended] == [(r310_2,), (f"{'B' if edition == 'A' else edition}:303.1",)]
    assert ended[0].get("card") == b["test_mstitel"] and ended[1].get("card") == b["test_knigochey"]
    assert first_event(ev, "turn_ended").rules == (r310_3,)
    order = kinds(ev)
    last_resolution = max(i for i, k in enumerate(order) if k == "resolving")
    assert last_resolution < order.index("effect_ended") < order.index("turn_ended") < order.index("turn_started")
    assert s.active == 1 and s.turn == 4 and s.modifiers == []


def test_310_2_until_end_of_turn_lasts_through_the_end_of_turn_queue() -> None:
    """C:310.2 — «до конца хода» effects end only after the end-of-turn Queue is empty: Камиа
    (strike 2, +3 until end of turn) wounds the enemy hero by 5 at the end of the turn."""
    b, s0 = _board()
    s, ev = _finish(*run(s0, END))
    kamia_wound = [e for e in events(ev, "wounded") if e.get("card") == b["hero1"] and e.get("amount") == 5]
    assert kamia_wound
    assert s.cards[b["hero1"]].wounds == 5


def test_310_2_early_expiry_mutant_is_caught() -> None:
    """C:310.2 — under the mutant that ends «до конца хода» before the end-of-turn triggers,
    Камиа wounds by 2 only."""
    b, s0 = _board(mutant="until_end_of_turn_expires_early")
    s, _ = _finish(*run(s0, END))
    assert s.cards[b["hero1"]].wounds == 2


def test_303_1_until_start_of_turn_survives_the_end_of_turn() -> None:
    """C:303.1, C:310.2 — a «до начала хода» effect is not ended at 310.2; it ends at the
    restoration phase of the next turn."""
    b = Board(play=(["snezhnyy_bars"], ()))
    b.modifier("snezhnyy_bars", 2, "start_of_turn")
    _, ev = run(b.state(), END)
    order = kinds(ev)
    e = first_event(ev, "effect_ended")
    assert e.rules == ("C:303.1",) and order.index("turn_ended") < order.index("effect_ended")


def test_310_1_end_of_turn_triggers_of_both_players_inactive_first() -> None:
    """C:310.1, C:402.1 — «в конце хода» triggers of both players fire: «your» triggers of the
    active player and «opponent's turn» triggers of the inactive player; the inactive
    player's are declared first."""
    b, s0 = _board()
    s, ev = run(s0, END)
    sources = {t.get("source") for t in events(ev, "triggered")}
    assert sources == {b["test_mstitel"], b["test_knigochey"], b["test_iskatel"], b["test_smutyan"]}
    declared = events(ev, "declared")
    assert [d.get("source") for d in declared] == [b["test_smutyan"]]
    s, ev = _finish(s, ev)
    resolving = [e.get("source") for e in events(ev, "resolving")]
    assert resolving[0] == b["test_smutyan"]
    assert s.cards[b["hero0"]].wounds == 2


def test_310_1_own_and_opponent_end_of_turn_triggers_respect_whose_turn() -> None:
    """C:310.1 — «в конце вашего хода» fires only at the end of its controller's turn and
    «в конце хода противника» only at the end of the opponent's."""
    b = Board(active=1, play=(["test_mstitel", "test_knigochey"], ["test_smutyan"]))
    s, ev = run(b.state(), END)
    assert not events(ev, "triggered")
    assert s.active == 0


def test_310_1_optional_end_of_turn_trigger_may_be_passed() -> None:
    """C:310.1, C:401.7 — an optional («может») end-of-turn trigger is offered with a pass;
    passing draws nothing."""
    b = Board(play=(["test_iskatel"], ()))
    s, _ = run(b.state(), END)
    assert s.step == "end_queue"
    assert {a.kind for a in legal_actions(s)} == {"declare", "pass"}
    s2, ev = run(s, Action("pass", trigger=1))
    assert first_event(ev, "passed").rules == ("C:401.7",)
    assert len(s2.players[0].hand) == 0 and s2.active == 1
    s3, _ = run(s, Action("declare", trigger=1))
    assert len(s3.players[0].hand) == 1


def test_310_3_roles_swap_and_the_next_turn_starts() -> None:
    """C:310.3 — the active player becomes inactive and the other player gets the turn, which
    starts with 302."""
    s, ev = run(Board().state(), END)
    e = first_event(ev, "turn_ended")
    assert e.rules == ("C:310.3",) and e.get("next_active") == 1
    assert kinds(ev)[kinds(ev).index("turn_ended") + 1] == "turn_started"
    s, ev = run(s, END)
    assert s.active == 0 and s.turn == 5


@pytest.mark.parametrize("taker, back", [(0, 1), (1, None)])
def test_513_1_control_until_end_of_turn_ends_only_while_its_taker_controls_the_card(taker: int, back: int | None) -> None:
    """R15:513.1, R15:519.5 (INTERPRETING.md, entry 140) — player 2's creature is under player
    1's control with a control modifier «до конца хода» on it.  Taken by player 1 (the modifier's
    ``amount`` 0), it goes back to player 2 at 310.2, citing R15:519.5 but not 513.1 (player 2 is
    its owner).  Taken «до конца хода» by player 2 before and then by player 1 for good since (the
    modifier's ``amount`` 1, a later effect counts), the ending changes nothing."""
    b = Board(edition="R15", play=(["ork"], []))
    b.card_data("ork")["owner"] = 1
    b.data["modifiers"].append({"target": b["ork"], "amount": taker, "until": "end_of_turn", "grants": "control"})
    s, ev = _finish(*run(b.state(), END))
    returned = events(ev, "control_returned")
    if back is None:
        assert returned == [] and b["ork"] in s.players[0].play
    else:
        assert [(e.get("player"), e.get("card")) for e in returned] == [(back, b["ork"])]
        assert returned[0].rules == ("R15:310.2", "R15:519.5")
        assert b["ork"] in s.players[back].play and b["ork"] not in s.players[0].play
    assert s.modifiers == []
