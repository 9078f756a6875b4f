"""Searching for a divergence and shrinking it, with Hypothesis: :func:`fuzz` and its
:class:`FuzzReport`.

Every choice of a lock-step game (:class:`~conformance_suite.fuzz_lockstep.LockStep`) --
edition, heroes, the 20-card decks, the die roll, shuffles as permutations, each decision,
which actions are probed -- is drawn with Hypothesis, so when the target diverges
Hypothesis *shrinks* the game to the shortest decision sequence that still diverges.  A
fixed seed gives the same games on every run (Hypothesis runs with ``@seed(S)`` and no
example database).  Shrinking is bounded by a number of replays
(:data:`DEFAULT_SHRINK_LIMIT` by default; a count, not a time, so it stays reproducible);
a replay longer than the shortest divergence seen so far is cut there.  Progress goes to a
terminal as a status line, to a log as a line every :data:`LOG_EVERY` seconds.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, TextIO

from oracle.sampler import THEMES, HypothesisChooser

from .fuzz_directed import FirstChoices, ScenarioStart, StartGuide
from .fuzz_lockstep import DEFAULT_EDITIONS, FuzzFinding, LockStep, Mismatch
from .fuzz_reach import Reach
from .fuzz_scenario import Written, target_label
from .targets import Target, TargetError

__all__ = ["DEFAULT_SHRINK_LIMIT", "LOG_EVERY", "Counters", "FuzzReport", "fuzz"]

#: Replays spent shrinking one divergence at most (see :func:`fuzz`).
DEFAULT_SHRINK_LIMIT = 500


@dataclass
class Counters:
    """What a fuzz run has done so far."""

    games: int = 0
    decisions: int = 0
    shrink_runs: int = 0
    shrink_decisions: int = 0
    cut_short: int = 0  # games that reached what the target does not declare


@dataclass(frozen=True, slots=True)
class FuzzReport:
    """The outcome of fuzzing one target.

    ``label`` names the target, ``seed`` the seed; ``games`` and ``decisions``: the games
    played and decisions checked while searching; ``seconds``: the time taken;
    ``finding``: the (shrunk) divergence, None when there was none; ``games_to_find``: the
    game (1-based) in which the first divergence appeared; ``decisions_before_shrink``: the
    length of that game; ``shrink_runs``: the replays spent shrinking; ``shrink_limited``:
    shrinking stopped at the replay limit; ``written``: where the finding's scenario went
    (None before :func:`~conformance_suite.fuzz_scenario.write_finding`); ``error``: why
    the run ended early (the target failed), "" otherwise; ``cut_short``: games ended where
    the target declares no capability (or said UNIMPLEMENTED); ``reach``: per mechanism family,
    the searched games and decisions that cited its rules (:mod:`~conformance_suite.fuzz_reach`);
    ``seconds_to_find``: the time to the first divergence; ``starts``: the scenario starts
    of the directed games played, in order (``id[edition]``); ``found_following``: the
    first divergence came at a decision a directed game took from its scenario's steps."""

    label: str
    seed: int
    games: int
    decisions: int
    seconds: float
    finding: FuzzFinding | None = None
    games_to_find: int = 0
    decisions_before_shrink: int = 0
    shrink_runs: int = 0
    shrink_limited: bool = False
    written: Written | None = None
    error: str = ""
    cut_short: int = 0
    reach: Reach = field(default_factory=Reach)
    seconds_to_find: float = 0.0
    starts: tuple[str, ...] = ()
    found_following: bool = False

    def as_dict(self) -> dict[str, object]:
        """Plain data for ``--json``."""
        f = self.finding
        return {
            "label": self.label,
            "seed": self.seed,
            "found": f is not None,
            "games": self.games,
            "decisions_checked": self.decisions,
            "seconds": round(self.seconds, 3),
            "games_to_find": self.games_to_find if f else None,
            "decisions_before_shrink": self.decisions_before_shrink if f else None,
            "shrunk_decisions": f.decisions if f else None,
            "shrink_runs": self.shrink_runs,
            "shrink_limited": self.shrink_limited,
            "kind": f.kind if f else None,
            "message": f.message if f else None,
            "rules": list(f.rules) if f else [],
            "scenario": str(self.written.path) if self.written and self.written.path else None,
            "scenario_id": self.written.scenario_id if self.written else None,
            "scenario_reproduces": self.written.reproduces if self.written else None,
            "scenario_note": self.written.reason if self.written else "",
            "error": self.error,
            "games_cut_short": self.cut_short,
            "seconds_to_find": round(self.seconds_to_find, 3) if f else None,
            "start": f.start.label if f and f.start else None,
            "found_following": self.found_following if f else None,
            "directed_games": len(self.starts),
            "starts": list(self.starts),
            "reach": self.reach.as_dict(),
        }


class _Progress:
    """Progress of a fuzz run: on a terminal one status line rewritten at most five times a
    second; elsewhere (a CI log) one full line every :data:`LOG_EVERY` seconds.  Both give
    the games done and the decisions checked per second."""

    def __init__(self, stream: TextIO | None, label: str, games: int) -> None:
        self.stream = stream
        self.label = label
        self.games = games
        self.started = time.monotonic()
        self.tty = bool(stream is not None and getattr(stream, "isatty", lambda: False)())
        self.last = 0.0 if self.tty else self.started  # a log's first line comes after LOG_EVERY

    def show(self, c: Counters, found_in: int, limit: int) -> None:
        if self.stream is None:
            return
        now = time.monotonic()
        if now - self.last < (0.2 if self.tty else LOG_EVERY):
            return
        self.last = now
        rate = (c.decisions + c.shrink_decisions) / max(now - self.started, 1e-9)
        if found_in:
            line = (f"fuzz {self.label}: divergence in game {found_in}/{self.games} after {c.decisions} decisions "
                    f"checked; shrinking, replay {c.shrink_runs}" + (f"/{limit}" if limit else "") + f" ({rate:.0f}/s)")
        else:
            line = (f"fuzz {self.label}: game {min(c.games + 1, self.games)}/{self.games}, {c.decisions} decisions "
                    f"checked ({rate:.0f}/s)")
        self.stream.write("\r\x1b[2K" + line if self.tty else line + "\n")
        self.stream.flush()

    def done(self) -> None:
        if self.stream is not None and self.tty:
            self.stream.write("\r\x1b[2K")
            self.stream.flush()


#: Seconds between two progress lines when the output is not a terminal.
LOG_EVERY = 10.0


def fuzz(
    target: Target,
    *,
    games: int,
    seed: int,
    max_decisions: int = 400,
    editions: Sequence[str] = DEFAULT_EDITIONS,
    label: str = "",
    progress: TextIO | None = None,
    shrink_limit: int = DEFAULT_SHRINK_LIMIT,
    capabilities: dict[str, frozenset[str]] | None = None,
    themed: bool = False,
    starts: Sequence[ScenarioStart] = (),
    directed: int = 0,
    follow: bool = True,
) -> FuzzReport:
    """Fuzz ``target`` for at most ``games`` games from ``seed``; on a divergence, shrink it
    and return it in the report (not yet written: see
    :func:`~conformance_suite.fuzz_scenario.write_finding`).  Shrinking stops after
    ``shrink_limit`` replays (0: no limit but Hypothesis's own), keeping the shortest
    divergent game seen; the limit counts replays, not seconds, so a seed still gives the
    same result on any machine.  A :class:`~conformance_suite.targets.TargetError` ends the
    run with ``error`` set.  ``themed``: after the ``games`` games of the whole pool, ``games``
    more shared out evenly between the deck themes of :data:`oracle.sampler.THEMES` (one
    Hypothesis search each, from ``seed`` + its index), so that rare pairings of Part 5
    mechanisms meet more often; a themed game is played in R15 when R15 is among
    ``editions``.  ``directed``: first, at most that many directed games
    (:mod:`~conformance_suite.fuzz_directed`), one from each of the ``starts`` a
    :class:`~conformance_suite.fuzz_directed.StartGuide` chooses from the reach so far: they
    are short, so a divergence they find shrinks in few replays.  A directed game is the
    first example Hypothesis plays (every number drawn 0:
    :class:`~conformance_suite.fuzz_directed.FirstChoices`, turned by the game's seeded
    rotation), played without Hypothesis, whose search costs more than such a game; only a
    game that diverges is searched again with Hypothesis (from ``seed`` + the number of
    random searches + its index), whose first example is the same game, and shrunk.
    ``follow=False``: a directed game takes none of its scenario's steps (every decision
    from the scenario's state on is drawn)."""
    from hypothesis import HealthCheck, Phase, Verbosity, given, settings
    from hypothesis import seed as hseed
    from hypothesis import strategies as st

    label = label or target_label(target)
    # Themed: first the unthemed search (the same games as without --themed), then one search
    # per deck theme, ``games`` more shared out evenly between them, so that every theme gets
    # its games (Hypothesis draws a theme from a list far from uniformly: one 300-game run drew
    # some 70 times and one never) and a finding shrinks inside its own theme.
    plans: list[tuple[str | None, int]] = [(None, games)]
    if themed:
        n = len(THEMES)
        plans += [(t, games // n + (i < games % n)) for i, t in enumerate(THEMES)]
    directed = min(directed, len(starts)) if starts else 0
    total = sum(count for _, count in plans) + directed
    guide = StartGuide(starts, seed)
    played_starts: list[str] = []
    lock = LockStep(target, max_decisions=max_decisions, editions=editions, capabilities=capabilities, follow=follow)
    counters = Counters()
    reach = Reach()
    found_in = 0
    first_len = 0
    found_at = 0.0
    following = False
    best: FuzzFinding | None = None
    abort: list[str] = []
    report_limited: list[bool] = []
    bar = _Progress(progress, label, total)

    def on_decision() -> None:
        if found_in:
            counters.shrink_decisions += 1
        else:
            counters.decisions += 1
        bar.show(counters, found_in, shrink_limit)

    def game(data: Any) -> None:
        nonlocal found_in, first_len, best, found_at, following
        if abort:
            return
        if found_in and shrink_limit and counters.shrink_runs >= shrink_limit and best is not None:
            # Budget spent: every further example "fails" at once with the shortest game
            # seen, so Hypothesis ends its shrink at the empty example and re-raises it.
            report_limited.append(True)
            raise Mismatch(best)
        searching = not found_in
        try:
            # While shrinking, a game longer than the shortest divergence seen cannot
            # improve on it: it is cut there (and counts as not diverging).
            lock.play(HypothesisChooser(data, theme=theme[0]), on_decision, best.decisions if best is not None else 0,
                      start=start[0], salt=seed)
        except Mismatch as m:
            if searching:
                found_in = counters.games + 1
                first_len = m.finding.decisions
                found_at = time.perf_counter() - started
                following = m.finding.decisions <= lock.last_followed
            if best is None or m.finding.decisions <= best.decisions:
                best = m.finding
            raise
        except TargetError as exc:
            abort.append(str(exc))
            return
        finally:
            if searching:
                if counters.games < total:  # Hypothesis may play a few examples beyond max_examples
                    reach.add_game(lock.last_cited)
                counters.games += 1
            else:
                counters.shrink_runs += 1

    def search(examples: int, run_seed: int) -> Any:
        return hseed(run_seed)(
            settings(
                max_examples=examples,
                database=None,
                deadline=None,
                derandomize=False,
                suppress_health_check=list(HealthCheck),
                phases=(Phase.generate, Phase.shrink),
                report_multiple_bugs=False,
                verbosity=Verbosity.quiet,
                print_blob=False,
            )(given(data=st.data())(game))
        )

    def play_first(at: ScenarioStart) -> FuzzFinding | None:
        """Play the first-choices game from ``at`` (what Hypothesis plays first); its
        divergence, if any."""
        nonlocal found_in, first_len, best, found_at, following
        try:
            lock.play(FirstChoices(), on_decision, start=at, salt=seed)
        except Mismatch as m:
            found_in, first_len, best = counters.games + 1, m.finding.decisions, m.finding
            found_at = time.perf_counter() - started
            following = m.finding.decisions <= lock.last_followed
            return m.finding
        except TargetError as exc:
            abort.append(str(exc))
        finally:
            reach.add_game(lock.last_cited)
            counters.games += 1
        return None

    def run(examples: int, run_seed: int) -> FuzzFinding | None:
        try:
            search(examples, run_seed)()
        except Mismatch as m:
            return m.finding
        except Exception:  # Hypothesis wraps a non-reproducible failure (Flaky, ExceptionGroup)
            if not abort:
                if best is None:
                    raise
                return best
        return None

    theme: list[str | None] = [None]
    start: list[ScenarioStart | None] = [None]
    started = time.perf_counter()
    finding: FuzzFinding | None = None
    try:
        # Directed games first (short, so a finding shrinks in few replays), each start
        # chosen from the reach of every game before it; then the random games.
        for i in range(directed):
            start[0] = guide.next(reach.rules)
            if start[0] is None:
                break
            played_starts.append(start[0].label)
            first = play_first(start[0])
            if first is not None:
                finding = run(1, seed + len(plans) + i) or first
            if finding is not None or abort:
                break
        start[0] = None
        for k, (theme[0], examples) in enumerate(plans if finding is None else []):
            if examples == 0 or abort:
                continue
            finding = run(examples, seed + k)
            if finding is not None:
                break
    finally:
        bar.done()
    report = FuzzReport(
        label, seed, min(counters.games, total), counters.decisions, time.perf_counter() - started,
        shrink_runs=counters.shrink_runs, cut_short=lock.cut_short, reach=reach, starts=tuple(played_starts),
    )
    if abort:
        return replace(report, error=abort[0])
    if finding is not None:
        report = replace(
            report, finding=finding, games_to_find=found_in, decisions_before_shrink=first_len,
            shrink_limited=bool(report_limited), seconds_to_find=found_at, found_following=following,
        )
    return report

