"""The GitHub Actions job of docs/CI.md runs: its shell steps, taken from the document, are
run in order with bash against the reference served from this repository, so the recipe
cannot rot."""

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
CI_MD = ROOT / "docs" / "CI.md"
BIN = Path(sys.executable).parent


@dataclass
class Step:
    """One step of the job: its name, ``uses`` action or ``run`` script, ``if`` condition."""

    name: str = ""
    uses: str = ""
    run: str = ""
    condition: str = ""
    keys: dict[str, str] = field(default_factory=dict)


@dataclass
class Job:
    """The job's environment and steps."""

    env: dict[str, str]
    steps: list[Step]


def _scalar(text: str) -> str:
    """A YAML scalar as written in the recipe: quoted or plain, with an optional comment."""
    text = text.strip()
    if text[:1] in "\"'":
        quote = text[0]
        return text[1 : text.index(quote, 1)]
    return re.sub(r"\s+#.*$", "", text)


def github_job(markdown: str) -> Job:
    """The env and steps of the (single) job in the first ```yaml block of the "GitHub
    Actions" section. A small reader for the subset of YAML the recipe uses (mappings,
    the step list, ``run: |`` blocks), so that the test needs no YAML library."""
    section = markdown.split("## GitHub Actions", 1)[1]
    block = re.search(r"```yaml\n(.*?)```", section, flags=re.S)
    assert block, "docs/CI.md has a yaml block in its GitHub Actions section"
    lines = block.group(1).splitlines()
    env: dict[str, str] = {}
    steps: list[Step] = []
    i = 0
    where = ""
    while i < len(lines):
        line = lines[i]
        indent = len(line) - len(line.lstrip(" "))
        stripped = line.strip()
        i += 1
        if not stripped or stripped.startswith("#"):
            continue
        if indent == 4:
            where = stripped.rstrip(":")
            continue
        if where == "env" and indent == 6:
            key, value = stripped.split(":", 1)
            env[key] = _scalar(value)
        elif where == "steps" and indent >= 6:
            if indent == 6 and stripped.startswith("- "):
                steps.append(Step())
                stripped = stripped[2:]
            elif indent != 8:
                continue  # the `with:` mapping of an action
            key, _, value = stripped.partition(":")
            value = value.strip()
            step = steps[-1]
            if value == "|":
                body = []
                while i < len(lines) and (not lines[i].strip() or lines[i].startswith(" " * 10)):
                    body.append(lines[i][10:])
                    i += 1
                value = "\n".join(body).strip() + "\n"
            else:
                value = _scalar(value) if value else ""
            step.keys[key] = value
            if key == "name":
                step.name = value
            elif key == "uses":
                step.uses = value
            elif key == "run":
                step.run = value
            elif key == "if":
                step.condition = value
    return Job(env, steps)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def test_reader_sees_the_whole_job() -> None:
    """The recipe's job has the documented variables and the steps a CI engineer needs: a
    target started from $TARGET_START, the suite with levels, known failures, JUnit and the
    reports, the target started by the suite itself (``-- $TARGET_START``), an artifact upload
    and a JUnit publisher that run even when the suite fails."""
    job = github_job(CI_MD.read_text(encoding="utf-8"))
    assert {"BERSERK_ORACLE", "TARGET", "TARGET_START", "LEVELS", "KNOWN_FAILURES", "REPORTS"} <= set(job.env)
    runs = "\n".join(s.run for s in job.steps)
    for needle in ("$TARGET_START", "berserk-conformance run", "--levels", "--known-failures", "--junitxml",
                   "--report-html", "--report-json", "--wait", '-- sh -c "$TARGET_START"'):
        assert needle in runs, needle
    uses = {s.uses.split("@")[0]: s for s in job.steps if s.uses}
    assert uses["actions/upload-artifact"].condition == "always()"
    assert any("junit" in name for name in uses)
    assert all(s.condition == "always()" for s in job.steps[[*job.steps].index(uses["actions/upload-artifact"]):])


def test_github_job_runs_locally(tmp_path: Path) -> None:
    """Every ``run:`` step of the GitHub job, except the install (the test runs in this
    repository's environment; tests/test_distribution.py installs the wheel), runs with
    ``bash -eo pipefail`` in a fresh folder holding a known-failures file, with the job's
    env (TARGET and TARGET_START on a free port): the reference starts, the suite passes,
    the JUnit file names the suite and holds every scenario run, the JSON report counted
    only the core level, the HTML report is written, and the suite, which started the server
    from $TARGET_START, stopped it: nothing listens on the port afterwards."""
    job = github_job(CI_MD.read_text(encoding="utf-8"))
    for tool in ("berserk-oracle", "berserk-conformance"):
        assert (BIN / tool).exists(), f"{tool} is not installed beside {sys.executable}: pip install -e ."
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("ORACLE_AUTH_TOKEN", "CONFORMANCE_TOKEN")}
    env.update(job.env)
    assert job.env["TARGET_START"] == "berserk-oracle serve --port 50051"
    env["TARGET"] = f"127.0.0.1:{port}"
    env["TARGET_START"] = f"PORT={port} && berserk-oracle serve --port \"$PORT\""  # a shell command line (issue 44)
    env["PATH"] = f"{BIN}{os.pathsep}{env.get('PATH', '')}"
    known = tmp_path / job.env["KNOWN_FAILURES"]
    known.parent.mkdir(parents=True)
    known.write_text("# scenario_id[edition] the target is known to fail; none for the reference\n", encoding="utf-8")
    ran: list[str] = []
    for step in job.steps:
        if step.uses or not step.run:
            continue
        if "pip install" in step.run:
            assert step.run.strip() == 'python -m pip install "$BERSERK_ORACLE"'
            continue
        proc = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step.run],
                              cwd=tmp_path, env=env, capture_output=True, text=True, timeout=900)
        assert proc.returncode == 0, f"step {step.name!r} exited {proc.returncode}:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
        ran.append(step.name)
        if "berserk-conformance run" in step.run:
            assert f"the target answers at {env['TARGET']}" in proc.stderr, proc.stderr[-2000:]
            assert "stopped the target" in proc.stderr
    assert ran == ["Run the conformance suite"]
    reports = tmp_path / job.env["REPORTS"]
    suite = ET.parse(reports / "junit.xml").getroot()
    suite = suite if suite.tag == "testsuite" else suite.find("testsuite")  # type: ignore[assignment]
    assert suite is not None and suite.get("name") == "berserk-conformance"
    assert int(suite.get("tests", "0")) > 100
    assert suite.get("failures") == "0" and suite.get("errors") == "0"
    report = json.loads((reports / "report.json").read_text(encoding="utf-8"))
    assert report["options"]["levels"] == ["core"]
    assert (reports / "report.html").read_text(encoding="utf-8").lstrip().lower().startswith("<!doctype html")
    with socket.socket() as s:  # the suite stopped the server it started
        s.settimeout(1)
        assert s.connect_ex(("127.0.0.1", port)) != 0, "the target still listens after the job"




def test_the_release_job_of_this_page_is_the_repository_s() -> None:
    """Issue 44, item 10: docs/CI.md cites ``.github/workflows/release.yml`` as this
    repository's release job; the file is there and is the YAML the page shows."""
    text = CI_MD.read_text(encoding="utf-8")
    section = text[text.index("## Releasing (this repository)"):]
    start = section.index("```yaml\n") + len("```yaml\n")
    shown = section[start:section.index("\n```", start)] + "\n"
    assert (ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8") == shown
