"""The kill matrix: which scenarios catch which engine mutant (:data:`oracle.mutants.MUTANTS`).

Every scenario runs under every edition it lists, in process, against the unmutated engine
(everything must pass) and against each mutant (at least one run must fail).  The executor
is called directly, without pytest, so the whole matrix takes seconds.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from oracle.mutants import MUTANTS

from .executor import run_scenario
from .known_failures import item_key
from .scenario import LoadedScenario
from .targets import InProcessTarget

__all__ = ["KillMatrix", "failing_runs", "format_kill_matrix", "kill_matrix"]


def failing_runs(scenarios: Iterable[LoadedScenario], mutant: str = "") -> dict[str, str]:
    """``id[edition]`` -> the first mismatch (or exception) of every run that does not pass
    against the in-process engine with ``mutant`` switched on ("" for the reference)."""
    target = InProcessTarget(mutant)
    out: dict[str, str] = {}
    for sc in scenarios:
        for edition in sc.message.editions:
            try:
                res = run_scenario(sc, edition, target)
            except Exception as exc:  # a crash caught the mutant too
                out[item_key(sc.id, edition)] = f"{type(exc).__name__}: {exc}"
                continue
            if not res.passed:
                out[item_key(sc.id, edition)] = res.mismatches[0].describe()
    return out


@dataclass(frozen=True, slots=True)
class KillMatrix:
    """The runs of the reference that fail, and for each mutant the runs that caught it.

    ``baseline_failures``: run (``id[edition]``) -> its first mismatch, for the runs that
    fail on the reference itself; ``caught``: mutant -> run -> first mismatch, for the runs
    that fail on the mutant but pass on the reference (empty: the mutant survived)."""

    baseline_failures: Mapping[str, str]
    caught: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    @property
    def survivors(self) -> list[str]:
        """Mutants no scenario caught."""
        return [m for m, runs in self.caught.items() if not runs]

    @property
    def ok(self) -> bool:
        """The reference passes everything and every mutant is caught."""
        return not self.baseline_failures and not self.survivors

    def scenario_ids(self, mutant: str) -> list[str]:
        """Ids of the scenarios (any edition) that caught ``mutant``."""
        return sorted({run.split("[", 1)[0] for run in self.caught.get(mutant, {})})

    def as_dict(self) -> dict[str, object]:
        """JSON form: per mutant its rule, description, catching scenario ids and runs."""
        return {
            "baseline_failures": dict(self.baseline_failures),
            "survivors": self.survivors,
            "mutants": {
                m: {
                    "rule": MUTANTS[m].rule,
                    "description": MUTANTS[m].description,
                    "scenarios": self.scenario_ids(m),
                    "runs": sorted(runs),
                }
                for m, runs in self.caught.items()
            },
        }


def kill_matrix(scenarios: list[LoadedScenario], mutants: Iterable[str] | None = None) -> KillMatrix:
    """Run ``scenarios`` against the reference and each of ``mutants`` (default: all).  A run
    that fails on the reference catches nothing."""
    baseline = failing_runs(scenarios)
    caught = {
        name: {run: msg for run, msg in failing_runs(scenarios, name).items() if run not in baseline}
        for name in (mutants if mutants is not None else MUTANTS)
    }
    return KillMatrix(baseline, caught)


def format_kill_matrix(km: KillMatrix) -> str:
    """A readable kill matrix: one line per mutant with the scenarios that caught it."""
    lines = []
    if km.baseline_failures:
        lines.append(f"REFERENCE FAILS {len(km.baseline_failures)} run(s):")
        lines += [f"  {run}: {msg.splitlines()[0]}" for run, msg in sorted(km.baseline_failures.items())]
    width = max((len(m) for m in km.caught), default=0)
    for m in km.caught:
        ids = km.scenario_ids(m)
        head = f"{m:<{width}}  {MUTANTS[m].rule:<10}"
        lines.append(f"{head}  {len(ids):>3} caught: {', '.join(ids)}" if ids else f"{head}  SURVIVED")
    total = len(km.caught)
    lines.append(f"{total - len(km.survivors)}/{total} mutants caught; reference "
                 + ("passes every run" if not km.baseline_failures else "FAILS"))
    return "\n".join(lines)
