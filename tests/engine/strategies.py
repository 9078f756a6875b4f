"""Shared Hypothesis strategies and invariants for the engine's property tests.

A random game is drawn decision by decision with ``data.draw(st.sampled_from(legal))`` so
Hypothesis can shrink a failing game to a short one.  Chance's decisions are drawn the same
way (die rolls from the 36 outcomes, shuffles as permutations of the deck).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import fields, replace

from hypothesis import strategies as st

from oracle import Action, GameConfig, State, load_pool
from oracle.engine import SHUFFLE_STEPS, legal_actions, shuffled_seat
from oracle.model import ACTION_KINDS, CHANCE

__all__ = [
    "HERO_IDS",
    "KIND_FIELDS",
    "NON_HERO_IDS",
    "configs",
    "draw_action",
    "other_actor",
    "perturbations",
    "shuffle_is_valid",
    "zone_violations",
]

_POOL = load_pool().cards
HERO_IDS = sorted(c.id for c in _POOL.values() if c.type == "hero")
#: the cards a deck may hold: a created card («Созданный») never is in one (R15:519.6)
NON_HERO_IDS = sorted(c.id for c in _POOL.values() if c.type != "hero" and "created" not in c.keywords)

#: The fields each kind of action uses (oracle.model.ACTION_KINDS); ``actor`` is allowed on
#: every kind.
KIND_FIELDS: dict[str, frozenset[str]] = {
    "roll": frozenset({"values"}),
    "shuffle": frozenset({"card", "values"}),
    "choose_order": frozenset({"values"}),
    "mulligan": frozenset({"targets"}),
    "reveal": frozenset({"targets"}),
    "attack": frozenset({"card", "targets"}),
    "defend": frozenset({"card"}),
    "activate": frozenset({"card", "ability", "targets", "x", "amounts", "values"}),
    "play": frozenset({"card", "targets", "amounts", "x", "mode", "option"}),
    "end_turn": frozenset(),
    "declare": frozenset({"trigger", "targets"}),
    "pass": frozenset({"trigger"}),
    "choose_target": frozenset({"targets"}),
    "choose_cards": frozenset({"targets"}),
    "cancel_play": frozenset({"card"}),
    "attach_module": frozenset({"card", "targets"}),
    "pay_coins": frozenset({"amounts"}),
    "order_cards": frozenset({"card"}),
    "replace_wounds": frozenset({"card"}),
    "choose_coins": frozenset({"amounts"}),
    "name_target": frozenset({"targets"}),
}
assert set(KIND_FIELDS) == set(ACTION_KINDS)

_DATA_FIELDS = tuple(f.name for f in fields(Action) if f.name not in ("kind", "actor"))


@st.composite
def configs(draw: st.DrawFn, edition: str, min_deck: int = 10, max_deck: int = 24) -> GameConfig:
    """A random legal game configuration: two heroes of the pool and two decks of
    ``min_deck``..``max_deck`` non-hero cards (repeats allowed; 4..60 is legal)."""
    heroes = (draw(st.sampled_from(HERO_IDS)), draw(st.sampled_from(HERO_IDS)))
    card = st.sampled_from(NON_HERO_IDS)
    decks = (
        draw(st.lists(card, min_size=min_deck, max_size=max_deck)),
        draw(st.lists(card, min_size=min_deck, max_size=max_deck)),
    )
    return GameConfig(heroes, decks, edition)


def draw_action(data: st.DataObject, state: State, ties: int) -> Action:
    """Draw the next decision of a game: chance's die roll (at most ``ties`` ties in a row,
    then only rolls with a winner, so every game ends), chance's shuffle as a permutation,
    or one of the legal actions of the player who decides."""
    if state.step in SHUFFLE_STEPS:
        seat = shuffled_seat(state)
        order = data.draw(st.permutations(state.players[seat].deck), label="shuffle")
        return Action("shuffle", card=seat, values=tuple(order))
    legal = legal_actions(state)
    if state.step == "setup_roll" and ties >= 3:
        legal = [a for a in legal if a.values[0] != a.values[1]]
    return data.draw(st.sampled_from(legal), label=state.step)


def _other_uids(state: State, rng: random.Random, k: int = 3) -> list[int]:
    uids = sorted(state.cards)
    picks = rng.sample(uids, min(k, len(uids)))
    return [0, max(uids) + 1, *picks, *(p.hero for p in state.players)]


def _variants(state: State, a: Action, rng: random.Random) -> Iterable[Action]:
    others = _other_uids(state, rng)
    pending = [t.id for t in state.pending]
    yield from (replace(a, card=u) for u in {a.card + 1, a.card - 1, *others})
    yield from (replace(a, ability=v) for v in {-1, 0, 1, a.ability + 1})
    t = a.targets
    target_alts = {(), (*t, rng.choice(others)), t[:-1], tuple(reversed(t)), tuple(sorted(set(t) | {others[-1]}))}
    if t:
        target_alts |= {(t[0], t[0]), (rng.choice(others), *t[1:]), (t[0] + 1, *t[1:])}
    yield from (replace(a, targets=v) for v in target_alts)
    am = a.amounts
    amount_alts = {(), (0,) * len(am), am[::-1], (1,) * len(t), (1,) * (len(t) + 1)}
    if am:
        amount_alts |= {(am[0] + 1, *am[1:]), (am[0] - 1, *am[1:])}
    yield from (replace(a, amounts=v) for v in amount_alts)
    yield from (replace(a, x=v) for v in {0, 1, a.x + 1, a.x - 1, 21})
    yield from (replace(a, mode=v) for v in {-1, 0, 1, a.mode + 1})
    yield from (replace(a, option=v) for v in ("", "fury", "alt", "bogus"))
    v = a.values
    yield from (replace(a, values=x) for x in {(), v[::-1], v[:-1], (1,), (2,), (3, 3), (6, 0), (5, 2)})
    yield from (replace(a, trigger=x) for x in {0, a.trigger + 1, *pending})
    yield from (replace(a, kind=k) for k in ACTION_KINDS if k != a.kind)


def perturbations(state: State, legal: list[Action], rng: random.Random, per_state: int) -> list[Action]:
    """``per_state`` candidate actions, chosen with ``rng``: variants of one legal action
    (other cards, targets, amounts, X, modes, options, values, triggers, kinds) and bare
    actions of every kind.  Each has ``actor`` -1."""
    bare = [Action(k) for k in ACTION_KINDS]
    bare += [Action(k, trigger=t.id) for k in ("declare", "pass") for t in state.pending]
    if state.step in SHUFFLE_STEPS:
        seat = shuffled_seat(state)
        deck = list(state.players[seat].deck)
        rng.shuffle(deck)
        legal = [Action("shuffle", card=seat, values=tuple(deck))]
    variants = sorted(set(_variants(state, rng.choice(legal), rng)), key=repr) if legal else []
    n_bare = min(len(bare), max(2, per_state // 6))
    picked = rng.sample(bare, n_bare) + rng.sample(variants, min(per_state - n_bare, len(variants)))
    return picked


def shuffle_is_valid(state: State, a: Action) -> bool:
    """What 301.5 (after a search, R15:7.search) accepts at a shuffle: this seat's deck, as a
    permutation, nothing else."""
    seat = shuffled_seat(state)
    unused = all(getattr(a, f) == getattr(Action("shuffle"), f) for f in _DATA_FIELDS if f not in ("card", "values"))
    return (
        a.kind == "shuffle"
        and a.card == seat
        and sorted(a.values) == sorted(state.players[seat].deck)
        and unused
    )


def zone_violations(state: State) -> list[str]:
    """Card conservation: every card instance is in exactly one zone of its owner — or in play
    under the other player's control, in his play zone (R15:519.5), or captured: in no zone,
    under a card in play (R15 glossary «Добывает»), or a part of a combined card: in no zone,
    under a card in play (R15:7.attach); created cards may be in the supply (R15:206.1)."""
    out: list[str] = []
    where: dict[int, str] = {}
    for seat, p in enumerate(state.players):
        for zone, uids in (("hero", [p.hero]), ("deck", p.deck), ("hand", p.hand), ("play", p.play),
                           ("graveyard", p.graveyard), ("supply", p.supply)):
            for uid in uids:
                if uid in where:
                    out.append(f"card {uid} in {where[uid]} and in {seat}.{zone}")
                where[uid] = f"{seat}.{zone}"
                if uid in state.cards and state.cards[uid].owner != seat and zone != "play":
                    out.append(f"card {uid} of player {state.cards[uid].owner} in {seat}.{zone}")
    for uid, c in state.cards.items():
        if c.captured_by and uid not in where:
            if where.get(c.captured_by, "").split(".")[-1] not in ("hero", "play"):
                out.append(f"card {uid} captured by {c.captured_by}, which is not in play")
            where[uid] = "captured"
    for uid, c in state.cards.items():
        if c.attached_to and uid not in where:
            if where.get(c.attached_to, "").split(".")[-1] != "play":
                out.append(f"card {uid} attached to {c.attached_to}, which is not in play")
            where[uid] = "attached"
    if set(where) != set(state.cards):
        out.append(f"cards in no zone or unknown: {sorted(set(where) ^ set(state.cards))}")
    return out


def other_actor(actor: int) -> int:
    """An actor who does not decide now."""
    return {0: 1, 1: 0, CHANCE: 0}.get(actor, 0)
