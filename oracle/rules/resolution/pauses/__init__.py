"""The decisions taken while an ability resolves: one module per pause, each a
:class:`~oracle.rules.resolution.resume.Pause` (its step, who decides, its legal actions, the check
of an action, and the decision carried out), all resumed the same way
(:func:`~oracle.rules.resolution.resume.resume`).  The engine's step table takes their rows from
:data:`PAUSES`; each step is declared in ``oracle/data/steps.json``.

- :mod:`~oracle.rules.resolution.pauses.hand` — step ``hand_choice``: cards chosen from a hand,
  a deck or a graveyard (R15:7.discard, 7.search, 519.3, 519.4);
- :mod:`~oracle.rules.resolution.pauses.look` — the same step while cards looked at go back in
  the player's order (R15:204.3);
- :mod:`~oracle.rules.resolution.pauses.shuffle` — step ``search_shuffle``: chance shuffles the
  deck looked through (R15:7.search, 204.2);
- :mod:`~oracle.rules.resolution.pauses.wound` — step ``wound_choice``: an optional replacement
  of a hero's wounds (R15:517.3);
- :mod:`~oracle.rules.resolution.pauses.pay` — step ``pay_choice``: the opponent pays or not (R15:119.7);
- :mod:`~oracle.rules.resolution.pauses.order` — step ``deck_order``: an owner orders his cards
  on top of his deck (R15:204.4);
- :mod:`~oracle.rules.resolution.pauses.coins` — step ``coin_choice``: a player made to lose coins
  chooses which (R15:522.5).
- :mod:`~oracle.rules.resolution.pauses.naming` — step ``target_naming``: the target of a part
  after «;» named as that part is carried out (R15:116.1, 119.2).

The pauses that resume a card's *play* rather than an ability's resolution are the turn's:
``target_choice`` (:mod:`oracle.rules.resolution.queue`, the declaration), ``cancel_choice``
(:mod:`oracle.rules.resolution.cancellation`) and ``module_choice``
(:mod:`oracle.rules.mechanisms.modules`, resumed by the play or by the creating ability).
"""

from __future__ import annotations

from ..resume import Pause
from . import coins, hand, naming, order, pay, shuffle, wound

__all__ = ["PAUSES", "Pause"]

#: The resolution pauses by step.
PAUSES: dict[str, Pause] = {p.step: p for p in (hand.PAUSE, shuffle.PAUSE, wound.PAUSE, pay.PAUSE, order.PAUSE,
                                                coins.PAUSE, naming.PAUSE)}
