"""The records of the static abilities (R15:115): cost modifiers (R15:523.1), the strike
bonus, the wound pipeline's (R15:515-517), the cancellation (R15:518) and the draw statics
(R15:527); a static ability has no targets and no effects.  :mod:`oracle.cards.records`
hands them on."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from .effect_records import Effect, TargetSpec
from .vocabulary import (
    CardType,
    Condition,
    CostCount,
    CostModifierKind,
    ProtectionKind,
    ReplacementKind,
    StrikeAgainst,
    Whose,
    WoundWatch,
)

__all__ = [
    "Armour",
    "CancelPlay",
    "CostModifier",
    "DrawCount",
    "DrawLimit",
    "DrawReplacement",
    "GrantAbility",
    "NoWoundsFrom",
    "PreventNext",
    "Protection",
    "SelfCostModifier",
    "StaticAbility",
    "StrikeBonus",
    "WoundReplacement",
]


@dataclass(frozen=True, slots=True)
class CostModifier:
    """A static ability (R15:115) changing the cost of cards played (R15:523.1): of the cards
    of ``player`` ("own" is the ability's controller), of ``card_type`` ("any") and
    ``card_class`` ("" = any); ``if_increased``: only on top of another increase (entry 83)."""

    kind: ClassVar[Literal["static"]] = "static"
    static_op: ClassVar[Literal["cost_modifier"]] = "cost_modifier"
    trigger: ClassVar[Literal[""]] = ""
    targets: ClassVar[tuple[TargetSpec, ...]] = ()  # a static ability has no targets
    effects: ClassVar[tuple[Effect, ...]] = ()  # nor effects
    modifier: CostModifierKind
    value: int
    player: Whose = "any"
    card_type: CardType | Literal["any"] = "any"
    card_class: str = ""
    if_increased: bool = False
    text_en: str = ""
    #: «Пока [эта карта] открыта, …»: in force only while the card is open (R15:115.1; key ``while_open``)
    while_open: bool = False
    #: «Ваши активируемые способности стоят на (1) меньше»: the cost of the activated abilities
    #: of those cards instead of their plays (R15:308.1 steps 2 and 4)
    of_abilities: bool = False


@dataclass(frozen=True, slots=True)
class SelfCostModifier:
    """A static modifier of the card's own cost while it is played from the hand (R15:106.1.1,
    115.1; INTERPRETING.md, entries 61 and 62): in force while ``cond`` holds ("" = always),
    ``value`` times the count ``per`` ("" = once)."""

    kind: ClassVar[Literal["static"]] = "static"
    static_op: ClassVar[Literal["cost_modifier"]] = "cost_modifier"
    trigger: ClassVar[Literal[""]] = ""
    targets: ClassVar[tuple[TargetSpec, ...]] = ()
    effects: ClassVar[tuple[Effect, ...]] = ()
    modifier: CostModifierKind
    value: int
    cond: Condition | Literal[""] = ""
    per: CostCount | Literal[""] = ""
    text_en: str = ""


@dataclass(frozen=True, slots=True)
class StrikeBonus:
    """«Пока …, [эта карта] имеет +N к удару» (R15:115.1): +``value`` strike while ``cond``
    holds for its controller ("" = always); with ``against`` only its strike at a creature in
    that state (R15:508.4.1; INTERPRETING.md, entry 55)."""

    kind: ClassVar[Literal["static"]] = "static"
    static_op: ClassVar[Literal["strike_bonus"]] = "strike_bonus"
    trigger: ClassVar[Literal[""]] = ""
    targets: ClassVar[tuple[TargetSpec, ...]] = ()
    effects: ClassVar[tuple[Effect, ...]] = ()
    value: int
    cond: Condition | Literal[""] = ""
    against: StrikeAgainst | Literal[""] = ""
    text_en: str = ""


@dataclass(frozen=True, slots=True)
class NoWoundsFrom:
    """«Не получает ран от существ с ударом N или более» (R15:517.1.1; INTERPRETING.md, entry 86)."""

    kind: ClassVar[Literal["static"]] = "static"
    static_op: ClassVar[Literal["no_wounds_from"]] = "no_wounds_from"
    trigger: ClassVar[Literal[""]] = ""
    targets: ClassVar[tuple[TargetSpec, ...]] = ()
    effects: ClassVar[tuple[Effect, ...]] = ()
    min_strike: int
    text_en: str = ""


@dataclass(frozen=True, slots=True)
class GrantAbility:
    """«Ваши существа[, не являющиеся созданными,] имеют: "…"», «Каждый ваш [класс] имеет "…"»:
    while the card is in play, each creature its controller controls in play (of ``card_class``
    only, if set; not a «Созданный» one with ``not_created``) has the card's granted ability of
    index ``index`` (its ``granted`` list; R15:7.gains, 115; INTERPRETING.md, entry 182)."""

    kind: ClassVar[Literal["static"]] = "static"
    static_op: ClassVar[Literal["grant_ability"]] = "grant_ability"
    trigger: ClassVar[Literal[""]] = ""
    targets: ClassVar[tuple[TargetSpec, ...]] = ()
    effects: ClassVar[tuple[Effect, ...]] = ()
    index: int = 0
    card_class: str = ""
    not_created: bool = False
    text_en: str = ""


@dataclass(frozen=True, slots=True)
class Armour:
    """«Броня N»: a prevention effect, the first N wounds of strikes and shots dealt to the card
    in each player's turn are prevented; of several, only the highest counts (R15 glossary
    «Броня Х», R15:516; :mod:`oracle.rules.mechanisms.wounds`)."""

    kind: ClassVar[Literal["static"]] = "static"
    static_op: ClassVar[Literal["armour"]] = "armour"
    trigger: ClassVar[Literal[""]] = ""
    targets: ClassVar[tuple[TargetSpec, ...]] = ()
    effects: ClassVar[tuple[Effect, ...]] = ()
    value: int
    text_en: str = ""


@dataclass(frozen=True, slots=True)
class Protection:
    """«Защита от [текст]» (R15:515, R15 glossary): ``source`` says from what; ``card_class``
    ("" = any) keeps it to strikes and shots of cards of that class.  From spells it is a
    targeting restriction (R15:515.2), otherwise a replacement effect: no wounds (R15:515.1,
    508.4.2)."""

    kind: ClassVar[Literal["static"]] = "static"
    static_op: ClassVar[Literal["protection_from"]] = "protection_from"
    trigger: ClassVar[Literal[""]] = ""
    targets: ClassVar[tuple[TargetSpec, ...]] = ()
    effects: ClassVar[tuple[Effect, ...]] = ()
    source: ProtectionKind
    card_class: str = ""
    text_en: str = ""


@dataclass(frozen=True, slots=True)
class PreventNext:
    """«Предотвратите следующие N ран, наносимые [кому]»: a counted prevention (R15:516.3,
    516.4): ``value`` wounds in all, dealt to the characters ``to`` watches; what it has
    prevented so far is its card's ``prevented`` (:mod:`oracle.rules.mechanisms.wounds`)."""

    kind: ClassVar[Literal["static"]] = "static"
    static_op: ClassVar[Literal["prevent_next"]] = "prevent_next"
    trigger: ClassVar[Literal[""]] = ""
    targets: ClassVar[tuple[TargetSpec, ...]] = ()
    effects: ClassVar[tuple[Effect, ...]] = ()
    value: int
    to: WoundWatch = "self"
    text_en: str = ""


@dataclass(frozen=True, slots=True)
class WoundReplacement:
    """«Если [кто] должен получить раны, вместо этого …» (R15:517.1): the wounds the
    characters ``to`` watches should get are replaced by ``instead`` — an upgrade (none put
    on) or ``value`` wounds more; not for a character of ``unless_class`` («и не является
    механизмом»)."""

    kind: ClassVar[Literal["static"]] = "static"
    static_op: ClassVar[Literal["wound_replacement"]] = "wound_replacement"
    trigger: ClassVar[Literal[""]] = ""
    targets: ClassVar[tuple[TargetSpec, ...]] = ()
    effects: ClassVar[tuple[Effect, ...]] = ()
    instead: ReplacementKind
    to: WoundWatch = "self"
    value: int = 0
    unless_class: str = ""
    text_en: str = ""


@dataclass(frozen=True, slots=True)
class CancelPlay:
    """A cancellation effect (R15:518.1): «Если противник разыгрывает карту, не являющуюся
    существом, вы можете уничтожить [эту карту], при этом отмените эту карту» — when a player
    of ``player`` ("opponent": the controller's opponent) plays a card of one of ``card_types``,
    the controller may destroy this card (outside the Queue, R15:518.3) to cancel that play
    at its step 10 (R15:309.1.10)."""

    kind: ClassVar[Literal["static"]] = "static"
    static_op: ClassVar[Literal["cancel_play"]] = "cancel_play"
    trigger: ClassVar[Literal[""]] = ""
    targets: ClassVar[tuple[TargetSpec, ...]] = ()
    effects: ClassVar[tuple[Effect, ...]] = ()
    card_types: tuple[CardType, ...]
    player: Whose = "opponent"
    text_en: str = ""


@dataclass(frozen=True, slots=True)
class DrawLimit:
    """«[Игрок] не может брать больше одной карты за ход» (``per_turn`` 1, R15:527.2.2) or «не
    может брать карты» (``per_turn`` 0, R15:527.3): each single draw past ``per_turn`` in the
    turn does not happen, for the players ``player`` names ("own": the card's controller)."""

    kind: ClassVar[Literal["static"]] = "static"
    static_op: ClassVar[Literal["draw_limit"]] = "draw_limit"
    trigger: ClassVar[Literal[""]] = ""
    targets: ClassVar[tuple[TargetSpec, ...]] = ()
    effects: ClassVar[tuple[Effect, ...]] = ()
    per_turn: int
    player: Whose = "own"
    text_en: str = ""


@dataclass(frozen=True, slots=True)
class DrawCount:
    """«Если вы должны взять несколько карт, возьмите на N больше»: an instruction to draw
    ``at_least`` cards or more draws ``value`` more, before it is counted into single draws
    (R15:527.2.1)."""

    kind: ClassVar[Literal["static"]] = "static"
    static_op: ClassVar[Literal["draw_count"]] = "draw_count"
    trigger: ClassVar[Literal[""]] = ""
    targets: ClassVar[tuple[TargetSpec, ...]] = ()
    effects: ClassVar[tuple[Effect, ...]] = ()
    value: int
    at_least: int = 2
    player: Whose = "own"
    text_en: str = ""


@dataclass(frozen=True, slots=True)
class DrawReplacement:
    """«Если вы должны взять карту, вместо этого …» (R15:527.5): each single draw of the players
    ``player`` names is replaced by the effects ``instead``, carried out by the card's
    controller with the card as their source (R15:527.5.1, 527.5.2; :mod:`oracle.rules.mechanisms.draws`)."""

    kind: ClassVar[Literal["static"]] = "static"
    static_op: ClassVar[Literal["draw_replacement"]] = "draw_replacement"
    trigger: ClassVar[Literal[""]] = ""
    targets: ClassVar[tuple[TargetSpec, ...]] = ()
    effects: ClassVar[tuple[Effect, ...]] = ()
    instead: tuple[Effect, ...]
    player: Whose = "own"
    text_en: str = ""


#: A static ability (R15:115); it has no targets and no effects.
StaticAbility = (
    CostModifier | SelfCostModifier | StrikeBonus | NoWoundsFrom | GrantAbility | Armour | Protection | PreventNext
    | WoundReplacement | CancelPlay | DrawLimit | DrawCount | DrawReplacement
)
