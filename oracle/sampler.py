"""A seeded sampler for chance and a uniformly random player, for tests, benchmarks and
fuzzing.  It uses its own :class:`random.Random`; the engine itself has no randomness.
A game is fully determined by its configuration plus the recorded actions."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from .cards import load_pool
from .engine import SHUFFLE_STEPS, apply, decision, legal_actions, shuffled_seat
from .model import Action, State
from .rules.setup import GameConfig, new_game

__all__ = ["Game", "play_random_game", "random_action", "random_config"]


def random_action(state: State, rng: random.Random) -> Action:
    """A uniformly random legal action of whoever decides (chance included)."""
    if state.step in SHUFFLE_STEPS:
        seat = shuffled_seat(state)
        deck = list(state.players[seat].deck)
        rng.shuffle(deck)
        return Action("shuffle", card=seat, values=tuple(deck))
    if state.step == "hand_choice" and state.choosing_cards is not None:
        return _random_hand_choice(state, rng)
    actions = legal_actions(state)
    return actions[rng.randrange(len(actions))]


def _random_hand_choice(state: State, rng: random.Random) -> Action:
    """A uniformly random ``choose_cards`` without listing every subset: «любое количество»
    allows every subset of the hand, so each card is in it with probability 1/2; any other
    hand choice has few legal actions (R15:7.discard)."""
    from .rules.hand import choice_counts
    from .rules.queue import ability_of

    hc = state.choosing_cards
    assert hc is not None
    hand = sorted(state.players[hc.player].hand)
    counts = choice_counts(state, ability_of(state, hc.entry), hc.effect, hc.player)
    if ability_of(state, hc.entry).effects[hc.effect].op != "search" and len(counts) == len(hand) + 1:
        return Action("choose_cards", targets=tuple(uid for uid in hand if rng.random() < 0.5))
    actions = legal_actions(state)
    return actions[rng.randrange(len(actions))]


def random_config(rng: random.Random, edition: str = "C", deck_size: int = 20) -> GameConfig:
    """Two random heroes and two random decks of ``deck_size`` non-hero cards."""
    pool = load_pool().cards
    heroes = sorted(c.id for c in pool.values() if c.type == "hero")
    others = sorted(c.id for c in pool.values() if c.type != "hero")
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



