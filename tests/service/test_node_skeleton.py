"""The Node.js skeleton server (examples/node-skeleton), a third-party implementation written
from PROTOCOL.md alone, passes the conformance suite on everything it declares (edition C,
capabilities setup and turn_start, level core), and the suite reports everything else as
unsupported."""

from __future__ import annotations

import json
import selectors
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
SKELETON_DIR = ROOT / "examples" / "node-skeleton"
START_TIMEOUT = 30.0
SUITE_TIMEOUT = 900.0
DECLARED = {"setup", "turn_start"}
OTHER_CAPABILITIES = {
    "strike_attack",
    "activated_abilities",
    "card_play",
    "end_turn",
    "triggered_abilities",
    "transcripts",
}


def _ensure_node_modules() -> str:
    """The `node` command, once examples/node-skeleton/node_modules is installed (`npm ci`)."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None:
        pytest.skip("Node skeleton skipped: the `node` command is not installed")
    modules = SKELETON_DIR / "node_modules" / "@grpc"
    if (modules / "grpc-js").is_dir() and (modules / "proto-loader").is_dir():
        return node
    if npm is None:
        pytest.skip("Node skeleton skipped: `npm` is not installed and examples/node-skeleton/node_modules is missing")
    try:
        proc = subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=SKELETON_DIR, capture_output=True,
                              text=True, timeout=300)
    except subprocess.TimeoutExpired:
        pytest.skip("Node skeleton skipped: `npm ci` timed out (no network?)")
    if proc.returncode != 0:
        pytest.skip(f"Node skeleton skipped: `npm ci` failed (no network?): {proc.stderr.strip()[-500:]}")
    return node


def _wait_for_address(proc: subprocess.Popen[str]) -> str:
    """The HOST:PORT of the server's `listening on HOST:PORT` line, waiting up to START_TIMEOUT."""
    assert proc.stdout is not None
    selector = selectors.DefaultSelector()
    selector.register(proc.stdout, selectors.EVENT_READ)
    deadline = time.monotonic() + START_TIMEOUT
    try:
        while (left := deadline - time.monotonic()) > 0 and selector.select(timeout=left):
            line = proc.stdout.readline()
            if not line:
                break  # the server exited
            if line.startswith("listening on "):
                return line.split()[-1]
    finally:
        selector.close()
    raise AssertionError(f"the skeleton server printed no `listening on` line within {START_TIMEOUT} s")


@pytest.fixture(scope="module")
def skeleton_address(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`node server.js --port 0` running; its address. The server is stopped afterwards."""
    node = _ensure_node_modules()
    log = tmp_path_factory.mktemp("node-skeleton") / "server.log"
    with log.open("w", encoding="utf-8") as stderr:
        proc = subprocess.Popen([node, "server.js", "--port", "0"], cwd=SKELETON_DIR, stdout=subprocess.PIPE,
                                stderr=stderr, text=True)
        try:
            yield _wait_for_address(proc)
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
            if proc.stdout is not None:
                proc.stdout.close()


@pytest.fixture(scope="module")
def suite_run(skeleton_address: str, tmp_path_factory: pytest.TempPathFactory) -> tuple[int, dict[str, Any], str]:
    """The whole conformance suite run against the skeleton: exit code, JSON report, output."""
    report = tmp_path_factory.mktemp("node-skeleton-suite") / "report.json"
    proc = subprocess.run([sys.executable, "-m", "conformance_suite", "run", "--target", skeleton_address,
                           "--report-json", str(report)], cwd=ROOT, capture_output=True, text=True,
                          timeout=SUITE_TIMEOUT)
    assert report.is_file(), f"no JSON report; suite output:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
    data: dict[str, Any] = json.loads(report.read_text(encoding="utf-8"))
    return proc.returncode, data, proc.stdout + proc.stderr


def _runs(report: dict[str, Any]) -> list[dict[str, Any]]:
    runs: list[dict[str, Any]] = report["scenarios"]
    return runs


def test_suite_exits_zero(suite_run: tuple[int, dict[str, Any], str]) -> None:
    """The suite exits 0 against the skeleton: nothing failed or errored at the levels that count."""
    code, _, output = suite_run
    assert code == 0, output[-3000:]


def test_runs_pass_and_none_fails(suite_run: tuple[int, dict[str, Any], str]) -> None:
    """At least one run passes, no run fails or errors, and every run that is not unsupported
    passes (all of them in edition C, the skeleton's only edition)."""
    _, report, _ = suite_run
    runs = _runs(report)
    passed = [r for r in runs if r["outcome"] == "passed"]
    assert passed, "no run passed"
    assert all(r["edition"] == "C" for r in passed)
    wrong = [f"{r['id']}[{r['edition']}]: {r['outcome']}: {r['message'][:300]}" for r in runs
             if r["outcome"] not in ("passed", "unsupported")]
    assert not wrong, "\n".join(wrong)
    assert report["summary"]["failed"] == 0 and report["summary"]["error"] == 0


def test_everything_else_is_unsupported_with_the_reason(suite_run: tuple[int, dict[str, Any], str]) -> None:
    """Runs of editions A and B are unsupported naming their edition; unsupported runs of edition
    C name a capability the skeleton does not declare (never one it declares as missing)."""
    _, report, _ = suite_run
    runs = _runs(report)
    other_editions = [r for r in runs if r["edition"] in ("A", "B")]
    assert other_editions, "the suite ran no scenario of editions A or B"
    for run in other_editions:
        assert run["outcome"] == "unsupported", run
        assert f"edition {run['edition']}" in run["message"], run["message"]
    unsupported_c = [r for r in runs if r["edition"] == "C" and r["outcome"] == "unsupported"]
    assert unsupported_c, "every scenario of edition C ran"
    for run in unsupported_c:
        message: str = run["message"]
        assert any(cap in message for cap in OTHER_CAPABILITIES), message
        missing = message.split(":", 1)[-1]
        assert not any(f"{cap} (" in missing for cap in DECLARED), message


def test_levels_and_declaration(suite_run: tuple[int, dict[str, Any], str]) -> None:
    """Only the level the skeleton claims counts (`options.levels` is ["core"]), and the report
    records its declaration: edition C with the capabilities setup and turn_start."""
    _, report, _ = suite_run
    assert report["options"]["levels"] == ["core"]
    info = report["server_info"]
    assert info["editions"] == ["C"]
    assert info["levels"] == ["core"]
    support: dict[str, list[str]] = info["support"]
    assert {edition: sorted(caps) for edition, caps in support.items()} == {"C": sorted(DECLARED)}


def test_fuzzer_checks_the_skeleton_within_its_capabilities(skeleton_address: str) -> None:
    """Lock-step fuzzing against the skeleton plays only edition C, checks every setup
    decision and each game's start, ends each game where the skeleton declares nothing,
    and finds no divergence (exit 0)."""
    proc = subprocess.run(
        [sys.executable, "-m", "conformance_suite", "fuzz", "--target", skeleton_address, "--games", "5",
         "--seed", "1", "--no-write", "-q"],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    assert "no divergence in 5 games" in proc.stdout
    assert "5 games ended where the target declares no capability" in proc.stdout


def test_readme_figures_are_those_of_a_run(suite_run: tuple[int, dict[str, Any], str]) -> None:
    """The table of examples/node-skeleton/README.md ("The last suite run") holds the figures
    of this run: runs, passed, unsupported, failed, error; and what the README says of the
    levels it does not claim holds: no citation or event expectation failed."""
    import re

    _, report, _ = suite_run
    readme = (SKELETON_DIR / "README.md").read_text(encoding="utf-8")
    section = readme.split("### The last suite run", 1)[1]
    row = re.search(r"^\| (\d+) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \|$", section, flags=re.M)
    assert row, "the README has no figures row"
    s = report["summary"]
    ran = (s["total"], s["passed"], s["unsupported"], s["failed"], s["error"])
    assert tuple(int(x) for x in row.groups()) == ran, f"README says {row.groups()}, the run gave {ran}: update it"
    for level in ("citations", "events"):
        assert report["levels"][level].get("failed", 0) == 0, (level, report["levels"][level])
