"""The first 42 engine mutants of :data:`~oracle.mutants.MUTANTS`: the seed editions' turn, Queue,
payment and fights, then deaths, firings of one ability, usage markers, X, strike modifiers,
durations, «Подготовить», statics, targets, stun, coins, the switches of edition R15's own steps
and the last known strike."""

from __future__ import annotations

from .mutant import Mutant

__all__ = ["CORE"]

CORE: tuple[Mutant, ...] = (
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
        "a player who loses coins loses his open coins first, without being asked which (R15:522.5 gives him the "
        "choice; INTERPRETING.md, entries 47 and 137)",
        "closed_coins_lost_first",
    ),
    Mutant(
        "coins_lost_without_a_choice",
        "R15:522.5",
        "a player who loses coins is not asked which: his closed coins go first, then open ones (the protocol's "
        "fixed order before the outside review; INTERPRETING.md, entries 47 and 137)",
        "coin_loss_is_a_choice",
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
)
