"""PROTOCOL.md's generated sections, rendered from the data the engine itself uses.

PROTOCOL.md (repository root) is the normative contract of ``berserk.oracle.v1.OracleService``.
Its tables are not written by hand: each sits between the marker lines
``<!-- generated: NAME -->`` and ``<!-- end generated: NAME -->`` and is rendered here from

* :mod:`oracle.contract` (actor names, decision kinds, levels, capabilities and the
  capability tables) and the event catalogue ``oracle/data/events.json``;
* :mod:`oracle.engine` (the kinds of action each step takes, the keys each kind uses, the
  rule each kind of refusal cites), :mod:`oracle.model` (steps, action kinds, the
  :class:`~oracle.model.Action` fields in text order) and :func:`oracle.editions.cite_ed`;
* the protobuf descriptors and the comments of ``proto/berserk/oracle/v1/*.proto``;
* :mod:`oracle.cards` (the card data format, :mod:`oracle.cards.loader`, and its vocabularies);
* the engine itself: the fingerprint test vectors replay a fixed game.

``python -m oracle.protocol_doc --write`` rewrites the sections in PROTOCOL.md;
``python -m oracle.protocol_doc --check`` exits 1 naming every stale or missing section.
``tests/test_protocol_doc.py`` runs the check, so the document cannot drift from the code.
"""

from __future__ import annotations

import argparse
import dataclasses
import re
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import cards
from ._proto.berserk.oracle.v1 import action_pb2, state_pb2
from .actions import decode, encode
from .cards import loader as card_loader
from .codegen import RECORDS, canonical, pname
from .contract import (
    ACTION_CAPABILITIES,
    ACTOR_NAMES,
    CAPABILITIES,
    DECISION_KINDS,
    LEVELS,
    STEP_CAPABILITIES,
    EventSpec,
    load_events,
)
from .editions import EDITIONS, cite_ed
from .engine import (
    DECIDING_RULE,
    FIELD_RULE,
    GAME_OVER_RULE,
    NOT_YET_IN_QUEUE_RULES,
    QUEUE_DECIDING_RULE,
    QUEUE_STEPS,
    QUEUE_WRONG_STEP_RULE,
    STEP_ACTION_KINDS,
    USED_FIELDS,
    WRONG_STEP_RULE,
    apply,
)
from .model import ACTION_KINDS, STEPS, Action, State
from .rules.setup import GameConfig, new_game
from .schema import PROTO_MESSAGES
from .serialize import canonical_json, fingerprint

__all__ = [
    "DOC_PATH",
    "PROTO_DIR",
    "SECTIONS",
    "FingerprintVector",
    "ProtocolDocError",
    "fingerprint_vectors",
    "main",
    "proto_comments",
    "render_sections",
    "splice",
    "stale_sections",
]

_ROOT = Path(__file__).resolve().parents[1]
#: The normative document whose generated sections this module renders.
DOC_PATH = _ROOT / "PROTOCOL.md"
#: The public protocol's ``.proto`` files (their field comments are quoted in the tables).
PROTO_DIR = _ROOT / "proto" / "berserk" / "oracle" / "v1"

_MARKER = re.compile(r"^<!-- (end )?generated: ([a-z0-9-]+) -->$", re.MULTILINE)


class ProtocolDocError(ValueError):
    """PROTOCOL.md's markers are malformed: a section's start or end line is missing,
    doubled or out of order, or a marker names no known section."""


# --- small helpers ------------------------------------------------------------------


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _table(header: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def _code(items: Iterable[str], empty: str = "none") -> str:
    out = ", ".join(f"`{i}`" for i in items)
    return out or empty


def _number_key(number: str) -> tuple[int, ...]:
    return tuple(int(p) for p in number.split("."))


def _rule_list(rules: Iterable[str]) -> str:
    return ", ".join(rules) or "none"


def _check_keys(name: str, have: Iterable[str], want: Iterable[str]) -> None:
    """The hand-written notes below must cover exactly the names the engine uses."""
    if set(have) != set(want):
        raise ProtocolDocError(
            f"{name}: notes for {sorted(set(have) - set(want))} but none for {sorted(set(want) - set(have))}"
        )


# --- the .proto comments ------------------------------------------------------------

_FIELD_LINE = re.compile(r"^\s*(?:(optional|repeated)\s+)?([\w.]+)\s+(\w+)\s*=\s*(\d+)\s*;")
_MESSAGE_LINE = re.compile(r"^\s*(message|enum)\s+(\w+)\s*\{")


def proto_comments(path: Path) -> dict[tuple[str, str], str]:
    """The comment above each field of each message (and each value of each enum) of a
    ``.proto`` file, keyed by (message, field): the ``//`` lines joined by spaces."""
    out: dict[tuple[str, str], str] = {}
    comment: list[str] = []
    scope: list[str] = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if line.startswith("//"):
            comment.append(line[2:].strip())
            continue
        m = _MESSAGE_LINE.match(line)
        if m:
            scope.append(m.group(2))
        elif line.startswith("oneof "):
            scope.append(scope[-1] if scope else "")
        elif line == "}":
            if scope:
                scope.pop()
        elif scope:
            f = _FIELD_LINE.match(line)
            if f:
                out[(scope[-1], f.group(3))] = " ".join(comment)
            else:
                e = re.match(r"^(\w+)\s*=\s*(\d+)\s*;", line)
                if e:
                    out[(scope[-1], e.group(1))] = " ".join(comment)
        comment = []
    return out


def _proto_type(field: Any) -> str:
    """``int32``, ``optional int32``, ``repeated int32``, ``Actor``… of a field descriptor."""
    if field.enum_type is not None:
        name = str(field.enum_type.name)
    elif field.message_type is not None:
        name = str(field.message_type.name)
    else:
        name = {5: "int32", 9: "string", 8: "bool", 4: "uint64", 3: "int64"}[int(field.type)]
    if field.is_repeated:
        return f"repeated {name}"
    if field.has_presence and field.containing_oneof is not None:  # proto3 `optional`
        return f"optional {name}"
    return name


# --- actors, decisions, steps -------------------------------------------------------

_ACTOR_WHO = {
    "player_1": "the player in seat 0",
    "player_2": "the player in seat 1",
    "chance": "chance: die rolls and shuffles, whose outcomes are inputs of the caller",
    "nobody": "nobody: the game is over (a `Decision` only; never takes an action)",
}

_DECIDER = {
    "setup_roll": "chance",
    "setup_order": "the player who won the roll (`roll_winner`)",
    "setup_shuffle": "chance",
    "setup_mulligan": "the first player, then the second (the one whose `mulligan_declared` is false)",
    "reveal": "the active player",
    "choice": "the active player",
    "defender": "the inactive player",
    "trigger": "the inactive player while he has a pending trigger, then the active player (402.1)",
    "target_choice": "the opponent of the controller of the declared ability in `choosing` (R15:118.1), "
    "in either player's turn",
    "hand_choice": "the player whose hand it is (`choosing_cards.player`, R15:7.discard «Игрок на свой выбор»; a "
    "search: the player whose deck it is, R15:7.search), in either player's turn",
    "search_shuffle": "chance",
    "game_over": "nobody",
}

_STEP_TEXT = {
    "setup_roll": "301.4: chance rolls a die for each seat",
    "setup_order": "301.4: the winner of the roll chooses to move first or second",
    "setup_shuffle": "301.5: chance gives the order of seat 0's deck, then of seat 1's (`shuffled` counts them)",
    "setup_mulligan": "301.7, 301.7.1: mulligan declarations, the first player first",
    "reveal": "304.3: the active player may reveal hidden cards (only reached when he has some)",
    "start_queue": "304.4–304.5: the start-of-turn Queue",
    "choice": "306.1: the choice phase of the main stage",
    "attack_queue": "edition R15 only (R15:307.1): the Queue of the triggers on an attack declaration, before the defender",
    "defender": "307.1: the inactive player may assign a defender (only reached when he has a possible one)",
    "fight_queue": "307.2: the Queue after the fight",
    "close_queue": "307.3–307.4: the Queue after the attacker and the defender close",
    "ability_queue": "308.2–308.3: the Queue after an activated ability",
    "play_queue": "309.2–309.3: the Queue after a card play",
    "end_queue": "310.1–310.3 (A: 315.1–315.2): the end-of-turn Queue",
    "target_choice": "the opponent of a declared ability's controller chooses its target (`choosing`, R15:118.1); "
    "only reached when he has two or more legal choices",
    "hand_choice": "a player chooses cards of his own hand for the effect of a resolving ability "
    "(`choosing_cards`, R15:7.discard), or cards of his own deck a search finds (R15:7.search); only reached when he "
    "has two or more legal choices",
    "search_shuffle": "after a search (R15:7.search, R15:204.2) chance gives the new order of the deck the resolving "
    "search looked through (`choosing_cards` names the search; action `shuffle` with `card` its seat), whether it found cards or "
    "none; then the ability's remaining effects follow",
    "game_over": "the game is over: `winner` is set and nobody decides",
}


def _decision_kind(step: str) -> str:
    return "trigger" if step in QUEUE_STEPS else step


def _render_actors() -> str:
    names = list(ACTOR_NAMES.values())
    _check_keys("actor notes", _ACTOR_WHO, names)
    rows = []
    for name in names:
        enum = f"ACTOR_{name.upper()}"
        rows.append([f"`{name}`", f"`{enum}`", str(action_pb2.Actor.Value(enum)), _ACTOR_WHO[name]])
    rows.append(
        [
            "(none)",
            "`ACTOR_UNSPECIFIED`",
            str(action_pb2.Actor.Value("ACTOR_UNSPECIFIED")),
            "not given: in an `Action`, whoever decides now; never in a `Decision`",
        ]
    )
    return _table(["Name (text form, scenario facts)", "`Actor` value", "Number", "Who"], rows)


def _render_decision_kinds() -> str:
    _check_keys("decision kinds", DECISION_KINDS, {_decision_kind(s) for s in STEPS})
    _check_keys("deciders", _DECIDER, DECISION_KINDS)
    rows = []
    for kind, text in DECISION_KINDS.items():
        steps = [s for s in STEPS if _decision_kind(s) == kind]
        rows.append([f"`{kind}`", _code(steps), _DECIDER[kind], text])
    return _table(["`Decision.kind`", "The game waits at `step`", "Who decides (`Decision.actor`)", "What"], rows)


def _render_steps() -> str:
    _check_keys("step notes", _STEP_TEXT, STEPS)
    _check_keys("step capabilities", STEP_CAPABILITIES, STEPS)
    rows = []
    for step in STEPS:
        enum = f"STEP_{step.upper()}"
        rows.append(
            [
                f"`{step}`",
                f"`{enum}` = {state_pb2.Step.Value(enum)}",
                _STEP_TEXT[step],
                f"`{_decision_kind(step)}`",
                _code(STEP_CAPABILITIES[step]),
            ]
        )
    return _table(["JSON `step`", "Proto `Step`", "Where the game stands", "`Decision.kind`", "Needs"], rows)


# --- actions ------------------------------------------------------------------------

_TEXT_TYPE = {"int": "integer", "tuple[int, ...]": "integers, comma-separated", "str": "word (no spaces)"}

#: What each key an action kind uses may hold (the rules decide legality; see PROTOCOL.md).
_DOMAINS: dict[str, dict[str, str]] = {
    "roll": {"values": "two dice: seat 0's, then seat 1's, each 1..6"},
    "shuffle": {
        "card": "the seat whose deck is ordered (not a uid): at `setup_shuffle` 0 (omitted) first, then 1; at "
        "`search_shuffle` the searcher's (`choosing_cards.player`)",
        "values": "that deck's new order, top first: each of its uids exactly once",
    },
    "choose_order": {"values": "`1` to move first or `2` to move second"},
    "mulligan": {"targets": "distinct uids of the deciding player's hand, in the order they go under the deck; none to keep the hand"},
    "reveal": {"targets": "distinct uids of the active player's hidden cards in play, ascending; none to reveal nothing"},
    "attack": {
        "card": "uid of the attacking creature of the active player",
        "targets": "exactly one uid: the attacked enemy character",
    },
    "defend": {"card": "uid of the defending creature of the inactive player; 0 (omitted): no defender"},
    "activate": {
        "card": "uid of the source: the active player's hero or a card of his in play",
        "ability": "index of an activated ability of that card (see *Ability indexes*)",
        "targets": "distinct uids, ascending, as the ability's target specification asks; none if it has none",
        "amounts": "must stay empty (refused citing 501.1)",
        "x": "must stay 0 (refused citing 501.1)",
        "mode": "must stay -1 (refused citing 501.1)",
        "values": "exactly one uid of the active player's hand for an ability whose cost discards a card («Сбросьте "
        "карту:», R15:7.discard; refused citing 501.2 otherwise); empty for any other ability (refused citing 501.1)",
        "option": "must stay empty (refused citing 501.1)",
    },
    "play": {
        "card": "uid of a card in the active player's hand",
        "targets": "distinct uids, ascending (spells with targets only)",
        "amounts": "one per target, aligned with `targets`, each at least 1, adding up to what the spell distributes",
        "x": "≥ 1 and payable for a card with X in its cost (INTERPRETING.md entry 8), else 0",
        "mode": "the chosen mode's index for a modal spell (from 0), else -1",
        "option": "`fury` (the Ярость additional cost), `alt` (the alternative cost) or empty (the normal cost)",
    },
    "end_turn": {},
    "declare": {
        "trigger": "id of a pending trigger of the deciding player (the state's `pending[].id`)",
        "targets": "distinct uids, ascending, as the ability's target specification asks; none if it has none",
    },
    "pass": {"trigger": "id of an optional pending trigger of the deciding player"},
    "choose_target": {
        "targets": "distinct uids, ascending, as the target specification of the ability in `choosing` asks, "
        "read from its controller's side («противника» is the controller's opponent)",
    },
    "choose_cards": {
        "targets": "distinct uids of the chooser's hand, ascending, as many as the hand effect in `choosing_cards` "
        "allows (none, e.g. a refusal before «иначе», is an empty list); for a search, distinct uids of his deck's "
        "cards the search looks for, ascending, up to its number (none: an empty list)",
    },
}


def _action_fields() -> list[dataclasses.Field[object]]:
    """The fields of :class:`~oracle.model.Action` after ``kind``, in text order."""
    return [f for f in dataclasses.fields(Action) if f.name != "kind"]


def _render_action_fields() -> str:
    comments = proto_comments(PROTO_DIR / "action.proto")
    desc = action_pb2.Action.DESCRIPTOR
    rows = []
    for f in _action_fields():
        pf = desc.fields_by_name[f.name]
        if f.name == "actor":
            text_type = "`player_1`, `player_2` or `chance`"
            default = "absent (`ACTOR_UNSPECIFIED`)"
        else:
            text_type = _TEXT_TYPE[str(f.type)]
            default = f"`{f.default}`" if not isinstance(f.default, tuple | str) else "empty"
        proto = f"`{_proto_type(pf)} {f.name} = {pf.number}`"
        if f.name in ("ability", "mode"):
            proto += " (absent: -1)"
        rows.append([f"`{f.name}`", text_type, default, proto, comments.get(("Action", f.name), "")])
    return _table(["Key (in text order)", "Value in text", "Default (omitted)", "Proto field", "Meaning"], rows)


def _used_keys(kind: str) -> list[str]:
    """The keys ``kind`` uses, in text order."""
    return [f.name for f in _action_fields() if f.name in USED_FIELDS[kind]]


def _render_action_kinds() -> str:
    _check_keys("action kinds", USED_FIELDS, ACTION_KINDS)
    _check_keys("action capabilities", ACTION_CAPABILITIES, ACTION_KINDS)
    _check_keys("field rules", FIELD_RULE, ACTION_KINDS)
    queue_steps = [s for s in STEPS if s in QUEUE_STEPS]
    rows = []
    for kind in ACTION_KINDS:
        steps = [s for s in STEPS if kind in STEP_ACTION_KINDS.get(s, ())]
        if kind in ("declare", "pass"):
            steps = queue_steps
        rows.append(
            [
                f"`{kind}`",
                _code(steps),
                _code(_used_keys(kind)),
                _code(ACTION_CAPABILITIES[kind]),
                FIELD_RULE[kind],
            ]
        )
    return _table(
        ["Kind", "Taken at `step`", "Keys it uses (besides `actor`)", "Needs", "Any other key set: refused citing"],
        rows,
    )


def _render_action_domains() -> str:
    _check_keys("action domains", _DOMAINS, ACTION_KINDS)
    rows = []
    for kind in ACTION_KINDS:
        _check_keys(f"domains of {kind}", _DOMAINS[kind], USED_FIELDS[kind])
        if not USED_FIELDS[kind]:
            rows.append([f"`{kind}`", "(none)", "takes no key but `actor`"])
        for key in _used_keys(kind):
            rows.append([f"`{kind}`", f"`{key}`", _DOMAINS[kind][key]])
    return _table(["Kind", "Key", "Values"], rows)


# --- the state ----------------------------------------------------------------------

#: Where each message of state.proto sits in the canonical JSON form.
_STATE_MESSAGES = (
    ("State", ""),
    ("PlayerState", "players[i]."),
    ("CardState", "cards[i]."),
    ("AbilityUsage", "cards[i].usage[j]."),
    ("QueueEntry", "queue[i]."),
    ("PendingTrigger", "pending[i]."),
    ("StrikeModifier", "modifiers[i]."),
    ("Attack", "attack."),
    ("TargetChoice", "choosing."),
    ("HandChoice", "choosing_cards."),
)

#: The JSON side of the fields whose mapping is not the plain one.
def _json_special() -> dict[tuple[str, str], tuple[str, str]]:
    """Per (proto message, proto field): the JSON key and JSON value text of a field whose
    canonical form the proto type alone does not say (its declaration's ``json_doc``,
    :mod:`oracle.model`)."""
    out = {}
    for cls in RECORDS:
        for f in canonical(cls):
            if f.spec.json_doc:
                out[(PROTO_MESSAGES[cls.__name__], pname(f))] = (f"`{f.key}`", f.spec.json_doc)
    return out


def _json_value(field: Any) -> str:
    ptype = _proto_type(field)
    base = ptype.removeprefix("repeated ").removeprefix("optional ")
    kind = {"int32": "integer", "string": "string", "bool": "`true` or `false`"}.get(base, "object")
    plural = {"integer": "integers", "string": "strings", "object": "objects"}.get(kind, kind)
    return f"list of {plural}" if ptype.startswith("repeated") else kind


def _render_state_fields() -> str:
    comments = proto_comments(PROTO_DIR / "state.proto")
    special = _json_special()
    parts = []
    for message, prefix in _STATE_MESSAGES:
        desc = getattr(state_pb2, message).DESCRIPTOR
        rows = []
        for f in desc.fields:
            key, value = special.get((message, f.name), (f"`{f.name}`", _json_value(f)))
            rows.append([key, value, f"`{_proto_type(f)} {f.name} = {f.number}`", comments.get((message, f.name), "")])
        where = f"`{prefix}`" if prefix else "the top level"
        if message == "AbilityUsage":
            where += " and `cards[i].game_usage[j].`"
        parts.append(f"**`{message}`** ({where}):\n\n" + _table(["JSON key", "JSON value", "Proto field", "Meaning"], rows))
    return "\n\n".join(parts)


# --- events -------------------------------------------------------------------------


def _event_keys(spec: EventSpec) -> str:
    keys = [f"`{k}`" for k in spec.keys] + [f"[`{k}`]" for k in spec.optional_keys]
    return ", ".join(keys) or "(none)"


def _render_events() -> str:
    events = load_events()
    for spec in events.values():
        if spec.capability and spec.capability not in CAPABILITIES:
            raise ProtocolDocError(f"event {spec.kind}: unknown capability {spec.capability!r}")
    rows = [
        [f"`{s.kind}`", _event_keys(s), _rule_list(s.rules), f"`{s.capability}`" if s.capability else "—", s.description]
        for s in events.values()
    ]
    return _table(["Kind", "Data keys, in order", "May cite", "Capability", "When, and what the data mean"], rows)


# --- refusals and citations ---------------------------------------------------------


def _render_refusals() -> str:
    _check_keys("deciding rules", DECIDING_RULE, STEP_ACTION_KINDS)
    _check_keys("wrong-step rules", WRONG_STEP_RULE, STEP_ACTION_KINDS)
    rows = []
    for step in STEPS:
        if step in DECIDING_RULE:
            kinds = _code(STEP_ACTION_KINDS[step])
            rows.append([f"`{step}`", kinds, DECIDING_RULE[step], WRONG_STEP_RULE[step]])
    queue = _code(s for s in STEPS if s in QUEUE_STEPS)
    rows.append([queue, "`declare`, `pass`", QUEUE_DECIDING_RULE, QUEUE_WRONG_STEP_RULE])
    rows.append(["`game_over`", "none", GAME_OVER_RULE, GAME_OVER_RULE])
    by_step = _table(
        ["At `step`", "Kinds taken", "An actor who does not decide now", "A kind the step does not take"], rows
    )
    pending = "; ".join(f"{ed}: {', '.join(NOT_YET_IN_QUEUE_RULES[ed])}" for ed in EDITIONS)
    note = (
        "A `declare` or `pass` while a trigger is pending outside a Queue step (a «при атаке» "
        f"trigger at the `defender` step) cites, by edition: {pending}."
    )
    return by_step + "\n\n" + note


def _cited_numbers() -> list[str]:
    numbers: set[str] = set()
    for spec in load_events().values():
        numbers.update(spec.rules)
    numbers.update(DECIDING_RULE.values())
    numbers.update(WRONG_STEP_RULE.values())
    numbers.update(FIELD_RULE.values())
    numbers.update((QUEUE_DECIDING_RULE, QUEUE_WRONG_STEP_RULE))
    for rules in NOT_YET_IN_QUEUE_RULES.values():
        numbers.update(rules)
    return sorted((n for n in numbers if not n.startswith("R15:")), key=_number_key)


def _render_citations() -> str:
    rows = [[n, *(f"`{cite_ed(ed, n)}`" for ed in EDITIONS)] for n in _cited_numbers()]
    return _table(["Number", *(f"Edition {ed}" for ed in EDITIONS)], rows)


# --- levels and capabilities --------------------------------------------------------


def _render_levels() -> str:
    return _table(["Level", "Its expectations"], [[f"`{name}`", text] for name, text in LEVELS.items()])


def _render_capabilities() -> str:
    events = load_events()
    rows = []
    for name, text in CAPABILITIES.items():
        steps = [s for s in STEPS if name in STEP_CAPABILITIES[s]]
        kinds = [k for k in ACTION_KINDS if name in ACTION_CAPABILITIES[k]]
        kinds_of_events = [e.kind for e in events.values() if e.capability == name]
        rows.append([f"`{name}`", text, _code(steps, "—"), _code(kinds, "—"), _code(kinds_of_events, "—")])
    return _table(
        ["Capability", "Covers", "Steps", "Action kinds", "Event kinds"], rows
    )


# --- fingerprint vectors ------------------------------------------------------------


@dataclass(frozen=True)
class FingerprintVector:
    """A state's canonical JSON text and its fingerprint, with a title and a note."""

    title: str
    note: str
    json_text: str
    fingerprint: str


#: The game the vectors come from: edition C, two heroes without a turn-order text, four
#: cards a deck, so the states stay short.
_VECTOR_CONFIG = GameConfig(
    ("test_geroy_snayper", "test_geroy_strazh"),
    (
        ["test_zhalo", "legat_akkenii", "legat_akkenii", "test_prashchnik"],
        ["legat_akkenii", "test_smertnik", "legat_akkenii", "gonchaya"],
    ),
    "C",
)
_VECTOR_SCRIPT = (
    "roll values=6,3",
    "choose_order values=1",
    "shuffle values=3,4,5,6",
    "shuffle card=1 values=7,8,9,10",
    "mulligan",
    "mulligan",
    "play card=4",
    "declare targets=2 trigger=1",
    "end_turn",
    "play card=7",
    "end_turn",
    "end_turn",
    "end_turn",
    "end_turn",
)
#: (title, note, how many actions of the script come before the state).
_VECTOR_POINTS = (
    ("A new game", "the state `CreateGame` returns for the configuration above, waiting at `setup_roll`.", 0),
    (
        "A pending trigger",
        "after the setup and `play card=4` on turn 1: Тест-герой-снайпер's trigger (a creature of his entered play) waits "
        "at `play_queue` for its target.",
        7,
    ),
    (
        "Usage markers and wounds",
        "after `declare targets=2 trigger=1`: the hero in seat 1 has a wound and Тест-герой-снайпер a usage marker.",
        8,
    ),
    (
        "A finished game",
        "at the start of turn 6 the player in seat 1 fails his third draw: `winner` 0.",
        len(_VECTOR_SCRIPT),
    ),
)


def _vector_states() -> list[State]:
    state = new_game(_VECTOR_CONFIG)
    states = [state]
    for text in _VECTOR_SCRIPT:
        state = apply(state, decode(text)).state
        states.append(state)
    return states


def fingerprint_vectors() -> list[FingerprintVector]:
    """The test vectors of the fingerprint: states of a fixed game (see ``_VECTOR_SCRIPT``)
    with their canonical JSON text and fingerprint."""
    states = _vector_states()
    return [
        FingerprintVector(title, note, canonical_json(states[n]), fingerprint(states[n]))
        for title, note, n in _VECTOR_POINTS
    ]


def _render_vectors() -> str:
    heroes = ", ".join(f"`{h}`" for h in _VECTOR_CONFIG.heroes)
    decks = "; ".join(f"seat {i}: " + ", ".join(f"`{c}`" for c in d) for i, d in enumerate(_VECTOR_CONFIG.decks))
    script = " → ".join(f"`{encode(decode(t))}`" for t in _VECTOR_SCRIPT)
    parts = [
        f"The vectors are states of one game: edition `{_VECTOR_CONFIG.edition}`, heroes {heroes}, decks ({decks}), "
        f"then the actions {script}."
    ]
    for i, v in enumerate(fingerprint_vectors(), 1):
        parts.append(
            f"**Vector {i}: {v.title}** — {v.note}\n\n```json\n{v.json_text}\n```\n\nFingerprint: `{v.fingerprint}`"
        )
    return "\n\n".join(parts)


# --- card definitions ---------------------------------------------------------------

_TRIGGER_TEXT = {
    "start_of_turn": "«В начале хода»: a turn starts (304.4); `whose` says whose turn",
    "end_of_turn": "«В конце хода»: the end-of-turn stage begins (310.1); `whose` says whose turn",
    "hire": "«Найм»: this card entered the play zone",
    "death": "«Гибель»: this card left the play zone for the graveyard (it fires even if the card was hidden)",
    "attacks": "«при атаке»: this creature declared a strike attack (declared after the fight, 307.2)",
    "closed": "this card became closed",
    "creature_dies": "another creature was destroyed; `whose` says whose creature",
    "creature_enters": "another creature entered the play zone; `whose` says whose creature",
    "spell_played": "a spell was played (it reached the graveyard, 309.1 step 4); `whose` says whose spell",
    "card_played": "a card of any type was played (after it moved, 309.1 step 4; «разыгрывает карту»); `whose` says who "
    "played it (INTERPRETING.md entry 45); with `nth`, only when it is that player's nth card played this turn "
    "(`played_this_turn` counts it first; «вторую карту за ход», entry 60)",
    "targeted_by_spell": "this card is a target of a spell being played (after the payment, before the spell's "
    "abilities; «становится целью заклинания»)",
    "prepared": "another character was prepared by an effect (op `prepare`; «был подготовлен»); `whose` says whose "
    "character",
    "card_drawn": "a player drew his `nth` card this turn (`nth` ≥ 2 required; «когда вы берете вторую карту за ход»): "
    "each card drawn is a draw of its own (R15:527.2), so an effect drawing several cards fires it on the card that makes "
    "the count `nth` (INTERPRETING.md entry 60); `whose` says who drew; the subject is the card drawn",
    "attack_declared": "a strike attack was declared («когда противник объявляет атаку»); `whose` says whose "
    "attacker. In edition R15 it is declared and resolves at the `attack_queue` step, before the defender "
    "(R15:307.1); in A, B and C it waits for the fight like «при атаке» (307.2)",
    "self_prepared": "«Когда [эта карта] был подготовлен»: an effect prepared this card (op `prepare`, R15:7.prepare), "
    "open or closed; opening at its restoration is not preparing (INTERPRETING.md entry 58)",
    "strikes_hero": "«Когда наносит раны ударом по герою»: this creature's strike put wounds on a hero (R15:510.3; "
    "declared after the fight, 307.2; `pending[].count` keeps how many, the declared entry's `x` too; "
    "INTERPRETING.md entry 57)",
    "wounds_hero": "another card put wounds on a hero, by its strike or by an effect of an ability it is the source of "
    "(R15:502.2), wherever it is now; `whose` says whose card, `subject_class` may name its class («Когда ваш механизм "
    "наносит раны герою»; INTERPRETING.md entry 57)",
    "creature_played": "«Когда вы разыгрываете существо»: another creature card was played (it fires after `card_played`, "
    "once the creature has moved, 309.1 step 4); the creature being played does not see its own play (INTERPRETING.md "
    "entry 77); `whose` says who played it",
    "discards": "«Каждый раз, когда вы сбрасываете карты»: a player discarded cards (one firing per discard, however "
    "many cards it moved; `pending[].count` keeps how many, the declared entry's `x` too; R15:7.discard); `whose` says "
    "who discarded (INTERPRETING.md entry 65)",
}

_AMOUNT_TEXT = {
    "X": "the X announced for the play",
    "self_strike": "the source's current strike; if it left play while this ability resolved, the strike it had just "
    "before (last known information, R15:403.1; INTERPRETING.md entry 56); its printed strike if it had left before "
    "(entry 14)",
    "target_cost": "each target's printed cost, a cost X counting 0 (R15:106.1.4); `to` `target` only",
    "creatures_strike_6_plus": "how many creatures in play, not hidden, have strike 6 or more when the effect executes",
    "drawn": "how many cards the ability's earlier effects drew",
    "drawn_this_turn": "how many cards the ability's controller drew this turn when the effect executes (the state's "
    "`drawn_this_turn`: the accumulation draw and every other draw of the turn, the ability's own included; "
    "INTERPRETING.md entry 60)",
    "healed_own_creatures_last_turn": "«количество ран, излеченных с ваших существ в ваш прошлый ход»: the wounds "
    "actually removed (R15:7.heal) from the controller's creatures, hidden ones included, a hero's not, during his "
    "own turn (the state's `creatures_healed_own_turn`: the current turn if it is his, else his last, so in the "
    "opponent's turn his last one; INTERPRETING.md entry 88)",
    "any": "«любое количество»: a `discard` of any number of cards, none included",
    "discarded": "a «discards» trigger only: `per` times the number of cards the discard that fired it moved "
    "(«+2 … за каждую сброшенную карту»; INTERPRETING.md entry 65)",
    "other_own_creatures": "`per` times the number of creatures in the play zone of the ability's controller other "
    "than its source, hidden ones included, when the effect executes («за каждое другое ваше существо»; INTERPRETING.md "
    "entry 79)",
    "target_strike": "the strike of the ability's one target creature: its current strike, or the strike it had just "
    "before it left play during this resolution (R15:403.1), or its printed strike if it was gone before it resolved "
    "(«Х - сила удара этого механизма»; INTERPRETING.md entry 82)",
    "wounds_dealt": "a «strikes_hero» trigger only: the wounds the strike that fired it put on the hero (its "
    "`pending[].count`, the declared entry's `x`; «наносит Х ран ударом герою … на Х», INTERPRETING.md entry 57)",
    "self_wounds": "a «death» trigger only: the wounds its source had when it was destroyed (its `pending[].count`, "
    "the declared entry's `x`; leaving play clears them, R15:205.3, so this is last known information, R15:403.1; "
    "0 when it had none; «Х - количество ран на [этой карте]», INTERPRETING.md entry 87)",
    "recipient_hand": "a `wound` of heroes only: `per` times the number of cards in the hand of each recipient hero's "
    "player when the effect executes («за каждую карту в руке его игрока»; INTERPRETING.md entry 66)",
}

_RECIPIENT_TEXT = {
    "target": "each chosen target of the ability that is still in play and not hidden",
    "self": "the source, if it is still in play",
    "own_hero": "the controller's hero",
    "enemy_hero": "the opponent's hero",
    "each_enemy_creature": "every creature of the opponent in play that is not hidden, in play-zone order",
    "each_own_creature": "every creature of the controller in play that is not hidden, in play-zone order",
    "each_creature": "every creature in play that is not hidden, seat 0's first",
    "each_other_creature": "every creature in play that is not hidden, but the ability's source, seat 0's first",
    "each_hero": "both heroes, seat 0's first",
    "each_enemy_character": "the opponent's hero, then his creatures in play that are not hidden, in play-zone order "
    "(«каждого персонажа противника»; INTERPRETING.md entry 87)",
    "controller": "the controller (`draw`, `gain_coin`)",
    "opponent": "the opponent (`draw`, `gain_coin`)",
    "each_player": "hand effects only: each player in turn, the controller first («Каждый игрок, начиная с вас»)",
}

_CONDITION_TEXT = {
    "hand_fewer_than_opponent": "the ability's controller has fewer cards in hand than the opponent (strict)",
    "hand_more_than_opponent": "the ability's controller has more cards in hand than the opponent (strict)",
    "hand_empty": "the ability's controller has no cards in hand (a played spell is no longer in it)",
    "target_stunned": "about each recipient target, not the controller (`to` `target` only): it has «Оглушение» "
    "(R15:7.stun; a closed card without it is not stunned); the effect goes to the targets it holds for "
    "(INTERPRETING.md entry 54)",
    "target_has_shot": "about each recipient target (`to` `target` only): its card has an ability with a `shot` effect "
    "(«Если у него есть выстрел»); the effect goes to the targets it holds for (INTERPRETING.md entry 68)",
    "three_creatures_played_this_turn": "the ability's controller has played three or more creature cards this turn "
    "(`creatures_played_this_turn` ≥ 3; the card being played is not one yet, INTERPRETING.md entries 59 and 61)",
}

_FILTER_TEXT = {
    "poisoned": "the target has poison",
    "other": "the target is not the ability's source",
    "wounded": "the target has wounds",
}


def _render_card_definitions() -> str:
    doc = card_loader.__doc__ or ""
    schema = doc[doc.index("Schema of one card") :].strip()
    schema = re.sub(r"::", ":", schema)
    for name, table, vocabulary in (
        ("trigger conditions", _TRIGGER_TEXT, cards.TRIGGERS),
        ("recipients", _RECIPIENT_TEXT, cards.RECIPIENTS),
        ("target filters", _FILTER_TEXT, cards.TARGET_FILTERS),
        ("conditions", _CONDITION_TEXT, cards.CONDITIONS),
        ("amounts", _AMOUNT_TEXT, cards.AMOUNTS),
    ):
        _check_keys(name, table, vocabulary)
    parts = [
        "The pool's data format (`CardInfo.definition_json` holds one card):\n\n```text\n" + schema + "\n```",
        "Trigger conditions (`trigger`):\n\n"
        + _table(["Condition", "Fires when"], [[f"`{t}`", _TRIGGER_TEXT[t]] for t in cards.TRIGGERS]),
        "Effect operations (`op`):\n\n"
        + _table(["Operation", "What it does (event)"], [[f"`{o}`", cards.OPS[o].text] for o in cards.EFFECT_OPS]),
        "Recipients (`to`):\n\n"
        + _table(["Recipient", "Who"], [[f"`{r}`", _RECIPIENT_TEXT[r]] for r in cards.RECIPIENTS]),
        "Target filters (`filter`):\n\n"
        + _table(["Filter", "The target must satisfy"], [[f"`{f}`", _FILTER_TEXT[f]] for f in cards.TARGET_FILTERS]),
        "Derived amounts (`amount`, besides a number; INTERPRETING.md entry 44):\n\n"
        + _table(["Amount", "Value"], [[f"`{a}`", _AMOUNT_TEXT[a]] for a in cards.AMOUNTS]),
        "Conditions (an effect's `if` and `bonus.if`; read when the effect executes, INTERPRETING.md entry 42):\n\n"
        + _table(["Condition", "Holds when"], [[f"`{c}`", _CONDITION_TEXT[c]] for c in cards.CONDITIONS]),
        "Cost modifiers (`static.modifier`) apply in this order: " + _code(cards.MODIFIERS) + " (a division rounds up).",
        "Classes (`class` of a card, a target spec or a cost modifier; `subject_class` of a trigger; R15:107.3.3, "
        "INTERPRETING.md entry 43), by card type:\n\n"
        + _table(["Type", "Classes"], [[f"`{k}`", ", ".join(v)] for k, v in cards.CLASSES.items()]),
    ]
    return "\n\n".join(parts)


# --- assembly -----------------------------------------------------------------------

_RENDERERS: dict[str, Callable[[], str]] = {
    "actors": _render_actors,
    "decision-kinds": _render_decision_kinds,
    "action-fields": _render_action_fields,
    "action-kinds": _render_action_kinds,
    "action-domains": _render_action_domains,
    "steps": _render_steps,
    "state-fields": _render_state_fields,
    "events": _render_events,
    "refusals": _render_refusals,
    "citations": _render_citations,
    "fingerprint-vectors": _render_vectors,
    "levels": _render_levels,
    "capabilities": _render_capabilities,
    "card-definitions": _render_card_definitions,
}
#: The generated sections, in the order they appear in PROTOCOL.md.
SECTIONS: tuple[str, ...] = tuple(_RENDERERS)


def render_sections() -> dict[str, str]:
    """Every generated section's text (without its marker lines), by name."""
    return {name: render() for name, render in _RENDERERS.items()}


def _spans(text: str) -> dict[str, tuple[int, int]]:
    """Where each section's body lies in ``text``: (start, end) offsets between its
    marker lines."""
    spans: dict[str, tuple[int, int]] = {}
    open_name = ""
    open_at = 0
    for m in _MARKER.finditer(text):
        is_end, name = bool(m.group(1)), m.group(2)
        if name not in _RENDERERS:
            raise ProtocolDocError(f"marker of an unknown section {name!r}")
        if not is_end:
            if open_name:
                raise ProtocolDocError(f"section {open_name!r} is not closed before {name!r} opens")
            if name in spans:
                raise ProtocolDocError(f"section {name!r} appears twice")
            open_name, open_at = name, m.end()
        else:
            if name != open_name:
                raise ProtocolDocError(f"end marker of {name!r} without its start")
            spans[name] = (open_at, m.start())
            open_name = ""
    if open_name:
        raise ProtocolDocError(f"section {open_name!r} has no end marker")
    return spans


def splice(text: str, sections: Mapping[str, str]) -> str:
    """``text`` with the body of every section of ``sections`` replaced; every section
    must have its marker lines in ``text``."""
    spans = _spans(text)
    missing = [name for name in sections if name not in spans]
    if missing:
        raise ProtocolDocError(f"no markers for section(s) {', '.join(missing)}")
    out = text
    for name, (start, end) in sorted(spans.items(), key=lambda kv: -kv[1][0]):
        if name in sections:
            out = out[:start] + "\n" + sections[name].strip("\n") + "\n" + out[end:]
    return out


def stale_sections(text: str, sections: Mapping[str, str] | None = None) -> list[str]:
    """The names of the sections whose body in ``text`` differs from the rendering (or
    whose markers are missing), in document order."""
    sections = render_sections() if sections is None else sections
    spans = _spans(text)
    stale = []
    for name in SECTIONS:
        if name not in sections:
            continue
        if name not in spans:
            stale.append(name)
            continue
        start, end = spans[name]
        if text[start:end].strip("\n") != sections[name].strip("\n"):
            stale.append(name)
    return stale


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m oracle.protocol_doc (--write | --check) [--path PROTOCOL.md]``."""
    parser = argparse.ArgumentParser(
        prog="python -m oracle.protocol_doc", description="render the generated sections of PROTOCOL.md"
    )
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--write", action="store_true", help="rewrite the generated sections in place")
    mode.add_argument("--check", action="store_true", help="exit 1 if a generated section is stale")
    parser.add_argument("--path", type=Path, default=DOC_PATH, help="the document (default: PROTOCOL.md)")
    args = parser.parse_args(argv)
    text = args.path.read_text(encoding="utf-8")
    sections = render_sections()
    try:
        if args.write:
            new = splice(text, sections)
            if new != text:
                args.path.write_text(new, encoding="utf-8")
            print(f"{args.path}: {len(sections)} generated sections written")
            return 0
        stale = stale_sections(text, sections)
    except ProtocolDocError as exc:
        print(f"{args.path}: {exc}", file=sys.stderr)
        return 1
    if stale:
        print(
            f"{args.path} is stale: generated section(s) {', '.join(stale)} differ; "
            "run `python -m oracle.protocol_doc --write`",
            file=sys.stderr,
        )
        return 1
    print(f"{args.path}: {len(sections)} generated sections are up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
