"""The mutation tool's choice of what to mutate (bench/mutation.py): the code that only an
engine mutant's switch reaches is left alone, everything else is mutated."""

from __future__ import annotations

import ast
import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    """bench/mutation.py loaded as a module, with two switches of the reference's Ruleset."""
    spec = importlib.util.spec_from_file_location("mutation_tool", ROOT / "bench" / "mutation.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["mutation_tool"] = module
    spec.loader.exec_module(module)
    module.MUTANT_SWITCHES.clear()
    module.MUTANT_SWITCHES.update({"hires", "fifo"})
    return module


def _mutated_names(tool: ModuleType, source: str) -> set[str]:
    """The names and comparisons of ``source`` that some operator mutates."""
    tree = ast.parse(source)
    skip = tool._skipped_nodes(tree)
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) not in skip and hasattr(node, "lineno") and tool._sites(node):
            out.add(ast.unparse(node))
    return out


def test_operand_before_a_deciding_or_switch_is_not_mutated(tool: ModuleType) -> None:
    """``A or state.rules.X`` holds in the reference whatever ``A`` is: ``A`` is not mutated
    (nor what follows the switch), but a call in ``A`` still is, for its effects."""
    names = _mutated_names(tool, "if a is None or state.rules.hires or b < 1:\n    f()\n")
    assert "a is None" not in names and "b < 1" not in names
    names = _mutated_names(tool, "if g(a < 0) or state.rules.hires:\n    f()\n")
    assert "a < 0" in names


def test_operand_beside_a_deciding_and_switch_is_not_mutated(tool: ModuleType) -> None:
    """``A and not state.rules.X`` is false in the reference: neither ``A`` nor what follows
    is mutated; an ordinary ``and`` is."""
    names = _mutated_names(tool, "if a < 0 and not state.rules.fifo and b == 2:\n    f()\n")
    assert "a < 0" not in names and "b == 2" not in names
    names = _mutated_names(tool, "if a < 0 and state.rules.fifo:\n    f()\n")
    assert "a < 0" in names


def test_body_of_an_or_with_a_switch_runs_else_is_skipped(tool: ModuleType) -> None:
    """``if A or state.rules.X`` always takes its body in the reference: the ``else`` is not
    mutated, the body is."""
    names = _mutated_names(tool, "if a or state.rules.hires:\n    x = b < 1\nelse:\n    y = c < 2\n")
    assert "b < 1" in names and "c < 2" not in names


def test_a_switch_read_through_a_local_alias_is_a_switch(tool: ModuleType) -> None:
    """``switches = state.rules`` then ``if not switches.X``, or ``each = state.rules.X`` then
    ``if not each``: the mutant-only arm is not mutated, as with ``state.rules.X`` itself; a name
    bound to something else too is no alias, and an alias is local to its function."""
    src = ("def f(state):\n    switches = state.rules\n    if not switches.hires:\n        x = b < 1\n"
           "    each = state.rules.fifo\n    if not each:\n        y = c < 2\n    z = d < 3\n")
    names = _mutated_names(tool, src)
    assert "b < 1" not in names and "c < 2" not in names and "d < 3" in names
    rebound = "def f(state, other):\n    each = state.rules.fifo\n    each = other\n    if not each:\n        y = c < 2\n"
    assert "c < 2" in _mutated_names(tool, rebound)
    elsewhere = ("def f(state):\n    each = state.rules.fifo\n    return each\n"
                 "def g(each):\n    if not each:\n        y = c < 2\n")
    assert "c < 2" in _mutated_names(tool, elsewhere)


def test_rule_modules_sharing_a_stem_are_each_mutated(tool: ModuleType, tmp_path: Path) -> None:
    """Two rule modules with one file name in different wings (``rules/ops/hand.py`` and
    ``rules/resolution/pauses/hand.py``) are both mutated, each under its own name, and the
    import hook is given each one's dotted name; a unique stem keeps its short name."""
    rules = tmp_path / "rules"
    for rel in ("ops/hand.py", "resolution/pauses/hand.py", "mechanisms/wounds.py"):
        (rules / rel).parent.mkdir(parents=True, exist_ok=True)
        (rules / rel).write_text("def f(a):\n    return a < 1\n", encoding="utf-8")
    files = tool.rule_files(tmp_path)
    assert files == {"ops.hand": "rules/ops/hand.py", "pauses.hand": "rules/resolution/pauses/hand.py",
                     "wounds": "rules/mechanisms/wounds.py"}
    assert tool.module_name("pauses.hand", tmp_path) == "oracle.rules.resolution.pauses.hand"
    switches = set(tool.MUTANT_SWITCHES)
    try:
        mutants, _ = tool.enumerate_mutants(("ops.hand", "pauses.hand", "wounds"), tmp_path)
    finally:  # enumerate_mutants reads the switches of the tree it is given (none here)
        tool.MUTANT_SWITCHES.clear()
        tool.MUTANT_SWITCHES.update(switches)
    assert {m.module for m in mutants} == {"ops.hand", "pauses.hand", "wounds"}


def test_a_pool_only_equivalent_is_counted_apart(tool: ModuleType) -> None:
    """An entry of mutation_equivalent.json with ``"scope": "pool"`` (equivalent for this card
    pool only) is still left out of the non-equivalent rate, but counted apart, and the rate with
    it counted as a gap is reported too (issue 46)."""
    def mutant(n: int, status: str) -> Any:
        return tool.Mutant(id=f"m#{n}", module="m", index=n, operator="cmp_negate", variant=0, line=n,
                           original=f"a == {n}", mutated=f"a != {n}", status=status)
    done = [mutant(1, "killed"), mutant(2, "killed"), mutant(3, "survived"), mutant(4, "survived")]
    listed = [{"module": "m", "line": 3, "operator": "cmp_negate", "original": "a == 3", "mutated": "a != 3",
               "reason": "code", }, {"module": "m", "line": 4, "operator": "cmp_negate", "original": "a == 4",
                                      "mutated": "a != 4", "reason": "cards", "scope": "pool"}]
    for m in done:
        m.equivalent, m.equivalent_scope = tool._match_equivalent(m, listed)
    assert [(m.equivalent, m.equivalent_scope) for m in done[2:]] == [("code", ""), ("cards", "pool")]
    rep = tool.Report(seed=1, sample=4, universe=4, timeout=1.0, baseline_seconds=0.0)
    tool._summarise(rep, done)
    assert (rep.equivalent_survivors, rep.pool_equivalent_survivors) == (2, 1)
    assert rep.non_equivalent_kill_rate == 100.0 and rep.any_pool_kill_rate == round(200 / 3, 1)


def test_every_judged_equivalent_names_code_of_this_layout(tool: ModuleType) -> None:
    """Each entry of bench/mutation_equivalent.json names a mutated module of this tree (by the
    harness's name for it, e.g. ``activation``, ``ops.hand``) whose source still holds the
    mutated text, and says whether it holds for this card pool only: a re-laid module leaves no
    entry keyed to a name the harness no longer uses (the line may drift; the harness matches a
    moved distinctive text itself)."""
    import json

    entries = json.loads((ROOT / "bench" / "mutation_equivalent.json").read_text(encoding="utf-8"))
    sources: dict[str, str] = {}
    stale = []
    for e in entries:
        assert e.get("scope", "") in ("", "pool"), e
        if e["module"] not in tool.MODULES:
            stale.append((e["module"], e["line"]))
            continue
        if e["module"] not in sources:
            sources[e["module"]] = (tool.ORACLE / tool.module_file(e["module"])).read_text(encoding="utf-8")
        text = " ".join(sources[e["module"]].split())
        original = e["original"][:-3] if e["original"].endswith("...") else e["original"]  # cut at 160
        if original not in text:
            stale.append((e["module"], e["line"]))
    assert not stale, stale


def test_an_or_of_mutant_only_tests_is_mutant_only(tool: ModuleType) -> None:
    """``if not state.rules.X or (a and not state.rules.Y)`` holds only with an engine mutant
    (both operands are false in the reference): its body is not mutated (attack.fight_effect's
    one-sided fight); ``not (a or state.rules.X)`` is false in the reference too."""
    src = ("if not state.rules.hires or (closed and not state.rules.fifo):\n    x = b < 1\nelse:\n    y = c < 2\n"
           "if not (a or state.rules.hires):\n    z = d < 3\n")
    names = _mutated_names(tool, src)
    assert "b < 1" not in names and "c < 2" in names and "d < 3" not in names


def _worker_on_a_copy(tmp_path: Path, spoil: str = "", runs: int = 0) -> dict[str, Any]:
    """bench/mutation.py's worker run on a copy of oracle/ and conformance_suite/ (``spoil``
    appended to oracle/sampler.py, a module only the service and the fuzzer import), every
    scenario run skipped but the first ``runs``; its result."""
    import json
    import shutil
    import subprocess

    from conformance_suite.scenario import load_all

    for package in ("oracle", "conformance_suite"):
        shutil.copytree(ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("__pycache__"))
    if spoil:
        with open(tmp_path / "oracle" / "sampler.py", "a", encoding="utf-8") as f:
            f.write("\n" + spoil + "\n")
    every = [(sc.id, e) for sc in load_all() for e in sc.message.editions]
    spec = {"root": str(tmp_path), "skip": every[runs:]}
    proc = subprocess.run([sys.executable, str(ROOT / "bench" / "mutation.py"), "--worker"], input=json.dumps(spec),
                          capture_output=True, text=True, cwd=ROOT, timeout=600)
    mark = "@@MUTATION-RESULT@@ "
    line = next(ln for ln in reversed(proc.stdout.splitlines()) if ln.startswith(mark))
    return json.loads(line[len(mark):])  # type: ignore[no-any-return]


def test_a_mutant_that_breaks_only_what_the_service_imports_is_killed(tmp_path: Path) -> None:
    """The worker imports what the service imports (issue 46): a module only the service and its
    sampler import, broken at import, is a kill, not a survivor of the in-process suite."""
    result = _worker_on_a_copy(tmp_path, spoil="raise ImportError('spoiled by the test')")
    assert result["status"] == "killed_import", result
    assert "spoiled by the test" in result["detail"]


def test_the_pool_tables_are_made_afresh_for_every_run(tmp_path: Path) -> None:
    """Every scenario run reads the pool's derived tables made afresh (issue 46): a kill cannot
    depend on which run filled a table first."""
    result = _worker_on_a_copy(tmp_path, runs=3)
    assert result["status"] == "survived", result
    assert result["runs"] == 3 and result["fresh_indexes"] == 3, result
