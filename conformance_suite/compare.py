"""The ``compare`` command: several implementations' JSON reports side by side.

``berserk-conformance compare r1.json r2.json … --out DIR`` writes ``DIR/index.html``, one
self-contained page with the implementations as columns and, as rows, the conformance
levels, the editions and the rule parts, each cell the runs that passed out of the runs that
ran (unsupported runs are counted apart: an implementation that declares less is not marked
down for it); and ``DIR/badges/<implementation>-<level>.svg``, a shields-style badge per
implementation and level ("core 28/28 of 2017"), green when nothing failed, red otherwise, grey
for a level the implementation does not claim ("…, not claimed").  A badge's
file name leaves out the versions in the implementation's name, so that a README's link to it
holds across releases; the name with them is written too, as before (:func:`badge_names`).

An implementation is named by its report's ``server_info.implementation`` (else its target);
two reports with the same name get ``#2``, ``#3`` appended.  Reports of form 1 to 3 are read.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from oracle.contract import LEVELS

from .report_json import PARTS, applied_rule_ids, rule_part

__all__ = ["Column", "Tally", "badge_names", "badge_svg", "columns", "compare_page", "load_reports", "stable_slug",
           "write_comparison"]

#: Outcome names of report forms 1 and 2 that form 3 renamed.
_OLD = {"xfailed": "known_failure", "xpassed": "unexpected_pass"}
_FAILING = ("failed", "error", "unexpected_pass")
_RAN = ("passed", "failed", "error", "unexpected_pass", "known_failure", "flaky")


@dataclass
class Tally:
    """Runs of one row for one implementation: passed, ran (not unsupported or skipped),
    failing (failed, error, unexpected pass), unsupported, and all of them (``total``)."""

    passed: int = 0
    ran: int = 0
    failing: int = 0
    unsupported: int = 0
    total: int = 0

    def add(self, outcome: str) -> None:
        """Count one run's outcome."""
        self.total += 1
        outcome = _OLD.get(outcome, outcome)
        if outcome == "unsupported":
            self.unsupported += 1
        if outcome in _RAN:
            self.ran += 1
        if outcome == "passed":
            self.passed += 1
        if outcome in _FAILING:
            self.failing += 1


@dataclass
class Column:
    """One implementation: its name, where its report came from, and its tallies by row."""

    name: str
    source: str
    suite_version: str
    levels: dict[str, dict[str, int]]
    claimed: tuple[str, ...]
    rows: dict[str, Tally] = field(default_factory=dict)


def _parts_of(run: dict[str, Any]) -> set[str]:
    """The rule parts a run counts for (the rules it applies under its edition)."""
    return {rule_part(r) for r in applied_rule_ids(list(run.get("rules") or []), str(run.get("edition", "")))}


def columns(reports: Sequence[tuple[str, dict[str, Any]]]) -> list[Column]:
    """One column per report (``(source, report)`` pairs), in the order given."""
    out: list[Column] = []
    seen: dict[str, int] = {}
    for source, rep in reports:
        info = rep.get("server_info") or {}
        name = str(info.get("implementation") or rep.get("target") or source)
        seen[name] = seen.get(name, 0) + 1
        if seen[name] > 1:
            name = f"{name} #{seen[name]}"
        col = Column(name, source, str(rep.get("suite_version", "")), dict(rep.get("levels") or {}),
                     tuple(info.get("levels") or ()))
        for run in rep.get("scenarios", []):
            outcome = str(run.get("outcome", ""))
            keys = ["all", f"edition {run.get('edition', '')}"]
            keys += [f"part {p}" for p in _parts_of(run)]
            for k in keys:
                col.rows.setdefault(k, Tally()).add(outcome)
        out.append(col)
    return out


def _row_keys(cols: Sequence[Column]) -> list[tuple[str, str]]:
    keys: list[tuple[str, str]] = [("all", "every run")]
    editions = sorted({k for c in cols for k in c.rows if k.startswith("edition ") and k != "edition "})
    keys += [(k, k) for k in editions]
    keys += [(f"part {p}", label) for p, label in PARTS.items() if any(f"part {p}" in c.rows for c in cols)]
    return keys


def _cell(t: Tally | None) -> str:
    if t is None or (t.ran == 0 and t.unsupported == 0):
        return "<td class='none'>—</td>"
    cls = "bad" if t.failing else ("good" if t.ran else "none")
    extra = f"<br><small>{t.unsupported} unsupported</small>" if t.unsupported else ""
    return f"<td class='{cls}' title='{t.failing} failing'>{t.passed}/{t.ran}{extra}</td>"


def _level_cell(col: Column, level: str) -> str:
    passed, failed = _level_counts(col, level)
    judged = passed + failed
    counted = _claimed(col, level)
    if not judged:
        return "<td class='none'>—</td>"
    cls = "bad" if failed else "good"
    note = "" if counted else "<br><small>not claimed</small>"
    return f"<td class='{cls}'>{passed}/{judged}{note}</td>"


_CSS = """body{font:14px/1.4 system-ui,sans-serif;margin:2em;color:#222}
table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:.35em .7em;text-align:center}
th.row{text-align:left;font-weight:normal}td.good{background:#d9f2dd}td.bad{background:#f7d4d2}
td.none{color:#999}small{color:#555}caption{text-align:left;font-weight:bold;margin:.5em 0}"""


def compare_page(cols: Sequence[Column]) -> str:
    """The comparison page: implementations as columns; rows for the levels, every run,
    each edition and each rule part."""
    esc = html.escape
    head = "".join(f"<th>{esc(c.name)}<br><small>{esc(c.source)}</small></th>" for c in cols)
    out = ["<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>",
           "<title>Conformance comparison — «Берсерк. Герои»</title>", f"<style>{_CSS}</style></head><body>",
           "<h1>Conformance comparison</h1>",
           "<p>Each cell: runs passed / runs judged. Unsupported runs (what an implementation does not "
           "declare) are counted apart and never count against it; a level an implementation does not "
           "claim is shown but marked.</p>",
           f"<table><caption>Conformance levels</caption><tr><th></th>{head}</tr>"]
    for lv in LEVELS:
        out.append(f"<tr><th class='row'>{esc(lv)}</th>" + "".join(_level_cell(c, lv) for c in cols) + "</tr>")
    out.append("<tr><th class='row'>badges</th>"
               + "".join("<td class='badges'>" + "<br>".join(_badge(c, lv) for lv in LEVELS if _badge(c, lv)) + "</td>"
                         for c in cols) + "</tr>")
    out.append("</table>")
    out.append(f"<table><caption>Runs by edition and rule part</caption><tr><th></th>{head}</tr>")
    for key, label in _row_keys(cols):
        out.append(f"<tr><th class='row'>{esc(label)}</th>" + "".join(_cell(c.rows.get(key)) for c in cols) + "</tr>")
    out.append("</table>")
    versions = sorted({c.suite_version for c in cols if c.suite_version})
    out.append(f"<p><small>suite version {esc(', '.join(versions) or 'unknown')}</small></p></body></html>")
    return "\n".join(out) + "\n"


def _text_width(text: str) -> int:
    return 7 * len(text) + 10  # a monospace-ish estimate, as shields' templates do


def badge_svg(label: str, message: str, good: bool, neutral: bool = False) -> str:
    """A shields-style flat badge: grey label, green (good) or red message; ``neutral``: a
    grey message, for what is reported but not claimed."""
    lw, mw = _text_width(label), _text_width(message)
    color = "#9f9f9f" if neutral else "#4c1" if good else "#e05d44"
    esc = html.escape
    return (
        f"<svg xmlns='http://www.w3.org/2000/svg' width='{lw + mw}' height='20' role='img' "
        f"aria-label='{esc(label)}: {esc(message)}'><title>{esc(label)}: {esc(message)}</title>"
        f"<rect width='{lw}' height='20' fill='#555'/><rect x='{lw}' width='{mw}' height='20' fill='{color}'/>"
        "<g fill='#fff' text-anchor='middle' font-family='Verdana,DejaVu Sans,sans-serif' font-size='11'>"
        f"<text x='{lw / 2:.0f}' y='14'>{esc(label)}</text><text x='{lw + mw / 2:.0f}' y='14'>{esc(message)}</text>"
        "</g></svg>\n"
    )


def _level_counts(col: Column, level: str) -> tuple[int, int]:
    verdicts = col.levels.get(level) or {}
    return int(verdicts.get("passed", 0)), int(verdicts.get("failed", 0))


def _badge(col: Column, level: str) -> str:
    """The badge of an implementation and level ("" when no run was judged at that level): the
    runs passed of those judged, and of how many runs the suite holds, so that an
    implementation judged on a part of the suite is not read as the whole (``29/29 of 2017``).
    A level the implementation does not claim is grey and says so (``16/16 of 2017, not
    claimed``), as its cell on the page is marked: a green badge would claim it in a README."""
    passed, failed = _level_counts(col, level)
    if passed + failed == 0:
        return ""
    total = col.rows["all"].total if "all" in col.rows else passed + failed
    claimed = _claimed(col, level)
    message = f"{passed}/{passed + failed} of {total}" + ("" if claimed else ", not claimed")
    return badge_svg(f"berserk {level}", message, failed == 0, neutral=not claimed).strip()


def _claimed(col: Column, level: str) -> bool:
    """Does the implementation claim ``level`` (core always counts; no claim at all: every
    level, as the runner reads it)?"""
    return not col.claimed or level in col.claimed or level == "core"


def _slug(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "-", name).strip("-") or "implementation"


#: A version in an implementation's name ("1.2.3", "v0.1.0-rc1", "2.0"), as a word of its own.
_VERSION = re.compile(r"(?<![A-Za-z0-9.])v?\d+(?:\.\d+)+(?:[-+][0-9A-Za-z.]+)?(?![A-Za-z0-9])")


def stable_slug(name: str) -> str:
    """The badge file name of an implementation without the versions its name carries, so
    that a README's link to it survives releases ("mine 1.2.3" and "mine 1.3.0": ``mine``)."""
    return _slug(_VERSION.sub(" ", name))


def badge_names(names: Sequence[str]) -> list[list[str]]:
    """The badge file names (without ``-<level>.svg``) of each implementation: the stable name
    (:func:`stable_slug`), and also the name as before (the whole name, versions included) when
    it differs.  A stable name that two implementations would share (two versions of one
    implementation compared) is left out for both: only their full names are written."""
    stable = [stable_slug(n) for n in names]
    out = []
    for name, slug in zip(names, stable, strict=True):
        keep = [slug] if stable.count(slug) == 1 else []
        out.append(keep + [s for s in (_slug(name),) if s not in keep])
    return out


def write_comparison(reports: Sequence[tuple[str, dict[str, Any]]], out: Path) -> list[Path]:
    """Write ``out/index.html`` and ``out/badges/<implementation>-<level>.svg`` (under the
    names of :func:`badge_names`); return the files written."""
    cols = columns(reports)
    out.mkdir(parents=True, exist_ok=True)
    (out / "badges").mkdir(exist_ok=True)
    index = out / "index.html"
    index.write_text(compare_page(cols), encoding="utf-8")
    written = [index]
    for c, slugs in zip(cols, badge_names([c.name for c in cols]), strict=True):
        for lv in LEVELS:
            svg = _badge(c, lv)
            for slug in slugs if svg else []:
                path = out / "badges" / f"{slug}-{lv}.svg"
                path.write_text(svg + "\n", encoding="utf-8")
                written.append(path)
    return written


def load_reports(paths: Sequence[str]) -> list[tuple[str, dict[str, Any]]]:
    """Read the JSON reports; a ValueError names a file that is not one."""
    out = []
    for p in paths:
        try:
            data = json.loads(Path(p).read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise ValueError(f"{p}: not a readable JSON report: {exc}") from None
        if not isinstance(data, dict) or not isinstance(data.get("scenarios"), list):
            raise ValueError(f"{p}: not a conformance report (no scenarios list)")
        out.append((p, data))
    return out
