"""The Queue, rules 401–402: FIFO, pass/pass resolution, optional triggers forfeited on a
pass, simultaneous triggers (inactive player first, each in his chosen order), edition A's
402.2 and resolution after the source has left play (401.5)."""

from __future__ import annotations

import pytest

from oracle import Action, IllegalAction, State, apply, check, decision, fingerprint, legal_actions

from .helpers import Board, events, first_event, kinds, num, run, violation_rules

END = Action("end_turn")


def _end_of_turn_board(mutant: str = "") -> tuple[Board, State]:
    b = Board(play=(["test_mstitel", "test_knigochey"], ()))
    return b, b.state(mutant)


@pytest.mark.parametrize("first", ["test_mstitel", "test_knigochey"])
def test_401_3_queue_is_first_in_first_out(first: str) -> None:
    """C:401.3 — declared abilities resolve in the order they entered the Queue; the
    controller chose the order of his simultaneous triggers (402.1)."""
    b, s0 = _end_of_turn_board()
    s, ev = run(s0, END)
    ids = {e.get("source"): num(e, "trigger") for e in events(ev, "triggered")}
    o = apply(s, Action("declare", trigger=ids[b[first]]))
    declared = [e.get("source") for e in events(o.events, "declared")]
    resolved = [e.get("source") for e in events(o.events, "resolving")]
    assert declared[0] == b[first] and resolved == declared
    assert all(e.rules == ("C:501.1", "C:401.3", "C:402.1") for e in events(o.events, "declared"))
    assert all(e.rules == ("C:401.7", "C:401.3") for e in events(o.events, "resolving"))


def test_401_3_lifo_mutant_is_caught() -> None:
    """C:401.3 — under the last-in-first-out mutant the later declaration resolves first."""
    b, s0 = _end_of_turn_board("lifo_queue")
    s, ev = run(s0, END)
    ids = {e.get("source"): num(e, "trigger") for e in events(ev, "triggered")}
    o = apply(s, Action("declare", trigger=ids[b["test_mstitel"]]))
    assert [e.get("source") for e in events(o.events, "resolving")] == [b["test_knigochey"], b["test_mstitel"]]


def _queue_with_pending_optional(edition: str = "C", mutant: str = "") -> tuple[Board, State]:
    """End-of-turn Queue: Камиа's trigger is in the Queue, Фазраэль's optional trigger waits."""
    b = Board(edition=edition, step="end_queue", play=(["test_mstitel", "test_iskatel"], ()))
    b.queue("triggered", "test_mstitel", 0)
    b.pending("test_iskatel", 0)
    return b, b.state(mutant)


def test_401_7_entry_resolves_only_when_both_players_pass() -> None:
    """C:401.7 — the first Queue entry resolves only when neither player declares anything
    more: while a trigger waits to be declared, nothing resolves."""
    b, s = _queue_with_pending_optional()
    assert decision(s).actor == 0 and decision(s).kind == "trigger"
    assert s.cards[b["hero1"]].wounds == 0
    assert legal_actions(s) == [Action("declare", trigger=1), Action("pass", trigger=1)]
    o = apply(s, Action("pass", trigger=1))
    assert kinds(o.events)[:3] == ["passed", "resolving", "wounded"]
    assert first_event(o.events, "passed").rules == ("C:401.7",)
    assert o.state.cards[b["hero1"]].wounds == 2
    o2 = apply(s, Action("declare", trigger=1))
    assert [e.get("source") for e in events(o2.events, "resolving")] == [b["test_mstitel"], b["test_iskatel"]]


def test_401_7_pass_forfeits_an_optional_trigger() -> None:
    """C:401.7 — a player who passes on an optional trigger loses the right to declare it
    until its condition happens again."""
    _, s = _queue_with_pending_optional()
    o = apply(s, Action("pass", trigger=1))
    assert not o.state.pending
    assert not [e for e in events(o.events, "drew") if e.get("player") == 0]
    assert o.state.active == 1  # the turn ended; the trigger never came back


def test_401_7_pass_forfeits_mutant_is_caught() -> None:
    """C:401.7 — under the mutant that keeps a passed optional trigger it can still be
    declared."""
    _, s = _queue_with_pending_optional(mutant="pass_keeps_optional")
    o = apply(s, Action("pass", trigger=1))
    assert o.state.pending and o.state.step == "end_queue"


def test_401_7_a_mandatory_trigger_cannot_be_passed() -> None:
    """C:401.7 — only an optional («может») trigger may be passed while it can be declared."""
    b = Board(step="end_queue", play=(["test_mstitel", "test_knigochey"], ()))
    t1 = b.pending("test_mstitel", 0)
    b.pending("test_knigochey", 0)
    s = b.state()
    assert violation_rules(s, Action("pass", trigger=t1)) == ["C:401.7"]
    assert {a.kind for a in legal_actions(s)} == {"declare"}


def test_401_4_only_waiting_triggers_can_be_declared() -> None:
    """C:401.4 — a declaration names a trigger whose condition happened and that waits to be
    declared; anything else is refused and changes nothing."""
    _, s = _queue_with_pending_optional()
    before = fingerprint(s)
    for a in (Action("declare", trigger=7), Action("pass", trigger=0)):
        assert violation_rules(s, a) == ["C:401.4"]
        with pytest.raises(IllegalAction):
            apply(s, a)
    assert fingerprint(s) == before
    assert violation_rules(s, END) == ["C:401.7"]


def _start_of_turn_of_player_2(mutant: str = "") -> tuple[Board, State]:
    """Player 2's turn is about to start: player 1 has two «start of the opponent's turn»
    triggers, player 2 two «start of your turn» triggers."""
    b = Board(play=(["strazh_kupeli", "generator_tumana"], ["test_stradalets", "test_rostok"]))
    return b, b.state(mutant)


def test_402_1_inactive_players_triggers_first_in_his_order() -> None:
    """C:402.1 — simultaneous triggers: the inactive player's enter the Queue first, in the
    order he chooses, then the active player's in the order he chooses."""
    b, s0 = _start_of_turn_of_player_2()
    s, ev = run(s0, END)
    ids = {e.get("source"): num(e, "trigger") for e in events(ev, "triggered")}
    assert s.active == 1 and decision(s).actor == 0
    assert {a.trigger for a in legal_actions(s)} == {ids[b["strazh_kupeli"]], ids[b["generator_tumana"]]}
    # the active player may not go first
    assert violation_rules(s, Action("declare", trigger=ids[b["test_rostok"]])) == ["C:402.1"]
    assert violation_rules(s, Action("declare", trigger=ids[b["strazh_kupeli"]], actor=1)) == ["C:402.1"]
    s, ev = run(s, Action("declare", trigger=ids[b["generator_tumana"]]))
    assert decision(s).actor == 1
    assert {a.trigger for a in legal_actions(s)} == {ids[b["test_stradalets"]], ids[b["test_rostok"]]}
    s, ev2 = run(s, Action("declare", trigger=ids[b["test_rostok"]]))
    order = [e.get("source") for e in events(ev + ev2, "resolving")]
    assert order == [b["generator_tumana"], b["strazh_kupeli"], b["test_rostok"], b["test_stradalets"]]
    assert s.cards[b["hero1"]].wounds == 2 and s.cards[b["test_stradalets"]].wounds == 2
    assert s.cards[b["test_rostok"]].closed and s.step == "choice"


def test_402_1_active_first_mutant_is_caught() -> None:
    """C:402.1 — under the mutant where the active player declares first, he decides first."""
    _, s0 = _start_of_turn_of_player_2("active_triggers_first")
    s, _ = run(s0, END)
    assert decision(s).actor == 1


def _two_firings(edition: str) -> tuple[Board, State, list[int]]:
    """Удар током kills two of player 1's creatures: Послушник Братства («when your other
    creature dies», once per turn) fires twice at once."""
    b = Board(
        edition=edition,
        play=(["test_uchenik", "legat_akkenii", "legat_akkenii"], []),
        hands=(["udar_tokom"], []),
        coins=((3, 0), (0, 0)),
    )
    s, ev = run(b.state(), Action("play", card=b["udar_tokom"]))
    ids = [num(e, "trigger") for e in events(ev, "triggered")]
    return b, s, ids


@pytest.mark.parametrize("edition", ["A", "B", "C"])
def test_402_1_any_firing_of_one_ability_may_go_first(edition: str) -> None:
    """A:402.2, B:402.1, C:402.1 — in every edition the player declares his pending
    triggers in the order he chooses, the later firing of one ability before the earlier
    (INTERPRETING.md, entry 9); with «1 раз за ход» the other firing is then dropped (501.2)."""
    _, s, ids = _two_firings(edition)
    assert len(ids) == 2
    assert {a.trigger for a in legal_actions(s)} == set(ids)
    assert check(s, Action("declare", trigger=ids[1])) == []
    o = apply(s, Action("declare", trigger=ids[1]))
    assert first_event(o.events, "declared").get("trigger") == ids[1]
    assert first_event(o.events, "declared").rules == (f"{edition}:501.1", f"{edition}:401.3", f"{edition}:402.1")
    dropped = first_event(o.events, "trigger_dropped")
    assert dropped.get("trigger") == ids[0] and dropped.rules == (f"{edition}:501.2", "R15:113.5")


def test_402_1_oldest_firing_mutant_is_caught() -> None:
    """C:402.1 — under the mutant that allows only the earliest firing of an ability, the
    later firing is neither offered nor accepted."""
    b = Board(play=(["test_uchenik", "legat_akkenii", "legat_akkenii"], []),
              hands=(["udar_tokom"], []), coins=((3, 0), (0, 0)))
    s, ev = run(b.state("oldest_firing_first"), Action("play", card=b["udar_tokom"]))
    ids = [num(e, "trigger") for e in events(ev, "triggered")]
    assert [a.trigger for a in legal_actions(s)] == [ids[0]]
    assert violation_rules(s, Action("declare", trigger=ids[1])) == ["C:402.1"]


def test_401_5_entry_resolves_after_its_source_left_play() -> None:
    """C:401.5 — a declared ability resolves even though its source has left the play zone:
    Камиа is killed by the Queue entry before her own end-of-turn trigger, which still
    wounds the enemy hero (by her last known, printed strike)."""
    b = Board(step="end_queue", play=(["test_mushketer", "test_mstitel", "test_iskatel"], ()))
    b.queue("activated", "test_mushketer", 0, targets=["test_mstitel"])
    b.queue("triggered", "test_mstitel", 0)
    b.pending("test_iskatel", 0)
    o = apply(b.state(), Action("pass", trigger=1))
    assert o.state.zone_of(b["test_mstitel"]) == "graveyard"
    hero_wound = [e for e in events(o.events, "wounded") if e.get("card") == b["hero1"]]
    assert len(hero_wound) == 1 and hero_wound[0].get("amount") == 2
    assert "C:401.5" in hero_wound[0].rules
    assert o.state.cards[b["hero1"]].wounds == 2


def test_401_5_death_trigger_resolves_from_the_graveyard() -> None:
    """C:401.5 — a «Гибель» trigger fires and resolves with its source in the graveyard."""
    b = Board(play=(["ork"], ["test_smertnik"]))
    o = apply(b.state(), Action("attack", card=b["ork"], targets=(b["hero1"],)))
    s, ev = run(o.state, Action("defend", card=b["test_smertnik"]))
    w = [e for e in events(o.events + tuple(ev), "wounded") if e.get("card") == b["hero0"]]
    assert len(w) == 1 and "C:401.5" in w[0].rules
    assert s.zone_of(b["test_smertnik"]) == "graveyard" and s.cards[b["hero0"]].wounds == 1


@pytest.mark.parametrize("edition", ["B", "C"])
def test_401_2_triggers_during_resolution_resolve_within_the_current_queue(edition: str) -> None:
    """B:401.2 / C:401.2 — a trigger that fires while an ability resolves is declared and
    resolved within the current Queue: Дирр-прыгун dies during the end-of-turn Queue and
    its death trigger resolves before the turn ends."""
    b = Board(edition=edition, step="end_queue", play=(["test_mushketer", "test_iskatel"], ["test_smertnik"]))
    b.queue("activated", "test_mushketer", 0, targets=["test_smertnik"])
    b.pending("test_iskatel", 0)
    o = apply(b.state(), Action("pass", trigger=1))
    order = kinds(o.events)
    assert order.index("destroyed") < order.index("triggered") < order.index("declared")
    hero_wound = order.index("wounded", order.index("declared"))
    assert hero_wound < order.index("turn_ended")
    assert o.state.cards[b["hero0"]].wounds == 1
