"""The engine does not depend on the conformance suite: nothing in ``oracle/`` imports
``conformance_suite`` (statically or through importlib), starting the service loads no
module of it, and the suite version the service reports is the suite's own, read by both
from the plain data file ``oracle/data/suite_version.txt``."""

from __future__ import annotations

import ast
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _imported_names(tree: ast.AST) -> list[str]:
    """Every module an ``import``, ``from … import`` or ``importlib.import_module`` /
    ``__import__`` call with a constant name in ``tree`` names."""
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append(node.module)
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
            if called in ("import_module", "__import__") and isinstance(node.args[0].value, str):
                names.append(node.args[0].value)
    return names


def test_oracle_never_imports_the_suite() -> None:
    """No module of ``oracle/`` (generated code aside) imports ``conformance_suite``."""
    offenders = []
    for path in sorted((ROOT / "oracle").rglob("*.py")):
        if "_proto" in path.parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for name in _imported_names(tree):
            if name == "conformance_suite" or name.startswith("conformance_suite."):
                offenders.append(f"{path.relative_to(ROOT)}: {name}")
    assert not offenders


def test_starting_the_service_loads_no_suite_module() -> None:
    """The service's modules and its entry point load without the suite, and the suite
    version the service reports is ``conformance_suite.__version__``."""
    code = (
        "import sys\n"
        "import oracle.__main__, oracle.service.cli, oracle.service.server\n"
        "from oracle._proto.berserk.oracle.v1 import oracle_service_pb2 as pb\n"
        "from oracle.service.servicer import OracleServicer\n"
        "config = oracle.service.server.ServeConfig()\n"
        "info = OracleServicer().GetServerInfo(pb.GetServerInfoRequest(), None)\n"
        "assert not [m for m in sys.modules if m.split('.')[0] == 'conformance_suite'], 'suite loaded'\n"
        "import conformance_suite\n"
        "assert info.suite_version == config.suite_version == conformance_suite.__version__ != ''\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr


def test_the_suite_version_file_ships_in_the_wheel() -> None:
    """``oracle/data/suite_version.txt`` is package data of the wheel."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "data/*.txt" in pyproject["tool"]["setuptools"]["package-data"]["oracle"]
    assert (ROOT / "oracle" / "data" / "suite_version.txt").read_text(encoding="utf-8").strip()


def test_the_declarations_of_decision_points_are_the_bottom_layer() -> None:
    """``oracle/steps.py`` (every step, decision and action kind declared once) imports no module
    of the package: every layer may read it, and it reads none (issue 41)."""
    tree = ast.parse((ROOT / "oracle" / "steps.py").read_text(encoding="utf-8"))
    relative = [n for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.level > 0]
    assert not relative and not [n for n in _imported_names(tree) if n.split(".")[0] == "oracle"]
