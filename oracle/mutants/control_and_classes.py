"""Engine mutants of control and capture (R15:519.5, R15:503.1), of what a card is now against
what it was printed or was when it died (its wounds, strike and classes, lost and granted
abilities), and of who counts as attacked, Бешенство and the strikes that fire triggers."""

from __future__ import annotations

from .mutant import Mutant

__all__ = ["CONTROL_AND_CLASSES"]

CONTROL_AND_CLASSES: tuple[Mutant, ...] = (
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
)
