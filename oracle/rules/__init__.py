"""The rules of Parts 3–5, one module per part of the game (the engine's step table,
:mod:`oracle.engine`, dispatches to them):

- :mod:`~oracle.rules.setup` — the setup stage (301): die roll and turn order, shuffles,
  deal, mulligans;
- :mod:`~oracle.rules.turn_start` — the start of a turn (302–304): restoration,
  accumulation, revealing hidden cards, start-of-turn triggers;
- :mod:`~oracle.rules.main_stage` — the main stage (305–309): the choice phase, playing
  cards and their costs;
- :mod:`~oracle.rules.attack` — the strike attack and the fight (307, R15:507–510);
- :mod:`~oracle.rules.end_turn` — the end of the turn (310);
- :mod:`~oracle.rules.queue` — the Queue (Part 4): pending triggers, declarations,
  resolution order;
- :mod:`~oracle.rules.payment` — payment and usage limits (501, R15:113.5, 523);
- :mod:`~oracle.rules.triggers` — when triggered abilities fire (401.2);
- :mod:`~oracle.rules.effects` — what effects do to the game (wounds, destruction, poison,
  R15:504–505) and the state checks after them;
- :mod:`~oracle.rules.board` — queries of the board every part uses (card definitions,
  strike, life, classes);
- :mod:`~oracle.rules.targeting` — which characters an ability may target (501.1, 501.4).

The game model they act on is :mod:`oracle.model`; the card vocabulary is
:mod:`oracle.cards`.
"""
