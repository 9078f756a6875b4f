"""The basic effects that the rules and abilities both bring about, and the rules' own
effects: wounds (R15:504, 517.1.1), closing (R15:506), entering the play zone and leaving it
for the graveyard (R15:205.3, 505, 212.3, 503.1), drawing (R15:527), and the state checks
after every effect: destruction at 0 life and the end of the game (R15:505.1, 603, 604)."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import NoWoundsFrom
from ..model import Event, State
from . import draws
from .board import card_def, current_life, current_strike, has_keyword
from .triggers import fire

__all__ = ["check_state", "close_card", "draw", "enter_play", "leave_play", "leave_together", "wound"]


def wound(
    state: State, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...], source: int = 0,
    by_strike: bool = False, payment: bool = False,
) -> None:
    """Put ``amount`` wounds on a character in play; hidden ones take none (R15:504.3).

    ``source`` is the card that deals them (0: none, e.g. poison or a payment): the striking
    creature, or the source of the ability whose effect they are (R15:502.2), wherever it is
    now (R15:403.1).  Wounds it deals to a hero fire «наносит раны ударом по герою» when
    ``by_strike`` (R15:510.3) and «[карта] наносит раны герою» either way (INTERPRETING.md,
    entry 57; the ``hero_wounds_by_strike_only`` mutant fires the latter only for a strike).
    A character with «Уязвимость» takes one more, unless the wounds are a ``payment``."""
    c = state.cards[uid]
    if amount <= 0 or c.hidden or state.zone_of(uid) != "play":
        return
    if source and (by_strike or state.rules.no_wounds_from_covers_abilities) and _no_wounds_from(state, uid, source):
        ev.append(Event("wounds_prevented", (*rules, "R15:517.1.1"),
                        (("card", uid), ("source", source), ("amount", amount))))
        return
    if not payment and has_keyword(state, uid, "vulnerability"):
        # «Уязвимость»: 1 wound more from any source of wounds; an amount of 0 is no source, and
        # several do not add up (R15:7.vulnerability; INTERPRETING.md, entry 72)
        amount += 1 if state.rules.vulnerability_adds_one else 0
        rules = (*rules, "R15:7.vulnerability")
    c = state.card_mut(uid)
    c.wounds += amount
    ev.append(Event("wounded", rules, (("card", uid), ("amount", amount), ("wounds", c.wounds))))
    if not source or card_def(state, uid).type != "hero":
        return
    if by_strike:
        fire(state, "strikes_hero", source, ev, rules, count=amount)  # «наносит Х ран ударом герою» (entry 57)
    if by_strike or state.rules.ability_wounds_have_a_source:
        fire(state, "wounds_hero", source, ev, rules)


def _no_wounds_from(state: State, uid: int, source: int) -> bool:
    """Whether ``uid`` has «Не получает ран от существ с ударом N или более» (static
    ``no_wounds_from``) and ``source`` is a creature whose strike is N or more now: its
    current strike in play, its printed strike once it left play (R15:517.1.1; entry 86)."""
    bars = [a.min_strike for a in card_def(state, uid).abilities if isinstance(a, NoWoundsFrom)]
    d = card_def(state, source)
    if not bars or d.type != "creature":
        return False
    strike = current_strike(state, source) if state.zone_of(source) == "play" else d.strike
    return strike >= min(bars)


def close_card(state: State, uid: int, ev: list[Event], rules: tuple[str, ...]) -> None:
    """Close (tap) a card in play; «when closed» triggers fire (R15:506)."""
    c = state.cards[uid]
    if c.closed or state.zone_of(uid) != "play":
        return
    state.card_mut(uid).closed = True
    ev.append(Event("closed", rules, (("card", uid),)))
    fire(state, "closed", uid, ev, rules)


def leave_play(
    state: State, uid: int, ev: list[Event], rules: tuple[str, ...], kind: str = "destroyed"
) -> None:
    """Move one card from the play zone to its owner's graveyard (see :func:`leave_together`)."""
    leave_together(state, (uid,), ev, rules, kind)


def leave_together(
    state: State, uids: Sequence[int], ev: list[Event], rules: tuple[str, ...], kind: str = "destroyed"
) -> None:
    """Move cards that leave the play zone at the same moment to their owners' graveyards;
    each loses wounds, markers and effects (R15:205.3).  ``kind`` is the event's kind:
    "destroyed", or "moved_to_graveyard" when it is not a destruction.

    They leave together (R15:505.1: each is destroyed at once, none before another): first
    every card moves (one event each), then the triggers of every departure fire — each
    card's own «Гибель» and every «when a creature dies» ability that sees it, including
    those of the other cards that left with it, wherever they are now (R15:505.3, 401.5;
    INTERPRETING.md, entry 34).  The order of the play zone therefore decides nothing."""
    wounds = {uid: state.cards[uid].wounds for uid in uids}  # last known, for «Гибель: … Х ран» (R15:403.1)
    for uid in uids:
        c = state.card_mut(uid)
        owner = state.players[c.owner]
        owner.play.remove(uid)
        owner.graveyard.append(uid)
        c.closed = c.hidden = c.stunned = False
        c.wounds = c.poison = 0
        # R15:205.3: it loses every effect and marker but the usage markers of «N раз за
        # ход» / «N раз за игру» abilities (INTERPRETING.md, entry 40)
        if not state.rules.markers_kept_in_graveyard:
            c.usage.clear()
            c.game_usage.clear()
        if not state.rules.death_triggers_see_effects:
            state.modifiers = [m for m in state.modifiers if m.target != uid]
        ev.append(Event(kind, rules, (("card", uid), ("owner", c.owner))))
    together = tuple(uids)
    for uid in uids:
        fire(state, "death", uid, ev, rules, count=wounds[uid])
        if card_def(state, uid).type == "creature":
            fire(state, "creature_dies", uid, ev, rules, together)
    # its effects go once the triggers on its death have fired (R15 glossary «При гибели»): a
    # «когда ваш механизм погибает» sees an upgraded creature as the mechanism it died as
    # (INTERPRETING.md, entry 69; the ``effects_gone_before_death_triggers`` mutant drops them first)
    gone = set(uids)
    state.modifiers = [m for m in state.modifiers if m.target not in gone]


def enter_play(state: State, uid: int, seat: int, ev: list[Event], rules: tuple[str, ...]) -> None:
    """Put a card from the hand into the play zone, open; «Найм» and «enters» triggers
    fire; it has first-turn weakness this turn (R15:108.5)."""
    p = state.players[seat]
    p.hand.remove(uid)
    p.play.append(uid)
    state.card_mut(uid).entered_turn = state.turn
    ev.append(Event("entered_play", rules, (("card", uid), ("player", seat))))
    d = card_def(state, uid)
    if d.poison and state.rules.printed_poison_in_play:
        # a printed «Отравление N»: the card has Poison N from the moment it is in play, the
        # higher value applying (R15:7.poison; INTERPRETING.md, entry 80; the
        # ``printed_poison_ignored`` mutant leaves it out)
        c = state.card_mut(uid)
        c.poison = max(c.poison, d.poison)
        ev.append(Event("poisoned", ("R15:7.poison",), (("card", uid), ("poison", c.poison))))
    if d.type == "support":  # R15:212.3: the other support of the same class goes
        for other in [o for o in p.play if o != uid]:
            od = card_def(state, other)
            if od.type == "support" and od.card_class == d.card_class:
                leave_play(state, other, ev, ("R15:212.3",), "moved_to_graveyard")
    if d.type == "creature" and state.rules.uniqueness_moves_the_first:
        # Уникальность (R15 glossary): a second card of the same name under the same player's
        # control: the first copy goes to the graveyard, a rules effect (R15:503.1; entry 83)
        for other in [o for o in p.play if o != uid]:
            od = card_def(state, other)
            if od.name == d.name and ("unique" in d.keywords or "unique" in od.keywords):
                leave_play(state, other, ev, ("R15:503.1",), "moved_to_graveyard")
    fire(state, "hire", uid, ev, rules)
    if card_def(state, uid).type == "creature":
        fire(state, "creature_enters", uid, ev, rules)


def draw(state: State, seat: int, n: int, ev: list[Event], rules: tuple[str, ...]) -> int:
    """Draw ``n`` cards (R15:527): :func:`oracle.rules.draws.draw_cards`, which every draw
    passes through; returns how many reached the hand."""
    return draws.draw_cards(state, seat, n, ev, rules).drawn


def check_state(state: State, ev: list[Event]) -> None:
    """Rules' own effects, at once (R15:505.1, 604, 603.1): creatures at 0 life or less
    are destroyed, all of them together (:func:`leave_together`); a hero at 0 life or less
    loses the game, both at once is a draw.

    R15:503.3: it runs after every effect and before a player gets a decision; all the rules
    effects that apply are done as one event (the destructions together), and the check is
    repeated until none applies; the triggers they caused only wait (``state.pending``) and go
    to the Queue at the next declaration point (:func:`oracle.rules.queue.settle_triggers`),
    after which the engine checks again after each of their effects.  R15:503.3.1: a rules
    effect that one of them brings about is found by the next pass of the loop, once this pass
    has made all its checks (R15:503.1); no rules effect of the pool brings about another yet."""
    while True:
        dead = [
            uid
            for p in state.players
            for uid in p.play
            if card_def(state, uid).type == "creature" and current_life(state, uid) <= 0
        ]
        if not dead:
            break
        if not state.rules.deaths_together:
            for uid in dead:
                leave_play(state, uid, ev, ("R15:505.1",))
        else:
            leave_together(state, dead, ev, ("R15:505.1",))
    losers = [seat for seat, p in enumerate(state.players) if current_life(state, p.hero) <= 0]
    if losers and state.winner < 0:
        state.winner = 2 if len(losers) == 2 else 1 - losers[0]
        rules = ("R15:603.1",) if len(losers) == 2 else ("R15:604.1",)
        ev.append(Event("game_over", rules, (("winner", state.winner), ("reason", "hero_life"))))
        state.step = "game_over"
