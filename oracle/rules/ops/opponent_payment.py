"""«Противник может заплатить (N), иначе …» (R15:119.7): an effect that waits for the opponent
of the resolving ability's controller to decide whether he pays N coins (the op table's group
"payment", op ``opponent_may_pay``; INTERPRETING.md, entry 190).

The decision is made at step ``pay_choice``, with the resolving ability in
``state.choosing_cards`` (a :class:`~oracle.model.HandChoice`: the entry, the effect's index, the
seat who decides, the Queue step to return to).  He pays by closing that many of his open
coins (R15:522.1, R15 glossary «Оплата»: by default a player pays with his own resources); the
effect is then carried out, so the next one, its «иначе» (``if_previous`` "not_done"), does not
happen (R15:119.7: [У] happens only if the player «отказался или не имеет возможности полностью
выполнить [Х]»).  A player without enough open coins cannot pay: he refuses without a decision
point, as a forced choice is made (entries 5, 63).  The decision and the rest of the ability's effects are the
pause :mod:`oracle.rules.resolution.pauses.pay`.
"""

from __future__ import annotations

from ...cards import Effect, EffectAbility
from ...model import Event, HandChoice, QueueEntry, State
from ..queries.payment import mentioned_cost
from ..queries.recipients import live_targets

__all__ = [
    "asked_amount",
    "payer",
    "payment_data",
    "payment_effect",
]

#: The rule the decision comes from.
PAY_RULE = "R15:119.7"


def payer(state: State, entry: QueueEntry) -> int:
    """Who may pay: the opponent of the ability's controller («противник»; the mutant
    ``payment_by_controller`` asks the controller)."""
    return 1 - entry.controller if state.rules.opponent_decides_payment else entry.controller


def asked_amount(state: State, entry: QueueEntry, effect: Effect) -> int:
    """The coins asked for, read when the effect executes (R15:119.2): a number, or «стоимость
    выбранного существа» — the mentioned cost of the ability's target still in play (R15:106.1.4;
    :func:`~oracle.rules.queries.payment.mentioned_cost`); -1 when that target is gone (R15:120.7): there
    is nothing to pay for."""
    if effect.amount == "target_cost":
        live = live_targets(state, entry)
        return mentioned_cost(state, live[0]) if live else -1
    assert isinstance(effect.amount, int)
    return effect.amount


def payment_data(seat: int, entry: QueueEntry, amount: int) -> tuple[tuple[str, int | str], ...]:
    return (("player", seat), ("source", entry.source), ("ability", entry.ability), ("amount", amount))


def payment_effect(
    state: State, entry: QueueEntry, ability: EffectAbility, index: int, ev: list[Event], rules: tuple[str, ...]
) -> tuple[bool, bool]:
    """Effect ``index`` of the resolving ``entry``: the payer decides at step ``pay_choice``
    (returns ``(True, False)``: the resolution waits) when he can pay; otherwise he refuses
    without a decision (``effect_payment_refused``) and the effect is not carried out
    (``(False, False)``); with the target gone nothing is asked (no event)."""
    effect = ability.effects[index]
    seat = payer(state, entry)
    amount = asked_amount(state, entry, effect)
    if amount < 0:
        return False, False
    if state.players[seat].coins_open < amount:
        ev.append(Event("effect_payment_refused", (*rules, PAY_RULE), payment_data(seat, entry, amount)))
        return False, False
    state.choosing_cards = HandChoice(entry, index, seat, state.step)
    state.step = "pay_choice"
    return True, False
