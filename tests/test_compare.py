"""The ``compare`` command: several implementations' JSON reports on one HTML page (columns
per implementation; levels, editions and rule parts as rows) and a shields-style badge per
implementation and level, read as a person would in headless Chromium."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.test_reports_html import Node, chromium_binary, parse, png_pixels, run_chromium

ROOT = Path(__file__).resolve().parents[1]


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "conformance_suite", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=600)


@pytest.fixture(scope="module")
def reports(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """Two real reports of the 301 scenarios: the reference, and the no_reroll_on_tie mutant
    (which fails some of them)."""
    d = tmp_path_factory.mktemp("compare")
    good, bad = d / "reference.json", d / "mutant.json"
    _cli("run", "--in-process", "--rules", "301", "-q", "--report-json", str(good))
    _cli("run", "--in-process", "--mutant", "no_reroll_on_tie", "--rules", "301", "-q", "--report-json", str(bad))
    return good, bad


def _columns(root: Node) -> list[str]:
    first = root.find_all("table")[0]
    return [th.text() for th in first.find_all("tr")[0].find_all("th")[1:]]


def test_page_has_a_column_per_report_and_rows_for_levels_editions_parts(reports: tuple[Path, Path],
                                                                          tmp_path: Path) -> None:
    """One column per report (the same implementation twice is told apart by #2), a row per
    level with passed/judged, rows for every run, each edition and each rule part; a column
    with failures is red where they are, the reference's is green."""
    good, bad = reports
    out = tmp_path / "site"
    proc = _cli("compare", str(good), str(bad), "--out", str(out))
    assert proc.returncode == 0, proc.stderr
    page = (out / "index.html").read_text(encoding="utf-8")
    root = parse(page)
    cols = _columns(root)
    assert len(cols) == 2 and str(good) in cols[0] and str(bad) in cols[1]
    assert "#2" in cols[1] and "#2" not in cols[0], cols  # both are the reference in process
    rows = [tr.find_all("th")[0].text() for tr in root.find_all("table")[1].find_all("tr")[1:]]
    assert rows[0] == "every run" and {"edition A", "edition C", "edition R15"} <= set(rows)
    assert any(r.startswith("Part 3 — 301") for r in rows)
    data = json.loads(good.read_text(encoding="utf-8"))
    core = data["levels"]["core"]["passed"]
    level_rows = root.find_all("table")[0].find_all("tr")[1:]
    assert level_rows[0].find_all("td")[0].text() == f"{core}/{core}"
    assert "good" in level_rows[0].find_all("td")[0].classes and "bad" in level_rows[0].find_all("td")[1].classes


def test_badges_per_implementation_and_level(reports: tuple[Path, Path], tmp_path: Path) -> None:
    """A badge per implementation and level: an SVG saying the level and passed/judged, green
    when nothing failed at that level, red otherwise."""
    good, bad = reports
    out = tmp_path / "site"
    assert _cli("compare", str(good), str(bad), "--out", str(out)).returncode == 0
    badges = sorted((out / "badges").glob("*.svg"))
    assert len(badges) == 6, [b.name for b in badges]
    cores = [b for b in badges if b.name.endswith("-core.svg")]
    texts = [b.read_text(encoding="utf-8") for b in cores]
    assert all(t.startswith("<svg xmlns='http://www.w3.org/2000/svg'") and "berserk core" in t for t in texts)
    assert sum("#4c1" in t for t in texts) == 1 and sum("#e05d44" in t for t in texts) == 1
    # issue 44, item 10: the badge says of how many runs, so a part of the suite is not read as the whole
    totals = {json.loads(p.read_text(encoding="utf-8"))["summary"]["total"] for p in (good, bad)}
    assert all(any(f" of {n}<" in t or f" of {n}" in t for n in totals) for t in texts), texts


def test_a_level_not_claimed_has_a_grey_badge_that_says_so(reports: tuple[Path, Path], tmp_path: Path) -> None:
    """Found on the fresh-clone walk of issue 44: the Node skeleton claims core only, and its
    page marks citations and events "not claimed", but their badges were green ("berserk
    events 16/16 of 2017"), ready to claim them in a README.  Such a badge is grey and says
    "not claimed"; the claimed level's badge stays green."""
    good, _ = reports
    data = json.loads(good.read_text(encoding="utf-8"))
    data.setdefault("server_info", {})["levels"] = ["core"]
    data["server_info"]["implementation"] = "core-only"
    report = tmp_path / "core-only.json"
    report.write_text(json.dumps(data), encoding="utf-8")
    out = tmp_path / "site"
    assert _cli("compare", str(report), "--out", str(out)).returncode == 0
    core = (out / "badges" / "core-only-core.svg").read_text(encoding="utf-8")
    events = (out / "badges" / "core-only-events.svg").read_text(encoding="utf-8")
    assert "#4c1" in core and "not claimed" not in core
    assert "#4c1" not in events and "#9f9f9f" in events and "of " in events and ", not claimed<" in events


def test_badge_names_leave_out_versions() -> None:
    """A badge's file name without the versions of the implementation's name (a README's link
    survives a release), plus the old full name when it differs; two versions of one
    implementation compared keep only their full names."""
    from conformance_suite.compare import badge_names, stable_slug

    assert stable_slug("berserk-oracle node-skeleton 0.1.0") == "berserk-oracle-node-skeleton"
    assert stable_slug("mine/v2.0.1-rc1 (Go)") == "mine-Go"
    assert stable_slug("berserk-oracle reference (Python)") == "berserk-oracle-reference-Python"
    assert stable_slug("engine2 build 1.2.3 #2") == "engine2-build-2"
    assert badge_names(["mine 1.2.3", "other"]) == [["mine", "mine-1.2.3"], ["other"]]
    assert badge_names(["mine 1.2.3", "mine 1.3.0"]) == [["mine-1.2.3"], ["mine-1.3.0"]]


def test_badges_keep_their_file_names_across_versions(reports: tuple[Path, Path], tmp_path: Path) -> None:
    """Reports of an implementation that names its version: the badges are written under the
    version-free name (the same file name for 0.1.0 and 0.2.0) and under the old name."""
    good, _ = reports
    data = json.loads(good.read_text(encoding="utf-8"))
    names = []
    for version in ("0.1.0", "0.2.0"):
        data.setdefault("server_info", {})["implementation"] = f"mine {version}"
        report = tmp_path / f"mine-{version}.json"
        report.write_text(json.dumps(data), encoding="utf-8")
        out = tmp_path / f"site-{version}"
        assert _cli("compare", str(report), "--out", str(out)).returncode == 0
        names.append(sorted(p.name for p in (out / "badges").glob("*.svg")))
        assert (out / "badges" / "mine-core.svg").read_text() == (out / "badges" / f"mine-{version}-core.svg").read_text()
    stable = [n for n in names[0] if "0.1.0" not in n]
    assert stable == [n for n in names[1] if "0.2.0" not in n] and "mine-core.svg" in stable


def test_a_file_that_is_not_a_report_is_exit_2(tmp_path: Path) -> None:
    """A file that is not JSON, or JSON without scenarios, is refused naming the file (exit 2)."""
    junk = tmp_path / "junk.json"
    junk.write_text("{", encoding="utf-8")
    proc = _cli("compare", str(junk), "--out", str(tmp_path / "x"))
    assert proc.returncode == 2 and "junk.json: not a readable JSON report" in proc.stderr
    other = tmp_path / "other.json"
    other.write_text('{"a": 1}', encoding="utf-8")
    proc = _cli("compare", str(other), "--out", str(tmp_path / "x"))
    assert proc.returncode == 2 and "not a conformance report" in proc.stderr


def test_headless_chromium_renders_the_comparison(reports: tuple[Path, Path], tmp_path: Path) -> None:
    """Headless Chromium renders the page: not blank, with the green of passing cells and the
    red of failing ones, and the DOM it parsed has both tables and the inline badges."""
    binary = chromium_binary()
    if binary is None:
        pytest.skip("no Chromium binary (chromium, chromium-browser, google-chrome) on PATH")
    good, bad = reports
    out = tmp_path / "site"
    assert _cli("compare", str(good), str(bad), "--out", str(out)).returncode == 0
    shot = tmp_path / "page.png"
    proc = run_chromium(binary, tmp_path / "profile", f"--screenshot={shot}", "--window-size=1000,900",
                        (out / "index.html").as_uri())
    assert shot.exists(), proc.stderr[-2000:]
    _, _, rows = png_pixels(shot)
    colours: dict[bytes, int] = {}
    for row in rows[::4]:
        for x in range(0, len(row), 12):
            c = row[x : x + 3]
            colours[c] = colours.get(c, 0) + 1
    assert len(colours) > 20
    assert colours.get(bytes((0xD9, 0xF2, 0xDD)), 0) > 0, "no green cell on screen"
    assert colours.get(bytes((0xF7, 0xD4, 0xD2)), 0) > 0, "no red cell on screen"
    dom = run_chromium(binary, tmp_path / "profile", "--dump-dom", (out / "index.html").as_uri())
    root: Any = parse(dom.stdout)
    assert len(root.find_all("table")) == 2 and root.find_all("svg")
