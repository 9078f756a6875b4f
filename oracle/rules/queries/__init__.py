"""Queries of the board, the lowest wing of the rules: they read a state and change nothing
but the pool index's tables.  They import no other wing.

- :mod:`~oracle.rules.queries.pool_index` — the pool index: every table the rules derive from
  the card pool, built once per pool (speed only);
- :mod:`~oracle.rules.queries.board` — card definitions, characters in play, strike, life,
  classes, keywords, the abilities a card has (R15 Parts 1–2, 5);
- :mod:`~oracle.rules.queries.recipients` — whom an effect reaches and how much it is (R15:119.2);
- :mod:`~oracle.rules.queries.targeting` — the legal targets of an ability (R15:118, 501.1,
  501.4), «Защита от заклинаний» included (R15:515.2);
- :mod:`~oracle.rules.queries.payment` — costs and payment (501; R15:113.5, 523);
- :mod:`~oracle.rules.queries.timed_effects` — effects on a player for a time (R15:521.1).
"""
