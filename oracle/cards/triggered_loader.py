"""Reading the fields of a triggered ability (R15:113) that are its own: its trigger
(``trigger``, one of TRIGGERS), who it is about (``whose``), «может» (``optional``), «Каждый
раз, когда» (``whenever``), the nth card of the turn (``nth``), the class of the card it is
about (``subject_class``), what the dead card died from (``killed_by``) and the condition of
the trigger itself (``if``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from .fields import CardDataError, choice, controller_condition, integer, required
from .records import TriggeredAbility
from .vocabulary import CLASSES, KILLED_BY, NTH_TRIGGERS, TRIGGERS, WHOSE, Condition, KilledBy, Trigger

__all__ = ["read_trigger", "trigger_condition"]

#: Triggers about another card that may name the class of that card (``subject_class``).
_SUBJECT_CLASS_TRIGGERS: tuple[Trigger, ...] = ("creature_dies", "creature_enters", "wounds_hero")


def read_trigger(raw: Mapping[str, Any], path: str, card_type: str) -> TriggeredAbility:
    """The trigger's fields of the triggered ability ``raw`` of a card of type ``card_type``,
    as a :class:`TriggeredAbility` without targets, effects or usage limit yet."""
    subject_class = ""
    killed_by: KilledBy | Literal[""] = ""
    trigger = choice(required(raw, "trigger", path), TRIGGERS, f"{path}.trigger")
    whose = choice(raw.get("whose", "any"), WHOSE, f"{path}.whose")
    optional = bool(raw.get("optional", False))
    whenever = bool(raw.get("whenever", False))
    nth = _parse_nth(raw, trigger, path)
    if trigger == "search_used" and (card_type != "creature" or "whose" in raw):
        # «Когда вы используете Поиск»: a creature's, fired from its owner's deck by his own search
        # (R15:113.10; INTERPRETING.md, entry 220)
        raise CardDataError(f"{path}.trigger", "search_used belongs to a creature card and is about its owner's "
                            "own search: no 'whose'")
    if "subject_class" in raw:
        if trigger not in _SUBJECT_CLASS_TRIGGERS:
            raise CardDataError(f"{path}.subject_class", "only " + " / ".join(_SUBJECT_CLASS_TRIGGERS)
                                + " have a subject class")
        # a creature's class; a card that wounds a hero may be a support card («механизм», R15:107.3.2)
        allowed = CLASSES["creature"] if trigger != "wounds_hero" else (*CLASSES["creature"], *CLASSES["support"])
        subject_class = choice(raw["subject_class"], allowed, f"{path}.subject_class")
    if "killed_by" in raw:
        # «при гибели от [текст]» (R15:505.1.1; INTERPRETING.md, entry 98)
        if trigger not in ("death", "creature_dies"):
            raise CardDataError(f"{path}.killed_by", "only death / creature_dies say what the card died from")
        killed_by = choice(raw["killed_by"], KILLED_BY, f"{path}.killed_by")
    return TriggeredAbility(trigger, whose=whose, optional=optional, whenever=whenever, subject_class=subject_class,
                            nth=nth, killed_by=killed_by)


def trigger_condition(raw: Mapping[str, Any], path: str) -> Condition | Literal[""]:
    """``if``: «В конце хода противника, если он …», a condition about the controller of the
    trigger itself (R15:113.2; INTERPRETING.md, entry 144); "" for none."""
    return controller_condition(raw["if"], f"{path}.if") if "if" in raw else ""


def _parse_nth(raw: Mapping[str, Any], trigger: str, path: str) -> int:
    """``nth`` of a trigger about the player's nth card of the turn.  ``card_drawn`` needs it
    and at least 2: the first draw of a turn may be the accumulation phase's, before the
    start-of-turn Queue (R15:304.2, 304.4), which no card of the pool asks for."""
    if "nth" not in raw:
        if trigger == "card_drawn":
            raise CardDataError(f"{path}.nth", "card_drawn needs the nth card drawn this turn (at least 2)")
        return 0
    if trigger not in NTH_TRIGGERS:
        raise CardDataError(f"{path}.nth", f"only {' / '.join(NTH_TRIGGERS)} count the cards of the turn")
    return integer(raw["nth"], f"{path}.nth", 2 if trigger == "card_drawn" else 1)
