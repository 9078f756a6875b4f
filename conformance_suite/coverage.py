"""Coverage of the rule catalogue by the scenarios.

Two requirements (issue 4): every seed rule (editions A, B, C) is cited by at least one
scenario, and every rule that forbids something has at least one scenario step where the
forbidden action is refused (``expect_illegal``) citing it in ``expect_violation_rules``.

The 15th edition has its own figure (issue 15): of its numbered rules of Parts 3–5 (301–310,
401–403, 501–527), how many a scenario that runs under R15 cites, and how those divide by
whether the engine models the rule (the catalogue's ``modelled``, docs/R15.md).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from oracle.catalogue import load_catalogue, r15_rules_3_5

from .scenario import LoadedScenario

__all__ = ["Coverage", "cited_rules", "compute_coverage", "refused_rules"]


def cited_rules(scenarios: Iterable[LoadedScenario]) -> dict[str, list[str]]:
    """Rule id -> ids of the scenarios citing it in ``rules``."""
    out: dict[str, list[str]] = {}
    for sc in scenarios:
        for r in sc.message.rules:
            out.setdefault(r, []).append(sc.id)
    return out


def refused_rules(scenarios: Iterable[LoadedScenario]) -> dict[str, list[str]]:
    """Rule id -> ids of the scenarios with an ``expect_illegal`` step whose
    ``expect_violation_rules`` names it.  A bare number stands for that number in each
    edition the scenario lists (and in R15)."""
    cat = load_catalogue()
    out: dict[str, list[str]] = {}
    for sc in scenarios:
        editions = [*sc.message.editions, "R15"]
        for step in sc.message.steps:
            if not step.expect_illegal:
                continue
            for ref in step.expect_violation_rules:
                ids = [ref] if ":" in ref else [f"{ed}:{ref}" for ed in editions if f"{ed}:{ref}" in cat]
                for rid in ids:
                    lst = out.setdefault(rid, [])
                    if sc.id not in lst:
                        lst.append(sc.id)
    return out


@dataclass(frozen=True, slots=True)
class Coverage:
    """How far the scenarios cover the catalogue: the seed rules (editions A, B, C) and how
    many a scenario cites, those it does not (``uncited``), the seed rules that forbid
    something (``forbids``) and those of them no refusal step cites; the numbered R15 rules
    of Parts 3-5, those no R15 scenario cites, and per modelled status ("yes", "partly",
    "no", "n/a") [rules, cited by an R15 scenario]."""

    seed_rules: int
    cited_seed_rules: int
    uncited: list[str]  # seed rules no scenario cites
    forbids: int  # seed rules (A, B, C) with forbids=true
    forbids_without_refusal: list[str]  # of those, rules no expect_illegal step cites
    r15_rules: int = 0  # numbered R15 rules of Parts 3-5
    r15_uncited: list[str] = field(default_factory=list)  # of those, rules no R15 scenario cites
    #: modelled status ("yes", "partly", "no", "n/a") -> [rules, cited by an R15 scenario]
    r15_by_modelled: dict[str, list[int]] = field(default_factory=dict)

    def as_dict(self) -> dict[str, object]:
        """The JSON form used in reports."""
        return {
            "seed_rules": self.seed_rules,
            "cited_seed_rules": self.cited_seed_rules,
            "uncited_seed_rules": self.uncited,
            "forbidding_rules": self.forbids,
            "forbidding_rules_without_refusal": self.forbids_without_refusal,
            "r15": {
                "rules": self.r15_rules,
                "cited": self.r15_rules - len(self.r15_uncited),
                "uncited": self.r15_uncited,
                "by_modelled": {k: {"rules": v[0], "cited": v[1]} for k, v in self.r15_by_modelled.items()},
            },
        }


def compute_coverage(scenarios: list[LoadedScenario]) -> Coverage:
    """Coverage of the packaged catalogue by ``scenarios``."""
    cat = load_catalogue()
    cited = cited_rules(scenarios)
    refused = refused_rules(scenarios)
    seed = cat.seed_rules()
    uncited = [r.id for r in seed if r.id not in cited]
    # the requirement is on the seed editions; R15 entries are supporting model rules
    forbidding = [r for r in seed if r.forbids]
    r15_cited = cited_rules(sc for sc in scenarios if "R15" in sc.message.editions)
    r15 = [r for r in r15_rules_3_5(cat) if r.kind == "rule"]
    by_modelled: dict[str, list[int]] = {}
    for r in r15:
        tally = by_modelled.setdefault(r.modelled, [0, 0])
        tally[0] += 1
        tally[1] += r.id in r15_cited
    return Coverage(
        seed_rules=len(seed),
        cited_seed_rules=len(seed) - len(uncited),
        uncited=uncited,
        forbids=len(forbidding),
        forbids_without_refusal=[r.id for r in forbidding if r.id not in refused],
        r15_rules=len(r15),
        r15_uncited=[r.id for r in r15 if r.id not in r15_cited],
        r15_by_modelled=by_modelled,
    )
