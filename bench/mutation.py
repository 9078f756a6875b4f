"""Mutation testing of the rule modules against the conformance suite alone.

Every mutant is one small change to one rule module of ``oracle/``: every module of
``oracle/rules/`` (``setup``, ``turn_start``, ``main_stage``, ``queue``, ``payment``, ``attack``,
``wounds``, ``lives``, ``modules``, ``control``, ``cancellation``, ``draws``, ... -- the list is
read from the directory) and the step table ``oracle/engine.py``; it is *killed* when at least
one scenario of the conformance suite, run in process under every edition it lists, fails (a
mismatch or an exception) against it.

    .venv/bin/python bench/mutation.py --sample 600 --seed 1 --json mutation.json   # ~26 min
    .venv/bin/python bench/mutation.py --all                  # every mutant (~2.6 s each, one core)
    .venv/bin/python bench/mutation.py --list                 # count the mutants per module and operator
    .venv/bin/python bench/mutation.py --show queue#57        # the diff of one mutant, then run it
    .venv/bin/python bench/mutation.py --rescore mutation.json  # re-apply mutation_equivalent.json
    .venv/bin/python bench/mutation.py --rev HEAD --sample 100  # a committed tree, not the working one

Operators (``ast`` nodes of the module; the names are those of ``bench/mutation_equivalent.json``):

* ``cmp_boundary``: ``<`` <-> ``<=``, ``>`` <-> ``>=``;
* ``cmp_negate``: ``==`` <-> ``!=``, ``in`` <-> ``not in``, ``is`` <-> ``is not``;
* ``bool_op``: ``and`` <-> ``or``;
* ``int_plus1`` / ``int_minus1``: an integer constant ``n`` -> ``n + 1`` / ``n - 1``;
* ``true_false``: ``True`` <-> ``False``;
* ``stmt_delete``: a simple statement (an expression such as ``ev.append(...)``, an assignment,
  an augmented assignment, a ``raise``) replaced by ``pass``.

Not mutated: docstrings, ``if TYPE_CHECKING`` blocks, and the code that only runs when one of the
hand-written engine mutants of ``oracle/mutants/`` is switched on: the rule modules read
a mutant switch of the Ruleset (``state.rules.queue_fifo``, on in the reference;
``oracle/ruleset.py``), so the body of ``if not state.rules.X``, the ``else`` of
``if state.rules.X``, the other operands of an ``and`` with ``not state.rules.X`` or an ``or`` with
``state.rules.X`` (those before it only when they call nothing), and the matching arm of
a conditional expression are skipped: the suite runs the reference with no engine mutant, so
every change there would be equivalent.  (Older trees' ``state.mutant == "..."`` tests are
recognised the same way.)  The switch tests themselves are not mutated by any operator but
``bool_op`` on their ``and``/``or``.  (Code after an early ``if state.rules.X: return`` is not
recognised; its survivors are listed as equivalent.)

Results per mutant: ``killed``, ``killed_import`` (the engine does not even import: counted as
killed, reported apart), ``timeout`` (the suite did not finish in ``--timeout`` seconds,
default 60, or one scenario run took over ``--scenario-timeout``, default 5 s, where the
reference needs milliseconds: counted as killed), ``survived``, ``error`` (the harness itself
failed: not counted).  A scenario run that already fails on the unmutated tree (work in
progress) is left out of every mutant's run, with a warning.  The report gives
per module the mutants and the kill rate, the overall kill rate, the kill rate of the
non-equivalent mutants (the survivors listed in ``bench/mutation_equivalent.json`` -- objects
``{module, line, operator, original, mutated, reason}`` a person judged equivalent -- are left
out), and the diff of every survivor.  An entry with ``"scope": "pool"`` is equivalent *for this
card pool only* (its reason rests on what the cards of ``oracle/data`` do or lack, not on the
code alone: a user's card pack can make it a real gap); such survivors are counted apart, and
the report also gives the kill rate with them counted as gaps (``any_pool_kill_rate``), so
that they are re-judged whenever the pool or a pack changes.  The sample (``random.Random(seed).sample`` over the
mutants in a fixed order) and hence the report are deterministic for a seed and a source tree.

Isolation: the working tree is never written.  The run copies ``oracle/`` and
``conformance_suite/`` (or extracts them from ``--rev REV`` with ``git archive``) into a
temporary directory once, so that edits made meanwhile by others do not change it half-way.  Each mutant runs in its own subprocess
(``python bench/mutation.py --worker``, one at a time: one core), which puts an import hook first
on ``sys.meta_path`` that serves the mutated module (compiled from the mutated AST, with the
snapshot's file name and line numbers) in place of ``oracle.rules.<module>`` (or ``oracle.engine``); every other module is
imported from the snapshot as usual, and ``PYTHONDONTWRITEBYTECODE`` keeps ``__pycache__`` untouched.  An
interruption (Ctrl-C, a timeout) only has a subprocess to kill.

Why a self-contained mutator rather than mutmut or cosmic-ray (both maintained; looked at
mutmut 3.8.1 and cosmic-ray 8.7.0):

* mutmut 3 copies the project into ``mutants/`` and rewrites every function into a
  "trampoline" switched by an environment variable; its runner is pytest (a test-to-function
  map gathered with coverage), not "call one function in process", and it writes its cache and
  copy into the project directory.
* cosmic-ray writes each mutation *into the source file in place*, runs a shell test command
  and restores the file afterwards: an interrupted run, or a concurrent reader (the other
  engineers' tests read ``oracle/``), sees a mutated tree -- exactly what must not happen here --
  and it needs a config file and a session database per run.
* What is wanted is "mutate one module in memory, run one in-process function, throw the
  process away"; about 250 lines of ``ast`` do that with no dependency, fast (one interpreter
  start plus the suite, stopping at the first failing scenario), and with operators and
  exclusions fitted to this engine (the engine-mutant branches above).
"""

from __future__ import annotations

import argparse
import ast
import copy
import difflib
import functools
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
ORACLE = ROOT / "oracle"
EQUIVALENT = Path(__file__).resolve().parent / "mutation_equivalent.json"
@functools.cache
def rule_files(package: Path) -> dict[str, str]:
    """Each rule module of ``package``/rules/ (any wing, e.g. ``rules/mechanisms/wounds.py``, or
    flat in an older tree) by its name, as its path under the package (read once per tree: every
    mutant's diff names its file).  A module's name is its file's stem (``wounds``) when no other
    rule module has that stem; stems shared by several files (``rules/ops/hand.py`` and
    ``rules/resolution/pauses/hand.py``) are told apart by as many of the folders above them as it
    takes (``ops.hand``, ``pauses.hand``), so that every file is mutated, none hidden by another."""
    paths = [p.relative_to(package / "rules") for p in sorted((package / "rules").rglob("*.py"))
             if p.stem != "__init__"]
    stems = Counter(p.stem for p in paths)
    out: dict[str, str] = {}
    for p in paths:
        parts = p.with_suffix("").parts
        k = 1
        while stems[p.stem] > 1 and k < len(parts):
            k += 1
            suffix = parts[-k:]
            if sum(q.with_suffix("").parts[-k:] == suffix for q in paths if q.stem == p.stem) == 1:
                break
        out[".".join(parts[-k:])] = ("rules" / p).as_posix()
    return out


#: The mutated modules: every rule module of oracle/rules/ (read from this checkout, so a new
#: rule module is mutated without an edit here) and the step table ``engine``.  A module is
#: named by its file's stem, or by the stem and the folders above it where a stem is shared
#: (:func:`rule_files`).
MODULES = (*sorted(rule_files(ORACLE)), "engine")


def module_file(module: str, package: Path = ORACLE) -> str:
    """The path of a mutated module under ``package``: ``engine.py`` (the step table) or the
    rule module's file (``rules/<wing>/<module>.py``); ``rules/<module>.py`` when the tree
    has no such module (an older tree, --rev)."""
    if module == "engine":
        return "engine.py"
    return rule_files(package).get(module, f"rules/{module}.py")


def module_name(module: str, package: Path = ORACLE) -> str:
    """The dotted name of a mutated module: ``oracle.engine`` or ``oracle.rules.<wing>.<module>``."""
    return "oracle." + module_file(module, package)[:-3].replace("/", ".")


OPERATORS = ("cmp_boundary", "cmp_negate", "bool_op", "int_plus1", "int_minus1", "true_false", "stmt_delete")
RESULT_MARK = "@@MUTATION-RESULT@@ "
KILLED = ("killed", "killed_import", "timeout")

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
    the older ``x.mutant == "..."``, or an ``and`` containing one); False when it holds only
    with it off (``x.rules.SWITCH``, ``x.mutant != "..."``); else None."""
    if _mutant_switch(test):
        return False
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not) and _mutant_switch(test.operand):
        return True
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


# --------------------------------------------------------------------------- worker


class _Hang(BaseException):
    """Raised by SIGALRM in the worker when one scenario run takes too long (a mutant loops).
    A BaseException, so that the engine's own ``except Exception`` cannot swallow it."""


def _alarm(signum: int, frame: Any) -> None:
    raise _Hang


def _worker() -> int:
    """Run the suite against one mutant (read as JSON from stdin; none = the reference)."""
    spec = json.loads(sys.stdin.read() or "{}")
    t0 = time.perf_counter()
    result: dict[str, Any] = {}

    def done(status: str, detail: str = "") -> int:
        result.update(status=status, detail=detail[:500], seconds=round(time.perf_counter() - t0, 3))
        sys.stdout.write("\n" + RESULT_MARK + json.dumps(result) + "\n")
        sys.stdout.flush()
        return 0

    root = Path(spec.pop("root", str(ROOT)))
    skip = {tuple(x) for x in spec.pop("skip", [])}
    baseline = spec.pop("baseline", False)
    run_limit = float(spec.pop("scenario_timeout", 0))
    sys.path.insert(0, str(root))
    if spec:
        import importlib.abc
        import importlib.util

        tree = ast.parse(spec["source"])
        _mutate(tree, spec["index"], spec["operator"], spec["variant"])
        filename = str(root / "oracle" / module_file(spec["module"], root / "oracle"))
        code = compile(tree, filename, "exec", dont_inherit=True)
        fullname = module_name(spec["module"], root / "oracle")

        class Hook(importlib.abc.MetaPathFinder, importlib.abc.Loader):
            def find_spec(self, name: str, path: Any, target: Any = None) -> Any:
                if name != fullname:
                    return None
                s = importlib.util.spec_from_loader(name, self, origin=filename)
                if s is not None:
                    s.has_location = True
                return s

            def create_module(self, spec: Any) -> None:
                return None

            def exec_module(self, module: Any) -> None:
                exec(code, module.__dict__)

        sys.meta_path.insert(0, Hook())
    try:
        import oracle

        if Path(oracle.__file__).resolve().parent != (root / "oracle").resolve():
            return done("error", f"oracle imported from {oracle.__file__}, not from {root}")
        from conformance_suite.executor import run_scenario
        from conformance_suite.scenario import load_all
        from conformance_suite.targets import InProcessTarget

        if spec:
            import importlib

            mod = importlib.import_module(module_name(spec['module'], root / "oracle"))  # every rule module is imported by now
            if not isinstance(getattr(mod.__spec__, "loader", None), Hook):
                return done("error", "the mutated module was not loaded through the import hook")
        scenarios = load_all()
        target = InProcessTarget()
    except BaseException as exc:  # any failure to import is a kill
        return done("killed_import", f"{type(exc).__name__}: {exc}")
    signal.signal(signal.SIGALRM, _alarm)
    runs = 0
    failing: list[tuple[str, str]] = []
    for sc in scenarios:
        for edition in sc.message.editions:
            if (sc.id, edition) in skip:
                continue
            if baseline:
                try:
                    ok = run_scenario(sc, edition, target).passed
                except Exception:
                    ok = False
                if not ok:
                    failing.append((sc.id, edition))
                runs += 1
                continue
            if run_limit:
                signal.setitimer(signal.ITIMER_REAL, run_limit)
            try:
                res = run_scenario(sc, edition, target)
            except _Hang:
                return done("timeout", f"{sc.id}[{edition}]: no verdict in {run_limit:g} s")
            except RecursionError as exc:
                return done("killed", f"{sc.id}[{edition}]: RecursionError: {exc}")
            except Exception as exc:  # a crash of the engine fails the scenario
                return done("killed", f"{sc.id}[{edition}]: {type(exc).__name__}: {exc}")
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
            if not res.passed:
                return done("killed", f"{sc.id}[{edition}]: {res.mismatches[0].describe()}")
            runs += 1
    result["runs"] = runs
    result["failing"] = failing
    return done("survived")


# --------------------------------------------------------------------------- driver


def _run_one(spec: dict[str, Any], timeout: float) -> dict[str, Any]:
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONHASHSEED": "0"}
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, str(Path(__file__).resolve()), "--worker"], cwd=ROOT, env=env,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)
    try:
        out, err = proc.communicate(json.dumps(spec), timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        return {"status": "timeout", "detail": f"no verdict in {timeout:g} s", "seconds": round(time.perf_counter() - t0, 3)}
    except BaseException:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        raise
    for line in reversed(out.splitlines()):
        if line.startswith(RESULT_MARK):
            r: dict[str, Any] = json.loads(line[len(RESULT_MARK):])
            r["seconds"] = round(time.perf_counter() - t0, 3)
            return r
    return {"status": "error", "detail": f"worker exited {proc.returncode} without a verdict: {err[-400:]}",
            "seconds": round(time.perf_counter() - t0, 3)}


def _load_equivalent() -> list[dict[str, Any]]:
    if not EQUIVALENT.exists():
        return []
    data: list[dict[str, Any]] = json.loads(EQUIVALENT.read_text(encoding="utf-8"))
    return data


#: The shortest mutated text matched to a judged equivalent listed at another line.
MOVED_TEXT_MIN = 20


def _match_equivalent(m: Mutant, equivalent: list[dict[str, Any]]) -> tuple[str, str]:
    """The reason and scope (``"pool"`` or ``""``) when the list holds this mutant: same module,
    operator, text and line; or, for a survivor whose text is distinctive (at least
    :data:`MOVED_TEXT_MIN` characters: a short text such as ``return False`` stands at many lines
    of a module, each with its own meaning), the entries with the same text at other lines (the
    code moved) when they all give one reason; else ``("", "")``."""
    hits = [e for e in equivalent if (e["module"], e["operator"], e["original"], e["mutated"]) == m.key()]
    exact = [e for e in hits if e["line"] == m.line]
    if exact:
        return str(exact[0]["reason"]), str(exact[0].get("scope", ""))
    reasons = {(str(e["reason"]), str(e.get("scope", ""))) for e in hits}
    if len(reasons) == 1 and m.status == "survived" and len(m.original) >= MOVED_TEXT_MIN:  # the line moved
        lines = ", ".join(str(e["line"]) for e in hits)
        reason, scope = reasons.pop()
        return reason + f" [listed at line {lines}]", scope
    return "", ""


def _rate(k: int, n: int) -> float | None:
    return round(100.0 * k / n, 1) if n else None


@dataclass
class Report:
    seed: int | None
    sample: int
    universe: int
    timeout: float
    baseline_seconds: float
    rev: str = ""
    reference_failures: list[str] = field(default_factory=list)
    scenario_runs: int = 0
    wall_seconds: float = 0.0
    counts: dict[str, int] = field(default_factory=dict)
    kill_rate: float | None = None
    non_equivalent_kill_rate: float | None = None
    equivalent_survivors: int = 0
    pool_equivalent_survivors: int = 0  # of those, judged equivalent for this card pool only
    any_pool_kill_rate: float | None = None  # the pool-only equivalents counted as gaps
    per_module: dict[str, dict[str, Any]] = field(default_factory=dict)
    per_operator: dict[str, dict[str, Any]] = field(default_factory=dict)
    mutants: list[dict[str, Any]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def _summarise(rep: Report, done: list[Mutant]) -> None:
    rep.counts = dict(Counter(m.status for m in done))
    counted = [m for m in done if m.status != "error"]
    killed = sum(m.status in KILLED for m in counted)
    rep.kill_rate = _rate(killed, len(counted))
    eq = [m for m in counted if m.status == "survived" and m.equivalent]
    rep.equivalent_survivors = len(eq)
    rep.non_equivalent_kill_rate = _rate(killed, len(counted) - len(eq))
    pool = [m for m in eq if m.equivalent_scope == "pool"]
    rep.pool_equivalent_survivors = len(pool)
    rep.any_pool_kill_rate = _rate(killed, len(counted) - len(eq) + len(pool))
    for attr, key in (("per_module", "module"), ("per_operator", "operator")):
        groups: dict[str, list[Mutant]] = {}
        for m in counted:
            groups.setdefault(getattr(m, key), []).append(m)
        table = {}
        for k, ms in groups.items():
            kk = sum(m.status in KILLED for m in ms)
            e = sum(m.status == "survived" and bool(m.equivalent) for m in ms)
            table[k] = {"mutants": len(ms), "killed": kk, "survived": len(ms) - kk, "equivalent": e,
                        "kill_rate": _rate(kk, len(ms)), "non_equivalent_kill_rate": _rate(kk, len(ms) - e)}
        order = MODULES if attr == "per_module" else OPERATORS
        setattr(rep, attr, {k: table[k] for k in order if k in table})
    for m in done:
        if m.equivalent and m.status in KILLED:
            rep.warnings.append(f"{m.id} is listed as equivalent but was {m.status}: {m.detail[:200]}")


def _print(rep: Report, done: list[Mutant]) -> None:
    p = print
    what = f"sample of {rep.sample} (seed {rep.seed})" if rep.seed is not None else f"all {rep.sample}"
    p(f"mutation testing of {rep.rev}: {what} of {rep.universe} mutants; {rep.scenario_runs} scenario runs; timeout {rep.timeout:g} s; "
      f"reference suite {rep.baseline_seconds:.2f} s; wall {rep.wall_seconds:.0f} s "
      f"({rep.wall_seconds / max(1, len(done)):.2f} s per mutant)")
    p("")
    p(f"{'module':<12}{'mutants':>8}{'killed':>8}{'surv.':>7}{'equiv.':>7}{'kill %':>8}{'non-eq %':>10}")
    for name, t in [*rep.per_module.items()]:
        p(f"{name:<12}{t['mutants']:>8}{t['killed']:>8}{t['survived']:>7}{t['equivalent']:>7}"
          f"{t['kill_rate'] or 0:>8.1f}{t['non_equivalent_kill_rate'] or 0:>10.1f}")
    p("")
    p(f"{'operator':<14}{'mutants':>6}{'killed':>8}{'surv.':>7}{'kill %':>8}")
    for name, t in rep.per_operator.items():
        p(f"{name:<14}{t['mutants']:>6}{t['killed']:>8}{t['survived']:>7}{t['kill_rate'] or 0:>8.1f}")
    p("")
    c = rep.counts
    p(f"killed {c.get('killed', 0)}, killed on import {c.get('killed_import', 0)}, timeout {c.get('timeout', 0)}, "
      f"survived {c.get('survived', 0)} ({rep.equivalent_survivors} judged equivalent, {rep.pool_equivalent_survivors} "
      f"of them for this card pool only), error {c.get('error', 0)}")
    p(f"kill rate: {rep.kill_rate}%   non-equivalent kill rate: {rep.non_equivalent_kill_rate}%   "
      f"counting the pool-only equivalents as gaps: {rep.any_pool_kill_rate}%")
    surv = [m for m in done if m.status == "survived"]
    for label, group in (("survivors (not judged equivalent)", [m for m in surv if not m.equivalent]),
                         ("survivors judged equivalent", [m for m in surv if m.equivalent])):
        if not group:
            continue
        p("")
        p(f"== {label}: {len(group)}")
        for m in group:
            scope = " for this pool only" if m.equivalent_scope == "pool" else ""
            p(f"-- {m.id} {m.operator} line {m.line}" + (f"  [equivalent{scope}: {m.equivalent}]" if m.equivalent else ""))
            p(m.diff.rstrip("\n"))
    for m in done:
        if m.status == "error":
            p(f"!! {m.id}: harness error: {m.detail}")
    for w in rep.warnings:
        p(f"!! {w}")


def _rescore(path: Path, out: str) -> int:
    """Re-apply the list of equivalent mutants to a report written by ``--json``."""
    data = json.loads(path.read_text(encoding="utf-8"))
    equivalent = _load_equivalent()
    names = {f.name for f in Mutant.__dataclass_fields__.values()}
    done = [Mutant(**{k: v for k, v in m.items() if k in names}) for m in data["mutants"]]
    for m in done:
        m.equivalent, m.equivalent_scope = _match_equivalent(m, equivalent)
    keep = {k: v for k, v in data.items() if k in Report.__dataclass_fields__ and k in (
        "seed", "sample", "universe", "timeout", "baseline_seconds", "rev", "reference_failures",
        "scenario_runs", "wall_seconds")}
    rep = Report(**keep)
    _summarise(rep, done)
    rep.mutants = [asdict(m) for m in done]
    _print(rep, done)
    if out:
        Path(out).write_text(json.dumps(asdict(rep), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return 0


def main(argv: list[str] | None = None) -> int:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    g = parser.add_mutually_exclusive_group()
    g.add_argument("--sample", type=int, default=0, help="run a random sample of N mutants")
    g.add_argument("--all", action="store_true", help="run every mutant")
    g.add_argument("--list", action="store_true", help="count the mutants; run nothing")
    g.add_argument("--rescore", metavar="JSON", default="",
                   help="re-read a --json report, match its survivors against mutation_equivalent.json again "
                   "and print it (after judging survivors, without running anything)")
    g.add_argument("--show", metavar="ID", default="", help="print one mutant's diff and run it")
    parser.add_argument("--seed", type=int, default=1, help="seed of the sample (default 1)")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per mutant (default 60): timeout = killed")
    parser.add_argument("--scenario-timeout", type=float, default=5.0,
                        help="seconds per scenario run inside a mutant's run (default 5; the reference needs "
                        "milliseconds): over it = timeout, without waiting for --timeout")
    parser.add_argument("--module", action="append", default=[], choices=MODULES, help="only these modules")
    parser.add_argument("--rev", default="", help="mutate this git revision (e.g. HEAD) instead of the working tree; "
                        "either way a snapshot in a temporary directory is what is mutated and run")
    parser.add_argument("--json", metavar="PATH", default="", help="write the report as JSON")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        return _worker()
    if args.rescore:
        return _rescore(Path(args.rescore), args.json)

    with tempfile.TemporaryDirectory(prefix="mutation-") as tmp:
        # The run works on a snapshot taken once at the start: the mutants are never written into
        # the working tree, and edits others make meanwhile do not change the run half-way.
        root = Path(tmp)
        if not args.rev:
            for pkg in ("oracle", "conformance_suite"):
                shutil.copytree(ROOT / pkg, root / pkg, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            arch = subprocess.run(["git", "-C", str(ROOT), "archive", args.rev, "oracle", "conformance_suite"],
                                  capture_output=True, check=True).stdout
            subprocess.run(["tar", "-x", "-C", tmp], input=arch, check=True)
        return _drive(args, parser, root)


def _drive(args: argparse.Namespace, parser: argparse.ArgumentParser, root: Path) -> int:
    """Enumerate, sample, run and report (``root`` holds the ``oracle`` package to mutate)."""
    mutants, sources = enumerate_mutants(tuple(args.module) or MODULES, root / "oracle")
    if args.list:
        per = Counter(m.module for m in mutants)
        ops = Counter(m.operator for m in mutants)
        print(f"{len(mutants)} mutants")
        for k, v in per.items():
            print(f"  {k:<12}{v:>6}")
        for k, v in ops.items():
            print(f"  {k:<14}{v:>6}")
        return 0
    if args.show:
        chosen = [m for m in mutants if m.id == args.show]
        if not chosen:
            parser.error(f"no mutant {args.show!r}")
    elif args.all:
        chosen = list(mutants)
    elif args.sample > 0:
        n = min(args.sample, len(mutants))
        picked = {m.id for m in random.Random(args.seed).sample(mutants, n)}
        chosen = [m for m in mutants if m.id in picked]
    else:
        parser.error("give --sample N, --all, --list or --show ID")

    base = _run_one({"root": str(root), "baseline": True}, args.timeout)
    if base["status"] != "survived":
        print(f"mutation: the suite does not even run on the unmutated engine: {base}", file=sys.stderr)
        return 2
    failing = [list(x) for x in base.get("failing", [])]
    if failing:
        print(f"mutation: warning: {len(failing)} scenario runs fail on the unmutated engine and are left out: "
              + ", ".join(f"{a}[{b}]" for a, b in failing[:10]), file=sys.stderr)
    equivalent = _load_equivalent()
    rep = Report(seed=None if args.all else args.seed, sample=len(chosen), universe=len(mutants),
                 timeout=args.timeout, baseline_seconds=base["seconds"], rev=args.rev or "working tree",
                 reference_failures=[f"{a}[{b}]" for a, b in failing], scenario_runs=int(base.get("runs", 0)))
    done: list[Mutant] = []
    t0 = time.perf_counter()
    try:
        for i, m in enumerate(chosen, 1):
            spec = {"root": str(root), "skip": failing, "scenario_timeout": args.scenario_timeout, "module": m.module, "source": sources[m.module], "index": m.index,
                    "operator": m.operator, "variant": m.variant}
            r = _run_one(spec, args.timeout)
            m.status, m.detail, m.seconds = r["status"], r.get("detail", ""), r["seconds"]
            m.equivalent, m.equivalent_scope = _match_equivalent(m, equivalent)
            done.append(m)
            if args.show:
                print(m.diff)
                print(f"{m.status}: {m.detail}")
            elif sys.stderr.isatty() or i % 25 == 0:
                print(f"[{i}/{len(chosen)}] {m.id} {m.status}", file=sys.stderr)
    except KeyboardInterrupt:
        print(f"mutation: interrupted after {len(done)} mutants; reporting those", file=sys.stderr)
    rep.wall_seconds = round(time.perf_counter() - t0, 1)
    _summarise(rep, done)
    rep.mutants = [{k: v for k, v in asdict(m).items()} for m in done]
    if not args.show:
        _print(rep, done)
    if args.json:
        Path(args.json).write_text(json.dumps(asdict(rep), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
