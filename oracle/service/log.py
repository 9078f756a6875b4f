"""Structured logs of the service (structlog): one JSON object per line on a pipe or a
file, a readable coloured line on a terminal.  Everything goes to standard error;
standard output carries only the "listening" line."""

from __future__ import annotations

import logging
import sys
from typing import Any, TextIO

import structlog

__all__ = ["LEVELS", "configure_logging", "get_logger"]

#: Names accepted by ``--log-level``.
LEVELS = ("debug", "info", "warning", "error")


def configure_logging(level: str = "info", stream: TextIO | None = None, json: bool | None = None) -> None:
    """Configure structlog for the process.  ``json`` defaults to "``stream`` is not a
    terminal"; ``stream`` defaults to standard error."""
    out = sys.stderr if stream is None else stream
    if json is None:
        json = not (hasattr(out, "isatty") and out.isatty())
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
