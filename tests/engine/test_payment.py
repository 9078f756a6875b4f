"""Declaration and payment, rules 501: prepayment and usage limits (501.2), target
restrictions only at declaration with the poisoned-creature example (501.4), and what
counts as an action (501.5)."""

from __future__ import annotations

import pytest

from oracle import Action, State, apply, check, decision, legal_actions

from .helpers import Board, card, events, first_event, kinds, num, run, violation_rules

# --- 501.1 / 501.2: declaration with prepayment ---------------------------------------


@pytest.mark.parametrize("edition", ["A", "B", "C"])
def test_501_2_cost_is_paid_with_the_declaration(edition: str) -> None:
    """A:501.2 / B:501.2 / C:501.2 — an activated ability is paid when it is declared,
    before it resolves: the card closes and the coins close first."""
    b = Board(edition=edition, play=(["lovets_videniy", card("ork", closed=True)], ()), coins=((2, 0), (0, 0)))
    o = apply(b.state(), Action("activate", card=b["lovets_videniy"], ability=0, targets=(b["ork"],)))
    order = kinds(o.events)
    assert order[:5] == ["ability_declared", "closed", "coins_paid", "resolving", "opened"]
    r = f"{edition}:501.2"
    assert first_event(o.events, "closed").rules == (r,) and first_event(o.events, "coins_paid").rules == (r,)
    assert o.state.players[0].coins_open == 0 and o.state.cards[b["lovets_videniy"]].closed
    assert not o.state.cards[b["ork"]].closed


@pytest.mark.parametrize("edition", ["A", "B", "C"])
def test_501_2_without_enough_resources_nothing_can_be_declared(edition: str) -> None:
    """A:501.2 / B:501.2 / C:501.2 — a card cannot declare an ability when the resources for
    its payment are not there: too few open coins, or the card to close already closed."""
    b = Board(
        edition=edition,
        play=(["lovets_videniy", card("test_bombarda", closed=True)], ()),
        coins=((1, 3), (0, 0)),
    )
    s = b.state()
    r = f"{edition}:501.2"
    assert violation_rules(s, Action("activate", card=b["lovets_videniy"], ability=0, targets=(b["hero0"],))) == [r]
    assert violation_rules(s, Action("activate", card=b["test_bombarda"], ability=0, targets=(b["hero1"],))) == [r]
    assert not [a for a in legal_actions(s) if a.kind == "activate" and a.card != b["hero0"]]


@pytest.mark.parametrize("edition", ["A", "B", "C"])
def test_501_2_per_turn_limit_is_part_of_the_payment(edition: str) -> None:
    """A:501.2 / B:501.2 / C:501.2 — «1 раз за ход» counts as part of an activated ability's
    payment: the usage marker is taken at declaration; a second use this turn is refused;
    C:303.3 — the marker goes at the start of the next turn."""
    b = Board(edition=edition, play=(["snezhnyy_bars"], ()), coins=((3, 0), (0, 0)))
    s = b.state()
    act = Action("activate", card=b["snezhnyy_bars"], ability=0)
    o = apply(s, act)
    assert o.state.cards[b["snezhnyy_bars"]].usage == {0: 1}
    assert violation_rules(o.state, act) == [f"{edition}:501.2"]
    assert act not in legal_actions(o.state)
    s2, _ = run(o.state, Action("end_turn"), Action("end_turn"))
    assert s2.active == 0 and check(s2, act) == []


def test_501_2_per_turn_limit_of_a_triggered_ability() -> None:
    """C:501.2, R15:113.5 — for a triggered ability the payment is its per-turn limit:
    Изиан's «2 раза за ход» trigger is declared for two creatures entering play; the third
    firing cannot be paid and is dropped."""
    b = Board(
        heroes=("test_geroy_snayper", "test_geroy_pervogo_khoda"),
        play=((), ["gremlinskaya_gromykhalka"]),
        hands=(["legat_akkenii", "legat_akkenii", "legat_akkenii"], []),
        coins=((3, 0), (0, 0)),
    )
    s = b.state()
    g = b["gremlinskaya_gromykhalka"]
    for i, label in enumerate(("legat_akkenii", "legat_akkenii#2")):
        s, ev = run(s, Action("play", card=b[label]))
        t = num(first_event(ev, "triggered"), "trigger")
        s, _ = run(s, Action("declare", trigger=t, targets=(g,)))
        assert s.cards[b["hero0"]].usage == {0: i + 1}
    s, ev = run(s, Action("play", card=b["legat_akkenii#3"]))
    dropped = first_event(ev, "trigger_dropped")
    assert dropped.rules == ("C:501.2", "R15:113.5") and dropped.get("reason") == "limit"
    assert s.cards[g].wounds == 2 and s.step == "choice"


def test_501_2_per_game_limit() -> None:
    """C:501.2, R15:113.5 — «1 раз за игру»: Медный дракон's attack trigger is declared once;
    in a later turn it fires again but cannot be paid and is dropped."""
    b = Board(play=(["test_yashcher"], ()))
    s, _ = run(b.state(), Action("attack", card=b["test_yashcher"], targets=(b["hero1"],)))
    s, _ = run(s, Action("declare", trigger=1, targets=(b["hero1"],)))
    assert s.cards[b["hero1"]].wounds == 6 and s.cards[b["test_yashcher"]].game_usage == {0: 1}
    s, _ = run(s, Action("end_turn"), Action("end_turn"))
    assert s.turn == 5 and s.cards[b["test_yashcher"]].game_usage == {0: 1}
    s, ev = run(s, Action("attack", card=b["test_yashcher"], targets=(b["hero1"],)))
    assert first_event(ev, "trigger_dropped").rules == ("C:501.2", "R15:113.5")
    assert s.cards[b["hero1"]].wounds == 9


def test_501_2_whenever_has_no_limit() -> None:
    """C:501.2, R15:113.5 — «Каждый раз, когда» has no per-turn limit: Акванит is wounded for
    every spell of the opponent in one turn."""
    b = Board(play=((), ["test_nezhenka"]), hands=(["za_znamenem", "za_znamenem"], []), coins=((2, 0), (0, 0)))
    s, _ = run(b.state(), Action("play", card=b["za_znamenem"]), Action("play", card=b["za_znamenem#2"]))
    assert s.cards[b["test_nezhenka"]].wounds == 2


def test_501_1_declaration_names_source_and_targets() -> None:
    """C:501.1 — a declaration names the source, the ability and its targets: the declared
    event says which; an untargeted ability takes no targets."""
    b = Board(step="play_queue", play=(["test_strelok_nayma", "test_mstitel"], ["ork"]))
    t = b.pending("test_strelok_nayma", 0)
    s = b.state()
    o = apply(s, Action("declare", trigger=t, targets=(b["ork"],)))
    e = first_event(o.events, "declared")
    assert e.get("source") == b["test_strelok_nayma"] and e.get("targets") == str(b["ork"])
    assert violation_rules(s, Action("declare", trigger=t)) == ["C:501.1"]
    b2 = Board(step="end_queue", play=(["test_mstitel", "test_iskatel"], ()))
    t2 = b2.pending("test_mstitel", 0)
    b2.pending("test_iskatel", 0)
    assert violation_rules(b2.state(), Action("declare", trigger=t2, targets=(b2["hero1"],))) == ["C:501.1"]


# --- 501.4: target restrictions only at declaration ------------------------------------


def _poison_example(mutant: str = "") -> tuple[Board, State]:
    """B:501.4's example: two creatures enter play at once; the active player's Силах
    («Найм: уничтожить отравленное существо»), the inactive player's Сестра милосердия
    («Найм: снять отравление с существа»); both pick the same poisoned creature."""
    b = Board(step="play_queue", play=(["test_palach"], ["test_lekar", card("ork", "victim", poison=1)]))
    b.pending("test_palach", 0)
    b.pending("test_lekar", 0)
    return b, b.state(mutant)


def test_501_4_poisoned_creature_example() -> None:
    """C:501.4 — the inactive player's cure resolves first (402.1) and removes the poison;
    the destroy ability is still in the Queue and resolves anyway, though its target is no
    longer poisoned: restrictions on targets matter only at declaration."""
    b, s = _poison_example()
    assert decision(s).actor == 1
    s, ev = run(s, Action("declare", trigger=2, targets=(b["victim"],)))
    declared = events(ev, "declared")
    assert [d.get("source") for d in declared] == [b["test_lekar"], b["test_palach"]]
    assert all(d.get("targets") == str(b["victim"]) for d in declared)
    order = kinds(ev)
    assert order.index("cured") < order.index("destroyed")
    # destroyed «от» the destroying ability's source (R15:505.1.1; INTERPRETING.md, entry 98)
    assert first_event(ev, "destroyed").rules == ("C:401.7", "C:401.3", "R15:505.2", "R15:505.1.1")
    assert first_event(ev, "destroyed").get("source") == b["test_palach"]
    assert s.zone_of(b["victim"]) == "graveyard"


def test_501_4_recheck_mutant_is_caught() -> None:
    """C:501.4 — an engine that checks the restriction again at resolution lets the cured
    creature survive."""
    b, s = _poison_example("recheck_targets_at_resolution")
    s, _ = run(s, Action("declare", trigger=2, targets=(b["victim"],)))
    assert s.zone_of(b["victim"]) == "play"


def test_501_4_restriction_applies_at_declaration() -> None:
    """C:501.4 — at declaration the restriction holds: «уничтожить отравленное существо»
    cannot target a creature that is not poisoned, and with no poisoned creature the
    trigger has no legal declaration and is dropped (401.7)."""
    b = Board(step="play_queue", play=(["test_palach", "test_mstitel"], [card("ork", "victim", poison=1), "ork"]))
    t = b.pending("test_palach", 0)
    b.pending("test_mstitel", 0)  # keeps the decision open
    s = b.state()
    assert violation_rules(s, Action("declare", trigger=t, targets=(b["ork"],))) == ["C:501.4"]
    assert check(s, Action("declare", trigger=t, targets=(b["victim"],))) == []
    b2 = Board(hands=(["test_palach"], []), play=((), ["ork"]), coins=((2, 0), (0, 0)))
    o = apply(b2.state(), Action("play", card=b2["test_palach"]))
    dropped = first_event(o.events, "trigger_dropped")
    assert dropped.rules == ("C:401.7",) and dropped.get("reason") == "no_target"


# --- 501.5: actions ------------------------------------------------------------------


def test_501_5_actions_and_first_turn_weakness() -> None:
    """C:501.5, R15:108.5 — a strike attack and an activated ability with the tap icon are
    actions, forbidden to a creature in its first turn; an ability without the tap icon is
    not an action."""
    b = Board(
        turn=6,
        play=([card("test_dozornyy", entered_turn=6)], ["ork"]),
        coins=((3, 0), (0, 0)),
    )
    s = b.state()
    k = b["test_dozornyy"]
    assert violation_rules(s, Action("attack", card=k, targets=(b["hero1"],))) == ["R15:108.5"]
    assert violation_rules(s, Action("activate", card=k, ability=0, targets=(b["hero1"],))) == ["R15:108.5"]
    assert check(s, Action("activate", card=k, ability=1)) == []  # «3 монеты: откройте» is no action


def test_501_5_assigning_a_defender_is_allowed_in_the_first_turn() -> None:
    """C:501.5, R15:108.5 — assigning a defender is an action, but first-turn weakness does
    not forbid defending: a creature that entered play this turn may defend."""
    b = Board(turn=6, play=(["ork"], [card("gremlinskaya_gromykhalka", "g", entered_turn=6)]))
    s, _ = run(b.state(), Action("attack", card=b["ork"], targets=(b["hero1"],)))
    assert Action("defend", card=b["g"]) in legal_actions(s)
    s, _ = run(s, Action("defend", card=b["g"]))
    assert s.cards[b["g"]].wounds == 5 and s.cards[b["hero1"]].wounds == 0
