"""Structured logs of the service (structlog): one JSON object per line on a pipe or a
file, a readable coloured line on a terminal.  Everything goes to standard error;
standard output carries only the "listening" line."""

from __future__ import annotations

import datetime
import json as _json
import logging
import sys
import threading
from typing import Any, TextIO

import structlog

__all__ = ["LEVELS", "configure_logging", "get_logger", "log_call"]

#: Names accepted by ``--log-level``.
LEVELS = ("debug", "info", "warning", "error")


def configure_logging(level: str = "info", stream: TextIO | None = None, json: bool | None = None) -> None:
    """Configure structlog for the process.  ``json`` defaults to "``stream`` is not a
    terminal"; ``stream`` defaults to standard error."""
    global _json_out
    out = sys.stderr if stream is None else stream
    if json is None:
        json = not (hasattr(out, "isatty") and out.isatty())
    _json_out = out if json else None
    renderer: Any = (
        structlog.processors.JSONRenderer(ensure_ascii=False)
        if json
        else structlog.dev.ConsoleRenderer(colors=True)
    )
    structlog.configure(
        processors=[
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            structlog.processors.format_exc_info if json else structlog.dev.set_exc_info,
            renderer,
        ],
        wrapper_class=structlog.make_filtering_bound_logger(getattr(logging, level.upper())),
        # one write per line (the line and its newline together): the processes of
        # --workers share standard error, and two writes per line could interleave
        logger_factory=structlog.WriteLoggerFactory(file=out),
        cache_logger_on_first_use=True,
    )


def get_logger(**initial: Any) -> Any:
    """A bound structlog logger with ``initial`` key/values."""
    return structlog.get_logger(**initial)


#: Where :func:`log_call` writes its JSON lines (None: through structlog).
_json_out: TextIO | None = None
_json_lock = threading.Lock()


def log_call(fields: dict[str, Any]) -> None:
    """Log the one line of a call (event ``rpc``, level info) with ``fields``, the caller
    having checked that info is logged.  In JSON (:func:`configure_logging`) the line is
    written here, the line structlog's processors would write (the fields, then ``event``,
    ``level`` and ``timestamp``, in one write), at a fraction of their cost: every call of the
    server logs one; otherwise through structlog."""
    out = _json_out
    if out is None:
        get_logger().info("rpc", **fields)
        return
    fields["event"] = "rpc"
    fields["level"] = "info"
    fields["timestamp"] = datetime.datetime.now(tz=datetime.UTC).isoformat().replace("+00:00", "Z")
    line = _json.dumps(fields, ensure_ascii=False) + "\n"
    with _json_lock:
        out.write(line)
        out.flush()
