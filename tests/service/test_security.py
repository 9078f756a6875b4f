"""Bearer-token authentication and TLS, each on and off."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha.proto_reflection_descriptor_database import ProtoReflectionDescriptorDatabase

from oracle._proto.berserk.oracle.v1 import oracle_service_pb2 as pb
from oracle._proto.berserk.oracle.v1 import oracle_service_pb2_grpc as pb_grpc

from .helpers import ServerProcess, openssl_cert, start_server, trailing

TOKEN = "s3cret-token"


@pytest.fixture(scope="module")
def authed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server whose token comes from the ORACLE_AUTH_TOKEN environment variable."""
    server = start_server(tmp_path_factory.mktemp("auth"), env={"ORACLE_AUTH_TOKEN": TOKEN})
    yield server
    server.stop()


def _code(call: object) -> grpc.StatusCode:
    try:
        call()  # type: ignore[operator]
    except grpc.RpcError as exc:
        return exc.code()  # type: ignore[attr-defined,no-any-return]
    return grpc.StatusCode.OK


def test_auth_off_by_default(stub: pb_grpc.OracleServiceStub) -> None:
    """Without a configured token, calls need no authorization metadata."""
    assert stub.GetServerInfo(pb.GetServerInfoRequest(), timeout=5).proto_version == "v1"


def test_auth_required_when_configured(authed: ServerProcess) -> None:
    """With a token configured, a call without it or with a wrong one is UNAUTHENTICATED
    (with the request id in the trailers); the right bearer token is accepted."""
    stub = pb_grpc.OracleServiceStub(authed.channel())
    request = pb.GetServerInfoRequest()
    assert _code(lambda: stub.GetServerInfo(request, timeout=5)) == grpc.StatusCode.UNAUTHENTICATED
    wrong = (("authorization", "Bearer nope"),)
    assert _code(lambda: stub.GetServerInfo(request, metadata=wrong, timeout=5)) == grpc.StatusCode.UNAUTHENTICATED
    basic = (("authorization", TOKEN),)
    assert _code(lambda: stub.GetServerInfo(request, metadata=basic, timeout=5)) == grpc.StatusCode.UNAUTHENTICATED
    with pytest.raises(grpc.RpcError) as info:
        stub.GetServerInfo(request, metadata=(("x-request-id", "anon-1"),), timeout=5)
    assert trailing(info.value)["x-request-id"] == "anon-1"
    good = (("authorization", f"Bearer {TOKEN}"),)
    assert stub.GetServerInfo(request, metadata=good, timeout=5).proto_version == "v1"
    record = authed.wait_for_log(lambda r: r.get("request_id") == "anon-1")
    assert record["code"] == "UNAUTHENTICATED"


def test_health_open_reflection_closed_with_auth(authed: ServerProcess) -> None:
    """With auth on, health checks stay open (for load balancers and orchestrators) while
    reflection, like the oracle itself, needs the token."""
    channel = authed.channel()
    status = health_pb2_grpc.HealthStub(channel).Check(health_pb2.HealthCheckRequest(), timeout=5).status
    assert status == health_pb2.HealthCheckResponse.SERVING
    with pytest.raises(grpc.RpcError) as info:
        ProtoReflectionDescriptorDatabase(channel).get_services()
    assert info.value.code() == grpc.StatusCode.UNAUTHENTICATED  # type: ignore[attr-defined]


def test_tls_with_self_made_certificate(tmp_path: Path) -> None:
    """With --tls-cert/--tls-key (and --auth-token) the server speaks TLS: a client that
    trusts the self-made certificate gets answers; a plaintext client does not."""
    cert, key = openssl_cert(tmp_path)
    server = start_server(tmp_path, "--tls-cert", str(cert), "--tls-key", str(key), "--auth-token", TOKEN)
    try:
        creds = grpc.ssl_channel_credentials(root_certificates=cert.read_bytes())
        options = [("grpc.ssl_target_name_override", "localhost")]
        with grpc.secure_channel(server.address, creds, options) as channel:
            stub = pb_grpc.OracleServiceStub(channel)
            info = stub.GetServerInfo(pb.GetServerInfoRequest(), metadata=(("authorization", f"Bearer {TOKEN}"),), timeout=10)
            assert info.proto_version == "v1"
            assert _code(lambda: stub.GetServerInfo(pb.GetServerInfoRequest(), timeout=10)) == grpc.StatusCode.UNAUTHENTICATED
        with grpc.insecure_channel(server.address) as plain:
            code = _code(lambda: pb_grpc.OracleServiceStub(plain).GetServerInfo(pb.GetServerInfoRequest(), timeout=3))
            assert code in (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED)
    finally:
        assert server.stop() == 0
