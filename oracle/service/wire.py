"""Pieces of the protobuf wire format the service writes directly (the state codec's cards and
players, the events of an answer): varints, packed integer lists, length-delimited fields."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["BYTES", "INT32_LIMIT", "length_delimited", "packed", "varint"]

#: ``bytes((i,))`` for every i below 128: the one-byte varints and tags.
BYTES = tuple(bytes((i,)) for i in range(128))
#: One more than the largest value of the proto's int32 fields.
INT32_LIMIT = 2**31


def varint(value: int) -> bytes:
    """The wire form of a non-negative integer below 2**31 (protobuf base-128 varint)."""
    if value < 128:
        return BYTES[value]
    out = bytearray()
    while value >= 128:
        out.append((value & 127) | 128)
        value >>= 7
    out.append(value)
    return bytes(out)


def packed(tag: int, values: Sequence[int]) -> bytes:
    """A packed repeated int32 field (``tag``: its key, a varint: one byte below field 16) of values
    in 0..2**31-1; nothing when empty."""
    if not values:
        return b""
    body = bytes(values) if max(values) < 128 else b"".join(map(varint, values))
    return varint(tag) + varint(len(body)) + body


def length_delimited(tag: bytes, data: bytes) -> bytes:
    """A length-delimited field: its key bytes ``tag``, the length, the bytes."""
    return tag + varint(len(data)) + data
