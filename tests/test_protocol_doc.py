"""PROTOCOL.md and the event catalogue (``oracle/data/events.json``) stay true to the engine.

* The generated sections of PROTOCOL.md equal their rendering (``oracle.protocol_doc``), and
  ``--check`` names a stale section.
* Every event the engine emits — across every scenario of the conformance suite, run in
  process under each of its editions, and a few hundred seeded random games in all three
  editions — conforms to the catalogue: a known kind, exactly its keys (plus optional ones)
  in order, and only rules the catalogue lists for it, cited in the game's edition.  Every
  catalogue entry is emitted at least once, or is listed here with the reason it cannot be.
* The contract's tables (``oracle.contract``) and the engine's refusal tables are complete.
* The fingerprint test vectors printed in PROTOCOL.md match ``fingerprint_data``.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from conformance_suite.executor import run_scenario
from conformance_suite.scenario import load_all
from conformance_suite.targets import ApplyResult, InProcessTarget
from oracle import protocol_doc
from oracle._proto.berserk.oracle.v1 import action_pb2, state_pb2
from oracle.actions import decode, encode
from oracle.catalogue import load_catalogue
from oracle.codegen import RECORDS, canonical
from oracle.contract import (
    ACTION_CAPABILITIES,
    ACTOR_NAMES,
    CAPABILITIES,
    DECISION_KINDS,
    LEVELS,
    STEP_CAPABILITIES,
    load_events,
)
from oracle.editions import EDITIONS, cite_ed
from oracle.engine import (
    DECIDING_RULE,
    FIELD_RULE,
    NOT_YET_IN_QUEUE_RULES,
    QUEUE_STEPS,
    STEP_ACTION_KINDS,
    USED_FIELDS,
    WRONG_STEP_RULE,
    apply,
    decision,
)
from oracle.model import ACTION_KINDS, STEPS, Action
from oracle.protocol_doc.decisions import action_fields
from oracle.rules.turn.setup import new_game_with_events
from oracle.sampler import random_action, random_config
from oracle.schema import PROTO_MESSAGES
from oracle.serialize import TURN_COUNTS, canonical_json, fingerprint_data, from_dict, to_dict
from oracle.service.state_codec import decode_state, state_dict_to_proto

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "PROTOCOL.md"

#: Random games played for the catalogue checks (spread over the three editions).
GAMES = 300

#: Catalogue entries no run can emit, with the reason (none since CreateGame returns the
#: events of creating the game).
UNREACHABLE: dict[str, str] = {}

#: The event each kind of action begins its events with (PROTOCOL.md, section 6).
FIRST_EVENT = {
    "create_game": ("order_by_hero", "hero_order_ignored"),
    "roll": ("die_rolled",),
    "choose_order": ("order_chosen",),
    "shuffle": ("deck_shuffled", "search_shuffled"),
    "mulligan": ("mulligan_declared",),
    "reveal": ("revealed",),
    "attack": ("attack_declared",),
    "defend": ("defender_assigned", "no_defender"),
    "activate": ("ability_declared",),
    "play": ("card_played",),
    "end_turn": ("turn_passed",),
    "declare": ("declared",),
    "pass": ("passed",),
    "choose_target": ("target_chosen",),
    "choose_cards": ("cards_chosen",),
    "cancel_play": ("play_cancelled", "play_not_cancelled"),
    "attach_module": ("module_attached", "entered_play"),
    "pay_coins": ("effect_paid", "effect_payment_refused"),
    "order_cards": ("moved_from_play",),
    "choose_coins": ("coins_chosen",),
    "name_target": ("target_named",),
    "replace_wounds": ("wound_choice_made",),
}


# --- what the engine emits ----------------------------------------------------------


@dataclass(frozen=True)
class Emitted:
    """One event as emitted: its kind, data keys in order and cited rules, with the
    game's edition and the action that caused it (``origin`` names the run)."""

    kind: str
    keys: tuple[str, ...]
    rules: tuple[str, ...]
    edition: str
    action: str
    index: int  # position among the action's events
    count: int  # how many events the action caused
    origin: str


@dataclass
class Observed:
    """Everything the runs emitted, and a few states of every shape (for the JSON form)."""

    events: list[Emitted] = field(default_factory=list)
    states: list[dict[str, Any]] = field(default_factory=list)

    def add(self, edition: str, action: str, events: list[tuple[str, tuple[str, ...], tuple[str, ...]]], origin: str) -> None:
        """Record the events of one applied action."""
        for i, (kind, keys, rules) in enumerate(events):
            self.events.append(Emitted(kind, keys, rules, edition, action, i, len(events), origin))


class _RecordingTarget:
    """The in-process reference, recording the events of every action it applies."""

    def __init__(self, observed: Observed, origin: str) -> None:
        self.inner = InProcessTarget()
        self.name = "recording"
        self.observed = observed
        self.origin = origin

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def apply(self, state: dict[str, Any], action: str) -> ApplyResult:
        out = self.inner.apply(state, action)
        if out.legal:
            events = [(e.kind, tuple(k for k, _ in e.data), tuple(e.rules)) for e in out.events]
            self.observed.add(state["edition"], action, events, self.origin)
        return out


def _play_random_games(observed: Observed) -> None:
    shapes: set[str] = set()
    for seed in range(GAMES):
        edition = EDITIONS[seed % len(EDITIONS)]
        rng = random.Random(seed)
        state, created = new_game_with_events(random_config(rng, edition))
        if created:
            events = [(e.kind, tuple(k for k, _ in e.data), e.rules) for e in created]
            observed.add(edition, "create_game", events, f"random game {seed} ({edition})")
        for _ in range(3000):
            if decision(state).actor < 0:
                break
            action = random_action(state, rng)
            out = apply(state, action)
            events = [(e.kind, tuple(k for k, _ in e.data), e.rules) for e in out.events]
            observed.add(edition, encode(action), events, f"random game {seed} ({edition})")
            state = out.state
            data = to_dict(state)
            shape = "".join(
                "1" if data[k] else "0" for k in ("queue", "pending", "modifiers", "attack")
            ) + ("1" if any(c["usage"] or c["game_usage"] for c in data["cards"]) else "0")
            if shape not in shapes:
                shapes.add(shape)
                observed.states.append(data)


@pytest.fixture(scope="module")
def observed() -> Observed:
    """The events of every scenario of the suite (each edition it lists) and of the random
    games, plus one state of each shape the games reached."""
    obs = Observed()
    for sc in load_all():
        for edition in sc.message.editions:
            run_scenario(sc, edition, _RecordingTarget(obs, f"scenario {sc.id} [{edition}]"))
    _play_random_games(obs)
    return obs


# --- 1. the generated sections ------------------------------------------------------


def test_generated_sections_are_up_to_date() -> None:
    """Every generated section of PROTOCOL.md equals its rendering from the engine's data
    (``python -m oracle.protocol_doc --write`` fixes a stale one)."""
    stale = protocol_doc.stale_sections(DOC.read_text(encoding="utf-8"))
    assert not stale, f"PROTOCOL.md is stale in {stale}; run python -m oracle.protocol_doc --write"


def test_every_section_has_its_markers() -> None:
    """PROTOCOL.md holds the start and end marker of every generated section, once."""
    text = DOC.read_text(encoding="utf-8")
    for name in protocol_doc.SECTIONS:
        assert text.count(f"<!-- generated: {name} -->") == 1, name
        assert text.count(f"<!-- end generated: {name} -->") == 1, name


def test_check_names_the_stale_section_and_write_repairs_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--check`` exits 1 and names the section that differs; ``--write`` rewrites it and
    ``--check`` then passes, leaving the hand-written text alone."""
    doc = tmp_path / "PROTOCOL.md"
    text = DOC.read_text(encoding="utf-8")
    broken = text.replace("| `roll` | `setup_roll` |", "| `roll` | `choice` |", 1)
    assert broken != text
    doc.write_text(broken, encoding="utf-8")
    assert protocol_doc.main(["--check", "--path", str(doc)]) == 1
    assert "action-kinds" in capsys.readouterr().err
    assert protocol_doc.main(["--write", "--path", str(doc)]) == 0
    assert doc.read_text(encoding="utf-8") == text
    assert protocol_doc.main(["--check", "--path", str(doc)]) == 0


def test_check_refuses_a_document_without_markers(tmp_path: Path) -> None:
    """A document that lost a section's end marker is refused, not silently rewritten."""
    doc = tmp_path / "PROTOCOL.md"
    doc.write_text(DOC.read_text(encoding="utf-8").replace("<!-- end generated: events -->", ""), encoding="utf-8")
    assert protocol_doc.main(["--check", "--path", str(doc)]) == 1
    with pytest.raises(protocol_doc.ProtocolDocError):
        protocol_doc.splice(doc.read_text(encoding="utf-8"), protocol_doc.render_sections())


# --- 2. every emitted event conforms to the catalogue --------------------------------


def test_runs_cover_the_suite_and_the_random_games(observed: Observed) -> None:
    """The runs the catalogue checks rest on happened: scenarios in every edition and
    random games, many events each."""
    origins = {e.origin.split(" ")[0] for e in observed.events}
    assert origins == {"scenario", "random"}
    assert {e.edition for e in observed.events} == set(EDITIONS)
    assert len(observed.events) > 10_000


def test_every_emitted_event_kind_is_in_the_catalogue(observed: Observed) -> None:
    """No run emits an event kind the catalogue does not describe."""
    catalogue = load_events()
    unknown = sorted({e.kind for e in observed.events} - set(catalogue))
    assert not unknown, f"event kinds missing from oracle/data/events.json: {unknown}"


def test_event_data_keys_follow_the_catalogue(observed: Observed) -> None:
    """Each event carries exactly its kind's ``keys``, in order, followed by a subset of its
    ``optional_keys`` in catalogue order."""
    catalogue = load_events()
    bad = []
    for e in observed.events:
        spec = catalogue.get(e.kind)
        if spec is None:
            continue
        head, tail = e.keys[: len(spec.keys)], e.keys[len(spec.keys) :]
        optional = [k for k in spec.optional_keys if k in tail]
        if head != spec.keys or list(tail) != optional:
            bad.append(f"{e.kind} {e.keys} (catalogue: {spec.keys} + {spec.optional_keys}) in {e.origin}")
    assert not bad, "\n".join(bad[:10])


def test_cited_rules_are_listed_for_their_event(observed: Observed) -> None:
    """Each rule an event cites is one of its catalogue ``rules`` as the game's edition cites
    it: the B/C number with the edition's prefix (edition A's renumbering and B fallback
    included, PROTOCOL.md section 7.3), or an ``R15:`` id as it is."""
    catalogue = load_events()
    allowed: dict[tuple[str, str], set[str]] = {}
    bad = []
    for e in observed.events:
        spec = catalogue.get(e.kind)
        if spec is None:
            continue
        key = (e.kind, e.edition)
        if key not in allowed:
            allowed[key] = {cite_ed(e.edition, r) for r in spec.rules}
        extra = [r for r in e.rules if r not in allowed[key]]
        if extra:
            bad.append(f"{e.kind} cites {extra} in {e.origin} ({e.action}); catalogue: {spec.rules}")
        if not e.rules:
            bad.append(f"{e.kind} cites no rule in {e.origin}")
    assert not bad, "\n".join(sorted(set(bad))[:10])


def test_an_actions_own_event_comes_first_and_game_over_last(observed: Observed) -> None:
    """The first event of an action is the action's own (PROTOCOL.md section 6), and
    ``game_over``, when it comes, is the last event of its action."""
    bad = []
    for e in observed.events:
        kind = e.action.split(" ", 1)[0]
        if e.index == 0 and e.kind not in FIRST_EVENT[kind]:
            bad.append(f"{e.action} begins with {e.kind} in {e.origin}")
        if e.kind == "game_over" and e.index != e.count - 1:
            bad.append(f"game_over is not last after {e.action} in {e.origin}")
    assert not bad, "\n".join(bad[:10])


# --- 3. every catalogue entry is emitted ---------------------------------------------


def test_every_catalogue_entry_is_emitted_or_listed_as_unreachable(observed: Observed) -> None:
    """Every kind of the catalogue is emitted by some run, except those listed in
    ``UNREACHABLE`` with their reason; and those are indeed never emitted."""
    seen = {e.kind for e in observed.events}
    catalogue = set(load_events())
    missing = sorted(catalogue - seen - set(UNREACHABLE))
    assert not missing, f"catalogue entries no scenario or random game emits: {missing}"
    assert set(UNREACHABLE) <= catalogue
    assert not seen & set(UNREACHABLE), f"listed as unreachable but emitted: {sorted(seen & set(UNREACHABLE))}"


def test_catalogue_entries_are_well_formed() -> None:
    """Every catalogue entry names a capability of the contract (or none: an effect any
    capability can cause, such as ``wounded``), distinct keys, a
    description, and rules each edition can cite (R15 ids must be in the rule catalogue)."""
    for spec in load_events().values():
        assert spec.capability in CAPABILITIES or spec.capability == "", spec.kind
        assert spec.description.strip(), spec.kind
        assert len(set(spec.keys + spec.optional_keys)) == len(spec.keys) + len(spec.optional_keys), spec.kind
        assert spec.rules, spec.kind
        for rule in spec.rules:
            for edition in EDITIONS:
                cite_ed(edition, rule)  # raises KeyError for a rule the edition cannot cite
            if rule.startswith("R15:"):
                assert rule in load_catalogue().rules, rule


# --- 4. the contract's tables are complete -------------------------------------------


def test_step_and_action_capability_tables_are_complete() -> None:
    """``STEP_CAPABILITIES`` has exactly the engine's steps, ``ACTION_CAPABILITIES`` exactly
    its action kinds."""
    assert set(STEP_CAPABILITIES) == set(STEPS)
    assert set(ACTION_CAPABILITIES) == set(ACTION_KINDS)


def test_every_capability_named_anywhere_is_declared() -> None:
    """Every capability the step, action and event tables name is in ``CAPABILITIES``."""
    named = {c for caps in STEP_CAPABILITIES.values() for c in caps}
    named |= {c for caps in ACTION_CAPABILITIES.values() for c in caps}
    named |= {spec.capability for spec in load_events().values() if spec.capability}
    assert named <= set(CAPABILITIES), sorted(named - set(CAPABILITIES))


def test_decision_kinds_actors_and_levels_match_the_engine_and_the_proto() -> None:
    """The decision kinds are the steps outside the Queue plus ``trigger``; every actor name
    is an ``Actor`` enum value without its prefix; the levels are the three of the contract."""
    assert set(DECISION_KINDS) == {s for s in STEPS if s not in QUEUE_STEPS} | {"trigger"}
    for name in ACTOR_NAMES.values():
        assert action_pb2.Actor.Value(f"ACTOR_{name.upper()}") > 0
    assert len(ACTOR_NAMES) == len(action_pb2.Actor.keys()) - 1  # all but ACTOR_UNSPECIFIED
    assert list(LEVELS) == ["core", "citations", "events"]


def test_refusal_tables_cover_every_step_and_kind() -> None:
    """The engine's refusal tables name a rule for every step that takes actions outside
    the Queue, every action kind and every edition; each rule is citable in every edition."""
    outside = {s for s in STEPS if s not in QUEUE_STEPS and s != "game_over"}
    assert set(STEP_ACTION_KINDS) == outside
    assert set(DECIDING_RULE) == outside
    assert set(WRONG_STEP_RULE) == outside
    assert set(USED_FIELDS) == set(ACTION_KINDS)
    assert set(FIELD_RULE) == set(ACTION_KINDS)
    assert set(NOT_YET_IN_QUEUE_RULES) == set(EDITIONS)
    taken = {k for kinds in STEP_ACTION_KINDS.values() for k in kinds} | {"declare", "pass"}
    assert taken == set(ACTION_KINDS)
    for rules in (*DECIDING_RULE.values(), *WRONG_STEP_RULE.values(), *FIELD_RULE.values()):
        for edition in EDITIONS:
            cite_ed(edition, rules)


def test_action_text_keys_follow_the_action_fields() -> None:
    """The text form writes keys in the order of the ``Action`` fields the document's table
    lists (every key set to a non-default value)."""
    action = Action("play", 1, 2, (3,), (4,), 5, 6, "fury", (7,), 8, 1)
    keys = [w.split("=", 1)[0] for w in encode(action).split()[1:]]
    assert keys == [f.name for f in action_fields()]


def test_the_documents_action_examples_are_canonical() -> None:
    """Every example action text of PROTOCOL.md section 4.2 is canonical: decoding and
    encoding it gives it back."""
    text = DOC.read_text(encoding="utf-8")
    para = text[text.index("Examples: `end_turn`") :].split("\n\n", 1)[0]
    examples = re.findall(r"`([a-z_]+(?: [a-z_]+=[^`]*)?)`", para)
    assert len(examples) >= 6
    for ex in examples:
        assert encode(decode(ex)) == ex, ex


#: The record class of each proto message of the state (its declarations, :mod:`oracle.model`).
_RECORD_OF = {PROTO_MESSAGES[cls.__name__]: cls for cls in RECORDS}


def test_state_json_keys_are_the_proto_fields(observed: Observed) -> None:
    """The canonical JSON form has exactly the fields of the proto messages (``winner`` is
    ``result``), checked on states of every shape the random games reached."""
    assert observed.states
    seen = {"QueueEntry": False, "PendingTrigger": False, "StrikeModifier": False, "Attack": False, "AbilityUsage": False}

    def fields(message: str) -> set[str]:
        names = {f.name for f in getattr(state_pb2, message).DESCRIPTOR.fields}
        return {"winner" if n == "result" else n for n in names}

    def expected(message: str, item: dict[str, object]) -> set[str]:
        """The proto's fields less those its declared presence lets the item leave out: a
        ``nonzero`` key when the item does not have it (so older states keep their form), a
        ``not_none`` choice when absent, a modifier's ``owner`` unless its duration is
        ``start_of_owner_turn`` (5.4, rules 3, 4, 6, 7, 11, 12; INTERPRETING.md, entry 23)."""
        out = fields(message)
        for f in canonical(_RECORD_OF[message]):
            if (f.spec.presence in ("nonzero", "not_none") and f.key not in item) or (f.spec.presence == "owner_turn" and item["until"] != "start_of_owner_turn"):
                out.discard(f.key)
        return out

    for data in observed.states:
        assert set(data) == expected("State", data)
        if "choosing_cards" in data:
            assert set(data["choosing_cards"]) == expected("HandChoice", data["choosing_cards"])
            assert set(data["choosing_cards"]["entry"]) == expected("QueueEntry", data["choosing_cards"]["entry"])
        if "choosing" in data:
            assert set(data["choosing"]) == fields("TargetChoice")
            assert set(data["choosing"]["entry"]) == expected("QueueEntry", data["choosing"]["entry"])
        for p in data["players"]:
            assert set(p) == expected("PlayerState", p)
            assert all(p[k] for k in TURN_COUNTS if k in p)  # a counter's key is absent when 0
        for c in data["cards"]:
            assert set(c) == expected("CardState", c)
            assert c.get("stunned", True) is True  # present only when true
            for u in c["usage"] + c["game_usage"]:
                assert set(u) == fields("AbilityUsage")
                seen["AbilityUsage"] = True
        for message, items in (("QueueEntry", data["queue"]), ("PendingTrigger", data["pending"]),
                               ("StrikeModifier", data["modifiers"]), ("Attack", [data["attack"]] if data["attack"] else [])):
            for item in items:
                assert set(item) == expected(message, item)
                seen[message] = True
    assert all(seen.values()), seen


# --- 5. the fingerprint vectors ------------------------------------------------------

_VECTOR = re.compile(r"```json\n(\{.*?\})\n```\n\nFingerprint: `([0-9a-f]+)`", re.DOTALL)


def _vectors() -> list[tuple[str, str]]:
    text = DOC.read_text(encoding="utf-8")
    start = text.index("<!-- generated: fingerprint-vectors -->")
    end = text.index("<!-- end generated: fingerprint-vectors -->")
    return _VECTOR.findall(text[start:end])


def test_fingerprint_vectors_match_fingerprint_data() -> None:
    """Each vector of PROTOCOL.md section 8 is a consistent state written in canonical JSON,
    and its printed fingerprint (32 lower-case hex digits) is ``fingerprint_data`` of it."""
    vectors = _vectors()
    assert len(vectors) >= 3
    for text, printed in vectors:
        data = json.loads(text)
        assert len(printed) == 32
        assert fingerprint_data(data) == printed
        state = from_dict(data)
        assert canonical_json(state) == text
    assert len({printed for _, printed in vectors}) == len(vectors)


def test_fingerprint_vectors_survive_the_proto_form() -> None:
    """A vector sent as a proto ``State`` and read back gives the same canonical form, so
    the fingerprint does not depend on the form the state travelled in."""
    for text, printed in _vectors():
        data = json.loads(text)
        state, back = decode_state(state_dict_to_proto(data))
        assert back == data
        assert fingerprint_data(back) == printed
        assert to_dict(state) == data
