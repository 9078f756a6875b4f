"""Reports of a suite run: the JSON report a CI system reads and the self-contained HTML
report a person reads (inline CSS, no scripts, no network).
"""

from __future__ import annotations

import html
import json
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from oracle.catalogue import load_catalogue
from oracle.contract import LEVELS

from . import __version__

__all__ = [
    "OUTCOMES",
    "UNEXPECTED",
    "RunRecord",
    "build_json_report",
    "level_summary",
    "render_html",
    "rule_summary",
    "write_reports",
]

#: Every outcome a scenario run can have.  "unsupported": the target does not declare
#: what the run needs (an edition, a capability, a card); it is neither run nor failed.
OUTCOMES = ("passed", "failed", "error", "unsupported", "skipped", "xfailed", "xpassed")
#: The outcomes that make a run fail.
UNEXPECTED = frozenset(("failed", "error", "xpassed"))


@dataclass
class RunRecord:
    """One scenario run under one edition, as reported."""

    id: str
    edition: str
    rules: list[str]  # every rule the scenario cites
    applied_rules: list[str]  # the rules this run counts for (see runner.applied_rules)
    outcome: str = "passed"
    duration: float = 0.0
    message: str = ""
    file: str = ""
    nodeid: str = ""
    rerun: str = ""
    description: str = ""
    levels: dict[str, str] = field(default_factory=dict)  # verdict per conformance level

    @property
    def key(self) -> str:
        """``scenario_id[edition]``."""
        return f"{self.id}[{self.edition}]"


def rule_summary(records: list[RunRecord]) -> dict[str, dict[str, Any]]:
    """Per rule: the runs counting for it (``id[edition]``), how many passed, and the
    count of every outcome."""
    out: dict[str, dict[str, Any]] = {}
    for r in records:
        for rule in r.applied_rules:
            entry = out.setdefault(rule, {"scenarios": [], "runs": 0, "passed": 0, "outcomes": {}})
            entry["scenarios"].append(r.key)
            entry["runs"] += 1
            entry["passed"] += r.outcome == "passed"
            entry["outcomes"][r.outcome] = entry["outcomes"].get(r.outcome, 0) + 1
    cat = load_catalogue()
    order = {rid: i for i, rid in enumerate(cat.rules)}
    return {k: out[k] for k in sorted(out, key=lambda k: (order.get(k, len(order)), k))}


def level_summary(records: list[RunRecord]) -> dict[str, dict[str, int]]:
    """Per conformance level, how many runs got each verdict (passed, failed, blocked,
    unchecked); runs that did not run (unsupported, skipped, errors) have no verdicts."""
    out: dict[str, dict[str, int]] = {lv: {} for lv in LEVELS}
    for r in records:
        for lv, verdict in r.levels.items():
            out.setdefault(lv, {})
            out[lv][verdict] = out[lv].get(verdict, 0) + 1
    return out


def build_json_report(
    *,
    target: str,
    server_info: dict[str, Any],
    started: float,
    duration: float,
    records: list[RunRecord],
    coverage: dict[str, Any],
    exit_code: int,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The JSON report of a run."""
    counts = Counter(r.outcome for r in records)
    return {
        "suite_version": __version__,
        "target": target,
        "server_info": server_info,
        "started": datetime.fromtimestamp(started, UTC).isoformat(timespec="seconds"),
        "duration": round(duration, 3),
        "exit_code": exit_code,
        "options": options or {},
        "summary": {
            "total": len(records),
            **{o: counts.get(o, 0) for o in OUTCOMES},
            "unexpected": sum(counts.get(o, 0) for o in UNEXPECTED),
        },
        "levels": level_summary(records),
        "scenarios": [
            {
                "id": r.id,
                "edition": r.edition,
                "rules": r.rules,
                "outcome": r.outcome,
                "levels": r.levels,
                "duration": round(r.duration, 6),
                "message": r.message,
                "file": r.file,
                "rerun": r.rerun,
            }
            for r in records
        ],
        "rules": rule_summary(records),
        "coverage": coverage,
    }


_CSS = """
body{font:14px/1.4 system-ui,-apple-system,'Segoe UI',sans-serif;margin:2em;color:#222;max-width:90em}
h1{font-size:1.5em}h2{font-size:1.2em;margin-top:2em;border-bottom:1px solid #ccc}
table.summary td,table.summary th{padding:2px 10px;text-align:left}
.passed{background:#2e9e44;color:#fff}.failed,.error,.xpassed{background:#d0312d;color:#fff}
.xfailed{background:#e8a317;color:#000}.skipped{background:#9aa5b1;color:#000}
.unsupported{background:#c9d6e3;color:#000}.blocked{background:#f3d9a4;color:#000}.unchecked{background:#eef0f2;color:#666}
table.levels td,table.levels th{padding:2px 10px;text-align:left;border-bottom:1px solid #eee}
.notrun{background:#eef0f2;color:#666}.uncited{background:#fff;color:#b00;border:1px dashed #b00}
.matrix{display:flex;flex-wrap:wrap;gap:3px;margin:.5em 0 1.5em}
.cell{font:12px monospace;padding:3px 5px;border-radius:3px;min-width:4.5em;text-align:center}
.legend span{display:inline-block;padding:2px 8px;margin-right:6px;border-radius:3px;font-size:12px}
.failure{border:1px solid #d0312d;border-radius:4px;padding:.5em 1em;margin:1em 0}
.failure h3{margin:.2em 0;font-size:1em}pre{background:#f6f8fa;padding:.6em;overflow-x:auto;white-space:pre-wrap}
.rule{margin:.3em 0 .6em 1em}.rule .ru{font-style:normal}.rule .en{color:#555}
code.cmd{background:#f6f8fa;padding:2px 4px}
"""


def _cell_class(outcomes: dict[str, int] | None) -> str:
    if not outcomes:
        return "notrun"
    for o in ("failed", "error", "xpassed", "xfailed", "passed"):
        if outcomes.get(o):
            return o
    return "skipped"


def render_html(report: dict[str, Any]) -> str:
    """One self-contained HTML page for the JSON report ``report``."""
    esc = html.escape
    cat = load_catalogue()
    s = report["summary"]
    info = report.get("server_info") or {}
    verdict = "PASS" if report.get("exit_code") == 0 else "FAIL"
    parts = [
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>",
        f"<title>Conformance report — {esc(report['target'])}</title><style>{_CSS}</style></head><body>",
        f"<h1>«Берсерк. Герои» conformance report: {verdict}</h1>",
        "<table class='summary'>",
        f"<tr><th>Target</th><td>{esc(report['target'])}</td></tr>",
        f"<tr><th>Implementation</th><td>{esc(str(info.get('implementation', '')))} "
        f"{esc(str(info.get('engine_version', '')))}; protocol {esc(str(info.get('proto_version', '')))}; "
        f"editions {esc(', '.join(info.get('editions', [])))}"
        + (f"; mutants {esc(', '.join(info['mutants']))}" if info.get("mutants") else "")
        + "</td></tr>",
        f"<tr><th>Suite</th><td>{esc(report['suite_version'])}</td></tr>",
        f"<tr><th>Started</th><td>{esc(report['started'])} (duration {report['duration']:.2f} s)</td></tr>",
        "<tr><th>Scenario runs</th><td>"
        + " ".join(
            f"<span class='cell {o}'>{o} {s.get(o, 0)}</span>"
            for o in ("passed", "failed", "error", "xpassed", "xfailed", "unsupported", "skipped")
        )
        + f" &nbsp;total {s['total']}, unexpected {s['unexpected']}</td></tr>",
    ]
    cov = report.get("coverage") or {}
    if cov:
        parts.append(
            f"<tr><th>Coverage</th><td>{cov.get('cited_seed_rules', 0)} of {cov.get('seed_rules', 0)} seed rules cited; "
            f"{len(cov.get('uncited_seed_rules', []))} uncited; "
            f"{len(cov.get('forbidding_rules_without_refusal', []))} forbidding seed rules without a refusal scenario</td></tr>"
        )
    support = info.get("support") or {}
    if support:
        parts.append(
            "<tr><th>Declared capabilities</th><td>"
            + "; ".join(f"{esc(ed)}: {esc(', '.join(caps) or 'none')}" for ed, caps in support.items())
            + "</td></tr>"
        )
    parts.append("</table>")
    parts += _levels_html(report)
    parts += _unsupported_html(report)

    parts.append("<h2>Rules</h2><div class='legend'>")
    for cls, label in (
        ("passed", "all runs passed"), ("failed", "a run failed / errored / passed unexpectedly"),
        ("xfailed", "known failure"), ("skipped", "skipped"), ("notrun", "cited, not run"),
        ("uncited", "no scenario cites it"),
    ):
        parts.append(f"<span class='{cls}'>{label}</span>")
    parts.append("</div>")
    rules = report.get("rules", {})
    uncited = set(cov.get("uncited_seed_rules", []))
    for edition in ("A", "B", "C", "R15"):
        ids = [rid for rid, r in cat.rules.items() if r.edition == edition]
        if edition == "R15":
            ids = [rid for rid in ids if rid in rules]
            if not ids:
                continue
        parts.append(f"<h3>Edition {esc(edition)}</h3><div class='matrix'>")
        for rid in ids:
            entry = rules.get(rid)
            cls = "uncited" if rid in uncited else _cell_class(entry["outcomes"] if entry else None)
            rule = cat[rid]
            detail = f"{rid}: {rule.text_en}"
            if entry:
                detail += f"\n{entry['passed']}/{entry['runs']} passed: " + ", ".join(entry["scenarios"])
            parts.append(f"<span class='cell {cls}' title='{esc(detail)}'>{esc(rule.number)}</span>")
        parts.append("</div>")

    bad = [r for r in report["scenarios"] if r["outcome"] in UNEXPECTED]
    known = [r for r in report["scenarios"] if r["outcome"] == "xfailed"]
    parts.append(f"<h2>Failures ({len(bad)})</h2>")
    if not bad:
        parts.append("<p>None.</p>")
    for r in bad + known:
        parts.append(f"<div class='failure' id='{esc(r['id'])}-{esc(r['edition'])}'>")
        parts.append(
            f"<h3><span class='cell {r['outcome']}'>{r['outcome']}</span> {esc(r['id'])}[{esc(r['edition'])}]</h3>"
        )
        parts.append(f"<pre>{esc(r['message'])}</pre>")
        for rid in r["rules"]:
            if rid in cat:
                rule = cat[rid]
                parts.append(
                    f"<div class='rule'><b>{esc(rid)}</b> <span class='ru'>{esc(rule.text_ru)}</span><br>"
                    f"<span class='en'>{esc(rule.text_en)}</span></div>"
                )
        if r.get("rerun"):
            parts.append(f"<p>Re-run: <code class='cmd'>{esc(r['rerun'])}</code></p>")
        parts.append("</div>")
    if known:
        parts.append(f"<p>The last {len(known)} entries above are known failures (xfailed).</p>")
    if uncited:
        parts.append("<h2>Seed rules no scenario cites</h2><p>" + esc(", ".join(sorted(uncited))) + "</p>")
    parts.append("</body></html>")
    return "\n".join(parts)


def _levels_html(report: dict[str, Any]) -> list[str]:
    """The verdict counts of every conformance level, and which levels decide the run."""
    esc = html.escape
    levels = report.get("levels") or {}
    counting = (report.get("options") or {}).get("levels") or list(LEVELS)
    out = [
        "<h2>Conformance levels</h2>",
        "<table class='levels'><tr><th>level</th><th>what it checks</th><th>decides pass/fail</th><th>verdicts</th></tr>",
    ]
    for lv, what in LEVELS.items():
        counts = levels.get(lv, {})
        cells = " ".join(
            f"<span class='cell {v}'>{v} {counts[v]}</span>" for v in ("passed", "failed", "blocked", "unchecked") if counts.get(v)
        )
        out.append(
            f"<tr><td><b>{esc(lv)}</b></td><td>{esc(what)}</td><td>{'yes' if lv in counting else 'no'}</td>"
            f"<td>{cells or 'no run'}</td></tr>"
        )
    out.append("</table>")
    return out


def _unsupported_html(report: dict[str, Any]) -> list[str]:
    """Runs the target does not support, grouped by reason (folded)."""
    esc = html.escape
    runs = [r for r in report["scenarios"] if r["outcome"] == "unsupported"]
    if not runs:
        return []
    groups: dict[str, list[str]] = {}
    for r in runs:
        groups.setdefault(r["message"], []).append(f"{r['id']}[{r['edition']}]")
    out = [f"<h2>Unsupported runs ({len(runs)})</h2>", "<p>The target does not declare what these runs need; they are not failures.</p>"]
    for why, keys in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        out.append(f"<details><summary>{len(keys)} × {esc(why)}</summary><p>{esc(', '.join(keys))}</p></details>")
    return out


def write_reports(report: dict[str, Any], json_path: str = "", html_path: str = "") -> None:
    """Write the JSON and/or HTML report files (parent directories are created)."""
    if json_path:
        p = Path(json_path)
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(json.dumps(report, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    if html_path:
        p = Path(html_path)
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(render_html(report), encoding="utf-8")

