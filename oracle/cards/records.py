"""The card data's records, frozen: a card (:class:`CardDef`) and the pool (:class:`Pool`), a
target spec (501.1, 501.4), an effect with its op's parameters (:data:`OpParams`), and each
kind of ability (R15:112): spell, activated (R15:114), triggered (R15:113) and the static
ones (R15:115).  The loader (:mod:`oracle.cards.loader`) builds them; nothing else does."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, Literal

from .vocabulary import (
    CardType,
    Condition,
    CostCount,
    CostModifierKind,
    DerivedAmount,
    GrantedKeyword,
    IfPrevious,
    Keyword,
    KilledBy,
    Op,
    ProtectionKind,
    Recipient,
    ReplacementKind,
    StrikeAgainst,
    TargetChooser,
    TargetFilter,
    TargetSide,
    TargetWhat,
    Trigger,
    Whose,
    WoundWatch,
)

__all__ = [
    "NO_PARAMS",
    "Ability",
    "ActivatedAbility",
    "Armour",
    "CancelPlay",
    "CardDef",
    "CostModifier",
    "DelayedParams",
    "DrawCount",
    "DrawLimit",
    "DrawReplacement",
    "Effect",
    "EffectAbility",
    "Fury",
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



#: An ability that takes effect through its effects (R15:112): a spell's, an activated or a
#: triggered one; the Queue's entries are of these.
EffectAbility = SpellAbility | ActivatedAbility | TriggeredAbility
#: A static ability (R15:115); it has no targets and no effects.
StaticAbility = (
    CostModifier | SelfCostModifier | StrikeBonus | NoWoundsFrom | GrantAbility | Armour | Protection | PreventNext
    | WoundReplacement | CancelPlay | DrawLimit | DrawCount | DrawReplacement
)
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

