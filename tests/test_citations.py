"""Every rule the engine cites exists in the catalogue, and the engine stands alone."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from oracle.catalogue import load_catalogue
from oracle.editions import EDITIONS
from oracle.engine import check
from oracle.model import Action
from oracle.sampler import play_random_game

ROOT = Path(__file__).resolve().parents[1]


def test_literal_r15_ids_in_engine_source_exist() -> None:
    """Every 'R15:…' id written in the engine's source is a catalogue entry."""
    cat = load_catalogue()
    cited = set()
    for path in (ROOT / "oracle").rglob("*.py"):
        cited |= set(re.findall(r'"(R15:[^"]+)"', path.read_text(encoding="utf-8")))
    assert cited, "the engine cites 15th-edition model rules"
    missing = sorted(c for c in cited if c not in cat)
    assert not missing


def test_events_and_violations_of_random_games_cite_catalogue_ids() -> None:
    """In random games of every edition, every event and every violation (of a probe
    action) cites ids of the catalogue, in the game's edition or R15 (or B for rules edition
    A's fragments lack, INTERPRETING.md entry 1)."""
    from oracle.engine import apply

    cat = load_catalogue()
    probe = Action("end_turn")
    for edition in EDITIONS:
        for seed in range(15):
            game = play_random_game(seed, edition)
            state = game.states[0]
            for action in game.actions:
                for v in check(state, probe):
                    assert v.rule in cat, v
                out = apply(state, action)
                for e in out.events:
                    for r in e.rules:
                        assert r in cat, (e, r)
                        prefix = r.split(":")[0]
                        allowed = {edition, "R15"} | ({"B"} if edition == "A" else set())
                        assert prefix in allowed, (edition, e, r)
                state = out.state


def test_engine_imports_no_grpc() -> None:
    """The engine package is importable without gRPC or protobuf (issue 2)."""
    code = "import sys, oracle, oracle.sampler; bad = [m for m in sys.modules if m.startswith(('grpc', 'google.protobuf'))]; print(bad); sys.exit(1 if bad else 0)"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 0, proc.stdout + proc.stderr
