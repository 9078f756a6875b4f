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
written by the process that owns the session (the controller under pytest-xdist).

The hooks are here (this module is the plugin pytest loads, ``-p conformance_suite.plugin``),
with the reading of the ``--cs-`` options; the session's state is
:mod:`~conformance_suite.plugin.session`, the collected files and items
:mod:`~conformance_suite.plugin.items`, the run records, exit code, lists, reports and closing
lines :mod:`~conformance_suite.plugin.reporting`."""

from __future__ import annotations

from pathlib import Path

import pytest

from oracle.contract import LEVELS
from oracle.mutants import MUTANTS

from ..known_failures import ListFileError, is_pattern, read_list
from ..needs import scenario_needs, unsupported_reason
from ..runner import RuleSelector, RunOptions, in_shard, split_csv
from .items import UNSUPPORTED_PREFIX, InvalidScenarioItem, ScenarioFailed, ScenarioFile, ScenarioItem
from .reporting import JUnitNames, SuiteReporter, TargetGoneFold, _skip_reason, failures_by_scenario
from .session import _SUITE, EXIT_TARGET_UNUSABLE, SuiteSession, _header_line, _suite

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
        config.pluginmanager.register(TargetGoneFold(), "conformance-suite-target-gone-fold")


def pytest_report_header(config: pytest.Config) -> list[str] | None:
    """One header line naming the suite version and the target (pytest shows it at its
    default verbosity; quieter runs get it from :meth:`SuiteReporter.pytest_collection_finish`)."""
    suite = _suite(config)
    if suite is None:
        return None
    return [_header_line(suite)]


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

