"""Consistency tests for the rule catalogue data file oracle/data/catalogue.json.

The catalogue lists every numbered rule of the seed editions (A = seeds 000+002,
B = seeds 001+004, C = seed 003 plus everything inherited from B) and supporting
model rules of the 15th edition (R15). These tests tie the data back to the seed
files in shared/rules so the catalogue cannot drift from the specification.
"""

import json
import re
from pathlib import Path

import pytest

from tests.conftest import shared_dir

CATALOGUE = Path(__file__).parents[1] / "oracle" / "data" / "catalogue.json"


def _rules() -> Path:
    """The shared rules/ folder (skips the test when it is missing)."""
    return shared_dir("rules")


SEEDS_BY_EDITION = {
    "A": ["000_59298db56f378324.txt", "002_f23ca0a9a41a1527.txt"],
    "B": ["001_e36f7387f8e85896.txt", "004_81c311cfa55266d2.txt"],
    "C": ["003_b30419bec79f52b5.txt"],
}
SEED_C = "003_b30419bec79f52b5.txt"
EDITION_ORDER = ["A", "B", "C", "R15"]

# "301. 4. 1. ", "301.4.1. ", "309.1. ", "401. 8 ", "309. " at the start of a line,
# or run together inside one line ("... 301.1. ...").
NUMBER_AT_LINE_START = re.compile(r"^\s*(\d{3}(?:\.\s?\d+)*)\.?\s", re.MULTILINE)
NUMBER_INSIDE_LINE = re.compile(r"(?<=\s)(\d{3}(?:\.\s?\d+)+)\.\s")
STEP = re.compile(r"^\s*(\d{1,2})\)\s", re.MULTILINE)


def ws(text):
    return re.sub(r"\s+", " ", text).strip()


def number_key(number):
    """Sort key of a rule number; glossary entries (7.poison) sort after numbered rules."""
    return tuple(int(part) if part.isdigit() else 10**6 for part in number.split("."))


def seed_text(name):
    return (_rules() / name).read_text(encoding="utf-8")


def normalised_seed(name):
    """Seed text without the '|' separator lines, whitespace collapsed."""
    lines = [line for line in seed_text(name).splitlines() if line.strip() != "|"]
    return ws("\n".join(lines))


def seed_numbers(name):
    """All rule numbers written in a seed file, normalised to '301.4.1'."""
    text = seed_text(name)
    found = set()
    for match in NUMBER_AT_LINE_START.finditer(text):
        found.add(re.sub(r"\s", "", match.group(1)))
    for match in NUMBER_INSIDE_LINE.finditer(text):
        found.add(re.sub(r"\s", "", match.group(1)))
    if name == SEED_C:
        steps = {int(m.group(1)) for m in STEP.finditer(text)}
        assert steps == set(range(1, 12)), "seed 003 should hold steps 1)…11) of 309.1"
        found.update(f"309.1.{step}" for step in steps)
    return found


@pytest.fixture(scope="module")
def catalogue():
    with CATALOGUE.open(encoding="utf-8") as handle:
        return json.load(handle)


@pytest.fixture(scope="module")
def rules(catalogue):
    return catalogue["rules"]


@pytest.fixture(scope="module")
def by_id(rules):
    return {rule["id"]: rule for rule in rules}


def test_format_and_editions(catalogue):
    """The file declares format 1 and the editions A, B, C, R15 with the right seed files."""
    assert catalogue["format"] == 1
    assert set(catalogue["editions"]) == set(EDITION_ORDER)
    for edition, seeds in SEEDS_BY_EDITION.items():
        assert sorted(catalogue["editions"][edition]["seeds"]) == sorted(seeds)
    assert catalogue["editions"]["R15"]["seeds"] == []
    for edition in EDITION_ORDER:
        assert catalogue["editions"][edition]["title_en"].strip()


def test_ids_unique_and_qualified(rules):
    """Every id is unique and equals edition + ':' + number."""
    ids = [rule["id"] for rule in rules]
    assert len(ids) == len(set(ids))
    for rule in rules:
        assert rule["edition"] in EDITION_ORDER
        # numbered rules, or an entry of the unnumbered Part 7 glossary (R15:7.poison)
        assert re.fullmatch(r"\d+(\.\d+)*|7\.[a-z_]+", rule["number"]), rule["id"]
        assert rule["id"] == f'{rule["edition"]}:{rule["number"]}'


def test_entry_fields(rules):
    """Every entry has the required fields with the right types; only sections carry a title."""
    for rule in rules:
        assert rule["kind"] in ("rule", "section"), rule["id"]
        assert ("title_ru" in rule) == (rule["kind"] == "section"), rule["id"]
        assert isinstance(rule["unnumbered_in_seed"], bool), rule["id"]
        assert isinstance(rule["forbids"], bool), rule["id"]
        assert isinstance(rule["same_as"], list), rule["id"]
        assert rule["inherited_from"] in (None, "B"), rule["id"]
        assert rule["text_ru"] == rule["text_ru"].strip() and rule["text_ru"], rule["id"]
        for paragraph in rule["text_ru"].split("\n"):
            assert paragraph == ws(paragraph), rule["id"]


def test_sorted_by_edition_then_number(rules):
    """Entries are sorted by edition (A, B, C, R15) and then by numeric rule order."""
    keys = [(EDITION_ORDER.index(r["edition"]), number_key(r["number"])) for r in rules]
    assert keys == sorted(keys)


def test_text_en_present(rules):
    """Every entry has a non-empty English rendering."""
    for rule in rules:
        assert isinstance(rule["text_en"], str) and rule["text_en"].strip(), rule["id"]


@pytest.mark.parametrize("edition", ["A", "B", "C"])
def test_every_seed_number_is_catalogued(by_id, edition):
    """Every numbered rule written in an edition's seed files (incl. the 1)…11) steps of 309.1 in seed 003) has a catalogue entry in that edition."""
    for name in SEEDS_BY_EDITION[edition]:
        numbers = seed_numbers(name)
        assert numbers, name
        missing = sorted(n for n in numbers if f"{edition}:{n}" not in by_id)
        assert not missing, f"{name}: {missing}"


def test_seed_text_occurs_in_seed(rules):
    """The text_ru of every entry taken from a seed occurs in that seed (A: in 000 or 002) after whitespace normalisation."""
    cache = {}

    def norm(name):
        if name not in cache:
            cache[name] = normalised_seed(name)
        return cache[name]

    for rule in rules:
        if rule["seed"] is None:
            continue
        assert rule["seed"] in SEEDS_BY_EDITION[rule["edition"]], rule["id"]
        text = ws(rule["text_ru"])
        candidates = SEEDS_BY_EDITION["A"] if rule["edition"] == "A" else [rule["seed"]]
        assert any(text in norm(name) for name in candidates), rule["id"]
        if rule["kind"] == "section":
            assert ws(rule["title_ru"].rstrip(".")) in text, rule["id"]


def test_seed_entries_are_not_inherited(rules):
    """Entries of editions A and B come from their own seeds; R15 entries have no seed."""
    for rule in rules:
        if rule["edition"] in ("A", "B"):
            assert rule["seed"] is not None and rule["inherited_from"] is None, rule["id"]
        if rule["edition"] == "R15":
            assert rule["seed"] is None and rule["inherited_from"] is None, rule["id"]


def test_same_as_symmetric_and_existing(by_id):
    """same_as links point at existing ids of other editions and are symmetric."""
    for rule_id, rule in by_id.items():
        assert len(rule["same_as"]) == len(set(rule["same_as"])), rule_id
        for other in rule["same_as"]:
            assert other in by_id, f"{rule_id} -> {other}"
            assert by_id[other]["edition"] != rule["edition"], f"{rule_id} -> {other}"
            assert rule_id in by_id[other]["same_as"], f"{other} lacks {rule_id}"


def test_c_inherits_the_rest_of_b(by_id):
    """Every C entry not in seed 003 is inherited from B with identical text; every B rule has a C entry."""
    seed_c_numbers = seed_numbers(SEED_C)
    for rule_id, rule in by_id.items():
        if rule["edition"] != "C":
            continue
        if rule["seed"] is None:
            assert rule["number"] not in seed_c_numbers, rule_id
            assert rule["inherited_from"] == "B", rule_id
            twin = by_id.get("B:" + rule["number"])
            assert twin is not None, rule_id
            assert twin["text_ru"] == rule["text_ru"], rule_id
            assert twin["kind"] == rule["kind"], rule_id
        else:
            assert rule["seed"] == SEED_C and rule["inherited_from"] is None, rule_id
            assert rule["number"] in seed_c_numbers, rule_id
    for rule_id, rule in by_id.items():
        if rule["edition"] == "B":
            assert "C:" + rule["number"] in by_id, rule_id


def test_a_unnumbered_paragraphs_have_b_counterparts(by_id):
    """Unnumbered A paragraphs carry the number of a B counterpart and say so in a note."""
    unnumbered = [r for r in by_id.values() if r["edition"] == "A" and r["unnumbered_in_seed"]]
    assert unnumbered
    for rule in unnumbered:
        assert "B:" + rule["number"] in by_id, rule["id"]
        assert "B:" + rule["number"] in rule["same_as"], rule["id"]
        assert rule.get("note"), rule["id"]
    # examples named by the brief
    assert by_id["A:308.2"]["unnumbered_in_seed"]
    assert by_id["A:310.3"]["unnumbered_in_seed"]
    assert by_id["A:309"]["kind"] == "section"


def test_known_structure(by_id):
    """Spot checks: 309.1 steps in C, merged paragraphs (ВАЖНО, ПРИМЕР), 306.0, end of turn across editions."""
    assert by_id["C:309.1"]["text_ru"].startswith("Чтобы разыграть карту")
    assert [n for n in by_id if n.startswith("C:309.1.")] == [f"C:309.1.{i}" for i in range(1, 12)]
    assert "\nВАЖНО:" in by_id["B:304.2"]["text_ru"]
    assert "\nПРИМЕР." in by_id["B:501.4"]["text_ru"]
    assert "· перейти в фазу атаки ударом;" in by_id["B:306.1"]["text_ru"]
    assert by_id["B:306.0"]["unnumbered_in_seed"] and by_id["B:306.0"].get("note")
    assert set(by_id["B:310.1"]["same_as"]) == {"A:315.1", "C:310.1", "R15:310.1"}
    assert by_id["C:309.1"]["same_as"] == ["R15:309.1"]  # no A/B twin; R15's lead sentence is the same
    for rule_id in ("B:301.7", "B:306.1", "B:307.1", "B:501.2", "B:501.4",
                    "R15:108.5", "R15:212.3", "R15:509.3"):
        assert by_id[rule_id]["forbids"], rule_id
    # rules that state consequences, not refusals, are not marked forbidding (their notes say why)
    for rule_id in ("B:304.2", "B:501.2.1", "C:401.6"):
        assert not by_id[rule_id]["forbids"] and "forbids=false" in by_id[rule_id]["note"], rule_id


def test_r15_text_occurs_in_reference(rules):
    """Every R15 entry's text occurs in the 15th edition file once '#' and '**' are stripped and
    markdown backslash escapes undone (a backslash before a letter, as in «и\\или», is kept)."""
    reference = (_rules() / "reference-15th-edition.md").read_text(encoding="utf-8")
    reference = re.sub(r"\\([\\\[\]().\-*_#+!`{}|>])", r"\1", reference)
    reference = ws(reference.replace("#", "").replace("**", ""))
    for rule in rules:
        if rule["edition"] != "R15":
            continue
        for paragraph in rule["text_ru"].split("\n"):
            assert paragraph in reference, rule["id"]


def _engine_refusal_rules():
    """Every rule id the engine refuses an action with: the violations of every scenario
    step run in process (each edition the scenario lists), and the engine's refusal tables
    (oracle/engine.py) cited in each edition."""
    from conformance_suite.executor import run_scenario
    from conformance_suite.scenario import load_all
    from conformance_suite.targets import InProcessTarget
    from oracle import engine
    from oracle.editions import EDITIONS, cite_ed

    found = {}

    class Recording(InProcessTarget):
        def check(self, state, action):
            out = super().check(state, action)
            for v in out:
                found.setdefault(v.rule, f"a check in {self.origin}")
            return out

        def apply(self, state, action):
            out = super().apply(state, action)
            for v in out.violations:
                found.setdefault(v.rule, f"{action!r} in {self.origin}")
            return out

    target = Recording()
    for sc in load_all():
        for edition in sc.message.editions:
            target.origin = f"{sc.id} [{edition}]"
            run_scenario(sc, edition, target)
    tables = {
        "DECIDING_RULE": engine.DECIDING_RULE.values(),
        "WRONG_STEP_RULE": engine.WRONG_STEP_RULE.values(),
        "FIELD_RULE": engine.FIELD_RULE.values(),
        "QUEUE_WRONG_STEP_RULE": [engine.QUEUE_WRONG_STEP_RULE],
        "QUEUE_DECIDING_RULE": [engine.QUEUE_DECIDING_RULE],
        "GAME_OVER_RULE": [engine.GAME_OVER_RULE],
    }
    for edition in EDITIONS:
        named = {**tables, "NOT_YET_IN_QUEUE_RULES": engine.NOT_YET_IN_QUEUE_RULES[edition]}
        for table, numbers in named.items():
            for number in numbers:
                found.setdefault(cite_ed(edition, number), f"engine.{table} in edition {edition}")
    return found


def test_every_rule_the_engine_refuses_with_forbids(by_id):
    """Every rule id the engine cites in a violation (scenario runs and refusal tables) is a
    catalogue entry marked forbids=true, so the forbidding-rule coverage gate counts it."""
    found = _engine_refusal_rules()
    assert {"C:309.1.9", "B:301.4", "A:501.1", "R15:106.1.2"} <= set(found)
    unknown = sorted(f"{r} ({why})" for r, why in found.items() if r not in by_id)
    assert not unknown, f"cited but not in the catalogue: {unknown}"
    lax = sorted(f"{r} ({why})" for r, why in found.items() if not by_id[r]["forbids"])
    assert not lax, "refused with, but forbids=false:\n" + "\n".join(lax)


def test_506_2_what_an_action_is(by_id):
    """R15:506.2 (an activated ability is an action only with the tap icon) is catalogued."""
    rule = by_id["R15:506.2"]
    assert "не являются действиями" in rule["text_ru"] and rule["text_en"].strip()
    assert not rule["forbids"]
