"""Taking a card under control (R15:519.5, 519.5.1; R15:519.1: one of the ways into the squad).

A card in play is in the play list of the player who controls it (:meth:`oracle.model.State.controller_of`);
its ``owner`` never changes.  Taking control of an opponent's card moves it to the taker's play
list: he becomes its controller and the opponent stops being one, at the same moment (R15:519.5).
It has come under its new controller's control this turn, so it has first-turn weakness
(R15:108.5).  A control change «до конца хода» is a modifier granting "control" on the card, its
``amount`` the seat that took it; when it ends at 310.2 and the taker still controls the card, he
loses control and his opponent becomes its controller again automatically (R15:519.5, second
sentence) -- its owner, or the player who had taken it for good before: two control effects on one
card contradict, the one put on last counts until it ends, and then the other counts again
(R15:513.1).  A card that has changed controller since by a later effect stays where that effect
put it.  The card leaves play to its owner's graveyard (R15:205.3).  INTERPRETING.md, entries 114
and 140.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...cards import GRANTED_KEYWORDS
from ...model import Event, Modifier, State
from .zones import uniqueness

__all__ = ["exchange_control", "give_back", "take_control"]


def take_control(
    state: State, seat: int, uid: int, ev: list[Event], rules: tuple[str, ...], until: str = "", spare: Sequence[int] = (),
) -> None:
    """``seat`` takes control of card ``uid`` (R15:519.5): a card in play other than a hero,
    controlled by the other player, moves to ``seat``'s play list (event ``control_taken``,
    with ``until`` "end_of_turn" for «до конца хода», which also puts a modifier granting
    "control" on it, its ``amount`` the taker's seat).  A card he controls already, a hero, or a card out of play: nothing.
    ``spare``: the cards that change controller at the same moment (:func:`_into_squad`)."""
    if state.zone_of(uid) != "play" or uid == state.players[state.cards[uid].owner].hero:
        return
    if state.controller_of(uid) == seat:
        return
    state.players[1 - seat].play.remove(uid)
    state.players[seat].play.append(uid)
    if not state.rules.granted_effects_survive_control_change:
        # the ``control_change_ends_granted_keywords`` mutant: the keywords granted to it end
        state.modifiers = [m for m in state.modifiers if not (m.target == uid and m.grants in GRANTED_KEYWORDS)]
    if state.rules.control_change_gives_weakness:
        # it came under its controller's control this turn (R15:108.5; the mutant
        # ``taken_card_keeps_its_readiness`` leaves it as it was)
        state.card_mut(uid).entered_turn = state.turn
    data: tuple[tuple[str, int | str], ...] = (("player", seat), ("card", uid))
    if until:
        state.modifiers.append(Modifier(uid, seat, until, grants="control"))
        data = (*data, ("until", until))
    ev.append(Event("control_taken", (*rules, "R15:519.1", "R15:519.5"), data))
    _into_squad(state, seat, uid, ev, spare)


def _into_squad(state: State, seat: int, uid: int, ev: list[Event], spare: Sequence[int]) -> None:
    """Taking a card under control takes it into the squad (R15:519.1): «Уникальность» applies
    as to any card that comes into it — the copy ``seat`` already controls goes (R15 glossary
    «Уникальность»; INTERPRETING.md, entry 83), but for the ``spare`` cards, which change controller
    at the same moment (an exchange is one event, R15:519.5).  The ``uniqueness_only_on_entering_play``
    mutant applies it only to a card entering play."""
    if state.rules.uniqueness_on_control_change:
        uniqueness(state, seat, uid, ev, ("R15:503.1", "R15:519.1"), spare)


def exchange_control(
    state: State, seat: int, uid: int, ev: list[Event], rules: tuple[str, ...], spare: Sequence[int] = (),
) -> None:
    """«обменяйтесь контролем над ними до конца хода» (Бардак), one card of the exchange: its
    controller loses control of it and his opponent becomes its controller until 310.2 (R15:519.5)
    -- the card of ``seat`` (the ability's controller) goes to his opponent, the opponent's card
    comes to him; each card's controller is read as it is exchanged, which no other card's move
    changes, so the exchange is one at the same moment.  When it ends at 310.2 each card still
    under its new controller goes back (:func:`give_back`).  A hero or a card out of play: nothing.
    The ``exchange_takes_only`` mutant leaves ``seat``'s own cards with him (INTERPRETING.md,
    entry 230)."""
    if state.zone_of(uid) != "play":
        return
    ctl = state.controller_of(uid)
    if ctl == seat and not state.rules.control_exchange_gives:
        return
    take_control(state, 1 - ctl, uid, ev, rules, "end_of_turn", spare)


def give_back(
    state: State, modifier: Modifier, ev: list[Event], rules: tuple[str, ...], spare: Sequence[int] = (),
) -> None:
    """The control «до конца хода» put on by ``modifier`` ends (310.2): when its taker (the seat in
    its ``amount``) still controls the card, he loses control and his opponent becomes its
    controller automatically (R15:519.5; event ``control_returned``) -- the card's owner, or the
    player who had taken it for good before, whose earlier effect counts again now that the later
    one has ended (R15:513.1; INTERPRETING.md, entry 140).  A card out of play, or one that a later
    effect has put under the other player's control since (that effect counts, R15:513.1):
    nothing."""
    uid = modifier.target
    taker = modifier.amount if state.rules.control_returns_to_the_takers_opponent else 1 - state.cards[uid].owner
    if state.zone_of(uid) != "play" or state.controller_of(uid) != taker:
        return
    back = 1 - taker
    state.players[taker].play.remove(uid)
    state.players[back].play.append(uid)
    state.card_mut(uid).entered_turn = state.turn
    # the earlier effect of the player who had taken it for good counts again (R15:513.1)
    cites = (*rules, "R15:519.5") if back == state.cards[uid].owner else (*rules, "R15:519.5", "R15:513.1")
    ev.append(Event("control_returned", cites, (("player", back), ("card", uid))))
    _into_squad(state, back, uid, ev, spare)
