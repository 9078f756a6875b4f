"""The rule catalogue (``data/catalogue.json``): every numbered rule of the seed editions
A, B and C, every rule of the 15th edition's (``R15``) Parts 3–5, and the other R15 rules
the engine cites as supporting model rules.

Each entry has an edition-qualified id (``C:309.1.7``), the Russian text exactly as in its
seed (or in the 15th edition's reference file), an English rendering, the ids of the same
behaviour in other editions, and whether the engine models it (``modelled``: one of
:data:`MODELLED`, ``"yes"`` when the file leaves it out).

``python -m oracle.r15_doc --write`` regenerates ``docs/R15.md`` (:func:`r15_doc`) from the
catalogue; ``--check`` exits 1 when the committed file differs.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

__all__ = ["MODELLED", "Catalogue", "Rule", "load_catalogue", "r15_doc"]

#: Values of a rule's ``modelled`` field: the engine models the rule as written, in part, not
#: at all, or nothing in the rule is observable in the engine's model.
MODELLED = ("yes", "partly", "no", "n/a")

#: The R15 sections whose rules the catalogue holds in full (the rest of R15 only as cited).
R15_SECTIONS = (range(301, 311), range(401, 404), range(501, 528))


@dataclass(frozen=True, slots=True)
class Rule:
    """One catalogue entry."""

    id: str
    edition: str
    number: str
    kind: str
    text_ru: str
    text_en: str
    seed: str | None
    unnumbered_in_seed: bool
    inherited_from: str | None
    same_as: tuple[str, ...]
    forbids: bool
    title_ru: str = ""
    note: str = ""
    modelled: str = "yes"


@dataclass(frozen=True, slots=True)
class Catalogue:
    """All rules by id, in catalogue order."""

    version: str
    rules: Mapping[str, Rule]

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self.rules

    def __getitem__(self, rule_id: str) -> Rule:
        return self.rules[rule_id]

    def seed_rules(self) -> list[Rule]:
        """The rules of the seed editions A, B and C (what coverage is measured against)."""
        return [r for r in self.rules.values() if r.edition in ("A", "B", "C")]


def _rule(raw: Mapping[str, Any]) -> Rule:
    modelled = raw.get("modelled", "yes")
    if modelled not in MODELLED:
        raise ValueError(
            f"catalogue entry {raw.get('id')!r}: field 'modelled' must be one of {', '.join(MODELLED)}, not {modelled!r}"
        )
    return Rule(
        id=raw["id"],
        edition=raw["edition"],
        number=raw["number"],
        kind=raw.get("kind", "rule"),
        text_ru=raw["text_ru"],
        text_en=raw["text_en"],
        seed=raw.get("seed"),
        unnumbered_in_seed=bool(raw.get("unnumbered_in_seed", False)),
        inherited_from=raw.get("inherited_from"),
        same_as=tuple(raw.get("same_as", ())),
        forbids=bool(raw.get("forbids", False)),
        title_ru=raw.get("title_ru", ""),
        note=raw.get("note", ""),
        modelled=modelled,
    )


@lru_cache(maxsize=1)
def load_catalogue() -> Catalogue:
    """The packaged catalogue, parsed once per process."""
    text = resources.files("oracle").joinpath("data/catalogue.json").read_text(encoding="utf-8")
    raw = json.loads(text)
    rules = {r["id"]: _rule(r) for r in raw["rules"]}
    return Catalogue(str(raw.get("version", raw.get("format", 1))), rules)


def _number_key(number: str) -> tuple[int, ...]:
    return tuple(int(part) if part.isdigit() else 10**6 for part in number.split("."))


def r15_rules_3_5(cat: Catalogue) -> list[Rule]:
    """The R15 entries of Parts 3–5 (sections 301–310, 401–403, 501–527), in rule order."""
    wanted = {n for r in R15_SECTIONS for n in r}
    out = [r for r in cat.rules.values() if r.edition == "R15" and int(r.number.split(".")[0]) in wanted]
    return sorted(out, key=lambda r: _number_key(r.number))


def r15_doc(cat: Catalogue, probed: Mapping[str, tuple[str, int]] | None = None) -> str:
    """The text of ``docs/R15.md``: every R15 rule of Parts 3–5 with whether the engine models
    it and why (the entry's note), and the count per status.  ``probed``: the outside review's
    verdict now and number of probes per rule id (docs/review/2026-12-07-r15/verdicts.tsv); a
    rule marked **yes** whose probe did not confirm it is shown with that verdict."""
    probed = probed or {}
    entries = r15_rules_3_5(cat)
    rules = [r for r in entries if r.kind == "rule"]
    sections = [r for r in entries if r.kind == "section"]
    counts = Counter(r.modelled for r in rules)
    lines = [
        "# The 15th edition (R15), Parts 3–5: what the engine models",
        "",
        "<!-- Generated from oracle/data/catalogue.json by `python -m oracle.r15_doc --write`; do not edit. -->",
        "",
        "Every numbered rule of the 15th edition's Parts 3–5 (301–310, 401–403, 501–527, with the",
        "numbered steps of 308.1 and 309.1 and the unnumbered paragraphs 301.0 and 306.0) is in the",
        "rule catalogue as `R15:<number>`, with its Russian text as in the reference file. The column",
        "says how far the engine models each R15 rule (design study `r15-parts-3-5.md` §1): **yes** (as",
        "R15 says), **partly**, **no**, or **n/a** (nothing in the rule is observable in the engine's",
        "model). The note gives the A/B/C entries with the same text (`same_as`) and where the engine",
        "models it, or why not.",
        "",
        "## Playing R15",
        "",
        "`R15` is a playable edition beside A, B and C (`GameConfig.edition`). An R15 game cites `R15:`",
        "ids throughout (PROTOCOL.md 7.3 gives the numbers R15 renumbers). It plays every rule marked",
        "**yes** as R15 says; where R15 differs from C and a rule is marked **partly** or **no**, an R15",
        "game is played as C plays it, as far as C has the rule.",
        "",
        "Where R15 differs from C and the engine plays R15 (each an edition switch of",
        "`oracle/ruleset.py`, each with a mutant the suite kills):",
        "",
        "- **307.1**: the triggers on an attack declaration («когда противник объявляет атаку»,",
        "  condition `attack_declared`) are declared and resolve at the `attack_queue` step, before the",
        "  defender; an attacker gone by then ends the attack (INTERPRETING.md entry 50). In A, B",
        "  and C they wait for the fight (`s307.2-attack-declaration-trigger-waits-for-the-fight`).",
        "- **309.1 step 11**: the triggers on a spell's play are declared before its abilities take",
        "  effect, and resolve after them (entry 51); A, B and C declare them after the spell",
        "  (309.2, entry 21), and the two scenarios pinning that do not list R15.",
        "- **113.9**: a triggered ability none of whose targets can take its effect at resolution gets",
        "  its «1 раз за ход» use back (R15:120.7; entry 49); in A, B and C the use stays (entry 10).",
        "",
        "The activation's steps (R15:308.1): an R15 game's events cite the steps it carries out,",
        "announcement 1, targets 5 and legality 7 on `ability_declared`, payment 8 on the card's",
        "`closed` and `coins_paid`, execution 11 on the ability's `resolving`",
        "(`s308.1-r15-activation-in-numbered-steps`); a refused activation changes nothing (the",
        "rewind of 308.1). The seed editions' 308.1 is one paragraph, cited alone.",
        "",
        "Already the same in every edition: 113.7 (any firing of an ability first, entry 9), 501.1",
        "(usage markers taken at declaration, entry 10), 113.8 (a trigger that cannot be declared is",
        "dropped without taking a use), 309.1 step 4 before step 5 (the final cost is computed before",
        "the card moves).",
        "",
        "Played as C, with the reason: 309.1 step 11 for a creature or support card (its triggers on the",
        "play are declared together with its 309.2 triggers: nothing happens between them); 308.1 step",
        "10 (triggers on an activation: declared after the ability, 308.2, which R15 keeps word for",
        "word); 403.1 last known information for a source gone before its ability resolves (no pool",
        "card's `self_strike` ability reaches it, entry 14; one that leaves while it resolves has its",
        "last known strike in every edition, entry 56); 309.1 step 3's order of the play parameters (declared",
        "together in one action) and one alternative plus additional costs together (no pool card has",
        "both); 308.1 step 9 (no card of the pool cancels an activated ability, so the step is always",
        "empty). Every rule of 504–527 is played as R15 says as far as its note says; a rule marked",
        "**partly** names in its note what is left and why. Every C scenario that holds under R15 lists",
        "R15 too and cites the R15 id beside each C id; the suite's report gives R15's own coverage of",
        "these rules.",
        "",

        f"{len(rules)} rules ({len(sections)} section headings are catalogued too, as n/a):",
        "",
        "| status | rules |",
        "|---|---|",
        *[f"| {status} | {counts.get(status, 0)} |" for status in MODELLED],
        "",
        *_probe_summary(rules, probed),
        "| rule | status | outside probe | note |",
        "|---|---|---|---|",
    ]
    for r in rules:
        note = r.note.replace("|", "\\|")
        verdict, n = probed.get(r.id, ("", 0))
        status = r.modelled if r.modelled != "yes" or verdict in ("", "confirmed") else f"yes ({verdict})"
        shown = f"{verdict} ({n})" if verdict else ""
        lines.append(f"| {r.number} | {status} | {shown} | {note} |")
    return "\n".join(lines) + "\n"


def _probe_summary(rules: list[Rule], probed: Mapping[str, tuple[str, int]]) -> list[str]:
    """The paragraph on the outside review of the rules marked **yes** (docs/R15.md)."""
    if not probed:
        return []
    yes = [r for r in rules if r.modelled == "yes"]
    verdicts = Counter(probed.get(r.id, ("unprobed", 0))[0] for r in yes)
    told = ", ".join(f"{n} {v}" for v, n in sorted(verdicts.items(), key=lambda kv: (-kv[1], kv[0])))
    return [
        "Every rule marked **yes** was probed from outside: reviewers who had not read the code wrote",
        "its expected play from the rule text as probe scenarios and ran them (docs/review/2026-12-07-r15/:",
        "the method, the reports and `verdicts.tsv`). The column gives the verdict now and the number of",
        "probes; **yes** is shown alone only where a probe confirmed it, else with the verdict (`argued`:",
        "the reviewer found the rule unclear and the engine's reading is argued in INTERPRETING.md, the",
        f"entry named in `verdicts.tsv`). Of the {len(yes)} rules marked **yes** here: {told}.",
        "",
    ]

