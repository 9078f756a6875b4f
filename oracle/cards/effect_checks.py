"""The checks across the fields of one ability that takes effect through its effects: its
effects against each other (what a hand effect or a shown card leaves to the later ones), against
its targets (what an effect reads of the target, a shot's target) and against its kind and
trigger (the amounts and recipients a trigger gives).  Each raises a
:class:`~oracle.cards.fields.CardDataError` naming the offending field."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .effect_loader import SHOWN_OPS
from .fields import CardDataError
from .ops import HAND_OPS
from .records import Effect, TargetSpec, WoundParams
from .vocabulary import SHOWN_CONDITIONS, AbilityKind, Trigger

__all__ = ["check_after_hand_effects", "check_effects_on_targets", "check_shown", "check_trigger_reads"]


def check_after_hand_effects(effects: tuple[Effect, ...], path: str) -> None:
    """An ability resumes after a hand choice with its later effects (INTERPRETING.md, entry
    63), from what its run had read before the pause (the pause carries it whole,
    ``choosing_cards.memory``), so a later effect may read what earlier ones drew, discarded or
    healed and the strikes read.  What a pause does not keep is whether each player's part of a
    hand effect of each player was carried out: no ``if_previous`` follows one (it would be
    about two choices), nor a search or a summon (the shuffle after it keeps no record of what
    was found).  ``discarded_before`` counts the controller's own discards: it follows a
    discard of his cards."""
    for i, e in enumerate(effects):
        if e.amount == "discarded_before" and not any(d.op == "discard" and d.to == "controller" for d in effects[:i]):
            raise CardDataError(f"{path}[{i}].amount", "discarded_before follows a discard of the controller's cards "
                                "(«Сбросьте …») in the same ability")
        if e.op not in HAND_OPS:
            continue
        if e.to == "each_player" and i + 1 < len(effects) and effects[i + 1].if_previous:
            raise CardDataError(f"{path}[{i + 1}].if_previous", "no if_previous after a hand effect of each player")
        if e.op in ("search", "summon") and i + 1 < len(effects) and effects[i + 1].if_previous:
            # the resolution resumes after the shuffle, which keeps no record of what was found
            raise CardDataError(f"{path}[{i + 1}].if_previous", f"no if_previous after a {e.op}")


def check_shown(effects: tuple[Effect, ...], kind: str, raw: Mapping[str, Any], path: str) -> None:
    """An effect that reads the card the ability showed (a ``SHOWN_CONDITIONS`` condition, op
    ``shown_to_hand``) follows a ``reveal_deck_top`` of one card in the same ability, with no
    hand effect between (the card is still the top of the deck; INTERPRETING.md, entry 160);
    ``shown_named`` reads the card named with the declaration of a triggered ability («Найм:
    Назовите карту …»), the only declaration that names one."""
    shown = False
    for i, e in enumerate(effects):
        if (e.cond in SHOWN_CONDITIONS or e.op in SHOWN_OPS) and not shown:
            raise CardDataError(f"{path}[{i}]", "reads the card shown by an earlier reveal_deck_top of one card "
                                "(no hand effect between)")
        if e.op == "reveal_deck_top":
            shown = e.amount == 1
        elif e.op in HAND_OPS or e.op in SHOWN_OPS:
            shown = False  # it moved the shown card, or the hand effect may have moved the deck
        if e.cond == "shown_named" and (kind != "triggered" or "options" in raw):
            raise CardDataError(f"{path}[{i}].if", "shown_named reads the card named with the declaration of a "
                                "triggered ability (not a constructor)")


def check_effects_on_targets(
    effects: tuple[Effect, ...], targets: tuple[TargetSpec, ...], kind: AbilityKind, path: str
) -> None:
    """What an effect reads of the ability's one target (an upgrade, ``target_strike``,
    ``target_life``) needs a target of that kind; a shot wounds an enemy character, made by an
    activated or triggered ability."""
    if any(e.op == "upgrade" and e.to == "target" for e in effects) and (
            targets[0].what != "creature" or targets[0].max_count != 1):
        raise CardDataError(f"{path}.targets", "upgrade goes to one creature («Усовершенствуйте существо»)")
    if any(e.amount == "target_strike" for e in effects) and (
        targets[0].what != "creature" or targets[0].max_count != 1
    ):
        raise CardDataError(f"{path}.targets", "target_strike reads the strike of exactly one target creature")
    if any(e.amount == "target_life" for e in effects) and (
        targets[0].what not in ("creature", "character") or targets[0].max_count != 1
    ):
        raise CardDataError(f"{path}.targets", "target_life reads the life of exactly one target character")
    _check_shots(effects, targets, path)
    if kind == "spell" and any(isinstance(e.params, WoundParams) and e.params.shot for e in effects):
        raise CardDataError(f"{path}.effects", "a shot is made by an activated or triggered ability (R15:507.5)")


def _check_shots(effects: tuple[Effect, ...], targets: tuple[TargetSpec, ...], path: str) -> None:
    """A shot wounds an enemy character only (R15:507.2; R15 glossary «Выстрел»)."""
    if any(isinstance(e.params, WoundParams) and e.params.shot for e in effects) and (not targets or targets[0].side != "enemy"):
        raise CardDataError(f"{path}.targets", "a shot's target is an enemy character (R15:507.2)")


def check_trigger_reads(effects: tuple[Effect, ...], trigger: Trigger | str, kind: AbilityKind, path: str) -> None:
    """The amounts and recipients a trigger's event gives (``discarded``, ``wounds_dealt``,
    ``self_wounds``, ``strike_at_death``, ``struck``, ``attacked``) belong to abilities of that
    trigger; «удвойте стоимость этой особенности» to an activated ability."""
    if any(e.amount == "discarded" for e in effects) and trigger != "discards":
        raise CardDataError(f"{path}.effects", "the amount 'discarded' belongs to a «discards» trigger")
    if any(e.amount == "wounds_dealt" for e in effects) and trigger != "strikes_hero":
        raise CardDataError(f"{path}.effects", "the amount 'wounds_dealt' belongs to a «strikes_hero» trigger")
    if any(e.amount == "self_wounds" for e in effects) and trigger != "death":
        raise CardDataError(f"{path}.effects", "the amount 'self_wounds' belongs to a «death» trigger")
    if any(e.to == "struck" for e in effects) and trigger != "strikes_creature":
        raise CardDataError(f"{path}.effects", "the recipient 'struck' belongs to a «strikes_creature» trigger")
    if any(e.to == "attacked" for e in effects) and trigger != "attacks":
        raise CardDataError(f"{path}.effects", "the recipient 'attacked' belongs to an «attacks» trigger")
    if any(e.amount == "strike_at_death" for e in effects):
        if trigger != "death":
            raise CardDataError(f"{path}.effects", "the amount 'strike_at_death' belongs to a «death» trigger")
        if any(e.amount == "self_wounds" for e in effects):
            # the trigger keeps one number (its count, R15:403.1): the wounds or the strike
            raise CardDataError(f"{path}.effects", "an ability reads either 'self_wounds' or 'strike_at_death', "
                                "not both")
    if kind != "activated" and any(e.op == "double_ability_cost" for e in effects):
        raise CardDataError(f"{path}.effects", "«удвойте стоимость этой особенности» belongs to an activated ability")
