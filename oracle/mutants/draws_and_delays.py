"""Engine mutants of the counters of a turn (R15:302.2), of draws (R15:527) and of delayed
abilities and the effects on players that last for a time (R15:521), and of cycles of triggers
(R15:525.2)."""

from __future__ import annotations

from .mutant import Mutant

__all__ = ["DRAWS_AND_DELAYS"]

DRAWS_AND_DELAYS: tuple[Mutant, ...] = (
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
)
