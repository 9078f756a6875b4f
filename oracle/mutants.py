"""Engine mutants: plausible mistakes of a third-party implementer, each tied to one rule.

A mutant is switched on by ``State.mutant`` (not part of the canonical state or its
fingerprint); the service sets it on every state it decodes when started with
``--mutant NAME``.  The conformance suite must catch every one of them.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["MUTANTS", "Mutant"]


@dataclass(frozen=True, slots=True)
class Mutant:
    """A named deliberate bug."""

    name: str
    rule: str
    description: str
    #: The :class:`~oracle.ruleset.Ruleset` switch it turns off.
    switch: str


MUTANTS: dict[str, Mutant] = {
    m.name: m
    for m in (
        Mutant("lifo_queue", "C:401.3", "the Queue resolves last in, first out", "queue_fifo"),
        Mutant("active_triggers_first", "C:402.1", "the active player's simultaneous triggers are declared first", "inactive_declares_first"),
        Mutant("first_player_draws", "C:304.2", "the first player draws on his first turn", "first_player_skips_first_draw"),
        Mutant("no_coin_cap", "C:304.1", "a coin is gained in accumulation even with 10 or more", "coin_cap"),
        Mutant("usage_markers_kept", "C:303.3", "«1 раз за ход» usage markers are never removed", "turn_markers_removed"),
        Mutant("cost_modifiers_wrong_order", "C:309.1.8", "decreases and divisions apply before increases and multiplications", "cost_modifiers_in_order"),
        Mutant("attacker_stays_open", "C:307.3", "the attacker is not closed after the fight", "attacker_closes"),
        Mutant("mulligan_order_ignored", "C:301.7.1", "the second player declares his mulligan first", "first_player_mulligans_first"),
        Mutant("pass_keeps_optional", "C:401.7", "an optional trigger can still be declared after a pass", "pass_forfeits_optional"),
        Mutant("recheck_targets_at_resolution", "C:501.4", "target restrictions are checked again at resolution", "targets_fixed_at_declaration"),
        Mutant("payment_not_required", "C:501.2", "abilities and cards can be declared without enough resources", "payment_required"),
        Mutant("no_first_turn_weakness", "R15:108.5", "creatures act in the turn they entered play", "first_turn_weakness"),
        Mutant("until_end_of_turn_expires_early", "C:310.2", "«до конца хода» ends before the end-of-turn triggers resolve", "end_of_turn_durations_last"),
        Mutant("lose_on_second_failed_draw", "C:304.2", "the second failed draw already loses the game", "lose_on_third_failed_draw"),
        Mutant("sequential_fight", "R15:510.1", "a creature destroyed by the attacker's strike does not strike back", "simultaneous_fight"),
        Mutant("defend_twice_per_turn", "R15:509.3", "a creature may defend more than once per turn", "defend_once_per_turn"),
        Mutant("no_reroll_on_tie", "C:301.4", "a tied die roll is won by player 1 instead of rerolled", "reroll_on_tie"),
        Mutant("hidden_poison_fires", "C:304.4", "the poison of a hidden creature fires at the start of turn (INTERPRETING.md, entry 38)", "hidden_poison_waits"),
        Mutant(
            "deaths_one_by_one",
            "R15:505.1",
            "creatures at 0 life are destroyed one at a time in play-zone order, so one already in the "
            "graveyard misses the deaths after its own (401.5)",
            "deaths_together",
        ),
        Mutant(
            "oldest_firing_first",
            "C:402.1",
            "of several pending firings of one ability, only the earliest may be declared next",
            "any_firing_first",
        ),
        Mutant(
            "usage_markers_lost_in_graveyard",
            "R15:205.3",
            "a card that leaves the play zone loses its «N раз за ход» / «N раз за игру» usage markers "
            "(INTERPRETING.md, entry 40)",
            "markers_kept_in_graveyard",
        ),
        Mutant(
            "x_capped_at_ten",
            "C:309.1.3",
            "X in a cost is at most 10, the accumulation phase's coin cap, though more coins can be paid (R15:522.3)",
            "x_uncapped",
        ),
        Mutant(
            "strike_modifiers_do_not_stack",
            "R15:523.1",
            "of several strike modifiers on one creature only the latest counts, instead of all adding up",
            "strike_modifiers_stack",
        ),
        Mutant(
            "next_turn_duration_ends_early",
            "C:303.1",
            "«до начала вашего следующего хода» ends at the next turn start, the opponent's, instead of at the start "
            "of its owner's next turn (INTERPRETING.md, entry 23)",
            "owner_turn_durations",
        ),
        Mutant(
            "prepare_only_opens",
            "R15:7.prepare",
            "«Подготовить» only opens the card: a prepared creature still cannot attack again this turn, and its "
            "activated «раз за ход» markers stay",
            "prepare_resets_the_turn",
        ),
        Mutant(
            "hand_comparison_not_strict",
            "R15:119.2",
            "«у вас в руке меньше (больше) карт, чем у противника» also holds with equal hands "
            "(INTERPRETING.md, entry 42)",
            "hand_comparisons_strict",
        ),
        Mutant(
            "static_applies_to_own_cards_only",
            "R15:118.8",
            "a cost modifier that names no player («Механизмы стоят на (1) дешевле») applies only to its "
            "controller's cards (INTERPRETING.md, entry 43)",
            "statics_for_every_player",
        ),
        Mutant(
            "mentioned_cost_modified",
            "R15:106.1.1",
            "a card's cost that an ability mentions («его стоимость», «стоимостью (1) или менее») has the cost "
            "modifiers in force applied, as if the card were being played (INTERPRETING.md, entry 44)",
            "mentioned_cost_is_base",
        ),
        Mutant(
            "strike_becomes_set_to_last",
            "R15:7.strikebecomes",
            "a strike that «становится равен» N is a set-to modifier applied after every addition, the latest "
            "deciding (R15:523.1's last line), instead of the +1/-1 effects that make it N when it applies (Фея "
            "росы's 6 then Идентификация фей's +4 stays 6, not 10; INTERPRETING.md, entry 134)",
            "strike_becomes_fixed_amount",
        ),
        Mutant(
            "up_to_targets_allow_none",
            "R15:502.6",
            "«до N» / «не более N» targets («Оглушите до двух существ», «До 3 существ получают», «Выберите не более "
            "двух существ») may be none: such an ability or spell is declared with no target (INTERPRETING.md, entry 135)",
            "up_to_targets_at_least_one",
        ),
        Mutant(
            "stunned_card_opens",
            "R15:7.stun",
            "a stunned card («Оглушение») opens in its restoration phase like any other (it only loses the stun)",
            "stun_keeps_closed",
        ),
        Mutant(
            "controller_chooses_opponent_target",
            "R15:118.1",
            "the controller of an ability whose target the opponent chooses («по его выбору») makes that choice "
            "himself",
            "opponent_chooses_target",
        ),
        Mutant(
            "coins_lost_open_first",
            "R15:522.5",
            "a player who loses coins loses his open coins first instead of his closed ones (INTERPRETING.md, entry 47)",
            "closed_coins_lost_first",
        ),
        Mutant(
            "r15_illegal_trigger_spends_use",
            "R15:113.9",
            "in edition R15 a triggered ability whose targets have all gone by its resolution still uses up its "
            "«1 раз за ход», as in the seed editions (INTERPRETING.md, entry 49)",
            "illegal_trigger_keeps_use",
        ),
        Mutant(
            "r15_on_play_triggers_after_spell",
            "R15:309.1.11",
            "in edition R15 the triggers on a spell's play are declared after its abilities took effect, as in "
            "the seed editions' 309.2, not at step 11 of 309.1 (INTERPRETING.md, entry 51)",
            "on_play_triggers_before_spell",
        ),
        Mutant(
            "r15_no_attack_window",
            "R15:307.1",
            "in edition R15 the triggers on an attack declaration wait for the fight, as in the seed editions, "
            "instead of resolving before the defender is assigned (INTERPRETING.md, entry 50)",
            "attack_declaration_window",
        ),
        Mutant(
            "closed_counts_as_stunned",
            "R15:7.stun",
            "a closed card counts as stunned («оглушено», «оглушенным существам») though it has no «Оглушение» "
            "(INTERPRETING.md, entry 54)",
            "stun_is_an_effect",
        ),
        Mutant(
            "return_strike_without_target_bonus",
            "R15:510.2",
            "a creature striking back has no bonus against what it strikes («+2 к удару по оглушенным существам» "
            "counts only when it attacks; INTERPRETING.md, entry 55)",
            "return_strike_calculated",
        ),
        Mutant(
            "hero_wounds_by_strike_only",
            "R15:502.2",
            "«[карта] наносит раны герою» fires only for wounds of a strike, not for those of the card's abilities "
            "(INTERPRETING.md, entry 57)",
            "ability_wounds_have_a_source",
        ),
        Mutant(
            "last_known_strike_is_printed",
            "R15:403.1",
            "«по силе удара» a source that left play during the ability's resolution is its printed strike, not "
            "its last known strike with its modifiers (INTERPRETING.md, entry 56)",
            "last_known_strike",
        ),
        Mutant(
            "while_doing_without_the_first_part",
            "R15:119.4",
            "the «при этом» part of an ability happens even when the part before it was not carried out (Боевой "
            "голем wounds the hero though it was no longer in play to be destroyed; INTERPRETING.md, entry 54)",
            "while_doing_needs_the_first_part",
        ),
        Mutant(
            "lasting_strike_ends_at_end_of_turn",
            "R15:205.3",
            "«получает +N к удару» without a duration (Лесной гигант) ends at the end of the turn instead of lasting "
            "while the creature is in play (INTERPRETING.md, entry 58)",
            "lasting_strike_lasts",
        ),
        Mutant(
            "turn_counts_kept",
            "R15:302.2",
            "the counters of the cards a player drew and played this turn are never reset: they count the whole "
            "game (INTERPRETING.md, entry 59)",
            "turn_counts_reset",
        ),
        Mutant(
            "turn_counts_reset_for_active_only",
            "R15:302.2",
            "a player's counters of this turn are reset only when his own turn begins, so what he did in his "
            "turn still counts in his opponent's (INTERPRETING.md, entry 59)",
            "turn_counts_reset_for_both",
        ),
        Mutant(
            "healed_count_of_the_current_turn",
            "R15:302.2",
            "«ран, излеченных с ваших существ в ваш прошлый ход» counts the current turn: the count is reset when "
            "any turn begins, so at the start of the opponent's turn it is 0 (INTERPRETING.md, entry 88)",
            "healed_count_kept_through_opponents_turn",
        ),
        Mutant(
            "heals_of_heroes_counted",
            "R15:7.heal",
            "«ран, излеченных с ваших существ» counts the wounds healed from the player's hero too "
            "(INTERPRETING.md, entry 88)",
            "heals_of_heroes_ignored",
        ),
        Mutant(
            "draws_counted_per_effect",
            "R15:527.2",
            "an effect drawing several cards is one draw for «when you draw your Nth card this turn»: the trigger "
            "sees only the count after the last card (INTERPRETING.md, entry 60)",
            "each_draw_counted",
        ),
        Mutant("draw_limit_refuses_the_whole_instruction", "R15:527.2.2",
               "a limit of one draw per turn refuses a whole instruction that would go past it, instead of "
               "refusing only the single draws past it", "draw_limit_counts_single_draws"),
        Mutant("draw_limit_allows_choosing_several", "R15:527.2.2",
               "under a limit of one draw per turn the player may still choose an optional draw of several cards",
               "draw_limit_forbids_choosing_several"),
        Mutant("draw_count_replaced_per_draw", "R15:527.2.1",
               "a replacement of how many cards are drawn looks at each single draw (never «several») instead of "
               "the instruction", "draw_count_replaced_before_splitting"),
        Mutant("each_player_draws_from_controller", "R15:527.2.3",
               "«each player draws» starts with the ability's controller, not the active player",
               "each_player_draws_active_first"),
        Mutant("no_draw_allows_the_choice", "R15:527.3",
               "a player who cannot draw may still choose an optional draw", "no_draw_forbids_the_choice"),
        Mutant("empty_deck_forbids_the_draw_choice", "R15:527.3",
               "an optional draw cannot be chosen with an empty deck", "empty_deck_allows_the_draw_choice"),
        Mutant("draw_replacement_needs_a_card", "R15:527.5.1",
               "a draw replacement does not apply when the deck is empty: the draw just misses",
               "draw_replacement_on_empty_deck"),
        Mutant("delayed_needs_its_source_in_play", "R15:521.2",
               "a delayed triggered ability fires only while its source is in play (a spell's never does)",
               "delayed_fires_from_any_zone"),
        Mutant("delayed_fires_again", "R15:521.1",
               "a delayed triggered ability stays after it fired and fires every time its condition happens",
               "delayed_fires_once"),
        Mutant("player_effects_end_this_turn", "R15:521.1",
               "an effect on a player that lasts for a time («в свой следующий ход», «до конца хода противника») "
               "ends at the end of the turn it was created in, as if it were «до конца хода» (INTERPRETING.md, "
               "entry 170)", "player_effects_last_their_period"),
        Mutant("first_card_surcharge_on_every_card", "R15:521.1",
               "«Первая карта … в его следующий ход стоит на (1) дороже» surcharges every card the player plays in "
               "that turn, not only the first (INTERPRETING.md, entry 171)", "first_card_surcharge_first_only"),
        Mutant("opponent_turn_effect_only_in_his_turn", "R15:521.1",
               "«До конца хода противника …» is in force only during the opponent's turn, not in the rest of the "
               "current one (INTERPRETING.md, entry 172)", "until_opponent_turn_end_from_now"),
        Mutant("while_open_static_always", "R15:115.1",
               "a static «Пока [эта карта] открыта, …» stays in force while its card is closed (INTERPRETING.md, "
               "entry 173)", "while_open_needs_open"),
        Mutant("your_next_turn_read_as_the_next_turn", "R15:521.1",
               "a delayed «В начале вашего следующего хода …» fires at the start of the next turn, whoever's it is "
               "(INTERPRETING.md, entry 174)", "your_next_turn_is_yours"),
        Mutant("trigger_cycles_go_on", "R15:525.2",
               "a cycle of triggered abilities is not interrupted: an ability fires again in the chain its own "
               "resolution started", "trigger_cycles_stop"),
        Mutant(
            "hand_statics_ignored",
            "R15:106.1.1",
            "a card's static ability changing its own cost is ignored while the card is in the hand, as if only "
            "cards in play changed costs (INTERPRETING.md, entry 61)",
            "hand_statics_apply",
        ),
        Mutant(
            "hand_choice_by_opponent",
            "R15:7.discard",
            "the opponent of the player whose hand it is chooses the cards a hand effect discards or puts on the "
            "deck («Сбросьте карту» chosen by the wrong player; INTERPRETING.md, entry 63)",
            "own_hand_chooser",
        ),
        Mutant(
            "otherwise_without_refusal",
            "R15:119.7",
            "«сбросьте карту, иначе …» cannot be refused while the player has cards in hand (Вождь варваров is "
            "destroyed only with an empty hand; INTERPRETING.md, entry 64)",
            "otherwise_may_refuse",
        ),
        Mutant(
            "deck_put_goes_under",
            "R15:119.2",
            "«Положите карту из руки на верх колоды» puts the card under the deck, as a mulligan does "
            "(INTERPRETING.md, entry 64)",
            "deck_put_on_top",
        ),
        Mutant(
            "looked_cards_keep_their_order",
            "R15:204.3",
            "«Посмотрите Х верхних карт вашей колоды; положите их обратно в любом порядке» puts them back as they "
            "were, without the player's choice of order (INTERPRETING.md, entry 161)",
            "look_lets_order",
        ),
        Mutant(
            "unnamed_shown_card_goes_under",
            "R15:204.3",
            "Дитя Йара: a shown card that is not the named one goes under the deck instead of staying on top "
            "(INTERPRETING.md, entry 160)",
            "unnamed_shown_card_stays",
        ),
        Mutant(
            "gained_armour_adds",
            "R15:7.armour",
            "«получает Броню 2 до конца хода» adds to the card's printed Броня instead of the highest Броня counting "
            "(INTERPRETING.md, entry 162)",
            "highest_armour_counts",
        ),
        Mutant(
            "shown_card_always_goes_under",
            "R15:119.5",
            "Золотой трон: «иначе вы можете положить эту карту под низ колоды и подготовить» leaves the player no "
            "choice: the shown card always goes under and the throne is prepared (INTERPRETING.md, entry 163)",
            "shown_to_bottom_is_optional",
        ),
        Mutant(
            "any_deck_is_own_deck",
            "R15:204.2",
            "Гном-разведчик: «посмотреть верхнюю карту любой колоды» reads only his own deck, as if «любой» were "
            "about which of his decks (INTERPRETING.md, entry 164)",
            "any_deck_includes_the_opponents",
        ),
        Mutant(
            "otherwise_despite_payment",
            "R15:119.7",
            "«противник может заплатить (N), иначе …»: the «иначе» happens even when the opponent paid "
            "(INTERPRETING.md, entry 190)",
            "payment_stops_otherwise",
        ),
        Mutant(
            "payment_by_controller",
            "R15:119.7",
            "«противник может заплатить»: the ability's controller decides and pays instead of his opponent "
            "(INTERPRETING.md, entry 190)",
            "opponent_decides_payment",
        ),
        Mutant(
            "deck_bottom_read_as_top",
            "R15:204.4",
            "«положите это существо под низ колоды» puts the creature on top of its owner's deck (INTERPRETING.md, "
            "entry 191)",
            "deck_bottom_is_bottom",
        ),
        Mutant(
            "untargetable_ignored",
            "R15:502.9",
            "«Х персонажей не могут быть выбраны целью заклинаний и способностей до конца хода» restricts no "
            "declaration (INTERPRETING.md, entry 192)",
            "untargetable_holds",
        ),
        Mutant(
            "deck_order_opponent_first",
            "R15:204.4",
            "«в порядке, выбранном их владельцами»: the opponent of the ability's controller orders his creatures first "
            "(INTERPRETING.md, entry 193)",
            "deck_order_from_controller",
        ),
        Mutant(
            "discard_bonus_once_per_discard",
            "R15:7.discard",
            "«+2 к удару за каждую сброшенную карту» gives +2 once per discard however many cards it moved "
            "(INTERPRETING.md, entry 65)",
            "discard_bonus_per_card",
        ),
        Mutant(
            "each_player_from_the_opponent",
            "R15:7.discard",
            "«Каждый игрок, начиная с вас, может сбросить» lets the opponent choose first, as the inactive player "
            "declares first (402.1; INTERPRETING.md, entry 66)",
            "each_player_from_controller",
        ),
        Mutant(
            "shot_bonus_adds_to_strike",
            "R15:7.shot",
            "«+1 к выстрелам до конца хода» (Караульный) is added to the creature's strike as well as to its shots, "
            "as if it were a strike modifier (INTERPRETING.md, entry 67)",
            "shot_bonus_only_on_shots",
        ),
        Mutant(
            "upgrade_of_a_mechanism_goes_on",
            "R15:7.upgrade",
            "«Усовершенствуйте …, при этом …» on a creature that is a mechanism already goes on with «при этом» "
            "(Агент Братства grows each time) instead of cancelling the ability (INTERPRETING.md, entry 70)",
            "upgrade_of_a_mechanism_cancels",
        ),
        Mutant(
            "vulnerability_ignored",
            "R15:7.vulnerability",
            "a creature with «Уязвимость» (Поиск слабости) takes the wounds dealt and no more, as if the keyword "
            "changed nothing (INTERPRETING.md, entry 72)",
            "vulnerability_adds_one",
        ),
        Mutant(
            "doubling_ignored",
            "R15:523.1",
            "«Удвойте силу удара Испытателя до конца хода» leaves the strike as it was, as if the doubling were no "
            "modifier of the strike (INTERPRETING.md, entry 71)",
            "doubling_multiplies",
        ),
        Mutant(
            "first_strike_ignored",
            "R15:7.firststrike",
            "a creature with «Первый удар» (Послушник Братства) fights simultaneously, so a creature it kills still "
            "strikes back (INTERPRETING.md, entry 73)",
            "first_strike_strikes_first",
        ),
        Mutant(
            "directed_strike_ignored",
            "R15:7.directed",
            "a creature with «Направленный удар по существу противника» (Клинки берсерка) attacking an enemy "
            "creature can still be met by a defender (INTERPRETING.md, entry 74)",
            "directed_strike_has_no_defender",
        ),
        Mutant(
            "effects_gone_before_death_triggers",
            "R15:7.upgrade",
            "a creature that dies loses its effects before the triggers on its death fire, so an upgraded Агент "
            "Братства dies a Братство, not a Механизм (Послушник Братства does not fire, Авиатор Братства does; "
            "INTERPRETING.md, entry 69)",
            "death_triggers_see_effects",
        ),
        Mutant(
            "temporary_coins_kept",
            "R15:522.4",
            "«Получите (1) до конца хода» (Каринлина) gives a coin that stays after the end of turn, as an ordinary "
            "gained coin (INTERPRETING.md, entry 76)",
            "temporary_coins_return",
        ),
        Mutant(
            "creature_sees_its_own_play",
            "R15:309.1",
            "«Когда вы разыгрываете существо, подготовьте Каринлину (один раз за ход)» fires on Каринлина's own play "
            "(she is in play from step 5), using up its once per turn (INTERPRETING.md, entry 77)",
            "own_play_unseen",
        ),
        Mutant(
            "other_own_creatures_count_the_source",
            "R15:504.2",
            "«+1 к удару и жизням за каждое другое ваше существо» (Четырёхрукий) counts the card itself among the "
            "controller's creatures (INTERPRETING.md, entry 79)",
            "other_own_creatures_exclude_source",
        ),
        Mutant(
            "printed_poison_ignored",
            "R15:7.poison",
            "a printed «Отравление 2» (Хранитель источника) is read as reminder text only: the card enters play "
            "without Poison, so it is never wounded by it (INTERPRETING.md, entry 80)",
            "printed_poison_in_play",
        ),
        Mutant(
            "unstunnable_card_is_closed",
            "R15:514.2",
            "«Не может быть оглушен» (Алмазный голем) only keeps «Оглушение» off the card: a stun still closes it "
            "(INTERPRETING.md, entry 81)",
            "unstunnable_card_is_not_closed",
        ),
        Mutant(
            "attack_experience_ignored",
            "R15:7.attackexperience",
            "«Опыт в атаке» (Алмазный голем) is ignored: the attacker is closed after its strike attack like any "
            "other (307.3; INTERPRETING.md, entry 81)",
            "attack_experience_keeps_open",
        ),
        Mutant(
            "defence_experience_ignored",
            "R15:7.defenceexperience",
            "«Опыт в защите» (Броневые пластины) is ignored: the defender is closed after the strike attack like any "
            "other (307.3, R15:509.5; INTERPRETING.md, entry 150)",
            "defence_experience_keeps_open",
        ),
        Mutant(
            "destroyed_target_strike_printed",
            "R15:403.1",
            "«Уничтожьте ваш механизм. Ранить всех существ на Х, где Х - сила удара этого механизма» (На таран) "
            "reads the destroyed mechanism's printed strike, not the strike it had when it was destroyed "
            "(INTERPRETING.md, entry 82)",
            "last_known_target_strike",
        ),
        Mutant(
            "extra_increase_always",
            "R15:309.1.4",
            "«Если карта противника должна стоить дороже, она стоит дополнительно на (1) дороже» (Феллин) makes "
            "every card of the opponent cost 1 more, as «Карты противника стоят на (1) дороже» (INTERPRETING.md, "
            "entry 83)",
            "extra_increase_needs_an_increase",
        ),
        Mutant(
            "uniqueness_ignored",
            "R15:503.1",
            "Уникальность does nothing in play: a second Феллин enters beside the first (INTERPRETING.md, entry 83)",
            "uniqueness_moves_the_first",
        ),
        Mutant(
            "search_takes_all_it_can",
            "R15:7.search",
            "«Поиск до двух …» makes the player take as many matching cards as the deck holds, up to the number, "
            "instead of any number up to it (INTERPRETING.md, entry 84)",
            "search_may_find_fewer",
        ),
        Mutant(
            "search_shuffles_only_what_it_took_from",
            "R15:7.search",
            "a search that found no card leaves the deck as it was: no shuffle, the ability goes on at once "
            "(INTERPRETING.md, entry 84)",
            "search_always_shuffles",
        ),
        Mutant(
            "search_trigger_outside_the_deck",
            "R15:113.10",
            "«Когда вы используете Поиск» (Подгорный крот) fires from the searcher's hand as well as from his deck "
            "(INTERPRETING.md, entry 220)",
            "search_trigger_only_in_deck",
        ),
        Mutant(
            "search_trigger_on_any_search",
            "R15:113.10",
            "«Когда вы используете Поиск» fires from a player's deck on his opponent's search too, «вы» read as "
            "anyone (INTERPRETING.md, entry 220)",
            "search_trigger_only_own_search",
        ),
        Mutant(
            "shuffled_in_card_not_shuffled",
            "R15:204.3",
            "«замешать Подгорного крота в колоду вместо кладбища» puts the card on top of the deck and no shuffle "
            "follows (INTERPRETING.md, entry 222)",
            "shuffled_in_card_is_shuffled",
        ),
        Mutant(
            "summon_takes_all_it_can",
            "R15:519.3.3",
            "«Вызовите до N существ …» makes the player summon as many matching creatures as his deck holds, up to N, "
            "instead of any number up to it (INTERPRETING.md, entry 112)",
            "summon_may_take_fewer",
        ),
        Mutant(
            "find_cost_read_as_at_most",
            "R15:118.5",
            "«заклинание стоимостью (1)» that a search or a take from the graveyard looks for is read as «стоимостью (1) "
            "или менее», so a spell of cost X (0) matches too (INTERPRETING.md, entry 156)",
            "find_cost_exact",
        ),
        Mutant(
            "graveyard_ability_only_there",
            "R15:202.2",
            "an activated ability «(эта особенность работает на кладбище)» is read as working only in the graveyard: "
            "declared while its card is in play it is refused (INTERPRETING.md, entry 157)",
            "graveyard_ability_works_in_play",
        ),
        Mutant(
            "ability_cost_doubles_once",
            "R15:523.1",
            "Энт-прародитель's «удвойте … стоимость этой особенности» doubles the printed cost once: a second use "
            "costs (2) again instead of (4) (INTERPRETING.md, entry 158)",
            "cost_doublings_compound",
        ),
        Mutant(
            "life_doubling_after_reductions",
            "R15:523.1",
            "«удвойте … максимальные жизни» doubles the life level after the reduced lives are taken away, instead of "
            "the additions before the subtractions (INTERPRETING.md, entry 158)",
            "life_doubling_before_reductions",
        ),
        Mutant(
            "does_not_open_ignored",
            "R15:511.1",
            "«[эта карта] не открывается в начале вашего хода» is ignored: the card opens at its restoration like any "
            "other (INTERPRETING.md, entry 158)",
            "card_text_keeps_closed",
        ),
        Mutant(
            "same_name_surcharge_on_every_creature",
            "R15:521.1",
            "Усыпить: «Существа с таким же названием стоят на (1) дороже в следующий ход противника» surcharges every "
            "creature the opponent plays in that turn, not only those named like the returned one (INTERPRETING.md, "
            "entry 194)",
            "same_name_filters",
        ),
        Mutant(
            "deals_no_wounds_only_by_strike",
            "R15:517.1",
            "«оно не наносит ран» (Все на одного!) stops only the wounds of its strike: its abilities' wounds (a shot) are "
            "dealt (INTERPRETING.md, entry 159)",
            "deals_no_wounds_covers_abilities",
        ),
        Mutant(
            "summon_refusal_shuffles",
            "R15:519.3.1",
            "a summon that took no card still shuffles the deck, as a search does, though refusing to look through it "
            "leaves it unseen (INTERPRETING.md, entry 112)",
            "summon_refusal_keeps_the_deck",
        ),
        Mutant(
            "summoned_card_does_not_hire",
            "R15:519.3",
            "a summoned or resurrected card enters play without its «Найм» firing, as if «Найм» were about a played "
            "card only (INTERPRETING.md, entry 111)",
            "summoned_card_hires",
        ),
        Mutant(
            "taken_card_dies_to_its_controller",
            "R15:519.5",
            "a card taken under control that leaves play goes to its controller's graveyard instead of its owner's "
            "(INTERPRETING.md, entry 114)",
            "leaves_play_to_owner",
        ),
        Mutant(
            "bounce_to_controller",
            "R15:203.4",
            "a card taken under control that is put «в руку владельца» goes to its controller's hand instead of "
            "its owner's (INTERPRETING.md, entry 191)",
            "zone_moves_to_owner",
        ),
        Mutant(
            "taken_card_keeps_its_readiness",
            "R15:108.5",
            "a creature taken under control may act at once, without Рывок, as if it had not come under its new "
            "controller's control this turn (INTERPRETING.md, entry 114)",
            "control_change_gives_weakness",
        ),
        Mutant(
            "taken_control_kept",
            "R15:519.5",
            "control taken «до конца хода» does not end at 310.2: the card stays with the player who took it "
            "(INTERPRETING.md, entry 114)",
            "control_until_end_of_turn_ends",
        ),
        Mutant(
            "exchange_takes_only",
            "R15:519.5",
            "«обменяйтесь контролем над ними» moves only the opponent's chosen creatures: the controller's own stay "
            "with him (INTERPRETING.md, entry 230)",
            "control_exchange_gives",
        ),
        Mutant(
            "x_groups_any_side",
            "R15:501.4",
            "«Выберите Х ваших существ и Х существ противника» read as 2X creatures of either side, so a play may "
            "name two of its own and none of the opponent's (INTERPRETING.md, entry 230)",
            "x_groups_keep_their_sides",
        ),
        Mutant(
            "control_change_ends_granted_keywords",
            "R15:519.5",
            "a creature that changes controller loses the keywords granted to it before, as if it were a new card: "
            "Бардак's Рывок is gone after the exchange (INTERPRETING.md, entry 230)",
            "granted_effects_survive_control_change",
        ),
        Mutant(
            "ended_control_goes_to_the_owner",
            "R15:513.1",
            "control taken «до конца хода» goes back to the card's owner when it ends, not to the taker's opponent: "
            "a card its owner took back for one turn from the player who had taken it for good stays with the owner "
            "(INTERPRETING.md, entry 140)",
            "control_returns_to_the_takers_opponent",
        ),
        Mutant(
            "captured_cards_stay",
            "R15:503.1",
            "the cards a card captured stay under it when it leaves play, in no zone, instead of going back to their "
            "owner's hand (INTERPRETING.md, entry 115)",
            "captured_cards_return",
        ),
        Mutant(
            "capture_needs_enough_cards",
            "R15:520.5",
            "«добывает 2 карты из вашей руки» with one card in hand captures nothing, as if the effect needed the "
            "whole number (INTERPRETING.md, entry 115)",
            "capture_takes_what_there_is",
        ),
        Mutant(
            "strong_creature_abilities_still_wound",
            "R15:517.1.1",
            "«Не получает ран от существ с ударом 6 или более» (Цветочная фея) prevents only the wounds of such a "
            "creature's strike: its shots and other abilities still wound (INTERPRETING.md, entry 86)",
            "no_wounds_from_covers_abilities",
        ),
        Mutant(
            "wounds_forgotten_at_death",
            "R15:403.1",
            "«Гибель: Ранить каждого персонажа противника на Х, где Х - количество ран на Прототипе SU-27» reads the "
            "wounds on the card in the graveyard, which leaving play cleared (R15:205.3), so X is 0, instead of the "
            "wounds it had when it was destroyed (INTERPRETING.md, entry 87)",
            "death_keeps_wounds",
        ),
        Mutant(
            "strike_at_death_printed",
            "R15:403.1",
            "«Гибель: Возьмите Х карт, где Х - сила удара этого существа (до того, как оно погибло)» (Турбохвост) reads "
            "the printed strike of its own card, not the strike of the creature that died: a combined card's sum and "
            "its strike modifiers are lost (INTERPRETING.md, entry 151)",
            "death_keeps_strike",
        ),
        Mutant(
            "non_mechanisms_by_printed_class",
            "R15:7.upgrade",
            "«если у вас нет существ не-механизмов» (Любопытный гоблин) reads the printed classes: an upgraded creature, "
            "a Механизм now, still counts as a non-mechanism (INTERPRETING.md, entry 152)",
            "mechanism_class_as_it_is_now",
        ),
        Mutant(
            "ent_keeps_classes",
            "R15:7.gains",
            "«становится энтом» (Одеревенение) adds Энт to the creature's classes: it stays an Орк (a Механизм …) too "
            "(INTERPRETING.md, entry 181)",
            "ent_replaces_classes",
        ),
        Mutant(
            "lost_abilities_still_work",
            "R15:7.losesabilities",
            "«оно теряет особенности» (Хмельная фея) changes nothing: the creature's printed keywords and static, "
            "triggered and activated abilities still work (INTERPRETING.md, entry 211)",
            "abilities_can_be_lost",
        ),
        Mutant(
            "every_character_counts_as_healed",
            "R15:7.heal",
            "«за каждого излеченного персонажа (каждого персонажа, с которого сняли раны)» (Волна исцеления) counts every "
            "character the heal went to, a character without wounds too (INTERPRETING.md, entry 214)",
            "only_healed_characters_count",
        ),
        Mutant(
            "lost_abilities_take_the_granted_ones",
            "R15:7.losesabilities",
            "«оно теряет особенности» takes away, with the printed text, the keywords and abilities effects gave the "
            "creature (a later «получает Уязвимость» does not work on it; INTERPRETING.md, entry 212)",
            "granted_abilities_survive_the_loss",
        ),
        Mutant(
            "strike_becomes_without_duration_ends",
            "R15:205.3",
            "«удар … становится равен …» with no duration (Хмельная фея) ends at the end of the turn, as if it said "
            "«до конца хода» (INTERPRETING.md, entry 210)",
            "strike_becomes_without_duration_lasts",
        ),
        Mutant(
            "attacked_is_the_declared_target",
            "R15:508.3",
            "«При атаке оглушите атакованное существо» (Застать врасплох) stuns the creature the attack was declared at, "
            "not the defender that became its final target (INTERPRETING.md, entry 183)",
            "attacked_is_the_final_target",
        ),
        Mutant(
            "granted_death_lost",
            "R15:205.3",
            "a creature's granted «Гибель» (Биореактор) does not fire: the grant is read after the creature left play, "
            "when it no longer has it (INTERPRETING.md, entry 182)",
            "granted_death_fires",
        ),
        Mutant(
            "class_count_ignores_the_class",
            "R15:107.3",
            "«Х – количество ваших орков в игре» (Артобстрел) counts every creature of the player in play, whatever its "
            "class (INTERPRETING.md, entry 184)",
            "class_count_reads_the_class",
        ),
        Mutant(
            "no_wounds_only_from_strikes",
            "R15:517.1.1",
            "«Не получает ран» (granted by Неистовство) keeps off only the wounds of strikes: a spell or a shot still "
            "wounds the creature (INTERPRETING.md, entry 185)",
            "no_wounds_at_all",
        ),
        Mutant(
            "directed_at_any_creature",
            "R15:7.directed",
            "«Направленный удар по существам с уязвимостью» (Оптический прицел) is read as directed at any creature: no "
            "defender against its attack at a creature without Уязвимость either (INTERPRETING.md, entry 153)",
            "directed_needs_vulnerability",
        ),
        Mutant(
            "return_strike_fires_strike_triggers",
            "R15:510.4",
            "«При ударе по существу оглушите это существо» (Парализатор) fires on a return strike too: attacked, it "
            "stuns its attacker, though a return strike is no attack (R15:510.4; INTERPRETING.md, entry 154)",
            "return_strike_fires_no_strike_trigger",
        ),
        Mutant(
            "frenzy_ignored",
            "R15:7.frenzy",
            "«Бешенство» (Реактор \"Ярость Клана\") is ignored: its player may play, activate, attack with another "
            "creature or end the turn while it could attack (INTERPRETING.md, entry 155)",
            "frenzy_forces_the_attack",
        ),
        Mutant(
            "armour_covers_every_wound",
            "R15:7.armour",
            "«Броня N» prevents the first N wounds of any kind in a turn, a spell's or an ability's that is no shot "
            "too, instead of those of strikes and shots only (INTERPRETING.md, entry 93)",
            "armour_strikes_and_shots_only",
        ),
        Mutant(
            "armour_never_renews",
            "R15:7.armour",
            "«Броня N» prevents N wounds once for the whole game: the wounds it prevented are not counted again from "
            "the start of each turn (INTERPRETING.md, entry 93)",
            "armour_per_turn",
        ),
        Mutant(
            "active_prevention_first",
            "R15:516.3",
            "the active player's numeric preventions are applied before the inactive player's, so a shared "
            "«Предотвратите следующие N ран» of the active player is used up first (INTERPRETING.md, entry 91)",
            "prevention_inactive_first",
        ),
        Mutant(
            "prevention_rest_lost",
            "R15:516.4",
            "a counted prevention «Предотвратите следующие N ран» used in part is used up: its unused rest is not "
            "kept for later wounds",
            "prevention_rest_kept",
        ),
        Mutant(
            "prevention_before_final_amount",
            "R15:516.2",
            "prevention applies to the wounds before their final amount is calculated: «Уязвимость» adds its wound "
            "after a «Предотвратите следующие N ран» took its share (INTERPRETING.md, entry 94)",
            "prevention_after_final_amount",
        ),
        Mutant(
            "one_replacement_per_wound",
            "R15:517.5",
            "only one replacement effect applies to the same wounds: a second «вместо этого … на 1 рану больше» "
            "or an «вместо этого усовершенствуйте его» does not apply to the result of the first (INTERPRETING.md, "
            "entry 90)",
            "replacement_of_a_replacement",
        ),
        Mutant(
            "optional_replacement_always_applies",
            "R15:517.3",
            "Курдаш «вы можете уничтожить Курдаша, при этом предотвратить получение ран …» applies to every wound of "
            "its controller's hero without asking him (INTERPRETING.md, entry 223)",
            "optional_replacement_asked",
        ),
        Mutant(
            "wound_source_survives",
            "R15:119.4",
            "Курдаш prevents the wounds but the source of the wounds, a creature or a support card, is not destroyed "
            "(INTERPRETING.md, entry 223)",
            "wound_source_destroyed",
        ),
        Mutant(
            "spell_protection_stops_wounds",
            "R15:515.2",
            "«Защита от заклинаний» also keeps a spell's wounds off the card, those of a non-targeted spell included, "
            "as protection from other things does (R15:515.1), instead of only restricting its targets "
            "(INTERPRETING.md, entry 92)",
            "spell_protection_only_restricts_targets",
        ),
        Mutant(
            "opposite_life_effects_all_removed",
            "R15:504.5",
            "an effect of additional lives removes every effect of reduced lives on the card (and the reverse) and then "
            "goes on in full, instead of the two cancelling one life for one (INTERPRETING.md, entry 97)",
            "life_effects_cancel_one_for_one",
        ),
        Mutant(
            "life_set_keeps_wounds",
            "R15:504.6",
            "«сведение уровня жизней к Х» leaves the wounds on the card and only adds life effects, so the card keeps "
            "its wound markers (INTERPRETING.md, entry 99)",
            "life_set_replaces_wounds",
        ),
        Mutant(
            "death_source_ignored",
            "R15:505.1.1",
            "a trigger «при гибели от существа противника» fires on any death of the card, whatever destroyed it "
            "(INTERPRETING.md, entry 98)",
            "destruction_has_a_source",
        ),
        Mutant(
            "only_strikes_kill",
            "R15:505.1.1",
            "a card counts as «погибшая от существа» only when the creature's strike destroyed it, not its ability "
            "(INTERPRETING.md, entry 98)",
            "creature_abilities_kill",
        ),
        Mutant(
            "lifeless_creature_dies_at_once",
            "R15:512.6",
            "a creature of base life 0 is destroyed by R15:505.1 the moment it enters play, before its «Найм» can give "
            "it lives, instead of waiting for the Queue to empty (INTERPRETING.md, entry 99)",
            "lifeless_wait_for_an_empty_queue",
        ),
        Mutant(
            "permission_beats_prohibition",
            "R15:513.2",
            "Рывок (a permission to attack in the turn it came) lets a creature with «Не может атаковать» attack in "
            "that turn (INTERPRETING.md, entry 100)",
            "prohibition_beats_permission",
        ),
        Mutant(
            "combined_keeps_top_characteristics",
            "R15:7.attach",
            "a creature with «Модуль» attached to a mechanism adds nothing to its strike, life and cost: the combined "
            "card keeps the mechanism's printed ones instead of their sums (INTERPRETING.md, entry 103)",
            "combined_card_sums",
        ),
        Mutant(
            "combined_dies_per_part",
            "R15:505.4",
            "the triggers on a creature's death («Когда ваш механизм погибает») fire once for each part of a combined "
            "creature that dies, instead of once for the combined creature (INTERPRETING.md, entry 105)",
            "combined_dies_once",
        ),
        Mutant(
            "created_card_stays_in_graveyard",
            "R15:519.6.1",
            "a created card that dies stays in its owner's graveyard like any card instead of going to his supply "
            "once the «Гибель» triggers on its death are declared (INTERPRETING.md, entry 106)",
            "created_returns_to_supply",
        ),
        Mutant(
            "created_card_bounces",
            "R15:519.6.1",
            "a created card put from play into a hand goes there like any card instead of to its owner's supply "
            "(INTERPRETING.md, entry 191)",
            "created_bounced_to_supply",
        ),
        Mutant(
            "attached_module_enters_play",
            "R15:7.module",
            "a creature with «Модуль» attached to a mechanism counts as entering play: «Когда ваше существо входит в "
            "игру» fires for it, not only its own «Найм» (INTERPRETING.md, entry 104)",
            "attached_module_does_not_enter",
        ),
        Mutant(
            "fight_effect_one_sided",
            "R15:7.fight",
            "«Сразиться с существом» deals only the fighter's strike, the creature fought striking nothing back "
            "(the simplification of the test card Тест-таран; INTERPRETING.md, entry 200)",
            "fight_effect_both_strike",
        ),
        Mutant(
            "fight_effect_closed_target_strikes_no_back",
            "R15:507.4",
            "a closed creature fought by «Сразиться» takes the strike without a return strike, as in an attack of "
            "the phase (R15:510.3) instead of fighting as an open one (INTERPRETING.md, entry 200)",
            "fight_effect_closed_strikes_back",
        ),
        Mutant(
            "target_cost_x_at_most",
            "R15:501.5",
            "«механизм стоимостью (Х)» is read as a mechanism costing X or less, like «стоимостью (1) или менее» "
            "(INTERPRETING.md, entry 201)",
            "target_cost_x_exact",
        ),
        Mutant(
            "attach_in_play_fires_hire",
            "R15:7.attach",
            "a mechanism in play attached to Мехазавр fires its own «Найм» as a Модуль would, though it is "
            "no Модуль and enters nothing (INTERPRETING.md, entry 201)",
            "attach_in_play_fires_nothing",
        ),
        Mutant(
            "module_like_attach_fires_no_hire",
            "R15:7.module",
            "the mechanisms Паролет attaches «как если бы они имели способность Модуль и только что вошли в игру» fire "
            "no «Найм», being in play already (INTERPRETING.md, entry 202)",
            "module_like_attach_fires_hire",
        ),
        Mutant(
            "antigrav_ignored",
            "R15:517.1",
            "Антиграв's «Вместо гибели этого существа – положите все его части в руку …» is ignored: the combined "
            "creature dies and every part goes to the graveyard (INTERPRETING.md, entry 203)",
            "parts_to_hand_replaces_death",
        ),
        Mutant(
            "antigrav_to_graveyard_fires_nothing",
            "R15:517.1",
            "Антиграв put on the graveyard by its own replacement does not die: no «Гибель» or «когда существо "
            "погибает» fires for it (INTERPRETING.md, entry 203)",
            "antigrav_to_graveyard_is_its_death",
        ),
        Mutant(
            "ab_pay_after_move",
            "B:501.2",
            "in editions A and B a played card moves (into play or to the graveyard) before it is paid, C:309.1's "
            "order, instead of being paid with the declaration (INTERPRETING.md, entry 39)",
            "pay_with_declaration",
        ),
        Mutant(
            "ability_cost_unmodified",
            "R15:308.1.4",
            "«Ваши активируемые способности стоят на (1) меньше» is ignored: an activated ability always costs its "
            "printed coins and X, the cost modifiers being read as those of card plays only (INTERPRETING.md, "
            "entry 119)",
            "ability_cost_modified",
        ),
        Mutant(
            "ability_x_zero_allowed",
            "R15:512.4",
            "an activated ability with the cost «(Х)» may be declared with X = 0, R15:512.4 read like 512.3.1 as a rule "
            "of cards' X only (INTERPRETING.md, entry 120)",
            "ability_x_at_least_one",
        ),
        Mutant(
            "x_cost_declared_free",
            "R15:512.4.1",
            "a «(Х)» ability may be declared when ability cost modifiers bring its final cost to 0, although its X "
            "depends on its cost (INTERPRETING.md, entry 125)",
            "x_cost_never_free",
        ),
        Mutant(
            "cancel_keeps_play_triggers",
            "R15:518.1",
            "a cancelled play removes only the card's own declarations from the Queue: the triggers of other cards "
            "on its play (Акванит's «Каждый раз, когда противник разыгрывает карту») still resolve "
            "(INTERPRETING.md, entry 121)",
            "cancel_removes_play_triggers",
        ),
        Mutant(
            "thirst_may_wound_its_own_card",
            "R15:501.4",
            "«Жажда N» may be paid by wounding the card with Жажда itself, «другого» read as any of the controller's "
            "characters (INTERPRETING.md, entry 123)",
            "thirst_wounds_another",
        ),
        Mutant(
            "trigger_if_ignored",
            "R15:113.2",
            "the «если …» of a trigger's condition is not checked: «В конце хода противника, если он разыграл меньше "
            "двух карт» fires at the end of every opponent's turn (INTERPRETING.md, entry 144)",
            "trigger_if_checked",
        ),
        Mutant(
            "regenerations_add_up",
            "R15:7.regeneration",
            "every Регенерация of a combined creature heals, not only the highest (INTERPRETING.md, entry 143)",
            "regeneration_highest_only",
        ),
        Mutant(
            "chain_in_printed_order",
            "R15:524.2",
            "a constructor's chain resolves in the order its options are printed, not in the order the player "
            "chose them (INTERPRETING.md, entry 124)",
            "chain_in_players_order",
        ),
        Mutant(
            "x_discard_is_one_card",
            "R15:501.2",
            "«(Х), сбросьте Х карт:» discards one card whatever the X declared, «Х карт» read as «карту» "
            "(INTERPRETING.md, entry 240)",
            "discard_x_cards",
        ),
        Mutant(
            "x_discard_all_if_fewer",
            "R15:520.4",
            "«(Х), сбросьте Х карт:» may be declared with X above the cards in hand, the whole hand discarded "
            "(R15:520.4 read as a rule of costs too; INTERPRETING.md, entry 240)",
            "discard_cost_needs_the_cards",
        ),
        Mutant(
            "x_chain_length_unchecked",
            "R15:524.1",
            "«Выберите Х раз одно из» takes a chain of any length, not one as long as the X declared for «(Х)» "
            "(INTERPRETING.md, entry 241)",
            "x_chain_length_checked",
        ),
    )
}
