"""Engine mutants of keywords and of what card texts say: shots, upgrade, Уязвимость, doubling
(of a strike, a cost, lives), Первый удар, directed strikes, poison, Опыт в атаке and в защите,
Уникальность, Поиск and summons, temporary coins and surcharges, abilities working on the
graveyard, and the strike a card had when it was destroyed."""

from __future__ import annotations

from .mutant import Mutant

__all__ = ["KEYWORDS"]

KEYWORDS: tuple[Mutant, ...] = (
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
        "R15:106.3.1",
        "«Удвойте силу удара Испытателя до конца хода» leaves the strike as it was, as if the doubling were no "
        "change of the strike (INTERPRETING.md, entry 71)",
        "doubling_applies",
    ),
    Mutant(
        "strike_doubling_multiplies",
        "R15:106.3.1",
        "«Удвойте силу удара» (Испытатель, Энт-прародитель) is a multiplying modifier of R15:523.1 read with the "
        "strike, so a later +1 is doubled too (4 doubled, then +1: 10), instead of the +4 effects that make it 8 "
        "when it applies (then 9; INTERPRETING.md, entry 71)",
        "strike_doubling_fixed_amount",
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
)
