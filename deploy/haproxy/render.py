"""Write deploy/haproxy/haproxy.cfg for given addresses: the balancer's own address and one
``server`` line per oracle replica (and, optionally, a runtime API socket).

    python3 deploy/haproxy/render.py --bind 0.0.0.0:50050 10.0.0.5:50051 10.0.0.6:50051 > haproxy.cfg
    haproxy -f haproxy.cfg -db

Everything else is the template's, unchanged: what runs is what tests/service/test_balancer.py
tests.  Standard library only, so it runs with any Python 3.11 without the package.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

TEMPLATE = Path(__file__).resolve().with_name("haproxy.cfg")
_ADDRESS = re.compile(r"^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+|\*):[0-9]{1,5}$")


def _address(text: str) -> str:
    """``HOST:PORT`` as given, or an argparse error naming it."""
    if not _ADDRESS.match(text) or not 0 < int(text.rsplit(":", 1)[1]) < 65536:
        raise argparse.ArgumentTypeError(f"not HOST:PORT: {text!r}")
    return text


def _replace(text: str, name: str, lines: list[str]) -> str:
    """``text`` with the lines between its ``# BEGIN name`` and ``# END name`` markers replaced."""
    pattern = re.compile(rf"^(?P<indent>[ \t]*)# BEGIN {name}\b[^\n]*\n.*?^[ \t]*# END {name}\n", re.M | re.S)
    found = pattern.search(text)
    if found is None:
        raise SystemExit(f"render.py: the template has no '# BEGIN {name}' ... '# END {name}' block")
    indent = found.group("indent")
    head = text[found.start() : text.index("\n", found.start()) + 1]
    body = "".join(f"{indent}{line}\n" for line in lines)
    return text[: found.start()] + head + body + f"{indent}# END {name}\n" + text[found.end() :]


def render(bind: str, replicas: list[str], stats_socket: str | None = None, template: str | None = None) -> str:
    """The configuration text: the template with its bind, replicas and stats blocks filled."""
    text = TEMPLATE.read_text(encoding="utf-8") if template is None else template
    text = _replace(text, "bind", [f"bind {bind} proto h2"])
    text = _replace(text, "replicas", [f"server oracle{i} {address}" for i, address in enumerate(replicas, 1)])
    stats = [f"stats socket {stats_socket} mode 600 level admin"] if stats_socket else []
    return _replace(text, "stats", stats)


def main(argv: list[str] | None = None) -> int:
    """Print the configuration (or write it to ``--out``)."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bind", type=_address, default="127.0.0.1:50050", help="the balancer's address (default %(default)s)")
    parser.add_argument("--stats-socket", metavar="PATH", help="also open HAProxy's runtime API on this Unix socket")
    parser.add_argument("--out", type=Path, help="write here instead of standard output")
    parser.add_argument("replicas", nargs="+", type=_address, metavar="REPLICA", help="HOST:PORT of an oracle replica")
    args = parser.parse_args(argv)
    text = render(args.bind, args.replicas, args.stats_socket)
    if args.out is None:
        sys.stdout.write(text)
    else:
        args.out.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
