"""The Node.js example client (examples/node) talks to a real server."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from .helpers import ROOT, ServerProcess

NODE_DIR = ROOT / "examples" / "node"


def _ensure_node_modules() -> None:
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None:
        pytest.skip("Node example skipped: the `node` command is not installed")
    if (NODE_DIR / "node_modules" / "@grpc" / "grpc-js").is_dir() and (
        NODE_DIR / "node_modules" / "@grpc" / "proto-loader"
    ).is_dir():
        return
    if npm is None:
        pytest.skip("Node example skipped: `npm` is not installed and examples/node/node_modules is missing")
    try:
        proc = subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=NODE_DIR, capture_output=True, text=True,
                              timeout=300)
    except subprocess.TimeoutExpired:
        pytest.skip("Node example skipped: `npm ci` timed out (no network?)")
    if proc.returncode != 0:
        pytest.skip(f"Node example skipped: `npm ci` failed (no network?): {proc.stderr.strip()[-500:]}")


def test_node_client(server: ServerProcess) -> None:
    """`node client.js ADDRESS` gets the server info, creates a seeded game from the card
    pool, lists the legal actions, applies the first one and prints the answers."""
    _ensure_node_modules()
    proc = subprocess.run(["node", "client.js", server.address], cwd=NODE_DIR, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "server: berserk-oracle reference" in out
    assert "CreateGame: fingerprint " in out and "  chance: " in out
    assert "GetLegalActions: " in out and "legal actions for ACTOR_PLAYER_" in out
    assert "ApplyAction " in out and ": legal=true (request id node-example-" in out
    assert "  event " in out and "[C:" in out
    assert out.rstrip().endswith("done")
