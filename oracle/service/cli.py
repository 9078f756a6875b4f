"""Arguments of ``python -m oracle serve`` (placeholder until the service lands)."""

from __future__ import annotations

import argparse

__all__ = ["add_serve_arguments", "run_serve"]


def add_serve_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the serve options to ``parser``."""
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=50051)


def run_serve(args: argparse.Namespace) -> int:
    """Serve until stopped."""
    raise SystemExit("the service is not built yet")
