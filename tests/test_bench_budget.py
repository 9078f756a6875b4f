"""The budget arithmetic of ``bench/bench_server_split.py --probe`` (a benchmark, not a timed
test): from measured rows it derives what issue 26's targets allow; no measured figure is
asserted, only that the derivation is the documented one."""

from __future__ import annotations

import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

import bench_server_split as split  # noqa: E402  (a script of bench/, not a package)


def _row(cpu: float, throughput: float, engine: float = 0.0) -> dict[str, object]:
    return {"server_cpu_us_per_call": cpu, "throughput_per_s": throughput, "stages_us_per_call": {"engine apply": engine}}


def test_budget_is_the_health_check_over_the_target_less_all_but_the_engine() -> None:
    """Each target allows the plain health check's CPU over the target; the engine's budget is
    that less the plain call's CPU outside the timed call's engine stage (the timed server's
    own figures, its timers' cost in them, are not used), and the speed-up asked is the
    engine's CPU over its budget (below 1: room to spare; infinite: no engine time would do)."""
    plain = {"health": _row(320.0, 3200.0), "apply": _row(480.0, 2100.0), "apply_fp": _row(470.0, 2240.0)}
    timed = {"apply": _row(530.0, 1900.0, engine=80.0), "apply_fp": _row(520.0, 2000.0, engine=80.0)}
    plan = split.budget(plain, timed, engine_local=40.0)
    assert set(plan) == set(split.TARGETS) == {"apply", "apply_fp"}
    apply, fp = plan["apply"], plan["apply_fp"]
    assert math.isclose(apply["allowed_cpu_us_per_call"], 320.0 / 0.65)
    assert math.isclose(apply["engine_budget_us"], 320.0 / 0.65 - 400.0)
    assert math.isclose(apply["engine_speedup_needed"], 80.0 / (320.0 / 0.65 - 400.0)) and apply["engine_speedup_needed"] < 1
    assert math.isclose(fp["allowed_cpu_us_per_call"], 400.0) and math.isclose(fp["other_than_engine_us"], 390.0)
    assert math.isclose(fp["engine_budget_us"], 10.0) and math.isclose(fp["engine_speedup_needed"], 8.0)
    assert math.isclose(fp["throughput_ratio"], 0.7) and math.isclose(fp["cpu_ratio"], 470.0 / 320.0)
    assert fp["engine_in_process_us"] == 40.0
    plain["apply_fp"] = _row(520.0, 2000.0)  # 440 µs besides the engine: over the 400 allowed
    assert split.budget(plain, timed, 40.0)["apply_fp"]["engine_speedup_needed"] == math.inf
