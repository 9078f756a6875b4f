"""Server reflection serves the protocol's comments (descriptors with source info), so a
client author learns from ``grpcurl describe`` what a field means."""

from __future__ import annotations

from collections.abc import Iterator

import grpc
from google.protobuf import descriptor_pb2
from grpc_reflection.v1alpha import reflection_pb2 as rpb
from grpc_reflection.v1alpha import reflection_pb2_grpc as rpb_grpc

from oracle.service.reflection import files_with_source_info

from .helpers import ServerProcess


def _ask(server: ServerProcess, request: rpb.ServerReflectionRequest) -> rpb.ServerReflectionResponse:
    stub = rpb_grpc.ServerReflectionStub(server.channel())

    def requests() -> Iterator[rpb.ServerReflectionRequest]:
        yield request

    responses = list(stub.ServerReflectionInfo(requests(), timeout=10))
    assert len(responses) == 1
    return responses[0]


def _files(response: rpb.ServerReflectionResponse) -> dict[str, descriptor_pb2.FileDescriptorProto]:
    assert response.HasField("file_descriptor_response"), response
    out = {}
    for raw in response.file_descriptor_response.file_descriptor_proto:
        fd = descriptor_pb2.FileDescriptorProto.FromString(raw)
        out[fd.name] = fd
    return out


def _comment(fd: descriptor_pb2.FileDescriptorProto, path: list[int]) -> str:
    for loc in fd.source_code_info.location:
        if list(loc.path) == path:
            return loc.leading_comments
    return ""


def test_reflection_serves_field_comments(server: ServerProcess) -> None:
    """FileContainingSymbol(berserk.oracle.v1.Action) from a served oracle returns
    action.proto with source info: the comment of ``Action.values`` says that
    ``choose_order`` value 1 means moving first, and the message's own comment is there."""
    files = _files(_ask(server, rpb.ServerReflectionRequest(file_containing_symbol="berserk.oracle.v1.Action")))
    fd = files["berserk/oracle/v1/action.proto"]
    assert fd.options.go_package == "berserk/oracle/v1;oraclev1"
    action_index = [m.name for m in fd.message_type].index("Action")
    values_index = [f.name for f in fd.message_type[action_index].field].index("values")
    # path: message_type (4) [index], field (2) [index]
    assert "choose_order = (1) to move first" in _comment(fd, [4, action_index, 2, values_index])
    assert "One decision of a player or of chance" in _comment(fd, [4, action_index])


def test_reflection_dependencies_carry_comments_too(server: ServerProcess) -> None:
    """The service's file comes with its dependencies (state.proto, …, and the well-known
    google/protobuf/field_mask.proto of ``ApplyActionRequest.read_mask``), each of the
    protocol's own files with source info; the service comment says every method is
    stateless."""
    files = _files(_ask(server, rpb.ServerReflectionRequest(
        file_containing_symbol="berserk.oracle.v1.OracleService")))
    own = set(files_with_source_info()) - {"berserk/oracle/v1/scenario.proto"}
    assert set(files) == own | {"google/protobuf/field_mask.proto"}
    assert [m.name for m in files["google/protobuf/field_mask.proto"].message_type] == ["FieldMask"]
    service = files["berserk/oracle/v1/oracle_service.proto"]
    assert "Every method is stateless" in _comment(service, [6, 0])
    for name in own:
        assert files[name].source_code_info.location, f"{name} has no source info"


def test_reflection_of_standard_services_and_unknown_symbols(server: ServerProcess) -> None:
    """The health service's file is still served (from the default pool), an unknown
    symbol is NOT_FOUND in the reflection answer, and a file is found by name."""
    health = _files(_ask(server, rpb.ServerReflectionRequest(file_containing_symbol="grpc.health.v1.Health")))
    assert any(name.endswith("health.proto") for name in health)
    missing = _ask(server, rpb.ServerReflectionRequest(file_containing_symbol="no.such.Symbol"))
    assert missing.HasField("error_response")
    assert missing.error_response.error_code == grpc.StatusCode.NOT_FOUND.value[0]
    by_name = _files(_ask(server, rpb.ServerReflectionRequest(file_by_filename="berserk/oracle/v1/state.proto")))
    assert "The full state of one game" in _comment(by_name["berserk/oracle/v1/state.proto"], [4, 0])
