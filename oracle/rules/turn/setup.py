"""The setup stage (301): heroes, turn order, shuffles, the deal and mulligans."""

from __future__ import annotations

from itertools import permutations

from ...cards import load_pool
from ...editions import DEFAULT_EDITION, EDITIONS, cite, cite_one
from ...errors import FieldError
from ...model import Action, Actor, Card, Event, Player, State, Violation
from ..mechanisms.draws import draw_cards
from ..mechanisms.run import Run
from ..queries.board import card_def
from ..resolution.effects import DRAWS
from .turn_start import begin_turn

__all__ = [
    "DEAL",
    "ConfigError",
    "GameConfig",
    "apply_setup_action",
    "check_setup_action",
    "new_game",
    "new_game_with_events",
    "setup_actions",
]

#: 301.6: the deal is four cards.
DEAL = 4
DECK_MIN, DECK_MAX = 4, 60


class ConfigError(FieldError):
    """A game configuration is malformed; ``field`` names the offending field."""


class GameConfig:
    """What a new game needs: the edition, each seat's hero and deck (card ids, top
    first before the 301.5 shuffle)."""

    __slots__ = ("decks", "edition", "heroes")

    def __init__(self, heroes: tuple[str, str], decks: tuple[list[str], list[str]], edition: str = DEFAULT_EDITION) -> None:
        self.edition = edition
        self.heroes = heroes
        self.decks = decks


def new_game(config: GameConfig) -> State:
    """The state before 301.4: heroes in the play zone (301.3), decks beside them.  The
    next decision is chance's die roll, or the shuffle when a hero fixes the order
    (301.4.1).  :func:`new_game_with_events` also gives the events of creating it."""
    return new_game_with_events(config)[0]


def new_game_with_events(config: GameConfig) -> tuple[State, tuple[Event, ...]]:
    """:func:`new_game` and the events of creating the game, in order: ``order_by_hero``
    when a hero's text fixes the turn order (301.4.1), ``hero_order_ignored`` when both
    texts would make their players move alike (301.4.2), nothing otherwise."""
    pool = load_pool()
    if config.edition not in EDITIONS:
        raise ConfigError("edition", f"unknown edition {config.edition!r}; known: {', '.join(EDITIONS)}")
    if len(config.heroes) != 2:
        raise ConfigError("heroes", "exactly two heroes")
    if len(config.decks) != 2:
        raise ConfigError("decks", "exactly two decks")
    cards: dict[int, Card] = {}
    players: list[Player] = []
    for seat in (0, 1):
        hid = config.heroes[seat]
        if hid not in pool or pool[hid].type != "hero":
            raise ConfigError(f"heroes[{seat}]", f"{hid!r} is not a hero of the card pool")
        cards[seat + 1] = Card(seat + 1, hid, seat)
    uid = 3
    for seat in (0, 1):
        deck = config.decks[seat]
        if not DECK_MIN <= len(deck) <= DECK_MAX:
            raise ConfigError(f"decks[{seat}]", f"a deck holds {DECK_MIN}..{DECK_MAX} cards, got {len(deck)}")
        uids = []
        for i, cid in enumerate(deck):
            if cid not in pool:
                raise ConfigError(f"decks[{seat}][{i}]", f"unknown card id {cid!r}")
            if pool[cid].type == "hero":
                raise ConfigError(f"decks[{seat}][{i}]", f"{cid!r} is a hero; heroes are not in decks")
            if "created" in pool[cid].keywords:
                raise ConfigError(f"decks[{seat}][{i}]", f"{cid!r} is a created card («Созданный»): never in a deck "
                                  "(R15 glossary «Созданный»)")
            cards[uid] = Card(uid, cid, seat)
            uids.append(uid)
            uid += 1
        players.append(Player(hero=seat + 1, deck=uids))
    state = State(edition=config.edition, cards=cards, players=players)
    ev: list[Event] = Run()
    _order_from_heroes(state, ev)
    return state, tuple(ev)


def _order_from_heroes(state: State, ev: list[Event]) -> None:
    """301.4.1 / 301.4.2: a hero that says how its player moves fixes the order, unless
    both heroes would make their players the same number."""
    w0, w1 = (card_def(state, p.hero).turn_order for p in state.players)
    if not w0 and not w1:
        return
    if w0 == w1:
        ev.append(Event("hero_order_ignored", cite(state, "301.4.2"), ()))
        return
    state.first_player = 0 if (w0 == "first" or w1 == "second") else 1
    state.step = "setup_shuffle"
    ev.append(Event("order_by_hero", cite(state, "301.4.1"), (("first_player", state.first_player),)))


def setup_actions(state: State) -> list[Action]:
    """Every legal action at a setup step."""
    if state.step == "setup_roll":
        return [Action("roll", values=(a, b)) for a in range(1, 7) for b in range(1, 7)]
    if state.step == "setup_order":
        return [Action("choose_order", values=(1,)), Action("choose_order", values=(2,))]
    if state.step == "setup_shuffle":
        return []  # outcomes: any permutation of the deck (not enumerated)
    if state.step == "setup_mulligan":
        hand = sorted(state.players[mulligan_seat(state)].hand)
        out = []
        for k in range(len(hand) + 1):
            for combo in permutations(hand, k):
                out.append(Action("mulligan", targets=combo))
        return out
    return []


def mulligan_seat(state: State) -> int:
    """Who declares the mulligan now: the first player, then the second (301.7.1).
    NOBODY (-1) while the first player is not known, a state no game reaches and
    :func:`oracle.validate.validate` refuses (``setup_mulligan`` needs ``first_player``)."""
    first = state.first_player
    if first < 0:
        return Actor.NOBODY
    if not state.rules.first_player_mulligans_first:
        first = 1 - first
    return first if state.players[first].mulligan is None else 1 - first


def check_setup_action(state: State, action: Action) -> list[Violation]:
    """Violations of a setup action."""
    if action.kind == "roll":
        if len(action.values) != 2 or any(not 1 <= v <= 6 for v in action.values):
            return [Violation(cite_one(state, "301.4"), "a roll gives two die values 1..6, one per seat")]
        return []
    if action.kind == "choose_order":
        if action.values not in ((1,), (2,)):
            return [Violation(cite_one(state, "301.4"), "choose 1 (move first) or 2 (move second)")]
        return []
    if action.kind == "shuffle":
        seat = state.shuffled
        if action.card != seat:
            return [Violation(cite_one(state, "301.5"), f"the deck of seat {seat} is shuffled now")]
        if sorted(action.values) != sorted(state.players[seat].deck):
            return [Violation(cite_one(state, "301.5"), "the outcome must be an order of exactly the cards of the deck")]
        return []
    if action.kind == "mulligan":
        hand = state.players[mulligan_seat(state)].hand
        if len(set(action.targets)) != len(action.targets) or any(t not in hand for t in action.targets):
            return [Violation(cite_one(state, "301.7"), "return distinct cards of the deal, once")]
        return []
    return [Violation(cite_one(state, "301.2"), f"{action.kind!r} is not a step of the setup stage")]


def apply_setup_action(state: State, action: Action, ev: list[Event]) -> None:
    """Carry out a legal setup action."""
    if action.kind == "roll":
        a, b = action.values
        ev.append(Event("die_rolled", cite(state, "301.4"), (("seat0", a), ("seat1", b))))
        if a == b and state.rules.reroll_on_tie:
            ev.append(Event("reroll", cite(state, "301.4"), ()))
            return
        state.roll_winner = 0 if a >= b else 1
        state.step = "setup_order"
    elif action.kind == "choose_order":
        w = state.roll_winner
        state.first_player = w if action.values == (1,) else 1 - w
        ev.append(Event("order_chosen", cite(state, "301.4"), (("first_player", state.first_player),)))
        state.step = "setup_shuffle"
    elif action.kind == "shuffle":
        seat = action.card
        state.players[seat].deck = list(action.values)
        state.shuffled += 1
        ev.append(Event("deck_shuffled", cite(state, "301.5"), (("player", seat),)))
        if state.shuffled == 2:
            for s in (0, 1):
                draw_cards(state, s, DEAL, ev, cite(state, "301.6"), DRAWS)
            state.step = "setup_mulligan"
    elif action.kind == "mulligan":
        seat = mulligan_seat(state)
        state.players[seat].mulligan = action.targets
        ev.append(
            Event("mulligan_declared", cite(state, "301.7", "301.7.1"),
                  (("player", seat), ("cards", ",".join(map(str, action.targets)))))
        )
        if all(p.mulligan is not None for p in state.players):
            _take_mulligans(state, ev)
    else:  # pragma: no cover - check_setup_action refuses it
        raise AssertionError(action.kind)


def _take_mulligans(state: State, ev: list[Event]) -> None:
    """301.7: the returned cards go under the deck in the declared order, the hand is
    refilled from the top; 301.8: the deal becomes the hand; 302.3: the first player's
    first turn begins."""
    for seat in (state.first_player, 1 - state.first_player):
        p = state.players[seat]
        back = p.mulligan or ()
        for uid in back:
            p.hand.remove(uid)
            p.deck.append(uid)
        if back:
            draw_cards(state, seat, len(back), ev, cite(state, "301.7"), DRAWS)
        p.mulligan = None
    ev.append(Event("hands_kept", cite(state, "301.8"), ()))
    state.active = state.first_player
    ev.append(Event("first_turn", cite(state, "302.3"), (("active", state.active),)))
    begin_turn(state, ev)
