"""The loader: reads ``oracle/data/cards.json`` (data, never code), validates every field and
builds the :class:`~oracle.cards.records.Pool`; a malformed field raises a
:class:`~oracle.cards.fields.CardDataError` that names it.  Each card is read by
:mod:`oracle.cards.card_loader`, its abilities by :mod:`oracle.cards.ability_loader`.  The
format (PROTOCOL.md quotes it from here on):

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
    elements   the printed elements (стихии, R15:107.2): a list of distinct ELEMENTS ("Степи",
               "Леса", "Горы", "Болота", "Тьма"); [] for a card printed neutral (R15:107.2: of
               no element; «Нейтральное существо»).  Absent when the reference records none
               (its 2019 set and the [GYM] examples give no element): not recorded, and
               neutral for the rules.  No ability of the pool reads an element yet; real cards
               carry theirs as data (docs/CARDS.md), test cards none
    keywords   subset of KEYWORDS: "dash" (Рывок R15:108.5), "stealth" (Скрытность),
               "cannot_be_stunned" («Не может быть оглушен», R15:514.2: an effect that stuns
               does nothing to it, neither closes it nor gives it «Оглушение»; it may still be
               chosen as a target), "attack_experience" («Опыт в атаке», R15 glossary: it is
               not closed after its strike attack, 307.3), "defence_experience" («Опыт в защите», R15
               glossary: it is not closed after it was assigned as defender, 307.3, R15:509.5; it
               still defends at most once per turn, R15:509.3), "directed_at_vulnerable"
               («Направленный удар по существам с уязвимостью», R15 glossary «Направленный удар»:
               no defender can be assigned against its strike attack at a creature that has
               Уязвимость when the defender would be assigned, R15:509.2; INTERPRETING.md, entry
               153), "frenzy" («Бешенство», R15 glossary, with «Обязан объявить … когда есть
               возможность»: while it can make a strike attack, its player's choice phase with
               an empty Queue offers only attacks by such creatures, the other choices refused
               citing R15:7.frenzy; INTERPRETING.md, entry 155), "parts_to_hand_instead_of_death"
               (Антиграв «Вместо гибели этого существа – положите все его части в руку, кроме
               Антиграва, Антиграва положите на кладбище», R15:517.1: a combined creature with it
               that would go from play to the graveyard goes to its owners' hands instead, the
               card with it to the graveyard, which is its own death; INTERPRETING.md, entry 203),
               "cannot_attack" («Не может атаковать»,
               R15:514.2: it cannot declare a strike attack), "cannot_defend" («Не может выступать
               защитником», R15:514.2: it cannot be assigned as defender); these eight creatures
               only (INTERPRETING.md, entries 81, 87, 150, 153, 155 and 203); "unique" (Уникальность: when a second card of the
               same name comes into its player's play zone, the first goes to the graveyard,
               a rules effect, R15:503.1; INTERPRETING.md, entry 83); "module" («Модуль»: it may be
               attached to its player's mechanism instead of entering play, R15 glossary) and
               "created" («Созданный»: it comes into play only by «Создайте» and never is in a
               deck, R15:519.6; INTERPRETING.md, entries 103-106), creatures only
    regeneration  creatures only, optional, n >= 1: the printed «Регенерация N» (R15 glossary: «В
               конце своего хода излечиться на Х»), a triggered ability appended after the
               printed ones: at the end of its controller's turn the card heals N wounds; of
               several Регенерации on one card (a combined creature's parts) only the highest
               fires (INTERPRETING.md, entry 143)
    poison     creatures only, optional, n >= 1: the printed «Отравление N» (R15 glossary «Отравление
               на Х»): the card has Poison N of its own from the moment it enters play (its
               state's ``poison`` becomes N, the higher value applying), so «Отравить» does
               not add to it, «Усилить отравление» raises it and «Снять отравление» removes it
               (INTERPRETING.md, entry 80)
    turn_order heroes only: "first" | "second" (301.4.1)
    text       the Russian card text the model follows; source: where it was read
    modes      spells only: list of lists of abilities; the player picks one (309.1 step 3)
    choose     spells with modes only, n >= 1: a spell constructor «Выберите n раз одно из»
               (R15:524.1): the modes are its options and the play names a chain of n of them
               (the action's ``values``, positions from 0, repeats allowed), each option's
               abilities going into the Queue in the player's order; its options name no
               target and distribute nothing (the real constructors create cards; INTERPRETING.md,
               entry 141)
    fury       optional additional cost: {"coins": n, "abilities": [...]} (Ярость, 309.1 step 3)
    alt_cost   optional alternative cost: {"wound_own_hero": n} (розыгрыш за здоровье)
    abilities  list of abilities (below)
    delayed    optional: list of delayed triggered abilities (R15:521), each a triggered ability
               without a usage limit, waiting for a condition of the turn or about another card;
               an effect with no "to" goes to the controller's hero (to the controller for an
               effect on a player, R15:521.1).  They are numbered after the card's abilities
               and exist only once an effect {"op": "create_delayed", "to": "self",
               "delayed": k} creates the k-th (default 0; INTERPRETING.md, entry 131).  One may
               be a constructor {"kind": "triggered", "trigger": "character_healed", "choose":
               "X", "options": [...]} that never waits: {"op": "choose_x_times", "to": "self",
               "amount": ..., "delayed": k} makes it a pending trigger at once with X its amount
               (R15:524.1; its options follow the listed delayed abilities; entry 213)
    granted    optional: list of triggered abilities the card gives to other cards (R15:7.gains),
               never its own: numbered after its abilities and its delayed ones, each on a
               condition about the card that has it (hire, death, attacks, strikes_hero,
               strikes_creature); an effect {"op": "grant_ability_until_end_of_turn" |
               "grant_ability_while_in_play", "granted": k} or a static {"op": "grant_ability",
               "to": "own_creatures", "granted": k, "class"?, "not_created"?} gives the k-th
               (default 0; INTERPRETING.md, entry 180)

Ability::

    kind      "spell" | "activated" | "triggered" | "static"
    text_en   optional English gloss
    trigger   triggered only: one of TRIGGERS ("strikes_creature": «При ударе по существу»,
              this creature's strike attack struck a creature, even with a strike of 0, R15
              glossary «При атаке (При ударе)»; not a return strike, R15:510.4; declared after
              the fight, 307.2; INTERPRETING.md, entry 154; "search_used": «Когда вы используете
              Поиск», a creature's, fired from its owner's deck when his search begins, R15:113.10;
              entry 220)
    whose     for start_of_turn / end_of_turn / creature_dies / creature_enters /
              spell_played / card_played / creature_played / card_drawn / prepared / character_healed:
              "own" | "opponent" |
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
              "coins": "X" — the cost «(Х)»: X open coins, X declared with the activation
              (the action's ``x``, at least 1, R15:308.1 step 3, 512.4; the amount "X" of its
              effects; INTERPRETING.md, entry 120); "thirst": n — «Жажда N»: the payment wounds
              another non-hidden character of the controller n, named by the action's
              ``values``, the card the source (R15:501.4; INTERPRETING.md, entry 123);
              "discard": "X" beside "coins": "X" — «(Х), сбросьте Х карт:»: X distinct cards of
              the hand, named first in the action's ``values`` in ascending uid order, X at most
              the cards in hand (R15:501.2; INTERPRETING.md, entry 240)
    in_graveyard  activated only, a creature's, no "tap" in its cost: true for «(эта особенность
              работает на кладбище)»: its owner may declare it in his choice phase while the card
              lies in his graveyard (the action's ``card`` a uid of his graveyard), as well as
              from play; no other ability of a card in the graveyard is declared (R15 glossary
              «Кладбище», R15:202.2; INTERPRETING.md, entry 157)
    choose, options  activated only, an ability constructor (R15:524): "options" a list of
              two or more abilities {"targets": [one target spec], "effects": [...]} and
              "choose" n («Выберите n раз из», a chain of n, repeats allowed, R15:524.1) or
              "one_or_more" (1 to N distinct, R15:524.2) or "X" («Выберите Х раз одно из», the
              chain as long as the X declared for the cost «(Х)», R15:524.1; INTERPRETING.md,
              entry 241); no "effects" of its own, no Жажда in its cost.  The options become
              abilities of the card after its listed ones, declared only in a chain (the action's
              ``values``, positions from 0, after the cards a discard cost discards, and
              ``targets``, one per link; INTERPRETING.md, entry 124)
              On a triggered ability, «При [событие] выберите n раз из» (R15:524.1; «Гибель:
              Создайте A или B» is its form with n = 1): "choose" n and "options" a list of two
              or more {"effects": [...]} with no target; the chain is named with the declaration
              (the action's ``values``), its options going into the Queue in that order
              (INTERPRETING.md, entry 142)
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
              дополнительно на (1) дороже»; INTERPRETING.md, entry 83),
              "while_open": true (optional: in force only while the card is open, «Пока
              Королевский налог открыт, существа стоят на (1) дороже»; entry 173),
              "of": "abilities" (optional: the modifier changes the cost of those cards'
              activated abilities instead of their plays, R15:308.1 steps 2 and 4;
              INTERPRETING.md, entry 119)}
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
              or {"op": "grant_ability", "to": "own_creatures", "granted": k, "class": c,
              "not_created": true} («Ваши существа[, не являющиеся созданными,] имеют:
              "…"», «Каждый ваш орк имеет "…"»; ``class`` and ``not_created`` optional):
              while the card is in play and not hidden, each creature of its controller's
              (of class c only; not a «Созданный» one) has the card's granted ability k
              (card key ``granted``; R15:7.gains; INTERPRETING.md, entries 180, 182)
              or {"op": "cancel_play", "player": "opponent", "card_types": [types],
              "cost": "destroy_self"}: a cancellation effect (R15:518.1): when the opponent
              plays a card of one of those types, the controller may destroy this card (outside
              the Queue, R15:518.3) to cancel the play at its step 10 (R15:309.1.10; step
              ``cancel_choice``, action ``cancel_play``; INTERPRETING.md, entries 121, 122)
              or {"op": "draw_limit", "per_turn": 0|1, "player": whose}: each single draw
              of those players past per_turn in the turn is refused («не может брать больше
              одной карты за ход», R15:527.2.2; «не может брать карты», R15:527.3)
              or {"op": "draw_count", "value": n, "at_least": n (default 2), "player": whose}:
              an instruction to draw at_least or more draws value more (R15:527.2.1)
              or {"op": "draw_replacement", "instead": effects, "player": whose}: each single
              draw of those players is replaced by the effects (draw, gain_coin to a player;
              wound to a hero; by a number), carried out by the card's controller (R15:527.5;
              oracle.rules.mechanisms.draws; INTERPRETING.md, entries 127-130); "player" defaults to "own"

Target spec::  {"what": "creature"|"hero"|"character", "side": "own"|"enemy"|"any",
                "filter": subset of ["poisoned", "other", "wounded"],
                "class": a class (optional: the target must have it, «Ранить механизм»),
                "max_cost": n (optional: printed cost at most n, X as 0, «стоимостью (1) или
                менее»), "min_strike": n (optional: current strike at least n, «с ударом 6 или
                более»); both checked at declaration like every restriction (501.4),
                "cost": "X" (optional, an activated ability with the cost «(Х)» only: the
                target's cost, X as 0, is the X declared, «механизм стоимостью (Х)»;
                INTERPRETING.md entry 201),
                "count": n (exactly n distinct) or {"up_to": n} (1..n distinct, never none: R15:502.6, INTERPRETING.md entry 135),
                or "X" (exactly the X declared: of the cost «(Х)» of an activated ability, entry 192,
                or of a spell's play, «Выберите Х …», R15:512.4; a spell may list several such
                specs, groups of X each chosen by its controller, entry 230),
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
           "names_target": a target spec (optional, not on the first effect, "optional": true,
           one target; the ability then lists no "targets" and its effects from this one on may
           go to "target"): the target of a part after «;», named as that part is carried
           out, not with the declaration — its controller names one legal at that moment or
           none at step ``target_naming`` (action ``name_target``), «…; иначе можете ранить
           существо на 2», R15:116.1, 119.2, 501.5; INTERPRETING.md, entry 250),
           "per": n (optional, counted amounts only: the amount is n times the count,
           «+2 … за каждую сброшенную карту», «на 3 за каждую карту»),
           "shot": true (optional, a ``wound`` of the targets only, whose target spec is
           "enemy": the wound is a shot, «Выстрел на X», R15 glossary «Выстрел», R15:507.2;
           it deals as many more wounds as the source's «+N к выстрелам» in force, op
           "shots_until_end_of_turn"; INTERPRETING.md, entry 67),
           "keyword": one of GRANTED_KEYWORDS (ops "keyword_until_end_of_turn",
           "keyword_while_in_play" and "keyword_until_start_of_your_next_turn" only, required
           there: the keyword the recipient creatures gain, «получает Рывок / Уязвимость /
           Первый удар / Направленный удар по существу противника»; "deals_no_wounds" and
           "directed_at_it" for «оно не наносит ран, а существа имеют Направленный удар по
           этому существу», INTERPRETING.md, entry 159)}
    grant effects (GRANT_OPS; INTERPRETING.md, entries 69-74) put a modifier on each
    recipient creature that gives it something other than strike (the state's
    ``modifiers[].grants``): "upgrade" («Усовершенствуйте [существо]», R15:7.upgrade; ``to``
    "self" or one creature target): it loses its classes and is a Механизм while it is in
    play; if it is a mechanism already the ability is cancelled: neither this effect nor any
    later one happens (entry 70); "life_while_in_play" (+``amount`` life, «получает +N к
    жизням» with no duration, R15:7.gains, 205.3); "keyword_until_end_of_turn" /
    "keyword_while_in_play" (the ``keyword``, until 310.2 or while in play)
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
    deck was looked through, R15:204.2).  "summon" («Вызовите», R15:519.3) is the same choice
    from his deck, the cards going into play under his control instead, {"max_cost": n} for
    «стоимостью (n) или менее»; the deck is shuffled only when he summoned some (refusing to
    look, R15:519.3.1; entries 111, 112).  "resurrect" («Возродите», R15:519.4) takes ``amount``
    matching cards (all there are if fewer) of his own graveyard into play (entry 113); its
    ``amount`` may be "X", the X of its activated ability's cost (entry 157).
    An effect after a hand effect reads what the earlier effects drew or discarded and the
    strikes read as without the pause (the pause carries the run's memory); no ``if_previous``
    follows one of "each_player", a search or a summon.
    "graveyard_to_deck_top" (``to`` "self") is not a hand effect: the ability's own card goes
    from its owner's graveyard on top of his deck, if it is there when the effect executes
    («Гибель: … на верх колоды вместо кладбища»; INTERPRETING.md, entry 78).
    "shuffle_self_into_deck" (``to`` "self") likewise puts it into his deck, then chance shuffles
    that deck at step ``search_shuffle`` («замешать … в колоду вместо кладбища», R15:204.3; entry
    222).  "pay" (``to`` "controller", a number): «вы можете заплатить (N), при этом …» of an
    optional trigger, N open coins closed when it executes, not carried out without them
    (R15:119.4; entry 221).
    "gain_coins_until_end_of_turn" (``to`` "controller" or "opponent", a number): open coins
    that go back to the supply at 310.2, not a loss (R15:522.4; entry 76).
    "no_plays_next_turn", "cost_next_turn", "cost_until_end_of_opponent_turn" (``to``
    "controller", "opponent" or "each_player", a number): an effect on the player for a time
    (the state's ``player_effects``, R15:521.1; oracle.rules.queries.timed_effects): in his next turn he
    cannot play cards, or the cards he plays cost ``amount`` more («modifier», default
    "increase"; "card_type": only cards of that type; "first_only": true, only his first card
    of the turn; "same_name": true, only cards named like the ability's target); or, the third,
    so from now to the end of the controller's opponent's turn (INTERPRETING.md, entries 170-172).
    conditions («если …», R15:119.2) are read about the ability's controller when the
    effect executes, not when the ability is declared (INTERPRETING.md, entry 42):
    "hand_fewer_than_opponent" (fewer cards in hand than the opponent), "hand_more_than_opponent"
    (more cards in hand than the opponent), "hand_empty" (no cards in hand),
    "no_own_non_mechanisms" (every creature in his play zone, hidden ones included, has the class
    Механизм now, an upgraded one too; «если у вас нет существ не-механизмов», INTERPRETING.md,
    entry 152); one condition
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
    "controller", "opponent", "each_player" (hand effects only), "struck" (a «strikes_creature»
    trigger only: «это существо», the creature its strike attack struck — the attack's defender
    or attacked creature — while it is in play and not hidden; INTERPRETING.md, entry 154),
    "attacked" (an «attacks» trigger only: «атакованное существо», the creature its strike
    attack is against — its final target, the defender if one was assigned — while it is in
    play and not hidden; a hero is none; fired by a shot, the card the shot attacked, kept by
    the trigger; INTERPRETING.md, entry 183)
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
    effect executes; INTERPRETING.md, entry 79), "own_class_creatures" («количество ваших орков
    в игре»: the creatures of the class the effect key ``class`` names in the ability's
    controller's play zone, hidden ones included, counted when the effect executes;
    INTERPRETING.md, entry 184), "target_strike" (the strike of the ability's
    one target, a creature: its current strike, or the strike it had just before it left play
    during this resolution, or its printed strike if it was gone before; «Х - сила удара этого
    механизма»; INTERPRETING.md, entry 82), "self_wounds" (a «death» trigger only: «Х -
    количество ран на [этой карте]», the wounds its source had when it was destroyed, last
    known information, R15:403.1, kept in the trigger's count since leaving play clears them,
    R15:205.3; 0 when it had none; INTERPRETING.md, entry 87), "strike_at_death" (a «death»
    trigger only, not beside "self_wounds": «Х - сила удара этого существа (до того, как оно
    погибло)», the strike the creature that died had just before it left play, modifiers
    included, kept in the trigger's count; for a part of a combined card the combined card's
    strike, R15:403.1, 505.4; INTERPRETING.md, entry 151); "self_strike" of a source that left play while this ability resolved is the
    strike it had just before it left (last known information, R15:403.1; INTERPRETING.md,
    entry 56)
    "strike_while_in_play" and "life_while_in_play" («получает +N к удару и жизням») put on a
    lasting +N strike / +N additional lives (R15:504.2), no duration (R15:205.3); an amount of 0
    puts on nothing (no modifier, not carried out; INTERPRETING.md, entry 79)
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any

from .card_loader import parse_card
from .fields import CardDataError, required
from .records import CardDef, CreateParams, Pool, SearchParams

__all__ = ["load_pool", "parse_pool"]


def parse_pool(raw: Any) -> Pool:
    """Validate and build a :class:`Pool` from decoded JSON; raise :class:`CardDataError`."""
    if not isinstance(raw, dict):
        raise CardDataError("$", "must be an object")
    version = str(required(raw, "version", "$"))
    cards_raw = required(raw, "cards", "$")
    if not isinstance(cards_raw, list):
        raise CardDataError("$.cards", "must be a list")
    cards: dict[str, CardDef] = {}
    for i, c in enumerate(cards_raw):
        card = parse_card(c, f"$.cards[{i}]")
        if card.id in cards:
            raise CardDataError(f"$.cards[{i}].id", f"duplicate id {card.id!r}")
        cards[card.id] = card
    names = {c.name for c in cards.values()}
    for i, card in enumerate(cards.values()):
        for a in card.abilities:
            for e in a.effects:
                if isinstance(e.params, SearchParams) and e.params.name and e.params.name not in names:
                    raise CardDataError(f"$.cards[{i}].abilities", f"a search looks for {e.params.name!r}, no card of the pool")
                if isinstance(e.params, CreateParams) and (
                        e.params.card not in cards or "created" not in cards[e.params.card].keywords):
                    raise CardDataError(f"$.cards[{i}].abilities", f"«create» names {e.params.card!r}, no created card "
                                        "of the pool (R15 Part 8)")
    return Pool(version, cards)


@lru_cache(maxsize=1)
def load_pool() -> Pool:
    """The packaged card pool (``oracle/data/cards.json``), parsed once per process."""
    text = resources.files("oracle").joinpath("data/cards.json").read_text(encoding="utf-8")
    return parse_pool(json.loads(text))
