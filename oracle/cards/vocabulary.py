"""The card data's closed vocabularies, each a ``Literal`` type with the tuple of its values
(``get_args``): card types and classes (R15:107), keywords, ability kinds, trigger conditions
(R15:113.2), static ops, cost modifier kinds (R15:523.1), effect ops, derived amounts,
recipients, conditions, and what a target spec may say (501.1, 501.4).  The loader
(:mod:`oracle.cards.loader`) accepts these words and no other; the op table
(:mod:`oracle.cards.ops`) says what each effect op does."""

from __future__ import annotations

from typing import Literal, get_args

__all__ = [
    "ABILITY_KINDS",
    "ALL_CLASSES",
    "AMOUNTS",
    "CLASSES",
    "CONDITIONS",
    "COST_COUNTS",
    "COUNTED_AMOUNTS",
    "CREATURE_KEYWORDS",
    "EFFECT_OPS",
    "ELEMENTS",
    "FIND_KEYS",
    "GRANTED_KEYWORDS",
    "HAND_RECIPIENTS",
    "IF_PREVIOUS",
    "KEYWORDS",
    "KILLED_BY",
    "MODIFIERS",
    "NTH_TRIGGERS",
    "PROTECTION_KINDS",
    "RECIPIENTS",
    "REPLACEMENT_KINDS",
    "SHOWN_CONDITIONS",
    "STATIC_OPS",
    "STRIKE_AGAINST",
    "TARGET_CHOOSERS",
    "TARGET_CONDITIONS",
    "TARGET_FILTERS",
    "TARGET_SIDE",
    "TARGET_WHAT",
    "TRIGGERS",
    "TYPES",
    "WHOSE",
    "WOUND_WATCHES",
    "AbilityKind",
    "CardType",
    "Condition",
    "CostCount",
    "CostModifierKind",
    "DerivedAmount",
    "FindKey",
    "GrantedKeyword",
    "IfPrevious",
    "Keyword",
    "KilledBy",
    "Op",
    "ProtectionKind",
    "Recipient",
    "ReplacementKind",
    "StaticOp",
    "StrikeAgainst",
    "TargetChooser",
    "TargetFilter",
    "TargetSide",
    "TargetWhat",
    "Trigger",
    "Whose",
    "WoundWatch",
]

#: The card types (R15:107.1); ``TYPES`` in that order.
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
#: The five elements (стихии) a card may belong to, one or several; a card of none is neutral
#: (R15:107.2, 107.2.3; card key ``elements``).
ELEMENTS: tuple[str, ...] = ("Степи", "Леса", "Горы", "Болота", "Тьма")
#: Every class of any type (a class filter names one of these).
ALL_CLASSES: tuple[str, ...] = tuple(sorted({c for cs in CLASSES.values() for c in cs}))
#: The printed keywords a card may have (card key ``keywords``).
Keyword = Literal[
    "dash", "stealth", "cannot_be_stunned", "attack_experience", "cannot_attack", "cannot_defend", "unique",
    "defence_experience",  # «Опыт в защите»: not closed after it was assigned as defender (R15 glossary)
    "directed_at_vulnerable",  # «Направленный удар по существам с уязвимостью»: no defender when its target has Уязвимость
    "frenzy",  # «Бешенство»: while it can make a strike attack, its player's choice phase offers only its attacks (R15 glossary)
    "module",  # «Модуль»: may be attached to its player's mechanism instead of entering play (R15 glossary)
    "parts_to_hand_instead_of_death",  # Антиграв: «Вместо гибели этого существа – положите все его части в руку, кроме …»
    "created",  # «Созданный»: enters play only by «Создайте», never in a deck; leaves for the supply (R15:519.6.1)
    "does_not_open",  # «[эта карта] не открывается в начале вашего хода»: stays closed at 303.2 (R15:511.1)
]
KEYWORDS: tuple[Keyword, ...] = get_args(Keyword)
#: Keywords of creatures only (Скрытность is checked on its own).
CREATURE_KEYWORDS: tuple[Keyword, ...] = (
    "cannot_be_stunned", "attack_experience", "defence_experience", "cannot_attack", "cannot_defend", "module",
    "created", "directed_at_vulnerable", "frenzy", "parts_to_hand_instead_of_death", "does_not_open")
#: The kinds of ability (R15:112; ability key ``kind``).
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
    "search_used",  # «Когда вы используете Поиск»: its owner's search began; fires from his deck only (R15:113.10; entry 220)
    "discards",  # a player discarded cards («Каждый раз, когда вы сбрасываете карты», R15:7.discard); whose: who discarded
    "character_healed",  # a character had wounds removed («Когда ваш персонаж излечивается», R15:7.heal); whose: its controller's
    "strikes_creature",  # this creature struck a creature with its strike attack («При ударе по существу», R15 glossary «При атаке (При ударе)»; not a return strike, R15:510.4)
    "creature_played",  # another creature card was played («Когда вы разыгрываете существо», R15:309.1); whose: who played it
]
TRIGGERS: tuple[Trigger, ...] = get_args(Trigger)
#: Triggers about a player's nth card of the turn (``nth``; INTERPRETING.md, entry 60).
NTH_TRIGGERS: tuple[Trigger, ...] = ("card_played", "card_drawn")
#: What killed the card for a trigger on a death «от [текст]» (ability key ``killed_by``,
#: R15:505.1.1; INTERPRETING.md, entry 98): the source of the destruction is a creature
#: («от существа»), or a creature of the ability's controller's opponent («от существа противника»).
KilledBy = Literal["creature", "enemy_creature"]
KILLED_BY: tuple[KilledBy, ...] = get_args(KilledBy)
#: Whose turn, card or player a trigger or a cost modifier is about, seen from its controller.
Whose = Literal["own", "opponent", "any"]
WHOSE: tuple[Whose, ...] = get_args(Whose)
#: Kinds of static ability (R15:115): a cost modifier, «Пока …, [эта карта] имеет +N к
#: удару» (strike_bonus on the card itself, R15:115.1, 115.5), «Не получает ран от существ
#: с ударом N или более» (no_wounds_from, a replacement effect, R15:517.1.1), the wound
#: pipeline's own (:mod:`oracle.rules.mechanisms.wounds`): «Броня N» (armour, a prevention effect, R15
#: glossary, R15:516), «Защита от [текст]» (protection_from, R15:515), «Предотвратите
#: следующие N ран» (prevent_next, a counted prevention, R15:516.4), «Если … должно получить
#: раны, вместо этого …» (wound_replacement, R15:517.1); and «Если противник разыгрывает
#: карту, …, вы можете уничтожить [эту карту], при этом отмените эту карту» (cancel_play, a
#: cancellation effect, R15:518.1); and the draw statics (draw_limit, draw_count,
#: draw_replacement: R15:527.2.1, 527.2.2, 527.3, 527.5; :mod:`oracle.rules.mechanisms.draws`).
StaticOp = Literal[
    "cost_modifier", "strike_bonus", "no_wounds_from", "grant_ability", "armour", "protection_from", "prevent_next",
    "wound_replacement",
    "cancel_play", "draw_limit", "draw_count", "draw_replacement",
]
STATIC_OPS: tuple[StaticOp, ...] = get_args(StaticOp)
#: What «Защита от [текст]» protects from (static ``protection_from`` key ``from``; R15:515):
#: «заклинаний» (spells: their controller cannot target the card, R15:515.2), «ударов»
#: (strikes), «выстрелов» (shots), «атак» (strikes and shots, R15:507.3); with ``class`` only
#: those of a card of that class («Защита от атак гоблинов»).
ProtectionKind = Literal["spells", "strikes", "shots", "attacks"]
PROTECTION_KINDS: tuple[ProtectionKind, ...] = get_args(ProtectionKind)
#: Whose wounds a prevention or a replacement watches (static key ``to``): the card itself,
#: its controller's hero, its controller's creatures, or every creature in play.
WoundWatch = Literal["self", "own_hero", "own_creatures", "each_creature"]
WOUND_WATCHES: tuple[WoundWatch, ...] = get_args(WoundWatch)
#: What a wound replacement does instead (static ``wound_replacement`` key ``instead``):
#: «усовершенствуйте его» (upgrade, R15:7.upgrade; no wounds are put on), or «получает на N
#: ран больше» (more: the wounds are N more, R15:517.5 lets another replacement take that result), or
#: «вы можете уничтожить [эту карту], при этом предотвратить получение ран и уничтожить их источник, если это
#: существо или карта поддержки» (destroy_self: optional, its controller's decision at step wound_choice;
#: INTERPRETING.md, entry 223).
ReplacementKind = Literal["upgrade", "more", "destroy_self"]
REPLACEMENT_KINDS: tuple[ReplacementKind, ...] = get_args(ReplacementKind)
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
    "fight",  # «Сразиться с существом»: the ability's own creature fights the recipient (R15:7.fight, 507.4)
    "attach_to_self",  # «Присоедините к Х …»: the recipient in play becomes a part of the ability's own card (R15:7.attach)
    "attach_own_mechanisms",  # «Прикрепите к Х любое число ваших механизмов (как если бы они имели способность Модуль …)»
    "return_to_hand",  # «положите существо в руку владельца»: from play to its owner's hand (R15:203.4)
    "put_on_deck_bottom",  # «положите это существо под низ колоды»: from play under its owner's deck (R15:204.4)
    "creatures_to_deck_top",  # «Положите всех существ на верх колоды владельца в порядке, выбранном их владельцами» (step deck_order)
    "poison",  # «Отравить на Х»: Poison X, the highest value applies (R15:7.poison)
    "intensify_poison",  # «Усилить отравление на Х»: Poison Y becomes X+Y
    "cure",  # remove all poison
    "heal",  # remove wounds
    "draw",  # draw cards
    "gain_coin",  # get open coin markers
    "gain_coins_until_end_of_turn",  # «Получите (N) до конца хода»: temporary open coins, back to the supply at 310.2 (R15:522.4)
    "lose_coins",  # «теряет (N)»: coins go back to the supply, closed ones first (R15:522.2, 522.5)
    "no_plays_next_turn",  # «не может разыгрывать карты в свой следующий ход»: a timed effect on the player (R15:521.1, 514.2)
    "cost_next_turn",  # «… стоит на (N) дороже в его следующий ход»: a timed cost effect on the player (R15:521.1, 523.1)
    "cost_until_end_of_opponent_turn",  # «До конца хода противника … стоят на (N) дороже» (R15:521.1, 310.2)
    "opponent_may_pay",  # «противник может заплатить (N), иначе …»: his decision at step pay_choice (R15:119.7)
    "pay",  # «вы можете заплатить (N), при этом …» in an optional trigger: the controller closes N open coins (R15:119.4; entry 221)
    "open",  # open (untap) a card
    "prepare",  # «Подготовить» (R15:7.prepare): open, drop activated per-turn markers, may attack/defend again
    "close",  # close (tap) a card
    "stun",  # «Оглушить»: close the card, it gets «Оглушение» (R15:7.stun)
    "strike_until_end_of_turn",  # +N strike until end of turn (310.2)
    "shots_until_end_of_turn",  # «+N к выстрелам до конца хода»: the card's shots deal N more (310.2; entry 67)
    "strike_until_start_of_turn",  # +N strike until the next turn starts (303.1)
    "strike_until_start_of_your_next_turn",  # +N strike until the controller's next turn starts (303.1)
    "hide",  # the creature becomes hidden (Скрытность)
    "set_strike_until_start_of_your_next_turn",  # «Удар … становится равен N до начала вашего следующего хода»: the fixed +/- that makes it N (R15:7.strikebecomes)
    "draw_to_match_opponent",  # «Берите карты, пока у вас в руке не будет столько же карт, сколько у противника»
    "strike_while_in_play",  # «получает +N к удару» with no duration: while it is in play (R15:205.3; entry 58)
    "discard",  # «Сбросьте карту»: the player moves cards of his choice from his hand to his graveyard (R15:7.discard)
    "put_on_deck_top",  # «Положите карту из руки на верх колоды»: a card of his choice goes on top of his deck
    "reveal_deck_top",  # «Покажите верхнюю карту вашей колоды»: shown to both players, it stays on top (R15:520.3; entry 160)
    "shown_to_hand",  # «положите ее в руку»: the card the ability showed, still on top of his deck, goes to his hand
    "shown_to_deck_bottom",  # «вы можете положить эту карту под низ колоды»: the shown card, his choice, goes under his deck (entry 163)
    "look_at_deck_top",  # «Посмотрите Х верхних карт вашей колоды; положите их обратно в любом порядке» (R15:204.3; entry 161)
    "upgrade",  # «Усовершенствуйте»: it loses its classes and is a Механизм; a mechanism cancels the ability (R15:7.upgrade)
    "life_while_in_play",  # «получает +N к жизням» with no duration: +N life while it is in play (R15:7.gains, 205.3)
    "keyword_until_end_of_turn",  # «получает [keyword] до конца хода» (310.2); effect key ``keyword``
    "keyword_until_start_of_your_next_turn",  # «До начала вашего следующего хода оно …»: a granted keyword until then (303.1)
    "untargetable_until_end_of_turn",  # «не могут быть выбраны целью заклинаний и способностей до конца хода» (R15:502.9; 310.2)
    "keyword_while_in_play",  # «получает [keyword]» with no duration: while it is in play (R15:7.gains, 205.3)
    "grant_ability_until_end_of_turn",  # «получает "…" до конца хода»: a granted triggered ability (R15:7.gains; 310.2; entry 180)
    "grant_ability_while_in_play",  # «получает "…"» with no duration: a granted triggered ability while in play (entry 180)
    "lose_abilities",  # «теряет особенности»: the text printed on the card no longer counts while it is in play (R15:7.losesabilities; entry 211)
    "become_ent",  # «становится энтом»: it loses its classes and is an Энт while in play (R15:7.gains; entry 181)
    "double_strike_until_end_of_turn",  # «Удвойте силу удара … до конца хода»: the fixed +N that makes it twice what it is, until 310.2 (R15:106.3.1; entry 71)
    "double_strike_while_in_play",  # «удвойте его силу удара»: the fixed +N that makes it twice what it is, while it is in play (R15:106.3.1, 205.3)
    "double_life_while_in_play",  # «удвойте его … максимальные жизни»: ×2 maximum lives while it is in play (R15:523.1)
    "double_ability_cost",  # «удвойте стоимость этой особенности»: ×2 the cost of the resolving activated ability (R15:523.1)
    "armour_until_end_of_turn",  # «получает Броню N до конца хода»: Броня N until 310.2, the highest Броня counting (R15 glossary «Броня Х»; entry 162)
    "shuffle_self_into_deck",  # «замешать [эту карту] в колоду вместо кладбища»: the source, from its owner's graveyard; chance shuffles (entry 222)
    "graveyard_to_deck_top",  # «положить [эту карту] на верх колоды вместо кладбища»: the source, from its owner's graveyard (entry 78)
    "return_self_to_hand",  # «верните [эту карту] с кладбища в руку»: the ability's card (a granted one's granter), to its owner's hand (entry 185)
    "create",  # «Создайте Х»: the created card X comes from the controller's supply into play (R15:519.6, glossary «Создайте»)
    "choose_x_times",  # «Создайте A или B за каждого излеченного персонажа»: the card's constructor «выберите Х раз из» (key delayed, choose "X") becomes a pending trigger at once, X the amount (R15:524.1; entry 213)
    "search",  # «Поиск»: up to N matching cards of his own deck, of his choice, go to his hand; the deck is shuffled (R15:7.search)
    "reduce_life_while_in_play",  # «получает -N к жизням»: an effect of N reduced lives, no wounds (R15:504.4, 504.5)
    "reduce_life_to",  # «Сведите уровень жизней к Х»: wounds become reduced lives, then lives to make it X (R15:504.6)
    "set_strike_until_end_of_turn",  # «Удар … становится равен N до конца хода»: the fixed +/- that makes it N, until 310.2 (R15:7.strikebecomes)
    "set_strike_while_in_play",  # «Удар … становится равен N» with no duration: the fixed +/- that makes it N, while it is in play (R15:7.strikebecomes, 205.3; entry 210)
    "summon",  # «Вызовите»: up to N matching cards of his own deck go into play under his control; the deck is shuffled (R15:519.3)
    "resurrect",  # «Возродите»: N matching cards of his own graveyard go into play under his control (R15:519.4)
    "graveyard_to_hand",  # «положите с кладбища в руку»: N matching cards of his own graveyard go to his hand (R15:118.5, 203.4)
    "take_control",  # «Возьмите под контроль»: the card goes to its controller's play zone for good (R15:519.5)
    "take_control_until_end_of_turn",  # «Возьмите под контроль … до конца хода»: it goes back at 310.2 (R15:519.5)
    "exchange_control_until_end_of_turn",  # «обменяйтесь контролем над ними до конца хода»: each changes controller until 310.2 (R15:519.5; entry 230)
    "capture_from_hand",  # «[эта карта] добывает N карт из вашей руки»: they lie under it until it leaves play (R15:520.5)
    "create_delayed",  # a delayed triggered ability of the card is created («В конце хода …», «Когда в следующий раз …», R15:521)
]
EFFECT_OPS: tuple[Op, ...] = get_args(Op)
#: Keywords an effect grants (effect key ``keyword``; the modifier's ``grants``): Рывок
#: (R15:108.5), Уязвимость (R15:7.vulnerability), Первый удар (R15:7.firststrike),
#: «Направленный удар по существу противника» (R15:7.directed: only its attack at an enemy creature);
#: on one creature for a time, «оно не наносит ран» (``deals_no_wounds``: every wound it would deal is
#: prevented, a replacement, R15:517.1) and «существа имеют Направленный удар по этому существу»
#: (``directed_at_it``: no defender against an attack at it, R15:7.directed; INTERPRETING.md, entry 159).
#: «Не получает ран» (``no_wounds``: a replacement effect, no wounds at all, R15:517.1.1; entry 185).
GrantedKeyword = Literal[
    "dash", "vulnerability", "first_strike", "directed_at_creatures", "deals_no_wounds", "directed_at_it", "no_wounds",
]
GRANTED_KEYWORDS: tuple[GrantedKeyword, ...] = get_args(GrantedKeyword)
#: What a «search» (a summon, a resurrection) may look for (effect key ``find``): a card's printed
#: name, or its type and printed cost, exact («стоимостью (1)», R15:7.search «Поиск — [карта/карты]»)
#: or at most («стоимостью (1) или менее»: ``max_cost``, R15:519.3).
FindKey = Literal["name", "type", "cost", "max_cost"]
FIND_KEYS: tuple[FindKey, ...] = get_args(FindKey)
#: Amounts derived from the game when the effect executes (INTERPRETING.md, entry 44).
DerivedAmount = Literal[
    "X", "self_strike", "target_cost", "creatures_strike_6_plus", "drawn", "drawn_this_turn", "any", "discarded",
    "recipient_hand", "wounds_dealt", "other_own_creatures", "target_strike", "self_wounds",
    "healed_own_creatures_last_turn", "target_life",
    "healed_characters",  # «за каждого излеченного персонажа»: the characters this ability's heals removed a wound from (entry 214)
    "strike_at_death",  # a «death» trigger only: the strike its (combined) card had just before it was destroyed
    "own_class_creatures",  # «количество ваших орков в игре»: the controller's creatures in play of the effect's `class` (entry 184)
    "all",  # a discard only: «Сбросьте все карты», the player's whole hand (R15:7.discard)
    "discarded_before",  # create_delayed only: the cards this ability's earlier effects discarded, remembered (R15:521.1)
    "remembered",  # a delayed ability only: the count its creating effect remembered (``pending[].count``)
]
AMOUNTS: tuple[DerivedAmount, ...] = get_args(DerivedAmount)
#: Derived amounts that count something and may be multiplied (effect key ``per``).
COUNTED_AMOUNTS: tuple[DerivedAmount, ...] = (
    "discarded", "recipient_hand", "other_own_creatures", "own_class_creatures",
)
#: Whom an effect goes to (effect key ``to``; :mod:`oracle.rules.queries.recipients`).
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
    "each_own_character",  # «каждого вашего персонажа»: the controller's hero and his creatures in play, not hidden (entry 214)
    "controller",
    "opponent",
    "each_player",  # hand effects only: each player in turn, starting with the controller («Каждый игрок, начиная с вас»)
    "struck",  # a «strikes_creature» trigger only: «это существо», the creature its strike attack struck (entry 154)
    "attacked",  # an «attacks» trigger only: «атакованное существо», its strike attack's final target or the card its
    # shot attacked (kept by the trigger), a creature (entry 183)
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
    "opponent_played_fewer_than_two",  # «если он [противник] разыграл меньше двух карт в этот ход» (entry 144)
    "target_has_shot",  # «Если у него есть выстрел»: about each recipient target (effects to "target" only; entry 68)
    "no_own_non_mechanisms",  # «если у вас нет существ не-механизмов»: every creature he has in play is a Механизм (entry 152)
    "shown_named",  # «если вы показали названную карту»: the card the ability showed has the printed name of the card named with its declaration (entry 160)
    "shown_creature",  # «если это существо»: the card the ability showed is a creature card (entry 160)
    "shown_mechanism",  # «если это механизм»: the card the ability showed has the class Механизм (entry 160)
]
CONDITIONS: tuple[Condition, ...] = get_args(Condition)
#: Conditions about the card an earlier «reveal_deck_top» of the same ability showed (effects
#: only; INTERPRETING.md, entry 160).
SHOWN_CONDITIONS: tuple[Condition, ...] = ("shown_named", "shown_creature", "shown_mechanism")
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
#: What a target must be (target key ``what``; 501.1).
TargetWhat = Literal["creature", "hero", "character"]
TARGET_WHAT: tuple[TargetWhat, ...] = get_args(TargetWhat)
#: Whose a target must be, seen from the ability's controller (target key ``side``).
TargetSide = Literal["own", "enemy", "any"]
TARGET_SIDE: tuple[TargetSide, ...] = get_args(TargetSide)
#: What else a target must satisfy (target key ``filter``; 501.4).
TargetFilter = Literal["poisoned", "other", "wounded"]
TARGET_FILTERS: tuple[TargetFilter, ...] = get_args(TargetFilter)
#: Who chooses a target (R15:118.1): the ability's controller, or his opponent («по его выбору»).
TargetChooser = Literal["controller", "opponent"]
TARGET_CHOOSERS: tuple[TargetChooser, ...] = get_args(TargetChooser)
#: Recipients that are players.
HAND_RECIPIENTS: tuple[Recipient, ...] = ("controller", "opponent", "each_player")
