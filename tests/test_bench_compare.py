"""``bench/bench_engine_compare.py`` (a benchmark, not a timed test): run against this very
checkout as its own baseline, it makes one workload, times both "engines" on it and writes
the ratios; no figure is asserted, only that the run is whole and the replays are exact."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_compare_against_itself_replays_every_game(tmp_path: Path) -> None:
    """With this checkout as the baseline, every replayed game is accepted action by action
    by the same engine (no replay refused), both sides time the same number of decisions, and
    the JSON holds one round with a ratio for each operation and the median ratios."""
    out = tmp_path / "compare.json"
    proc = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "bench_engine_compare.py"), str(ROOT), "--games", "2", "--states", "6",
         "--reps", "1", "--full-games", "2", "--rounds", "1", "--json", str(out)],
        capture_output=True, text=True, check=False, timeout=600,
    )
    assert proc.returncode == 0, proc.stderr
    data = json.loads(out.read_text(encoding="utf-8"))
    (round_,) = data["rounds"]
    assert round_["this"]["replays_refused"] == 0 and round_["baseline"]["replays_refused"] == 0
    assert round_["this"]["replay_decisions"] == round_["baseline"]["replay_decisions"] > 0
    assert set(data["median_ratio"]) == {"apply", "legal_actions", "check", "replay"}
    assert "median ratio" in proc.stdout


def test_a_directory_without_an_engine_is_refused(tmp_path: Path) -> None:
    """A baseline that holds no oracle package is a usage error naming it, not a traceback."""
    proc = subprocess.run([sys.executable, str(ROOT / "bench" / "bench_engine_compare.py"), str(tmp_path)],
                          capture_output=True, text=True, check=False, timeout=60)
    assert proc.returncode == 2
    assert "holds no oracle package" in proc.stderr and "Traceback" not in proc.stderr


def test_profile_names_the_engine_functions_of_the_operation(tmp_path: Path) -> None:
    """``bench/profile_engine.py`` (a diagnostic on the same workload) profiles the operation it
    is given: its JSON lists functions with their calls and times, ``oracle/engine.py``'s
    ``apply`` among them, called once per case and repetition."""
    out = tmp_path / "profile.json"
    proc = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "profile_engine.py"), "--games", "2", "--states", "4", "--reps", "2",
         "--op", "apply", "--top", "400", "--json", str(out)],
        capture_output=True, text=True, check=False, timeout=600,
    )
    assert proc.returncode == 0, proc.stderr
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["op"] == "apply"
    applies = [f for f in data["top"] if f["function"].startswith("engine.py:") and f["function"].endswith("(apply)")]
    assert [f["calls"] for f in applies] == [8]
    assert all(f["own_seconds"] <= f["cumulative_seconds"] for f in data["top"])
