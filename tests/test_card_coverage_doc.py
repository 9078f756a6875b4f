"""docs/REAL_CARDS.md, the table of the 141 real cards with what each still needs (issue 14,
item 3), is generated from the shared reference and the pool and kept up to date."""

from __future__ import annotations

import re

from oracle import card_coverage
from tests.conftest import shared_dir


def test_real_cards_doc_is_up_to_date() -> None:
    """The committed docs/REAL_CARDS.md is what ``python -m oracle.card_coverage --write``
    generates now (run it after changing the pool or COVERED)."""
    reference = shared_dir("reference")
    assert card_coverage.DOC.read_text(encoding="utf-8") == card_coverage.render(reference)


def test_every_faithful_pool_card_is_counted() -> None:
    """Each real-named pool card of the two sets is a «faithful» row naming its pool id, and a
    card with nothing missing that is not in the pool is reported as expressible, not faithful."""
    import json

    reference = shared_dir("reference")
    text = card_coverage.render(reference)
    names = {c["name"] for c in json.loads((reference / "cards-bh-sets-2018-2019.json").read_text(encoding="utf-8"))}
    pool = json.loads(card_coverage.POOL.read_text(encoding="utf-8"))["cards"]
    real_in_pool = [c for c in pool if not c["id"].startswith("test_") and c["name"] in names]
    assert real_in_pool
    for c in real_in_pool:
        assert re.search(rf"\| in the pool; review: [a-z ]+ \| `{c['id']}`", text), c["id"]
    assert f"**{len(real_in_pool)}** are in the pool" in text


def test_check_mode_reports_a_stale_file(tmp_path, monkeypatch) -> None:
    """``--check`` exits 1 when the file differs from what would be generated, 0 when equal."""
    shared_dir("reference")
    doc = tmp_path / "REAL_CARDS.md"
    monkeypatch.setattr(card_coverage, "DOC", doc)
    doc.write_text("stale\n", encoding="utf-8")
    assert card_coverage.main(["--check"]) == 1
    assert card_coverage.main(["--write"]) == 0
    assert card_coverage.main(["--check"]) == 0


def test_a_card_without_printed_numbers_is_blocked_by_data() -> None:
    """Issue 25, finding 8: a real creature whose strike or life the reference does not record
    (Гоблиноцикл) is «blocked by missing data», whatever vocabulary it needs, and its row says so."""
    reference = shared_dir("reference")
    text = card_coverage.render(reference)
    row = next(line for line in text.splitlines() if line.startswith("| Гоблиноцикл |"))
    assert "| blocked by missing data |" in row and "no strike and life in the reference" in row
    assert card_coverage.data_gap({"card_type": "creature", "cost": 4}) == "strike and life"
    assert card_coverage.data_gap({"card_type": "creature", "cost": 4, "attack": 1, "health": 1}) == ""
    assert card_coverage.data_gap({"card_type": "spell"}) == ""
