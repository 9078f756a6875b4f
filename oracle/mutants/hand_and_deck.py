"""Engine mutants of the hand and the deck: costs changed in the hand, who chooses what a hand
effect discards, «иначе» and the opponent's payment, looking at, showing and ordering cards on
the deck, discards and what counts them."""

from __future__ import annotations

from .mutant import Mutant

__all__ = ["HAND_AND_DECK"]

HAND_AND_DECK: tuple[Mutant, ...] = (
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
        "target_named_before_the_parts",
        "R15:116.1",
        "Гару: the creature of «иначе можете ранить существо на 2» is named before the ability's first part is "
        "carried out, as if with the declaration: before the top card is shown, and even when a creature is shown "
        "(INTERPRETING.md, entry 250, reading (a))",
        "targets_named_as_carried_out",
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
)
