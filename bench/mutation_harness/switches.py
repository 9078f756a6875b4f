"""What is not mutated: docstrings, ``if TYPE_CHECKING`` blocks and the code only an engine
mutant's switch of the Ruleset reaches (``state.rules.X``, directly or through a local alias)."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

#: The Ruleset's mutant switches (fields declared ``bool = True``) of the tree being mutated;
#: read from its oracle/ruleset.py by :func:`enumerate_mutants`.
MUTANT_SWITCHES: set[str] = set()


def _read_mutant_switches(package: Path) -> set[str]:
    """The fields of ``class Ruleset`` in ``package``/ruleset.py declared ``bool = True``
    (none when the tree has no Ruleset)."""
    path = package / "ruleset.py"
    if not path.exists():
        return set()
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ClassDef) and node.name == "Ruleset":
            for st in node.body:
                if (isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name)
                        and isinstance(st.value, ast.Constant) and st.value.value is True):
                    out.add(st.target.id)
    return out



#: state.rules``) and those that hold one of its mutant switches (``each =
#: state.rules.each_draw_counted``): a switch read through them is a switch read too.
_RULES_ALIASES: set[str] = set()
_SWITCH_ALIASES: set[str] = set()


def _mutant_switch(test: ast.expr) -> bool:
    """Is ``test`` a read of a mutant switch of the Ruleset, ``x.rules.SWITCH`` (on in the
    reference, off only with an engine mutant; oracle/ruleset.py), directly or through a local
    alias of the Ruleset or of the switch (:data:`_RULES_ALIASES`, :data:`_SWITCH_ALIASES`)?"""
    if isinstance(test, ast.Name):
        return test.id in _SWITCH_ALIASES
    return (isinstance(test, ast.Attribute) and test.attr in MUTANT_SWITCHES
            and ((isinstance(test.value, ast.Attribute) and test.value.attr == "rules")
                 or (isinstance(test.value, ast.Name) and test.value.id in _RULES_ALIASES)))


def _aliases(function: ast.AST) -> tuple[set[str], set[str]]:
    """The names ``function`` binds once, and only, to the Ruleset (``x.rules``) or to one of its
    mutant switches (``x.rules.SWITCH``): a name bound to anything else too is no alias."""
    rules: set[str] = set()
    switch: set[str] = set()
    other: set[str] = set()
    for node in ast.walk(function):
        if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.NamedExpr)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            value = node.value
            for t in targets:
                if not isinstance(t, ast.Name):
                    continue
                if isinstance(node, ast.Assign) and isinstance(value, ast.Attribute) and value.attr == "rules":
                    rules.add(t.id)
                elif isinstance(node, ast.Assign) and value is not None and _mutant_switch(value):
                    switch.add(t.id)
                else:
                    other.add(t.id)
        elif isinstance(node, (ast.For, ast.comprehension)):
            other.update(n.id for n in ast.walk(node.target) if isinstance(n, ast.Name))
    return rules - other, switch - other


def _mutant_test(test: ast.expr) -> bool | None:
    """True when ``test`` holds only with an engine mutant switched on (``not x.rules.SWITCH``,
    the older ``x.mutant == "..."``, an ``and`` containing one, an ``or`` of nothing else);
    False when it holds only with it off (``x.rules.SWITCH``, ``x.mutant != "..."``, an ``or``
    containing one, an ``and`` of nothing else); the ``not`` of either is the other; else None."""
    if _mutant_switch(test):
        return False
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = _mutant_test(test.operand)
        return None if inner is None else not inner
    if (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.left, ast.Attribute)
            and test.left.attr == "mutant" and isinstance(test.comparators[0], ast.Constant)):
        if isinstance(test.ops[0], ast.Eq):
            return True
        if isinstance(test.ops[0], ast.NotEq):
            return False
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And) and any(_mutant_test(v) is True for v in test.values):
        return True
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.Or) and any(_mutant_test(v) is False for v in test.values):
        return False
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.Or) and all(_mutant_test(v) is True for v in test.values):
        return True  # ``not SWITCH or (A and not OTHER)``: false in the reference, whatever A is
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And) and all(_mutant_test(v) is False for v in test.values):
        return False
    return None


def _skipped_nodes(tree: ast.Module) -> set[int]:
    """ids of the nodes not to mutate (docstrings, TYPE_CHECKING, engine-mutant-only code)."""
    skip: set[int] = set()

    def all_of(nodes: list[Any]) -> None:
        for n in nodes:
            for sub in ast.walk(n):
                skip.add(id(sub))

    functions = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    scopes: list[tuple[ast.AST, tuple[set[str], set[str]]]] = [(tree, (set(), set()))]
    # a function that reads switches through local aliases is looked at again with them
    scopes += [(f, found) for f in functions if any(found := _aliases(f))]
    for scope, (rules, switch) in scopes:
        _RULES_ALIASES.clear()
        _SWITCH_ALIASES.clear()
        _RULES_ALIASES.update(rules)
        _SWITCH_ALIASES.update(switch)
        _skip_in(scope, skip, all_of)
    _RULES_ALIASES.clear()
    _SWITCH_ALIASES.clear()
    return skip


def _skip_in(scope: ast.AST, skip: set[int], all_of: Any) -> None:
    """Mark in ``skip`` the nodes of ``scope`` not to mutate (see :func:`_skipped_nodes`), the
    aliases of switches in force being those of :data:`_RULES_ALIASES` and :data:`_SWITCH_ALIASES`."""
    for node in ast.walk(scope):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                all_of([body[0]])
        if isinstance(node, ast.If):
            if isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
                all_of(node.body)
            m = _mutant_test(node.test)
            if m is True:
                all_of(node.body)
            elif m is False:
                all_of(node.orelse)
        if isinstance(node, ast.IfExp):
            m = _mutant_test(node.test)
            if m is True:
                all_of([node.body])
            elif m is False:
                all_of([node.orelse])
        if isinstance(node, ast.BoolOp):
            # the operand that decides an ``and`` (a switch test false in the reference) or an
            # ``or`` (one true in the reference): those after it are never evaluated, and those
            # before it that call nothing cannot change the result
            decides = isinstance(node.op, ast.And)
            for i, v in enumerate(node.values):
                if _mutant_test(v) is decides:
                    all_of(node.values[i + 1:])
                    all_of([w for w in node.values[:i] if not any(isinstance(x, ast.Call) for x in ast.walk(w))])
                    break


