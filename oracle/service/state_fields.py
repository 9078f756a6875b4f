"""The hand-written pieces the generated state codec (:mod:`oracle.service._state_proto`) calls
field by field: the ``Step`` and ``GameResult`` enums of the proto, usage markers and integer
lists as the reader of the canonical form checks them, and their wire forms."""

from __future__ import annotations

from collections.abc import Sequence

from oracle._proto.berserk.oracle.v1 import state_pb2
from oracle.model import STEPS
from oracle.schema import MAX_LIST, USAGE_BOUNDS
from oracle.service.errors import InputError
from oracle.service.wire import varint

__all__ = [
    "RESULT_FROM_PROTO",
    "RESULT_TO_PROTO",
    "STEP_FROM_PROTO",
    "STEP_TO_PROTO",
    "ints_in",
    "result_from",
    "step_from",
    "str_wire",
    "usage_from",
    "usage_pairs",
    "usage_wire",
]

#: Step enum number -> engine step name (every step of :data:`oracle.model.STEPS` has the
#: enum value ``STEP_`` + its name in capitals).
STEP_FROM_PROTO: dict[int, str] = {state_pb2.Step.Value(f"STEP_{name.upper()}"): name for name in STEPS}
#: Engine step name -> Step enum number.
STEP_TO_PROTO: dict[str, int] = {name: number for number, name in STEP_FROM_PROTO.items()}
#: GameResult enum number -> the engine's ``winner`` (-1 not over, a seat, 2 a draw).
RESULT_FROM_PROTO: dict[int, int] = {
    state_pb2.GAME_RESULT_UNSPECIFIED: -1,
    state_pb2.GAME_RESULT_PLAYER_1_WON: 0,
    state_pb2.GAME_RESULT_PLAYER_2_WON: 1,
    state_pb2.GAME_RESULT_DRAW: 2,
}
#: The engine's ``winner`` -> GameResult enum number.
RESULT_TO_PROTO: dict[int, int] = {w: r for r, w in RESULT_FROM_PROTO.items()}


def step_from(value: int, field: str) -> str:
    """The step of a ``Step`` enum value; :class:`InputError` at ``field`` for UNSPECIFIED or an unknown number."""
    step = STEP_FROM_PROTO.get(value)
    if step is None:
        raise InputError(field, "is required" if value == state_pb2.STEP_UNSPECIFIED else f"unknown Step value {value}")
    return step


def result_from(value: int, field: str) -> int:
    """The ``winner`` of a ``GameResult`` enum value; :class:`InputError` at ``field`` for an unknown number."""
    winner = RESULT_FROM_PROTO.get(value)
    if winner is None:
        raise InputError(field, f"unknown GameResult value {value}")
    return winner


def usage_from(items: Sequence[state_pb2.AbilityUsage]) -> list[dict[str, int]]:
    """Usage marker messages in the canonical data form (request order; the reference sorts later)."""
    if not items:
        return []
    return [{"ability": u.ability, "count": u.count} for u in items]


def ints_in(values: Sequence[int], bound: tuple[int, int]) -> bool:
    """A list within MAX_LIST entries, each within ``bound``."""
    return len(values) <= MAX_LIST and (not values or (bound[0] <= min(values) and max(values) <= bound[1]))


def usage_pairs(items: Sequence[state_pb2.AbilityUsage]) -> dict[int, int] | None:
    """Usage markers as the reader reads them, or None if it refuses them (an ability twice, a bound)."""
    if not items:
        return {}
    if len(items) > MAX_LIST:
        return None
    (alo, ahi), (clo, chi) = USAGE_BOUNDS
    out: dict[int, int] = {}
    for u in items:
        a, n = u.ability, u.count
        if a in out or not (alo <= a <= ahi and clo <= n <= chi):
            return None
        out[a] = n
    return out


def str_wire(tag: int, text: str) -> bytes:
    """A string field (``tag``: its key, a varint) of an ASCII ``text``."""
    data = text.encode("ascii")
    return varint(tag) + varint(len(data)) + data


def usage_wire(tag: int, markers: dict[int, int]) -> bytes:
    """The ``AbilityUsage`` entries (field ``tag``) of the non-zero markers, by ability."""
    out = []
    for ability, count in sorted(markers.items()):
        if count:
            body = (b"\x08" + varint(ability) if ability else b"") + b"\x10" + varint(count)
            out.append(varint(tag) + varint(len(body)) + body)
    return b"".join(out)
