"""Every state of every scenario run keeps the fingerprint it had before the state's codecs
were generated from one schema (``tests/fixtures/scenario_fingerprints.json``, written by
``tests/fixtures/pin_fingerprints.py`` on the hand-written codecs): the canonical form is a
contract (PROTOCOL.md, section 8), so a codec change that moves a key, drops a default or
writes a field another way fails here, naming the scenario run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from oracle.serialize import fingerprint, fingerprint_data, from_dict
from oracle.service.state_codec import state_fingerprint, state_from_proto, state_to_proto
from tests.fixtures.pin_fingerprints import digest, runs

PINNED = json.loads((Path(__file__).parents[1] / "fixtures" / "scenario_fingerprints.json").read_text())


@pytest.fixture(scope="module")
def scenario_runs() -> dict[str, list[dict[str, object]]]:
    """Every scenario run's states (the reference in process)."""
    return runs()


def test_every_scenario_run_is_pinned(scenario_runs: dict[str, list[dict[str, object]]]) -> None:
    """The pinned runs are exactly today's runs: a new scenario is pinned when it is added
    (re-run the script), and a pinned run that disappeared is noticed."""
    assert sorted(scenario_runs) == sorted(PINNED)


def test_fingerprints_unchanged(scenario_runs: dict[str, list[dict[str, object]]]) -> None:
    """Each run's states have the pinned fingerprints, computed three ways: from the data form
    the engine wrote, from the state read back (the dict writer), and by the service's
    direct writer on the state decoded from its proto message."""
    changed = []
    for key, states in scenario_runs.items():
        if key not in PINNED:
            continue
        data_fps = [fingerprint_data(s) for s in states]
        engine_states = [from_dict(s) for s in states]
        dict_fps = [fingerprint(s) for s in engine_states]
        direct_fps = [state_fingerprint(state_from_proto(state_to_proto(s))) for s in engine_states]
        want = PINNED[key]
        for how, fps in (("data", data_fps), ("to_dict", dict_fps), ("direct", direct_fps)):
            if (len(fps), digest(fps)) != (want["states"], want["digest"]):
                changed.append(f"{key} ({how})")
    assert not changed, f"{len(changed)} runs changed fingerprints, e.g. {changed[:5]}"
