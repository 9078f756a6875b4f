"""Pieces of the protobuf wire format the service writes directly (the state codec's cards and
players, the events of an answer): varints, packed integer lists, length-delimited fields."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["BYTES", "INT32_LIMIT", "LENGTH_MAX_BYTES", "count_field", "fields_end", "length_delimited", "packed", "split_fields",
           "varint"]

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


#: The most bytes protobuf's parser reads for a varint (64 bits), and for a length prefix (a
#: length is below 2**31: five base-128 digits; a longer one, even zero-padded, does not parse).
VARINT_MAX_BYTES = 10
LENGTH_MAX_BYTES = 5


def _read_varint(data: bytes, pos: int, most: int = VARINT_MAX_BYTES) -> tuple[int, int]:
    """The varint at ``pos`` of ``data`` and the offset after it; (-1, pos) when it runs past
    the end or is longer than ``most`` bytes."""
    value = shift = 0
    end = min(len(data), pos + most)
    while pos < end:
        byte = data[pos]
        pos += 1
        value |= (byte & 127) << shift
        if byte < 128:
            return value, pos
        shift += 7
    return -1, pos


def _read_length(data: bytes, pos: int) -> tuple[int, int]:
    """The length prefix at ``pos`` of ``data`` as protobuf's parser reads one (at most
    :data:`LENGTH_MAX_BYTES` bytes), and the offset after it; (-1, pos) otherwise."""
    return _read_varint(data, pos, LENGTH_MAX_BYTES)


def split_fields(data: bytes, numbers: frozenset[int]) -> dict[int, bytes] | None:
    """The values of the fields of the message bytes ``data`` by field number, when each of
    them is a length-delimited field of ``numbers`` (at most 15: one-byte keys) given once;
    None for anything else (another field, a field given twice, which the parser would merge,
    a length prefix the parser would refuse: longer than :data:`LENGTH_MAX_BYTES` bytes or
    past the end): the caller then parses ``data`` as a message.  A cheap look at a request's
    top level, which leaves its large fields unparsed; where it answers, it frames the fields
    exactly as the parser does (tests/service/test_wire_fuzz.py)."""
    out: dict[int, bytes] = {}
    pos, end = 0, len(data)
    while pos < end:
        key = data[pos]
        number = key >> 3
        if key & 7 != 2 or number not in numbers or number in out:
            return None
        if pos + 1 < end and data[pos + 1] < 128:  # a length below 128: one byte
            length, pos = data[pos + 1], pos + 2
        else:
            length, pos = _read_length(data, pos + 1)
        if length < 0 or pos + length > end:
            return None
        out[number] = data[pos:pos + length]
        pos += length
    return out


def fields_end(data: bytes, below: int) -> int:
    """The offset in the message bytes ``data`` (written in field-number order, as protobuf's
    serializers write them) of the first field numbered ``below`` or more (``len(data)`` if
    none): where a message's fields from ``below`` on are to be spliced in.  ``data`` must be
    a serializer's output (the wire types 0, 1, 2 and 5 only)."""
    pos, end = 0, len(data)
    while pos < end:
        key = data[pos]
        if key < 128:  # fields 1 to 15: one-byte keys
            after = pos + 1
        else:
            key, after = _read_varint(data, pos)
        if key >> 3 >= below:
            return pos
        kind = key & 7
        if kind == 0:
            if after < end and data[after] < 128:
                after += 1
            else:
                _, after = _read_varint(data, after)
        elif kind == 2:
            length, after = _read_varint(data, after)
            after += length
        elif kind == 1:
            after += 8
        elif kind == 5:
            after += 4
        else:
            raise ValueError(f"wire type {kind} in a serializer's output")
        pos = after
    return end


def count_field(data: bytes, number: int) -> int | None:
    """How many times the message bytes ``data`` give field ``number`` at their top level
    (e.g. a ``State``'s cards, field 11), skipping the others unparsed; None when the bytes do
    not scan (a group, a truncated field, a varint the parser would refuse): the caller then
    knows nothing of them.  A cheap look at a large message, one step per field."""
    count = pos = 0
    end = len(data)
    while pos < end:
        key = data[pos]
        if key < 128:
            pos += 1
        else:
            key, pos = _read_varint(data, pos)
            if key < 0:
                return None
        kind = key & 7
        if kind == 2:
            length, pos = _read_length(data, pos)
            if length < 0:
                return None
            pos += length
            count += key >> 3 == number
        elif kind == 0:
            value, pos = _read_varint(data, pos)
            if value < 0:
                return None
        elif kind == 1:
            pos += 8
        elif kind == 5:
            pos += 4
        else:
            return None
    return count if pos == end else None
