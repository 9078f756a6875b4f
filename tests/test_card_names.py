"""No false names (issue 14, item 1): a pool card that carries a real card's name behaves
exactly as that card's printed text; every other card is a test card whose name cannot be
taken for a real card.

Third-party clients implement real cards by their printed text.  A pool card named like a
real card but modelled differently would make a faithful client fail the conformance suite
(or a wrong client pass it).  So:

* a pool card whose name is a real card's name (``cards-bh-sets-2018-2019.json``,
  ``example-cards.md`` or ``heroes-life.json`` of the shared reference) is listed in
  :data:`FAITHFUL` below, one line of reason each, and its ``text`` is that card's printed
  text exactly;
* every other pool card is a test card: id ``test_…``, name «Тест-…», name_en "Test …",
  a source saying it is a test card and which real card it was derived from, a made-up
  text that is no real card's text, and a name that neither equals nor contains any real
  card's name.

The judgement of each card is in docs/CARDS.md.  The reference data is read from
``$BERSERK_SHARED/reference`` (default: ``../shared`` beside the repository); the tests
skip with the reason when it is missing.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.conftest import shared_dir

DATA = Path(__file__).parents[1] / "oracle" / "data" / "cards.json"

#: Pool cards judged faithful to their printed text under the 15th-edition rules, with
#: the reason.  A real-named card not in this table fails the tests below.
FAITHFUL: dict[str, str] = {
    # vanilla creatures and keyword-only creatures
    "legat_akkenii": "Орда is a deck-building rule only (R15 glossary); in play it is vanilla",
    "peschanyy_lev": "no text: vanilla 2, 5/1",
    "ork": "no text: vanilla 4, 5/5 ([GYM] 17/9)",
    "gremlinskaya_gromykhalka": "no text: vanilla 5, 6/6",
    "ravninnyy_velikan": "no text: vanilla 5, 8/4 ([GYM] 23/20)",
    "samokhod": "Рывок = keyword dash (R15:108.5)",
    "mekhokrab": "no text: vanilla 8, 9/7, class Механизм",
    "dirr_prygun": "Модуль = keyword module (R15 glossary «Модуль»: attached to a mechanism at step module_choice); "
    "Гибель: wound the enemy hero 1",
    "bronevye_plastiny": "Модуль, Опыт в защите = keywords module, defence_experience (the defender is not closed, "
    "R15:7.defenceexperience; the parenthesis is reminder text)",
    "turbokhvost": "Модуль = keyword module; Гибель: draw X, X the amount strike_at_death (the strike of the creature "
    "that died, its combined card's for a part, R15:403.1; INTERPRETING.md entry 151)",
    "lyubopytnyy_goblin": "Модуль = keyword module; end_of_turn, whose own: draw 1 if no_own_non_mechanisms (every "
    "creature of its player in play is a Механизм now, read when the effect executes; INTERPRETING.md entries 42, 152)",
    "opticheskiy_pritsel": "Модуль = keyword module; Направленный удар по существам с уязвимостью = keyword "
    "directed_at_vulnerable (no defender against its attack at a creature with Уязвимость, R15:7.directed; entry 153); "
    "no element: the reference records none",
    "paralizator": "Модуль = keyword module; «При ударе по существу поглушите это существо» (the printed «поглушите» "
    "is a misprint of «оглушите»): trigger strikes_creature (its strike attack struck a creature, not a return strike, "
    "R15:510.4), stun the recipient struck (INTERPRETING.md entry 154)",
    "reaktor_yarost_klana": "Модуль, Бешенство = keywords module, frenzy (while it can attack, only its attacks are "
    "legal in the choice phase, R15:7.frenzy; the parenthesis is reminder text; INTERPRETING.md entry 155)",
    "akrida": "no text: vanilla 6, 6/7, class Механизм",
    "parodvigatel": "Модуль = keyword module; «Найм: Может сразиться с существом»: optional hire trigger, target an "
    "enemy creature (R15:507.4), op fight (a fight by the ordinary rules, the closed one striking back, no closing, "
    "R15:7.fight; attached, its combined card fights; INTERPRETING.md entry 200)",
    "antigrav": "Модуль = keyword module; «Вместо гибели этого существа – положите все его части в руку, кроме "
    "Антиграва, Антиграва положите на кладбище» = keyword parts_to_hand_instead_of_death (a replacement, R15:517.1: the "
    "combined creature's cards go to their owners' hands, created ones to the supply, Антиграв to the graveyard, its "
    "death; INTERPRETING.md entry 203); the printed text's trailing space kept",
    "parolet": "«Найм: Прикрепите к Паролету любое число ваших механизмом …, затем вы можете ранить существо на Х»: "
    "hire trigger, op attach_own_mechanisms (any number of its player's mechanisms in play chosen at resolution, each "
    "attached with its «Найм» firing as a Модуль's), then wound an optional target by self_strike, the combined "
    "strike (INTERPRETING.md entry 202); «механизмом» is the print's",
    "mekhazavr": "«(Х): Присоедините к Мехазавру механизм стоимостью (Х)»: activated, cost X coins, target a creature "
    "of either side with class Механизм whose cost is the X declared (target key cost X), op attach_to_self (the card "
    "in play becomes a part, its wounds moving onto Мехазавр, an opponent's leaving his control; INTERPRETING.md "
    "entry 201)",
    "alkharis": "no text: vanilla 7, 10/6, class Тоа-Дан",
    "gonchaya": "Рывок = keyword dash (R15:108.5)",
    # creatures with abilities
    "strazh_kupeli": "start of the opponent's turn: wound the enemy hero 1, mandatory",
    "silakh": "trigger card_drawn, nth 2, whose own: the controller's second card drawn this turn, any turn, "
    "each card of a multi-card draw counted (R15:527.2); wound the enemy hero 2",
    "legioner": "static self cost modifier (works from the hand): set to 0 while its player has played three "
    "or more creatures this turn (the card being played not yet counted)",
    "eyden": "static self cost modifiers: +1 per card in its player's hand (itself included: the cost is "
    "determined before the card moves, R15:309.1 steps 4-5), -1 per creature of his in play",
    "goblin_podvodnik": "trigger card_played, nth 2, whose opponent: the opponent's second card played this "
    "turn destroys it",
    "ognemetchik": "Найм: wound each other creature 1 (recipient each_other_creature: both sides, "
    "not itself); class Механизм as printed",
    "generator_tumana": "Найм: poison each enemy creature 1 (highest value applies); start of "
    "opponent's turn: wound the enemy hero 1; (T): intensify poison of each enemy creature 1",
    "lovets_videniy": "(2)(T): prepare a character (op prepare = R15 glossary «Подготовить»)",
    "snezhnyy_bars": "(1), once per turn: +2 strike until the start of its controller's next turn",
    "proekt_yanis_tauro": "(T): a shot = wound an enemy character by its current strike (507.2)",
    "proekt_maris_tauro": "whenever its strike wounds a hero (strikes_hero, no limit, R15:113.5): heal the own hero by "
    "the wounds dealt, remembered by the trigger (amount wounds_dealt; INTERPRETING.md entry 57)",
    "usypit": "a creature target to its owner's hand (return_to_hand, R15:203.4); creatures named like it cost 1 more "
    "in the caster's opponent's next turn (cost_next_turn with same_name; INTERPRETING.md entry 194)",
    "vse_na_odnogo": "an enemy creature target: until the start of the caster's next turn it deals no wounds (every "
    "wound of it replaced by none, R15:517.1) and attacks at it are directed (no defender, R15:7.directed); "
    "INTERPRETING.md entry 159",
    "ent_praroditel": "stays closed at its restoration (does_not_open, R15:511.1); (1): open it, then double its strike, "
    "its maximum lives and this ability's cost while it is in play (R15:523.1; INTERPRETING.md entry 158)",
    "predannyy_arkhaalya": "(X), discard a card: resurrect X cards named Преданный Архааля from the own graveyard "
    "(R15:519.4), the ability declared from the graveyard as well as from play (in_graveyard, R15:202.2; "
    "INTERPRETING.md entry 157)",
    "tsverg_koldun": "when its strike wounds a hero (strikes_hero, R15:510.3): a spell of printed cost 1 from its "
    "controller's own graveyard (R15:118.5) to his hand, his choice when there are several (op graveyard_to_hand; "
    "INTERPRETING.md entry 156)",
    "istselyayushchaya": "at the start of the opponent's turn: heal the own hero by the wounds healed from the own "
    "creatures in the controller's last turn (amount healed_own_creatures_last_turn; INTERPRETING.md entry 88)",
    "yrkh": "Гибель: its owner draws a card",
    "luchnitsa_akkenii": "Орда is deck-building only; Найм: shot 2 (enemy character, 507.2) if the "
    "controller's hand is smaller than the opponent's when it resolves (condition hand_fewer_than_opponent)",
    "dzhaal": "Найм: draw a card if the controller's hand is larger than the opponent's (hand_more_than_opponent)",
    "klinok_arkhaalya": "Найм, optional: poison a creature 1 if the controller's hand is larger (hand_more_than_opponent)",
    "izobretatel_bratstva": "static: cards of the class Механизм cost 1 less, every player's (R15:118.8, 107.3.2)",
    "aviator_bratstva": "creature_dies of any player's Братство (subject_class): prepare itself, once per turn",
    "grimnar": "static strike_bonus +2 against stunned creatures (against stunned): its strike at a stunned creature, "
    "attacking or striking back (R15:508.4.1, 510.2), not its strike elsewhere",
    "boevoy_golem": "strikes_hero (its strike wounds a hero, R15:510.3), optional (R15:113.4): destroy itself, «при "
    "этом» (if_previous done, R15:119.4) wound the enemy hero by its last known strike (R15:403.1)",
    "vozhd_varvarov": "Найм: discard a card of the controller's choice (step hand_choice, R15:7.discard), «иначе» "
    "(refused or impossible, R15:119.7) destroy itself",
    "kak_na_ladoni": "draw 2, then put a card of the hand of the player's choice on top of his deck",
    "proritsanie_vorgov": "cost X (R15:106.1.2); look at the top X cards of the own deck, put them back one at a time "
    "in the player's order (step hand_choice, choosing_cards.count; no shuffle, R15:204.3; entry 161), then draw a card",
    "neuderzhimyy": "whenever you discard: +2 strike per card discarded, with no duration (trigger discards)",
    "peski_vremeni": "discard amount all (the spell is in the graveyard already, R15:309.1 step 5); create_delayed "
    "remembering the count (discarded_before): at the start of its player's next turn draw remembered + 1 (bonus "
    "without if; R15:521.1, 521.2; entry 174)",
    "chistilishche": "each player from the controller may discard any number; wound each hero 3 per card in its "
    "player's hand after the discards",
    "karaulnyy": "(T): shot 1 (a wound marked shot, R15:7.shot); (3): prepare itself and +1 to its shots until end "
    "of turn (op shots_until_end_of_turn, a modifier with shots, not its strike)",
    "strela_za_streloy": "prepare your character; if it has a shot (target_has_shot, read at execution), +1 to its "
    "shots until end of turn",
    "agent_bratstva": "(1)/(5)/(9): upgrade itself (R15:7.upgrade), «при этом» +2/+6/+10 strike and life with no "
    "duration; as a mechanism any of them is cancelled",
    "ork_veteran": "static wound_replacement on itself, instead upgrade, unless_class Механизм: the wounds it should "
    "take are replaced by an upgrade while it is no mechanism (R15:517.1; the wound pipeline); class Орк",
    "stranstvuyushchiy_ork": "discard a card (cost discard): upgrade itself, «при этом» +2 strike with no duration",
    "nastroyka_skorosti": "modes: upgrade a creature; a Механизм (upgraded ones included) gains Рывок with no duration",
    "ispytatel": "discard a card: its strike is doubled until end of turn (a ×2 modifier, R15:523.1), once per turn",
    "poisk_slabosti": "a creature gains Уязвимость until end of turn (1 wound more from any source); draw a card",
    "poslushnik_bratstva": "creature_dies of an own Механизм: +3 strike and Первый удар until end of turn, once per turn",
    "klinki_berserka": "support, Оружие; (3): each own creature gains «Направленный удар по существу противника» "
    "until end of turn",
    "kurdash": "Уникальность; static wound_replacement instead destroy_self to own_hero: before a hero's wounds its "
    "controller decides at step wound_choice (R15:517.3) to destroy Курдаш, preventing them and destroying their "
    "source if a creature or support card (R15:119.4; entry 223)",
    "oboroten": "optional death trigger (R15:113.4; «Гибель:» fires on the move to the graveyard): it puts its own "
    "card from the graveyard on top of its owner's deck (op graveyard_to_deck_top)",
    "podgornyy_krot": "Уникальность; trigger search_used fired from its owner's deck by his search (R15:113.10), optional: "
    "pay (1) (op pay), при этом summon a Подгорный крот of the deck (R15:119.4, 519.3); optional «Гибель» shuffling "
    "it from the graveyard into the deck at step search_shuffle (op shuffle_self_into_deck, R15:204.3; entries 220-222)",
    "ditya_yara": "Найм whose declaration names a card (action option, a pool card id; R15:501.1): the top card of the "
    "own deck is shown (deck_revealed) and goes to the hand only when it has the named printed name (entry 160)",
    "garu": "(1): show the top card of the own deck; a creature: Броня 2 until end of turn (op armour_until_end_of_turn, "
    "the highest Броня counting); «иначе» a wound of 2 to the optional target declared with it (R15:119.5, 119.7; "
    "entries 160, 162)",
    "zolotoy_tron": "support, Местность; (1)(T): a constructor with one choice named with the activation (values; the "
    "module of «создайте A или B», entries 142, 163): show the top card; a Механизм: create that module; «иначе» the "
    "player may put the shown card under his deck (op shown_to_deck_bottom at step hand_choice) and so prepare the throne",
    "gnom_razvedchik": "vanilla 3, 5/3, class Гном; «Каждый раз» optional strikes_hero trigger whose deck is named with "
    "the declaration (values 0 own, 1 the opponent's: two looks at a top card, entries 142, 164); the look changes "
    "nothing (deck_looked_at)",
    "fellin": "keyword unique (a second Феллин of its player moves the first to the graveyard, R15:503.1); an "
    "opponent's card costs 1 more only when another modifier makes it cost more (static increase if_increased)",
    "bessilie_utoplennika": "op no_plays_next_turn on the opponent: a timed effect on him (player_effects, R15:521.1) "
    "for his next turn, his plays refused citing R15:514.2, ended at that turn's R15:310.2 (entry 170)",
    "tyaguchee_varevo": "op cost_next_turn +1 on the opponent with first_only: his first card of his next turn costs "
    "1 more (R15:521.1, 309.1 step 4; entry 171); then draw a card",
    "korolevskiy_nalog": "static cost_modifier +1 on every player's creatures with while_open (R15:115.1; entry "
    "173); (T): op cost_until_end_of_opponent_turn +1 on every player's spells from now to the end of the "
    "opponent's turn (R15:521.1, 118.8; entry 172)",
    "karinlina": "(T): a temporary coin until end of turn (op gain_coins_until_end_of_turn, back to the supply at "
    "310.2, R15:522.4); when you play another creature (trigger creature_played), prepare itself, once per turn",
    "na_taran": "destroy an own creature of the class Механизм (target class, side own), then wound each creature by "
    "its strike as last known (amount target_strike, R15:403.1)",
    "almaznyy_golem": "keywords cannot_be_stunned (a stun does nothing to it, R15:514.2) and attack_experience "
    "(not closed after its strike attack, still once per turn; R15 glossary «Опыт в атаке»)",
    "prototip_su_27": "keywords cannot_attack / cannot_defend (refused, R15:514.2); Гибель wounds each enemy character "
    "by the wounds it had when destroyed (amount self_wounds, last known, R15:403.1); (T): wound itself 1",
    "khranitel_istochnika": "printed «Отравление 2» = card key poison: Poison 2 from entering play (R15:7.poison), "
    "the highest value applying, intensified and cured like any Poison; the poison trigger (ability -2) wounds it",
    "chetyrekhrukiy": "Найм: +1 strike and +1 additional life (R15:504.2) per other creature of its controller, "
    "counted when it resolves, with no duration (strike_while_in_play, life_while_in_play, amount other_own_creatures)",
    "lesnoy_gigant": "self_prepared (an effect prepared it, R15:7.prepare): +2 strike with no duration, while it is "
    "in play (strike_while_in_play, until while_in_play, R15:205.3), once per turn",
    "opolchenie_bratstva": "wounds_hero of an own Механизм (by strike or ability, R15:502.2, any hero): prepare "
    "a chosen creature of the class Братство (the set's bare class noun, as Авиатор Братства's «гибели братства»; "
    "INTERPRETING.md entry 136), once per turn",
    # spells
    "potok_energii": "wound any character 2",
    "raskat_groma": "wound any creature 3",
    "udar_tokom": "wound each creature 1",
    "za_znamenem": "your creatures +1 strike until end of turn",
    "identifikatsiya_fey": "a creature +4 strike until end of turn",
    "prevoskhodstvo_fey": "up to two creatures +3 strike until end of turn",
    "zasluzhennyy_otdykh": "heal a character 3, then prepare it (R15 glossary «Подготовить»)",
    "volna_istseleniya": "heal each own character (hero and creatures not hidden) 1; X = the characters a wound came "
    "off; a chain of X of Защитный модуль / Модуль поддержки chosen then (R15:524.1), nothing at X = 0 (entries 213, 214)",
    "otravit_reku": "X cost; poison a creature X",
    "ognennyy_shar": "modal: wound each creature 1, or wound a character 4",
    "isparenie": "modal: wound a creature 2, or wound a wounded creature 6 ([GYM] 18/8)",
    "tsena_znaniya": "draw a card, then wound a character by drawn_this_turn (every card its controller drew "
    "this turn, the accumulation draw and the card just drawn included)",
    "kontsentratsiya": "draw two cards",
    "otvet_dzara": "modal: wound a character 3, or wound a creature of the class Механизм 5",
    "raskoloshmatit": "wound a creature by its cost (amount target_cost); a combined mechanism's is the sum of its parts'",
    "ultimatum_fey": "up to 3 creatures +3 strike until end of turn, then draw one per creature with strike >= 6",
    "tekhnomeditatsiya": "draw until the hands are equal (draw_to_match_opponent), wound each hero by the cards drawn",
    "ukaz_komandora": "prepare a creature of base cost <= 1 (target max_cost, R15:106.1), then draw a card",
    "zhritsa_krovi": "static strike_bonus +3 while its controller's hand is empty (R15:115.1)",
    "akvanit": "whenever the opponent plays a card (trigger card_played, any type), wound itself 1",
    "akvanit_strazh": "a cancellation effect (cancel_play) on the opponent's spells and support cards, paid by "
    "destroying itself (R15:518.1)",
    "vozhd_akvanitov": "Найм (optional, an optional creature target, entry 138): the opponent pays 2 or refuses at "
    "step pay_choice (opponent_may_pay, R15:119.7); otherwise the creature goes to its owner's hand (return_to_hand)",
    "u_vsego_est_tsena": "the opponent pays the chosen creature's cost or refuses (opponent_may_pay target_cost, "
    "R15:119.7); otherwise it goes under its owner's deck (put_on_deck_bottom, R15:204.4)",
    "efirnyy_shtorm": "every creature in play on top of its owner's deck (creatures_to_deck_top, R15:204.4), each "
    "owner naming the order of his own at step deck_order, the controller first",
    "mekhakvanit": "when it becomes a target of a spell (targeted_by_spell), destroy itself",
    "kaynasskiy_opolchenets": "when another own character is prepared (trigger prepared), prepare itself, once per turn",
    "feya_rosy": "Найм: a chosen creature's strike becomes 6 until its controller's next turn (set-to modifier, "
    "applied after every addition, R15:523.1)",
    "fuziler_bratstva": "(T): shot 4 at an enemy character; stun itself (op stun, R15:7.stun)",
    "mrazen": "Найм: stun up to two creatures",
    "elferi": "Найм: close itself; «при атаке» (attacks trigger): stun itself",
    "feya_chashchi": "Найм, optional: stun a creature with strike >= 6 (target min_strike)",
    "khmelnaya_feya": "Найм, mandatory: a creature with strike >= 6 (min_strike); her strike becomes its strike, then "
    "it is stunned, loses its abilities and its strike becomes 1, in that order, both strikes while in play (entries "
    "210-212)",
    "podavlenie": "the opponent loses 3 coins (op lose_coins; closed ones first, R15:522.5 made normative)",
    "otchayannyy_vystrel": "wound a character 3, 2 more (one wound of 5) if the hand is empty when it resolves",
    "makhokryl": "Найм: shot 1 at an enemy creature of the opponent's choice (target chooser opponent, R15:118.1)",
    "kulevrina_orkov": "(T): shot 1 at an enemy character; (T): shot 2 at an enemy character of the opponent's choice",
    "artobstrel": "static grant_ability to own creatures of class Орк (entries 180, 184): the granted «Найм: shot 1 at "
    "an enemy character of the opponent's choice»; (3)(T): shot X of the opponent's choice, X = own_class_creatures Орк",
    "navodchik_bandy": "(2): shot 2 at an enemy character of the opponent's choice (R15:118.1); (X)(T): X characters "
    "(count X, entry 192) cannot be targeted by spells and abilities until end of turn (R15:502.9)",
    "gnev_predkov": "wound 3 an enemy character of the opponent's choice (chosen at R15:309.1 step 6, paid at step 9)",
    "prizrachnye_okovy": "a creature: destroy it if it is stunned (target_stunned: «Оглушение», not merely closed), "
    "«иначе» (if_previous not_done, R15:119.7) stun it",
    "zastat_vrasplokh": "each own creature gains until end of turn the granted «при атаке» ability (card key granted, "
    "op grant_ability_until_end_of_turn, R15:7.gains; entry 180): stun the attacked creature (recipient attacked: the "
    "attack's final target, entry 183)",
    "oderevenenie": "a creature gains the granted «При атаке оглушите это существо» while in play (op "
    "grant_ability_while_in_play; entry 180) and becomes an Энт (op become_ent: its classes replaced; entry 181)",
    "neistovstvo": "a creature gains until end of turn the keyword no_wounds («Не получает ран», a replacement, "
    "R15:517.1.1) and the granted strikes_hero ability: op return_self_to_hand returns this card to its owner's hand (entry 185)",
    "porozhdenie_pustoshi": "Орда is deck-building only; Гибель: search up to two of its name (op search, R15:7.search)",
    "poznanie_efira": "search up to two spells of printed cost 1 (op search, find type and cost, R15:7.search)",
    "pekhota_arkhaalya": "Орда; optional Гибель (R15:113.4): search one of its name, then poison the optional target 1",
    "tsvetochnaya_feya": "Орда; static no_wounds_from 6: no wounds from a creature of strike >= 6 (R15:517.1.1)",
    "konstruktsiya_razoritel": "«Выберите два раза одно из: Создайте Модуль атаки / Модуль подвижности» = spell "
    "constructor choose 2 over two modes, each an op create (R15:524.1, 519.6; entry 141)",
    "konstruktsiya_bronekhod": "«Выберите два раза одно из: Создайте Модуль подвижности / Защитный модуль» = spell "
    "constructor choose 2 over two modes, each an op create (R15:524.1, 519.6; entry 141)",
    "ne_pokladaya_ruk": "support, Событие; «(Х), сбросьте Х карт: Выберите Х раз одно из»: cost coins X and discard X "
    "(X at most the hand, R15:501.2), an activated constructor choose X over two creates, the X cards and the chain "
    "named in values (R15:308.1.3, 512.4, 524.1; entries 240, 241)",
    "razoritel": "Модуль, Опыт в атаке = keywords module, attack_experience; «Гибель: Создайте Модуль атаки или Модуль "
    "подвижности» = a triggered constructor choose 1 over two creates (R15:524.1; entry 142)",
    "bronekhod": "Модуль, Опыт в атаке = keywords; Броня 1 = static armour 1 (R15:516); «Гибель: Создайте Защитный "
    "модуль или Модуль подвижности» = a triggered constructor choose 1 (R15:524.1; entry 142)",
    "krepysh": "Модуль = keyword module; Броня 1 = static armour 1; Регенерация 1 = regeneration 1 (R15 glossary, "
    "entry 143); «Гибель: Создайте Защитный модуль или Модуль поддержки» = a triggered constructor choose 1 (entry 142)",
    "remontnik": "Модуль = keyword module; Регенерация 1 = regeneration 1 (entry 143); Защита от заклинаний = static "
    "protection_from spells; «Гибель: Создайте Модуль поддержки или Модуль подавления» = a triggered constructor",
    "konstruktsiya_krepysh": "«Выберите два раза одно из: Создайте Защитный модуль / Модуль поддержки» = spell "
    "constructor choose 2 over two creates (R15:524.1; entry 141); «Создайтель» is the print's typo, kept",
    "konstruktsiya_remontnik": "«Выберите два раза одно из: Создайте Модуль поддержки / Модуль подавления» = spell "
    "constructor choose 2 over two creates (R15:524.1; entry 141)",
    "plotoyadnyy_trekhrog": "«Когда ваш персонаж излечивается, создайте Защитный модуль или Модуль поддержки (один раз "
    "за ход)» = trigger character_healed own, a triggered constructor choose 1 (entries 142, 144)",
    "podvodnyy_tsekh": "«В конце хода противника, если он разыграл меньше двух карт в этот ход, создайте Модуль "
    "поддержки или Модуль подавления» = end_of_turn opponent with if opponent_played_fewer_than_two, a triggered "
    "constructor choose 1 (R15:113.2; entries 142, 144)",
    "bioreaktor": "static grant_ability to own creatures not created (entry 182): the granted «Гибель: Создайте "
    "Защитный модуль или Модуль поддержки», a triggered constructor (entry 142), fired by the dead creature (R15:205.3)",
    "vyzyvaem_podkrepleniya": "summon up to 3 creatures of printed cost 1 or less from the deck (op summon, R15:519.3)",
    "govoryashchiy_so_zmeyami": "Найм: summon up to two creatures of printed cost 1 or less (op summon, R15:519.3)",
    "ovladet": "an enemy creature of cost <= 2: take control of it until end of turn (R15:519.5), open it, it gains Рывок",
    "bardak": "X own and X enemy creatures (two target groups of count X, X declared with the play, at least 1, "
    "R15:512.4; entry 230): prepare them, they gain Рывок, then each changes controller until end of turn (op "
    "exchange_control_until_end_of_turn, R15:519.5), back to its owner at 310.2",
}


def _reference() -> Path:
    return shared_dir("reference")


def _pool_cards() -> list[dict]:
    return json.loads(DATA.read_text(encoding="utf-8"))["cards"]


def _bh_cards() -> dict[str, dict]:
    """The real cards of the two BH sets by name."""
    raw = json.loads((_reference() / "cards-bh-sets-2018-2019.json").read_text(encoding="utf-8"))
    return {c["name"]: c for c in raw}


def _md_texts() -> dict[str, str]:
    """The real cards of example-cards.md by name: the printed text between «» after the bold
    name (up to the next bold name), "" for «no text» entries.  Names without either are left
    out of the texts (their text is not given there)."""
    md = (_reference() / "example-cards.md").read_text(encoding="utf-8")
    texts: dict[str, str] = {}
    for line in md.splitlines():
        parts = re.split(r"\*\*([^*]+)\*\*", line)
        for i in range(1, len(parts), 2):
            name, segment = parts[i], parts[i + 1]
            quoted = re.search(r"«(.*)»", segment)
            if quoted:
                texts.setdefault(name, quoted.group(1))
            elif "no text" in segment:
                texts.setdefault(name, "")
    return texts


def _real_names() -> set[str]:
    """Every real card name the shared reference knows: both BH sets, the example cards and
    the heroes."""
    md = (_reference() / "example-cards.md").read_text(encoding="utf-8")
    heroes = json.loads((_reference() / "heroes-life.json").read_text(encoding="utf-8"))
    return set(_bh_cards()) | set(re.findall(r"\*\*([^*]+)\*\*", md)) | {h["name"] for h in heroes}


#: The created cards of R15 Part 8 («Созданный»; no card set prints them) in the pool, with the
#: reason they are faithful: their name, stats and text are Part 8's exactly.
CREATED: dict[str, str] = {
    "modul_ataki": "Созданный, Модуль = keywords created, module; vanilla otherwise",
    "modul_podvizhnosti": "Созданный, Модуль, Опыт в атаке = keywords created, module, attack_experience",
    "zashchitnyy_modul": "Созданный, Модуль, Броня 1 = keywords created, module; static armour 1 (R15:516)",
    "modul_podderzhki": "Созданный, Модуль, Регенерация 1 = keywords created, module; regeneration 1 (entry 143)",
    "modul_podavleniya": "Созданный, Модуль, Защита от заклинаний = keywords created, module; static protection_from "
    "spells (R15:515.2)",
}


def _part8_cards() -> dict[str, tuple[int, int, int, str]]:
    """The created cards of R15 Part 8 by name: (strike, life, cost, «Текст особенностей»)."""
    md = (shared_dir("rules") / "reference-15th-edition.md").read_text(encoding="utf-8")
    part8 = md[md.index("# Часть 8"):]
    out: dict[str, tuple[int, int, int, str]] = {}
    for m in re.finditer(r"\*\*([^*]+?)\.?\*\*\.? [^\n]*?удар (\d+), здоровье (\d+), стоимость (\d+)\.[^\n]*?"
                         r"Текст особенностей: «([^»]*)»", part8):
        out[m.group(1).strip().rstrip(".")] = (int(m.group(2)), int(m.group(3)), int(m.group(4)), m.group(5))
    return out


def test_created_cards_are_part_8_cards() -> None:
    """A created card of the pool (keyword ``created``) is listed in CREATED and is a card of
    R15 Part 8 exactly: its name, strike, life, cost and text are Part 8's."""
    part8 = _part8_cards()
    assert "Модуль атаки" in part8, sorted(part8)
    pool = {c["id"]: c for c in _pool_cards()}
    for card in pool.values():
        if "created" in card.get("keywords", []):
            assert card["id"] in CREATED, card["id"]
    for cid in CREATED:
        card = pool[cid]
        assert "created" in card.get("keywords", []), cid
        strike, life, cost, text = part8[card["name"]]
        assert (card["strike"], card["life"], card["cost"], card["text"]) == (strike, life, cost, text), cid


def _is_test_card(card: dict) -> bool:
    return card["id"].startswith("test_")


def test_real_named_cards_are_judged_faithful() -> None:
    """Every pool card whose name is a real card's name is in FAITHFUL; every card is either
    faithful or a test card."""
    real = _real_names()
    for card in _pool_cards():
        if card["name"] in real:
            assert card["id"] in FAITHFUL, (
                f"{card['id']} «{card['name']}» carries a real card's name but is not judged "
                "faithful: make it faithful or a test card (docs/CARDS.md)"
            )
        else:
            assert _is_test_card(card) or card["id"] in CREATED, (card["id"], card["name"])


def test_faithful_cards_exist_and_keep_real_names() -> None:
    """Every FAITHFUL id is a pool card, named like a real card and not a test card (the
    table does not go stale)."""
    real = _real_names()
    pool = {c["id"]: c for c in _pool_cards()}
    for cid in FAITHFUL:
        assert cid in pool, cid
        assert pool[cid]["name"] in real, (cid, pool[cid]["name"])
        assert not _is_test_card(pool[cid]), cid


def test_docs_list_the_faithful_cards_under_their_heading() -> None:
    """docs/CARDS.md's section «Faithful real cards (N)» has one row per FAITHFUL card and no
    other, and N is their number (a row misplaced in another section is caught)."""
    doc = (DATA.parents[2] / "docs" / "CARDS.md").read_text(encoding="utf-8")
    start = doc.index("## Faithful real cards (")
    section = doc[start:doc.index("\n## ", start + 1)]
    heading = re.match(r"## Faithful real cards \((\d+)\)", section)
    assert heading is not None
    rows = re.findall(r"^\| [^|\n]+ \| `([a-z0-9_]+)` \|", section, re.M)
    assert sorted(rows) == sorted(FAITHFUL)
    assert int(heading.group(1)) == len(FAITHFUL)


def test_faithful_cards_print_the_reference_text() -> None:
    """A real-named card's text equals the printed text of the reference exactly: the
    card_text of cards-bh-sets-2018-2019.json, else the «» text of example-cards.md."""
    bh = _bh_cards()
    md = _md_texts()
    for card in _pool_cards():
        if card["id"] not in FAITHFUL:
            continue
        if card["name"] in bh:
            expected = bh[card["name"]]["card_text"]
        else:
            assert card["name"] in md, f"no printed text for {card['name']} in the reference"
            expected = md[card["name"]]
        assert card["text"] == expected, (card["id"], card["text"], expected)


def test_faithful_bh_cards_keep_cost_and_stats() -> None:
    """A faithful card of the BH sets keeps the printed cost (absent = X), strike and life."""
    bh = _bh_cards()
    for card in _pool_cards():
        ref = bh.get(card["name"])
        if card["id"] not in FAITHFUL or ref is None:
            continue
        assert card["cost"] == ref.get("cost", "X"), card["id"]
        if card["type"] == "creature":
            assert (card["strike"], card["life"]) == (ref["attack"], ref["health"]), card["id"]


def test_test_cards_cannot_be_taken_for_real_cards() -> None:
    """A test card: id test_…, name «Тест-…» that neither equals nor contains a real card's
    name (case-insensitive), name_en "Test …", a source saying it is a test card, and a
    text of its own that is no real card's printed text."""
    real = {n.casefold() for n in _real_names()}
    printed = {c["card_text"].strip() for c in _bh_cards().values()} | {
        t.strip() for t in _md_texts().values()
    }
    test_cards = [c for c in _pool_cards() if _is_test_card(c)]
    assert test_cards
    for card in test_cards:
        name = card["name"].casefold()
        assert card["name"].startswith("Тест-"), card["id"]
        assert card["name_en"].startswith("Test "), card["id"]
        assert card["source"].startswith("Тестовая карта"), card["id"]
        assert not [r for r in real if r in name], (card["id"], [r for r in real if r in name])
        assert card["text"].strip(), card["id"]
        assert card["text"].strip() not in printed, card["id"]


#: The reference's class tags (cards-bh-sets-2018-2019.json) read as the R15:107.3.3 names.
CLASS_TAGS: dict[str, str] = {
    "mech": "Механизм", "action": "Действие", "ritual": "Ритуал", "sorcery": "Волшебство", "order": "Приказ",
    "fairy": "Фея", "arhaalit": "Архаалит", "brotherhood": "Братство", "beast": "Зверь", "worg": "Ворг",
    "land": "Местность", "elf": "Эльф", "akvanit": "Акванит", "mercenary": "Наёмник", "akkenian": "Аккениец",
    "event_event": "Событие", "artifact": "Артефакт", "gnom": "Гном", "giant": "Великан",
    "forestkeeper": "Страж леса", "ent": "Энт", "podzemnik": "Подземник", "orc": "Орк", "centaur": "Кентавр",
    "toadan": "Тоа-Дан", "golem": "Голем", "yordling": "Йордлинг", "linung": "Линунг", "undead": "Нежить",
    "potion": "Зелье", "troll": "Тролль",
}
#: The reference's element codes read as the R15:107.2 names.
ELEMENT_CODES: dict[str, str] = {"stepi": "Степи", "les": "Леса", "gori": "Горы", "boloto": "Болота", "tma": "Тьма"}


def _md_type_class(name: str) -> tuple[str, str | None]:
    """example-cards.md's «Тип/Класс» and «(Стихия)» for a bold name: (class or "", element or None)."""
    md = (_reference() / "example-cards.md").read_text(encoding="utf-8")
    m = re.search(r"\*\*" + re.escape(name) + r"\*\* — ([^,]+),", md)
    assert m, name
    head = m.group(1)
    element = re.search(r"\((Степи|Леса|Горы|Болота|Тьма)\)", head)
    cls = head.split("/", 1)[1].split("(")[0].strip() if "/" in head else ""
    return cls, element.group(1) if element else None


def test_real_cards_carry_the_printed_classes_and_elements() -> None:
    """Issue 25, finding 6: every real card of the pool carries its printed class(es) and
    element(s) (R15:107.2, 107.3) as the reference records them: the BH sets' `classes` and
    `elements` (tags read as the rules' names), example-cards.md's «Тип/Класс (Стихия)», R15 Part
    8's «Нейтральное существо … Класс - механизм» for the created cards.  Where the reference
    records no element the card has no `elements` key (not recorded); test cards have none."""
    bh = _bh_cards()
    for card in _pool_cards():
        classes = card.get("class", [])
        classes = [classes] if isinstance(classes, str) else classes
        if card["id"].startswith("test_"):
            assert "elements" not in card, card["id"]
            continue
        if card["id"] in CREATED:
            assert (classes, card.get("elements")) == (["Механизм"], []), card["id"]
            continue
        ref = bh.get(card["name"])
        if ref is not None:
            tag = ref.get("classes")
            want_classes = [] if tag is None else [CLASS_TAGS.get(tag.strip("[]"), tag)]
            if card["type"] == "support" and not want_classes:
                want_classes = classes  # a support card's class is its printed kind (weapon: Оружие)
            el = ref.get("elements")
            want_el = None if el is None else [ELEMENT_CODES[e] for e in (el if isinstance(el, list) else [el])]
        else:
            cls, element = _md_type_class(card["name"])
            want_classes = [cls] if cls else []
            want_el = [element] if element else None
        assert classes == want_classes, (card["id"], classes, want_classes)
        assert card.get("elements") == want_el, (card["id"], card.get("elements"), want_el)
