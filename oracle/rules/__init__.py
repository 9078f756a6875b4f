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
- :mod:`~oracle.rules.basic_effects` — the effects the rules and abilities share (wounds,
  closing, entering and leaving play, drawing; R15:504–506, 527) and the state checks after
  them (R15:505.1, 603–604);
- :mod:`~oracle.rules.effects` — carrying out an ability's effects in order (R15:119), each
  through its op's handler: :mod:`~oracle.rules.card_effects` (ops on cards: poison, healing,
  modifiers…), :mod:`~oracle.rules.player_effects` (draws and coins) and
  :mod:`~oracle.rules.hand` (choices from the hand or the deck), to the recipients and amounts
  of :mod:`~oracle.rules.recipients`;
- :mod:`~oracle.rules.board` — queries of the board every part uses (card definitions,
  strike, life, classes);
- :mod:`~oracle.rules.targeting` — which characters an ability may target (501.1, 501.4).

The game model they act on is :mod:`oracle.model`; the card vocabulary is
:mod:`oracle.cards`.
"""
