"""The facts a step expects of the state after it: :func:`fact_value` reads the value at a
path of the canonical state (with a card's current strike and life and its zone computed from
the contract's definitions, not by the engine's code), :func:`fact_matches` compares it with
the expected one, :func:`decision_actor_name` names who decides."""

from __future__ import annotations

import re
from typing import Any

from oracle.contract import ACTOR_NAMES
from oracle.serialize import TURN_COUNTS

from .targets import StateData, TargetDecision

__all__ = ["decision_actor_name", "fact_matches", "fact_value"]


_SEG = re.compile(r"^([a-z_]+)(?:\[(-?\d+)\])?$")


def _zone_of(state: StateData, uid: int) -> str:
    for p in state["players"]:
        if p["hero"] == uid:
            return "play"
        for z in ("hand", "deck", "play", "graveyard", "supply"):
            if uid in p.get(z, []):
                return z
    # a part of a combined card is in no zone list (R15:7.attach; PROTOCOL.md 5.5)
    if any(c.get("uid") == uid and c.get("attached_to") for c in state.get("cards", [])):
        return "attached"
    return ""


def _parts(state: StateData, card: dict[str, Any], key: str) -> int:
    """The sum of ``key`` (printed strike or life) of the parts attached under ``card``: the
    combined card's base value is the sum of all its parts' (R15 glossary «Присоединить»)."""
    from oracle.cards import load_pool

    pool = load_pool().cards
    return sum(getattr(pool[c["card_id"]], key) for c in state.get("cards", []) if c.get("attached_to") == card.get("uid"))


def _strike(state: StateData, card: dict[str, Any]) -> int:
    """The current strike of a creature of the canonical state ``state``: its printed
    strike (the card pool) plus the strike modifiers of ``state["modifiers"]`` whose target
    it is and its own static strike bonuses in force, at least 0 (PROTOCOL.md 5.5).  Computed here from the contract's definition,
    not by the engine's code, so that the suite judges the engine's formula too."""
    from oracle.cards import load_pool

    d = load_pool().cards.get(card.get("card_id", ""))
    if d is None or d.type != "creature":
        raise KeyError(f"card {card.get('uid')} is not a creature: it has no strike")
    # a modifier with ``shots`` is a bonus to the card's shots, not to its strike (INTERPRETING.md, entry 67)
    # one that grants (life, the class Механизм, a keyword) is no strike modifier; one granting
    # "double_strike" doubles the additions (R15:523.1: multiplications after additions, before
    # subtractions; INTERPRETING.md, entry 71)
    mine_all = [m for m in state.get("modifiers", []) if m.get("target") == card.get("uid") and not m.get("shots")]
    doublings = sum(1 for m in mine_all if m.get("grants") == "double_strike")
    mods = [m for m in mine_all if not m.get("grants") and not m.get("coins")]
    # a modifier with ``sets`` («Удар … становится равен Х») holds the fixed +/- that made the strike X
    # when it applied, and adds like any other (R15 glossary «Удар становится равным Х»; INTERPRETING.md, entry 134)
    amounts: list[int] = [m["amount"] for m in mods]
    # its own static strike bonuses in force: in play, not hidden, the condition holding for
    # the player whose play zone holds it (a hand-size condition; PROTOCOL.md 5.5)
    seat = next((i for i, p in enumerate(state["players"]) if card.get("uid") in p.get("play", [])), -1)
    if seat >= 0 and not card.get("hidden"):
        mine, theirs = (len(state["players"][s].get("hand", [])) for s in (seat, 1 - seat))
        holds = {"": True, "hand_empty": mine == 0, "hand_fewer_than_opponent": mine < theirs,
                 "hand_more_than_opponent": mine > theirs}
        # a bonus «against» a kind of creature is its strike at such a creature only (R15:508.4.1), not its strike
        # a combined card's parts' too: their abilities are its own (R15 glossary «Присоединить»;
        # INTERPRETING.md, entry 103)
        from oracle.cards import load_pool

        pool = load_pool().cards
        parts = [pool[c["card_id"]] for c in state.get("cards", []) if c.get("attached_to") == card.get("uid")]
        amounts += [a.value for pd in (d, *parts) for a in pd.abilities
                    if a.kind == "static" and a.static_op == "strike_bonus" and not a.against and holds[a.cond]]
    added = d.strike + _parts(state, card, "strike") + sum(a for a in amounts if a > 0)
    return max(added * (1 << doublings) + sum(a for a in amounts if a < 0), 0)


def _life(state: StateData, card: dict[str, Any]) -> int:
    """The current life of a character of the canonical state ``state``: its printed life
    (the card pool) plus the ``amount`` of every entry of ``state["modifiers"]`` with ``life``
    whose target it is (additional lives, R15:504.2), minus those with ``reduced_life``
    (reduced lives, R15:504.4), minus its wounds (R15 glossary «Жизни
    карты»; PROTOCOL.md 5.5); each entry with ``double_life`` doubles the printed and additional
    lives before the reduced ones are taken away (R15:523.1; INTERPRETING.md, entry 158).
    Computed from the contract's definition, like the strike."""
    from oracle.cards import load_pool

    d = load_pool().cards.get(card.get("card_id", ""))
    if d is None or d.type not in ("hero", "creature"):
        raise KeyError(f"card {card.get('uid')} is not a character: it has no life")
    mods = [m for m in state.get("modifiers", []) if m.get("target") == card.get("uid")]
    extra = sum(m["amount"] for m in mods if m.get("grants") == "life")
    reduced = sum(m["amount"] for m in mods if m.get("grants") == "reduced_life")  # R15:504.4
    doublings = sum(1 for m in mods if m.get("grants") == "double_life")  # R15:523.1
    return int(((d.life + _parts(state, card, "life") + extra) << doublings) - reduced - card.get("wounds", 0))


def fact_value(state: StateData, decision: TargetDecision, path: str) -> Any:
    """The value at ``path`` of the canonical state.  Besides plain fields and ``[i]``
    indexes: ``card[UID]`` selects a card by uid, ``zone[UID]`` is the zone holding it,
    ``card[UID].strike`` a creature's current strike (printed strike plus the strike
    modifiers on it, at least 0; computed from the state, which has no such field),
    ``card[UID].life`` a character's current life (printed life plus its life modifiers
    minus its wounds; computed likewise),
    ``.length`` is a list's length, ``decision.actor`` / ``decision.kind`` who decides
    (the actor by name: "player_1", "player_2", "chance", "nobody"); a player's counters of
    this turn (``players[0].drawn_this_turn``, …) are 0 where the canonical form leaves
    them out."""
    root: Any = {**state, "decision": {"actor": decision_actor_name(decision.actor), "kind": decision.kind}}
    cur = root
    card: dict[str, Any] | None = None  # the card ``cur`` is, right after ``card[UID]``
    for seg in path.split("."):
        m = _SEG.match(seg)
        if not m:
            raise KeyError(f"bad path segment {seg!r}")
        name, idx = m.group(1), m.group(2)
        if card is not None and cur is card and name == "strike" and idx is None and name not in card:
            cur = _strike(state, card)
            continue
        if card is not None and cur is card and name == "life" and idx is None and name not in card:
            cur = _life(state, card)
            continue
        if name == "length" and idx is None and isinstance(cur, list):
            cur = len(cur)
            continue
        if cur is root and name == "card" and idx is not None:
            card = cur = next((c for c in state["cards"] if c["uid"] == int(idx)), None)
            if cur is None:
                raise KeyError(f"no card {idx}")
            continue
        if cur is root and name == "zone" and idx is not None:
            cur = _zone_of(state, int(idx))
            continue
        if isinstance(cur, dict) and name in TURN_COUNTS and idx is None and name not in cur and "hero" in cur:
            cur = 0  # a player's counter of this turn, absent exactly when 0 (PROTOCOL.md 5.4, rule 3)
            continue
        if isinstance(cur, dict) and name == "count" and idx is None and name not in cur and "ability" in cur:
            cur = 0  # a pending or delayed trigger's count, absent exactly when 0 (PROTOCOL.md 5.4, rule 6)
            continue
        if isinstance(cur, dict) and name == "cost" and idx is None and name not in cur and "resume" in cur:
            cur = 0  # the module choice's cost (attaching.cost), absent exactly when 0 (PROTOCOL.md 5.4)
            continue
        if cur is root and name == "delayed" and name not in cur:
            cur = []  # the delayed abilities (R15:521), a list added later: absent exactly when empty
            continue
        if cur is root and name == "player_effects" and name not in cur:
            cur = []  # the effects on players (R15:521.1), a list added later: absent exactly when empty
            continue
        if not isinstance(cur, dict) or name not in cur:
            raise KeyError(f"no field {name!r}")
        cur = cur[name]
        if idx is not None:
            if not isinstance(cur, list) or not -len(cur) <= int(idx) < len(cur):
                raise KeyError(f"no index {idx} in {name}")
            cur = cur[int(idx)]
    return cur


def decision_actor_name(actor: int) -> str:
    """The contract's name of a decision's actor; "unspecified" for a target that sent no
    actor (never valid in a decision)."""
    return ACTOR_NAMES.get(actor, "unspecified")


def fact_matches(expected: object, actual: object) -> bool:
    """Does ``actual`` satisfy the expected fact value?  An expected object matches when
    each key it names matches (other keys are not checked), also inside lists; lists
    must have the same length; everything else must be equal."""
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(k in actual and fact_matches(v, actual[k]) for k, v in expected.items())
    if isinstance(expected, list):
        return (
            isinstance(actual, list)
            and len(expected) == len(actual)
            and all(fact_matches(e, a) for e, a in zip(expected, actual, strict=True))
        )
    return bool(type(expected) is type(actual) and expected == actual)

