"""The ``--all-mutants`` sweep: every engine mutant fuzzed in process, and its report.

:func:`fuzz_all_mutants` runs :func:`~conformance_suite.fuzz_shrink.fuzz` against each
engine mutant (:data:`oracle.mutants.MUTANTS`) in turn; :class:`MutantSweep` holds each
mutant's :class:`MutantRun` and says how many were found, per family of mutants (the group
:mod:`oracle.mutants` declares it in: core, draws and delays, …), in how many games and
seconds, how short the shrunk games are, and what the games reached per rule and family
(``--json PATH`` keeps the figures, :meth:`MutantSweep.as_dict`).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TextIO

from oracle import mutants as mutant_groups
from oracle.mutants import MUTANTS

from .fuzz_directed import ScenarioStart
from .fuzz_lockstep import DEFAULT_EDITIONS
from .fuzz_reach import FAMILIES, Reach
from .fuzz_scenario import write_finding
from .fuzz_shrink import DEFAULT_SHRINK_LIMIT, FuzzReport, fuzz
from .fuzz_targets import FastInProcessTarget

__all__ = ["MutantRun", "MutantSweep", "fuzz_all_mutants", "mutant_family"]

#: The groups :mod:`oracle.mutants` declares its mutants in, by the name a report gives them.
_GROUPS = {
    "core": mutant_groups.core.CORE,
    "draws and delays": mutant_groups.draws_and_delays.DRAWS_AND_DELAYS,
    "hand and deck": mutant_groups.hand_and_deck.HAND_AND_DECK,
    "keywords": mutant_groups.keywords.KEYWORDS,
    "control and classes": mutant_groups.control_and_classes.CONTROL_AND_CLASSES,
    "wounds": mutant_groups.wounds.WOUNDS,
    "combined and costs": mutant_groups.combined_and_costs.COMBINED_AND_COSTS,
}


def mutant_family(name: str) -> str:
    """The group of :mod:`oracle.mutants` mutant ``name`` is declared in."""
    return next((g for g, ms in _GROUPS.items() if any(m.name == name for m in ms)), "other")


@dataclass(frozen=True, slots=True)
class MutantRun:
    """One engine mutant fuzzed in process: its name, the rule it breaks and the report."""

    mutant: str
    rule: str
    report: FuzzReport

    def as_dict(self) -> dict[str, object]:
        """The mutant's row of ``--all-mutants --json``: the report's data, the mutant, its
        rule and family; its reach per family only (the sweep's holds the rules), and the
        number of its directed games without their starts."""
        row = {**self.report.as_dict(), "mutant": self.mutant, "rule": self.rule, "family": mutant_family(self.mutant)}
        row["reach"] = {f: v for f, v in self.report.reach.as_dict().items() if f in FAMILIES}
        del row["starts"]  # the same for every mutant until its finding: ``start`` names the one that found it
        return row


@dataclass(frozen=True, slots=True)
class MutantSweep:
    """Every engine mutant fuzzed in process (:func:`fuzz_all_mutants`): the ``seed``, the
    games per mutant, decisions per game and the shrink limit used, the editions played,
    each mutant's run in order, the seconds the whole sweep took, and the CPU seconds of
    this process it took."""

    seed: int
    games_per_mutant: int
    max_decisions: int
    shrink_limit: int
    editions: tuple[str, ...]
    runs: tuple[MutantRun, ...]
    seconds: float
    cpu_seconds: float = 0.0
    directed: int = 0

    @property
    def found(self) -> list[MutantRun]:
        """The runs that found their mutant."""
        return [r for r in self.runs if r.report.finding is not None]

    @property
    def not_found(self) -> list[str]:
        """The mutants no game found."""
        return [r.mutant for r in self.runs if r.report.finding is None]

    def stats(self, key: str) -> dict[str, float] | None:
        """Min, median, mean and max over the found mutants of ``games_to_find``,
        ``shrunk_decisions``, ``decisions_before_shrink`` or ``seconds_to_find`` (None when
        none was found)."""
        values: list[float] = []
        for r in self.found:
            f = r.report.finding
            assert f is not None
            values.append({"games_to_find": r.report.games_to_find, "shrunk_decisions": f.decisions,
                           "decisions_before_shrink": r.report.decisions_before_shrink,
                           "seconds_to_find": round(r.report.seconds_to_find, 2)}[key])
        if not values:
            return None
        return {"min": min(values), "median": statistics.median(values), "mean": round(statistics.fmean(values), 2), "max": max(values)}

    def families(self) -> dict[str, dict[str, int]]:
        """Per family of mutants (:func:`mutant_family`): ``{"mutants": n, "found": f}``."""
        out: dict[str, dict[str, int]] = {}
        for r in self.runs:
            row = out.setdefault(mutant_family(r.mutant), {"mutants": 0, "found": 0})
            row["mutants"] += 1
            row["found"] += r.report.finding is not None
        return out

    def reach(self) -> Reach:
        """What the searched games of every run reached, together."""
        total = Reach()
        for r in self.runs:
            total.merge(r.report.reach)
        return total

    def as_dict(self) -> dict[str, object]:
        """The figures as ``--all-mutants --json`` writes them."""
        found = self.found
        return {
            "seed": self.seed,
            "games_per_mutant": self.games_per_mutant,
            "max_decisions": self.max_decisions,
            "shrink_limit": self.shrink_limit,
            "editions": list(self.editions),
            "mutants": len(self.runs),
            "found": len(found),
            "not_found": self.not_found,
            "directed_per_mutant": self.directed,
            "families": self.families(),
            "found_from_scenario_starts": sum(1 for r in found if r.report.finding and r.report.finding.start),
            "found_following_scenario_steps": sum(1 for r in found if r.report.found_following),
            "games_to_find": self.stats("games_to_find"),
            "seconds_to_find": self.stats("seconds_to_find"),
            "shrunk_decisions": self.stats("shrunk_decisions"),
            "decisions_before_shrink": self.stats("decisions_before_shrink"),
            "scenarios_reproducing": sum(1 for r in found if r.report.written and r.report.written.reproduces),
            "seconds": self.seconds,
            "cpu_seconds": self.cpu_seconds,
            "reach": self.reach().as_dict(),
            "results": [r.as_dict() for r in self.runs],
        }


def fuzz_all_mutants(
    *,
    games: int,
    seed: int,
    max_decisions: int = 400,
    editions: Sequence[str] = DEFAULT_EDITIONS,
    out: Path | str | None = None,
    progress: TextIO | None = None,
    mutants: Sequence[str] | None = None,
    log: TextIO | None = None,
    shrink_limit: int = DEFAULT_SHRINK_LIMIT,
    themed: bool = False,
    starts: Sequence[ScenarioStart] = (),
    directed: int = 0,
    follow: bool = True,
) -> MutantSweep:
    """Fuzz the reference against every engine mutant in process (per mutant and a
    summary).  With ``out``, each finding's scenario is written there; ``themed``: decks of
    one theme, ``directed``: games from the scenario ``starts``, following their steps unless
    not ``follow`` (:func:`~conformance_suite.fuzz_shrink.fuzz`)."""
    runs: list[MutantRun] = []
    started = time.perf_counter()
    cpu = time.process_time()
    for name in mutants or sorted(MUTANTS):
        target = FastInProcessTarget(name)
        rep = fuzz(target, games=games, seed=seed, max_decisions=max_decisions, editions=editions, label=name,
                   progress=progress, shrink_limit=shrink_limit, themed=themed, starts=starts, directed=directed,
                   follow=follow)
        if rep.finding is not None and out is not None:
            rep = replace(rep, written=write_finding(rep.finding, name, target, out))
        runs.append(MutantRun(name, MUTANTS[name].rule, rep))
        if log is not None:
            if rep.finding:
                start = f" from {rep.finding.start.label}" if rep.finding.start else ""
                log.write(
                    f"{name:32} found in game {rep.games_to_find:3}, shrunk {rep.decisions_before_shrink:4} -> "
                    f"{rep.finding.decisions:3} decisions ({rep.finding.kind}), {rep.seconds:6.1f}s{start}\n"
                )
            else:
                log.write(f"{name:32} NOT found in {rep.games} games ({rep.decisions} decisions), {rep.seconds:6.1f}s\n")
            log.flush()
    return MutantSweep(seed, games, max_decisions, shrink_limit, tuple(editions), tuple(runs),
                       round(time.perf_counter() - started, 2), round(time.process_time() - cpu, 2), directed)
