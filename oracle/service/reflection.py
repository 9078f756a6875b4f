"""Server reflection that serves the protocol's comments.

grpcio-reflection answers with ``FileDescriptor.CopyToProto``, which drops the source
info, so ``grpcurl describe`` would show bare fields.  This servicer answers for the files of
``berserk.oracle.v1`` with the ``FileDescriptorProto`` messages of
``oracle/_proto/descriptor_set.binpb`` (written by ``proto/generate.py`` with protoc
``--include_source_info``), whose ``source_code_info`` holds every comment of the
``.proto`` files; any other file (health, reflection) is answered as grpcio-reflection
does.  It is served as ``grpc.reflection.v1alpha`` (grpcio-reflection's) and as
``grpc.reflection.v1``, whose messages have the same fields.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from importlib import resources
from typing import Any

import grpc
from google.protobuf import descriptor_pb2, descriptor_pool
from grpc_reflection.v1alpha import reflection
from grpc_reflection.v1alpha import reflection_pb2 as rpb
from grpc_reflection.v1alpha import reflection_pb2_grpc as rpb_grpc

__all__ = ["DESCRIPTOR_SET", "V1_SERVICE_NAME", "ReflectionWithComments", "enable_reflection", "files_with_source_info",
           "v1_reflection_pool"]

#: resource name of the descriptor set in the ``oracle._proto`` package
DESCRIPTOR_SET = "descriptor_set.binpb"


@cache
def files_with_source_info() -> dict[str, bytes]:
    """The serialized ``FileDescriptorProto`` of every file of the public protocol, keyed by
    its import path (``berserk/oracle/v1/state.proto``), with source info (comments)."""
    data = resources.files("oracle._proto").joinpath(DESCRIPTOR_SET).read_bytes()
    fds = descriptor_pb2.FileDescriptorSet.FromString(data)
    return {f.name: f.SerializeToString() for f in fds.file}


class ReflectionWithComments(reflection.ReflectionServicer):  # type: ignore[misc]
    """grpcio-reflection's servicer, answering with the descriptors that carry comments."""

    def __init__(self, service_names: Iterable[str], pool: Any = None) -> None:
        super().__init__(service_names, pool=pool)
        self._pool: Any = pool if pool is not None else descriptor_pool.Default()
        self._commented = files_with_source_info()
        self._v1 = v1_reflection_pool()

    def _find(self, method: str, name: str) -> Any:
        """``method`` of the descriptor pool for ``name``: the server's pool, else the pool
        of ``grpc.reflection.v1`` (whose file grpcio-reflection does not have)."""
        try:
            return getattr(self._pool, method)(name)
        except KeyError:
            return getattr(self._v1, method)(name)

    def _response(self, descriptor: Any, request: Any) -> Any:
        """The file of ``descriptor`` and every file it depends on, transitively."""
        seen: dict[str, Any] = {}
        todo = [descriptor]
        while todo:
            d = todo.pop()
            if d.name in seen:
                continue
            seen[d.name] = d
            todo.extend(d.dependencies)
        out: list[bytes] = []
        for name, d in seen.items():
            if name in self._commented:
                out.append(self._commented[name])
            else:
                proto = descriptor_pb2.FileDescriptorProto()
                d.CopyToProto(proto)
                out.append(proto.SerializeToString())
        return rpb.ServerReflectionResponse(
            file_descriptor_response=rpb.FileDescriptorResponse(file_descriptor_proto=out),
            original_request=request,
        )

    def _not_found(self, request: Any) -> Any:
        return rpb.ServerReflectionResponse(
            error_response=rpb.ErrorResponse(
                error_code=grpc.StatusCode.NOT_FOUND.value[0],
                error_message=grpc.StatusCode.NOT_FOUND.value[1],
            ),
            original_request=request,
        )

    def _file_by_filename(self, request: Any, filename: str) -> Any:
        try:
            return self._response(self._find("FindFileByName", filename), request)
        except KeyError:
            return self._not_found(request)

    def _file_containing_symbol(self, request: Any, fully_qualified_name: str) -> Any:
        try:
            return self._response(self._find("FindFileContainingSymbol", fully_qualified_name), request)
        except KeyError:
            return self._not_found(request)

    def _file_containing_extension(self, request: Any, containing_type: str, extension_number: int) -> Any:
        try:
            message = self._pool.FindMessageTypeByName(containing_type)
            extension = self._pool.FindExtensionByNumber(message, extension_number)
            return self._response(self._pool.FindFileContainingSymbol(extension.full_name), request)
        except KeyError:
            return self._not_found(request)


#: The reflection service of gRPC's stable API, which tools that know only it (grpcurl, buf
#: curl, Postman and others in their newer releases) ask for.
V1_SERVICE_NAME = "grpc.reflection.v1.ServerReflection"


@cache
def v1_reflection_pool() -> Any:
    """A descriptor pool holding ``grpc/reflection/v1/reflection.proto``, so that the v1
    service the server lists can be described too (``buf curl --list-methods``, ``grpcurl
    describe`` ask for the file of every listed service, and failed on this one): the
    v1alpha file of grpcio-reflection under the v1 package (the two have the same messages
    and fields), with v1's options.  A pool of its own, so a later import of a real v1
    module can never clash with it in the default pool."""
    v1 = descriptor_pb2.FileDescriptorProto()
    rpb.DESCRIPTOR.CopyToProto(v1)
    alpha, beta = ".grpc.reflection.v1alpha.", ".grpc.reflection.v1."
    for message in v1.message_type:  # the type references, renamed (no nested types here)
        for field in message.field:
            if field.type_name:
                field.type_name = field.type_name.replace(alpha, beta)
    for service in v1.service:
        for method in service.method:
            method.input_type = method.input_type.replace(alpha, beta)
            method.output_type = method.output_type.replace(alpha, beta)
    v1.name = "grpc/reflection/v1/reflection.proto"
    v1.package = "grpc.reflection.v1"
    v1.options.Clear()
    v1.options.java_package = "io.grpc.reflection.v1"
    v1.options.java_outer_classname = "ServerReflectionProto"
    v1.options.java_multiple_files = True
    v1.options.go_package = "google.golang.org/grpc/reflection/grpc_reflection_v1"
    pool = descriptor_pool.DescriptorPool()
    pool.Add(v1)
    return pool


def enable_reflection(service_names: Iterable[str], server: grpc.Server) -> None:
    """Add the reflection service to ``server``, listing ``service_names`` and serving the
    protocol's files with their comments, as ``grpc.reflection.v1alpha`` (grpcio-reflection's)
    and as ``grpc.reflection.v1``: the two APIs' messages are the same fields under another
    package, so one servicer answers both (v1 is listed among the services too)."""
    names = [*service_names, V1_SERVICE_NAME]
    servicer = ReflectionWithComments(names)
    rpb_grpc.add_ServerReflectionServicer_to_server(servicer, server)
    v1 = grpc.stream_stream_rpc_method_handler(
        servicer.ServerReflectionInfo,
        request_deserializer=rpb.ServerReflectionRequest.FromString,
        response_serializer=rpb.ServerReflectionResponse.SerializeToString,
    )
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(V1_SERVICE_NAME, {"ServerReflectionInfo": v1}),))
