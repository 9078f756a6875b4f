"""The composite GitHub Action (.github/actions/conformance/action.yml) runs: its shell steps,
read from the file, run in order with bash against the reference served from this repository,
with the action's inputs substituted as GitHub would, so the action cannot rot."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ACTION = ROOT / ".github" / "actions" / "conformance" / "action.yml"
BIN = Path(sys.executable).parent


@dataclass
class Step:
    """One step of the action: name, shell, env, run script, uses, if."""

    keys: dict[str, str] = field(default_factory=dict)
    env: dict[str, str] = field(default_factory=dict)
    with_: dict[str, str] = field(default_factory=dict)


def _scalar(text: str) -> str:
    text = text.strip()
    if text[:1] in "\"'":
        return text[1 : text.index(text[0], 1)]
    return text


def read_action(text: str) -> tuple[dict[str, str], list[Step]]:
    """The inputs (name -> default, "" when none) and the steps of the composite action: a
    small reader for the subset of YAML the file uses, so the test needs no YAML library."""
    lines = text.splitlines()
    inputs: dict[str, str] = {}
    steps: list[Step] = []
    section, current_input, sub = "", "", ""
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        indent = len(line) - len(line.lstrip())
        stripped = line.strip()
        if indent == 0:
            section = stripped.split(":", 1)[0]
            continue
        if section == "inputs":
            if indent == 2:
                current_input = stripped.rstrip(":")
                inputs[current_input] = ""
            elif indent == 4 and stripped.startswith("default:"):
                inputs[current_input] = _scalar(stripped.split(":", 1)[1])
        elif section == "runs":
            if indent == 4 and stripped.startswith("- "):
                steps.append(Step())
                stripped, indent = stripped[2:], 6
            if not steps or indent < 6:
                continue
            step = steps[-1]
            key, _, value = stripped.partition(":")
            value = value.strip()
            if indent == 6:
                sub = key
                if value == "|":
                    body = []
                    while i < len(lines) and (not lines[i].strip() or lines[i].startswith(" " * 8)):
                        body.append(lines[i][8:])
                        i += 1
                    value = "\n".join(body).strip() + "\n"
                step.keys[key] = _scalar(value) if value and value != "|" and not value.endswith("\n") else value
            elif indent == 8 and sub == "env":
                step.env[key] = value
            elif indent == 8 and sub == "with":
                step.with_[key] = value
    return inputs, steps


def _substitute(text: str, inputs: dict[str, str]) -> str:
    """``${{ inputs.NAME }}`` replaced as GitHub does (the value as text)."""
    return re.sub(r"\$\{\{\s*inputs\.([A-Za-z0-9_-]+)\s*\}\}", lambda m: inputs[m.group(1)], text)


def test_action_declares_inputs_and_steps() -> None:
    """The action is composite: it installs the suite from ``package``, runs it against the
    command ``target-start`` (the suite starts and stops it) with levels, known failures and
    flaky runs, JUnit, JSON and HTML reports, and uploads the reports even when the suite
    fails."""
    text = ACTION.read_text(encoding="utf-8")
    assert "using: composite" in text
    inputs, steps = read_action(text)
    assert {"package", "target-start", "target", "levels", "known-failures", "known-flaky", "reports"} <= set(inputs)
    names = [s.keys.get("name") for s in steps]
    assert names == ["Install the conformance suite", "Run the conformance suite", "Upload the reports"]
    assert steps[0].keys["run"] == 'python -m pip install "$PACKAGE"'
    run = steps[1].keys["run"]
    for needle in ("berserk-conformance run", '-- sh -c "$TARGET_START"', "--junitxml", "--report-json", "--report-html",
                   "--known-failures", "--known-flaky", "--levels", "--wait"):
        assert needle in run, needle
    assert steps[2].keys["uses"].startswith("actions/upload-artifact@") and "always()" in steps[2].keys["if"]
    assert all(s.keys.get("shell") == "bash" for s in steps if "run" in s.keys)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def test_action_runs_locally(tmp_path: Path) -> None:
    """The action's run step, with its inputs substituted (the reference started by the
    suite on a free port, its address read from what it prints, a known-failures file
    present), runs with bash in a fresh folder: the suite passes, and the JUnit, JSON and HTML
    reports are written where ``reports`` says; the server is stopped afterwards. The install
    step is not run (the test runs in this repository's environment; tests/test_distribution.py
    installs the wheel)."""
    inputs, steps = read_action(ACTION.read_text(encoding="utf-8"))
    port = _free_port()
    # a shell command line (issue 44, item 4): a variable assignment, && and quotes
    inputs.update({"package": "unused", "target-start": f"PORT={port} && cd . && berserk-oracle serve --port \"$PORT\"",
                   "target": ""})
    known = tmp_path / inputs["known-failures"]
    known.parent.mkdir(parents=True)
    known.write_text("# none for the reference\n", encoding="utf-8")
    step = steps[1]
    env = {k: v for k, v in os.environ.items() if k not in ("ORACLE_AUTH_TOKEN", "CONFORMANCE_TOKEN")}
    env["PATH"] = f"{BIN}{os.pathsep}{env.get('PATH', '')}"
    env.update({k: _substitute(v, inputs) for k, v in step.env.items()})
    proc = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step.keys["run"]],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    assert f"the target answers at 127.0.0.1:{port}" in proc.stderr and "stopped the target" in proc.stderr
    reports = tmp_path / inputs["reports"]
    suite = ET.parse(reports / "junit.xml").getroot()
    suite = suite if suite.tag == "testsuite" else suite.find("testsuite")  # type: ignore[assignment]
    assert suite is not None and int(suite.get("tests", "0")) > 100 and suite.get("failures") == "0"
    report = json.loads((reports / "report.json").read_text(encoding="utf-8"))
    assert report["options"]["levels"] == ["core"] and report["options"]["known_failures"]
    assert (reports / "report.html").exists()
    with socket.socket() as s:
        s.settimeout(1)
        assert s.connect_ex(("127.0.0.1", port)) != 0
