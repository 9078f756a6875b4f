"""examples/by-hand/game.sh, the three calls of a game by hand (issue 44, item 8), run with
``buf curl`` against a real server: a new game, its legal actions, one applied; and ``buf curl
--list-methods`` by reflection, v1 and v1alpha."""

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


@pytest.mark.skipif(not BUF.exists(), reason="buf (the test extra) is not here")
@pytest.mark.parametrize("protocol", ["grpc-v1", "grpc-v1alpha"])
def test_buf_curl_lists_every_method_by_reflection(server: ServerProcess, protocol: str) -> None:
    """``buf curl --list-methods`` asks reflection for the file of every service the server
    lists; the server lists ``grpc.reflection.v1.ServerReflection`` and once had no file for it,
    so the command printed the other methods and failed ("failed to find service named
    grpc.reflection.v1.ServerReflection in schema", exit 1), under either reflection API."""
    proc = subprocess.run([str(BUF), "curl", "--protocol", "grpc", "--http2-prior-knowledge", "--reflect-protocol",
                           protocol, "--list-methods", f"http://{server.address}"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    methods = set(proc.stdout.split())
    assert {"berserk.oracle.v1.OracleService/ApplyAction", "grpc.health.v1.Health/Check",
            "grpc.reflection.v1.ServerReflection/ServerReflectionInfo",
            "grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo"} <= methods
