"""Fixtures of the service tests: one reference server per test module (a real
``python -m oracle serve --port 0`` child process) and a stub on it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from oracle._proto.berserk.oracle.v1 import oracle_service_pb2_grpc as pb_grpc

from .helpers import ServerProcess, start_server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """The reference server (no TLS, no auth, default limits), one per test module."""
    srv = start_server(tmp_path_factory.mktemp("server"))
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def stub(server: ServerProcess) -> pb_grpc.OracleServiceStub:
    """A stub of the oracle service on ``server``."""
    return pb_grpc.OracleServiceStub(server.channel())


@pytest.fixture(scope="module")
def pool(stub: pb_grpc.OracleServiceStub) -> object:
    """The card pool, as GetCardPool returns it."""
    from oracle._proto.berserk.oracle.v1 import oracle_service_pb2 as pb

    return stub.GetCardPool(pb.GetCardPoolRequest())
