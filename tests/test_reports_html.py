"""Tests of the HTML report (``conformance_suite/report_html.py``, ``render_html``): a page a
person can read with hundreds of failures.

Most tests read the page of a real run with many failures: the reference engine in process
with the ``lifo_queue`` mutant (the Queue resolves last-in first-out), written through the
command line as a user would.  A few build small reports by hand to pin one behaviour
(message deduplication, known failures, unsupported runs, a form-1 report).  The last test
opens the page in headless Chromium, takes a screenshot and reads back the DOM; it is
skipped only when no Chromium binary is installed (Debian: ``apt-get install chromium``).
"""

from __future__ import annotations

import json
import os
import shutil
import struct
import subprocess
import sys
import zlib
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from conformance_suite.report_html import render_html
from conformance_suite.report_json import (
    PARTS,
    ReportOptions,
    RunRecord,
    build_json_report,
    part_summary,
    rule_part,
)
from conformance_suite.targets import ServerInfo

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep)}
#: The page of the lifo_queue run must stay under this many bytes per failing run: the page
#: is mostly the failing runs, whose number grows with the suite.  (The scenario descriptions
#: name their test cards since pool-2, docs/CARDS.md, and since edition R15 most scenarios
#: run, and fail under the mutant, in four editions: 114 failing runs in 30 scenarios made a
#: page of 288 KB, 2.5 KB a run; an event-order mismatch is shown as two aligned columns, the
#: expected events beside the target's, since issue 23: about 370 KB; 150 failing runs made
#: 420 KB, 2.8 KB a run, in issue 24; the page before grouping was about 4.4 KB a run.)
SIZE_PER_FAILING_RUN = 3_000


# --- a small DOM ------------------------------------------------------------------------

_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class Node:
    """An element of a parsed page: tag, attributes, children and its own text."""

    def __init__(self, tag: str, attrs: dict[str, str], parent: Node | None) -> None:
        self.tag, self.attrs, self.parent = tag, attrs, parent
        self.items: list[Node | str] = []  # child elements and text, in document order

    @property
    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())

    @property
    def children(self) -> list[Node]:
        return [i for i in self.items if isinstance(i, Node)]

    def text(self) -> str:
        """All the text inside the element, in document order."""
        return "".join(i if isinstance(i, str) else i.text() for i in self.items)

    def iter(self) -> list[Node]:
        """This element and every element inside it, in document order."""
        out = [self]
        for c in self.children:
            out += c.iter()
        return out

    def find_all(self, tag: str, cls: str = "") -> list[Node]:
        return [n for n in self.iter() if n.tag == tag and (not cls or cls in n.classes)]


class _TreeBuilder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#document", {}, None)
        self.cur = self.root

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, {k: v or "" for k, v in attrs}, self.cur)
        self.cur.items.append(node)
        if tag not in _VOID:
            self.cur = node

    def handle_endtag(self, tag: str) -> None:
        n: Node | None = self.cur
        while n is not None and n.tag != tag:
            n = n.parent
        if n is not None and n.parent is not None:
            self.cur = n.parent

    def handle_data(self, data: str) -> None:
        self.cur.items.append(data)


def parse(page: str) -> Node:
    """The element tree of an HTML page."""
    b = _TreeBuilder()
    b.feed(page)
    b.close()
    return b.root


def by_id(root: Node) -> dict[str, Node]:
    return {n.attrs["id"]: n for n in root.iter() if "id" in n.attrs}


def failure_blocks(root: Node) -> list[Node]:
    return root.find_all("details", "failure")


def summary_of(block: Node) -> Node:
    return next(c for c in block.children if c.tag == "summary")


def summary_text(block: Node) -> str:
    return summary_of(block).text()


def block_sid(block: Node) -> str:
    """The scenario id a failure block names in its summary."""
    return summary_of(block).find_all("span", "sid")[0].text()


# --- reports ----------------------------------------------------------------------------


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    """``python -m conformance_suite ARGS`` from the repository root."""
    return subprocess.run(
        [sys.executable, "-m", "conformance_suite", *args], cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=600
    )


@pytest.fixture(scope="module")
def lifo(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], Path]:
    """The JSON report and HTML page of the whole suite in process with the lifo_queue mutant."""
    d = tmp_path_factory.mktemp("lifo")
    proc = cli("run", "--in-process", "--mutant", "lifo_queue",
               "--report-json", str(d / "r.json"), "--report-html", str(d / "r.html"))
    assert proc.returncode == 1, proc.stdout[-3000:] + proc.stderr[-2000:]
    report = json.loads((d / "r.json").read_text(encoding="utf-8"))
    assert report["summary"]["failed"] >= 20, report["summary"]
    return report, d / "r.html"


def record(sid: str, edition: str, rules: list[str], outcome: str = "passed", message: str = "", **kw: Any) -> RunRecord:
    """A run record as the plugin makes it (applied rules: the edition's own and R15)."""
    own = [r for r in rules if r.split(":", 1)[0] in (edition, "R15")]
    return RunRecord(id=sid, edition=edition, rules=tuple(rules), applied_rules=tuple(own), outcome=outcome, message=message,
                     rerun=f"python -m conformance_suite run --in-process --id {sid} --edition {edition}", **kw)


def report_of(records: list[RunRecord], **kw: Any) -> dict[str, Any]:
    args: dict[str, Any] = {
        "target": "in-process", "server_info": ServerInfo(implementation="x", levels=("core",)),
        "started": 0.0, "duration": 1.0, "records": records, "coverage": None, "exit_code": 1,
        "options": ReportOptions(levels=("core",)),
    }
    args.update(kw)
    return build_json_report(**args)


def test_the_coverage_rows_say_they_are_the_suites(tmp_path: Path) -> None:
    """Found on the fresh-clone walk of issue 44: a run of 44 selected runs (``--rules 301.4``)
    said "Coverage: 185 of 185 seed rules cited", read as this run's coverage; it is the suite's
    (every scenario file), and the rows now say so."""
    page_path = tmp_path / "r.html"
    proc = cli("run", "--in-process", "--rules", "301.4", "-q", "--report-html", str(page_path))
    assert proc.returncode == 0, proc.stdout[-2000:]
    rows = {tr.find_all("th")[0].text(): tr.find_all("td")[0].text()
            for tr in parse(page_path.read_text(encoding="utf-8")).find_all("tr") if tr.find_all("th") and tr.find_all("td")}
    assert "Coverage" not in rows and "R15 coverage" not in rows, sorted(rows)
    assert "seed rules cited by the suite's scenarios (all of them, not only the runs here)" in rows["Suite coverage"]
    assert "cited by a scenario of the suite under R15" in rows["Suite R15 coverage"]


# --- the page of the lifo_queue run ---------------------------------------------------------


def test_lifo_page_is_small_and_self_contained(lifo: tuple[dict[str, Any], Path]) -> None:
    """The page of the lifo_queue run (over 100 failing runs) is one file of under 3 KB per
    failing run (the page before grouping was about 4.4 KB a run), with inline CSS and no
    script, no external resource and no network address."""
    report, page_path = lifo
    page = page_path.read_text(encoding="utf-8")
    size = len(page.encode("utf-8"))
    failed = report["summary"]["failed"]
    assert failed > 100 and size < SIZE_PER_FAILING_RUN * failed, f"{size} bytes for {failed} failing runs"
    assert page.startswith("<!DOCTYPE html>") and "<style>" in page
    for banned in ("<script", "http://", "https://", "<link", "<img", "src=", "@import", "url("):
        assert banned not in page, banned


def test_one_folded_block_per_failing_scenario(lifo: tuple[dict[str, Any], Path]) -> None:
    """Failures are grouped by scenario: one folded ``<details>`` block per failing scenario
    id, whose summary names the scenario, every edition it failed under and the first line
    of its mismatch; the block holds each distinct message once and a re-run command per
    failed edition."""
    report, page_path = lifo
    root = parse(page_path.read_text(encoding="utf-8"))
    failing: dict[str, list[dict[str, Any]]] = {}
    for r in report["scenarios"]:
        if r["outcome"] in ("failed", "error", "unexpected_pass"):
            failing.setdefault(r["id"], []).append(r)
    blocks = failure_blocks(root)
    assert len(blocks) == len(failing) < report["summary"]["unexpected"]
    seen = set()
    for block in blocks:
        assert "open" not in block.attrs, "every block starts folded"
        summary = summary_text(block)
        sid = block_sid(block)
        seen.add(sid)
        runs = failing[sid]
        chips = [c.text() for c in summary_of(block).find_all("span", "ed-chip") if "failed" in c.classes]
        assert chips == sorted(r["edition"] for r in runs)
        first = next(ln.strip() for ln in runs[0]["message"].splitlines() if ln.strip())
        assert first[:100] in summary
        pres = [p.text() for p in block.find_all("pre") if "cmd" not in p.classes]
        assert sorted(pres) == sorted({r["message"] for r in runs}), sid
        rerun = next(p.text() for p in block.find_all("pre", "cmd"))
        assert sorted(rerun.splitlines()) == sorted(r["rerun"] for r in runs)
    assert seen == set(failing)


def test_red_rule_cells_link_to_a_failure_block_citing_them(lifo: tuple[dict[str, Any], Path]) -> None:
    """In the rule matrix every red cell (a run counting for the rule failed) is a link to
    the failure block of a scenario that cites the rule and failed; every ``href="#x"`` on
    the page has an element ``id="x"``."""
    report, page_path = lifo
    root = parse(page_path.read_text(encoding="utf-8"))
    ids = by_id(root)
    for a in root.find_all("a"):
        href = a.attrs.get("href", "")
        assert href.startswith("#") and href[1:] in ids, href
    red = [n for n in root.iter() if "cell" in n.classes and "failed" in n.classes]
    assert red
    cites: dict[str, set[str]] = {}
    for r in report["scenarios"]:
        if r["outcome"] == "failed":
            cites.setdefault(r["id"], set()).update(r["rules"])
    for cell in red:
        assert cell.tag == "a", f"red cell {cell.text()} is not a link"
        block = ids[cell.attrs["href"][1:]]
        assert block.tag == "details" and "failure" in block.classes
        sid = block_sid(block)
        rule_id = cell.attrs["title"].split(":", 2)
        assert f"{rule_id[0]}:{rule_id[1]}" in cites[sid]


def test_levels_and_parts_summaries(lifo: tuple[dict[str, Any], Path]) -> None:
    """The top of the page has the verdict, the declared capabilities, the verdicts of each
    conformance level (with which levels decide pass/fail) and the runs per rule part
    (passed / failed / error / unsupported), with the counts of the JSON report; each part
    links to its rows of the rule matrix, whose headings name the parts."""
    report, page_path = lifo
    page = page_path.read_text(encoding="utf-8")
    root = parse(page)
    ids = by_id(root)
    assert root.find_all("span", "verdict")[0].text() == "FAIL"
    assert "Declared capabilities" in page and "triggered_abilities" in page
    levels = next(t for t in root.find_all("table", "levels"))
    rows = {tr.children[0].text(): tr for tr in levels.find_all("tr")[1:]}
    assert set(rows) == {"core", "citations", "events"}
    heads = [th.text() for th in levels.find_all("th")]
    for lv, counts in report["levels"].items():
        cells = [td.text() for td in rows[lv].find_all("td")]
        assert cells[2] == "yes"  # all three levels count in this run
        for verdict, n in counts.items():
            assert cells[heads.index(verdict)] == str(n), (lv, verdict)
    parts = next(t for t in root.find_all("table", "parts"))
    head = [th.text() for th in parts.find_all("th")]
    assert head[:6] == ["part", "runs", "passed", "failed", "error", "unsupported"]
    prow = {tr.find_all("a")[0].text(): tr for tr in parts.find_all("tr")[1:]}
    assert set(prow) == {p["label"] for p in report["parts"].values()}
    for key, p in report["parts"].items():
        cells = [td.text() for td in prow[p["label"]].find_all("td")]
        assert cells[1] == str(p["runs"]) and cells[3] == str(p["failed"]), key
        link = prow[p["label"]].find_all("a")[0].attrs["href"][1:]
        assert ids[link].tag == "h3" and ids[link].text().startswith(PARTS[key])
    assert {"301", "302-306/310", "307-309", "401-402", "501", "R15"} <= set(report["parts"])
    assert report["parts"]["401-402"]["failed"] > 0


# --- small reports ----------------------------------------------------------------------------


def test_block_dedups_messages_and_lists_rules_of_failing_editions_once() -> None:
    """A scenario failing under A and B with the same message and passing under C gets one
    block: the message once (labelled with both editions), the rules of A, B and R15 each
    once (rules with the same text across editions in one entry), and no rule only C cites."""
    rules = ["A:309.1", "B:309.1", "C:309.1", "C:309.1.4", "R15:119.2"]
    msg = "step 1 (play card=12): event [events]\n  expected: x\n  actual:   y"
    records = [
        record("s309.1-x", "A", rules, "failed", msg, description="Spells resolve in order."),
        record("s309.1-x", "B", rules, "failed", msg, description="Spells resolve in order."),
        record("s309.1-x", "C", rules, "passed", description="Spells resolve in order."),
    ]
    root = parse(render_html(report_of(records)))
    [block] = failure_blocks(root)
    text = block.text()
    assert text.count("expected: x") == 1 and "under A (failed), B (failed)" in text
    assert "Spells resolve in order." in text
    rule_heads = [r.find_all("b")[0].text() for r in block.find_all("div", "rule")]
    assert rule_heads.count("A:309.1 = B:309.1") == 1 and rule_heads.count("R15:119.2") == 1
    assert not any("C:" in h for h in rule_heads)
    assert block_sid(block) == "s309.1-x" and summary_text(block).startswith("failed")


def test_known_failures_and_unsupported_runs_are_separate_and_folded() -> None:
    """Known failures get their own folded blocks after the failures, and a red
    rule cell links to a failure block rather than a known-failure one; unsupported runs
    are grouped by reason in folded blocks and never counted as failures."""
    rules = ["C:401.3", "R15:113.3"]
    records = [
        record("s401.3-a", "C", rules, "failed", "step 1: boom"),
        record("s401.3-b", "C", rules, "known_failure", "step 2: known"),
        record("s401.3-c", "B", ["B:401.3"], "unsupported", "needs capability triggered_abilities"),
        record("s401.3-d", "B", ["B:401.3"], "unsupported", "needs capability triggered_abilities"),
    ]
    page = render_html(report_of(records))
    root = parse(page)
    ids = by_id(root)
    blocks = failure_blocks(root)
    assert [b.attrs["id"] for b in blocks] == ["f-s401.3-a", "k-s401.3-b"]
    assert "known" in blocks[1].classes and "Known failures" in ids["known"].text()
    cell = next(a for a in root.find_all("a", "cell") if a.text() == "401.3" and "C:401.3" in a.attrs["title"])
    assert cell.attrs["href"] == "#f-s401.3-a"
    unsupported = [d for d in root.find_all("details", "plain")]
    assert len(unsupported) == 1 and unsupported[0].text().startswith("2 × needs capability")
    assert "Failures (1 run in 1 scenario)" in page and "Known failures (1 run in 1 scenario)" in page  # not "1 runs"


def test_form_1_report_renders_with_derived_part_summary() -> None:
    """A report of form 1 (no ``format_version``, ``parts`` or run descriptions) still
    renders, its part summary derived from the runs as :func:`part_summary` counts it."""
    records = [record("s301.2-x", "C", ["C:301.2"], "failed", "m"), record("s501.1-y", "C", ["C:501.1", "R15:113.3"])]
    report = report_of(records)
    assert report["format_version"] == 3 and report["parts"] == {k: p.as_dict() for k, p in part_summary(records).items()}
    old = {k: v for k, v in report.items() if k not in ("format_version", "parts")}
    old["scenarios"] = [{k: v for k, v in r.items() if k != "description"} for r in report["scenarios"]]
    root = parse(render_html(old))
    rows = [tr for tr in next(iter(root.find_all("table", "parts"))).find_all("tr")[1:]]
    assert [tr.find_all("a")[0].text() for tr in rows] == [PARTS[k] for k in ("301", "501", "R15")]
    assert "report format 1" in root.text()
    assert rule_part("A:315.1") == "302-306/310" and rule_part("C:4") == "401-402" and rule_part("R15:7.poison") == "R15"


def test_form_2_report_outcomes_are_read_as_form_3() -> None:
    """A report of form 2 names a known failure ``xfailed`` and a stale entry ``xpassed``:
    the page shows them as a known failure and as a failure, as form 3 does."""
    records = [record("s401.3-a", "C", ["C:401.3"], "unexpected_pass", "passed, but listed"),
               record("s401.3-b", "C", ["C:401.3"], "known_failure", "step 2: known")]
    report = report_of(records)
    old = {**report, "format_version": 2}
    names = {"unexpected_pass": "xpassed", "known_failure": "xfailed"}
    old["scenarios"] = [{**r, "outcome": names[r["outcome"]]} for r in report["scenarios"]]
    old["summary"] = {names.get(k, k): v for k, v in report["summary"].items()}
    root = parse(render_html(old))
    assert [b.attrs["id"] for b in failure_blocks(root)] == ["f-s401.3-a", "k-s401.3-b"]


# --- a real browser ---------------------------------------------------------------------------


def chromium_binary() -> str | None:
    """The headless Chromium to use: ``$CHROMIUM`` or the first of the usual names on PATH."""
    if os.environ.get("CHROMIUM"):
        return shutil.which(os.environ["CHROMIUM"])
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return None


def png_pixels(path: Path) -> tuple[int, int, list[bytes]]:
    """Width, height and the RGB pixel rows of an 8-bit, non-interlaced RGB(A) PNG."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, header = 8, [], b""
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos : pos + 8])
        body = data[pos + 8 : pos + 8 + n]
        pos += 12 + n
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            idat.append(body)
    width, height, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", header)
    assert depth == 8 and ctype in (2, 6) and interlace == 0, (depth, ctype, interlace)
    bpp = 3 if ctype == 2 else 4
    raw = zlib.decompress(b"".join(idat))
    stride = width * bpp
    prev = bytearray(stride)
    rows: list[bytes] = []
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        if kind == 1:
            for x in range(bpp, stride):
                line[x] = (line[x] + line[x - bpp]) & 0xFF
        elif kind == 2:
            line = bytearray((a + b) & 0xFF for a, b in zip(line, prev, strict=True))
        elif kind == 3:
            for x in range(stride):
                left = line[x - bpp] if x >= bpp else 0
                line[x] = (line[x] + ((left + prev[x]) >> 1)) & 0xFF
        elif kind == 4:
            for x in range(stride):
                a = line[x - bpp] if x >= bpp else 0
                b, c = prev[x], (prev[x - bpp] if x >= bpp else 0)
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF
        prev = line
        rows.append(bytes(line) if bpp == 3 else bytes(v for i, v in enumerate(line) if i % 4 != 3))
    return width, height, rows


def run_chromium(binary: str, profile: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [binary, "--headless", "--disable-gpu", "--no-sandbox", "--hide-scrollbars", f"--user-data-dir={profile}", *args],
        capture_output=True, text=True, timeout=180,
    )


def test_headless_chromium_renders_the_page(lifo: tuple[dict[str, Any], Path], tmp_path: Path) -> None:
    """Headless Chromium renders the lifo_queue page: the screenshot is a 1400x2000 PNG that
    is not blank (many colours, most of it white page, some of it the red of failures and
    the green of passes), and the DOM it parsed has the level summary, the part summary,
    one folded failure block per failing scenario and an element for every in-page link."""
    binary = chromium_binary()
    if binary is None:
        pytest.skip("no Chromium binary (chromium, chromium-browser, google-chrome) on PATH; "
                    "install Debian's chromium package to run this test")
    report, page_path = lifo
    shot = tmp_path / "page.png"
    proc = run_chromium(binary, tmp_path / "profile", f"--screenshot={shot}", "--window-size=1400,2000",
                        page_path.as_uri())
    assert shot.exists(), proc.stderr[-2000:]
    width, height, rows = png_pixels(shot)
    assert (width, height) == (1400, 2000)
    colours: Counter[bytes] = Counter(row[x : x + 3] for row in rows[::5] for x in range(0, len(row), 15))
    total = sum(colours.values())
    assert len(colours) > 50, "the screenshot is blank or nearly so"
    assert colours[b"\xff\xff\xff"] / total > 0.4  # the page background
    near = lambda rgb: sum(n for c, n in colours.items() if all(abs(c[i] - rgb[i]) <= 12 for i in range(3)))  # noqa: E731
    assert near((0xD0, 0x31, 0x2D)) / total > 0.002, "no failure red on screen"
    assert near((0x2E, 0x9E, 0x44)) / total > 0.002, "no pass green on screen"

    dom_proc = run_chromium(binary, tmp_path / "profile", "--dump-dom", page_path.as_uri())
    assert dom_proc.returncode == 0 and dom_proc.stdout.startswith("<!DOCTYPE html>"), dom_proc.stderr[-2000:]
    root = parse(dom_proc.stdout)
    ids = by_id(root)
    assert ids["levels"].text() == "Conformance levels" and root.find_all("table", "levels")
    assert ids["parts"].text() == "By rule part" and root.find_all("table", "parts")
    failing = {r["id"] for r in report["scenarios"] if r["outcome"] == "failed"}
    blocks = failure_blocks(root)
    assert len(blocks) == len(failing) and all("open" not in b.attrs for b in blocks)
    hrefs = [a.attrs["href"] for a in root.find_all("a") if "href" in a.attrs]
    assert hrefs and all(h.startswith("#") and h[1:] in ids for h in hrefs)
