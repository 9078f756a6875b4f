"""The rule modules import one another without a cycle (oracle/rules/*.py), a function-level
import included: each one's dependencies can be read, and loaded, before it."""

from __future__ import annotations

import ast
from pathlib import Path

RULES = Path(__file__).resolve().parents[2] / "oracle" / "rules"


def _imports() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for path in RULES.glob("*.py"):
        deps: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                if node.module:
                    deps.add(node.module.split(".")[0])
                else:
                    deps |= {a.name for a in node.names}
        graph[path.stem] = deps
    return graph


def test_rule_modules_import_without_a_cycle() -> None:
    graph = _imports()
    assert graph["board"] == set(), "board reads the model only"
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, " -> ".join((*path, module))
        if module in done:
            return
        for dep in graph.get(module, ()):
            visit(dep, (*path, module))
        done.add(module)

    for module in graph:
        visit(module, ())
