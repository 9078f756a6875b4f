"""Write or check ``docs/REAL_CARDS.md``: the 141 real cards of the two 2018–2019 sets and,
for each, whether the pool plays it faithfully and, if not, what the card model lacks
(issue 14, item 3).

The table is generated from three sources:

* the real cards, ``reference/cards-bh-sets-2018-2019.json`` of the shared material;
* an outside classification of what each card needs beyond the model of its time,
  ``reference/card-coverage.tsv`` (column ``needs``: codes of
  ``reference/card-vocabulary-gaps.tsv``, whose ``label`` says what each code is);
* the pool (``oracle/data/cards.json``): a pool card named like a real card is played
  faithfully (``tests/test_card_names.py`` holds every such card to its printed text), and a
  test card names the real card it was derived from in its ``source``.

:data:`COVERED` says which of the classification's codes the card model now has, and where;
a card's missing items are its codes that are not covered.  A card with none missing that is
not in the pool is expressible but not added yet.  The classification is an outside reading:
a card added to the pool was re-read against its printed text; an item it missed is in
:data:`EXTRA_NEEDS`, and the card's judgement in docs/CARDS.md says why.

``python -m oracle.card_coverage --write`` regenerates the file, ``--check`` exits 1 when it
is out of date and 2 when the shared material is not found (``$BERSERK_SHARED``, default
``../shared`` beside the repository).
"""

from __future__ import annotations

import csv
import json
import os
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "REAL_CARDS.md"
POOL = ROOT / "oracle" / "data" / "cards.json"

#: The classification's codes the card model has now, all of what the code's label names ->
#: where (oracle.cards names, rule ids).
COVERED: dict[str, str] = {
    "PREPARE": "op `prepare` (R15:7.prepare; INTERPRETING.md entry 41)",
    "M_CONTROL": "ops `take_control` and `take_control_until_end_of_turn` (R15:519.5: the card moves to the taker's play "
    "zone, back to its owner at 310.2; entry 114) and `exchange_control_until_end_of_turn` (each card changes "
    "controller, one's own given to the opponent as well as his taken, back at 310.2; entry 230)",
    "UNTARGETABLE": "op `untargetable_until_end_of_turn` («не могут быть выбраны целью заклинаний и способностей до "
    "конца хода»: a modifier with `grants` `untargetable` on characters, heroes too, read by every declaration's "
    "targets, R15:502.9; INTERPRETING.md entry 192)",
    "BOUNCE": "op `return_to_hand` («положите существо в руку владельца»: a card in play to its owner's hand, a "
    "created card to his supply, a combined card's parts separately, R15:203.4, 519.6.1; INTERPRETING.md entry 191)",
    "HISTORY": "counters of each player: cards drawn, cards played, creatures played this turn (the state's "
    "`drawn_this_turn`, `played_this_turn`, `creatures_played_this_turn`; entry 59) and wounds healed from his "
    "creatures in his own turn, kept through the opponent's (`creatures_healed_own_turn`, amount "
    "`healed_own_creatures_last_turn`, R15:7.heal; entry 88)",
    "DURATION": "op `strike_until_start_of_your_next_turn` (303.1; entry 23)",
    "M_PLAYER_FX": "the state's `player_effects` (effects on a player for a time, R15:521.1, ended at R15:310.2): ops "
    "`no_plays_next_turn` (plays refused, R15:514.2; entry 170), `cost_next_turn` (a cost modifier of his next turn, "
    "`first_only`, `card_type`, `same_name`; entry 171), `cost_until_end_of_opponent_turn` (entry 172), the static "
    "key `while_open` (R15:115.1; entry 173); a delayed ability remembering a count (amounts `discarded_before`, "
    "`remembered`, a discard of `all`; entry 174)",
    "FIXDATA": "data fixes only",
    "T_TARGETED": "trigger `targeted_by_spell` (INTERPRETING.md entry 45)",
    "T_PREPARED": "triggers `prepared` (another character was prepared; entry 45) and `self_prepared` (this card "
    "was prepared; entry 58)",
    "STATIC_STRIKE": "static `strike_bonus` with `if` (while the hand is empty, R15:115.1) or `against` `stunned` "
    "(«+N к удару по оглушенным существам», R15:508.4.1, 510.2; entry 55)",
    "T_HEALED": "trigger `character_healed` («Когда ваш персонаж излечивается»: wounds removed from one of his "
    "characters, itself included, R15:7.heal; INTERPRETING.md entry 144)",
    "T_DRAW": "trigger `card_drawn` with `nth` (the player's nth card drawn this turn, R15:527.2; entry 60)",
    "T_CARD_PLAYED": "trigger `card_played` (any card, by whose play; entry 45), with `nth` for «N-я карта за ход» "
    "(entry 60)",
    "T_DISCARD": "trigger `discards` («Каждый раз, когда вы сбрасываете карты»: once per discard, with its count, "
    "`pending[].count`; R15:7.discard; entry 65)",
    "K_CANT": "keywords `cannot_attack` («Не может атаковать») and `cannot_defend` («Не может выступать "
    "защитником»): the attack or the defender is refused citing R15:514.2 (entry 87)",
    "PRINTED_POISON": "card key `poison`: a printed «Отравление N» is the card's Poison N from entering play "
    "(R15:7.poison; entry 80)",
    "SHOT": "effect key `shot` (a wound of an enemy target that is a shot, R15:7.shot, 507.2) and op "
    "`shots_until_end_of_turn` («+N к выстрелам до конца хода»: a modifier with `shots`, not a strike bonus; "
    "entry 67)",
    "UPGRADE": "op `upgrade` («Усовершенствовать»: the creature loses its classes and is a Механизм while in play, a "
    "modifier with `grants` `mechanism`; a mechanism cancels the ability, R15:7.upgrade; entries 69, 70)",
    "GRANT_KW": "ops `keyword_until_end_of_turn` and `keyword_while_in_play` with the effect key `keyword` (`dash`, "
    "`vulnerability`, `first_strike`, `directed_at_creatures`; a modifier with `grants`, R15:7.gains; entry 69)",
    "K_VULN": "keyword Уязвимость (`vulnerability`: 1 wound more from any source but a payment, not "
    "cumulative; R15:7.vulnerability, entry 72)",
    "K_FIRST": "keyword Первый удар (`first_strike`: strikes first in a fight, the other only if it "
    "survived; R15:7.firststrike, entry 73)",
    "K_UNIQUE": "keyword `unique` (Уникальность: a second card of the same name entering its player's play zone moves "
    "the first to the graveyard, a rules effect, R15:503.1; entry 83)",
    "K_PROT_SPELL": "static `protection_from` `spells` («Защита от заклинаний»: the controller of a spell's targeted "
    "ability cannot target the card, a spell's other wounds still hit it, R15:515.2; entry 92)",
    "M_SUMMON": "op `summon` («Вызовите до N существ стоимостью (N) или менее», R15:519.3-519.3.3): up to N matching cards of "
    "the player's own deck (key `find`, `max_cost` for «или менее»), his choice at step `hand_choice`, into play under "
    "his control («Найм» fires), then chance shuffles his deck unless he summoned none (entries 111, 112); op "
    "`resurrect` (R15:519.4) from his graveyard (entry 113)",
    "K_FRENZY": "keyword `frenzy` («Бешенство»: while the creature can make a strike attack, its player's choice phase "
    "offers only such attacks, other choices refused citing R15:7.frenzy; entry 155)",
    "K_EXP": "keywords `attack_experience` («Опыт в атаке»: not closed after its strike attack, R15:7.attackexperience; "
    "entry 81) and `defence_experience` («Опыт в защите»: not closed after it was assigned "
    "as defender, R15:7.defenceexperience, R15:509.5; entry 150)",
    "COINS": "op `lose_coins` (entry 47) and op `gain_coins_until_end_of_turn` (temporary coins «до конца хода», a "
    "modifier with `coins`, back to the supply at 310.2, not a loss, R15:522.4; entry 76)",
    "M_MUTABLE_AB": "op `double_ability_cost` («удвойте стоимость этой особенности»: a multiplying cost modifier of the "
    "resolving activated ability while its card is in play, R15:308.1 step 4, 523.1; entry 158)",
    "M_LOSE_AB": "op `lose_abilities` («теряет особенности»: the text printed on the creature no longer counts while "
    "it is in play — printed keywords, static, triggered and activated abilities — what effects gave it stays, before "
    "or after; a modifier with `grants` `no_abilities` read by every ability lookup, R15 glossary «Теряет "
    "особенности», R15:7.losesabilities; entries 211, 212)",
    "M_CREATE": "op `create` («Создайте Х»: a created card of R15 Part 8 from its owner's supply into play, back to it "
    "instead of changing zone, R15:519.6, 519.6.1; entry 106), «Создайте A или B» as a constructor with one choice "
    "(entry 142); the created cards Модуль атаки, Модуль подвижности, Защитный модуль, Модуль поддержки, Модуль "
    "подавления; a chain of creations counted by the effect («Создайте A или B за каждого излеченного персонажа»: op "
    "`choose_x_times`, a constructor of key `delayed` with `choose` `\"X\"`, R15:524.1; entry 213)",
    "RECIP": "recipients `each_other_creature` (every creature but the source) and `each_enemy_character` (the "
    "opponent's hero and his creatures not hidden, R15:504.3; entry 87) and `each_own_character` («каждого вашего "
    "персонажа»: the controller's hero and his creatures not hidden; entry 214)",
    "FIGHT": "op `fight` («Сразиться с существом»: the ability's own creature, its combined card for a part, fights an "
    "enemy creature by the ordinary rules, a closed one striking back, no defender, no closing, R15:7.fight, 507.4; "
    "entry 200)",
    "CONSTRUCTOR": "«Выберите n раз (одно) из» on activated abilities (entry 124), spells (entry 141) and triggered "
    "abilities (entry 142), the chain named with the declaration (R15:524.1-524.3), a chain as long as the X of the "
    "cost «(Х)» («Выберите Х раз одно из», `choose` `\"X\"`, the X cards a discard cost discards named first in "
    "`values`; entries 240, 241)",
    "X_ACT": "the cost «(Х)» of an activated ability (`cost.coins` `\"X\"`: X declared, at least 1, bounded by the "
    "payment, R15:308.1 step 3, 512.4; entry 120), the amount X of its effects and a target «стоимостью (Х)» (target "
    "key `cost` `\"X\"`; entry 201), a target count `X` («Х персонажей», exactly the X declared; entry 192) and the "
    "count of a resurrection (entry 157), X cards discarded as the cost («сбросьте Х карт», cost `discard` `\"X\"`, X "
    "at most the hand; entry 240) and a constructor's chain of X (`choose` `\"X\"`; entry 241)",
}
#: Codes the card model has part of -> which part.  A card whose missing codes are all here
#: may be expressible; each such card is judged against its printed text when it is added.
PARTLY: dict[str, str] = {
    "M_GRANT_AB": "granted triggered abilities (R15:7.gains; entry 180): card key `granted`, ops "
    "`grant_ability_until_end_of_turn` and `grant_ability_while_in_play` (a modifier with `grants` `ability` and "
    "`granter`), fired by the creature that has them as their source (`pending[].granter`); a class change "
    "«становится энтом» (op `become_ent`, entry 181), static `grant_ability` to own creatures (of a class, not created; "
    "entries 182, 184), the granted static «Не получает ран» as the keyword `no_wounds` (entry 185); no other granted "
    "static ability; a granted triggered ability is «1 раз за ход» (R15:113.5), its marker a modifier granting "
    "`ability_used` on the creature",
    "M_MODULE": "keyword `module` («Модуль»: attached to its player's mechanism at step `module_choice`, the combined "
    "card's summed strike, life and cost and its parts' abilities, parts leaving play as separate cards, R15 "
    "glossary, R15:505.4; entries 103-105), a creature in play attached by an ability (op `attach_to_self`, "
    "«Присоедините к Мехазавру механизм», an opponent's too; entry 201) and any number of a player's mechanisms "
    "attached as Модули (op `attach_own_mechanisms`, Паролет; entry 202), and Антиграв's replacement of the "
    "combined creature's death (keyword `parts_to_hand_instead_of_death`, R15:517.1; entry 203)",
    "M_ARMOUR": "static `armour` («Броня N»: the first N wounds of strikes and shots in each turn prevented, the highest "
    "counting, R15 glossary, R15:516; entry 93) and a Броня gained until the end of turn (op `armour_until_end_of_turn`, the "
    "highest one counting; entry 162)",
    "MULTI_TARGET": "a spell's groups of X targets each, all chosen by its controller («Выберите Х ваших существ и Х "
    "существ противника»: target specs of `count` `X`, the targets listed group after group; entry 230); no groups of "
    "other counts, none on other abilities",
    "COND": "hand-size conditions on an effect or a bonus (`if`: `hand_fewer_than_opponent`, "
    "`hand_more_than_opponent`, `hand_empty`; entry 42), «нет существ не-механизмов» (`no_own_non_mechanisms`; entry "
    "152), the conditions about a shown card `shown_named`, `shown_creature`, `shown_mechanism` (entry 160), the "
    "target conditions `target_stunned` and `target_has_shot` (entry 68), «при этом» and "
    "«иначе» (`if_previous`, R15:119.4, 119.7; entry 54); no other predicates",
    "CLASS": "printed classes (R15:107.3) and class filters on targets, cost modifiers and trigger subjects "
    "(entry 43), the class Механизм an upgrade gives (entries 69, 70); not on recipients",
    "AMOUNT": "amounts `target_cost`, `creatures_strike_6_plus`, `drawn` (entry 44), `drawn_this_turn` (entry 60), "
    "`discarded` (entry 65), `recipient_hand` (entry 66), `other_own_creatures` (entry 79), `target_strike` (entry 82) "
    "and `healed_own_creatures_last_turn` (entry 88), `healed_characters` (the characters this ability's heals "
    "removed a wound from; entry 214), with a multiplier "
    "`per`, and `self_wounds` (a «Гибель» reads the wounds its card had when it was destroyed, last known "
    "information, R15:403.1; entry 87) and `strike_at_death` (a «Гибель» reads the strike of the creature that died, "
    "a combined card's for a part, R15:403.1; entry 151), a spell's X declared with the play that counts its targets "
    "(«Выберите Х …», R15:512.4; entry 230); no other counts, no wounds on the source while it is in play",
    "TFILTER": "target filters `max_cost`, `min_strike`; the printed type and cost of a card a search or a take from "
    "the graveyard looks for (`find`, entries 84, 156); not «оглушённое»",
    "M_GRAVE": "the graveyard as a zone acted on: op `resurrect` (R15:519.4; entry 113) and op `graveyard_to_hand` "
    "(«положите с кладбища в руку» N matching cards of the player's own graveyard, his choice at step "
    "`hand_choice`, R15:118.5, 203.4; entry 156); an activated ability that «работает на кладбище» (ability key "
    "`in_graveyard`, declared from its owner's graveyard as well as from play, R15:202.2; entry 157); no triggered "
    "ability from the graveyard (R15:113.12); the return of the ability's own card («верните Неистовство с кладбища в "
    "руку», op `return_self_to_hand`; entry 185)",
    "T_DEALS_WOUNDS": "triggers `strikes_hero` (this creature's strike wounds a hero, R15:510.3) and `wounds_hero` "
    "(another card, `whose`, `subject_class`, wounds a hero by its strike or its ability, R15:502.2; entry 57), "
    "with the wounds a strike dealt as the amount `wounds_dealt`, and `strikes_creature` («При ударе по существу»: its "
    "strike attack struck a creature, the recipient `struck`; not a return strike, R15:510.4; entry 154); not this "
    "card's wounds by its abilities",
    "STAT": "ops `set_strike_until_start_of_your_next_turn`, `set_strike_while_in_play` («удар … становится равен» "
    "with no duration, the glossary's fixed +/- while in play, an amount `target_strike` too; entry 210), "
    "`strike_while_in_play` (a lasting +N, entry 58), "
    "`life_while_in_play` (a lasting +N life, entry 69) and `double_strike_until_end_of_turn` (the fixed +N that "
    "makes the strike twice what it is, R15:106.3.1, entry 71), `double_strike_while_in_play` (the same while in "
    "play) and `double_life_while_in_play` (×2 maximum lives while in play, R15:523.1; entry 158); no set-to life, "
    "no extra life, no counted +N",
    "STUN": "op `stun`, the card's `stunned` flag, kept closed at its restoration (R15:7.stun; entry 46), the "
    "condition `target_stunned`, strike bonuses `against` `stunned` (entries 54, 55) and the keyword "
    "`cannot_be_stunned` («Не может быть оглушен», R15:514.2; entry 81) and `does_not_open` («не открывается в начале "
    "вашего хода», R15:511.1; entry 158)",
    "SELFCOST": "static cost modifiers of the card itself from the hand (`static.self`), conditional (`if`) or "
    "counted (`per` `cards_in_hand`, `own_creatures`; entries 61 and 62), and an increase on top of other increases "
    "(`if_increased`, «дополнительно на (1) дороже»; entry 83); not «while open»",
    "DISCARD": "op `discard`: N cards, all if fewer (R15:520.4), or any number, chosen by the player whose hand it is "
    "at step `hand_choice` (controller, opponent or each player from the controller; a refusal before "
    "«иначе», R15:119.7; R15:7.discard; entries 63-66); a discard of one card or of X cards as an activated "
    "ability's cost (cost `discard` 1 or `\"X\"`, X the X declared for «(Х)» and at most the hand, R15:501.2; the "
    "cards named in the action's `values`; entries 75, 240); not «пока не станет»",
    "DECKPUT": "op `put_on_deck_top`: one card of the player's hand on top of his deck, his choice (entry 64); op "
    "`graveyard_to_deck_top`: a «Гибель» ability's own card from the graveyard on top of its owner's deck (entry 78); "
    "op `shown_to_deck_bottom`: a shown top card under its deck (entry 163); cards looked at put back in the player's "
    "order (op `look_at_deck_top`, entry 161); op `put_on_deck_bottom`: a card in play under its owner's deck "
    "(R15:204.4, 204.3; entry 191); op `creatures_to_deck_top`: every creature on top of its owner's deck, each owner "
    "ordering his own at step `deck_order` (entry 193); op `shuffle_self_into_deck`: a «Гибель» ability's own card "
    "from the graveyard into its owner's deck, shuffled by chance at step `search_shuffle` (R15:204.3, 204.4; entry "
    "222); not from the hand under the deck",
    "K_DIRECTED": "keyword «Направленный удар по существу противника» (`directed_at_creatures`: no defender against its "
    "attack at an enemy creature, R15:7.directed; entry 74) and the printed «Направленный удар по существам с "
    "уязвимостью» (`directed_at_vulnerable`: only at a creature that has Уязвимость; entry 153), and «существа "
    "имеют Направленный удар по этому существу» (the granted keyword `directed_at_it`, for a time; entry 159)",
    "M_SEARCH": "op `search` («Поиск до N …», R15:7.search): up to N cards of the player's own deck matching a printed "
    "name or a type and printed cost, his choice at step `hand_choice`, to his hand, then chance shuffles his deck at "
    "step `search_shuffle` (R15:204.2; entry 84); the trigger `search_used` («Когда вы используете Поиск»: fired "
    "from the searcher's own deck, R15:113.10; entry 220) with op `pay` («вы можете заплатить (N), при этом»: "
    "entry 221); no «Когда вы просматриваете колоду», no search for the searching card itself",
    "M_DECKLOOK": "the top cards of the player's own deck (R15:204.3, 520.3): op `reveal_deck_top` («Покажите верхнюю "
    "карту вашей колоды», shown to both players) with the conditions `shown_named`, `shown_creature`, "
    "`shown_mechanism` and op `shown_to_hand` after it, a card named with a triggered ability's declaration (action "
    "`option`; entry 160), and op `look_at_deck_top` («Посмотрите Х верхних карт …; положите их обратно в любом "
    "порядке», the order chosen one card at a time at step `hand_choice`; entry 161), and op `shown_to_deck_bottom` "
    "(«вы можете положить эту карту под низ колоды», entry 163); the top card of the opponent's deck looked at "
    "(`to` `opponent`, a deck named with a declaration; entry 164)",
    "M_REPLACE": "the wound pipeline (R15:508.4): static `no_wounds_from` («Не получает ран от существ с ударом N или "
    "более», R15:517.1.1; entry 86), `wound_replacement` («Если … должен получить раны, вместо этого» an upgrade or N "
    "wounds more, R15:517.1), `protection_from` (R15:515), `armour` and `prevent_next` (R15:516); an optional "
    "replacement of the controller's hero's wounds («вы можете уничтожить Курдаша, при этом предотвратить получение "
    "ран и уничтожить их источник»: `instead` `destroy_self`, decided at step `wound_choice`, entry 223); of other "
    "effects than wounds only Антиграв's of a combined "
    "creature's death (keyword `parts_to_hand_instead_of_death`; entry 203), and «оно не наносит ран» (the granted "
    "keyword `deals_no_wounds`: every wound of the creature replaced by none, R15:517.1; entry 159)",
    "OPP_CHOICE": "the opponent chooses a target «по его выбору» (step `target_choice`, R15:118.1; entry 48), his "
    "own hand cards in an ability of the other player (step `hand_choice`; entry 66), and whether he pays «противник "
    "может заплатить (N) / стоимость выбранного существа, иначе …» (op `opponent_may_pay`, step "
    "`pay_choice`, R15:119.7; entry 190), and the order of his own cards an ability of the other player puts on "
    "top of his deck (step `deck_order`, R15:204.4; entry 193)",
}


#: Items the classification missed, found when a card was re-read against its printed text:
#: card name -> codes, and what each such code is.
EXTRA_NEEDS: dict[str, list[str]] = {
    "Хранитель источника": ["PRINTED_POISON"],
    "Эйвдалль": ["NO_TIMING"],
}
EXTRA_LABELS: dict[str, tuple[str, str]] = {
    "PRINTED_POISON": ("vocab", "a printed «Отравление N» keyword (the card has Poison N of its own, which "
                       "another «Отравить» does not add to and «Усилить отравление» raises; docs/CARDS.md)"),
    "NO_TIMING": ("data", "the printed text («Выберите существо противника; вы можете показать верхнюю карту …») has "
                  "no trigger condition and no «оплата:», and it is no lasting statement, so R15:112-115 give it no "
                  "moment to happen (a «Найм:» is probably lost in the source); played as any guess it would not be "
                  "the printed card (INTERPRETING.md entry 165)"),
}


def data_gap(card: dict[str, object]) -> str:
    """What the reference data leaves out of a real card that a pool card must print (its
    cost, and a creature's strike and life, R15:106): "" if nothing.  Such a card cannot be
    added faithfully whatever the card model has (issue 25: Гоблиноцикл, whose strike and life
    the reference does not record, is blocked by that, not by vocabulary)."""
    missing = []
    if "cost" not in card and card.get("card_type") == "creature":
        missing.append("cost")
    if card.get("card_type") == "creature":
        missing += [what for key, what in (("attack", "strike"), ("health", "life")) if key not in card]
    return " and ".join(missing)


def shared_root() -> Path:
    """The shared material: ``$BERSERK_SHARED`` or ``../shared`` beside the repository."""
    return Path(os.environ.get("BERSERK_SHARED", ROOT.parent / "shared"))


def _rows(reference: Path) -> list[dict[str, str]]:
    with (reference / "card-coverage.tsv").open(encoding="utf-8") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def _labels(reference: Path) -> dict[str, tuple[str, str]]:
    with (reference / "card-vocabulary-gaps.tsv").open(encoding="utf-8") as f:
        return {r["code"]: (r["kind"], r["label"]) for r in csv.DictReader(f, delimiter="\t")}


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


#: The outside review of the real cards: its method, probes and verdicts (docs/review/…/README.md).
REVIEW = ROOT / "docs" / "review" / "2026-12-07-cards"


def _review() -> dict[str, dict[str, str]]:
    """The outside review's verdict of each real card, by printed name (``verdicts.tsv``)."""
    with open(REVIEW / "verdicts.tsv", encoding="utf-8") as f:
        return {r["name"]: r for r in csv.DictReader(f, delimiter="\t")}


def render(reference: Path) -> str:
    """The text of docs/REAL_CARDS.md from the shared ``reference`` folder, the pool and the
    outside review's verdicts."""
    real = json.loads((reference / "cards-bh-sets-2018-2019.json").read_text(encoding="utf-8"))
    needs = {r["name"]: [c for c in r["needs"].split(",") if c] for r in _rows(reference)}
    for name, extra in EXTRA_NEEDS.items():
        needs[name] = [*needs.get(name, []), *extra]
    labels = {**_labels(reference), **EXTRA_LABELS}
    pool = json.loads(POOL.read_text(encoding="utf-8"))["cards"]
    faithful = {c["name"]: c["id"] for c in pool if not c["id"].startswith("test_")}
    derived: dict[str, list[str]] = {}
    for c in pool:
        m = re.search(r"выведена из «([^»]+)»", c.get("source", ""))
        if c["id"].startswith("test_") and m:
            derived.setdefault(m.group(1), []).append(c["id"])
    review = _review()
    verdicts = Counter(r["now"] for r in review.values())
    at_review = Counter(r["at_review"] for r in review.values())
    rows: list[tuple[str, str, str, str, str]] = []
    status_count: Counter[str] = Counter()
    missing_count: Counter[str] = Counter()
    for card in real:
        name = card["name"]
        missing = [c for c in needs.get(name, []) if c not in COVERED]
        gap = data_gap(card)
        if name in faithful:
            status = "faithful"
            where = f"`{faithful[name]}`"
            missing = []
        elif gap:
            status = "blocked by missing data"
            where = ""
        elif not missing:
            status = "expressible, not in the pool yet"
            where = ""
        elif all(c in PARTLY for c in missing):
            status = "needs items the model has in part"
            where = ""
        elif any(labels.get(c, ("vocab", ""))[0] == "mech" for c in missing):
            status = "needs a mechanism"
            where = ""
        else:
            status = "needs vocabulary"
            where = ""
        if derived.get(name):
            where = (where + "; " if where else "") + "test card " + ", ".join(f"`{t}`" for t in derived[name])
        status_count[status] += 1
        missing_count.update(missing)
        shown = ", ".join(f"`{c}`" for c in missing)
        if gap and name not in faithful:
            partly = " (in part in the model)" if missing and all(c in PARTLY for c in missing) else ""
            shown = f"data: no {gap} in the reference" + (f"; then {shown}{partly}" if shown else "")
        verdict = review.get(name, {}).get("now", "not reviewed")
        rows.append((name, card["card_type"], status if status != "faithful" else f"in the pool; review: {verdict}",
                     where, shown))
    total = len(real)
    lines = [
        "# The real cards of the two 2018–2019 sets",
        "",
        "<!-- Generated by `python -m oracle.card_coverage --write` from the shared reference and",
        "oracle/data/cards.json; do not edit. -->",
        "",
        "**Checked from outside.** On 2026-12-07 reviewers who had not read the code wrote the expected",
        "play of every card from its printed text and the rules as probe scenarios and ran them",
        "(method, probes and reports: `docs/review/2026-12-07-cards/`). Their verdicts then: "
        + ", ".join(f"{n} {v}" for v, n in at_review.most_common()) + "; after that day's fixes, as the probes",
        "judge this engine (`tests/test_outside_review.py` runs them): **"
        + ", ".join(f"{n} {v}" for v, n in verdicts.most_common()) + "** (`verdicts.tsv`; a card a probe still",
        "disagrees with is listed in `disagreements.txt` with the INTERPRETING.md entry that argues it).",
        "",
        f"Of the {total} cards of `cards-bh-sets-2018-2019.json`, **{status_count['faithful']}** are in the pool",
        "with a model (docs/CARDS.md gives each card's judgement). For every other card, the",
        "items the card model still lacks, by the codes of the outside classification",
        "`reference/card-vocabulary-gaps.tsv` (each code is explained below); a *mechanism* is a",
        "larger piece of the rules (a new zone, replacement effects, combined creatures), *vocabulary*",
        "a new operation, condition or filter of the card data. A card *blocked by missing data* is one",
        "whose printed numbers the reference does not record (a creature with no strike or life):",
        "no pool card may carry its name until they are known, whatever the model has; its codes",
        "follow after «then».",
        "",
        "| status | cards |",
        "|---|---|",
        *[f"| {'in the pool, with a model' if s == 'faithful' else s} | {status_count[s]} |" for s in (
            "faithful", "expressible, not in the pool yet", "needs items the model has in part",
            "needs vocabulary", "needs a mechanism", "blocked by missing data")],
        "",
        "Covered since the classification (its codes no longer missing):",
        "",
        *[f"- `{code}`: {where}" for code, where in COVERED.items()],
        "",
        "Covered in part (still listed as missing; a card needing only these is checked against its",
        "printed text when it is added):",
        "",
        *([f"- `{code}`: {where}" for code, where in PARTLY.items()] or ["- none"]),
        "",
        "| card | type | status | in the pool | missing |",
        "|---|---|---|---|---|",
        *[f"| {_cell(n)} | {t} | {s} | {w} | {m} |" for n, t, s, w, m in rows],
        "",
        "What the missing codes are, and how many of these cards each blocks:",
        "",
        "| code | kind | cards | what |",
        "|---|---|---|---|",
        *[
            f"| `{code}` | {labels.get(code, ('?', ''))[0]} | {n} | {_cell(labels.get(code, ('', '?'))[1])} |"
            for code, n in sorted(missing_count.items(), key=lambda kv: (-kv[1], kv[0]))
        ],
        "",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """``--write``: regenerate docs/REAL_CARDS.md; ``--check``: exit 1 if it is out of date."""
    args = sys.argv[1:] if argv is None else argv
    if args not in (["--write"], ["--check"]):
        print("usage: python -m oracle.card_coverage --write | --check", file=sys.stderr)
        return 2
    reference = shared_root() / "reference"
    if not (reference / "cards-bh-sets-2018-2019.json").is_file():
        print(f"the shared reference {reference} is not here (set BERSERK_SHARED)", file=sys.stderr)
        return 2
    text = render(reference)
    if args == ["--write"]:
        DOC.write_text(text, encoding="utf-8")
        return 0
    current = DOC.read_text(encoding="utf-8") if DOC.is_file() else ""
    if current != text:
        print(f"{DOC} is out of date: run python -m oracle.card_coverage --write", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
