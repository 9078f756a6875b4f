"""The op table (:data:`OPS`): for every effect op of :data:`~oracle.cards.vocabulary.EFFECT_OPS`,
what its effect goes to, the record of its parameters, whether it grants something (INTERPRETING.md,
entry 69) and its text in PROTOCOL.md; and the groups of ops read from it (:data:`GRANT_OPS`,
:data:`HAND_OPS`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .records import (
    CreateParams,
    DelayedParams,
    GrantParams,
    KeywordParams,
    NoParams,
    OpParams,
    SearchParams,
    TimedCostParams,
    WoundParams,
)
from .vocabulary import EFFECT_OPS, Op

__all__ = [
    "GRANT_OPS",
    "HAND_OPS",
    "OPS",
    "ORDER_OPS",
    "PAYMENT_OPS",
    "SUPPLY_OPS",
    "OpGroup",
    "OpSpec",
]

#: What an op's effect goes to, and so how the engine carries it out: each recipient card
#: ("cards"), the chosen targets with the action's amounts ("targets"), a player ("player"),
#: a choice of cards the player makes while the ability resolves ("hand", step
#: ``hand_choice``; INTERPRETING.md, entry 63), or the ability's own card wherever it is
#: ("source"), or a card of the player's supply that comes into play, which may wait for
#: his Модуль decision at step ``module_choice`` ("supply"; INTERPRETING.md, entry 104), or the
#: opponent's decision to pay coins or not at step ``pay_choice`` ("payment"; R15:119.7;
#: INTERPRETING.md, entry 190).
OpGroup = Literal["cards", "targets", "player", "hand", "source", "supply", "payment", "order", "coins"]


@dataclass(frozen=True, slots=True)
class OpSpec:
    """One op of :data:`OPS`: what its effect goes to, the record type of its parameters,
    whether it puts a granting modifier on creatures (INTERPRETING.md, entry 69), and its text
    in PROTOCOL.md (:mod:`oracle.protocol_doc`)."""

    group: OpGroup
    params: type[OpParams]
    text: str
    grants: bool = False


#: The op table: every op of :data:`EFFECT_OPS`, in that order.  The loader reads an op's
#: parameters by it, the engine's dispatch (:mod:`oracle.rules.resolution.effects`) has a handler for each
#: and PROTOCOL.md its text.
OPS: dict[Op, OpSpec] = {
    "wound": OpSpec(
        "cards", WoundParams,
        "put `amount` wounds on each recipient (`wounded`)",
    ),
    "distribute_wounds": OpSpec(
        "targets", NoParams,
        "wound the chosen targets by the action's `amounts`, which add up to `amount` (`wounded`)",
    ),
    "destroy": OpSpec(
        "cards", NoParams,
        "a recipient creature in play goes to the graveyard without wounds (`destroyed`, R15:505.2)",
    ),
    "fight": OpSpec(
        "cards", NoParams,
        "«Сразиться» (R15:7.fight, 507.4): the ability's own creature (its combined card for a part) fights each "
        "recipient creature by the ordinary rules of a fight, Первый удар included (`fight` citing R15:7.fight, "
        "`wounded`, «При ударе по существу» of the fighter only); a closed creature strikes back too, no defender, "
        "neither is closed, no attack spent; nothing when either is not a creature in play (INTERPRETING.md entry 200)",
    ),
    "attach_to_self": OpSpec(
        "cards", NoParams,
        "«Присоедините к Х механизм» (R15:7.attach): each recipient creature in play, any player's, becomes a part "
        "of the ability's own card in play, its parts with it (`module_attached` with `from`, the seat whose play "
        "zone it left); its wounds move onto the combined card, its closed state, poison, stun and the modifiers "
        "on it end; no trigger fires (INTERPRETING.md entry 201)",
    ),
    "attach_own_mechanisms": OpSpec(
        "hand", NoParams,
        "«Прикрепите к Паролету любое число ваших механизмов (как если бы они имели способность Модуль и только что "
        "вошли в игру)»: `to` `controller`, `amount` `any`: he chooses any number of his mechanisms in play other than "
        "the ability's own card (creatures with the class Механизм, not hidden; none included) at step `hand_choice` "
        "(`choose_cards` naming cards of his play zone); each, ascending uids, becomes a part of the ability's own "
        "card as `attach_to_self` does (`module_attached` with `from`) and its «Найм» fires as an attached Модуль's "
        "would (R15:7.module; its former parts' too); nothing when the card is out of play (INTERPRETING.md entry 202)",
    ),
    "return_to_hand": OpSpec(
        "cards", NoParams,
        "«положите существо в руку владельца» (R15:203.4): a recipient card in play goes to its owner's hand, losing "
        "every effect and marker (`moved_from_play` with `to` `hand`); a created card goes to its owner's supply "
        "instead (R15:519.6.1, `to` `supply`); a combined card's parts go each to its own owner's hand as separate "
        "cards (R15 glossary «Присоединить»; `moved_from_play` with `host`); the cards it captured go back "
        "(`captured_returned`). No death: «Гибель» does not fire (INTERPRETING.md entry 191)",
    ),
    "put_on_deck_bottom": OpSpec(
        "cards", NoParams,
        "«положите это существо под низ колоды» (R15:204.4): a recipient card in play goes under its owner's deck, "
        "without a shuffle (R15:204.3), as `return_to_hand` otherwise (`moved_from_play` with `to` `deck_bottom`; a "
        "created card to the supply; parts under their owners' decks, the top card first; INTERPRETING.md entry 191)",
    ),
    "creatures_to_deck_top": OpSpec(
        "order", NoParams,
        "«Положите всех существ на верх колоды владельца в порядке, выбранном их владельцами» (R15:204.4, 204.3): `to` "
        "`each_creature`; every creature in play, not hidden, goes on top of its owner's deck (`moved_from_play` with "
        "`to` `deck_top`, its parts right after it). Each owner orders his own: the ability's controller first, then "
        "his opponent; an owner with two or more of them left names at step `deck_order` (`choosing_cards`, action "
        "`order_cards card=`) the one he puts on top now, so the last named is the top card; his last one goes "
        "without a decision (INTERPRETING.md entry 193)",
    ),
    "poison": OpSpec(
        "cards", NoParams,
        "the recipient gets Poison `amount`; only the highest value applies (`poisoned`)",
    ),
    "intensify_poison": OpSpec(
        "cards", NoParams,
        "a poisoned recipient's Poison Y becomes Y + `amount`; nothing without poison (`poisoned`)",
    ),
    "cure": OpSpec(
        "cards", NoParams,
        "remove all poison (`cured`)",
    ),
    "heal": OpSpec(
        "cards", NoParams,
        "remove up to `amount` wounds (`healed`)",
    ),
    "draw": OpSpec(
        "player", NoParams,
        "`to` `controller` or `opponent`: that player draws `amount` cards, one at a time, through the one draw "
        "procedure (R15:527: count replacements first, then each single draw limited, replaced or made; `drew`, "
        "`draw_refused`, `draw_replaced`, `draw_count_replaced`); `each_player`: the active player makes all his draws "
        "first, then the other (R15:527.2.3; INTERPRETING.md entries 127-130)",
    ),
    "gain_coin": OpSpec(
        "player", NoParams,
        "`to` `controller` or `opponent`: that player gets `amount` open coins (`coin_gained`)",
    ),
    "gain_coins_until_end_of_turn": OpSpec(
        "player", NoParams,
        "`to` `controller` or `opponent`: that player gets `amount` open coins until the end "
        "of turn («Получите (1) до конца хода»; `coin_gained` with `until` `end_of_turn`, citing R15:522.4): a modifier with "
        "`coins` on his hero; at 310.2 that many of his coins go back to the supply, closed ones first, which is not a loss "
        "(`coins_returned`); a player who loses coins loses his temporary ones first (INTERPRETING.md entry 76)",
    ),
    "lose_coins": OpSpec(
        "coins", NoParams,
        "`to` `controller` or `opponent`: that player loses `amount` coins (all he has if fewer); which of them, he "
        "decides at step `coin_choice` when both his open and his closed coins could go (R15:522.5, INTERPRETING.md "
        "entries 47 and 137; `coins_lost`)",
    ),
    "no_plays_next_turn": OpSpec(
        "player", NoParams,
        "`to` `controller`, `opponent` or `each_player`: a timed effect on that player (the state's `player_effects`, "
        "kind `no_plays`; `player_effect_created`, R15:521.1): in his next turn he cannot play cards — a play is refused "
        "citing R15:514.2 — and it ends at that turn's R15:310.2 (`player_effect_ended`; INTERPRETING.md entry 170)",
    ),
    "cost_next_turn": OpSpec(
        "player", TimedCostParams,
        "`to` as `no_plays_next_turn`: in his next turn the cards he plays cost `amount` more (kind `cost`, effect key "
        "`modifier`, default `increase`; `card_type`: only cards of that type; `first_only`: only the first card he plays "
        "in that turn; `same_name`: only cards named like the ability's target), applied with the static modifiers "
        "(R15:309.1 step 4, 523.1; INTERPRETING.md entries 170, 171)",
    ),
    "cost_until_end_of_opponent_turn": OpSpec(
        "player", TimedCostParams,
        "`to` as `no_plays_next_turn`: from now until the end of the next turn of the ability's controller's opponent "
        "(his current one, if it is his turn now; R15:310.2) the cards the player plays cost `amount` more (keys as for "
        "`cost_next_turn`; INTERPRETING.md entry 172)",
    ),
    "opponent_may_pay": OpSpec(
        "payment", NoParams,
        "«противник может заплатить (N), иначе …» (R15:119.7): `to` `opponent`; the opponent of the ability's controller "
        "decides at step `pay_choice` (`choosing_cards`, action `pay_coins`) to close `amount` of his open coins "
        "(`target_cost`: the mentioned cost of the ability's target, R15:106.1.4; `effect_paid`) or not "
        "(`effect_payment_refused`); a player without enough open coins refuses without a decision point. Carried out "
        "(for `if_previous`) when he paid: the next effect, its «иначе» (`if_previous` `not_done`), happens only when "
        "he did not (INTERPRETING.md entry 190)",
    ),
    "pay": OpSpec(
        "player", NoParams,
        "«вы можете заплатить (N), при этом …» of an optional triggered ability (R15:113.4, 119.4): `to` `controller`; "
        "declaring the trigger is his choice to pay, so when the effect executes he closes `amount` of his open coins "
        "(`effect_paid`, R15:522.1); without enough open coins he pays nothing (`effect_payment_refused`) and the "
        "effect is not carried out, so a following «при этом» (`if_previous` `done`) does not happen (INTERPRETING.md "
        "entry 221)",
    ),
    "open": OpSpec(
        "cards", NoParams,
        "open a closed recipient (`opened`)",
    ),
    "prepare": OpSpec(
        "cards", NoParams,
        "«Подготовить» (R15:7.prepare; INTERPRETING.md entry 41): open the recipient (`opened`, citing R15:7.prepare too), remove the usage markers of its activated «раз за ход» abilities, and let a character attack and defend again this turn (`attacked_turn`, `defended_turn` 0)",
    ),
    "close": OpSpec(
        "cards", NoParams,
        "close an open recipient in play (`closed`; «when closed» triggers fire)",
    ),
    "stun": OpSpec(
        "cards", NoParams,
        "«Оглушить» (R15:7.stun): close the recipient (`closed` if it was open) and set its `stunned`; no event of its "
        "own. A stunned card stays closed at its controller's next restoration and loses the stun there (`restored` lists it)",
    ),
    "strike_until_end_of_turn": OpSpec(
        "cards", NoParams,
        "+`amount` strike until the end of turn, 310.2 (`strike_modified`)",
    ),
    "shots_until_end_of_turn": OpSpec(
        "cards", NoParams,
        "«+N к выстрелам до конца хода»: each shot of the recipient (a `wound` with `shot` of "
        "an ability it is the source of) deals `amount` more wounds until the end of turn, 310.2; its strike is unchanged "
        "(a modifier with `shots`; `shots_modified`; INTERPRETING.md entry 67)",
    ),
    "strike_until_start_of_turn": OpSpec(
        "cards", NoParams,
        "+`amount` strike until the next turn starts, whoever's it is, 303.1 (`strike_modified`)",
    ),
    "strike_until_start_of_your_next_turn": OpSpec(
        "cards", NoParams,
        "+`amount` strike until the ability's controller's next turn starts, 303.1 of "
        "that turn («до начала вашего следующего хода»; `strike_modified` with `until` `start_of_owner_turn` and `owner`)",
    ),
    "hide": OpSpec(
        "cards", NoParams,
        "a creature recipient becomes hidden (`hidden`)",
    ),
    "set_strike_until_start_of_your_next_turn": OpSpec(
        "cards", NoParams,
        "the recipient's strike becomes `amount` until the ability's controller's "
        "next turn starts («становится равен»): a modifier (`sets`) of the fixed +/- that makes the strike `amount` when it "
        "applies, adding like any other from then on (R15 glossary «Удар становится равным Х»; `strike_modified` with "
        "`sets`; INTERPRETING.md entry 134)",
    ),
    "draw_to_match_opponent": OpSpec(
        "player", NoParams,
        "`to` `controller` or `opponent`: that player draws one card at a time until his hand is as "
        "large as the other player's, nothing if it already is (R15:119.6); an empty deck stops it (`drew`)",
    ),
    "strike_while_in_play": OpSpec(
        "cards", NoParams,
        "+`amount` strike with no duration («получает +N к удару»): it lasts while the creature is "
        "in play and goes when it leaves (R15:205.3; `strike_modified` with `until` `while_in_play`; INTERPRETING.md entry 58); "
        "an amount of 0 puts on nothing (entry 79)",
    ),
    "discard": OpSpec(
        "hand", NoParams,
        "«Сбросьте карту» (R15:7.discard): the recipient player chooses `amount` cards of his own hand (all he "
        "has if fewer, R15:520.4; `any`: any number, none included; none as well when the next effect is its "
        "«иначе», R15:119.7) and they go to his graveyard (`discarded`); `each_player`: the controller first, then his opponent. "
        "A real choice waits at step `hand_choice` (`choosing_cards`, action `choose_cards`); a forced one is made at once "
        "(INTERPRETING.md entries 63, 64). Carried out (for `if_previous`) when as many cards as asked went",
    ),
    "put_on_deck_top": OpSpec(
        "hand", NoParams,
        "the recipient player chooses a card of his own hand and puts it on top of his deck "
        "(`put_on_deck`; `amount` 1 only; at step `hand_choice` as for `discard`; INTERPRETING.md entry 64)",
    ),
    "reveal_deck_top": OpSpec(
        "player", NoParams,
        "«Покажите верхнюю карту вашей колоды»: `to` `controller`; the top `amount` cards of his deck (all there are if "
        "fewer, R15:520.3) are shown to both players and stay where they are (`deck_revealed`, its `cards` top first). "
        "Carried out when a card was shown. Effects after it may read that card: conditions `shown_named`, "
        "`shown_creature`, `shown_mechanism`, op `shown_to_hand` (INTERPRETING.md entry 160)",
    ),
    "shown_to_hand": OpSpec(
        "player", NoParams,
        "«положите ее в руку»: `to` `controller`; the card the ability's earlier `reveal_deck_top` showed, still the top "
        "card of his deck, goes to his hand (`put_in_hand`, with `from` `deck`); it is no draw (INTERPRETING.md entry 160)",
    ),
    "shown_to_deck_bottom": OpSpec(
        "hand", NoParams,
        "«вы можете положить эту карту под низ колоды»: `to` `controller`; the card the ability's earlier "
        "`reveal_deck_top` showed, still the top card of his deck, goes under his deck if he chooses it: at step "
        "`hand_choice` he chooses that card or none (`choose_cards`); `put_on_deck` with `position` `bottom` and "
        "`from` `deck`, no shuffle (R15:204.3). Carried out when it went (INTERPRETING.md entry 163)",
    ),
    "look_at_deck_top": OpSpec(
        "hand", NoParams,
        "«Посмотрите Х верхних карт вашей колоды; положите их обратно в любом порядке»: `to` `controller`; he looks at "
        "the top `amount` cards of his deck (all there are if fewer, R15:520.3; `deck_looked_at`, its `cards` top "
        "first), then puts them back on top in the order he chooses: one card at a time at step `hand_choice` "
        "(`choosing_cards.count`: how many of the top cards are still to put back; action `choose_cards` with one "
        "card, which goes under the others still to put back), the last one without a decision; `deck_ordered` "
        "gives the new top cards; no shuffle (R15:204.3; INTERPRETING.md entry 161). `to` `opponent` (`amount` 1 "
        "only): the top card of the opponent's deck, for «посмотреть верхнюю карту любой колоды» as an option of a "
        "constructor (`deck_looked_at` with `by`; entry 164)",
    ),
    "upgrade": OpSpec(
        "cards", NoParams,
        "«Усовершенствуйте» (R15:7.upgrade; `to` `self` or one creature target): a recipient creature that is no "
        "Механизм loses all its classes and is a Механизм while it is in play (a modifier with `grants` `mechanism`, "
        "`upgraded`); one that is a mechanism already (printed or upgraded) cancels the ability: this effect and every later "
        "one do not happen, what it cost stays paid (`ability_cancelled`; INTERPRETING.md entries 69, 70)",
        grants=True,
    ),
    "life_while_in_play": OpSpec(
        "cards", NoParams,
        "+`amount` life with no duration («получает +N к жизням»): additional lives (R15:504.2); the "
        "recipient's life is its printed life plus these, minus its wounds, while it is in play (R15:7.gains, 205.3; a "
        "modifier with `grants` `life`, `life_modified`; an amount of 0 puts on nothing; INTERPRETING.md entries 69, 79)",
        grants=True,
    ),
    "keyword_until_end_of_turn": OpSpec(
        "cards", KeywordParams,
        "the recipient creature gains the effect's `keyword` until the end of turn, 310.2 (a "
        "modifier with `grants` the keyword and `amount` 0, `keyword_granted`; INTERPRETING.md entries 69, 72-74)",
        grants=True,
    ),
    "keyword_until_start_of_your_next_turn": OpSpec(
        "cards", KeywordParams,
        "the recipient creature gains the effect's `keyword` until the start of its controller's next turn, 303.1 («До "
        "начала вашего следующего хода оно не наносит ран, а существа имеют Направленный удар по этому существу»: a "
        "modifier with `grants` the keyword, `amount` 0, `until` `start_of_owner_turn` and `owner` the ability's "
        "controller; `keyword_granted`; INTERPRETING.md entries 23, 159)",
        grants=True,
    ),
    "untargetable_until_end_of_turn": OpSpec(
        "cards", NoParams,
        "«не могут быть выбраны целью заклинаний и способностей до конца хода»: each recipient character, a hero "
        "included, cannot be chosen as a target of a spell or an ability, by either player, until the end of turn, "
        "310.2 (a modifier with `grants` `untargetable` and `amount` 0; `cannot_be_targeted`); a declaration naming it "
        "is refused citing R15:501.5 (the restrictions of R15:502.9); attacks and abilities without targets still "
        "reach it (INTERPRETING.md entry 192)",
    ),
    "keyword_while_in_play": OpSpec(
        "cards", KeywordParams,
        "the recipient creature gains the effect's `keyword` with no duration («получает Рывок»): "
        "while it is in play (R15:7.gains, 205.3; `keyword_granted` with `until` `while_in_play`; INTERPRETING.md entry 69)",
        grants=True,
    ),
    "grant_ability_until_end_of_turn": OpSpec(
        "cards", GrantParams,
        "«получает \"…\" до конца хода»: the recipient creature has the card's granted triggered ability of the effect's "
        "index `granted` (default 0; the card key `granted`) until the end of turn, 310.2 (a modifier with `grants` "
        "`ability`, `amount` that ability's index on the card, `granter` the card; `ability_granted`); it fires with the "
        "creature as its source (R15:7.gains; INTERPRETING.md entry 180)",
        grants=True,
    ),
    "grant_ability_while_in_play": OpSpec(
        "cards", GrantParams,
        "as `grant_ability_until_end_of_turn` with no duration («получает \"…\"»): while the creature is in play "
        "(R15:7.gains, 205.3; `ability_granted` with `until` `while_in_play`; INTERPRETING.md entry 180)",
        grants=True,
    ),
    "lose_abilities": OpSpec(
        "cards", NoParams,
        "«теряет особенности» (R15 glossary «Теряет особенности»): the text printed on the recipient creature no longer "
        "counts while it is in play: its printed keywords, static, triggered and activated abilities do not work; what "
        "effects gave it (keywords, granted abilities, strike and life) stays, given before or after (a modifier with "
        "`grants` `no_abilities`, `abilities_lost`; INTERPRETING.md entries 211, 212)",
        grants=True,
    ),
    "become_ent": OpSpec(
        "cards", NoParams,
        "«становится энтом»: the recipient creature loses its classes and is an Энт while it is in play (a modifier with "
        "`grants` `ent`, `class_changed`; R15:7.gains, 205.3; INTERPRETING.md entry 181)",
        grants=True,
    ),
    "double_strike_until_end_of_turn": OpSpec(
        "cards", NoParams,
        "«Удвойте силу удара … до конца хода»: a non-static change of strike (R15:106.3.1): the recipient gets, "
        "until the end of turn, the fixed +N that makes its strike twice what it is when the effect applies, a "
        "modifier (`sets`) adding like any other from then on: a later +1 adds 1 (`strike_doubled` with `amount`; "
        "INTERPRETING.md entry 71)",
    ),
    "double_strike_while_in_play": OpSpec(
        "cards", NoParams,
        "«удвойте его силу удара» (no duration): as `double_strike_until_end_of_turn`, while the recipient is in play "
        "(R15:205.3; `strike_doubled` with `until` `while_in_play`; INTERPRETING.md entries 71, 158)",
    ),
    "double_life_while_in_play": OpSpec(
        "cards", NoParams,
        "«удвойте его … максимальные жизни»: the recipient's maximum lives are doubled while it is in play — its "
        "printed and additional lives doubled, then its reduced lives taken away (R15:523.1; a modifier with `grants` "
        "`double_life`, `life_doubled`; INTERPRETING.md entry 158)",
        grants=True,
    ),
    "double_ability_cost": OpSpec(
        "source", NoParams,
        "«удвойте стоимость этой особенности»: the cost of the resolving activated ability of the source is doubled "
        "while the card is in play, a multiplying cost modifier (R15:308.1 step 4, 523.1; a modifier with `grants` "
        "`double_cost` and `amount` the ability's index, `ability_cost_doubled`; INTERPRETING.md entry 158)",
    ),
    "armour_until_end_of_turn": OpSpec(
        "cards", NoParams,
        "«получает Броню N до конца хода»: the recipient creature has «Броня `amount`» until the end of turn, 310.2 (a "
        "modifier with `grants` `armour` and `amount` N; `armour_granted`): with a printed Броня or another one only the "
        "highest value counts, and the wounds already prevented this turn count against it (R15 glossary «Броня Х» "
        "and R15:516; INTERPRETING.md entry 162)",
        grants=True,
    ),
    "shuffle_self_into_deck": OpSpec(
        "source", NoParams,
        "`to` `self`: «Гибель: Вы можете замешать [эту карту] в колоду вместо кладбища»: the ability's own card, if it "
        "is in its owner's graveyard when the effect executes, goes into his deck (`put_on_deck` with `from` "
        "`graveyard`, `position` `shuffled`), then chance shuffles that deck at step `search_shuffle` (R15:204.3, "
        "204.4; `search_shuffled` citing R15:204.3) and the ability's later effects follow; not in the graveyard: "
        "nothing (INTERPRETING.md entry 222)",
    ),
    "graveyard_to_deck_top": OpSpec(
        "source", NoParams,
        "`to` `self`: the ability's own card, if it is in its owner's graveyard when the effect "
        "executes, goes on top of his deck («Гибель: … положить Оборотня на верх колоды вместо кладбища»: a «Гибель» "
        "trigger, resolved after the card reached the graveyard; `put_on_deck` with `from` `graveyard`; INTERPRETING.md "
        "entry 78)",
    ),
    "return_self_to_hand": OpSpec(
        "source", NoParams,
        "`to` `self`: the card whose text holds the ability — a granted ability's granter, else its source — if it is "
        "in its owner's graveyard when the effect executes, goes to its owner's hand («Когда наносит раны ударом герою "
        "верните Неистовство с кладбища в руку»; `returned_from_graveyard`; INTERPRETING.md entry 185)",
    ),
    "create": OpSpec(
        "supply", CreateParams,
        "«Создайте Х» (R15 glossary «Создайте», R15:519.6): `to` `controller`; the created card `card` (a card id of "
        "a card with the keyword `created`) comes from his supply — a new instance where his supply has none (R15:206.2) — "
        "into play, open, his (`card_created`, `entered_play`); one with «Модуль» while he has a mechanism waits at "
        "step `module_choice` (INTERPRETING.md entries 104, 106). Carried out when the card came into play or was attached",
    ),
    "choose_x_times": OpSpec(
        "source", DelayedParams,
        "«Создайте A или B за каждого …» (R15:524.1): when `amount` is at least 1, the card's constructor of key "
        "`delayed` number `delayed` (`choose` `\"X\"`) becomes a pending trigger of the ability's controller at once, "
        "its `count` the amount (`triggered` citing R15:524.1); he declares it with a chain of exactly that many of its "
        "options (`values`, repeats allowed) and they enter the Queue in his order; nothing when the amount is 0 "
        "(INTERPRETING.md entry 213)",
    ),
    "search": OpSpec(
        "hand", SearchParams,
        "«Поиск» (R15:7.search): `to` `controller`; he chooses 0 up to `amount` cards of his own deck that "
        "match `find` (`name`: a printed name; `type` and/or `cost`: a card type, a printed cost with X as 0) — at step "
        "`hand_choice` when he has two or more choices, at once otherwise — they go to his hand (`cards_found`), then "
        "chance shuffles his deck at step `search_shuffle` (action `shuffle`, `search_shuffled`), even when he took none; "
        "the ability's later effects follow (INTERPRETING.md entry 84). No `if_previous` follows a search",
    ),
    "reduce_life_while_in_play": OpSpec(
        "cards", NoParams,
        "−`amount` life with no duration («получает -N к жизням»): an effect of reduced lives (R15:504.4), no wounds "
        "(a heal does not remove it); it first removes as many of the recipient's additional lives as it can, one for one, "
        "and only the rest goes on (R15:504.5; a modifier with `grants` `reduced_life`; `life_modified` with a negative "
        "`amount`; INTERPRETING.md entry 97); an amount of 0 puts on nothing",
        grants=True,
    ),
    "reduce_life_to": OpSpec(
        "cards", NoParams,
        "«Сведите уровень жизней к Х» (R15:504.6): each wound of the recipient becomes an effect of reduced lives (its "
        "`wounds` go to 0, which is no heal), then effects of additional or reduced lives make its life `amount` (at least 0; "
        "they cancel as R15:504.5 says); `life_set`, citing R15:512.5 too when the amount is derived "
        "(INTERPRETING.md entries 97, 99)",
        grants=True,
    ),
    "set_strike_until_end_of_turn": OpSpec(
        "cards", NoParams,
        "the recipient's strike becomes `amount` until the end of turn, 310.2 («становится равен … до конца хода»): a "
        "modifier (`sets`) of the fixed +/- that makes the strike `amount` when it applies, adding like any other from "
        "then on (R15 glossary «Удар становится равным Х»; `strike_modified` with `sets`; INTERPRETING.md entry 134)",
    ),
    "set_strike_while_in_play": OpSpec(
        "cards", NoParams,
        "the recipient's strike becomes `amount` while it is in play («становится равен» with no duration, R15:205.3): a "
        "modifier (`sets`, `until` `while_in_play`) of the fixed +/- that makes the strike `amount` when it applies, "
        "adding like any other from then on (R15 glossary «Удар становится равным Х»; `strike_modified` with `sets`; "
        "INTERPRETING.md entries 134, 210)",
    ),
    "summon": OpSpec(
        "hand", SearchParams,
        "«Вызовите» (R15:519.3, 519.3.1, 519.3.3): `to` `controller`; he chooses 0 up to `amount` cards of his own "
        "deck that match `find` (as for `search`; `max_cost`: a printed cost of at most that) — at step `hand_choice` "
        "when he has two or more choices, at once otherwise — and they go into play one at a time, ascending uids, open "
        "and under his control (`summoned`, then `entered_play`; «Найм» fires; first-turn weakness, "
        "see R15:108.5); choosing none is refusing to look (R15:519.3.1): nothing more happens. When he summoned any, chance "
        "shuffles his deck at step `search_shuffle` (`search_shuffled`); the ability's later effects follow "
        "(INTERPRETING.md entries 111, 112). No `if_previous` follows a summon",
    ),
    "resurrect": OpSpec(
        "hand", SearchParams,
        "«Возродите» (R15:519.4): `to` `controller`; he chooses `amount` cards of his own graveyard that match `find` "
        "(all there are if fewer, R15:520.1) — at step `hand_choice` when he has two or more choices, at once otherwise — "
        "and they go into play one at a time, ascending uids, open and under his control (`resurrected`, then "
        "`entered_play`; «Найм» fires; first-turn weakness, R15:108.5; INTERPRETING.md entry 113)",
    ),
    "graveyard_to_hand": OpSpec(
        "hand", SearchParams,
        "«положите с кладбища в руку» (R15:118.5: his own graveyard when the text names none; R15:203.4): `to` "
        "`controller`; he chooses `amount` cards of his own graveyard that match `find` (all there are if "
        "fewer, R15:520.1) — at step `hand_choice` when he has two or more choices, at once otherwise — and they go to his "
        "hand (`taken_from_graveyard`; INTERPRETING.md entry 156)",
    ),
    "take_control": OpSpec(
        "cards", NoParams,
        "«Возьмите под контроль» (R15:519.5): the ability's controller takes control of a recipient in play that is no "
        "hero and that his opponent controls: it goes to his `play` list, its `owner` unchanged (`control_taken`); it "
        "has first-turn weakness (`entered_turn`, see R15:108.5), it acts, pays and triggers as his, and leaves play to its "
        "owner's graveyard (INTERPRETING.md entry 114)",
    ),
    "take_control_until_end_of_turn": OpSpec(
        "cards", NoParams,
        "as `take_control`, until the end of turn (`control_taken` with `until` `end_of_turn`; a modifier with `grants` "
        "`control`): at 310.2, if the card is still in play under his control, it goes back to its owner's control "
        "(`control_returned`, see R15:519.5; INTERPRETING.md entry 114)",
    ),
    "exchange_control_until_end_of_turn": OpSpec(
        "cards", NoParams,
        "«обменяйтесь контролем над ними до конца хода» (Бардак): each recipient in play that is no hero changes "
        "controller until the end of turn — one the ability's controller controls goes to his opponent, one his "
        "opponent controls comes to him (`control_taken` naming the new controller, with `until` `end_of_turn`; a "
        "modifier with `grants` `control`); at 310.2 each still under that control goes back (`control_returned`, "
        "see R15:519.5; INTERPRETING.md entry 230)",
    ),
    "capture_from_hand": OpSpec(
        "hand", NoParams,
        "«[эта карта] добывает N карт из вашей руки» (R15 glossary «Добывает»): `to` `controller`; he chooses `amount` "
        "cards of his own hand (all he has if fewer, R15:520.5) — at step `hand_choice` when he has a real choice — and "
        "they lie under the ability's source (`captured`; `captured_by`, in no zone), if it is in play; when it leaves "
        "play they go back to his hand, a rules effect (`captured_returned`, see R15:503.1; INTERPRETING.md entry 115)",
    ),
    "create_delayed": OpSpec(
        "source", DelayedParams,
        "`to` `self`; effect key `delayed` (default 0): the card's delayed ability of that index (its `delayed` list) is "
        "created: it waits in the state's `delayed` list (`delayed_created`) and fires once, the next time its condition "
        "happens, as a pending trigger of the ability's controller with the card as its source, wherever the card is then "
        "(R15:521.2 for a spell's, 521.3 for an activated or triggered ability's); an effect of it that names no recipient "
        "goes to its controller's hero, or to its controller for an effect on a player (R15:521.1; INTERPRETING.md entry 131)",
    ),
}
if tuple(OPS) != EFFECT_OPS:  # pragma: no cover - checked at import
    raise AssertionError("OPS must list EFFECT_OPS in order")

#: Ops that put a modifier granting something on a creature (INTERPRETING.md, entry 69).
GRANT_OPS: tuple[Op, ...] = tuple(op for op, spec in OPS.items() if spec.grants)
#: Effects on cards that the player chooses while the ability resolves (step ``hand_choice``;
#: INTERPRETING.md, entry 63): cards of his hand, or for «search» cards of his deck that go to
#: his hand (R15:7.search; entry 84).
HAND_OPS: tuple[Op, ...] = tuple(op for op, spec in OPS.items() if spec.group == "hand")
#: Effects that bring a card of the player's supply into play («Создайте», R15:519.6).
SUPPLY_OPS: tuple[Op, ...] = tuple(op for op, spec in OPS.items() if spec.group == "supply")
#: Effects that wait for the opponent's decision to pay (step ``pay_choice``, R15:119.7).
PAYMENT_OPS: tuple[Op, ...] = tuple(op for op, spec in OPS.items() if spec.group == "payment")
#: Effects whose cards their owners order at step ``deck_order`` (INTERPRETING.md, entry 193).
ORDER_OPS: tuple[Op, ...] = tuple(op for op, spec in OPS.items() if spec.group == "order")
