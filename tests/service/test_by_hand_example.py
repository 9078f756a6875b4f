"""examples/by-hand/game.sh, the three calls of a game by hand (issue 44, item 8), run with
``buf curl`` against a real server: a new game, its legal actions, one applied."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from .helpers import ROOT, ServerProcess, start_server

BUF = Path(sys.executable).parent / "buf"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    proc = start_server(tmp_path_factory.mktemp("by-hand"))
    yield proc
    proc.stop()


@pytest.mark.skipif(not BUF.exists() or shutil.which("sh") is None, reason="buf (the test extra) or sh is not here")
def test_a_game_by_hand(server: ServerProcess) -> None:
    """The script's three calls answer: the first decision (a mulligan), its legal actions,
    and the first of them applied (legal, with a fingerprint and the next decision)."""
    proc = subprocess.run(["sh", str(ROOT / "examples" / "by-hand" / "game.sh"), server.address], cwd=ROOT,
                          env={**os.environ, "BUF": str(BUF)}, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == 'CreateGame: decision {"actor": "ACTOR_PLAYER_1", "kind": "setup_mulligan"}'
    assert lines[1].startswith('GetLegalActions: ["mulligan", "mulligan targets=3"')
    assert lines[2].startswith('ApplyAction "mulligan": {"legal": true, "fingerprint": "')
    assert '"decision": {"actor": "ACTOR_PLAYER_2", "kind": "setup_mulligan"}' in lines[2]
