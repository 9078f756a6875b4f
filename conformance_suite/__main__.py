"""Command line of the conformance suite: ``berserk-conformance`` (the console script) or
``python -m conformance_suite``.

``berserk-conformance run (--target HOST:PORT | --in-process) [options]`` runs the
scenarios through pytest with the suite's plugin (:mod:`conformance_suite.plugin`); ``-k``,
``-x``, ``--junitxml`` and ``-n`` go to pytest (``-n`` needs pytest-xdist), and so does each
``--pytest-arg=ARG``.  ``run -- CMD ARGS…`` (and ``fuzz``, ``verify`` likewise) starts the
implementation under test itself (:mod:`conformance_suite.target_process`): its address is
``--target`` or the ``listening on HOST:PORT`` line it prints; it is stopped at the end.
Exit codes: 0 nothing unexpected happened, 1 a scenario failed,
errored or passed unexpectedly, 2 bad usage (with a hint) or an invalid scenario file, 3
the target is unreachable, refuses ``GetServerInfo`` or speaks another protocol version
(before any scenario runs; an error status during the run is that run's error), 4 a
malformed known-failures or skip list, 5 no scenario was selected.

``python -m conformance_suite mutants [--json PATH]`` runs the suite in process against
every engine mutant and prints the kill matrix; ``python -m conformance_suite verify FILE``
verifies a game transcript (:mod:`conformance_suite.transcript_cli`); ``python -m
conformance_suite fuzz`` plays random games in lock step with a target and shrinks each
divergence into a scenario (:mod:`conformance_suite.fuzz_cli`).
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from . import __version__
from .output_paths import unwritable
from .runner import RunOptions, TargetUnusable, check_target, make_target, parse_shard
from .targets import TargetError

__all__ = ["build_parser", "main", "pytest_args"]

EXIT_USAGE = 2
EXIT_TARGET_UNUSABLE = 3

_RAW = argparse.RawDescriptionHelpFormatter

EPILOG = """\
examples:
  %(prog)s run --target 127.0.0.1:50051
  %(prog)s run --target 127.0.0.1:50051 --levels core --known-failures known.txt \\
      --junitxml junit.xml --report-html report.html --report-json report.json
  %(prog)s run --in-process --rules 401-402 --edition C -n auto
  %(prog)s run --report-html report.html -- berserk-oracle serve --port 0
  %(prog)s verify my_game.json --target 127.0.0.1:50051
  %(prog)s fuzz --target 127.0.0.1:50051 --games 200 --seed 1 --out fuzz-findings
  %(prog)s mutants --json kill-matrix.json
  %(prog)s compare reference.json mine.json --out site/

exit codes: see `%(prog)s COMMAND --help`; 2 is always bad usage.
"""

RUN_EPILOG = """\
examples:
  %(prog)s --target 127.0.0.1:50051
  %(prog)s --target 127.0.0.1:50051 --levels core --known-failures known.txt --junitxml junit.xml \\
      --report-html report.html --report-json report.json
  %(prog)s --target 127.0.0.1:50051 --id s401.3-fifo-inactive-player-chosen-order --edition C
  %(prog)s --in-process --rules 401-402,309.1 -n auto
  %(prog)s --in-process --mutant lifo_queue      (exit 1: the suite catches the mutant)
  %(prog)s --levels core -- ./my-oracle --port 0  (starts ./my-oracle, reads its address from
      its 'listening on HOST:PORT' line, waits until it answers, runs, stops it)
  %(prog)s --target 127.0.0.1:50051 -- ./my-oracle --port 50051

exit codes:
  0  nothing unexpected happened (unsupported runs, known failures and flaky runs are not failures)
  1  a scenario failed, errored (an invalid scenario file is an error run), or passed while
     listed as a known failure
  2  bad usage, with a hint (an unknown option value, an output path that cannot be written)
  3  the target is unreachable, refuses GetServerInfo or speaks another protocol version
     (or the command after -- exits, prints no address or does not answer within --wait)
  4  a malformed --known-failures, --known-flaky or --skip-list file
  5  the selection matched no scenario
"""

VERIFY_EPILOG = """\
examples:
  %(prog)s my_game.json                                   replay on the reference in this process
  %(prog)s my_game.json --target 127.0.0.1:50051 --stream via StreamVerifyTranscript

exit codes: 0 the transcript agrees; 1 it diverges (the first wrong step is shown);
2 it cannot be verified (malformed input, named by field, or the target failed)
"""

FUZZ_EPILOG = """\
examples:
  %(prog)s --target 127.0.0.1:50051 --games 200 --seed 1 --out fuzz-findings
  %(prog)s --mutant lifo_queue --games 50 --seed 1 --no-write
  %(prog)s --all-mutants --games 20 --seed 1 --json fuzz_all.json   (directed games first: bench/fuzz_mutants.md)
  %(prog)s --target 127.0.0.1:50051 --games 20 --from-scenarios --seed 1

exit codes: 0 no divergence; 1 a divergence was found (--all-mutants: some mutant was not
found); 2 bad usage or the target failed (down, crashed, wrong protocol)
"""

MERGE_EPILOG = """\
examples:
  %(prog)s part-1.json part-2.json part-3.json --report-json all.json --report-html all.html

the parts of one run (run --shard K/N, same target and options), each run once; all N parts
when they name their shards.
exit codes: the whole run's (0 nothing unexpected, 1 a failure, 3 the target was unusable);
2 a file is not a report, the parts do not fit together, or an output cannot be written
"""

COMPARE_EPILOG = """\
examples:
  %(prog)s reference.json mine.json --out site/

writes site/index.html (implementations as columns; levels, editions and rule parts as rows)
and site/badges/IMPLEMENTATION-LEVEL.svg (IMPLEMENTATION without the versions in its name, so
that a link to it holds across releases; with them too, as before).
exit codes: 0 written; 2 a file is not a readable report, or --out cannot be written
"""

MUTANTS_EPILOG = """\
examples:
  %(prog)s --json kill-matrix.json

exit codes: 0 every mutant is killed by some scenario and the reference passes; 1 otherwise
"""


def build_parser(prog: str = "berserk-conformance") -> argparse.ArgumentParser:
    """The argument parser; ``prog`` is the name shown in help and errors."""
    parser = argparse.ArgumentParser(
        prog=prog,
        description="The «Берсерк. Герои» conformance suite: rule-numbered scenarios run against an oracle.",
        epilog=EPILOG,
        formatter_class=_RAW,
    )
    parser.add_argument("--version", action="version",
                        version=f"%(prog)s {__version__} (protocol berserk.oracle.v1)")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    run = sub.add_parser(
        "run",
        help="run the suite against a target",
        description="Run the scenarios against a target: --target HOST:PORT, --in-process, or the command after "
                    "-- (started and stopped by the suite). Built on pytest: --pytest-arg=ARG passes ARG to it.",
        epilog=RUN_EPILOG,
        formatter_class=_RAW,
    )
    where = run.add_mutually_exclusive_group()
    where.add_argument("--target", metavar="HOST:PORT", help="an implementation of berserk.oracle.v1.OracleService "
                                                             "(with -- CMD: the address CMD listens on)")
    where.add_argument("--in-process", action="store_true", help="the reference engine in this process")
    run.add_argument("--mutant", default="", help="with --in-process: switch on this engine mutant")
    run.add_argument("--rules", action="append", default=[], metavar="SPEC",
                     help="select scenarios citing these rules: 401-402 (range of rule numbers), 309.1 (and sub-rules), C:309.1")
    run.add_argument("--edition", action="append", default=[], metavar="E", help="run only under these editions (A, B, C, R15)")
    run.add_argument("--id", action="append", default=[], metavar="ID", help="run only these scenario ids (or id[edition])")
    run.add_argument("--levels", action="append", default=[], metavar="LIST",
                     help="conformance levels that decide pass/fail: core, citations, events (default: the levels "
                          "the target claims in GetServerInfo, else all); every level's verdict is reported")
    run.add_argument("-k", dest="keyword", metavar="EXPR", help="pytest -k expression on item names such as s401.3-fifo-inactive-player-chosen-order[C]")
    run.add_argument("-x", "--exitfirst", action="store_true", help="stop at the first failure")
    run.add_argument("--junitxml", metavar="FILE", help="write a JUnit XML report")
    run.add_argument("-n", dest="numprocesses", metavar="N", help="parallel workers (pytest-xdist), e.g. 2 or auto")
    run.add_argument("--known-failures", metavar="FILE", default="",
                     help="expected failures, one id[edition] a line (patterns * and ?; a comment after an entry is "
                          "its reason)")
    run.add_argument("--known-flaky", metavar="FILE", default="",
                     help="runs that may fail or pass, same format: a failure is reported as flaky, not counted")
    run.add_argument("--skip-list", metavar="FILE", default="", help="scenarios not to run: they hang or crash the target")
    run.add_argument("--update-known-failures", action="store_true",
                     help="rewrite the --known-failures file from this run")
    run.add_argument("--report-json", metavar="PATH", default="", help="write the JSON report")
    run.add_argument("--report-html", metavar="PATH", default="", help="write the self-contained HTML report")
    run.add_argument("--tls-ca", metavar="FILE", default="", help="PEM CA certificate: connect with TLS")
    run.add_argument("--token", default=os.environ.get("CONFORMANCE_TOKEN", ""),
                     help="bearer token for every call (default: $CONFORMANCE_TOKEN)")
    run.add_argument("--timeout", type=float, default=30.0, help="deadline of one call in seconds (default 30)")
    run.add_argument("--wait", type=float, default=None, metavar="SECONDS",
                     help="wait up to SECONDS for a target that is still starting to answer (default: 0 with "
                          "--target, exit 3 at once if it is down; 60 with -- CMD)")
    run.add_argument("--pytest-arg", action="append", default=[], metavar="ARG",
                     help="pass ARG to pytest, e.g. --pytest-arg=--lf (repeatable)")
    run.add_argument("--scenarios", metavar="DIR", default="", help="scenario directory (default: the packaged suite)")
    run.add_argument("--shard", metavar="K/N", default="",
                     help="run only the K-th of N parts of the selected scenarios (each scenario whole, with all its "
                          "editions; the same split on every machine); merge the parts' JSON reports with `merge`")
    run.add_argument("-q", "--quiet", action="count", default=0, help="less output (pytest -q)")
    run.add_argument("-v", "--verbose", action="count", default=0, help="more output (pytest -v)")

    cmp = sub.add_parser("compare", help="several implementations' JSON reports side by side: one HTML page and badges",
                         epilog=COMPARE_EPILOG, formatter_class=_RAW)
    cmp.add_argument("reports", nargs="+", metavar="REPORT", help="JSON reports (--report-json) of suite runs")
    cmp.add_argument("--out", metavar="DIR", default="conformance-comparison",
                     help="where index.html and badges/ go (default ./conformance-comparison)")
    mrg = sub.add_parser("merge", help="one report from the JSON reports of a run split with --shard K/N",
                         epilog=MERGE_EPILOG, formatter_class=_RAW)
    mrg.add_argument("reports", nargs="+", metavar="REPORT", help="the parts' JSON reports (--report-json)")
    mrg.add_argument("--report-json", metavar="PATH", default="", help="write the merged JSON report")
    mrg.add_argument("--report-html", metavar="PATH", default="", help="write the merged HTML report")
    mut = sub.add_parser("mutants", help="run the suite in process against every engine mutant; print the kill matrix",
                         epilog=MUTANTS_EPILOG, formatter_class=_RAW)
    mut.add_argument("--json", metavar="PATH", default="", help="also write the kill matrix as JSON")
    mut.add_argument("--scenarios", metavar="DIR", default="", help="scenario directory (default: the packaged suite)")
    try:
        from .transcript_cli import add_verify_arguments
    except ImportError:  # pragma: no cover - the transcript tooling is optional
        return parser
    verify = sub.add_parser("verify", help="verify a game transcript against the reference or a target",
                            epilog=VERIFY_EPILOG, formatter_class=_RAW)
    add_verify_arguments(verify)
    from .fuzz_cli import add_fuzz_arguments

    fuzz = sub.add_parser("fuzz", help="lock-step fuzzing against the reference; divergences shrink into scenarios",
                          epilog=FUZZ_EPILOG, formatter_class=_RAW)
    add_fuzz_arguments(fuzz)
    return parser


def _options(args: argparse.Namespace) -> RunOptions:
    base = RunOptions()
    return RunOptions(
        target=args.target or "",
        in_process=bool(args.in_process),
        mutant=args.mutant,
        known_failures=args.known_failures,
        known_flaky=args.known_flaky,
        skip_list=args.skip_list,
        update_known_failures=args.update_known_failures,
        report_json=args.report_json,
        report_html=args.report_html,
        tls_ca=args.tls_ca,
        token=args.token,
        timeout=args.timeout,
        scenarios=args.scenarios or base.scenarios,
    )


def pytest_args(args: argparse.Namespace, extra: list[str], ini: str) -> list[str]:
    """The pytest command line for the parsed ``run`` arguments (``ini``: an empty ini
    file that isolates the run from the current directory's pytest configuration)."""
    root = str(Path(args.scenarios).resolve()) if args.scenarios else str(RunOptions().scenarios)
    out = [
        root,
        "-c", ini,
        "--rootdir", root,
        "--confcutdir", root,
        "-p", "conformance_suite.plugin",
        "-p", "no:cacheprovider",
        "-p", "no:randomly",
        "-p", "no:hypothesispytest",
        "--assert=plain",
        "-rfEX",
    ]
    out += ["--cs-target", args.target] if args.target else ["--cs-in-process"]
    for opt, value in (
        ("--cs-mutant", args.mutant),
        ("--cs-known-failures", args.known_failures),
        ("--cs-known-flaky", args.known_flaky),
        ("--cs-skip-list", args.skip_list),
        ("--cs-report-json", args.report_json),
        ("--cs-report-html", args.report_html),
        ("--cs-tls-ca", args.tls_ca),
        ("--cs-token", args.token),
        ("--cs-shard", args.shard),
        ("--cs-target-command", getattr(args, "target_command", "")),
        ("--cs-given-target", getattr(args, "given_target", "")),
        ("--cs-scenarios", root),
    ):
        if value:
            out += [opt, value]
    out += ["--cs-timeout", str(args.timeout)]
    for opt, values in (
        ("--cs-rules", args.rules),
        ("--cs-edition", args.edition),
        ("--cs-id", args.id),
        ("--cs-levels", args.levels),
    ):
        for v in values:
            out += [opt, v]
    if args.update_known_failures:
        out.append("--cs-update-known-failures")
    if args.keyword:
        out += ["-k", args.keyword]
    if args.exitfirst:
        out.append("-x")
    if args.junitxml:
        out += ["--junitxml", args.junitxml, "-o", "junit_suite_name=berserk-conformance"]
    if args.numprocesses:
        out += ["-n", args.numprocesses]
    # People's default: pytest -q (progress dots and the suite's own header and summary, no
    # file path per scenario, no pytest header); -q is quieter still, -v shows the paths and
    # the rule texts of failures.
    verbosity = args.verbose - args.quiet
    out += ["-v"] * verbosity if verbosity > 0 else ["-q"] * (1 - verbosity)
    return out + extra


def _say(prog: str) -> Callable[[str], None]:
    """A printer of the suite's own lines on standard error, prefixed with ``prog``."""
    return lambda line: print(f"{prog}: {line}", file=sys.stderr, flush=True)


def _answers(address: str, timeout: float = 2.0) -> bool:
    """Whether the service at ``address`` answers ``GetServerInfo`` with anything but
    UNAVAILABLE or a deadline (the usual check then judges the answer)."""
    from .grpc_target import GrpcTarget

    target = GrpcTarget(address, timeout=timeout)
    try:
        target.server_info()
        return True
    except TargetError as exc:
        return exc.code not in ("UNAVAILABLE", "DEADLINE_EXCEEDED")
    finally:
        target.close()


def with_started_target(
    args: argparse.Namespace, command: list[str], prog: str, body: Callable[[argparse.Namespace], int]
) -> int:
    """Run ``body`` with ``args.target`` set to the address of ``command``, started for it
    and stopped afterwards (:func:`~conformance_suite.target_process.started_target`);
    without a command, just ``body(args)``.  A command that exits, prints no address or does
    not answer within ``args.wait`` (60 s by default) is exit code 3 with its last output;
    one that exits during the run is reported after it."""
    if not command:
        return body(args)
    from .target_process import TargetDidNotStart, started_target

    say = _say(prog)
    wait = 60.0 if getattr(args, "wait", None) is None else float(args.wait)
    try:
        with started_target(command, address=args.target or "", wait=wait, ready=_answers, progress=say) as tp:
            args.target_command, args.given_target = shlex.join(command), args.target or ""
            args.target = tp.address
            args.wait = 0.0
            code = body(args)
            died = tp.exit_report(" during the run")
    except TargetDidNotStart as exc:
        say(str(exc))
        return EXIT_TARGET_UNUSABLE
    if died:
        say(died)
        return code or 1
    say("stopped the target")
    return code


def _run(args: argparse.Namespace, extra: list[str], prog: str = "berserk-conformance") -> int:
    if not (args.target or args.in_process):
        print(f"{prog}: give --target HOST:PORT, --in-process, or the command that starts the target after --",
              file=sys.stderr)
        return EXIT_USAGE
    if args.mutant and not args.in_process:
        print(f"{prog}: --mutant works only with --in-process (serve a mutant with "
              "`berserk-oracle serve --mutant NAME` and use --target)", file=sys.stderr)
        return EXIT_USAGE
    if args.update_known_failures and not args.known_failures:
        print(f"{prog}: --update-known-failures needs --known-failures FILE", file=sys.stderr)
        return EXIT_USAGE
    problem = _usage_problem(args)
    if problem:
        print(f"{prog}: {problem}", file=sys.stderr)
        return EXIT_USAGE
    opts = _options(args)
    if args.wait and opts.target:
        _say(prog)(f"waiting up to {args.wait:.0f} s for the target at {opts.target} to answer")
        _wait_for_target(opts, args.wait)
    target = None
    try:
        target = make_target(opts)
        check_target(target, opts.target_label)
    except TargetUnusable as exc:
        print(f"{prog}: {exc}", file=sys.stderr)
        return EXIT_TARGET_UNUSABLE
    except (ValueError, TargetError) as exc:  # an unknown mutant, an unreadable CA file
        print(f"{prog}: {exc}", file=sys.stderr)
        return EXIT_USAGE
    finally:
        close = getattr(target, "close", None)
        if close is not None:
            close()
    import pytest

    with tempfile.TemporaryDirectory(prefix="conformance-") as tmp:
        ini = Path(tmp) / "pytest.ini"
        ini.write_text("[pytest]\n", encoding="utf-8")
        return int(pytest.main(pytest_args(args, extra, str(ini))))


def _wait_for_target(opts: RunOptions, seconds: float) -> None:
    """Until ``seconds`` have passed, retry ``GetServerInfo`` while the target is down
    (UNAVAILABLE or a deadline), on a new channel each time; return at the first other
    answer (the usual check then reports it)."""
    import time

    deadline = time.monotonic() + seconds
    while True:
        try:
            target = make_target(opts)
        except (ValueError, TargetError):  # reported by the usual check
            return
        try:
            target.server_info()
            return
        except TargetError as exc:
            if exc.code not in ("UNAVAILABLE", "DEADLINE_EXCEEDED"):
                return
        finally:
            close = getattr(target, "close", None)
            if close is not None:
                close()
        left = deadline - time.monotonic()
        if left <= 0:
            return
        time.sleep(min(0.5, left))


def _usage_problem(args: argparse.Namespace) -> str:
    """What is wrong with the ``run`` options, with a hint ("" when nothing is): an output
    path that cannot be written (:func:`unwritable`), a bad ``--rules``, ``--edition`` or
    ``--levels`` value, ``-n`` without pytest-xdist, an
    ``--id`` no scenario has (naming the nearest ids), an invalid scenario file."""
    import difflib
    import importlib

    from oracle.contract import LEVELS
    from oracle.editions import EDITIONS

    from .runner import RuleSelector, split_csv
    from .scenario import SCENARIO_DIR, ScenarioError, load_all

    if args.shard:
        try:
            parse_shard(args.shard)
        except ValueError as exc:
            return f"--shard {args.shard}: {exc}"
    if args.scenarios and not Path(args.scenarios).is_dir():
        return f"--scenarios {args.scenarios}: no such folder"
    if not args.timeout > 0:
        return f"--timeout {args.timeout:g}: the seconds a call may take must be more than 0"
    for option, path in (("--report-json", args.report_json), ("--report-html", args.report_html),
                         ("--junitxml", args.junitxml),
                         ("--known-failures", args.known_failures if args.update_known_failures else "")):
        if path and (why := unwritable(option, path)):
            return why
    try:
        RuleSelector.parse(args.rules)
    except ValueError as exc:
        return str(exc)
    for ed in split_csv(args.edition):
        if ed not in EDITIONS:
            return f"--edition: unknown edition {ed!r} (known: {', '.join(EDITIONS)})"
    for lv in split_csv(args.levels):
        if lv not in LEVELS:
            return f"--levels: unknown level {lv!r} (known: {', '.join(LEVELS)})"
    if args.numprocesses:
        try:
            importlib.import_module("xdist")
        except ImportError:
            return "-n needs pytest-xdist (a dependency of berserk-oracle): pip install pytest-xdist"
    if args.id:
        try:
            root = Path(args.scenarios) if args.scenarios else SCENARIO_DIR
            known = {s.id for s in load_all(root, skip_invalid=True)}
            known |= {p.stem for p in root.rglob("*.json")}  # a file that cannot be loaded is reported as an error run
        except ScenarioError as exc:  # pragma: no cover - skip_invalid leaves every bad file out
            return f"invalid scenario: {exc}"
        for wanted in split_csv(args.id):
            sid = wanted.split("[", 1)[0]
            if sid not in known:
                near = difflib.get_close_matches(sid, sorted(known), n=3, cutoff=0.5)
                hint = f"; nearest: {', '.join(near)}" if near else ""
                return f"--id: no scenario has the id {sid!r}{hint}"
    return ""


def _mutants(args: argparse.Namespace) -> int:
    from .kill_matrix import format_kill_matrix, kill_matrix
    from .scenario import SCENARIO_DIR, load_all

    scenarios = load_all(Path(args.scenarios) if args.scenarios else SCENARIO_DIR)
    km = kill_matrix(scenarios)
    print(format_kill_matrix(km))
    if args.json:
        Path(args.json).write_text(json.dumps(km.as_dict(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return 0 if km.ok else 1


def main(argv: list[str] | None = None, prog: str = "berserk-conformance") -> int:
    """Entry point of ``berserk-conformance`` and ``python -m conformance_suite``."""
    argv = list(sys.argv[1:] if argv is None else argv)
    command: list[str] = []
    if "--" in argv:
        i = argv.index("--")
        argv, command = argv[:i], argv[i + 1 :]
    args = build_parser(prog).parse_args(argv)
    if command and args.command in ("mutants", "compare", "merge"):
        print(f"{prog}: {args.command} starts no target (nothing goes after --)", file=sys.stderr)
        return EXIT_USAGE
    if command and (getattr(args, "in_process", False) or getattr(args, "mutant", None)
                    or getattr(args, "all_mutants", False)):
        print(f"{prog}: a target command after -- is the target; it cannot be combined with --in-process, "
              "--mutant or --all-mutants", file=sys.stderr)
        return EXIT_USAGE
    if args.command == "run":
        return with_started_target(args, command, prog, lambda a: _run(a, list(a.pytest_arg), prog))
    if args.command == "merge":
        return _merge(args, prog)
    if args.command == "verify":
        from .transcript_cli import run_verify

        return with_started_target(args, command, prog, lambda a: int(run_verify(a)))
    if args.command == "fuzz":
        from .fuzz_cli import run_fuzz

        return with_started_target(args, command, prog, lambda a: int(run_fuzz(a)))
    if args.command == "compare":
        return _compare(args, prog)
    return _mutants(args)


def _merge(args: argparse.Namespace, prog: str) -> int:
    from .compare import load_reports
    from .merge import merge_reports
    from .report_html import write_reports

    for option, path in (("--report-json", args.report_json), ("--report-html", args.report_html)):
        if path and (why := unwritable(option, path)):
            print(f"{prog}: {why}", file=sys.stderr)
            return EXIT_USAGE
    try:
        merged = merge_reports(load_reports(args.reports))
    except ValueError as exc:
        print(f"{prog}: {exc}", file=sys.stderr)
        return EXIT_USAGE
    write_reports(merged, args.report_json, args.report_html)
    s = merged["summary"]
    print(f"{len(args.reports)} parts: {s['total']} runs, {s['passed']} passed, {s['unexpected']} unexpected, "
          f"{s['unsupported']} unsupported; exit code {merged['exit_code']}")
    for kind, path in (("JSON", args.report_json), ("HTML", args.report_html)):
        if path:
            print(f"{kind} report written to {path}")
    return int(merged["exit_code"])


def _compare(args: argparse.Namespace, prog: str) -> int:
    from .compare import load_reports, write_comparison

    try:
        reports = load_reports(args.reports)
    except ValueError as exc:
        print(f"{prog}: {exc}", file=sys.stderr)
        return EXIT_USAGE
    if why := unwritable("--out", args.out, folder=True):
        print(f"{prog}: {why}", file=sys.stderr)
        return EXIT_USAGE
    written = write_comparison(reports, Path(args.out))
    print(f"wrote {written[0]} and {len(written) - 1} badges in {Path(args.out) / 'badges'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(prog="python -m conformance_suite"))
