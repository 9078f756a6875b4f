"""The records of what an ability does: a target spec (501.1, 501.4), an effect (R15:119.2)
and the parameters of its op (:data:`OpParams`, one record type per op, :data:`OPS`).
:mod:`oracle.cards.records` hands them on."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .vocabulary import (
    CardType,
    Condition,
    CostModifierKind,
    DerivedAmount,
    GrantedKeyword,
    IfPrevious,
    Op,
    Recipient,
    TargetChooser,
    TargetFilter,
    TargetSide,
    TargetWhat,
)

__all__ = [
    "NO_PARAMS",
    "CreateParams",
    "DelayedParams",
    "Effect",
    "GrantParams",
    "KeywordParams",
    "NoParams",
    "OpParams",
    "SearchParams",
    "TargetSpec",
    "TimedCostParams",
    "WoundParams",
]


@dataclass(frozen=True, slots=True)
class NoParams:
    """The parameters of an op that has none of its own (its effect's common fields say it all)."""


@dataclass(frozen=True, slots=True)
class WoundParams:
    """``wound``: ``shot`` marks «Выстрел на X», a wound of an enemy target that is a shot
    (R15:7.shot, 507.2; INTERPRETING.md, entry 67)."""

    shot: bool = False


@dataclass(frozen=True, slots=True)
class KeywordParams:
    """``keyword_until_end_of_turn`` / ``keyword_while_in_play``: the keyword granted (entry 69)."""

    keyword: GrantedKeyword


@dataclass(frozen=True, slots=True)
class SearchParams:
    """``search``, ``summon``, ``resurrect``: what it looks for (``find``, R15:7.search,
    R15:519.3, 519.4; INTERPRETING.md, entries 84, 111): a printed name ("" = any), a card type
    ("" = any), a printed cost, X as 0 (-1 = any), a highest printed cost («стоимостью (1) или
    менее»; -1 = any)."""

    name: str = ""
    card_type: CardType | Literal[""] = ""
    cost: int = -1
    max_cost: int = -1


@dataclass(frozen=True, slots=True)
class CreateParams:
    """``create``: the id of the created card («Созданный», R15 glossary; R15 Part 8) it creates."""

    card: str


@dataclass(frozen=True, slots=True)
class TimedCostParams:
    """``cost_next_turn`` / ``cost_until_end_of_opponent_turn``: the timed cost effect put on the
    player (R15:521.1, 523.1): the modifier kind, the card type it is about ("" = any), only
    the first card he plays in a turn («Первая карта … в его следующий ход»), only cards named
    like the ability's target («Существа с таким же названием»; effect key ``same_name``)."""

    modifier: CostModifierKind = "increase"
    card_type: CardType | Literal[""] = ""
    first_only: bool = False
    same_name: bool = False


@dataclass(frozen=True, slots=True)
class DelayedParams:
    """``create_delayed``: which of the card's delayed abilities it creates (``index`` into
    :attr:`CardDef.delayed`; R15:521)."""

    index: int = 0


@dataclass(frozen=True, slots=True)
class GrantParams:
    """``grant_ability_until_end_of_turn`` / ``grant_ability_while_in_play``: which of the
    card's granted abilities the recipient gains (``index`` into :attr:`CardDef.granted`;
    R15:7.gains; INTERPRETING.md, entry 180)."""

    index: int = 0


#: The parameters of one op, beside an effect's common fields (the record type is the op's,
#: :data:`OPS`).
OpParams = (
    NoParams | WoundParams | KeywordParams | SearchParams | CreateParams | TimedCostParams | DelayedParams | GrantParams
)
#: The record of no parameters, shared by the effects of every op that has none.
NO_PARAMS = NoParams()


@dataclass(frozen=True, slots=True)
class TargetSpec:
    """What a target must be at declaration (501.1, 501.4)."""

    what: TargetWhat
    side: TargetSide
    filters: tuple[TargetFilter, ...]
    min_count: int
    max_count: int
    card_class: str = ""  # "" = any class
    max_cost: int = -1  # -1 = no cost restriction
    min_strike: int = -1  # -1 = no strike restriction
    chooser: TargetChooser = "controller"  # R15:118.1
    cost_x: bool = False  # «стоимостью (Х)»: its cost is the X declared (INTERPRETING.md, entry 201)
    x_count: bool = False  # «Х персонажей»: exactly the declared X of the cost «(Х)» (INTERPRETING.md, entry 192)


@dataclass(frozen=True, slots=True)
class Effect:
    """One instruction of an ability; ``amount`` is an int or a derived amount.  ``cond``
    ("" for none) must hold for it to happen; ``bonus`` is added to the amount when
    ``bonus_if`` holds.  ``params`` are the op's own parameters, a record of the type
    :data:`OPS` gives the op (:data:`NO_PARAMS` for an op that has none)."""

    op: Op
    to: Recipient
    amount: int | DerivedAmount
    cond: Condition | Literal[""] = ""
    bonus: int = 0
    bonus_if: Condition | Literal[""] = ""
    if_previous: IfPrevious | Literal[""] = ""  # "" = whatever the previous effect did
    per: int = 1  # a counted amount (COUNTED_AMOUNTS) is ``per`` times the count («+2 … за каждую»)
    params: OpParams = NO_PARAMS
    #: The class the amount ``own_class_creatures`` counts («количество ваших орков»; entry 184).
    card_class: str = ""
    #: A target this effect names when it is carried out, not with the declaration: the target
    #: of a part after «;» (R15:116.1, 119.2; card key ``names_target``; INTERPRETING.md, entry
    #: 250).  The ability then declares no target; the later effects with ``to`` "target" reach
    #: what was named (None: the effect names none).
    names_target: TargetSpec | None = None
