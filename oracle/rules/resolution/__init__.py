"""The resolution of abilities: the Queue and the effects carried out in order.  It imports the
op handlers, the mechanisms and the queries.

- :mod:`~oracle.rules.resolution.queue` — the Queue (Part 4): pending triggers, declarations (a
  target the opponent chooses included), the resolution order;
- :mod:`~oracle.rules.resolution.effects` — an ability's effects carried out in order (R15:119),
  each through its op's handler;
- :mod:`~oracle.rules.resolution.resume` — the one resume of a resolution after a decision, and
  the record of a pause;
- :mod:`~oracle.rules.resolution.pauses` — the decisions taken while an ability resolves, one
  module per pause (hand, look, shuffle, wound, pay, order);
- :mod:`~oracle.rules.resolution.delayed` — delayed triggered abilities (R15:521);
- :mod:`~oracle.rules.resolution.cancellation` — a card's play cancelled (R15:518, 309.1.10).
"""
