"""Step ``pay_choice``: the opponent's decision to pay («Противник может заплатить (N), иначе …»,
R15:119.7; op ``opponent_may_pay``, :mod:`oracle.rules.ops.opponent_payment`; INTERPRETING.md,
entry 190).  He pays the coins asked for (action ``pay_coins amounts=N``) or refuses
(``pay_coins``).
"""

from __future__ import annotations

from ....cards import PAYMENT_OPS, EffectAbility
from ....model import Action, Event, HandChoice, State, Violation
from ...ops.opponent_payment import PAY_RULE, asked_amount, payment_data
from ...queries.board import ability_of
from ..queue import resolution_rules
from ..resume import GoOn, Pause, resume

__all__ = ["PAUSE", "check_pay_choice", "pay_choice_actions", "pay_chooser"]


def _pending(state: State) -> tuple[HandChoice, int]:
    """The waiting decision and the coins it asks for (the step has ``choosing_cards``: PROTOCOL.md
    5.4, rule 12, which :func:`oracle.validate.validate` checks)."""
    hc = state.choosing_cards
    assert hc is not None, "pay_choice without choosing_cards"
    effect = ability_of(state, hc.entry).effects[hc.effect]
    return hc, asked_amount(state, hc.entry, effect)


def pay_chooser(state: State) -> int:
    """Who decides at step ``pay_choice``: ``choosing_cards.player``."""
    return _pending(state)[0].player


def pay_choice_actions(state: State) -> list[Action]:
    """The two legal ``pay_coins``: pay the coins asked for (``amounts`` that number), or not
    (no ``amounts``)."""
    amount = _pending(state)[1]
    return [Action("pay_coins", amounts=(amount,)), Action("pay_coins")]


def check_pay_choice(state: State, action: Action) -> list[Violation]:
    """Violations of a ``pay_coins``: ``amounts`` is exactly the coins asked for, or empty (R15:119.7)."""
    amount = _pending(state)[1]
    if action.amounts not in ((amount,), ()):
        return [Violation(PAY_RULE, f"pay exactly {amount} coins (amounts={amount}) or refuse (no amounts)")]
    return []


def _decide_payment(state: State, hc: HandChoice, action: Action, ev: list[Event]) -> GoOn:
    """Carry out the decision: the payer closes the coins asked for (``effect_paid``) or refuses
    (``effect_payment_refused``); the game returns to the step it waited in.  The ability's
    remaining effects follow — its «иначе» only when he did not pay (R15:119.7; the mutant
    ``otherwise_despite_payment`` carries it out anyway) — then the rest of its play
    (INTERPRETING.md, entry 190)."""
    rules = resolution_rules(state, hc.entry)
    amount = _pending(state)[1]
    state.choosing_cards = None
    state.step = hc.resume
    if not action.amounts:
        ev.append(Event("effect_payment_refused", (*rules, PAY_RULE), payment_data(hc.player, hc.entry, amount)))
        return GoOn(hc.effect + 1, False, rules)
    p = state.players[hc.player]
    p.coins_open -= amount
    p.coins_closed += amount
    ev.append(Event("effect_paid", (*rules, PAY_RULE, "R15:522.1"), payment_data(hc.player, hc.entry, amount)))
    return GoOn(hc.effect + 1, state.rules.payment_stops_otherwise, rules)


def _inconsistency(state: State, hc: HandChoice, a: EffectAbility) -> tuple[str, str] | None:
    """What is wrong with a state waiting at step pay_choice: the effect waiting is not a payment
    (``opponent_may_pay``), the seat deciding is not the opponent of the ability's controller, or
    he cannot pay the coins it asks for now (he refuses without a decision point; R15:119.7;
    INTERPRETING.md, entry 190)."""
    if hc.effect >= len(a.effects) or a.effects[hc.effect].op not in PAYMENT_OPS:
        return "choosing_cards.effect", (f"effect {hc.effect} of that ability is not a payment "
                                         f"({', '.join(PAYMENT_OPS)}) (R15:119.7)")
    if hc.player != 1 - hc.entry.controller:
        return "choosing_cards.player", (f"the opponent of the ability's controller, player "
                                         f"{2 - hc.entry.controller}, decides whether he pays (R15:119.7)")
    amount = asked_amount(state, hc.entry, a.effects[hc.effect])
    if amount < 0:
        return "choosing_cards.entry.targets", ("the target whose cost is asked for is not in play: "
                                                "nothing is asked (R15:120.7)")
    if state.players[hc.player].coins_open < amount:
        return "choosing_cards.player", (f"player {hc.player + 1} has fewer than {amount} open coins: he "
                                         "cannot pay and refuses without a decision point (R15:119.7)")
    return None


PAUSE = Pause("pay_choice", pay_chooser, pay_choice_actions, check_pay_choice, resume(_decide_payment), _inconsistency)
