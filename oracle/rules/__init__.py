"""The rules of Parts 3–5, in five wings that import only downward (each wing's ``__init__``
lists its modules and what each holds; ``tests/engine/test_import_graph.py`` holds the order):

- :mod:`~oracle.rules.queries` — what the board says, changing nothing: cards, strike, life,
  classes; recipients and amounts of an effect; legal targets; costs; timed player effects;
- :mod:`~oracle.rules.mechanisms` — the general mechanisms of the rules every part uses:
  triggers, the wound pipeline, entering and leaving play, draws, lives, control, capture,
  combined cards, attacks and fights;
- :mod:`~oracle.rules.ops` — the handlers of the card vocabulary's effect ops (on cards, on
  players, choices from the hand or the deck, the top of a deck, an opponent's payment);
- :mod:`~oracle.rules.resolution` — the Queue (Part 4) and the resolution of an ability's
  effects (R15:119), delayed abilities and cancellation;
- :mod:`~oracle.rules.turn` — the parts of the turn: setup (301), the start of a turn
  (302–304), the main stage (305–309), the end of the turn (310).

The engine's step table (:mod:`oracle.engine`) dispatches to them.  The game model they act on
is :mod:`oracle.model`; the card vocabulary is :mod:`oracle.cards`.
"""
