"""The proof that the conformance suite catches real bugs: the whole suite runs in process
against every engine mutant of :data:`oracle.mutants.MUTANTS` (the executor is called
directly, without subprocesses), each mutant must be caught by at least one scenario, and the
unmutated engine must pass everything.

The kill matrix (mutant -> scenarios that caught it) is printed by the last test and written
as JSON to the path in the environment variable ``ORACLE_KILL_MATRIX`` when it is set.
"""

from __future__ import annotations

import json
import os
from functools import cache
from pathlib import Path

import pytest

from conformance_suite.kill_matrix import KillMatrix, failing_runs, format_kill_matrix
from conformance_suite.scenario import LoadedScenario, load_all
from oracle.mutants import MUTANTS


@cache
def _scenarios() -> tuple[LoadedScenario, ...]:
    return tuple(load_all())


@cache
def _failing(mutant: str) -> dict[str, str]:
    """Runs that do not pass with ``mutant`` ("" for the reference), computed once per process."""
    return failing_runs(_scenarios(), mutant)


def test_mutants_are_plenty_and_named_by_rule() -> None:
    """At least 15 mutants, each tied to one catalogue rule (issue 4)."""
    from oracle.catalogue import load_catalogue

    assert len(MUTANTS) >= 15
    cat = load_catalogue()
    for m in MUTANTS.values():
        assert m.rule in cat, m


def test_reference_passes_every_scenario() -> None:
    """The unmutated engine passes every scenario under every edition it lists."""
    failures = _failing("")
    assert failures == {}, "\n\n".join(f"{run}: {msg}" for run, msg in sorted(failures.items()))


def _caught(mutant: str) -> dict[str, str]:
    """Runs that fail with ``mutant`` but pass on the reference."""
    baseline = _failing("")
    return {run: msg for run, msg in _failing(mutant).items() if run not in baseline}


@pytest.mark.parametrize("mutant", sorted(MUTANTS))
def test_mutant_is_caught(mutant: str) -> None:
    """At least one scenario run that passes on the reference fails against the engine with
    this mutant switched on."""
    caught = _caught(mutant)
    assert caught, f"mutant {mutant} ({MUTANTS[mutant].rule}: {MUTANTS[mutant].description}) survived every scenario"


def test_kill_matrix_report(capsys: pytest.CaptureFixture[str]) -> None:
    """Print the kill matrix and, when ORACLE_KILL_MATRIX names a path, write it as JSON."""
    km = KillMatrix(_failing(""), {m: _caught(m) for m in MUTANTS})
    text = format_kill_matrix(km)
    with capsys.disabled():
        print("\n" + text)
    path = os.environ.get("ORACLE_KILL_MATRIX")
    if path:
        Path(path).write_text(json.dumps(km.as_dict(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    assert km.ok, text
