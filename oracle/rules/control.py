"""Taking a card under control (R15:519.5, 519.5.1; R15:519.1: one of the ways into the squad).

A card in play is in the play list of the player who controls it (:meth:`oracle.model.State.controller_of`);
its ``owner`` never changes.  Taking control of an opponent's card moves it to the taker's play
list: he becomes its controller and the opponent stops being one, at the same moment (R15:519.5).
It has come under its new controller's control this turn, so it has first-turn weakness
(R15:108.5).  A control change «до конца хода» is a modifier granting "control" on the card; when
it ends at 310.2 the taker loses control and the other player — the owner — becomes its controller
again automatically (R15:519.5, second sentence).  The card leaves play to its owner's graveyard
(R15:205.3).  INTERPRETING.md, entry 114.
"""

from __future__ import annotations

from ..model import Event, Modifier, State

__all__ = ["give_back", "take_control"]


def take_control(state: State, seat: int, uid: int, ev: list[Event], rules: tuple[str, ...], until: str = "") -> None:
    """``seat`` takes control of card ``uid`` (R15:519.5): a card in play other than a hero,
    controlled by the other player, moves to ``seat``'s play list (event ``control_taken``,
    with ``until`` "end_of_turn" for «до конца хода», which also puts a modifier granting
    "control" on it).  A card he controls already, a hero, or a card out of play: nothing."""
    if state.zone_of(uid) != "play" or uid == state.players[state.cards[uid].owner].hero:
        return
    if state.controller_of(uid) == seat:
        return
    state.players[1 - seat].play.remove(uid)
    state.players[seat].play.append(uid)
    if state.rules.control_change_gives_weakness:
        # it came under its controller's control this turn (R15:108.5; the mutant
        # ``taken_card_keeps_its_readiness`` leaves it as it was)
        state.card_mut(uid).entered_turn = state.turn
    data: tuple[tuple[str, int | str], ...] = (("player", seat), ("card", uid))
    if until:
        state.modifiers.append(Modifier(uid, 0, until, grants="control"))
        data = (*data, ("until", until))
    ev.append(Event("control_taken", (*rules, "R15:519.1", "R15:519.5"), data))


def give_back(state: State, uid: int, ev: list[Event], rules: tuple[str, ...]) -> None:
    """The control «до конца хода» of card ``uid`` ends (310.2): its controller loses control and
    his opponent, its owner, becomes its controller automatically (R15:519.5; event
    ``control_returned``).  A card out of play, or already under its owner's control: nothing."""
    owner = state.cards[uid].owner
    if state.zone_of(uid) != "play" or state.controller_of(uid) == owner:
        return
    state.players[1 - owner].play.remove(uid)
    state.players[owner].play.append(uid)
    state.card_mut(uid).entered_turn = state.turn
    ev.append(Event("control_returned", (*rules, "R15:519.5"), (("player", owner), ("card", uid))))
