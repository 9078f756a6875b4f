"""The general mechanisms of the rules: what happens to cards and players whatever caused it.
They import only :mod:`oracle.rules.queries`.

- :mod:`~oracle.rules.mechanisms.triggers` — which triggered abilities an event fires (R15:113);
- :mod:`~oracle.rules.mechanisms.wounds` — the wound pipeline (R15:508.4): amount,
  replacement, prevention, the wounds put on;
- :mod:`~oracle.rules.mechanisms.basic_effects` — the effects rules and abilities share:
  entering and leaving play, closing, destruction and the state checks (R15:503–506, 527);
- :mod:`~oracle.rules.mechanisms.draws` — the one draw procedure (R15:527);
- :mod:`~oracle.rules.mechanisms.lives` — additional and reduced lives (R15:504);
- :mod:`~oracle.rules.mechanisms.control` — taking a card under control (R15:519.5);
- :mod:`~oracle.rules.mechanisms.capture` — «Добывает» (R15:520.5);
- :mod:`~oracle.rules.mechanisms.modules` — combined and created cards, «Модуль» (R15:505.4, 519.6);
- :mod:`~oracle.rules.mechanisms.attack` — strike attacks, defenders and fights (307; R15:507–510).
"""
