"""The card pool: card definitions read from ``data/cards.json`` (data, never code).

A card definition is a flat, immutable record.  Its abilities are small records whose
effects are named operations from a closed vocabulary (:data:`EFFECT_OPS`); nothing in the
file is evaluated.  The loader validates every field and names the offending one in a
:class:`CardDataError`.

Schema of one card (JSON object)::

    id         ascii id, stable, used in states and scenarios ("strazh_kupeli")
    name       Russian name as printed;  name_en  English gloss
    type       "hero" | "creature" | "spell" | "support"          (R15:107.1)
    cost       integer >= 0, or "X" (variable cost, R15:106.1.2); absent for heroes
    strike     creatures only; life: creatures and heroes           (R15:106.2, 106.3)
    class      support cards: their class (one per class per player, R15:212.3)
    keywords   subset of ["dash", "stealth"]  (Рывок R15:108.5; Скрытность)
    turn_order heroes only: "first" | "second" (301.4.1)
    text       the Russian card text the model follows; source: where it was read
    modes      spells only: list of lists of abilities; the player picks one (309.1 step 3)
    fury       optional additional cost: {"coins": n, "abilities": [...]} (Ярость, 309.1 step 3)
    alt_cost   optional alternative cost: {"wound_own_hero": n} (розыгрыш за здоровье)
    abilities  list of abilities (below)

Ability::

    kind      "spell" | "activated" | "triggered" | "static"
    text_en   optional English gloss
    trigger   triggered only: one of TRIGGERS
    whose     for start_of_turn / end_of_turn / creature_dies / creature_enters:
              "own" | "opponent" | "any"  (whose turn, or whose creature)
    optional  triggered only: true when the text says «может» (R15:113.4)
    whenever  triggered only: «Каждый раз, когда»: no per-turn limit (R15:113.5)
    limit     {"per_turn": n} or {"per_game": n}; default per_turn 1 for activated and
              triggered abilities that are not «whenever» (R15:113.5, 114.4); spells: none
    cost      activated only: {"tap": bool, "coins": n}   (501.2)
    targets   list of target specs, chosen at declaration (501.1, 501.4)
    effects   list of effects, executed in order (R15:119.2)
    static    static only: {"op": "cost_modifier", "modifier": one of MODIFIERS,
              "value": n, "player": "own"|"opponent"|"any", "card_type": type or "any"}

Target spec::  {"what": "creature"|"hero"|"character", "side": "own"|"enemy"|"any",
                "filter": subset of ["poisoned", "other", "wounded"],
                "count": n (exactly n distinct) or {"up_to": n} (1..n distinct)}

Effect::  {"op": one of EFFECT_OPS, "to": a recipient, "amount": n | "X" | "self_strike"}
    recipients: "target" (every chosen target of this ability), "self", "own_hero",
    "enemy_hero", "each_enemy_creature", "each_own_creature", "each_creature",
    "each_other_creature" (every creature in play but the ability's source), "each_hero",
    "controller", "opponent"
    "distribute_wounds" splits ``amount`` among the chosen targets, each at least one
    (309.1 step 6).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from .errors import FieldError

__all__ = [
    "EFFECT_OPS",
    "MODIFIERS",
    "RECIPIENTS",
    "TRIGGERS",
    "Ability",
    "CardDataError",
    "CardDef",
    "Effect",
    "Fury",
    "Pool",
    "TargetSpec",
    "load_pool",
    "parse_pool",
]

TYPES = ("hero", "creature", "spell", "support")
KEYWORDS = ("dash", "stealth")
ABILITY_KINDS = ("spell", "activated", "triggered", "static")
#: Trigger conditions the engine knows (R15:113.2).
TRIGGERS = (
    "start_of_turn",  # «В начале хода»
    "end_of_turn",  # «В конце хода»
    "hire",  # «Найм»: this card entered the play zone
    "death",  # «Гибель»: this card was destroyed
    "attacks",  # «при атаке»: this creature declared a strike attack
    "closed",  # this card became closed
    "creature_dies",  # another creature was destroyed
    "creature_enters",  # another creature entered the play zone
    "spell_played",  # a spell was played
)
WHOSE = ("own", "opponent", "any")
#: Cost modifier kinds in the order 309.1 step 8 applies them (R15:523.1).
MODIFIERS = ("increase", "multiply", "decrease", "divide", "set")
#: The closed vocabulary of effect operations.
EFFECT_OPS = (
    "wound",  # deal wounds (R15:504.3)
    "distribute_wounds",  # split wounds among the targets, at least one each
    "destroy",  # destroy without wounds (R15:505.2)
    "poison",  # «Отравить на Х»: Poison X, the highest value applies (R15:7.poison)
    "intensify_poison",  # «Усилить отравление на Х»: Poison Y becomes X+Y
    "cure",  # remove all poison
    "heal",  # remove wounds
    "draw",  # draw cards
    "gain_coin",  # get open coin markers
    "open",  # open (untap) a card
    "prepare",  # «Подготовить» (R15:7.prepare): open, drop activated per-turn markers, may attack/defend again
    "close",  # close (tap) a card
    "strike_until_end_of_turn",  # +N strike until end of turn (310.2)
    "strike_until_start_of_turn",  # +N strike until the next turn starts (303.1)
    "strike_until_start_of_your_next_turn",  # +N strike until the controller's next turn starts (303.1)
    "hide",  # the creature becomes hidden (Скрытность)
)
RECIPIENTS = (
    "target",
    "self",
    "own_hero",
    "enemy_hero",
    "each_enemy_creature",
    "each_own_creature",
    "each_creature",
    "each_other_creature",  # «каждое другое существо»: every creature in play but the source
    "each_hero",
    "controller",
    "opponent",
)
TARGET_WHAT = ("creature", "hero", "character")
TARGET_SIDE = ("own", "enemy", "any")
TARGET_FILTERS = ("poisoned", "other", "wounded")


class CardDataError(FieldError):
    """The card data is malformed; ``field`` is the path of the offending field."""


@dataclass(frozen=True, slots=True)
class TargetSpec:
    """What a target must be at declaration (501.1, 501.4)."""

    what: str
    side: str
    filters: tuple[str, ...]
    min_count: int
    max_count: int


@dataclass(frozen=True, slots=True)
class Effect:
    """One instruction of an ability; ``amount`` is an int, "X" or "self_strike"."""

    op: str
    to: str
    amount: int | str


@dataclass(frozen=True, slots=True)
class Ability:
    """One ability of a card (R15:112): its kind, condition, costs, targets and effects."""

    kind: str
    trigger: str = ""
    whose: str = "any"
    optional: bool = False
    whenever: bool = False
    per_turn: int = 0  # 0 = no per-turn limit
    per_game: int = 0  # 0 = no per-game limit
    tap: bool = False
    coins: int = 0
    targets: tuple[TargetSpec, ...] = ()
    effects: tuple[Effect, ...] = ()
    modifier: str = ""
    value: int = 0
    player: str = "any"
    card_type: str = "any"
    text_en: str = ""


@dataclass(frozen=True, slots=True)
class Fury:
    """An optional additional cost of a card (Ярость) and what paying it adds."""

    coins: int
    abilities: tuple[Ability, ...]


@dataclass(frozen=True, slots=True)
class CardDef:
    """A card as printed: properties (R15:104–108) and abilities."""

    id: str
    name: str
    name_en: str
    type: str
    cost: int  # -1 means X
    strike: int
    life: int
    card_class: str
    keywords: frozenset[str]
    turn_order: str
    abilities: tuple[Ability, ...]
    modes: tuple[tuple[Ability, ...], ...]
    fury: Fury | None
    alt_wound_own_hero: int  # 0 = no alternative cost
    text: str
    source: str

    @property
    def x_cost(self) -> bool:
        """The cost contains X (R15:106.1.2)."""
        return self.cost == -1

    @property
    def is_character(self) -> bool:
        """Heroes and creatures are characters (R15:107.1.2)."""
        return self.type in ("hero", "creature")


@dataclass(frozen=True, slots=True)
class Pool:
    """All card definitions by id, plus the pool's version tag."""

    version: str
    cards: Mapping[str, CardDef]

    def __getitem__(self, card_id: str) -> CardDef:
        return self.cards[card_id]

    def __contains__(self, card_id: object) -> bool:
        return card_id in self.cards


def _req(obj: Mapping[str, Any], key: str, path: str) -> Any:
    if key not in obj:
        raise CardDataError(f"{path}.{key}", "is required")
    return obj[key]


def _int(value: Any, path: str, minimum: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise CardDataError(path, f"must be an integer >= {minimum}, got {value!r}")
    return value


def _choice(value: Any, allowed: tuple[str, ...], path: str) -> str:
    if value not in allowed:
        raise CardDataError(path, f"must be one of {', '.join(allowed)}; got {value!r}")
    return str(value)


def _parse_target(raw: Any, path: str) -> TargetSpec:
    if not isinstance(raw, dict):
        raise CardDataError(path, "must be an object")
    what = _choice(_req(raw, "what", path), TARGET_WHAT, f"{path}.what")
    side = _choice(raw.get("side", "any"), TARGET_SIDE, f"{path}.side")
    filters = raw.get("filter", [])
    if not isinstance(filters, list):
        raise CardDataError(f"{path}.filter", "must be a list")
    for i, f in enumerate(filters):
        _choice(f, TARGET_FILTERS, f"{path}.filter[{i}]")
    count = raw.get("count", 1)
    if isinstance(count, dict):
        hi = _int(_req(count, "up_to", f"{path}.count"), f"{path}.count.up_to", 1)
        lo = 1
    else:
        lo = hi = _int(count, f"{path}.count", 1)
    return TargetSpec(what, side, tuple(filters), lo, hi)


def _parse_effect(raw: Any, path: str, has_targets: bool) -> Effect:
    if not isinstance(raw, dict):
        raise CardDataError(path, "must be an object")
    op = _choice(_req(raw, "op", path), EFFECT_OPS, f"{path}.op")
    to = _choice(raw.get("to", "target"), RECIPIENTS, f"{path}.to")
    if to == "target" and not has_targets:
        raise CardDataError(f"{path}.to", "is 'target' but the ability declares no targets")
    if op == "distribute_wounds" and to != "target":
        raise CardDataError(f"{path}.to", "distribute_wounds goes to the targets")
    amount: int | str = raw.get("amount", 1)
    if amount not in ("X", "self_strike"):
        amount = _int(amount, f"{path}.amount", 0)
    return Effect(op, to, amount)


def _parse_ability(raw: Any, path: str, card_type: str) -> Ability:
    if not isinstance(raw, dict):
        raise CardDataError(path, "must be an object")
    kind = _choice(_req(raw, "kind", path), ABILITY_KINDS, f"{path}.kind")
    if kind == "spell" and card_type != "spell":
        raise CardDataError(f"{path}.kind", "spell abilities belong to spells (R15:117.1)")
    if card_type == "spell" and kind != "spell":
        raise CardDataError(f"{path}.kind", "a spell has only spell abilities (R15:211.1)")
    text_en = str(raw.get("text_en", ""))
    if kind == "static":
        st = _req(raw, "static", path)
        if not isinstance(st, dict) or st.get("op") != "cost_modifier":
            raise CardDataError(f"{path}.static.op", "must be 'cost_modifier'")
        return Ability(
            kind="static",
            modifier=_choice(_req(st, "modifier", f"{path}.static"), MODIFIERS, f"{path}.static.modifier"),
            value=_int(_req(st, "value", f"{path}.static"), f"{path}.static.value", 0),
            player=_choice(st.get("player", "any"), WHOSE, f"{path}.static.player"),
            card_type=_choice(st.get("card_type", "any"), (*TYPES, "any"), f"{path}.static.card_type"),
            text_en=text_en,
        )
    targets_raw = raw.get("targets", [])
    if not isinstance(targets_raw, list):
        raise CardDataError(f"{path}.targets", "must be a list")
    targets = tuple(_parse_target(t, f"{path}.targets[{i}]") for i, t in enumerate(targets_raw))
    if len(targets) > 1:
        raise CardDataError(f"{path}.targets", "at most one target spec per ability")
    effects_raw = _req(raw, "effects", path)
    if not isinstance(effects_raw, list) or not effects_raw:
        raise CardDataError(f"{path}.effects", "must be a non-empty list")
    effects = tuple(
        _parse_effect(e, f"{path}.effects[{i}]", bool(targets)) for i, e in enumerate(effects_raw)
    )
    trigger, whose, optional, whenever = "", "any", False, False
    tap, coins = False, 0
    if kind == "triggered":
        trigger = _choice(_req(raw, "trigger", path), TRIGGERS, f"{path}.trigger")
        whose = _choice(raw.get("whose", "any"), WHOSE, f"{path}.whose")
        optional = bool(raw.get("optional", False))
        whenever = bool(raw.get("whenever", False))
    if kind == "activated":
        cost = _req(raw, "cost", path)
        if not isinstance(cost, dict):
            raise CardDataError(f"{path}.cost", "must be an object")
        tap = bool(cost.get("tap", False))
        coins = _int(cost.get("coins", 0), f"{path}.cost.coins", 0)
    per_turn = per_game = 0
    limit = raw.get("limit")
    if limit is None:
        if kind in ("activated", "triggered") and not whenever:
            per_turn = 1  # R15:113.5, R15:114.4
    elif isinstance(limit, dict) and len(limit) == 1 and "per_turn" in limit:
        per_turn = _int(limit["per_turn"], f"{path}.limit.per_turn", 1)
    elif isinstance(limit, dict) and len(limit) == 1 and "per_game" in limit:
        per_game = _int(limit["per_game"], f"{path}.limit.per_game", 1)
    elif limit == "none":
        pass
    else:
        raise CardDataError(f"{path}.limit", "must be {'per_turn': n}, {'per_game': n} or 'none'")
    if whenever and (per_turn or per_game):
        raise CardDataError(f"{path}.limit", "a «Каждый раз, когда» ability has no limit")
    return Ability(
        kind=kind,
        trigger=trigger,
        whose=whose,
        optional=optional,
        whenever=whenever,
        per_turn=per_turn,
        per_game=per_game,
        tap=tap,
        coins=coins,
        targets=targets,
        effects=effects,
        text_en=text_en,
    )


#: The ability the keyword Скрытность stands for: «Найм: это существо скрывается».
_STEALTH = Ability(
    kind="triggered",
    trigger="hire",
    per_turn=1,
    effects=(Effect("hide", "self", 1),),
    text_en="Stealth (Скрытность): Hire: this creature hides",
)


def _parse_abilities(raw: Any, path: str, card_type: str) -> tuple[Ability, ...]:
    if not isinstance(raw, list):
        raise CardDataError(path, "must be a list")
    return tuple(_parse_ability(a, f"{path}[{i}]", card_type) for i, a in enumerate(raw))


def _parse_card(raw: Any, path: str) -> CardDef:
    if not isinstance(raw, dict):
        raise CardDataError(path, "must be an object")
    cid = _req(raw, "id", path)
    if not isinstance(cid, str) or not cid.isascii() or not cid or " " in cid:
        raise CardDataError(f"{path}.id", "must be a non-empty ascii word")
    ctype = _choice(_req(raw, "type", path), TYPES, f"{path}.type")
    cost = -1
    if ctype != "hero":
        raw_cost = _req(raw, "cost", path)
        cost = -1 if raw_cost == "X" else _int(raw_cost, f"{path}.cost", 0)
    strike = _int(_req(raw, "strike", path), f"{path}.strike", 0) if ctype == "creature" else 0
    life = _int(_req(raw, "life", path), f"{path}.life", 1) if ctype in ("creature", "hero") else 0
    keywords = raw.get("keywords", [])
    if not isinstance(keywords, list):
        raise CardDataError(f"{path}.keywords", "must be a list")
    for i, k in enumerate(keywords):
        _choice(k, KEYWORDS, f"{path}.keywords[{i}]")
    turn_order = ""
    if "turn_order" in raw:
        if ctype != "hero":
            raise CardDataError(f"{path}.turn_order", "only heroes say how their player moves")
        turn_order = _choice(raw["turn_order"], ("first", "second"), f"{path}.turn_order")
    abilities = _parse_abilities(raw.get("abilities", []), f"{path}.abilities", ctype)
    if "stealth" in keywords:
        if ctype != "creature":
            raise CardDataError(f"{path}.keywords", "only creatures have Скрытность")
        # R15 glossary: «Скрытность означает: „Найм: Это существо cкрывается“» — a triggered
        # ability, appended after the printed ones (its index follows theirs).
        abilities = (*abilities, _STEALTH)
    modes: tuple[tuple[Ability, ...], ...] = ()
    if "modes" in raw:
        if ctype != "spell" or not isinstance(raw["modes"], list) or len(raw["modes"]) < 2:
            raise CardDataError(f"{path}.modes", "a list of at least two modes, spells only")
        modes = tuple(
            _parse_abilities(m, f"{path}.modes[{i}]", ctype) for i, m in enumerate(raw["modes"])
        )
    if ctype == "spell" and not abilities and not modes:
        raise CardDataError(f"{path}.abilities", "a spell needs spell abilities (R15:211.1)")
    fury = None
    if "fury" in raw:
        f = raw["fury"]
        if not isinstance(f, dict):
            raise CardDataError(f"{path}.fury", "must be an object")
        fury = Fury(
            _int(_req(f, "coins", f"{path}.fury"), f"{path}.fury.coins", 1),
            _parse_abilities(_req(f, "abilities", f"{path}.fury"), f"{path}.fury.abilities", ctype),
        )
    alt = 0
    if "alt_cost" in raw:
        a = raw["alt_cost"]
        if not isinstance(a, dict):
            raise CardDataError(f"{path}.alt_cost", "must be an object")
        alt = _int(_req(a, "wound_own_hero", f"{path}.alt_cost"), f"{path}.alt_cost.wound_own_hero", 1)
    card_class = str(raw.get("class", ""))
    if ctype == "support" and not card_class:
        raise CardDataError(f"{path}.class", "a support card needs a class (R15:212.3)")
    return CardDef(
        id=cid,
        name=str(_req(raw, "name", path)),
        name_en=str(_req(raw, "name_en", path)),
        type=ctype,
        cost=cost,
        strike=strike,
        life=life,
        card_class=card_class,
        keywords=frozenset(keywords),
        turn_order=turn_order,
        abilities=abilities,
        modes=modes,
        fury=fury,
        alt_wound_own_hero=alt,
        text=str(raw.get("text", "")),
        source=str(raw.get("source", "")),
    )


def parse_pool(raw: Any) -> Pool:
    """Validate and build a :class:`Pool` from decoded JSON; raise :class:`CardDataError`."""
    if not isinstance(raw, dict):
        raise CardDataError("$", "must be an object")
    version = str(_req(raw, "version", "$"))
    cards_raw = _req(raw, "cards", "$")
    if not isinstance(cards_raw, list):
        raise CardDataError("$.cards", "must be a list")
    cards: dict[str, CardDef] = {}
    for i, c in enumerate(cards_raw):
        card = _parse_card(c, f"$.cards[{i}]")
        if card.id in cards:
            raise CardDataError(f"$.cards[{i}].id", f"duplicate id {card.id!r}")
        cards[card.id] = card
    return Pool(version, cards)


@lru_cache(maxsize=1)
def load_pool() -> Pool:
    """The packaged card pool (``oracle/data/cards.json``), parsed once per process."""
    text = resources.files("oracle").joinpath("data/cards.json").read_text(encoding="utf-8")
    return parse_pool(json.loads(text))
