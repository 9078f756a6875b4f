"""Delayed effects (R15:521): a delayed triggered ability created by an effect («В конце хода
…», «Когда в следующий раз ваше существо погибнет, …») waits in the state's ``delayed`` list
and fires once, the next time its condition happens, through the trigger machinery
(:func:`oracle.rules.mechanisms.triggers.fire`): it becomes a pending trigger, declared and resolved as
any other (R15:401, 402).

Its source and controller are fixed when it is created (R15:521.2: a card's — a spell's — own
effect: that card, the player who controlled it; R15:521.3: an activated or triggered
ability's: the card of that ability, the ability's controller).  R15:521.4 (a static ability's
effect creating one) has no static of the pool that creates effects.  An effect of it that
names no recipient goes to its controller's hero (R15:521.1; the card loader fills it in,
:func:`oracle.cards.ability_loader.parse_delayed`).
"""

from __future__ import annotations

from ...cards import DelayedParams, Effect
from ...model import Event, PendingTrigger, QueueEntry, State
from ..queries.board import card_def

__all__ = ["choose_x_times", "create_delayed"]


def create_delayed(
    state: State, entry: QueueEntry, effect: Effect, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> bool:
    """``create_delayed``: the card's delayed ability ``effect.params.index`` is created, its
    source the ability's card and its controller the ability's controller, as they are now
    (R15:521.2 for a spell's ability, 521.3 for an activated or triggered one)."""
    assert isinstance(effect.params, DelayedParams)
    d = card_def(state, entry.source)
    index = len(d.abilities) + effect.params.index
    controller = entry.controller
    # «столько же карт, сколько вы сбросили»: a count remembered with the ability (amount
    # discarded_before), read by its effects as "remembered" when it fires (INTERPRETING.md, entry 174)
    count = amount if effect.amount == "discarded_before" else 0
    state.delayed.append(PendingTrigger(state.next_trigger_id, controller, entry.source, index, count=count))
    state.next_trigger_id += 1
    rule = "R15:521.2" if entry.kind == "spell" else "R15:521.3"
    ev.append(Event("delayed_created", (*rules, rule),
                    (("source", entry.source), ("ability", index), ("controller", controller))))
    return True


def choose_x_times(
    state: State, entry: QueueEntry, effect: Effect, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> bool:
    """«Создайте защитный модуль или Модуль поддержки за каждого излеченного персонажа» (Волна
    исцеления): «При [событие] выберите Х раз из: …» (R15:524.1) — as the event happens, the
    player composes a chain of X of the options, which enter the Queue in his order.  The card's
    constructor ``effect.params.index`` of its key ``delayed`` (``choose`` "X") becomes a pending
    trigger of the ability's controller at once, its source the ability's card, its ``count`` X
    (the amount, read now: R15:512.5); he declares it with the chain (INTERPRETING.md, entry
    213).  X = 0 creates nothing and no trigger."""
    assert isinstance(effect.params, DelayedParams)
    if amount < 1:
        return False
    d = card_def(state, entry.source)
    index = len(d.abilities) + effect.params.index
    t = PendingTrigger(state.next_trigger_id, entry.controller, entry.source, index, count=amount,
                       lineage=entry.lineage)
    state.pending.append(t)
    state.next_trigger_id += 1
    ev.append(Event("triggered", (*rules, "R15:524.1"), (("trigger", t.id), ("source", t.source), ("ability", index),
                                                        ("condition", "character_healed"))))
    return True
