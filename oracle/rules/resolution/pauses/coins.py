"""Step ``coin_choice``: the choice of the player a resolving ability makes lose coins — which
of his coins go (R15:522.5 «Если игрока заставляют потерять … монеты, он сам выбирает, с какими
монетами»; op ``lose_coins``, :mod:`oracle.rules.ops.player_effects`; INTERPRETING.md, entries 47
and 137).  He names how many of the coins he loses are open ones (action ``choose_coins
amounts=K``); the rest are closed ones, and among the open ones his temporary coins go first
(entry 76).
"""

from __future__ import annotations

from ....cards import EffectAbility
from ....model import Action, Event, HandChoice, State, Violation
from ...ops.player_effects import open_coins_lost, take_coins
from ...queries.board import ability_of
from ...queries.recipients import effect_amount
from ..effects import Reads
from ..queue import resolution_rules
from ..resume import GoOn, Pause, resume

__all__ = ["PAUSE", "check_coin_choice", "coin_choice_actions", "coin_chooser"]

#: The rule the choice comes from.
COIN_RULE = "R15:522.5"


def _split(state: State, hc: HandChoice) -> tuple[int, int, int]:
    """The coins the waiting loss takes and the fewest and most of them that can be open ones,
    its amount read as the effect reads it, from what its run had read (``choosing_cards.memory``)."""
    effect = ability_of(state, hc.entry).effects[hc.effect]
    r = Reads.of(hc.memory)
    return open_coins_lost(state, hc.player, effect_amount(state, hc.entry, effect, r.drawn, r.strike,
                                                          r.target_strike))


def coin_chooser(state: State) -> int:
    """Who decides at step ``coin_choice``: the player who loses the coins (``choosing_cards.player``)."""
    hc = state.choosing_cards
    assert hc is not None, "coin_choice without choosing_cards"
    return hc.player


def coin_choice_actions(state: State) -> list[Action]:
    """Every legal ``choose_coins``: each number of open coins among those lost, fewest first."""
    hc = state.choosing_cards
    assert hc is not None
    _, fewest, most = _split(state, hc)
    return [Action("choose_coins", amounts=(k,)) for k in range(fewest, most + 1)]


def check_coin_choice(state: State, action: Action) -> list[Violation]:
    """Violations of a ``choose_coins``: one number, from the fewest to the most open coins the
    loss can take (R15:522.5)."""
    hc = state.choosing_cards
    assert hc is not None
    lost, fewest, most = _split(state, hc)
    if len(action.amounts) != 1 or not fewest <= action.amounts[0] <= most:
        return [Violation(COIN_RULE, f"name how many of the {lost} coins he loses are open ones: one number from "
                          f"{fewest} to {most} (amounts=K)")]
    return []


def _choose_coins(state: State, hc: HandChoice, action: Action, ev: list[Event]) -> GoOn:
    """Carry out the choice: the coins go (``coins_lost``), the game returns to the step it waited
    in, and the ability's remaining effects follow (R15:119.2), then the rest of its play."""
    rules = resolution_rules(state, hc.entry)
    lost, _, _ = _split(state, hc)
    state.choosing_cards = None
    state.step = hc.resume
    ev.append(Event("coins_chosen", (*rules, COIN_RULE), (("player", hc.player), ("open", action.amounts[0]))))
    take_coins(state, hc.player, lost, action.amounts[0], ev, rules)
    return GoOn(hc.effect + 1, True, rules)


def _inconsistency(state: State, hc: HandChoice, a: EffectAbility) -> tuple[str, str] | None:
    """What is wrong with a state waiting at step coin_choice: the effect waiting is not a loss of
    coins, the seat deciding is not the one it makes lose them, or he has one split only (it is
    made without a decision point; R15:522.5; INTERPRETING.md, entry 137)."""
    if hc.effect >= len(a.effects) or a.effects[hc.effect].op != "lose_coins":
        return "choosing_cards.effect", f"effect {hc.effect} of that ability is not a loss of coins (lose_coins)"
    effect = a.effects[hc.effect]
    seat = 1 - hc.entry.controller if effect.to == "opponent" else hc.entry.controller
    if hc.player != seat:
        return "choosing_cards.player", f"player {seat + 1} loses the coins and chooses which (R15:522.5)"
    _, fewest, most = _split(state, hc)
    if most <= fewest:
        return "choosing_cards.player", (f"player {hc.player + 1} has one way only to lose them: it happens "
                                         "without a decision point (R15:522.5)")
    return None


PAUSE = Pause("coin_choice", coin_chooser, coin_choice_actions, check_coin_choice, resume(_choose_coins), _inconsistency)
