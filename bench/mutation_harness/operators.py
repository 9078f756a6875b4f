"""The mutation operators, the mutants of a module in a fixed order, and each one's diff."""

from __future__ import annotations

import ast
import copy
import difflib
import re
from dataclasses import dataclass
from pathlib import Path

from .layout import MODULES, ORACLE, module_file
from .switches import MUTANT_SWITCHES, _read_mutant_switches, _skipped_nodes

_BOUNDARY = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt}
_NEGATE = {ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In,
           ast.Is: ast.IsNot, ast.IsNot: ast.Is}
_DELETABLE = (ast.Expr, ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Raise, ast.Delete)


# --------------------------------------------------------------------------- mutants


@dataclass
class Mutant:
    """One mutation site: the ``index``-th node of ``ast.walk`` of the module, changed by
    ``operator`` (``variant`` picks the operand of a chained comparison)."""

    id: str
    module: str
    index: int
    operator: str
    variant: int
    line: int
    original: str
    mutated: str
    diff: str = ""
    status: str = ""
    detail: str = ""
    seconds: float = 0.0
    equivalent: str = ""  # the reason, when bench/mutation_equivalent.json lists it
    equivalent_scope: str = ""  # "pool" when that judgement holds for this card pool only

    def key(self) -> tuple[str, str, str, str]:
        return (self.module, self.operator, self.original, self.mutated)


#: The local names of the function being looked at that hold the Ruleset (``switches =

def _sites(node: ast.AST) -> list[tuple[str, int]]:
    """(operator, variant) of every mutation of ``node`` itself."""
    out: list[tuple[str, int]] = []
    if isinstance(node, ast.Compare):
        for i, op in enumerate(node.ops):
            if type(op) in _BOUNDARY:
                out.append(("cmp_boundary", i))
            if type(op) in _NEGATE:
                out.append(("cmp_negate", i))
    elif isinstance(node, ast.BoolOp):
        out.append(("bool_op", 0))
    elif isinstance(node, ast.Constant):
        if isinstance(node.value, bool):
            out.append(("true_false", 0))
        elif isinstance(node.value, int):
            out += [("int_plus1", 0), ("int_minus1", 0)]
    if isinstance(node, _DELETABLE) and not (isinstance(node, ast.AnnAssign) and node.value is None):
        out.append(("stmt_delete", 0))
    return out


def _mutate(tree: ast.Module, index: int, operator: str, variant: int) -> tuple[ast.AST, ast.AST]:
    """Apply the mutation to ``tree`` in place; (original node copy, new node)."""
    target = next(n for i, n in enumerate(ast.walk(tree)) if i == index)
    before = copy.deepcopy(target)
    if operator == "cmp_boundary":
        assert isinstance(target, ast.Compare)
        target.ops[variant] = _BOUNDARY[type(target.ops[variant])]()
    elif operator == "cmp_negate":
        assert isinstance(target, ast.Compare)
        target.ops[variant] = _NEGATE[type(target.ops[variant])]()
    elif operator == "bool_op":
        assert isinstance(target, ast.BoolOp)
        target.op = ast.Or() if isinstance(target.op, ast.And) else ast.And()
    elif operator in ("int_plus1", "int_minus1"):
        assert isinstance(target, ast.Constant)
        assert isinstance(target.value, int)
        target.value = target.value + (1 if operator == "int_plus1" else -1)
    elif operator == "true_false":
        assert isinstance(target, ast.Constant)
        target.value = not target.value
    elif operator == "stmt_delete":
        for parent in ast.walk(tree):
            for _field, value in ast.iter_fields(parent):
                if isinstance(value, list) and any(v is target for v in value):
                    k = next(i for i, v in enumerate(value) if v is target)
                    value[k] = ast.copy_location(ast.Pass(), target)
                    ast.fix_missing_locations(tree)
                    return before, value[k]
        raise AssertionError(f"statement {index} has no parent list")
    else:
        raise ValueError(operator)
    return before, target


def _one_line(text: str, limit: int = 160) -> str:
    s = " ".join(text.split())
    return s if len(s) <= limit else s[: limit - 3] + "..."


def _diff(source: str, module: str, node: ast.AST, new: ast.AST) -> str:
    """A unified diff of the lines the mutation touches (for the report only)."""
    lines = source.splitlines(keepends=True)
    a, b = node.lineno - 1, node.end_lineno  # type: ignore[attr-defined]
    old = "".join(lines[a:b])
    old_b = old.encode()  # AST column offsets count UTF-8 bytes
    s_b = node.col_offset  # type: ignore[attr-defined]
    e_b = sum(len(x.encode()) for x in lines[a: b - 1]) + node.end_col_offset  # type: ignore[attr-defined]
    repl = "pass" if isinstance(new, ast.Pass) else ast.unparse(new)
    new_text = (old_b[:s_b] + repl.encode() + old_b[e_b:]).decode()
    out = difflib.unified_diff(old.splitlines(keepends=True), new_text.splitlines(keepends=True),
                               f"a/oracle/{module_file(module)}", f"b/oracle/{module_file(module)}", n=0)
    text = "".join(out)
    return re.sub(r"^@@ -1(,\d+)? \+1(,\d+)? @@", lambda mm: f"@@ -{a + 1}{mm.group(1) or ''} +{a + 1}{mm.group(2) or ''} @@",
                  text, count=1, flags=re.M)


def enumerate_mutants(modules: tuple[str, ...] = MODULES, package: Path = ORACLE) -> tuple[list[Mutant], dict[str, str]]:
    """Every mutant of the modules, in a fixed order; and the source each was read from."""
    mutants: list[Mutant] = []
    sources: dict[str, str] = {}
    MUTANT_SWITCHES.clear()
    MUTANT_SWITCHES.update(_read_mutant_switches(package))
    for module in modules:
        path = package / module_file(module, package)
        if not path.exists():  # an older tree (--rev) without this rule module
            continue
        source = path.read_text(encoding="utf-8")
        sources[module] = source
        tree = ast.parse(source)
        skip = _skipped_nodes(tree)
        n = 0
        for index, node in enumerate(ast.walk(tree)):
            if id(node) in skip or not hasattr(node, "lineno"):
                continue
            for operator, variant in _sites(node):
                work = ast.parse(source)
                before, new = _mutate(work, index, operator, variant)
                original = _one_line(ast.get_source_segment(source, node) or ast.unparse(before))
                mutated = "pass" if isinstance(new, ast.Pass) else _one_line(ast.unparse(new))
                if operator.startswith("int_") or operator == "true_false":  # a constant alone says little: show its line
                    original, mutated = _context(source, node, new)
                mutants.append(Mutant(
                    id=f"{module}#{n}", module=module, index=index, operator=operator, variant=variant,
                    line=node.lineno, original=original, mutated=mutated,
                    diff=_diff(source, module, node, new),
                ))
                n += 1
    return mutants, sources


def _context(source: str, node: ast.AST, new: ast.AST) -> tuple[str, str]:
    """The source line of a constant, before and after (one line, whitespace collapsed)."""
    line = source.splitlines()[node.lineno - 1].encode()  # type: ignore[attr-defined]
    if node.end_lineno != node.lineno:  # type: ignore[attr-defined]
        return _one_line(ast.unparse(node)), _one_line(ast.unparse(new))
    s, e = node.col_offset, node.end_col_offset  # type: ignore[attr-defined]
    after = line[:s] + ast.unparse(new).encode() + line[e:]
    return _one_line(line.decode()), _one_line(after.decode())


