"""Engine mutants of combined cards (Модуль, attaching, created cards, «Сразиться», Антиграв)
and of the costs of activated abilities and plays: the payment's place in a play, cost
modifiers, X, cancelled plays, Жажда, conditions of triggers, Регенерация and chains."""

from __future__ import annotations

from .mutant import Mutant

__all__ = ["COMBINED_AND_COSTS"]

COMBINED_AND_COSTS: tuple[Mutant, ...] = (
    Mutant(
        "combined_keeps_top_characteristics",
        "R15:7.attach",
        "a creature with «Модуль» attached to a mechanism adds nothing to its strike, life and cost: the combined "
        "card keeps the mechanism's printed ones instead of their sums (INTERPRETING.md, entry 103)",
        "combined_card_sums",
    ),
    Mutant(
        "combined_drops_part_abilities",
        "R15:7.attach",
        "a combined card has only its parts' keywords and triggered abilities: a part's static abilities («Защита "
        "от заклинаний», «Броня», cost modifiers, «+N к удару») and activated abilities do not work for it "
        "(INTERPRETING.md, entry 103)",
        "part_abilities_count",
    ),
    Mutant(
        "combined_has_top_name_only",
        "R15:105.6",
        "a combined card has only its top card's name: «с таким же названием» and Уникальность read that one, "
        "not every part's (INTERPRETING.md, entry 103)",
        "combined_has_every_name",
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
        "module_only_when_played_or_created",
        "R15:7.module",
        "a creature with «Модуль» summoned («Вызовите», Вызываем подкрепления!) or resurrected enters play at once, "
        "its player never offered to attach it to his mechanism, as if only a played or created one could be "
        "(INTERPRETING.md, entry 104)",
        "module_on_every_entry",
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
    Mutant(
        "dead_card_judged_by_owner",
        "R15:505.3",
        "a card taken under control that dies is judged by its owner, not by the player who controlled it in "
        "play: its «Гибель» is the owner's and hurts the taker's hero, the taker's «когда ваше существо "
        "погибает» does not see it, its killer counts as the owner's creature (R15:505.3, 113.6, 403.1; "
        "INTERPRETING.md, entry 114)",
        "last_known_control",
    ),
    Mutant(
        "gone_killer_judged_by_owner",
        "R15:403.1",
        "a killer that left play before the death it causes is judged by its owner, not by its last known "
        "controller: Прототип SU-27 taken for good dies, its «Гибель» kills the owner's Тест-мститель болот, and "
        "«При гибели от существа противника» does not fire (R15:403.1, 505.1.1; INTERPRETING.md, entry 114)",
        "gone_killer_last_known",
    ),
    Mutant(
        "uniqueness_only_on_entering_play",
        "R15:519.1",
        "«Уникальность» is checked only when a card enters play: a player who takes control of a second copy "
        "of a unique creature keeps both (R15:519.1: taking control is taking into the squad; INTERPRETING.md, "
        "entry 83)",
        "uniqueness_on_control_change",
    ),
    Mutant(
        "return_strike_counted_as_attack",
        "R15:510.4",
        "a return strike counts as an attack for «Защита от атак»: Тест-оберег takes no wound from the return "
        "strike of the creature it attacks (R15:510.4, glossary «Атака»; INTERPRETING.md, entry 154)",
        "return_strike_is_no_attack",
    ),
    Mutant(
        "shot_is_no_attack",
        "R15:7.onstrike",
        "«При атаке» fires only on a strike attack: a creature that shoots makes no attack, so Одеревенение's "
        "«При атаке оглушите это существо» does not fire on Караульный's shot (R15 glossary «При атаке»: «когда "
        "карта наносит атаку (удар, выстрел)»; INTERPRETING.md, entry 154)",
        "shot_fires_attack_triggers",
    ),
    Mutant(
        "shot_attacked_forgotten",
        "R15:7.onstrike",
        "a «при атаке» fired by a shot does not know the creature the shot attacked: Застать врасплох's «оглушите "
        "атакованное существо» on Кулеврина орков reads only a strike attack in progress and stuns nothing after its "
        "shot (R15 glossary «Атака»: «Выстрел или удар»; INTERPRETING.md, entry 183)",
        "shot_keeps_attacked",
    ),
    Mutant(
        "granted_ability_unlimited",
        "R15:113.5",
        "a granted triggered ability takes no «1 раз за ход» marker: Застать врасплох's «при атаке – оглушите "
        "атакованное существо» fires and stuns again when the prepared creature attacks a second time in the turn "
        "(INTERPRETING.md, entry 180)",
        "granted_abilities_once_per_turn",
    ),
)
