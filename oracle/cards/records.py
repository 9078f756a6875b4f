"""The card data's records, frozen: a card (:class:`CardDef`) and the pool (:class:`Pool`), a
target spec (501.1, 501.4), an effect with its op's parameters (:data:`OpParams`), and each
kind of ability (R15:112): spell, activated (R15:114), triggered (R15:113) and the static
ones (R15:115).  The loader (:mod:`oracle.cards.loader`) builds them; nothing else does.

This module holds the card, the pool and the abilities that take effect through their effects
(spell, activated, triggered); it hands on the target spec, the effect and the op parameters
of :mod:`~oracle.cards.effect_records` and the static abilities of
:mod:`~oracle.cards.static_records`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, Literal

from .effect_records import (
    NO_PARAMS,
    CreateParams,
    DelayedParams,
    Effect,
    GrantParams,
    KeywordParams,
    NoParams,
    OpParams,
    SearchParams,
    TargetSpec,
    TimedCostParams,
    WoundParams,
)
from .static_records import (
    Armour,
    CancelPlay,
    CostModifier,
    DrawCount,
    DrawLimit,
    DrawReplacement,
    GrantAbility,
    NoWoundsFrom,
    PreventNext,
    Protection,
    SelfCostModifier,
    StaticAbility,
    StrikeBonus,
    WoundReplacement,
)
from .vocabulary import (
    CardType,
    Condition,
    Keyword,
    KilledBy,
    Trigger,
    Whose,
)

__all__ = [
    "NO_PARAMS",
    "Ability",
    "ActivatedAbility",
    "Armour",
    "CancelPlay",
    "CardDef",
    "CostModifier",
    "CreateParams",
    "DelayedParams",
    "DrawCount",
    "DrawLimit",
    "DrawReplacement",
    "Effect",
    "EffectAbility",
    "Fury",
    "GrantAbility",
    "GrantParams",
    "KeywordParams",
    "NoParams",
    "NoWoundsFrom",
    "OpParams",
    "Pool",
    "PreventNext",
    "Protection",
    "SearchParams",
    "SelfCostModifier",
    "SpellAbility",
    "StaticAbility",
    "StrikeBonus",
    "TargetSpec",
    "TimedCostParams",
    "TriggeredAbility",
    "WoundParams",
    "WoundReplacement",
]


@dataclass(frozen=True, slots=True)
class SpellAbility:
    """An ability of a spell (R15:117, 211.1): it takes effect when the spell is played; no
    trigger, no cost of its own."""

    kind: ClassVar[Literal["spell"]] = "spell"
    trigger: ClassVar[Literal[""]] = ""
    targets: tuple[TargetSpec, ...] = ()
    effects: tuple[Effect, ...] = ()
    text_en: str = ""
    per_turn: int = 0  # 0 = no per-turn limit
    per_game: int = 0  # 0 = no per-game limit


@dataclass(frozen=True, slots=True)
class ActivatedAbility:
    """An activated ability (R15:114): declared by its controller, its cost paid (501.2):
    ``tap`` (close the card), ``coins`` open coins, ``discard`` cards of the hand («Сбросьте
    карту:», R15:7.discard, 114.1); ``x_coins``: the cost «(Х)», X open coins more, X declared by
    the player (R15:308.1 step 3, 512.4); ``thirst``: «Жажда N», wound another of the
    controller's characters N, the card the source of the wounds (R15:501.4).  A constructor
    (R15:524) has no effects of its own: ``options`` are the indexes, among the card's
    abilities, of the abilities it is built from (each an ``item``, declared only through it);
    ``repeat`` n: «выберите n раз из» (a chain of n, repeats allowed, R15:524.1); 0: «выберите
    одно или несколько» (1 to N distinct, R15:524.2); ``repeat_x``: «Выберите Х раз», the chain as
    long as the X declared for «(Х)», which ``discard_x`` makes the number of cards discarded too
    («(Х), сбросьте Х карт:», Не покладая рук).  ``graveyard``: «(эта особенность работает на
    кладбище)»: its player may also declare it while the card lies in his graveyard (R15 glossary
    «Кладбище» «если не сказано иного», R15:202.2; INTERPRETING.md, entry 157)."""

    kind: ClassVar[Literal["activated"]] = "activated"
    trigger: ClassVar[Literal[""]] = ""
    targets: tuple[TargetSpec, ...] = ()
    effects: tuple[Effect, ...] = ()
    text_en: str = ""
    per_turn: int = 0  # 0 = no per-turn limit (the loader's default is 1, R15:114.4)
    per_game: int = 0  # 0 = no per-game limit
    tap: bool = False
    coins: int = 0
    discard: int = 0
    x_coins: bool = False
    thirst: int = 0
    options: tuple[int, ...] = ()
    repeat: int = 0
    #: «сбросьте Х карт»: the cost discards X cards, X the one declared for «(Х)» (``discard``
    #: stays 0; INTERPRETING.md, entry 240)
    discard_x: bool = False
    #: «Выберите Х раз одно из»: the chain's length is the X declared for «(Х)» (``repeat``
    #: stays 0; R15:524.1; INTERPRETING.md, entry 241)
    repeat_x: bool = False
    item: bool = False
    graveyard: bool = False


@dataclass(frozen=True, slots=True)
class TriggeredAbility:
    """A triggered ability (R15:113): its condition ``trigger`` and who it is about
    (``whose``), «может» (``optional``, R15:113.4), «Каждый раз, когда» (``whenever``: no
    limit, R15:113.5), the nth card of the turn (``nth``; 0: any), the class of the card the
    trigger is about (``subject_class``; "" = any), what the dead card died «от» (``killed_by``,
    «death» and «creature_dies» only; "" = anything, R15:505.1.1).  A constructor «При [событие]
    выберите n раз из» (R15:524.1) has no effects of its own: ``options`` are the indexes of its
    ``item`` abilities (on the same condition, never fired by themselves), ``repeat`` n the
    length of the chain named with its declaration (INTERPRETING.md, entry 142)."""

    kind: ClassVar[Literal["triggered"]] = "triggered"
    trigger: Trigger
    targets: tuple[TargetSpec, ...] = ()
    effects: tuple[Effect, ...] = ()
    text_en: str = ""
    per_turn: int = 0  # 0 = no per-turn limit (the loader's default is 1 but «whenever», R15:113.5)
    per_game: int = 0  # 0 = no per-game limit
    whose: Whose = "any"
    optional: bool = False
    whenever: bool = False
    subject_class: str = ""
    nth: int = 0
    killed_by: KilledBy | Literal[""] = ""
    options: tuple[int, ...] = ()
    repeat: int = 0
    item: bool = False
    #: «Регенерация N» (R15 glossary): the ability a printed Регенерация N stands for, N; of
    #: several on one card only the highest fires (INTERPRETING.md, entry 143); 0: another ability.
    regeneration: int = 0
    #: «[условие], если …» (R15:113.2: a trigger's condition may begin with «Если»): a condition
    #: about its controller (CONDITIONS) that must hold for it to fire (INTERPRETING.md, entry 144).
    cond: Condition | Literal[""] = ""
    #: «Создайте A или B за каждого излеченного персонажа»: a delayed constructor whose chain is as
    #: long as the X its pending trigger counts (``pending[].count``; R15:524.1; entry 213).
    repeat_x: bool = False


#: An ability that takes effect through its effects (R15:112): a spell's, an activated or a
#: triggered one; the Queue's entries are of these.
EffectAbility = SpellAbility | ActivatedAbility | TriggeredAbility
#: One ability of a card (R15:112), a record of its kind: ``kind`` (and a static one's
#: ``static_op``) tell them apart, as does ``isinstance``.
Ability = EffectAbility | StaticAbility


@dataclass(frozen=True, slots=True)
class Fury:
    """An optional additional cost of a card (Ярость) and what paying it adds."""

    coins: int
    abilities: tuple[Ability, ...]


@dataclass(frozen=True, slots=True)
class CardDef:
    """A card as printed: properties (R15:104–108) and abilities."""

    id: str
    name: str
    name_en: str
    type: CardType
    cost: int  # -1 means X
    strike: int
    life: int
    card_class: str
    keywords: frozenset[Keyword]
    turn_order: Literal["first", "second", ""]
    abilities: tuple[Ability, ...]
    modes: tuple[tuple[Ability, ...], ...]
    fury: Fury | None
    alt_wound_own_hero: int  # 0 = no alternative cost
    text: str
    source: str
    classes: tuple[str, ...] = ()  # the printed classes (R15:107.3); card_class is the first
    #: The printed elements (R15:107.2; () = neutral); None where the reference records none.
    elements: tuple[str, ...] | None = None
    poison: int = 0  # the printed «Отравление N» (creatures; 0 = none; INTERPRETING.md, entry 80)
    #: Delayed triggered abilities its effects may create (op ``create_delayed``, R15:521):
    #: numbered after ``abilities`` (the first is ``len(abilities)``), never in force by themselves.
    delayed: tuple[TriggeredAbility, ...] = ()
    #: Triggered abilities its effects or statics give to other cards (R15:7.gains; card key
    #: ``granted``): numbered after ``abilities`` and ``delayed``, never its own (entry 180).
    granted: tuple[TriggeredAbility, ...] = ()
    #: A spell constructor «Выберите n раз одно из» (R15:524.1): n, its ``modes`` the options,
    #: chosen as a chain of n with the play (repeats allowed); 0: the modes, if any, are a
    #: modal spell's, one chosen (309.1 step 3).
    chain: int = 0

    def ability_at(self, index: int) -> Ability | None:
        """The ability of index ``index``: one of ``abilities``, then one of ``delayed``
        (R15:521), then one of ``granted`` (R15:7.gains); None if there is none."""
        if 0 <= index < len(self.abilities):
            return self.abilities[index]
        k = index - len(self.abilities)
        if 0 <= k < len(self.delayed):
            return self.delayed[k]
        k -= len(self.delayed)
        return self.granted[k] if 0 <= k < len(self.granted) else None

    @property
    def first_granted(self) -> int:
        """The index of its first granted ability (after its own and its delayed ones)."""
        return len(self.abilities) + len(self.delayed)

    @property
    def x_cost(self) -> bool:
        """The cost contains X (R15:106.1.2)."""
        return self.cost == -1

    @property
    def is_character(self) -> bool:
        """Heroes and creatures are characters (R15:107.1.2)."""
        return self.type in ("hero", "creature")


@dataclass(frozen=True, slots=True)
class Pool:
    """All card definitions by id, plus the pool's version tag."""

    version: str
    cards: Mapping[str, CardDef]

    def __getitem__(self, card_id: str) -> CardDef:
        return self.cards[card_id]

    def __contains__(self, card_id: object) -> bool:
        return card_id in self.cards

