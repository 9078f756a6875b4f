"""The state and its two big records, each field declared once with its proto number, bound,
presence and meaning (:class:`oracle.schema.F`): a card instance (:class:`Card`), a player's
zones and coins (:class:`Player`) and the game state (:class:`State`), which holds them and the
records of :mod:`oracle.model.records`; and, generated from these declarations by ``python -m
oracle.codegen``, their copies (at the end of this module: the records' methods call them, and
the model imports no generated module).
"""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass, field
from typing import Annotated

from ..ruleset import Ruleset, ruleset
from ..schema import MAX_COINS, MAX_VALUE, F
from .records import (
    _COUNT,
    _SEAT,
    _SEAT_DOC,
    _TURN_COUNT_DOC,
    _UID,
    _USAGE_DOC,
    Attack,
    HandChoice,
    Modifier,
    ModuleChoice,
    PendingTrigger,
    PlayerEffect,
    QueueEntry,
    TargetChoice,
)

__all__ = ["Card", "Player", "State"]


@dataclass(slots=True)
class Card:
    """A card instance.  Its zone is the zone list of its owner that holds its uid; a card in
    play may be in its controller's play list instead (R15:519.5), and a captured card is in
    none: it lies under the card ``captured_by`` (R15 glossary «Добывает»)."""

    uid: Annotated[int, F(1, "The card's instance id, unique in the game.", bound=_UID)]
    card_id: Annotated[str, F(2, "The id of its definition in the card pool.", codec="card_id")]
    owner: Annotated[int, F(3, "The seat of its owner.", bound=_SEAT)]
    _: KW_ONLY
    closed: Annotated[bool, F(4, "Closed (tapped).")] = False
    wounds: Annotated[int, F(5, "Wounds on it (R15:504).", bound=_COUNT)] = 0
    poison: Annotated[int, F(6, "Poison markers on it (R15:7.poison).", bound=_COUNT)] = 0
    hidden: Annotated[bool, F(7, "Face down (Скрытность, R15:304.3).")] = False
    entered_turn: Annotated[int, F(8, "The turn in which it entered the play zone (R15:108.5).", bound=_COUNT)] = 0
    attacked_turn: Annotated[int, F(9, "The last turn it made a strike attack (R15:108.2).", bound=_COUNT)] = 0
    defended_turn: Annotated[int, F(10, "The last turn it defended (R15:509.3).", bound=_COUNT)] = 0
    usage: Annotated[dict[int, int], F(11, "Per ability: its uses this turn («1 (X) раз за ход», 303.3).", codec="usage",
                                             json_doc=_USAGE_DOC)] = (
        field(default_factory=dict))
    game_usage: Annotated[dict[int, int], F(12, "Per ability: its uses this game («X раз за игру»).", codec="usage",
                                                  json_doc=_USAGE_DOC)] = (
        field(default_factory=dict))
    stunned: Annotated[bool, F(13, "«Оглушение»: does not open at its next restoration (R15:7.stun).",
                               presence="nonzero", json_doc="`true`; the key is present exactly when true (5.4 rule 4)")] = False
    # The wound pipeline's memory (oracle.rules.mechanisms.wounds): what its preventions used up
    armour_turn: Annotated[int, F(20, "The turn in which its «Броня» last prevented wounds (R15 glossary «Броня Х»).",
                                  bound=_COUNT, presence="nonzero", json_doc=_TURN_COUNT_DOC)] = 0
    armour_prevented: Annotated[int, F(21, "Wounds its «Броня» prevented in turn armour_turn (R15:516.3).",
                                       bound=_COUNT, presence="nonzero", json_doc=_TURN_COUNT_DOC)] = 0
    prevented: Annotated[int, F(22, "Wounds its «Предотвратите следующие N ран» prevented so far (R15:516.4).",
                                bound=_COUNT, presence="nonzero", json_doc=_TURN_COUNT_DOC)] = 0
    captured_by: Annotated[int, F(35, "«Добывает»: the card in play it lies under, captured from a hand (R15:520.5).",
                                  bound=(0, MAX_VALUE), presence="nonzero", json_doc=(
                                      "integer ≥ 1: the uid of the card in play it lies under; the key is present "
                                      "exactly when not 0 (5.4 rule 3)"))] = 0
    attached_to: Annotated[int, F(30, "The card it is attached under, a part of that combined card (0: none; R15:7.attach).",
                                  bound=_COUNT, presence="nonzero", json_doc=(
                                      "integer: the uid of the combined card's top card; the key is present exactly "
                                      "when not 0 (a part is in no zone list, 5.4 rule 14)"))] = 0

    def copy(self) -> Card:
        """An independent copy (every field; built without ``__init__``, which is the
        cost of :meth:`State.copy` in each ``apply``)."""
        return _copy_card(self)


@dataclass(slots=True)
class Player:
    """One player's zones and coins.  Lists hold card uids; ``deck[0]`` is the top."""

    hero: Annotated[int, F(1, "The uid of his hero.", bound=_UID)]
    deck: Annotated[list[int], F(2, "His deck, top first.", bound=_UID)]
    _: KW_ONLY
    hand: Annotated[list[int], F(3, "His hand.", bound=_UID)] = field(default_factory=list)
    # the cards he controls: his own, and his opponent's he took control of (R15:519.5; the
    # card's ``owner`` stays; INTERPRETING.md, entry 114)
    play: Annotated[list[int], F(4, "His cards in the play zone other than the hero.", bound=_UID)] = field(
        default_factory=list)
    graveyard: Annotated[list[int], F(5, "His graveyard, oldest first.", bound=_UID)] = field(default_factory=list)
    coins_open: Annotated[int, F(6, "His open coins.", bound=(0, MAX_COINS))] = 0
    coins_closed: Annotated[int, F(7, "His closed coins.", bound=(0, MAX_COINS))] = 0
    failed_draws: Annotated[int, F(8, "Draws he could not make in his accumulation phase (304.2 ВАЖНО).",
                                   bound=(0, 3))] = 0
    mulligan: Annotated[tuple[int, ...] | None, F(
        10, "The hand cards he declared to put under the deck, in that order; None: not declared yet (301.7.1).",
        bound=_UID, codec="declared", flag="mulligan_declared", flag_number=9)] = None
    # What the player did this turn (INTERPRETING.md, entry 59): reset for both players when
    # a turn begins (R15:302.2); the setup stage is in no turn, so its draws are not counted
    drawn_this_turn: Annotated[int, F(11, "Cards he drew this turn (R15:527.1, 527.2).", bound=_COUNT,
                                      presence="nonzero", json_doc=_TURN_COUNT_DOC)] = 0
    played_this_turn: Annotated[int, F(12, "Cards he played this turn (R15:309.1).", bound=_COUNT,
                                       presence="nonzero", json_doc=_TURN_COUNT_DOC)] = 0
    creatures_played_this_turn: Annotated[int, F(13, "Creature cards he played this turn (R15:309.1).", bound=_COUNT,
                                                 presence="nonzero", json_doc=_TURN_COUNT_DOC)] = 0
    # Wounds healed from the player's creatures during his own turn: the current one while
    # it is his, else his last (INTERPRETING.md, entry 88); reset when his next turn begins
    creatures_healed_own_turn: Annotated[int, F(14, "Wounds healed from his creatures in his own turn (entry 88).",
                                                bound=_COUNT, presence="nonzero", json_doc=_TURN_COUNT_DOC)] = 0
    supply: Annotated[list[int], F(30, "His supply: created cards out of the game (R15:206.1, 519.6.1).", bound=_UID,
                                   presence="nonzero")] = field(default_factory=list)

    def copy(self) -> Player:
        """An independent copy."""
        return _copy_player(self)

    @property
    def coins(self) -> int:
        """All coin markers in the play zone."""
        return self.coins_open + self.coins_closed


@dataclass(slots=True)
class State:
    """A complete game state.  ``turn`` counts turns from 1; 0 during setup."""

    edition: Annotated[str, F(1, "The edition of the rules (oracle.editions).", choices="EDITIONS")]
    cards: Annotated[dict[int, Card], F(11, "Every card of the game, by uid.", codec="cards",
                                        json_doc="list of objects, ascending `uid`")]
    players: Annotated[list[Player], F(10, "The two players, seat 0 first.", count=2,
                                       json_doc="list of 2 objects (seat 0 first)")]
    _: KW_ONLY
    step: Annotated[str, F(2, "Where the game stands.", codec="step", json_doc=(
        "string: the `Step` value's name without `STEP_`, lower case (`STEP_CHOICE` ↔ `\"choice\"`); "
        "`STEP_UNSPECIFIED` is refused"))] = "setup_roll"
    turn: Annotated[int, F(3, "The turn, from 1; 0 during setup.", bound=_COUNT)] = 0
    active: Annotated[int, F(4, "The seat of the active player.", bound=_SEAT)] = 0
    first_player: Annotated[int, F(5, "The seat who moves first; -1 before 301.4 decides it.", bound=(-1, 1),
                                   codec="optional_seat", json_doc=_SEAT_DOC)] = -1
    roll_winner: Annotated[int, F(6, "The seat who won the roll; -1 before it (301.4).", bound=(-1, 1),
                                  codec="optional_seat", json_doc=_SEAT_DOC)] = -1
    shuffled: Annotated[int, F(7, "Decks shuffled so far in 301.5 (seat 0, then seat 1).", bound=(0, 2))] = 0
    queue: Annotated[list[QueueEntry], F(12, "The Queue, first entry first (401).")] = field(default_factory=list)
    pending: Annotated[list[PendingTrigger], F(13, "Triggers waiting to be declared (401.4).")] = field(
        default_factory=list)
    next_trigger_id: Annotated[int, F(9, "The id the next trigger gets.", bound=_UID, zero_reads_as=1,
                                      json_doc="integer ≥ 1 (a proto value of 0 is read as 1)")] = 1
    modifiers: Annotated[list[Modifier], F(14, "Strike, life, keyword and coin modifiers, in order of appearance.")] = (
        field(default_factory=list))
    attack: Annotated[Attack | None, F(15, "The strike attack in progress.",
                                       json_doc="object, or `null` when the proto field is absent")] = None
    winner: Annotated[int, F(8, "The result: the winning seat, 2 a draw, -1 not over.", bound=(-1, 2), codec="result",
                             proto="result", json_doc=(
                                 "integer: -1 not over (`GAME_RESULT_UNSPECIFIED`), 0 player 1 won, 1 player 2 won, "
                                 "2 a draw"))] = -1
    mutant: Annotated[str, F(0, "An engine mutant (oracle.mutants); read through State.rules.")] = ""
    choosing: Annotated[TargetChoice | None, F(16, "The target the opponent chooses now (R15:118.1).",
                                               presence="not_none", json_doc=(
                                                   "object, present only at step `target_choice` (the key is absent "
                                                   "when the proto field is absent, 5.4 rule 11)"))] = None
    choosing_cards: Annotated[HandChoice | None, F(17, "The hand cards a player chooses now (R15:7.discard).",
                                                   presence="not_none", json_doc=(
                                                       "object, present only at steps `hand_choice`, "
                                                       "`search_shuffle`, `pay_choice` and `deck_order` (the key is "
                                                       "absent when the proto field is absent, 5.4 rule 12)"))] = None
    cancelling: Annotated[int, F(40, "The card whose play may be cancelled now (R15:309.1.10, 518.1); 0: none.",
                                 bound=(0, MAX_VALUE), presence="nonzero", json_doc=(
                                     "integer, the uid of the played card, nonzero only at step `cancel_choice` "
                                     "(5.4 rule 13)"))] = 0
    attaching: Annotated[ModuleChoice | None, F(30, "The Модуль creature its player may attach now (R15 glossary).",
                                                presence="not_none", json_doc=(
                                                    "object, present only at step `module_choice` (the key is absent "
                                                    "when the proto field is absent)"))] = None
    delayed: Annotated[list[PendingTrigger], F(45, "Delayed triggered abilities waiting for their condition (R15:521).",
                                               presence="nonzero", json_doc=(
                                                   "list of objects (`pending[i].`'s keys); the key is absent when "
                                                   "the list is empty"))] = field(default_factory=list)
    player_effects: Annotated[list[PlayerEffect], F(
        52, "Effects on players that last for a time (R15:521.1), in order of appearance.", presence="nonzero",
        json_doc="list of objects; the key is absent when the list is empty")] = field(default_factory=list)
    # Copy on write (not part of the game state): the uids of the cards this state may change
    # in place; None = all of them.  :meth:`fork` shares the cards with its source and empties
    # the set of both, and :meth:`card_mut` copies a shared card before its first change.
    _own: set[int] | None = field(default=None, compare=False, repr=False)
    # Speed (not part of the game state either): whether some card is a part of a combined
    # card or a captured card (``attached_to`` or ``captured_by`` set); None: not known yet.
    # :func:`oracle.rules.queries.board.some_card_outside_zones` finds it once and keeps it, copies
    # keep it, and the rules that attach, capture or release a card reset it.
    _outside: bool | None = field(default=None, compare=False, repr=False)
    # Speed too: the printed card ids of every card of the game, in any zone; None: not known
    # yet.  :func:`oracle.rules.queries.board.game_has` finds it once and keeps it, copies keep it, and
    # the creation of a card adds its id (a card's id never changes, no other rule adds cards).
    _ids: frozenset[str] | None = field(default=None, compare=False, repr=False)
    # Speed too: the parts of each combined card, by the uid of its top card (in ascending uid
    # order); None: not known yet.  :func:`oracle.rules.queries.board.parts_of` finds them all
    # with one scan of the cards and keeps them; copies keep them (the dict is never changed in
    # place), and the rules that attach or release a card reset it with ``_outside``.
    _parts: dict[int, tuple[int, ...]] | None = field(default=None, compare=False, repr=False)
    # Speed too: the ruleset :attr:`rules` last gave, kept while ``edition`` and ``mutant``
    # are the ones it was made for (copies keep it; None: not looked up yet).
    _rules: Ruleset | None = field(default=None, compare=False, repr=False)

    def copy(self) -> State:
        """An independent copy: nothing mutable is shared with ``self``."""
        return _clone_state(self, {uid: c.copy() for uid, c in self.cards.items()}, None)

    def fork(self) -> State:
        """A copy that shares the card records with ``self`` until one of the two changes
        one through :meth:`card_mut` (used by :func:`oracle.engine.apply`: a rule changes a
        few cards of the 40-odd in a state, and copying each card was most of an ``apply``).
        Zones, queues and every other field are copied as in :meth:`copy`.  The rule modules
        change a card only through :meth:`card_mut`; ``self`` is left unchanged."""
        self._own = set()
        return _clone_state(self, dict(self.cards), set())

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
        (:mod:`oracle.ruleset`; an unknown mutant is a ``ValueError``).  Kept in ``_rules``
        while ``edition`` and ``mutant`` stay the same (the rule modules read it a dozen times
        an action; speed only)."""
        r = self._rules
        if r is not None and r.edition == self.edition and r.mutant == self.mutant:
            return r
        r = self._rules = ruleset(self.edition, self.mutant)
        return r

    def zone_of(self, uid: int) -> str:
        """The zone that holds card ``uid``: hand, deck, play, graveyard or supply; "attached"
        for a part of a combined card, which is in no zone of its own ("" if none).  A card in
        play is in the play list of its controller, who may be its owner's opponent
        (R15:519.5); its other zones are its owner's."""
        seat = self.cards[uid].owner
        owner = self.players[seat]
        if uid in owner.play or uid == owner.hero or uid in self.players[1 - seat].play:
            return "play"
        if uid in owner.hand:
            return "hand"
        if uid in owner.graveyard:
            return "graveyard"
        if uid in owner.deck:
            return "deck"
        if uid in owner.supply:
            return "supply"
        if self.cards[uid].attached_to:
            return "attached"  # a part of a combined card (R15:7.attach)
        return ""  # a captured card too: it lies under a card in play, in no zone (R15 glossary «Добывает»)

    def controller_of(self, uid: int) -> int:
        """The seat that controls card ``uid``: for a card in play, the player whose play list
        holds it (R15:519.5: taking control of a card moves it there, its owner unchanged); for
        any other card its owner (R15 glossary «Ваша карта»: a card in your hand, graveyard or
        deck is yours).  A part of a combined card is controlled with it: its combined card's
        controller (R15 glossary «Присоединить»: «это объединение считается одной картой»)."""
        c = self.cards[uid]
        if c.attached_to:
            c = self.cards[c.attached_to]
        seat = c.owner
        return 1 - seat if c.uid in self.players[1 - seat].play else seat


# --- generated by python -m oracle.codegen from the declarations above: do not edit ---


_new = object.__new__


def _copy_card(self: Card) -> Card:
    """An independent copy of a ``Card`` (every field; built without ``__init__``)."""
    c = _new(Card)
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
    c.armour_turn = self.armour_turn
    c.armour_prevented = self.armour_prevented
    c.prevented = self.prevented
    c.captured_by = self.captured_by
    c.attached_to = self.attached_to
    return c


def _copy_player(self: Player) -> Player:
    """An independent copy of a ``Player`` (every field; built without ``__init__``)."""
    p = _new(Player)
    p.hero = self.hero
    p.deck = list(self.deck)
    p.hand = list(self.hand)
    p.play = list(self.play)
    p.graveyard = list(self.graveyard)
    p.coins_open = self.coins_open
    p.coins_closed = self.coins_closed
    p.failed_draws = self.failed_draws
    p.mulligan = self.mulligan
    p.drawn_this_turn = self.drawn_this_turn
    p.played_this_turn = self.played_this_turn
    p.creatures_played_this_turn = self.creatures_played_this_turn
    p.creatures_healed_own_turn = self.creatures_healed_own_turn
    p.supply = list(self.supply)
    return p


def _clone_state(self: State, cards: dict[int, Card], own: set[int] | None) -> State:
    """A copy of ``self`` with ``cards`` and copy-on-write set ``own``: players and lists copied,
    the immutable records shared (:meth:`oracle.model.State.copy`, :meth:`~oracle.model.State.fork`)."""
    s = _new(State)
    s.edition = self.edition
    s.cards = cards
    s.players = [p.copy() for p in self.players]
    s.step = self.step
    s.turn = self.turn
    s.active = self.active
    s.first_player = self.first_player
    s.roll_winner = self.roll_winner
    s.shuffled = self.shuffled
    s.queue = list(self.queue)
    s.pending = list(self.pending)
    s.next_trigger_id = self.next_trigger_id
    s.modifiers = list(self.modifiers)
    s.attack = self.attack
    s.winner = self.winner
    s.mutant = self.mutant
    s.choosing = self.choosing
    s.choosing_cards = self.choosing_cards
    s.cancelling = self.cancelling
    s.attaching = self.attaching
    s.delayed = list(self.delayed)
    s.player_effects = list(self.player_effects)
    s._own = own
    s._outside = self._outside
    s._ids = self._ids
    s._parts = self._parts
    s._rules = self._rules
    return s


# --- end of generated code ---
