"""Reading one effect of an ability (R15:119.2): its op, recipient and amount, its
conditions (``if``, ``if_previous``), bonus and multiplier, and its op's parameters
(:data:`~oracle.cards.records.OpParams`: a timed cost, a search's ``find``, an index into the
card's delayed or granted abilities, a created card); every field checked against the others
of the same effect, a :class:`~oracle.cards.fields.CardDataError` naming the offending one.
The checks across an ability's effects are :mod:`oracle.cards.effect_checks`'."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from .fields import CardDataError, choice, controller_condition, integer, required
from .ops import GRANT_OPS, HAND_OPS, OPS
from .records import (
    NO_PARAMS,
    CreateParams,
    DelayedParams,
    Effect,
    GrantParams,
    KeywordParams,
    OpParams,
    SearchParams,
    TimedCostParams,
    WoundParams,
)
from .vocabulary import (
    AMOUNTS,
    CLASSES,
    CONDITIONS,
    COUNTED_AMOUNTS,
    EFFECT_OPS,
    FIND_KEYS,
    GRANTED_KEYWORDS,
    HAND_RECIPIENTS,
    IF_PREVIOUS,
    MODIFIERS,
    RECIPIENTS,
    TARGET_CONDITIONS,
    TYPES,
    CardType,
    Condition,
    DerivedAmount,
    IfPrevious,
    Op,
    Recipient,
)

__all__ = ["SHOWN_OPS", "TIMED_OPS", "parse_effect"]

#: The ops that put a timed effect on a player (R15:521.1; :mod:`oracle.rules.queries.timed_effects`).
TIMED_OPS = ("no_plays_next_turn", "cost_next_turn", "cost_until_end_of_opponent_turn")
#: The ops about the top cards of the controller's own deck (INTERPRETING.md, entries 160, 161).
_DECK_TOP_OPS = ("reveal_deck_top", "shown_to_hand", "shown_to_deck_bottom", "look_at_deck_top")
#: The ops that move the card an earlier ``reveal_deck_top`` showed.
SHOWN_OPS = ("shown_to_hand", "shown_to_deck_bottom")


def parse_effect(raw: Any, path: str, has_targets: bool, first: bool = True) -> Effect:
    """The effect ``raw`` at ``path`` of an ability with targets or without (``has_targets``),
    the ability's ``first`` effect or a later one; its fields read and checked in this order."""
    if not isinstance(raw, dict):
        raise CardDataError(path, "must be an object")
    op, to, amount = _read_op_recipient_amount(raw, path, has_targets)
    cond, if_previous = _read_conditions(raw, path, to, first)
    bonus, bonus_if = _read_bonus(raw, path)
    per = _read_per(raw, path, amount)
    _check_hand_effect(op, to, amount, path)
    _check_player_and_own_card_ops(op, to, amount, path)
    params = _read_params(raw, path, op, to, amount, has_targets)
    card_class = _read_counted_class(raw, path, amount)
    return Effect(op, to, amount, cond, bonus, bonus_if, if_previous, per, params, card_class)


def _read_op_recipient_amount(
    raw: Mapping[str, Any], path: str, has_targets: bool
) -> tuple[Op, Recipient, int | DerivedAmount]:
    """``op``, ``to`` (default the targets) and ``amount`` (default 1: a number or a derived
    amount), checked together: what needs targets, a distribution, a payment."""
    op = choice(required(raw, "op", path), EFFECT_OPS, f"{path}.op")
    to = choice(raw.get("to", "target"), RECIPIENTS, f"{path}.to")
    if to == "target" and not has_targets:
        raise CardDataError(f"{path}.to", "is 'target' but the ability declares no targets")
    if op == "distribute_wounds" and to != "target":
        raise CardDataError(f"{path}.to", "distribute_wounds goes to the targets")
    if op == "distribute_wounds" and raw.get("amount", 1) in AMOUNTS and raw.get("amount") != "X":
        raise CardDataError(f"{path}.amount", "distribute_wounds splits a number or X")
    amount: int | str = raw.get("amount", 1)
    if amount not in AMOUNTS:
        amount = integer(amount, f"{path}.amount", 0)
    if amount == "target_strike" and not has_targets:
        raise CardDataError(f"{path}.amount", "target_strike is the strike of the ability's target: it needs one")
    if amount == "target_life" and not has_targets:
        raise CardDataError(f"{path}.amount", "target_life is the life of the ability's target: it needs one")
    if amount == "target_cost" and to != "target" and not (op == "opponent_may_pay" and has_targets):
        raise CardDataError(f"{path}.amount", "target_cost is the cost of each target: 'to' must be 'target'")
    if op == "opponent_may_pay" and (to != "opponent" or (amount != "target_cost" and not isinstance(amount, int))):
        raise CardDataError(f"{path}.to", "«противник может заплатить»: 'to' 'opponent', the amount a number of coins "
                            "or target_cost («стоимость выбранного существа», R15:119.7)")
    if op == "creatures_to_deck_top" and to != "each_creature":
        raise CardDataError(f"{path}.to", "creatures_to_deck_top moves every creature: 'each_creature'")
    if op in ("return_to_hand", "put_on_deck_bottom") and to in HAND_RECIPIENTS:
        raise CardDataError(f"{path}.to", f"{op} moves cards in play, not a player")
    return op, to, amount


def _read_conditions(
    raw: Mapping[str, Any], path: str, to: str, first: bool
) -> tuple[Condition | Literal[""], IfPrevious | Literal[""]]:
    """``if`` (a condition; one about the target goes to the target) and ``if_previous`` (what
    the effect before did; the first effect has none)."""
    cond: Condition | Literal[""] = choice(raw["if"], CONDITIONS, f"{path}.if") if "if" in raw else ""
    if cond in TARGET_CONDITIONS and to != "target":
        raise CardDataError(f"{path}.if", f"{cond} is about the target: 'to' must be 'target'")
    if_previous: IfPrevious | Literal[""] = ""
    if "if_previous" in raw:
        if first:
            raise CardDataError(f"{path}.if_previous", "the first effect has no effect before it")
        if_previous = choice(raw["if_previous"], IF_PREVIOUS, f"{path}.if_previous")
    return cond, if_previous


def _read_bonus(raw: Mapping[str, Any], path: str) -> tuple[int, Condition | Literal[""]]:
    """``bonus``: {"if": a condition about the controller (optional), "amount": n}, added to the amount."""
    bonus = 0
    bonus_if: Condition | Literal[""] = ""
    if "bonus" in raw:
        b = raw["bonus"]
        if not isinstance(b, dict):
            raise CardDataError(f"{path}.bonus", "must be an object {'if': condition, 'amount': n}")
        # with no «if» the bonus always applies («… и еще одну»; INTERPRETING.md, entry 174)
        bonus_if = controller_condition(b["if"], f"{path}.bonus.if") if "if" in b else ""
        bonus = integer(required(b, "amount", f"{path}.bonus"), f"{path}.bonus.amount", 1)
    return bonus, bonus_if


def _read_per(raw: Mapping[str, Any], path: str, amount: int | str) -> int:
    """``per``: what a counted amount (COUNTED_AMOUNTS) is multiplied by (default 1)."""
    per = 1
    if "per" in raw:
        if amount not in COUNTED_AMOUNTS:
            raise CardDataError(f"{path}.per", f"only a counted amount ({', '.join(COUNTED_AMOUNTS)}) is multiplied")
        per = integer(raw["per"], f"{path}.per", 1)
    return per


def _check_hand_effect(op: str, to: str, amount: int | str, path: str) -> None:
    """A hand effect (HAND_OPS) goes to players and takes a number of cards; ``each_player``
    and the amount ``any`` belong to hand effects, ``recipient_hand`` to wounds of heroes."""
    if op == "look_at_deck_top" and to == "opponent":
        if amount != 1:  # «верхнюю карту любой колоды»: one card, nothing to order (entry 164)
            raise CardDataError(f"{path}.amount", "a look at the opponent's deck takes its top card only")
        return
    if op in _DECK_TOP_OPS:
        if to != "controller" or not (amount == "X" or (isinstance(amount, int) and amount >= 1)):
            raise CardDataError(f"{path}.to", f"{op} goes to the controller («вашей колоды») and takes a number >= 1 "
                                "of cards or X")
        if op in SHOWN_OPS and amount != 1:
            raise CardDataError(f"{path}.amount", f"{op} moves the one card shown")
        return
    if op in ("search", "summon", "resurrect", "graveyard_to_hand"):
        # «Возродите Х …»: the X of the ability's cost (its loader checks the cost «(Х)»)
        counted = (isinstance(amount, int) and amount >= 1) or (op == "resurrect" and amount == "X")
        if to != "controller" or not counted:
            raise CardDataError(f"{path}.to", f"a {op} goes to the controller («в своей колоде», «с вашего кладбища»; "
                                "see R15:519.3, 519.4) and takes up to a number >= 1 of cards")
        return
    if op == "attach_own_mechanisms" and (to != "controller" or amount != "any"):
        raise CardDataError(f"{path}.to", "attach_own_mechanisms takes any number of the controller's own mechanisms "
                            "(«любое число ваших механизмов»): to controller, amount any")
    if op == "capture_from_hand" and to != "controller":
        raise CardDataError(f"{path}.to", "a capture takes cards of the controller's own hand («из вашей руки»)")
    if op in HAND_OPS:
        if to not in ("controller", "opponent", "each_player"):
            raise CardDataError(f"{path}.to", f"{op} goes to a player: controller, opponent or each_player")
        if op == "put_on_deck_top" and amount != 1:
            raise CardDataError(f"{path}.amount", "put_on_deck_top moves one card (several would need an order)")
        if amount == "all" and op != "discard":
            raise CardDataError(f"{path}.amount", "'all' is the amount of a discard («Сбросьте все карты»)")
        if amount not in ("any", "all") and (not isinstance(amount, int) or amount < 1):
            raise CardDataError(f"{path}.amount", f"{op} takes a number of cards >= 1 or 'any'")
        return
    if to == "each_player" and op not in ("draw", *TIMED_OPS):
        raise CardDataError(f"{path}.to", "each_player is the recipient of a hand effect (discard, put_on_deck_top) "
                            "or of a draw («каждый игрок берёт», R15:527.2.3)")
    if amount in ("any", "all"):
        raise CardDataError(f"{path}.amount", f"'{amount}' is the amount of a discard («любое количество карт», «все карты»)")
    if amount == "healed_characters" and op != "choose_x_times":
        raise CardDataError(f"{path}.amount", "healed_characters is the X of a choose_x_times (R15:524.1; entry 213)")
    if amount == "discarded_before" and op != "create_delayed":
        raise CardDataError(f"{path}.amount", "discarded_before is the count a create_delayed remembers (R15:521.1)")
    if amount == "recipient_hand" and (op != "wound" or to not in ("each_hero", "own_hero", "enemy_hero")):
        raise CardDataError(f"{path}.amount", "recipient_hand wounds a hero by the hand of its player")


def _check_player_and_own_card_ops(op: str, to: str, amount: int | str, path: str) -> None:
    """The ops that move the ability's own card go to ``self``; a payment and temporary coins
    go to a player, a number of coins."""
    if op == "return_self_to_hand" and to != "self":
        raise CardDataError(f"{path}.to", "return_self_to_hand moves the ability's own card («верните Неистовство»): 'self'")
    if op == "double_ability_cost" and to != "self":
        raise CardDataError(f"{path}.to", "double_ability_cost doubles the cost of the ability's own card's ability: 'self'")
    if op == "graveyard_to_deck_top" and to != "self":
        raise CardDataError(f"{path}.to", "graveyard_to_deck_top moves the ability's own card («Оборотня»): 'self'")
    if op == "shuffle_self_into_deck" and to != "self":
        raise CardDataError(f"{path}.to", "shuffle_self_into_deck moves the ability's own card («Подгорного крота»): 'self'")
    if op == "pay" and (to != "controller" or not isinstance(amount, int) or amount < 1):
        raise CardDataError(f"{path}.to", "«вы можете заплатить (N)»: 'to' 'controller', a number of coins, at least 1")
    if op == "gain_coins_until_end_of_turn" and (to not in ("controller", "opponent") or not isinstance(amount, int)):
        raise CardDataError(f"{path}.to", "temporary coins go to a player (controller or opponent), a number of them")


def _read_params(raw: Mapping[str, Any], path: str, op: Op, to: str, amount: int | str, has_targets: bool) -> OpParams:
    """The op's own parameters (the record type :data:`OPS` gives it), each key refused on
    the effects of the other ops."""
    kind = OPS[op].params
    params = _read_wound_or_keyword(raw, path, op, to)
    if op in GRANT_OPS and to in HAND_RECIPIENTS:
        raise CardDataError(f"{path}.to", f"{op} goes to creatures, not to a player")
    if op == "upgrade" and to not in ("self", "target"):
        raise CardDataError(f"{path}.to", "upgrade goes to the card itself or to its target (one creature)")
    if kind is TimedCostParams:
        params = _parse_timed_cost(raw, path, has_targets)
    else:
        for key in ("modifier", "card_type", "first_only", "same_name"):
            if key in raw:
                raise CardDataError(f"{path}.{key}", "only a timed cost effect (cost_next_turn, "
                                    "cost_until_end_of_opponent_turn) has it")
    if op in TIMED_OPS and (to not in ("controller", "opponent", "each_player") or not isinstance(amount, int)):
        raise CardDataError(f"{path}.to", f"{op} is an effect on a player (controller, opponent or each_player), "
                            "a number (R15:521.1)")
    named = _read_named_params(raw, path, op, to)
    return params if named is None else named


def _read_wound_or_keyword(raw: Mapping[str, Any], path: str, op: Op, to: str) -> OpParams:
    """A wound's ``shot`` (of the targets only) and the keyword a keyword op grants."""
    shot = raw.get("shot", False)
    if shot is not False and (shot is not True or op != "wound" or to != "target"):
        raise CardDataError(f"{path}.shot", "true on a wound of the targets only («Выстрел на X», R15 glossary)")
    kind = OPS[op].params
    params: OpParams = NO_PARAMS
    if kind is WoundParams:
        params = WoundParams(shot=shot is True)
    elif kind is KeywordParams:
        params = KeywordParams(choice(required(raw, "keyword", path), GRANTED_KEYWORDS, f"{path}.keyword"))
    if "keyword" in raw and kind is not KeywordParams:
        raise CardDataError(f"{path}.keyword", "only keyword_until_end_of_turn / keyword_while_in_play / "
                            "keyword_until_start_of_your_next_turn grant a keyword")
    return params


def _read_named_params(raw: Mapping[str, Any], path: str, op: Op, to: str) -> OpParams | None:
    """What the op names: the card's delayed ability it creates (``delayed``), its granted
    ability (``granted``), the cards a search looks for (``find``), a created card (``card``);
    None for an op that names none of them."""
    kind = OPS[op].params
    params: OpParams | None = None
    if kind is DelayedParams:
        if to != "self":
            raise CardDataError(f"{path}.to", "create_delayed goes to the card itself (R15:521.2, 521.3)")
        params = DelayedParams(integer(raw.get("delayed", 0), f"{path}.delayed", 0))
    elif "delayed" in raw:
        raise CardDataError(f"{path}.delayed", "only create_delayed names a delayed ability")
    if kind is GrantParams:
        if to in HAND_RECIPIENTS:
            raise CardDataError(f"{path}.to", f"{op} gives an ability to creatures")
        params = GrantParams(integer(raw.get("granted", 0), f"{path}.granted", 0))
    elif "granted" in raw:
        raise CardDataError(f"{path}.granted", "only grant_ability_* names a granted ability")
    if kind is SearchParams:
        params = _parse_find(raw, path)
    elif "find" in raw:
        raise CardDataError(f"{path}.find", "only a search looks for cards")
    if kind is CreateParams:
        card = required(raw, "card", path)
        if not isinstance(card, str) or not card or to != "controller":
            raise CardDataError(f"{path}.card", "«create» names the id of a created card and goes to the controller")
        params = CreateParams(card)
    elif "card" in raw:
        raise CardDataError(f"{path}.card", "only «create» names a card")
    return params


def _read_counted_class(raw: Mapping[str, Any], path: str, amount: int | str) -> str:
    """``class``: the class the amount own_class_creatures counts (it alone has one)."""
    card_class = ""
    if amount == "own_class_creatures":
        card_class = choice(required(raw, "class", path), CLASSES["creature"], f"{path}.class")
    elif "class" in raw:
        raise CardDataError(f"{path}.class", "only the amount own_class_creatures counts a class")
    return card_class


def _parse_timed_cost(raw: Mapping[str, Any], path: str, has_targets: bool) -> TimedCostParams:
    """The keys of a timed cost effect: ``modifier`` (default increase), ``card_type``,
    ``first_only``, ``same_name`` (the ability's target names the cards; it needs one)."""
    first_only = raw.get("first_only", False)
    same_name = raw.get("same_name", False)
    for key, v in (("first_only", first_only), ("same_name", same_name)):
        if not isinstance(v, bool):
            raise CardDataError(f"{path}.{key}", "true or absent")
    if same_name and not has_targets:
        raise CardDataError(f"{path}.same_name", "«с таким же названием» names the ability's target: it needs one")
    return TimedCostParams(
        modifier=choice(raw.get("modifier", "increase"), MODIFIERS, f"{path}.modifier"),
        card_type=choice(raw["card_type"], TYPES, f"{path}.card_type") if "card_type" in raw else "",
        first_only=first_only,
        same_name=same_name,
    )


def _parse_find(raw: Mapping[str, Any], path: str) -> SearchParams:
    """What a «search» looks for (``find``: {"name": printed name} or {"type": …, "cost": n},
    R15:7.search); every search has it, no other effect does."""
    find = required(raw, "find", path)
    if not isinstance(find, dict) or not find or any(k not in FIND_KEYS for k in find):
        raise CardDataError(f"{path}.find", f"must be an object with keys among {', '.join(FIND_KEYS)}")
    name = find.get("name", "")
    if not isinstance(name, str) or ("name" in find and not name):
        raise CardDataError(f"{path}.find.name", "must be a card's printed name")
    ftype: CardType | Literal[""] = choice(find["type"], TYPES[1:], f"{path}.find.type") if "type" in find else ""
    cost = integer(find["cost"], f"{path}.find.cost", 0) if "cost" in find else -1
    max_cost = integer(find["max_cost"], f"{path}.find.max_cost", 0) if "max_cost" in find else -1
    if cost >= 0 and max_cost >= 0:
        raise CardDataError(f"{path}.find.max_cost", "a search looks for one cost or for a highest cost, not both")
    return SearchParams(name, ftype, cost, max_cost)
