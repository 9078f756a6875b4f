"""The 15th edition's Parts 3–5 in the rule catalogue (issue 15, item 1).

Every numbered rule of R15's 301–310, 401–403 and 501–527 (with the numbered steps of 308.1
and 309.1, and the unnumbered paragraphs under the Part 3 heading and under heading 306) has
a catalogue entry ``R15:<number>`` whose ``text_ru`` is the paragraph of
``$BERSERK_SHARED/rules/reference-15th-edition.md``, and every entry says whether the
engine models it (``modelled``).  ``docs/R15.md`` is generated from the catalogue.

How a rule's text is taken from the markdown file (:func:`reference_rules`):

* the file's lines between ``# Часть 3`` and ``# Часть 6``; each non-blank line is one
  paragraph, stripped of leading/trailing whitespace and of its heading marks (``### ``);
* markdown backslash escapes are undone (``\\[текст\\]`` → ``[текст]``, ``402\\.`` → ``402.``);
  underscores (italic card names), list bullets (``- ``, ``• ``, ``· ``, ``1. ``), table rows
  and ``[IMG]`` are kept as the file has them;
* a paragraph that starts with a rule number (``301.4.1.``, ``401.8 ``, ``302.Этап``) opens
  that rule; a three-digit number opens a section (heading); inside 308.1 and 309.1 a
  paragraph ``N) …`` opens the step ``308.1.N`` / ``309.1.N`` (text without ``N) ``, as for
  C's ``309.1.1``–``309.1.11``);
* every other paragraph (ВАЖНО, ПРИМЕР, list items, the sub-items of a step, table rows)
  belongs to the rule before it, joined with a newline; the paragraphs under a Part heading
  or a section heading before its first numbered rule form the entry ``<section>.0``
  (``301.0``: under «Часть 3», before 301; ``306.0``: under 306, as ``B:306.0``).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from oracle.catalogue import MODELLED, load_catalogue, r15_doc
from tests.conftest import shared_dir

ROOT = Path(__file__).resolve().parents[1]
CATALOGUE = ROOT / "oracle" / "data" / "catalogue.json"
DOC = ROOT / "docs" / "R15.md"

#: The R15 sections of Parts 3–5 the catalogue must hold in full.
SECTIONS = [*range(301, 311), *range(401, 404), *range(501, 528)]

_NUMBER = re.compile(r"^(\d{3}(?:\.\d+)*)\.?(?=\s|[А-ЯЁA-Z])\s*(.+)$")
_STEP = re.compile(r"^(\d{1,2})\)\s+(.+)$")
_ESCAPE = re.compile(r"\\([\\\[\]().\-*_#+!`{}|>])")


def reference_rules(text: str) -> dict[str, tuple[str, str]]:
    """Rule number -> (kind, text_ru) of every paragraph of Parts 3–5 of the 15th edition's
    markdown ``text``, in file order (see the module docstring for the rules of the cut)."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("# Часть 3."))
    end = next(i for i, line in enumerate(lines) if line.startswith("# Часть 6."))
    out: dict[str, list[str]] = {}
    kinds: dict[str, str] = {}
    current: str | None = None  # the rule the next unnumbered paragraph belongs to
    pending: list[str] = []  # paragraphs under a Part heading, before its first section
    section: str | None = None
    for raw in lines[start:end]:
        line = raw.strip()
        if not line:
            continue
        if line.startswith("# "):  # a Part heading
            current, section = None, None
            continue
        line = _ESCAPE.sub(r"\1", re.sub(r"^#+\s*", "", line)).strip()
        m = _NUMBER.match(line)
        if m:
            number, body = m.group(1), m.group(2).strip()
            if "." not in number:
                section = number
                kinds[number] = "section"
                out[number] = [body]
                if pending:
                    kinds[f"{number}.0"] = "rule"
                    out[f"{number}.0"] = pending
                    pending = []
                current = f"{number}.0"  # paragraphs before the first numbered rule
                continue
            kinds[number] = "rule"
            out[number] = [body]
            current = number
            continue
        step = _STEP.match(line)
        if step and current is not None and re.fullmatch(r"30[89]\.1(\.\d+)?", current):
            parent = ".".join(current.split(".")[:2])
            current = f"{parent}.{step.group(1)}"
            kinds[current] = "rule"
            out[current] = [step.group(2).strip()]
            continue
        if section is None:
            pending.append(line)
        else:
            assert current is not None
            if current not in out:
                kinds[current] = "rule"
                out[current] = []
            out[current].append(line)
    return {number: (kinds[number], "\n".join(paragraphs)) for number, paragraphs in out.items()}


def _in_scope(number: str) -> bool:
    return int(number.split(".")[0]) in SECTIONS


@pytest.fixture(scope="module")
def reference() -> dict[str, tuple[str, str]]:
    path = shared_dir("rules") / "reference-15th-edition.md"
    if not path.is_file():
        pytest.skip(f"{path} is not here (set BERSERK_SHARED to the folder holding rules/)")
    return reference_rules(path.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def raw_rules() -> dict[str, dict]:
    with CATALOGUE.open(encoding="utf-8") as handle:
        return {r["id"]: r for r in json.load(handle)["rules"]}


def _r15_part_3_5(raw_rules: dict[str, dict]) -> list[dict]:
    return [r for r in raw_rules.values() if r["edition"] == "R15" and _in_scope(r["number"])]


def test_reference_cut_finds_every_section(reference) -> None:
    """The cut of the reference file finds every section heading 301–310, 401–403, 501–527,
    the steps 1)–11) of 308.1 and 1)–12) of 309.1, and the two unnumbered intros."""
    assert {n for n, (kind, _) in reference.items() if kind == "section"} == {str(s) for s in SECTIONS}
    assert [n for n in reference if n.startswith("308.1.")] == [f"308.1.{i}" for i in range(1, 12)]
    assert [n for n in reference if n.startswith("309.1.")] == [f"309.1.{i}" for i in range(1, 13)]
    assert reference["301.0"][1].startswith("Игра начинается с подготовительного этапа")
    assert reference["306.0"][1] == "К фазе выбора активный игрок может переходить любое число раз за ход."
    assert all(_in_scope(n) for n in reference)


def test_every_reference_rule_is_catalogued_with_its_text(reference, raw_rules) -> None:
    """Every numbered rule (and section, step, intro) of 301–310, 401–403 and 501–527 in the
    reference file has an entry R15:<number> of the same kind whose text_ru equals the
    reference text."""
    missing = [n for n in reference if f"R15:{n}" not in raw_rules]
    assert not missing, missing
    for number, (kind, text) in reference.items():
        rule = raw_rules[f"R15:{number}"]
        assert rule["kind"] == kind, number
        assert rule["text_ru"] == text, number
        if kind == "section":
            assert rule["title_ru"] == text, number


def test_no_r15_entry_of_parts_3_5_lacks_a_source_paragraph(reference, raw_rules) -> None:
    """Every R15 entry numbered 301–310, 401–403 or 501–527 has its paragraph in the reference file."""
    extra = [r["id"] for r in _r15_part_3_5(raw_rules) if r["number"] not in reference]
    assert not extra, extra


def test_unnumbered_intros_say_so(raw_rules) -> None:
    """The two unnumbered intro paragraphs are marked unnumbered and explain their id."""
    for rule_id in ("R15:301.0", "R15:306.0"):
        rule = raw_rules[rule_id]
        assert rule["unnumbered_in_seed"] and "id" in rule["note"], rule_id
    assert set(raw_rules["R15:306.0"]["same_as"]) == {"B:306.0", "C:306.0"}


def test_every_entry_has_a_valid_modelled_value(raw_rules) -> None:
    """Every R15 entry of Parts 3–5 states ``modelled`` (yes, partly, no, n/a) and, unless
    yes, a note saying why; every other entry has a valid value or none (default yes)."""
    for rule_id, rule in raw_rules.items():
        if rule["edition"] == "R15" and _in_scope(rule["number"]):
            assert "modelled" in rule, rule_id
        assert rule.get("modelled", "yes") in MODELLED, rule_id
        if rule.get("modelled", "yes") != "yes":
            assert rule.get("note", "").strip(), rule_id
    loaded = load_catalogue()
    assert {r.modelled for r in loaded.rules.values()} <= set(MODELLED)
    assert all(r.modelled == "yes" for r in loaded.seed_rules())


def test_status_counts_are_consistent(reference, raw_rules) -> None:
    """The per-status counts of the R15 Parts 3–5 entries add up to the number of reference
    paragraphs, sections are n/a, and the doc's count line states the same counts."""
    entries = _r15_part_3_5(raw_rules)
    counts = Counter(r["modelled"] for r in entries)
    assert sum(counts.values()) == len(reference) == len(entries)
    assert set(counts) <= set(MODELLED)
    assert all(r["modelled"] == "n/a" for r in entries if r["kind"] == "section")
    rules_only = Counter(r["modelled"] for r in entries if r["kind"] == "rule")
    assert sum(rules_only.values()) == len(entries) - len(SECTIONS)
    doc = r15_doc(load_catalogue())
    for status in MODELLED:
        assert f"| {status} | {rules_only.get(status, 0)} |" in doc, status


def test_same_text_rules_link_their_b_and_c_twins(raw_rules) -> None:
    """R15 rules the design study finds textually the same as B/C (apart from punctuation)
    link the C entry (and B's where it has one) in same_as."""
    same = ["301.1", "301.4", "302.1", "303.2", "304.2", "305.1", "306.1", "308.2", "309.3",
            "310.1", "310.3", "401.1", "401.8", "402.1"]
    for number in same:
        rule = raw_rules[f"R15:{number}"]
        assert f"C:{number}" in rule["same_as"], number
        assert f"B:{number}" in rule["same_as"], number


def test_doc_is_generated_from_the_catalogue() -> None:
    """docs/R15.md is exactly what oracle.catalogue.r15_doc writes from the catalogue."""
    from oracle.r15_doc import probe_verdicts

    assert DOC.read_text(encoding="utf-8") == r15_doc(load_catalogue(), probe_verdicts())


def test_unknown_modelled_value_is_an_error_naming_the_field() -> None:
    """The loader rejects a ``modelled`` value outside yes/partly/no/n/a, naming the field and
    the entry; an entry without the field defaults to yes."""
    from oracle.catalogue import _rule

    base = {"id": "R15:999.1", "edition": "R15", "number": "999.1", "text_ru": "т", "text_en": "t"}
    assert _rule(base).modelled == "yes"
    assert _rule({**base, "modelled": "n/a"}).modelled == "n/a"
    with pytest.raises(ValueError, match=r"R15:999\.1.*'modelled'.*'maybe'"):
        _rule({**base, "modelled": "maybe"})
