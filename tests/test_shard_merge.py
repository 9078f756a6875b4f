"""``run --shard K/N`` and ``merge`` (issue 44): a slow implementation's run spread over
machines, one part each, and put back together as one report."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from conformance_suite.runner import in_shard

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep)}
MINI = ROOT / "tests" / "fixtures" / "scenarios"
SELECT = ("--in-process", "--rules", "301-304")


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "conformance_suite", *args], cwd=ROOT, env=ENV, capture_output=True,
                          text=True, timeout=600)


def _report(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def _keys(report: Any) -> list[str]:
    return [f"{r['id']}[{r['edition']}]" for r in report["scenarios"]]


@pytest.fixture(scope="module")
def parts(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Path]]:
    """The whole run of a selection and its three parts, each a JSON report."""
    d = tmp_path_factory.mktemp("shards")
    whole = d / "whole.json"
    assert cli("run", *SELECT, "--report-json", str(whole), "-q").returncode == 0
    out = []
    for k in (1, 2, 3):
        part = d / f"part{k}.json"
        proc = cli("run", *SELECT, "--shard", f"{k}/3", "--report-json", str(part), "-q")
        assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
        out.append(part)
    return whole, out


def test_the_parts_split_the_run(parts: tuple[Path, list[Path]]) -> None:
    """Every run of the whole is in exactly one part, every edition of a scenario in the same
    part, each part holds some, and a part records its shard."""
    whole, pieces = parts
    keys = [_keys(_report(p)) for p in pieces]
    assert all(keys) and sorted(k for ks in keys for k in ks) == sorted(_keys(_report(whole)))
    for k, ks in enumerate(keys, start=1):
        assert all(in_shard(key.split("[")[0], f"{k}/3") for key in ks)
        assert _report(pieces[k - 1])["options"]["shard"] == f"{k}/3"


def test_the_merged_report_is_the_whole_run(parts: tuple[Path, list[Path]], tmp_path: Path) -> None:
    """``merge`` of the three parts gives the whole run's runs and summaries (outcomes, levels,
    rule parts, rules), its exit code, and an HTML page."""
    whole, pieces = parts
    merged, page = tmp_path / "merged.json", tmp_path / "merged.html"
    proc = cli("merge", *map(str, pieces), "--report-json", str(merged), "--report-html", str(page))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    got, want = _report(merged), _report(whole)
    assert sorted(_keys(got)) == sorted(_keys(want))
    for key in ("summary", "levels", "parts", "rules", "exit_code", "target"):
        assert got[key] == want[key], key
    assert got["options"]["shard"] == "" and page.read_text(encoding="utf-8").lstrip().lower().startswith("<!doctype")


def test_merge_refuses_parts_that_do_not_fit(parts: tuple[Path, list[Path]], tmp_path: Path) -> None:
    """A missing part, a part given twice and a part of another selection are refused, exit 2,
    naming what is wrong."""
    _, pieces = parts
    missing = cli("merge", str(pieces[0]), str(pieces[1]))
    assert missing.returncode == 2 and "parts 3/3 are missing" in missing.stderr
    twice = cli("merge", str(pieces[0]), str(pieces[0]), str(pieces[1]), str(pieces[2]))
    assert twice.returncode == 2 and "given twice" in twice.stderr
    other = tmp_path / "other.json"
    assert cli("run", "--in-process", "--rules", "305", "--shard", "3/3", "--report-json", str(other), "-q").returncode == 0
    mixed = cli("merge", str(pieces[0]), str(pieces[1]), str(other))
    assert mixed.returncode == 2 and "options" in mixed.stderr


def test_a_failing_part_fails_the_merged_run(tmp_path: Path) -> None:
    """With a mutant, the parts' failures make the merged exit code 1, as the whole run's."""
    pieces = []
    for k in (1, 2):
        p = tmp_path / f"p{k}.json"
        cli("run", "--in-process", "--mutant", "no_coin_cap", "--scenarios", str(MINI), "--shard", f"{k}/2",
            "--report-json", str(p), "-q")
        pieces.append(p)
    proc = cli("merge", *map(str, pieces))
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "2 unexpected" in proc.stdout


@pytest.mark.parametrize("bad", ["0/3", "4/3", "2", "a/b"])
def test_a_bad_shard_is_a_usage_error(bad: str) -> None:
    proc = cli("run", "--in-process", "--shard", bad)
    assert proc.returncode == 2 and f"--shard {bad}:" in proc.stderr
