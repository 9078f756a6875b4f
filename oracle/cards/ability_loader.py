"""Reading the abilities of the card data: a list of them (:func:`parse_abilities`), each
read by :mod:`~oracle.cards.ability_reader` (its kind's record, R15:112), with the
constructors (R15:524) whose options become abilities of the card after its listed ones, a
card's delayed triggered abilities (:func:`parse_delayed`, R15:521) and the triggered
abilities it gives to other cards (:func:`parse_granted`, R15:7.gains); every field checked, a
:class:`~oracle.cards.fields.CardDataError` naming the offending one.  The format is
:mod:`oracle.cards.loader`'s."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .ability_reader import parse_ability
from .fields import CardDataError, integer
from .ops import OPS
from .records import Ability, ActivatedAbility, TriggeredAbility
from .vocabulary import Trigger

__all__ = ["GRANTED_TRIGGERS", "parse_abilities", "parse_delayed", "parse_granted"]


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
        ability = parse_ability(a, p, "creature")
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
            raise CardDataError(f"{path}[{i}]", "a granted ability is «1 раз за ход» (R15:113.5): it takes no other limit")
    out = parse_abilities(raw, path, "creature")
    shifted: list[TriggeredAbility] = []
    for i, a in enumerate(out):
        assert isinstance(a, TriggeredAbility)
        if a.trigger not in GRANTED_TRIGGERS:
            raise CardDataError(f"{path}[{i}].trigger", f"a granted ability fires on one of {', '.join(GRANTED_TRIGGERS)}")
        # «1 раз за ход» like a printed one (R15:113.5): its marker goes on the card that has it, a
        # modifier granting "ability_used" (INTERPRETING.md, entry 180); no pool card grants a
        # «Каждый раз, когда»
        a = replace(a, per_turn=1, per_game=0)
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
            out.append(parse_ability(a, f"{path}[{i}]", card_type))
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
    base = parse_ability({k: v for k, v in raw.items() if k not in ("options", "choose")}
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
        a = parse_ability({"kind": "activated", "cost": {}, "limit": "none", **o}, where, card_type)
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
    base = parse_ability({k: v for k, v in raw.items() if k not in ("options", "choose")}
                          | {"effects": [{"op": "draw", "to": "controller", "amount": 0}]}, path, card_type)
    assert isinstance(base, TriggeredAbility)
    if not isinstance(opts, list):  # (the caller checked it; read here as a list of options)
        raise CardDataError(f"{path}.options", "a constructor lists two or more abilities")
    indexes: list[int] = []
    for j, o in enumerate(opts):
        at = f"{path}.options[{j}]"
        if not isinstance(o, dict) or set(o) - {"effects", "text_en"}:
            raise CardDataError(at, "an option of a triggered constructor has effects and text_en only (no target)")
        a = parse_ability({"kind": "triggered", "trigger": raw.get("trigger"), "limit": "none", **o}, at, card_type)
        assert isinstance(a, TriggeredAbility)
        indexes.append(first + len(items))
        items.append(replace(a, item=True, whose=base.whose, subject_class=base.subject_class,
                             killed_by=base.killed_by, nth=base.nth))
    if base.optional and not all(e.op == "look_at_deck_top" for i in indexes for e in items[i - first].effects):
        # «вы можете посмотреть верхнюю карту любой колоды»: pass, or name the deck (entry 164)
        raise CardDataError(f"{path}.optional", "an optional triggered constructor only chooses a deck to look at")
    return replace(base, effects=(), options=tuple(indexes), repeat=repeat, repeat_x=repeat_x)
