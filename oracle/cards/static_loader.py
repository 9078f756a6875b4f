"""Reading a static ability of the card data (R15:115; ``"kind": "static"``, its ``static``
object): a cost modifier (R15:523.1) or one of the card's own cost, a strike bonus, «не
получает ран от», a granted ability, the wound pipeline's (R15:515-517), a cancellation
(R15:518) and the draw statics (R15:527); every key checked, a
:class:`~oracle.cards.fields.CardDataError` naming the offending one."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .effect_loader import parse_effect
from .fields import CardDataError, choice, controller_condition, integer, required
from .records import (
    Armour,
    CancelPlay,
    CostModifier,
    DrawCount,
    DrawLimit,
    DrawReplacement,
    GrantAbility,
    NoWoundsFrom,
    PreventNext,
    Protection,
    SelfCostModifier,
    StaticAbility,
    StrikeBonus,
    WoundReplacement,
)
from .vocabulary import (
    ALL_CLASSES,
    CLASSES,
    CONDITIONS,
    COST_COUNTS,
    MODIFIERS,
    PROTECTION_KINDS,
    REPLACEMENT_KINDS,
    STATIC_OPS,
    STRIKE_AGAINST,
    TYPES,
    WHOSE,
    WOUND_WATCHES,
    CardType,
    Whose,
)

__all__ = ["parse_static"]


def parse_static(raw: Mapping[str, Any], path: str, card_type: str, text_en: str) -> StaticAbility:
    """The static ability ``raw`` (its key ``static``) of a card of type ``card_type``, read by its op."""
    st = required(raw, "static", path)
    if not isinstance(st, dict) or st.get("op") not in STATIC_OPS:
        raise CardDataError(f"{path}.static.op", f"must be one of {', '.join(STATIC_OPS)}")
    if st["op"] == "strike_bonus":
        return _parse_strike_bonus(st, path, card_type, text_en)
    if st["op"] == "no_wounds_from":
        if card_type != "creature" or set(st) != {"op", "min_strike"}:
            raise CardDataError(f"{path}.static", "no_wounds_from belongs to creatures and takes min_strike only")
        return NoWoundsFrom(
            min_strike=integer(st["min_strike"], f"{path}.static.min_strike", 1),
            text_en=text_en,
        )
    if st["op"] == "grant_ability":
        return _parse_grant_ability(st, path, text_en)
    if st["op"] in _WOUND_STATICS:
        return _parse_wound_static(st, f"{path}.static", card_type, text_en)
    if st["op"] == "cancel_play":
        return _parse_cancel_play(st, f"{path}.static", text_en)
    if st["op"] in ("draw_limit", "draw_count", "draw_replacement"):
        return _parse_draw_static(st, f"{path}.static", text_en)
    if st.get("self"):
        return _parse_self_cost(st, f"{path}.static", text_en)
    return _parse_cost_modifier(st, path, text_en)


def _parse_strike_bonus(st: Mapping[str, Any], path: str, card_type: str, text_en: str) -> StrikeBonus:
    """``strike_bonus`` {"value": n, "if": a condition, "against": one of STRIKE_AGAINST}, a creature's."""
    if card_type != "creature":
        raise CardDataError(f"{path}.static.op", "strike_bonus belongs to creatures")
    return StrikeBonus(
        value=integer(required(st, "value", f"{path}.static"), f"{path}.static.value", 1),
        cond=controller_condition(st["if"], f"{path}.static.if") if "if" in st else "",
        against=choice(st["against"], STRIKE_AGAINST, f"{path}.static.against") if "against" in st else "",
        text_en=text_en,
    )


def _parse_grant_ability(st: Mapping[str, Any], path: str, text_en: str) -> GrantAbility:
    """``grant_ability`` {"to": "own_creatures", "granted": k, "class"?, "not_created"?}."""
    if set(st) - {"op", "to", "granted", "class", "not_created"} or st.get("to") != "own_creatures":
        raise CardDataError(f"{path}.static", "grant_ability goes to own_creatures and takes granted, class, "
                                              "not_created only")
    nc = st.get("not_created", False)
    if not isinstance(nc, bool):
        raise CardDataError(f"{path}.static.not_created", "must be true or false")
    return GrantAbility(
        index=integer(st.get("granted", 0), f"{path}.static.granted", 0),
        card_class=choice(st["class"], CLASSES["creature"], f"{path}.static.class") if "class" in st else "",
        not_created=nc,
        text_en=text_en,
    )


def _parse_cost_modifier(st: Mapping[str, Any], path: str, text_en: str) -> CostModifier:
    """``cost_modifier`` of the cards played (or of their activated abilities) by a player."""
    return CostModifier(
        modifier=choice(required(st, "modifier", f"{path}.static"), MODIFIERS, f"{path}.static.modifier"),
        value=integer(required(st, "value", f"{path}.static"), f"{path}.static.value", 0),
        player=choice(st.get("player", "any"), WHOSE, f"{path}.static.player"),
        card_type=choice(st.get("card_type", "any"), (*TYPES, "any"), f"{path}.static.card_type"),
        text_en=text_en,
        card_class=choice(st["class"], ALL_CLASSES, f"{path}.static.class") if "class" in st else "",
        if_increased=_if_increased(st, f"{path}.static"),
        of_abilities=_of_abilities(st, f"{path}.static"),
        while_open=_while_open(st, f"{path}.static"),
    )


#: The ops a draw replacement's «вместо этого» may do, and to whom (R15:527.5).
_INSTEAD: dict[str, tuple[str, ...]] = {
    "draw": ("controller", "opponent"),
    "gain_coin": ("controller", "opponent"),
    "wound": ("own_hero", "enemy_hero"),
}


def _parse_draw_static(st: dict[str, Any], path: str, text_en: str) -> DrawLimit | DrawCount | DrawReplacement:
    """The draw statics (R15:527; :mod:`oracle.rules.mechanisms.draws`): ``draw_limit`` {"per_turn": 0|1},
    ``draw_count`` {"value": n, "at_least": n (default 2)}, ``draw_replacement`` {"instead":
    effects}; each with "player": own|opponent|any (default own)."""
    player = choice(st.get("player", "own"), WHOSE, f"{path}.player")
    op = st["op"]
    if op == "draw_limit":
        if set(st) - {"op", "per_turn", "player"}:
            raise CardDataError(path, "draw_limit takes per_turn and player only")
        per_turn = integer(required(st, "per_turn", path), f"{path}.per_turn", 0)
        if per_turn > 1:
            raise CardDataError(f"{path}.per_turn", "0 («не может брать карты») or 1 («больше одной карты за ход»)")
        return DrawLimit(per_turn=per_turn, player=player, text_en=text_en)
    if op == "draw_count":
        if set(st) - {"op", "value", "at_least", "player"}:
            raise CardDataError(path, "draw_count takes value, at_least and player only")
        return DrawCount(value=integer(required(st, "value", path), f"{path}.value", 1),
                         at_least=integer(st.get("at_least", 2), f"{path}.at_least", 1),
                         player=player, text_en=text_en)
    if set(st) - {"op", "instead", "player"}:
        raise CardDataError(path, "draw_replacement takes instead and player only")
    raw = required(st, "instead", path)
    if not isinstance(raw, list) or not raw:
        raise CardDataError(f"{path}.instead", "must be a non-empty list of effects")
    instead = tuple(parse_effect(e, f"{path}.instead[{i}]", False, i == 0) for i, e in enumerate(raw))
    for i, e in enumerate(instead):
        if e.to not in _INSTEAD.get(e.op, ()) or not isinstance(e.amount, int) or e.cond or e.bonus_if:
            raise CardDataError(f"{path}.instead[{i}]", "a draw replacement does "
                                + ", ".join(f"{op} to {'/'.join(to)}" for op, to in _INSTEAD.items())
                                + " by a number, unconditionally")
    return DrawReplacement(instead=instead, player=player, text_en=text_en)


#: The static ops of the wound pipeline (:mod:`oracle.rules.mechanisms.wounds`) and the keys each takes.
_WOUND_STATICS: dict[str, frozenset[str]] = {
    "armour": frozenset({"op", "value"}),
    "protection_from": frozenset({"op", "from", "class"}),
    "prevent_next": frozenset({"op", "value", "to"}),
    "wound_replacement": frozenset({"op", "instead", "to", "value", "unless_class"}),
}


def _parse_wound_static(
    st: Mapping[str, Any], path: str, card_type: str, text_en: str
) -> Armour | Protection | PreventNext | WoundReplacement:
    """A static ability of the wound pipeline: «Броня N» ({"op": "armour", "value": n}, a
    character's), «Защита от [текст]» ({"op": "protection_from", "from": one of
    PROTECTION_KINDS, "class": a class (optional, not with "spells")}, a character's),
    «Предотвратите следующие N ран» ({"op": "prevent_next", "value": n, "to": one of
    WOUND_WATCHES}), «Если … должно получить раны, вместо этого …» ({"op":
    "wound_replacement", "instead": "upgrade" | "more" | "destroy_self", "value": n (with "more" only),
    "to": one of WOUND_WATCHES, "unless_class": a class (optional)})."""
    op = st["op"]
    extra = set(st) - _WOUND_STATICS[op]
    if extra:
        raise CardDataError(f"{path}.{sorted(extra)[0]}", f"{op} does not take this key")
    if op in ("armour", "protection_from") and card_type not in ("creature", "hero"):
        raise CardDataError(f"{path}.op", f"{op} belongs to characters (the card itself takes the wounds)")
    if op == "armour":
        return Armour(value=integer(required(st, "value", path), f"{path}.value", 1), text_en=text_en)
    if op == "protection_from":
        source = choice(required(st, "from", path), PROTECTION_KINDS, f"{path}.from")
        card_class = choice(st["class"], ALL_CLASSES, f"{path}.class") if "class" in st else ""
        if card_class and source == "spells":
            raise CardDataError(f"{path}.class", "protection from spells names no class (R15:515.2)")
        return Protection(source=source, card_class=card_class, text_en=text_en)
    to = choice(st.get("to", "self"), WOUND_WATCHES, f"{path}.to")
    if to == "self" and card_type not in ("creature", "hero"):
        raise CardDataError(f"{path}.to", "'self' watches the card's own wounds: a character's")
    if op == "prevent_next":
        return PreventNext(value=integer(required(st, "value", path), f"{path}.value", 1), to=to, text_en=text_en)
    instead = choice(required(st, "instead", path), REPLACEMENT_KINDS, f"{path}.instead")
    if (instead == "more") != ("value" in st):
        raise CardDataError(f"{path}.value", "a value goes with instead 'more' (N wounds more), and only with it")
    value = integer(st["value"], f"{path}.value", 1) if "value" in st else 0
    unless = choice(st["unless_class"], ALL_CLASSES, f"{path}.unless_class") if "unless_class" in st else ""
    if instead == "destroy_self" and (to != "own_hero" or unless or card_type not in ("creature", "support")):
        # «Если ваш герой должен получить раны, вы можете уничтожить [эту карту], …» (entry 223)
        raise CardDataError(f"{path}.instead", "destroy_self watches its controller's hero ('to' 'own_hero'), "
                            "no unless_class, on a creature or a support card (it destroys itself)")
    return WoundReplacement(instead=instead, to=to, value=value, unless_class=unless, text_en=text_en)


def _parse_cancel_play(st: Mapping[str, Any], path: str, text_en: str) -> CancelPlay:
    """``{"op": "cancel_play", "player": "opponent", "card_types": [...], "cost": "destroy_self"}``:
    a cancellation effect (R15:518.1) paid by destroying its card."""
    if set(st) != {"op", "player", "card_types", "cost"}:
        raise CardDataError(path, "cancel_play takes player, card_types and cost")
    if st["cost"] != "destroy_self":
        raise CardDataError(f"{path}.cost", "the cancellation's cost is 'destroy_self' («уничтожить [эту карту]»)")
    only_opponent: tuple[Whose, ...] = ("opponent",)
    played_types: tuple[CardType, ...] = ("spell", "support", "creature")
    player = choice(st["player"], only_opponent, f"{path}.player")
    raw_types = st["card_types"]
    if not isinstance(raw_types, list) or not raw_types:
        raise CardDataError(f"{path}.card_types", "a non-empty list of card types played")
    types = tuple(choice(t, played_types, f"{path}.card_types[{i}]") for i, t in enumerate(raw_types))
    return CancelPlay(card_types=types, player=player, text_en=text_en)


def _of_abilities(st: Mapping[str, Any], path: str) -> bool:
    """``"of": "abilities"``: the modifier changes the cost of activated abilities (R15:308.1 step 4)."""
    if "of" not in st:
        return False
    if st["of"] != "abilities":
        raise CardDataError(f"{path}.of", "must be 'abilities' (the cost of activated abilities) when given")
    if st.get("if_increased"):
        raise CardDataError(f"{path}.of", "an ability cost modifier has no if_increased")
    return True


def _while_open(st: Mapping[str, Any], path: str) -> bool:
    """``while_open``: «Пока [эта карта] открыта»: in force only while the card is open (R15:115.1)."""
    if "while_open" not in st:
        return False
    if st["while_open"] is not True:
        raise CardDataError(f"{path}.while_open", "true or absent («Пока … открыт»)")
    return True


def _if_increased(st: Mapping[str, Any], path: str) -> bool:
    """``if_increased``: an increase that applies only on top of another (entry 83)."""
    if "if_increased" not in st:
        return False
    if st["if_increased"] is not True or st.get("modifier") != "increase":
        raise CardDataError(f"{path}.if_increased", "true, on an increase only («дополнительно на (1) дороже»)")
    return True


def _parse_self_cost(st: Mapping[str, Any], path: str, text_en: str) -> SelfCostModifier:
    """A static modifier of the card's own cost while it is played (INTERPRETING.md, entries
    61 and 62): it names no player, type or class (the card is the one it changes)."""
    for key in ("player", "card_type", "class", "if_increased"):
        if key in st:
            raise CardDataError(f"{path}.{key}", "a modifier of the card's own cost names no other cards")
    if st["self"] is not True:
        raise CardDataError(f"{path}.self", "must be true")
    return SelfCostModifier(
        modifier=choice(required(st, "modifier", path), MODIFIERS, f"{path}.modifier"),
        value=integer(required(st, "value", path), f"{path}.value", 0),
        cond=choice(st["if"], CONDITIONS, f"{path}.if") if "if" in st else "",
        per=choice(st["per"], COST_COUNTS, f"{path}.per") if "per" in st else "",
        text_en=text_en,
    )
