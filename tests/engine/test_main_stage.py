"""The main stage, rules 305–309: the choice phase, strike attacks with defenders and fights,
activated abilities and card play (edition C's eleven steps of 309.1)."""

from __future__ import annotations

import pytest

from oracle import Action, Event, IllegalAction, apply, check, decision, fingerprint, legal_actions
from oracle.rules.queries.payment import final_cost

from .helpers import Board, card, events, first_event, kinds, legal, rules_of, run, violation_rules

END = Action("end_turn")


# --- 306: the choice phase ----------------------------------------------------------------


def test_306_1_choice_offers_attack_ability_play_and_end_turn() -> None:
    """C:306.1 — in the choice phase the active player chooses among a strike attack, an
    activated ability, playing a card, or passing the turn; the last is always possible."""
    b = Board(play=(["ork", "test_dozornyy"], ["ork"]), hands=(["legat_akkenii"], []), coins=((2, 0), (0, 0)))
    s = b.state()
    assert decision(s).actor == 0 and decision(s).kind == "choice"
    acts = legal(s)
    assert {a.kind for a in acts} == {"attack", "activate", "play", "end_turn"}
    assert acts[-1] == END
    assert all(check(s, a) == [] for a in acts)


@pytest.mark.parametrize("kind", ["defend", "declare", "pass", "reveal", "mulligan", "roll"])
def test_306_1_other_kinds_are_refused_in_the_choice_phase(kind: str) -> None:
    """C:306.1 — only the four choices of 306.1 can be taken in the choice phase."""
    assert violation_rules(Board().state(), Action(kind)) == ["C:306.1"]


def test_306_1_only_the_active_player_chooses() -> None:
    """C:306.1 — the inactive player cannot act in the choice phase."""
    s = Board().state()
    assert violation_rules(s, Action("end_turn", actor=1)) == ["C:306.1"]
    assert check(s, Action("end_turn", actor=0)) == []


def test_306_2_the_choice_phase_returns_after_each_phase() -> None:
    """C:306.2, C:307.4, C:308.3, C:309.3 — after each phase the game returns to the choice
    phase, any number of times per turn."""
    b = Board(play=(["ork", "peschanyy_lev"], []), hands=(["legat_akkenii", "legat_akkenii"], []), coins=((5, 0), (0, 0)))
    s = b.state()
    s, ev = run(s, Action("attack", card=b["ork"], targets=(b["hero1"],)))
    assert s.step == "choice" and first_event(ev, "back_to_choice").rules == ("C:307.4",)
    s, ev = run(s, Action("play", card=b["legat_akkenii"]))
    assert s.step == "choice" and first_event(ev, "back_to_choice").rules == ("C:309.3",)
    s, ev = run(s, Action("play", card=b["legat_akkenii#2"]), Action("activate", card=b["hero0"], ability=0))
    assert s.step == "choice" and events(ev, "back_to_choice")[-1].rules == ("C:308.3",)
    s, ev = run(s, Action("attack", card=b["peschanyy_lev"], targets=(b["hero1"],)))
    assert s.step == "choice" and s.cards[b["hero1"]].wounds == 10


# --- 307: strike attacks, defenders, fights --------------------------------------------


def test_307_1_attack_declared_then_defender_decision() -> None:
    """C:307.1 — the active player declares which creature attacks which enemy character;
    then the inactive player may assign a defender (R15:509.1)."""
    b = Board(play=(["ork"], ["test_mstitel", card("legat_akkenii", "closed_one", closed=True)]))
    s = b.state()
    o = apply(s, Action("attack", card=b["ork"], targets=(b["hero1"],)))
    e = first_event(o.events, "attack_declared")
    assert e.rules == ("C:306.1", "C:307.1", "R15:108.2")
    assert (e.get("attacker"), e.get("target")) == (b["ork"], b["hero1"])
    assert o.state.step == "defender" and decision(o.state).actor == 1
    assert legal_actions(o.state) == [Action("defend"), Action("defend", card=b["test_mstitel"])]
    o2 = apply(o.state, Action("defend"))
    assert first_event(o2.events, "no_defender").rules == ("C:307.1",)
    assert o2.state.cards[b["hero1"]].wounds == 5
    assert first_event(o2.events, "wounded").rules == ("R15:510.3",)


def test_307_1_no_defender_candidate_means_no_decision() -> None:
    """C:307.1 — with no creature that can defend, the attack goes straight into the Queue."""
    b = Board(play=(["ork"], [card("legat_akkenii", closed=True)]))
    o = apply(b.state(), Action("attack", card=b["ork"], targets=(b["hero1"],)))
    assert kinds(o.events)[:3] == ["attack_declared", "no_defender", "resolving"]
    assert o.state.step == "choice"


def test_307_attack_restrictions() -> None:
    """R15:108.2, 108.5, 209.4, 212.4, 502.5, 507.1, 507.2, C:307.1 — only an open creature of the
    active player attacks, once per turn, not in its first turn without Dash, one enemy
    character as target; a hero never attacks."""
    b = Board(
        turn=5,
        play=(
            [
                "ork",
                card("peschanyy_lev", "closed", closed=True),
                card("test_mstitel", "attacked", attacked_turn=5),
                card("legat_akkenii", "new", entered_turn=5),
                card("gonchaya", "dash", entered_turn=5),
                card("samokhod", "dash2", entered_turn=5),
                card("ork", "hidden", hidden=True),
                "test_poshlina",
            ],
            ["ork", card("test_mstitel", "enemy_hidden", hidden=True), "test_pustosh"],
        ),
    )
    s = b.state()
    hero1 = (b["hero1"],)
    assert check(s, Action("attack", card=b["ork"], targets=hero1)) == []
    assert check(s, Action("attack", card=b["ork"], targets=(b["ork#2"],))) == []
    assert check(s, Action("attack", card=b["dash"], targets=hero1)) == []
    assert check(s, Action("attack", card=b["dash2"], targets=hero1)) == []
    assert violation_rules(s, Action("attack", card=b["closed"], targets=hero1)) == ["R15:108.2"]
    assert violation_rules(s, Action("attack", card=b["attacked"], targets=hero1)) == ["R15:108.2"]
    assert violation_rules(s, Action("attack", card=b["new"], targets=hero1)) == ["R15:108.5"]
    assert violation_rules(s, Action("attack", card=b["hidden"], targets=hero1)) == ["C:304.3"]
    assert violation_rules(s, Action("attack", card=b["hero0"], targets=hero1)) == ["R15:209.4"]
    assert violation_rules(s, Action("attack", card=b["test_poshlina"], targets=hero1)) == ["C:307.1"]
    assert violation_rules(s, Action("attack", card=b["ork#2"], targets=(b["hero0"],))) == ["C:307.1"]
    assert violation_rules(s, Action("attack", card=b["ork"], targets=(b["hero0"],))) == ["R15:507.2"]
    assert violation_rules(s, Action("attack", card=b["ork"], targets=(b["dash"],))) == ["R15:507.2"]
    assert violation_rules(s, Action("attack", card=b["ork"], targets=(b["test_pustosh"],))) == ["R15:212.4"]
    assert violation_rules(s, Action("attack", card=b["ork"], targets=(b["enemy_hidden"],))) == ["C:304.3"]
    assert violation_rules(s, Action("attack", card=b["ork"], targets=())) == ["R15:502.5"]
    assert violation_rules(s, Action("attack", card=b["ork"], targets=(b["hero1"], b["ork#2"]))) == ["R15:502.5"]
    attackers = {a.card for a in legal(s) if a.kind == "attack"}
    assert attackers == {b["ork"], b["dash"], b["dash2"]}


def test_307_first_turn_weakness_mutant_is_caught() -> None:
    """R15:108.5 — under the mutant without first-turn weakness a new creature attacks."""
    b = Board(play=([card("ork", entered_turn=3)], ()))
    assert check(b.state(mutant="no_first_turn_weakness"), Action("attack", card=b["ork"], targets=(b["hero1"],))) == []
    assert violation_rules(b.state(), Action("attack", card=b["ork"], targets=(b["hero1"],))) == ["R15:108.5"]


def test_307_defender_restrictions() -> None:
    """R15:509.1, 509.3, 209.4, C:307.1 — the defender is an open creature of the inactive
    player, other than the attacked one, that has not defended this turn; a creature in its
    first turn may defend (weakness forbids acting, not defending)."""
    b = Board(
        turn=5,
        play=(
            ["ork", "test_mstitel"],
            [
                "peschanyy_lev",
                card("legat_akkenii", "closed", closed=True),
                card("test_mstitel", "defended", defended_turn=5),
                card("yrkh", "new", entered_turn=5),
                card("ork", "hidden", hidden=True),
            ],
        ),
    )
    s, _ = run(b.state(), Action("attack", card=b["ork"], targets=(b["peschanyy_lev"],)))
    assert s.step == "defender"
    assert check(s, Action("defend", card=b["new"])) == []
    assert violation_rules(s, Action("defend", card=b["peschanyy_lev"])) == ["R15:509.1"]
    assert violation_rules(s, Action("defend", card=b["closed"])) == ["R15:509.1"]
    assert violation_rules(s, Action("defend", card=b["defended"])) == ["R15:509.3"]
    assert violation_rules(s, Action("defend", card=b["hidden"])) == ["C:304.3"]
    assert violation_rules(s, Action("defend", card=b["hero1"])) == ["R15:209.4"]
    assert violation_rules(s, Action("defend", card=b["test_mstitel"])) == ["C:307.1"]
    assert violation_rules(s, Action("defend", actor=0)) == ["C:307.1"]
    assert {a.card for a in legal(s)} == {0, b["new"]}


def test_307_1_defender_becomes_the_target_and_fights() -> None:
    """C:307.1, R15:509.1, R15:510.1 — the defender takes the attacker's strike instead of
    the attacked character and strikes back; wounds are dealt at once (both die, each «от» the
    other, R15:505.1.1)."""
    b = Board(play=(["ork"], ["peschanyy_lev", "gremlinskaya_gromykhalka"]))
    s, _ = run(b.state(), Action("attack", card=b["ork"], targets=(b["hero1"],)))
    o = apply(s, Action("defend", card=b["peschanyy_lev"]))
    e = first_event(o.events, "defender_assigned")
    assert e.rules == ("C:307.1", "R15:509.1") and e.get("defender") == b["peschanyy_lev"]
    assert first_event(o.events, "fight").rules == ("R15:510.1",)
    wounded = events(o.events, "wounded")
    assert [(w.get("card"), w.get("amount")) for w in wounded] == [(b["peschanyy_lev"], 5), (b["ork"], 5)]
    assert all(w.rules == ("R15:510.1",) for w in wounded)
    assert o.state.cards[b["hero1"]].wounds == 0
    assert o.state.zone_of(b["ork"]) == "graveyard" and o.state.zone_of(b["peschanyy_lev"]) == "graveyard"
    # each dies «от» the other creature of the fight (R15:505.1.1; INTERPRETING.md, entry 98)
    assert rules_of(o.events, "destroyed") == {"R15:505.1", "R15:505.1.1"}
    assert {(d.get("card"), d.get("source")) for d in events(o.events, "destroyed")} == {
        (b["ork"], b["peschanyy_lev"]), (b["peschanyy_lev"], b["ork"])}
    assert o.state.cards[b["gremlinskaya_gromykhalka"]].defended_turn == 0


def test_307_fight_is_simultaneous_sequential_mutant_is_caught() -> None:
    """R15:510.1 — a creature killed by the attacker's strike still strikes back; under the
    mutant that resolves the fight sequentially it does not."""
    b = Board(play=(["ork"], ["peschanyy_lev"]))
    s, _ = run(b.state(mutant="sequential_fight"), Action("attack", card=b["ork"], targets=(b["peschanyy_lev"],)))
    assert s.zone_of(b["ork"]) == "play"


def test_307_closed_target_and_hero_take_wounds_without_return() -> None:
    """R15:510.3 — a closed creature or a hero as target takes the wounds and does not
    strike back."""
    b = Board(play=(["ork"], [card("gremlinskaya_gromykhalka", "g", closed=True)]))
    o = apply(b.state(), Action("attack", card=b["ork"], targets=(b["g"],)))
    assert not events(o.events, "fight")
    assert first_event(o.events, "wounded").rules == ("R15:510.3",)
    assert o.state.cards[b["g"]].wounds == 5 and o.state.cards[b["ork"]].wounds == 0


def test_307_3_attacker_and_defender_close_after_the_queue() -> None:
    """C:307.3 — once the Queue is empty the attacker and the defender close (R15:506.3);
    triggers on that closing go into the Queue; C:307.4 — then the choice phase."""
    b = Board(play=(["test_dvoynyashki"], ["gremlinskaya_gromykhalka"]), decks=(("ork", "ork"), ("ork",)))
    s, _ = run(b.state(), Action("attack", card=b["test_dvoynyashki"], targets=(b["hero1"],)))
    o = apply(s, Action("defend", card=b["gremlinskaya_gromykhalka"]))
    # Bon and Burrow (3/3) is destroyed by the 6/6 defender: only the defender closes.
    assert o.state.cards[b["gremlinskaya_gromykhalka"]].closed
    closed = events(o.events, "closed")
    assert [e.get("card") for e in closed] == [b["gremlinskaya_gromykhalka"]]
    assert closed[0].rules == ("C:307.3", "R15:506.3")
    b2 = Board(play=(["test_dvoynyashki"], ()), decks=(("ork", "ork"), ("ork",)))
    o2 = apply(b2.state(), Action("attack", card=b2["test_dvoynyashki"], targets=(b2["hero1"],)))
    order = kinds(o2.events)
    assert order.index("wounded") < order.index("closed") < order.index("triggered") < order.index("drew")
    assert first_event(o2.events, "triggered").rules == ("C:307.3", "R15:506.3")
    assert o2.state.cards[b2["test_dvoynyashki"]].closed and len(o2.state.players[0].hand) == 1
    assert first_event(o2.events, "back_to_choice").rules == ("C:307.4",)


def test_307_3_attacker_stays_open_mutant_is_caught() -> None:
    """C:307.3 — under the mutant that leaves the attacker open, it stays open."""
    b = Board(play=(["ork"], ()))
    o = apply(b.state(mutant="attacker_stays_open"), Action("attack", card=b["ork"], targets=(b["hero1"],)))
    assert not o.state.cards[b["ork"]].closed


def test_307_2_attack_triggers_are_declared_after_the_fight() -> None:
    """C:307.2 — «при атаке» triggers fire with the attack but enter the Queue after the
    fight."""
    b = Board(play=(["test_naletchik"], ["peschanyy_lev"]))
    s, ev = run(b.state(), Action("attack", card=b["test_naletchik"], targets=(b["hero1"],)))
    assert first_event(ev, "triggered").rules == ("C:307.2",)
    o = apply(s, Action("defend", card=b["peschanyy_lev"]))
    assert o.state.step == "fight_queue" and decision(o.state).actor == 0
    assert kinds(o.events).index("fight") < len(o.events)
    assert not events(o.events, "declared")
    o2 = apply(o.state, Action("declare", trigger=1, targets=(b["hero1"],)))
    assert o2.state.cards[b["hero1"]].wounds == 2
    assert o2.state.step == "choice" and o2.state.cards[b["test_naletchik"]].closed


# --- 308: activated abilities ----------------------------------------------------------


def test_308_1_activated_ability_is_prepaid_and_resolves_at_once() -> None:
    """C:308.1, C:501.2 — the ability is declared with its cost paid (the card closes, the
    coins close), goes into the Queue and resolves at once; C:308.3 — back to choice."""
    b = Board(play=(["test_bombarda"], ["ork"]), coins=((3, 0), (0, 0)))
    s = b.state()
    o = apply(s, Action("activate", card=b["test_bombarda"], ability=1, targets=(b["ork"],)))
    order = kinds(o.events)
    assert order[:4] == ["ability_declared", "closed", "resolving", "wounded"]
    assert first_event(o.events, "ability_declared").rules == ("C:306.1", "C:308.1", "C:501.1")
    assert first_event(o.events, "closed").rules == ("C:501.2",)
    assert o.state.cards[b["ork"]].wounds == 2 and o.state.cards[b["test_bombarda"]].closed
    assert first_event(o.events, "back_to_choice").rules == ("C:308.3",)
    b2 = Board(play=(["test_korrektirovshchik"], ()), coins=((3, 0), (0, 0)))
    o2 = apply(b2.state(), Action("activate", card=b2["test_korrektirovshchik"], ability=0, targets=(b2["hero1"],)))
    paid = first_event(o2.events, "coins_paid")
    assert paid.rules == ("C:501.2",) and paid.get("amount") == 2
    assert o2.state.players[0].coins_open == 1 and o2.state.players[0].coins_closed == 2
    assert kinds(o2.events).index("coins_paid") < kinds(o2.events).index("resolving")


def test_308_1_activation_restrictions() -> None:
    """C:308.1, C:501.2, R15:108.5, C:501.4 — only the active player's own cards in play, an
    existing activated ability, its cost payable, first-turn weakness for a tap cost, legal
    targets."""
    b = Board(
        turn=4,
        play=(
            [
                card("test_bombarda", "new", entered_turn=4),
                card("test_dozornyy", "closed", closed=True),
                card("test_korrektirovshchik", "coins_only", entered_turn=4),
                "ork",
            ],
            ["test_bombarda"],
        ),
        hands=(["test_mushketer"], []),
        coins=((1, 0), (0, 0)),
    )
    s = b.state()
    h1 = (b["hero1"],)
    assert violation_rules(s, Action("activate", card=b["new"], ability=0, targets=h1)) == ["R15:108.5"]
    assert violation_rules(s, Action("activate", card=b["closed"], ability=0, targets=h1)) == ["C:501.2"]
    assert violation_rules(s, Action("activate", card=b["coins_only"], ability=0, targets=h1)) == ["C:501.2"]
    assert violation_rules(s, Action("activate", card=b["ork"], ability=0)) == ["C:308.1"]
    assert violation_rules(s, Action("activate", card=b["test_bombarda"], ability=0, targets=h1)) == ["C:308.1"]
    assert violation_rules(s, Action("activate", card=b["test_mushketer"], ability=0, targets=h1)) == ["C:308.1"]
    assert violation_rules(s, Action("activate", card=b["closed"], ability=5)) == ["C:308.1"]
    assert violation_rules(s, Action("activate", card=b["closed"], ability=1)) == ["C:501.2"]  # 3 coins, has 1
    assert violation_rules(s, Action("activate", card=b["hero0"], ability=0, targets=h1)) == ["C:501.1"]
    # the hero's ability (1 coin, tap) has no first-turn weakness
    assert check(s, Action("activate", card=b["hero0"], ability=0)) == []


def test_308_coin_only_ability_is_not_an_action() -> None:
    """B:501.5 / C:501.5, R15:108.5 — an activated ability without the tap icon is not an
    action: a creature uses it in the turn it entered play."""
    b = Board(turn=4, play=([card("test_korrektirovshchik", entered_turn=4)], ()), coins=((2, 0), (0, 0)))
    o = apply(b.state(), Action("activate", card=b["test_korrektirovshchik"], ability=0, targets=(b["hero1"],)))
    assert o.state.cards[b["hero1"]].wounds == 2


def test_308_target_must_be_legal_at_declaration() -> None:
    """C:501.4, C:501.1 — targets of an activated ability are checked at declaration:
    existing characters in play, matching the side restriction, listed once, ascending."""
    b = Board(play=(["test_bombarda", "ork"], ["ork", card("test_mstitel", hidden=True)]), hands=(["ork"], []))
    s = b.state()
    k = b["test_bombarda"]
    assert violation_rules(s, Action("activate", card=k, ability=1, targets=(b["ork"],))) == ["C:501.4"]
    assert violation_rules(s, Action("activate", card=k, ability=1, targets=(b["test_mstitel"],))) == ["C:501.4"]
    assert violation_rules(s, Action("activate", card=k, ability=0, targets=(b["ork#3"],))) == ["C:501.4"]
    assert violation_rules(s, Action("activate", card=k, ability=0, targets=(999,))) == ["C:501.4"]
    assert violation_rules(s, Action("activate", card=k, ability=0)) == ["C:501.1"]
    assert "C:501.1" in violation_rules(s, Action("activate", card=k, ability=0, targets=(b["ork#2"], b["hero1"])))
    offered = {a.targets for a in legal(s) if a.kind == "activate" and a.card == k and a.ability == 1}
    assert offered == {(b["hero1"],), (b["ork#2"],)}


# --- 309: playing cards ----------------------------------------------------------------


def test_309_1_creature_enters_play_with_first_turn_weakness() -> None:
    """C:309.1.4, C:309.2 — a played creature moves to the play zone, open, and has
    first-turn weakness this turn (R15:108.5); its Найм triggers go into the Queue."""
    b = Board(play=((), ["ork"]), hands=(["test_strelok_nayma"], []), coins=((5, 0), (0, 0)))
    o = apply(b.state(), Action("play", card=b["test_strelok_nayma"]))
    e = first_event(o.events, "card_played")
    assert e.rules == ("C:306.1", "C:309.1") and e.get("cost") == 2
    assert first_event(o.events, "entered_play").rules == ("C:309.1.4", "C:309.2")
    assert first_event(o.events, "triggered").rules == ("C:309.1.4", "C:309.2")
    s = o.state
    assert s.zone_of(b["test_strelok_nayma"]) == "play" and s.cards[b["test_strelok_nayma"]].entered_turn == 3
    assert s.step == "play_queue" and decision(s).actor == 0
    assert violation_rules(s, Action("attack", card=b["test_strelok_nayma"], targets=(b["hero1"],))) == ["C:401.7"]
    s2, _ = run(s, Action("declare", trigger=1, targets=(b["ork"],)))
    assert s2.cards[b["ork"]].wounds == 2 and s2.step == "choice"
    assert violation_rules(s2, Action("attack", card=b["test_strelok_nayma"], targets=(b["hero1"],))) == ["R15:108.5"]


def test_309_1_spell_goes_to_the_graveyard_and_its_abilities_resolve_in_order() -> None:
    """C:309.1.4, C:309.1.11, R15:211.2 — a spell goes to the graveyard and its abilities
    enter the Queue in order and resolve at once (open the creature, then draw)."""
    b = Board(play=([card("ork", closed=True)], ()), hands=(["test_prikaz"], []), coins=((2, 0), (0, 0)))
    o = apply(b.state(), Action("play", card=b["test_prikaz"], targets=(b["ork"],)))
    assert first_event(o.events, "spell_to_graveyard").rules == ("C:309.1.4", "R15:211.2")
    assert first_event(o.events, "spell_abilities_queued").rules == ("C:309.1", "C:309.1.11")
    assert kinds(o.events).index("opened") < kinds(o.events).index("drew")
    assert [e.get("ability") for e in events(o.events, "resolving")] == [0, 1]
    s = o.state
    assert s.zone_of(b["test_prikaz"]) == "graveyard" and not s.cards[b["ork"]].closed
    assert len(s.players[0].hand) == 1 and s.step == "choice"


def test_309_1_1_only_cards_in_hand_are_played() -> None:
    """C:309.1.1 — a card is played from the active player's hand."""
    b = Board(play=(["ork"], ()), hands=((), ["ork"]), graveyards=(["legat_akkenii"], ()), coins=((9, 0), (9, 0)))
    s = b.state()
    for label in ("ork", "ork#2", "legat_akkenii", "hero0"):
        assert violation_rules(s, Action("play", card=b[label])) == ["C:309.1.1"]


def test_309_1_3_modes() -> None:
    """C:309.1.3 — a modal spell needs one of its modes; a card without modes takes none;
    the chosen mode decides what the spell does."""
    b = Board(play=(["ork"], ["gremlinskaya_gromykhalka"]), hands=(["ognennyy_shar", "raskat_groma"], []), coins=((9, 0), (0, 0)))
    s = b.state()
    g = b["gremlinskaya_gromykhalka"]
    assert violation_rules(s, Action("play", card=b["ognennyy_shar"])) == ["C:309.1.3"]
    assert violation_rules(s, Action("play", card=b["ognennyy_shar"], mode=2)) == ["C:309.1.3"]
    assert violation_rules(s, Action("play", card=b["raskat_groma"], targets=(g,), mode=0)) == ["C:309.1.3"]
    assert "C:309.1.5" in violation_rules(s, Action("play", card=b["ognennyy_shar"], mode=0, targets=(g,)))
    s0, _ = run(s, Action("play", card=b["ognennyy_shar"], mode=0))
    assert s0.cards[g].wounds == 1 and s0.cards[b["ork"]].wounds == 1
    s1, _ = run(s, Action("play", card=b["ognennyy_shar"], mode=1, targets=(g,)))
    assert s1.cards[g].wounds == 4 and s1.cards[b["ork"]].wounds == 0
    offered = {(a.mode, a.targets) for a in legal(s) if a.card == b["ognennyy_shar"]}
    assert (0, ()) in offered and (1, (g,)) in offered and (1, (b["hero1"],)) in offered


def test_309_1_3_fury_is_an_additional_cost_adding_abilities() -> None:
    """C:309.1.3, C:309.1.8 — Ярость is an optional additional cost: it adds its coins to
    the final cost and its abilities after the card's own."""
    b = Board(play=((), ["gremlinskaya_gromykhalka"]), hands=(["test_yarost", "raskat_groma"], []), coins=((3, 0), (0, 0)))
    s = b.state()
    g = b["gremlinskaya_gromykhalka"]
    plain = apply(s, Action("play", card=b["test_yarost"], targets=(g,)))
    assert first_event(plain.events, "card_played").get("cost") == 2 and plain.state.cards[g].wounds == 3
    fury = apply(s, Action("play", card=b["test_yarost"], targets=(g,), option="fury"))
    assert first_event(fury.events, "card_played").get("cost") == 3
    assert fury.state.players[0].coins_open == 0
    assert [e.get("ability") for e in events(fury.events, "resolving")] == [0, 0]
    assert fury.state.zone_of(g) == "graveyard"
    assert violation_rules(s, Action("play", card=b["raskat_groma"], targets=(g,), option="fury")) == ["C:309.1.3"]
    assert violation_rules(s, Action("play", card=b["raskat_groma"], targets=(g,), option="bogus")) == ["C:309.1.3"]
    poor = Board(play=((), ["gremlinskaya_gromykhalka"]), hands=(["test_yarost"], []), coins=((2, 0), (0, 0)))
    assert violation_rules(poor.state(), Action("play", card=poor["test_yarost"], targets=(poor["gremlinskaya_gromykhalka"],), option="fury")) == ["C:309.1.9"]


def test_309_1_3_alternative_cost_wounds_the_own_hero() -> None:
    """C:309.1.3, C:309.1.9 — «розыгрыш за здоровье»: the card is played by wounding one's
    own hero instead of paying coins, even with no coins at all."""
    b = Board(play=((), ["ork"]), hands=(["test_ozarenie", "raskat_groma"], []), coins=((0, 0), (0, 0)))
    s = b.state()
    assert violation_rules(s, Action("play", card=b["test_ozarenie"], targets=(b["ork"],))) == ["C:309.1.9"]
    o = apply(s, Action("play", card=b["test_ozarenie"], targets=(b["ork"],), option="alt"))
    w = first_event(o.events, "wounded")
    assert w.rules == ("C:309.1.9",) and w.get("card") == b["hero0"] and w.get("amount") == 3
    assert first_event(o.events, "card_played").get("cost") == 0
    assert not events(o.events, "coins_paid") and o.state.cards[b["ork"]].wounds == 2
    assert violation_rules(s, Action("play", card=b["raskat_groma"], targets=(b["ork"],), option="alt")) == ["C:309.1.3"]


def test_309_1_3_x_is_at_least_one() -> None:
    """C:309.1.3, R15:106.1.2 — the player names X when playing an X-cost card; X is at
    least 1; a card without X takes no X; X is its cost."""
    b = Board(play=((), ["ork"]), hands=(["otravit_reku", "raskat_groma"], []), coins=((3, 0), (0, 0)))
    s = b.state()
    t = (b["ork"],)
    assert violation_rules(s, Action("play", card=b["otravit_reku"], targets=t)) == ["R15:106.1.2"]
    assert violation_rules(s, Action("play", card=b["otravit_reku"], targets=t, x=-1)) == ["R15:106.1.2"]
    assert violation_rules(s, Action("play", card=b["otravit_reku"], targets=t, x=4)) == ["C:309.1.9"]
    assert violation_rules(s, Action("play", card=b["raskat_groma"], targets=t, x=1)) == ["C:309.1.3"]
    o = apply(s, Action("play", card=b["otravit_reku"], targets=t, x=3))
    assert first_event(o.events, "card_played").get("cost") == 3 and first_event(o.events, "card_played").get("x") == 3
    assert o.state.cards[b["ork"]].poison == 3 and o.state.players[0].coins_open == 0
    assert {a.x for a in legal(s) if a.card == b["otravit_reku"]} == {1, 2, 3}


def test_309_1_3_x_has_no_cap_but_the_payment() -> None:
    """C:309.1.3, C:309.1.9, R15:522.3 — X is bounded only by what can be paid
    (INTERPRETING.md, entry 8): with 25 open coins X = 25 is legal and X = 26 is refused
    citing the payment, not the step that announces X."""
    b = Board(play=((), ["ork"]), hands=(["otravit_reku"], []), coins=((25, 0), (0, 0)))
    s = b.state()
    t = (b["ork"],)
    assert violation_rules(s, Action("play", card=b["otravit_reku"], targets=t, x=26)) == ["C:309.1.9"]
    assert {a.x for a in legal(s) if a.card == b["otravit_reku"]} == set(range(1, 26))
    o = apply(s, Action("play", card=b["otravit_reku"], targets=t, x=21))
    assert first_event(o.events, "card_played").get("cost") == 21 and o.state.cards[b["ork"]].poison == 21


@pytest.mark.parametrize("edition", ["A", "B"])
def test_309_1_x_above_the_payment_cites_501_2_in_a_and_b(edition: str) -> None:
    """A:501.2 / B:501.2 — in editions A and B an X that cannot be paid is refused citing
    the payment rule 501.2."""
    b = Board(edition=edition, play=((), ["ork"]), hands=(["otravit_reku"], []), coins=((12, 0), (0, 0)))
    s = b.state()
    assert violation_rules(s, Action("play", card=b["otravit_reku"], targets=(b["ork"],), x=13)) == [f"{edition}:501.2"]


def test_largest_x_follows_the_cost_modifiers() -> None:
    """The largest X is the largest whose final cost the open coins cover, after the
    modifiers of step 8; where the final cost stops growing with X (a set-to modifier, a
    multiplication by 0, the alternative cost) X is at most the open coins."""
    from oracle.rules.queries.payment import largest_x

    b = Board(play=((), ["ork"]), hands=(["otravit_reku"], []), coins=((7, 0), (0, 0)))
    s = b.state()
    uid = b["otravit_reku"]
    assert largest_x(s, 0, uid, False, "") == 7
    assert largest_x(s, 0, uid, False, "", []) == 7
    assert largest_x(s, 0, uid, False, "", [("increase", 2)]) == 5
    assert largest_x(s, 0, uid, False, "", [("decrease", 3)]) == 10
    assert largest_x(s, 0, uid, False, "", [("multiply", 2)]) == 3
    assert largest_x(s, 0, uid, False, "", [("divide", 2)]) == 14
    assert largest_x(s, 0, uid, False, "", [("increase", 1), ("multiply", 2)]) == 2
    assert largest_x(s, 0, uid, False, "", [("increase", 8)]) == 0
    assert largest_x(s, 0, uid, False, "", [("set", 0)]) == 7
    assert largest_x(s, 0, uid, False, "", [("multiply", 0)]) == 7
    assert largest_x(s, 0, uid, False, "alt", []) == 7
    s.players[0].coins_open = 1000
    assert largest_x(s, 0, uid, False, "", [("divide", 3)]) == 3000
    s.mutant = "x_capped_at_ten"
    assert largest_x(s, 0, uid, False, "", []) == 10


def test_309_1_5_spell_targets_checked_at_declaration() -> None:
    """C:309.1.5, C:501.4 — a spell's targets are chosen when it is played: the right number,
    distinct, ascending, each a legal target; an illegal play is rewound (C:309.1.7)."""
    b = Board(play=(["ork"], ["ork", card("test_mstitel", hidden=True)]), hands=(["raskat_groma", "prevoskhodstvo_fey", "udar_tokom"], []), coins=((9, 0), (0, 0)))
    s = b.state()
    rg, pf = b["raskat_groma"], b["prevoskhodstvo_fey"]
    assert violation_rules(s, Action("play", card=rg)) == ["C:309.1.5", "C:309.1.7"]
    assert violation_rules(s, Action("play", card=rg, targets=(b["hero1"],))) == ["C:501.4", "C:309.1.7"]
    assert violation_rules(s, Action("play", card=rg, targets=(b["test_mstitel"],))) == ["C:501.4", "C:309.1.7"]
    assert violation_rules(s, Action("play", card=pf, targets=(b["ork#2"], b["ork"]))) == ["C:309.1.5", "C:309.1.7"]
    assert violation_rules(s, Action("play", card=pf, targets=(b["ork"], b["ork"]))) == ["C:309.1.5", "C:309.1.7"]
    assert violation_rules(s, Action("play", card=b["udar_tokom"], targets=(b["ork"],))) == ["C:309.1.5", "C:309.1.7"]
    assert check(s, Action("play", card=pf, targets=(b["ork"], b["ork#2"]))) == []
    assert check(s, Action("play", card=pf, targets=(b["ork"],))) == []


def test_309_1_6_distribution_gives_each_target_at_least_one() -> None:
    """C:309.1.6 — wounds distributed among targets: an amount for each target, each at
    least one, adding up to the total; otherwise the play is rewound (C:309.1.7)."""
    b = Board(play=(["ork"], ["ork"]), hands=(["test_raspredelenie"], []), coins=((5, 0), (0, 0)))
    s = b.state()
    d, o1, o2 = b["test_raspredelenie"], b["ork"], b["ork#2"]
    for amounts in ((3, 0), (1, 1), (2, 2), (3,), ()):
        assert violation_rules(s, Action("play", card=d, targets=(o1, o2), amounts=amounts)) == ["C:309.1.6", "C:309.1.7"]
    assert check(s, Action("play", card=d, targets=(o1, o2), amounts=(2, 1))) == []
    assert check(s, Action("play", card=d, targets=(o2,), amounts=(3,))) == []
    o = apply(s, Action("play", card=d, targets=(o1, o2), amounts=(1, 2)))
    assert o.state.cards[o1].wounds == 1 and o.state.cards[o2].wounds == 2
    offered = {(a.targets, a.amounts) for a in legal(s) if a.card == d}
    assert ((o1, o2), (1, 2)) in offered and ((o1, o2), (2, 1)) in offered and ((o1, o2), (3, 0)) not in offered
    assert all(min(am) >= 1 and sum(am) == 3 for _, am in offered)
    b2 = Board(play=(["ork"], ()), hands=(["raskat_groma"], []), coins=((5, 0), (0, 0)))
    assert violation_rules(b2.state(), Action("play", card=b2["raskat_groma"], targets=(b2["ork"],), amounts=(3,))) == ["C:309.1.6", "C:309.1.7"]


def test_309_1_7_an_illegal_play_changes_nothing() -> None:
    """C:309.1.7 — an illegal play is rewound to before step 1: apply refuses it with
    IllegalAction and the state (its fingerprint) is unchanged."""
    b = Board(play=(["ork"], ["ork"]), hands=(["test_raspredelenie", "otravit_reku"], []), coins=((5, 0), (0, 0)))
    s = b.state()
    before = fingerprint(s)
    for a in (
        Action("play", card=b["test_raspredelenie"], targets=(b["ork"], b["ork#2"]), amounts=(3, 0)),
        Action("play", card=b["otravit_reku"], targets=(b["hero1"],), x=2),
        Action("play", card=b["otravit_reku"], targets=(b["ork"],), x=6),
    ):
        with pytest.raises(IllegalAction) as e:
            apply(s, a)
        assert e.value.violations and all(v.message for v in e.value.violations)
        assert fingerprint(s) == before
    assert s.players[0].hand == [b["test_raspredelenie"], b["otravit_reku"]] and s.players[0].coins_open == 5


def _cost_board(**extra: object) -> Board:
    return Board(
        play=(["test_poshlina", "test_mekhanik", "test_verbovshchik"], ["test_vymogatel"]),
        hands=(["ork", "potok_energii"], []),
        coins=((10, 0), (0, 0)),
        **extra,  # type: ignore[arg-type]
    )


def test_309_1_8_cost_modifiers_apply_in_rule_order() -> None:
    """C:309.1.8 — final cost: increases, then multiplications, then decreases, then
    divisions (rounded up, INTERPRETING.md entry 7), then set-to: Орк 4 → +1 (Королевский
    налог) → ×2 (Феллин, opponent's cards) → −1 (Изобретатель) → ÷2 (Эйден) = 5."""
    b = _cost_board()
    s = b.state()
    assert final_cost(s, 0, b["ork"], 4) == 5
    o = apply(s, Action("play", card=b["ork"]))
    assert first_event(o.events, "card_played").get("cost") == 5
    paid = first_event(o.events, "coins_paid")
    assert paid.rules == ("C:309.1.9", "C:501.2") and paid.get("amount") == 5
    assert o.state.players[0].coins_open == 5 and o.state.players[0].coins_closed == 5
    # a spell: Королевский налог raises only the opponent's spells; ×2 (Феллин) = 2
    o2 = apply(s, Action("play", card=b["potok_energii"], targets=(b["hero1"],)))
    assert first_event(o2.events, "card_played").get("cost") == 2


def test_309_1_8_wrong_order_mutant_is_caught() -> None:
    """C:309.1.8 — decreases and divisions first would give (4−1)÷2+1 = 3, ×2 = 6."""
    b = _cost_board()
    assert final_cost(b.state(mutant="cost_modifiers_wrong_order"), 0, b["ork"], 4) == 6


def test_309_1_8_set_to_comes_last_and_costs_never_go_below_zero() -> None:
    """C:309.1.8, R15:106.1.1 — a set-to modifier applies after all others; a negative
    result is 0."""
    b = Board(
        play=(["test_poshlina", "test_glashatay"], ["test_vymogatel"]),
        hands=(["ork"], []),
        coins=((0, 0), (0, 0)),
    )
    s = b.state()
    assert final_cost(s, 0, b["ork"], 4) == 0
    o = apply(s, Action("play", card=b["ork"]))
    assert first_event(o.events, "card_played").get("cost") == 0 and not events(o.events, "coins_paid")
    b2 = Board(play=(["test_mekhanik", "test_mekhanik"], ()), hands=(["legat_akkenii"], []))
    assert final_cost(b2.state(), 0, b2["legat_akkenii"], 1) == 0


def test_309_1_8_modifiers_of_hidden_cards_do_not_apply() -> None:
    """C:309.1.8 — a hidden card's static abilities do not work (R15 glossary «Скрытый
    персонаж»): its cost modifier is ignored."""
    b = Board(play=([card("test_mekhanik", hidden=True)], ()), hands=(["ork"], []), coins=((4, 0), (0, 0)))
    assert final_cost(b.state(), 0, b["ork"], 4) == 4


def test_309_1_9_payment_closes_coins_and_needs_enough_open_coins() -> None:
    """C:309.1.9 — payment closes the final cost in open coins; closed coins do not pay."""
    b = Board(hands=(["ork"], []), coins=((3, 5), (0, 0)))
    s = b.state()
    assert violation_rules(s, Action("play", card=b["ork"])) == ["C:309.1.9"]
    b2 = Board(hands=(["ork"], []), coins=((4, 1), (0, 0)))
    o = apply(b2.state(), Action("play", card=b2["ork"]))
    assert o.state.players[0].coins_open == 0 and o.state.players[0].coins_closed == 5


def test_309_1_payment_mutant_is_caught() -> None:
    """C:309.1.9 / C:501.2 — under the mutant that does not require payment a card is
    playable without coins."""
    b = Board(hands=(["ork"], []), coins=((0, 0), (0, 0)))
    assert check(b.state(mutant="payment_not_required"), Action("play", card=b["ork"])) == []


@pytest.mark.parametrize("edition, rule", [("B", "B:309.1"), ("A", "A:309.1")])
def test_309_1_editions_a_and_b_cite_the_single_paragraph(edition: str, rule: str) -> None:
    """A:309.1 / B:309.1, 501.1, 501.2 — in editions A and B 309.1 is one paragraph, and
    C's steps are not applied under its name (INTERPRETING.md, entry 39): a distribution is
    declared with the targets (501.1), may give a target nothing, and is not rewound; the
    payment check cites 501.2, and the coins are paid before the card moves."""
    b = Board(edition=edition, play=(["ork"], ["ork"]), hands=(["test_raspredelenie", "ork"], []), coins=((2, 0), (0, 0)))
    s = b.state()
    targets = (b["ork"], b["ork#2"])
    assert check(s, Action("play", card=b["test_raspredelenie"], targets=targets, amounts=(3, 0))) == []
    assert violation_rules(s, Action("play", card=b["test_raspredelenie"], targets=targets, amounts=(2, 2))) == [
        f"{edition}:501.1"
    ]
    assert violation_rules(s, Action("play", card=b["ork#3"])) == [f"{edition}:501.2"]
    o = apply(s, Action("play", card=b["test_raspredelenie"], targets=(b["ork#2"],), amounts=(3,)))
    assert first_event(o.events, "card_played").rules == ("B:306.1", rule)
    kinds = [e.kind for e in o.events]
    assert kinds.index("coins_paid") < kinds.index("spell_to_graveyard")
    assert first_event(o.events, "coins_paid").rules == (f"{edition}:501.2",)


def test_309_2_support_card_enters_play_and_is_not_a_character() -> None:
    """C:309.2, R15:212.4 — a support card enters the play zone; it cannot be attacked or
    targeted as a character."""
    b = Board(play=((), ["ork"]), hands=(["test_pustosh"], []), coins=((2, 0), (0, 0)))
    o = apply(b.state(), Action("play", card=b["test_pustosh"]))
    s = o.state
    assert s.zone_of(b["test_pustosh"]) == "play"
    assert violation_rules(s, Action("attack", card=b["ork"], targets=(b["test_pustosh"],)))


# --- the end of the game (R15:603–605) ---------------------------------------------------


def test_604_1_a_hero_at_zero_life_loses_at_once() -> None:
    """R15:604.1, R15:605.1 — a player whose hero's wounds reach its life loses at once; no
    action can be taken afterwards."""
    b = Board(play=(["ork"], ()))
    b.card_data("hero1")["wounds"] = 22  # Шарль де Лорм has 27 lives
    o = apply(b.state(), Action("attack", card=b["ork"], targets=(b["hero1"],)))
    e = first_event(o.events, "game_over")
    assert e.rules == ("R15:604.1",) and e.get("winner") == 0 and e.get("reason") == "hero_life"
    assert o.state.step == "game_over" and decision(o.state).actor == -1
    assert legal_actions(o.state) == [] and violation_rules(o.state, END) == ["R15:605.1"]
    assert not events(o.events, "closed")  # nothing happens after the game ended


def test_604_1_paying_with_the_own_heros_life_can_lose_before_the_spell_resolves() -> None:
    """R15:604.1, R15:605.1, C:309.1.9 — a hero killed by the alternative cost («розыгрыш за
    здоровье») loses at once: the card has moved (step 4), the payment (step 9) ends the game
    and the spell's abilities never resolve."""
    b = Board(play=((), ["ork"]), hands=(["test_ozarenie"], []))
    b.card_data("hero0")["wounds"] = 24  # Пани has 26 lives
    o = apply(b.state(), Action("play", card=b["test_ozarenie"], targets=(b["ork"],), option="alt"))
    assert kinds(o.events) == ["card_played", "spell_to_graveyard", "wounded", "game_over"]
    assert o.state.winner == 1 and o.state.cards[b["ork"]].wounds == 0


def test_603_1_both_heroes_dying_at_once_is_a_draw() -> None:
    """R15:603.1 — if both players lose at the same time the game is a draw (winner 2)."""
    from oracle.rules.mechanisms.zones import check_state

    b = Board()
    s = b.state()  # a consistent state; the wounds below are what one effect could deal both
    s.cards[b["hero0"]].wounds = 26
    s.cards[b["hero1"]].wounds = 30
    ev: list[Event] = []
    check_state(s, ev)
    assert s.winner == 2 and ev[-1].rules == ("R15:603.1",) and ev[-1].get("winner") == 2
