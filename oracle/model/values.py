"""The values the state's text fields and the actors take, by name: a modifier's durations
(:data:`UNTIL`) and what it grants (:data:`GRANTS`; INTERPRETING.md, entry 69), the timed effects
on players (:data:`PLAYER_FX`, R15:521.1), who decides (:class:`Actor`, :data:`CHANCE`), a play's
options and the kinds of a Queue entry (401.1).
"""

from __future__ import annotations

from enum import IntEnum

__all__ = [
    "CHANCE",
    "FX_CARD_TYPES",
    "FX_MODIFIERS",
    "GRANTED_KEYWORDS",
    "GRANTS",
    "PLAYER_FX",
    "PLAY_OPTIONS",
    "QUEUE_KINDS",
    "UNTIL",
    "Actor",
]

#: The durations of a strike (or life) modifier (``Modifier.until``): 310.2, the next 303.1, the
#: 303.1 of its owner's next turn, and none: while the creature is in play («получает +N к
#: удару», R15:205.3; INTERPRETING.md, entry 58).
UNTIL = ("end_of_turn", "start_of_turn", "start_of_owner_turn", "while_in_play")

#: What a modifier gives other than strike (``Modifier.grants``): "life" (+``amount`` life,
#: «получает +N к жизням»: additional lives, R15:106.2, 504.2), "reduced_life" (−``amount``
#: life: reduced lives, not wounds, R15:504.4; entry 97), "mechanism" (it has lost its classes and is a Механизм:
#: «Усовершенствовать», R15 glossary), or a keyword it has while the modifier lasts («получает
#: Рывок / Уязвимость / Первый удар / Направленный удар по существу противника», R15 glossary
#: «Получает»): "dash" (R15:108.5), "vulnerability", "first_strike", "directed_at_creatures", "no_wounds" («Не
#: получает ран», R15:517.1.1; entry 185);
#: or "double_strike": its strike is doubled, a multiplying modifier applied after the additions
#: and before the subtractions (R15:523.1; no effect of the pool puts it on: «Удвойте силу удара»
#: is the fixed +N of R15:106.3.1, a modifier with ``sets``; entry 71); or "control":
#: the card is under the control of the seat in ``amount`` until the end of turn («Возьмите под
#: контроль … до конца хода», R15:519.5; at 310.2, if that seat still controls it, it goes to his
#: opponent -- its owner, or the player who had taken it for good before, R15:513.1; entries 114, 140);
#: or "untargetable": the character, a hero too, cannot be chosen as a target of spells and
#: abilities until the end of turn («не могут быть выбраны целью заклинаний и способностей до
#: конца хода», R15:502.9; entry 192);
#: or "double_life": its maximum lives are doubled (a multiplying modifier after the additional
#: lives and before the reduced ones, R15:523.1); or "double_cost": the cost of its activated
#: ability number ``amount`` is doubled (a multiplying cost modifier, R15:308.1 step 4, 523.1) —
#: Энт-прародитель «удвойте его силу удара, максимальные жизни и стоимость этой особенности»
#: (INTERPRETING.md, entry 158); "deals_no_wounds", "directed_at_it" (entry 159);
#: or "ent": it has lost its classes and is an Энт («становится энтом», INTERPRETING.md, entry 181); or
#: "ability": it has the triggered ability of index ``amount`` of the card ``granter`` («получает "…"»,
#: R15:7.gains; a granted ability, INTERPRETING.md, entry 180); or "no_abilities": it has lost the
#: text printed on it, what effects gave it stays («теряет особенности», R15 glossary; entry 211).
GRANTS = ("life", "reduced_life", "mechanism", "ent", "dash", "vulnerability", "first_strike", "directed_at_creatures",
          "no_wounds", "double_strike", "armour", "untargetable", "control", "double_life", "double_cost", "deals_no_wounds",
          "directed_at_it", "ability", "no_abilities", "ability_used")
#: The grants that are keywords (a modifier of these has ``amount`` 0).
GRANTED_KEYWORDS = ("dash", "vulnerability", "first_strike", "directed_at_creatures", "deals_no_wounds", "directed_at_it",
                    "no_wounds")

#: What a timed effect on a player does (``PlayerEffect.kind``; R15:521.1): "no_plays" — he
#: cannot play cards («не может разыгрывать карты», R15:514.2) — or "cost": the cards he plays
#: cost more or less (a cost modifier, R15:106.1.1, 523.1).
PLAYER_FX = ("no_plays", "cost")
#: The cost modifier kinds of a timed cost effect, in R15:523.1's order ("" for "no_plays").
FX_MODIFIERS = ("", "increase", "multiply", "decrease", "divide", "set")
#: The card types a timed cost effect is about ("" for every type; R15:107.1).
FX_CARD_TYPES = ("", "creature", "spell", "support")

#: The actor id of chance (die rolls, shuffles); players are seats 0 and 1.
class Actor(IntEnum):
    """Who decides or acts: the two seats, chance, or nobody (the game is over).  The
    values are the engine's seat numbers, so an ``Actor`` compares equal to the plain int
    a state holds (``state.active``); the names, lower case, are the contract's text names
    (``actor=player_2``, ``decision.actor``; :data:`oracle.contract.ACTOR_NAMES`)."""

    NOBODY = -1
    PLAYER_1 = 0
    PLAYER_2 = 1
    CHANCE = 2


#: Chance's actor number (die rolls and shuffles are its decisions).
CHANCE = Actor.CHANCE

#: The options of a play (``Action.option``, ``ModuleChoice.option``): none, Ярость, the alternative cost.
PLAY_OPTIONS = ("", "fury", "alt")

#: The kinds of a Queue entry (401.1).
QUEUE_KINDS = ("strike_attack", "activated", "triggered", "spell")
