"""Reading one card of the card data (:func:`parse_card`, a :class:`~oracle.cards.records.CardDef`)
in named steps: its printed properties (R15:104-108), keywords, abilities (with those Скрытность
and «Регенерация N» stand for), a spell's modes or constructor chain, Ярость, the alternative
cost, classes and elements, then its delayed and granted abilities and the checks across them
(a target the opponent chooses; the indexes effects and statics name).  Every field checked, a
:class:`~oracle.cards.fields.CardDataError` naming the first offending one.  The format is
:mod:`oracle.cards.loader`'s."""

from __future__ import annotations

from typing import Any, Literal

from .ability_loader import parse_abilities, parse_delayed, parse_granted
from .fields import CardDataError, choice, integer, required
from .records import (
    Ability,
    CardDef,
    DelayedParams,
    Effect,
    Fury,
    GrantAbility,
    GrantParams,
    TriggeredAbility,
)
from .vocabulary import CLASSES, CREATURE_KEYWORDS, ELEMENTS, KEYWORDS, TYPES, CardType, Keyword

__all__ = ["parse_card"]


#: The ability the keyword Скрытность stands for: «Найм: это существо скрывается».
_STEALTH = TriggeredAbility(
    "hire",
    per_turn=1,
    effects=(Effect("hide", "self", 1),),
    text_en="Stealth (Скрытность): Hire: this creature hides",
)


def _regeneration(n: int) -> TriggeredAbility:
    """The ability «Регенерация N» stands for (R15 glossary): «В конце своего хода излечиться на Х»."""
    return TriggeredAbility(
        "end_of_turn",
        per_turn=1,
        whose="own",
        effects=(Effect("heal", "self", n),),
        text_en=f"Regeneration {n} (Регенерация {n}): at the end of your turn heal {n}",
        regeneration=n,
    )


def parse_card(raw: Any, path: str) -> CardDef:
    """The card ``raw`` at ``path`` (``$.cards[i]``), its fields read and checked in this order."""
    if not isinstance(raw, dict):
        raise CardDataError(path, "must be an object")
    cid = required(raw, "id", path)
    if not isinstance(cid, str) or not cid.isascii() or not cid or " " in cid:
        raise CardDataError(f"{path}.id", "must be a non-empty ascii word")
    ctype = choice(required(raw, "type", path), TYPES, f"{path}.type")
    cost, strike, life = _read_numbers(raw, path, ctype)
    keywords = _read_keywords(raw, path, ctype)
    turn_order = _read_turn_order(raw, path, ctype)
    poison = _read_poison(raw, path, ctype)
    abilities = _read_abilities(raw, path, ctype, keywords)
    modes = _read_modes(raw, path, ctype)
    chain = _read_chain(raw, path, modes, abilities, cost)
    if ctype == "spell" and not abilities and not modes:
        raise CardDataError(f"{path}.abilities", "a spell needs spell abilities (R15:211.1)")
    fury = _read_fury(raw, path, ctype)
    alt = _read_alt_cost(raw, path)
    classes = _read_classes(raw, path, ctype)
    elements = _read_elements(raw, path)
    _check_opponent_chooser(abilities, fury, modes, alt, raw, path)
    delayed = parse_delayed(raw["delayed"], f"{path}.delayed", len(abilities)) if "delayed" in raw else ()
    granted = parse_granted(raw["granted"], f"{path}.granted", len(abilities) + len(delayed)) if "granted" in raw else ()
    _check_named_indexes(abilities, modes, delayed, granted, path)
    return CardDef(
        id=cid,
        name=str(required(raw, "name", path)),
        name_en=str(required(raw, "name_en", path)),
        type=ctype,
        cost=cost,
        strike=strike,
        life=life,
        card_class=classes[0] if classes else "",
        keywords=frozenset(keywords),
        turn_order=turn_order,
        abilities=abilities,
        modes=modes,
        fury=fury,
        alt_wound_own_hero=alt,
        text=str(raw.get("text", "")),
        source=str(raw.get("source", "")),
        classes=classes,
        elements=elements,
        poison=poison,
        delayed=delayed,
        granted=granted,
        chain=chain,
    )


def _read_numbers(raw: dict[str, Any], path: str, ctype: CardType) -> tuple[int, int, int]:
    """``cost`` (-1 for X; none for a hero), ``strike`` (a creature's) and ``life`` (a character's)."""
    cost = -1
    if ctype != "hero":
        raw_cost = required(raw, "cost", path)
        cost = -1 if raw_cost == "X" else integer(raw_cost, f"{path}.cost", 0)
    strike = integer(required(raw, "strike", path), f"{path}.strike", 0) if ctype == "creature" else 0
    # a creature's base life may be 0 («0 жизней»: it dies once the Queue is empty unless
    # something gave it lives, R15:512.6); a hero's is at least 1
    life = (integer(required(raw, "life", path), f"{path}.life", 0 if ctype == "creature" else 1)
            if ctype in ("creature", "hero") else 0)
    return cost, strike, life


def _read_keywords(raw: dict[str, Any], path: str, ctype: CardType) -> list[Keyword]:
    """``keywords``, each of KEYWORDS; the creatures' ones on creatures only."""
    keywords = raw.get("keywords", [])
    if not isinstance(keywords, list):
        raise CardDataError(f"{path}.keywords", "must be a list")
    for i, k in enumerate(keywords):
        choice(k, KEYWORDS, f"{path}.keywords[{i}]")
        if k in CREATURE_KEYWORDS and ctype != "creature":
            raise CardDataError(f"{path}.keywords[{i}]", f"{k} belongs to creatures")
    return keywords


def _read_turn_order(raw: dict[str, Any], path: str, ctype: CardType) -> Literal["first", "second", ""]:
    """``turn_order``: a hero's (301.4.1)."""
    turn_order: Literal["first", "second", ""] = ""
    if "turn_order" in raw:
        if ctype != "hero":
            raise CardDataError(f"{path}.turn_order", "only heroes say how their player moves")
        turn_order = choice(raw["turn_order"], ("first", "second"), f"{path}.turn_order")
    return turn_order


def _read_poison(raw: dict[str, Any], path: str, ctype: CardType) -> int:
    """``poison``: a creature's printed «Отравление N» (0 for none)."""
    poison = 0
    if "poison" in raw:
        if ctype != "creature":
            raise CardDataError(f"{path}.poison", "only creatures have a printed «Отравление N»")
        poison = integer(raw["poison"], f"{path}.poison", 1)
    return poison


def _read_abilities(raw: dict[str, Any], path: str, ctype: CardType, keywords: list[Keyword]) -> tuple[Ability, ...]:
    """``abilities``, then the abilities Скрытность and a printed «Регенерация N» stand for."""
    abilities = parse_abilities(raw.get("abilities", []), f"{path}.abilities", ctype)
    if "stealth" in keywords:
        if ctype != "creature":
            raise CardDataError(f"{path}.keywords", "only creatures have Скрытность")
        # R15 glossary: «Скрытность означает: „Найм: Это существо cкрывается“» — a triggered
        # ability, appended after the printed ones (its index follows theirs).
        abilities = (*abilities, _STEALTH)
    if "regeneration" in raw:
        if ctype != "creature":
            raise CardDataError(f"{path}.regeneration", "only creatures have a printed «Регенерация N»")
        abilities = (*abilities, _regeneration(integer(raw["regeneration"], f"{path}.regeneration", 1)))
    return abilities


def _read_modes(raw: dict[str, Any], path: str, ctype: CardType) -> tuple[tuple[Ability, ...], ...]:
    """``modes``: a spell's lists of abilities, two or more (309.1 step 3)."""
    modes: tuple[tuple[Ability, ...], ...] = ()
    if "modes" in raw:
        if ctype != "spell" or not isinstance(raw["modes"], list) or len(raw["modes"]) < 2:
            raise CardDataError(f"{path}.modes", "a list of at least two modes, spells only")
        modes = tuple(
            parse_abilities(m, f"{path}.modes[{i}]", ctype) for i, m in enumerate(raw["modes"])
        )
    return modes


def _read_chain(
    raw: dict[str, Any], path: str, modes: tuple[tuple[Ability, ...], ...], abilities: tuple[Ability, ...], cost: int
) -> int:
    """``choose``: a spell constructor's chain length (R15:524.1), its options the modes (0: none)."""
    chain = 0
    if "choose" in raw:
        if not modes:
            raise CardDataError(f"{path}.choose", "a spell constructor's options are its modes (key modes)")
        chain = integer(raw["choose"], f"{path}.choose", 1)
        if "fury" in raw or "alt_cost" in raw or abilities or cost == -1:
            raise CardDataError(f"{path}.choose",
                                "a spell constructor has only its modes: no abilities, fury, alt_cost or X cost")
        for i, m in enumerate(modes):
            for j, a in enumerate(m):
                if a.targets or any(e.op == "distribute_wounds" for e in a.effects):
                    raise CardDataError(f"{path}.modes[{i}][{j}]",
                                        "a spell constructor's options name no target and distribute nothing")
    return chain


def _read_fury(raw: dict[str, Any], path: str, ctype: CardType) -> Fury | None:
    """``fury``: Ярость, {"coins": n, "abilities": [...]} (309.1 step 3)."""
    fury = None
    if "fury" in raw:
        f = raw["fury"]
        if not isinstance(f, dict):
            raise CardDataError(f"{path}.fury", "must be an object")
        fury = Fury(
            integer(required(f, "coins", f"{path}.fury"), f"{path}.fury.coins", 1),
            parse_abilities(required(f, "abilities", f"{path}.fury"), f"{path}.fury.abilities", ctype),
        )
    return fury


def _read_alt_cost(raw: dict[str, Any], path: str) -> int:
    """``alt_cost``: {"wound_own_hero": n}, розыгрыш за здоровье (0 for none)."""
    alt = 0
    if "alt_cost" in raw:
        a = raw["alt_cost"]
        if not isinstance(a, dict):
            raise CardDataError(f"{path}.alt_cost", "must be an object")
        alt = integer(required(a, "wound_own_hero", f"{path}.alt_cost"), f"{path}.alt_cost.wound_own_hero", 1)
    return alt


def _read_classes(raw: dict[str, Any], path: str, ctype: CardType) -> tuple[str, ...]:
    """``class``: a class or a list of them, of the card's type (R15:107.3); a support card's exactly one."""
    raw_class = raw.get("class", [])
    if ctype == "support" and not isinstance(raw_class, str):
        raise CardDataError(f"{path}.class", "a support card needs exactly one class (R15:212.3)")
    class_list = [raw_class] if isinstance(raw_class, str) else raw_class
    if not isinstance(class_list, list):
        raise CardDataError(f"{path}.class", "must be a class or a list of classes")
    return tuple(
        choice(c, CLASSES[ctype], f"{path}.class" if isinstance(raw_class, str) else f"{path}.class[{i}]")
        for i, c in enumerate(class_list)
    )


def _read_elements(raw: dict[str, Any], path: str) -> tuple[str, ...] | None:
    """``elements``: distinct ELEMENTS (R15:107.2); None where the data records none."""
    elements: tuple[str, ...] | None = None
    if "elements" in raw:
        raw_el = raw["elements"]
        if not isinstance(raw_el, list):
            raise CardDataError(f"{path}.elements", "must be a list of elements (R15:107.2)")
        elements = tuple(choice(e, ELEMENTS, f"{path}.elements[{i}]") for i, e in enumerate(raw_el))
        if len(set(elements)) != len(elements):
            raise CardDataError(f"{path}.elements", "an element is listed twice (R15:107.2.3)")
    return elements


def _check_named_indexes(
    abilities: tuple[Ability, ...],
    modes: tuple[tuple[Ability, ...], ...],
    delayed: tuple[TriggeredAbility, ...],
    granted: tuple[TriggeredAbility, ...],
    path: str,
) -> None:
    """The delayed and granted abilities the card's effects and statics name are among its own
    (keys ``delayed``, ``granted``); a ``remembered`` amount is a delayed ability's only."""
    n_granted = sum(1 for a in granted if not a.item)  # the listed ones; a constructor's options follow them
    for where, group in (("abilities", abilities), *((f"modes[{i}]", m) for i, m in enumerate(modes))):
        for i, a in enumerate(group):
            if isinstance(a, GrantAbility) and a.index >= n_granted:
                raise CardDataError(f"{path}.{where}[{i}].static.granted",
                                    f"the card has {n_granted} granted abilities (key granted)")
            for j, e in enumerate(a.effects):
                if isinstance(e.params, DelayedParams) and e.params.index >= len(delayed):
                    raise CardDataError(f"{path}.{where}[{i}].effects[{j}].delayed",
                                        f"the card has {len(delayed)} delayed abilities (key delayed)")
                named = delayed[e.params.index] if isinstance(e.params, DelayedParams) else None
                if named is not None and (named.repeat_x != (e.op == "choose_x_times") or named.item):
                    # «за каждого …»: choose_x_times names a constructor of choose "X", create_delayed any other
                    # (R15:524.1, 521; INTERPRETING.md, entry 213)
                    raise CardDataError(f"{path}.{where}[{i}].effects[{j}].delayed",
                                        "choose_x_times names a delayed constructor (choose \"X\"), create_delayed "
                                        "another delayed ability")
                if isinstance(e.params, GrantParams) and e.params.index >= n_granted:
                    raise CardDataError(f"{path}.{where}[{i}].effects[{j}].granted",
                                        f"the card has {n_granted} granted abilities (key granted)")
                if e.amount == "remembered":
                    raise CardDataError(f"{path}.{where}[{i}].effects[{j}].amount",
                                        "remembered is read by a delayed ability only (key delayed)")


def _check_opponent_chooser(
    abilities: tuple[Ability, ...], fury: Fury | None, modes: Any, alt: int, raw: Any, path: str
) -> None:
    """A target the opponent chooses (R15:118.1, `chooser` "opponent") is modelled on
    activated and triggered abilities and on a plain spell's own abilities: no modes, Ярость,
    alternative cost or X (the play resumes after the choice, INTERPRETING.md entry 48)."""
    for part, abs_ in (("abilities", abilities), ("fury.abilities", fury.abilities if fury else ())):
        for i, a in enumerate(abs_):
            if not (a.targets and a.targets[0].chooser == "opponent"):
                continue
            where = f"{path}.{part}[{i}].targets[0].chooser"
            if a.kind == "spell" and (part != "abilities" or modes or fury or alt or raw.get("cost") == "X"):
                raise CardDataError(where, "the opponent chooses a spell's target only on a spell without modes, "
                                    "Ярость, alternative cost or X")
            if any(e.op == "distribute_wounds" for e in a.effects):
                raise CardDataError(where, "the opponent does not choose the targets of a distribution")
    for j, mode in enumerate(modes or ()):
        for i, a in enumerate(mode):
            if a.targets and a.targets[0].chooser == "opponent":
                raise CardDataError(f"{path}.modes[{j}][{i}].targets[0].chooser",
                                    "the opponent chooses a spell's target only on a spell without modes")
