"""The pytest plugin of the conformance suite: scenario files are collected as test items,
one per (scenario, edition), named like ``s401.3-fifo[C]``.

It is switched on by ``--cs-target HOST:PORT`` or ``--cs-in-process`` (the ``run`` command
of ``python -m conformance_suite`` passes these); without them it does nothing, so it can
sit in any pytest run.  Selection (``--cs-rules``, ``--cs-edition``, ``--cs-id``) deselects
items; editions the target's server info does not list are skipped with the reason;
known failures are run as pytest xfails, strictly (outcome ``known_failure``; an unexpected
pass, ``unexpected_pass``, fails the run), known-flaky runs as non-strict xfails (a failure
is ``flaky``, a pass ``passed``); the skip list is skipped without running.  pytest's own
output uses the same words (:func:`pytest_report_teststatus`).  The JSON and HTML reports and the known-failures update are
written by the process that owns the session (the controller under pytest-xdist)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest

from oracle.contract import LEVELS
from oracle.mutants import MUTANTS

from .coverage import Coverage, compute_coverage
from .executor import ScenarioResult, run_scenario
from .known_failures import (
    ListFileError,
    ScenarioList,
    is_pattern,
    item_key,
    read_list,
    stale_patterns,
    unmatched_entries,
    write_known_failures,
)
from .needs import scenario_needs, unsupported_reason, unsupported_tally
from .report_html import write_reports
from .report_json import OUTCOME_LABELS, OUTCOMES, UNEXPECTED, ReportOptions, RunRecord, SuiteReport, level_summary
from .runner import (
    RuleSelector,
    RunOptions,
    TargetUnusable,
    applied_rules,
    check_target,
    gating_levels,
    in_shard,
    make_target,
    mismatch_message,
    rerun_command,
    rule_texts,
    split_csv,
)
from .scenario import LoadedScenario, ScenarioError, load_all, load_scenario
from .targets import ServerInfo, Target, TargetError, TargetInputError

__all__ = [
    "EXIT_TARGET_UNUSABLE",
    "InvalidScenarioItem",
    "JUnitNames",
    "ScenarioFailed",
    "ScenarioFile",
    "ScenarioItem",
    "SuiteReporter",
    "SuiteSession",
    "failures_by_scenario",
    "pytest_addoption",
    "pytest_collect_file",
    "pytest_collection_modifyitems",
    "pytest_configure",
    "pytest_report_header",
    "pytest_report_teststatus",
    "pytest_sessionstart",
]

#: Exit code when the target is down or speaks another protocol version.
EXIT_TARGET_UNUSABLE = 3


def pytest_addoption(parser: pytest.Parser) -> None:
    """The suite's options (all prefixed ``--cs-``)."""
    g = parser.getgroup("conformance", "«Берсерк. Герои» conformance suite")
    g.addoption("--cs-target", default="", help="run the suite against the oracle service at HOST:PORT")
    g.addoption("--cs-in-process", action="store_true", default=False, help="run against the reference engine")
    g.addoption("--cs-mutant", default="", help="in process: switch on this engine mutant")
    g.addoption("--cs-rules", action="append", default=[], help="select by rule: 401-402, 309.1, C:309.1")
    g.addoption("--cs-edition", action="append", default=[], help="select by edition (A, B, C)")
    g.addoption("--cs-id", action="append", default=[], help="select by scenario id (or id[edition])")
    g.addoption("--cs-known-failures", default="", help="file of expected failures, one id[edition] a line")
    g.addoption("--cs-known-flaky", default="", help="file of runs that may fail or pass, one id[edition] a line")
    g.addoption("--cs-skip-list", default="", help="file of scenarios not to run (they hang or crash the target)")
    g.addoption("--cs-update-known-failures", action="store_true", default=False, help="rewrite the known failures")
    g.addoption("--cs-report-json", default="", help="write the JSON report here")
    g.addoption("--cs-report-html", default="", help="write the HTML report here")
    g.addoption("--cs-tls-ca", default="", help="PEM file of the CA for a TLS connection")
    g.addoption("--cs-token", default="", help="bearer token sent with every call")
    g.addoption("--cs-shard", default="", help="run only the K-th of N parts of the selection (K/N)")
    g.addoption("--cs-target-command", default="", help="the command that started the target (for re-run lines)")
    g.addoption("--cs-given-target", default="", help="the --target given with that command (for re-run lines)")
    g.addoption("--cs-timeout", type=float, default=30.0, help="deadline of one call, seconds")
    g.addoption("--cs-scenarios", default="", help="the scenario directory (default: the packaged suite)")
    g.addoption(
        "--cs-levels", action="append", default=[], help="conformance levels that decide pass/fail (core, citations, events)"
    )


def _options(config: pytest.Config) -> RunOptions:
    opt = config.getoption
    scenarios = opt("--cs-scenarios") or RunOptions().scenarios
    return RunOptions(
        target=opt("--cs-target"),
        in_process=bool(opt("--cs-in-process")),
        mutant=opt("--cs-mutant"),
        rules=split_csv(opt("--cs-rules")),
        editions=split_csv(opt("--cs-edition")),
        ids=split_csv(opt("--cs-id")),
        known_failures=opt("--cs-known-failures"),
        known_flaky=opt("--cs-known-flaky"),
        skip_list=opt("--cs-skip-list"),
        update_known_failures=bool(opt("--cs-update-known-failures")),
        report_json=opt("--cs-report-json"),
        report_html=opt("--cs-report-html"),
        tls_ca=opt("--cs-tls-ca"),
        token=opt("--cs-token"),
        timeout=float(opt("--cs-timeout")),
        scenarios=str(Path(scenarios).resolve()),
        levels=split_csv(opt("--cs-levels")),
        shard=opt("--cs-shard"),
        target_command=opt("--cs-target-command"),
        given_target=opt("--cs-given-target"),
    )


@dataclass
class SuiteSession:
    """The suite's state for one pytest session (in each process under pytest-xdist)."""

    config: pytest.Config
    opts: RunOptions
    selector: RuleSelector
    known: ScenarioList | None
    skips: ScenarioList | None
    flaky: ScenarioList | None = None
    started: float = field(default_factory=time.time)
    target_down: str = ""
    #: the status codes of a target gone (:data:`_TARGET_GONE`) whose failure was shown whole
    shown_target_failures: set[str] = field(default_factory=set)
    records: dict[str, RunRecord] = field(default_factory=dict)
    ids_seen: dict[str, Path] = field(default_factory=dict)
    loaded: dict[Path, LoadedScenario] = field(default_factory=dict)
    invalid: dict[Path, ScenarioError] = field(default_factory=dict)
    #: per scenario id, the edition and text of the first failure shown in the terminal
    shown_failures: dict[str, tuple[str, str]] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    _target: Target | None = None
    _info: ServerInfo | None = None

    @property
    def is_controller(self) -> bool:
        """True in the process that reports (not an xdist worker)."""
        return not hasattr(self.config, "workerinput")

    @property
    def root(self) -> Path:
        """The scenario directory."""
        return Path(self.opts.scenarios)

    def target(self) -> Target:
        """The target (created on first use)."""
        if self._target is None:
            self._target = make_target(self.opts)
        return self._target

    def server_info(self) -> ServerInfo:
        """The target's server info (asked once); ``pytest.exit`` with code 3 when the target
        is down or speaks another protocol version."""
        if self._info is None:
            try:
                self._info = check_target(self.target(), self.opts.target_label)
            except (TargetUnusable, TargetError) as exc:
                self.target_down = str(exc)
                pytest.exit(str(exc), returncode=EXIT_TARGET_UNUSABLE)
        return self._info

    def info_if_asked(self) -> ServerInfo | None:
        """The server info if it was asked, else None."""
        return self._info

    def info_or_empty(self) -> ServerInfo:
        """The server info if it was asked, else an empty one."""
        return self._info or ServerInfo()


_SUITE = pytest.StashKey[SuiteSession]()


def _suite(config: pytest.Config) -> SuiteSession | None:
    return config.stash.get(_SUITE, None)


def pytest_configure(config: pytest.Config) -> None:
    """Switch the suite on when a target is given; read the lists."""
    config.addinivalue_line("markers", "conformance: a conformance scenario run")
    if not (config.getoption("--cs-target") or config.getoption("--cs-in-process")):
        return
    opts = _options(config)
    if opts.mutant and (opts.target or opts.mutant not in MUTANTS):
        raise pytest.UsageError(
            f"--cs-mutant {opts.mutant!r}: " + ("only in process" if opts.target else "no such mutant")
        )
    bad = [lv for lv in opts.levels if lv not in LEVELS]
    if bad:
        raise pytest.UsageError(f"--levels: unknown level {bad[0]!r} (known: {', '.join(LEVELS)})")
    try:
        selector = RuleSelector.parse(opts.rules)
        known = read_list(opts.known_failures, missing_ok=opts.update_known_failures) if opts.known_failures else None
        skips = read_list(opts.skip_list) if opts.skip_list else None
        flaky = read_list(opts.known_flaky) if opts.known_flaky else None
    except (ValueError, ListFileError) as exc:
        raise pytest.UsageError(str(exc)) from None
    suite = SuiteSession(config, opts, selector, known, skips, flaky=flaky)
    config.stash[_SUITE] = suite
    # pytest prints each failure's whole text again in its short summary when the CI variable is
    # set or under -vv; a scenario's failure is already shown once above, so keep the summary to
    # one line per run there too.
    config.option.force_short_summary = True
    if suite.is_controller:
        config.pluginmanager.register(SuiteReporter(suite), "conformance-suite-reporter")
        config.pluginmanager.register(JUnitNames(config), "conformance-suite-junit-names")


def pytest_report_header(config: pytest.Config) -> list[str] | None:
    """One header line naming the suite version and the target (pytest shows it at its
    default verbosity; quieter runs get it from :meth:`SuiteReporter.pytest_collection_finish`)."""
    suite = _suite(config)
    if suite is None:
        return None
    return [_header_line(suite)]


def _header_line(suite: SuiteSession) -> str:
    from . import __version__

    info = suite.server_info()
    desc = f"{info.implementation} {info.engine_version}".strip()
    muts = f", mutants {', '.join(info.mutants)}" if info.mutants else ""
    return (
        f"conformance suite {__version__}: target {suite.opts.target_label} — {desc}, "
        f"protocol {info.proto_version}, editions {', '.join(info.editions)}{muts}"
    )


def pytest_sessionstart(session: pytest.Session) -> None:
    """Ask the target's server info before anything runs (exit 3 when unusable)."""
    suite = _suite(session.config)
    if suite is not None:
        suite.server_info()


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    """Collect ``*.json`` files under the scenario directory as scenario files."""
    suite = _suite(parent.config)
    if suite is None or file_path.suffix != ".json" or not file_path.is_relative_to(suite.root):
        return None
    return ScenarioFile.from_parent(parent, path=file_path)


class ScenarioFile(pytest.File):
    """One scenario file; it yields one item per edition the scenario lists."""

    def collect(self) -> Iterator[pytest.Item]:
        """Load and validate the file: one item per edition it lists, or, when the file
        cannot be loaded (a :class:`ScenarioError` names the file and field), one
        :class:`InvalidScenarioItem` that reports it as an error run while every other file
        still runs."""
        suite = _suite(self.config)
        assert suite is not None
        try:
            sc = load_scenario(self.path)
            other = suite.ids_seen.setdefault(sc.id, self.path)
            if other != self.path:
                raise ScenarioError(self.path, "id", f"id {sc.id!r} is also used by {other}")
        except ScenarioError as exc:
            suite.invalid[self.path] = exc
            yield InvalidScenarioItem.from_parent(self, name=self.path.stem, error=exc)
            return
        suite.loaded[self.path] = sc
        for edition in sc.message.editions:
            yield ScenarioItem.from_parent(self, name=item_key(sc.id, edition), scenario=sc, edition=edition)

    def repr_failure(  # type: ignore[override]
        self, excinfo: pytest.ExceptionInfo[BaseException]
    ) -> str:
        """A malformed scenario is reported in one line: file, field, reason."""
        if isinstance(excinfo.value, ScenarioError):
            return f"invalid scenario: {excinfo.value}"
        return str(super().repr_failure(excinfo))


class InvalidScenarioItem(pytest.Item):
    """A scenario file that cannot be loaded (unreadable JSON, a field of the wrong type, an
    unknown card, an inconsistent board, a duplicate id): one run with the outcome *error*,
    named after the file, whose message names the file, the field and the reason.  It runs
    under no edition (its record's ``edition`` is empty) and never stops the other runs."""

    def __init__(self, *, error: ScenarioError, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.error = error
        self.user_properties += [
            ("cs_id", self.path.stem),
            ("cs_edition", ""),
            ("cs_rules", "[]"),
            ("cs_applied", "[]"),
            ("cs_file", str(self.path)),
            ("cs_description", "a scenario file that cannot be loaded"),
            ("cs_kind", "error"),
            ("cs_message", f"invalid scenario: {error}"),
        ]

    def runtest(self) -> None:
        """Fail with the loader's message (the file is not run)."""
        raise ScenarioFailed(f"invalid scenario: {self.error}")

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        """One line: the file, the field and the reason."""
        return f"invalid scenario: {self.error}"

    def reportinfo(self) -> tuple[Path, int, str]:
        """Where the item comes from (the file, line 0)."""
        return self.path, 0, f"invalid scenario file {self.path.name}"


class ScenarioFailed(AssertionError):
    """A scenario run disagreed with the target (or the target refused its input)."""

    def __init__(self, message: str, result: ScenarioResult | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.result = result
        #: the status code of a call the target failed (the run is an error), else ""
        self.target_code = ""


class ScenarioItem(pytest.Item):
    """One scenario under one edition."""

    def __init__(self, *, scenario: LoadedScenario, edition: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.scenario = scenario
        self.edition = edition
        self.applied = applied_rules(scenario, edition)
        self.add_marker("conformance")
        self.user_properties += [
            ("cs_id", scenario.id),
            ("cs_edition", edition),
            ("cs_rules", json.dumps(list(scenario.message.rules))),
            ("cs_applied", json.dumps(self.applied)),
            ("cs_file", str(scenario.path)),
            ("cs_description", scenario.message.description),
        ]

    @property
    def key(self) -> str:
        """``scenario_id[edition]``."""
        return item_key(self.scenario.id, self.edition)

    def _suite(self) -> SuiteSession:
        suite = _suite(self.config)
        assert suite is not None
        return suite

    def runtest(self) -> None:
        """Run the scenario against the target; raise :class:`ScenarioFailed` when a level
        that counts (:func:`~conformance_suite.runner.gating_levels`) failed."""
        suite = self._suite()
        try:
            res = run_scenario(self.scenario, self.edition, suite.target())
        except TargetInputError as exc:
            self._record("error", f"the target refused the input as malformed: {exc}")
            raise ScenarioFailed(f"the target refused the input as malformed: {exc}") from None
        except TargetError as exc:
            # One run's error, never the end of the run: the next scenario may work.
            first = str(exc).splitlines()[0] if str(exc) else repr(exc)
            if exc.code == "UNIMPLEMENTED":
                why = f"the target answered {first}"
                self._record("unsupported", why)
                pytest.skip(f"{UNSUPPORTED_PREFIX}{why}")
            line = f"the target failed: {first}"
            self._record("error", line)
            failed = ScenarioFailed(line)
            failed.target_code = exc.code or ""
            raise failed from None
        except Exception as exc:
            self._record("error", f"{type(exc).__name__}: {exc}")
            raise
        self.user_properties.append(("cs_levels", json.dumps(res.levels)))
        gating = gating_levels(suite.opts, suite.server_info())
        message = mismatch_message(res.mismatches, gating)
        if not res.passed_at(gating):
            self._record("failed", message)
            raise ScenarioFailed(message, res)
        if res.mismatches:
            self.user_properties.append(("cs_message", "passed at " + ", ".join(gating) + "; " + message))

    def _record(self, kind: str, message: str) -> None:
        self.user_properties += [("cs_kind", kind), ("cs_message", message)]

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        """The step, expected against actual, the cited rules' text and a re-run command."""
        suite = self._suite()
        if isinstance(excinfo.value, ScenarioFailed):
            body = excinfo.value.message
            code = excinfo.value.target_code
            if code in _TARGET_GONE:
                # a target that went away fails every run after it alike: the first shows whole
                if code in suite.shown_target_failures:
                    return f"{self.key}: {body} (as above)"
                suite.shown_target_failures.add(code)
        else:
            body = str(super().repr_failure(excinfo, style=style))
        # a known failure or a flaky run (xfail) is not shown: it is never the one another refers to
        listed = self.get_closest_marker("xfail") is not None
        first = (self.edition, body) if listed else suite.shown_failures.setdefault(self.scenario.id, (self.edition, body))
        if first != (self.edition, body) and first[1] == body:
            # the same failure under another edition: shown once, under the first one
            return f"{self.key}: the same failure as under {first[0]} (shown there)"
        lines = [f"{self.key}: {self.scenario.message.description}", body, ""]
        if self.config.get_verbosity() > 0:
            lines.append("rules cited:")
            for rule in rule_texts(self.applied):
                lines.append(f"  {rule.id}  {rule.text_ru}")
                lines.append(f"  {' ' * len(rule.id)}  ({rule.text_en})")
        else:
            lines.append(f"rules cited: {', '.join(self.applied)} (-v shows their text; the reports always do)")
        lines += ["", f"re-run: {rerun_command(suite.opts, self.scenario.id, '')}"]
        return "\n".join(lines)

    def reportinfo(self) -> tuple[Path, int, str]:
        """Where the item comes from (the file, line 0)."""
        return self.path, 0, f"scenario {self.key}"


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    """Apply selection, capability skips, the skip list and the known failures."""
    suite = _suite(config)
    if suite is None:
        return
    opts = suite.opts
    keep: list[pytest.Item] = []
    dropped: list[pytest.Item] = []
    ids = set(opts.ids)
    for item in items:
        if isinstance(item, InvalidScenarioItem):
            # a file that cannot be read has no editions or rules to select by: it is
            # reported unless --id names other scenarios only (in the shard of its file's name)
            listed = (not ids or item.path.stem in ids) and in_shard(item.path.stem, opts.shard)
            (keep if listed else dropped).append(item)
            continue
        if not isinstance(item, ScenarioItem):
            keep.append(item)
            continue
        sc = item.scenario
        selected = (
            (not opts.editions or item.edition in opts.editions)
            and (not ids or sc.id in ids or item.key in ids)
            and suite.selector.matches(item.applied)
            and in_shard(sc.id, opts.shard)
        )
        (keep if selected else dropped).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = keep
    info = suite.server_info()
    for item in items:
        if not isinstance(item, ScenarioItem):
            continue
        sid, ed = item.scenario.id, item.edition
        why = unsupported_reason(scenario_needs(item.scenario, ed), info)
        if why:
            item.add_marker(pytest.mark.skip(reason=f"{UNSUPPORTED_PREFIX}{why}"))
        elif suite.skips is not None and suite.skips.matches(sid, ed):
            item.add_marker(pytest.mark.skip(reason=f"in the skip list {suite.skips.path}"))
        elif suite.known is not None and (entry := suite.known.entry_for(sid, ed)) is not None:
            # a pattern names a set of runs: one of them may pass (the pattern is stale only when
            # none of the runs it matched failed, settled after the run)
            pattern = is_pattern(entry)
            item.user_properties.append(("cs_listed", "pattern" if pattern else "known"))
            item.add_marker(
                pytest.mark.xfail(
                    reason=f"listed as a known failure at {suite.known.where(entry)}",
                    strict=not opts.update_known_failures and not pattern,
                )
            )
        elif suite.flaky is not None and (entry := suite.flaky.entry_for(sid, ed)) is not None:
            item.user_properties.append(("cs_listed", "flaky"))
            item.add_marker(pytest.mark.xfail(reason=f"listed as flaky at {suite.flaky.where(entry)}", strict=False))


def pytest_report_teststatus(report: pytest.TestReport, config: pytest.Config) -> tuple[str, str, str] | None:
    """pytest's own words for a scenario run, so that its progress letters and closing
    counts use the suite's vocabulary: *unsupported* (``u``), *known failure* (``x``),
    *flaky* (``f``), *unexpected pass* (``X``) and *error* (``E``, a run that could not be
    carried out) instead of skipped, xfailed, xpassed and failed."""
    props = dict(report.user_properties)
    if "cs_id" not in props:
        return None
    if report.when == "setup" and report.skipped and _skip_reason(report).startswith(UNSUPPORTED_PREFIX):
        return "unsupported", "u", "UNSUPPORTED"
    if report.when != "call":
        return None
    if report.skipped and not hasattr(report, "wasxfail") and _skip_reason(report).startswith(UNSUPPORTED_PREFIX):
        return "unsupported", "u", "UNSUPPORTED"
    if hasattr(report, "wasxfail"):
        if report.skipped:
            return ("flaky", "f", "FLAKY") if props.get("cs_listed") == "flaky" else ("known failure", "x", "KNOWN FAILURE")
        return "passed", ".", "PASSED"
    if report.failed and report.longreprtext.startswith("[XPASS(strict)]"):
        return "unexpected pass", "X", "UNEXPECTED PASS"
    if report.failed and props.get("cs_kind") == "error":
        return "error", "E", "ERROR"
    return None


#: The status codes of a target that went away during the run (every later run fails alike).
_TARGET_GONE = frozenset(("UNAVAILABLE", "DEADLINE_EXCEEDED", "CANCELLED"))

#: How the skip reason of an unsupported run starts.
UNSUPPORTED_PREFIX = "unsupported: "


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
    for sid, runs in sorted(grouped.items()):
        eds = ", ".join(sorted(r.edition for r in runs if r.edition))
        first = next((line.strip() for line in runs[0].message.splitlines() if line.strip()), runs[0].outcome)
        out.append(f"  {sid}{f' [{eds}]' if eds else ''} {runs[0].outcome}: {first}")
    return out


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

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        """Below pytest's default verbosity (the ``run`` command's default), print the
        suite's header line and how many runs were selected, which pytest's quiet header
        leaves out."""
        tr = session.config.pluginmanager.get_plugin("terminalreporter")
        if tr is None or session.config.get_verbosity() >= 0:
            return
        tr.write_line(_header_line(self.suite))
        tr.write_line(f"{len(session.items)} scenario runs selected")

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
        added = sorted(new - set(old.entries))
        removed = sorted(set(old.entries) - new)
        suite.notes.append(
            f"known failures written to {path}: {len(new)} entries"
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
        summary = ", ".join(f"{counts[o]} {OUTCOME_LABELS[o]}" for o in OUTCOMES if counts.get(o)) or "no scenario ran"
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
            shown = ", ".join(f"{n} {OUTCOME_LABELS.get(v, v)}" for v, n in sorted(verdicts.items()))
            tr.write_line(f"  level {lv}{'' if lv in gating else ' (not counted)'}: {shown}")
        for line in failures_by_scenario(list(suite.records.values())):
            tr.write_line(line)
        if suite.target_down:
            tr.write_line(f"TARGET UNUSABLE: {suite.target_down}", red=True, bold=True)
        for note in suite.notes:
            tr.write_line(note)
