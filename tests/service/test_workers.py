"""``serve --workers N`` supervision (issue 12): a port held by anyone else is refused,
a worker that dies is logged, reaped and replaced, and SIGTERM still exits 0."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import grpc

from oracle._proto.berserk.oracle.v1 import oracle_service_pb2 as pb
from oracle._proto.berserk.oracle.v1 import oracle_service_pb2_grpc as pb_grpc

from .helpers import ROOT, server_env, start_server


def _serve(*args: str) -> subprocess.CompletedProcess[str]:
    """Run ``serve ARGS`` expecting it to end by itself (it should refuse to start)."""
    return subprocess.run([sys.executable, "-m", "oracle", "serve", *args], cwd=ROOT, env=server_env(),
                          capture_output=True, text=True, timeout=90)


def _zombie_or_alive(pid: int) -> bool:
    """True while ``pid`` exists, as a running process or an unreaped zombie."""
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as f:
            return bool(f.read())
    except FileNotFoundError:
        return False


def test_workers_refuse_a_port_in_use(tmp_path: Path) -> None:
    """--workers 2 on a port held by another worker group, by a single server, or by a
    plain listening socket exits 1 saying the port is in use (it used to share the port
    through SO_REUSEPORT); a single server on a worker group's port is refused too."""
    group = start_server(tmp_path / "group", "--workers", "2")
    single = start_server(tmp_path / "single")
    try:
        for address in (group.address, single.address):
            port = address.rsplit(":", 1)[1]
            proc = _serve("--port", port, "--workers", "2")
            assert proc.returncode == 1, proc.stderr
            assert "already in use" in proc.stderr and proc.stdout == ""
        proc = _serve("--port", group.address.rsplit(":", 1)[1])
        assert proc.returncode == 1 and "cannot listen" in proc.stderr and proc.stdout == ""
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            sock.listen()
            proc = _serve("--port", str(sock.getsockname()[1]), "--workers", "2")
            assert proc.returncode == 1 and "already in use" in proc.stderr
        stub = pb_grpc.OracleServiceStub(group.channel())
        assert stub.GetServerInfo(pb.GetServerInfoRequest(), timeout=10).proto_version == "v1"
    finally:
        assert group.stop() == 0
        assert single.stop() == 0


def test_killed_worker_is_logged_reaped_and_replaced(tmp_path: Path) -> None:
    """When a worker is killed (SIGKILL), the parent logs `worker_died`, reaps it (no
    zombie), starts a replacement that serves calls, and SIGTERM then exits 0."""
    server = start_server(tmp_path, "--workers", "2")
    try:
        serving = [r["pid"] for r in server.log_records() if r.get("event") == "serving"]
        assert len(serving) == 2
        victim = serving[0]
        os.kill(victim, signal.SIGKILL)
        died = server.wait_for_log(lambda r: r.get("event") == "worker_died", timeout=30)
        assert died["pid"] == victim and died["exitcode"] == -signal.SIGKILL
        server.wait_for_log(lambda r: r.get("event") == "worker_replaced", timeout=30)
        new = server.wait_for_log(lambda r: r.get("event") == "serving" and r["pid"] not in serving, timeout=60)
        deadline = time.monotonic() + 10
        while _zombie_or_alive(victim) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not _zombie_or_alive(victim), "the killed worker was not reaped"
        assert _zombie_or_alive(new["pid"])
        for _ in range(6):
            with grpc.insecure_channel(server.address) as channel:
                stub = pb_grpc.OracleServiceStub(channel)
                assert stub.GetServerInfo(pb.GetServerInfoRequest(), timeout=10).proto_version == "v1"
    finally:
        assert server.stop() == 0
    assert any(r.get("event") == "stopped" and r.get("replaced") == 1 for r in server.log_records())
