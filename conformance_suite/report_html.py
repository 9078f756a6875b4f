"""The self-contained HTML report a person reads (inline CSS, no scripts, no network),
rendered from the JSON report (:mod:`conformance_suite.report_json`), and the writing of
both report files.

The page is built for a run with hundreds of failures: a verdict and a summary by
conformance level and by rule part at the top, failures grouped by scenario in folded
blocks, and a rule matrix whose red cells link to the failure blocks of the scenarios
citing them.  :func:`render_html` reads either form of the JSON report (1 or 2).
"""

from __future__ import annotations

import html
import json
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from oracle.catalogue import load_catalogue
from oracle.contract import LEVELS

from .report_json import OUTCOME_LABELS, OUTCOMES, PARTS, UNEXPECTED, applied_rule_ids, count_parts, counted, rule_part

__all__ = ["render_html", "write_reports"]

_CSS = """
body{font:14px/1.45 system-ui,-apple-system,'Segoe UI',sans-serif;margin:1.5em 2em;color:#222;max-width:90em}
h1{font-size:1.45em;margin:.2em 0 .4em}h2{font-size:1.2em;margin:1.8em 0 .5em;border-bottom:1px solid #ccc}
h3{font-size:1.05em;margin:1.2em 0 .4em}
a{color:#0b57a4}
nav{margin:.6em 0 1em;font-size:13px}nav a{margin-right:1.2em}
.verdict{display:inline-block;font-weight:700;padding:2px 12px;border-radius:4px}
.verdict.pass{background:#2e9e44;color:#fff}.verdict.fail{background:#d0312d;color:#fff}
table.summary td,table.summary th{padding:2px 10px;text-align:left;vertical-align:top}
table.grid{border-collapse:collapse}
table.grid td,table.grid th{padding:3px 10px;text-align:left;border-bottom:1px solid #e4e6e8}
table.grid th{background:#f3f4f6;font-weight:600}
table.grid td.n{text-align:right;font-variant-numeric:tabular-nums;min-width:3em}
table.grid td.zero{color:#bbb}
.passed{background:#2e9e44;color:#fff}.failed,.error,.unexpected_pass{background:#d0312d;color:#fff}
.known_failure,.flaky{background:#e8a317;color:#000}.skipped{background:#9aa5b1;color:#000}
.unsupported{background:#c9d6e3;color:#000}.blocked{background:#f3d9a4;color:#000}
.unchecked{background:#eef0f2;color:#666}
.notrun{background:#eef0f2;color:#666}.uncited{background:#fff;color:#b00;border:1px dashed #b00}
.badge{display:inline-block;font-size:12px;padding:0 6px;border-radius:3px;margin-right:2px}
.badge.zero{background:#eef0f2;color:#888}
.note{color:#555;font-size:13px}
.part{margin:.3em 0 1em}.part h3{margin:.8em 0 .2em;font-size:1em}
.row{display:flex;align-items:flex-start;gap:6px;margin:2px 0}
.row .ed{font:600 12px monospace;width:2.6em;padding-top:3px;color:#555}
.matrix{display:flex;flex-wrap:wrap;gap:3px}
.cell{font:12px monospace;padding:2px 5px;border-radius:3px;min-width:4.2em;text-align:center;text-decoration:none}
a.cell{outline:1px solid #7a1512}a.cell:hover{outline:2px solid #000}
.cell.sect{font-weight:700;box-shadow:inset 0 -2px 0 rgba(0,0,0,.35)}
.legend span{display:inline-block;padding:1px 8px;margin:0 6px 4px 0;border-radius:3px;font-size:12px}
details.failure{border:1px solid #e2b4b2;border-left:4px solid #d0312d;border-radius:4px;margin:.35em 0;background:#fff}
details.failure.known{border-color:#f0d79a;border-left-color:#e8a317}
details.failure>summary{cursor:pointer;padding:.35em .7em;list-style-position:inside}
details.failure>summary .sid{font-weight:600;font-family:monospace;font-size:13px}
details.failure>summary .first{color:#555;font-family:monospace;font-size:12px;margin-left:.4em}
details.failure[open]>summary{border-bottom:1px solid #eee;background:#fbf3f3}
details.failure .body{padding:.3em 1em .6em}
details.failure:target{box-shadow:0 0 0 3px #0b57a4}
.ed-chip{display:inline-block;font:600 11px monospace;padding:0 4px;margin:0 1px;border-radius:2px}
.desc{margin:.3em 0;font-style:italic}
.msg .eds{font-size:12px;color:#555;margin-top:.5em}
pre{background:#f6f8fa;padding:.5em .7em;overflow-x:auto;white-space:pre-wrap;margin:.2em 0;font-size:12px}
details.failure h4{margin:.7em 0 .2em;font-size:13px}
.rule{margin:.2em 0 .5em 1em;font-size:13px}.rule .en{color:#555}
details.plain{margin:.3em 0}details.plain>summary{cursor:pointer}
code.cmd,pre.cmd{background:#f6f8fa;font-size:12px}
"""

_CELL_ORDER = ("failed", "error", "unexpected_pass", "known_failure", "flaky", "passed")


def _cell_class(outcomes: dict[str, int] | None) -> str:
    if not outcomes:
        return "notrun"
    for o in _CELL_ORDER:
        if outcomes.get(o):
            return o
    if outcomes.get("unsupported"):
        return "unsupported"
    return "skipped"


def _anchor_id(prefix: str, scenario_id: str) -> str:
    """An element id for a scenario's block (only letters, digits, ``-``, ``_`` and ``.``)."""
    return prefix + re.sub(r"[^A-Za-z0-9_.-]", "_", scenario_id)


def _first_line(message: str, limit: int = 150) -> str:
    """The first non-blank line of a message, shortened to ``limit`` characters."""
    line = next((ln.strip() for ln in message.splitlines() if ln.strip()), "")
    return line if len(line) <= limit else line[: limit - 1] + "…"


def _shorten(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _edition_key(edition: str) -> tuple[int, str]:
    return ({"A": 0, "B": 1, "C": 2, "R15": 3}.get(edition, 9), edition)


def _natural(text: str) -> list[Any]:
    """A sort key that orders ``s309.10`` after ``s309.9``."""
    return [(0, int(t), "") if t.isdigit() else (1, 0, t) for t in re.split(r"(\d+)", text)]


@dataclass
class _Group:
    """The runs of one scenario with one kind of outcome (unexpected, or known failures)."""

    id: str
    anchor: str
    runs: list[dict[str, Any]]  # the runs of this group, in edition order
    all_runs: list[dict[str, Any]]  # every run of the scenario in the report
    part: str

    @property
    def editions(self) -> list[str]:
        return [r["edition"] for r in self.runs]


def _home_part(runs: list[dict[str, Any]]) -> str:
    """The part a scenario's failure block is listed under: that of its first cited rule
    outside R15 (else its first rule)."""
    rules = runs[0].get("rules") or []
    seed = [r for r in rules if not r.startswith("R15:")]
    return rule_part((seed or rules or ["R15:"])[0])


def _groups(report: dict[str, Any], outcomes: frozenset[str], prefix: str) -> list[_Group]:
    by_id: dict[str, list[dict[str, Any]]] = {}
    for r in report["scenarios"]:
        by_id.setdefault(r["id"], []).append(r)
    out: list[_Group] = []
    used: set[str] = set()
    for sid, runs in by_id.items():
        chosen = sorted((r for r in runs if r["outcome"] in outcomes), key=lambda r: _edition_key(r["edition"]))
        if not chosen:
            continue
        anchor = _anchor_id(prefix, sid)
        while anchor in used:
            anchor += "_"
        used.add(anchor)
        out.append(_Group(sid, anchor, chosen, runs, _home_part(runs)))
    order = list(PARTS)
    out.sort(key=lambda g: (order.index(g.part), _natural(g.id)))
    return out


#: The outcome names of report forms 1 and 2 that form 3 renamed.
_OLD_OUTCOMES = {"xfailed": "known_failure", "xpassed": "unexpected_pass"}


def _upgrade(report: dict[str, Any]) -> dict[str, Any]:
    """A report of form 1 or 2 with its outcomes named as in form 3 (``xfailed`` is
    ``known_failure``, ``xpassed`` ``unexpected_pass``); a form-3 report unchanged."""
    if int(report.get("format_version", 1)) >= 3:
        return report

    def rename(counts: dict[str, Any]) -> dict[str, Any]:
        return {_OLD_OUTCOMES.get(k, k): v for k, v in counts.items()}

    out = dict(report)
    out["scenarios"] = [{**r, "outcome": _OLD_OUTCOMES.get(r["outcome"], r["outcome"])} for r in report["scenarios"]]
    if isinstance(report.get("summary"), dict):
        out["summary"] = rename(report["summary"])
    if isinstance(report.get("parts"), dict):
        out["parts"] = {k: rename(v) for k, v in report["parts"].items()}
    return out


def render_html(report: dict[str, Any]) -> str:
    """One self-contained HTML page for the JSON report ``report`` (form 1, 2 or 3)."""
    esc = html.escape
    report = _upgrade(report)
    bad = _groups(report, UNEXPECTED, "f-")
    known = _groups(report, frozenset(("known_failure", "flaky")), "k-")
    unsupported = [r for r in report["scenarios"] if r["outcome"] == "unsupported"]
    body: list[str] = []
    body += _header_html(report)
    nav = [("levels", "Conformance levels"), ("parts", "By rule part")]
    nav.append(("failures", f"Failures ({sum(len(g.runs) for g in bad)})"))
    if known:
        nav.append(("known", f"Known failures ({sum(len(g.runs) for g in known)})"))
    if unsupported:
        nav.append(("unsupported", f"Unsupported ({len(unsupported)})"))
    nav.append(("rules", "Rule matrix"))
    body.append("<nav>" + "".join(f"<a href='#{a}'>{esc(t)}</a>" for a, t in nav) + "</nav>")
    body += _levels_html(report)
    body += _parts_html(report)
    body += _failures_html(bad, known)
    body += _unsupported_html(report)
    body += _matrix_html(report, bad, known)
    cov = report.get("coverage") or {}
    uncited = cov.get("uncited_seed_rules") or []
    if uncited:
        body.append("<h2>Seed rules no scenario cites</h2><p>" + esc(", ".join(sorted(uncited))) + "</p>")
    return "\n".join(
        [
            "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>",
            "<meta name='viewport' content='width=device-width, initial-scale=1'>",
            f"<title>Conformance report — {esc(str(report['target']))}</title><style>{_CSS}</style></head><body>",
            *body,
            "</body></html>",
        ]
    )


def _header_html(report: dict[str, Any]) -> list[str]:
    """The verdict and the table of what ran against what."""
    esc = html.escape
    s = report["summary"]
    info = report.get("server_info") or {}
    opts = report.get("options") or {}
    passed = report.get("exit_code") == 0
    if s.get("unexpected"):
        why = f"{s['unexpected']} of {s['total']} runs unexpected"
    elif passed:
        why = f"{s['total']} runs, none unexpected"
    else:
        why = f"exit code {report.get('exit_code')} (see RUNNING.md, exit codes)"
    out = [
        "<h1>«Берсерк. Герои» conformance report "
        f"<span class='verdict {'pass' if passed else 'fail'}'>{'PASS' if passed else 'FAIL'}</span></h1>",
        f"<p class='note'>{esc(why)}</p>",
        "<table class='summary'>",
        f"<tr><th>Target</th><td>{esc(str(report['target']))}</td></tr>",
    ]
    impl = f"{info.get('implementation', '')} {info.get('engine_version', '')}".strip() or "(no server info)"
    extra = [f"protocol {info.get('proto_version', '')}"] if info.get("proto_version") else []
    if info.get("editions"):
        extra.append("editions " + ", ".join(info["editions"]))
    if info.get("mutants"):
        extra.append("mutants " + ", ".join(info["mutants"]))
    out.append(f"<tr><th>Implementation</th><td>{esc(impl)}" + (f"; {esc('; '.join(extra))}" if extra else "") + "</td></tr>")
    support: dict[str, list[str]] = info.get("support") or {}
    if support:
        by_caps: dict[tuple[str, ...], list[str]] = {}
        for ed, caps in support.items():
            by_caps.setdefault(tuple(caps), []).append(ed)
        caps_text = "<br>".join(
            f"<b>{esc(', '.join(eds))}</b>: {esc(', '.join(caps) or 'none')}" for caps, eds in by_caps.items()
        )
    elif info:
        caps_text = "none declared — taken to support every capability of the editions it lists"
    else:
        caps_text = "unknown (no server info)"
    if info:
        cards = info.get("card_ids") or []
        caps_text += f"<br><span class='note'>card pool: {len(cards)} cards</span>" if cards else "<br><span class='note'>card pool: all cards</span>"
    out.append(f"<tr><th>Declared capabilities</th><td>{caps_text}</td></tr>")
    claimed = info.get("levels") or []
    counting = opts.get("levels") or list(LEVELS)
    out.append(
        "<tr><th>Levels</th><td>claimed by the target: "
        + esc(", ".join(claimed) if claimed else "none (taken as all three)")
        + f"; deciding pass/fail in this run: <b>{esc(', '.join(counting))}</b></td></tr>"
    )
    selection = [f"{k} {', '.join(map(str, opts[k]))}" for k in ("rules", "editions", "ids") if opts.get(k)]
    for k in ("known_failures", "skip_list"):
        if opts.get(k):
            selection.append(f"{k.replace('_', ' ')} {opts[k]}")
    if selection:
        out.append(f"<tr><th>Selection</th><td>{esc('; '.join(selection))}</td></tr>")
    version = report.get("format_version", 1)
    out.append(f"<tr><th>Suite</th><td>{esc(str(report['suite_version']))} (report format {esc(str(version))})</td></tr>")
    out.append(f"<tr><th>Started</th><td>{esc(str(report['started']))} (duration {float(report['duration']):.2f} s)</td></tr>")
    out.append(
        "<tr><th>Scenario runs</th><td>"
        + " ".join(
            f"<span class='badge {o if s.get(o, 0) else 'zero'}'>{esc(OUTCOME_LABELS.get(o, o))} {s.get(o, 0)}</span>"
            for o in ("passed", "failed", "error", "unexpected_pass", "known_failure", "flaky", "unsupported", "skipped")
            if s.get(o, 0) or o in ("passed", "failed", "error")
        )
        + f" &nbsp;total {s['total']}, unexpected {s['unexpected']}</td></tr>"
    )
    cov = report.get("coverage") or {}
    if "seed_rules" in cov:
        out.append(
            f"<tr><th>Suite coverage</th><td>{cov.get('cited_seed_rules', 0)} of {cov.get('seed_rules', 0)} seed rules "
            "cited by the suite's scenarios (all of them, not only the runs here); "
            f"{len(cov.get('uncited_seed_rules', []))} uncited; "
            f"{len(cov.get('forbidding_rules_without_refusal', []))} forbidding seed rules without a refusal scenario</td></tr>"
        )
        r15 = cov.get("r15") or {}
        if r15.get("rules"):
            modelled = r15.get("by_modelled") or {}
            split = "; ".join(
                f"modelled {k}: {v.get('cited', 0)} of {v.get('rules', 0)}" for k, v in sorted(modelled.items())
            )
            out.append(
                f"<tr><th>Suite R15 coverage</th><td>{r15.get('cited', 0)} of {r15['rules']} rules of the 15th "
                f"edition's Parts 3–5 cited by a scenario of the suite under R15 ({esc(split)}; docs/R15.md)</td></tr>"
            )
    elif cov.get("error"):
        out.append(f"<tr><th>Suite coverage</th><td>not computed: {esc(str(cov['error']))}</td></tr>")
    out.append("</table>")
    return out


def _levels_html(report: dict[str, Any]) -> list[str]:
    """The verdict counts of every conformance level, and which levels decide the run."""
    esc = html.escape
    levels = report.get("levels") or {}
    counting = (report.get("options") or {}).get("levels") or list(LEVELS)
    verdicts = ("passed", "failed", "blocked", "unchecked")
    out = [
        "<h2 id='levels'>Conformance levels</h2>",
        "<table class='grid levels'><tr><th>level</th><th>what it checks</th><th>decides pass/fail</th>"
        + "".join(f"<th>{v}</th>" for v in verdicts)
        + "</tr>",
    ]
    for lv, what in LEVELS.items():
        counts = levels.get(lv, {})
        cells = "".join(
            f"<td class='n {v}'>{counts[v]}</td>" if counts.get(v) else "<td class='n zero'>0</td>" for v in verdicts
        )
        out.append(
            f"<tr><td><b>{esc(lv)}</b></td><td>{esc(what)}</td>"
            f"<td>{'yes' if lv in counting else 'no (reported only)'}</td>{cells}</tr>"
        )
    out.append("</table>")
    out.append(
        "<p class='note'>unchecked: the scenario has no expectation of that level; blocked: a core mismatch "
        "ended the run first. Runs that did not run (unsupported, skipped, errors) have no verdicts.</p>"
    )
    return out


def _parts_of(report: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The report's ``parts``, or (form 1) the same counts derived from its runs."""
    parts = report.get("parts")
    if isinstance(parts, dict) and parts:
        return parts
    derived = count_parts((r["outcome"], applied_rule_ids(r.get("rules") or [], r["edition"])) for r in report["scenarios"])
    return {k: p.as_dict() for k, p in derived.items()}


def _parts_html(report: dict[str, Any]) -> list[str]:
    """Runs per rule part and outcome; each part links to its rows of the rule matrix."""
    esc = html.escape
    parts = _parts_of(report)
    shown = ["passed", "failed", "error", "unsupported"]
    shown += [o for o in ("known_failure", "unexpected_pass", "flaky", "skipped") if any(p.get(o) for p in parts.values())]
    out = [
        "<h2 id='parts'>By rule part</h2>",
        "<table class='grid parts'><tr><th>part</th><th>runs</th>"
        + "".join(f"<th>{esc(OUTCOME_LABELS.get(o, o))}</th>" for o in shown) + "</tr>",
    ]
    for key, p in parts.items():
        cells = "".join(
            f"<td class='n {o}'>{p.get(o, 0)}</td>" if p.get(o, 0) else "<td class='n zero'>0</td>" for o in shown
        )
        out.append(
            f"<tr><td><a href='#{_part_anchor(key)}'>{esc(str(p.get('label', PARTS.get(key, key))))}</a></td>"
            f"<td class='n'>{p.get('runs', 0)}</td>{cells}</tr>"
        )
    if not parts:
        out.append(f"<tr><td colspan='{len(shown) + 2}'>no run</td></tr>")
    out.append("</table>")
    out.append("<p class='note'>A run counts under every part whose rules it cites, so the rows add up to more than the runs.</p>")
    return out


def _part_anchor(key: str) -> str:
    return "part-" + re.sub(r"[^A-Za-z0-9]", "-", key)


def _failures_html(bad: list[_Group], known: list[_Group]) -> list[str]:
    """The failing scenarios, one folded block each, under part headings; then the known
    failures the same way."""
    n_runs = sum(len(g.runs) for g in bad)
    out = [f"<h2 id='failures'>Failures ({counted(n_runs, 'run')} in {counted(len(bad), 'scenario')})</h2>"]
    if not bad:
        out.append("<p>None.</p>")
    else:
        out.append(
            "<p class='note'>One block per scenario, folded: its editions (red: failed under it), the first "
            "mismatch. Open a block for the description, each distinct message, the rules cited under the failing "
            "editions and the commands that re-run it.</p>"
        )
    out += _group_blocks(bad, known=False)
    if known:
        n_known = sum(len(g.runs) for g in known)
        out.append(f"<h2 id='known'>Known failures ({counted(n_known, 'run')} in {counted(len(known), 'scenario')})</h2>")
        out.append("<p class='note'>Listed in the known-failures file: expected to fail, they do not fail the run.</p>")
        out += _group_blocks(known, known=True)
    return out


def _group_blocks(groups: list[_Group], *, known: bool) -> list[str]:
    esc = html.escape
    cat = load_catalogue()
    out: list[str] = []
    part = ""
    for g in groups:
        if g.part != part:
            part = g.part
            n = sum(1 for x in groups if x.part == part)
            out.append(f"<h3>{esc(PARTS[part])} <span class='note'>({n} scenario{'s' if n != 1 else ''})</span></h3>")
        edition_outcome = {r["edition"]: r["outcome"] for r in g.all_runs}
        chips = "".join(
            f"<span class='ed-chip {edition_outcome[ed]}' title='{esc(ed)}: {esc(edition_outcome[ed])}'>{esc(ed)}</span>"
            for ed in sorted(edition_outcome, key=_edition_key)
        )
        outcomes = sorted({r["outcome"] for r in g.runs}, key=OUTCOMES.index)
        badges = "".join(f"<span class='badge {o}'>{o}</span>" for o in outcomes)
        first = _first_line(g.runs[0].get("message", ""))
        out.append(f"<details class='failure{' known' if known else ''}' id='{g.anchor}'>")
        out.append(
            f"<summary>{badges} <span class='sid'>{esc(g.id)}</span> {chips}"
            f"<span class='first'>{esc(first)}</span></summary><div class='body'>"
        )
        description = next((r.get("description") for r in g.all_runs if r.get("description")), "")
        if description:
            out.append(f"<p class='desc'>{esc(description)}</p>")
        messages: dict[str, list[str]] = {}
        for r in g.runs:
            messages.setdefault(r.get("message", ""), []).append(f"{r['edition']} ({r['outcome']})")
        for message, eds in messages.items():
            label = "under " + ", ".join(eds)
            if len(messages) == 1 and len(eds) > 1:
                label += " — the same message"
            out.append(f"<div class='msg'><div class='eds'>{esc(label)}</div><pre>{esc(message)}</pre></div>")
        rules: list[str] = []
        for r in g.runs:
            for rid in applied_rule_ids(r.get("rules") or [], r["edition"]):
                if rid not in rules:
                    rules.append(rid)
        texts: dict[tuple[str, str], list[str]] = {}
        for rid in rules:
            if rid in cat:
                rule = cat[rid]
                texts.setdefault((rule.text_ru, rule.text_en), []).append(rid)
        if texts:
            out.append(f"<div class='rules'><h4>Rules cited under {esc(', '.join(g.editions))}</h4>")
            for (ru, en), ids in texts.items():
                out.append(f"<div class='rule'><b>{esc(' = '.join(ids))}</b> {esc(ru)}<br><span class='en'>{esc(en)}</span></div>")
            out.append("</div>")
        reruns = list(dict.fromkeys(r["rerun"] for r in g.runs if r.get("rerun")))
        if reruns:
            out.append(f"<h4>Re-run</h4><pre class='cmd'>{esc(chr(10).join(reruns))}</pre>")
        out.append("</div></details>")
    return out


def _unsupported_html(report: dict[str, Any]) -> list[str]:
    """Runs the target does not support, grouped by reason (folded)."""
    esc = html.escape
    runs = [r for r in report["scenarios"] if r["outcome"] == "unsupported"]
    if not runs:
        return []
    # Grouped by what is missing; why each run needs it (the parenthesised "step 1: play")
    # is shown inside the group.
    groups: dict[str, list[str]] = {}
    for r in runs:
        key = re.sub(r" \([^()]*\)", "", r["message"])
        groups.setdefault(key, []).append(f"{r['id']}[{r['edition']}]: {r['message']}")
    out = [
        f"<h2 id='unsupported'>Unsupported runs ({len(runs)})</h2>",
        "<p class='note'>The target does not declare what these runs need; they are not failures. "
        "Grouped by what is missing; open a group for each run and why it needs it.</p>",
    ]
    for why, lines in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        items = "".join(f"<li>{esc(line)}</li>" for line in sorted(lines))
        out.append(f"<details class='plain'><summary>{len(lines)} × {esc(why)}</summary><ul>{items}</ul></details>")
    return out


def _matrix_html(report: dict[str, Any], bad: list[_Group], known: list[_Group]) -> list[str]:
    """Every rule by part and edition, coloured by the runs counting for it; a red (or
    known-failure) cell links to the block of a scenario citing it that failed."""
    esc = html.escape
    cat = load_catalogue()
    rules = report.get("rules", {})
    cov = report.get("coverage") or {}
    uncited = set(cov.get("uncited_seed_rules") or []) | set((cov.get("r15") or {}).get("uncited") or [])
    anchors: dict[str, str] = {}
    for g in known + bad:  # a failure block wins over a known-failure block
        for r in g.runs:
            anchors[f"{g.id}[{r['edition']}]"] = g.anchor
    out = ["<h2 id='rules'>Rule matrix</h2><div class='legend'>"]
    for cls, label in (
        ("passed", "all runs passed"), ("failed", "a run failed / errored / passed unexpectedly (links to it)"),
        ("known_failure", "known failure"), ("unsupported", "unsupported"), ("skipped", "skipped"),
        ("notrun", "cited, not run"), ("uncited", "no scenario cites it"), ("notrun sect", "section heading"),
    ):
        out.append(f"<span class='{cls}'>{label}</span>")
    out.append("</div>")
    by_part: dict[str, dict[str, list[str]]] = {}
    for rid, rule in cat.rules.items():
        if rule.edition == "R15" and rid not in rules and rid not in uncited:
            continue
        by_part.setdefault(rule_part(rid), {}).setdefault(rule.edition, []).append(rid)
    for key, label in PARTS.items():
        editions = by_part.get(key)
        if not editions:
            continue
        ids = [rid for eds in editions.values() for rid in eds]
        counts = Counter(
            "uncited" if rid in uncited else _cell_class(rules[rid]["outcomes"] if rid in rules else None) for rid in ids
        )
        tally = ", ".join(f"{n} {c}" for c, n in sorted(counts.items(), key=lambda kv: -kv[1]))
        out.append(
            f"<div class='part'><h3 id='{_part_anchor(key)}'>{esc(label)} <span class='note'>({len(ids)} rules: {esc(tally)})</span></h3>"
        )
        for edition in sorted(editions, key=_edition_key):
            name = "R15 model rules" if key == "R15" else f"Edition {edition}"
            out.append(f"<div class='row'><span class='ed' title='{esc(name)}'>{esc(edition)}</span><div class='matrix'>")
            for rid in editions[edition]:
                out.append(_cell_html(rid, rules.get(rid), rid in uncited, anchors))
            out.append("</div></div>")
        out.append("</div>")
    return out


def _cell_html(rid: str, entry: dict[str, Any] | None, uncited: bool, anchors: dict[str, str]) -> str:
    esc = html.escape
    rule = load_catalogue()[rid]
    cls = "uncited" if uncited else _cell_class(entry["outcomes"] if entry else None)
    label = rule.number
    if rule.kind == "section":
        cls += " sect"
        if "." not in rule.number and len(rule.number) == 1:
            label = f"Part {rule.number}"
    title = f"{rid}: {_shorten(rule.text_en, 140)}"
    target = ""
    if entry:
        title += f"\n{entry['passed']}/{entry['runs']} runs passed"
        failing = sorted((k for k in entry["scenarios"] if k in anchors), key=lambda k: not anchors[k].startswith("f-"))
        if failing:
            title += "; failing: " + ", ".join(failing[:8]) + (f" and {len(failing) - 8} more" if len(failing) > 8 else "")
            if cls.split()[0] in ("failed", "error", "unexpected_pass", "known_failure"):
                target = anchors[failing[0]]
    if target:
        return f"<a class='cell {cls}' href='#{target}' title='{esc(title)}'>{esc(label)}</a>"
    return f"<span class='cell {cls}' title='{esc(title)}'>{esc(label)}</span>"


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
