"""The game model: small, flat, mutable-by-the-engine-only records.

A :class:`State` is everything the rules need to know; nothing else decides anything.
Public functions never mutate a state they are given: :func:`oracle.engine.apply` works on a
copy (:meth:`State.copy`).  Card instances are identified by ``uid`` (1, 2, …), assigned
when a game is created; card definitions live in :mod:`oracle.cards`.

Seats are 0 and 1 (player 1 and player 2 in the order of the game configuration).  Which
seat is the *first player* is decided at setup (301.4).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum

from .ruleset import Ruleset, ruleset

__all__ = [
    "ACTION_KINDS",
    "CHANCE",
    "GRANTED_KEYWORDS",
    "GRANTS",
    "STEPS",
    "UNTIL",
    "Action",
    "Actor",
    "Attack",
    "Card",
    "Event",
    "HandChoice",
    "Modifier",
    "PendingTrigger",
    "Player",
    "QueueEntry",
    "State",
    "TargetChoice",
    "Violation",
]

#: The durations of a strike (or life) modifier (``Modifier.until``): 310.2, the next 303.1, the
#: 303.1 of its owner's next turn, and none: while the creature is in play («получает +N к
#: удару», R15:205.3; INTERPRETING.md, entry 58).
UNTIL = ("end_of_turn", "start_of_turn", "start_of_owner_turn", "while_in_play")

#: What a modifier gives other than strike (``Modifier.grants``): "life" (+``amount`` life,
#: «получает +N к жизням», R15:106.2), "mechanism" (it has lost its classes and is a Механизм:
#: «Усовершенствовать», R15 glossary), or a keyword it has while the modifier lasts («получает
#: Рывок / Уязвимость / Первый удар / Направленный удар по существу противника», R15 glossary
#: «Получает»): "dash" (R15:108.5), "vulnerability", "first_strike", "directed_at_creatures";
#: or "double_strike": its strike is doubled («Удвойте силу удара»: a multiplying modifier,
#: applied after the additions and before the subtractions, R15:523.1; entry 71).
GRANTS = ("life", "mechanism", "dash", "vulnerability", "first_strike", "directed_at_creatures", "double_strike")
#: The grants that are keywords (a modifier of these has ``amount`` 0).
GRANTED_KEYWORDS = ("dash", "vulnerability", "first_strike", "directed_at_creatures")

#: The actor id of chance (die rolls, shuffles); players are seats 0 and 1.
class Actor(IntEnum):
    """Who decides or acts: the two seats, chance, or nobody (the game is over).  The
    values are the engine's seat numbers, so an ``Actor`` compares equal to the plain int
    a state holds (``state.active``); the names, lower case, are the contract's text names
    (``actor=player_2``, ``decision.actor``; :data:`oracle.contract.ACTOR_NAMES`)."""

    NOBODY = -1
    PLAYER_1 = 0
    PLAYER_2 = 1
    CHANCE = 2


#: Chance's actor number (die rolls and shuffles are its decisions).
CHANCE = Actor.CHANCE

_new_card = object.__new__

#: Where the game stands.  Queue steps (``*_queue``) resolve the Queue and, once it is
#: empty, continue with the rule that follows them.
STEPS = (
    "setup_roll",  # 301.4: chance rolls two dice
    "setup_order",  # 301.4: the higher roll chooses first or second
    "setup_shuffle",  # 301.5: chance gives each deck's order
    "setup_mulligan",  # 301.7, 301.7.1
    "reveal",  # 304.3: the active player reveals hidden cards
    "start_queue",  # 304.4–304.5
    "choice",  # 306.1
    "attack_queue",  # R15:307.1: the Queue of the triggers on an attack declaration (R15 only)
    "defender",  # 307.1: the inactive player may assign a defender
    "fight_queue",  # 307.2
    "close_queue",  # 307.3–307.4
    "ability_queue",  # 308.2–308.3
    "play_queue",  # 309.2–309.3
    "end_queue",  # 310.1–310.3 (A: 315.1–315.2)
    "target_choice",  # R15:118.1: the opponent of an ability's controller chooses its target
    "hand_choice",  # R15:7.discard, R15:119.2: a player chooses cards of his hand for a resolving effect
    "search_shuffle",  # R15:7.search, R15:204.2: chance shuffles the deck a resolving search looked through
    "game_over",
)

#: The steps at which an ability's resolution waits in the middle (a hand choice, the shuffle
#: after a search): the rest of its play waits too (INTERPRETING.md, entries 63 and 84).
RESOLUTION_PAUSES = ("hand_choice", "search_shuffle")

#: Every kind of action; see :class:`Action` for the fields each uses.
ACTION_KINDS = (
    "roll",  # chance: values = (die of seat 0, die of seat 1)
    "shuffle",  # chance: card = seat, values = the new deck order as card uids, top first (301.5; after a search, R15:7.search)
    "choose_order",  # values = (1,) to move first or (2,) to move second
    "mulligan",  # targets = hand cards to put under the deck, in that order
    "reveal",  # targets = hidden cards to reveal (304.3)
    "attack",  # card = attacker, targets = (attacked character,)
    "defend",  # card = defender (0 = no defender)
    "activate",  # card = source, ability = index, targets, x
    "play",  # card, targets, amounts, x, mode, option ("" | "fury" | "alt")
    "end_turn",  # 306.1: pass the turn
    "declare",  # trigger = pending trigger id, targets
    "pass",  # trigger = pending trigger id (optional triggers only, 401.7)
    "choose_target",  # targets = the target the opponent chooses (R15:118.1)
    "choose_cards",  # targets = the cards of his hand the chooser picks, ascending (R15:7.discard)
)


@dataclass(frozen=True, slots=True)
class Action:
    """One decision.  Unused fields keep their defaults; :func:`oracle.actions.encode`
    gives the stable text form (``play card=12 targets=3,4 amounts=2,1 x=3``).  ``actor``
    may name who takes the action; an action by someone who does not decide now is
    refused citing the rule that gives the decision to the other actor."""

    kind: str
    card: int = 0
    ability: int = -1
    targets: tuple[int, ...] = ()
    amounts: tuple[int, ...] = ()
    x: int = 0
    mode: int = -1
    option: str = ""
    values: tuple[int, ...] = ()
    trigger: int = 0
    actor: int = -1  # who takes it: 0, 1 or CHANCE; -1 = whoever decides now


@dataclass(frozen=True, slots=True)
class Violation:
    """Why an action is illegal: the edition-qualified rule id and an English message."""

    rule: str
    message: str


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, with the rule ids that made it happen.

    ``kind`` is a short snake_case name (``coin_gained``, ``wounded``…); ``data`` is a
    tuple of (key, value) pairs with int or str values, in a fixed order."""

    kind: str
    rules: tuple[str, ...]
    data: tuple[tuple[str, int | str], ...] = ()

    def get(self, key: str, default: int | str | None = None) -> int | str | None:
        """The value of ``key`` in ``data``."""
        for k, v in self.data:
            if k == key:
                return v
        return default


@dataclass(slots=True)
class Card:
    """A card instance.  Its zone is the zone list of its owner that holds its uid."""

    uid: int
    card_id: str
    owner: int
    closed: bool = False
    wounds: int = 0
    poison: int = 0
    hidden: bool = False
    entered_turn: int = 0  # turn in which it entered the play zone (R15:108.5)
    attacked_turn: int = 0  # last turn it made a strike attack (R15:108.2)
    defended_turn: int = 0  # last turn it defended (R15:509.3)
    usage: dict[int, int] = field(default_factory=dict)  # ability -> uses this turn
    game_usage: dict[int, int] = field(default_factory=dict)  # ability -> uses this game
    stunned: bool = False  # «Оглушение»: does not open at its next restoration (R15:7.stun)

    def copy(self) -> Card:
        """An independent copy (every field; built without ``__init__``, which is the
        cost of :meth:`State.copy` in each ``apply``)."""
        c = _new_card(Card)
        c.uid = self.uid
        c.card_id = self.card_id
        c.owner = self.owner
        c.closed = self.closed
        c.wounds = self.wounds
        c.poison = self.poison
        c.hidden = self.hidden
        c.entered_turn = self.entered_turn
        c.attacked_turn = self.attacked_turn
        c.defended_turn = self.defended_turn
        c.usage = dict(self.usage)
        c.game_usage = dict(self.game_usage)
        c.stunned = self.stunned
        return c


@dataclass(slots=True)
class Player:
    """One player's zones and coins.  Lists hold card uids; ``deck[0]`` is the top."""

    hero: int
    deck: list[int]
    hand: list[int] = field(default_factory=list)
    play: list[int] = field(default_factory=list)
    graveyard: list[int] = field(default_factory=list)
    coins_open: int = 0
    coins_closed: int = 0
    failed_draws: int = 0  # 304.2 ВАЖНО
    mulligan: tuple[int, ...] | None = None  # declared, not yet taken (301.7.1)
    # What the player did this turn (INTERPRETING.md, entry 59): reset for both players when
    # a turn begins (R15:302.2); the setup stage is in no turn, so its draws are not counted
    drawn_this_turn: int = 0  # cards drawn (R15:527.1, 527.2: each card is one draw)
    played_this_turn: int = 0  # cards played (R15:309.1)
    creatures_played_this_turn: int = 0  # creature cards played (R15:309.1)
    # Wounds healed from the player's creatures during his own turn: the current one while
    # it is his, else his last (INTERPRETING.md, entry 88); reset when his next turn begins
    creatures_healed_own_turn: int = 0

    @property
    def coins(self) -> int:
        """All coin markers in the play zone."""
        return self.coins_open + self.coins_closed

    def copy(self) -> Player:
        """An independent copy."""
        return Player(
            self.hero,
            list(self.deck),
            list(self.hand),
            list(self.play),
            list(self.graveyard),
            self.coins_open,
            self.coins_closed,
            self.failed_draws,
            self.mulligan,
            self.drawn_this_turn,
            self.played_this_turn,
            self.creatures_played_this_turn,
            self.creatures_healed_own_turn,
        )


@dataclass(frozen=True, slots=True)
class Modifier:
    """A strike bonus with a duration: ``until`` is "end_of_turn" (310.2),
    "start_of_turn" (the next 303.1, whoever's turn it is) or "start_of_owner_turn" (the
    303.1 of the next turn whose active player is ``owner``: «до начала вашего следующего
    хода», INTERPRETING.md, entry 23), or "while_in_play" (no duration: it lasts until the
    creature leaves play, R15:205.3; entry 58).  ``owner`` is that seat, and -1 for the other kinds.
    ``sets``: the strike becomes ``amount`` («становится равен»), applied after every
    adding modifier, in order of appearance (R15:523.1), instead of adding it.
    ``shots``: the bonus is to the amount of the card's shots («+N к выстрелам», R15 glossary
    «Выстрел»), not to its strike (INTERPRETING.md, entry 67).
    ``grants``: one of :data:`GRANTS` ("" for a strike or shot modifier): the modifier gives
    the card that (+``amount`` life, the class Механизм, a keyword) and nothing to its strike.
    ``coins``: not a strike bonus but ``amount`` temporary coins of the player whose hero
    is ``target`` («Получите (1) до конца хода», R15:522.4): they are among his coins and go
    back to the supply when the modifier ends at 310.2, which is not a loss (INTERPRETING.md,
    entry 76)."""

    target: int
    amount: int
    until: str
    owner: int = -1
    sets: bool = False
    shots: bool = False
    grants: str = ""
    coins: bool = False

    def to_dict(self) -> dict[str, object]:
        """The canonical JSON form: ``owner`` is present exactly for "start_of_owner_turn",
        ``sets``, ``shots`` and ``coins`` exactly when true, ``grants`` exactly when not empty."""
        d: dict[str, object] = {"target": self.target, "amount": self.amount, "until": self.until}
        if self.until == "start_of_owner_turn":
            d["owner"] = self.owner
        if self.sets:
            d["sets"] = True
        if self.shots:
            d["shots"] = True
        if self.grants:
            d["grants"] = self.grants
        if self.coins:
            d["coins"] = True
        return d


@dataclass(frozen=True, slots=True)
class QueueEntry:
    """A declared ability waiting in the Queue (401.1).  ``ability`` is -1 for a strike
    attack; ``mode`` and ``part`` locate the ability of a spell (mode -1: no modes; part
    -1: the card's own abilities, -2: its fury abilities)."""

    kind: str  # "strike_attack" | "activated" | "triggered" | "spell"
    controller: int
    source: int
    ability: int
    targets: tuple[int, ...] = ()
    amounts: tuple[int, ...] = ()
    x: int = 0
    mode: int = -1
    part: int = -1


@dataclass(frozen=True, slots=True)
class PendingTrigger:
    """A triggered ability whose condition happened and that waits to be declared
    (401.4, 402.1).  ``id`` is unique within the game; ``subject`` is the card the
    triggering event was about (0 if none)."""

    id: int
    controller: int
    source: int
    ability: int
    subject: int = 0
    count: int = 0  # «discards»: how many cards the firing discard moved (0 for every other trigger)


@dataclass(frozen=True, slots=True)
class TargetChoice:
    """A declared ability whose target the opponent of its controller chooses («по его
    выбору», R15:118.1) before it enters the Queue: ``entry`` is the declared ability with no
    targets yet, ``resume`` the Queue step the game returns to once the target is chosen
    (INTERPRETING.md, entry 48)."""

    entry: QueueEntry
    resume: str


@dataclass(frozen=True, slots=True)
class HandChoice:
    """An ability being resolved whose effect ``effect`` (an index into its effects) waits
    for ``player`` to choose cards of his own hand («Сбросьте карту», R15 glossary «Сбросить»;
    «Положите карту из руки на верх колоды»): ``entry`` is the resolving ability (already out
    of the Queue), ``resume`` the Queue step the game returns to once its remaining effects
    are carried out (R15:119.2; INTERPRETING.md, entry 63).  How many cards he may choose
    follows from the effect and his hand (:func:`oracle.rules.hand.choice_bounds`)."""

    entry: QueueEntry
    effect: int
    player: int
    resume: str


@dataclass(frozen=True, slots=True)
class Attack:
    """The strike attack in progress (307)."""

    attacker: int
    target: int
    defender: int = 0


@dataclass(slots=True)
class State:
    """A complete game state.  ``turn`` counts turns from 1; 0 during setup."""

    edition: str
    cards: dict[int, Card]
    players: list[Player]
    step: str = "setup_roll"
    turn: int = 0
    active: int = 0
    first_player: int = -1
    roll_winner: int = -1
    shuffled: int = 0  # decks shuffled so far in 301.5 (seat 0, then seat 1)
    queue: list[QueueEntry] = field(default_factory=list)
    pending: list[PendingTrigger] = field(default_factory=list)
    next_trigger_id: int = 1
    modifiers: list[Modifier] = field(default_factory=list)
    attack: Attack | None = None
    winner: int = -1  # seat, 2 = draw, -1 = not over
    mutant: str = ""  # an engine mutant (oracle.mutants); read through State.rules
    choosing: TargetChoice | None = None  # the target the opponent chooses now (R15:118.1)
    choosing_cards: HandChoice | None = None  # the hand cards a player chooses now (R15:7.discard)
    # Copy on write (not part of the game state): the uids of the cards this state may change
    # in place; None = all of them.  :meth:`fork` shares the cards with its source and empties
    # the set of both, and :meth:`card_mut` copies a shared card before its first change.
    _own: set[int] | None = field(default=None, compare=False, repr=False)

    def copy(self) -> State:
        """An independent copy: nothing mutable is shared with ``self``."""
        return self._clone({uid: c.copy() for uid, c in self.cards.items()}, None)

    def fork(self) -> State:
        """A copy that shares the card records with ``self`` until one of the two changes
        one through :meth:`card_mut` (used by :func:`oracle.engine.apply`: a rule changes a
        few cards of the 40-odd in a state, and copying each card was most of an ``apply``).
        Zones, queues and every other field are copied as in :meth:`copy`.  The rule modules
        change a card only through :meth:`card_mut`; ``self`` is left unchanged."""
        self._own = set()
        return self._clone(dict(self.cards), set())

    def _clone(self, cards: dict[int, Card], own: set[int] | None) -> State:
        """A copy of ``self`` with ``cards`` and copy-on-write set ``own``: players, zones and
        lists copied, the immutable fields shared."""
        return State(
            self.edition,
            cards,
            [p.copy() for p in self.players],
            self.step,
            self.turn,
            self.active,
            self.first_player,
            self.roll_winner,
            self.shuffled,
            list(self.queue),
            list(self.pending),
            self.next_trigger_id,
            list(self.modifiers),
            self.attack,
            self.winner,
            self.mutant,
            self.choosing,
            self.choosing_cards,
            own,
        )

    def card_mut(self, uid: int) -> Card:
        """Card ``uid``, to be changed: a private copy if this state shares it (:meth:`fork`).
        Every change of a card's fields by the engine goes through here."""
        own = self._own
        if own is None or uid in own:
            return self.cards[uid]
        c = self.cards[uid].copy()
        self.cards[uid] = c
        own.add(uid)
        return c

    @property
    def inactive(self) -> int:
        """The seat of the inactive player."""
        return 1 - self.active

    @property
    def rules(self) -> Ruleset:
        """The switches the rule modules read: this game's edition and engine mutant
        (:mod:`oracle.ruleset`; an unknown mutant is a ``ValueError``)."""
        return ruleset(self.edition, self.mutant)

    def zone_of(self, uid: int) -> str:
        """The zone that holds card ``uid``: hand, deck, play or graveyard ("" if none)."""
        owner = self.players[self.cards[uid].owner]
        if uid in owner.play or uid == owner.hero:
            return "play"
        if uid in owner.hand:
            return "hand"
        if uid in owner.graveyard:
            return "graveyard"
        if uid in owner.deck:
            return "deck"
        return ""
