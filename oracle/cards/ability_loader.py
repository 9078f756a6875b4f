"""Reading an ability of the card data: its kind's record (R15:112), with its target spec
(501.1, 501.4), its effects in order (R15:119.2) and their op's parameters, its cost
(501.2) and limit (R15:113.5, 114.4), or a static ability's (R15:115); every field
checked, a :class:`~oracle.cards.fields.CardDataError` naming the offending one.  The
format is :mod:`oracle.cards.loader`'s."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, Literal

from .fields import CardDataError, choice, integer, required
from .ops import GRANT_OPS, HAND_OPS, OPS
from .records import (
    NO_PARAMS,
    Ability,
    ActivatedAbility,
    Armour,
    CancelPlay,
    CostModifier,
    CreateParams,
    DelayedParams,
    DrawCount,
    DrawLimit,
    DrawReplacement,
    Effect,
    GrantAbility,
    GrantParams,
    KeywordParams,
    NoWoundsFrom,
    OpParams,
    PreventNext,
    Protection,
    SearchParams,
    SelfCostModifier,
    SpellAbility,
    StrikeBonus,
    TargetSpec,
    TimedCostParams,
    TriggeredAbility,
    WoundParams,
    WoundReplacement,
)
from .vocabulary import (
    ABILITY_KINDS,
    ALL_CLASSES,
    AMOUNTS,
    CLASSES,
    CONDITIONS,
    COST_COUNTS,
    COUNTED_AMOUNTS,
    EFFECT_OPS,
    FIND_KEYS,
    GRANTED_KEYWORDS,
    HAND_RECIPIENTS,
    IF_PREVIOUS,
    KILLED_BY,
    MODIFIERS,
    NTH_TRIGGERS,
    PROTECTION_KINDS,
    RECIPIENTS,
    REPLACEMENT_KINDS,
    SHOWN_CONDITIONS,
    STATIC_OPS,
    STRIKE_AGAINST,
    TARGET_CHOOSERS,
    TARGET_CONDITIONS,
    TARGET_FILTERS,
    TARGET_SIDE,
    TARGET_WHAT,
    TRIGGERS,
    TYPES,
    WHOSE,
    WOUND_WATCHES,
    CardType,
    Condition,
    IfPrevious,
    KilledBy,
    Trigger,
    Whose,
)

__all__ = ["parse_abilities"]

#: The most targets «Х персонажей» may name (a bound only: X is the coins the player pays).
MAX_X_TARGETS = 64


def _parse_target(raw: Any, path: str) -> TargetSpec:
    if not isinstance(raw, dict):
        raise CardDataError(path, "must be an object")
    what = choice(required(raw, "what", path), TARGET_WHAT, f"{path}.what")
    side = choice(raw.get("side", "any"), TARGET_SIDE, f"{path}.side")
    filters = raw.get("filter", [])
    if not isinstance(filters, list):
        raise CardDataError(f"{path}.filter", "must be a list")
    for i, f in enumerate(filters):
        choice(f, TARGET_FILTERS, f"{path}.filter[{i}]")
    count = raw.get("count", 1)
    x_count = count == "X"
    if x_count:
        # «Х персонажей»: as many targets as the X declared for the cost «(Х)» (entry 192)
        lo, hi = 1, MAX_X_TARGETS
    elif isinstance(count, dict):
        hi = integer(required(count, "up_to", f"{path}.count"), f"{path}.count.up_to", 1)
        lo = 1
    else:
        lo = hi = integer(count, f"{path}.count", 1)
    card_class = choice(raw["class"], ALL_CLASSES, f"{path}.class") if "class" in raw else ""
    max_cost = integer(raw["max_cost"], f"{path}.max_cost", 0) if "max_cost" in raw else -1
    min_strike = integer(raw["min_strike"], f"{path}.min_strike", 0) if "min_strike" in raw else -1
    chooser = choice(raw.get("chooser", "controller"), TARGET_CHOOSERS, f"{path}.chooser")
    cost_x = "cost" in raw
    if cost_x and raw["cost"] != "X":
        raise CardDataError(f"{path}.cost", 'only "X": the target costs the X declared («стоимостью (Х)»)')
    optional = raw.get("optional", False)
    if optional is not False:
        if optional is not True or chooser != "controller":
            raise CardDataError(f"{path}.optional", "true or absent; a target the opponent chooses is not optional")
        lo = 0
    return TargetSpec(what, side, tuple(filters), lo, hi, card_class, max_cost, min_strike, chooser, cost_x=cost_x,
                      x_count=x_count)


def _controller_condition(raw: Any, path: str) -> Condition:
    """A condition about the ability's controller (CONDITIONS but TARGET_CONDITIONS)."""
    cond = choice(raw, CONDITIONS, path)
    if cond in TARGET_CONDITIONS:
        raise CardDataError(path, f"{cond} is about an effect's target; it is read on effects to 'target' only")
    if cond in SHOWN_CONDITIONS:
        raise CardDataError(path, f"{cond} is about the card an ability showed; it is read on effects only")
    return cond


def _parse_effect(raw: Any, path: str, has_targets: bool, first: bool = True) -> Effect:
    if not isinstance(raw, dict):
        raise CardDataError(path, "must be an object")
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
    cond: Condition | Literal[""] = choice(raw["if"], CONDITIONS, f"{path}.if") if "if" in raw else ""
    if cond in TARGET_CONDITIONS and to != "target":
        raise CardDataError(f"{path}.if", f"{cond} is about the target: 'to' must be 'target'")
    if_previous: IfPrevious | Literal[""] = ""
    if "if_previous" in raw:
        if first:
            raise CardDataError(f"{path}.if_previous", "the first effect has no effect before it")
        if_previous = choice(raw["if_previous"], IF_PREVIOUS, f"{path}.if_previous")
    bonus = 0
    bonus_if: Condition | Literal[""] = ""
    if "bonus" in raw:
        b = raw["bonus"]
        if not isinstance(b, dict):
            raise CardDataError(f"{path}.bonus", "must be an object {'if': condition, 'amount': n}")
        # with no «if» the bonus always applies («… и еще одну»; INTERPRETING.md, entry 174)
        bonus_if = _controller_condition(b["if"], f"{path}.bonus.if") if "if" in b else ""
        bonus = integer(required(b, "amount", f"{path}.bonus"), f"{path}.bonus.amount", 1)
    per = 1
    if "per" in raw:
        if amount not in COUNTED_AMOUNTS:
            raise CardDataError(f"{path}.per", f"only a counted amount ({', '.join(COUNTED_AMOUNTS)}) is multiplied")
        per = integer(raw["per"], f"{path}.per", 1)
    _check_hand_effect(op, to, amount, path)
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
    if op in _TIMED_OPS and (to not in ("controller", "opponent", "each_player") or not isinstance(amount, int)):
        raise CardDataError(f"{path}.to", f"{op} is an effect on a player (controller, opponent or each_player), "
                            "a number (R15:521.1)")
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
    card_class = ""
    if amount == "own_class_creatures":
        card_class = choice(required(raw, "class", path), CLASSES["creature"], f"{path}.class")
    elif "class" in raw:
        raise CardDataError(f"{path}.class", "only the amount own_class_creatures counts a class")
    return Effect(op, to, amount, cond, bonus, bonus_if, if_previous, per, params, card_class)


#: The ops that put a timed effect on a player (R15:521.1; :mod:`oracle.rules.queries.timed_effects`).
_TIMED_OPS = ("no_plays_next_turn", "cost_next_turn", "cost_until_end_of_opponent_turn")


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


def _check_shots(effects: tuple[Effect, ...], targets: tuple[TargetSpec, ...], path: str) -> None:
    """A shot wounds an enemy character only (R15:507.2; R15 glossary «Выстрел»)."""
    if any(isinstance(e.params, WoundParams) and e.params.shot for e in effects) and (not targets or targets[0].side != "enemy"):
        raise CardDataError(f"{path}.targets", "a shot's target is an enemy character (R15:507.2)")


#: The ops about the top cards of the controller's own deck (INTERPRETING.md, entries 160, 161).
_DECK_TOP_OPS = ("reveal_deck_top", "shown_to_hand", "shown_to_deck_bottom", "look_at_deck_top")
#: The ops that move the card an earlier ``reveal_deck_top`` showed.
_SHOWN_OPS = ("shown_to_hand", "shown_to_deck_bottom")


def _check_shown(effects: tuple[Effect, ...], kind: str, raw: Mapping[str, Any], path: str) -> None:
    """An effect that reads the card the ability showed (a ``SHOWN_CONDITIONS`` condition, op
    ``shown_to_hand``) follows a ``reveal_deck_top`` of one card in the same ability, with no
    hand effect between (the card is still the top of the deck; INTERPRETING.md, entry 160);
    ``shown_named`` reads the card named with the declaration of a triggered ability («Найм:
    Назовите карту …»), the only declaration that names one."""
    shown = False
    for i, e in enumerate(effects):
        if (e.cond in SHOWN_CONDITIONS or e.op in _SHOWN_OPS) and not shown:
            raise CardDataError(f"{path}[{i}]", "reads the card shown by an earlier reveal_deck_top of one card "
                                "(no hand effect between)")
        if e.op == "reveal_deck_top":
            shown = e.amount == 1
        elif e.op in HAND_OPS or e.op in _SHOWN_OPS:
            shown = False  # it moved the shown card, or the hand effect may have moved the deck
        if e.cond == "shown_named" and (kind != "triggered" or "options" in raw):
            raise CardDataError(f"{path}[{i}].if", "shown_named reads the card named with the declaration of a "
                                "triggered ability (not a constructor)")


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
        if op in _SHOWN_OPS and amount != 1:
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
    if to == "each_player" and op not in ("draw", *_TIMED_OPS):
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
    instead = tuple(_parse_effect(e, f"{path}.instead[{i}]", False, i == 0) for i, e in enumerate(raw))
    for i, e in enumerate(instead):
        if e.to not in _INSTEAD.get(e.op, ()) or not isinstance(e.amount, int) or e.cond or e.bonus_if:
            raise CardDataError(f"{path}.instead[{i}]", "a draw replacement does "
                                + ", ".join(f"{op} to {'/'.join(to)}" for op, to in _INSTEAD.items())
                                + " by a number, unconditionally")
    return DrawReplacement(instead=instead, player=player, text_en=text_en)


#: Triggers about another card that may name the class of that card (``subject_class``).
_SUBJECT_CLASS_TRIGGERS: tuple[Trigger, ...] = ("creature_dies", "creature_enters", "wounds_hero")


def _parse_ability(raw: Any, path: str, card_type: str) -> Ability:
    if not isinstance(raw, dict):
        raise CardDataError(path, "must be an object")
    kind = choice(required(raw, "kind", path), ABILITY_KINDS, f"{path}.kind")
    if "in_graveyard" in raw and kind != "activated":
        raise CardDataError(f"{path}.in_graveyard", "only an activated ability is declared from the graveyard here")
    if kind == "spell" and card_type != "spell":
        raise CardDataError(f"{path}.kind", "spell abilities belong to spells (R15:117.1)")
    if card_type == "spell" and kind != "spell":
        raise CardDataError(f"{path}.kind", "a spell has only spell abilities (R15:211.1)")
    text_en = str(raw.get("text_en", ""))
    if kind == "static":
        st = required(raw, "static", path)
        if not isinstance(st, dict) or st.get("op") not in STATIC_OPS:
            raise CardDataError(f"{path}.static.op", f"must be one of {', '.join(STATIC_OPS)}")
        if st["op"] == "strike_bonus":
            if card_type != "creature":
                raise CardDataError(f"{path}.static.op", "strike_bonus belongs to creatures")
            return StrikeBonus(
                value=integer(required(st, "value", f"{path}.static"), f"{path}.static.value", 1),
                cond=_controller_condition(st["if"], f"{path}.static.if") if "if" in st else "",
                against=choice(st["against"], STRIKE_AGAINST, f"{path}.static.against") if "against" in st else "",
                text_en=text_en,
            )
        if st["op"] == "no_wounds_from":
            if card_type != "creature" or set(st) != {"op", "min_strike"}:
                raise CardDataError(f"{path}.static", "no_wounds_from belongs to creatures and takes min_strike only")
            return NoWoundsFrom(
                min_strike=integer(st["min_strike"], f"{path}.static.min_strike", 1),
                text_en=text_en,
            )
        if st["op"] == "grant_ability":
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
        if st["op"] in _WOUND_STATICS:
            return _parse_wound_static(st, f"{path}.static", card_type, text_en)
        if st["op"] == "cancel_play":
            return _parse_cancel_play(st, f"{path}.static", text_en)
        if st["op"] in ("draw_limit", "draw_count", "draw_replacement"):
            return _parse_draw_static(st, f"{path}.static", text_en)
        if st.get("self"):
            return _parse_self_cost(st, f"{path}.static", text_en)
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
    targets_raw = raw.get("targets", [])
    if not isinstance(targets_raw, list):
        raise CardDataError(f"{path}.targets", "must be a list")
    targets = tuple(_parse_target(t, f"{path}.targets[{i}]") for i, t in enumerate(targets_raw))
    if any(t.x_count for t in targets) and kind not in ("activated", "spell"):
        raise CardDataError(f"{path}.targets", "«Х персонажей» (count 'X') belongs to an activated ability with the "
                            "cost «(Х)» or to a spell («Выберите Х …», X declared with the play, R15:512.4)")
    if len(targets) > 1 and not (kind == "spell" and all(t.x_count and t.chooser == "controller" for t in targets)):
        # «Выберите Х ваших существ и Х существ противника»: groups of X targets each, all chosen
        # by the spell's controller (INTERPRETING.md, entry 230)
        raise CardDataError(f"{path}.targets", "at most one target spec per ability, but a spell's groups of X "
                            "targets each (count 'X')")
    if targets and targets[0].min_count == 0 and kind not in ("triggered", "activated"):
        # «можете ранить существо» of a triggered or an activated ability (R15:119.5; entries 85, 162)
        raise CardDataError(f"{path}.targets[0].optional", "an optional target belongs to a triggered or an activated "
                            "ability")
    effects_raw = required(raw, "effects", path)
    if not isinstance(effects_raw, list) or not effects_raw:
        raise CardDataError(f"{path}.effects", "must be a non-empty list")
    effects = tuple(
        _parse_effect(e, f"{path}.effects[{i}]", bool(targets), i == 0) for i, e in enumerate(effects_raw)
    )
    _check_after_hand_effects(effects, f"{path}.effects")
    _check_shown(effects, kind, raw, f"{path}.effects")
    if any(e.op == "upgrade" and e.to == "target" for e in effects) and (
            targets[0].what != "creature" or targets[0].max_count != 1):
        raise CardDataError(f"{path}.targets", "upgrade goes to one creature («Усовершенствуйте существо»)")
    if any(e.amount == "target_strike" for e in effects) and (
        targets[0].what != "creature" or targets[0].max_count != 1
    ):
        raise CardDataError(f"{path}.targets", "target_strike reads the strike of exactly one target creature")
    if any(e.amount == "target_life" for e in effects) and (
        targets[0].what not in ("creature", "character") or targets[0].max_count != 1
    ):
        raise CardDataError(f"{path}.targets", "target_life reads the life of exactly one target character")
    _check_shots(effects, targets, path)
    if kind == "spell" and any(isinstance(e.params, WoundParams) and e.params.shot for e in effects):
        raise CardDataError(f"{path}.effects", "a shot is made by an activated or triggered ability (R15:507.5)")
    trigger: Trigger | Literal[""] = ""
    whose: Whose = "any"
    optional, whenever, nth = False, False, 0
    tap, coins, discard, x_coins, thirst = False, 0, 0, False, 0
    discard_x = False
    subject_class = ""
    killed_by: KilledBy | Literal[""] = ""
    if kind == "triggered":
        trigger = choice(required(raw, "trigger", path), TRIGGERS, f"{path}.trigger")
        whose = choice(raw.get("whose", "any"), WHOSE, f"{path}.whose")
        optional = bool(raw.get("optional", False))
        whenever = bool(raw.get("whenever", False))
        nth = _parse_nth(raw, trigger, path)
        if trigger == "search_used" and (card_type != "creature" or "whose" in raw):
            # «Когда вы используете Поиск»: a creature's, fired from its owner's deck by his own search
            # (R15:113.10; INTERPRETING.md, entry 220)
            raise CardDataError(f"{path}.trigger", "search_used belongs to a creature card and is about its owner's "
                                "own search: no 'whose'")
        if "subject_class" in raw:
            if trigger not in _SUBJECT_CLASS_TRIGGERS:
                raise CardDataError(f"{path}.subject_class", "only " + " / ".join(_SUBJECT_CLASS_TRIGGERS)
                                    + " have a subject class")
            # a creature's class; a card that wounds a hero may be a support card («механизм», R15:107.3.2)
            allowed = CLASSES["creature"] if trigger != "wounds_hero" else (*CLASSES["creature"], *CLASSES["support"])
            subject_class = choice(raw["subject_class"], allowed, f"{path}.subject_class")
        if "killed_by" in raw:
            # «при гибели от [текст]» (R15:505.1.1; INTERPRETING.md, entry 98)
            if trigger not in ("death", "creature_dies"):
                raise CardDataError(f"{path}.killed_by", "only death / creature_dies say what the card died from")
            killed_by = choice(raw["killed_by"], KILLED_BY, f"{path}.killed_by")
    if any(e.amount == "discarded" for e in effects) and trigger != "discards":
        raise CardDataError(f"{path}.effects", "the amount 'discarded' belongs to a «discards» trigger")
    if any(e.amount == "wounds_dealt" for e in effects) and trigger != "strikes_hero":
        raise CardDataError(f"{path}.effects", "the amount 'wounds_dealt' belongs to a «strikes_hero» trigger")
    if any(e.amount == "self_wounds" for e in effects) and trigger != "death":
        raise CardDataError(f"{path}.effects", "the amount 'self_wounds' belongs to a «death» trigger")
    if any(e.to == "struck" for e in effects) and trigger != "strikes_creature":
        raise CardDataError(f"{path}.effects", "the recipient 'struck' belongs to a «strikes_creature» trigger")
    if any(e.to == "attacked" for e in effects) and trigger != "attacks":
        raise CardDataError(f"{path}.effects", "the recipient 'attacked' belongs to an «attacks» trigger")
    if any(e.amount == "strike_at_death" for e in effects):
        if trigger != "death":
            raise CardDataError(f"{path}.effects", "the amount 'strike_at_death' belongs to a «death» trigger")
        if any(e.amount == "self_wounds" for e in effects):
            # the trigger keeps one number (its count, R15:403.1): the wounds or the strike
            raise CardDataError(f"{path}.effects", "an ability reads either 'self_wounds' or 'strike_at_death', "
                                "not both")
    if kind != "activated" and any(e.op == "double_ability_cost" for e in effects):
        raise CardDataError(f"{path}.effects", "«удвойте стоимость этой особенности» belongs to an activated ability")
    if kind == "activated":
        cost = required(raw, "cost", path)
        if not isinstance(cost, dict):
            raise CardDataError(f"{path}.cost", "must be an object")
        tap = bool(cost.get("tap", False))
        # «(Х):» — X open coins, X declared (R15:308.1 step 3, 512.4)
        x_coins = cost.get("coins") == "X"
        coins = 0 if x_coins else integer(cost.get("coins", 0), f"{path}.cost.coins", 0)
        # «сбросьте Х карт»: as many cards as the X declared for «(Х)» (INTERPRETING.md, entry 240)
        discard_x = cost.get("discard") == "X"
        if discard_x and not x_coins:
            raise CardDataError(f"{path}.cost.discard", "'X' cards discarded needs the cost «(Х)» (cost.coins 'X')")
        discard = 0 if discard_x else integer(cost.get("discard", 0), f"{path}.cost.discard", 0)
        if discard > 1:
            raise CardDataError(f"{path}.cost.discard", "a discard cost discards one card («Сбросьте карту:») or X")
        # «Жажда N» (R15 glossary): an additional cost with a source and a target (R15:501.4)
        thirst = integer(cost.get("thirst", 0), f"{path}.cost.thirst", 0)
        if thirst and (discard or discard_x):
            raise CardDataError(f"{path}.cost.thirst", "a cost names one card of its own: Жажда or a discard, not both")
        if any(t.x_count for t in targets) and not x_coins:
            raise CardDataError(f"{path}.targets", "«Х персонажей» (count 'X') needs the cost «(Х)» (cost.coins 'X')")
        if any(e.amount == "X" for e in effects) and not x_coins:
            raise CardDataError(f"{path}.effects", "the amount 'X' of an activated ability needs the cost «(Х)» "
                                "(cost.coins 'X')")
        # «(эта особенность работает на кладбище)» (R15 glossary «Кладбище»; entry 157)
        in_graveyard = raw.get("in_graveyard", False)
        if not isinstance(in_graveyard, bool):
            raise CardDataError(f"{path}.in_graveyard", "must be true or false")
        if in_graveyard and (tap or card_type != "creature"):
            raise CardDataError(f"{path}.in_graveyard", "an ability that works in the graveyard belongs to a "
                                "creature and does not close its card (a card in the graveyard is neither open nor "
                                "closed)")
    if any(t.cost_x for t in targets) and not x_coins:
        raise CardDataError(f"{path}.targets", "a target «стоимостью (Х)» needs an activated ability's cost «(Х)» "
                            "(cost.coins 'X')")
    per_turn = per_game = 0
    limit = raw.get("limit")
    if limit is None:
        if kind in ("activated", "triggered") and not whenever:
            per_turn = 1  # R15:113.5, R15:114.4
    elif isinstance(limit, dict) and len(limit) == 1 and "per_turn" in limit:
        per_turn = integer(limit["per_turn"], f"{path}.limit.per_turn", 1)
    elif isinstance(limit, dict) and len(limit) == 1 and "per_game" in limit:
        per_game = integer(limit["per_game"], f"{path}.limit.per_game", 1)
    elif limit == "none":
        pass  # "none": the ability has no usage limit at all
    else:
        raise CardDataError(f"{path}.limit", "must be {'per_turn': n}, {'per_game': n} or 'none'")
    if whenever and (per_turn or per_game):
        raise CardDataError(f"{path}.limit", "a «Каждый раз, когда» ability has no limit")
    if kind == "triggered":
        assert trigger  # read above
        # «В конце хода противника, если он …»: a condition of the trigger itself (R15:113.2; entry 144)
        cond = _controller_condition(raw["if"], f"{path}.if") if "if" in raw else ""
        return TriggeredAbility(
            trigger, targets, effects, text_en, per_turn, per_game, whose, optional, whenever, subject_class, nth,
            killed_by, cond=cond,
        )
    if kind == "activated":
        return ActivatedAbility(targets, effects, text_en, per_turn, per_game, tap, coins, discard, x_coins, thirst,
                                discard_x=discard_x, graveyard=in_graveyard)
    return SpellAbility(targets, effects, text_en, per_turn, per_game)


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


def _parse_nth(raw: Mapping[str, Any], trigger: str, path: str) -> int:
    """``nth`` of a trigger about the player's nth card of the turn.  ``card_drawn`` needs it
    and at least 2: the first draw of a turn may be the accumulation phase's, before the
    start-of-turn Queue (R15:304.2, 304.4), which no card of the pool asks for."""
    if "nth" not in raw:
        if trigger == "card_drawn":
            raise CardDataError(f"{path}.nth", "card_drawn needs the nth card drawn this turn (at least 2)")
        return 0
    if trigger not in NTH_TRIGGERS:
        raise CardDataError(f"{path}.nth", f"only {' / '.join(NTH_TRIGGERS)} count the cards of the turn")
    return integer(raw["nth"], f"{path}.nth", 2 if trigger == "card_drawn" else 1)


def _check_after_hand_effects(effects: tuple[Effect, ...], path: str) -> None:
    """An ability resumes after a hand choice with its later effects (INTERPRETING.md, entry
    63): nothing after a hand effect reads what the earlier effects drew, and no
    ``if_previous`` follows a hand effect of each player (it would be about two choices)."""
    for i, e in enumerate(effects):
        if e.amount == "discarded_before" and not any(d.op == "discard" and d.amount == "all" and d.to == "controller"
                                                      for d in effects[:i]):
            # the count is taken in the same run of the effects: after a discard that never waits for a choice
            raise CardDataError(f"{path}[{i}].amount", "discarded_before follows a discard of all the controller's "
                                "cards («Сбросьте все карты») in the same ability")
        if e.op not in HAND_OPS:
            continue
        for j, later in enumerate(effects[i + 1:], i + 1):
            # attaching mechanisms to the card keeps it in play, so its strike is read after it (entry 202)
            if later.amount in ("drawn", "self_strike", "target_strike") and not (
                    later.amount == "self_strike" and e.op == "attach_own_mechanisms"):
                raise CardDataError(f"{path}[{j}].amount", f"{later.amount} is not read after a hand effect")
        if e.to == "each_player" and i + 1 < len(effects) and effects[i + 1].if_previous:
            raise CardDataError(f"{path}[{i + 1}].if_previous", "no if_previous after a hand effect of each player")
        if e.op in ("search", "summon") and i + 1 < len(effects) and effects[i + 1].if_previous:
            # the resolution resumes after the shuffle, which keeps no record of what was found
            raise CardDataError(f"{path}[{i + 1}].if_previous", f"no if_previous after a {e.op}")


#: The triggers whose firing event has a count of its own (``pending[].count``).
_COUNTING_TRIGGERS: tuple[Trigger, ...] = ("discards", "strikes_hero", "death")
#: The conditions a delayed triggered ability may wait for: about the turn or another card
#: (R15:521; the ability belongs to no card in play, so no «this card» condition).
_DELAYED_TRIGGERS: tuple[Trigger, ...] = ("start_of_turn", "end_of_turn", "creature_dies", "creature_enters",
                                          "spell_played", "card_played", "card_drawn", "creature_played")


def _default_recipient(raw: Any) -> Any:
    """An effect of a delayed ability that names no recipient (and no target) goes to its
    controller's hero — to the controller himself for an effect on a player (R15:521.1)."""
    if not isinstance(raw, dict) or "to" in raw:
        return raw
    op = raw.get("op")
    spec = next((s for o, s in OPS.items() if o == op), None)
    if spec is None:
        return raw  # the effect's own check names the unknown op
    return {**raw, "to": "controller" if spec.group == "player" else "own_hero"}


def parse_delayed(raw: Any, path: str, first: int = 0) -> tuple[TriggeredAbility, ...]:
    """A card's delayed triggered abilities (card key ``delayed``, R15:521): triggered
    abilities without a usage limit (each fires once and is gone); an effect with no ``to``
    goes to the controller's hero, or to the controller for an effect on a player (R15:521.1).

    One may be a constructor «При [событие] выберите Х раз из» whose X its creating effect
    gives (``"choose": "X"``, ``options``; op ``choose_x_times``, R15:524.1; INTERPRETING.md,
    entry 213): its options follow the listed abilities (indexes from ``first``, the card's
    abilities counted, plus the listed ones)."""
    if not isinstance(raw, list) or not raw:
        raise CardDataError(path, "must be a non-empty list of triggered abilities")
    out: list[TriggeredAbility] = []
    items: list[Ability] = []
    for i, a in enumerate(raw):
        p = f"{path}[{i}]"
        if not isinstance(a, dict) or a.get("kind") != "triggered":
            raise CardDataError(f"{p}.kind", "a delayed ability is triggered (R15:521)")
        if "options" in a:
            # «Создайте A или B за каждого излеченного персонажа» (R15:524.1; entry 213)
            if a.get("choose") != "X" or a.get("trigger") != "character_healed":
                raise CardDataError(f"{p}.choose", "a constructor among the delayed abilities is «за каждого "
                                    "излеченного»: choose \"X\", trigger character_healed")
            c = _parse_trigger_constructor(a, p, "creature", first + len(raw), items)
            assert isinstance(c, TriggeredAbility)
            out.append(replace(c, per_turn=0, per_game=0))
            continue
        if any(k in a for k in ("per_turn", "per_game", "whenever", "limit")):
            raise CardDataError(p, "a delayed ability fires once: it takes no usage limit")
        effects = a.get("effects")
        if isinstance(effects, list) and not a.get("targets"):
            a = {**a, "effects": [_default_recipient(e) for e in effects]}
        ability = _parse_ability(a, p, "creature")
        assert isinstance(ability, TriggeredAbility)
        if ability.trigger not in _DELAYED_TRIGGERS:
            raise CardDataError(f"{p}.trigger", f"a delayed ability waits for one of {', '.join(_DELAYED_TRIGGERS)}")
        if ability.cond:
            raise CardDataError(f"{p}.if", "a delayed ability waits for its condition alone (no «если» of its own)")
        if any(e.amount == "remembered" for e in ability.effects) and ability.trigger in _COUNTING_TRIGGERS:
            raise CardDataError(f"{p}.trigger", "a delayed ability that reads a remembered count waits for a "
                                "condition that counts nothing")
        out.append(replace(ability, per_turn=0, per_game=0))
    out.extend(replace(x, per_turn=0, per_game=0) for x in items if isinstance(x, TriggeredAbility))
    return tuple(out)


#: The conditions a granted triggered ability may fire on: about the card that has it (R15:7.gains;
#: INTERPRETING.md, entry 180).
GRANTED_TRIGGERS: tuple[Trigger, ...] = ("hire", "death", "attacks", "strikes_hero", "strikes_creature")


def parse_granted(raw: Any, path: str, first: int) -> tuple[TriggeredAbility, ...]:
    """A card's granted triggered abilities (card key ``granted``, R15:7.gains): what its
    effects («получает "…"») or statics («имеют: "…"») give to other cards, numbered from
    ``first`` (after its own and its delayed abilities); each fires on a condition about the
    card that has it (:data:`GRANTED_TRIGGERS`); a triggered constructor's options follow the
    listed ones (INTERPRETING.md, entries 142, 180)."""
    if not isinstance(raw, list) or not raw:
        raise CardDataError(path, "must be a non-empty list of triggered abilities")
    for i, a in enumerate(raw):
        if not isinstance(a, dict) or a.get("kind") != "triggered":
            raise CardDataError(f"{path}[{i}].kind", "a granted ability is triggered (R15:7.gains)")
        if any(k in a for k in ("limit", "whenever")):
            raise CardDataError(f"{path}[{i}]", "a granted ability takes no usage limit (its marker is not modelled)")
    out = parse_abilities(raw, path, "creature")
    shifted: list[TriggeredAbility] = []
    for i, a in enumerate(out):
        assert isinstance(a, TriggeredAbility)
        if a.trigger not in GRANTED_TRIGGERS:
            raise CardDataError(f"{path}[{i}].trigger", f"a granted ability fires on one of {', '.join(GRANTED_TRIGGERS)}")
        # no «1 раз за ход» marker: the card that has it keeps markers for its own abilities only
        # (INTERPRETING.md, entry 180)
        a = replace(a, per_turn=0, per_game=0)
        shifted.append(replace(a, options=tuple(first + k for k in a.options)) if a.options else a)
    return tuple(shifted)


def parse_abilities(raw: Any, path: str, card_type: str) -> tuple[Ability, ...]:
    """The abilities of the list ``raw`` at ``path``, each read by its kind, of a card of type ``card_type``."""
    if not isinstance(raw, list):
        raise CardDataError(path, "must be a list")
    out: list[Ability] = []
    items: list[Ability] = []
    for i, a in enumerate(raw):
        if isinstance(a, dict) and a.get("kind") in ("activated", "triggered") and "options" in a:
            out.append(_parse_constructor(a, f"{path}[{i}]", card_type, len(raw) + len(items), items))
        else:
            out.append(_parse_ability(a, f"{path}[{i}]", card_type))
    return (*out, *items)


def _parse_constructor(raw: dict[str, Any], path: str, card_type: str, first: int, items: list[Ability]) -> Ability:
    """An activated ability constructor (R15:524): ``{"kind": "activated", "cost": {...},
    "choose": n | "one_or_more", "options": [{"targets": [one target], "effects": [...]}, ...]}``.
    Its options become abilities of the card after its listed ones (indexes from ``first``,
    appended to ``items``), each with exactly one target (a chain's items are declared with one
    target each, INTERPRETING.md entry 124)."""
    opts = raw["options"]
    if not isinstance(opts, list) or len(opts) < 2:
        raise CardDataError(f"{path}.options", "a constructor lists two or more abilities")
    choose = raw.get("choose")
    if raw["kind"] == "triggered":
        return _parse_trigger_constructor(raw, path, card_type, first, items)
    # «Выберите Х раз одно из»: the chain as long as the X of «(Х)» (R15:524.1; entry 241)
    repeat_x = choose == "X"
    repeat = 0 if choose == "one_or_more" or repeat_x else integer(choose, f"{path}.choose", 1)
    base = _parse_ability({k: v for k, v in raw.items() if k not in ("options", "choose")}
                          | {"effects": [{"op": "draw", "to": "controller", "amount": 0}]}, path, card_type)
    assert isinstance(base, ActivatedAbility)
    if base.thirst:
        raise CardDataError(f"{path}.cost", "a constructor's cost has no Жажда (values name its chain)")
    if repeat_x and not base.x_coins:
        raise CardDataError(f"{path}.choose", "«Выберите Х раз» needs the cost «(Х)» (cost.coins 'X')")
    indexes: list[int] = []
    # «Создайте A или B» inside an activated ability (Золотой трон): options without a target,
    # the chain named with the activation's values (INTERPRETING.md, entries 142, 163)
    targetless = all(isinstance(o, dict) and "targets" not in o for o in opts)
    for j, o in enumerate(opts):
        where = f"{path}.options[{j}]"
        if not isinstance(o, dict) or set(o) - {"targets", "effects", "text_en"}:
            raise CardDataError(where, "an option has targets, effects and text_en only")
        t = [{}] if targetless else o.get("targets")
        if not isinstance(t, list) or len(t) != 1 or not isinstance(t[0], dict) or "count" in t[0] or "optional" in t[0]:
            raise CardDataError(f"{where}.targets", "each option has exactly one target, or none has any")
        a = _parse_ability({"kind": "activated", "cost": {}, "limit": "none", **o}, where, card_type)
        assert isinstance(a, ActivatedAbility)
        if not targetless and a.targets[0].chooser != "controller":
            raise CardDataError(f"{where}.targets[0].chooser", "the controller chooses an option's target")
        indexes.append(first + len(items))
        items.append(replace(a, item=True))
    return replace(base, effects=(), options=tuple(indexes), repeat=repeat, repeat_x=repeat_x)


def _parse_trigger_constructor(
    raw: dict[str, Any], path: str, card_type: str, first: int, items: list[Ability]
) -> Ability:
    """A triggered ability constructor «При [событие] выберите n раз из» (R15:524.1):
    ``{"kind": "triggered", "trigger": …, "choose": n, "options": [{"effects": [...]}, ...]}``;
    «Гибель: Создайте A или B» is its form with n = 1 (INTERPRETING.md, entry 142).  Its options
    become triggered abilities of the card on the same condition after its listed ones (indexes
    from ``first``, appended to ``items``), each an ``item`` that never fires by itself; they name
    no target (the chain is named with the declaration, the action's ``values``)."""
    opts = raw["options"]
    where = f"{path}.choose"
    # "X": the count the creating effect gives (a delayed constructor only; entry 213)
    repeat_x = raw.get("choose") == "X"
    repeat = 0 if repeat_x else integer(raw.get("choose"), where, 1)
    if "targets" in raw or "effects" in raw:
        raise CardDataError(path, "a triggered constructor has options instead of targets and effects")
    base = _parse_ability({k: v for k, v in raw.items() if k not in ("options", "choose")}
                          | {"effects": [{"op": "draw", "to": "controller", "amount": 0}]}, path, card_type)
    assert isinstance(base, TriggeredAbility)
    if base.optional and not all(isinstance(o, dict) and all(
            isinstance(e, dict) and e.get("op") == "look_at_deck_top" for e in o.get("effects", ())) for o in opts):
        # «вы можете посмотреть верхнюю карту любой колоды»: pass, or name the deck (entry 164)
        raise CardDataError(f"{path}.optional", "an optional triggered constructor only chooses a deck to look at")
    indexes: list[int] = []
    for j, o in enumerate(opts):
        at = f"{path}.options[{j}]"
        if not isinstance(o, dict) or set(o) - {"effects", "text_en"}:
            raise CardDataError(at, "an option of a triggered constructor has effects and text_en only (no target)")
        a = _parse_ability({"kind": "triggered", "trigger": raw.get("trigger"), "limit": "none", **o}, at, card_type)
        assert isinstance(a, TriggeredAbility)
        indexes.append(first + len(items))
        items.append(replace(a, item=True, whose=base.whose, subject_class=base.subject_class,
                             killed_by=base.killed_by, nth=base.nth))
    return replace(base, effects=(), options=tuple(indexes), repeat=repeat, repeat_x=repeat_x)
