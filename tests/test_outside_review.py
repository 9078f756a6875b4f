"""The outside review of the real cards (docs/review/2026-12-07-cards/): its probe scenarios,
written from the printed text and the rules by reviewers who had not read the code, pass on the
reference — but the runs listed in its ``disagreements.txt``, where the engine keeps a reading
argued in INTERPRETING.md; those must still fail (an unexpected pass fails the run), so a change
of behaviour on either side is noticed.  Its verdicts table covers the 141 cards once each."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REVIEW = ROOT / "docs" / "review" / "2026-12-07-cards"


def _probes_pass_but_the_listed(review: Path) -> None:
    """Every probe of ``review`` passes on the reference but the runs its ``disagreements.txt``
    lists, which must still fail (an unexpected pass fails the run)."""
    proc = subprocess.run(
        [sys.executable, "-m", "conformance_suite", "run", "--in-process", "-q",
         "--scenarios", str(review / "probes"), "--known-failures", str(review / "disagreements.txt")],
        cwd=ROOT, capture_output=True, text=True, timeout=1200,
    )
    tail = "\n".join(proc.stdout.splitlines()[-15:])
    assert proc.returncode == 0, tail
    listed = [ln for ln in (review / "disagreements.txt").read_text(encoding="utf-8").splitlines()
              if ln.strip() and not ln.startswith("#")]
    assert " passed" in tail and (f"{len(listed)} known failures" in tail if listed else "known" not in tail), tail


def test_the_probes_pass_but_the_argued_disagreements() -> None:
    _probes_pass_but_the_listed(REVIEW)


def test_the_verdicts_cover_every_real_card_once() -> None:
    with open(REVIEW / "verdicts.tsv", encoding="utf-8") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    assert [int(r["index"]) for r in rows] == list(range(141))
    pool = {c["id"] for c in json.loads((ROOT / "oracle" / "data" / "cards.json").read_text(encoding="utf-8"))["cards"]}
    for r in rows:
        assert r["now"] in ("faithful", "deviates", "unclear", "not in pool"), r
        assert (r["card_id"] in pool) == (r["now"] != "not in pool"), r


R15_REVIEW = ROOT / "docs" / "review" / "2026-12-07-r15"


def test_the_r15_probes_pass_but_the_listed_disagreements() -> None:
    """The outside review of the R15 rules marked yes (docs/review/2026-12-07-r15/)."""
    _probes_pass_but_the_listed(R15_REVIEW)


def test_every_rule_marked_yes_has_one_outside_verdict_and_its_probes_exist() -> None:
    """verdicts.tsv has exactly one row per R15 rule the catalogue marks yes; a rule now
    confirmed names probes that exist, and a rule the review could not confirm is named as
    deviating (with its probes in disagreements.txt) or argued (with an INTERPRETING.md entry)."""
    catalogue = json.loads((ROOT / "oracle" / "data" / "catalogue.json").read_text(encoding="utf-8"))
    yes = {r["id"] for r in catalogue["rules"] if r["id"].startswith("R15:") and r.get("modelled") == "yes"}
    with open(R15_REVIEW / "verdicts.tsv", encoding="utf-8") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    assert sorted(r["rule"] for r in rows) == sorted(yes)
    probes = {p.stem for p in (R15_REVIEW / "probes").glob("*.json")}
    disagreements = (R15_REVIEW / "disagreements.txt").read_text(encoding="utf-8")
    for r in rows:
        assert r["now"] in ("confirmed", "deviates", "argued"), r
        named = r["probes"].split()
        assert set(named) <= probes, r
        if r["now"] == "confirmed":
            assert named, r
        elif r["now"] == "deviates":
            assert named and all(p in disagreements for p in named if r["rule"].split(":")[1] in p), r
        else:
            assert "INTERPRETING.md entry" in r["note"], r
