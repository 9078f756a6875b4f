"""Random choices for tests, benchmarks and fuzzing, in one place: the choosers a game's
choices come from (:class:`Chooser`: a seeded :class:`RandomChooser`, or
:class:`HypothesisChooser` drawing from Hypothesis so that a game shrinks), the seeded
samplers of chance and a uniformly random player (:func:`random_action`,
:func:`random_config`, :func:`play_random_game`), and the action perturber
(:func:`illegal_candidates`: actions near a legal one that the engine refuses).

Every random source is its own :class:`random.Random` (or Hypothesis's data); the engine
itself has no randomness.  A game is fully determined by its configuration plus the
recorded actions.  The sequences drawn from a seed are fixed: tests, the fuzzer's found-in
figures and ``examples/transcripts`` depend on them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from .actions import encode
from .cards import load_pool
from .engine import SHUFFLE_STEPS, apply, check, decision, legal_actions, shuffled_seat
from .model import CHANCE, Action, State
from .rules.turn.setup import GameConfig, new_game

__all__ = [
    "DECK_SIZE",
    "Chooser",
    "Game",
    "HypothesisChooser",
    "RandomChooser",
    "illegal_candidates",
    "play_random_game",
    "pool_ids",
    "random_action",
    "random_config",
    "theme_ids",
]

#: Cards in each deck of a chooser's configuration (and of :func:`random_config`'s default).
DECK_SIZE = 20


def pool_ids() -> tuple[list[str], list[str]]:
    """The card pool's hero ids and its other card ids, each sorted: what configurations
    are drawn from."""
    pool = load_pool().cards
    heroes = sorted(c.id for c in pool.values() if c.type == "hero")
    # a created card («Созданный») is never in a deck: «Создайте» brings it (R15:519.6)
    others = sorted(c.id for c in pool.values() if c.type != "hero" and "created" not in c.keywords)
    return heroes, others


#: Deck themes (:func:`theme_ids`): the Part 5 mechanisms that two uniform random decks of the
#: whole pool seldom bring together, each as the ability kinds, effect ops, keywords, classes
#: and trigger conditions of the cards it gathers (``cards``: cards named, whose mechanism no
#: such key singles out), and (``fill``) the card types of cost 2 or less that its decks need
#: beside them (a cancellation needs cards to cancel), or (``fill_ops``, ``fill_kinds``) the
#: cards with those effect ops or ability kinds, whatever their cost (the draws the draw
#: statics change, the activated abilities whose cost a modifier changes).
THEMES: dict[str, dict[str, tuple[str, ...]]] = {
    "prevention": {"kinds": ("Armour", "PreventNext", "Protection", "NoWoundsFrom", "WoundReplacement")},
    "cancellation": {"kinds": ("CancelPlay",), "triggers": ("card_played", "spell_played", "creature_played"),
                     "fill": ("spell", "support")},
    "capture and discard": {"ops": ("capture_from_hand", "discard"), "costs": ("discard",), "triggers": ("discards",)},
    "constructors and delayed": {"costs": ("options",), "ops": ("create_delayed",)},
    "combined cards": {"keywords": ("module",), "classes": ("Механизм",), "triggers": ("death", "creature_dies")},
    "control and zones": {"ops": ("take_control", "take_control_until_end_of_turn", "exchange_control_until_end_of_turn",
                                  "summon", "resurrect", "create", "graveyard_to_hand")},
    "draws": {"kinds": ("DrawCount", "DrawLimit", "DrawReplacement"), "fill_ops": ("draw", "draw_to_match_opponent")},
    "coins": {"ops": ("gain_coin", "lose_coins", "gain_coins_until_end_of_turn"), "fill": ("creature",)},
    "cost modifiers": {"kinds": ("CostModifier", "SelfCostModifier"), "fill": ("creature", "support"),
                       "fill_kinds": ("ActivatedAbility",)},  # «Ваши активируемые способности стоят на (1) меньше»
    "granted keywords": {"ops": ("keyword_until_end_of_turn", "keyword_while_in_play", "double_strike_until_end_of_turn"),
                         "fill": ("creature",)},
    # «получает "…"», «имеют: "…"» (R15:7.gains; INTERPRETING.md, entries 180-185), Энт and Орк among them
    "granted abilities": {"ops": ("grant_ability_until_end_of_turn", "grant_ability_while_in_play", "become_ent"),
                          "kinds": ("GrantAbility",), "classes": ("Орк",), "fill": ("creature",)},
    # mechanisms whose strike is not their printed one, and На таран («сила удара этого механизма»)
    "strike changers": {"classes": ("Механизм",), "cards": ("na_taran",),
                        "ops": ("strike_until_end_of_turn", "set_strike_until_end_of_turn", "double_strike_until_end_of_turn",
                                "strike_while_in_play", "strike_until_start_of_turn", "strike_until_start_of_your_next_turn",
                                "set_strike_until_start_of_your_next_turn")},
}


def theme_ids(theme: str) -> list[str]:
    """The non-hero card ids of deck theme ``theme`` (:data:`THEMES`) a deck is drawn from, in
    pool order: a card is a key card of the theme when one of its abilities is of one of the
    theme's kinds, has one of its effect ops, trigger conditions or costs (``discard``,
    ``options``: a constructor), when it has one of the theme's keywords or classes, or when
    the theme names it (``cards``: a card whose mechanism no key above singles out); each
    key card is listed six times, then once each card of a ``fill`` type of cost 2 or less
    and each card with a ``fill_ops`` op or a ``fill_kinds`` ability (so a deck holds mostly
    key cards).  Created cards are never in a deck."""
    spec = THEMES[theme]
    _, others = pool_ids()
    pool = load_pool().cards
    out = []
    for cid in others:
        d = pool[cid]
        hit = any(k in d.keywords for k in spec.get("keywords", ())) or any(
            c in d.classes for c in spec.get("classes", ())) or cid in spec.get("cards", ())
        for a in d.abilities:
            hit = hit or type(a).__name__ in spec.get("kinds", ()) or any(
                e.op in spec.get("ops", ()) for e in getattr(a, "effects", ())) or (
                getattr(a, "trigger", "") in spec.get("triggers", ())) or any(
                getattr(a, c, None) for c in spec.get("costs", ()))
        if hit:
            out.append(cid)
    fill = [cid for cid in others if cid not in out and (
        (pool[cid].type in spec.get("fill", ()) and pool[cid].cost <= 2)
        or any(e.op in spec.get("fill_ops", ()) for a in pool[cid].abilities for e in getattr(a, "effects", ()))
        or any(type(a).__name__ in spec.get("fill_kinds", ()) for a in pool[cid].abilities))]
    return [cid for cid in out for _ in range(6)] + fill


# --- choosers -------------------------------------------------------------------------


class Chooser(Protocol):
    """Where a game's choices come from."""

    def index(self, n: int) -> int:
        """A number in ``0..n-1`` (``n >= 1``)."""

    def permutation(self, items: Sequence[int]) -> list[int]:
        """An order of ``items``."""

    def config(self, editions: Sequence[str]) -> GameConfig:
        """A game configuration: edition, two heroes, two decks of :data:`DECK_SIZE`."""


class RandomChooser:
    """Uniform choices from a seeded :class:`random.Random` (``seed``, or the generator
    itself to share one); no shrinking."""

    def __init__(self, seed: int | random.Random) -> None:
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)

    def index(self, n: int) -> int:
        """A uniform number in ``0..n-1``."""
        return self.rng.randrange(n)

    def permutation(self, items: Sequence[int]) -> list[int]:
        """A uniform order."""
        out = list(items)
        self.rng.shuffle(out)
        return out

    def config(self, editions: Sequence[str]) -> GameConfig:
        """A uniform configuration (:func:`random_config`), then a uniform edition."""
        drawn = random_config(self.rng, deck_size=DECK_SIZE)
        return GameConfig(drawn.heroes, drawn.decks, self.rng.choice(list(editions)))


class HypothesisChooser:
    """Choices drawn from Hypothesis's ``st.data()``: they shrink toward index 0, the
    first hero and card of the pool, the identity shuffle and the first edition."""

    def __init__(self, data: Any, themed: bool = False, theme: str | None = None) -> None:
        from hypothesis import strategies as st

        self.st = st
        self.data = data
        self.themed = themed
        #: a deck theme fixed for every game ("": the whole pool; None: drawn when ``themed``)
        self.theme = theme
        self.heroes, self.others = pool_ids()

    def index(self, n: int) -> int:
        """A number in ``0..n-1``, drawn (none for ``n <= 1``)."""
        if n <= 1:
            return 0
        return int(self.data.draw(self.st.integers(0, n - 1)))

    def permutation(self, items: Sequence[int]) -> list[int]:
        """An order, drawn."""
        return list(self.data.draw(self.st.permutations(list(items))))

    def config(self, editions: Sequence[str]) -> GameConfig:
        """A configuration, drawn (the edition first, unless there is one only).  ``themed``:
        first a deck theme (:data:`THEMES`, or none: the whole pool, to which it shrinks),
        or the fixed ``theme``, both decks drawn from its cards; a themed game is played in R15 when R15 is one of
        ``editions`` (the themes gather the mechanisms of the 15th edition's Part 5, which
        the seed editions lack or play otherwise), an unthemed one in a drawn edition."""
        st, draw = self.st, self.data.draw
        theme = self.theme or ""
        if self.theme is None and self.themed:
            theme = draw(st.sampled_from(["", *THEMES]))
        if theme and "R15" in editions:
            edition = "R15"
        else:
            edition = editions[0] if len(editions) == 1 else draw(st.sampled_from(list(editions)))
        heroes = (draw(st.sampled_from(self.heroes)), draw(st.sampled_from(self.heroes)))
        cards = theme_ids(theme) if theme else self.others
        deck = st.lists(st.sampled_from(cards), min_size=DECK_SIZE, max_size=DECK_SIZE)
        return GameConfig(heroes, (list(draw(deck)), list(draw(deck))), edition)


# --- samplers -------------------------------------------------------------------------


def random_action(state: State, rng: random.Random) -> Action:
    """A uniformly random legal action of whoever decides (chance included)."""
    chooser = RandomChooser(rng)
    if state.step in SHUFFLE_STEPS:
        seat = shuffled_seat(state)
        return Action("shuffle", card=seat, values=tuple(chooser.permutation(state.players[seat].deck)))
    if state.step == "hand_choice" and state.choosing_cards is not None and not state.choosing_cards.count:
        return _random_hand_choice(state, chooser)
    actions = legal_actions(state)
    return actions[chooser.index(len(actions))]


def _random_hand_choice(state: State, chooser: RandomChooser) -> Action:
    """A uniformly random ``choose_cards`` without listing every subset: «любое количество»
    allows every subset of the hand, so each card is in it with probability 1/2; any other
    hand choice has few legal actions (R15:7.discard)."""
    from .rules.ops.hand import choice_counts, zone_chosen_from
    from .rules.resolution.queue import ability_of

    hc = state.choosing_cards
    assert hc is not None
    hand = sorted(state.players[hc.player].hand)
    counts = choice_counts(state, ability_of(state, hc.entry), hc.effect, hc.player, hc.entry.source, hc.entry.x)
    if zone_chosen_from(ability_of(state, hc.entry).effects[hc.effect]) == "hand" and len(counts) == len(hand) + 1:
        return Action("choose_cards", targets=tuple(uid for uid in hand if chooser.rng.random() < 0.5))
    actions = legal_actions(state)
    return actions[chooser.index(len(actions))]


def random_config(rng: random.Random, edition: str = "C", deck_size: int = DECK_SIZE) -> GameConfig:
    """Two random heroes and two random decks of ``deck_size`` non-hero cards."""
    heroes, others = pool_ids()
    return GameConfig(
        (rng.choice(heroes), rng.choice(heroes)),
        ([rng.choice(others) for _ in range(deck_size)], [rng.choice(others) for _ in range(deck_size)]),
        edition,
    )


@dataclass
class Game:
    """A played game: its configuration, the actions taken and every state visited."""

    config: GameConfig
    actions: list[Action] = field(default_factory=list)
    states: list[State] = field(default_factory=list)


def play_random_game(seed: int, edition: str = "C", max_actions: int = 5000, keep_states: bool = True) -> Game:
    """Play one game with random decks and random decisions from ``seed``."""
    rng = random.Random(seed)
    config = random_config(rng, edition)
    state = new_game(config)
    game = Game(config, states=[state] if keep_states else [])
    for _ in range(max_actions):
        if decision(state).actor < 0:
            break
        action = random_action(state, rng)
        state = apply(state, action).state
        game.actions.append(action)
        if keep_states:
            game.states.append(state)
    if not keep_states:
        game.states.append(state)
    return game


# --- the perturber --------------------------------------------------------------------


def illegal_candidates(
    state: State, actor: int, legal: Sequence[Action], chosen: Action, pool: Sequence[Action], limit: int = 10
) -> list[Action]:
    """Actions the engine refuses in ``state``, at most ``limit``, in a stable order: the
    ``chosen`` action of ``actor`` by the wrong actor, perturbations of it (another card,
    other targets, an X of 0 or, for a play, one more, option, trigger, die values, deck order),
    actions of other kinds, and the actions of ``pool`` (those of earlier decisions), latest
    first; none of ``legal``."""
    cands: list[Action] = []
    other = 0 if actor == CHANCE else 1 - actor
    cands.append(replace(chosen, actor=other))
    if chosen.kind == "shuffle":
        cands += [replace(chosen, values=chosen.values[:-1]), replace(chosen, card=1 - chosen.card)]
    elif chosen.kind == "roll":
        cands += [replace(chosen, values=(7, chosen.values[1])), replace(chosen, values=chosen.values[:1])]
    elif chosen.kind == "choose_order":
        cands.append(replace(chosen, values=(3,)))
    if chosen.card:
        cands += [replace(chosen, card=chosen.card + 1), replace(chosen, card=state.players[other if actor != CHANCE else 1].hero)]
    if chosen.targets:
        cands += [
            replace(chosen, targets=tuple(t + 1 for t in chosen.targets)),
            replace(chosen, targets=(*chosen.targets, chosen.targets[0])),
        ]
    if chosen.x:  # X is at least 1 (R15:106.1.2, 512.4.1): a played or activated X of 0 is refused
        cands.append(replace(chosen, x=0))
    if chosen.kind == "play":
        cands += [replace(chosen, x=chosen.x + 1), replace(chosen, option="fury")]
    if chosen.trigger:
        cands.append(replace(chosen, trigger=chosen.trigger + 1))
    cands += [Action("end_turn"), Action("pass", trigger=state.next_trigger_id)]
    cands += list(pool)[::-1]
    seen = {encode(a) for a in legal}
    out: list[Action] = []
    for a in cands:
        text = encode(a)
        if text in seen:
            continue
        seen.add(text)
        if check(state, a):
            out.append(a)
        if len(out) >= limit:
            break
    return out
