"""The start of a turn (302–304): restoration, accumulation, the reveal of hidden cards and
the start-of-turn Queue."""

from __future__ import annotations

from ...editions import cite
from ...model import Event, Modifier, State
from ..mechanisms.draws import draw_cards
from ..mechanisms.triggers import fire
from ..queries.board import abilities_lost, card_def
from ..resolution.effects import DRAWS

__all__ = ["COIN_CAP", "MAX_FAILED_DRAWS", "begin_turn", "reveal", "start_of_turn_triggers"]

#: 304.1: a coin is gained only while the player has fewer than this many.
COIN_CAP = 10
#: 304.2 ВАЖНО: the third failed draw loses the game.
MAX_FAILED_DRAWS = 3


def begin_turn(state: State, ev: list[Event]) -> None:
    """302.2: the turn starts with restoration (303), then accumulation (304.1–304.2);
    the game stops for 304.3 (reveal) when the active player has hidden cards."""
    state.turn += 1
    me = state.active
    p = state.players[me]
    ev.append(Event("turn_started", cite(state, "302.1", "302.2"), (("turn", state.turn), ("active", me))))
    _reset_turn_counts(state)
    # 303.1: «до начала хода» ends at every turn start, «до начала вашего следующего хода»
    # at the start of its owner's turn (INTERPRETING.md, entry 23)
    def ends(m: Modifier) -> bool:
        if m.until == "start_of_owner_turn":
            return m.owner == me or not state.rules.owner_turn_durations
        return m.until == "start_of_turn" and m.grants != "ability_used"  # a usage marker: 303.3

    ended = [m for m in state.modifiers if ends(m)]
    if ended:
        state.modifiers = [m for m in state.modifiers if not ends(m)]
        for m in ended:
            ev.append(Event("effect_ended", cite(state, "303.1"), (("card", m.target), ("amount", m.amount))))
    # 303.2; «Карта с Оглушением не открывается в свою фазу восстановления, но теряет
    # Оглушение» (R15:7.stun; the ``stunned_card_opens`` mutant opens it all the same)
    stayed: list[int] = []
    kept: list[int] = []
    for uid in (p.hero, *p.play):
        seen = state.cards[uid]
        if not (seen.stunned or seen.closed):
            continue
        c = state.card_mut(uid)  # (a private copy: the state given to apply stays as it was)
        if c.stunned:
            c.stunned = False
            if state.rules.stun_keeps_closed:
                stayed.append(uid)
                continue
        if c.closed and state.rules.card_text_keeps_closed and "does_not_open" in card_def(state, uid).keywords \
                and not abilities_lost(state, uid):
            # «[эта карта] не открывается в начале вашего хода»: the card's text wins over
            # 303.2 (R15:511.1; INTERPRETING.md, entry 158)
            kept.append(uid)
            continue
        c.closed = False
    p.coins_open += p.coins_closed
    p.coins_closed = 0
    data: tuple[tuple[str, int | str], ...] = (("player", me),)
    if stayed:
        data = (*data, ("stunned", ",".join(map(str, stayed))))
    if kept:
        data = (*data, ("kept_closed", ",".join(map(str, kept))))
    ev.append(Event("restored", (*cite(state, "303.2"), *(("R15:7.stun",) if stayed else ()),
                                 *(("R15:511.1",) if kept else ())), data))
    # 303.3: the per-turn usage markers of every card, wherever it is (INTERPRETING.md,
    # entries 6 and 40: a card in the graveyard keeps its markers, R15:205.3)
    if state.rules.turn_markers_removed:
        for uid in [uid for uid, c in state.cards.items() if c.usage]:
            state.card_mut(uid).usage.clear()
        # and those of the granted triggered abilities (R15:113.5; INTERPRETING.md, entry 180)
        if any(m.grants == "ability_used" for m in state.modifiers):
            state.modifiers = [m for m in state.modifiers if m.grants != "ability_used"]
    ev.append(Event("markers_removed", cite(state, "303.3", "303.4"), ()))
    # 304.1
    if p.coins < COIN_CAP or not state.rules.coin_cap:
        p.coins_open += 1
        ev.append(Event("coin_gained", cite(state, "304.1"), (("player", me), ("amount", 1))))
    # 304.2
    first_turn = state.turn == 1
    if first_turn and state.rules.first_player_skips_first_draw:
        ev.append(Event("no_draw_first_turn", cite(state, "304.2"), (("player", me),)))
    elif draw_cards(state, me, 1, ev, cite(state, "304.2"), DRAWS).missed:
        # a failed draw is one the empty deck stopped: not one a limit refused or a
        # replacement replaced (R15:527.3, 527.5.1; INTERPRETING.md, entry 130)
        p.failed_draws += 1
        ev.append(Event("draw_failed", cite(state, "304.2"), (("player", me), ("count", p.failed_draws))))
        limit = MAX_FAILED_DRAWS if state.rules.lose_on_third_failed_draw else MAX_FAILED_DRAWS - 1
        if p.failed_draws >= limit:
            state.winner = 1 - me
            state.step = "game_over"
            ev.append(Event("game_over", (*cite(state, "304.2"), "R15:604.1"),
                            (("winner", state.winner), ("reason", "failed_draws"))))
            return
    if state.winner >= 0:  # a draw replacement's «вместо этого» ended the game (R15:527.5)
        return
    state.step = "reveal"
    if not any(state.cards[uid].hidden for uid in p.play):
        start_of_turn_triggers(state, ev)


def _reset_turn_counts(state: State) -> None:
    """A new turn begins (R15:302.2): what each player drew and played «за ход» / «в этот
    ход» counts again from 0, the inactive player's too (INTERPRETING.md, entry 59).  No
    event: the counters are part of the state."""
    for seat, p in enumerate(state.players):
        # wounds healed in one's own turn: kept through the opponent's turn (entry 88)
        if seat == state.active or not state.rules.healed_count_kept_through_opponents_turn:
            p.creatures_healed_own_turn = 0
    if not state.rules.turn_counts_reset:
        return
    for seat, p in enumerate(state.players):
        if seat == state.active or state.rules.turn_counts_reset_for_both:
            p.drawn_this_turn = p.played_this_turn = p.creatures_played_this_turn = 0


def reveal(state: State, uids: tuple[int, ...], ev: list[Event]) -> None:
    """304.3: the active player reveals, all at once, the hidden cards he wants to."""
    for uid in uids:
        state.card_mut(uid).hidden = False
    ev.append(Event("revealed", cite(state, "304.3"), (("cards", ",".join(map(str, uids))),)))
    start_of_turn_triggers(state, ev)


def start_of_turn_triggers(state: State, ev: list[Event]) -> None:
    """304.4: «В начале хода» triggers go into the Queue; 304.5 follows when it empties."""
    state.step = "start_queue"
    fire(state, "start_of_turn", 0, ev, cite(state, "304.4"))
