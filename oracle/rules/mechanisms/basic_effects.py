"""Two basic effects that the rules and abilities both bring about: wounds (R15:504, 517.1.1),
through the wound pipeline, and closing a card (R15:506).  The zone moves and the state checks
are :mod:`oracle.rules.mechanisms.zones`; the draws :mod:`oracle.rules.mechanisms.draws`."""

from __future__ import annotations

from ...model import Event, State
from .triggers import fire
from .wounds import deal_wounds

__all__ = ["close_card", "wound"]


def wound(
    state: State, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...], source: int = 0,
    by_strike: bool = False, payment: bool = False, shot: bool = False, return_strike: bool = False,
    ability_payment: bool = False,
) -> bool:
    """Put ``amount`` wounds on a character in play; hidden ones take none (R15:504.3).  They
    pass through the wound pipeline (:func:`oracle.rules.mechanisms.wounds.deal_wounds`: the final
    amount, replacement, prevention, then the wounds put on; R15:508.4).

    ``source`` is the card that deals them (0: none, e.g. poison or a payment): the striking
    creature, or the source of the ability whose effect they are (R15:502.2), wherever it is
    now (R15:403.1); ``by_strike`` a strike, ``return_strike`` a return strike among them (no
    attack, R15:510.4), ``shot`` a shot (R15:507.3); a card's ``payment`` is no ability's effect
    and passes through nothing (R15:517.2; «Уязвимость», entry 72); an ``ability_payment``
    («Жажда») passes replacements and preventions, and the answer — whether the wounds were put
    on as paid — says whether the ability is carried out (R15:501.2.1; entry 252)."""
    return deal_wounds(state, uid, amount, ev, rules, source, by_strike=by_strike, payment=payment, shot=shot,
                       return_strike=return_strike, ability_payment=ability_payment)


def close_card(state: State, uid: int, ev: list[Event], rules: tuple[str, ...]) -> None:
    """Close (tap) a card in play; «when closed» triggers fire (R15:506)."""
    c = state.cards[uid]
    if c.closed or state.zone_of(uid) != "play":
        return
    state.card_mut(uid).closed = True
    ev.append(Event("closed", rules, (("card", uid),)))
    fire(state, "closed", uid, ev, rules)

