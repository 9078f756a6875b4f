"""The records a state holds besides its cards and players, each field declared once with its
proto number, bound, presence and meaning (:class:`oracle.schema.F`, read by ``python -m
oracle.codegen``): the modifiers and the attack in progress (PROTOCOL.md 5.4, rule 7; 307), the
effects on players that last for a time (R15:521.1), the Queue's entries and the triggers waiting
to be declared (rules 5 and 6; 401.1, 401.4), and the pending choices of a target, of cards and of
a Модуль (rules 11, 12 and 15); and the bounds and JSON texts the declarations share.
"""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass
from typing import Annotated

from ..schema import MAX_LIST, MAX_VALUE, F

__all__ = [
    "MEMORY_READS",
    "Attack",
    "HandChoice",
    "Memory",
    "Modifier",
    "ModuleChoice",
    "PendingTrigger",
    "PlayerEffect",
    "QueueEntry",
    "TargetChoice",
]

#: PROTOCOL.md's JSON value texts shared by several fields.
_TURN_COUNT_DOC = "integer ≥ 1; the key is present exactly when not 0 (5.4 rule 3)"
_SEAT_DOC = "integer: the seat, or -1 when the proto field is absent"
_USAGE_DOC = "list of objects, ascending `ability`, no `count` of 0"
_RESUME_DOC = "string: a `Step` value's name without `STEP_`, lower case (a Queue step)"
_COUNT_DOC = ("integer ≥ 1; the key is present exactly for a «discards» or «strikes_hero» trigger, and for a "
              "«death» trigger reading `self_wounds` whose card had wounds or `strike_at_death` whose creature had a "
              "strike (the proto's 0 means absent; 5.4 rule 6)")

#: The JSON form of a pause's run memory (``choosing_cards.memory``, ``attaching.memory``).
_MEMORY_DOC = ("object: a `RunMemory` (`choosing_cards.memory.`'s keys); the key is present exactly when the run had "
               "read something a later effect reads")

#: The bounds the declarations below use (PROTOCOL.md 5.4, rule 10; :mod:`oracle.schema`).
_UID = (1, MAX_VALUE)  # a card's uid, or a reference to one
_COUNT = (0, MAX_VALUE)  # a counter, a turn number
_SEAT = (0, 1)
_INDEX = (0, MAX_LIST)  # an index into a card's abilities or an ability's effects
_AMOUNT = (-MAX_VALUE, MAX_VALUE)

#: The JSON form of a granted ability's card (R15:7.gains; INTERPRETING.md, entry 180).
#: The JSON form of the card an attack made by the source attacked («атакованное существо»; entry 183).
_ATTACKED_DOC = ("integer: the uid of the card a shot of its source attacked, kept by an «attacks» trigger whose "
                 "ability reaches «атакованное существо» (recipient `attacked`); the key is present exactly when not 0 "
                 "(0: a strike attack's, read from `attack`)")
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
    sets: Annotated[bool, F(5, "Put on by «становится равен» or «удвойте силу удара» (R15:106.3.1; entries 71, 134).",
                            presence="nonzero", json_doc=(
        "`true`; the key is present exactly when true (a modifier put on by «Удар … становится равен Х» or «Удвойте "
        "силу удара», a change of strike by a non-static ability, R15:106.3.1: `amount` is the fixed +/- that made "
        "the strike X, or twice what it was, when it applied, and it adds like any other; 5.4 rule 7)"))] = False
    shots: Annotated[bool, F(6, "A bonus to the card's shots (entry 67).", presence="nonzero", json_doc=(
        "`true`; the key is present exactly when true (a bonus to the card's shots, not its strike; 5.4 rule 7)"))] = False
    grants: Annotated[str, F(7, "What it gives other than strike (:data:`GRANTS`; entry 69).", choices="GRANTS",
                             presence="nonzero", json_doc=(
                                 "`life`, `reduced_life`, `mechanism`, `ent`, `dash`, `vulnerability`, `first_strike`, "
                                 "`directed_at_creatures`, `no_wounds`, `double_strike`, `armour`, `untargetable`, `control`, "
                                 "`double_life`, `double_cost`, `deals_no_wounds`, `directed_at_it`, `ability`, `no_abilities` or `ability_used`; the key is present "
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
    attacked: Annotated[int, F(61, "The card a shot of its source attacked, for «атакованное существо» (0: none; "
                                   "entry 183).", bound=(0, MAX_VALUE), presence="nonzero", json_doc=_ATTACKED_DOC)] = 0


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
    attacked: Annotated[int, F(61, "The card a shot of its source attacked, for «атакованное существо» (0: none; "
                                   "entry 183).", bound=(0, MAX_VALUE), presence="nonzero", json_doc=_ATTACKED_DOC)] = 0


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
class Memory:
    """What the run of one ability's effects has read so far (R15:119.2), carried whole by every
    pause of its resolution (``choosing_cards``, ``attaching``) so that its later effects read
    the same after a decision as without one: the cards its effects drew (amount ``drawn``),
    the last known strike of its source and of its target (R15:403.1, plus 1: 0 when none was
    read), the controller's cards its discards moved (amount ``discarded_before``, entry 174)
    and the characters its heals removed a wound from (amount ``healed_characters``, entry 214).
    It holds only what an effect from the waiting one on reads (:data:`MEMORY_READS`), so a
    pause whose later effects read nothing carries none (``None``) and two states that play
    the same are one state (PROTOCOL.md 5.4, rule 12)."""

    _: KW_ONLY
    drawn: Annotated[int, F(1, "The cards the ability's earlier effects drew (amount «drawn»).", bound=_COUNT,
                            presence="nonzero", json_doc="integer ≥ 1; the key is present exactly when not 0")] = 0
    strike: Annotated[int, F(2, "The last known strike of the ability's source plus 1 (R15:403.1; 0: none read).",
                             bound=_COUNT, presence="nonzero",
                             json_doc="integer ≥ 1; the key is present exactly when not 0")] = 0
    target_strike: Annotated[int, F(3, "The last known strike of its target plus 1 (R15:403.1; 0: none read).",
                                    bound=_COUNT, presence="nonzero",
                                    json_doc="integer ≥ 1; the key is present exactly when not 0")] = 0
    discarded: Annotated[int, F(4, "The controller's cards its discards moved (amount «discarded_before»).",
                                bound=_COUNT, presence="nonzero",
                                json_doc="integer ≥ 1; the key is present exactly when not 0")] = 0
    healed: Annotated[int, F(5, "The characters its heals removed a wound from (amount «healed_characters»).",
                             bound=_COUNT, presence="nonzero",
                             json_doc="integer ≥ 1; the key is present exactly when not 0")] = 0


#: Each field of :class:`Memory` and the effect amount that reads it (the card format's ``amount``).
MEMORY_READS: dict[str, str] = {
    "drawn": "drawn", "strike": "self_strike", "target_strike": "target_strike",
    "discarded": "discarded_before", "healed": "healed_characters",
}


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
                            "wound_choice the answers already given, 2^n + the bits of the n answers (a question "
                            "over k replacements, by card uid then ability index, answered with the j-th: j-1 "
                            "noes and a yes; none: k noes; the last when one must apply: no bit).", bound=_COUNT,
                            presence="nonzero", json_doc="integer ≥ 2; the key is present exactly when not 0")] = 0
    memory: Annotated[Memory | None, F(8, "What the ability's run before the pause had read (R15:119.2, 403.1; None: nothing).",
                                       presence="not_none", json_doc=_MEMORY_DOC)] = None

@dataclass(frozen=True, slots=True)
class ModuleChoice:
    """A creature with «Модуль» that must enter the play zone while its player has a mechanism
    in play: he may attach it to one of them instead (R15 glossary «Модуль», «Присоединить»).
    ``card`` waits where it was (the hand, for a play; the supply, for a creation); ``resume``
    is the step the game returns to.  ``entry`` locates what goes on afterwards: a play
    (``ability`` -1, as ``choosing`` holds one: the card, its X; ``option`` the play's) goes on
    with its triggers and its payment (R15:309.1); a creation by a resolving ability (``entry``
    that ability) with that ability's effects after ``effect``; a summon or a resurrection by
    one (its effect ``effect``, the card waiting in its player's deck or graveyard) with the other
    chosen cards (``waiting``), then as after the choice of the cards (INTERPRETING.md, entry 104)."""

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
    memory: Annotated[Memory | None, F(8, "What the resolving ability's run had read (None: nothing; a play: none).",
                                       presence="not_none", json_doc=_MEMORY_DOC)] = None
    waiting: Annotated[tuple[int, ...], F(9, "A summon or a resurrection: the other chosen cards still to enter, in "
                                             "order (R15:519.3, 519.4).", bound=_UID, presence="nonzero",
                                          json_doc="list of uids; the key is present exactly when not empty")] = ()
    fewer: Annotated[bool, F(10, "A summon or a resurrection took fewer cards than it asks for: not carried out in "
                                 "full (R15:119.7).", presence="nonzero",
                             json_doc="`true`; the key is present exactly when true")] = False


@dataclass(frozen=True, slots=True)
class Attack:
    """The strike attack in progress (307)."""

    attacker: Annotated[int, F(1, "The attacking creature.", bound=_UID)]
    target: Annotated[int, F(2, "The attacked character.", bound=_UID)]
    defender: Annotated[int, F(3, "The defender (0: none).", bound=_COUNT)] = 0
