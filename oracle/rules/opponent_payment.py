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
point, as a forced choice is made (entries 5, 63).  The rest of the ability's effects follow in
:mod:`oracle.rules.queue` (:func:`~oracle.rules.queue.pay_choice`).
"""

from __future__ import annotations

from ..cards import Effect, EffectAbility
from ..model import Action, Event, HandChoice, QueueEntry, State, Violation
from .board import ability_of
from .payment import mentioned_cost
from .recipients import live_targets

__all__ = [
    "asked_amount",
    "check_pay_choice",
    "decide_payment",
    "pay_choice_actions",
    "pay_chooser",
    "payer",
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
    :func:`~oracle.rules.payment.mentioned_cost`); -1 when that target is gone (R15:120.7): there
    is nothing to pay for."""
    if effect.amount == "target_cost":
        live = live_targets(state, entry)
        return mentioned_cost(state, live[0]) if live else -1
    assert isinstance(effect.amount, int)
    return effect.amount


def _data(seat: int, entry: QueueEntry, amount: int) -> tuple[tuple[str, int | str], ...]:
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
        ev.append(Event("effect_payment_refused", (*rules, PAY_RULE), _data(seat, entry, amount)))
        return False, False
    state.choosing_cards = HandChoice(entry, index, seat, state.step)
    state.step = "pay_choice"
    return True, False


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


def decide_payment(state: State, action: Action, ev: list[Event], rules: tuple[str, ...]) -> tuple[HandChoice, bool]:
    """Carry out the decision: the payer closes the coins asked for (``effect_paid``) or refuses
    (``effect_payment_refused``); the game returns to the step it waited in.  Returns the decision
    and whether he paid."""
    hc, amount = _pending(state)
    state.choosing_cards = None
    state.step = hc.resume
    if not action.amounts:
        ev.append(Event("effect_payment_refused", (*rules, PAY_RULE), _data(hc.player, hc.entry, amount)))
        return hc, False
    p = state.players[hc.player]
    p.coins_open -= amount
    p.coins_closed += amount
    ev.append(Event("effect_paid", (*rules, PAY_RULE, "R15:522.1"), _data(hc.player, hc.entry, amount)))
    return hc, True
