"""The rules a game is read through: one frozen set of named switches per edition and engine
mutant.

The rule modules never compare the mutant's name: they read a switch of
:attr:`oracle.model.State.rules`, e.g. ``state.rules.queue_fifo``.  A misspelt switch is an
``AttributeError`` (and a mypy error), never a silent no-op.  Every switch is named for what
the rules say, so the reference has each at its default; an engine mutant
(:mod:`oracle.mutants`) turns exactly one of them off.

Edition switches (``pay_with_declaration``, ``play_steps``, ``illegal_trigger_keeps_use``,
``on_play_triggers_before_spell``, ``attack_declaration_window``, ``activation_steps``) differ between editions; the others are the
mutant switches, which no edition turns.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from functools import cache

__all__ = ["EDITION_SWITCHES", "MUTANT_SWITCHES", "Ruleset", "ruleset"]


@dataclass(frozen=True, slots=True)
class Ruleset:
    """The switches of one game: its edition's and its engine mutant's (if any).  Each
    field's comment names the rule; the reference's value is the default."""

    edition: str
    mutant: str = ""
    # --- edition switches
    #: A/B 501.2: a played card is paid with its declaration, before it moves (C: 309.1's
    #: steps, paid at step 9 after it moved; INTERPRETING.md, entry 39).
    pay_with_declaration: bool = False
    #: C:309.1 and R15:309.1 play a card in numbered steps (cited as such, each target of a
    #: distribution gets at least one, an illegal play is rewound); A's and B's 309.1 is one
    #: paragraph (INTERPRETING.md, entry 39).  What the citations and checks follow, while
    #: ``pay_with_declaration`` says when the card is paid.
    play_steps: bool = True
    #: A/B:501.2 (the cost paid with the declaration) and R15:309.1 (the final cost at step 4,
    #: the card moving at step 5) determine a played card's cost while it is in the hand; C:309.1
    #: moves it at step 4 and determines the cost at step 8 (INTERPRETING.md, entry 62).
    cost_before_the_card_moves: bool = True
    #: R15:113.9: a triggered ability that became illegal by its resolution (none of its
    #: targets can take its effect, R15:120.7) does not use up its «1 раз за ход»
    #: (INTERPRETING.md, entry 49); the seed editions keep the use (501.2, entry 10).
    illegal_trigger_keeps_use: bool = False
    #: R15:309.1 step 11: the triggers that fire on the play of a spell are declared at the
    #: play, before its abilities take effect (step 12), and resolve after them; the seed
    #: editions declare them after the spell's abilities (309.2; INTERPRETING.md, entries 21
    #: and 51).
    on_play_triggers_before_spell: bool = False
    #: R15:307.1: the triggers on an attack declaration («когда противник объявляет атаку»)
    #: are declared and resolved before the defender is assigned; the seed editions have no
    #: such window, the triggers wait for the fight like «при атаке» (307.2; INTERPRETING.md,
    #: entries 11 and 50).
    attack_declaration_window: bool = False
    #: R15:308.1: an activation is carried out in numbered steps, which its events cite
    #: (announce 1, targets 5, legality 7, payment 8, execution 11); the seed editions'
    #: 308.1 is one paragraph (the declaration and its payment, 501.1, 501.2).
    activation_steps: bool = False
    # --- mutant switches (every edition: True)
    #: 401.3: the Queue resolves first in, first out.
    queue_fifo: bool = True
    #: 402.1: the inactive player declares his simultaneous triggers first.
    inactive_declares_first: bool = True
    #: 402.1: a player declares his own simultaneous firings in any order (entry 9).
    any_firing_first: bool = True
    #: 401.7: a passed optional trigger is forfeited.
    pass_forfeits_optional: bool = True
    #: 304.2: the first player does not draw on his first turn.
    first_player_skips_first_draw: bool = True
    #: 304.1: no coin is gained with 10 or more coins.
    coin_cap: bool = True
    #: 304.2: the third failed draw (not the second) loses.
    lose_on_third_failed_draw: bool = True
    #: 303.3: «N раз за ход» usage markers are removed at restoration.
    turn_markers_removed: bool = True
    #: R15:205.3: a card in the graveyard keeps its usage markers (entry 40).
    markers_kept_in_graveyard: bool = True
    #: C:309.1.8 / R15:523.1: cost modifiers apply in their order.
    cost_modifiers_in_order: bool = True
    #: 501.2: a cost is paid in full before anything is declared.
    payment_required: bool = True
    #: C:309.1.3: X is bounded by the payment only, not by 10 (entry 8).
    x_uncapped: bool = True
    #: 501.4: targets are checked at declaration only.
    targets_fixed_at_declaration: bool = True
    #: R15:108.5: first-turn weakness.
    first_turn_weakness: bool = True
    #: 307.3: the attacker closes after the fight.
    attacker_closes: bool = True
    #: R15:509.3: a creature defends at most once per turn.
    defend_once_per_turn: bool = True
    #: R15:510.1: attacker and defender strike at once.
    simultaneous_fight: bool = True
    #: R15:505.1: creatures at 0 life are destroyed together (entry 34).
    deaths_together: bool = True
    #: R15:523.1: strike modifiers add up.
    strike_modifiers_stack: bool = True
    #: C:310.2: «до конца хода» lasts through the end-of-turn Queue.
    end_of_turn_durations_last: bool = True
    #: C:303.1: «до начала вашего следующего хода» ends at its owner's turn (entry 23).
    owner_turn_durations: bool = True
    #: 301.4: a tied roll is rolled again.
    reroll_on_tie: bool = True
    #: 301.7.1: the first player declares his mulligan first.
    first_player_mulligans_first: bool = True
    #: C:304.4: a hidden creature's poison waits until it is revealed (entry 38).
    hidden_poison_waits: bool = True
    #: R15:7.prepare: «Подготовить» also removes activated per-turn markers and lets a
    #: character attack and defend again.
    prepare_resets_the_turn: bool = True
    #: R15:119.2: «меньше»/«больше» in a hand-size condition are strict (entry 42).
    hand_comparisons_strict: bool = True
    #: R15:118.8: a static ability that names no player applies to every player (entry 43).
    statics_for_every_player: bool = True
    #: R15:106.1, 106.1.1: a cost an ability mentions is the base (printed) cost; cost
    #: modifiers work only while the card is played (entry 44).
    mentioned_cost_is_base: bool = True
    #: R15 glossary «Удар становится равным Х»: the strike gets as many +1/-1 effects as make it X
    #: when the effect applies, a fixed amount that adds like any other (INTERPRETING.md, entry 134).
    strike_becomes_fixed_amount: bool = True
    #: R15:502.6, 502.9: «до N» targets are one to N, never none (INTERPRETING.md, entry 135).
    up_to_targets_at_least_one: bool = True
    #: R15:7.stun: a stunned card does not open in its restoration phase.
    stun_keeps_closed: bool = True
    #: R15:522.5: a player who loses coins chooses which; off (a mutant), no choice: his closed
    #: ones go first, or with ``closed_coins_lost_first`` off his open ones (entries 47, 137).
    closed_coins_lost_first: bool = True
    #: R15:522.5: «он сам выбирает, с какими монетами»: a decision at step coin_choice (entry 137).
    coin_loss_is_a_choice: bool = True
    #: R15:403.1: a killer gone before the death it causes: its last known controller (entry 114).
    gone_killer_last_known: bool = True
    #: R15 glossary «При атаке», «Атака»: a trigger a shot fires keeps the card the shot attacked,
    #: its «атакованное существо» (INTERPRETING.md, entry 183).
    shot_keeps_attacked: bool = True
    #: R15:116.1, 119.2: a target of a part after «;» is named as that part is carried out, after
    #: what the earlier parts showed; off (a mutant), before the ability's first part, as if with
    #: the declaration (INTERPRETING.md, entry 250, reading (a)).
    targets_named_as_carried_out: bool = True
    #: R15:118.1: a target «по его выбору» is chosen by the opponent of the ability's
    #: controller, not by the controller (INTERPRETING.md, entry 48).
    opponent_chooses_target: bool = True
    #: R15:7.stun: «оглушённое» is a card with the effect «Оглушение», not any closed card
    #: (INTERPRETING.md, entry 54).
    stun_is_an_effect: bool = True
    #: R15:510.2: the return strike has the attack's calculation step too, with the striking
    #: creature's bonuses against what it strikes (R15:508.4.1; entry 55).
    return_strike_calculated: bool = True
    #: R15:502.2: wounds an ability's effect deals are dealt by the ability's source, so
    #: «[карта] наносит раны герою» fires for them as for a strike (entry 57).
    ability_wounds_have_a_source: bool = True
    #: R15:403.1: a source that left play while its ability resolves has its last known
    #: strike, not its printed one (entry 56).
    last_known_strike: bool = True
    #: R15:119.4: «при этом» [Y] happens only if [X] was carried out (entry 54).
    while_doing_needs_the_first_part: bool = True
    #: R15:205.3: «получает +N к удару» with no duration lasts while the creature is in play
    #: (entry 58).
    lasting_strike_lasts: bool = True
    #: R15:302.2: the counters of what each player did this turn start again at every turn
    #: (INTERPRETING.md, entry 59).
    turn_counts_reset: bool = True
    #: R15:302.2: at every turn's start, the inactive player's counters too (entry 59).
    turn_counts_reset_for_both: bool = True
    #: «ран, излеченных с ваших существ в ваш прошлый ход»: the count of a player's own turn
    #: is kept through his opponent's turn, reset only when his next turn begins (entry 88).
    healed_count_kept_through_opponents_turn: bool = True
    #: the same count is of wounds healed from creatures: a hero is not one (R15:107.1.2; entry 88).
    heals_of_heroes_ignored: bool = True
    #: R15:527.2: each card drawn is a draw of its own: «the Nth card» triggers see the
    #: count after each card, not after the whole effect (entry 60).
    each_draw_counted: bool = True
    #: R15:527.2.2: a limit on draws («не может брать больше одной карты за ход») applies to
    #: each single draw, so an instruction to draw several is partly carried out (entry 127).
    draw_limit_counts_single_draws: bool = True
    #: R15:527.2.2: under such a limit a choice to draw several cannot be made (entry 128).
    draw_limit_forbids_choosing_several: bool = True
    #: R15:527.2.1: a replacement of how many cards are drawn applies to the instruction,
    #: before it is counted into single draws (entry 127).
    draw_count_replaced_before_splitting: bool = True
    #: R15:527.2.3: when several players draw, the active player draws first (entry 128).
    each_player_draws_active_first: bool = True
    #: R15:527.3: «не может брать карты» forbids the choice to draw (entry 128).
    no_draw_forbids_the_choice: bool = True
    #: R15:527.3: an empty deck does not forbid the choice to draw (entry 128).
    empty_deck_allows_the_draw_choice: bool = True
    #: R15:527.5.1: a draw replacement applies even when the deck is empty (entry 130).
    draw_replacement_on_empty_deck: bool = True
    #: R15:521.2: a delayed trigger fires wherever its source is (a spell in the graveyard; entry 131).
    delayed_fires_from_any_zone: bool = True
    #: R15:521.1: a delayed trigger waits for the next time its condition happens and fires once (entry 131).
    delayed_fires_once: bool = True
    #: R15:521.1, 310.2: an effect on a player lasts its period («в свой следующий ход», «до конца
    #: хода противника»; INTERPRETING.md, entry 170); the mutant ends it with the current turn.
    player_effects_last_their_period: bool = True
    #: «Первая карта … в его следующий ход стоит на (1) дороже»: only his first card of that turn
    #: (entry 171); the mutant surcharges every card he plays in it.
    first_card_surcharge_first_only: bool = True
    #: «До конца хода противника …»: from now, the rest of the current turn included (entry 172);
    #: the mutant begins it with the opponent's turn.
    until_opponent_turn_end_from_now: bool = True
    #: «Пока [эта карта] открыта, …»: the static is not in force while its card is closed
    #: (R15:115.1; entry 173); the mutant keeps it in force.
    while_open_needs_open: bool = True
    #: «В начале вашего следующего хода»: a delayed ability waits for the start of its
    #: controller's next turn (R15:521.1; entry 174); the mutant fires it at the next turn's start.
    your_next_turn_is_yours: bool = True
    #: R15:525.2: a cycle of triggered abilities is interrupted before its first repetition: an
    #: ability does not fire again in the chain its own resolution belongs to (entry 132).
    trigger_cycles_stop: bool = True
    #: R15:106.1.1, 115.1: a card's static cost ability about itself works while it is in
    #: the hand it is played from (entry 61).
    hand_statics_apply: bool = True
    #: R15 glossary «Сбросить»: the player whose hand it is chooses the cards of a hand
    #: effect («Игрок на свой выбор», INTERPRETING.md, entry 63).
    own_hand_chooser: bool = True
    #: R15:119.7: «[X], иначе [Y]»: the player may refuse [X] (entry 64).
    otherwise_may_refuse: bool = True
    #: «Положите карту … на верх колоды»: the card goes on top of the deck (entry 64).
    deck_put_on_top: bool = True
    #: «Посмотрите Х верхних карт …; положите их обратно в любом порядке»: the player chooses
    #: the order they go back in (INTERPRETING.md, entry 161).
    look_lets_order: bool = True
    #: «если вы показали названную карту, положите ее в руку»: a shown card that is not the
    #: named one stays on top of the deck (INTERPRETING.md, entry 160).
    unnamed_shown_card_stays: bool = True
    #: R15 glossary «Броня Х»: a Броня gained until the end of turn and a printed one: only the
    #: highest counts (INTERPRETING.md, entry 162).
    highest_armour_counts: bool = True
    #: «иначе вы можете положить эту карту под низ колоды»: the player chooses whether it goes
    #: (R15:119.5; INTERPRETING.md, entry 163).
    shown_to_bottom_is_optional: bool = True
    #: «посмотреть верхнюю карту любой колоды»: his opponent's deck too (INTERPRETING.md, entry 164).
    any_deck_includes_the_opponents: bool = True
    #: R15:119.7: «противник может заплатить …, иначе [Y]»: [Y] happens only when he did not pay
    #: (INTERPRETING.md, entry 190).
    payment_stops_otherwise: bool = True
    #: R15:119.7: the opponent of the ability's controller decides whether he pays (entry 190).
    opponent_decides_payment: bool = True
    #: R15:502.9: «не могут быть выбраны целью заклинаний и способностей» restricts every
    #: declaration's targets while it lasts (entry 192).
    untargetable_holds: bool = True
    #: «в порядке, выбранном их владельцами»: the ability's controller orders his creatures first
    #: (entry 193).
    deck_order_from_controller: bool = True
    #: «+2 к удару за каждую сброшенную карту»: per card of the discard, not per discard (entry 65).
    discard_bonus_per_card: bool = True
    #: «Каждый игрок, начиная с вас»: the controller chooses first (entry 66).
    each_player_from_controller: bool = True
    #: R15 glossary «Выстрел»: «+N к выстрелам» changes the card's shots only, not its
    #: strike (INTERPRETING.md, entry 67).
    shot_bonus_only_on_shots: bool = True
    #: R15:7.upgrade: «Усовершенствовать» a creature that is a mechanism already cancels the
    #: ability: its later effects («при этом …») do not happen (INTERPRETING.md, entry 70).
    upgrade_of_a_mechanism_cancels: bool = True
    #: R15:7.vulnerability: a creature with «Уязвимость» gets 1 wound more from any source
    #: (INTERPRETING.md, entry 72).
    vulnerability_adds_one: bool = True
    #: «Удвойте силу удара» changes the strike at all (INTERPRETING.md, entry 71).
    doubling_applies: bool = True
    #: R15:106.3.1: «Удвойте силу удара» puts on a fixed +N (twice the strike then); off, an
    #: R15:523.1 multiplier read with the strike (INTERPRETING.md, entry 71).
    strike_doubling_fixed_amount: bool = True
    #: R15:7.firststrike: in a fight the creature with «Первый удар» strikes first and the
    #: other strikes back only if it survived (INTERPRETING.md, entry 73).
    first_strike_strikes_first: bool = True
    #: R15:7.directed: no defender can be assigned against a directed strike («Направленный
    #: удар по существу противника»: an attack at an enemy creature; entry 74).
    directed_strike_has_no_defender: bool = True
    #: R15 glossary «При гибели»: a card that died loses its effects only once the triggers on
    #: its death have been declared, so they see it as it was (an upgraded creature died a
    #: Механизм; INTERPRETING.md, entry 69).
    death_triggers_see_effects: bool = True
    #: R15:522.4: coins given «до конца хода» go back to the supply at 310.2
    #: (INTERPRETING.md, entry 76).
    temporary_coins_return: bool = True
    #: «Когда вы разыгрываете существо»: the creature being played does not see its own
    #: play (INTERPRETING.md, entry 77).
    own_play_unseen: bool = True
    #: «за каждое другое ваше существо» does not count the card itself (INTERPRETING.md,
    #: entry 79).
    other_own_creatures_exclude_source: bool = True
    #: R15 glossary «Отравление на Х»: a printed «Отравление N» is the card's Poison N once it
    #: is in play (INTERPRETING.md, entry 80).
    printed_poison_in_play: bool = True
    #: R15:514.2: «Не может быть оглушен» — a stun does nothing to the card, it is not
    #: closed either (INTERPRETING.md, entry 81).
    unstunnable_card_is_not_closed: bool = True
    #: R15 glossary «Опыт в атаке»: the card is not closed after its strike attack (entry 81).
    attack_experience_keeps_open: bool = True
    #: R15 glossary «Опыт в защите»: the card is not closed after it was assigned as defender
    #: (INTERPRETING.md, entry 150).
    defence_experience_keeps_open: bool = True
    #: R15:403.1: «сила удара этого механизма» of a target destroyed by the same ability is its
    #: last known strike (INTERPRETING.md, entry 82).
    last_known_target_strike: bool = True
    #: «дополнительно на (1) дороже» (Феллин) applies only on top of another increase
    #: (INTERPRETING.md, entry 83).
    extra_increase_needs_an_increase: bool = True
    #: Уникальность: a second copy entering play moves the first to the graveyard (R15:503.1).
    uniqueness_moves_the_first: bool = True
    #: R15 glossary «Поиск»: «Поиск до N» finds any number up to N of the matching cards,
    #: none included («можно их не искать»; INTERPRETING.md, entry 84).
    search_may_find_fewer: bool = True
    #: R15 glossary «Поиск», R15:204.2: the searched deck is shuffled even when the search
    #: found nothing (entry 84).
    search_always_shuffles: bool = True
    #: R15:113.10: «Когда вы используете Поиск» fires from the deck only — not from the hand (entry 220).
    search_trigger_only_in_deck: bool = True
    #: R15:113.10 «вы»: only its owner's own search fires it, not his opponent's (entry 220).
    search_trigger_only_own_search: bool = True
    #: R15:204.3: a card put into a deck at no given place is shuffled in: chance orders the deck (entry 222).
    shuffled_in_card_is_shuffled: bool = True
    #: Курдаш «… при этом предотвратить получение ран и уничтожить их источник, если это существо или карта
    #: поддержки»: the source is destroyed too (entry 223).
    wound_source_destroyed: bool = True
    #: R15:517.3: an optional replacement is its controller's decision, asked at step wound_choice (entry 223).
    optional_replacement_asked: bool = True
    #: R15:517.3, 517.4: the affected player names the replacement that applies next (entry 242).
    replacement_order_chosen: bool = True
    #: R15 glossary «Не получает ран от», R15:502.2: «Не получает ран от существ с ударом 6
    #: или более» covers the wounds of such a creature's abilities (shots included), not only
    #: of its strike (INTERPRETING.md, entry 86).
    no_wounds_from_covers_abilities: bool = True
    #: R15:403.1: «Гибель: … Х - количество ран на [этой карте]» reads the wounds the card had
    #: when it was destroyed, though leaving play cleared them (INTERPRETING.md, entry 87).
    death_keeps_wounds: bool = True
    #: R15:403.1: «Гибель: … Х - сила удара этого существа (до того, как оно погибло)» reads the
    #: strike of the creature that died, the combined card's for a part (INTERPRETING.md, entry 151).
    death_keeps_strike: bool = True
    #: «если у вас нет существ не-механизмов» reads the classes the creatures have now, an
    #: upgraded creature being a Механизм (INTERPRETING.md, entry 152).
    mechanism_class_as_it_is_now: bool = True
    #: «становится энтом» (Одеревенение): it loses its classes and is an Энт, as «Усовершенствовать»
    #: makes a Механизм (R15:7.gains; INTERPRETING.md, entry 181).
    ent_replaces_classes: bool = True
    #: R15 glossary «Теряет особенности»: the text printed on the card no longer counts, what
    #: effects gave it stays (INTERPRETING.md, entry 211).
    abilities_can_be_lost: bool = True
    #: R15 glossary «Теряет особенности»: «Все приобретённые в ходе игры эффекты и способности
    #: остаются» — keywords and abilities effects gave the card, before or after (entry 212).
    granted_abilities_survive_the_loss: bool = True
    #: «за каждого излеченного персонажа (каждого персонажа, с которого сняли раны)» counts only
    #: the characters a wound was removed from (R15:7.heal; INTERPRETING.md, entry 214).
    only_healed_characters_count: bool = True
    #: «Удар … становится равен Х» with no duration lasts while the creature is in play
    #: (R15:205.3; INTERPRETING.md, entry 210).
    strike_becomes_without_duration_lasts: bool = True
    #: R15:508.3: «атакованное существо» is the attack's final target, the defender if one was
    #: assigned (INTERPRETING.md, entry 183).
    attacked_is_the_final_target: bool = True
    #: R15:205.3: a creature that dies keeps its effects until its «Гибель» abilities are
    #: declared: a granted «Гибель» fires, read as the creature last was (INTERPRETING.md, entry 182).
    granted_death_fires: bool = True
    #: R15:107.3: «количество ваших орков» counts the controller's creatures of that class only
    #: (INTERPRETING.md, entry 184).
    class_count_reads_the_class: bool = True
    #: R15:517.1.1: «Не получает ран» keeps every wound off, a spell's or a shot's as well as a
    #: strike's (INTERPRETING.md, entry 185).
    no_wounds_at_all: bool = True
    #: «Направленный удар по существам с уязвимостью»: directed only at a creature that has
    #: Уязвимость (INTERPRETING.md, entry 153).
    directed_needs_vulnerability: bool = True
    #: R15:510.4: a return strike is no attack, «при ударе» abilities do not fire on it
    #: (INTERPRETING.md, entry 154).
    return_strike_fires_no_strike_trigger: bool = True
    #: R15:510.4, glossary «Атака»: a return strike is no attack, so «Защита от атак» does not
    #: keep off its wounds (INTERPRETING.md, entry 154).
    return_strike_is_no_attack: bool = True
    #: R15 glossary «При атаке (При ударе)», R15:507.3: a shot is an attack, so «при атаке»
    #: abilities fire on it too (INTERPRETING.md, entry 154).
    shot_fires_attack_triggers: bool = True
    #: R15:113.5: a granted triggered ability is «1 раз за ход» like a printed one unless it says
    #: «Каждый раз, когда»: its usage marker goes on the card that has it (INTERPRETING.md, entry 180).
    granted_abilities_once_per_turn: bool = True
    #: R15 glossary «Бешенство»: a creature with it must attack whenever it can (INTERPRETING.md,
    #: entry 155).
    frenzy_forces_the_attack: bool = True
    #: R15:517.5: a replacement effect applies to the result of another one (the wound
    #: pipeline goes on with the replaced wounds; INTERPRETING.md, entry 90).
    replacement_of_a_replacement: bool = True
    #: R15:515.2: «Защита от заклинаний» only keeps the card from being targeted by the
    #: controller of a spell's targeted ability; a spell's wounds still hit it (entry 92).
    spell_protection_only_restricts_targets: bool = True
    #: R15:516.3: numeric preventions are applied the inactive player's first, then the
    #: active player's (INTERPRETING.md, entry 91).
    prevention_inactive_first: bool = True
    #: R15:516.4: a counted prevention («следующие N ран») used in part keeps its rest for
    #: later wounds.
    prevention_rest_kept: bool = True
    #: R15 glossary «Броня Х»: Броня prevents wounds of strikes and shots only (entry 93).
    armour_strikes_and_shots_only: bool = True
    #: R15 glossary «Броня Х»: the wounds Броня prevented are counted from the start of each
    #: turn (entry 93).
    armour_per_turn: bool = True
    #: R15:516.2: prevention applies after the final amount of the wounds, «Уязвимость»
    #: included (INTERPRETING.md, entry 94).
    prevention_after_final_amount: bool = True
    #: R15:501.2.1: a payment in wounds changed by a replacement: not carried out (entry 252).
    payment_wounds_replaced: bool = True
    #: R15:504.5: an effect of additional lives and one of reduced lives cancel one life for
    #: one (INTERPRETING.md, entry 97); the mutant removes every opposite effect.
    life_effects_cancel_one_for_one: bool = True
    #: R15:504.6: «сведение уровня жизней к Х» replaces the wounds with reduced lives first.
    life_set_replaces_wounds: bool = True
    #: R15:505.1.1: a destruction has a source, which «при гибели от [текст]» reads (entry 98).
    destruction_has_a_source: bool = True
    #: R15:505.1.1, 502.2: a creature's ability, not only its strike, is what its victims die «от» (entry 98).
    creature_abilities_kill: bool = True
    #: R15:512.6: a creature of base life 0 not yet given lives waits for the Queue to empty (entry 99).
    lifeless_wait_for_an_empty_queue: bool = True
    #: R15:513.2: a prohibition («Не может атаковать») wins over a permission (Рывок) (entry 100).
    prohibition_beats_permission: bool = True
    #: R15:308.1 steps 2 and 4: «Ваши активируемые способности стоят на (1) меньше» changes the
    #: final cost of activated abilities (INTERPRETING.md, entry 119).
    ability_cost_modified: bool = True
    #: R15:512.4: an ability's X declared by the player is at least 1 (INTERPRETING.md, entry 120).
    ability_x_at_least_one: bool = True
    #: R15:512.4.1: a «(Х)» ability whose final cost is 0 (its cost modified away) is a free
    #: declaration, refused: its X depends on its cost (INTERPRETING.md, entry 125).
    x_cost_never_free: bool = True
    #: R15:518.1: a cancelled play's triggers on that play leave the Queue with its declarations
    #: (INTERPRETING.md, entry 121).
    cancel_removes_play_triggers: bool = True
    #: R15:501.4, R15 glossary «Жажда»: the payment wounds «другого вашего выбранного
    #: персонажа», never the card itself (INTERPRETING.md, entry 123).
    thirst_wounds_another: bool = True
    #: R15:524.1, 524.2: a constructor's chain goes into the Queue and resolves «в том порядке,
    #: который указал игрок» (INTERPRETING.md, entry 124).
    chain_in_players_order: bool = True
    #: R15:501.2, 308.1 step 3: «(Х), сбросьте Х карт» discards as many cards as the X declared
    #: (INTERPRETING.md, entry 240).
    discard_x_cards: bool = True
    #: R15:501.2: a discard cost is paid in full or the ability is not declared; R15:520.4's
    #: «сбрасываются все карты» is a rule of effects (INTERPRETING.md, entry 240).
    discard_cost_needs_the_cards: bool = True
    #: R15:524.1: «Выберите Х раз одно из» is a chain as long as the X declared for «(Х)»
    #: (INTERPRETING.md, entry 241).
    x_chain_length_checked: bool = True
    #: R15 glossary «Регенерация X»: of several Регенерации of one card only the highest works,
    #: one of them (INTERPRETING.md, entry 143).
    regeneration_highest_only: bool = True
    #: R15:113.2: an «если …» in a trigger's condition is part of it: the trigger fires only when
    #: it holds (INTERPRETING.md, entry 144).
    trigger_if_checked: bool = True
    #: R15:519.3.3: «Вызовите до N существ» may summon fewer, none included (INTERPRETING.md,
    #: entry 112).
    summon_may_take_fewer: bool = True
    #: R15:7.search, R15:118.5: «стоимостью (N)» in what a search or a take from the graveyard looks
    #: for is the printed cost N exactly, not N or less (INTERPRETING.md, entry 156).
    find_cost_exact: bool = True
    #: R15:202.2, glossary «Кладбище»: an ability that «работает на кладбище» works there as well as in
    #: play, where every ability works (INTERPRETING.md, entry 157).
    graveyard_ability_works_in_play: bool = True
    #: R15:523.1: «удвойте … максимальные жизни» doubles the printed and additional lives before
    #: the reduced ones are taken away (INTERPRETING.md, entry 158).
    life_doubling_before_reductions: bool = True
    #: «удвойте … стоимость этой особенности»: each doubling doubles the cost again (entry 158).
    cost_doublings_compound: bool = True
    #: R15:511.1: «[эта карта] не открывается в начале вашего хода» keeps it closed at 303.2 (entry 158).
    card_text_keeps_closed: bool = True
    #: R15:517.1: «оно не наносит ран» covers the wounds of its abilities too, not only its
    #: strike (INTERPRETING.md, entry 159).
    deals_no_wounds_covers_abilities: bool = True
    #: «Существа с таким же названием стоят на (1) дороже»: only creatures named like the target
    #: (INTERPRETING.md, entry 194).
    same_name_filters: bool = True
    #: R15:519.3.1: a player who summons none refused to look through the deck: it is not
    #: shuffled (entry 112).
    summon_refusal_keeps_the_deck: bool = True
    #: R15:519.3, R15 glossary «Найм»: a summoned (resurrected) card enters play and its «Найм»
    #: fires, though it was not played (entry 111).
    summoned_card_hires: bool = True
    #: R15:519.5, 205.3: a card leaves play to its owner's graveyard, whoever controls it
    #: (INTERPRETING.md, entry 114).
    leaves_play_to_owner: bool = True
    #: R15:505.3, 113.6, 403.1: a card that left play is judged by the controller it had there —
    #: whose «Гибель» it is, whose creature died, whose creature killed it (INTERPRETING.md, entry 114).
    last_known_control: bool = True
    #: R15:519.1, glossary «Уникальность»: taking a card under control takes it into the squad, so
    #: the taker's copy of a unique card goes as when one enters play (INTERPRETING.md, entry 83).
    uniqueness_on_control_change: bool = True
    #: R15:203.4, 204.4: a card put from play into a hand or a deck goes to its owner's, whoever
    #: controls it (INTERPRETING.md, entry 191).
    zone_moves_to_owner: bool = True
    #: R15:519.6.1: a created card that must go to a hand or a deck goes to its owner's supply
    #: instead (entry 191).
    created_bounced_to_supply: bool = True
    #: «под низ колоды»: the card goes under the deck, not on top of it (R15:204.4; entry 191).
    deck_bottom_is_bottom: bool = True
    #: R15:108.5: a card taken under control came under its controller's control this turn:
    #: first-turn weakness (entry 114).
    control_change_gives_weakness: bool = True
    #: R15:519.5, 310.2: control «до конца хода» ends at 310.2 and the card goes back to its
    #: owner's control (entry 114).
    control_until_end_of_turn_ends: bool = True
    #: R15:519.5: «обменяйтесь контролем» moves the spell's controller's chosen cards to his
    #: opponent as well as the opponent's to him (Бардак; entry 230).
    control_exchange_gives: bool = True
    #: «Выберите Х ваших существ и Х существ противника»: each group's targets are of its own side
    #: (R15:501.4; entry 230).
    x_groups_keep_their_sides: bool = True
    #: R15:519.5, 108.5: a card that changes controller keeps what was granted to it (Бардак's
    #: Рывок, given before the exchange; entry 230).
    granted_effects_survive_control_change: bool = True
    #: R15:519.5, 513.1: control «до конца хода» ending takes the card from its taker (the
    #: seat the modifier records) and gives it to his opponent -- the owner, or the player who
    #: had taken it for good before -- and only while the taker still controls it (entry 140).
    control_returns_to_the_takers_opponent: bool = True
    #: R15 glossary «Добывает», R15:503.1: the cards a card captured go back when it leaves
    #: play (INTERPRETING.md, entry 115).
    captured_cards_return: bool = True
    #: R15:520.5: asked to capture more cards of a hand than it holds, the player captures all
    #: of them (entry 115).
    capture_takes_what_there_is: bool = True
    #: R15 glossary «Присоединить»: a combined card's base strike, life and cost are the sums
    #: of its parts' (INTERPRETING.md, entry 103).
    combined_card_sums: bool = True
    #: R15 glossary «Присоединить»: «К особенностям карты Y добавляются все особенности карты
    #: X»: a combined card has its parts' static and activated abilities too, not only their
    #: keywords and triggered abilities (INTERPRETING.md, entry 103).
    part_abilities_count: bool = True
    #: R15 glossary «Объединённая карта», R15:105.4–105.6: a combined card has the names of all
    #: its parts (INTERPRETING.md, entry 103).
    combined_has_every_name: bool = True
    #: R15:505.4: the triggers on creatures' deaths fire once for a combined creature however
    #: many parts it has (INTERPRETING.md, entry 105).
    combined_dies_once: bool = True
    #: R15:519.6.1, glossary «Созданный»: a created card that reaches the graveyard goes to its
    #: owner's supply once the «Гибель» triggers on its death are declared (entry 106).
    created_returns_to_supply: bool = True
    #: R15 glossary «Модуль»: an attached Модуль creature does not enter play; only its own
    #: «Найм» fires, not «when a creature enters» (INTERPRETING.md, entry 104).
    attached_module_does_not_enter: bool = True
    #: R15 glossary «Модуль», «Входит в игру»: the Модуль decision is offered whenever such a
    #: creature would enter play — played, created, summoned or resurrected (entry 104).
    module_on_every_entry: bool = True
    #: R15 glossary «Сразиться», R15:507.4: a fight started by an ability is a fight: the
    #: creature fought strikes back (INTERPRETING.md, entry 200).
    fight_effect_both_strike: bool = True
    #: R15:507.4: in a fight started by an ability a closed creature strikes back too (entry 200).
    fight_effect_closed_strikes_back: bool = True
    #: R15 glossary «Присоединить»: a card in play attached to another carries no state of its
    #: own into the combined card but its wounds; no trigger fires (INTERPRETING.md, entry 201).
    attach_in_play_fires_nothing: bool = True
    #: «механизм стоимостью (Х)»: the target costs exactly the X declared (INTERPRETING.md, entry 201).
    target_cost_x_exact: bool = True
    #: Паролет's «как если бы они имели способность Модуль и только что вошли в игру»: the
    #: attached mechanisms' «Найм» fire (R15:7.module; INTERPRETING.md, entry 202).
    module_like_attach_fires_hire: bool = True
    #: Антиграв: «Вместо гибели этого существа – положите все его части в руку …» replaces the
    #: combined creature's death (R15:517.1; INTERPRETING.md, entry 203).
    parts_to_hand_replaces_death: bool = True
    #: Антиграв going to the graveyard instead is its death (R15 glossary «Гибель»; entry 203).
    antigrav_to_graveyard_is_its_death: bool = True


#: Switches that differ between editions (not turned by a mutant alone).
EDITION_SWITCHES: frozenset[str] = frozenset(
    {
        "pay_with_declaration",
        "play_steps",
        "illegal_trigger_keeps_use",
        "on_play_triggers_before_spell",
        "attack_declaration_window",
        "activation_steps",
        "cost_before_the_card_moves",
    }
)
#: Switches only an engine mutant turns: code reached only when one is off runs only with a mutant.
MUTANT_SWITCHES: frozenset[str] = frozenset(
    f.name for f in fields(Ruleset) if f.name not in EDITION_SWITCHES | {"edition", "mutant"}
)


@cache
def ruleset(edition: str, mutant: str = "") -> Ruleset:
    """The switches of a game of ``edition`` with the engine mutant ``mutant`` ("" for the
    reference).  An unknown mutant is a ``ValueError``."""
    from .mutants import MUTANTS

    # R15's 309.1 has C's steps (paid at step 9, after the card moved), renumbered.
    rules = Ruleset(
        edition,
        pay_with_declaration=edition not in ("C", "R15"),
        play_steps=edition in ("C", "R15"),
        illegal_trigger_keeps_use=edition == "R15",
        on_play_triggers_before_spell=edition == "R15",
        attack_declaration_window=edition == "R15",
        activation_steps=edition == "R15",
        cost_before_the_card_moves=edition != "C",
    )
    if not mutant:
        return rules
    m = MUTANTS.get(mutant)
    if m is None:
        raise ValueError(f"unknown engine mutant {mutant!r}; known: {', '.join(sorted(MUTANTS))}")
    off: dict[str, bool] = {m.switch: False}
    return replace(rules, mutant=mutant, **off)  # type: ignore[arg-type]  # a bool field, named by MUTANTS
