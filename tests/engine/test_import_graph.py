"""The rules are in layers (issue 41, item 5): the modules of ``oracle/rules/`` sit in five
wings, and a wing imports only the wings below it, a function-level import included:

    queries  →  mechanisms  →  ops  →  resolution  →  turn

(read right to left: the parts of the turn use the resolution of abilities, which uses the op
handlers, which use the mechanisms of the rules, which use the board queries).  Inside a wing
the modules import one another without a cycle, so each one's dependencies can be read, and
loaded, before it.  Each wing's ``__init__`` names every module it holds."""

from __future__ import annotations

import ast
import re
from importlib.util import resolve_name
from pathlib import Path

RULES = Path(__file__).resolve().parents[2] / "oracle" / "rules"
#: The wings, lowest first: a wing may import only from the wings before it (and itself).
WINGS = ("queries", "mechanisms", "ops", "resolution", "turn")


def _modules() -> dict[str, Path]:
    """Every rule module by its dotted name under oracle.rules (``"mechanisms.wounds"``,
    ``"resolution.pauses.hand"``)."""
    return {".".join(p.relative_to(RULES).with_suffix("").parts): p
            for p in RULES.rglob("*.py") if p.stem != "__init__" and p.parent != RULES}


def _imports() -> dict[str, set[str]]:
    """Each rule module's imports of other rule modules, as dotted names under oracle.rules."""
    modules = _modules()
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = "oracle.rules." + name.rpartition(".")[0]
        deps: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ImportFrom):
                continue
            base = resolve_name("." * node.level + (node.module or ""), package) if node.level else node.module or ""
            if not base.startswith("oracle.rules."):
                continue
            base = base[len("oracle.rules."):]
            deps |= {base} if base in modules else {f"{base}.{a.name}" for a in node.names}
        graph[name] = {d for d in deps if d in modules and d != name}
    return graph


def test_every_rule_module_is_in_a_wing() -> None:
    loose = sorted(p.name for p in RULES.glob("*.py") if p.name != "__init__.py")
    assert not loose, f"rule modules outside a wing: {loose}"
    assert sorted(p.name for p in RULES.iterdir() if p.is_dir() and p.name != "__pycache__") == sorted(WINGS)


def test_wings_import_only_downward() -> None:
    up = [f"{m} -> {d}" for m, deps in _imports().items() for d in deps
          if WINGS.index(d.split(".")[0]) > WINGS.index(m.split(".")[0])]
    assert not up, f"imports up the layers ({' → '.join(WINGS)}): {up}"


def test_rule_modules_import_without_a_cycle() -> None:
    graph = _imports()
    assert graph["queries.pool_index"] == set(), "the pool index reads the cards only"
    assert graph["queries.board"] == {"queries.pool_index"}, "board reads the model and the pool index only"
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


def test_each_wing_names_every_module_it_holds() -> None:
    """The map of a wing is its ``__init__`` docstring: each module as ``:mod:`~…``` with what it holds."""
    for wing in WINGS:
        doc = ast.get_docstring(ast.parse((RULES / wing / "__init__.py").read_text(encoding="utf-8"))) or ""
        named = set(re.findall(rf":mod:`~oracle\.rules\.{wing}\.(\w+)`", doc))
        held = {p.stem for p in (RULES / wing).glob("*.py") if p.stem != "__init__"}
        held |= {p.name for p in (RULES / wing).iterdir() if (p / "__init__.py").is_file()}
        assert named == held, f"{wing}: modules not on its map {sorted(held - named)}, gone {sorted(named - held)}"
    top = ast.get_docstring(ast.parse((RULES / "__init__.py").read_text(encoding="utf-8"))) or ""
    assert all(f":mod:`~oracle.rules.{w}`" in top for w in WINGS), "oracle/rules/__init__ names each wing"


def test_the_test_sees_imports() -> None:
    """The graph is not empty by accident: the Queue imports the wound mechanism, and the main
    stage the Queue."""
    graph = _imports()
    assert "mechanisms.wounds" in graph["resolution.queue"]
    assert "resolution.queue" in graph["turn.main_stage"]
    assert "resolution.resume" in graph["resolution.pauses.hand"]


def test_no_rule_module_registers_into_another_at_import() -> None:
    """No dependency is closed by registering a function into another module at import time
    (issue 41, item 4): a rule module's top level calls only functions it defines itself (a
    self-check, as the op dispatch's), so its imports show everything it depends on."""
    calls = []
    for name, path in _modules().items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        own = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
        for node in tree.body:
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
                func = node.value.func
                if not (isinstance(func, ast.Name) and func.id in own):
                    calls.append(f"{name}:{node.lineno} {ast.unparse(node.value)[:60]}")
    assert not calls, f"import-time calls into other modules: {calls}"


def test_no_resolution_state_rides_in_the_call_context_or_a_private_cache() -> None:
    """The resolution's memory is passed down with the events (oracle.rules.mechanisms.run), never
    kept in a context variable; what the rules derive from the pool lives in the one pool index
    (oracle.rules.queries.pool_index), never in a cache of its own (issue 41)."""
    found = []
    for path in RULES.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                names = [a.name for a in node.names] + [node.module or ""] if isinstance(node, ast.ImportFrom) else \
                    [a.name for a in node.names]
                if "contextvars" in names or "ContextVar" in names:
                    found.append(f"{path.name}: contextvars")
            if isinstance(node, ast.FunctionDef):
                for d in node.decorator_list:
                    name = d.id if isinstance(d, ast.Name) else d.attr if isinstance(d, ast.Attribute) else \
                        getattr(getattr(d, "func", None), "id", "")
                    if name in ("cache", "lru_cache", "cached_property"):
                        found.append(f"{path.name}: @{name} {node.name}")
    assert not found, found
