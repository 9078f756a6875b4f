"""The mutation tool's choice of what to mutate (bench/mutation.py): the code that only an
engine mutant's switch reaches is left alone, everything else is mutated."""

from __future__ import annotations

import ast
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

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
    mutants, _ = tool.enumerate_mutants(("ops.hand", "pauses.hand", "wounds"), tmp_path)
    assert {m.module for m in mutants} == {"ops.hand", "pauses.hand", "wounds"}
