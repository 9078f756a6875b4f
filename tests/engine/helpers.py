"""Helpers for the engine's unit tests: declarative states, scripted setups and event lookups.

A :class:`Board` describes a state the way a rules question does ("player 1 has an open Orc
in play and 3 open coins, it is his choice phase on turn 3") and turns it into a real
:class:`~oracle.model.State` through :func:`oracle.serialize.from_dict`, so every hand-made
state is also checked for consistency by the engine's own validator.

Cards are given by card id (``"ork"``) or by :func:`card` with a label and attributes
(``card("ork", "attacker", closed=True)``).  Labels default to the card id, then
``"ork#2"``, ``"ork#3"``… for repeats, given to cards in play first, then in hands,
graveyards and decks (seat 0 before seat 1); the heroes are ``"hero0"`` and ``"hero1"``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from oracle import Action, Event, GameConfig, Outcome, State, Violation, apply, check, decision, from_dict
from oracle import legal_actions as _legal_actions

__all__ = [
    "Board",
    "CardSpec",
    "Script",
    "card",
    "events",
    "first_event",
    "kinds",
    "legal",
    "num",
    "rules_of",
    "run",
    "run_setup",
    "violation_rules",
]


@dataclass
class CardSpec:
    """One card of a :class:`Board`: its card id, label and instance attributes."""

    card_id: str
    label: str | None = None
    closed: bool = False
    wounds: int = 0
    poison: int = 0
    hidden: bool = False
    entered_turn: int = 0
    attacked_turn: int = 0
    defended_turn: int = 0
    usage: dict[int, int] = field(default_factory=dict)
    game_usage: dict[int, int] = field(default_factory=dict)


def card(card_id: str, label: str | None = None, **attrs: Any) -> CardSpec:
    """A card with a label and attributes (closed, wounds, poison, hidden, entered_turn,
    attacked_turn, defended_turn, usage, game_usage)."""
    return CardSpec(card_id, label, **attrs)


Spec = str | CardSpec
Two = tuple[Sequence[Spec], Sequence[Spec]]

#: A deck of three vanilla cards, so that a player can draw in his accumulation phase.
FILLER = ("legat_akkenii", "legat_akkenii", "legat_akkenii")


class Board:
    """A declarative game state.  ``play``, ``hands``, ``decks`` and ``graveyards`` give
    each seat's cards (top of the deck first); ``coins`` each seat's (open, closed) coins.

    ``b["ork"]`` is the uid of the card labelled ``ork``; ``b.data`` is the canonical dict
    (edit it freely before :meth:`state`); :meth:`state` builds the state with
    :func:`oracle.serialize.from_dict`."""

    def __init__(
        self,
        *,
        edition: str = "C",
        heroes: tuple[Spec, Spec] = ("test_geroy_pervogo_khoda", "test_geroy_vtorogo_khoda"),
        play: Two = ((), ()),
        hands: Two = ((), ()),
        decks: Two = (FILLER, FILLER),
        graveyards: Two = ((), ()),
        coins: tuple[tuple[int, int], tuple[int, int]] = ((0, 0), (0, 0)),
        step: str = "choice",
        turn: int = 3,
        active: int = 0,
        first_player: int = 0,
        failed_draws: tuple[int, int] = (0, 0),
    ) -> None:
        self.uids: dict[str, int] = {}
        self._cards: list[dict[str, Any]] = []
        self._next_uid = 1
        players: list[dict[str, Any]] = []
        hero_uids = [self._add(h, seat, f"hero{seat}") for seat, h in enumerate(heroes)]
        # labels go to cards in play first, then hands, graveyards and decks, seat 0 first
        zones: dict[str, list[list[int]]] = {}
        for zone, specs in (("play", play), ("hand", hands), ("graveyard", graveyards), ("deck", decks)):
            zones[zone] = [[self._add(s, seat) for s in specs[seat]] for seat in (0, 1)]
        for seat in (0, 1):
            players.append(
                {
                    "hero": hero_uids[seat],
                    "deck": zones["deck"][seat],
                    "hand": zones["hand"][seat],
                    "play": zones["play"][seat],
                    "graveyard": zones["graveyard"][seat],
                    "coins_open": coins[seat][0],
                    "coins_closed": coins[seat][1],
                    "failed_draws": failed_draws[seat],
                    "mulligan_declared": False,
                    "mulligan": [],
                }
            )
        self.data: dict[str, Any] = {
            "edition": edition,
            "step": step,
            "turn": turn,
            "active": active,
            "first_player": first_player,
            "roll_winner": -1,
            "shuffled": 2 if turn else 0,
            "winner": -1,
            "next_trigger_id": 1,
            "players": players,
            "cards": self._cards,
            "queue": [],
            "pending": [],
            "modifiers": [],
            "attack": None,
        }

    def _add(self, spec: Spec, seat: int, label: str | None = None) -> int:
        s = CardSpec(spec) if isinstance(spec, str) else spec
        uid = self._next_uid
        self._next_uid += 1
        name = label or s.label or s.card_id
        if name in self.uids:
            n = 2
            while f"{name}#{n}" in self.uids:
                n += 1
            name = f"{name}#{n}"
        self.uids[name] = uid
        self._cards.append(
            {
                "uid": uid,
                "card_id": s.card_id,
                "owner": seat,
                "closed": s.closed,
                "wounds": s.wounds,
                "poison": s.poison,
                "hidden": s.hidden,
                "entered_turn": s.entered_turn,
                "attacked_turn": s.attacked_turn,
                "defended_turn": s.defended_turn,
                "usage": [{"ability": a, "count": n} for a, n in sorted(s.usage.items())],
                "game_usage": [{"ability": a, "count": n} for a, n in sorted(s.game_usage.items())],
            }
        )
        return uid

    def __getitem__(self, label: str) -> int:
        return self.uids[label]

    def card_data(self, label: str) -> dict[str, Any]:
        """The canonical dict of the card labelled ``label`` (editable)."""
        uid = self[label]
        return next(c for c in self._cards if c["uid"] == uid)

    def pending(self, source: str, ability: int, controller: int | None = None, subject: int = 0) -> int:
        """Add a pending trigger of card ``source``'s ability; returns its id."""
        tid = self.data["next_trigger_id"]
        self.data["next_trigger_id"] = tid + 1
        owner = self.card_data(source)["owner"] if controller is None else controller
        self.data["pending"].append(
            {"id": tid, "controller": owner, "source": self[source], "ability": ability, "subject": subject}
        )
        return int(tid)

    def queue(
        self,
        kind: str,
        source: str,
        ability: int,
        controller: int | None = None,
        targets: Iterable[str] = (),
        amounts: Iterable[int] = (),
        x: int = 0,
        mode: int = -1,
        part: int = -1,
    ) -> None:
        """Append an entry to the Queue."""
        owner = self.card_data(source)["owner"] if controller is None else controller
        self.data["queue"].append(
            {
                "kind": kind,
                "controller": owner,
                "source": self[source],
                "ability": ability,
                "targets": [self[t] for t in targets],
                "amounts": list(amounts),
                "x": x,
                "mode": mode,
                "part": part,
            }
        )

    def modifier(self, target: str, amount: int, until: str, owner: int | None = None) -> None:
        """A strike modifier in force (``until`` end_of_turn, start_of_turn, or
        start_of_owner_turn with the ``owner`` seat)."""
        m: dict[str, object] = {"target": self[target], "amount": amount, "until": until}
        if owner is not None:
            m["owner"] = owner
        self.data["modifiers"].append(m)

    def attack(self, attacker: str, target: str, defender: str | None = None) -> None:
        """The strike attack in progress."""
        self.data["attack"] = {
            "attacker": self[attacker],
            "target": self[target],
            "defender": self[defender] if defender else 0,
        }

    def state(self, mutant: str = "") -> State:
        """The state, validated by :func:`oracle.serialize.from_dict`."""
        s = from_dict(self.data)
        s.mutant = mutant
        return s


# --- driving the engine ----------------------------------------------------------------


def run(state: State, *actions: Action) -> tuple[State, list[Event]]:
    """Apply ``actions`` in order; return the last state and all events."""
    out: list[Event] = []
    for a in actions:
        o: Outcome = apply(state, a)
        state = o.state
        out.extend(o.events)
    return state, out


@dataclass
class Script:
    """Scripted chance and setup decisions for :func:`run_setup`."""

    rolls: Sequence[tuple[int, int]] = ((6, 1),)
    order: int = 1  # what the roll winner chooses: 1 = move first, 2 = second
    shuffles: tuple[Sequence[int] | None, Sequence[int] | None] = (None, None)  # None: keep the order
    mulligans: tuple[Sequence[int], Sequence[int]] = ((), ())  # by seat


def run_setup(config: GameConfig, script: Script | None = None, stop_at: str = "") -> tuple[State, list[Event]]:
    """Drive a new game through setup (301) with scripted chance and setup decisions,
    until the first decision that is not a setup one or the step ``stop_at``."""
    from oracle import new_game

    script = script or Script()
    state = new_game(config)
    ev: list[Event] = []
    rolls = list(script.rolls)
    while state.step.startswith("setup_") and state.step != stop_at:
        d = decision(state)
        if state.step == "setup_roll":
            action = Action("roll", values=rolls.pop(0))
        elif state.step == "setup_order":
            action = Action("choose_order", values=(script.order,))
        elif state.step == "setup_shuffle":
            seat = state.shuffled
            order = script.shuffles[seat]
            action = Action("shuffle", card=seat, values=tuple(order if order is not None else state.players[seat].deck))
        else:
            action = Action("mulligan", targets=tuple(script.mulligans[d.actor]))
        o = apply(state, action)
        state = o.state
        ev.extend(o.events)
    return state, ev


# --- looking at events and violations --------------------------------------------------


def events(evs: Iterable[Event], kind: str) -> list[Event]:
    """The events of ``kind``, in order."""
    return [e for e in evs if e.kind == kind]


def first_event(evs: Iterable[Event], kind: str) -> Event:
    """The first event of ``kind`` (fails the test if there is none)."""
    found = events(evs, kind)
    assert found, f"no {kind!r} event"
    return found[0]


def num(e: Event, key: str) -> int:
    """The integer ``key`` of an event's data."""
    v = e.get(key)
    assert isinstance(v, int), (e, key)
    return v


def kinds(evs: Iterable[Event]) -> list[str]:
    """The kinds of ``evs``, in order."""
    return [e.kind for e in evs]


def rules_of(evs: Iterable[Event], kind: str) -> set[str]:
    """Every rule id cited by events of ``kind``."""
    return {r for e in evs if e.kind == kind for r in e.rules}


def violation_rules(state: State, action: Action) -> list[str]:
    """The rule ids of the violations of ``action`` (empty when legal)."""
    vs: list[Violation] = check(state, action)
    return [v.rule for v in vs]


def legal(state: State) -> list[Action]:
    """The legal actions now."""
    return _legal_actions(state)
