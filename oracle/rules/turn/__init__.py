"""The parts of the turn, the top wing: the engine's step table dispatches here.

- :mod:`~oracle.rules.turn.setup` — the setup stage (301): die roll, shuffles, the deal, mulligans;
- :mod:`~oracle.rules.turn.turn_start` — the start of a turn (302–304): restoration,
  accumulation, hidden cards revealed, start-of-turn triggers;
- :mod:`~oracle.rules.turn.main_stage` — the main stage (305–309): the choice phase, its legal
  actions, and playing a card (309);
- :mod:`~oracle.rules.turn.activation` — activated abilities (308): their checks, a
  constructor's chains (R15:524), an activation up to the Queue;
- :mod:`~oracle.rules.turn.play_checks` — the checks of playing a card (309.1, 501);
- :mod:`~oracle.rules.turn.spells` — what a card played asks for: its spell abilities, targets,
  X and distribution (309.1 steps 3–6);
- :mod:`~oracle.rules.turn.costs` — their additional costs and X checked at the declaration:
  discards, «Цепь», «Жажда», distributed wounds (R15:501.2, 501.4);
- :mod:`~oracle.rules.turn.end_turn` — the end of the turn (310).
"""
