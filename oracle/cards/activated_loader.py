"""Reading the cost of an activated ability (R15:114; 501.2): ``tap``, ``coins`` (or "X",
the cost «(Х)»), ``discard`` (one card, or X), «Жажда N» (``thirst``), and whether it works in
the graveyard (``in_graveyard``); checked against the ability's targets and effects that read
the X."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .fields import CardDataError, integer, required
from .records import ActivatedAbility, Effect, TargetSpec

__all__ = ["read_cost"]


def read_cost(
    raw: Mapping[str, Any], path: str, card_type: str, targets: tuple[TargetSpec, ...], effects: tuple[Effect, ...]
) -> ActivatedAbility:
    """The cost of the activated ability ``raw`` of a card of type ``card_type``, as an
    :class:`ActivatedAbility` without targets, effects or usage limit yet."""
    cost = required(raw, "cost", path)
    if not isinstance(cost, dict):
        raise CardDataError(f"{path}.cost", "must be an object")
    tap = bool(cost.get("tap", False))
    # «(Х):» — X open coins, X declared (R15:308.1 step 3, 512.4)
    x_coins = cost.get("coins") == "X"
    coins = 0 if x_coins else integer(cost.get("coins", 0), f"{path}.cost.coins", 0)
    # «сбросьте Х карт»: as many cards as the X declared for «(Х)» (INTERPRETING.md, entry 240)
    discard_x = cost.get("discard") == "X"
    if discard_x and not x_coins:
        raise CardDataError(f"{path}.cost.discard", "'X' cards discarded needs the cost «(Х)» (cost.coins 'X')")
    discard = 0 if discard_x else integer(cost.get("discard", 0), f"{path}.cost.discard", 0)
    if discard > 1:
        raise CardDataError(f"{path}.cost.discard", "a discard cost discards one card («Сбросьте карту:») or X")
    # «Жажда N» (R15 glossary): an additional cost with a source and a target (R15:501.4)
    thirst = integer(cost.get("thirst", 0), f"{path}.cost.thirst", 0)
    if thirst and (discard or discard_x):
        raise CardDataError(f"{path}.cost.thirst", "a cost names one card of its own: Жажда or a discard, not both")
    if any(t.x_count for t in targets) and not x_coins:
        raise CardDataError(f"{path}.targets", "«Х персонажей» (count 'X') needs the cost «(Х)» (cost.coins 'X')")
    if any(e.amount == "X" for e in effects) and not x_coins:
        raise CardDataError(f"{path}.effects", "the amount 'X' of an activated ability needs the cost «(Х)» "
                            "(cost.coins 'X')")
    # «(эта особенность работает на кладбище)» (R15 glossary «Кладбище»; entry 157)
    in_graveyard = raw.get("in_graveyard", False)
    if not isinstance(in_graveyard, bool):
        raise CardDataError(f"{path}.in_graveyard", "must be true or false")
    if in_graveyard and (tap or card_type != "creature"):
        raise CardDataError(f"{path}.in_graveyard", "an ability that works in the graveyard belongs to a "
                            "creature and does not close its card (a card in the graveyard is neither open nor "
                            "closed)")
    return ActivatedAbility(tap=tap, coins=coins, discard=discard, x_coins=x_coins, thirst=thirst,
                            discard_x=discard_x, graveyard=in_graveyard)
