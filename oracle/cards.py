"""The card pool: card definitions read from ``data/cards.json`` (data, never code).

A card definition is a flat, immutable record.  Each of its abilities is a record of its
kind (:class:`SpellAbility`, :class:`ActivatedAbility`, :class:`TriggeredAbility`, and the
static ones :class:`CostModifier`, :class:`SelfCostModifier`, :class:`StrikeBonus`,
:class:`NoWoundsFrom`), whose effects are named operations from a closed vocabulary
(:data:`EFFECT_OPS`, a ``Literal`` type like every vocabulary here), each with the record of
its own parameters (:data:`OPS`, the op table); nothing in the file is evaluated.  The loader
validates every field and names the offending one in a :class:`CardDataError`.

Schema of one card (JSON object)::

    id         ascii id, stable, used in states and scenarios ("strazh_kupeli")
    name       Russian name as printed;  name_en  English gloss
    type       "hero" | "creature" | "spell" | "support"          (R15:107.1)
    cost       integer >= 0, or "X" (variable cost, R15:106.1.2); absent for heroes
    strike     creatures only; life: creatures and heroes           (R15:106.2, 106.3)
    class      the printed class (R15:107.3), one of the classes R15:107.3.3 lists for the
               card's type (CLASSES); a string, or a list of strings for a card of several
               classes (a combined card has the classes of all its parts, R15 glossary
               «Объединённая карта»).  Support cards need exactly one (one per class per
               player, R15:212.3); creatures and spells keep their printed class
    keywords   subset of KEYWORDS: "dash" (Рывок R15:108.5), "stealth" (Скрытность),
               "cannot_be_stunned" («Не может быть оглушен», R15:514.2: an effect that stuns
               does nothing to it, neither closes it nor gives it «Оглушение»; it may still be
               chosen as a target), "attack_experience" («Опыт в атаке», R15 glossary: it is
               not closed after its strike attack, 307.3), "cannot_attack" («Не может атаковать»,
               R15:514.2: it cannot declare a strike attack), "cannot_defend" («Не может выступать
               защитником», R15:514.2: it cannot be assigned as defender); these four creatures
               only (INTERPRETING.md, entries 81 and 87); "unique" (Уникальность: when a second card of the
               same name comes into its player's play zone, the first goes to the graveyard,
               a rules effect, R15:503.1; INTERPRETING.md, entry 83)
    poison     creatures only, optional, n >= 1: the printed «Отравление N» (R15 glossary «Отравление
               на Х»): the card has Poison N of its own from the moment it enters play (its
               state's ``poison`` becomes N, the higher value applying), so «Отравить» does
               not add to it, «Усилить отравление» raises it and «Снять отравление» removes it
               (INTERPRETING.md, entry 80)
    turn_order heroes only: "first" | "second" (301.4.1)
    text       the Russian card text the model follows; source: where it was read
    modes      spells only: list of lists of abilities; the player picks one (309.1 step 3)
    fury       optional additional cost: {"coins": n, "abilities": [...]} (Ярость, 309.1 step 3)
    alt_cost   optional alternative cost: {"wound_own_hero": n} (розыгрыш за здоровье)
    abilities  list of abilities (below)

Ability::

    kind      "spell" | "activated" | "triggered" | "static"
    text_en   optional English gloss
    trigger   triggered only: one of TRIGGERS
    whose     for start_of_turn / end_of_turn / creature_dies / creature_enters /
              spell_played / card_played / creature_played / card_drawn / prepared: "own" | "opponent" |
              "any" (whose turn, whose creature or spell, who played or drew the card, whose
              character)
    nth       card_played (optional, n >= 1) and card_drawn (required, n >= 2): only the
              player's nth card played / drawn this turn («вторую карту за ход»; the count of
              the state's played_this_turn / drawn_this_turn right after that card;
              INTERPRETING.md, entry 60)
    optional  triggered only: true when the text says «может» (R15:113.4)
    whenever  triggered only: «Каждый раз, когда»: no per-turn limit (R15:113.5)
    limit     {"per_turn": n} or {"per_game": n}; default per_turn 1 for activated and
              triggered abilities that are not «whenever» (R15:113.5, 114.4); spells: none
    cost      activated only: {"tap": bool, "coins": n, "discard": 1}   (501.2); "discard": the
              cost discards a card of the hand («Сбросьте карту:», R15:7.discard, 114.1): the
              activation names it (the action's ``values``) and it is discarded at the payment,
              a discard like any other («Каждый раз, когда вы сбрасываете карты» fires;
              INTERPRETING.md, entry 75)
    targets   list of target specs, chosen at declaration (501.1, 501.4)
    effects   list of effects, executed in order (R15:119.2)
    subject_class  creature_dies / creature_enters / wounds_hero only: the card the trigger is
              about must have this class («При гибели братства», «Когда ваш механизм наносит
              раны герою»); default: any card
    static    static only: {"op": "cost_modifier", "modifier": one of MODIFIERS,
              "value": n, "player": "own"|"opponent"|"any", "card_type": type or "any",
              "class": a class (optional: only cards of that class, «Механизмы стоят …»),
              "if_increased": true (optional, with "increase": it applies only when another
              modifier makes the card cost more, an increase of 1 or more or a multiplication
              by 2 or more: «Если карта противника должна стоить дороже, она стоит
              дополнительно на (1) дороже»; INTERPRETING.md, entry 83)}
              or {"op": "cost_modifier", "self": true, "modifier": …, "value": n, "if": a
              condition (optional), "per": one of COST_COUNTS (optional: value times that
              count)}: the card's own cost, working only while it is played from the hand
              (R15:106.1.1, 115.1; «Легионер стоит (0)», «Стоит на (1) дороже за каждую карту у
              вас в руке»), after the modifiers of the cards in play (INTERPRETING.md,
              entries 61 and 62)
              or {"op": "strike_bonus", "value": n, "if": a condition (optional)}: while
              the creature is in play, not hidden, and the condition holds for its
              controller, it has +n strike («Пока у вас нет карт в руке, … имеет +3 к
              удару», R15:115.1; a static modifier adds like any other, R15:523.1); with
              "against": one of STRIKE_AGAINST (optional) the +n is not part of its strike
              but of its strike at a creature in that state, attacking or striking back,
              added at the fight's calculation step («+2 к удару по оглушенным существам»,
              R15:508.4.1, 510.2; INTERPRETING.md, entry 55)
              or {"op": "no_wounds_from", "min_strike": n}: while the creature is in play,
              a creature whose strike is n or more deals it no wounds — by its strike (an
              attack or a return strike) nor by an ability it is the source of, a shot
              included (R15:502.2); the strike read when the wounds would be dealt: the
              current strike of a creature in play, the printed one of a card that left it
              («Не получает ран от существ с ударом 6 или более», R15 glossary «Не получает
              ран от», R15:517.1.1: a replacement effect, the card stays a legal target;
              event ``wounds_prevented``; INTERPRETING.md, entry 86)

Target spec::  {"what": "creature"|"hero"|"character", "side": "own"|"enemy"|"any",
                "filter": subset of ["poisoned", "other", "wounded"],
                "class": a class (optional: the target must have it, «Ранить механизм»),
                "max_cost": n (optional: printed cost at most n, X as 0, «стоимостью (1) или
                менее»), "min_strike": n (optional: current strike at least n, «с ударом 6 или
                более»); both checked at declaration like every restriction (501.4),
                "count": n (exactly n distinct) or {"up_to": n} (1..n distinct),
                "optional": true (optional, triggered abilities only: the target may be
                left out at the declaration, zero targets, and the effects to "target" then
                reach nobody — «…; можете отравить существо на 1», R15:119.5; INTERPRETING.md,
                entry 85),
                "chooser": "controller" (default) or "opponent" (optional: «по его выбору»,
                the opponent of the ability's controller chooses the target after the
                declaration, R15:118.1; "enemy" still means the controller's opponent;
                INTERPRETING.md, entry 48)}

Effect::  {"op": one of EFFECT_OPS, "to": a recipient, "amount": n or one of AMOUNTS,
           "if": one of CONDITIONS (optional: the effect happens only if it holds),
           "bonus": {"if": one of CONDITIONS, "amount": n} (optional: ``amount`` is n more
           if it holds),
           "if_previous": "done" | "not_done" (optional, not on the first effect: the effect
           happens only if the effect before it was (not) carried out — «при этом», R15:119.4,
           and «иначе», R15:119.7; INTERPRETING.md, entry 54),
           "per": n (optional, counted amounts only: the amount is n times the count,
           «+2 … за каждую сброшенную карту», «на 3 за каждую карту»),
           "shot": true (optional, a ``wound`` of the targets only, whose target spec is
           "enemy": the wound is a shot, «Выстрел на X», R15 glossary «Выстрел», R15:507.2;
           it deals as many more wounds as the source's «+N к выстрелам» in force, op
           "shots_until_end_of_turn"; INTERPRETING.md, entry 67),
           "keyword": one of GRANTED_KEYWORDS (ops "keyword_until_end_of_turn" and
           "keyword_while_in_play" only, required there: the keyword the recipient creatures
           gain, «получает Рывок / Уязвимость / Первый удар / Направленный удар по существу
           противника»)}
    grant effects (GRANT_OPS; INTERPRETING.md, entries 69-74) put a modifier on each
    recipient creature that gives it something other than strike (the state's
    ``modifiers[].grants``): "upgrade" («Усовершенствуйте [существо]», R15:7.upgrade; ``to``
    "self" or one creature target): it loses its classes and is a Механизм while it is in
    play; if it is a mechanism already the ability is cancelled: neither this effect nor any
    later one happens (entry 70); "life_while_in_play" (+``amount`` life, «получает +N к
    жизням» with no duration, R15:7.gains, 205.3); "keyword_until_end_of_turn" /
    "keyword_while_in_play" (the ``keyword``, until 310.2 or while in play); and
    "double_strike_until_end_of_turn" («Удвойте силу удара … до конца хода»: a multiplying
    modifier, R15:523.1, entry 71)
    hand effects (HAND_OPS: "discard", "put_on_deck_top"; INTERPRETING.md, entries 63-66) go
    to "controller", "opponent" or "each_player" (each player in turn, the controller
    first); the player chooses the cards of his own hand while the ability resolves (step
    ``hand_choice``): ``amount`` cards (all he has if fewer, R15:520.4), "any" for «любое
    количество» (none included), and none as well when the next effect is its «иначе»
    (R15:119.7); "put_on_deck_top" moves 1 card.
    "search" («Поиск», R15:7.search; INTERPRETING.md, entry 84) goes to "controller": he
    chooses up to ``amount`` cards of his own deck that match ``find`` — {"name": a printed
    name of the pool} («Поиск до двух Порождений Пустоши») or {"type": a card type, "cost": n}
    («Поиск до двух заклинаний стоимостью (1)», the printed cost, X as 0), either key alone
    or both — none included («можно их не искать»); they go to his hand, shown to his
    opponent (event ``cards_found``), and his deck is then shuffled: a chance decision at
    step ``search_shuffle`` (action ``shuffle``, as at 301.5), even when he took none (the
    deck was looked through, R15:204.2).  No effect after a hand effect reads
    "drawn" or "self_strike", and no ``if_previous`` follows one of "each_player" or a search.
    "graveyard_to_deck_top" (``to`` "self") is not a hand effect: the ability's own card goes
    from its owner's graveyard on top of his deck, if it is there when the effect executes
    («Гибель: … на верх колоды вместо кладбища»; INTERPRETING.md, entry 78).
    "gain_coins_until_end_of_turn" (``to`` "controller" or "opponent", a number): open coins
    that go back to the supply at 310.2, not a loss (R15:522.4; entry 76).
    conditions («если …», R15:119.2) are read about the ability's controller when the
    effect executes, not when the ability is declared (INTERPRETING.md, entry 42):
    "hand_fewer_than_opponent" (fewer cards in hand than the opponent), "hand_more_than_opponent"
    (more cards in hand than the opponent), "hand_empty" (no cards in hand); one condition
    is about each recipient target instead, read when the effect executes, effects with
    ``to`` "target" only: "target_stunned" (the target has «Оглушение», R15:7.stun: not
    merely closed; the effect goes to each target that has it; INTERPRETING.md, entry 54),
    "target_has_shot" (the target has an ability with a ``shot`` effect, «Если у него есть
    выстрел»; entry 68)
    an effect is carried out (for ``if_previous``) when its condition held and it reached a
    recipient: a card that took it (``destroy``: a creature destroyed), or the player
    recipients: "target" (every chosen target of this ability), "self", "own_hero",
    "enemy_hero", "each_enemy_creature", "each_own_creature", "each_creature",
    "each_other_creature" (every creature in play but the ability's source), "each_hero",
    "each_enemy_character" («каждого персонажа противника»: the opponent's hero, then his
    creatures in play that are not hidden, R15:504.3; INTERPRETING.md, entry 87),
    "controller", "opponent", "each_player" (hand effects only)
    "distribute_wounds" splits ``amount`` among the chosen targets, each at least one
    (309.1 step 6).
    derived amounts (AMOUNTS; INTERPRETING.md, entry 44): "X" (the X announced), "self_strike"
    (the source's current strike; printed if it left play), "target_cost" (each recipient
    target's printed cost, X = 0, R15:106.1.4; recipient "target" only), "creatures_strike_6_plus"
    (how many creatures in play, not hidden, have strike 6 or more when the effect executes),
    "drawn" (how many cards this ability's earlier effects drew), "drawn_this_turn" (how
    many cards the ability's controller drew this turn, R15:527.1, when the effect executes;
    INTERPRETING.md, entry 60), "healed_own_creatures_last_turn" (the wounds actually removed from
    the controller's creatures, hidden ones included, during his own turn: the current one if it is
    his, else his last; the state's ``creatures_healed_own_turn``, R15:7.heal; INTERPRETING.md,
    entry 88), "any" (hand effects: any number), "discarded" (a «discards»
    trigger: the cards its discard moved, INTERPRETING.md, entry 65), "recipient_hand" (a
    wound of heroes: the cards in the hand of each recipient hero's player when it executes,
    entry 66), "wounds_dealt" (a «strikes_hero» trigger: the wounds the strike put on the
    hero, entry 57), "other_own_creatures" («за каждое другое ваше существо»: the creatures in
    the ability's controller's play zone but its source, hidden ones included, counted when the
    effect executes; INTERPRETING.md, entry 79), "target_strike" (the strike of the ability's
    one target, a creature: its current strike, or the strike it had just before it left play
    during this resolution, or its printed strike if it was gone before; «Х - сила удара этого
    механизма»; INTERPRETING.md, entry 82), "self_wounds" (a «death» trigger only: «Х -
    количество ран на [этой карте]», the wounds its source had when it was destroyed, last
    known information, R15:403.1, kept in the trigger's count since leaving play clears them,
    R15:205.3; 0 when it had none; INTERPRETING.md, entry 87); "self_strike" of a source that left play while this ability resolved is the
    strike it had just before it left (last known information, R15:403.1; INTERPRETING.md,
    entry 56)
    "strike_while_in_play" and "life_while_in_play" («получает +N к удару и жизням») put on a
    lasting +N strike / +N additional lives (R15:504.2), no duration (R15:205.3); an amount of 0
    puts on nothing (no modifier, not carried out; INTERPRETING.md, entry 79)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any, ClassVar, Literal, TypeVar, get_args

from .errors import FieldError

__all__ = [
    "ALL_CLASSES",
    "AMOUNTS",
    "CLASSES",
    "CONDITIONS",
    "COST_COUNTS",
    "EFFECT_OPS",
    "FIND_KEYS",
    "HAND_OPS",
    "IF_PREVIOUS",
    "MODIFIERS",
    "NO_PARAMS",
    "OPS",
    "RECIPIENTS",
    "STRIKE_AGAINST",
    "TARGET_CONDITIONS",
    "TRIGGERS",
    "Ability",
    "ActivatedAbility",
    "CardDataError",
    "CardDef",
    "CostModifier",
    "Effect",
    "EffectAbility",
    "Fury",
    "KeywordParams",
    "NoParams",
    "NoWoundsFrom",
    "Op",
    "OpParams",
    "OpSpec",
    "Pool",
    "SearchParams",
    "SelfCostModifier",
    "SpellAbility",
    "StaticAbility",
    "StrikeBonus",
    "TargetSpec",
    "TriggeredAbility",
    "WoundParams",
    "load_pool",
    "parse_pool",
]

CardType = Literal["hero", "creature", "spell", "support"]
TYPES: tuple[CardType, ...] = get_args(CardType)
#: The classes of each card type, as R15:107.3.3 lists them («механизм» and «кошмар» are
#: classes of both creatures and support cards, R15:107.3.2).
CLASSES: dict[str, tuple[str, ...]] = {
    "hero": ("Герой-воин", "Герой-голем", "Герой-жрец", "Герой-маг", "Герой-разбойник"),
    "creature": (
        "Акванит", "Аккениец", "Ангел", "Артефакт", "Архаалит", "Боевая машина", "Братство", "Вайл",
        "Великан", "Ворг", "Гарпия", "Гном", "Гоблин", "Голем", "Гремлин", "Демон", "Дитя Кронга",
        "Дракон", "Драконид", "Дух", "Зверь", "Инквизитор", "Йордлинг", "Кентавр", "Ковен", "Койар",
        "Кошмар", "Ктулхист", "Линунг", "Метаморф", "Механизм", "Минотавр", "Нага", "Наёмник",
        "Нежить", "Огр", "Орк", "Пират", "Подземник", "Порождение", "Пустой", "Речная дева",
        "Речная рыба", "Рой", "Свин", "Слуа", "Страж леса", "Сумрак", "Тигролюд", "Тоа-Дан", "Тролль",
        "Ург", "Фея", "Хван", "Элементаль", "Эльф", "Энт", "Яйцо",
    ),
    "spell": ("Волшебство", "Грех", "Действие", "Зелье", "Приказ", "Ритуал", "Сфера"),
    "support": ("Амулет", "Броня", "Кошмар", "Местность", "Механизм", "Оружие", "Событие"),
}
#: Every class of any type (a class filter names one of these).
ALL_CLASSES: tuple[str, ...] = tuple(sorted({c for cs in CLASSES.values() for c in cs}))
Keyword = Literal["dash", "stealth", "cannot_be_stunned", "attack_experience", "cannot_attack", "cannot_defend", "unique"]
KEYWORDS: tuple[Keyword, ...] = get_args(Keyword)
#: Keywords of creatures only (Скрытность is checked on its own).
_CREATURE_KEYWORDS: tuple[Keyword, ...] = ("cannot_be_stunned", "attack_experience", "cannot_attack", "cannot_defend")
AbilityKind = Literal["spell", "activated", "triggered", "static"]
ABILITY_KINDS: tuple[AbilityKind, ...] = get_args(AbilityKind)
#: Trigger conditions the engine knows (R15:113.2).
Trigger = Literal[
    "start_of_turn",  # «В начале хода»
    "end_of_turn",  # «В конце хода»
    "hire",  # «Найм»: this card entered the play zone
    "death",  # «Гибель»: this card was destroyed
    "attacks",  # «при атаке»: this creature declared a strike attack
    "closed",  # this card became closed
    "creature_dies",  # another creature was destroyed
    "creature_enters",  # another creature entered the play zone
    "spell_played",  # a spell was played
    "card_played",  # a card of any type was played («разыгрывает карту»); whose: who played it
    "targeted_by_spell",  # this card became a target of a spell («становится целью заклинания»)
    "prepared",  # another character was prepared («был подготовлен»); whose: its controller
    "attack_declared",  # a strike attack was declared («когда противник объявляет атаку», R15:307.1); whose: the attacker's
    "self_prepared",  # this card was prepared («Когда Лесной гигант был подготовлен», R15:7.prepare)
    "strikes_hero",  # this creature dealt wounds to a hero with its strike («Когда наносит раны ударом по герою», R15:510.3)
    "wounds_hero",  # another card dealt wounds to a hero, by its strike or its ability (R15:502.2); whose: its controller's
    "card_drawn",  # a player drew his nth card this turn («когда вы берете вторую карту за ход», R15:527.2); whose: who drew
    "discards",  # a player discarded cards («Каждый раз, когда вы сбрасываете карты», R15:7.discard); whose: who discarded
    "creature_played",  # another creature card was played («Когда вы разыгрываете существо», R15:309.1); whose: who played it
]
TRIGGERS: tuple[Trigger, ...] = get_args(Trigger)
#: Triggers about a player's nth card of the turn (``nth``; INTERPRETING.md, entry 60).
NTH_TRIGGERS: tuple[Trigger, ...] = ("card_played", "card_drawn")
Whose = Literal["own", "opponent", "any"]
WHOSE: tuple[Whose, ...] = get_args(Whose)
#: Kinds of static ability (R15:115): a cost modifier, «Пока …, [эта карта] имеет +N к
#: удару» (strike_bonus on the card itself, R15:115.1, 115.5), or «Не получает ран от существ
#: с ударом N или более» (no_wounds_from, a replacement effect, R15:517.1.1).
StaticOp = Literal["cost_modifier", "strike_bonus", "no_wounds_from"]
STATIC_OPS: tuple[StaticOp, ...] = get_args(StaticOp)
#: What the creature struck must be for a «strike_bonus» with "against» («+N к удару по
#: оглушенным существам», R15:508.4.1): a creature with «Оглушение» (R15:7.stun).
StrikeAgainst = Literal["stunned"]
STRIKE_AGAINST: tuple[StrikeAgainst, ...] = get_args(StrikeAgainst)
#: Cost modifier kinds in the order 309.1 step 8 applies them (R15:523.1).
CostModifierKind = Literal["increase", "multiply", "decrease", "divide", "set"]
MODIFIERS: tuple[CostModifierKind, ...] = get_args(CostModifierKind)
#: The closed vocabulary of effect operations.
Op = Literal[
    "wound",  # deal wounds (R15:504.3)
    "distribute_wounds",  # split wounds among the targets, at least one each
    "destroy",  # destroy without wounds (R15:505.2)
    "poison",  # «Отравить на Х»: Poison X, the highest value applies (R15:7.poison)
    "intensify_poison",  # «Усилить отравление на Х»: Poison Y becomes X+Y
    "cure",  # remove all poison
    "heal",  # remove wounds
    "draw",  # draw cards
    "gain_coin",  # get open coin markers
    "gain_coins_until_end_of_turn",  # «Получите (N) до конца хода»: temporary open coins, back to the supply at 310.2 (R15:522.4)
    "lose_coins",  # «теряет (N)»: coins go back to the supply, closed ones first (R15:522.2, 522.5)
    "open",  # open (untap) a card
    "prepare",  # «Подготовить» (R15:7.prepare): open, drop activated per-turn markers, may attack/defend again
    "close",  # close (tap) a card
    "stun",  # «Оглушить»: close the card, it gets «Оглушение» (R15:7.stun)
    "strike_until_end_of_turn",  # +N strike until end of turn (310.2)
    "shots_until_end_of_turn",  # «+N к выстрелам до конца хода»: the card's shots deal N more (310.2; entry 67)
    "strike_until_start_of_turn",  # +N strike until the next turn starts (303.1)
    "strike_until_start_of_your_next_turn",  # +N strike until the controller's next turn starts (303.1)
    "hide",  # the creature becomes hidden (Скрытность)
    "set_strike_until_start_of_your_next_turn",  # «Удар … становится равен N до начала вашего следующего хода»
    "draw_to_match_opponent",  # «Берите карты, пока у вас в руке не будет столько же карт, сколько у противника»
    "strike_while_in_play",  # «получает +N к удару» with no duration: while it is in play (R15:205.3; entry 58)
    "discard",  # «Сбросьте карту»: the player moves cards of his choice from his hand to his graveyard (R15:7.discard)
    "put_on_deck_top",  # «Положите карту из руки на верх колоды»: a card of his choice goes on top of his deck
    "upgrade",  # «Усовершенствуйте»: it loses its classes and is a Механизм; a mechanism cancels the ability (R15:7.upgrade)
    "life_while_in_play",  # «получает +N к жизням» with no duration: +N life while it is in play (R15:7.gains, 205.3)
    "keyword_until_end_of_turn",  # «получает [keyword] до конца хода» (310.2); effect key ``keyword``
    "keyword_while_in_play",  # «получает [keyword]» with no duration: while it is in play (R15:7.gains, 205.3)
    "double_strike_until_end_of_turn",  # «Удвойте силу удара … до конца хода»: a ×2 strike modifier (R15:523.1; 310.2)
    "graveyard_to_deck_top",  # «положить [эту карту] на верх колоды вместо кладбища»: the source, from its owner's graveyard (entry 78)
    "search",  # «Поиск»: up to N matching cards of his own deck, of his choice, go to his hand; the deck is shuffled (R15:7.search)
]
EFFECT_OPS: tuple[Op, ...] = get_args(Op)
#: Keywords an effect grants (effect key ``keyword``; the modifier's ``grants``): Рывок
#: (R15:108.5), Уязвимость (R15:7.vulnerability), Первый удар (R15:7.firststrike),
#: «Направленный удар по существу противника» (R15:7.directed: only its attack at an enemy creature).
GrantedKeyword = Literal["dash", "vulnerability", "first_strike", "directed_at_creatures"]
GRANTED_KEYWORDS: tuple[GrantedKeyword, ...] = get_args(GrantedKeyword)


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
    """``search``: what it looks for (``find``, R15:7.search; INTERPRETING.md, entry 84): a
    printed name ("" = any), a card type ("" = any), a printed cost, X as 0 (-1 = any)."""

    name: str = ""
    card_type: CardType | Literal[""] = ""
    cost: int = -1


#: The parameters of one op, beside an effect's common fields (the record type is the op's,
#: :data:`OPS`).
OpParams = NoParams | WoundParams | KeywordParams | SearchParams
#: What an op's effect goes to, and so how the engine carries it out: each recipient card
#: ("cards"), the chosen targets with the action's amounts ("targets"), a player ("player"),
#: a choice of cards the player makes while the ability resolves ("hand", step
#: ``hand_choice``; INTERPRETING.md, entry 63), or the ability's own card wherever it is
#: ("source").
OpGroup = Literal["cards", "targets", "player", "hand", "source"]
#: The record of no parameters, shared by the effects of every op that has none.
NO_PARAMS = NoParams()


@dataclass(frozen=True, slots=True)
class OpSpec:
    """One op of :data:`OPS`: what its effect goes to, the record type of its parameters,
    whether it puts a granting modifier on creatures (INTERPRETING.md, entry 69), and its text
    in PROTOCOL.md (:mod:`oracle.protocol_doc`)."""

    group: OpGroup
    params: type[OpParams]
    text: str
    grants: bool = False


#: The op table: every op of :data:`EFFECT_OPS`, in that order.  The loader reads an op's
#: parameters by it, the engine's dispatch (:mod:`oracle.rules.effects`) has a handler for each
#: and PROTOCOL.md its text.
OPS: dict[Op, OpSpec] = {
    "wound": OpSpec(
        "cards", WoundParams,
        "put `amount` wounds on each recipient (`wounded`)",
    ),
    "distribute_wounds": OpSpec(
        "targets", NoParams,
        "wound the chosen targets by the action's `amounts`, which add up to `amount` (`wounded`)",
    ),
    "destroy": OpSpec(
        "cards", NoParams,
        "a recipient creature in play goes to the graveyard without wounds (`destroyed`, R15:505.2)",
    ),
    "poison": OpSpec(
        "cards", NoParams,
        "the recipient gets Poison `amount`; only the highest value applies (`poisoned`)",
    ),
    "intensify_poison": OpSpec(
        "cards", NoParams,
        "a poisoned recipient's Poison Y becomes Y + `amount`; nothing without poison (`poisoned`)",
    ),
    "cure": OpSpec(
        "cards", NoParams,
        "remove all poison (`cured`)",
    ),
    "heal": OpSpec(
        "cards", NoParams,
        "remove up to `amount` wounds (`healed`)",
    ),
    "draw": OpSpec(
        "player", NoParams,
        "`to` `controller` or `opponent`: that player draws `amount` cards (`drew`)",
    ),
    "gain_coin": OpSpec(
        "player", NoParams,
        "`to` `controller` or `opponent`: that player gets `amount` open coins (`coin_gained`)",
    ),
    "gain_coins_until_end_of_turn": OpSpec(
        "player", NoParams,
        "`to` `controller` or `opponent`: that player gets `amount` open coins until the end "
        "of turn («Получите (1) до конца хода»; `coin_gained` with `until` `end_of_turn`, citing R15:522.4): a modifier with "
        "`coins` on his hero; at 310.2 that many of his coins go back to the supply, closed ones first, which is not a loss "
        "(`coins_returned`); a player who loses coins loses his temporary ones first (INTERPRETING.md entry 76)",
    ),
    "lose_coins": OpSpec(
        "player", NoParams,
        "`to` `controller` or `opponent`: that player loses `amount` coins (all he has if fewer), his closed ones "
        "first, then open ones (R15:522.5, INTERPRETING.md entry 47; `coins_lost`)",
    ),
    "open": OpSpec(
        "cards", NoParams,
        "open a closed recipient (`opened`)",
    ),
    "prepare": OpSpec(
        "cards", NoParams,
        "«Подготовить» (R15:7.prepare; INTERPRETING.md entry 41): open the recipient (`opened`, citing R15:7.prepare too), remove the usage markers of its activated «раз за ход» abilities, and let a character attack and defend again this turn (`attacked_turn`, `defended_turn` 0)",
    ),
    "close": OpSpec(
        "cards", NoParams,
        "close an open recipient in play (`closed`; «when closed» triggers fire)",
    ),
    "stun": OpSpec(
        "cards", NoParams,
        "«Оглушить» (R15:7.stun): close the recipient (`closed` if it was open) and set its `stunned`; no event of its "
        "own. A stunned card stays closed at its controller's next restoration and loses the stun there (`restored` lists it)",
    ),
    "strike_until_end_of_turn": OpSpec(
        "cards", NoParams,
        "+`amount` strike until the end of turn, 310.2 (`strike_modified`)",
    ),
    "shots_until_end_of_turn": OpSpec(
        "cards", NoParams,
        "«+N к выстрелам до конца хода»: each shot of the recipient (a `wound` with `shot` of "
        "an ability it is the source of) deals `amount` more wounds until the end of turn, 310.2; its strike is unchanged "
        "(a modifier with `shots`; `shots_modified`; INTERPRETING.md entry 67)",
    ),
    "strike_until_start_of_turn": OpSpec(
        "cards", NoParams,
        "+`amount` strike until the next turn starts, whoever's it is, 303.1 (`strike_modified`)",
    ),
    "strike_until_start_of_your_next_turn": OpSpec(
        "cards", NoParams,
        "+`amount` strike until the ability's controller's next turn starts, 303.1 of "
        "that turn («до начала вашего следующего хода»; `strike_modified` with `until` `start_of_owner_turn` and `owner`)",
    ),
    "hide": OpSpec(
        "cards", NoParams,
        "a creature recipient becomes hidden (`hidden`)",
    ),
    "set_strike_until_start_of_your_next_turn": OpSpec(
        "cards", NoParams,
        "the recipient's strike becomes `amount` until the ability's controller's "
        "next turn starts («становится равен»): a set-to modifier (`sets`), applied after every addition, the latest set-to "
        "deciding (R15:523.1; `strike_modified` with `sets`)",
    ),
    "draw_to_match_opponent": OpSpec(
        "player", NoParams,
        "`to` `controller` or `opponent`: that player draws one card at a time until his hand is as "
        "large as the other player's, nothing if it already is (R15:119.6); an empty deck stops it (`drew`)",
    ),
    "strike_while_in_play": OpSpec(
        "cards", NoParams,
        "+`amount` strike with no duration («получает +N к удару»): it lasts while the creature is "
        "in play and goes when it leaves (R15:205.3; `strike_modified` with `until` `while_in_play`; INTERPRETING.md entry 58); "
        "an amount of 0 puts on nothing (entry 79)",
    ),
    "discard": OpSpec(
        "hand", NoParams,
        "«Сбросьте карту» (R15:7.discard): the recipient player chooses `amount` cards of his own hand (all he "
        "has if fewer, R15:520.4; `any`: any number, none included; none as well when the next effect is its "
        "«иначе», R15:119.7) and they go to his graveyard (`discarded`); `each_player`: the controller first, then his opponent. "
        "A real choice waits at step `hand_choice` (`choosing_cards`, action `choose_cards`); a forced one is made at once "
        "(INTERPRETING.md entries 63, 64). Carried out (for `if_previous`) when as many cards as asked went",
    ),
    "put_on_deck_top": OpSpec(
        "hand", NoParams,
        "the recipient player chooses a card of his own hand and puts it on top of his deck "
        "(`put_on_deck`; `amount` 1 only; at step `hand_choice` as for `discard`; INTERPRETING.md entry 64)",
    ),
    "upgrade": OpSpec(
        "cards", NoParams,
        "«Усовершенствуйте» (R15:7.upgrade; `to` `self` or one creature target): a recipient creature that is no "
        "Механизм loses all its classes and is a Механизм while it is in play (a modifier with `grants` `mechanism`, "
        "`upgraded`); one that is a mechanism already (printed or upgraded) cancels the ability: this effect and every later "
        "one do not happen, what it cost stays paid (`ability_cancelled`; INTERPRETING.md entries 69, 70)",
        grants=True,
    ),
    "life_while_in_play": OpSpec(
        "cards", NoParams,
        "+`amount` life with no duration («получает +N к жизням»): additional lives (R15:504.2); the "
        "recipient's life is its printed life plus these, minus its wounds, while it is in play (R15:7.gains, 205.3; a "
        "modifier with `grants` `life`, `life_modified`; an amount of 0 puts on nothing; INTERPRETING.md entries 69, 79)",
        grants=True,
    ),
    "keyword_until_end_of_turn": OpSpec(
        "cards", KeywordParams,
        "the recipient creature gains the effect's `keyword` until the end of turn, 310.2 (a "
        "modifier with `grants` the keyword and `amount` 0, `keyword_granted`; INTERPRETING.md entries 69, 72-74)",
        grants=True,
    ),
    "keyword_while_in_play": OpSpec(
        "cards", KeywordParams,
        "the recipient creature gains the effect's `keyword` with no duration («получает Рывок»): "
        "while it is in play (R15:7.gains, 205.3; `keyword_granted` with `until` `while_in_play`; INTERPRETING.md entry 69)",
        grants=True,
    ),
    "double_strike_until_end_of_turn": OpSpec(
        "cards", NoParams,
        "«Удвойте силу удара … до конца хода»: the recipient's strike is doubled until the "
        "end of turn, a multiplying modifier applied after the additions and before the subtractions (R15:523.1; a modifier "
        "with `grants` `double_strike`, `strike_doubled`; INTERPRETING.md entry 71)",
        grants=True,
    ),
    "graveyard_to_deck_top": OpSpec(
        "source", NoParams,
        "`to` `self`: the ability's own card, if it is in its owner's graveyard when the effect "
        "executes, goes on top of his deck («Гибель: … положить Оборотня на верх колоды вместо кладбища»: a «Гибель» "
        "trigger, resolved after the card reached the graveyard; `put_on_deck` with `from` `graveyard`; INTERPRETING.md "
        "entry 78)",
    ),
    "search": OpSpec(
        "hand", SearchParams,
        "«Поиск» (R15:7.search): `to` `controller`; he chooses 0 up to `amount` cards of his own deck that "
        "match `find` (`name`: a printed name; `type` and/or `cost`: a card type, a printed cost with X as 0) — at step "
        "`hand_choice` when he has two or more choices, at once otherwise — they go to his hand (`cards_found`), then "
        "chance shuffles his deck at step `search_shuffle` (action `shuffle`, `search_shuffled`), even when he took none; "
        "the ability's later effects follow (INTERPRETING.md entry 84). No `if_previous` follows a search",
    ),
}
if tuple(OPS) != EFFECT_OPS:  # pragma: no cover - checked at import
    raise AssertionError("OPS must list EFFECT_OPS in order")

#: Ops that put a modifier granting something on a creature (INTERPRETING.md, entry 69).
GRANT_OPS: tuple[Op, ...] = tuple(op for op, spec in OPS.items() if spec.grants)
#: Effects on cards that the player chooses while the ability resolves (step ``hand_choice``;
#: INTERPRETING.md, entry 63): cards of his hand, or for «search» cards of his deck that go to
#: his hand (R15:7.search; entry 84).
HAND_OPS: tuple[Op, ...] = tuple(op for op, spec in OPS.items() if spec.group == "hand")
#: What a «search» may look for (effect key ``find``): a card's printed name, or its type and
#: printed cost (R15:7.search «Поиск — [карта/карты]»).
FindKey = Literal["name", "type", "cost"]
FIND_KEYS: tuple[FindKey, ...] = get_args(FindKey)
#: Amounts derived from the game when the effect executes (INTERPRETING.md, entry 44).
DerivedAmount = Literal[
    "X", "self_strike", "target_cost", "creatures_strike_6_plus", "drawn", "drawn_this_turn", "any", "discarded",
    "recipient_hand", "wounds_dealt", "other_own_creatures", "target_strike", "self_wounds",
    "healed_own_creatures_last_turn",
]
AMOUNTS: tuple[DerivedAmount, ...] = get_args(DerivedAmount)
#: Derived amounts that count something and may be multiplied (effect key ``per``).
COUNTED_AMOUNTS: tuple[DerivedAmount, ...] = ("discarded", "recipient_hand", "other_own_creatures")
Recipient = Literal[
    "target",
    "self",
    "own_hero",
    "enemy_hero",
    "each_enemy_creature",
    "each_own_creature",
    "each_creature",
    "each_other_creature",  # «каждое другое существо»: every creature in play but the source
    "each_hero",
    "each_enemy_character",  # «каждого персонажа противника»: the opponent's hero and his creatures in play, not hidden
    "controller",
    "opponent",
    "each_player",  # hand effects only: each player in turn, starting with the controller («Каждый игрок, начиная с вас»)
]
RECIPIENTS: tuple[Recipient, ...] = get_args(Recipient)
#: Conditions on an effect («если …»), about the ability's controller, read when the effect
#: executes (INTERPRETING.md, entry 42).
Condition = Literal[
    "hand_fewer_than_opponent",  # «у вас в руке меньше карт, чем у противника»
    "hand_more_than_opponent",  # «у вас в руке больше карт, чем у противника»
    "hand_empty",  # «в вашей руке нет карт»
    "target_stunned",  # «Если оно оглушено»: about each recipient target (effects to "target" only; entry 54)
    "three_creatures_played_this_turn",  # «вы разыграли трёх или более существ в этом ходу» (entry 61)
    "target_has_shot",  # «Если у него есть выстрел»: about each recipient target (effects to "target" only; entry 68)
]
CONDITIONS: tuple[Condition, ...] = get_args(Condition)
#: What a self cost modifier's ``per`` counts for the card's owner, when the cost is
#: determined (R15:309.1 step 4; INTERPRETING.md, entry 62).
CostCount = Literal[
    "cards_in_hand",  # «за каждую карту у вас в руке»: the card being played included (step 5 moves it)
    "own_creatures",  # «за каждое ваше существо»: his creatures in play, hidden ones included
]
COST_COUNTS: tuple[CostCount, ...] = get_args(CostCount)
#: Conditions about the recipient target rather than the controller.
TARGET_CONDITIONS: tuple[Condition, ...] = ("target_stunned", "target_has_shot")
#: How an effect depends on the one before it (R15:119.4 «при этом», R15:119.7 «иначе»).
IfPrevious = Literal["done", "not_done"]
IF_PREVIOUS: tuple[IfPrevious, ...] = get_args(IfPrevious)
TargetWhat = Literal["creature", "hero", "character"]
TARGET_WHAT: tuple[TargetWhat, ...] = get_args(TargetWhat)
TargetSide = Literal["own", "enemy", "any"]
TARGET_SIDE: tuple[TargetSide, ...] = get_args(TargetSide)
TargetFilter = Literal["poisoned", "other", "wounded"]
TARGET_FILTERS: tuple[TargetFilter, ...] = get_args(TargetFilter)
#: Who chooses a target (R15:118.1): the ability's controller, or his opponent («по его выбору»).
TargetChooser = Literal["controller", "opponent"]
TARGET_CHOOSERS: tuple[TargetChooser, ...] = get_args(TargetChooser)


class CardDataError(FieldError):
    """The card data is malformed; ``field`` is the path of the offending field."""


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
    карту:», R15:7.discard, 114.1)."""

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


@dataclass(frozen=True, slots=True)
class TriggeredAbility:
    """A triggered ability (R15:113): its condition ``trigger`` and who it is about
    (``whose``), «может» (``optional``, R15:113.4), «Каждый раз, когда» (``whenever``: no
    limit, R15:113.5), the nth card of the turn (``nth``; 0: any), the class of the card the
    trigger is about (``subject_class``; "" = any)."""

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


#: An ability that takes effect through its effects (R15:112): a spell's, an activated or a
#: triggered one; the Queue's entries are of these.
EffectAbility = SpellAbility | ActivatedAbility | TriggeredAbility
#: A static ability (R15:115); it has no targets and no effects.
StaticAbility = CostModifier | SelfCostModifier | StrikeBonus | NoWoundsFrom
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
    poison: int = 0  # the printed «Отравление N» (creatures; 0 = none; INTERPRETING.md, entry 80)

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


def _req(obj: Mapping[str, Any], key: str, path: str) -> Any:
    if key not in obj:
        raise CardDataError(f"{path}.{key}", "is required")
    return obj[key]


def _int(value: Any, path: str, minimum: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise CardDataError(path, f"must be an integer >= {minimum}, got {value!r}")
    return value


_S = TypeVar("_S", bound=str)


def _choice(value: Any, allowed: tuple[_S, ...], path: str) -> _S:
    """``value`` if it is one of ``allowed`` (typed as they are), else a :class:`CardDataError`."""
    if not isinstance(value, str) or value not in allowed:
        raise CardDataError(path, f"must be one of {', '.join(allowed)}; got {value!r}")
    return allowed[allowed.index(value)]


def _parse_target(raw: Any, path: str) -> TargetSpec:
    if not isinstance(raw, dict):
        raise CardDataError(path, "must be an object")
    what = _choice(_req(raw, "what", path), TARGET_WHAT, f"{path}.what")
    side = _choice(raw.get("side", "any"), TARGET_SIDE, f"{path}.side")
    filters = raw.get("filter", [])
    if not isinstance(filters, list):
        raise CardDataError(f"{path}.filter", "must be a list")
    for i, f in enumerate(filters):
        _choice(f, TARGET_FILTERS, f"{path}.filter[{i}]")
    count = raw.get("count", 1)
    if isinstance(count, dict):
        hi = _int(_req(count, "up_to", f"{path}.count"), f"{path}.count.up_to", 1)
        lo = 1
    else:
        lo = hi = _int(count, f"{path}.count", 1)
    card_class = _choice(raw["class"], ALL_CLASSES, f"{path}.class") if "class" in raw else ""
    max_cost = _int(raw["max_cost"], f"{path}.max_cost", 0) if "max_cost" in raw else -1
    min_strike = _int(raw["min_strike"], f"{path}.min_strike", 0) if "min_strike" in raw else -1
    chooser = _choice(raw.get("chooser", "controller"), TARGET_CHOOSERS, f"{path}.chooser")
    optional = raw.get("optional", False)
    if optional is not False:
        if optional is not True or chooser != "controller":
            raise CardDataError(f"{path}.optional", "true or absent; a target the opponent chooses is not optional")
        lo = 0
    return TargetSpec(what, side, tuple(filters), lo, hi, card_class, max_cost, min_strike, chooser)


def _controller_condition(raw: Any, path: str) -> Condition:
    """A condition about the ability's controller (CONDITIONS but TARGET_CONDITIONS)."""
    cond = _choice(raw, CONDITIONS, path)
    if cond in TARGET_CONDITIONS:
        raise CardDataError(path, f"{cond} is about an effect's target; it is read on effects to 'target' only")
    return cond


def _parse_effect(raw: Any, path: str, has_targets: bool, first: bool = True) -> Effect:
    if not isinstance(raw, dict):
        raise CardDataError(path, "must be an object")
    op = _choice(_req(raw, "op", path), EFFECT_OPS, f"{path}.op")
    to = _choice(raw.get("to", "target"), RECIPIENTS, f"{path}.to")
    if to == "target" and not has_targets:
        raise CardDataError(f"{path}.to", "is 'target' but the ability declares no targets")
    if op == "distribute_wounds" and to != "target":
        raise CardDataError(f"{path}.to", "distribute_wounds goes to the targets")
    if op == "distribute_wounds" and raw.get("amount", 1) in AMOUNTS and raw.get("amount") != "X":
        raise CardDataError(f"{path}.amount", "distribute_wounds splits a number or X")
    amount: int | str = raw.get("amount", 1)
    if amount not in AMOUNTS:
        amount = _int(amount, f"{path}.amount", 0)
    if amount == "target_strike" and not has_targets:
        raise CardDataError(f"{path}.amount", "target_strike is the strike of the ability's target: it needs one")
    if amount == "target_cost" and to != "target":
        raise CardDataError(f"{path}.amount", "target_cost is the cost of each target: 'to' must be 'target'")
    cond: Condition | Literal[""] = _choice(raw["if"], CONDITIONS, f"{path}.if") if "if" in raw else ""
    if cond in TARGET_CONDITIONS and to != "target":
        raise CardDataError(f"{path}.if", f"{cond} is about the target: 'to' must be 'target'")
    if_previous: IfPrevious | Literal[""] = ""
    if "if_previous" in raw:
        if first:
            raise CardDataError(f"{path}.if_previous", "the first effect has no effect before it")
        if_previous = _choice(raw["if_previous"], IF_PREVIOUS, f"{path}.if_previous")
    bonus = 0
    bonus_if: Condition | Literal[""] = ""
    if "bonus" in raw:
        b = raw["bonus"]
        if not isinstance(b, dict):
            raise CardDataError(f"{path}.bonus", "must be an object {'if': condition, 'amount': n}")
        bonus_if = _controller_condition(_req(b, "if", f"{path}.bonus"), f"{path}.bonus.if")
        bonus = _int(_req(b, "amount", f"{path}.bonus"), f"{path}.bonus.amount", 1)
    per = 1
    if "per" in raw:
        if amount not in COUNTED_AMOUNTS:
            raise CardDataError(f"{path}.per", f"only a counted amount ({', '.join(COUNTED_AMOUNTS)}) is multiplied")
        per = _int(raw["per"], f"{path}.per", 1)
    _check_hand_effect(op, to, amount, path)
    if op == "graveyard_to_deck_top" and to != "self":
        raise CardDataError(f"{path}.to", "graveyard_to_deck_top moves the ability's own card («Оборотня»): 'self'")
    if op == "gain_coins_until_end_of_turn" and (to not in ("controller", "opponent") or not isinstance(amount, int)):
        raise CardDataError(f"{path}.to", "temporary coins go to a player (controller or opponent), a number of them")
    shot = raw.get("shot", False)
    if shot is not False and (shot is not True or op != "wound" or to != "target"):
        raise CardDataError(f"{path}.shot", "true on a wound of the targets only («Выстрел на X», R15 glossary)")
    kind = OPS[op].params
    params: OpParams = NO_PARAMS
    if kind is WoundParams:
        params = WoundParams(shot=shot is True)
    elif kind is KeywordParams:
        params = KeywordParams(_choice(_req(raw, "keyword", path), GRANTED_KEYWORDS, f"{path}.keyword"))
    if "keyword" in raw and kind is not KeywordParams:
        raise CardDataError(f"{path}.keyword", "only keyword_until_end_of_turn / keyword_while_in_play grant a keyword")
    if op in GRANT_OPS and to in HAND_RECIPIENTS:
        raise CardDataError(f"{path}.to", f"{op} goes to creatures, not to a player")
    if op == "upgrade" and to not in ("self", "target"):
        raise CardDataError(f"{path}.to", "upgrade goes to the card itself or to its target (one creature)")
    if kind is SearchParams:
        params = _parse_find(raw, path)
    elif "find" in raw:
        raise CardDataError(f"{path}.find", "only a search looks for cards")
    return Effect(op, to, amount, cond, bonus, bonus_if, if_previous, per, params)


def _parse_find(raw: Mapping[str, Any], path: str) -> SearchParams:
    """What a «search» looks for (``find``: {"name": printed name} or {"type": …, "cost": n},
    R15:7.search); every search has it, no other effect does."""
    find = _req(raw, "find", path)
    if not isinstance(find, dict) or not find or any(k not in FIND_KEYS for k in find):
        raise CardDataError(f"{path}.find", f"must be an object with keys among {', '.join(FIND_KEYS)}")
    name = find.get("name", "")
    if not isinstance(name, str) or ("name" in find and not name):
        raise CardDataError(f"{path}.find.name", "must be a card's printed name")
    ftype: CardType | Literal[""] = _choice(find["type"], TYPES[1:], f"{path}.find.type") if "type" in find else ""
    cost = _int(find["cost"], f"{path}.find.cost", 0) if "cost" in find else -1
    return SearchParams(name, ftype, cost)


#: Recipients that are players.
HAND_RECIPIENTS: tuple[Recipient, ...] = ("controller", "opponent", "each_player")


def _check_shots(effects: tuple[Effect, ...], targets: tuple[TargetSpec, ...], path: str) -> None:
    """A shot wounds an enemy character only (R15:507.2; R15 glossary «Выстрел»)."""
    if any(isinstance(e.params, WoundParams) and e.params.shot for e in effects) and (not targets or targets[0].side != "enemy"):
        raise CardDataError(f"{path}.targets", "a shot's target is an enemy character (R15:507.2)")


def _check_hand_effect(op: str, to: str, amount: int | str, path: str) -> None:
    """A hand effect (HAND_OPS) goes to players and takes a number of cards; ``each_player``
    and the amount ``any`` belong to hand effects, ``recipient_hand`` to wounds of heroes."""
    if op == "search":
        if to != "controller" or not isinstance(amount, int) or amount < 1:
            raise CardDataError(f"{path}.to", "a search goes to the controller («в своей колоде») and finds up to "
                                "a number >= 1 of cards")
        return
    if op in HAND_OPS:
        if to not in ("controller", "opponent", "each_player"):
            raise CardDataError(f"{path}.to", f"{op} goes to a player: controller, opponent or each_player")
        if op == "put_on_deck_top" and amount != 1:
            raise CardDataError(f"{path}.amount", "put_on_deck_top moves one card (several would need an order)")
        if amount != "any" and (not isinstance(amount, int) or amount < 1):
            raise CardDataError(f"{path}.amount", f"{op} takes a number of cards >= 1 or 'any'")
        return
    if to == "each_player":
        raise CardDataError(f"{path}.to", "each_player is the recipient of a hand effect (discard, put_on_deck_top)")
    if amount == "any":
        raise CardDataError(f"{path}.amount", "'any' is the amount of a discard («любое количество карт»)")
    if amount == "recipient_hand" and (op != "wound" or to not in ("each_hero", "own_hero", "enemy_hero")):
        raise CardDataError(f"{path}.amount", "recipient_hand wounds a hero by the hand of its player")


#: Triggers about another card that may name the class of that card (``subject_class``).
_SUBJECT_CLASS_TRIGGERS: tuple[Trigger, ...] = ("creature_dies", "creature_enters", "wounds_hero")


def _parse_ability(raw: Any, path: str, card_type: str) -> Ability:
    if not isinstance(raw, dict):
        raise CardDataError(path, "must be an object")
    kind = _choice(_req(raw, "kind", path), ABILITY_KINDS, f"{path}.kind")
    if kind == "spell" and card_type != "spell":
        raise CardDataError(f"{path}.kind", "spell abilities belong to spells (R15:117.1)")
    if card_type == "spell" and kind != "spell":
        raise CardDataError(f"{path}.kind", "a spell has only spell abilities (R15:211.1)")
    text_en = str(raw.get("text_en", ""))
    if kind == "static":
        st = _req(raw, "static", path)
        if not isinstance(st, dict) or st.get("op") not in STATIC_OPS:
            raise CardDataError(f"{path}.static.op", f"must be one of {', '.join(STATIC_OPS)}")
        if st["op"] == "strike_bonus":
            if card_type != "creature":
                raise CardDataError(f"{path}.static.op", "strike_bonus belongs to creatures")
            return StrikeBonus(
                value=_int(_req(st, "value", f"{path}.static"), f"{path}.static.value", 1),
                cond=_controller_condition(st["if"], f"{path}.static.if") if "if" in st else "",
                against=_choice(st["against"], STRIKE_AGAINST, f"{path}.static.against") if "against" in st else "",
                text_en=text_en,
            )
        if st["op"] == "no_wounds_from":
            if card_type != "creature" or set(st) != {"op", "min_strike"}:
                raise CardDataError(f"{path}.static", "no_wounds_from belongs to creatures and takes min_strike only")
            return NoWoundsFrom(
                min_strike=_int(st["min_strike"], f"{path}.static.min_strike", 1),
                text_en=text_en,
            )
        if st.get("self"):
            return _parse_self_cost(st, f"{path}.static", text_en)
        return CostModifier(
            modifier=_choice(_req(st, "modifier", f"{path}.static"), MODIFIERS, f"{path}.static.modifier"),
            value=_int(_req(st, "value", f"{path}.static"), f"{path}.static.value", 0),
            player=_choice(st.get("player", "any"), WHOSE, f"{path}.static.player"),
            card_type=_choice(st.get("card_type", "any"), (*TYPES, "any"), f"{path}.static.card_type"),
            text_en=text_en,
            card_class=_choice(st["class"], ALL_CLASSES, f"{path}.static.class") if "class" in st else "",
            if_increased=_if_increased(st, f"{path}.static"),
        )
    targets_raw = raw.get("targets", [])
    if not isinstance(targets_raw, list):
        raise CardDataError(f"{path}.targets", "must be a list")
    targets = tuple(_parse_target(t, f"{path}.targets[{i}]") for i, t in enumerate(targets_raw))
    if len(targets) > 1:
        raise CardDataError(f"{path}.targets", "at most one target spec per ability")
    if targets and targets[0].min_count == 0 and kind != "triggered":
        raise CardDataError(f"{path}.targets[0].optional", "an optional target belongs to a triggered ability")
    effects_raw = _req(raw, "effects", path)
    if not isinstance(effects_raw, list) or not effects_raw:
        raise CardDataError(f"{path}.effects", "must be a non-empty list")
    effects = tuple(
        _parse_effect(e, f"{path}.effects[{i}]", bool(targets), i == 0) for i, e in enumerate(effects_raw)
    )
    _check_after_hand_effects(effects, f"{path}.effects")
    if any(e.op == "upgrade" and e.to == "target" for e in effects) and (
            targets[0].what != "creature" or targets[0].max_count != 1):
        raise CardDataError(f"{path}.targets", "upgrade goes to one creature («Усовершенствуйте существо»)")
    if any(e.amount == "target_strike" for e in effects) and (
        targets[0].what != "creature" or targets[0].max_count != 1
    ):
        raise CardDataError(f"{path}.targets", "target_strike reads the strike of exactly one target creature")
    _check_shots(effects, targets, path)
    trigger: Trigger | Literal[""] = ""
    whose: Whose = "any"
    optional, whenever, nth = False, False, 0
    tap, coins, discard = False, 0, 0
    subject_class = ""
    if kind == "triggered":
        trigger = _choice(_req(raw, "trigger", path), TRIGGERS, f"{path}.trigger")
        whose = _choice(raw.get("whose", "any"), WHOSE, f"{path}.whose")
        optional = bool(raw.get("optional", False))
        whenever = bool(raw.get("whenever", False))
        nth = _parse_nth(raw, trigger, path)
        if "subject_class" in raw:
            if trigger not in _SUBJECT_CLASS_TRIGGERS:
                raise CardDataError(f"{path}.subject_class", "only " + " / ".join(_SUBJECT_CLASS_TRIGGERS)
                                    + " have a subject class")
            # a creature's class; a card that wounds a hero may be a support card («механизм», R15:107.3.2)
            allowed = CLASSES["creature"] if trigger != "wounds_hero" else (*CLASSES["creature"], *CLASSES["support"])
            subject_class = _choice(raw["subject_class"], allowed, f"{path}.subject_class")
    if any(e.amount == "discarded" for e in effects) and trigger != "discards":
        raise CardDataError(f"{path}.effects", "the amount 'discarded' belongs to a «discards» trigger")
    if any(e.amount == "wounds_dealt" for e in effects) and trigger != "strikes_hero":
        raise CardDataError(f"{path}.effects", "the amount 'wounds_dealt' belongs to a «strikes_hero» trigger")
    if any(e.amount == "self_wounds" for e in effects) and trigger != "death":
        raise CardDataError(f"{path}.effects", "the amount 'self_wounds' belongs to a «death» trigger")
    if kind == "activated":
        cost = _req(raw, "cost", path)
        if not isinstance(cost, dict):
            raise CardDataError(f"{path}.cost", "must be an object")
        tap = bool(cost.get("tap", False))
        coins = _int(cost.get("coins", 0), f"{path}.cost.coins", 0)
        discard = _int(cost.get("discard", 0), f"{path}.cost.discard", 0)
        if discard > 1:
            raise CardDataError(f"{path}.cost.discard", "a discard cost discards one card («Сбросьте карту:»)")
    per_turn = per_game = 0
    limit = raw.get("limit")
    if limit is None:
        if kind in ("activated", "triggered") and not whenever:
            per_turn = 1  # R15:113.5, R15:114.4
    elif isinstance(limit, dict) and len(limit) == 1 and "per_turn" in limit:
        per_turn = _int(limit["per_turn"], f"{path}.limit.per_turn", 1)
    elif isinstance(limit, dict) and len(limit) == 1 and "per_game" in limit:
        per_game = _int(limit["per_game"], f"{path}.limit.per_game", 1)
    elif limit == "none":
        pass
    else:
        raise CardDataError(f"{path}.limit", "must be {'per_turn': n}, {'per_game': n} or 'none'")
    if whenever and (per_turn or per_game):
        raise CardDataError(f"{path}.limit", "a «Каждый раз, когда» ability has no limit")
    if kind == "triggered":
        assert trigger  # read above
        return TriggeredAbility(
            trigger, targets, effects, text_en, per_turn, per_game, whose, optional, whenever, subject_class, nth
        )
    if kind == "activated":
        return ActivatedAbility(targets, effects, text_en, per_turn, per_game, tap, coins, discard)
    return SpellAbility(targets, effects, text_en, per_turn, per_game)


def _if_increased(st: Mapping[str, Any], path: str) -> bool:
    """``if_increased``: an increase that applies only on top of another (entry 83)."""
    if "if_increased" not in st:
        return False
    if st["if_increased"] is not True or st.get("modifier") != "increase":
        raise CardDataError(f"{path}.if_increased", "true, on an increase only («дополнительно на (1) дороже»)")
    return True


def _parse_self_cost(st: Mapping[str, Any], path: str, text_en: str) -> SelfCostModifier:
    """A static modifier of the card's own cost while it is played (INTERPRETING.md, entries
    61 and 62): it names no player, type or class (the card is the one it changes)."""
    for key in ("player", "card_type", "class", "if_increased"):
        if key in st:
            raise CardDataError(f"{path}.{key}", "a modifier of the card's own cost names no other cards")
    if st["self"] is not True:
        raise CardDataError(f"{path}.self", "must be true")
    return SelfCostModifier(
        modifier=_choice(_req(st, "modifier", path), MODIFIERS, f"{path}.modifier"),
        value=_int(_req(st, "value", path), f"{path}.value", 0),
        cond=_choice(st["if"], CONDITIONS, f"{path}.if") if "if" in st else "",
        per=_choice(st["per"], COST_COUNTS, f"{path}.per") if "per" in st else "",
        text_en=text_en,
    )


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
    return _int(raw["nth"], f"{path}.nth", 2 if trigger == "card_drawn" else 1)


def _check_after_hand_effects(effects: tuple[Effect, ...], path: str) -> None:
    """An ability resumes after a hand choice with its later effects (INTERPRETING.md, entry
    63): nothing after a hand effect reads what the earlier effects drew, and no
    ``if_previous`` follows a hand effect of each player (it would be about two choices)."""
    for i, e in enumerate(effects):
        if e.op not in HAND_OPS:
            continue
        for j, later in enumerate(effects[i + 1:], i + 1):
            if later.amount in ("drawn", "self_strike", "target_strike"):
                raise CardDataError(f"{path}[{j}].amount", f"{later.amount} is not read after a hand effect")
        if e.to == "each_player" and i + 1 < len(effects) and effects[i + 1].if_previous:
            raise CardDataError(f"{path}[{i + 1}].if_previous", "no if_previous after a hand effect of each player")
        if e.op == "search" and i + 1 < len(effects) and effects[i + 1].if_previous:
            # the resolution resumes after the shuffle, which keeps no record of what was found
            raise CardDataError(f"{path}[{i + 1}].if_previous", "no if_previous after a search")


#: The ability the keyword Скрытность stands for: «Найм: это существо скрывается».
_STEALTH = TriggeredAbility(
    "hire",
    per_turn=1,
    effects=(Effect("hide", "self", 1),),
    text_en="Stealth (Скрытность): Hire: this creature hides",
)


def _parse_abilities(raw: Any, path: str, card_type: str) -> tuple[Ability, ...]:
    if not isinstance(raw, list):
        raise CardDataError(path, "must be a list")
    return tuple(_parse_ability(a, f"{path}[{i}]", card_type) for i, a in enumerate(raw))


def _parse_card(raw: Any, path: str) -> CardDef:
    if not isinstance(raw, dict):
        raise CardDataError(path, "must be an object")
    cid = _req(raw, "id", path)
    if not isinstance(cid, str) or not cid.isascii() or not cid or " " in cid:
        raise CardDataError(f"{path}.id", "must be a non-empty ascii word")
    ctype = _choice(_req(raw, "type", path), TYPES, f"{path}.type")
    cost = -1
    if ctype != "hero":
        raw_cost = _req(raw, "cost", path)
        cost = -1 if raw_cost == "X" else _int(raw_cost, f"{path}.cost", 0)
    strike = _int(_req(raw, "strike", path), f"{path}.strike", 0) if ctype == "creature" else 0
    life = _int(_req(raw, "life", path), f"{path}.life", 1) if ctype in ("creature", "hero") else 0
    keywords = raw.get("keywords", [])
    if not isinstance(keywords, list):
        raise CardDataError(f"{path}.keywords", "must be a list")
    for i, k in enumerate(keywords):
        _choice(k, KEYWORDS, f"{path}.keywords[{i}]")
        if k in _CREATURE_KEYWORDS and ctype != "creature":
            raise CardDataError(f"{path}.keywords[{i}]", f"{k} belongs to creatures")
    turn_order: Literal["first", "second", ""] = ""
    if "turn_order" in raw:
        if ctype != "hero":
            raise CardDataError(f"{path}.turn_order", "only heroes say how their player moves")
        turn_order = _choice(raw["turn_order"], ("first", "second"), f"{path}.turn_order")
    poison = 0
    if "poison" in raw:
        if ctype != "creature":
            raise CardDataError(f"{path}.poison", "only creatures have a printed «Отравление N»")
        poison = _int(raw["poison"], f"{path}.poison", 1)
    abilities = _parse_abilities(raw.get("abilities", []), f"{path}.abilities", ctype)
    if "stealth" in keywords:
        if ctype != "creature":
            raise CardDataError(f"{path}.keywords", "only creatures have Скрытность")
        # R15 glossary: «Скрытность означает: „Найм: Это существо cкрывается“» — a triggered
        # ability, appended after the printed ones (its index follows theirs).
        abilities = (*abilities, _STEALTH)
    modes: tuple[tuple[Ability, ...], ...] = ()
    if "modes" in raw:
        if ctype != "spell" or not isinstance(raw["modes"], list) or len(raw["modes"]) < 2:
            raise CardDataError(f"{path}.modes", "a list of at least two modes, spells only")
        modes = tuple(
            _parse_abilities(m, f"{path}.modes[{i}]", ctype) for i, m in enumerate(raw["modes"])
        )
    if ctype == "spell" and not abilities and not modes:
        raise CardDataError(f"{path}.abilities", "a spell needs spell abilities (R15:211.1)")
    fury = None
    if "fury" in raw:
        f = raw["fury"]
        if not isinstance(f, dict):
            raise CardDataError(f"{path}.fury", "must be an object")
        fury = Fury(
            _int(_req(f, "coins", f"{path}.fury"), f"{path}.fury.coins", 1),
            _parse_abilities(_req(f, "abilities", f"{path}.fury"), f"{path}.fury.abilities", ctype),
        )
    alt = 0
    if "alt_cost" in raw:
        a = raw["alt_cost"]
        if not isinstance(a, dict):
            raise CardDataError(f"{path}.alt_cost", "must be an object")
        alt = _int(_req(a, "wound_own_hero", f"{path}.alt_cost"), f"{path}.alt_cost.wound_own_hero", 1)
    raw_class = raw.get("class", [])
    if ctype == "support" and not isinstance(raw_class, str):
        raise CardDataError(f"{path}.class", "a support card needs exactly one class (R15:212.3)")
    class_list = [raw_class] if isinstance(raw_class, str) else raw_class
    if not isinstance(class_list, list):
        raise CardDataError(f"{path}.class", "must be a class or a list of classes")
    classes = tuple(
        _choice(c, CLASSES[ctype], f"{path}.class" if isinstance(raw_class, str) else f"{path}.class[{i}]")
        for i, c in enumerate(class_list)
    )
    card_class = classes[0] if classes else ""
    _check_opponent_chooser(abilities, fury, modes, alt, raw, path)
    return CardDef(
        id=cid,
        name=str(_req(raw, "name", path)),
        name_en=str(_req(raw, "name_en", path)),
        type=ctype,
        cost=cost,
        strike=strike,
        life=life,
        card_class=card_class,
        keywords=frozenset(keywords),
        turn_order=turn_order,
        abilities=abilities,
        modes=modes,
        fury=fury,
        alt_wound_own_hero=alt,
        text=str(raw.get("text", "")),
        source=str(raw.get("source", "")),
        classes=classes,
        poison=poison,
    )


def _check_opponent_chooser(
    abilities: tuple[Ability, ...], fury: Fury | None, modes: Any, alt: int, raw: Any, path: str
) -> None:
    """A target the opponent chooses (R15:118.1, `chooser` "opponent") is modelled on
    activated and triggered abilities and on a plain spell's own abilities: no modes, Ярость,
    alternative cost or X (the play resumes after the choice, INTERPRETING.md entry 48)."""
    for part, abs_ in (("abilities", abilities), ("fury.abilities", fury.abilities if fury else ())):
        for i, a in enumerate(abs_):
            if not (a.targets and a.targets[0].chooser == "opponent"):
                continue
            where = f"{path}.{part}[{i}].targets[0].chooser"
            if a.kind == "spell" and (part != "abilities" or modes or fury or alt or raw.get("cost") == "X"):
                raise CardDataError(where, "the opponent chooses a spell's target only on a spell without modes, "
                                    "Ярость, alternative cost or X")
            if any(e.op == "distribute_wounds" for e in a.effects):
                raise CardDataError(where, "the opponent does not choose the targets of a distribution")
    for j, mode in enumerate(modes or ()):
        for i, a in enumerate(mode):
            if a.targets and a.targets[0].chooser == "opponent":
                raise CardDataError(f"{path}.modes[{j}][{i}].targets[0].chooser",
                                    "the opponent chooses a spell's target only on a spell without modes")


def parse_pool(raw: Any) -> Pool:
    """Validate and build a :class:`Pool` from decoded JSON; raise :class:`CardDataError`."""
    if not isinstance(raw, dict):
        raise CardDataError("$", "must be an object")
    version = str(_req(raw, "version", "$"))
    cards_raw = _req(raw, "cards", "$")
    if not isinstance(cards_raw, list):
        raise CardDataError("$.cards", "must be a list")
    cards: dict[str, CardDef] = {}
    for i, c in enumerate(cards_raw):
        card = _parse_card(c, f"$.cards[{i}]")
        if card.id in cards:
            raise CardDataError(f"$.cards[{i}].id", f"duplicate id {card.id!r}")
        cards[card.id] = card
    names = {c.name for c in cards.values()}
    for i, card in enumerate(cards.values()):
        for a in card.abilities:
            for e in a.effects:
                if isinstance(e.params, SearchParams) and e.params.name and e.params.name not in names:
                    raise CardDataError(f"$.cards[{i}].abilities", f"a search looks for {e.params.name!r}, no card of the pool")
    return Pool(version, cards)


@lru_cache(maxsize=1)
def load_pool() -> Pool:
    """The packaged card pool (``oracle/data/cards.json``), parsed once per process."""
    text = resources.files("oracle").joinpath("data/cards.json").read_text(encoding="utf-8")
    return parse_pool(json.loads(text))
