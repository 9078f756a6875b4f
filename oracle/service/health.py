"""The health service of the asyncio server: :class:`HealthServicer`.

``grpc.health.v1.Health`` (Check and Watch) for the server's services; unlike grpc's own
servicer, an open ``Watch`` ends once it has delivered ``NOT_SERVING`` at shutdown, so
that watches do not hold the shutdown for the grace period.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

__all__ = ["HEALTH_SERVICE_NAME", "HealthServicer"]

#: Full name of the health service.
HEALTH_SERVICE_NAME = "grpc.health.v1.Health"
_SERVING = health_pb2.HealthCheckResponse.SERVING
_NOT_SERVING = health_pb2.HealthCheckResponse.NOT_SERVING


class HealthServicer(health_pb2_grpc.HealthServicer):  # type: ignore[misc]
    """``grpc.health.v1.Health`` for the asyncio server.  Unlike grpc's own servicer, an
    open ``Watch`` ends (status OK) once it has delivered ``NOT_SERVING`` at shutdown, so
    that watches do not hold the shutdown for the grace period.  Use it from the event
    loop only."""

    def __init__(self, services: tuple[str, ...] = ("",)) -> None:
        self._status = dict.fromkeys(services, _SERVING)
        self._changed = asyncio.Event()
        self.stopping = False

    def set(self, service: str, status: int) -> None:
        """Set the status of ``service`` (ignored once stopping)."""
        if not self.stopping:
            self._status[service] = status
            self._notify()

    def enter_graceful_shutdown(self) -> None:
        """Every service NOT_SERVING, for good; open watches deliver it and end."""
        self.stopping = True
        for name in self._status:
            self._status[name] = _NOT_SERVING
        self._notify()

    def _notify(self) -> None:
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()

    async def Check(self, request: health_pb2.HealthCheckRequest, context: Any) -> health_pb2.HealthCheckResponse:
        """The status of ``request.service``; NOT_FOUND for a service the server lacks."""
        status = self._status.get(request.service)
        if status is None:
            await context.abort(grpc.StatusCode.NOT_FOUND, "unknown service")
        return health_pb2.HealthCheckResponse(status=status)

    async def Watch(self, request: health_pb2.HealthCheckRequest, context: Any) -> AsyncIterator[health_pb2.HealthCheckResponse]:
        """The status now, then every change; ends after NOT_SERVING once stopping."""
        last = None
        while True:
            changed = self._changed
            status = self._status.get(request.service, health_pb2.HealthCheckResponse.SERVICE_UNKNOWN)
            if status != last:
                yield health_pb2.HealthCheckResponse(status=status)
                last = status
                continue  # the status may have changed while this answer was sent
            if self.stopping:
                return
            await changed.wait()
