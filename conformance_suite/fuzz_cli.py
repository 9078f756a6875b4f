"""The ``fuzz`` command: lock-step differential fuzzing of an implementation against the
reference engine.

``python -m conformance_suite fuzz (--target HOST:PORT | --mutant NAME | --all-mutants | -- CMD ARGS…)
--games N --seed S [--out DIR] [--max-decisions M]`` plays random games on the reference
(in this process) and on the target at the same time.  At every decision it compares

1. who decides (actor and kind of decision),
2. the set of legal actions,
3. the check of one legal action (taken with an explicit actor) and of one illegal action
   (a perturbed legal action, a legal action with the wrong actor, or a legal action of an
   earlier decision): the target must accept the first and refuse the second, citing every
   rule the reference cites, and
4. the state after the action both apply (canonical form, compared whole).

Every choice (edition, heroes, the 20-card decks, the die roll, shuffles as permutations,
each decision, which actions are probed) is drawn with Hypothesis, so when the target
diverges Hypothesis *shrinks* the game to the shortest decision sequence that still
diverges.  The minimal game is printed as a diff and written as a new scenario file
(``Scenario`` protobuf JSON, ``setup.new_game`` plus the decisions as steps, the divergent
step's expectations taken from the reference, citing the rules the reference cited there)
into ``--out`` -- only after checking that it fails on the target and passes on the
reference.  A fixed ``--seed`` gives the same games on every run (Hypothesis runs with
``@seed(S)`` and no example database).  Shrinking is bounded by ``--shrink-limit`` replays
(a count, not a time, so it stays reproducible); a replay longer than the shortest
divergence seen so far is cut there.  ``--all-mutants`` fuzzes every engine mutant in
process and reports how many were found, in how many games, and how short the shrunk
games are (``--json PATH`` keeps the figures).

``--from-scenarios [DIR]`` (on by default with ``--all-mutants``; ``--no-scenarios`` turns
it off) adds ``--directed N`` *directed games* after the random ones: games that start
from the scenario states of DIR (default: the suite's own), follow a scenario's steps and
go on at random, each start chosen where the run has reached fewest rules
(:mod:`~conformance_suite.fuzz_directed`).  Every run ends with its reach per mechanism
family and per rule, and the rules of R15 Parts 3-5 it never reached
(:mod:`~conformance_suite.fuzz_reach`).

Exit codes: 0 no divergence, 1 a divergence was found (for ``--all-mutants``: some mutant
was not found), 2 bad usage or the target failed (down, crashed, wrong protocol).

This module holds the command line (:func:`add_fuzz_arguments`, :func:`run_fuzz`); the
parts it runs live in :mod:`~conformance_suite.fuzz_lockstep` (the lock-step game and what
a divergence is), :mod:`~conformance_suite.fuzz_shrink` (the Hypothesis search and
shrinking, :func:`~conformance_suite.fuzz_shrink.fuzz`), :mod:`~conformance_suite.fuzz_scenario`
(the scenario of a finding), :mod:`~conformance_suite.fuzz_mutants` (the ``--all-mutants``
sweep) and :mod:`~conformance_suite.fuzz_targets` (the in-process and served targets).
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path

from oracle.editions import EDITIONS
from oracle.mutants import MUTANTS

from .fuzz_directed import ScenarioStart, load_starts
from .fuzz_lockstep import DEFAULT_EDITIONS, format_finding
from .fuzz_mutants import fuzz_all_mutants
from .fuzz_scenario import target_label, write_finding
from .fuzz_shrink import DEFAULT_SHRINK_LIMIT, LOG_EVERY, fuzz
from .fuzz_targets import FastInProcessTarget, declared_capabilities
from .scenario import SCENARIO_DIR
from .targets import Target, TargetError

__all__ = ["DEFAULT_DIRECTED", "DEFAULT_EDITIONS", "add_fuzz_arguments", "run_fuzz"]

#: Directed games per target with ``--from-scenarios`` unless ``--directed`` says otherwise.
DEFAULT_DIRECTED = 2400


def add_fuzz_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``fuzz`` to ``parser``."""
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--target", metavar="HOST:PORT", help="an implementation of berserk.oracle.v1.OracleService "
                                                             "(with -- CMD: the address CMD listens on)")
    where.add_argument("--mutant", metavar="NAME", help="an engine mutant in this process (python -m oracle list-mutants)")
    where.add_argument("--all-mutants", action="store_true", help="every engine mutant in this process, one after another")
    parser.add_argument("--games", type=int, default=100, help="games to play per target (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="seed: the same seed plays the same games (default 0)")
    parser.add_argument("--out", metavar="DIR", default="fuzz-findings", help="where scenarios of findings go (default ./fuzz-findings)")
    parser.add_argument("--max-decisions", type=int, default=400, metavar="M", help="decisions per game at most (default 400)")
    parser.add_argument("--edition", action="append", default=[], metavar="E",
                        help="play only these editions (repeatable; default R15, C, B and A)")
    parser.add_argument("--json", metavar="PATH", default="", help="write the results as JSON")
    parser.add_argument("--timeout", type=float, default=30.0, help="with --target: deadline of one call in seconds")
    parser.add_argument("--shrink-limit", type=int, default=DEFAULT_SHRINK_LIMIT, metavar="R",
                        help=f"replays spent shrinking a divergence at most; 0 = Hypothesis's own limits (default {DEFAULT_SHRINK_LIMIT})")
    parser.add_argument("--themed", action="store_true", help="after the --games games of the whole pool, play as "
                        "many more shared out between the deck themes (oracle.sampler.THEMES: prevention, cancellation, "
                        "capture, constructors, combined cards, control, draws, coins, cost modifiers, granted keywords, "
                        "strike changers), both decks of a game from one theme, in R15, so that rare pairings of Part 5 "
                        "mechanisms meet")
    parser.add_argument("--from-scenarios", nargs="?", const=str(SCENARIO_DIR), default=None, metavar="DIR",
                        help="after the random games, play --directed games that start from the scenario states of "
                        "DIR (default: the suite's scenarios), follow a scenario's steps and go on at random, each "
                        "start chosen where the run has reached fewest rules (on by default with --all-mutants)")
    parser.add_argument("--no-scenarios", action="store_true", help="no directed games (with --all-mutants: as before "
                        "directed games existed)")
    parser.add_argument("--directed", type=int, default=DEFAULT_DIRECTED, metavar="N",
                        help=f"directed games per target with --from-scenarios, one per start at most (default {DEFAULT_DIRECTED}: "
                        "every start of the suite's scenarios, each in every edition it lists)")
    parser.add_argument("--no-follow", action="store_true", help="directed games take none of their scenario's steps: "
                        "every decision from the scenario's state on is drawn (then at most 4 decisions are played)")
    parser.add_argument("--no-write", action="store_true", help="do not write scenario files")
    parser.add_argument("-q", "--quiet", action="store_true", help="no progress lines (by default: a status line on a "
                        f"terminal, one line every {LOG_EVERY:.0f} s in a log)")


def run_fuzz(args: argparse.Namespace) -> int:
    """Run ``fuzz`` with parsed arguments; the exit code."""
    if not (args.target or args.mutant or args.all_mutants):
        print("fuzz: give --target HOST:PORT, --mutant NAME, --all-mutants, or the command that starts the target "
              "after --", file=sys.stderr)
        return 2
    editions = [e for e in args.edition for e in e.split(",") if e] or list(DEFAULT_EDITIONS)
    bad = [e for e in editions if e not in EDITIONS]
    if bad or args.games < 1 or not 1 <= args.max_decisions <= 2000:
        why = f"unknown edition {bad[0]!r}" if bad else ("--games must be >= 1" if args.games < 1 else "--max-decisions must be 1..2000")
        print(f"fuzz: {why}", file=sys.stderr)
        return 2
    tty = None if args.quiet else sys.stderr
    out = None if args.no_write else args.out
    starts = _starts(args, editions)
    directed = args.directed if starts else 0
    if args.all_mutants:
        sweep = fuzz_all_mutants(games=args.games, seed=args.seed, max_decisions=args.max_decisions, editions=editions,
                                 out=out, progress=tty, log=sys.stdout, shrink_limit=args.shrink_limit,
                                 themed=args.themed, starts=starts, directed=directed,
                                 follow=not args.no_follow)
        g, s, t = sweep.stats("games_to_find"), sweep.stats("shrunk_decisions"), sweep.stats("seconds_to_find")
        more = f" and {directed} directed games" if directed else ""
        print(f"found {len(sweep.found)} of {len(sweep.runs)} mutants with {args.games} random games{more} each "
              f"(seed {args.seed}; {sweep.seconds:.0f} s, {sweep.cpu_seconds:.0f} CPU s)")
        for fam, row in sweep.families().items():
            print(f"  {fam:20} {row['found']:3} of {row['mutants']}")
        if g and s and t:
            print(f"games to the first divergence: min {g['min']}, median {g['median']}, max {g['max']}")
            print(f"seconds to the first divergence: min {t['min']}, median {t['median']}, max {t['max']}")
            print(f"shrunk games (decisions): min {s['min']}, median {s['median']}, max {s['max']}")
        if sweep.not_found:
            print("not found: " + ", ".join(sweep.not_found))
        reach = sweep.reach()
        print(f"reached, per mechanism family of Part 5 (over all {reach.played} searched games):")
        print("\n".join(reach.lines()))
        print("reached, per rule (decisions citing it):")
        print("\n".join(reach.rule_lines()))
        if args.json:
            Path(args.json).write_text(json.dumps(sweep.as_dict(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        return 0 if not sweep.not_found else 1
    target: Target
    if args.mutant:
        if args.mutant not in MUTANTS:
            print(f"fuzz: unknown mutant {args.mutant!r}; known: {', '.join(sorted(MUTANTS))}", file=sys.stderr)
            return 2
        target = FastInProcessTarget(args.mutant)
    else:
        from .grpc_target import GrpcTarget

        target = GrpcTarget(args.target, timeout=args.timeout)
    try:
        try:
            label = target_label(target)
            info = target.server_info()
        except TargetError as exc:
            print(f"fuzz: the target is unusable: {exc}", file=sys.stderr)
            return 2
        editions, caps = declared_capabilities(info, editions)
        if not editions:
            print(f"fuzz: the target declares none of the editions asked for ({', '.join(args.edition) or ', '.join(DEFAULT_EDITIONS)})",
                  file=sys.stderr)
            return 2
        rep = fuzz(target, games=args.games, seed=args.seed, max_decisions=args.max_decisions, editions=editions,
                   label=label, progress=tty, shrink_limit=args.shrink_limit, capabilities=caps, themed=args.themed,
                   starts=[st for st in starts if st.edition in editions], directed=directed,
                   follow=not args.no_follow)
        if rep.error:
            print(f"fuzz: the target failed: {rep.error}", file=sys.stderr)
            return 2
        rate = rep.decisions / rep.seconds if rep.seconds else 0.0
        if rep.finding is None:
            cut = (f"; {rep.cut_short} games ended where the target declares no capability"
                   if caps is not None else "")
            print(f"no divergence in {rep.games} games, {rep.decisions} decisions checked ({rate:.0f}/s), "
                  f"seed {args.seed}{cut}")
            print("reached, per mechanism family of Part 5 (games and decisions citing its rules):")
            print("\n".join(rep.reach.lines()))
            print("reached, per rule (decisions citing it):")
            print("\n".join(rep.reach.rule_lines()))
        else:
            print(format_finding(rep.finding))
            print(f"found in game {rep.games_to_find} (seed {args.seed}); shrunk from {rep.decisions_before_shrink} "
                  f"to {rep.finding.decisions} decisions in {rep.shrink_runs} replays")
            if out is not None:
                written = write_finding(rep.finding, label, target, out)
                rep = replace(rep, written=written)
                if written.path:
                    print(f"wrote {written.path} (fails on the target, passes on the reference)")
                else:
                    print(f"no scenario written: {written.reason}")
        if args.json:
            Path(args.json).write_text(json.dumps(rep.as_dict(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        return 0 if rep.finding is None else 1
    finally:
        close = getattr(target, "close", None)
        if close is not None:
            close()


def _starts(args: argparse.Namespace, editions: list[str]) -> list[ScenarioStart]:
    """The scenario starts of the directed games: those of ``--from-scenarios DIR``, or of
    the suite's scenarios with ``--all-mutants`` unless ``--no-scenarios``; none otherwise."""
    where = args.from_scenarios or (str(SCENARIO_DIR) if args.all_mutants else None)
    if args.no_scenarios or where is None or args.directed < 1:
        return []
    return load_starts(where, editions)
