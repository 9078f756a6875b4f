"""The modifiers and the attack (PROTOCOL.md 5.4, rule 7): each modifier on a card in play, its
duration, what it grants (INTERPRETING.md, entry 69), temporary coins (R15:522.4); the attack in
progress naming cards of the game (307).
"""

from __future__ import annotations

from collections.abc import Mapping

from .._state_codec import attack_ok, check_attack, check_modifier, modifier_ok
from ..canonical_form import StateError
from ..cards import load_pool
from ..model import GRANTS, State
from ..rules.queries.board import game_has, ids_losing_abilities  # INTERPRETING.md, entry 211
from .abilities import _check_granted
from .bounds import _length

__all__: list[str] = []


def _check_grants(state: State, grants: str, amount: int, until: str, flagged: bool, target: int, path: str) -> None:
    """A modifier that grants (``Modifier.grants``; INTERPRETING.md, entry 69): one of GRANTS,
    on a creature, neither a «становится равен» (`sets`) nor a shot modifier; a keyword or the class Механизм has
    ``amount`` 0, +life at least 1, control the seat that took it; life and the class last while it is in play."""
    if grants not in GRANTS:
        raise StateError(f"{path}.grants", f"must be one of {', '.join(GRANTS)}; got {grants!r}")
    if flagged:
        raise StateError(f"{path}.grants", "a modifier that grants is neither a «становится равен» (sets) nor a shot modifier")
    lives = ("life", "reduced_life")
    if grants == "armour" and amount < 1:
        # «получает Броню N до конца хода»: Броня N with N at least 1 (INTERPRETING.md, entry 162)
        raise StateError(f"{path}.amount", "an armour modifier is «Броня N», N at least 1")
    if grants == "control" and amount not in (0, 1):
        raise StateError(f"{path}.amount", f"a control modifier's amount is the seat that took control, 0 or 1; got {amount}")
    if grants == "ability_used":
        # the usage marker of a granted triggered ability (R15:113.5; INTERPRETING.md, entry 180)
        if until != "start_of_turn":
            raise StateError(f"{path}.until", "a granted ability's usage marker lasts until the start of the next turn")
        return  # amount: the ability's index on its granter (_check_granted)
    if grants == "ability":
        if until not in ("end_of_turn", "while_in_play"):
            raise StateError(f"{path}.until", "a granted ability lasts until the end of turn or while the card is in play")
        return  # amount: the ability's index on its granter (_check_granted)
    if grants == "double_cost":
        # «удвойте стоимость этой особенности»: amount is the index of an activated ability of
        # its card, while it is in play (INTERPRETING.md, entry 158)
        if until != "while_in_play":
            raise StateError(f"{path}.until", "a double_cost modifier lasts while the card is in play")
        c = state.cards.get(target)
        abilities = load_pool().cards[c.card_id].abilities if c is not None else ()
        if not (0 <= amount < len(abilities) and abilities[amount].kind == "activated"):
            raise StateError(f"{path}.amount", f"a double_cost modifier names an activated ability of card {target} "
                             f"by its index; got {amount}")
        return
    if grants not in (*lives, "control", "armour") and amount != 0:
        raise StateError(f"{path}.amount", f"a modifier granting {grants} has amount 0")
    if grants == "untargetable":
        # «не могут быть выбраны целью … до конца хода»: any character, a hero too (entry 192)
        if until != "end_of_turn":
            raise StateError(f"{path}.until", "«не могут быть выбраны целью» lasts until the end of turn")
        c = state.cards.get(target)
        if c is not None and not load_pool().cards[c.card_id].is_character:
            raise StateError(f"{path}.target", f"card {target} is not a character")
        return
    if grants == "control":
        # «Возьмите под контроль … до конца хода» (R15:519.5; INTERPRETING.md, entry 114)
        if until != "end_of_turn":
            raise StateError(f"{path}.until", "a control modifier lasts until the end of turn")
        c = state.cards.get(target)
        if c is not None and load_pool().cards[c.card_id].type == "hero":
            raise StateError(f"{path}.target", f"card {target} is a hero: a hero's control is never taken")
        return
    if grants in lives and amount < 1:
        raise StateError(f"{path}.amount", "a life modifier adds (or takes away) at least 1 life")
    if grants == "no_abilities" and not game_has(state, ids_losing_abilities()):
        # only a card of the game that makes a creature lose its abilities puts one on (entry 211)
        raise StateError(f"{path}.grants", "no card of the game makes a creature lose its abilities")
    if grants in (*lives, "mechanism", "ent", "double_life", "no_abilities") and until != "while_in_play":
        raise StateError(f"{path}.until", f"a modifier granting {grants} lasts while the card is in play")
    # «До начала вашего следующего хода оно не наносит ран …» (INTERPRETING.md, entry 159)
    lasting = ("end_of_turn", "while_in_play", "start_of_owner_turn") if grants in (
        "deals_no_wounds", "directed_at_it") else ("end_of_turn", "while_in_play")
    if grants not in (*lives, "mechanism", "ent", "no_abilities") and until not in lasting:
        raise StateError(f"{path}.until", f"{grants} lasts until the end of turn or while the card is in play")
    c = state.cards.get(target)
    if c is not None and load_pool().cards[c.card_id].type != "creature":
        raise StateError(f"{path}.target", f"card {target} is not a creature: only creatures are granted {grants}")


def _coin_modifier(state: State, i: int, place: str) -> None:
    """Rule 7: temporary coins («Получите (1) до конца хода», R15:522.4) are a modifier on the
    hero of the player who has them, until the end of turn, at least one, and they are among
    his coins: all his coin modifiers together are at most his coins (INTERPRETING.md, entry 76)."""
    m = state.modifiers[i]
    if m.sets or m.shots or m.grants or m.until != "end_of_turn" or m.amount < 1:
        raise StateError(f"modifiers[{i}].coins", "temporary coins are at least one, until the end of turn, neither a grant, a "
                         "«становится равен» (sets) nor a shot modifier (R15:522.4)")
    if place != "hero":
        raise StateError(f"modifiers[{i}].target", "temporary coins belong to a player: the target is his hero")
    p = state.players[state.cards[m.target].owner]
    if sum(x.amount for x in state.modifiers if x.coins and x.target == m.target) > p.coins:
        raise StateError(f"modifiers[{i}].amount", "a player's temporary coins are among his coins: more of them than "
                         "coins in his play zone (R15:522.4)")


def _check_modifiers(state: State, seen: Mapping[int, tuple[int, str, int]]) -> None:
    """Rule 7: each modifier, then the attack (``seen``: the place of each card in a zone)."""
    cards = state.cards
    _length(state.modifiers, "modifiers")
    for i, m in enumerate(state.modifiers):
        if not modifier_ok(m):
            check_modifier(m, f"modifiers[{i}]")  # the declared bounds, the owner exactly on its duration
        if m.shots and (m.sets or m.until != "end_of_turn"):
            raise StateError(f"modifiers[{i}].shots", "a shot modifier adds until the end of turn (INTERPRETING.md, "
                             "entry 67)")
        if m.grants:
            _check_grants(state, m.grants, m.amount, m.until, m.sets or m.shots, m.target, f"modifiers[{i}]")
        if (m.grants in ("ability", "ability_used")) != (m.granter != 0):
            raise StateError(f"modifiers[{i}].granter", "a modifier granting an ability or its usage marker names its "
                             "granter, and only it")
        if m.granter:
            _check_granted(state, m.granter, m.amount, f"modifiers[{i}]")
        place = seen.get(m.target)
        if place is None or place[1] not in ("hero", "play"):
            raise StateError(f"modifiers[{i}].target", f"card {m.target} is not in play")
        if m.coins:
            _coin_modifier(state, i, place[1])
    att = state.attack
    if att is not None:
        if not attack_ok(att):
            check_attack(att, "attack")
        for key in ("attacker", "target"):
            if getattr(att, key) not in cards:
                raise StateError(f"attack.{key}", f"no card with uid {getattr(att, key)}")
        if att.defender and att.defender not in cards:
            raise StateError("attack.defender", f"no card with uid {att.defender}")
