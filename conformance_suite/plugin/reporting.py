"""The plugin's reporting, done by the process that owns the session (the controller under
pytest-xdist): :class:`SuiteReporter` turns each run's test reports into its run record,
settles the exit code, updates the known failures, writes the JSON and HTML reports and prints
the suite's closing lines (:func:`failures_by_scenario` among them); :class:`JUnitNames` gives
the JUnit report class names CI tools group well."""

from __future__ import annotations

import json
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from ..coverage import Coverage, compute_coverage
from ..known_failures import ScenarioList, read_list, stale_patterns, unmatched_entries, write_known_failures
from ..needs import unsupported_tally
from ..report_html import write_reports
from ..report_json import (
    OUTCOME_LABELS,
    OUTCOMES,
    UNEXPECTED,
    ReportOptions,
    RunRecord,
    SuiteReport,
    counted,
    level_summary,
)
from ..runner import RuleSelector, gating_levels, rerun_command
from ..scenario import LoadedScenario, ScenarioError, load_all
from .items import AS_ABOVE, TARGET_GONE, UNSUPPORTED_PREFIX
from .session import EXIT_TARGET_UNUSABLE, SuiteSession, _header_line

__all__ = ["JUnitNames", "SuiteReporter", "TargetGoneFold", "failures_by_scenario"]


def failures_by_scenario(records: list[RunRecord]) -> list[str]:
    """One line per scenario that failed or errored: its id, the editions, and the first
    line of the first mismatch (runs of one scenario usually fail alike under every
    edition; the per-run details are printed above)."""
    grouped: dict[str, list[RunRecord]] = {}
    for r in records:
        if r.outcome in UNEXPECTED:
            grouped.setdefault(r.id, []).append(r)
    if not grouped:
        return []
    out = [f"failures by scenario ({len(grouped)}):"]
    gone: dict[str, list[int]] = {}  # a target gone: status code -> [scenarios, runs] past the first few
    for sid, runs in sorted(grouped.items()):
        eds = ", ".join(sorted(r.edition for r in runs if r.edition))
        first = next((line.strip() for line in runs[0].message.splitlines() if line.strip()), runs[0].outcome)
        code = _target_gone_code(first)
        if code:
            tally = gone.setdefault(code, [0, 0])
            tally[0] += 1
            if tally[0] > _GONE_SHOWN:
                tally[1] += len(runs)
                continue
        out.append(f"  {sid}{f' [{eds}]' if eds else ''} {runs[0].outcome}: {first}")
    for code, (n, n_runs) in gone.items():
        if n > _GONE_SHOWN:
            more = n - _GONE_SHOWN
            out.append(f"  … and {more} more scenario{'' if more == 1 else 's'} ({counted(n_runs, 'run')}), each an error "
                       f"of the target gone ({code}), as above; the reports list them")
    return out


#: how many scenarios of a target gone :func:`failures_by_scenario` names before it counts the rest
_GONE_SHOWN = 3


def _target_gone_code(first_line: str) -> str:
    """The status code when a run's message says the target went away (UNAVAILABLE, …), else ""."""
    head = first_line.removeprefix("the target failed: ")
    if head == first_line:
        return ""
    code = head.split(" ", 1)[0]
    return code if code in TARGET_GONE else ""


class TargetGoneFold:
    """Once the target has gone away, every later run fails alike: the first run of each status
    is shown whole, the others say "(as above)" (``ScenarioItem.repr_failure``).  This takes
    those out of pytest's failure and error sections and its short summary, so the terminal
    does not print a block and a line per remaining run (6,800 lines for a target that died at
    the start of the 2017 runs); pytest's closing line counts them as "more errors of the
    target gone".  The reports keep every run."""

    LABEL = "more errors of the target gone"

    @pytest.hookimpl(hookwrapper=True, tryfirst=True)
    def pytest_terminal_summary(self, terminalreporter: Any) -> Any:
        """Before pytest prints its sections: move the "(as above)" runs to their own count."""
        stats = terminalreporter.stats
        folded: list[Any] = []
        for key in ("error", "failed"):
            if key in stats:
                kept: list[Any] = []
                for rep in stats[key]:
                    (folded if str(getattr(rep, "longreprtext", "")).endswith(AS_ABOVE) else kept).append(rep)
                stats[key] = kept
        if folded:
            stats.setdefault(self.LABEL, []).extend(folded)
        yield


class JUnitNames:
    """JUnit test-case class names that CI tools group well: ``conformance.C.p3_main``
    (edition, then the scenario folder) instead of pytest's ``p3_main.s301.4-….json``, whose
    last dot makes Jenkins and GitLab file every test under the class "json"."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config

    @pytest.hookimpl(trylast=True)
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        """Set the class name on the JUnit reporter of a scenario run at its setup phase
        (kept for its later phases: attributes set this way are restored by the JUnit
        plugin)."""
        from _pytest.junitxml import xml_key  # the JUnit plugin's own handle; no public API exists

        xml = self.config.stash.get(xml_key, None)
        props = dict(report.user_properties)
        if xml is None or "cs_edition" not in props or report.when != "setup":
            return  # set once, at setup; after teardown the reporter is closed
        folder = Path(str(props.get("cs_file", ""))).parent.name or "scenarios"
        xml.node_reporter(report).add_attribute("classname", f"conformance.{props['cs_edition']}.{folder}")


def _phase_outcome(
    report: pytest.TestReport, message: str, kind: str, so_far: str, listed: str = ""
) -> tuple[str, str] | None:
    """The outcome and message a test phase's report gives a run (None: it leaves them as
    they were, ``so_far`` being the outcome until now); ``message`` and ``kind`` are what
    the item recorded (``cs_message``, ``cs_kind``), ``listed`` the list that names the run
    ("known", "flaky" or "")."""
    if report.when == "setup":
        if report.skipped:
            reason = _skip_reason(report)
            if reason.startswith(UNSUPPORTED_PREFIX):
                return "unsupported", reason.removeprefix(UNSUPPORTED_PREFIX)
            return "skipped", reason
        if report.failed:
            return "error", report.longreprtext
        return None
    if report.when == "call":
        if report.skipped and not hasattr(report, "wasxfail"):
            reason = _skip_reason(report)
            unsupported = reason.startswith(UNSUPPORTED_PREFIX)
            return "unsupported" if unsupported else "skipped", reason.removeprefix(UNSUPPORTED_PREFIX)
        if hasattr(report, "wasxfail"):
            why = str(report.wasxfail)
            if report.skipped:  # it failed, as the list said it might
                return ("flaky" if listed == "flaky" else "known_failure"), (f"{message}\n({why})" if message else why)
            return ("passed" if listed in ("flaky", "pattern") else "unexpected_pass"), message or why
        if report.failed:
            text = report.longreprtext
            if text.startswith("[XPASS(strict)]"):
                return "unexpected_pass", (
                    f"passed, but is {text.removeprefix('[XPASS(strict)]').strip()}: remove that line "
                    "(or run with --update-known-failures)"
                )
            return kind, message or text
        return "passed", message
    if report.when == "teardown" and report.failed and so_far not in UNEXPECTED:
        return "error", report.longreprtext
    return None


def _skip_reason(report: pytest.TestReport) -> str:
    lr = report.longrepr
    if isinstance(lr, tuple) and len(lr) == 3:
        return str(lr[2]).removeprefix("Skipped: ")
    return str(lr or "")


def _empty_selection_hints(suite: SuiteSession) -> list[str]:
    """Why a selection matched nothing (exit 5): per ``--rules`` spec no scenario matches,
    the range of rule numbers the scenarios cite; an ``--edition`` no scenario lists."""
    opts = suite.opts
    scenarios = list(suite.loaded.values())
    out: list[str] = []
    cited = sorted({r for sc in scenarios for r in sc.message.rules})
    for spec in opts.rules:
        one = RuleSelector((spec,))
        if not any(one.matches(list(sc.message.rules)) for sc in scenarios):
            numbers = sorted({r.rpartition(":")[2] for r in cited if r.rpartition(":")[2][:1].isdigit()},
                             key=lambda n: [int(x) if x.isdigit() else 0 for x in n.split(".")])
            span = f"; the scenarios cite rules {numbers[0]} to {numbers[-1]}" if numbers else ""
            out.append(f"--rules {spec}: no scenario cites a rule it selects{span} "
                       "(e.g. --rules 401-402, --rules 309.1, --rules R15:516)")
    listed = {ed for sc in scenarios for ed in sc.message.editions}
    for ed in opts.editions:
        if ed not in listed:
            out.append(f"--edition {ed}: no scenario lists it (they list {', '.join(sorted(listed))})")
    if not out and (opts.rules or opts.editions or opts.ids):
        out.append("the selection options together match no scenario run (each alone may; they are combined with 'and')")
    return out


class SuiteReporter:
    """Hooks of the reporting process (registered by :func:`pytest_configure` unless this
    is an xdist worker): run records, the exit code, the known-failures update, reports."""

    def __init__(self, suite: SuiteSession) -> None:
        self.suite = suite
        self._header_shown = False

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        """Below pytest's default verbosity (the ``run`` command's default), print the
        suite's header line and how many runs were selected, which pytest's quiet header
        leaves out."""
        self._header(session.config, len(session.items))

    @pytest.hookimpl(optionalhook=True)
    def pytest_xdist_node_collection_finished(self, node: Any, ids: list[str]) -> None:
        """The same header under pytest-xdist (``-n``), whose controller collects nothing
        itself: once, when the first worker has collected (every worker collects the same runs)."""
        self._header(node.config, len(ids))

    def _header(self, config: pytest.Config, selected: int) -> None:
        tr = config.pluginmanager.get_plugin("terminalreporter")
        if tr is None or config.get_verbosity() >= 0 or self._header_shown:
            return
        self._header_shown = True
        tr.write_line(_header_line(self.suite))
        tr.write_line(f"{selected} scenario runs selected")

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        """Turn the test reports of a scenario item into its run record."""
        props = dict(report.user_properties)
        if "cs_id" not in props:
            return
        suite = self.suite
        rec = suite.records.get(report.nodeid)
        if rec is None:
            sid, edition = str(props["cs_id"]), str(props["cs_edition"])
            rec = RunRecord(
                id=sid,
                edition=edition,
                rules=tuple(json.loads(str(props["cs_rules"]))),
                applied_rules=tuple(json.loads(str(props["cs_applied"]))),
                file=str(props.get("cs_file", "")),
                nodeid=report.nodeid,
                rerun=rerun_command(suite.opts, sid, edition),
                description=str(props.get("cs_description", "")),
            )
        rec = replace(rec, duration=rec.duration + report.duration)
        if "cs_levels" in props:
            rec = replace(rec, levels=json.loads(str(props["cs_levels"])))
        outcome = _phase_outcome(report, str(props.get("cs_message", "")), str(props.get("cs_kind", "error")), rec.outcome,
                                 str(props.get("cs_listed", "")))
        if outcome is not None:
            rec = replace(rec, outcome=outcome[0], message=outcome[1])
        suite.records[report.nodeid] = rec

    def _update_known_failures(self, records: list[RunRecord], all_ids: set[str] | None) -> None:
        suite = self.suite
        path = Path(suite.opts.known_failures)
        old = suite.known or ScenarioList(path)
        ran = {r.key: r for r in records if r.outcome != "skipped"}
        ran_ids = {r.id for r in ran.values()}
        keep: set[str] = set()
        for key in old.entries:
            sid = key.split("[", 1)[0]
            if all_ids is not None and sid not in all_ids:
                continue  # the scenario no longer exists
            if key in ran or ("[" not in key and key in ran_ids):
                continue  # decided by this run
            keep.add(key)
        failing = {k for k, r in ran.items() if r.outcome in ("failed", "error", "known_failure")}
        patterns = {e for e in old.entries if "*" in e or "?" in e}
        for pattern in patterns:  # a pattern stays while it matches a failing run or no run at all
            one = ScenarioList(path, {pattern: 1})
            matched = [k for k, r in ran.items() if one.matches(r.id, r.edition)]
            if not matched or any(k in failing for k in matched):
                keep.add(pattern)
                failing -= set(matched)
            else:
                keep.discard(pattern)
        new = keep | failing
        write_known_failures(path, new, old.header or None, old.reasons)
        suite.known = read_list(path)  # what the file now says: its entries and line numbers
        added = sorted(new - set(old.entries))
        removed = sorted(set(old.entries) - new)
        suite.notes.append(
            f"known failures written to {path}: {counted(len(new), 'entry')}"
            + (f"; added {', '.join(added)}" if added else "")
            + (f"; removed {', '.join(removed)}" if removed else "")
        )

    def _stale_patterns(self, records: list[RunRecord]) -> list[str]:
        """The stale patterns of the known-failures file (:func:`~conformance_suite.known_failures.stale_patterns`),
        each with a note."""
        suite = self.suite
        if suite.known is None:
            return []
        stale = stale_patterns(suite.known, [(r.id, r.edition, r.outcome) for r in records])
        suite.notes += [note for _, note in stale]
        return [entry for entry, _ in stale]

    def _unmatched_entries(self, scenarios: list[LoadedScenario]) -> None:
        """A note for each entry of the lists that names no run of the scenarios (a typo)."""
        suite = self.suite
        if scenarios:
            runs = [(sc.id, ed) for sc in scenarios for ed in sc.message.editions]
            lists = [lst for lst in (suite.known, suite.flaky, suite.skips) if lst is not None]
            suite.notes += unmatched_entries(lists, runs, str(suite.root))

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        """Settle the exit code, update the known failures and write the reports."""
        suite = self.suite
        records = list(suite.records.values())
        status = int(session.exitstatus)
        scenarios: list[LoadedScenario] = []
        try:
            files = sorted(suite.root.rglob("*.json"))
            if files and all(f in suite.loaded or f in suite.invalid for f in files):
                # collected in this process; the coverage counts the files that could be read
                scenarios = [suite.loaded[f] for f in files if f in suite.loaded]
            else:
                scenarios = load_all(suite.root, skip_invalid=True)
            coverage: Coverage | None = compute_coverage(scenarios)
            coverage_error = ""
            all_ids: set[str] | None = {s.id for s in scenarios}
        except ScenarioError as exc:
            coverage, coverage_error, all_ids = None, str(exc), None
        if suite.target_down:
            status = EXIT_TARGET_UNUSABLE
        elif suite.opts.update_known_failures and suite.opts.known_failures:
            # the failures are now recorded in the file: they are expected from here on
            self._update_known_failures(records, all_ids)
            if status == pytest.ExitCode.TESTS_FAILED:
                status = pytest.ExitCode.OK
        else:
            stale = self._stale_patterns(records)
            if status == pytest.ExitCode.OK and (stale or any(r.outcome in UNEXPECTED for r in records)):
                status = pytest.ExitCode.TESTS_FAILED
        self._unmatched_entries(scenarios)
        session.exitstatus = status
        opts = suite.opts
        if opts.report_json or opts.report_html:
            report = SuiteReport(
                target=opts.target_label,
                server_info=suite.info_if_asked(),
                started=suite.started,
                duration=time.time() - suite.started,
                records=tuple(records),
                exit_code=status,
                options=ReportOptions(
                    rules=tuple(opts.rules),
                    editions=tuple(opts.editions),
                    ids=tuple(opts.ids),
                    mutant=opts.mutant,
                    known_failures=opts.known_failures,
                    known_flaky=opts.known_flaky,
                    skip_list=opts.skip_list,
                    scenarios=opts.scenarios,
                    levels=tuple(gating_levels(opts, suite.info_or_empty())),
                    shard=opts.shard,
                ),
                coverage=coverage,
                coverage_error=coverage_error,
            )
            write_reports(report.to_json(), opts.report_json, opts.report_html)
            for kind, p in (("JSON", opts.report_json), ("HTML", opts.report_html)):
                if p:
                    suite.notes.append(f"{kind} report written to {p}")

    def pytest_terminal_summary(self, terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
        """The suite's closing lines: the outcomes, target trouble, lists and reports written."""
        suite = self.suite
        tr = terminalreporter
        tr.section("conformance suite", sep="-")
        counts: dict[str, int] = {}
        for r in suite.records.values():
            counts[r.outcome] = counts.get(r.outcome, 0) + 1
        summary = ", ".join(counted(counts[o], OUTCOME_LABELS[o]) for o in OUTCOMES if counts.get(o)) or "no scenario ran"
        tr.write_line(f"target {suite.opts.target_label}: {summary}")
        missing = unsupported_tally(r.message for r in suite.records.values() if r.outcome == "unsupported")
        if missing:
            tr.write_line("unsupported runs by what they need that the target does not declare (a run may need "
                          "several; the reports give each run's reasons): "
                          + ", ".join(f"{what} {n}" for what, n in missing))
        if not suite.records:
            for line in _empty_selection_hints(suite):
                tr.write_line(line, yellow=True)
        gating = gating_levels(suite.opts, suite.info_or_empty())
        for lv, verdicts in level_summary(list(suite.records.values())).items():
            if not verdicts:
                continue
            shown = ", ".join(counted(n, OUTCOME_LABELS.get(v, v)) for v, n in sorted(verdicts.items()))
            tr.write_line(f"  level {lv}{'' if lv in gating else ' (not counted)'}: {shown}")
        for line in failures_by_scenario(list(suite.records.values())):
            tr.write_line(line)
        if suite.target_down:
            tr.write_line(f"TARGET UNUSABLE: {suite.target_down}", red=True, bold=True)
        for note in suite.notes:
            tr.write_line(note)

