"""Start of the turn, rules 302–304: restoration, accumulation, the reveal of hidden cards
and the start-of-turn Queue."""

from __future__ import annotations

import pytest

from oracle import Action, GameConfig, IllegalAction, apply, check, decision, fingerprint, legal_actions

from .helpers import Board, card, events, first_event, kinds, num, run, run_setup, violation_rules

END = Action("end_turn")


def test_302_turn_starts_with_restoration_then_accumulation() -> None:
    """C:302.1, C:302.2 — the turn of the next player starts with the restoration phase
    (303) and then the accumulation phase (304), in that order."""
    s, ev = run(Board().state(), END)
    assert s.turn == 4 and s.active == 1
    e = first_event(ev, "turn_started")
    assert e.rules == ("C:302.1", "C:302.2") and e.get("turn") == 4 and e.get("active") == 1
    order = kinds(ev)
    assert order.index("turn_started") < order.index("restored") < order.index("markers_removed")
    assert order.index("markers_removed") < order.index("coin_gained") < order.index("drew")
    assert order[-1] == "main_stage"
    assert first_event(ev, "main_stage").rules == ("C:304.5", "C:305.2")
    assert s.step == "choice" and decision(s).actor == 1


def test_302_3_first_player_is_active_on_turn_1() -> None:
    """C:302.3 — on the first player's first turn he is the active player."""
    cfg = GameConfig(("test_geroy_vtorogo_khoda", "test_geroy_snayper"), (["ork"] * 6, ["ork"] * 6))
    s, ev = run_setup(cfg)
    assert s.first_player == 1 and s.active == 1 and s.turn == 1
    assert first_event(ev, "first_turn").rules == ("C:302.3",)


def test_303_2_restoration_opens_the_active_players_cards_and_coins() -> None:
    """C:303.2 — the active player opens all his cards in play, his hero and all his coins;
    the other player's cards stay as they are."""
    b = Board(
        play=([card("ork", "mine", closed=True)], [card("ork", "theirs", closed=True), card("lovets_videniy", closed=True)]),
        coins=((0, 3), (1, 4)),
    )
    b.card_data("hero1")["closed"] = True
    s, ev = run(b.state(), END)
    assert first_event(ev, "restored").rules == ("C:303.2",)
    assert not s.cards[b["theirs"]].closed and not s.cards[b["lovets_videniy"]].closed
    assert not s.cards[b["hero1"]].closed
    assert s.players[1].coins_closed == 0 and s.players[1].coins_open == 6  # 5 opened + 1 gained
    assert s.cards[b["mine"]].closed and s.players[0].coins_closed == 3


def test_303_1_until_start_of_turn_effects_end() -> None:
    """C:303.1 — effects «до начала хода» end in the restoration phase of the next turn;
    «до конца хода» effects have already ended at 310.2."""
    b = Board(play=(["snezhnyy_bars"], ["ork"]))
    b.modifier("snezhnyy_bars", 2, "start_of_turn")
    b.modifier("ork", 3, "start_of_turn")
    s0 = b.state()
    s, ev = run(s0, END)
    ended = [e for e in events(ev, "effect_ended") if e.rules == ("C:303.1",)]
    assert sorted(num(e, "card") for e in ended) == sorted([b["snezhnyy_bars"], b["ork"]])
    assert s.modifiers == []
    assert kinds(ev).index("effect_ended") > kinds(ev).index("turn_started")


def test_303_1_until_your_next_turn_ends_at_its_owners_turn() -> None:
    """C:303.1, INTERPRETING.md entry 23 — «до начала вашего следующего хода» lasts through
    the opponent's turn and ends at the start of its owner's next turn; «до начала хода»
    ends at the very next turn start."""
    b = Board(play=(["snezhnyy_bars"], ["ork"]))
    b.modifier("snezhnyy_bars", 2, "start_of_owner_turn", owner=0)
    b.modifier("snezhnyy_bars", 1, "start_of_turn")
    b.modifier("ork", 3, "start_of_owner_turn", owner=1)
    s, ev = run(b.state(), END)  # player 2's turn starts
    assert sorted((num(e, "card"), num(e, "amount")) for e in events(ev, "effect_ended")) == sorted(
        [(b["snezhnyy_bars"], 1), (b["ork"], 3)])
    assert [(m.target, m.amount, m.until, m.owner) for m in s.modifiers] == [
        (b["snezhnyy_bars"], 2, "start_of_owner_turn", 0)]
    s, ev = run(s, END)  # player 1's next turn starts
    assert [(num(e, "card"), num(e, "amount")) for e in events(ev, "effect_ended")] == [(b["snezhnyy_bars"], 2)]
    assert s.modifiers == []


def test_snezhnyy_bars_bonus_is_owned_by_the_activating_player() -> None:
    """The card's «до начала вашего следующего хода» creates a start_of_owner_turn modifier
    owned by the ability's controller (INTERPRETING.md, entry 23)."""
    b = Board(play=(["snezhnyy_bars"], ()), coins=((1, 0), (0, 0)))
    s, ev = run(b.state(), Action("activate", card=b["snezhnyy_bars"], ability=0))
    assert [(m.until, m.owner) for m in s.modifiers] == [("start_of_owner_turn", 0)]
    assert first_event(ev, "strike_modified").data[-2:] == (("until", "start_of_owner_turn"), ("owner", 0))


def test_303_3_usage_markers_are_removed() -> None:
    """C:303.3 — cards lose their «1 (X) раз за ход» markers at the start of a turn (on every
    card in play, INTERPRETING.md entry 6); «раз за игру» markers stay."""
    b = Board(
        play=([card("snezhnyy_bars", usage={0: 1})], [card("test_dozornyy", usage={0: 1, 1: 1}), card("test_yashcher", game_usage={0: 1})])
    )
    s, ev = run(b.state(), END)
    assert first_event(ev, "markers_removed").rules == ("C:303.3", "C:303.4")
    assert s.cards[b["snezhnyy_bars"]].usage == {}
    assert s.cards[b["test_dozornyy"]].usage == {}
    assert s.cards[b["test_yashcher"]].game_usage == {0: 1}


def test_303_3_markers_kept_mutant_is_caught() -> None:
    """C:303.3 — under the mutant that keeps usage markers the marker survives."""
    b = Board(play=((), [card("test_dozornyy", usage={0: 1})]))
    s, _ = run(b.state(mutant="usage_markers_kept"), END)
    assert s.cards[b["test_dozornyy"]].usage == {0: 1}


@pytest.mark.parametrize("before, after, gained", [(0, 1, True), (9, 10, True), (10, 10, False), (12, 12, False)])
def test_304_1_coin_cap_10(before: int, after: int, gained: bool) -> None:
    """C:304.1 — the active player gains one open coin only while he has fewer than 10
    (a player above 10 through abilities keeps his coins and gains none)."""
    b = Board(coins=((0, 0), (before - before // 2, before // 2)))
    s, ev = run(b.state(), END)
    assert s.players[1].coins == after
    coin = [e for e in events(ev, "coin_gained") if e.get("player") == 1]
    assert bool(coin) == gained
    if gained:
        assert coin[0].rules == ("C:304.1",) and coin[0].get("amount") == 1
        assert s.players[1].coins_open == after  # the new coin is open, and restoration opened the rest


def test_304_1_no_cap_mutant_is_caught() -> None:
    """C:304.1 — under the mutant without the cap a player with 10 coins gains an 11th."""
    s, _ = run(Board(coins=((0, 0), (10, 0))).state(mutant="no_coin_cap"), END)
    assert s.players[1].coins == 11


def test_304_2_first_player_does_not_draw_on_his_first_turn() -> None:
    """C:304.2 — the first player does not draw on the first turn of the game; the second
    player draws on his first turn."""
    cfg = GameConfig(("test_geroy_snayper", "test_geroy_strazh"), (["ork"] * 8, ["ork"] * 8))
    s, ev = run_setup(cfg)
    assert s.turn == 1 and len(s.players[0].hand) == 4 and len(s.players[0].deck) == 4
    e = first_event(ev, "no_draw_first_turn")
    assert e.rules == ("C:304.2",) and e.get("player") == 0
    assert not [x for x in events(ev, "drew") if x.rules == ("C:304.2",)]
    s2, ev2 = run(s, END)
    drew = [x for x in events(ev2, "drew") if x.rules == ("C:304.2",)]
    assert [x.get("player") for x in drew] == [1] and len(s2.players[1].hand) == 5
    assert not events(ev2, "no_draw_first_turn")


def test_304_2_first_player_draws_mutant_is_caught() -> None:
    """C:304.2 — under the mutant where the first player draws on turn 1 his hand has 5."""
    from oracle import new_game

    cfg = GameConfig(("test_geroy_snayper", "test_geroy_strazh"), (["ork"] * 8, ["ork"] * 8))
    s = new_game(cfg)
    s.mutant = "first_player_draws"
    for a in (Action("roll", values=(6, 1)), Action("choose_order", values=(1,)),
              Action("shuffle", card=0, values=tuple(s.players[0].deck)),
              Action("shuffle", card=1, values=tuple(s.players[1].deck)), Action("mulligan"), Action("mulligan")):
        s = apply(s, a).state
    assert len(s.players[0].hand) == 5


def test_304_2_draw_takes_the_top_card() -> None:
    """C:304.2 — the active player draws the top card of his deck."""
    b = Board(decks=(("ork",), ("test_mstitel", "yrkh")))
    s, ev = run(b.state(), END)
    assert s.players[1].hand == [b["test_mstitel"]] and s.players[1].deck == [b["yrkh"]]
    e = next(x for x in events(ev, "drew") if x.rules == ("C:304.2",))
    assert e.get("player") == 1 and e.get("card") == b["test_mstitel"]


def test_304_2_failed_draw_is_counted() -> None:
    """C:304.2 — with an empty deck the player simply does not draw; the failed draw is
    counted (the first and second do not lose)."""
    for n in (0, 1):
        b = Board(decks=(("ork",), ()), failed_draws=(0, n))
        s, ev = run(b.state(), END)
        e = first_event(ev, "draw_failed")
        assert e.rules == ("C:304.2",) and e.get("player") == 1 and e.get("count") == n + 1
        assert s.players[1].failed_draws == n + 1
        assert s.winner == -1 and s.step == "choice"


def test_304_2_third_failed_draw_loses() -> None:
    """C:304.2 ВАЖНО — the third failed draw of the game in the accumulation phase loses the
    game at once (R15:604.1); nothing more happens."""
    b = Board(decks=(("ork",), ()), failed_draws=(0, 2), play=(("strazh_kupeli",), ()))
    s, ev = run(b.state(), END)
    e = first_event(ev, "game_over")
    assert e.rules == ("C:304.2", "R15:604.1") and e.get("winner") == 0 and e.get("reason") == "failed_draws"
    assert s.winner == 0 and s.step == "game_over" and s.players[1].failed_draws == 3
    assert decision(s).actor == -1 and legal_actions(s) == []
    assert [v.rule for v in check(s, END)] == ["R15:605.1"]
    assert not events(ev, "triggered")  # the start-of-turn triggers never fire


def test_304_2_second_failed_draw_mutant_is_caught() -> None:
    """C:304.2 — under the mutant that loses on the second failed draw, the game ends early."""
    b = Board(decks=(("ork",), ()), failed_draws=(0, 1))
    s, _ = run(b.state(mutant="lose_on_second_failed_draw"), END)
    assert s.winner == 0


def test_304_2_a_draw_by_an_ability_is_not_a_failed_draw() -> None:
    """C:304.2 — only the accumulation phase's draw counts: an ability that draws from an
    empty deck draws nothing and counts nothing."""
    b = Board(decks=((), ()), coins=((2, 0), (0, 0)))
    s, ev = run(b.state(), Action("activate", card=b["hero0"], ability=0))
    assert not events(ev, "drew") and s.players[0].failed_draws == 0


def test_304_3_reveal_hidden_cards_before_start_of_turn_triggers() -> None:
    """C:304.3 — a player with hidden cards may reveal any of them, all at once, before the
    «В начале хода» triggers (304.4); a revealed card's start-of-turn trigger fires."""
    b = Board(play=((), [card("test_rostok", "ent", hidden=True), card("test_nevidimka", "krot", hidden=True)]))
    s, ev = run(b.state(), END)
    assert s.step == "reveal" and decision(s).actor == 1 and decision(s).kind == "reveal"
    assert not events(ev, "triggered")
    offered = {a.targets for a in legal_actions(s)}
    ent, krot = sorted((b["ent"], b["krot"]))
    assert offered == {(), (ent,), (krot,), (ent, krot)}
    o = apply(s, Action("reveal", targets=(b["ent"],)))
    e = first_event(o.events, "revealed")
    assert e.rules == ("C:304.3",) and e.get("cards") == str(b["ent"])
    assert not o.state.cards[b["ent"]].hidden and o.state.cards[b["krot"]].hidden
    order = kinds(o.events)
    assert order.index("revealed") < order.index("triggered")
    trig = first_event(o.events, "triggered")
    assert trig.rules == ("C:304.4",) and trig.get("source") == b["ent"]
    assert o.state.cards[b["ent"]].closed  # «В начале вашего хода закройте» resolved


def test_304_3_unrevealed_cards_do_not_trigger() -> None:
    """C:304.3 — a card left hidden keeps its abilities switched off: no start-of-turn
    trigger of it fires."""
    b = Board(play=((), [card("test_rostok", "ent", hidden=True)]))
    s, _ = run(b.state(), END)
    o = apply(s, Action("reveal"))
    assert first_event(o.events, "revealed").get("cards") == ""
    assert not events(o.events, "triggered") and o.state.cards[b["ent"]].hidden
    assert not o.state.cards[b["ent"]].closed


def test_304_3_reveal_validation() -> None:
    """C:304.3 — only the active player's hidden cards, distinct and ascending, can be
    revealed; anything else is refused citing 304.3 and changes nothing."""
    b = Board(play=([card("ork", "enemy_hidden", hidden=True)], [card("test_nevidimka", "krot", hidden=True), "ork"]))
    s, _ = run(b.state(), END)
    assert s.step == "reveal"
    before = fingerprint(s)
    for targets in ((b["ork"],), (b["enemy_hidden"],), (b["krot"], b["krot"]), (999,)):
        assert violation_rules(s, Action("reveal", targets=targets)) == ["C:304.3"]
        with pytest.raises(IllegalAction):
            apply(s, Action("reveal", targets=targets))
    assert fingerprint(s) == before
    assert violation_rules(s, END) == ["C:304.3"]


def test_304_4_start_of_turn_triggers_enter_the_queue() -> None:
    """C:304.4 — «В начале хода» triggers go into the Queue; C:304.5 — once it is empty the
    game goes to the main stage."""
    b = Board(play=(["strazh_kupeli"], ()))
    s, ev = run(b.state(), END)
    trig = first_event(ev, "triggered")
    assert trig.rules == ("C:304.4",) and trig.get("source") == b["strazh_kupeli"]
    assert first_event(ev, "wounded").get("card") == b["hero1"]
    assert s.cards[b["hero1"]].wounds == 1
    order = kinds(ev)
    assert order.index("drew") < order.index("triggered") < order.index("wounded") < order.index("main_stage")


def test_304_4_poison_wounds_at_the_start_of_its_controllers_turn() -> None:
    """C:304.4 — poison («Отравление на X», R15 glossary) is a start-of-turn trigger: a
    poisoned creature of the active player gets X wounds; the other player's do not."""
    b = Board(play=([card("ork", "mine", poison=3)], [card("ork", "theirs", poison=2)]))
    s, ev = run(b.state(), END)
    assert s.cards[b["theirs"]].wounds == 2 and s.cards[b["mine"]].wounds == 0
    trig = first_event(ev, "triggered")
    assert trig.rules == ("C:304.4",) and trig.get("source") == b["theirs"]


def test_304_edition_a_cites_b_for_the_start_of_turn() -> None:
    """B:302.1–B:304.5 — edition A's fragments hold no start-of-turn rules; an A game cites
    B's ids there, but A's own 315.x for the end of the turn."""
    b = Board(edition="A", play=(["strazh_kupeli"], ()))
    _, ev = run(b.state(), END)
    assert first_event(ev, "turn_started").rules == ("B:302.1", "B:302.2")
    assert first_event(ev, "coin_gained").rules == ("B:304.1",)
    assert first_event(ev, "triggered").rules == ("B:304.4",)
    assert first_event(ev, "turn_passed").rules == ("B:306.1", "A:315.1")


def test_304_3_stealth_creature_hides_on_hire_and_is_revealed_later() -> None:
    """C:304.3, C:309.2 — Скрытность means «Найм: это существо скрывается» (R15 glossary):
    Гном-разведчик hides when it enters play, cannot be targeted or attacked while hidden,
    and its controller may reveal it in his next accumulation phase."""
    b = Board(hands=(["test_lazutchik"], []), play=((), ["test_bombarda"]), coins=((3, 0), (0, 0)))
    s, ev = run(b.state(), Action("play", card=b["test_lazutchik"]))
    g = b["test_lazutchik"]
    assert first_event(ev, "triggered").get("condition") == "hire"
    assert first_event(ev, "hidden").get("card") == g and s.cards[g].hidden
    s, _ = run(s, END)
    assert violation_rules(s, Action("activate", card=b["test_bombarda"], ability=1, targets=(g,))) == ["C:501.4"]
    s, _ = run(s, END)
    assert s.step == "reveal" and decision(s).actor == 0
    s, ev = run(s, Action("reveal", targets=(g,)))
    assert not s.cards[g].hidden and first_event(ev, "revealed").rules == ("C:304.3",)
