"""The section on the card data (``card-definitions``): its format, quoted from
:mod:`oracle.cards.loader`, and its vocabularies (:mod:`oracle.cards`), each with its text
here, checked complete."""

from __future__ import annotations

import re

from .. import cards
from ..cards import loader as card_loader
from .markdown import check_keys, code, table

__all__ = ["render_card_definitions"]


_TRIGGER_TEXT = {
    "start_of_turn": "«В начале хода»: a turn starts (304.4); `whose` says whose turn",
    "end_of_turn": "«В конце хода»: the end-of-turn stage begins (310.1); `whose` says whose turn",
    "hire": "«Найм»: this card entered the play zone",
    "death": "«Гибель»: this card left the play zone for the graveyard (it fires even if the card was hidden); with "
    "`killed_by` (`creature` or `enemy_creature`), only when it was destroyed «от» a creature, or a creature of the "
    "controller's opponent: the destroyed event's `source` (R15:505.1.1; INTERPRETING.md entry 98)",
    "attacks": "«при атаке»: this creature declared a strike attack (declared after the fight, 307.2)",
    "closed": "this card became closed",
    "creature_dies": "another creature was destroyed; `whose` says whose creature; `killed_by` as for `death`",
    "creature_enters": "another creature entered the play zone; `whose` says whose creature",
    "spell_played": "a spell was played (it reached the graveyard, 309.1 step 4); `whose` says whose spell",
    "card_played": "a card of any type was played (after it moved, 309.1 step 4; «разыгрывает карту»); `whose` says who "
    "played it (INTERPRETING.md entry 45); with `nth`, only when it is that player's nth card played this turn "
    "(`played_this_turn` counts it first; «вторую карту за ход», entry 60)",
    "targeted_by_spell": "this card is a target of a spell being played (after the payment, before the spell's "
    "abilities; «становится целью заклинания»)",
    "prepared": "another character was prepared by an effect (op `prepare`; «был подготовлен»); `whose` says whose "
    "character",
    "card_drawn": "a player drew his `nth` card this turn (`nth` ≥ 2 required; «когда вы берете вторую карту за ход»): "
    "each card drawn is a draw of its own (R15:527.2), so an effect drawing several cards fires it on the card that makes "
    "the count `nth` (INTERPRETING.md entry 60); `whose` says who drew; the subject is the card drawn",
    "attack_declared": "a strike attack was declared («когда противник объявляет атаку»); `whose` says whose "
    "attacker. In edition R15 it is declared and resolves at the `attack_queue` step, before the defender "
    "(R15:307.1); in A, B and C it waits for the fight like «при атаке» (307.2)",
    "self_prepared": "«Когда [эта карта] был подготовлен»: an effect prepared this card (op `prepare`, R15:7.prepare), "
    "open or closed; opening at its restoration is not preparing (INTERPRETING.md entry 58)",
    "strikes_hero": "«Когда наносит раны ударом по герою»: this creature's strike put wounds on a hero (R15:510.3; "
    "declared after the fight, 307.2; `pending[].count` keeps how many, the declared entry's `x` too; "
    "INTERPRETING.md entry 57)",
    "strikes_creature": "«При ударе по существу»: this creature's strike attack struck a creature (its final target, the "
    "defender or the attacked creature, open or closed), even with a strike of 0 (R15 glossary «При атаке (При "
    "ударе)»); a return strike is no attack and fires nothing (R15:510.4); declared after the fight (307.2); the "
    "recipient `struck` is that creature (INTERPRETING.md entry 154)",
    "wounds_hero": "another card put wounds on a hero, by its strike or by an effect of an ability it is the source of "
    "(R15:502.2), wherever it is now; `whose` says whose card, `subject_class` may name its class («Когда ваш механизм "
    "наносит раны герою»; INTERPRETING.md entry 57)",
    "character_healed": "«Когда ваш персонаж излечивается»: wounds were removed from a hero or a creature (R15:7.heal: "
    "a heal that removes none is no healing), the card itself included; `whose` says whose character (INTERPRETING.md "
    "entry 144)",
    "creature_played": "«Когда вы разыгрываете существо»: another creature card was played (it fires after `card_played`, "
    "once the creature has moved, 309.1 step 4); the creature being played does not see its own play (INTERPRETING.md "
    "entry 77); `whose` says who played it",
    "search_used": "«Когда вы используете Поиск» (a creature's, no `whose`): its owner's search (op `search`) begins "
    "while the card lies in his deck; it fires from the deck only, he its controller, and is declared at his next "
    "priority like any trigger (R15:113.10; INTERPRETING.md entry 220)",
    "discards": "«Каждый раз, когда вы сбрасываете карты»: a player discarded cards (one firing per discard, however "
    "many cards it moved; `pending[].count` keeps how many, the declared entry's `x` too; R15:7.discard); `whose` says "
    "who discarded (INTERPRETING.md entry 65)",
}

_AMOUNT_TEXT = {
    "X": "the X announced for the play",
    "self_strike": "the source's current strike; if it left play while this ability resolved, the strike it had just "
    "before (last known information, R15:403.1; INTERPRETING.md entry 56); its printed strike if it had left before "
    "(entry 14)",
    "target_cost": "each target's printed cost, a cost X counting 0 (R15:106.1.4); `to` `target` only",
    "creatures_strike_6_plus": "how many creatures in play, not hidden, have strike 6 or more when the effect executes",
    "drawn": "how many cards the ability's earlier effects drew",
    "drawn_this_turn": "how many cards the ability's controller drew this turn when the effect executes (the state's "
    "`drawn_this_turn`: the accumulation draw and every other draw of the turn, the ability's own included; "
    "INTERPRETING.md entry 60)",
    "healed_own_creatures_last_turn": "«количество ран, излеченных с ваших существ в ваш прошлый ход»: the wounds "
    "actually removed (R15:7.heal) from the controller's creatures, hidden ones included, a hero's not, during his "
    "own turn (the state's `creatures_healed_own_turn`: the current turn if it is his, else his last, so in the "
    "opponent's turn his last one; INTERPRETING.md entry 88)",
    "any": "«любое количество»: a `discard` of any number of cards, none included",
    "discarded": "a «discards» trigger only: `per` times the number of cards the discard that fired it moved "
    "(«+2 … за каждую сброшенную карту»; INTERPRETING.md entry 65)",
    "other_own_creatures": "`per` times the number of creatures in the play zone of the ability's controller other "
    "than its source, hidden ones included, when the effect executes («за каждое другое ваше существо»; INTERPRETING.md "
    "entry 79)",
    "own_class_creatures": "`per` times the number of creatures in the play zone of the ability's controller that "
    "have the effect's `class` now (an upgraded one is a Механизм only), hidden ones included, when the effect executes "
    "(«Х – количество ваших орков в игре»; the effect key `class` names it; INTERPRETING.md entry 184)",
    "target_strike": "the strike of the ability's one target creature: its current strike, or the strike it had just "
    "before it left play during this resolution (R15:403.1), or its printed strike if it was gone before it resolved "
    "(«Х - сила удара этого механизма»; INTERPRETING.md entry 82)",
    "wounds_dealt": "a «strikes_hero» trigger only: the wounds the strike that fired it put on the hero (its "
    "`pending[].count`, the declared entry's `x`; «наносит Х ран ударом герою … на Х», INTERPRETING.md entry 57)",
    "self_wounds": "a «death» trigger only: the wounds its source had when it was destroyed (its `pending[].count`, "
    "the declared entry's `x`; leaving play clears them, R15:205.3, so this is last known information, R15:403.1; "
    "0 when it had none; «Х - количество ран на [этой карте]», INTERPRETING.md entry 87)",
    "strike_at_death": "a «death» trigger only: the strike its source had just before it was destroyed, modifiers "
    "included (its `pending[].count`, the declared entry's `x`; last known information, R15:403.1); for a part of a "
    "combined card the combined card's strike, the sum of its parts' with its modifiers («Х - сила удара этого "
    "существа (до того, как оно погибло)»; INTERPRETING.md entry 151)",
    "healed_characters": "a `choose_x_times` only: how many characters the ability's earlier `heal` effects removed "
    "at least one wound from («за каждого излеченного персонажа (каждого персонажа, с которого сняли раны)», R15:7.heal; "
    "INTERPRETING.md entry 214)",
    "target_life": "the life of the ability's one target character when the effect executes (R15:512.5: an X no player "
    "declares is determined as the ability is carried out), 0 if it is no longer in play; «Скопировать жизни другого "
    "существа», with `reduce_life_to` (INTERPRETING.md entry 99)",
    "all": "a `discard` only: the player's whole hand when the effect executes («Сбросьте все карты»; a played spell "
    "is already in the graveyard, R15:309.1 step 5; INTERPRETING.md entry 174)",
    "discarded_before": "a `create_delayed` only, after a `discard` of the controller's cards: the cards the "
    "ability's discards of his cards moved (a choice between them kept in `choosing_cards.memory`), remembered with the delayed ability as its trigger's count (`delayed[].count`; entry 174)",
    "remembered": "a delayed ability only: the count its creating effect remembered (`pending[].count`, the declared "
    "entry's `x`; «столько же карт, сколько вы сбросили»; entry 174)",
    "recipient_hand": "a `wound` of heroes only: `per` times the number of cards in the hand of each recipient hero's "
    "player when the effect executes («за каждую карту в руке его игрока»; INTERPRETING.md entry 66)",
}

_RECIPIENT_TEXT = {
    "target": "each chosen target of the ability that is still in play and not hidden",
    "self": "the source, if it is still in play",
    "own_hero": "the controller's hero",
    "enemy_hero": "the opponent's hero",
    "each_enemy_creature": "every creature of the opponent in play that is not hidden, in play-zone order",
    "each_own_creature": "every creature of the controller in play that is not hidden, in play-zone order",
    "each_creature": "every creature in play that is not hidden, seat 0's first",
    "each_other_creature": "every creature in play that is not hidden, but the ability's source, seat 0's first",
    "each_hero": "both heroes, seat 0's first",
    "each_enemy_character": "the opponent's hero, then his creatures in play that are not hidden, in play-zone order "
    "(«каждого персонажа противника»; INTERPRETING.md entry 87)",
    "each_own_character": "the controller's hero, then his creatures in play that are not hidden, in play-zone order "
    "(«каждого вашего персонажа»; INTERPRETING.md entry 214)",
    "controller": "the controller (`draw`, `gain_coin`)",
    "opponent": "the opponent (`draw`, `gain_coin`)",
    "each_player": "hand effects only: each player in turn, the controller first («Каждый игрок, начиная с вас»)",
    "struck": "a «strikes_creature» trigger only: the creature the strike attack in progress struck («это существо»), "
    "if it is still in play and not hidden when the effect executes (INTERPRETING.md entry 154)",
    "attacked": "an «attacks» trigger only: the creature the strike attack in progress is against («атакованное "
    "существо»): its final target, the defender if one was assigned (R15:508.3), if it is a creature still in play "
    "and not hidden when the effect executes; a hero attacked is none; fired by a shot, the card the shot attacked, which "
    "the trigger keeps (`pending[].attacked`, then the Queue entry's; INTERPRETING.md entry 183)",
}

_CONDITION_TEXT = {
    "hand_fewer_than_opponent": "the ability's controller has fewer cards in hand than the opponent (strict)",
    "hand_more_than_opponent": "the ability's controller has more cards in hand than the opponent (strict)",
    "hand_empty": "the ability's controller has no cards in hand (a played spell is no longer in it)",
    "target_stunned": "about each recipient target, not the controller (`to` `target` only): it has «Оглушение» "
    "(R15:7.stun; a closed card without it is not stunned); the effect goes to the targets it holds for "
    "(INTERPRETING.md entry 54)",
    "target_has_shot": "about each recipient target (`to` `target` only): its card has an ability with a `shot` effect "
    "(«Если у него есть выстрел»); the effect goes to the targets it holds for (INTERPRETING.md entry 68)",
    "opponent_played_fewer_than_two": "the opponent of the ability's controller has played fewer than two cards this "
    "turn (his `played_this_turn` < 2; «если он разыграл меньше двух карт в этот ход», INTERPRETING.md entry 144)",
    "no_own_non_mechanisms": "every creature in the ability's controller's play zone, hidden ones included, has the "
    "class Механизм now (an upgraded creature does; a combined card has its parts' classes); true with no creature "
    "(«если у вас нет существ не-механизмов»; INTERPRETING.md entry 152)",
    "shown_named": "the card the ability's earlier `reveal_deck_top` showed (still the top card of its controller's deck) "
    "has the printed name of the card named with the declaration (`queue[].named`; «если вы показали названную карту»); "
    "false when nothing was shown (INTERPRETING.md entry 160)",
    "shown_creature": "the card the ability showed is a creature card («если это существо»); false when nothing was "
    "shown (INTERPRETING.md entry 160)",
    "shown_mechanism": "the card the ability showed has the printed class Механизм, of any type («если это "
    "механизм», see R15:107.3.2); false when nothing was shown (INTERPRETING.md entry 160)",
    "three_creatures_played_this_turn": "the ability's controller has played three or more creature cards this turn "
    "(`creatures_played_this_turn` ≥ 3; the card being played is not one yet, INTERPRETING.md entries 59 and 61)",
}

_FILTER_TEXT = {
    "poisoned": "the target has poison",
    "other": "the target is not the ability's source",
    "wounded": "the target has wounds",
}


def render_card_definitions() -> str:
    """The section ``card-definitions``: the card data format and its vocabularies."""
    doc = card_loader.__doc__ or ""
    schema = doc[doc.index("Schema of one card") :].strip()
    schema = re.sub(r"::", ":", schema)
    for name, notes, vocabulary in (
        ("trigger conditions", _TRIGGER_TEXT, cards.TRIGGERS),
        ("recipients", _RECIPIENT_TEXT, cards.RECIPIENTS),
        ("target filters", _FILTER_TEXT, cards.TARGET_FILTERS),
        ("conditions", _CONDITION_TEXT, cards.CONDITIONS),
        ("amounts", _AMOUNT_TEXT, cards.AMOUNTS),
    ):
        check_keys(name, notes, vocabulary)
    parts = [
        "The pool's data format (`CardInfo.definition_json` holds one card):\n\n```text\n" + schema + "\n```",
        "Trigger conditions (`trigger`):\n\n"
        + table(["Condition", "Fires when"], [[f"`{t}`", _TRIGGER_TEXT[t]] for t in cards.TRIGGERS]),
        "Effect operations (`op`):\n\n"
        + table(["Operation", "What it does (event)"], [[f"`{o}`", cards.OPS[o].text] for o in cards.EFFECT_OPS]),
        "Recipients (`to`):\n\n"
        + table(["Recipient", "Who"], [[f"`{r}`", _RECIPIENT_TEXT[r]] for r in cards.RECIPIENTS]),
        "Target filters (`filter`):\n\n"
        + table(["Filter", "The target must satisfy"], [[f"`{f}`", _FILTER_TEXT[f]] for f in cards.TARGET_FILTERS]),
        "Derived amounts (`amount`, besides a number; INTERPRETING.md entry 44):\n\n"
        + table(["Amount", "Value"], [[f"`{a}`", _AMOUNT_TEXT[a]] for a in cards.AMOUNTS]),
        "Conditions (an effect's `if` and `bonus.if`; read when the effect executes, INTERPRETING.md entry 42):\n\n"
        + table(["Condition", "Holds when"], [[f"`{c}`", _CONDITION_TEXT[c]] for c in cards.CONDITIONS]),
        "Cost modifiers (`static.modifier`) apply in this order: " + code(cards.MODIFIERS) + " (a division rounds up).",
        "Classes (`class` of a card, a target spec or a cost modifier; `subject_class` of a trigger; R15:107.3.3, "
        "INTERPRETING.md entry 43), by card type:\n\n"
        + table(["Type", "Classes"], [[f"`{k}`", ", ".join(v)] for k, v in cards.CLASSES.items()]),
    ]
    return "\n\n".join(parts)
