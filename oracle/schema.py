"""The vocabulary of the state's one declaration.

Every record of a game state (:class:`oracle.model.State`, ``Player``, ``Card``, ``QueueEntry``,
``PendingTrigger``, ``Modifier``, ``Attack``, ``TargetChoice``, ``HandChoice``) declares each
of its fields once, in :mod:`oracle.model`, as ``Annotated[type, F(...)]``: its proto field
number, its bound, how the canonical JSON form and the proto write it, and one line of
meaning.  Nothing reads these declarations while the engine or the service runs:
``python -m oracle.codegen`` turns them into straight-line code, checked in
(:mod:`oracle._state_codec` and :mod:`oracle.service._state_proto`), and
``python -m oracle.codegen --check`` (CI) fails when that code is stale.

A new field of the state is one line in :mod:`oracle.model`, one in ``state.proto``, and the
rule code that uses it; the copy, the canonical JSON writer and reader, the bounds, the
validator's per-field checks, the direct protobuf codec and PROTOCOL.md's state tables follow
from the declaration.  The steps:

1. declare it in :mod:`oracle.model` (``presence="nonzero"`` for anything added to an existing
   record, so that the states which never use it keep their canonical form and fingerprint);
2. add the field to ``proto/berserk/oracle/v1/state.proto`` with the same name and number
   (additive only: ``buf breaking`` against 0.1.0 must pass) and run ``python proto/generate.py``;
3. run ``python -m oracle.codegen`` and ``python -m oracle.protocol_doc --write`` (and
   ``python conformance_suite/schemas/generate.py``); ``tests/engine/test_declarations.py``
   fails if the declaration and the proto disagree.

The generator imports :mod:`oracle` (whose modules import the generated ones), so the checked-in
generated code must import: a record class is renamed by editing the generated modules by hand
first, and hand-written code starts using a newly generated function only after a generation
run.  The generator compiles what it writes and never writes code that would not import.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = ["MAX_COINS", "MAX_LIST", "MAX_VALUE", "Codec", "F", "Presence"]

#: The bound of every counter, uid and amount of a state (2**20 = 1,048,576).  A real game
#: has about 120 cards, lasts well under 1,000 turns and fires well under 10,000 triggers;
#: a strike or an X of a million is not a game.  Sums of at most :data:`MAX_LIST` such values
#: stay under 2**30, so one action cannot carry an integer past int32 (PROTOCOL.md 5.4, 10).
MAX_VALUE = 2**20
#: The bound of a player's open coins and of his closed coins.  The accumulation phase stops
#: at 10 (R15:522.3) and abilities add a few; 100 keeps the legal actions of an X card (X runs
#: from 1 to what the open coins pay, INTERPRETING.md entry 8) to a few hundred at most, where
#: a million coins would make one GetLegalActions answer a million plays.
MAX_COINS = 100
#: The bound of every list's length (cards, zones, queue, pending, modifiers, targets, …).
#: Two decks of at most 60 cards and two heroes are 122 cards.
MAX_LIST = 2**10

#: How a field is written, beyond its Python type:
#:
#: * ``plain``: an int, bool or str, written as is (a str field names its allowed values in
#:   ``F.choices``); a list or tuple of ints, or a record, or a list of records;
#: * ``step``: a step name (:data:`oracle.model.STEPS`); the proto writes the ``Step`` enum
#:   (``STEP_`` + the name in capitals);
#: * ``result``: the game's result, -1 (not over), seat 0 or 1, 2 (a draw); the proto writes the
#:   ``GameResult`` enum (the value + 1) under the name ``F.proto``;
#: * ``optional_seat``: -1 or a seat; the proto field is ``optional``, absent for -1;
#: * ``card_id``: a card definition's id (the card pool decides which);
#: * ``usage``: usage markers, ability -> count; a list of ``{"ability", "count"}`` objects by
#:   ascending ability, no count of 0 (proto: ``repeated AbilityUsage``);
#: * ``declared``: a tuple of uids or None (not declared); written as two keys, ``F.flag``
#:   (true when declared) and the list (empty when not declared);
#: * ``cards``: the cards by uid; a list by ascending uid.
Codec = Literal["plain", "step", "result", "optional_seat", "card_id", "usage", "declared", "cards"]

#: When the canonical JSON form writes a field's key:
#:
#: * ``always``;
#: * ``nonzero``: exactly when the value is not 0, false or empty (a field added later: the
#:   states that never use it keep their canonical form and fingerprint);
#: * ``not_none``: exactly when the value is not None (a record present at some steps only);
#: * ``owner_turn``: exactly when the record's ``until`` is ``"start_of_owner_turn"`` (a
#:   modifier's owner; INTERPRETING.md, entry 23); the proto field is ``optional`` likewise.
Presence = Literal["always", "nonzero", "not_none", "owner_turn"]


@dataclass(frozen=True, slots=True)
class F:
    """The declaration of one field of a state record.

    ``number``: its proto field number (0: not part of the canonical form, e.g. the engine
    mutant).  ``doc``: one line of meaning.  ``bound``: inclusive bounds of an int, or of each
    int of a list (``None`` for other types).  ``choices``: the name of the tuple of
    :mod:`oracle.model` (or :mod:`oracle.validate`) holding a str field's allowed values.
    ``codec`` and ``presence``: see :data:`Codec` and :data:`Presence`.  ``proto``: the proto
    field's name when it is not the field's.  ``flag`` and ``flag_number``: the key and proto
    field of a ``declared`` field's flag.  ``count``: the exact length of a list of records
    (0: any, up to MAX_LIST).  ``zero_reads_as``: a proto value of 0 is read as this (a
    counter whose proto3 default means "nothing yet").  ``json_doc``: the JSON value column of
    PROTOCOL.md's state tables, where the type alone does not say it."""

    number: int
    doc: str
    bound: tuple[int, int] | None = None
    choices: str = ""
    codec: Codec = "plain"
    presence: Presence = "always"
    proto: str = ""
    flag: str = ""
    flag_number: int = 0
    zero_reads_as: int | None = None
    count: int = 0
    json_doc: str = ""


#: The bounds of a usage marker's ability index and count (``cards[].usage[]``).
USAGE_BOUNDS = ((0, MAX_LIST), (1, MAX_VALUE))

#: The proto message of each record (``state.proto``), by class name.
PROTO_MESSAGES = {
    "State": "State", "Player": "PlayerState", "Card": "CardState", "QueueEntry": "QueueEntry",
    "PendingTrigger": "PendingTrigger", "Modifier": "StrikeModifier", "Attack": "Attack",
    "TargetChoice": "TargetChoice", "HandChoice": "HandChoice", "Memory": "RunMemory", "ModuleChoice": "ModuleChoice",
    "PlayerEffect": "PlayerEffect",
}
