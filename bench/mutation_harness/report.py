"""Scoring and reporting: the judged equivalents matched, the rates, the terminal and JSON report."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from .layout import EQUIVALENT, KILLED, MODULES, OPERATORS
from .operators import Mutant


def _load_equivalent() -> list[dict[str, Any]]:
    if not EQUIVALENT.exists():
        return []
    data: list[dict[str, Any]] = json.loads(EQUIVALENT.read_text(encoding="utf-8"))
    return data


#: The shortest mutated text matched to a judged equivalent listed at another line.
MOVED_TEXT_MIN = 20


def _match_equivalent(m: Mutant, equivalent: list[dict[str, Any]]) -> tuple[str, str]:
    """The reason and scope (``"pool"`` or ``""``) when the list holds this mutant: same module,
    operator, text and line; or, for a survivor whose text is distinctive (at least
    :data:`MOVED_TEXT_MIN` characters: a short text such as ``return False`` stands at many lines
    of a module, each with its own meaning), the entries with the same text at other lines (the
    code moved) when they all give one reason; else ``("", "")``."""
    hits = [e for e in equivalent if (e["module"], e["operator"], e["original"], e["mutated"]) == m.key()]
    exact = [e for e in hits if e["line"] == m.line]
    if exact:
        return str(exact[0]["reason"]), str(exact[0].get("scope", ""))
    reasons = {(str(e["reason"]), str(e.get("scope", ""))) for e in hits}
    if len(reasons) == 1 and m.status == "survived" and len(m.original) >= MOVED_TEXT_MIN:  # the line moved
        lines = ", ".join(str(e["line"]) for e in hits)
        reason, scope = reasons.pop()
        return reason + f" [listed at line {lines}]", scope
    return "", ""


def _rate(k: int, n: int) -> float | None:
    return round(100.0 * k / n, 1) if n else None


@dataclass
class Report:
    seed: int | None
    sample: int
    universe: int
    timeout: float
    baseline_seconds: float
    rev: str = ""
    reference_failures: list[str] = field(default_factory=list)
    scenario_runs: int = 0
    wall_seconds: float = 0.0
    counts: dict[str, int] = field(default_factory=dict)
    kill_rate: float | None = None
    non_equivalent_kill_rate: float | None = None
    equivalent_survivors: int = 0
    pool_equivalent_survivors: int = 0  # of those, judged equivalent for this card pool only
    any_pool_kill_rate: float | None = None  # the pool-only equivalents counted as gaps
    per_module: dict[str, dict[str, Any]] = field(default_factory=dict)
    per_operator: dict[str, dict[str, Any]] = field(default_factory=dict)
    mutants: list[dict[str, Any]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def _summarise(rep: Report, done: list[Mutant]) -> None:
    rep.counts = dict(Counter(m.status for m in done))
    counted = [m for m in done if m.status != "error"]
    killed = sum(m.status in KILLED for m in counted)
    rep.kill_rate = _rate(killed, len(counted))
    eq = [m for m in counted if m.status == "survived" and m.equivalent]
    rep.equivalent_survivors = len(eq)
    rep.non_equivalent_kill_rate = _rate(killed, len(counted) - len(eq))
    pool = [m for m in eq if m.equivalent_scope == "pool"]
    rep.pool_equivalent_survivors = len(pool)
    rep.any_pool_kill_rate = _rate(killed, len(counted) - len(eq) + len(pool))
    for attr, key in (("per_module", "module"), ("per_operator", "operator")):
        groups: dict[str, list[Mutant]] = {}
        for m in counted:
            groups.setdefault(getattr(m, key), []).append(m)
        table = {}
        for k, ms in groups.items():
            kk = sum(m.status in KILLED for m in ms)
            e = sum(m.status == "survived" and bool(m.equivalent) for m in ms)
            table[k] = {"mutants": len(ms), "killed": kk, "survived": len(ms) - kk, "equivalent": e,
                        "kill_rate": _rate(kk, len(ms)), "non_equivalent_kill_rate": _rate(kk, len(ms) - e)}
        order = MODULES if attr == "per_module" else OPERATORS
        setattr(rep, attr, {k: table[k] for k in order if k in table})
    for m in done:
        if m.equivalent and m.status in KILLED:
            rep.warnings.append(f"{m.id} is listed as equivalent but was {m.status}: {m.detail[:200]}")


def _print(rep: Report, done: list[Mutant]) -> None:
    p = print
    what = f"sample of {rep.sample} (seed {rep.seed})" if rep.seed is not None else f"all {rep.sample}"
    p(f"mutation testing of {rep.rev}: {what} of {rep.universe} mutants; {rep.scenario_runs} scenario runs; timeout {rep.timeout:g} s; "
      f"reference suite {rep.baseline_seconds:.2f} s; wall {rep.wall_seconds:.0f} s "
      f"({rep.wall_seconds / max(1, len(done)):.2f} s per mutant)")
    p("")
    p(f"{'module':<12}{'mutants':>8}{'killed':>8}{'surv.':>7}{'equiv.':>7}{'kill %':>8}{'non-eq %':>10}")
    for name, t in [*rep.per_module.items()]:
        p(f"{name:<12}{t['mutants']:>8}{t['killed']:>8}{t['survived']:>7}{t['equivalent']:>7}"
          f"{t['kill_rate'] or 0:>8.1f}{t['non_equivalent_kill_rate'] or 0:>10.1f}")
    p("")
    p(f"{'operator':<14}{'mutants':>6}{'killed':>8}{'surv.':>7}{'kill %':>8}")
    for name, t in rep.per_operator.items():
        p(f"{name:<14}{t['mutants']:>6}{t['killed']:>8}{t['survived']:>7}{t['kill_rate'] or 0:>8.1f}")
    p("")
    c = rep.counts
    p(f"killed {c.get('killed', 0)}, killed on import {c.get('killed_import', 0)}, timeout {c.get('timeout', 0)}, "
      f"survived {c.get('survived', 0)} ({rep.equivalent_survivors} judged equivalent, {rep.pool_equivalent_survivors} "
      f"of them for this card pool only), error {c.get('error', 0)}")
    p(f"kill rate: {rep.kill_rate}%   non-equivalent kill rate: {rep.non_equivalent_kill_rate}%   "
      f"counting the pool-only equivalents as gaps: {rep.any_pool_kill_rate}%")
    surv = [m for m in done if m.status == "survived"]
    for label, group in (("survivors (not judged equivalent)", [m for m in surv if not m.equivalent]),
                         ("survivors judged equivalent", [m for m in surv if m.equivalent])):
        if not group:
            continue
        p("")
        p(f"== {label}: {len(group)}")
        for m in group:
            scope = " for this pool only" if m.equivalent_scope == "pool" else ""
            p(f"-- {m.id} {m.operator} line {m.line}" + (f"  [equivalent{scope}: {m.equivalent}]" if m.equivalent else ""))
            p(m.diff.rstrip("\n"))
    for m in done:
        if m.status == "error":
            p(f"!! {m.id}: harness error: {m.detail}")
    for w in rep.warnings:
        p(f"!! {w}")


def _rescore(path: Path, out: str) -> int:
    """Re-apply the list of equivalent mutants to a report written by ``--json``."""
    data = json.loads(path.read_text(encoding="utf-8"))
    equivalent = _load_equivalent()
    names = {f.name for f in Mutant.__dataclass_fields__.values()}
    done = [Mutant(**{k: v for k, v in m.items() if k in names}) for m in data["mutants"]]
    for m in done:
        m.equivalent, m.equivalent_scope = _match_equivalent(m, equivalent)
    keep = {k: v for k, v in data.items() if k in Report.__dataclass_fields__ and k in (
        "seed", "sample", "universe", "timeout", "baseline_seconds", "rev", "reference_failures",
        "scenario_runs", "wall_seconds")}
    rep = Report(**keep)
    _summarise(rep, done)
    rep.mutants = [asdict(m) for m in done]
    _print(rep, done)
    if out:
        Path(out).write_text(json.dumps(asdict(rep), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return 0


