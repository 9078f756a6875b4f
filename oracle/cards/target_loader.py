"""Reading the targets of an ability (501.1, 501.4): each target spec
(:class:`~oracle.cards.records.TargetSpec`) and the checks on an ability's list of them
against its kind (one spec, but a spell's groups of X; «Х персонажей»; an optional target)."""

from __future__ import annotations

from typing import Any

from .fields import CardDataError, choice, integer, required
from .records import TargetSpec
from .vocabulary import ALL_CLASSES, TARGET_CHOOSERS, TARGET_FILTERS, TARGET_SIDE, TARGET_WHAT, AbilityKind

__all__ = ["MAX_X_TARGETS", "parse_target", "parse_targets"]

#: The most targets «Х персонажей» may name (a bound only: X is the coins the player pays).
MAX_X_TARGETS = 64


def parse_target(raw: Any, path: str) -> TargetSpec:
    """One target spec (``targets[i]``): what, whose side, filters, how many, who chooses."""
    if not isinstance(raw, dict):
        raise CardDataError(path, "must be an object")
    what = choice(required(raw, "what", path), TARGET_WHAT, f"{path}.what")
    side = choice(raw.get("side", "any"), TARGET_SIDE, f"{path}.side")
    filters = raw.get("filter", [])
    if not isinstance(filters, list):
        raise CardDataError(f"{path}.filter", "must be a list")
    for i, f in enumerate(filters):
        choice(f, TARGET_FILTERS, f"{path}.filter[{i}]")
    count = raw.get("count", 1)
    x_count = count == "X"
    if x_count:
        # «Х персонажей»: as many targets as the X declared for the cost «(Х)» (entry 192)
        lo, hi = 1, MAX_X_TARGETS
    elif isinstance(count, dict):
        hi = integer(required(count, "up_to", f"{path}.count"), f"{path}.count.up_to", 1)
        lo = 1
    else:
        lo = hi = integer(count, f"{path}.count", 1)
    card_class = choice(raw["class"], ALL_CLASSES, f"{path}.class") if "class" in raw else ""
    max_cost = integer(raw["max_cost"], f"{path}.max_cost", 0) if "max_cost" in raw else -1
    min_strike = integer(raw["min_strike"], f"{path}.min_strike", 0) if "min_strike" in raw else -1
    chooser = choice(raw.get("chooser", "controller"), TARGET_CHOOSERS, f"{path}.chooser")
    cost_x = "cost" in raw
    if cost_x and raw["cost"] != "X":
        raise CardDataError(f"{path}.cost", 'only "X": the target costs the X declared («стоимостью (Х)»)')
    optional = raw.get("optional", False)
    if optional is not False:
        if optional is not True or chooser != "controller":
            raise CardDataError(f"{path}.optional", "true or absent; a target the opponent chooses is not optional")
        lo = 0
    return TargetSpec(what, side, tuple(filters), lo, hi, card_class, max_cost, min_strike, chooser, cost_x=cost_x,
                      x_count=x_count)


def parse_targets(raw: dict[str, Any], kind: AbilityKind, path: str) -> tuple[TargetSpec, ...]:
    """The target specs of the ability ``raw`` of kind ``kind`` (``targets``, default none)."""
    targets_raw = raw.get("targets", [])
    if not isinstance(targets_raw, list):
        raise CardDataError(f"{path}.targets", "must be a list")
    targets = tuple(parse_target(t, f"{path}.targets[{i}]") for i, t in enumerate(targets_raw))
    if any(t.x_count for t in targets) and kind not in ("activated", "spell"):
        raise CardDataError(f"{path}.targets", "«Х персонажей» (count 'X') belongs to an activated ability with the "
                            "cost «(Х)» or to a spell («Выберите Х …», X declared with the play, R15:512.4)")
    if len(targets) > 1 and not (kind == "spell" and all(t.x_count and t.chooser == "controller" for t in targets)):
        # «Выберите Х ваших существ и Х существ противника»: groups of X targets each, all chosen
        # by the spell's controller (INTERPRETING.md, entry 230)
        raise CardDataError(f"{path}.targets", "at most one target spec per ability, but a spell's groups of X "
                            "targets each (count 'X')")
    if targets and targets[0].min_count == 0 and kind not in ("triggered", "activated"):
        # «можете ранить существо» of a triggered or an activated ability (R15:119.5; entries 85, 162)
        raise CardDataError(f"{path}.targets[0].optional", "an optional target belongs to a triggered or an activated "
                            "ability")
    return targets
