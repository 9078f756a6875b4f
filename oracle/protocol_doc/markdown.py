"""The text the generated sections are made of: Markdown tables and inline code, the check
that a section's hand-written notes cover exactly the names the engine uses, and the
comments and types of the ``.proto`` fields the tables quote."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

__all__ = [
    "PROTO_DIR",
    "ProtocolDocError",
    "cell",
    "check_keys",
    "code",
    "number_key",
    "proto_comments",
    "proto_type",
    "rule_list",
    "table",
]

#: The public protocol's ``.proto`` files (their field comments are quoted in the tables).
PROTO_DIR = Path(__file__).resolve().parents[2] / "proto" / "berserk" / "oracle" / "v1"


class ProtocolDocError(ValueError):
    """PROTOCOL.md's markers are malformed: a section's start or end line is missing,
    doubled or out of order, or a marker names no known section."""


# --- small helpers ------------------------------------------------------------------


def cell(text: str) -> str:
    """``text`` fit for a table cell: pipes escaped, on one line."""
    return text.replace("|", "\\|").replace("\n", " ")


def table(header: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    """A Markdown table of ``header`` and ``rows``."""
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(cell(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def code(items: Iterable[str], empty: str = "none") -> str:
    """The items as inline code, comma-separated; ``empty`` when there are none."""
    out = ", ".join(f"`{i}`" for i in items)
    return out or empty


def number_key(number: str) -> tuple[int, ...]:
    """A rule number's sort key (``301.4.1`` -> ``(301, 4, 1)``)."""
    return tuple(int(p) for p in number.split("."))


def rule_list(rules: Iterable[str]) -> str:
    """The rules comma-separated, or ``none``."""
    return ", ".join(rules) or "none"


def check_keys(name: str, have: Iterable[str], want: Iterable[str]) -> None:
    """The hand-written notes below must cover exactly the names the engine uses."""
    if set(have) != set(want):
        raise ProtocolDocError(
            f"{name}: notes for {sorted(set(have) - set(want))} but none for {sorted(set(want) - set(have))}"
        )


# --- the .proto comments ------------------------------------------------------------

_FIELD_LINE = re.compile(r"^\s*(?:(optional|repeated)\s+)?([\w.]+)\s+(\w+)\s*=\s*(\d+)\s*;")
_MESSAGE_LINE = re.compile(r"^\s*(message|enum)\s+(\w+)\s*\{")


def proto_comments(path: Path) -> dict[tuple[str, str], str]:
    """The comment above each field of each message (and each value of each enum) of a
    ``.proto`` file, keyed by (message, field): the ``//`` lines joined by spaces."""
    out: dict[tuple[str, str], str] = {}
    comment: list[str] = []
    scope: list[str] = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if line.startswith("//"):
            comment.append(line[2:].strip())
            continue
        m = _MESSAGE_LINE.match(line)
        if m:
            scope.append(m.group(2))
        elif line.startswith("oneof "):
            scope.append(scope[-1] if scope else "")
        elif line == "}":
            if scope:
                scope.pop()
        elif scope:
            f = _FIELD_LINE.match(line)
            if f:
                out[(scope[-1], f.group(3))] = " ".join(comment)
            else:
                e = re.match(r"^(\w+)\s*=\s*(\d+)\s*;", line)
                if e:
                    out[(scope[-1], e.group(1))] = " ".join(comment)
        comment = []
    return out


def proto_type(field: Any) -> str:
    """``int32``, ``optional int32``, ``repeated int32``, ``Actor``… of a field descriptor."""
    if field.enum_type is not None:
        name = str(field.enum_type.name)
    elif field.message_type is not None:
        name = str(field.message_type.name)
    else:
        name = {5: "int32", 9: "string", 8: "bool", 4: "uint64", 3: "int64"}[int(field.type)]
    if field.is_repeated:
        return f"repeated {name}"
    if field.has_presence and field.containing_oneof is not None:  # proto3 `optional`
        return f"optional {name}"
    return name
