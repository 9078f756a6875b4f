"""Scenario files: loading, validation against the schema and the rule catalogue, and the
declarative board they may start from.

A scenario is a ``berserk.oracle.v1.Scenario`` message stored as protobuf JSON, one per
file, under ``conformance_suite/scenarios/<part>/``.  :func:`load_scenario` parses a file
and raises :class:`ScenarioError` naming the file and the field for anything malformed: an
unknown field, an unknown rule id or card id, an edition the scenario does not list, …
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from google.protobuf import json_format  # type: ignore[import-untyped, unused-ignore]

from oracle._proto.berserk.oracle.v1 import action_pb2, scenario_pb2
from oracle.actions import ActionSyntaxError, decode, encode
from oracle.cards import load_pool
from oracle.catalogue import load_catalogue
from oracle.contract import load_events
from oracle.editions import EDITIONS, edition_specific
from oracle.errors import FieldError
from oracle.model import STEPS, Action, Card, Player, State
from oracle.rules.turn.setup import ConfigError, GameConfig, new_game_with_events
from oracle.serialize import TURN_COUNTS, to_dict
from oracle.service._state_proto import modifier_from_msg
from oracle.service.convert import actor_from_proto

__all__ = [
    "SCENARIO_DIR",
    "TRIGGER_REF",
    "LoadedScenario",
    "ScenarioError",
    "action_text",
    "actor_from_enum",
    "board_to_state",
    "legal_action_text",
    "load_all",
    "load_scenario",
]

SCENARIO_DIR = Path(__file__).parent / "scenarios"


class ScenarioError(FieldError):
    """A scenario file is malformed; names the file (``path``) and the field."""

    def __init__(self, path: Path | str, field: str, reason: str) -> None:
        super().__init__(field, reason)
        self.args = (f"{path}: {field}: {reason}",)
        self.path = str(path)


@dataclass(frozen=True)
class LoadedScenario:
    """A validated scenario and the file it came from."""

    path: Path
    message: scenario_pb2.Scenario

    @property
    def id(self) -> str:
        """The scenario's stable id."""
        return self.message.id


#: A scenario's name for a pending trigger: ``@SOURCE:ABILITY`` or
#: ``@SOURCE:ABILITY:SUBJECT`` (source uid, ability index with -2 for poison, the uid the
#: triggering event was about); a granted ability's ABILITY is ``GRANTER.INDEX`` (the uid of
#: the card whose text holds it, its index there; INTERPRETING.md, entry 180).  Trigger ids are an implementation's own (PROTOCOL.md), so
#: scenarios never name them by number; the runner resolves a reference against the
#: pending triggers of the state the target returned.
TRIGGER_REF = re.compile(r"@(\d+):(?:(\d+)\.)?(-?\d+)(?::(\d+))?")
_REF_WORD = re.compile(r"\btrigger=(\S*)")
_PLACEHOLDER = 2_000_000_001  # stands for a reference while the rest of the text is parsed


def actor_from_enum(value: int) -> int:
    """The engine actor of an ``Actor`` enum value of a scenario (UNSPECIFIED and NOBODY
    are -1: "whoever decides now" in an action, "the game is over" in a decision)."""
    return -1 if value == action_pb2.ACTOR_NOBODY else actor_from_proto(value)


def action_text(action: action_pb2.Action) -> str:
    """The encoded text of a scenario step's action (``encoded`` wins over the other
    fields; an ``actor`` field is added to it unless the text names one).  A trigger
    reference ``trigger=@SOURCE:ABILITY[:SUBJECT]`` stays in the text; a numeric trigger
    id is refused (:class:`ActionSyntaxError`)."""
    if action.encoded:
        text = action.encoded
        m = _REF_WORD.search(text)
        ref = ""
        if m is not None:
            ref = m.group(1)
            if not TRIGGER_REF.fullmatch(ref):
                raise ActionSyntaxError(
                    "trigger", f"name the trigger by its source and ability, e.g. trigger=@12:0 (not {ref!r})"
                )
            text = text[: m.start(1)] + str(_PLACEHOLDER) + text[m.end(1) :]
        parsed = decode(text)
        if action.actor and parsed.actor == -1:
            parsed = replace(parsed, actor=actor_from_enum(action.actor))
        return encode(parsed).replace(f"trigger={_PLACEHOLDER}", f"trigger={ref}")
    if action.trigger:
        raise ActionSyntaxError("trigger", "name the trigger in `encoded` by its source and ability: trigger=@12:0")
    fields: dict[str, Any] = {
        "card": action.card,
        "targets": tuple(action.targets),
        "amounts": tuple(action.amounts),
        "x": action.x,
        "option": action.option,
        "values": tuple(action.values),
    }
    if action.HasField("ability"):
        fields["ability"] = action.ability
    if action.HasField("mode"):
        fields["mode"] = action.mode
    if action.actor:
        fields["actor"] = actor_from_enum(action.actor)
    return encode(Action(action.kind, **fields))


def legal_action_text(text: str) -> str:
    """A scenario's expected legal action in canonical form, its trigger reference kept;
    refuses numeric trigger ids like :func:`action_text`."""
    return action_text(action_pb2.Action(encoded=text))


def _check_expected_events(path: Path, name: str, expected: Any, editions: list[str], *, absent: bool) -> None:
    """Known event kinds, rule references of the scenario's editions, and no trigger ids
    (they are the implementation's own: an event is matched by source and ability)."""
    for j, e in enumerate(expected):
        where = f"{name}[{j}]"
        if e.kind not in load_events():
            raise ScenarioError(path, f"{where}.kind", f"unknown event kind {e.kind!r} (PROTOCOL.md section 6)")
        for k, f in enumerate(e.data):
            if f.key == "trigger":
                raise ScenarioError(
                    path, f"{where}.data" if absent else f"{where}.data[{k}]",
                    "trigger ids are the implementation's own; match the event by source and ability",
                )
        for k, ref in enumerate(e.rules):  # for an absent event: such an event must not cite them
            _check_rule_ref(path, f"{where}.rules[{k}]", ref, editions)


def _check_rule_ref(path: Path, field: str, ref: str, editions: list[str]) -> None:
    cat = load_catalogue()
    if ":" in ref:
        if ref not in cat:
            raise ScenarioError(path, field, f"unknown rule id {ref!r}")
        ed = edition_specific(ref)
        if ed and ed not in editions:
            raise ScenarioError(path, field, f"rule {ref!r} belongs to edition {ed}, which the scenario does not list")
        return
    if not any(r.number == ref for r in cat.rules.values()):
        raise ScenarioError(path, field, f"no catalogue rule has number {ref!r}")


def _check_card_ids(path: Path, board: scenario_pb2.BoardSetup) -> None:
    pool = load_pool().cards
    seen: set[int] = set()
    for seat, p in enumerate(board.players):
        places: list[tuple[str, Any]] = []
        for zone in ("hero", "play", "hand", "deck", "graveyard", "supply"):
            cards = [p.hero] if zone == "hero" else list(getattr(p, zone))
            for i, c in enumerate(cards):
                field = f"setup.board.players[{seat}].{zone}" + ("" if zone == "hero" else f"[{i}]")
                places.append((field, c))
                # the parts under a card in play (R15:7.attach)
                places.extend((f"{field}.attached[{j}]", part) for j, part in enumerate(c.attached))
        for field, c in places:
            zone = field.split(".")[-1].split("[")[0] if ".attached[" not in field else "attached"
            if c.card_id not in pool:
                raise ScenarioError(path, f"{field}.card_id", f"unknown card id {c.card_id!r}")
            if (pool[c.card_id].type == "hero") != (zone == "hero"):
                raise ScenarioError(path, f"{field}.card_id", f"{c.card_id!r} cannot be in {zone}")
            uid = c.uid or (seat + 1 if zone == "hero" else 0)
            if uid <= 0:
                raise ScenarioError(path, f"{field}.uid", "every non-hero card needs a uid >= 1")
            if uid in seen:
                raise ScenarioError(path, f"{field}.uid", f"uid {uid} is used twice")
            seen.add(uid)
            for name in ("usage", "game_usage"):
                abilities: set[int] = set()
                for j, u in enumerate(getattr(c, name)):
                    if u.ability in abilities:
                        raise ScenarioError(path, f"{field}.{name}[{j}].ability", f"ability {u.ability} is listed twice")
                    if u.count < 1:
                        raise ScenarioError(path, f"{field}.{name}[{j}].count", "a usage marker counts at least 1")
                    abilities.add(u.ability)
    for i, m in enumerate(board.modifiers):
        if m.HasField("owner") != (m.until == "start_of_owner_turn"):
            raise ScenarioError(path, f"setup.board.modifiers[{i}].owner",
                                "a modifier has an owner exactly when it lasts until the start of its owner's turn")


def _check_new_game(path: Path, new_game: Any, editions: list[str]) -> None:
    """A new game the scenario does not expect refused is one the reference's CreateGame
    accepts (its configuration rules, :func:`oracle.rules.turn.setup.new_game_with_events`: two
    heroes of the pool, two decks of 4 to 60 cards of it), the field named as the scenario
    spells it (``setup.new_game.heroes[0]``, ``setup.new_game.decks[1].card_ids[3]``)."""
    config = GameConfig(tuple(new_game.heroes), tuple(list(d.card_ids) for d in new_game.decks),  # type: ignore[arg-type]
                        editions[0])
    try:
        new_game_with_events(config)
    except ConfigError as exc:
        field = re.sub(r"^decks\[(\d+)\]\[(\d+)\]", r"decks[\1].card_ids[\2]", exc.field)
        raise ScenarioError(path, f"setup.new_game.{field}", f"{exc.reason} (the scenario does not expect the setup "
                            "refused: expect_setup_refused)") from None


def _unknown_field(raw: Any, descriptor: Any, where: str) -> tuple[str, str] | None:
    """The path and reason of the first key of ``raw`` the message ``descriptor`` does not
    define (protobuf JSON accepts a field's proto name and its JSON name)."""
    if not isinstance(raw, dict):
        return None
    fields = {}
    for f in descriptor.fields:
        fields[f.name] = f
        fields[f.json_name] = f
    for key, value in raw.items():
        here = f"{where}.{key}" if where else key
        f = fields.get(key)
        if f is None:
            known = ", ".join(sorted(x.name for x in descriptor.fields))
            return here, f"unknown field {key!r} of {descriptor.name} (known: {known})"
        if f.message_type is None or f.message_type.full_name.startswith("google.protobuf."):
            continue
        items = value if isinstance(value, list) else [value]
        for i, item in enumerate(items):
            found = _unknown_field(item, f.message_type, f"{here}[{i}]" if isinstance(value, list) else here)
            if found:
                return found
    return None


def load_scenario(path: Path) -> LoadedScenario:
    """Parse and validate one scenario file."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise ScenarioError(path, "$", f"not readable JSON: {exc}") from None
    msg = scenario_pb2.Scenario()
    unknown = _unknown_field(raw, msg.DESCRIPTOR, "")
    if unknown:
        raise ScenarioError(path, *unknown)
    try:
        json_format.ParseDict(raw, msg)
    except json_format.ParseError as exc:
        raise ScenarioError(path, "$", str(exc)) from None
    if not msg.id or not msg.id.replace("-", "").replace("_", "").replace(".", "").isalnum():
        raise ScenarioError(path, "id", "a non-empty id of letters, digits, '-', '_' and '.'")
    if path.stem != msg.id:
        raise ScenarioError(path, "id", f"the file must be named after the id: {msg.id}.json")
    if not msg.description:
        raise ScenarioError(path, "description", "is required")
    editions = list(msg.editions)
    if not editions:
        raise ScenarioError(path, "editions", "list at least one edition")
    for i, ed in enumerate(editions):
        if ed not in EDITIONS:
            raise ScenarioError(path, f"editions[{i}]", f"unknown edition {ed!r}")
    if not msg.rules:
        raise ScenarioError(path, "rules", "cite at least one rule")
    for i, ref in enumerate(msg.rules):
        if ":" not in ref:
            raise ScenarioError(path, f"rules[{i}]", "rule ids are edition-qualified, e.g. 'C:401.3'")
        _check_rule_ref(path, f"rules[{i}]", ref, editions)
    kind = msg.setup.WhichOneof("kind")
    if kind is None:
        raise ScenarioError(path, "setup", "give a board, a new_game or a state")
    if kind == "board":
        _check_card_ids(path, msg.setup.board)
        if msg.setup.board.step and msg.setup.board.step not in STEPS:
            raise ScenarioError(path, "setup.board.step", f"unknown step {msg.setup.board.step!r}")
    if msg.HasField("expect_setup_refused"):
        if msg.setup.WhichOneof("kind") != "new_game":
            raise ScenarioError(path, "expect_setup_refused", "only a new_game configuration can be refused")
        if msg.steps:
            raise ScenarioError(path, "steps", "a refused setup has no steps")
        want = msg.expect_setup_refused.field
        if want and not want.startswith("config."):
            raise ScenarioError(path, "expect_setup_refused.field", "a CreateGame request field, e.g. 'config.decks[1]'")
    else:
        if not msg.steps:
            raise ScenarioError(path, "steps", "at least one step")
        if kind == "new_game":
            _check_new_game(path, msg.setup.new_game, editions)
    for name in ("expect_setup_events", "expect_no_setup_events"):
        expected = getattr(msg, name)
        if not expected:
            continue
        if kind != "new_game" or msg.HasField("expect_setup_refused"):
            raise ScenarioError(path, name, "only a new_game setup that is not refused has events of its own")
        _check_expected_events(path, name, expected, editions, absent=name == "expect_no_setup_events")
    for i, step in enumerate(msg.steps):
        if step.action.actor not in (action_pb2.ACTOR_UNSPECIFIED, action_pb2.ACTOR_PLAYER_1,
                                     action_pb2.ACTOR_PLAYER_2, action_pb2.ACTOR_CHANCE):
            raise ScenarioError(path, f"steps[{i}].action.actor", "a player or chance (ACTOR_NOBODY takes no action)")
        try:
            action_text(step.action)
        except ActionSyntaxError as exc:
            raise ScenarioError(path, f"steps[{i}].action.{exc.field}", exc.reason) from None
        if step.expect_decision.actor not in action_pb2.Actor.values():
            raise ScenarioError(path, f"steps[{i}].expect_decision.actor", f"unknown Actor {step.expect_decision.actor}")
        for j, ref in enumerate(step.expect_violation_rules):
            _check_rule_ref(path, f"steps[{i}].expect_violation_rules[{j}]", ref, editions)
        if step.expect_violation_rules and not step.expect_illegal:
            raise ScenarioError(path, f"steps[{i}].expect_violation_rules", "only for expect_illegal steps")
        _check_expected_events(path, f"steps[{i}].expect_no_events", step.expect_no_events, editions, absent=True)
        _check_expected_events(path, f"steps[{i}].expect_events", step.expect_events, editions, absent=False)
        for j, f in enumerate(step.expect_facts):
            try:
                json.loads(f.equals)
            except json.JSONDecodeError:
                raise ScenarioError(path, f"steps[{i}].expect_facts[{j}].equals", f"not JSON: {f.equals!r}") from None
        for j, a in enumerate(step.expect_legal_actions.actions):
            try:
                legal_action_text(a)
            except ActionSyntaxError as exc:
                raise ScenarioError(path, f"steps[{i}].expect_legal_actions.actions[{j}]", str(exc)) from None
    return LoadedScenario(path, msg)


def load_all(root: Path = SCENARIO_DIR, *, skip_invalid: bool = False) -> list[LoadedScenario]:
    """Every scenario under ``root``, sorted by path; ids must be unique.  A file that cannot
    be loaded raises its :class:`ScenarioError`, or with ``skip_invalid`` is left out (the
    suite's run reports each such file as an error run of its own)."""
    out: list[LoadedScenario] = []
    seen: dict[str, Path] = {}
    for p in sorted(root.rglob("*.json")):
        try:
            s = load_scenario(p)
            if s.id in seen:
                raise ScenarioError(s.path, "id", f"id {s.id!r} is also used by {seen[s.id]}")
        except ScenarioError:
            if skip_invalid:
                continue
            raise
        seen[s.id] = s.path
        out.append(s)
    return out


def _card(c: scenario_pb2.CardSetup, uid: int, owner: int, turn: int) -> Card:
    return Card(
        uid, c.card_id, owner, closed=c.closed, wounds=c.wounds, poison=c.poison, hidden=c.hidden,
        entered_turn=c.entered_turn, attacked_turn=turn if c.attacked_this_turn else 0,
        defended_turn=turn if c.defended_this_turn else 0, usage={u.ability: u.count for u in c.usage},
        game_usage={u.ability: u.count for u in c.game_usage},
    )


def board_to_state(board: scenario_pb2.BoardSetup, edition: str) -> dict[str, Any]:
    """The canonical state (``oracle.serialize`` form) a declarative board describes: the
    engine's records built from it and written by the state's generated writer
    (:func:`oracle.serialize.to_dict`), so a field the board does not set keeps its declared
    default and presence.  The board was checked when its scenario was loaded (usage markers
    listed once with a count of at least 1, a modifier's owner exactly on its duration), so
    the records hold exactly what it says."""
    turn = board.turn or 1
    first = board.first_player if board.HasField("first_player") else (board.active if turn == 1 else 0)
    cards: dict[int, Card] = {}
    players: list[Player] = []
    for seat, p in enumerate(board.players):
        hero_uid = p.hero.uid or seat + 1
        cards[hero_uid] = _card(p.hero, hero_uid, seat, turn)
        zones: dict[str, list[int]] = {}
        for zone in ("play", "hand", "deck", "graveyard"):
            zones[zone] = []
            for c in getattr(p, zone):
                cards[c.uid] = _card(c, c.uid, seat, turn)
                zones[zone].append(c.uid)
                for part in c.attached:  # the parts under it (R15:7.attach), in no zone of their own
                    cards[part.uid] = _card(part, part.uid, seat, turn)
                    cards[part.uid].attached_to = c.uid
        supply = []
        for c in p.supply:
            cards[c.uid] = _card(c, c.uid, seat, turn)
            supply.append(c.uid)
        players.append(Player(
            hero_uid, zones["deck"], hand=zones["hand"], play=zones["play"], graveyard=zones["graveyard"], supply=supply,
            coins_open=p.coins_open, coins_closed=p.coins_closed, failed_draws=p.failed_draws,
            **{k: getattr(p, k) for k in TURN_COUNTS},
        ))
    state = to_dict(State(edition, cards, players, step=board.step or "choice", turn=turn, active=board.active,
                          first_player=first, shuffled=2))
    # the setup's modifiers are StrikeModifier messages: read by the state's generated decoder,
    # so every field of the declaration comes through (oracle.model.Modifier)
    state["modifiers"] = [modifier_from_msg(m, f"setup.board.modifiers[{i}]") for i, m in enumerate(board.modifiers)]
    return state
