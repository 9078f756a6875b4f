"""The rule catalogue (``data/catalogue.json``): every numbered rule of the seed editions
A, B and C, plus the supporting rules of the 15th edition (``R15``) the engine cites.

Each entry has an edition-qualified id (``C:309.1.7``), the Russian text exactly as in its
seed, an English rendering, and the ids of the same behaviour in other editions.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

__all__ = ["Catalogue", "Rule", "load_catalogue"]


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
    )


@lru_cache(maxsize=1)
def load_catalogue() -> Catalogue:
    """The packaged catalogue, parsed once per process."""
    text = resources.files("oracle").joinpath("data/catalogue.json").read_text(encoding="utf-8")
    raw = json.loads(text)
    rules = {r["id"]: _rule(r) for r in raw["rules"]}
    return Catalogue(str(raw.get("version", raw.get("format", 1))), rules)
