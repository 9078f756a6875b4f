"""Reading one ability of the card data: its kind's record (R15:112), read in named steps —
its kind, then a static ability's :mod:`~oracle.cards.static_loader`, or the targets
(:mod:`~oracle.cards.target_loader`), the effects in order (R15:119.2;
:mod:`~oracle.cards.effect_loader`) and the checks across them
(:mod:`~oracle.cards.effect_checks`), a triggered ability's trigger
(:mod:`~oracle.cards.triggered_loader`), an activated ability's cost
(:mod:`~oracle.cards.activated_loader`) and the usage limit (R15:113.5, 114.4).  The first
malformed field raises a :class:`~oracle.cards.fields.CardDataError` naming it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .activated_loader import read_cost
from .effect_checks import check_after_hand_effects, check_effects_on_targets, check_shown, check_trigger_reads
from .effect_loader import parse_effect
from .fields import CardDataError, choice, integer, required
from .records import Ability, Effect, SpellAbility, TargetSpec
from .static_loader import parse_static
from .target_loader import parse_target, parse_targets
from .triggered_loader import read_trigger, trigger_condition
from .vocabulary import ABILITY_KINDS, AbilityKind

__all__ = ["parse_ability"]


def parse_ability(raw: Any, path: str, card_type: str) -> Ability:
    """The ability ``raw`` at ``path`` of a card of type ``card_type``, a record of its kind."""
    kind, text_en = _read_kind(raw, path, card_type)
    if kind == "static":
        return parse_static(raw, path, card_type, text_en)
    targets = parse_targets(raw, kind, path)
    effects = _read_effects(raw, path, kind, targets)
    trigger = read_trigger(raw, path, card_type) if kind == "triggered" else None
    check_trigger_reads(effects, trigger.trigger if trigger is not None else "", kind, path)
    cost = read_cost(raw, path, card_type, targets, effects) if kind == "activated" else None
    if any(t.cost_x for t in targets) and not (cost is not None and cost.x_coins):
        raise CardDataError(f"{path}.targets", "a target «стоимостью (Х)» needs an activated ability's cost «(Х)» "
                            "(cost.coins 'X')")
    per_turn, per_game = _read_limit(raw, path, kind, trigger is not None and trigger.whenever)
    if trigger is not None:
        return replace(trigger, targets=targets, effects=effects, text_en=text_en, per_turn=per_turn,
                       per_game=per_game, cond=trigger_condition(raw, path))
    if cost is not None:
        return replace(cost, targets=targets, effects=effects, text_en=text_en, per_turn=per_turn, per_game=per_game)
    return SpellAbility(targets, effects, text_en, per_turn, per_game)


def _read_kind(raw: Any, path: str, card_type: str) -> tuple[AbilityKind, str]:
    """``kind`` (a spell's abilities are spell abilities and only theirs are) and ``text_en``."""
    if not isinstance(raw, dict):
        raise CardDataError(path, "must be an object")
    kind = choice(required(raw, "kind", path), ABILITY_KINDS, f"{path}.kind")
    if "in_graveyard" in raw and kind != "activated":
        raise CardDataError(f"{path}.in_graveyard", "only an activated ability is declared from the graveyard here")
    if kind == "spell" and card_type != "spell":
        raise CardDataError(f"{path}.kind", "spell abilities belong to spells (R15:117.1)")
    if card_type == "spell" and kind != "spell":
        raise CardDataError(f"{path}.kind", "a spell has only spell abilities (R15:211.1)")
    return kind, str(raw.get("text_en", ""))


def _read_effects(
    raw: dict[str, Any], path: str, kind: AbilityKind, targets: tuple[TargetSpec, ...]
) -> tuple[Effect, ...]:
    """``effects``, a non-empty list read in order, then checked against each other and the targets."""
    effects_raw = required(raw, "effects", path)
    if not isinstance(effects_raw, list) or not effects_raw:
        raise CardDataError(f"{path}.effects", "must be a non-empty list")
    named: TargetSpec | None = None
    out: list[Effect] = []
    for i, e in enumerate(effects_raw):
        spec = _named_target(e, f"{path}.effects[{i}]", kind, targets, named, i)
        named = named or spec
        effect = parse_effect(e, f"{path}.effects[{i}]", bool(targets) or named is not None, i == 0)
        out.append(replace(effect, names_target=spec) if spec is not None else effect)
    effects = tuple(out)
    check_after_hand_effects(effects, f"{path}.effects")
    check_shown(effects, kind, raw, f"{path}.effects")
    check_effects_on_targets(effects, targets or ((named,) if named is not None else ()), kind, path)
    return effects


def _named_target(
    raw: Any, path: str, kind: AbilityKind, targets: tuple[TargetSpec, ...], named: TargetSpec | None, index: int
) -> TargetSpec | None:
    """``names_target`` of an effect: a target spec named when that part of the ability is
    carried out, not with the declaration (R15:116.1: «Если они разделены точкой с запятой или
    точкой, то цели указываются поочередно по мере выполнения»; R15:119.2; INTERPRETING.md, entry
    250).  Checked: the ability declares no target of its own and names one such target only
    (one target spec per ability), not in its first part (R15:119.3: the first part is what is
    declared), the effect goes to it (``to`` "target"), and it is optional («можете», R15:119.5)
    and chosen by the controller — a mandatory one, whose lack would interrupt the ability
    (R15:119.2), has no card in the pool."""
    if not isinstance(raw, dict) or "names_target" not in raw:
        return None
    where = f"{path}.names_target"
    if kind not in ("activated", "triggered"):
        raise CardDataError(where, "a target named as its part is carried out belongs to an activated or a triggered "
                            "ability")
    if targets or named is not None:
        raise CardDataError(where, "one target spec per ability: it declares none of its own and names one later")
    if index == 0:
        raise CardDataError(where, "the first part's target is named with the declaration (R15:119.3): use targets")
    if raw.get("to", "target") != "target":
        raise CardDataError(f"{path}.to", "an effect that names its target goes to it: 'to' 'target'")
    spec = parse_target(raw["names_target"], where)
    if spec.min_count != 0 or spec.max_count != 1 or spec.x_count or spec.cost_x:
        raise CardDataError(where, "one optional target («можете …», R15:119.5): optional true, no count or cost X")
    return spec


def _read_limit(raw: dict[str, Any], path: str, kind: AbilityKind, whenever: bool) -> tuple[int, int]:
    """``limit``: the usage limit per turn and per game; by default 1 per turn for an
    activated or triggered ability that is not «whenever» (R15:113.5, R15:114.4)."""
    per_turn = per_game = 0
    limit = raw.get("limit")
    if limit is None:
        if kind in ("activated", "triggered") and not whenever:
            per_turn = 1  # R15:113.5, R15:114.4
    elif isinstance(limit, dict) and len(limit) == 1 and "per_turn" in limit:
        per_turn = integer(limit["per_turn"], f"{path}.limit.per_turn", 1)
    elif isinstance(limit, dict) and len(limit) == 1 and "per_game" in limit:
        per_game = integer(limit["per_game"], f"{path}.limit.per_game", 1)
    elif limit == "none":
        pass  # "none": the ability has no usage limit at all
    else:
        raise CardDataError(f"{path}.limit", "must be {'per_turn': n}, {'per_game': n} or 'none'")
    if whenever and (per_turn or per_game):
        raise CardDataError(f"{path}.limit", "a «Каждый раз, когда» ability has no limit")
    return per_turn, per_game
