"""The game model: small, flat, mutable-by-the-engine-only records.

A :class:`State` is everything the rules need to know; nothing else decides anything.
Public functions never mutate a state they are given: :func:`oracle.engine.apply` works on a
copy (:meth:`State.copy`).  Card instances are identified by ``uid`` (1, 2, …), assigned
when a game is created; card definitions live in :mod:`oracle.cards`.

Seats are 0 and 1 (player 1 and player 2 in the order of the game configuration).  Which
seat is the *first player* is decided at setup (301.4).
"""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass, field
from enum import IntEnum
from typing import Annotated

from .ruleset import Ruleset, ruleset
from .schema import MAX_COINS, MAX_LIST, MAX_VALUE, F
from .steps import ACTION_KINDS, RESOLUTION_PAUSES, STEPS

__all__ = [
    "ACTION_KINDS",
    "CHANCE",
    "GRANTED_KEYWORDS",
    "GRANTS",
    "PLAYER_FX",
    "PLAY_OPTIONS",
    "QUEUE_KINDS",
    "RESOLUTION_PAUSES",
    "STEPS",
    "UNTIL",
    "Action",
    "Actor",
    "Attack",
    "Card",
    "Event",
    "HandChoice",
    "Modifier",
    "ModuleChoice",
    "PendingTrigger",
    "Player",
    "PlayerEffect",
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
#: «получает +N к жизням»: additional lives, R15:106.2, 504.2), "reduced_life" (−``amount``
#: life: reduced lives, not wounds, R15:504.4; entry 97), "mechanism" (it has lost its classes and is a Механизм:
#: «Усовершенствовать», R15 glossary), or a keyword it has while the modifier lasts («получает
#: Рывок / Уязвимость / Первый удар / Направленный удар по существу противника», R15 glossary
#: «Получает»): "dash" (R15:108.5), "vulnerability", "first_strike", "directed_at_creatures", "no_wounds" («Не
#: получает ран», R15:517.1.1; entry 185);
#: or "double_strike": its strike is doubled («Удвойте силу удара»: a multiplying modifier,
#: applied after the additions and before the subtractions, R15:523.1; entry 71); or "control":
#: the card is under the control of the seat in ``amount`` until the end of turn («Возьмите под
#: контроль … до конца хода», R15:519.5; at 310.2, if that seat still controls it, it goes to his
#: opponent -- its owner, or the player who had taken it for good before, R15:513.1; entries 114, 140);
#: or "untargetable": the character, a hero too, cannot be chosen as a target of spells and
#: abilities until the end of turn («не могут быть выбраны целью заклинаний и способностей до
#: конца хода», R15:502.9; entry 192);
#: or "double_life": its maximum lives are doubled (a multiplying modifier after the additional
#: lives and before the reduced ones, R15:523.1); or "double_cost": the cost of its activated
#: ability number ``amount`` is doubled (a multiplying cost modifier, R15:308.1 step 4, 523.1) —
#: Энт-прародитель «удвойте его силу удара, максимальные жизни и стоимость этой особенности»
#: (INTERPRETING.md, entry 158); "deals_no_wounds", "directed_at_it" (entry 159);
#: or "ent": it has lost its classes and is an Энт («становится энтом», INTERPRETING.md, entry 181); or
#: "ability": it has the triggered ability of index ``amount`` of the card ``granter`` («получает "…"»,
#: R15:7.gains; a granted ability, INTERPRETING.md, entry 180); or "no_abilities": it has lost the
#: text printed on it, what effects gave it stays («теряет особенности», R15 glossary; entry 211).
GRANTS = ("life", "reduced_life", "mechanism", "ent", "dash", "vulnerability", "first_strike", "directed_at_creatures",
          "no_wounds", "double_strike", "armour", "untargetable", "control", "double_life", "double_cost", "deals_no_wounds",
          "directed_at_it", "ability", "no_abilities")
#: The grants that are keywords (a modifier of these has ``amount`` 0).
GRANTED_KEYWORDS = ("dash", "vulnerability", "first_strike", "directed_at_creatures", "deals_no_wounds", "directed_at_it",
                    "no_wounds")

#: What a timed effect on a player does (``PlayerEffect.kind``; R15:521.1): "no_plays" — he
#: cannot play cards («не может разыгрывать карты», R15:514.2) — or "cost": the cards he plays
#: cost more or less (a cost modifier, R15:106.1.1, 523.1).
PLAYER_FX = ("no_plays", "cost")
#: The cost modifier kinds of a timed cost effect, in R15:523.1's order ("" for "no_plays").
FX_MODIFIERS = ("", "increase", "multiply", "decrease", "divide", "set")
#: The card types a timed cost effect is about ("" for every type; R15:107.1).
FX_CARD_TYPES = ("", "creature", "spell", "support")

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


#: Where the game stands (:data:`oracle.steps.STEPS`, each step declared once in
#: :data:`oracle.steps.STEP_SPECS`).  Queue steps (``*_queue``) resolve the Queue and, once it
#: is empty, continue with the rule that follows them.  :data:`RESOLUTION_PAUSES`: the steps
#: at which an ability's resolution waits in the middle (INTERPRETING.md, entries 63 and 84).

#: The options of a play (``Action.option``, ``ModuleChoice.option``): none, Ярость, the alternative cost.
PLAY_OPTIONS = ("", "fury", "alt")

#: The kinds of a Queue entry (401.1).
QUEUE_KINDS = ("strike_attack", "activated", "triggered", "spell")

#: Every kind of action (:data:`oracle.steps.ACTION_KINDS`; each declared once, with what its
#: fields hold, in :data:`oracle.steps.ACTION_SPECS`); see :class:`Action` for the fields.


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


@dataclass(slots=True, unsafe_hash=True)
class Event:
    """Something that happened, with the rule ids that made it happen.

    ``kind`` is a short snake_case name (``coin_gained``, ``wounded``…); ``data`` is a
    tuple of (key, value) pairs with int or str values, in a fixed order.

    Treat an event as immutable (nothing changes one once made; it hashes by its fields).  It
    is not a frozen dataclass for speed alone: every action makes several, and a frozen
    dataclass's ``__init__`` sets each field through ``object.__setattr__``, several times
    dearer (its share of ``apply``: ``bench/bench_engine_compare.py`` before and after)."""

    kind: str
    rules: tuple[str, ...]
    data: tuple[tuple[str, int | str], ...] = ()

    def get(self, key: str, default: int | str | None = None) -> int | str | None:
        """The value of ``key`` in ``data``."""
        for k, v in self.data:
            if k == key:
                return v
        return default


#: PROTOCOL.md's JSON value texts shared by several fields.
_TURN_COUNT_DOC = "integer ≥ 1; the key is present exactly when not 0 (5.4 rule 3)"
_SEAT_DOC = "integer: the seat, or -1 when the proto field is absent"
_USAGE_DOC = "list of objects, ascending `ability`, no `count` of 0"
_RESUME_DOC = "string: a `Step` value's name without `STEP_`, lower case (a Queue step)"
_COUNT_DOC = ("integer ≥ 1; the key is present exactly for a «discards» or «strikes_hero» trigger, and for a "
              "«death» trigger reading `self_wounds` whose card had wounds or `strike_at_death` whose creature had a "
              "strike (the proto's 0 means absent; 5.4 rule 6)")

#: The bounds the declarations below use (PROTOCOL.md 5.4, rule 10; :mod:`oracle.schema`).
_UID = (1, MAX_VALUE)  # a card's uid, or a reference to one
_COUNT = (0, MAX_VALUE)  # a counter, a turn number
_SEAT = (0, 1)
_INDEX = (0, MAX_LIST)  # an index into a card's abilities or an ability's effects
_AMOUNT = (-MAX_VALUE, MAX_VALUE)


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


#: The JSON form of a granted ability's card (R15:7.gains; INTERPRETING.md, entry 180).
_GRANTER_DOC = ("integer: the uid of the card whose text holds the granted ability (its `granted` list, numbered after "
                "its own and its delayed abilities); the key is present exactly when not 0 (0: the source's own ability)")


@dataclass(frozen=True, slots=True)
class Modifier:
    """A strike bonus with a duration: ``until`` is "end_of_turn" (310.2),
    "start_of_turn" (the next 303.1, whoever's turn it is) or "start_of_owner_turn" (the
    303.1 of the next turn whose active player is ``owner``: «до начала вашего следующего
    хода», INTERPRETING.md, entry 23), or "while_in_play" (no duration: it lasts until the
    creature leaves play, R15:205.3; entry 58).  ``owner`` is that seat, and -1 for the other kinds.
    ``sets``: the modifier was put on by «Удар … становится равен Х»: ``amount`` is the fixed
    +/- that made the strike X when it applied (R15 glossary «Удар становится равным Х»), and it
    adds like any other (INTERPRETING.md, entry 134).
    ``shots``: the bonus is to the amount of the card's shots («+N к выстрелам», R15 glossary
    «Выстрел»), not to its strike (INTERPRETING.md, entry 67).
    ``grants``: one of :data:`GRANTS` ("" for a strike or shot modifier): the modifier gives
    the card that (+``amount`` life, the class Механизм, a keyword) and nothing to its strike.
    ``coins``: not a strike bonus but ``amount`` temporary coins of the player whose hero
    is ``target`` («Получите (1) до конца хода», R15:522.4): they are among his coins and go
    back to the supply when the modifier ends at 310.2, which is not a loss (INTERPRETING.md,
    entry 76)."""

    target: Annotated[int, F(1, "The card it modifies.", bound=_UID)]
    amount: Annotated[int, F(2, "The bonus (or the value set, or the coins, or the lives, or the seat that took control).", bound=_AMOUNT)]
    until: Annotated[str, F(3, "When it ends.", choices="UNTIL")]
    _: KW_ONLY
    owner: Annotated[int, F(4, "The seat whose next turn ends it; -1 for the other durations.", bound=_SEAT,
                            presence="owner_turn", json_doc=(
                                "integer 0 or 1; the key is present exactly when `until` is "
                                "`\"start_of_owner_turn\"` (the proto field likewise)"))] = -1
    sets: Annotated[bool, F(5, "Put on by «становится равен» (R15:7.strikebecomes; entry 134).", presence="nonzero", json_doc=(
        "`true`; the key is present exactly when true (a modifier put on by «Удар … становится равен Х»: `amount` "
        "is the fixed +/- that made the strike X when it applied, and it adds like any other; 5.4 rule 7)"))] = False
    shots: Annotated[bool, F(6, "A bonus to the card's shots (entry 67).", presence="nonzero", json_doc=(
        "`true`; the key is present exactly when true (a bonus to the card's shots, not its strike; 5.4 rule 7)"))] = False
    grants: Annotated[str, F(7, "What it gives other than strike (:data:`GRANTS`; entry 69).", choices="GRANTS",
                             presence="nonzero", json_doc=(
                                 "`life`, `reduced_life`, `mechanism`, `ent`, `dash`, `vulnerability`, `first_strike`, "
                                 "`directed_at_creatures`, `no_wounds`, `double_strike`, `armour`, `untargetable`, `control`, "
                                 "`double_life`, `double_cost`, `deals_no_wounds`, `directed_at_it`, `ability` or `no_abilities`; the key is present "
                                 "exactly when not "
                                 "empty (5.4 rule 7)"))] = ""
    coins: Annotated[bool, F(8, "Temporary coins of the hero's player (R15:522.4; entry 76).", presence="nonzero",
                             json_doc=("`true`; the key is present exactly when true (temporary coins of the hero's "
                                       "player, not a strike bonus; 5.4 rule 7)"))] = False
    granter: Annotated[int, F(60, "The card whose granted ability it gives (grants ability; entry 180).", bound=(0, MAX_VALUE),
                              presence="nonzero", json_doc=_GRANTER_DOC)] = 0


@dataclass(frozen=True, slots=True)
class PlayerEffect:
    """An effect on a player that lasts for a time (R15:521.1: a delayed effect «на
    определённом промежутке времени», put on the player named — the opponent of its
    controller, or each player — or else on the controller): it is in force from the start of
    turn ``begins`` (or from its creation, if that is in turn ``begins``) until the end of turn
    ``ends``, where the step of R15:310.2 ends it («в свой следующий ход», «до конца хода
    противника»; glossary «На один ходов игрока»: while that player is the active one).
    ``kind`` "no_plays": ``seat`` cannot play cards (R15:514.2); "cost": the cards ``seat``
    plays cost ``value`` more (``modifier`` a kind of R15:523.1), only those of ``card_type``
    ("" any), only those named like card ``name`` ("" any; «Существа с таким же названием»),
    and with ``first_only`` only the first card he plays in a turn («Первая карта … в его
    следующий ход»).  ``source`` is the card whose ability created it."""

    seat: Annotated[int, F(1, "The player it is on.", bound=_SEAT)]
    kind: Annotated[str, F(2, "What it does (PLAYER_FX).", choices="PLAYER_FX")]
    source: Annotated[int, F(3, "The card whose ability created it.", bound=_UID)]
    begins: Annotated[int, F(4, "The first turn it is in force.", bound=_COUNT)]
    ends: Annotated[int, F(5, "The turn at whose end (R15:310.2) it ends.", bound=_COUNT)]
    _: KW_ONLY
    modifier: Annotated[str, F(6, "A cost effect's modifier kind (R15:523.1).", choices="FX_MODIFIERS",
                               presence="nonzero", json_doc=(
                                   "`increase`, `multiply`, `decrease`, `divide` or `set`; the key is present "
                                   "exactly for a `cost` effect"))] = ""
    value: Annotated[int, F(7, "A cost effect's value.", bound=_COUNT, presence="nonzero",
                            json_doc="integer ≥ 1; the key is present exactly when not 0")] = 0
    card_type: Annotated[str, F(8, "The card type a cost effect is about (\"\": every type).", choices="FX_CARD_TYPES",
                                presence="nonzero", json_doc=(
                                    "`creature`, `spell` or `support`; the key is absent for every type"))] = ""
    name: Annotated[str, F(9, "A cost effect only for cards named like this card id (\"\": any).", codec="card_id",
                           presence="nonzero", json_doc=(
                               "string: a card id of the pool; the key is absent for cards of any name"))] = ""
    first_only: Annotated[bool, F(10, "A cost effect only on the first card he plays in a turn.",
                                  presence="nonzero", json_doc=(
                                      "`true`; the key is present exactly when true"))] = False


#: The JSON form of a trigger's lineage (R15:525.2; INTERPRETING.md, entry 132).
_LINEAGE_DOC = ("list of integers, pairs source uid, ability index: the triggered abilities, first first, whose "
                "resolution led to this one; the key is absent when it is empty")


@dataclass(frozen=True, slots=True)
class QueueEntry:
    """A declared ability waiting in the Queue (401.1).  ``ability`` is -1 for a strike
    attack; ``mode`` and ``part`` locate the ability of a spell (mode -1: no modes; part
    -1: the card's own abilities, -2: its fury abilities)."""

    kind: Annotated[str, F(1, "strike_attack, activated, triggered or spell.", choices="QUEUE_KINDS")]
    controller: Annotated[int, F(2, "The seat of its controller.", bound=_SEAT)]
    source: Annotated[int, F(3, "The card whose ability it is.", bound=_UID)]
    ability: Annotated[int, F(4, "The ability's index (-1: a strike attack; -2: poison).", bound=(-2, MAX_LIST))]
    _: KW_ONLY
    targets: Annotated[tuple[int, ...], F(5, "Its targets, as declared.", bound=_UID)] = ()
    amounts: Annotated[tuple[int, ...], F(6, "What it distributes to each target.", bound=_AMOUNT)] = ()
    x: Annotated[int, F(7, "The X paid (0: none).", bound=_COUNT)] = 0
    mode: Annotated[int, F(8, "The mode of a modal spell (-1: none).", bound=(-1, MAX_LIST))] = -1
    part: Annotated[int, F(9, "-1: the card's own abilities; -2: its fury abilities.", bound=(-2, -1))] = -1
    named: Annotated[str, F(10, "The card named with its declaration («Назовите карту»): a pool card id ('': none).",
                            codec="card_id", presence="nonzero",
                            json_doc="string: a card id of the pool; the key is present exactly when not empty")] = ""
    lineage: Annotated[tuple[int, ...], F(47, "The triggered abilities whose resolution led to it (R15:525.2).",
                                          bound=(-2, MAX_VALUE), presence="nonzero", json_doc=_LINEAGE_DOC)] = ()
    granter: Annotated[int, F(60, "The card whose granted ability it is (0: the source's own; entry 180).",
                              bound=(0, MAX_VALUE), presence="nonzero", json_doc=_GRANTER_DOC)] = 0


@dataclass(frozen=True, slots=True)
class PendingTrigger:
    """A triggered ability whose condition happened and that waits to be declared
    (401.4, 402.1).  ``id`` is unique within the game; ``subject`` is the card the
    triggering event was about (0 if none)."""

    id: Annotated[int, F(1, "Its id, unique in the game.", bound=_UID)]
    controller: Annotated[int, F(2, "The seat of its controller.", bound=_SEAT)]
    source: Annotated[int, F(3, "The card whose ability it is.", bound=_UID)]
    ability: Annotated[int, F(4, "The ability's index (-2: poison).", bound=(-2, MAX_LIST))]
    _: KW_ONLY
    subject: Annotated[int, F(5, "The card the triggering event was about (0: none).", bound=(-1, MAX_VALUE))] = 0
    count: Annotated[int, F(6, "«discards»: how many cards the firing discard moved; 0 for most triggers.",
                            bound=_COUNT, presence="nonzero", json_doc=_COUNT_DOC)] = 0
    lineage: Annotated[tuple[int, ...], F(46, "The triggered abilities whose resolution led to it (R15:525.2).",
                                          bound=(-2, MAX_VALUE), presence="nonzero", json_doc=_LINEAGE_DOC)] = ()
    granter: Annotated[int, F(60, "The card whose granted ability it is (0: the source's own; entry 180).",
                              bound=(0, MAX_VALUE), presence="nonzero", json_doc=_GRANTER_DOC)] = 0


@dataclass(frozen=True, slots=True)
class TargetChoice:
    """A declared ability whose target the opponent of its controller chooses («по его
    выбору», R15:118.1) before it enters the Queue: ``entry`` is the declared ability with no
    targets yet, ``resume`` the Queue step the game returns to once the target is chosen
    (INTERPRETING.md, entry 48)."""

    entry: Annotated[QueueEntry, F(1, "The declared ability, no targets yet.",
                                   json_doc="object: a `QueueEntry` (`queue[i].`'s keys)")]
    resume: Annotated[str, F(2, "The Queue step the game returns to.", codec="step", json_doc=_RESUME_DOC)]


@dataclass(frozen=True, slots=True)
class HandChoice:
    """An ability being resolved whose effect ``effect`` (an index into its effects) waits
    for ``player`` to choose cards of his own hand («Сбросьте карту», R15 glossary «Сбросить»;
    «Положите карту из руки на верх колоды»): ``entry`` is the resolving ability (already out
    of the Queue), ``resume`` the Queue step the game returns to once its remaining effects
    are carried out (R15:119.2; INTERPRETING.md, entry 63).  How many cards he may choose
    follows from the effect and his hand (:func:`oracle.rules.ops.hand.choice_counts`)."""

    entry: Annotated[QueueEntry, F(1, "The resolving ability.", json_doc="object: a `QueueEntry` (`queue[i].`'s keys)")]
    effect: Annotated[int, F(2, "The index of the effect that waits.", bound=_INDEX)]
    player: Annotated[int, F(3, "The seat who chooses.", bound=_SEAT)]
    resume: Annotated[str, F(4, "The Queue step the game returns to.", codec="step", json_doc=_RESUME_DOC)]
    _: KW_ONLY
    count: Annotated[int, F(5, "«Посмотрите … положите их обратно в любом порядке»: how many of the cards looked at, "
                            "the top ones of the deck, are still to put back (0: another choice); at step "
                            "wound_choice the answers already given, 2^n + the bits of the n answers (bit i: the "
                            "i-th applied).", bound=_COUNT,
                            presence="nonzero", json_doc="integer ≥ 2; the key is present exactly when not 0")] = 0
    drawn: Annotated[int, F(6, "At step wound_choice: the cards the ability's earlier effects drew (its amount "
                            "«drawn»).", bound=_COUNT, presence="nonzero",
                            json_doc="integer ≥ 1; the key is present exactly when not 0")] = 0
    strike: Annotated[int, F(7, "At step wound_choice: the last known strike of the ability's source plus 1 "
                             "(R15:403.1; 0: none read).", bound=_COUNT, presence="nonzero",
                             json_doc="integer ≥ 1; the key is present exactly when not 0")] = 0


@dataclass(frozen=True, slots=True)
class ModuleChoice:
    """A creature with «Модуль» that must enter the play zone while its player has a mechanism
    in play: he may attach it to one of them instead (R15 glossary «Модуль», «Присоединить»).
    ``card`` waits where it was (the hand, for a play; the supply, for a creation); ``resume``
    is the step the game returns to.  ``entry`` locates what goes on afterwards: a play
    (``ability`` -1, as ``choosing`` holds one: the card, its X; ``option`` the play's) goes on
    with its triggers and its payment (R15:309.1); a creation by a resolving ability (``entry``
    that ability) with that ability's effects after ``effect`` (INTERPRETING.md, entry 104)."""

    card: Annotated[int, F(1, "The entering Модуль creature.", bound=_UID)]
    player: Annotated[int, F(2, "The seat who decides and controls it.", bound=_SEAT)]
    resume: Annotated[str, F(3, "The step the game returns to.", codec="step", json_doc=_RESUME_DOC)]
    entry: Annotated[QueueEntry, F(4, "The play (ability -1) or the resolving ability that creates it.",
                                   json_doc="object: a `QueueEntry` (`queue[i].`'s keys)")]
    _: KW_ONLY
    effect: Annotated[int, F(5, "The index of the creating effect (a creation only).", bound=_INDEX,
                             presence="nonzero", json_doc="integer ≥ 1; the key is present exactly when not 0")] = 0
    option: Annotated[str, F(6, "The play's option (a play only).", choices="PLAY_OPTIONS", presence="nonzero",
                             json_doc="`fury` or `alt`; the key is present exactly when not empty")] = ""
    cost: Annotated[int, F(7, "The play's final cost, still to pay (C/R15:309.1; a play only).", bound=_COUNT,
                           presence="nonzero", json_doc="integer ≥ 1; the key is present exactly when not 0")] = 0


@dataclass(frozen=True, slots=True)
class Attack:
    """The strike attack in progress (307)."""

    attacker: Annotated[int, F(1, "The attacking creature.", bound=_UID)]
    target: Annotated[int, F(2, "The attacked character.", bound=_UID)]
    defender: Annotated[int, F(3, "The defender (0: none).", bound=_COUNT)] = 0


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
        deck is yours)."""
        seat = self.cards[uid].owner
        return 1 - seat if uid in self.players[1 - seat].play else seat


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
    s._rules = self._rules
    return s


# --- end of generated code ---
