"""The general mechanisms of the rules: what happens to cards and players whatever caused it.
They import only :mod:`oracle.rules.queries`.

- :mod:`~oracle.rules.mechanisms.run` — a run of the rules: its events and the resolution
  memory carried with them (the trigger chain R15:525.2, the replacements applied R15:525.1,
  the answers for optional replacements R15:517.3);
- :mod:`~oracle.rules.mechanisms.replacement` — the one replacement pipeline (R15:517, 525.1)
  every «вместо этого» goes through: wounds, draws, deaths;
- :mod:`~oracle.rules.mechanisms.triggers` — which triggered abilities an event fires (R15:113);
- :mod:`~oracle.rules.mechanisms.wounds` — the wound pipeline (R15:508.4): amount,
  replacement, prevention, the wounds put on;
- :mod:`~oracle.rules.mechanisms.zones` — every zone move: entering play, leaving it together
  or for a hand or a deck, a created card back to the supply; and the state checks that destroy
  creatures and end the game (R15:503, 505, 519, 603, 604);
- :mod:`~oracle.rules.mechanisms.basic_effects` — wounds and closing, as rules and abilities
  both bring them about (R15:504, 506);
- :mod:`~oracle.rules.mechanisms.draws` — the one draw procedure (R15:527);
- :mod:`~oracle.rules.mechanisms.lives` — additional and reduced lives (R15:504);
- :mod:`~oracle.rules.mechanisms.control` — taking a card under control (R15:519.5);
- :mod:`~oracle.rules.mechanisms.capture` — «Добывает» (R15:520.5);
- :mod:`~oracle.rules.mechanisms.modules` — combined and created cards, «Модуль» (R15:505.4, 519.6);
- :mod:`~oracle.rules.mechanisms.attack` — strike attacks, defenders and fights (307; R15:507–510).
"""
