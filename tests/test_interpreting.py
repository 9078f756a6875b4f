"""INTERPRETING.md stays true: every scenario it names exists, and entries are numbered
1, 2, 3, … without gaps (code and scenarios cite them by number)."""

from __future__ import annotations

import re
from pathlib import Path

from conformance_suite.scenario import load_all

ROOT = Path(__file__).resolve().parents[1]
TEXT = (ROOT / "INTERPRETING.md").read_text(encoding="utf-8")


def test_every_named_scenario_exists() -> None:
    """Each `s…` scenario id quoted in INTERPRETING.md is the id of a scenario file."""
    named = set(re.findall(r"`(s\d[\w.\-]*)`", TEXT))
    assert named, "INTERPRETING.md pins its readings with scenarios"
    ids = {s.id for s in load_all()}
    assert sorted(named - ids) == []


def test_entries_are_numbered_in_order() -> None:
    """Entry headings run from 1 in ascending order, each number once (the Part 5 work gives
    each branch a range of its own, so a branch alone may skip the others' numbers)."""
    numbers = [int(n) for n in re.findall(r"^## (\d+)\.", TEXT, flags=re.M)]
    assert numbers[0] == 1 and numbers == sorted(set(numbers))


def test_entries_cited_in_code_exist() -> None:
    """Every 'INTERPRETING.md, entry N' cited in the engine and the suite is an entry."""
    numbers = {int(n) for n in re.findall(r"^## (\d+)\.", TEXT, flags=re.M)}
    cited: set[int] = set()
    for path in [*ROOT.glob("oracle/**/*.py"), *ROOT.glob("conformance_suite/**/*.json")]:
        for m in re.finditer(r"INTERPRETING(?:\.md)?,? entr(?:y|ies) ([\d, and]+)", path.read_text(encoding="utf-8")):
            cited |= {int(n) for n in re.findall(r"\d+", m.group(1))}
    assert cited and cited <= numbers, sorted(cited - numbers)
