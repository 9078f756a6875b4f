"""Directed games of the fuzzer (conformance_suite.fuzz_directed): games that start from a
scenario's state replay exactly from their seed and start, a finding from such a start
shrinks into a valid scenario with the start's setup, the coverage guide chooses starts
where the run has reached least, and the reach per rule counts each decision's citations."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from conformance_suite.executor import run_scenario
from conformance_suite.fuzz_directed import ScenarioStart, StartGuide, follow_plan, load_starts
from conformance_suite.fuzz_lockstep import LockStep, Mismatch
from conformance_suite.fuzz_reach import Reach
from conformance_suite.fuzz_scenario import finding_scenario, write_finding
from conformance_suite.fuzz_shrink import fuzz
from conformance_suite.fuzz_targets import FastInProcessTarget
from conformance_suite.scenario import SCENARIO_DIR, load_scenario
from conformance_suite.targets import InProcessTarget
from oracle.rules.turn.setup import GameConfig
from oracle.sampler import RandomChooser

ROOT = Path(__file__).resolve().parents[1]
#: Паровой двигатель's «Схватка» with a closed creature that strikes back: the mutant
#: fight_effect_one_sided (only the fighter strikes) diverges at the scenario's second step.
STEAM = SCENARIO_DIR / "p5_declaration" / "s7.fight-steam-engine-fights-a-closed-creature-that-strikes-back.json"


def _start(path: Path = STEAM, edition: str = "R15") -> ScenarioStart:
    (start,) = [s for s in load_starts(path.parent, [edition]) if s.scenario_id == load_scenario(path).id]
    return start


class _Zero:
    """Hypothesis's first example: every number 0, every order as it is."""

    def index(self, n: int) -> int:
        return 0

    def permutation(self, items: Sequence[int]) -> list[int]:
        return list(items)

    def config(self, editions: Sequence[str]) -> GameConfig:
        raise AssertionError("a directed game draws no configuration")


def test_a_directed_game_replays_identically_from_its_seed_and_start() -> None:
    """The same start and seed give the same decisions and citations (the reference against
    itself, no divergence); another seed gives another continuation after the scenario's
    steps, which the game follows first when the drawn k is all of them."""
    start = _start()
    played = []
    for seed in (5, 5, 6):
        lock = LockStep(FastInProcessTarget())
        n = lock.play(RandomChooser(seed), start=start, salt=seed)
        played.append((n, list(lock.last_cited), lock.last_followed))
    assert played[0] == played[1]
    assert played[0][0] >= 1
    # the zero example follows every legal step of the scenario before drawing
    lock = LockStep(FastInProcessTarget())
    lock.play(_Zero(), start=start, salt=1)
    assert lock.last_followed == start.followable == 2
    # without following, every decision from the scenario's state is drawn
    lock = LockStep(FastInProcessTarget(), follow=False)
    lock.play(_Zero(), start=start, salt=1)
    assert lock.last_followed == 0


def test_a_finding_from_a_scenario_start_shrinks_into_a_valid_scenario(tmp_path: Path) -> None:
    """fight_effect_one_sided is found in the one directed game from the steam engine's
    scenario; the finding names its start, and the scenario written for it starts from
    that scenario's board, passes on the reference and fails on the mutant."""
    target = FastInProcessTarget("fight_effect_one_sided")
    rep = fuzz(target, games=0, seed=1, starts=[_start()], directed=1, shrink_limit=50)
    f = rep.finding
    assert f is not None and f.start is not None and f.start.scenario_id == load_scenario(STEAM).id
    assert rep.games_to_find == 1 and rep.starts == (f.start.label,) and rep.found_following
    assert rep.seconds_to_find > 0
    written = write_finding(f, "fight_effect_one_sided", target, tmp_path)
    assert written.reproduces and written.path is not None, written.reason
    sc = load_scenario(written.path)
    assert sc.message.setup.WhichOneof("kind") == "board"
    assert json.loads(written.path.read_text())["setup"] == json.loads(STEAM.read_text())["setup"]
    assert len(sc.message.steps) == f.decisions
    assert run_scenario(sc, "R15", InProcessTarget()).passed
    assert not run_scenario(sc, "R15", InProcessTarget("fight_effect_one_sided")).passed
    assert finding_scenario(f, "x") == finding_scenario(f, "x")


def test_reach_per_rule_counts_the_decisions_of_a_tiny_run() -> None:
    """One directed game of the reference: the run's reach per rule is, rule by rule, the
    number of its decisions whose citations hold the rule (the game replayed here with
    Hypothesis's first example); a rule cited is not listed as never reached."""
    start = _start()
    rep = fuzz(FastInProcessTarget(), games=0, seed=3, starts=[start], directed=1)
    assert rep.finding is None and rep.reach.played == 1
    lock = LockStep(FastInProcessTarget())
    lock.play(_Zero(), start=start, salt=3)
    expected: dict[str, int] = {}
    for cited in lock.last_cited:
        for r in set(cited):
            expected[r] = expected.get(r, 0) + 1
    assert dict(rep.reach.rules) == expected
    assert expected.get("R15:7.fight", 0) >= 1
    data = rep.as_dict()["reach"]
    assert isinstance(data, dict) and data["rules"] == dict(sorted(expected.items()))
    never = rep.reach.never_reached()
    assert "R15:505.1" not in never and "R15:518.1" in never


def test_reach_merges_and_lists_rules_never_reached() -> None:
    """Per rule, a decision counts once however often it cites the rule; merged reaches
    add up; a cited sub-rule reaches its parent rule."""
    a, b = Reach(), Reach()
    a.add_game([("R15:516.1", "R15:516.1", "R15:401.1"), ("R15:516.1",)])
    b.add_game([("R15:518.2",)])
    a.merge(b)
    assert a.played == 2 and a.rules == {"R15:516.1": 2, "R15:401.1": 1, "R15:518.2": 1}
    never = a.never_reached()
    assert "R15:516.1" not in never and "R15:518" not in never and "R15:517.1" in never
    assert a.rule_lines()[0].split() == ["R15:401.1×1", "R15:516.1×2", "R15:518.2×1"]


def _fake(sid: str, rules: tuple[str, ...], edition: str = "R15") -> ScenarioStart:
    return ScenarioStart(sid, edition, {}, {}, None, (), rules)


def test_the_guide_goes_where_the_run_has_reached_least() -> None:
    """The next start holds the most rules no decision cited, then the fewest decisions
    over its rules; a scenario already played in one edition comes after every unplayed
    scenario."""
    starts = [_fake("a", ("R15:1", "R15:2")), _fake("a", ("C:1", "C:2", "C:3"), "C"),
              _fake("b", ("R15:3",)), _fake("c", ("R15:4", "R15:5"))]
    guide = StartGuide(starts, seed=0)
    reached = {"R15:1": 5, "R15:2": 1, "R15:4": 2}
    assert guide.next(reached) is starts[1]  # three unreached rules
    assert guide.next(reached) is starts[2]  # one unreached rule (a[C] played: a[R15] waits)
    assert guide.next(reached) is starts[3]  # one unreached, 2 decisions
    assert guide.next(reached) is starts[0]
    assert guide.next(reached) is None


def test_the_follow_plan_pairs_refused_actions_with_the_next_step() -> None:
    """The plan of k steps: each legal step with the refused actions the scenario tries
    just before it; the refused ones after the k-th step are probed at the next decision."""
    start = ScenarioStart("x", "R15", {}, {}, None,
                          (("end_turn", True), ("pass", False), ("attack", True), ("end_turn", False), ("play", True)), ())
    assert follow_plan(start, 2) == [(("end_turn",), "pass"), (("attack",), "end_turn"), (("play",), "")]
    assert follow_plan(start, 1) == [(("end_turn",), "pass"), (("attack",), "")]
    assert follow_plan(start, 0) == [(("end_turn",), "")]


def test_cli_fuzz_from_scenarios_writes_the_finding(tmp_path: Path) -> None:
    """``fuzz --mutant NAME --from-scenarios DIR`` plays directed games from DIR's scenarios,
    writes the finding's scenario with the start's setup and keeps the reach per rule in
    --json."""
    scenarios = tmp_path / "scenarios"
    scenarios.mkdir()
    shutil.copy(STEAM, scenarios / STEAM.name)
    out, report = tmp_path / "findings", tmp_path / "fuzz.json"
    cmd = [sys.executable, "-m", "conformance_suite", "fuzz", "--mutant", "fight_effect_one_sided", "--games", "1",
           "--seed", "2", "--from-scenarios", str(scenarios), "--directed", "3", "--out", str(out), "--json",
           str(report), "--shrink-limit", "20", "-q"]
    run = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert run.returncode == 1, run.stderr
    assert "from scenario s7.fight-steam-engine" in run.stdout and "wrote " in run.stdout
    data = json.loads(report.read_text())
    assert data["found"] and data["start"].startswith("s7.fight-steam-engine") and data["scenario_reproduces"]
    assert data["starts"] == [data["start"]] and data["games_to_find"] == 1


@pytest.mark.parametrize("edition", ["C", "A"])
def test_seed_edition_starts_follow_their_scenario(edition: str) -> None:
    """A start of a seed edition begins in that edition's state and its game runs."""
    starts = [s for s in load_starts(SCENARIO_DIR / "p3_turn", [edition]) if s.followable][:3]
    assert starts and all(s.edition == edition for s in starts)
    for s in starts:
        lock = LockStep(FastInProcessTarget())
        try:
            lock.play(RandomChooser(1), start=s, salt=1)
        except Mismatch as m:  # pragma: no cover - the reference agrees with itself
            pytest.fail(m.finding.message)


def test_the_sweep_reports_families_seconds_and_reach_per_rule() -> None:
    """``--all-mutants`` figures: found per family of mutants, the seconds to the first
    divergence, the finds from scenario starts, and the reach per rule of all its games."""
    from conformance_suite.fuzz_mutants import fuzz_all_mutants, mutant_family

    assert mutant_family("fight_effect_one_sided") == "combined and costs" and mutant_family("lifo_queue") == "core"
    sweep = fuzz_all_mutants(games=0, seed=1, starts=[_start()], directed=1,
                             mutants=["fight_effect_one_sided", "any_deck_is_own_deck"], shrink_limit=20)
    d = sweep.as_dict()
    assert d["found"] == 1 and d["not_found"] == ["any_deck_is_own_deck"]
    assert d["families"] == {"combined and costs": {"mutants": 1, "found": 1}, "hand and deck": {"mutants": 1, "found": 0}}
    assert d["found_from_scenario_starts"] == d["found_following_scenario_steps"] == 1
    t = d["seconds_to_find"]
    assert isinstance(t, dict) and 0 < t["median"] <= sweep.seconds
    assert sweep.cpu_seconds > 0 and d["directed_per_mutant"] == 1
    reach = d["reach"]
    assert isinstance(reach, dict) and reach["rules"]["R15:7.fight"] >= 1
    rows = d["results"]
    assert isinstance(rows, list) and all("starts" not in r and r["directed_games"] == 1 for r in rows)
