"""The TypeScript example (examples/typescript): client code generated from the protos with
``buf generate`` (its buf.gen.yaml, protoc-gen-es), compiled with tsc, calling a real server."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from .helpers import ROOT, ServerProcess

TS_DIR = ROOT / "examples" / "typescript"
NEEDED = ("@bufbuild/protoc-gen-es", "@bufbuild/buf", "@connectrpc/connect-node", "typescript")


def _ensure_node_modules() -> None:
    if shutil.which("node") is None:
        pytest.skip("TypeScript example skipped: the `node` command is not installed")
    if all((TS_DIR / "node_modules" / name).is_dir() for name in NEEDED):
        return
    npm = shutil.which("npm")
    if npm is None:
        pytest.skip("TypeScript example skipped: `npm` is not installed and examples/typescript/node_modules is missing")
    try:
        proc = subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=TS_DIR, capture_output=True, text=True,
                              timeout=300)
    except subprocess.TimeoutExpired:
        pytest.skip("TypeScript example skipped: `npm ci` timed out (no network?)")
    if proc.returncode != 0:
        pytest.skip(f"TypeScript example skipped: `npm ci` failed (no network?): {proc.stderr.strip()[-500:]}")


def test_generated_typescript_client_calls_the_oracle(server: ServerProcess) -> None:
    """`npm run build` regenerates src/gen from proto/ with buf.gen.yaml and compiles it;
    `node dist/client.js ADDRESS` then gets the server info, creates a seeded game, lists the
    legal actions, is told that the first one by the wrong player is illegal (citing a
    rule), applies it and prints the events with their rules."""
    _ensure_node_modules()
    npm = shutil.which("npm")
    assert npm is not None
    build = subprocess.run([npm, "run", "build"], cwd=TS_DIR, capture_output=True, text=True, timeout=300)
    assert build.returncode == 0, build.stdout + build.stderr
    generated = TS_DIR / "src" / "gen" / "berserk" / "oracle" / "v1" / "oracle_service_pb.ts"
    assert "export const OracleService" in generated.read_text(encoding="utf-8")
    proc = subprocess.run(["node", "dist/client.js", server.address], cwd=TS_DIR, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    out = proc.stdout
    assert "server: berserk-oracle reference" in out and "protocol v1" in out
    assert "CreateGame: fingerprint " in out and "  chance: " in out
    assert "GetLegalActions: " in out
    assert ": legal=false [C:" in out
    assert ": legal=true (request id ts-example-" in out
    assert "  event " in out and "[C:" in out
    assert out.rstrip().endswith("done")
