"""The standard gRPC services every client tool expects: health checking and reflection."""

from __future__ import annotations

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha.proto_reflection_descriptor_database import ProtoReflectionDescriptorDatabase

from .helpers import ServerProcess

SERVICE = "berserk.oracle.v1.OracleService"


def test_health_serving(server: ServerProcess) -> None:
    """grpc.health.v1.Health/Check answers SERVING for the server ("") and for the
    oracle service by name; an unknown service is NOT_FOUND."""
    health = health_pb2_grpc.HealthStub(server.channel())
    for name in ("", SERVICE):
        resp = health.Check(health_pb2.HealthCheckRequest(service=name), timeout=5)
        assert resp.status == health_pb2.HealthCheckResponse.SERVING
    try:
        health.Check(health_pb2.HealthCheckRequest(service="no.such.Service"), timeout=5)
    except grpc.RpcError as exc:
        assert exc.code() == grpc.StatusCode.NOT_FOUND  # type: ignore[attr-defined]
    else:  # pragma: no cover
        raise AssertionError("an unknown service must be NOT_FOUND")


def test_health_watch_streams_status(server: ServerProcess) -> None:
    """Health/Watch streams the current status (SERVING) first."""
    health = health_pb2_grpc.HealthStub(server.channel())
    stream = health.Watch(health_pb2.HealthCheckRequest(service=SERVICE), timeout=5)
    first = next(iter(stream))
    assert first.status == health_pb2.HealthCheckResponse.SERVING
    stream.cancel()


def test_reflection_lists_the_services(server: ServerProcess) -> None:
    """Server reflection lists the oracle, health and reflection services and serves the
    oracle's descriptors (so grpcurl and buf curl work without proto files)."""
    db = ProtoReflectionDescriptorDatabase(server.channel())
    services = set(db.get_services())
    assert {SERVICE, "grpc.health.v1.Health", "grpc.reflection.v1alpha.ServerReflection"} <= services
    file = db.FindFileContainingSymbol(SERVICE)
    assert file.name == "berserk/oracle/v1/oracle_service.proto"
    methods = {m.name for s in file.service for m in s.method}
    assert {"GetServerInfo", "CreateGame", "GetLegalActions", "CheckAction", "BatchCheckActions", "ApplyAction",
            "GetCatalogue", "GetCardPool"} <= methods
    state_file = db.FindFileContainingSymbol("berserk.oracle.v1.State")
    assert state_file.name == "berserk/oracle/v1/state.proto"


def test_reflection_v1_is_served_as_well(server: ServerProcess) -> None:
    """Issue 44, item 8: tools that know only the stable reflection API (``grpc.reflection.v1``)
    get the same answers: the services (v1 among them) and the oracle's file with its comments."""
    from grpc_reflection.v1alpha import reflection_pb2 as rpb

    call = server.channel().stream_stream(
        "/grpc.reflection.v1.ServerReflection/ServerReflectionInfo",
        request_serializer=rpb.ServerReflectionRequest.SerializeToString,
        response_deserializer=rpb.ServerReflectionResponse.FromString,
    )
    listed, found = call(iter([rpb.ServerReflectionRequest(list_services=""),
                               rpb.ServerReflectionRequest(file_containing_symbol=SERVICE)]), timeout=10)
    names = {s.name for s in listed.list_services_response.service}
    assert {SERVICE, "grpc.health.v1.Health", "grpc.reflection.v1.ServerReflection",
            "grpc.reflection.v1alpha.ServerReflection"} <= names
    from google.protobuf import descriptor_pb2

    files = [descriptor_pb2.FileDescriptorProto.FromString(b)
             for b in found.file_descriptor_response.file_descriptor_proto]
    oracle_file = next(f for f in files if f.name == "berserk/oracle/v1/oracle_service.proto")
    assert any(loc.leading_comments.strip() for loc in oracle_file.source_code_info.location)


def test_cancelled_watches_leave_the_server_running(server: ServerProcess) -> None:
    """Twenty Health/Watch streams cancelled by their client right after the first status
    leave the server up and answering (the call's log line once read the ended call's
    context, which crashed the process now and then with SIGSEGV)."""
    for _ in range(20):
        health = health_pb2_grpc.HealthStub(server.channel())
        stream = health.Watch(health_pb2.HealthCheckRequest(service=SERVICE), timeout=5)
        assert next(iter(stream)).status == health_pb2.HealthCheckResponse.SERVING
        stream.cancel()
    assert server.proc.poll() is None, f"the server exited with {server.proc.poll()}"
    db = ProtoReflectionDescriptorDatabase(server.channel())
    assert SERVICE in set(db.get_services())
