"""Command line: ``python -m oracle serve`` and ``python -m oracle list-mutants``."""

from __future__ import annotations

import argparse
import sys

from .mutants import MUTANTS

__all__ = ["main"]


def main(argv: list[str] | None = None) -> int:
    """Entry point of ``python -m oracle``."""
    parser = argparse.ArgumentParser(prog="python -m oracle", description="«Берсерк. Герои» rules oracle")
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="serve the gRPC oracle")
    sub.add_parser("list-mutants", help="print the names of the engine mutants")
    from .service.cli import add_serve_arguments

    add_serve_arguments(serve)
    args = parser.parse_args(argv)
    if args.command == "list-mutants":
        for m in MUTANTS.values():
            print(f"{m.name}\t{m.rule}\t{m.description}")
        return 0
    from .service.cli import run_serve

    return run_serve(args)


if __name__ == "__main__":
    sys.exit(main())
