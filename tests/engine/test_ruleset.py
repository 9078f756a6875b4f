"""The Ruleset: the rule modules read named switches, never a mutant's name
(oracle/ruleset.py)."""

from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path

import pytest

from oracle.mutants import MUTANTS
from oracle.rules.turn.setup import GameConfig, new_game
from oracle.ruleset import EDITION_SWITCHES, MUTANT_SWITCHES, Ruleset, ruleset

ORACLE = Path(__file__).resolve().parents[2] / "oracle"


def _switches(r: Ruleset) -> dict[str, bool]:
    return {f.name: getattr(r, f.name) for f in fields(r) if f.name not in ("edition", "mutant")}


@pytest.mark.parametrize("edition", ["A", "B", "C", "R15"])
def test_reference_has_every_mutant_switch_on(edition: str) -> None:
    """Without a mutant every mutant switch is on in every edition; A and B pay with the
    declaration, C and R15 do not (INTERPRETING.md, entry 39); only R15 gives back the use of a
    trigger that became illegal (R15:113.9) and declares the triggers on a spell's play before
    the spell takes effect (R15:309.1 step 11)."""
    r = ruleset(edition)
    assert all(getattr(r, s) for s in MUTANT_SWITCHES)
    assert r.pay_with_declaration is (edition in ("A", "B"))
    assert r.play_steps is (edition in ("C", "R15"))
    assert r.illegal_trigger_keeps_use is (edition == "R15")
    assert r.on_play_triggers_before_spell is (edition == "R15")


@pytest.mark.parametrize("name", sorted(MUTANTS))
def test_each_mutant_turns_off_exactly_its_switch(name: str) -> None:
    """An engine mutant differs from the reference in its own switch only, which it turns off,
    in every edition (a mutant no edition's reference could be)."""
    for edition in ("A", "B", "C", "R15"):
        ref, mut = _switches(ruleset(edition)), _switches(ruleset(edition, name))
        changed = {k for k in ref if ref[k] != mut[k]}
        assert mut[MUTANTS[name].switch] is False
        assert changed <= {MUTANTS[name].switch}
        if MUTANTS[name].switch in MUTANT_SWITCHES:
            assert changed == {MUTANTS[name].switch}


def test_every_switch_belongs_to_a_mutant_or_an_edition() -> None:
    """No switch is dead: each mutant switch is turned off by some mutant, and the edition
    switches are listed."""
    assert {m.switch for m in MUTANTS.values()} - EDITION_SWITCHES == MUTANT_SWITCHES
    assert {f.name for f in fields(Ruleset)} >= EDITION_SWITCHES


def test_unknown_mutant_and_misspelt_switch_are_errors() -> None:
    """A state with an unknown mutant name fails loudly when its rules are read, and a
    misspelt switch is an AttributeError, never a silent no-op."""
    s = new_game(GameConfig(("test_geroy_snayper", "test_geroy_pervogo_khoda"), (["ork"] * 4, ["ork"] * 4)))
    s.mutant = "lifo_qeueu"
    with pytest.raises(ValueError, match="unknown engine mutant"):
        _ = s.rules
    s.mutant = "lifo_queue"
    assert s.rules.queue_fifo is False
    with pytest.raises(AttributeError):
        _ = s.rules.queue_fifoo  # type: ignore[attr-defined]


def test_the_kept_ruleset_follows_the_edition_and_mutant() -> None:
    """``State.rules`` keeps its ruleset (``State._rules``, speed only), but never a stale one: a
    state whose mutant or edition is changed after its rules were read reads the new ones, and a
    copy or fork of the state reads the same ruleset as the state."""
    s = new_game(GameConfig(("test_geroy_snayper", "test_geroy_pervogo_khoda"), (["ork"] * 4, ["ork"] * 4)))
    assert s.rules == ruleset(s.edition, "")
    s.mutant = "lifo_queue"
    assert s.rules == ruleset(s.edition, "lifo_queue") and s.rules.queue_fifo is False
    s.mutant = ""
    assert s.rules.queue_fifo is True
    for edition in ("A", "B", "C", "R15"):
        s.edition = edition
        assert s.rules == ruleset(edition, "") and s.rules.edition == edition
    assert s.copy().rules == s.fork().rules == s.rules


def test_rule_modules_never_compare_a_mutant_name() -> None:
    """No module of the engine compares ``.mutant`` with a string: the rules are read
    through State.rules (issue 11: a misspelt mutant name would be a silent no-op).  Comparing
    two ``.mutant`` fields (State.rules keeping its ruleset) names no mutant and is allowed."""
    offenders = [
        f"{p.relative_to(ORACLE)}:{i}"
        for p in sorted(ORACLE.rglob("*.py"))
        for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"\.mutant\s*[!=]=(?!\s*[\w.]*\.mutant\b)", line)
    ]
    assert offenders == []
