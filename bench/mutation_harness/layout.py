"""Where the mutated modules are: the rule modules of ``oracle/rules/`` (any wing) and the step
table ``oracle/engine.py``, each by the name the harness gives it (see ``bench/mutation.py``)."""

from __future__ import annotations

import functools
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ORACLE = ROOT / "oracle"
EQUIVALENT = ROOT / "bench" / "mutation_equivalent.json"
#: The command line the worker subprocess runs (``python bench/mutation.py --worker``).
SCRIPT = ROOT / "bench" / "mutation.py"


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
