"""The handlers of the card vocabulary's effect ops (:data:`oracle.cards.OPS`), dispatched by
:mod:`oracle.rules.resolution.effects`.  They import the mechanisms and the queries.

- :mod:`~oracle.rules.ops.card_effects` — ops on cards: wounds, poison, healing, opening and
  closing, modifiers for a time or for good;
- :mod:`~oracle.rules.ops.player_effects` — ops on a player (draws, coins) and on the
  ability's own card wherever it is;
- :mod:`~oracle.rules.ops.hand` — choices from the hand or the deck: discard, search,
  summon, resurrect (R15:7.discard, 7.search, 519.3, 519.4);
- :mod:`~oracle.rules.ops.deck_top` — the top cards of the own deck shown or looked at (R15:204.3);
- :mod:`~oracle.rules.ops.deck_order` — creatures put on top of their owners' decks in the
  owners' order (R15:204.4);
- :mod:`~oracle.rules.ops.opponent_payment` — «Противник может заплатить (N), иначе …» (R15:119.7);
- :mod:`~oracle.rules.ops.named_targets` — a target named as its part after «;» is carried out (R15:116.1).
"""
