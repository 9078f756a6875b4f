"""Command line of the oracle: ``berserk-oracle`` (the console script) or ``python -m oracle``.

Subcommands: ``serve`` (the gRPC oracle), ``list-mutants``, ``protos`` (where the wheel's
``.proto`` files are, or a copy of them) and ``health`` (a gRPC health check, e.g. for a
container's HEALTHCHECK).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import time
from importlib import resources
from pathlib import Path

from . import __version__
from .mutants import MUTANTS

__all__ = ["main", "proto_root"]

EPILOG = """\
examples:
  %(prog)s serve                               listen on 127.0.0.1:50051
  %(prog)s serve --host 0.0.0.0 --port 50051   every interface (see docs/SERVICE.md for TLS, auth)
  %(prog)s serve --port 0                      a free port; the address is in the one stdout line
  %(prog)s serve --mutant lifo_queue           an engine mutant, to check that a suite catches it
  %(prog)s list-mutants
  %(prog)s protos                              print the folder holding berserk/oracle/v1/*.proto
  %(prog)s protos --out proto                  copy the .proto files into ./proto
  %(prog)s health --target 127.0.0.1:50051 --wait 30

exit codes:
  serve   0 stopped by SIGTERM/SIGINT; 1 cannot listen (e.g. the port is taken); 2 bad options
  health  0 SERVING; 1 not serving or unreachable (within --wait)
  other   0 done; 2 bad usage
"""


def proto_root() -> Path:
    """The folder holding the protocol's ``.proto`` files at their import paths
    (``berserk/oracle/v1/*.proto``), as installed with the package."""
    return Path(str(resources.files("oracle._proto")))


def _version() -> str:
    return f"%(prog)s {__version__} (protocol berserk.oracle.v1)"


def build_parser(prog: str = "berserk-oracle") -> argparse.ArgumentParser:
    """The argument parser; ``prog`` is the name shown in help and errors."""
    parser = argparse.ArgumentParser(
        prog=prog,
        description="«Берсерк. Герои» reference rules oracle: the gRPC service berserk.oracle.v1.OracleService.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=_version())
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    serve = sub.add_parser(
        "serve", help="serve the gRPC oracle",
        description="Serve the gRPC oracle until SIGTERM/SIGINT. Once ready it prints one line to standard\n"
                    "output, `oracle listening on HOST:PORT`; logs go to standard error (docs/SERVICE.md).",
        epilog="examples:\n"
               "  %(prog)s                       127.0.0.1:50051\n"
               "  %(prog)s --port 0              a free port, printed in the listening line\n"
               "  %(prog)s --host 0.0.0.0 --tls-cert cert.pem --tls-key key.pem --auth-token TOKEN\n"
               "  %(prog)s --workers 4           four processes sharing the port\n\n"
               "exit codes: 0 stopped by SIGTERM/SIGINT; 1 cannot start (e.g. the port is taken); 2 bad options",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub.add_parser("list-mutants", help="print the names of the engine mutants (name, rule, description)")
    protos = sub.add_parser(
        "protos", help="print where the .proto files are installed, or copy them (--out DIR)",
        description="The protocol's .proto files ship with the package. Without --out, print the folder that "
                    "holds berserk/oracle/v1/*.proto (use it as an include path: protoc -I \"$(berserk-oracle "
                    "protos)\" ...). With --out DIR, copy them to DIR/berserk/oracle/v1/.",
    )
    protos.add_argument("--out", metavar="DIR", default="", help="copy the .proto files under DIR")
    health = sub.add_parser(
        "health", help="check a server with the gRPC health service (grpc.health.v1)",
        description="Ask grpc.health.v1.Health/Check of a server (plaintext). Exit 0 when it answers SERVING, "
                    "1 otherwise; with --wait, retry until it does or the time is up.",
    )
    health.add_argument("--target", metavar="HOST:PORT", default="127.0.0.1:50051",
                        help="the server (default 127.0.0.1:50051)")
    health.add_argument("--service", default="", help="service name to check (default \"\": the whole server)")
    health.add_argument("--wait", type=float, default=0.0, metavar="SECONDS",
                        help="keep trying this long (default 0: one try)")
    health.add_argument("--timeout", type=float, default=3.0, metavar="SECONDS",
                        help="deadline of one check (default 3)")
    from .service.cli import add_serve_arguments

    add_serve_arguments(serve)
    return parser


def _protos(out: str) -> int:
    root = proto_root()
    files = sorted(root.rglob("*.proto"))
    if not out:
        print(root)
        return 0
    dest = Path(out)
    for f in files:
        target = dest / f.relative_to(root)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(f, target)
        print(target)
    return 0


def _health(target: str, service: str, wait: float, timeout: float) -> int:
    import grpc
    from grpc_health.v1 import health_pb2, health_pb2_grpc

    deadline = time.monotonic() + wait
    problem = ""
    with grpc.insecure_channel(target) as channel:
        stub = health_pb2_grpc.HealthStub(channel)
        while True:
            try:
                resp = stub.Check(health_pb2.HealthCheckRequest(service=service), timeout=timeout)
                if resp.status == health_pb2.HealthCheckResponse.SERVING:
                    print(f"{target}: SERVING")
                    return 0
                problem = health_pb2.HealthCheckResponse.ServingStatus.Name(resp.status)
            except grpc.RpcError as exc:
                problem = f"{exc.code().name}: {exc.details()}"
            if time.monotonic() >= deadline:
                break
            time.sleep(min(0.5, max(0.0, deadline - time.monotonic())))
    print(f"{target}: not serving ({problem})", file=sys.stderr)
    return 1


def main(argv: list[str] | None = None, prog: str = "berserk-oracle") -> int:
    """Entry point of ``berserk-oracle`` and ``python -m oracle``."""
    args = build_parser(prog).parse_args(argv)
    if args.command == "list-mutants":
        try:
            for m in MUTANTS.values():
                print(f"{m.name}\t{m.rule}\t{m.description}")
            sys.stdout.flush()
        except BrokenPipeError:  # the reader stopped early (`| head`): not an error of ours
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second error at exit
        return 0
    if args.command == "protos":
        return _protos(args.out)
    if args.command == "health":
        return _health(args.target, args.service, args.wait, args.timeout)
    from .service.cli import run_serve

    return run_serve(args)


if __name__ == "__main__":
    sys.exit(main(prog="python -m oracle"))
